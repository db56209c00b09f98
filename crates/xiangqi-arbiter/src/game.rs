//! A game as the arbiter keeps it: its moves, positions and hashes, its events, and how it
//! ended.
//!
//! Everything that happens is a [`GameEvent`], serializable for the store; a game can be
//! rebuilt from its events with [`Game::from_events`]. The enum is `#[non_exhaustive]` so that
//! clocks, fouls, touch-move and sealed moves can add theirs (they call [`Game::record`]).
//!
//! After a "must change" ruling the offender that repeats forbidden play again, at the next
//! repetition ruling, loses (CXA 2011 arts. 23.5.2, 4.1.5; WXF 2018 art. 3.1.C). The books count
//! this in rounds and cycles over the board; a program sees it when the position recurs.

use serde::{Deserialize, Serialize};
use xiangqi::{ByColor, Color, Move, Outcome, Position, Square, iccs::Iccs};

use crate::{
    clock::FlagReason,
    fouls::{self, Foul},
    movelimit::{MoveLimit, MoveLimitStatus},
    repetition::{Ruling, Verdict, counted_from, occurrences, rule_cycle},
    rules::RuleSet,
};

/// A game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// Red wins: `1-0`.
    #[serde(rename = "1-0")]
    RedWins,
    /// Black wins: `0-1`.
    #[serde(rename = "0-1")]
    BlackWins,
    /// A draw: `1/2-1/2`.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// `color` wins.
    pub const fn win(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn code(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Termination {
    /// 将死. CXA 2011 art. 4.1.1; WXF 2018 art. 3.1.A.
    Checkmate,
    /// 困毙. CXA 2011 art. 4.1.1; WXF 2018 art. 3.1.A.
    Stalemate,
    /// A move that left one's king capturable or the kings facing. CXA 2011 arts. 3.4, 4.1.3;
    /// WXF 2018 art. 4.5.
    Suicide,
    /// 认输. CXA 2011 art. 4.1.2; WXF 2018 art. 3.1.B.
    Resignation,
    /// 提和同意. CXA 2011 art. 4.2.1; WXF 2018 art. 3.2.A.
    Agreement,
    /// Neither side can win. CXA 2011 art. 4.2.2; WXF 2018 art. 3.2.A.
    InsufficientMaterial,
    /// 自然限着. CXA 2011 art. 22.2; WXF 2018 art. 8.
    MoveLimit,
    /// 棋例. CXA 2011 arts. 4.1.4–4.1.5, 4.2.3, 23–26; WXF 2018 arts. 3.1.C, 3.1.H, 3.2.B–C.
    Repetition,
    /// 超时: a flag fell. CXA 2011 arts. 4.1.6, 21; WXF 2018 arts. 3.1.B, 6.
    TimeForfeit,
    /// Fouls, violations or a breach the books punish with the game (see [`crate::fouls`]).
    /// CXA 2011 arts. 4.1.7–4.1.13; WXF 2018 arts. 3.1.D, 3.1.F–G.
    Foul,
    /// A sealed move that is illegal or unclear. WXF 2018 art. 6.5; seed 001 (封棋着法有误).
    SealedMove,
}

impl Termination {
    /// `checkmate`, `move_limit`, … as the CLI's JSON writes it.
    pub const fn code(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Suicide => "suicide",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::MoveLimit => "move_limit",
            Termination::Repetition => "repetition",
            Termination::TimeForfeit => "time_forfeit",
            Termination::Foul => "foul",
            Termination::SealedMove => "sealed_move",
        }
    }
}

/// Something that happened in a game: what the store keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum GameEvent {
    /// A move was played (a suicide move too: it ends the game).
    Move {
        /// Who moved.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// ICCS coordinates, e.g. `h2e2`.
        iccs: String,
    },
    /// A side resigned.
    Resigned {
        /// Who.
        #[serde(with = "crate::wire::color")]
        color: Color,
    },
    /// Both sides agreed to a draw.
    DrawAgreed,
    /// A side claimed the natural move limit.
    MoveLimitClaimed {
        /// Who claimed.
        #[serde(with = "crate::wire::color")]
        by: Color,
        /// Moves counted for the claimant.
        counted_moves: u32,
        /// Was the claim right? A false claim is a foul (CXA 2011 art. 22.2, WXF 2018 art. 8).
        valid: bool,
    },
    /// A repetition was ruled.
    RepetitionRuled {
        /// After how many plies.
        ply: usize,
        /// The verdict.
        verdict: Verdict,
    },
    /// The clock was started. CXA 2011 art. 6; WXF 2018 art. 6.4.
    ClockStarted {
        /// When (milliseconds on the caller's scale).
        at_ms: u64,
    },
    /// The next move of `color` was completed, and its clock pressed, at `at_ms` (the time of a
    /// move; it precedes the [`GameEvent::Move`]). CXA 2011 art. 6; WXF 2018 art. 6.
    MoveTime {
        /// Who moves.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// When.
        at_ms: u64,
    },
    /// The arbiter stopped the clock (a claim, a dispute, sealing). CXA 2011 art. 22.2; WXF 2018
    /// arts. 6.4, 8.
    ClockStopped {
        /// When.
        at_ms: u64,
    },
    /// The arbiter restarted the clock.
    ClockResumed {
        /// When.
        at_ms: u64,
    },
    /// The arbiter adjusted a clock after a fault. CXA 2011 art. 21.4; WXF 2018 art. 6.6.
    TimeAdjusted {
        /// Whose clock.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// Milliseconds given (positive) or taken (negative).
        delta_ms: i64,
        /// When.
        at_ms: u64,
    },
    /// A flag fell: `color` loses on time. CXA 2011 arts. 21.1–21.6; WXF 2018 arts. 6.2, 6.7.
    FlagFell {
        /// Whose flag.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// When it fell.
        at_ms: u64,
        /// Why.
        reason: FlagReason,
    },
    /// A foul, technical foul or violation, citing its article (filled in from the rule set).
    Foul {
        /// Who.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// What.
        foul: Foul,
        /// The article.
        #[serde(default)]
        article: String,
    },
    /// `by` offered a draw, in its own time. CXA 2011 art. 22.1.
    DrawOffered {
        /// Who offered.
        #[serde(with = "crate::wire::color")]
        by: Color,
    },
    /// `by` declined the pending offer (moving on declines it too). CXA 2011 art. 22.1.
    DrawDeclined {
        /// Who declined.
        #[serde(with = "crate::wire::color")]
        by: Color,
    },
    /// `color` sealed its move (封棋) with both clocks' used times. WXF 2018 art. 6.5.
    MoveSealed {
        /// Who sealed.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// When.
        at_ms: u64,
        /// Red's used time.
        red_used_ms: u64,
        /// Black's used time.
        black_used_ms: u64,
    },
    /// The sealed move was opened; an illegal or unclear one loses (WXF 2018 art. 6.5; seed
    /// 001). A valid one is then played as a [`GameEvent::Move`].
    SealedMoveOpened {
        /// Who sealed.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// The text written.
        text: String,
        /// Did it name one legal move? Recomputed by [`Game::record`].
        #[serde(default)]
        valid: bool,
    },
    /// The game ended.
    Ended {
        /// The result.
        result: GameResult,
        /// How.
        termination: Termination,
    },
}

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
                    return Err(GameError::OutOfTurn(iccs));
                }
                self.play_iccs(&iccs)
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
            GameEvent::FlagFell { color, .. } => {
                self.events.push(event);
                self.finish(GameResult::win(!color), Termination::TimeForfeit);
                Ok(())
            }
            GameEvent::Foul { color, foul, .. } => {
                let article = foul.article(self.rules.book).to_owned();
                self.events.push(GameEvent::Foul {
                    color,
                    foul,
                    article,
                });
                self.rule_fouls();
                Ok(())
            }
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
                let valid = crate::seal::read_move(self.position(), &text).is_ok();
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
    /// [`GameError::Over`] after the end; [`GameError::Illegal`] if the piece cannot go there.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if self.end.is_some() {
            return Err(GameError::Over);
        }
        let pos = self.position().clone();
        let mover = pos.turn();
        if !pos.is_pseudo_legal(m) {
            return Err(GameError::Illegal(m.to_string()));
        }
        self.events.push(GameEvent::Move {
            color: mover,
            iccs: m.to_string(),
        });
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
                if occ.len() >= self.rules.draw_occurrences as usize {
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
            .rposition(|e| matches!(e, GameEvent::Move { iccs, .. } if self.is_capture_text(iccs)))
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

    fn is_capture_text(&self, iccs: &str) -> bool {
        self.moves
            .iter()
            .any(|m| m.is_capture() && m.to_string() == iccs)
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

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let mut g = Game::new(Position::new(), RuleSet::cxa2011());
        assert!(matches!(g.play_iccs("zz"), Err(GameError::Syntax(_))));
        assert!(matches!(g.play_iccs("a0a5"), Err(GameError::Illegal(_))));
        let e = GameEvent::Move {
            color: Color::Black,
            iccs: "h7e7".into(),
        };
        assert!(matches!(g.record(e), Err(GameError::OutOfTurn(_))));
    }
}
