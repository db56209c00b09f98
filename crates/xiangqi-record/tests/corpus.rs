//! Every record of the corpus reads, and the CCPD Big5 games match their ICCS ground truth
//! (`derived/ccpd_iccs.tsv`) move for move: each test runs on the sample shipped in
//! `tests/data/corpus/` and, as `full_…`, on the full corpus when it is found (see `testdata`).

use std::path::{Path, PathBuf};

use xiangqi_record::{Game, check, read_bytes, read_games};

mod testdata;
use testdata::{full, sample};

fn read(path: &Path) -> Vec<Game> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_bytes(&bytes, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn ccpd_matches_iccs_truth() {
    // The sample: every tenth game of the truth file and the seven with a refused start.
    ccpd_against_truth(&sample(), 674);
}

#[test]
fn full_ccpd_matches_iccs_truth() {
    if let Some(dir) = full("full_ccpd_matches_iccs_truth") {
        ccpd_against_truth(&dir, 6001);
    }
}

/// The CCPD games of `dir` against their ICCS truth; the truth file lists at least `min_games`.
fn ccpd_against_truth(dir: &Path, min_games: usize) {
    let truth = std::fs::read_to_string(dir.join("derived/ccpd_iccs.tsv")).expect("tsv");
    let (mut total, mut passed, mut moves, mut bad_start) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    let mut checking = std::time::Duration::ZERO;
    for line in truth.lines().filter(|l| !l.trim().is_empty()) {
        let mut cols = line.split('\t');
        let (Some(path), Some(fen), moves_col) = (cols.next(), cols.next(), cols.next()) else {
            panic!("bad truth line {line:?}");
        };
        let expected: Vec<&str> = moves_col.unwrap_or("").split_whitespace().collect();
        total += 1;
        let games = read(&dir.join(path));
        let Some(mut game) = games.into_iter().next() else {
            failures.push(format!("{path}: no game"));
            continue;
        };
        let start = game
            .start_position()
            .map(|p| xiangqi::fen::Fen::from_position(&p).to_string());
        let clock = std::time::Instant::now();
        let errors = check(&mut game, 1).err().unwrap_or_default();
        checking += clock.elapsed();
        let got: Vec<String> = game.mainline_iccs().iter().map(|m| m.to_string()).collect();
        if got == expected && errors.is_empty() && start.as_deref() == Ok(fen) {
            passed += 1;
            moves += got.len();
        } else if start.is_err() {
            // Opening diagrams without a general, or with a piece on a point it can never
            // reach: `Position` refuses them by design (CXA 2011 art. 1.4), so their moves
            // cannot be replayed.
            bad_start += 1;
        } else if failures.len() < 20 {
            failures.push(format!(
                "{path}: {} of {} moves, first error {:?}, start {start:?}",
                got.len(),
                expected.len(),
                errors.first().map(ToString::to_string)
            ));
        }
    }
    println!(
        "ccpd: {passed} of {total} games match the ICCS truth ({moves} moves); \
         {bad_start} start from an impossible position"
    );
    println!(
        "ccpd: Chinese moves found and checked at {:.0} moves/s (one thread, this build)",
        moves as f64 / checking.as_secs_f64().max(1e-9)
    );
    assert!(total >= min_games, "only {total} games in the truth file");
    assert!(
        bad_start <= 7,
        "{bad_start} games with a refused start position"
    );
    assert_eq!(
        passed + bad_start,
        total,
        "failures:\n{}",
        failures.join("\n")
    );
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
        let p = entry.path();
        if p.is_dir() {
            if !p.ends_with("ccpd_big5_pgn") {
                files(&p, out);
            }
        } else {
            out.push(p);
        }
    }
}

/// Records known to hold non-moves (record-formats §1.9): XQStudio keeps them, so do we, and
/// `check` reports them. Moves below a bad one are not checked, so WildHouse.xqf reports one of
/// its nine (the other eight lie below it).
const KNOWN_BAD: [(&str, usize); 3] = [
    ("WildHouse.xqf", 1),
    ("BadMoveTest3.xqf", 1),
    ("中炮【马8进7】.XQF", 2),
];

/// Every record of the sample outside CCPD (PGN and DhtmlXQ: the XQF and CCBridge records of
/// the corpus are GPL and stay out) reads, and every move of it is legal.
#[test]
fn every_record_reads() {
    let by_format = every_record_of(&sample());
    assert_eq!(by_format["pgn"].1, 1125 + 3 * 15);
    assert_eq!(by_format["dhtmlxq"].1, 15);
}

/// Every record of every supported format of the full corpus outside CCPD reads, and every
/// move of it is legal except the known non-moves.
#[test]
fn full_every_record_reads() {
    let Some(dir) = full("full_every_record_reads") else {
        return;
    };
    let by_format = every_record_of(&dir);
    // The two CCBridge libraries hold 93 and 38 games (their names say so; cchess agrees).
    assert_eq!(by_format["cbl"].1, 131);
    assert_eq!(by_format["dhtmlxq"].1, 15);
}

/// Files, games, games with every move legal and move nodes.
type Counts = (usize, usize, usize, usize);

/// Reads every record of `dir` outside CCPD and checks its moves, failing on any bad move but
/// the known non-moves. Prints and returns the counts per format.
fn every_record_of(dir: &Path) -> std::collections::BTreeMap<&'static str, Counts> {
    let mut paths = Vec::new();
    files(dir, &mut paths);
    paths.sort();
    let mut by_format: std::collections::BTreeMap<&str, Counts> = Default::default();
    let mut bad = Vec::new();
    let mut known = std::collections::BTreeMap::new();
    for p in paths {
        let ext = p
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        let format = match ext.as_str() {
            "pgn" => "pgn",
            "xqf" => "xqf",
            "cbr" => "cbr",
            "cbl" => "cbl",
            "cbf" => "cbf",
            "html" => "dhtmlxq",
            _ => continue,
        };
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_owned();
        let bytes = std::fs::read(&p).unwrap();
        assert_eq!(
            xiangqi_record::sniff(&bytes).to_string(),
            format,
            "{name}: format sniffed wrong"
        );
        let entry = by_format.entry(format).or_default();
        entry.0 += 1;
        for (i, g) in read_games(&bytes, None).into_iter().enumerate() {
            entry.1 += 1;
            let mut g = match g {
                Ok(g) => g,
                Err(e) => {
                    bad.push(format!("{name} game {}: {e}", i + 1));
                    continue;
                }
            };
            entry.3 += g.move_count();
            assert!(g.warnings.is_empty(), "{name}: {:?}", g.warnings);
            let result = check(&mut g, i + 1);
            if !g.warnings.is_empty() {
                println!("{name} game {}: {}", i + 1, g.warnings.join("; "));
            }
            match result {
                Ok(()) => entry.2 += 1,
                Err(e) => {
                    if KNOWN_BAD.iter().any(|(n, _)| *n == name) {
                        *known.entry(name.clone()).or_insert(0) += e.len();
                    } else {
                        bad.extend(e.into_iter().take(3).map(|e| format!("{name}: {e}")));
                    }
                }
            }
        }
    }
    for (format, (files, games, clean, moves)) in &by_format {
        println!(
            "{format}: {files} files, {games} games, {clean} with every move legal ({:.1}%), {moves} move nodes",
            100.0 * *clean as f64 / (*games).max(1) as f64
        );
    }
    assert!(
        bad.is_empty(),
        "{} bad moves:\n{}",
        bad.len(),
        bad.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
    for (name, n) in &known {
        let expected = KNOWN_BAD.iter().find(|(k, _)| k == name).map(|(_, n)| n);
        assert_eq!(Some(n), expected, "{name}: non-move records");
    }
    by_format
}

/// The 15 DhtmlXQ pages are the games of wukong's 15-game samples: the WXF text
/// (`xqdb_international.pgn`, full-width, tandem marker before the letter), the Chinese text
/// (`xqdb_traditional.pgn`) and the ICCS export (`bulk_games_uci.pgn`). Each page must agree
/// move for move with the WXF and the Chinese text. The ICCS export disagrees on one game: at
/// ply 71 of LIU DianZhong – LIU DaHua (wxfca_45) the text says －Ｐ＋１ (the rear pawn, e3e4)
/// and the page says e3e4, but the export has e5e6, the front pawn.
#[test]
fn dhtmlxq_matches_the_text_exports() {
    let dir = sample();
    let mut paths = Vec::new();
    files(&dir.join("dhtmlxq_samples"), &mut paths);
    let mut report = Vec::new();
    for export in [
        "xqdb_international.pgn",
        "xqdb_traditional.pgn",
        "bulk_games_uci.pgn",
    ] {
        let mut truth = read(&dir.join("wxfca_via_wukong").join(export));
        for t in &mut truth {
            t.resolve()
                .unwrap_or_else(|e| panic!("{export}: {:?}", e[0]));
        }
        let mut matched = 0;
        let mut differ = Vec::new();
        for p in &paths {
            let mut g = read(p).remove(0);
            g.resolve().unwrap();
            let line = g.mainline_iccs();
            let same = truth.iter().any(|t| {
                t.tag("Red") == g.tag("Red")
                    && t.tag("Black") == g.tag("Black")
                    && t.mainline_iccs() == line
            });
            if same {
                matched += 1;
            } else {
                differ.push(p.file_name().unwrap().to_string_lossy().into_owned());
            }
        }
        report.push(format!(
            "dhtmlxq: {matched} of {} pages match {export} {differ:?}",
            paths.len()
        ));
        let allowed: &[&str] = if export == "bulk_games_uci.pgn" {
            &["wxfca_45.html"]
        } else {
            &[]
        };
        assert_eq!(differ, allowed, "{export}");
    }
    println!("{}", report.join("\n"));
}

/// Every DhtmlXQ game of the sample written as XQF reads back as the same tree, tags and
/// position.
#[test]
fn xqf_writer_round_trips_the_sample() {
    assert_eq!(xqf_round_trips(&sample()), 15);
}

/// Every XQF, CBR, CBL, CBF and DhtmlXQ game of the full corpus written as XQF reads back as the
/// same tree, tags and position.
#[test]
fn full_xqf_writer_round_trips_the_corpus() {
    if let Some(dir) = full("full_xqf_writer_round_trips_the_corpus") {
        assert!(xqf_round_trips(&dir) > 15);
    }
}

/// Writes every game of a binary or DhtmlXQ record of `dir` as XQF and reads it back; returns
/// how many games round-tripped.
fn xqf_round_trips(dir: &Path) -> usize {
    let mut paths = Vec::new();
    files(dir, &mut paths);
    let (mut games, mut nodes) = (0, 0);
    for p in paths {
        let ext = p
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        if !matches!(ext.as_str(), "xqf" | "cbr" | "cbl" | "cbf" | "html") {
            continue;
        }
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_owned();
        if KNOWN_BAD.iter().any(|(n, _)| *n == name) {
            continue;
        }
        for g in read(&p) {
            let mut g = g;
            g.resolve().unwrap();
            if g.start_position().is_err() {
                continue; // a library's section heading: no board, no moves
            }
            let bytes = xiangqi_record::xqf::write(&g).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut back = xiangqi_record::xqf::read(&bytes).unwrap();
            back.resolve().unwrap();
            // A character GBK lacks (U+FFFD from a bad byte in game_test.xqf) is written as '?'.
            let tree = |g: &Game| -> Vec<_> {
                g.preorder()
                    .into_iter()
                    .map(|(m, c, n)| (m, c.map(|c| c.replace('\u{FFFD}', "?")), n))
                    .collect()
            };
            assert_eq!(tree(&back), tree(&g), "{name}: tree");
            let start = |g: &Game| {
                g.start_position()
                    .map(|p| xiangqi::fen::Fen::from_position(&p).to_string())
            };
            assert_eq!(start(&back), start(&g), "{name}: start");
            for tag in ["Red", "Black", "Date", "Site", "Result"] {
                let cut = |v: Option<&str>| v.unwrap_or("").trim().to_owned();
                let (a, b) = (cut(g.tag(tag)), cut(back.tag(tag)));
                assert!(a.starts_with(&b), "{name}: {tag} {a:?} → {b:?}");
            }
            games += 1;
            nodes += g.move_count();
        }
    }
    println!("xqf writer: {games} games ({nodes} move nodes) round-trip");
    games
}

/// The tree-less checker (`validate::Validator`, what `xiangqi convert --check` runs) says of
/// every PGN game of the corpus (CCPD included) exactly what the tree reader and `check` say:
/// the same games, moves counted, errors and warnings. The tree reader's own truth is checked
/// above; this holds the fast path to it.
#[test]
fn validator_agrees_with_the_tree_reader() {
    validator_against_tree_reader(&sample(), 674 + 1125 + 3 * 15);
}

#[test]
fn full_validator_agrees_with_the_tree_reader() {
    if let Some(dir) = full("full_validator_agrees_with_the_tree_reader") {
        validator_against_tree_reader(&dir, 9001);
    }
}

/// The validator against the tree reader on every PGN game of `dir`, at least `min_games`.
fn validator_against_tree_reader(dir: &Path, min_games: usize) {
    use xiangqi_record::{pgn, validate::Validator};

    fn all(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
            let p = entry.path();
            if p.is_dir() {
                all(&p, out);
            } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")) {
                out.push(p);
            }
        }
    }
    let mut paths = Vec::new();
    all(dir, &mut paths);
    paths.sort();
    let (mut games, mut moves, mut bad) = (0usize, 0usize, 0usize);
    for p in &paths {
        let bytes = std::fs::read(p).unwrap();
        let tree: Vec<_> = pgn::Reader::new(bytes.as_slice(), None)
            .enumerate()
            .map(|(i, g)| {
                let mut g = g.unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                let errors = check(&mut g, i + 1).err().unwrap_or_default();
                (i + 1, g.move_count(), errors, g.warnings)
            })
            .collect();
        let fast: Vec<_> = Validator::new(bytes.as_slice(), None)
            .map(|c| {
                let c = c.unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                (c.game, c.moves, c.errors, c.warnings)
            })
            .collect();
        assert_eq!(fast, tree, "{}", p.display());
        games += tree.len();
        moves += tree.iter().map(|g| g.1).sum::<usize>();
        bad += tree.iter().filter(|g| !g.2.is_empty()).count();
    }
    println!(
        "validator: {} PGN files, {games} games, {moves} moves, {bad} games with errors: \
         the same verdicts as the tree reader",
        paths.len()
    );
    assert!(games >= min_games, "only {games} PGN games");
    assert!(
        bad > 0,
        "the corpus has bad games (impossible CCPD starts): both must see them"
    );
}
