//! WXF and Chinese notation against the golden cases in `tests/data/notation/golden_cases.tsv`
//! (ElephantEye, pyffish, cchess and the WXF notation page), and round trips from random games.

use proptest::prelude::*;
use xiangqi::{
    Position,
    chinese::{Chinese, ChineseError, Style},
    iccs::Iccs,
    written::{self, Form},
    wxf::{Style as WxfStyle, Wxf},
};

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/notation/golden_cases.tsv"
);

struct Case {
    line: usize,
    fen: String,
    iccs: String,
    cols: Vec<(String, String)>,
}

impl Case {
    fn col(&self, name: &str) -> &str {
        self.cols
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("{GOLDEN}: no column {name}"))
    }
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(GOLDEN).unwrap_or_else(|e| {
        panic!("the golden notation cases are missing: cannot read {GOLDEN}: {e}")
    });
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .expect("header row")
        .split('\t')
        .map(str::to_owned)
        .collect();
    let cases: Vec<Case> = lines
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let cols: Vec<(String, String)> = header
                .iter()
                .cloned()
                .zip(l.split('\t').map(str::to_owned))
                .collect();
            let get = |n: &str| {
                cols.iter()
                    .find(|(h, _)| h == n)
                    .map(|(_, v)| v.clone())
                    .expect("column")
            };
            Case {
                line: i + 2,
                fen: get("fen"),
                iccs: get("iccs"),
                cols,
            }
        })
        .collect();
    assert!(cases.len() > 200, "only {} golden cases", cases.len());
    cases
}

fn resolve(case: &Case) -> (Position, xiangqi::Move) {
    let pos: Position = case.fen.parse().expect("golden fen");
    let m = case
        .iccs
        .parse::<Iccs>()
        .expect("golden iccs")
        .to_move(&pos)
        .expect("golden move is legal");
    (pos, m)
}

/// The canonical WXF column: `wxf_rules`, except with three or more pawns on a file, where WXF
/// 2018 art. 7.5's index form is canonical and `ffish_wxf` has it (data README).
/// Pawns in tandem on two files keep the WXF page's file-first form (`4+.5`), which
/// `wxf_rules` has.
fn canonical_wxf(case: &Case) -> &str {
    let ffish = case.col("ffish_wxf");
    let rules = case.col("wxf_rules");
    let index_form = ffish.chars().take(2).all(|c| c.is_ascii_digit());
    let file_first = rules.starts_with(|c: char| c.is_ascii_digit());
    if index_form && !file_first {
        ffish
    } else {
        rules
    }
}

#[test]
fn golden_writer() {
    let mut failures = Vec::new();
    let cases = cases();
    for case in &cases {
        let (pos, m) = resolve(case);
        let checks = [
            (
                "eleeye_cn_simp",
                Chinese::write(&pos, m, Style::XQWIZARD),
                case.col("eleeye_cn_simp").to_owned(),
            ),
            (
                "eleeye_cn_trad",
                Chinese::write(&pos, m, Style::TRADITIONAL),
                case.col("eleeye_cn_trad").to_owned(),
            ),
            (
                "wxf (dot)",
                Wxf::write_styled(&pos, m, WxfStyle::Dot),
                canonical_wxf(case).to_owned(),
            ),
            // WXF 2018 art. 7.2, 7.4: the book writes a sideways move with `=`.
            (
                "wxf (book)",
                Wxf::write(&pos, m),
                canonical_wxf(case).replace('.', "="),
            ),
        ];
        for (what, got, want) in checks {
            if got != want {
                failures.push(format!(
                    "line {} {} {}: {what} wrote {got}, expected {want}",
                    case.line, case.fen, case.iccs
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn golden_reader_all_columns() {
    let mut failures = Vec::new();
    let cases = cases();
    for case in &cases {
        let (pos, m) = resolve(case);
        for col in ["eleeye_cn_simp", "eleeye_cn_trad", "cchess_cn"] {
            let text = case.col(col);
            match text.parse::<Chinese>().map(|c| c.to_move(&pos)) {
                Ok(Ok(got)) if got == m => {}
                // cchess's per-file 前/后 on two tandem files: see the next test.
                Ok(Err(ChineseError::Ambiguous(_)))
                    if col == "cchess_cn" && case.col("flags").contains("CN!=") => {}
                other => failures.push(format!(
                    "line {} {}: {col} {text} read as {other:?}, expected {}",
                    case.line, case.fen, case.iccs
                )),
            }
        }
        for col in ["eleeye_wxf", "ffish_wxf", "wxf_rules"] {
            let text = case.col(col);
            match text.parse::<Wxf>().map(|w| w.to_move(&pos)) {
                Ok(Ok(got)) if got == m => {}
                other => failures.push(format!(
                    "line {} {}: {col} {text} read as {other:?}, expected {}",
                    case.line, case.fen, case.iccs
                )),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// cchess writes an ambiguous 前兵/后兵 on each of two tandem files; those texts name two legal
/// moves in the golden positions, so the reader must say so rather than guess.
#[test]
fn cchess_two_file_pawns_are_ambiguous_or_right() {
    for case in cases().iter().filter(|c| c.col("flags").contains("CN!=")) {
        let (pos, m) = resolve(case);
        let text = case.col("cchess_cn");
        if let Ok(got) = text.parse::<Chinese>().expect("parses").to_move(&pos) {
            assert_eq!(got, m, "{text} in {}", case.fen);
        }
    }
}

fn random_position(choices: &[u16]) -> Position {
    let mut pos = Position::new();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[usize::from(c) % moves.len()]);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// from_move → to_string → parse → to_move gives the move back, for every legal move of
    /// positions reached by random legal moves from the start.
    #[test]
    fn round_trip_random_games(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        let pos = random_position(&choices);
        for m in pos.legal_moves() {
            let wxf = Wxf::write(&pos, m);
            let back = wxf.parse::<Wxf>().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(back.to_move(&pos), Ok(m), "{} in {:?}", wxf, pos);
            for style in [Style::PLAIN, Style::XQWIZARD, Style::TRADITIONAL] {
                let text = Chinese::write(&pos, m, style);
                let back = text.parse::<Chinese>().map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(back.to_move(&pos), Ok(m), "{} in {:?}", text, pos);
            }
            // Every form of WXF 2018 art. 7.1–7.5 reads back through the one reader.
            for form in Form::ALL {
                let text = written::write(&pos, m, form);
                prop_assert_eq!(written::read_move(&pos, &text), Ok(m), "{:?} {} in {:?}", form, text, pos);
            }
        }
    }

    /// Pawn-heavy positions: many pawns crossing to the same files exercise 前/中/后 and 一…五.
    #[test]
    fn round_trip_pawn_endings(
        red in prop::collection::vec((0u32..9, 3u32..10), 1..6),
        black in prop::collection::vec((0u32..9, 0u32..7), 1..6),
    ) {
        let mut board = [['.'; 9]; 10];
        board[0][4] = 'K';
        board[9][3] = 'k';
        for &(f, r) in &red { if board[r as usize][f as usize] == '.' { board[r as usize][f as usize] = 'P'; } }
        for &(f, r) in &black { if board[r as usize][f as usize] == '.' { board[r as usize][f as usize] = 'p'; } }
        let fen = (0..10).rev().map(|r| {
            let mut s = String::new();
            let mut empty = 0;
            for c in board[r] { if c == '.' { empty += 1 } else { if empty > 0 { s.push_str(&empty.to_string()); empty = 0; } s.push(c); } }
            if empty > 0 { s.push_str(&empty.to_string()); }
            s
        }).collect::<Vec<_>>().join("/");
        for side in ["w", "b"] {
            let Ok(pos) = format!("{fen} {side}").parse::<Position>() else { continue };
            for m in pos.legal_moves() {
                let wxf = Wxf::write(&pos, m);
                prop_assert_eq!(wxf.parse::<Wxf>().map(|w| w.to_move(&pos)), Ok(Ok(m)), "{}", wxf);
                let cn = Chinese::write(&pos, m, Style::XQWIZARD);
                prop_assert_eq!(cn.parse::<Chinese>().map(|c| c.to_move(&pos)), Ok(Ok(m)), "{}", cn);
                for form in Form::ALL {
                    let text = written::write(&pos, m, form);
                    prop_assert_eq!(written::read_move(&pos, &text), Ok(m), "{:?} {} in {}", form, text, fen);
                }
            }
        }
    }
}
