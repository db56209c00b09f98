#![no_main]
//! XQF reader: never panics on arbitrary bytes (the header is padded so the tree is reached).

use libfuzzer_sys::fuzz_target;
use xiangqi_record::xqf;

fuzz_target!(|data: &[u8]| {
    if let Ok(mut game) = xqf::read(data) {
        let _ = game.resolve();
    }
    let mut padded = vec![0u8; 0x400];
    padded[..2].copy_from_slice(b"XQ");
    let n = data.len().min(0x3FE);
    padded[2..2 + n].copy_from_slice(&data[..n]);
    padded.extend_from_slice(data.get(0x3FE..).unwrap_or_default());
    if let Ok(mut game) = xqf::read(&padded) {
        let _ = game.resolve();
    }
});
