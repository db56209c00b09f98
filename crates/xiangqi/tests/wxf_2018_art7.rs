//! Every example of WXF 2018 art. 7 ("记录", `shared/rules/002_2eb90b013bb3466e.txt`), read and
//! written, each with its article. The positions are the smallest that make each example's
//! move legal (and, for the short forms of art. 7.3, the only move its text fits).

use xiangqi::{
    Position,
    chinese::Style,
    written::{self, Form, ReadMoveError, ShortError, WrittenError},
    wxf,
};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

struct Example {
    /// The article and item: "7.2.A".
    article: &'static str,
    fen: &'static str,
    /// The move the example means, in coordinates.
    iccs: &'static str,
    /// Texts of the example that must read as the move.
    read: &'static [&'static str],
    /// Forms the example prints, and what the writer must give for them.
    written: &'static [(Form, &'static str)],
}

const CN: Form = Form::Chinese(Style::PLAIN);
const WXF: Form = Form::Wxf(wxf::Style::Book);
const INTL: Form = Form::International;

const EXAMPLES: &[Example] = &[
    // 7.1: the traditional four characters.
    Example {
        article: "7.1",
        fen: START,
        iccs: "h2e2",
        read: &["炮二平五"],
        written: &[(CN, "炮二平五")],
    },
    Example {
        article: "7.1",
        fen: START,
        iccs: "b0c2",
        read: &["马八进七"],
        written: &[(CN, "马八进七")],
    },
    // 7.2: the international form with Chinese glyphs.
    Example {
        article: "7.2.A",
        fen: "3k5/9/9/9/9/9/9/9/9/4K2R1 w",
        iccs: "h0h6",
        read: &["车二进六", "车 2+6", "车2+6", "R2+6"],
        written: &[(CN, "车二进六"), (INTL, "车 2+6"), (WXF, "R2+6")],
    },
    Example {
        article: "7.2.B",
        fen: "3k5/9/9/9/9/9/9/6N2/9/4K4 w",
        iccs: "g2e1",
        read: &["马三退五", "马 3-5", "H3-5"],
        written: &[(CN, "马三退五"), (INTL, "马 3-5"), (WXF, "H3-5")],
    },
    Example {
        article: "7.2.C",
        fen: START,
        iccs: "h2f2",
        // Chinese glyphs with Arabic digits (炮2平4) read too.
        read: &["炮二平四", "炮 2=4", "炮2平4", "炮２平４", "C2=4", "C2.4"],
        written: &[(CN, "炮二平四"), (INTL, "炮 2=4"), (WXF, "C2=4")],
    },
    // 7.3: the short forms, the direction left out.
    Example {
        article: "7.3.A",
        fen: START,
        iccs: "h2e2",
        read: &["炮二平五", "炮 2 5", "炮25", "C25"],
        written: &[(CN, "炮二平五"), (Form::Short, "炮 25")],
    },
    Example {
        article: "7.3.B",
        // A pawn on b5 hobbles the horse's way forward (蹩马腿), so 马 87 can only go back.
        fen: "3k5/9/9/9/1P7/1N7/9/9/9/4K4 w",
        iccs: "b4c2",
        read: &["马八退七", "马 87", "马 8 7"],
        written: &[(CN, "马八退七"), (Form::Short, "马 87")],
    },
    Example {
        article: "7.3.C",
        // The general on f0 leaves the advisor one way to file 4.
        fen: "3k5/9/9/9/9/9/9/9/4A4/5K3 w",
        iccs: "e1f2",
        read: &["士五进四", "仕五进四", "士 5 4", "士54"],
        written: &[(CN, "仕五进四"), (Form::Short, "仕 54")],
    },
    // 7.4: the English letters, and the book's opening 1. C2=5 H8+7 2. H2+3 R9=8 3. R1=2 H2+3
    // (checked move by move in `art_7_4_game`).
    Example {
        article: "7.4.A",
        fen: START,
        iccs: "h2e2",
        read: &["C2=5"],
        written: &[(WXF, "C2=5")],
    },
    Example {
        article: "7.4.B",
        fen: START,
        iccs: "h0g2",
        read: &["H2+3"],
        written: &[(WXF, "H2+3")],
    },
    Example {
        article: "7.4.C",
        fen: START,
        iccs: "i0i1",
        read: &["R1+1"],
        written: &[(WXF, "R1+1")],
    },
    Example {
        article: "7.4.D",
        fen: START,
        iccs: "g0e2",
        read: &["E3+5", "相三进五"],
        written: &[(WXF, "E3+5")],
    },
    Example {
        article: "7.4.E",
        fen: START,
        iccs: "f0e1",
        read: &["A4+5", "仕四进五"],
        written: &[(WXF, "A4+5")],
    },
    Example {
        article: "7.4.F",
        fen: START,
        iccs: "g3g4",
        read: &["P3+1", "兵三进一"],
        written: &[(WXF, "P3+1")],
    },
    Example {
        article: "7.4.G",
        fen: START,
        iccs: "e0e1",
        read: &["K5+1", "帅五进一"],
        written: &[(WXF, "K5+1")],
    },
    // 7.5: two pieces of a kind on a file take 前/后.
    Example {
        article: "7.5 前炮平五",
        fen: "3k5/9/9/9/9/2C6/9/2C6/9/4K4 w",
        iccs: "c4e4",
        read: &["前炮平五", "前炮=5", "C+=5", "C+.5"],
        written: &[(CN, "前炮平五"), (INTL, "前炮=5"), (WXF, "C+=5")],
    },
    Example {
        article: "7.5 后马进八",
        fen: "3k5/9/9/9/9/2N6/9/2N6/9/4K4 w",
        iccs: "c2b4",
        read: &["后马进八", "后马+8", "H-+8"],
        written: &[(CN, "后马进八"), (INTL, "后马+8"), (WXF, "H-+8")],
    },
    Example {
        article: "7.5 前车进二",
        fen: "3k5/9/9/9/9/9/R8/9/R8/4K4 w",
        iccs: "a3a5",
        read: &["前车进二", "前车+2", "R++2"],
        written: &[(CN, "前车进二"), (INTL, "前车+2"), (WXF, "R++2")],
    },
    // 7.5 figure B: three red pawns on file 6 (river bank, black's pawn line, elephant's eye).
    Example {
        article: "7.5.i",
        fen: "4k4/3Pa4/9/3P5/3P5/9/9/9/9/4K4 w",
        iccs: "d5e5",
        read: &["36=5", "后兵平五", "后兵=5"],
        written: &[(WXF, "36=5"), (INTL, "36=5"), (CN, "后兵平五")],
    },
    Example {
        article: "7.5.ii",
        fen: "4k4/3Pa4/9/3P5/3P5/9/9/9/9/4K4 w",
        iccs: "d6e6",
        read: &["26=5", "中兵平五", "中兵=5"],
        written: &[(WXF, "26=5"), (INTL, "26=5"), (CN, "中兵平五")],
    },
    Example {
        article: "7.5.iii",
        fen: "4k4/3Pa4/9/3P5/3P5/9/9/9/9/4K4 w",
        iccs: "d8e8",
        read: &["16=5", "前兵平五", "前兵=5"],
        written: &[(WXF, "16=5"), (INTL, "16=5"), (CN, "前兵平五")],
    },
];

#[test]
fn every_example_of_art_7_reads_and_writes() {
    let mut failures = Vec::new();
    for ex in EXAMPLES {
        let pos: Position = ex.fen.parse().expect("example fen");
        let m = written::read_move(&pos, ex.iccs).expect("example move is legal");
        for text in ex.read {
            match written::read_move(&pos, text) {
                Ok(got) if got == m => {}
                other => failures.push(format!(
                    "art. {}: {text} read as {other:?}, expected {}",
                    ex.article, ex.iccs
                )),
            }
        }
        for &(form, want) in ex.written {
            let got = written::write(&pos, m, form);
            if got != want {
                failures.push(format!(
                    "art. {}: {} written in {form:?} as {got}, expected {want}",
                    ex.article, ex.iccs
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// WXF 2018 art. 7.4's example game, as printed: `1. C2=5, H8+7； 2. H2+3, R9=8； 3. R1=2,H2+3`.
#[test]
fn art_7_4_game() {
    let mut pos: Position = START.parse().expect("start");
    let book = ["C2=5", "H8+7", "H2+3", "R9=8", "R1=2", "H2+3"];
    let iccs = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"];
    for (text, want) in book.iter().zip(iccs) {
        let m = written::read_move(&pos, text).expect(text);
        assert_eq!(m.to_string(), want, "{text}");
        assert_eq!(written::write(&pos, m, WXF), *text);
        pos.play_unchecked(m);
    }
}

/// WXF 2018 art. 7.3: a short form that two legal moves fit is refused, and the error names
/// both, so that the arbiter can ask the player which was meant.
#[test]
fn ambiguous_short_forms_name_both_moves() {
    // The horse on b4 reaches file 7 going forward (c6) and back (c2).
    let pos: Position = "3k5/9/9/9/9/1N7/9/9/9/4K4 w".parse().unwrap();
    let err = written::read_move(&pos, "马 87").unwrap_err();
    let ReadMoveError::Move(WrittenError::Short(ShortError::Ambiguous { candidates, .. })) = &err
    else {
        panic!("{err:?}");
    };
    let moves: Vec<String> = candidates.iter().map(|c| c.mv.to_string()).collect();
    assert_eq!(moves, ["b4c6", "b4c2"]);
    let message = err.to_string();
    for part in ["马八进七", "H8+7", "b4c6", "马八退七", "H8-7", "b4c2"] {
        assert!(message.contains(part), "{message} lacks {part}");
    }
    // A rook on h0 can go up six ranks, or along the back rank to file 6 (d0): 车 2 6.
    let pos: Position = "3k5/9/9/9/9/9/9/9/5K3/7R1 w".parse().unwrap();
    let message = written::read_move(&pos, "车 2 6").unwrap_err().to_string();
    assert!(
        message.contains("车二进六") && message.contains("车二平六"),
        "{message}"
    );
    // No legal move fits: illegal, not ambiguous.
    let start: Position = START.parse().unwrap();
    assert!(matches!(
        written::read_move(&start, "马 2 5"),
        Err(ReadMoveError::Move(WrittenError::Short(
            ShortError::Illegal(_)
        )))
    ));
}

#[test]
fn unreadable_text_is_a_parse_error() {
    let start: Position = START.parse().unwrap();
    for text in [
        "",
        "炮",
        "炮 2",
        "炮 2 5 5",
        "炮 0 5",
        "X25",
        "马8X7",
        "h2e2e2",
    ] {
        assert!(
            matches!(
                written::read_move(&start, text),
                Err(ReadMoveError::Parse(_))
            ),
            "{text}"
        );
    }
}
