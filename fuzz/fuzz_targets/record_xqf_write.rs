#![no_main]
//! XQF writer: any PGN game that resolves is written as XQF and reads back as the same tree.

use libfuzzer_sys::fuzz_target;
use xiangqi_record::{pgn, xqf};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut game = pgn::parse_game(&text);
    if game.resolve().is_err() || game.start_position().is_err() {
        return;
    }
    let bytes = xqf::write(&game).expect("a resolved game writes");
    let mut back = xqf::read(&bytes).expect("what we write reads");
    back.resolve().expect("and replays");
    let squares = |g: &xiangqi_record::Game| -> Vec<_> {
        g.preorder().into_iter().map(|(m, _, n)| (m, n)).collect()
    };
    assert_eq!(squares(&back), squares(&game));
});
