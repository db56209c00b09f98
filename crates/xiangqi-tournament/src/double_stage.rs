//! Double elimination (双败淘汰制) as events of a [`Tournament`]: CXA 2011 art. 10.4 names
//! it; the bracket is [`DoubleElimination`] (its order table, appendix 4, is not in our text).
//!
//! Everything is a projection of the rounds and results ([`Tournament::double_bracket`]):
//!
//! - Seeds are start numbers of the players still in at round 1; byes go to the top seeds.
//! - A match is one game. A drawn game goes to up to `playoff_games` rapid games
//!   (WXF 10.1 加赛快棋) and then a lot from the seed of its last game's round, as in
//!   [`crate::tournament::Format::Knockout`]; the first game's colours are drawn by lot from the round's seed and
//!   play-offs alternate (CXA 12.4).
//! - One tournament round pairs every match whose two players are known and which needs a
//!   game; the others wait. The bracket lists no byes: a player idle in a round scores nothing.
//! - A player who withdrew (CXA 19) or was expelled (CXA 18.3) loses each later match by
//!   walkover, so drops to the losers' bracket and then out. Both players of a match absent
//!   (CXA 20.2 双方均判负) or gone: both lose, and as the bracket has one place for the loser,
//!   neither goes on (the next opponents have a bye).
//! - With `reset`, the second grand final is played only if the losers' bracket champion won
//!   the first, so nobody is out before losing twice.

use crate::{
    double_elimination::{DoubleElimination, DoubleMatch, Part, Source},
    knockout::MatchFormat,
    knockout::{Decision, KnockoutMatch},
    knockout_stage::{Next, Plan},
    round_robin::Pairing,
    stage::{Stage, StageOutcome, StagePlay, Staged},
    swiss::PairingSystem,
    tournament::{Event, Tournament, TournamentError},
    tournament_stages::round_games,
    types::PlayerId,
};

/// 双败淘汰制 (CXA 10.4) as a [`Stage`]: a double-elimination bracket of the table players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoubleEliminationStage {
    /// A second grand final when the losers' bracket champion wins the first.
    pub reset: bool,
    /// Rapid play-off games at most after a drawn game, then a lot (WXF 10.1).
    pub playoff_games: u32,
}

impl DoubleEliminationStage {
    /// Replays the bracket: every match as far as the results go, and the plan of the next
    /// game round (`None` while a round awaits results or when the champion is known).
    fn replay(&self, t: &Tournament) -> Result<(Vec<DoubleMatch>, Option<Plan>), TournamentError> {
        let (reset, playoff_games) = (self.reset, self.playoff_games);
        let entrants = t.table_players();
        let bracket = DoubleElimination::new(entrants.len() as u32, reset)
            .map_err(|e| TournamentError::InvalidFormat(e.to_string()))?;
        let plan_of = bracket.matches();
        let mut lines: Vec<DoubleMatch> = plan_of
            .iter()
            .map(|m| DoubleMatch {
                part: m.part,
                line: KnockoutMatch::new(None, None),
                loser: None,
                needed: true,
            })
            .collect();
        // (winner, loser) of each decided match.
        let mut decided: Vec<Option<(Option<PlayerId>, Option<PlayerId>)>> =
            vec![None; lines.len()];
        let mut round = 1u32;
        loop {
            let mut wanted = Vec::new();
            let mut pending = false;
            for (i, m) in plan_of.iter().enumerate() {
                if decided[i].is_some() {
                    continue;
                }
                let source = |s: Source| match s {
                    Source::Seed(k) => Some(
                        (k as usize)
                            .checked_sub(1)
                            .and_then(|k| entrants.get(k))
                            .copied(),
                    ),
                    Source::WinnerOf(j) => decided.get(j).copied().flatten().map(|d| d.0),
                    Source::LoserOf(j) => decided.get(j).copied().flatten().map(|d| d.1),
                };
                let (Some(a), Some(b)) = (source(m.a), source(m.b)) else {
                    continue;
                };
                if m.part == Part::Reset {
                    // Played only if the losers' bracket champion won the first final.
                    let champion = match plan_of[i - 1].a {
                        Source::WinnerOf(j) => decided[j].and_then(|d| d.0),
                        _ => None,
                    };
                    let first_final = lines[i - 1].line.winner;
                    if first_final.is_none() || first_final == champion {
                        lines[i].needed = false;
                        decided[i] = Some((first_final, None));
                        continue;
                    }
                }
                let line = &mut lines[i];
                if line.line.first.is_none() && line.line.second.is_none() {
                    (line.line.first, line.line.second) = if a.is_none() { (b, a) } else { (a, b) };
                }
                match t.line_next(
                    &mut line.line,
                    i,
                    round,
                    MatchFormat::OneGame,
                    playoff_games,
                ) {
                    Next::Decided => {
                        let l = &line.line;
                        line.loser = match (l.winner, l.first, l.second) {
                            (Some(w), Some(x), Some(y)) => Some(if w == x { y } else { x }),
                            _ => None,
                        };
                        decided[i] = Some((l.winner, line.loser));
                    }
                    Next::Pending => pending = true,
                    Next::Game(x, y, colour) => wanted.push((i, x, y, colour)),
                }
            }
            if pending || wanted.is_empty() {
                return Ok((lines, None));
            }
            let Some(games) = round_games(t, round, &wanted) else {
                let games = wanted.iter().map(|&(_, a, b, c)| (a, b, c)).collect();
                return Ok((
                    lines,
                    Some(Plan {
                        games,
                        byes: Vec::new(),
                    }),
                ));
            };
            for (i, mut game) in games {
                // One game a match: any later one is a play-off.
                game.playoff = !lines[i].line.games.is_empty();
                lines[i].line.games.push(game);
            }
            round += 1;
        }
    }

    /// The bracket in playing order; empty when it cannot be drawn.
    fn bracket(&self, t: &Tournament) -> Vec<DoubleMatch> {
        self.replay(t).map(|(b, _)| b).unwrap_or_default()
    }
}

impl Stage<Tournament> for DoubleEliminationStage {
    /// An upper bound: 2n − 1 matches, each with its play-offs, at least one a round.
    fn rounds(&self, play: &StagePlay<'_, Tournament>) -> u32 {
        let n = play.tournament.table_players().len() as u32;
        (2 * n).saturating_sub(1) * (1 + self.playoff_games)
    }

    /// A game of every match ready to play, colours of a match's first game by lot from
    /// `seed`, play-offs alternated (CXA 10.4, 12.4; WXF 10.1).
    fn pair(
        &self,
        play: &StagePlay<'_, Tournament>,
        _engine: Option<&dyn PairingSystem>,
        seed: Option<u64>,
    ) -> Result<Event, TournamentError> {
        let seed = seed.ok_or(TournamentError::NeedsPairings)?;
        let t = play.tournament;
        let round = play.next_round();
        if t.table_players().len() < 3 {
            return Err(TournamentError::TooFewPlayers);
        }
        let (_, plan) = self.replay(t)?;
        match (plan, t.rounds().last()) {
            (Some(plan), _) => Ok(plan.event(round, seed)),
            (None, Some(last)) if self.champion(play).is_none() => {
                Err(TournamentError::RoundIncomplete(last.number))
            }
            (None, _) => Err(TournamentError::KnockoutDecided),
        }
    }

    /// A hand-entered round against the bracket's plan.
    fn check(
        &self,
        play: &StagePlay<'_, Tournament>,
        games: &[Pairing],
        byes: &[PlayerId],
        seed: Option<u64>,
    ) -> Result<(), TournamentError> {
        let (_, plan) = self.replay(play.tournament)?;
        Ok(Plan::check(plan, games, byes, seed)?)
    }

    fn finished(&self, play: &StagePlay<'_, Tournament>) -> bool {
        self.champion(play).is_some()
    }

    fn outcome(&self, play: &StagePlay<'_, Tournament>) -> StageOutcome {
        StageOutcome::DoubleBracket(self.bracket(play.tournament))
    }

    /// The winner of the grand final, or of the reset final when that was needed.
    fn champion(&self, play: &StagePlay<'_, Tournament>) -> Option<PlayerId> {
        let bracket = self.bracket(play.tournament);
        let last = bracket.iter().rev().find(|m| m.needed)?;
        if matches!(last.part, Part::GrandFinal | Part::Reset)
            && last.line.decision != Decision::Open
        {
            last.line.winner
        } else {
            None
        }
    }

    fn is_bracket(&self) -> bool {
        true
    }
}

impl Tournament {
    /// The double-elimination bracket (CXA 10.4) in playing order: every match with its
    /// players as far as known, games, winner and loser. Empty for other formats.
    #[must_use]
    pub fn double_bracket(&self) -> Vec<DoubleMatch> {
        self.with_stage(|s: &DoubleEliminationStage, _| s.bracket(self))
            .unwrap_or_default()
    }
}

// The tests name formats through `super::*`.
#[cfg(test)]
use crate::tournament::Format;

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;
    use crate::types::GameResult;
    use crate::{
        Lot,
        round_robin::Pairing,
        scoring::ScoringScheme,
        types::{Book, Player},
    };

    fn double(n: u32, reset: bool, playoff_games: u32) -> Tournament {
        let mut events = vec![Event::Created {
            name: "cup".into(),
            rules: Book::Cxa2011,
            format: Format::DoubleElimination {
                reset,
                playoff_games,
            },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        events.extend((1..=n).map(|i| Event::Registered {
            player: Player::named(format!("S{i}")),
        }));
        Tournament::from_events(events).unwrap()
    }

    fn id(n: u32) -> PlayerId {
        PlayerId::new(n).unwrap()
    }

    /// Pairs the next round and records `result(red, black)` on every board.
    fn play(t: &mut Tournament, seed: u64, result: &impl Fn(u32, u32) -> GameResult) {
        let e = t.pair_knockout(seed).unwrap();
        t.apply(e.clone()).unwrap();
        let Event::RoundPaired { round, games, .. } = e else {
            unreachable!()
        };
        for g in games {
            t.apply(Event::ResultRecorded {
                round,
                board: g.board,
                result: result(g.red.get(), g.black.get()),
            })
            .unwrap();
        }
    }

    fn favourite(red: u32, black: u32) -> GameResult {
        if red < black {
            GameResult::RedWins
        } else {
            GameResult::BlackWins
        }
    }

    /// Matches lost by each player over the bracket.
    fn losses(t: &Tournament) -> HashMap<PlayerId, u32> {
        let mut out = HashMap::new();
        for m in t.double_bracket() {
            if let Some(l) = m.loser {
                *out.entry(l).or_insert(0) += 1;
            }
        }
        out
    }

    #[test]
    fn the_favourite_wins_without_a_reset() {
        // CXA 10.4: 8 players; 2n − 2 = 14 matches, no reset needed when seed 1 wins.
        let mut t = double(8, true, 0);
        while t.champion().is_none() {
            play(&mut t, 3, &favourite);
        }
        assert_eq!(t.champion(), Some(id(1)));
        let played = t
            .double_bracket()
            .iter()
            .filter(|m| m.loser.is_some())
            .count();
        assert_eq!(played, 14);
        assert!(t.double_bracket().iter().any(|m| !m.needed));
        // Seed 2 lost only to seed 1: in the winners' final and the grand final.
        assert_eq!(losses(&t).get(&id(2)), Some(&2));
        assert_eq!(losses(&t).get(&id(1)), None);
        assert_eq!(t.pair_knockout(1), Err(TournamentError::KnockoutDecided));
        assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
    }

    #[test]
    fn a_losers_bracket_champion_forces_the_reset() {
        // Seed 1 loses to seed 2 in the winners' final, wins the losers' final, then wins the
        // grand final: a second final is needed and decides it.
        let mut t = double(4, true, 0);
        let upset = |red: u32, black: u32| {
            let (a, b) = (red.min(black), red.max(black));
            let low_wins = !(a == 1 && b == 2);
            if (red == a) == low_wins {
                GameResult::RedWins
            } else {
                GameResult::BlackWins
            }
        };
        // Winners' final: 2 beats 1. Then 1 beats everyone, 2 included in the grand final.
        while t.champion().is_none() {
            let in_final = t
                .double_bracket()
                .iter()
                .any(|m| m.part == Part::GrandFinal && m.line.first.is_some());
            if in_final {
                play(&mut t, 5, &favourite);
            } else {
                play(&mut t, 5, &upset);
            }
        }
        let bracket = t.double_bracket();
        let reset = bracket.iter().find(|m| m.part == Part::Reset).unwrap();
        assert!(reset.needed);
        assert_eq!(reset.line.winner, Some(id(1)));
        assert_eq!(t.champion(), Some(id(1)));
        // Seed 2 lost twice (both finals), everyone else too; the champion once.
        let l = losses(&t);
        assert_eq!(l.get(&id(1)), Some(&1));
        assert!((2..=4).all(|k| l.get(&id(k)) == Some(&2)));
    }

    #[test]
    fn a_draw_goes_to_playoffs_and_hand_pairings_are_checked() {
        // WXF 10.1: a drawn game, then rapid play-off games; colours alternate (CXA 12.4).
        let mut t = double(3, false, 1);
        let e = t.pair_knockout(9).unwrap();
        let Event::RoundPaired { games, .. } = &e else {
            unreachable!()
        };
        // 3 entrants: seed 1 has a bye, 2 meets 3.
        assert_eq!(games.len(), 1);
        let g = games[0];
        // A game that is not in the bracket is refused.
        let wrong = Event::RoundPaired {
            round: 1,
            games: vec![Pairing {
                board: 1,
                red: id(1),
                black: id(2),
            }],
            byes: vec![],
            seed: Some(9),
        };
        assert!(matches!(
            t.clone().apply(wrong),
            Err(TournamentError::NotInBracket(_))
        ));
        t.apply(e).unwrap();
        t.apply(Event::ResultRecorded {
            round: 1,
            board: 1,
            result: GameResult::Draw,
        })
        .unwrap();
        let Event::RoundPaired { games: next, .. } = t.pair_knockout(1).unwrap() else {
            unreachable!()
        };
        assert_eq!(next.len(), 1);
        assert_eq!((next[0].red, next[0].black), (g.black, g.red));
        while t.champion().is_none() {
            play(&mut t, 2, &|_, _| GameResult::Draw);
        }
        // Every draw went to a lot in the end: a champion all the same.
        assert!(
            t.double_bracket()
                .iter()
                .any(|m| m.line.decision == Decision::Lot)
        );
    }

    #[test]
    fn a_withdrawn_player_loses_by_walkover() {
        // CXA 19; 18.3: seed 4 withdraws before playing; its matches are walkovers.
        let mut t = double(4, false, 0);
        t.apply(Event::Withdrawn {
            player: id(4),
            after_round: 0,
        })
        .unwrap();
        // Withdrawn before the start: a 3-player bracket.
        while t.champion().is_none() {
            play(&mut t, 1, &favourite);
        }
        assert_eq!(t.champion(), Some(id(1)));
        assert!(
            t.rounds()
                .iter()
                .flat_map(|r| &r.games)
                .all(|g| g.pairing.red != id(4) && g.pairing.black != id(4))
        );
        assert!(matches!(
            Tournament::from_events(double(2, false, 0).events().to_vec())
                .unwrap()
                .pair_knockout(1),
            Err(TournamentError::TooFewPlayers)
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// With a reset final, any results give one champion with at most one lost match,
        /// everyone else out after exactly two, in 2n − 2 or 2n − 1 matches.
        #[test]
        fn nobody_is_out_before_losing_twice(n in 3u32..20, seed in any::<u64>()) {
            let mut t = double(n, true, 1);
            let result = |red: u32, black: u32| {
                let mut lot = Lot::new(seed ^ (u64::from(red) << 32) ^ u64::from(black));
                match lot.below(3) {
                    0 => GameResult::RedWins,
                    1 => GameResult::BlackWins,
                    _ => GameResult::Draw,
                }
            };
            while t.champion().is_none() {
                prop_assert!((t.rounds().len() as u32) < t.total_rounds());
                let s = seed.wrapping_add(t.rounds().len() as u64);
                play(&mut t, s, &result);
            }
            let champion = t.champion().unwrap();
            let l = losses(&t);
            prop_assert!(l.get(&champion).copied().unwrap_or(0) <= 1);
            for k in 1..=n {
                if id(k) != champion {
                    prop_assert_eq!(l.get(&id(k)).copied(), Some(2));
                }
            }
            let matches: u32 = l.values().sum();
            prop_assert!(matches == 2 * n - 2 || matches == 2 * n - 1);
            prop_assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
        }
    }
}
