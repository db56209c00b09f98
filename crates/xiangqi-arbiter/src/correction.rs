//! Error correction (纠错): an error found during a game, and what the arbiter does about it.
//! CXA 2011 art. 5.8; WXF 2018 art. 4.4.
//!
//! Corrections stand on the [`Game`] and the timed game ([`TimedGame`], whose clock is not
//! turned back): the game is taken back by replaying its events up to the
//! ply the error took back, so a corrected game is again a pure function of its events. The
//! foul an error costs is recorded as a [`crate::Foul`] event ([`crate::fouls`]).

use serde::{Deserialize, Serialize};
use xiangqi::{Position, Square};

use crate::{
    clock::{TimedError, TimedGame},
    event::GameEvent,
    game::{Game, GameError},
};

/// An error found during a game. CXA 2011 art. 5.8; WXF 2018 art. 4.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FoundError {
    /// The move at `ply` (from 1) broke the rules of movement and was played on.
    IllegalMove {
        /// The ply of the illegal move.
        ply: usize,
    },
    /// A piece was displaced by accident at `ply`; found `plies_since` plies later.
    DisplacedPiece {
        /// The ply after which the board went wrong.
        ply: usize,
        /// Plies played since.
        plies_since: usize,
    },
    /// The players had the wrong colours; found `elapsed_ms` after the start.
    ColoursReversed {
        /// Time since the start.
        elapsed_ms: u64,
    },
}

/// What the arbiter does about a [`FoundError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Remedy {
    /// Back to the position before ply `ply` (from 1). `bound` is the piece that must move
    /// again (treated as touched, CXA 2011 arts. 5.8.2, 5.1); `None`: any piece may move.
    Restore {
        /// The ply taken back with everything after it.
        ply: usize,
        /// The square of the piece that must move.
        #[serde(with = "square_opt")]
        bound: Option<Square>,
    },
    /// Replay with colours swapped. CXA 2011 art. 5.8.1.
    ReplaySwapped,
    /// Too late: the game stands. CXA 2011 arts. 5.8, 5.8.1; WXF 2018 art. 4.4.B.
    Stands,
}

mod square_opt {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use xiangqi::Square;

    pub fn serialize<S: Serializer>(sq: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
        match sq {
            Some(sq) => s.collect_str(sq),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Square>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|s| s.parse().map_err(D::Error::custom))
            .transpose()
    }
}

/// The remedy for an error found in `game`. An illegal move also costs a foul or the game
/// (record a [`crate::Foul::IllegalMove`]); under CXA 2011 art. 5.8.2 a national event's first
/// illegal move already loses (4.1.8).
///
/// - illegal move: back to before it, the piece moved must move again (CXA 2011 art. 5.8.2;
///   WXF 2018 art. 4.4.A);
/// - displaced piece: within [`crate::FoulRules::displaced_piece_rounds`] rounds back to before it,
///   any piece may move; later it stands (CXA 2011 art. 5.8.2, 5.8);
/// - colours reversed: within [`crate::FoulRules::colour_swap_window_ms`] replay swapped, later the
///   game stands (CXA 2011 art. 5.8.1; WXF 2018 art. 4.4.B: it always stands).
pub fn remedy(game: &Game, error: FoundError) -> Remedy {
    let f = game.rules().fouls;
    match error {
        FoundError::IllegalMove { ply } => {
            if ply == 0 || ply > game.moves().len() {
                return Remedy::Stands;
            }
            Remedy::Restore {
                ply,
                bound: game.moves().get(ply - 1).map(|m| m.from),
            }
        }
        FoundError::DisplacedPiece { ply, plies_since } => {
            let within = plies_since <= 2 * f.displaced_piece_rounds as usize;
            if within && ply < game.moves().len() + 1 {
                Remedy::Restore {
                    ply: ply + 1,
                    bound: None,
                }
            } else {
                Remedy::Stands
            }
        }
        FoundError::ColoursReversed { elapsed_ms } => match f.colour_swap_window_ms {
            Some(w) if elapsed_ms <= w => Remedy::ReplaySwapped,
            _ => Remedy::Stands,
        },
    }
}

/// The game as it stood before ply `ply` (from 1): its events up to that move, replayed.
/// Fouls and offers recorded before it are kept.
///
/// # Errors
/// [`GameError::Illegal`] if `ply` is not a ply of the game; a replay error otherwise.
pub fn restore(game: &Game, ply: usize) -> Result<Game, GameError> {
    if ply == 0 || ply > game.moves().len() {
        return Err(GameError::Illegal(format!("no ply {ply} to restore")));
    }
    let mut seen = 0;
    let events = game.events();
    let mut cut = events
        .iter()
        .position(|e| {
            if matches!(e, GameEvent::Move { .. }) {
                seen += 1;
            }
            seen == ply
        })
        .unwrap_or(events.len());
    // The move's time goes with it: it belongs to the move taken back.
    if cut > 0 && matches!(events[cut - 1], GameEvent::MoveTime { .. }) {
        cut -= 1;
    }
    Game::from_events(game.start().clone(), *game.rules(), &events[..cut])
}

/// The game after `remedy`: for [`Remedy::Restore`], the game as it stood before the ply
/// ([`restore`]) with the piece that must move again recorded as touched, so that
/// [`Game::play`] holds the player to it (CXA 2011 art. 5.8.2: "重走时轮走方那个已动的棋子应视为
/// 已经摸触，必须按5.1款走棋"; WXF 2018 art. 4.4.A sets no such binding and we apply the same).
/// A piece that has no legal move there is not recorded (art. 5.1: another may move; the
/// arbiter's ruling is no touch foul of the player's). `None` for the other remedies: the game
/// stands, or is replayed from its start with colours swapped.
///
/// # Errors
/// As [`restore`].
pub fn correct(game: &Game, remedy: Remedy) -> Result<Option<Game>, GameError> {
    let Remedy::Restore { ply, bound } = remedy else {
        return Ok(None);
    };
    let mut back = restore(game, ply)?;
    if let Some(sq) = bound
        && back.position().legal_moves().iter().any(|m| m.from == sq)
    {
        let turn = back.position().turn();
        back.touch(turn, &[sq])?;
    }
    Ok(Some(back))
}

/// [`correct`] for a timed game, at `at`: the board goes back, the clock does not (each side
/// keeps the time it used, and the side to move's face runs from `at`: see
/// [`TimedGame::take_back`]). `None` when the remedy is not a restore.
///
/// # Errors
/// As [`correct`]; a clock error.
pub fn correct_timed(
    game: &TimedGame,
    remedy: Remedy,
    at: u64,
) -> Result<Option<TimedGame>, TimedError> {
    let Some(back) = correct(game.game(), remedy)? else {
        return Ok(None);
    };
    let mut timed = game.clone();
    timed.take_back(back, at)?;
    Ok(Some(timed))
}

/// The position before ply `ply`, if there is such a ply.
pub fn position_before(game: &Game, ply: usize) -> Option<Position> {
    restore(game, ply).ok().map(|g| g.position().clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;

    /// CXA 2011 art. 5.8; WXF 2018 art. 4.4.
    #[test]
    fn error_correction() {
        let mut g = Game::new(Position::new(), RuleSet::cxa2011());
        for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            g.play_iccs(m).expect("legal");
        }
        // An illegal move found later: back to before it, the piece moved must move again.
        let r = remedy(&g, FoundError::IllegalMove { ply: 3 });
        assert_eq!(
            r,
            Remedy::Restore {
                ply: 3,
                bound: Some("h0".parse().expect("square"))
            }
        );
        let back = restore(&g, 3).expect("restores");
        assert_eq!(back.moves().len(), 2);
        assert_eq!(Some(back.position().clone()), position_before(&g, 3));
        // CXA 2011 art. 5.8.2: the horse h0 counts as touched and must move again.
        let mut again = correct(&g, r).expect("restores").expect("a game");
        assert_eq!(again.moves().len(), 2);
        assert!(again.play_iccs("b0c2").is_err(), "bound to the horse on h0");
        again.play_iccs("h0i2").expect("the horse moves");
        assert_eq!(correct(&g, Remedy::Stands).map(|g| g.is_none()), Ok(true));
        // A displaced piece: restored within five rounds, later the game stands.
        let r = remedy(
            &g,
            FoundError::DisplacedPiece {
                ply: 1,
                plies_since: 3,
            },
        );
        assert_eq!(
            r,
            Remedy::Restore {
                ply: 2,
                bound: None
            }
        );
        let r = remedy(
            &g,
            FoundError::DisplacedPiece {
                ply: 1,
                plies_since: 11,
            },
        );
        assert_eq!(r, Remedy::Stands);
        // Colours reversed: within 20 minutes replay swapped (CXA 5.8.1); WXF 4.4.B stands.
        let r = remedy(
            &g,
            FoundError::ColoursReversed {
                elapsed_ms: 19 * 60_000,
            },
        );
        assert_eq!(r, Remedy::ReplaySwapped);
        let r = remedy(
            &g,
            FoundError::ColoursReversed {
                elapsed_ms: 21 * 60_000,
            },
        );
        assert_eq!(r, Remedy::Stands);
        let w = Game::new(Position::new(), RuleSet::wxf2018());
        assert_eq!(
            remedy(&w, FoundError::ColoursReversed { elapsed_ms: 1 }),
            Remedy::Stands
        );
        assert!(restore(&g, 0).is_err() && restore(&g, 9).is_err());
        let json = serde_json::to_string(&r).expect("serializable");
        assert_eq!(serde_json::from_str::<Remedy>(&json).expect("readable"), r);
    }

    /// CXA 2011 art. 5.8.2 in a timed game: the board goes back three plies, the clocks keep
    /// the time used, and the face of the side to move runs from the correction.
    #[test]
    fn a_timed_correction_keeps_the_time_used() {
        use crate::clock::TimeControl;
        let control: TimeControl = "10m".parse().expect("control");
        let mut g = TimedGame::new(Position::new(), RuleSet::cxa2011(), control);
        g.start(0).expect("starts");
        for (i, m) in ["h2e2", "h9g7", "h0g2", "i9h9"].iter().enumerate() {
            g.play_iccs(m, (i as u64 + 1) * 10_000).expect("in time");
        }
        let (red, black) = (g.used(xiangqi::Color::Red), g.used(xiangqi::Color::Black));
        assert_eq!((red, black), (20_000, 20_000));
        let r = remedy(g.game(), FoundError::IllegalMove { ply: 2 });
        let back = correct_timed(&g, r, 45_000)
            .expect("restores")
            .expect("a game");
        assert_eq!(back.game().moves().len(), 1);
        assert_eq!(back.game().position().turn(), xiangqi::Color::Black);
        // Red was to move from 40 s: its 5 s stand; Black's face runs from 45 s.
        assert_eq!(back.clock().used(xiangqi::Color::Red, 45_000), 25_000);
        assert_eq!(back.clock().used(xiangqi::Color::Black, 50_000), 25_000);
        assert_eq!(back.clock().side(xiangqi::Color::Black).moves, 0);
        assert!(
            !back
                .game()
                .events()
                .iter()
                .any(|e| matches!(e, GameEvent::MoveTime { at_ms: 20_000, .. })),
            "the time of the move taken back goes with it"
        );
        // The horse that moved at ply 2 must move again (art. 5.8.2).
        let mut again = back.clone();
        assert!(again.play_iccs("b9c7", 50_000).is_err());
        again
            .play_iccs("h9i7", 50_000)
            .expect("the horse moves again");
    }
}
