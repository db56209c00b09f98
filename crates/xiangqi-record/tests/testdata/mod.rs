//! Where the record tests find their games: the sample shipped in `tests/data/corpus/`
//! (sources and licences in its README), and the full corpus, which stays outside the
//! repository (33 MB, and records under the GPL): `XIANGQI_CORPUS` when set, else
//! `XIANGQI_DATA/corpus`; without either it is not looked for.
//! A corpus named by a variable must be there (`.ci/run` names it); the default one may be
//! absent, and then the tests that need it say `SKIPPED` and pass.

// Each target uses its part.
#![allow(dead_code)]

use std::path::PathBuf;

/// The sample of the corpus shipped with the crate.
pub fn sample() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/corpus"))
}

/// The full corpus and whether a variable named it.
fn full_dir() -> (PathBuf, bool) {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("XIANGQI_CORPUS") {
        (PathBuf::from(dir), true)
    } else if let Some(dir) = var("XIANGQI_DATA") {
        (PathBuf::from(dir).join("corpus"), true)
    } else {
        // Not named: the optional corpus is not looked for.
        (PathBuf::new(), false)
    }
}

/// The full corpus, or `None` after a line saying that `test` is skipped. Fails when a
/// variable names a folder without the corpus.
pub fn full(test: &str) -> Option<PathBuf> {
    let (dir, named) = full_dir();
    // The ICCS truth of the CCPD games marks a complete corpus.
    let complete = dir.join("derived/ccpd_iccs.tsv").is_file();
    assert!(
        complete || !named,
        "XIANGQI_CORPUS or XIANGQI_DATA names {}, which holds no corpus \
         (no derived/ccpd_iccs.tsv)",
        dir.display()
    );
    if !complete {
        eprintln!(
            "SKIPPED: {test} needs the full corpus, absent at {} (set XIANGQI_CORPUS)",
            dir.display()
        );
        return None;
    }
    Some(dir)
}
