#![no_main]
//! CBF (XML) reader: never panics on arbitrary text.

use libfuzzer_sys::fuzz_target;
use xiangqi_record::cbf;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(mut game) = cbf::read(&text) {
        let _ = game.resolve();
    }
    let wrapped = format!("<ChineseChessRecord><MoveList>{text}</MoveList>");
    if let Ok(mut game) = cbf::read(&wrapped) {
        let _ = game.resolve();
    }
});
