#![no_main]
//! PGN reader (any encoding) and writer: never panic on arbitrary bytes.

use libfuzzer_sys::fuzz_target;
use xiangqi_record::{Notation, pgn};

fuzz_target!(|data: &[u8]| {
    for game in pgn::Reader::new(data, None).flatten() {
        let mut game = game;
        let _ = game.resolve();
        for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let options = pgn::WriteOptions {
                notation,
                ..Default::default()
            };
            let _ = pgn::write_game(&game, &options);
        }
    }
});
