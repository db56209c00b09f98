//! Helpers shared by the `xiangqi` binary's tests: running it, scratch folders, entry lists.
//! Each test file uses only some.
#![allow(dead_code)]

use std::{
    path::{Path, PathBuf},
    process::Command,
};

/// Runs the binary with `args`: whether it succeeded, its output and its error output.
pub fn xiangqi(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the binary with `args`, which must succeed; its output.
pub fn ok(args: &[&str]) -> String {
    let (ok, out, err) = xiangqi(args);
    assert!(ok, "{args:?}: {err}");
    out
}

/// Runs `xiangqi tournament team ARGS…`, which must succeed; its output.
pub fn team(args: &[&str]) -> String {
    ok(&[&["tournament", "team"][..], args].concat())
}

/// An empty folder of the system's temporary one for the test `name`, removed with what it
/// holds when the test is done with it (a test that fails leaves it, to be looked at).
pub fn scratch(name: &str) -> Scratch {
    let dir =
        std::env::temp_dir().join(format!("xiangqi-tournament-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    Scratch(dir)
}

/// A test's temporary folder ([`scratch`]), used as its path.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Writes `csv` (a header line, then one entrant a line) as `entries.csv` in `dir`; its path.
pub fn entries(dir: &Path, csv: &str) -> String {
    let path = dir.join("entries.csv");
    std::fs::write(&path, csv).expect("entries written");
    path.to_str().expect("utf-8").to_owned()
}

/// The path of `name` in `dir`, as an argument.
pub fn file(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().expect("utf-8").to_owned()
}
