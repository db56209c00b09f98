//! A knockout drawn by lot each round, with a bye card (抽签分组淘汰): the popular summary of
//! the competition rules in the project's rulebooks (seed 001, its art. 7 分组抽签规则).
//!
//! Each bracket round the players still in draw cards: two sets of numbers and, when they are
//! an odd number, one K card. The two players who draw the same number meet; the one who
//! draws the K has the bye (轮空) and goes straight through ("抽到K者为本轮比赛轮空，直接进入
//! 第二轮比赛"); the winners and the bye draw again for the next round ("第一轮比赛的胜者与轮空者
//! 重新进行抽签分组"). Whoever draws the red card plays red ("抽到红色数字扑克牌者执红棋先走").
//!
//! Here the draw is a shuffle of the players still in (by start number, then [`Lot::shuffle`])
//! from the seed kept in the round's event, so the same events always redraw the same cards:
//! neighbours in the shuffled order hold the same number, and the last one, when the number is
//! odd, holds the K. The first game's colours are drawn from the same seed. Matches are of one
//! game, two or best of three (the summary's 三局两胜制), later games with colours alternated
//! and a level match settled by play-off games and then a lot ("加赛一局或以抽签方式分出胜负";
//! CXA 2011 art. 12.4, WXF 2018 art. 10.1), as in [`crate::KnockoutStage`].

use crate::{
    knockout::{KnockoutMatch, KnockoutPlace, MatchFormat},
    knockout_stage::{Next, Plan, line_next},
    lot::{Lot, line_seed},
    round_robin::Pairing,
    stage::{Stage, StageOutcome, StagePlay},
    swiss::PairingSystem,
    tournament::{Event, Tournament, TournamentError},
    tournament_stages::round_games,
    types::PlayerId,
};

/// The cards of one bracket round drawn from `seed`: the pairs who drew the same number, and
/// the player who drew the K (the bye) when the number of players is odd (seed 001 art. 7).
#[must_use]
pub fn draw(players: &[PlayerId], seed: u64) -> (Vec<(PlayerId, PlayerId)>, Option<PlayerId>) {
    let mut cards = players.to_vec();
    cards.sort_unstable();
    // A stream of its own, apart from the colours' coins drawn from the same seed.
    Lot::new(line_seed(seed, usize::MAX)).shuffle(&mut cards);
    let bye = if cards.len() % 2 == 1 {
        cards.pop()
    } else {
        None
    };
    let pairs = cards.chunks(2).map(|p| (p[0], p[1])).collect();
    (pairs, bye)
}

/// 抽签分组淘汰 (seed 001 art. 7) as a [`Stage`]: a fresh draw every bracket round, a bye card
/// when the players left are odd.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LotKnockoutStage {
    /// Games per match (the summary's 三局两胜制 is [`MatchFormat::BestOfThree`]).
    pub games: MatchFormat,
    /// Rapid play-off games at most after a level match, then a lot.
    pub playoff_games: u32,
}

/// What the next round of a lot-drawn knockout needs.
enum Due {
    /// Nothing: a round awaits results, or the winner is known.
    Nothing,
    /// A new bracket round: the players still in draw their cards.
    Draw(Vec<PlayerId>),
    /// More games of the bracket round being played.
    Games(Plan),
}

/// A lot-drawn knockout replayed from its rounds.
struct Walk {
    bracket: Vec<Vec<KnockoutMatch>>,
    due: Due,
    champion: Option<PlayerId>,
}

impl LotKnockoutStage {
    fn walk(&self, play: &StagePlay<'_, Tournament>) -> Result<Walk, TournamentError> {
        let t = play.tournament;
        let rules = (self.games, self.playoff_games);
        let gone = |p: PlayerId, round: u32| t.withdrawn_after(p).is_some_and(|a| a < round);
        let round_seed = |r: u32| t.rounds().get(r as usize - 1).and_then(|r| r.seed);
        let mut walk = Walk {
            bracket: Vec::new(),
            due: Due::Nothing,
            champion: None,
        };
        let mut remaining = play.entrants()?;
        let mut round = play.first_round;
        loop {
            // A player who withdrew before the draw draws no card (CXA 19).
            remaining.retain(|&p| !gone(p, round));
            if remaining.len() <= 1 {
                walk.champion = remaining
                    .first()
                    .copied()
                    .filter(|_| round > play.first_round);
                return Ok(walk);
            }
            let Some(drawn) = t.rounds().get(round as usize - 1) else {
                walk.due = Due::Draw(remaining);
                return Ok(walk);
            };
            let (pairs, bye) = draw(&remaining, drawn.seed.unwrap_or(0));
            let mut lines: Vec<KnockoutMatch> = pairs
                .into_iter()
                .map(|(a, b)| KnockoutMatch::new(Some(a), Some(b)))
                .chain(bye.map(|b| KnockoutMatch::new(Some(b), None)))
                .collect();
            loop {
                let mut wanted = Vec::new();
                let mut pending = false;
                for (k, line) in lines.iter_mut().enumerate() {
                    match line_next(line, k, rules, |p| gone(p, round), round_seed) {
                        Next::Decided => {}
                        Next::Pending => pending = true,
                        Next::Game(a, b, c) => wanted.push((k, a, b, c)),
                    }
                }
                if pending {
                    walk.bracket.push(lines);
                    return Ok(walk);
                }
                if wanted.is_empty() {
                    break;
                }
                let Some(games) = round_games(t, round, &wanted) else {
                    walk.bracket.push(lines);
                    walk.due = Due::Games(Plan {
                        games: wanted.iter().map(|&(_, a, b, c)| (a, b, c)).collect(),
                        byes: Vec::new(),
                    });
                    return Ok(walk);
                };
                for (line, mut game) in games {
                    let slot = &mut lines[line];
                    game.playoff =
                        slot.games.iter().filter(|g| !g.playoff).count() >= self.games.max_games();
                    slot.games.push(game);
                }
                round += 1;
            }
            remaining = lines.iter().filter_map(|l| l.winner).collect();
            walk.bracket.push(lines);
        }
    }

    /// The plan of the next round for `seed`: the draw's pairs and bye card for a new bracket
    /// round, or the games still due in the one being played.
    fn plan(
        &self,
        play: &StagePlay<'_, Tournament>,
        seed: u64,
    ) -> Result<Option<Plan>, TournamentError> {
        Ok(match self.walk(play)?.due {
            Due::Nothing => None,
            Due::Games(plan) => Some(plan),
            Due::Draw(remaining) => {
                let (pairs, bye) = draw(&remaining, seed);
                Some(Plan {
                    games: pairs.into_iter().map(|(a, b)| (a, b, None)).collect(),
                    byes: bye.into_iter().collect(),
                })
            }
        })
    }

    /// The bracket rounds so far, as drawn.
    pub(crate) fn bracket(&self, play: &StagePlay<'_, Tournament>) -> Vec<Vec<KnockoutMatch>> {
        self.walk(play).map(|w| w.bracket).unwrap_or_default()
    }

    /// The places known so far (CXA 10.4: by the round reached, as the bracket of any
    /// knockout): the losers of a finished bracket round share the places below the players
    /// still in after it (winners and the bye card); the champion is first. A player who
    /// withdrew before a draw drew no card and has no place.
    pub(crate) fn places(&self, play: &StagePlay<'_, Tournament>) -> Vec<KnockoutPlace> {
        let Ok(walk) = self.walk(play) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for lines in &walk.bracket {
            if lines.iter().any(|l| l.winner.is_none()) {
                break;
            }
            let still = lines.len() as u32;
            let losers: Vec<PlayerId> = lines
                .iter()
                .flat_map(|l| [l.first, l.second])
                .flatten()
                .filter(|p| !lines.iter().any(|l| l.winner == Some(*p)))
                .collect();
            let down_to = still + losers.len() as u32;
            out.extend(losers.into_iter().map(|player| KnockoutPlace {
                player,
                place: still + 1,
                down_to,
            }));
        }
        if let Some(player) = walk.champion {
            out.push(KnockoutPlace {
                player,
                place: 1,
                down_to: 1,
            });
        }
        out
    }
}

impl Stage<Tournament> for LotKnockoutStage {
    /// An upper bound: ⌈log₂ n⌉ bracket rounds (a bye card keeps the halving), each with all
    /// its games and play-offs.
    fn rounds(&self, play: &StagePlay<'_, Tournament>) -> u32 {
        let n = play.tournament.table_players().len();
        Tournament::bracket_rounds(n) * (self.games.max_games() as u32 + self.playoff_games)
    }

    /// A new bracket round is drawn from `seed` (kept in the event): pairs, the bye card and
    /// the first game's colours; later games of a match alternate colours (CXA 12.4).
    fn pair(
        &self,
        play: &StagePlay<'_, Tournament>,
        _engine: Option<&dyn PairingSystem>,
        seed: Option<u64>,
    ) -> Result<Event, TournamentError> {
        let seed = seed.ok_or(TournamentError::NeedsPairings)?;
        if play.entrants()?.len() < 2 {
            return Err(TournamentError::TooFewPlayers);
        }
        match self.plan(play, seed)? {
            Some(plan) => Ok(plan.event(play.next_round(), seed)),
            None => match play.tournament.rounds().last() {
                Some(last) if !self.finished(play) => {
                    Err(TournamentError::RoundIncomplete(last.number))
                }
                _ => Err(TournamentError::KnockoutDecided),
            },
        }
    }

    /// A round paired by hand must be the draw of its seed (the pairs and the bye card), or
    /// the games due, colours alternated after a match's first game.
    fn check(
        &self,
        play: &StagePlay<'_, Tournament>,
        games: &[Pairing],
        byes: &[PlayerId],
        seed: Option<u64>,
    ) -> Result<(), TournamentError> {
        let plan = match seed {
            Some(seed) => self.plan(play, seed)?,
            None => None,
        };
        if seed.is_some() && plan.is_none() {
            return Err(TournamentError::KnockoutDecided);
        }
        Ok(Plan::check(plan, games, byes, seed)?)
    }

    fn finished(&self, play: &StagePlay<'_, Tournament>) -> bool {
        self.champion(play).is_some()
    }

    fn outcome(&self, play: &StagePlay<'_, Tournament>) -> StageOutcome {
        StageOutcome::Bracket(self.bracket(play))
    }

    fn champion(&self, play: &StagePlay<'_, Tournament>) -> Option<PlayerId> {
        self.walk(play).ok()?.champion
    }

    fn is_bracket(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::types::GameResult;
    use crate::{
        scoring::ScoringScheme,
        tournament::Format,
        types::{Book, Player},
    };

    fn id(n: u32) -> PlayerId {
        PlayerId::new(n).expect("start numbers begin at 1")
    }

    fn cup(n: u32, games: MatchFormat) -> Tournament {
        let mut events = vec![Event::Created {
            name: "lot cup".into(),
            rules: Book::Cxa2011,
            format: Format::LotKnockout {
                games,
                playoff_games: 1,
            },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        events.extend((1..=n).map(|i| Event::Registered {
            player: Player::named(format!("P{i}")),
        }));
        Tournament::from_events(events).expect("created")
    }

    /// Pairs the next round from `seed`; the lower start number wins every game.
    fn play(t: &mut Tournament, seed: u64) -> (Vec<(u32, u32)>, Vec<u32>) {
        let e = t.pair_knockout(seed).expect("pairs");
        let Event::RoundPaired {
            round, games, byes, ..
        } = e.clone()
        else {
            unreachable!("a pairing is a round")
        };
        t.apply(e).expect("applies");
        for g in &games {
            let result = if g.red < g.black {
                GameResult::RedWins
            } else {
                GameResult::BlackWins
            };
            t.apply(Event::ResultRecorded {
                round,
                board: g.board,
                result,
            })
            .expect("records");
        }
        let mut pairs: Vec<(u32, u32)> = games
            .iter()
            .map(|g| {
                (
                    g.red.get().min(g.black.get()),
                    g.red.get().max(g.black.get()),
                )
            })
            .collect();
        pairs.sort_unstable();
        (pairs, byes.iter().map(|p| p.get()).collect())
    }

    /// The draw deals every player exactly once, a bye card only for an odd number, and the
    /// same seed deals the same cards.
    #[test]
    fn the_draw_deals_everyone_once() {
        for n in [2u32, 9, 13, 16] {
            let players: Vec<PlayerId> = (1..=n).map(id).collect();
            let (pairs, bye) = draw(&players, 42);
            let mut seen: BTreeSet<PlayerId> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
            assert_eq!(bye.is_some(), n % 2 == 1);
            seen.extend(bye);
            assert_eq!(seen.len(), n as usize);
            assert_eq!(draw(&players, 42), (pairs, bye));
        }
        let players: Vec<PlayerId> = (1..=16).map(id).collect();
        assert_ne!(
            draw(&players, 1),
            draw(&players, 2),
            "another seed, another draw"
        );
    }

    #[test]
    fn places_by_the_round_reached() {
        // 9 players, the lower number always wins (CXA 10.4 places by the round reached):
        // round 1 four matches and the K card (5 go on: losers share 6th–9th), round 2 two
        // matches and the K (3 go on: 4th–5th), round 3 one match and the K (3rd), the final
        // (2nd), and no. 1 first.
        let mut t = cup(9, MatchFormat::OneGame);
        assert!(t.knockout_standings().iter().all(|(_, k)| k.is_none()));
        let mut seed = 5;
        while t.champion().is_none() {
            play(&mut t, seed);
            seed += 1;
        }
        let rows = t.knockout_standings();
        assert_eq!(rows.len(), 9);
        let ranges: Vec<(u32, u32)> = rows
            .iter()
            .map(|(_, k)| k.map(|k| (k.place, k.down_to)).expect("placed"))
            .collect();
        assert_eq!(
            ranges,
            [
                (1, 1),
                (2, 2),
                (3, 3),
                (4, 5),
                (4, 5),
                (6, 9),
                (6, 9),
                (6, 9),
                (6, 9)
            ]
        );
        assert_eq!(rows[0].0, id(1));
    }

    /// Seed 001's own numbers: 13 players draw 1–6 twice and a K (6 games, a bye); the 7 left
    /// draw 1–3 twice and a K (3 games, a bye); then 4 draw 1–2 twice (the semi-finals), and
    /// the final. One game a match, the lower number winning: player 1 wins the cup.
    #[test]
    fn thirteen_players_as_in_seed_001() {
        let mut t = cup(13, MatchFormat::OneGame);
        let counts: Vec<(usize, usize)> = (1..=4)
            .map(|seed| {
                let (pairs, byes) = play(&mut t, seed);
                (pairs.len(), byes.len())
            })
            .collect();
        assert_eq!(counts, [(6, 1), (3, 1), (2, 0), (1, 0)]);
        assert_eq!(t.champion(), Some(id(1)));
        assert_eq!(t.pair_knockout(5), Err(TournamentError::KnockoutDecided));
        // The draw is the one the kept seed gives: replaying the events redraws it.
        let again = Tournament::from_json(&t.to_json()).expect("reads");
        assert_eq!(again.bracket(), t.bracket());
        assert_eq!(t.bracket().len(), 4);
    }

    /// Each round is a fresh draw: who meets whom in round 2 is not fixed by round 1's lines
    /// as in a seeded bracket, but by round 2's seed.
    #[test]
    fn each_round_is_drawn_afresh() {
        let mut a = cup(8, MatchFormat::OneGame);
        let mut b = cup(8, MatchFormat::OneGame);
        let first_a = play(&mut a, 7);
        let first_b = play(&mut b, 7);
        assert_eq!(first_a, first_b);
        let seconds: BTreeSet<Vec<(u32, u32)>> = (0..20u64)
            .map(|seed| {
                let e = a.pair_knockout(100 + seed).expect("pairs");
                let Event::RoundPaired { games, .. } = e else {
                    unreachable!("a round")
                };
                let mut p: Vec<(u32, u32)> = games
                    .iter()
                    .map(|g| {
                        (
                            g.red.get().min(g.black.get()),
                            g.red.get().max(g.black.get()),
                        )
                    })
                    .collect();
                p.sort_unstable();
                p
            })
            .collect();
        assert!(
            seconds.len() > 1,
            "different seeds draw different semi-finals"
        );
    }

    /// A hand pairing must be the draw of its seed.
    #[test]
    fn a_hand_pairing_must_be_the_draw() {
        let t = cup(4, MatchFormat::OneGame);
        let Event::RoundPaired { games, byes, .. } = t.pair_knockout(3).expect("pairs") else {
            unreachable!("a round")
        };
        let mut ok = t.clone();
        ok.apply(Event::RoundPaired {
            round: 1,
            games: games.clone(),
            byes: byes.clone(),
            seed: Some(3),
        })
        .expect("the draw of seed 3");
        // Another pairing under the same seed is not that draw.
        let (a, b) = (games[0].red, games[1].red);
        let swapped = vec![
            Pairing {
                board: 1,
                red: a,
                black: b,
            },
            Pairing {
                board: 2,
                red: games[0].black,
                black: games[1].black,
            },
        ];
        let mut bad = t.clone();
        assert!(matches!(
            bad.apply(Event::RoundPaired {
                round: 1,
                games: swapped,
                byes,
                seed: Some(3),
            }),
            Err(TournamentError::NotInBracket(_))
        ));
    }

    /// Best of three with a player withdrawn mid-event: a withdrawn player draws no card.
    #[test]
    fn a_withdrawn_player_draws_no_card() {
        let mut t = cup(5, MatchFormat::OneGame);
        let (_, byes) = play(&mut t, 11);
        assert_eq!(byes.len(), 1);
        // Three are left (two winners and the bye); the bye's holder withdraws.
        t.apply(Event::Withdrawn {
            player: id(byes[0]),
            after_round: 1,
        })
        .expect("withdraws");
        let (pairs, byes) = play(&mut t, 12);
        assert_eq!((pairs.len(), byes.len()), (1, 0));
        assert!(t.champion().is_some());
    }
}
