#![no_main]
//! CCBridge readers: never panic on arbitrary bytes, read as a record (the fixed part padded so
//! the move tree is reached) and as a library.

use libfuzzer_sys::fuzz_target;
use xiangqi_record::cbr;

fuzz_target!(|data: &[u8]| {
    let mut record = vec![0u8; 2214];
    record[..16].copy_from_slice(cbr::RECORD_MAGIC);
    record[19] = 2;
    let n = data.len().min(2214 - 2076);
    record[2076..2076 + n].copy_from_slice(&data[..n]);
    record.extend_from_slice(data.get(n..).unwrap_or_default());
    if let Ok(mut game) = cbr::read(&record) {
        let _ = game.resolve();
    }
    let _ = cbr::read(data);
    let mut library = cbr::LIBRARY_MAGIC.to_vec();
    library.extend_from_slice(data);
    if let Ok(games) = cbr::read_library(&library) {
        for mut game in games.into_iter().flatten() {
            let _ = game.resolve();
        }
    }
});
