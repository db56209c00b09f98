//! FEN, the one-line position format that xiangqi programs share:
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Ranks are written from Black's back rank (rank 9) down to Red's (rank 0), files a to i;
//! uppercase is Red. The reader is lenient: it takes WXF's letters `H` and `E` beside `N` and
//! `B`, `r` as well as `w` for Red to move, and missing trailing fields. The writer is
//! canonical: FEN letters, `w`/`b`, and all six fields.
//!
//! ```
//! use xiangqi::{fen::Fen, Position};
//!
//! let pos: Position = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r"
//!     .parse::<Fen>()?
//!     .into_position()?;
//! assert_eq!(pos, Position::new());
//! assert_eq!(Fen::from_position(&pos).to_string(), xiangqi::fen::INITIAL);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::{fmt, num::NonZeroU32, str::FromStr};

use crate::{
    board::Board,
    position::Position,
    setup::{PositionError, Setup},
    types::{Color, File, Piece, Rank, Square},
};

/// The starting position's FEN.
pub const INITIAL: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A parsed FEN: a [`Setup`], not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fen(pub Setup);

/// Why a FEN string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// The string is empty.
    #[error("empty fen")]
    Empty,
    /// The board field does not have ten ranks.
    #[error("invalid fen: the board has {0} ranks, expected 10")]
    RankCount(usize),
    /// A rank does not add up to nine points.
    #[error("invalid fen: rank {rank} has {points} points, expected 9")]
    RankLength {
        /// The rank, 0–9 counted from Red's side.
        rank: usize,
        /// How many points it covers.
        points: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    #[error("invalid fen: unexpected character {0:?} in the board")]
    BadChar(char),
    /// The side to move is not `w`, `r` or `b`.
    #[error("invalid fen: side to move {0:?} is not w, r or b")]
    BadTurn(String),
    /// The counters are not numbers, or the fields are too many.
    #[error("invalid fen: unexpected field {0:?}")]
    BadField(String),
}

/// A FEN that is not a legal position: either unreadable or against the rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// It could not be read.
    #[error(transparent)]
    Parse(#[from] ParseFenError),
    /// It describes an illegal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl Fen {
    /// The FEN of a position.
    pub fn from_position(pos: &Position) -> Fen {
        Fen(pos.to_setup())
    }

    /// Checks the setup against the rules.
    ///
    /// # Errors
    /// Every problem of the setup at once.
    pub fn into_position(self) -> Result<Position, PositionError> {
        Position::from_setup(self.0)
    }

    /// Checks the setup as a diagram's ([`Position::from_diagram`]): pieces other than the
    /// generals may stand on points no game reaches.
    ///
    /// # Errors
    /// Every other problem of the setup at once.
    pub fn into_diagram_position(self) -> Result<Position, PositionError> {
        Position::from_diagram(self.0)
    }

    /// The board field alone, e.g. for a diagram's caption or a position key.
    pub fn board_field(board: &Board) -> String {
        let mut out = String::with_capacity(90);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match board.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank != Rank::R0 {
                out.push('/');
            }
        }
        out
    }

    fn parse_board(field: &str) -> Result<Board, ParseFenError> {
        let ranks: Vec<&str> = field.split('/').collect();
        if ranks.len() != 10 {
            return Err(ParseFenError::RankCount(ranks.len()));
        }
        let mut board = Board::empty();
        for (row, text) in ranks.into_iter().enumerate() {
            let rank = Rank::ALL[9 - row];
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    file += d as usize;
                } else {
                    let piece = Piece::from_char(c).ok_or(ParseFenError::BadChar(c))?;
                    if file < 9 {
                        board.set_piece_at(Square::from_coords(File::ALL[file], rank), piece);
                    }
                    file += 1;
                }
                if file > 9 {
                    break;
                }
            }
            if file != 9 {
                return Err(ParseFenError::RankLength {
                    rank: rank as usize,
                    points: file,
                });
            }
        }
        Ok(board)
    }
}

impl FromStr for Fen {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Fen, ParseFenError> {
        let mut fields = s.split_ascii_whitespace();
        let board = Fen::parse_board(fields.next().ok_or(ParseFenError::Empty)?)?;
        let turn = match fields.next() {
            None => Color::Red,
            Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(ParseFenError::BadTurn(other.to_owned())),
        };
        let rest: Vec<&str> = fields.collect();
        // Pikafish and XQWizard write "- - 0 1"; some programs drop the two dashes.
        let counters: &[&str] = match rest.as_slice() {
            ["-", "-", counters @ ..] => counters,
            counters => counters,
        };
        let number = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| ParseFenError::BadField(s.to_owned()))
        };
        let (halfmoves, fullmoves) = match counters {
            [] => (0, 1),
            [h] => (number(h)?, 1),
            [h, f] => (number(h)?, number(f)?),
            [_, _, extra, ..] => return Err(ParseFenError::BadField((*extra).to_owned())),
        };
        Ok(Fen(Setup {
            board,
            turn,
            halfmoves,
            fullmoves: NonZeroU32::new(fullmoves).unwrap_or(NonZeroU32::MIN),
        }))
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} - - {} {}",
            Fen::board_field(&self.0.board),
            self.0.turn.fen_char(),
            self.0.halfmoves,
            self.0.fullmoves
        )
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Reads a position from FEN.
    fn from_str(s: &str) -> Result<Position, FenError> {
        Ok(s.parse::<Fen>()?.into_position()?)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::setup::PositionErrorKinds;

    #[test]
    fn initial_round_trip() {
        let fen: Fen = INITIAL.parse().unwrap();
        assert_eq!(fen.0, Setup::initial());
        assert_eq!(fen.to_string(), INITIAL);
    }

    #[test]
    fn lenient_reader() {
        let wxf = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r";
        assert_eq!(wxf.parse::<Fen>().unwrap().0, Setup::initial());
        let short = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b 3 7";
        let fen: Fen = short.parse().unwrap();
        assert_eq!(fen.0.turn, Color::Black);
        assert_eq!(fen.0.halfmoves, 3);
        assert_eq!(fen.0.fullmoves.get(), 7);
    }

    #[test]
    fn bad_fens_say_why() {
        assert_eq!("".parse::<Fen>(), Err(ParseFenError::Empty));
        assert_eq!("9/9".parse::<Fen>(), Err(ParseFenError::RankCount(2)));
        assert!(matches!(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w".parse::<Fen>(),
            Err(ParseFenError::RankLength { rank: 0, points: 8 })
        ));
        assert!(matches!(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w".parse::<Fen>(),
            Err(ParseFenError::RankLength { rank: 0, .. })
        ));
        assert_eq!(
            "xnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w".parse::<Fen>(),
            Err(ParseFenError::BadChar('x'))
        );
        assert!(matches!(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x".parse::<Fen>(),
            Err(ParseFenError::BadTurn(_))
        ));
        assert!(matches!(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1".parse::<Fen>(),
            Err(ParseFenError::BadField(_))
        ));
        assert!(matches!(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9"
                .parse::<Fen>(),
            Err(ParseFenError::BadField(_))
        ));
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        // Kings facing on the e-file, a red advisor on c2 (outside the palace), a red pawn
        // on d3 (beside its file before the river), and three red rooks.
        let err = "4k4/9/9/9/9/9/3P5/2A6/9/RRR1K4 w"
            .parse::<Position>()
            .unwrap_err();
        let FenError::Position(err) = err else {
            panic!("{err}")
        };
        assert_eq!(
            err.kinds,
            PositionErrorKinds::KINGS_FACING
                | PositionErrorKinds::PIECE_OFF_ITS_SQUARES
                | PositionErrorKinds::TOO_MANY_PIECES
        );
        let err = "9/9/9/9/9/9/9/9/9/4K4 w".parse::<Position>().unwrap_err();
        assert!(err.to_string().contains("no general"), "{err}");
        // Black to move, but Red is in check from the black rook: Black could take the general.
        let err = "3k5/9/9/9/9/9/9/9/9/r3K4 b"
            .parse::<Position>()
            .unwrap_err();
        assert!(
            matches!(err, FenError::Position(e) if e.kinds == PositionErrorKinds::OPPONENT_IN_CHECK)
        );
        // The elephant may not cross the river; a black pawn may not stand behind its start.
        let err = "3k5/8p/9/9/4B4/9/9/9/9/4K4 w"
            .parse::<Position>()
            .unwrap_err();
        assert!(
            matches!(err, FenError::Position(e) if e.kinds == PositionErrorKinds::PIECE_OFF_ITS_SQUARES)
        );
    }

    #[test]
    fn diagrams_may_show_points_no_game_reaches() {
        // AXF diagram 71 as transcribed: a black pawn on i7, behind its starting rank.
        let fen = "3a2b1r/4ak3/8p/7P1/9/9/9/B2NN3B/3K5/4p4 w - - 0 1";
        let err = fen.parse::<Fen>().unwrap().into_position().unwrap_err();
        assert_eq!(err.kinds, PositionErrorKinds::PIECE_OFF_ITS_SQUARES);
        let pos = fen.parse::<Fen>().unwrap().into_diagram_position().unwrap();
        let king = pos.find_move(Square::D1, Square::E1).unwrap();
        let pos = pos.play(king).unwrap();
        // The pawn steps forward by its rules, and only forward: it has not crossed the river.
        let pawn: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from == Square::I7)
            .map(|m| m.to)
            .collect();
        assert_eq!(pawn, [Square::I6]);
        // An elephant off its points on its own side is a misprint an arbiter can rule.
        let elephant = "3k5/4b4/9/9/9/9/9/9/9/4K4 w";
        assert!(
            elephant
                .parse::<Fen>()
                .unwrap()
                .into_diagram_position()
                .is_ok()
        );
        // A general outside its palace is no diagram of xiangqi, nor an advisor or elephant
        // across the river (it could take the general beside it unseen: here a black elephant
        // on b2 and a red advisor in the black palace), nor any other fault.
        for bad in [
            "4k4/9/9/9/9/9/9/9/9/K8 w",
            "3k5/9/9/9/9/9/9/9/9/RRR1K4 w",
            "4k4/9/9/9/9/9/9/1b7/9/3K5 w",
            "4k4/3A5/9/9/9/9/9/9/9/4K4 w",
        ] {
            let err = bad
                .parse::<Fen>()
                .unwrap()
                .into_diagram_position()
                .unwrap_err();
            assert_ne!(err.kinds, PositionErrorKinds::empty(), "{bad}");
        }
    }

    fn arbitrary_board() -> impl Strategy<Value = Board> {
        prop::collection::vec((0u32..90, 0usize..14), 0..40).prop_map(|pieces| {
            let mut board = Board::empty();
            for (sq, p) in pieces {
                let piece = crate::types::Role::ALL[p % 7].of(Color::ALL[p / 7]);
                board.set_piece_at(Square::ALL[sq as usize], piece);
            }
            board
        })
    }

    proptest! {
        #[test]
        fn written_fens_read_back(board in arbitrary_board(), black in any::<bool>(), h in 0u32..200, f in 1u32..500) {
            let setup = Setup {
                board,
                turn: if black { Color::Black } else { Color::Red },
                halfmoves: h,
                fullmoves: NonZeroU32::new(f).unwrap(),
            };
            let text = Fen(setup.clone()).to_string();
            prop_assert_eq!(text.parse::<Fen>().unwrap().0, setup);
        }

        /// A diagram's pieces off their points move by their rules without upsetting the
        /// move generator or the notation writers.
        #[test]
        fn diagram_positions_play_and_write(
            pieces in prop::collection::vec((0usize..90, 0usize..14), 0..12),
            kings in (0usize..9, 0usize..9),
            black in any::<bool>(),
        ) {
            // A few pieces anywhere, and both generals in their palaces: mostly diagrams.
            let mut board = Board::empty();
            for (sq, p) in pieces {
                let piece = crate::types::Role::ALL[p % 7].of(Color::ALL[p / 7]);
                if piece.role != crate::types::Role::King && board.piece_at(Square::ALL[sq]).is_none() {
                    board.set_piece_at(Square::ALL[sq], piece);
                }
            }
            for (color, i) in [(Color::Red, kings.0), (Color::Black, kings.1)] {
                let sq = crate::Bitboard::palace(color).into_iter().nth(i).unwrap();
                board.remove_piece_at(sq);
                board.set_piece_at(sq, crate::types::Role::King.of(color));
            }
            let setup = Setup {
                board,
                turn: if black { Color::Black } else { Color::Red },
                halfmoves: 0,
                fullmoves: NonZeroU32::MIN,
            };
            if let Ok(pos) = Position::from_diagram(setup) {
                for m in pos.legal_moves() {
                    let text = crate::wxf::Wxf::write(&pos, m);
                    prop_assert!(!text.is_empty());
                    let text = crate::chinese::Chinese::from_move(&pos, m).to_string();
                    prop_assert!(!text.is_empty());
                    let after = pos.clone().play(m);
                    prop_assert!(after.is_ok(), "{} from {}", m, Fen::from_position(&pos));
                }
            }
        }

        #[test]
        fn the_reader_never_panics(s in "\\PC*") {
            let _ = s.parse::<Fen>();
            let _ = s.parse::<Position>();
        }
    }
}
