//! Sealed moves (封棋) and resumption (续赛).
//!
//! When the session ends before the game, the side to move writes its move secretly, in its
//! own time, then the clock is stopped; the arbiter keeps the envelope with the diagram and
//! both sides' used times, and at resumption the clocks are set to those times and the move is
//! opened. A sealed move that is illegal or cannot be read one way only loses (WXF 2018 art.
//! 6.5: "所记下之着法有误而又解释不通，即应判负"; seed 001 ④⑧: "封棋着法有误").
//!
//! Sealing stands on the timed game ([`TimedGame`]): the clock is stopped with the seal and
//! restarted with the opening. The envelope ([`Envelope`]) and the reading of its move
//! ([`read_move`]) stand below the game, which reads the move when it is opened; they are
//! re-exported here.

use xiangqi::{Color, Move};

pub use crate::envelope::{Envelope, SealedMoveError, read_move};
use crate::{
    clock::{TimedError, TimedGame},
    event::GameEvent,
    game::GameError,
};

/// The side to move seals `text` at `at`: its clock is charged up to then and stopped, and the
/// envelope records both used times.
///
/// # Errors
/// A clock error (not started, stopped, flagged) or a game error (over).
pub fn seal(game: &mut TimedGame, text: &str, at: u64) -> Result<Envelope, TimedError> {
    let sealer = game.game().position().turn();
    game.apply(GameEvent::ClockStopped { at_ms: at })?;
    if game.game().end().is_some() {
        return Err(TimedError::Game(GameError::Over));
    }
    let red_used_ms = game.used(Color::Red);
    let black_used_ms = game.used(Color::Black);
    game.apply(GameEvent::MoveSealed {
        color: sealer,
        at_ms: at,
        red_used_ms,
        black_used_ms,
    })?;
    Ok(Envelope {
        sealer,
        plies: game.game().moves().len(),
        text: text.to_owned(),
        red_used_ms,
        black_used_ms,
    })
}

/// Opens `envelope` at `at`: the clock restarts and, if the move is valid, it is played at
/// once (no time is charged for it); if not, the sealer loses. Returns the move played.
///
/// # Errors
/// A clock or game error; a sealed move that loses is not an error but the game's end.
pub fn open(
    game: &mut TimedGame,
    envelope: &Envelope,
    at: u64,
) -> Result<Option<Move>, TimedError> {
    game.apply(GameEvent::ClockResumed { at_ms: at })?;
    game.apply(GameEvent::SealedMoveOpened {
        color: envelope.sealer,
        text: envelope.text.clone(),
        valid: false,
    })?;
    if game.game().end().is_some() {
        return Ok(None);
    }
    let m = read_move(game.game().position(), &envelope.text)
        .map_err(|_| TimedError::Game(GameError::Illegal(envelope.text.clone())))?;
    game.play(m, at)?;
    Ok(Some(m))
}

#[cfg(test)]
mod tests {
    use xiangqi::Position;

    use super::*;
    use crate::{
        GameResult, RuleSet, Termination,
        clock::{Clock, TimeControl},
    };

    fn timed() -> TimedGame {
        let control: TimeControl = "60m".parse().expect("valid");
        let mut g = TimedGame::new(Position::new(), RuleSet::wxf2018(), control);
        g.start(0).expect("starts");
        g
    }

    #[test]
    fn reads_every_notation() {
        let pos = Position::new();
        for t in [
            "h2e2",
            "H2-E2",
            "C2.5",
            "C2=5",
            "炮二平五",
            "炮 2=5",
            "炮 2 5",
        ] {
            let m = read_move(&pos, t).expect(t);
            assert_eq!(m.to_string(), "h2e2", "{t}");
        }
        assert!(matches!(
            read_move(&pos, "??"),
            Err(SealedMoveError::Unclear(_))
        ));
        assert!(matches!(
            read_move(&pos, "a0a5"),
            Err(SealedMoveError::Illegal(_))
        ));
        // WXF 2018 art. 6.5: a short form two moves fit cannot be explained one way only.
        let horse: Position = "3k5/9/9/9/9/1N7/9/9/9/4K4 w".parse().expect("fen");
        assert!(matches!(
            read_move(&horse, "马 87"),
            Err(SealedMoveError::Illegal(_))
        ));
    }

    #[test]
    fn seal_and_resume_keeps_both_times() {
        // WXF 2018 art. 6.5: the envelope carries both used times; the move is played on opening.
        let mut g = timed();
        g.play_iccs("h2e2", 60_000).expect("in time");
        let env = seal(&mut g, "h9g7", 100_000).expect("seals");
        assert_eq!((env.red_used_ms, env.black_used_ms), (60_000, 40_000));
        assert_eq!(env.sealer, Color::Black);
        // Overnight: the stopped clock does not run.
        let m = open(&mut g, &env, 50_000_000).expect("opens");
        assert_eq!(m.map(|m| m.to_string()), Some("h9g7".to_owned()));
        assert_eq!(g.used(Color::Black), 40_000);
        assert_eq!(g.clock().turn(), Color::Red);
        let replay = TimedGame::from_events(
            Position::new(),
            RuleSet::wxf2018(),
            g.clock().control().clone(),
            g.game().events(),
        )
        .expect("replays");
        assert_eq!(replay.clock(), g.clock());
        let _ = Clock::new(g.clock().control().clone());
    }

    #[test]
    fn an_unclear_sealed_move_loses() {
        // WXF 2018 art. 6.5; seed 001 ⑧.
        let mut g = timed();
        let env = seal(&mut g, "马八进九九", 1000).expect("seals");
        assert_eq!(open(&mut g, &env, 2000).expect("opened"), None);
        assert_eq!(
            g.game().end(),
            Some((GameResult::BlackWins, Termination::SealedMove))
        );
    }
}
