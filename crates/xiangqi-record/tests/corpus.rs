//! Every record of `shared/data/corpus/` reads, and the CCPD Big5 games match their ICCS ground
//! truth (`derived/ccpd_iccs.tsv`) move for move.

use std::path::{Path, PathBuf};

use xiangqi_record::{Game, check, read_bytes};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/corpus");

fn corpus() -> PathBuf {
    let dir = PathBuf::from(CORPUS);
    assert!(
        dir.join("derived/ccpd_iccs.tsv").is_file(),
        "the game corpus is missing: expected {}",
        dir.display()
    );
    dir
}

fn read(path: &Path) -> Vec<Game> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_bytes(&bytes, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn ccpd_matches_iccs_truth() {
    let dir = corpus();
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
    assert!(total > 6000, "only {total} games in the truth file");
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
/// `check` reports them.
const KNOWN_BAD: [(&str, usize); 3] = [
    ("WildHouse.xqf", 9),
    ("BadMoveTest3.xqf", 1),
    ("中炮【马8进7】.XQF", 2),
];

#[test]
fn every_pgn_and_xqf_reads() {
    let dir = corpus();
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    paths.sort();
    let mut report = Vec::new();
    let (mut games_n, mut moves_n, mut bad) = (0, 0, Vec::new());
    for p in paths {
        let ext = p
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        if !matches!(ext.as_str(), "pgn" | "xqf") {
            continue;
        }
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_owned();
        let games = read(&p);
        let mut errors = 0;
        for (i, mut g) in games.into_iter().enumerate() {
            games_n += 1;
            moves_n += g.move_count();
            if let Err(e) = check(&mut g, i + 1) {
                errors += e.len();
                if !KNOWN_BAD.iter().any(|(n, _)| *n == name) {
                    bad.extend(e.into_iter().take(3).map(|e| format!("{name}: {e}")));
                }
            }
        }
        report.push(format!("{name}: {errors} bad moves"));
    }
    println!("{games_n} games, {moves_n} move nodes");
    assert!(
        bad.is_empty(),
        "{} bad moves:\n{}",
        bad.len(),
        bad.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}
