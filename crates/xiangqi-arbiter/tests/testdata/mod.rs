//! Where the arbiter's test data is, for the rulings test, the `rulings` bench and the
//! `rule_cases` example: the cases shipped in `tests/data/rulings/` (sources and licences in
//! `tests/data/README.md`), and the optional shared data folder with the cases we do not ship.
//!
//! The optional folder is `XIANGQI_DATA` when set, else `../shared/data` beside the repository
//! when it is there; the game corpus is `XIANGQI_CORPUS` when set, else its `corpus/`. A folder
//! named by a variable must hold what is asked of it (`.ci/run` names it); the default one may
//! be absent, and then the shipped cases run alone, with one line saying so.

// Each of the three targets uses its part.
#![allow(dead_code)]

use std::{
    collections::HashSet,
    fs,
    path::{Path, PathBuf},
};

use serde_json::Value;

const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rulings");
const BESIDE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data");
/// The record crate's sample of the corpus, for the bench and example when the corpus is absent.
const SAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../xiangqi-record/tests/data/corpus"
);

/// The rulings files whose optional copy holds cases we do not ship.
const WITH_OPTIONAL_CASES: &[&str] = &["rulings.json"];

/// A folder named by `var`, or else `default`, and whether it was named.
fn folder(var: &str, default: PathBuf) -> (PathBuf, bool) {
    match std::env::var_os(var).filter(|v| !v.is_empty()) {
        Some(dir) => (PathBuf::from(dir), true),
        None => (default, false),
    }
}

/// The text of `rel` in a folder: `None` if the folder was not named and the file is absent.
fn read(dir: &Path, named: bool, var: &str, rel: &str) -> Result<Option<String>, String> {
    let path = dir.join(rel);
    match fs::read_to_string(&path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if named => Err(format!("{var} names {}: {e}", path.display())),
        Err(_) => Ok(None),
    }
}

fn array(text: &str, path: &Path) -> Result<Vec<Value>, String> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(cases)) => Ok(cases),
        _ => Err(format!("{} is not a JSON array of cases", path.display())),
    }
}

/// The cases of the rulings file `name`: the shipped ones, then those of the optional folder's
/// file of that name whose `id` is not shipped. Without the optional folder it says `SKIPPED`.
pub fn cases(name: &str) -> Result<Vec<Value>, String> {
    let path = Path::new(SHIPPED).join(name);
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut cases = array(&text, &path)?;
    if !WITH_OPTIONAL_CASES.contains(&name) {
        return Ok(cases);
    }
    let (dir, named) = folder("XIANGQI_DATA", PathBuf::from(BESIDE));
    let Some(text) = read(&dir, named, "XIANGQI_DATA", name)? else {
        eprintln!(
            "SKIPPED: the optional cases of {name} ({} is absent; set XIANGQI_DATA to the \
             shared data folder): the {} shipped cases run",
            dir.join(name).display(),
            cases.len()
        );
        return Ok(cases);
    };
    let id = |c: &Value| c["id"].as_str().unwrap_or_default().to_owned();
    let shipped: HashSet<String> = cases.iter().map(id).collect();
    let extra = array(&text, &dir.join(name))?;
    cases.extend(extra.into_iter().filter(|c| !shipped.contains(&id(c))));
    Ok(cases)
}

/// The text of `rel` in the game corpus (`XIANGQI_CORPUS`, else the optional folder's
/// `corpus/`), or else in the record crate's sample, with the path read.
pub fn corpus_text(rel: &str) -> Result<(PathBuf, String), String> {
    let (data, data_named) = folder("XIANGQI_DATA", PathBuf::from(BESIDE));
    let (dir, named) = match std::env::var_os("XIANGQI_CORPUS").filter(|v| !v.is_empty()) {
        Some(dir) => (PathBuf::from(dir), true),
        None => (data.join("corpus"), data_named),
    };
    if let Some(text) = read(&dir, named, "XIANGQI_CORPUS or XIANGQI_DATA", rel)? {
        return Ok((dir.join(rel), text));
    }
    let path = Path::new(SAMPLE).join(rel);
    eprintln!(
        "the corpus is absent ({}): reading the sample {}",
        dir.display(),
        path.display()
    );
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((path, text))
}
