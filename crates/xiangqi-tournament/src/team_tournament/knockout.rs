//! Team knockouts (淘汰制 of teams): CXA 2011 arts. 10.4 and 12.4; WXF 2018 art. 10.1.
//!
//! The same bracket as the players' knockout ([`crate::knockout_stage`]), with a team match
//! where a player has a game:
//!
//! - Seeds are team numbers of the teams still in at round 1; byes go to the top seeds and
//!   seeds 1 and 2 can meet only in the final (WXF 10.1 "避免初复赛即碰头").
//! - A bracket match is one, two or three team matches ([`MatchFormat`]), each won, drawn or
//!   lost on 场分. Which team is listed first (red on odd boards, CXA 12.2) is drawn by lot
//!   from the round's seed for the first team match of a line and then alternates (CXA 12.4
//!   "两局制比赛不论个人赛还是团体赛，第一局抽签确定先后手，第二局换先").
//! - Level after its matches, a line goes to up to `playoff_games` play-off team matches
//!   (WXF 10.1 "如棋手或棋队赛和，可以考虑加赛快棋决定胜负"), then to a lot from the seed of
//!   its last match's round.
//! - A team that withdrew (CXA 19; WXF 11) loses every later line by walkover; its matches
//!   already paired are forfeited on every board (CXA 20.3).
//!
//! The bracket uses the players' types with team numbers: [`PlayerId`] `n` is team `n`
//! (index `n − 1`), and a game's `first_color` is red when the line's first team was listed
//! first.

use super::{Scored, TeamError, TeamEvent, TeamTournament};
use crate::{
    KnockoutStage,
    knockout::{KnockoutMatch, MatchGame},
    stage::Staged,
    stage::Wanted,
    types::{Color, PlayerId},
};

/// The team matches played in round `number` of `t` that belong to the `wanted` lines, each
/// with its line, as seen from the line's first team: its 场分 outcome once every board is in
/// (forfeits after a withdrawal included, CXA 20.3); `None` if the round is not paired.
pub(super) fn team_games(
    t: &TeamTournament,
    number: u32,
    wanted: &[Wanted],
) -> Option<Vec<(usize, MatchGame)>> {
    let played = t.rounds.get((number as usize).wrapping_sub(1))?;
    let gone = |team: usize| t.withdrawn_after(team).is_some_and(|w| number > w);
    let games = played.matches.iter().filter_map(|m| {
        let p = m.pairing;
        let (a, b) = (
            PlayerId::from_index(p.first),
            PlayerId::from_index(p.second),
        );
        let &(line, first, ..) = wanted
            .iter()
            .find(|(_, x, y, _)| [*x, *y].contains(&a) && [*x, *y].contains(&b))?;
        let listed_first = a == first;
        let outcome = match t.match_encounters(number, m) {
            Scored::Done(ea, eb) => Some(if listed_first { ea } else { eb }.outcome),
            Scored::Pending | Scored::Cancelled => None,
        };
        Some((
            line,
            MatchGame {
                round: number,
                board: p.table,
                first_color: if listed_first {
                    Color::Red
                } else {
                    Color::Black
                },
                outcome,
                playoff: false,
                double_forfeit: gone(p.first) && gone(p.second),
            },
        ))
    });
    Some(games.collect())
}

impl TeamTournament {
    /// A team knockout's bracket so far, round by round (CXA 10.4): each line with its team
    /// matches (as games: `first_color` red when the line's first team was listed first), its
    /// winner and how it was decided. Teams are numbered from 1 ([`PlayerId`] `n` is team
    /// index `n − 1`). Empty for other formats.
    #[must_use]
    pub fn bracket(&self) -> Vec<Vec<KnockoutMatch>> {
        self.with_stage(|s: &KnockoutStage, play| s.bracket(play))
            .unwrap_or_default()
    }

    /// The team knockout's winner (team index), once the final is decided.
    #[must_use]
    pub fn champion(&self) -> Option<usize> {
        let (stage, play) = self.last_stage()?;
        stage.champion(&play).map(PlayerId::index)
    }

    /// The next round of a team knockout (CXA 10.4, 12.4; WXF 10.1): a team match for every
    /// line still on, the team listed first (red on odd boards) drawn by lot from `seed` for a
    /// line's first match and alternating after; byes at the start of a bracket round.
    ///
    /// # Errors
    /// Not a knockout, fewer than 2 teams, a round awaiting results, or the winner known.
    pub fn pair_knockout(&self, seed: u64) -> Result<TeamEvent, TeamError> {
        match self.last_stage() {
            Some((stage, play)) if stage.is_bracket() => stage.pair(&play, None, Some(seed)),
            _ if self.table_teams().len() < 2 => Err(TeamError::NoRound(
                "a knockout needs at least 2 teams".into(),
            )),
            _ => Err(TeamError::InvalidFormat("not a knockout".into())),
        }
    }
}

#[cfg(test)]
use super::TeamFormat as Format;
#[cfg(test)]
use crate::{
    knockout::{Decision, MatchFormat},
    lot::Lot,
};

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{super::TeamRanking, *};
    use crate::{
        scoring::ScoringScheme,
        team::{BoardRule, Team},
        types::{Book, GameResult, Player},
    };

    fn cup(n: usize, games: MatchFormat, playoff_games: u32) -> TeamTournament {
        let mut events = vec![TeamEvent::Created {
            name: "cup".into(),
            rules: Book::Cxa2011,
            format: Format::Knockout {
                games,
                playoff_games,
            },
            boards: 2,
            board_rule: BoardRule::Fixed,
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
            two_games: false,
            ranking: TeamRanking::MatchPoints,
        }];
        events.extend((1..=n).map(|k| {
            TeamEvent::TeamRegistered {
                team: Team {
                    name: format!("T{k}"),
                    players: (1..=2)
                        .map(|p| Player::named(format!("T{k}-{p}")))
                        .collect(),
                    boards: 2,
                },
            }
        }));
        TeamTournament::from_events(events).unwrap()
    }

    /// Pairs the next round and plays every match: `score(first, second)` gives the first
    /// team's scores on boards 1 and 2 (W, D, L).
    fn play(t: &mut TeamTournament, seed: u64, score: &impl Fn(usize, usize) -> [u8; 2]) {
        let e = t.pair_knockout(seed).unwrap();
        t.apply(e.clone()).unwrap();
        let TeamEvent::RoundPaired { round, matches, .. } = e else {
            unreachable!()
        };
        for m in matches {
            let gone = |x: usize| t.withdrawn_after(x).is_some_and(|a| round > a);
            if gone(m.first) || gone(m.second) {
                continue;
            }
            for team in [m.first, m.second] {
                t.apply(TeamEvent::LineupSubmitted {
                    round,
                    team,
                    lineup: vec![1, 2],
                })
                .unwrap();
            }
            for (k, o) in score(m.first, m.second).into_iter().enumerate() {
                // The first team is red on board 1, black on board 2 (CXA 12.2).
                let red_first = k == 0;
                let result = match (o, red_first) {
                    (b'D', _) => GameResult::Draw,
                    (b'W', true) | (b'L', false) => GameResult::RedWins,
                    _ => GameResult::BlackWins,
                };
                t.apply(TeamEvent::BoardResult {
                    round,
                    table: m.table,
                    board: k + 1,
                    result,
                    second: false,
                })
                .unwrap();
            }
        }
    }

    /// The lower-numbered (better seeded) team wins both boards.
    fn favourite(first: usize, second: usize) -> [u8; 2] {
        if first < second { *b"WW" } else { *b"LL" }
    }

    #[test]
    fn the_top_seed_wins_a_team_cup_of_five() {
        // CXA 10.4: 5 teams in a bracket of 8, byes to seeds 1–3.
        let mut t = cup(5, MatchFormat::OneGame, 0);
        let TeamEvent::RoundPaired { matches, byes, .. } = t.pair_knockout(1).unwrap() else {
            unreachable!()
        };
        assert_eq!(matches.len(), 1);
        let mut pair = [matches[0].first, matches[0].second];
        pair.sort_unstable();
        assert_eq!(pair, [3, 4], "seed 4 meets seed 5");
        assert_eq!(byes.len(), 3);
        while t.champion().is_none() {
            play(&mut t, 2, &favourite);
        }
        assert_eq!(t.champion(), Some(0));
        assert_eq!(t.bracket().len(), 3);
        assert!(matches!(t.pair_knockout(3), Err(TeamError::NoRound(_))));
        assert!(TeamTournament::from_json(&t.to_json()).unwrap() == t);
    }

    #[test]
    fn two_team_matches_alternate_the_first_listed_team() {
        // CXA 12.4: the first team match of a line by lot, the second swapped; 1–1 after two
        // goes to a play-off match, then the lot (WXF 10.1).
        let mut t = cup(2, MatchFormat::TwoGames, 1);
        let mut firsts = Vec::new();
        while t.champion().is_none() {
            play(&mut t, 7, &|_, _| *b"DD");
            let (m, _) = t.pairings(t.rounds_paired());
            firsts.push(m[0].first);
        }
        assert_eq!(firsts.len(), 3, "two matches and one play-off");
        assert_ne!(firsts[0], firsts[1]);
        assert_ne!(firsts[1], firsts[2]);
        assert_eq!(t.bracket()[0][0].decision, Decision::Lot);
        // A hand-made round that keeps the same team first is refused.
        let mut u = cup(2, MatchFormat::TwoGames, 1);
        play(&mut u, 7, &|_, _| *b"DD");
        let (m, _) = u.pairings(1);
        let same = TeamEvent::RoundPaired {
            round: 2,
            matches: vec![m[0]],
            byes: vec![],
            seed: Some(1),
        };
        assert!(matches!(u.apply(same), Err(TeamError::NotInBracket(_))));
    }

    #[test]
    fn a_withdrawn_team_loses_its_line() {
        // CXA 19; WXF 11: team 1 leaves after round 1; its semi-final is a walkover.
        let mut t = cup(4, MatchFormat::OneGame, 0);
        play(&mut t, 1, &favourite);
        t.apply(TeamEvent::Withdrawn {
            team: 0,
            after_round: 1,
        })
        .unwrap();
        while t.champion().is_none() {
            play(&mut t, 2, &favourite);
        }
        assert_eq!(t.champion(), Some(1));
        let last = &t.bracket()[1][0];
        assert_eq!(last.decision, Decision::Walkover);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Any results: one winner, within ⌈log₂ n⌉ bracket rounds; same events, same state.
        #[test]
        fn a_team_cup_always_has_one_winner(n in 2usize..12, seed in any::<u64>()) {
            let mut t = cup(n, MatchFormat::BestOfThree, 1);
            let score = |a: usize, b: usize| {
                let mut lot = Lot::new(seed ^ ((a as u64) << 20) ^ b as u64);
                let pick = |l: &mut Lot| [b'W', b'D', b'L'][l.below(3) as usize];
                [pick(&mut lot), pick(&mut lot)]
            };
            let mut rounds = 0;
            while t.champion().is_none() {
                rounds += 1;
                prop_assert!(rounds < 64);
                play(&mut t, seed.wrapping_add(rounds), &score);
            }
            prop_assert!(t.champion().unwrap() < n);
            prop_assert!(TeamTournament::from_json(&t.to_json()).unwrap() == t);
        }
    }
}
