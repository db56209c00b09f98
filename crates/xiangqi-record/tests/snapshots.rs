//! Rendered PGN, pinned with `insta`: the writer's layout (tags, move numbers repeated after a
//! comment and in variations, line width, the three notations, the three encodings' glyphs)
//! is what other programs read, so a change to it must be seen in review.
//!
//! After an intended change: `INSTA_UPDATE=always cargo test -p xiangqi-record --test snapshots`
//! (or `cargo insta review`), then read the diff of `tests/snapshots/`.

use std::path::Path;

use xiangqi::chinese::Style;
use xiangqi_record::{
    Game, Notation,
    pgn::{self, WriteOptions},
    read_bytes,
};

mod testdata;

/// The first game of the record `relative` in the corpus folder `dir`.
fn game(dir: &Path, relative: &str) -> Game {
    let bytes = std::fs::read(dir.join(relative)).expect("corpus file");
    let mut g = read_bytes(&bytes, None).expect("reads").remove(0);
    g.resolve().expect("legal");
    g
}

fn render(g: &Game, notation: Notation, style: Style) -> String {
    pgn::write_game(
        g,
        &WriteOptions {
            notation,
            style,
            ..WriteOptions::default()
        },
    )
}

/// The record is one of cchess's test files (GPL): it is read from the full corpus, when found.
#[test]
fn xqf_with_variations_in_three_notations() {
    let Some(dir) = testdata::full("xqf_with_variations_in_three_notations") else {
        return;
    };
    let g = game(&dir, "cchess_testdata/test_5_variations.xqf");
    insta::assert_snapshot!(
        "variations_chinese",
        render(&g, Notation::Chinese, Style::XQWIZARD)
    );
    insta::assert_snapshot!("variations_wxf", render(&g, Notation::Wxf, Style::XQWIZARD));
    insta::assert_snapshot!(
        "variations_iccs",
        render(&g, Notation::Iccs, Style::XQWIZARD)
    );
}

/// The record is one of cchess's test files (GPL): it is read from the full corpus, when found.
#[test]
fn cbr_with_comments_in_traditional_glyphs() {
    let Some(dir) = testdata::full("cbr_with_comments_in_traditional_glyphs") else {
        return;
    };
    let g = game(&dir, "cchess_testdata/test2.cbr");
    insta::assert_snapshot!(
        "cbr_comments_traditional",
        render(&g, Notation::Chinese, Style::TRADITIONAL)
    );
}

#[test]
fn dhtmlxq_page_as_wxf() {
    let g = game(&testdata::sample(), "dhtmlxq_samples/wxfca_116.html");
    insta::assert_snapshot!("dhtmlxq_wxf", render(&g, Notation::Wxf, Style::XQWIZARD));
}

#[test]
fn pgn_tree_round_trip_layout() {
    let text = "[Event \"x\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n\n{开局} 1. 炮二平五 {中炮} \
                马８进７ (1... 炮８平５ {顺炮} 2. 马二进三 (2. 车一进一) 马８进７) 2. 马二进三 车９平８ 1-0\n";
    let mut g = pgn::parse_game(text);
    g.resolve().expect("legal");
    insta::assert_snapshot!(
        "pgn_tree_chinese",
        render(&g, Notation::Chinese, Style::XQWIZARD)
    );
}

/// The printed board diagram: WXF 2018 art. 7.5's figure B (three red pawns on file 6, the
/// front one about to take the central advisor, 16=5), with the move as an arrow.
#[test]
fn svg_board_diagram() {
    use xiangqi::{Position, Square};
    use xiangqi_record::svg;

    let pos: Position = "4k4/3Pa4/9/3P5/3P5/9/9/9/9/4K4 w".parse().expect("fen");
    let options = svg::Options {
        last_move: Some((Square::D4, Square::D5)),
        arrows: vec![(Square::D8, Square::E8)],
        caption: Some("WXF 2018 art. 7.5 图B: 16=5".to_owned()),
    };
    insta::assert_snapshot!("diagram_svg", svg::board(pos.board(), &options));
}
