//! `xiangqi diagram` end to end: a position drawn as SVG from a FEN or a record at a ply.

mod common;
use common::{file, ok, scratch, xiangqi};

#[test]
fn draws_a_record_at_a_ply_with_its_last_move() {
    let dir = scratch("diagram");
    let pgn = file(&dir, "game.pgn");
    std::fs::write(
        &pgn,
        "[Event \"x\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n",
    )
    .expect("pgn");
    let out = file(&dir, "ply3.svg");
    assert_eq!(ok(&["diagram", &pgn, "--ply", "3", "-o", &out]), "");
    let svg = std::fs::read_to_string(&out).expect("written");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // After 马二进三 (h0g2): the horse stands on g2 and both points of the move are shaded.
    assert!(svg.contains(r#"data-piece="N" data-square="g2""#), "{svg}");
    for sq in ["h0", "g2"] {
        assert!(
            svg.contains(&format!(r#"class="xq-last" data-square="{sq}""#)),
            "{sq}"
        );
    }
    // Black's rook has not moved yet at ply 3.
    assert!(svg.contains(r#"data-piece="r" data-square="i9""#));
    // Ply 0 is the start: no last move.
    let start = ok(&["diagram", &pgn, "--ply", "0"]);
    assert!(!start.contains("xq-last"));
    // Past the end: one clear error line.
    let (fine, _, err) = xiangqi(&["diagram", &pgn, "--ply", "9"]);
    assert!(!fine);
    assert_eq!(
        err.trim(),
        "error: ply 9 is past the end: the game has 4 plies"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn draws_a_fen_with_arrows_and_a_caption() {
    let svg = ok(&[
        "diagram",
        "--fen",
        "4k4/3Pa4/9/3P5/3P5/9/9/9/9/4K4 w",
        "--arrow",
        "d8e8",
        "--caption",
        "16=5",
    ]);
    assert_eq!(svg.matches("class=\"xq-piece ").count(), 6);
    assert!(svg.contains(r#"data-from="d8" data-to="e8""#));
    assert!(svg.contains(">16=5</text>"));
    let (fine, _, err) = xiangqi(&["diagram", "--arrow", "d8"]);
    assert!(!fine);
    assert!(err.contains("expected two points"), "{err}");
}

#[test]
fn writes_a_png_without_a_browser() {
    let dir = scratch("diagram-png");
    let out = file(&dir, "board.png");
    ok(&["diagram", "--png", "--width", "400", "-o", &out]);
    let bytes = std::fs::read(&out).expect("written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width and height, big-endian, after the signature and the chunk header.
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    assert_eq!(be(16), 400);
    let want = (400.0_f64 * 379.0 / 344.0).ceil() as u32;
    assert_eq!(be(20), want);
    // A PNG goes to a file, never to the terminal.
    let (fine, _, err) = xiangqi(&["diagram", "--png"]);
    assert!(!fine, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
