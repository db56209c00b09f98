//! Where the arbiter's test data is, for the rulings test, the `rulings` bench and the
//! `rule_cases` example: the cases shipped in `tests/data/rulings/` (sources and licences in
//! `tests/data/README.md`), and the optional shared data folder with the cases we do not ship.
//!
//! The optional folder is named by `XIANGQI_DATA`; the game corpus is `XIANGQI_CORPUS` when set,
//! else that folder's `corpus/`. A named folder must hold what is asked of it (`.ci/run` names
//! it); without one the shipped cases run alone, with one line saying so.

// Each of the three targets uses its part.
#![allow(dead_code)]

use std::{
    collections::HashSet,
    fs,
    path::{Path, PathBuf},
};

use serde_json::Value;

const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rulings");
/// The record crate's sample of the corpus, for the bench and example when the corpus is absent.
const SAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../xiangqi-record/tests/data/corpus"
);

/// The rulings files whose optional copy holds cases we do not ship.
const WITH_OPTIONAL_CASES: &[&str] = &["rulings.json"];

/// The folder a variable names, if it is set and not empty.
fn named(var: &str) -> Option<PathBuf> {
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The text of `rel` in a folder a variable named: that folder must hold it.
fn read(dir: &Path, var: &str, rel: &str) -> Result<String, String> {
    let path = dir.join(rel);
    fs::read_to_string(&path).map_err(|e| format!("{var} names {}: {e}", path.display()))
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
    let Some(dir) = named("XIANGQI_DATA") else {
        eprintln!(
            "SKIPPED: the optional cases of {name} (set XIANGQI_DATA to the shared data \
             folder): the {} shipped cases run",
            cases.len()
        );
        return Ok(cases);
    };
    let text = read(&dir, "XIANGQI_DATA", name)?;
    let id = |c: &Value| c["id"].as_str().unwrap_or_default().to_owned();
    let shipped: HashSet<String> = cases.iter().map(id).collect();
    let extra = array(&text, &dir.join(name))?;
    cases.extend(extra.into_iter().filter(|c| !shipped.contains(&id(c))));
    Ok(cases)
}

/// The text of `rel` in the game corpus (`XIANGQI_CORPUS`, else the optional folder's
/// `corpus/`), or else in the record crate's sample, with the path read.
pub fn corpus_text(rel: &str) -> Result<(PathBuf, String), String> {
    let dir = named("XIANGQI_CORPUS").or_else(|| named("XIANGQI_DATA").map(|d| d.join("corpus")));
    if let Some(dir) = dir {
        let text = read(&dir, "XIANGQI_CORPUS or XIANGQI_DATA", rel)?;
        return Ok((dir.join(rel), text));
    }
    let path = Path::new(SAMPLE).join(rel);
    eprintln!(
        "the corpus is not named (XIANGQI_CORPUS, XIANGQI_DATA): reading the sample {}",
        path.display()
    );
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((path, text))
}
