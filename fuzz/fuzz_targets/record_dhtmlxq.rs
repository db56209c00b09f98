#![no_main]
//! DhtmlXQ reader: never panics on arbitrary text, and whatever it reads can be checked.

use libfuzzer_sys::fuzz_target;
use xiangqi_record::dhtmlxq;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for game in dhtmlxq::read(&text).into_iter().flatten() {
        let mut game = game;
        let _ = game.resolve();
    }
});
