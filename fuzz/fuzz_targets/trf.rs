//! TRF files (FIDE's tournament report format, as bbpPairings reads it): reading one, building
//! the next Swiss round's input and the tournament's events from it never panics, whatever
//! the bytes.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_tournament::{Book, trf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(doc) = trf::read(text) {
        let _ = doc.swiss_input();
        for rules in [Book::Cxa2011, Book::Wxf2018] {
            let _ = doc.events(rules, None, None);
        }
    }
});
