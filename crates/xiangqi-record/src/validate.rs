//! Checking PGN collections without building their move trees: the daily work of arbiters and
//! databases (`xiangqi convert --check`), where only the verdict is wanted.
//!
//! The checker reads move text with the same tokenizer as [`pgn::parse_game`] and finds each
//! move with the same [`read_move`], walking the tree as it is read: one position per ply of
//! the current line, a saved position per open variation, buffers kept from game to game. It
//! reports what [`pgn::Reader`] followed by [`crate::check`] reports — the same moves counted,
//! the same errors and warnings — which the corpus test and a property test hold it to.
//!
//! ```
//! use xiangqi_record::validate::Validator;
//!
//! let text = "[Red \"A\"]\n[Black \"B\"]\n1. 炮二平五 马８进７ (1... 马８进９) 2. 车九平八 *\n";
//! let checked: Vec<_> = Validator::new(text.as_bytes(), None).collect::<Result<_, _>>()?;
//! assert_eq!(checked[0].moves, 4);
//! let error = &checked[0].errors[0];
//! assert_eq!(error.to_string(), "game 1 (A vs B): ply 3 (车九平八): illegal move 车九平八: no legal move fits");
//! # Ok::<_, std::io::Error>(())
//! ```

use std::io::{self, BufRead};

use xiangqi::Position;

use crate::{
    Encoding, Game, GameError, MoveError,
    game::{no_start_warning, read_move, start_position},
    pgn::{self, Token, Tokens},
    title,
};

/// The verdict on one game of a collection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The game's number in its file, from 1.
    pub game: usize,
    /// The moves read, variations included ([`Game::move_count`]).
    pub moves: usize,
    /// Every bad move, naming the game ([`crate::check`]).
    pub errors: Vec<GameError>,
    /// What [`Game::resolve`] warns of: a record with no moves and no valid start position.
    pub warnings: Vec<String>,
}

/// Checks games one at a time, keeping its buffers (and the last start position) between them.
#[derive(Debug, Default)]
pub struct Checker {
    /// The position after each ply of the line being read (index 0: the start); `None` below
    /// a bad move, whose followers are not checked.
    line: Vec<Option<Position>>,
    /// For each open variation: the ply it was opened at and the position there.
    open: Vec<(usize, Option<Position>)>,
    /// The last start position, by its `FEN` tag: most games of a collection share one.
    start: Option<(Option<String>, Result<Position, String>)>,
}

impl Checker {
    /// A checker with empty buffers.
    pub fn new() -> Checker {
        Checker::default()
    }

    /// Checks one game's text as [`pgn::parse_game`] then [`crate::check`] would.
    pub fn check(&mut self, text: &str, number: usize) -> Checked {
        let mut fen: Option<std::borrow::Cow<'_, str>> = None;
        let movetext = pgn::tags(text, |name, value| {
            if fen.is_none() && name.eq_ignore_ascii_case("FEN") {
                fen = Some(value);
            }
        });
        let fen = fen.as_deref();
        if self.start.as_ref().is_none_or(|(f, _)| f.as_deref() != fen) {
            self.start = Some((fen.map(str::to_owned), start_position(fen)));
        }
        let start = match &self.start {
            Some((_, start)) => start.as_ref().ok(),
            None => None,
        };
        self.line.clear();
        self.open.clear();
        // Room for a line as long as the text can hold (a move takes eight bytes or more).
        self.line.reserve(movetext.len() / 8 + 2);
        self.line.push(start.cloned());
        let mut ply = 0;
        let mut moves = 0;
        let mut errors = Vec::new();
        for token in Tokens::new(movetext) {
            match token {
                Token::Comment(_) => {}
                // An alternative to the last move: read from the position before it.
                Token::Open => {
                    let here = self.line.get(ply).cloned().flatten();
                    self.open.push((ply, here));
                    ply = ply.saturating_sub(1);
                }
                Token::Close => {
                    if let Some((back, here)) = self.open.pop() {
                        self.line.truncate(back);
                        self.line.resize(back, None);
                        self.line.push(here);
                        ply = back;
                    }
                }
                Token::Result(_) => {
                    if self.open.is_empty() {
                        break;
                    }
                }
                Token::Move(word) => {
                    moves += 1;
                    self.line.truncate(ply + 1);
                    self.line.resize(ply + 1, None);
                    let played = match &self.line[ply] {
                        Some(pos) => match read_move(pos, word) {
                            Ok(m) => Some(m),
                            Err(reason) => {
                                errors.push(MoveError {
                                    node: moves,
                                    ply: ply + 1,
                                    text: word.to_owned(),
                                    reason,
                                });
                                None
                            }
                        },
                        None => None,
                    };
                    match played {
                        // One copy of the position per move, made in its place on the line.
                        Some(m) => {
                            self.line.extend_from_within(ply..=ply);
                            if let Some(Some(next)) = self.line.last_mut() {
                                next.play_unchecked(m);
                            }
                        }
                        None => self.line.push(None),
                    }
                    ply += 1;
                }
            }
        }
        let mut warnings = Vec::new();
        if let Some((_, Err(reason))) = &self.start {
            if moves == 0 {
                warnings.push(no_start_warning(reason));
            } else {
                errors = vec![MoveError {
                    node: 0,
                    ply: 0,
                    text: fen.unwrap_or_default().to_owned(),
                    reason: reason.clone(),
                }];
            }
        }
        let errors = if errors.is_empty() {
            Vec::new()
        } else {
            // Only a bad game pays for its tags.
            let mut game = Game::new();
            pgn::tags(text, |name, value| {
                game.tags.push((name.to_owned(), value.into_owned()));
            });
            let title = title(&game);
            errors
                .into_iter()
                .map(|error| GameError {
                    game: number,
                    title: title.clone(),
                    error,
                })
                .collect()
        };
        Checked {
            game: number,
            moves,
            errors,
            warnings,
        }
    }
}

/// A streaming checker of multi-game PGN: [`pgn::Reader`] and [`crate::check`] in one pass,
/// with no move tree and no allocation per move.
#[derive(Debug)]
pub struct Validator<R> {
    reader: pgn::Reader<R>,
    chunk: Vec<u8>,
    text: String,
    checker: Checker,
    games: usize,
}

impl<R: BufRead> Validator<R> {
    /// Reads from `inner`, detecting the encoding from the first game unless `encoding` is
    /// given.
    pub fn new(inner: R, encoding: Option<Encoding>) -> Validator<R> {
        Validator {
            reader: pgn::Reader::new(inner, encoding),
            chunk: Vec::new(),
            text: String::new(),
            checker: Checker::new(),
            games: 0,
        }
    }

    /// The encoding in use (known after the first game).
    pub fn encoding(&self) -> Option<Encoding> {
        self.reader.encoding()
    }
}

impl<R: BufRead> Iterator for Validator<R> {
    type Item = io::Result<Checked>;

    fn next(&mut self) -> Option<io::Result<Checked>> {
        match self.reader.next_text(&mut self.chunk, &mut self.text) {
            Ok(true) => {
                self.games += 1;
                Some(Ok(self.checker.check(&self.text, self.games)))
            }
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::check;

    /// What the tree reader says of a game's text.
    fn full(text: &str, number: usize) -> Checked {
        let mut game = pgn::parse_game(text);
        let errors = check(&mut game, number).err().unwrap_or_default();
        Checked {
            game: number,
            moves: game.move_count(),
            errors,
            warnings: game.warnings,
        }
    }

    #[test]
    fn agrees_on_variations_and_bad_moves() {
        let mut checker = Checker::new();
        for text in [
            "1. h2e2 h9g7 (1... h7e7 2. h0g2 (2. b0c2) b9c7) 2. h0g2 *",
            // A bad move: its followers and their variations are not checked; its
            // alternative is.
            "1. h2e2 h2e2 (1... e9e8 2. a0a1 (2. a0a2)) (1... i9i7 i0i2) 2. h0g2 (2. x) *",
            // Nested variations at the start of a variation, and a stray close.
            "1. h2e2 ((1. b2e2) 1. h2g2) h9g7 ) 2. h0g2 (2. h0i2 ( 2. b0c2 b9c7 ) ) *",
            // A variation from the root, results inside variations, text after the result.
            "( h2e2 1-0 ) 1. b2e2 (1. h2e2 *) 1/2-1/2 1. zz",
            "[FEN \"9/9/9/9/9/9/9/9/9/9 w\"]\n1. h2e2 *",
            "[FEN \"9/9/9/9/9/9/9/9/9/9 w\"]\n*",
            "[FEN \"\"]\n[fen \"bad\"]\n1. 炮二平五 马８进７ 2. 前马进三",
            "[Event \"e\"]\n1. 炮二平五 {c} 马８进７ ; x\n 2. 马二进三 $1 车９平８!? 3. C2.5",
        ] {
            assert_eq!(checker.check(text, 7), full(text, 7), "{text}");
        }
    }

    proptest! {
        #[test]
        fn agrees_with_the_tree_reader(
            s in "(\\[FEN \"(4k4/9/9/9/9/9/9/9/4R4/3K5 w|bad)\"\\]\n)?[ (){}1.]{0,3}(( |\\(|\\)|\\{c\\}|h2e2|h9g7|b2e2|e0e1|e9e8|a0a1|a9a8|e1e8|炮二平五|车一进一|1-0|\\*|1\\.){1,40})"
        ) {
            let mut checker = Checker::new();
            prop_assert_eq!(checker.check(&s, 1), full(&s, 1));
        }
    }
}
