//! A game as the arbiter keeps it: its moves, positions and hashes, its events, and how it
//! ended.
//!
//! Everything that happens is a [`GameEvent`] (the vocabulary is [`crate::event`]'s),
//! serializable for the store; a game can be rebuilt from its events with
//! [`Game::from_events`]. Clocks, fouls, touch-move and sealed moves record theirs through
//! [`Game::record`].
//!
//! The game stands on the vocabulary, the rule set, the foul tally, the repetition rulings and
//! touch-move; the timed game ([`crate::clock`]), sealing ([`crate::seal`]) and corrections
//! ([`crate::correction`]) stand on it, and it imports none of them.
//!
//! Touch-move is kept here: the pieces touched in a turn ([`Game::touch`], a
//! [`GameEvent::Touched`]) bind the move, and [`Game::play`] refuses one that breaks the
//! binding (CXA 2011 arts. 5.1–5.5; WXF 2018 art. 4.2 A–E); a piece left between two points is
//! placed on the point the opponent names ([`Game::place_between`], CXA 2011 art. 5.10).
//!
//! After a "must change" ruling the offender that repeats forbidden play again, at the next
//! repetition ruling, loses (CXA 2011 arts. 23.5.2, 4.1.5; WXF 2018 art. 3.1.C). The books count
//! this in rounds and cycles over the board; a program sees it when the position recurs.

use xiangqi::{ByColor, Color, Move, Outcome, Position, Square, iccs::Iccs};

use crate::{
    envelope::read_move,
    event::{Claimant, GameEvent, GameResult, Termination},
    fouls,
    movelimit::{MoveLimit, MoveLimitStatus},
    repetition::{Ruling, Verdict, counted_from, occurrences, rule_cycle},
    rules::{Book, RuleSet},
    touch::{Binding, Order, bound_moves, placed_between},
};

/// What can go wrong when a game is fed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// No piece of the side to move can go there.
    #[error("illegal move {0}")]
    Illegal(String),
    /// A move text that is not ICCS.
    #[error("invalid move text {0:?}")]
    Syntax(String),
    /// An event that names the wrong side.
    #[error("event out of turn: {0}")]
    OutOfTurn(String),
}

/// A game under a rule set.
#[derive(Debug, Clone)]
pub struct Game {
    rules: RuleSet,
    positions: Vec<Position>,
    moves: Vec<Move>,
    hashes: Vec<u64>,
    since_capture: usize,
    limit: MoveLimit,
    events: Vec<GameEvent>,
    end: Option<(GameResult, Termination)>,
    last_ruling: Option<Ruling>,
    /// The side told to change, and the position it was told at.
    told_to_change: Option<(Color, u64)>,
    /// The pieces touched this turn, in the order that binds (CXA 2011 arts. 5.1–5.5).
    touched: Vec<Square>,
    /// A touch foul was already due this turn.
    touch_foul: bool,
    /// The move the opponent named for a piece between two points (CXA 2011 art. 5.10).
    placed: Option<Move>,
}

impl Game {
    /// A game from `start` under `rules`.
    pub fn new(start: Position, rules: RuleSet) -> Game {
        let hash = start.zobrist_hash();
        let mut game = Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            hashes: vec![hash],
            since_capture: 0,
            limit: MoveLimit::new(),
            events: Vec::new(),
            end: None,
            last_ruling: None,
            told_to_change: None,
            touched: Vec::new(),
            touch_foul: false,
            placed: None,
        };
        if let Some(outcome) = game.position().outcome() {
            game.finish_by_outcome(outcome);
        }
        game
    }

    /// Rebuilds a game from its events.
    ///
    /// # Errors
    /// The first event that cannot be applied.
    pub fn from_events(
        start: Position,
        rules: RuleSet,
        events: &[GameEvent],
    ) -> Result<Game, GameError> {
        let mut game = Game::new(start, rules);
        game.events.clear();
        for e in events {
            match e {
                // Derived events are recomputed, not replayed.
                GameEvent::RepetitionRuled { .. } | GameEvent::Ended { .. } => {}
                other => game.record(other.clone())?,
            }
        }
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // There is always at least the start position.
        &self.positions[self.positions.len() - 1]
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every event so far.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// The result and how the game ended, if it has.
    pub fn end(&self) -> Option<(GameResult, Termination)> {
        self.end
    }

    /// The last repetition ruling.
    pub fn last_ruling(&self) -> Option<&Ruling> {
        self.last_ruling.as_ref()
    }

    /// The natural move limit's count for a claim by `claimant`.
    pub fn move_limit_status(&self, claimant: Color) -> MoveLimitStatus {
        self.limit.status(
            claimant,
            self.rules.move_limit,
            self.rules.max_counted_checks,
        )
    }

    /// Records an event: a move is played, a resignation or agreement ends the game, a claim is
    /// checked. Events of other modules (clocks, fouls) are recorded as they come.
    ///
    /// # Errors
    /// [`GameError::Over`] after the end, [`GameError::Illegal`] / [`GameError::Syntax`] for a
    /// bad move, [`GameError::OutOfTurn`] for a move by the wrong side.
    pub fn record(&mut self, event: GameEvent) -> Result<(), GameError> {
        if self.end.is_some() {
            return Err(GameError::Over);
        }
        match event {
            GameEvent::Move { color, iccs } => {
                if color != self.position().turn() {
                    return Err(GameError::OutOfTurn(iccs.to_string()));
                }
                self.play_squares(iccs.from, iccs.to)
            }
            GameEvent::Resigned { color } => {
                self.resign(color);
                Ok(())
            }
            GameEvent::DrawAgreed => {
                self.agree_draw();
                Ok(())
            }
            GameEvent::MoveLimitClaimed { by, .. } => {
                self.claim_move_limit(by)?;
                Ok(())
            }
            GameEvent::NineRoundsClaimed { by, .. } => {
                self.claim_nine_rounds(by)?;
                Ok(())
            }
            GameEvent::FlagFell { color, .. } => {
                self.events.push(event);
                self.finish(GameResult::win(!color), Termination::TimeForfeit);
                Ok(())
            }
            GameEvent::Foul {
                color, foul, at_ms, ..
            } => {
                let article = foul.article(self.rules.book).to_owned();
                self.events.push(GameEvent::Foul {
                    color,
                    foul,
                    article,
                    at_ms,
                });
                self.rule_fouls();
                Ok(())
            }
            GameEvent::Touched {
                color,
                squares,
                at_ms,
                ..
            } => self.touch_at(color, &squares, at_ms).map(|_| ()),
            GameEvent::PlacedBetween {
                color,
                from,
                points,
                named,
                at_ms,
            } => self
                .place_between(color, from, points, named, at_ms)
                .map(|_| ()),
            GameEvent::DrawOffered { by } => {
                // CXA 2011 art. 22.1: only in one's own time.
                if by != self.position().turn() {
                    return Err(GameError::OutOfTurn("draw offer".to_owned()));
                }
                self.events.push(event);
                self.rule_fouls();
                Ok(())
            }
            GameEvent::SealedMoveOpened { color, text, .. } => {
                if color != self.position().turn() {
                    return Err(GameError::OutOfTurn(text));
                }
                let valid = read_move(self.position(), &text).is_ok();
                self.events
                    .push(GameEvent::SealedMoveOpened { color, text, valid });
                if !valid {
                    self.finish(GameResult::win(!color), Termination::SealedMove);
                }
                Ok(())
            }
            other => {
                if let GameEvent::Ended {
                    result,
                    termination,
                } = other
                {
                    self.end = Some((result, termination));
                }
                self.events.push(other);
                Ok(())
            }
        }
    }

    /// `color`, to move, touches the pieces on `squares` (more than one: at the same time) and
    /// is bound by all its touches this turn (CXA 2011 arts. 5.1–5.5; WXF 2018 art. 4.2 A–E).
    /// Records a [`GameEvent::Touched`]; a foul due from the touches (CXA 2011 art. 8.1.5;
    /// WXF 2018 art. 4.2) is counted once per turn and may end the game
    /// ([`crate::fouls`]). Returns the binding now in force.
    ///
    /// Pieces touched at the same time are ordered opponent's first (CXA 2011 art. 5.5; WXF
    /// 2018 art. 4.2.E). Announced adjusting in one's own time is not a touch: do not record it
    /// ([`crate::touch::adjusting_binds`]).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_arbiter::{Color, Game, GameError, RuleSet};
    ///
    /// let mut game = Game::new(Position::new(), RuleSet::cxa2011());
    /// game.touch(Color::Red, &["h2".parse()?])?;
    /// // CXA 2011 art. 5.1: the cannon touched must move.
    /// assert!(matches!(game.play_iccs("b2e2"), Err(GameError::Illegal(_))));
    /// game.play_iccs("h2e2")?;
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GameError::Over`] after the end; [`GameError::OutOfTurn`] if `color` is not to move;
    /// [`GameError::Illegal`] for an empty point, or no point at all.
    pub fn touch(&mut self, color: Color, squares: &[Square]) -> Result<Binding, GameError> {
        self.touch_at(color, squares, None)
    }

    /// [`Game::touch`] at `at_ms` (on the scale of the other events' times).
    ///
    /// # Errors
    /// As [`Game::touch`].
    pub fn touch_at(
        &mut self,
        color: Color,
        squares: &[Square],
        at_ms: Option<u64>,
    ) -> Result<Binding, GameError> {
        if self.end.is_some() {
            return Err(GameError::Over);
        }
        if color != self.position().turn() {
            return Err(GameError::OutOfTurn("touch".to_owned()));
        }
        if squares.is_empty() {
            return Err(GameError::Illegal("a touch of no point".to_owned()));
        }
        let pos = self.position();
        let mut ordered: Vec<Square> = Vec::with_capacity(squares.len());
        for &sq in squares {
            if pos.board().piece_at(sq).is_none() {
                return Err(GameError::Illegal(format!(
                    "a touch of the empty point {sq}"
                )));
            }
        }
        // CXA 2011 art. 5.5; WXF 2018 art. 4.2.E: at the same time is as opponent's first.
        let theirs = |sq: &Square| pos.board().piece_at(*sq).is_some_and(|p| p.color != color);
        ordered.extend(squares.iter().copied().filter(|sq| theirs(sq)));
        ordered.extend(squares.iter().copied().filter(|sq| !theirs(sq)));
        let mut touched = self.touched.clone();
        touched.extend(ordered);
        let binding = bound_moves(pos, &touched, Order::InTurn, self.rules.book)
            .map_err(|e| GameError::Illegal(e.to_string()))?;
        let foul = binding.foul.is_some() && !self.touch_foul;
        self.touched = touched;
        self.touch_foul |= foul;
        self.events.push(GameEvent::Touched {
            color,
            squares: squares.to_vec(),
            at_ms,
            foul,
        });
        if foul {
            self.rule_fouls();
        }
        Ok(binding)
    }

    /// The moves the touches of this turn bind the side to move to; `None` if nothing was
    /// touched. CXA 2011 arts. 5.1–5.5; WXF 2018 art. 4.2 A–E.
    pub fn binding(&self) -> Option<Binding> {
        if self.touched.is_empty() || self.end.is_some() {
            return None;
        }
        bound_moves(
            self.position(),
            &self.touched,
            Order::InTurn,
            self.rules.book,
        )
        .ok()
    }

    /// After `color` moved and pressed the clock, its piece from `from` lies between `points`;
    /// the opponent names `named` (CXA 2011 art. 5.10). Records a [`GameEvent::PlacedBetween`]
    /// and returns the move, which the caller then plays ([`Game::play`] refuses any other).
    ///
    /// # Errors
    /// [`GameError::Over`], [`GameError::OutOfTurn`]; [`GameError::Illegal`] when the points
    /// do not make a move (see [`crate::touch::placed_between`]; when neither point does, the
    /// move is illegal: record a [`crate::Foul::IllegalMove`]) or the move breaks the touch-move
    /// binding.
    pub fn place_between(
        &mut self,
        color: Color,
        from: Square,
        points: [Square; 2],
        named: Square,
        at_ms: Option<u64>,
    ) -> Result<Move, GameError> {
        if self.end.is_some() {
            return Err(GameError::Over);
        }
        if color != self.position().turn() {
            return Err(GameError::OutOfTurn("placement".to_owned()));
        }
        let m = placed_between(self.position(), from, points, named)
            .map_err(|e| GameError::Illegal(format!("{from}: {e}")))?;
        self.check_touch(m)?;
        self.placed = Some(m);
        self.events.push(GameEvent::PlacedBetween {
            color,
            from,
            points,
            named,
            at_ms,
        });
        Ok(m)
    }

    /// Refuses `m` if it breaks this turn's touch-move binding (CXA 2011 arts. 5.1–5.5; WXF
    /// 2018 art. 4.2 A–E). A suicide move is not refused: released, it loses (CXA 2011 art.
    /// 4.1.3), whatever was touched.
    fn check_touch(&self, m: Move) -> Result<(), GameError> {
        let Some(article) = self.breaks_touch(m) else {
            return Ok(());
        };
        let bound: Vec<String> = self
            .binding()
            .map(|b| b.moves.iter().map(ToString::to_string).collect())
            .unwrap_or_default();
        Err(GameError::Illegal(format!(
            "{m} breaks touch-move ({article}): bound to {}",
            bound.join(" ")
        )))
    }

    /// The article `m` would break, if it breaks this turn's touch-move binding (CXA 2011
    /// arts. 5.1–5.5; WXF 2018 art. 4.2 A–E; in check 2.10.D); `None` if it keeps it or nothing
    /// was touched. A suicide move breaks none: released, it loses (CXA 2011 art. 4.1.3).
    pub fn breaks_touch(&self, m: Move) -> Option<&'static str> {
        if self.touched.is_empty() || self.position().is_suicide(m) {
            return None;
        }
        let binding = bound_moves(
            self.position(),
            &self.touched,
            Order::InTurn,
            self.rules.book,
        )
        .ok()?;
        if binding.allows(m) {
            return None;
        }
        Some(match self.rules.book {
            Book::Cxa2011 => "CXA 2011 arts. 5.1–5.5",
            // In check the touched piece must answer it (WXF 2018 art. 2.10.D).
            Book::Wxf2018 if self.position().is_check() => "WXF 2018 arts. 2.10.D, 4.2",
            Book::Wxf2018 => "WXF 2018 art. 4.2",
        })
    }

    /// The points touched this turn, in the order that binds (opponent's first among those
    /// touched at once: CXA 2011 art. 5.5; WXF 2018 art. 4.2.E).
    pub fn touched(&self) -> &[Square] {
        &self.touched
    }

    /// Plays a move given in ICCS coordinates (`h2e2`, `H2-E2`).
    ///
    /// # Errors
    /// See [`Game::play`].
    pub fn play_iccs(&mut self, text: &str) -> Result<(), GameError> {
        let iccs: Iccs = text
            .trim()
            .parse()
            .map_err(|_| GameError::Syntax(text.to_owned()))?;
        self.play_squares(iccs.from, iccs.to)
    }

    /// Plays the move of the piece on `from` to `to`.
    ///
    /// # Errors
    /// See [`Game::play`].
    pub fn play_squares(&mut self, from: Square, to: Square) -> Result<(), GameError> {
        if self.end.is_some() {
            return Err(GameError::Over);
        }
        let m = self
            .position()
            .find_move(from, to)
            .ok_or_else(|| GameError::Illegal(format!("{from}{to}")))?;
        self.play(m)
    }

    /// Plays a move as it was made over the board. A suicide move (it leaves the own king
    /// capturable or the kings facing) is recorded and loses (CXA 2011 arts. 3.4, 4.1.3; WXF
    /// 2018 art. 4.5). Then the game is ruled: mate, stalemate, material, repetition.
    ///
    /// # Errors
    /// [`GameError::Over`] after the end; [`GameError::Illegal`] if the piece cannot go there,
    /// if the move breaks the touch-move binding of this turn (CXA 2011 arts. 5.1–5.5; WXF
    /// 2018 art. 4.2 A–E; see [`Game::touch`]) or is not the move the opponent named for a
    /// piece between two points (CXA 2011 art. 5.10; [`Game::place_between`]).
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if self.end.is_some() {
            return Err(GameError::Over);
        }
        let pos = self.position().clone();
        let mover = pos.turn();
        if !pos.is_pseudo_legal(m) {
            return Err(GameError::Illegal(m.to_string()));
        }
        if let Some(named) = self.placed
            && named != m
        {
            // CXA 2011 art. 5.10: the opponent named the point.
            return Err(GameError::Illegal(format!(
                "{m}: the opponent named {named} (CXA 2011 art. 5.10)"
            )));
        }
        self.check_touch(m)?;
        self.events.push(GameEvent::Move {
            color: mover,
            iccs: Iccs::from_move(m),
        });
        self.touched.clear();
        self.touch_foul = false;
        self.placed = None;
        if pos.is_suicide(m) {
            self.moves.push(m);
            self.finish(GameResult::win(!mover), Termination::Suicide);
            return Ok(());
        }
        let mut next = pos;
        next.play_unchecked(m);
        let check = next.is_check();
        self.limit.record(mover, m.is_capture(), check);
        self.moves.push(m);
        self.hashes.push(next.zobrist_hash());
        self.positions.push(next);
        if m.is_capture() {
            self.since_capture = self.moves.len();
        }
        if let Some(outcome) = self.position().outcome() {
            self.finish_by_outcome(outcome);
            return Ok(());
        }
        self.rule_repetition();
        Ok(())
    }

    /// Rules a repetition at the current position, without ending the game: what an arbiter
    /// says when asked (CXA 2011 art. 23.1). `None` if the position has not occurred
    /// [`RuleSet::ruling_occurrences`] times since the last capture (CXA 2011 art. 23.3).
    pub fn adjudicate(&self) -> Option<Ruling> {
        let occ = occurrences(
            &self.hashes,
            counted_from(self.since_capture, &self.rules),
            self.rules.ruling_occurrences as usize,
        )?;
        Some(rule_cycle(&self.positions, &self.moves, &occ, &self.rules))
    }

    fn rule_repetition(&mut self) {
        let Some(occ) = occurrences(
            &self.hashes,
            counted_from(self.since_capture, &self.rules),
            self.rules.ruling_occurrences as usize,
        ) else {
            return;
        };
        let ruling = rule_cycle(&self.positions, &self.moves, &occ, &self.rules);
        let verdict = ruling.verdict;
        self.events.push(GameEvent::RepetitionRuled {
            ply: self.moves.len(),
            verdict,
        });
        self.last_ruling = Some(ruling);
        self.apply_verdict(verdict, occ.len() >= self.rules.draw_occurrences as usize);
    }

    /// `by` claims the nine-round rule (CXA 2011 art. 23.4) at the current position: nine
    /// rounds without a capture or a pawn advance in which a side plays forbidden moves over
    /// three or more points are ruled as a repetition would be ([`Ruling::nine_rounds`]). The
    /// claim is recorded as a [`GameEvent::NineRoundsClaimed`]; when accepted its ruling
    /// becomes [`Game::last_ruling`] and its verdict applies as at a repetition: a unilateral
    /// perpetual check loses (art. 23.5.1), a side told to change must change (art. 23.5.2),
    /// and a draw ends the game (arts. 25.2, 26.9.4: the claim stands for the position that
    /// would be ruled). Returns the ruling when accepted. A claim that is not accepted changes
    /// nothing else (the book names no penalty for it).
    ///
    /// ```
    /// use xiangqi::{Position, fen::Fen};
    /// use xiangqi_arbiter::{Claimant, Color, Game, RuleSet, Verdict};
    ///
    /// // Red's rooks check on every move over seven points for nine rounds; no position occurs
    /// // three times. Black claims, and the unilateral perpetual check loses (art. 23.5.1).
    /// let start: Position = "3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1".parse::<Fen>()?.into_position()?;
    /// let mut game = Game::new(start, RuleSet::cxa2011());
    /// for m in "a0a9 d9d8 a9a8 d8d7 a8a7 d7d8 a7a8 d8d7 a8a7 d7d8 \
    ///           i0i8 d8d9 i8i9 d9d8 a7a8 d8d7 a8a7 d7d8".split_whitespace() {
    ///     game.play_iccs(m)?;
    /// }
    /// assert!(game.end().is_none());
    /// let ruling = game.claim_nine_rounds(Claimant::Black)?.expect("accepted");
    /// assert_eq!(ruling.verdict, Verdict::Loses(Color::Red));
    /// assert_eq!(game.end().map(|(r, _)| r.code()), Some("0-1"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GameError::Over`] after the end.
    pub fn claim_nine_rounds(&mut self, by: Claimant) -> Result<Option<Ruling>, GameError> {
        if self.end.is_some() {
            return Err(GameError::Over);
        }
        let ruling = Ruling::nine_rounds(self.start(), &self.moves, &self.rules);
        let verdict = ruling.as_ref().map(|r| r.verdict);
        self.events.push(GameEvent::NineRoundsClaimed {
            by,
            accepted: ruling.is_some(),
            verdict,
        });
        if let Some(r) = &ruling {
            self.last_ruling = Some(r.clone());
            self.apply_verdict(r.verdict, true);
        }
        Ok(ruling)
    }

    /// What a repetition verdict does to the game; `draw_ends` when a draw verdict ends it (the
    /// position came back [`RuleSet::draw_occurrences`] times).
    fn apply_verdict(&mut self, verdict: Verdict, draw_ends: bool) {
        match verdict {
            Verdict::Loses(c) => self.finish(GameResult::win(!c), Termination::Repetition),
            Verdict::MustChange(c) => {
                let here = self.position().zobrist_hash();
                match self.told_to_change {
                    // CXA 2011 arts. 23.5.2, 4.1.5; WXF 2018 art. 3.1.C: told to change, it
                    // brought the ruled position back once more with forbidden play.
                    Some((told, at)) if told == c && at == here => {
                        self.finish(GameResult::win(!c), Termination::Repetition);
                    }
                    Some((told, _)) if told == c => {}
                    _ => self.told_to_change = Some((c, here)),
                }
            }
            Verdict::Draw => {
                if draw_ends {
                    self.finish(GameResult::Draw, Termination::Repetition);
                }
            }
        }
    }

    /// `color` resigns. CXA 2011 art. 4.1.2; WXF 2018 art. 3.1.B.
    pub fn resign(&mut self, color: Color) {
        if self.end.is_none() {
            self.events.push(GameEvent::Resigned { color });
            self.finish(GameResult::win(!color), Termination::Resignation);
        }
    }

    /// Both sides agree to a draw. CXA 2011 art. 4.2.1; WXF 2018 art. 3.2.A.
    pub fn agree_draw(&mut self) {
        if self.end.is_none() {
            self.events.push(GameEvent::DrawAgreed);
            self.finish(GameResult::Draw, Termination::Agreement);
        }
    }

    /// `by` claims the natural move limit: a true claim draws, a false one is recorded (its
    /// penalty is the clock's business). CXA 2011 art. 22.2; WXF 2018 art. 8.
    ///
    /// # Errors
    /// [`GameError::Over`] after the end.
    pub fn claim_move_limit(&mut self, by: Color) -> Result<bool, GameError> {
        if self.end.is_some() {
            return Err(GameError::Over);
        }
        let status = self.move_limit_status(by);
        self.events.push(GameEvent::MoveLimitClaimed {
            by,
            counted_moves: status.counted_moves,
            valid: status.reached,
        });
        if status.reached {
            self.finish(GameResult::Draw, Termination::MoveLimit);
        } else {
            // CXA 2011 arts. 8.1.4, 4.1.11; WXF 2018 art. 8: a foul, the second loses.
            self.rule_fouls();
        }
        Ok(status.reached)
    }

    /// False move-limit claims by `color` since the last capture. CXA 2011 art. 4.1.11: the
    /// second in one stretch loses.
    pub fn false_claims(&self, color: Color) -> usize {
        let start = self
            .events
            .iter()
            .rposition(|e| matches!(e, GameEvent::Move { iccs, .. } if self.is_capture(*iccs)))
            .unwrap_or(0);
        self.events[start..]
            .iter()
            .filter(|e| matches!(e, GameEvent::MoveLimitClaimed { by, valid: false, .. } if *by == color))
            .count()
    }

    /// Ends the game if the fouls recorded so far lose it. See [`crate::fouls`].
    fn rule_fouls(&mut self) {
        let claims = ByColor::new_with(|c| self.false_claims(c));
        if let (_, Some(loss)) = fouls::tally(&self.events, &self.rules, claims) {
            self.finish(GameResult::win(!loss.loser), Termination::Foul);
        }
    }

    /// Was a move of the game with these points a capture?
    fn is_capture(&self, iccs: Iccs) -> bool {
        self.moves
            .iter()
            .any(|m| m.is_capture() && Iccs::from_move(*m) == iccs)
    }

    fn finish_by_outcome(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Checkmate { winner } => {
                self.finish(GameResult::win(winner), Termination::Checkmate)
            }
            Outcome::Stalemate { winner } => {
                self.finish(GameResult::win(winner), Termination::Stalemate)
            }
            Outcome::InsufficientMaterial => {
                self.finish(GameResult::Draw, Termination::InsufficientMaterial)
            }
        }
    }

    fn finish(&mut self, result: GameResult, termination: Termination) {
        self.end = Some((result, termination));
        self.events.push(GameEvent::Ended {
            result,
            termination,
        });
    }
}

#[cfg(test)]
mod tests {
    use xiangqi::fen::Fen;

    use super::*;
    use crate::Foul;

    fn game(fen: &str, rules: RuleSet) -> Game {
        let pos = fen
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position().ok())
            .unwrap_or_else(|| panic!("bad fen {fen}"));
        Game::new(pos, rules)
    }

    #[test]
    fn suicide_move_loses() {
        // The red rook on e1 shields its king from the black rook on e9... move it aside.
        let mut g = game("4r4/3k5/9/9/9/9/9/9/4R4/4K4 w - - 0 1", RuleSet::cxa2011());
        g.play_iccs("e1a1").expect("recorded");
        assert_eq!(g.end(), Some((GameResult::BlackWins, Termination::Suicide)));
        assert_eq!(g.play_iccs("e9e0"), Err(GameError::Over));
    }

    #[test]
    fn mate_ends_the_game() {
        // Two rooks against a lone king on d9, the red king on e0 holding the e file.
        let mut g = game("3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1", RuleSet::wxf2018());
        g.play_iccs("a1a8").expect("legal");
        // Black cannot move: stalemate, which xiangqi scores as a loss (CXA 2011 art. 3.3).
        assert_eq!(g.end(), Some((GameResult::RedWins, Termination::Stalemate)));
        let mut g = game("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", RuleSet::wxf2018());
        g.play_iccs("b0b9").expect("legal");
        assert_eq!(g.end(), Some((GameResult::RedWins, Termination::Checkmate)));
    }

    #[test]
    fn perpetual_check_cxa_loses_wxf_must_change_then_loses() {
        let fen = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1";
        let cycle = ["h8h9", "f9f8", "h9h8", "f8f9"];
        let mut g = game(fen, RuleSet::cxa2011());
        for m in cycle.iter().chain(cycle.iter()) {
            g.play_iccs(m).expect("legal");
        }
        assert_eq!(
            g.end(),
            Some((GameResult::BlackWins, Termination::Repetition))
        );

        let mut g = game(fen, RuleSet::wxf2018());
        for m in cycle.iter().chain(cycle.iter()) {
            g.play_iccs(m).expect("legal");
        }
        assert_eq!(g.end(), None);
        assert_eq!(
            g.last_ruling().map(|r| r.verdict),
            Some(Verdict::MustChange(Color::Red))
        );
        for m in cycle {
            g.play_iccs(m).expect("legal");
        }
        assert_eq!(
            g.end(),
            Some((GameResult::BlackWins, Termination::Repetition))
        );
    }

    #[test]
    fn events_round_trip_through_json() {
        let mut g = game(
            "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1",
            RuleSet::wxf2018(),
        );
        g.play_iccs("h8h9").expect("legal");
        assert!(!g.claim_move_limit(Color::Black).expect("not over"));
        g.resign(Color::Black);
        let json = serde_json::to_string(g.events()).expect("serializable");
        let back: Vec<GameEvent> = serde_json::from_str(&json).expect("readable");
        assert_eq!(back, g.events());
        let replay =
            Game::from_events(g.start().clone(), RuleSet::wxf2018(), &back).expect("replays");
        assert_eq!(replay.end(), g.end());
        assert_eq!(replay.events(), g.events());
        assert_eq!(g.false_claims(Color::Black), 1);
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap_or_else(|_| panic!("bad square {s}"))
    }

    /// CXA 2011 art. 5.1; WXF 2018 art. 4.2.A: the touched piece must move; the binding ends
    /// with the move.
    #[test]
    fn touch_binds_the_move() {
        for rules in [RuleSet::cxa2011(), RuleSet::wxf2018()] {
            let mut g = Game::new(Position::new(), rules);
            let b = g.touch(Color::Red, &[sq("h2")]).expect("a red piece");
            assert_eq!(b.foul, None);
            assert_eq!(g.binding().map(|b| b.moves.len()), Some(b.moves.len()));
            let refused = g.play_iccs("b2e2");
            assert!(
                matches!(&refused, Err(GameError::Illegal(t)) if t.contains("touch-move")),
                "{refused:?}"
            );
            assert_eq!(g.moves().len(), 0);
            g.play_iccs("h2e2").expect("keeps the binding");
            assert_eq!(g.binding(), None);
            // Black's turn is free again, and Red cannot touch in Black's time.
            assert!(matches!(
                g.touch(Color::Red, &[sq("e2")]),
                Err(GameError::OutOfTurn(_))
            ));
            assert!(matches!(
                g.touch(Color::Black, &[sq("e4")]),
                Err(GameError::Illegal(_))
            ));
            g.play_iccs("b9c7").expect("untouched: any move");
            assert_eq!(g.end(), None);
        }
    }

    /// CXA 2011 art. 5.4 (opponent's piece first): the own piece touched second must take it.
    /// Touched at once is the same (5.5).
    #[test]
    fn touch_order_binds() {
        // Red rook a0, horse b0, king d0; a black cannon on a3 only the rook can take.
        let fen = "4k4/9/9/9/9/9/c8/9/9/RH1K5 w - - 0 1";
        let mut g = game(fen, RuleSet::cxa2011());
        g.touch(Color::Red, &[sq("a3")]).expect("a black piece");
        g.touch(Color::Red, &[sq("b0")]).expect("a red piece");
        // 5.4.2: the horse cannot take the cannon, so another piece must: only a0a3.
        assert!(g.play_iccs("b0c2").is_err());
        g.play_iccs("a0a3").expect("the rook takes");
        // At once (5.5): the horse b0 and the cannon a3 touched together bind as above.
        let mut g = game(fen, RuleSet::cxa2011());
        g.touch(Color::Red, &[sq("b0"), sq("a3")]).expect("pieces");
        assert!(g.play_iccs("b0c2").is_err());
        assert!(g.play_iccs("a0a3").is_ok());
        // In turn, own first (5.3.2): the horse cannot take, so the horse moves.
        let mut g = game(fen, RuleSet::cxa2011());
        g.touch(Color::Red, &[sq("b0")]).expect("a red piece");
        g.touch(Color::Red, &[sq("a3")]).expect("a black piece");
        assert!(g.play_iccs("a0a3").is_err());
        assert!(g.play_iccs("b0c2").is_ok());
    }

    /// WXF 2018 art. 2.10.D: in check, Red touches its horse, which cannot answer, then its
    /// rook, which blocks: the game holds Red to the rook and counts one technical foul.
    #[test]
    fn touching_in_check_a_piece_that_cannot_answer_is_a_technical_foul() {
        let mut g = game("3kr4/9/9/9/9/9/9/R8/9/1N2K4 w - - 0 1", RuleSet::wxf2018());
        g.touch(Color::Red, &[sq("b0")]).expect("the horse");
        g.touch(Color::Red, &[sq("a2")]).expect("the rook");
        assert!(matches!(g.play_iccs("e0f0"), Err(GameError::Illegal(_))));
        g.play_iccs("a2e2").expect("the rook blocks");
        let touched: Vec<bool> = g
            .events()
            .iter()
            .filter_map(|e| match e {
                GameEvent::Touched { foul, .. } => Some(*foul),
                _ => None,
            })
            .collect();
        assert_eq!(touched, [true, false], "one technical foul, at the horse");
        let (counts, loss) = fouls::tally(g.events(), g.rules(), ByColor::default());
        assert_eq!((counts.red.fouls, loss), (1, None));
    }

    /// A touch foul: CXA 2011 arts. 8.1.5, 4.1.10 (three fouls lose); WXF 2018 arts. 4.2.A,
    /// 3.1.F (two technical fouls lose). One per turn.
    #[test]
    fn touch_fouls_count_and_lose() {
        // The red advisor on d0 cannot move: e1 holds the red rook.
        let fen = "3k5/9/9/9/4r4/9/9/9/4R4/3AK4 w - - 0 1";
        let stuck = |g: &mut Game| {
            let b = g.touch(Color::Red, &[sq("d0")]).expect("a red piece");
            assert_eq!(b.step, crate::touch::Step::Free);
            // Touched again in the same turn: no second foul.
            if g.end().is_none() {
                g.touch(Color::Red, &[sq("d0")]).expect("a red piece");
            }
        };
        let fouls_of = |g: &Game| {
            g.events()
                .iter()
                .filter(|e| matches!(e, GameEvent::Touched { foul: true, .. }))
                .count()
        };
        for (rules, lost_after) in [(RuleSet::wxf2018(), 2), (RuleSet::cxa2011(), 3)] {
            let mut g = game(fen, rules);
            let (red, black) = (["e0f0", "f0e0", "e0f0"], ["e5e6", "e6e5", "e6e5"]);
            for turn in 0..lost_after {
                stuck(&mut g);
                assert_eq!(fouls_of(&g), turn + 1);
                if turn + 1 < lost_after {
                    assert_eq!(g.end(), None, "{:?} after {}", rules.book, turn + 1);
                    // Free: any move.
                    g.play_iccs(red[turn]).expect("free move");
                    g.play_iccs(black[turn]).expect("black moves");
                }
            }
            assert_eq!(
                g.end(),
                Some((GameResult::BlackWins, Termination::Foul)),
                "{:?}",
                rules.book
            );
            // The fouls are a projection of the events: a replay reaches the same end.
            let json = serde_json::to_string(g.events()).expect("serializable");
            let back: Vec<GameEvent> = serde_json::from_str(&json).expect("readable");
            let replay = Game::from_events(g.start().clone(), rules, &back).expect("replays");
            assert_eq!(replay.end(), g.end());
            assert_eq!(replay.events(), g.events());
        }
    }

    /// A suicide move is played and loses (CXA 2011 art. 4.1.3) whatever was touched.
    #[test]
    fn suicide_breaks_no_binding_it_loses() {
        let mut g = game("4r4/3k5/9/9/9/9/9/9/4R4/4K4 w - - 0 1", RuleSet::cxa2011());
        g.touch(Color::Red, &[sq("e0")]).expect("the king");
        assert!(
            g.play_iccs("e1e2").is_err(),
            "a legal move of another piece"
        );
        g.play_iccs("e1a1").expect("a suicide is recorded");
        assert_eq!(g.end(), Some((GameResult::BlackWins, Termination::Suicide)));
    }

    /// CXA 2011 art. 5.10: a piece between two points; the opponent names one.
    #[test]
    fn piece_between_two_points() {
        let mut g = Game::new(Position::new(), RuleSet::cxa2011());
        let m = g
            .place_between(
                Color::Red,
                sq("h2"),
                [sq("e2"), sq("f2")],
                sq("f2"),
                Some(7),
            )
            .expect("both points are moves");
        assert_eq!(m.to_string(), "h2f2");
        assert!(g.play_iccs("h2e2").is_err(), "the opponent named f2");
        g.play_iccs("h2f2").expect("the named point");
        // Refused: the horse h9 cannot go to h8; a touch binding is kept too.
        assert!(
            g.place_between(Color::Black, sq("h9"), [sq("h8"), sq("i8")], sq("h8"), None)
                .is_err()
        );
        g.touch(Color::Black, &[sq("b9")]).expect("a black piece");
        assert!(
            g.place_between(Color::Black, sq("h9"), [sq("g7"), sq("g8")], sq("g7"), None)
                .is_err(),
            "breaks touch-move"
        );
        let json = serde_json::to_string(g.events()).expect("serializable");
        assert!(json.contains(r#""type":"placed_between""#), "{json}");
        let back: Vec<GameEvent> = serde_json::from_str(&json).expect("readable");
        let replay =
            Game::from_events(Position::new(), RuleSet::cxa2011(), &back).expect("replays");
        assert_eq!(replay.events(), g.events());
        assert_eq!(replay.binding().map(|b| b.moves.len()), Some(2));
    }

    /// The foul's time is kept; a foul written before it had one still reads.
    #[test]
    fn foul_time_and_old_json() {
        let mut g = Game::new(Position::new(), RuleSet::wxf2018());
        g.record(GameEvent::Foul {
            color: Color::Red,
            foul: Foul::Disturbing,
            article: String::new(),
            at_ms: Some(61_000),
        })
        .expect("recorded");
        let json = serde_json::to_string(g.events()).expect("serializable");
        assert!(json.contains(r#""at_ms":61000"#), "{json}");
        let old = r#"[{"type":"foul","color":"black","foul":{"kind":"touch"},"article":""}]"#;
        let back: Vec<GameEvent> = serde_json::from_str(old).expect("old JSON reads");
        assert!(matches!(back[0], GameEvent::Foul { at_ms: None, .. }));
        let g = Game::from_events(Position::new(), RuleSet::wxf2018(), &back).expect("replays");
        let json = serde_json::to_string(g.events()).expect("serializable");
        assert!(
            !json.contains("at_ms"),
            "no time given, none written: {json}"
        );
    }

    proptest::proptest! {
        /// Random touches and moves never panic; a move accepted under a binding keeps it
        /// (CXA 2011 arts. 5.1–5.5; WXF 2018 art. 4.2), and a refused one changes nothing.
        #[test]
        fn touches_never_panic_and_bind(
            steps in proptest::collection::vec((0usize..90, 0usize..90, 0usize..64), 1..40),
            wxf in proptest::bool::ANY,
        ) {
            let rules = if wxf { RuleSet::wxf2018() } else { RuleSet::cxa2011() };
            let mut g = Game::new(Position::new(), rules);
            for (a, b, k) in steps {
                if g.end().is_some() {
                    break;
                }
                let turn = g.position().turn();
                let _ = g.touch(turn, &[Square::ALL[a]]);
                if g.end().is_some() {
                    break;
                }
                let legal = g.position().legal_moves();
                let Some(&m) = legal.get(k % legal.len().max(1)) else { break };
                let binding = g.binding();
                let before = g.events().len();
                match g.play(m) {
                    Ok(()) => {
                        proptest::prop_assert!(binding.is_none_or(|b| b.allows(m)));
                    }
                    Err(_) => {
                        proptest::prop_assert!(binding.is_some_and(|b| !b.allows(m)));
                        proptest::prop_assert_eq!(g.events().len(), before);
                    }
                }
                let _ = g.touch(!turn, &[Square::ALL[b]]);
            }
            let replay = Game::from_events(Position::new(), rules, g.events());
            proptest::prop_assert_eq!(replay.map(|r| r.events().to_vec()), Ok(g.events().to_vec()));
        }
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let mut g = Game::new(Position::new(), RuleSet::cxa2011());
        assert!(matches!(g.play_iccs("zz"), Err(GameError::Syntax(_))));
        assert!(matches!(g.play_iccs("a0a5"), Err(GameError::Illegal(_))));
        let e = GameEvent::Move {
            color: Color::Black,
            iccs: "h7e7".parse().expect("iccs"),
        };
        assert!(matches!(g.record(e), Err(GameError::OutOfTurn(_))));
    }

    /// Red's rooks check over seven points for nine rounds (the case of `tests/cxa_clauses.rs`
    /// for CXA 2011 art. 23.4).
    const NINE_ROUNDS_FEN: &str = "3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1";
    const NINE_ROUNDS_LINE: &str = "a0a9 d9d8 a9a8 d8d7 a8a7 d7d8 a7a8 d8d7 a8a7 d7d8 \
                                    i0i8 d8d9 i8i9 d9d8 a7a8 d8d7 a8a7 d7d8";

    #[test]
    fn nine_round_claim_is_ruled_recorded_and_replayed() {
        let mut g = game(NINE_ROUNDS_FEN, RuleSet::cxa2011());
        let moves: Vec<&str> = NINE_ROUNDS_LINE.split_whitespace().collect();
        for m in &moves[..16] {
            g.play_iccs(m).expect("legal");
        }
        // Eight rounds: the claim is recorded, refused, and changes nothing.
        assert!(
            g.claim_nine_rounds(Claimant::Black)
                .expect("not over")
                .is_none()
        );
        assert_eq!(g.end(), None);
        assert!(g.last_ruling().is_none());
        for m in &moves[16..] {
            g.play_iccs(m).expect("legal");
        }
        let ruling = g.claim_nine_rounds(Claimant::Arbiter).expect("not over");
        let ruling = ruling.unwrap_or_else(|| panic!("nine rounds: accepted"));
        // CXA 2011 art. 23.5.1: a unilateral perpetual check loses.
        assert_eq!(ruling.verdict, Verdict::Loses(Color::Red));
        assert_eq!(g.last_ruling().map(|r| r.verdict), Some(ruling.verdict));
        assert_eq!(
            g.end(),
            Some((GameResult::BlackWins, Termination::Repetition))
        );
        assert_eq!(g.claim_nine_rounds(Claimant::Red), Err(GameError::Over));
        let claims: Vec<&GameEvent> = g
            .events()
            .iter()
            .filter(|e| matches!(e, GameEvent::NineRoundsClaimed { .. }))
            .collect();
        assert_eq!(
            claims,
            [
                &GameEvent::NineRoundsClaimed {
                    by: Claimant::Black,
                    accepted: false,
                    verdict: None,
                },
                &GameEvent::NineRoundsClaimed {
                    by: Claimant::Arbiter,
                    accepted: true,
                    verdict: Some(Verdict::Loses(Color::Red)),
                },
            ]
        );

        // The events round-trip through JSON and rebuild the same game; the claim is judged
        // again, not taken on trust.
        let json = serde_json::to_string(g.events()).expect("serializable");
        assert!(json.contains(r#""type":"nine_rounds_claimed","by":"arbiter","accepted":true"#));
        let back: Vec<GameEvent> = serde_json::from_str(&json).expect("readable");
        assert_eq!(back, g.events());
        let replay =
            Game::from_events(g.start().clone(), RuleSet::cxa2011(), &back).expect("replays");
        assert_eq!(replay.end(), g.end());
        assert_eq!(replay.events(), g.events());
        let forged = json.replace(r#""accepted":false"#, r#""accepted":true"#);
        let forged: Vec<GameEvent> = serde_json::from_str(&forged).expect("readable");
        let replay =
            Game::from_events(g.start().clone(), RuleSet::cxa2011(), &forged).expect("replays");
        assert_eq!(replay.events(), g.events());
    }

    #[test]
    fn nine_round_claim_is_never_accepted_under_wxf() {
        let mut g = game(NINE_ROUNDS_FEN, RuleSet::wxf2018());
        for m in NINE_ROUNDS_LINE.split_whitespace() {
            g.play_iccs(m).expect("legal");
        }
        assert!(
            g.claim_nine_rounds(Claimant::Black)
                .expect("not over")
                .is_none()
        );
        assert_eq!(g.end(), None);
    }

    // Fouls as the game counts them (CXA 2011 arts. 4.1, 8.1; WXF 2018 arts. 3.1.F, 4.6–4.7).

    #[test]
    fn foul_events_cite_their_article_and_replay() {
        let mut g = Game::new(Position::new(), RuleSet::wxf2018());
        g.record(GameEvent::Foul {
            color: Color::Black,
            foul: Foul::HardPress,
            article: String::new(),
            at_ms: None,
        })
        .expect("recorded");
        let Some(GameEvent::Foul { article, .. }) = g.events().last() else {
            panic!("a foul event");
        };
        assert_eq!(article, "WXF 2018 art. 12.5");
        let json = serde_json::to_string(g.events()).expect("serializable");
        assert!(json.contains(r#""type":"foul""#) && json.contains(r#""kind":"hard_press""#));
        let back: Vec<GameEvent> = serde_json::from_str(&json).expect("readable");
        let replay =
            Game::from_events(Position::new(), RuleSet::wxf2018(), &back).expect("replays");
        assert_eq!(replay.events(), g.events());
    }

    /// CXA 2011 arts. 22.2, 8.1.4, 4.1.11: a second false claim in one stretch loses.
    #[test]
    fn second_false_claim_loses_under_cxa() {
        let mut g = Game::new(Position::new(), RuleSet::cxa2011());
        assert!(!g.claim_move_limit(Color::Red).expect("not over"));
        assert_eq!(g.end(), None);
        assert!(!g.claim_move_limit(Color::Red).expect("not over"));
        assert_eq!(g.end(), Some((GameResult::BlackWins, Termination::Foul)));
    }

    /// CXA 2011 art. 22.1: own time only; pending until moved on or declined; 8.1.3 excess.
    #[test]
    fn draw_offers() {
        let rules = RuleSet::cxa2011();
        let mut g = Game::new(Position::new(), rules);
        let offer = |by| GameEvent::DrawOffered { by };
        assert!(matches!(
            g.record(offer(Color::Black)),
            Err(GameError::OutOfTurn(_))
        ));
        g.record(offer(Color::Red)).expect("own time");
        assert_eq!(
            fouls::pending_draw_offer(g.events(), &rules),
            Some(Color::Red)
        );
        g.play_iccs("h2e2").expect("legal");
        // Black's move declines it.
        g.play_iccs("h9g7").expect("legal");
        assert_eq!(fouls::pending_draw_offer(g.events(), &rules), None);
        g.record(offer(Color::Red)).expect("own time");
        g.play_iccs("h0g2").expect("legal");
        g.record(GameEvent::DrawDeclined { by: Color::Black })
            .expect("declines");
        assert_eq!(fouls::pending_draw_offer(g.events(), &rules), None);
        g.play_iccs("i9h9").expect("legal");
        // Red's third offer against none is beyond the opponent's by more than two: a foul, void.
        g.record(offer(Color::Red)).expect("own time");
        let (counts, loss) = fouls::tally(g.events(), &rules, ByColor::default());
        assert_eq!(counts.red.draw_offers, 3);
        assert_eq!(counts.red.fouls, 1);
        assert_eq!(loss, None);
        assert_eq!(fouls::pending_draw_offer(g.events(), &rules), None);
        // WXF 2018 art. 12.11: within 20 moves the arbiter may refuse an agreed draw.
        assert!(!fouls::agreed_draw_allowed(&RuleSet::wxf2018(), 19));
        assert!(fouls::agreed_draw_allowed(&RuleSet::wxf2018(), 20));
        assert!(fouls::agreed_draw_allowed(&rules, 0));
    }
}
