//! `xiangqi notate` end to end: the WXF 2018 art. 7 forms in and out.

mod common;
use common::{ok, xiangqi};

#[test]
fn writes_the_books_wxf_form_unless_dot_is_asked() {
    // WXF 2018 art. 7.4's example opening, read in Chinese, written as the book prints it.
    let moves = [
        "炮二平五",
        "马８进７",
        "马二进三",
        "车９平８",
        "车一平二",
        "马２进３",
    ];
    let book = ok(&[&["notate", "--to", "wxf"][..], &moves].concat());
    assert_eq!(book, "C2=5\nH8+7\nH2+3\nR9=8\nR1=2\nH2+3\n");
    let dot = ok(&[&["notate", "--to", "wxf", "--wxf-style", "dot"][..], &moves].concat());
    assert_eq!(dot, "C2.5\nH8+7\nH2+3\nR9.8\nR1.2\nH2+3\n");
    // Both read back.
    for written in [&book, &dot] {
        let back: Vec<&str> = written.lines().collect();
        let iccs = ok(&[&["notate", "--to", "iccs"][..], &back].concat());
        assert_eq!(iccs, "h2e2\nh9g7\nh0g2\ni9h9\ni0h0\nb9c7\n");
    }
}

#[test]
fn reads_the_international_and_short_forms() {
    // WXF 2018 art. 7.2 and 7.3: 车 2+6 style, and the short form resolved by legality.
    let out = ok(&[
        "notate", "--to", "iccs", "炮 2=5", "马 8+7", "马 23", "车 9 8",
    ]);
    assert_eq!(out, "h2e2\nh9g7\nh0g2\ni9h9\n");
}

#[test]
fn an_ambiguous_short_form_names_both_moves() {
    let fen = "3k5/9/9/9/9/1N7/9/9/9/4K4 w";
    let (fine, _, err) = xiangqi(&["notate", "--fen", fen, "马 87"]);
    assert!(!fine);
    assert_eq!(err.lines().count(), 1, "{err}");
    for part in ["马八进七", "马八退七", "b4c6", "b4c2"] {
        assert!(err.contains(part), "{err}");
    }
}
