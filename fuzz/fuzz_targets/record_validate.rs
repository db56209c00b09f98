#![no_main]
//! The tree-less PGN checker says of arbitrary bytes exactly what the tree reader and `check`
//! say: the same games, moves counted, errors and warnings.

use libfuzzer_sys::fuzz_target;
use xiangqi_record::{check, pgn, validate::Validator};

fuzz_target!(|data: &[u8]| {
    let tree: Vec<_> = pgn::Reader::new(data, None)
        .flatten()
        .enumerate()
        .map(|(i, mut game)| {
            let errors = check(&mut game, i + 1).err().unwrap_or_default();
            (i + 1, game.move_count(), errors, game.warnings)
        })
        .collect();
    let fast: Vec<_> = Validator::new(data, None)
        .flatten()
        .map(|c| (c.game, c.moves, c.errors, c.warnings))
        .collect();
    assert_eq!(fast, tree);
});
