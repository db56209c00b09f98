//! A Swiss chained with elimination, as events of one [`Tournament`]: CXA 2011 arts. 10.5
//! and 10.6. The Swiss rounds are paired by an engine through [`PairingSystem`].
//!
//! - 积分晋圈淘汰制 (CXA 10.5, [`crate::tournament::Format::SwissKnockout`]): "第一阶段采用积分编排，通过若干轮次
//!   录取相应人数参加第二阶段的单淘汰赛". Rounds 1 … R are the Swiss; once every result of
//!   round R is in, the top k of the Swiss standings go through, seeded by their places
//!   ([`Tournament::qualifiers`]), and the rounds after R are the knockout's game rounds
//!   ([`Tournament::pair_knockout`], [`Tournament::bracket`]) under the rules of
//!   [`crate::tournament::Format::Knockout`] (CXA 10.4, 12.4; WXF 10.1). A player who withdrew during the Swiss
//!   does not go through (the next placed does); a qualifier who withdraws later stays in the
//!   bracket and loses the match by forfeit (CXA 19.3 "未赛对局均作弃权，记对方获胜"). The
//!   standings and crosstable are the Swiss stage's; the knockout is the bracket.
//! - 积分末位淘汰制 (CXA 10.6, [`crate::tournament::Format::SwissElimination`]): "在赛程过半时，规定每一轮淘汰
//!   若干名积分最低的棋手，直至保留若干名棋手参加最后一轮比赛". After each round r with
//!   2r > R ("过半": more than half played) and r < R, the `per_round` lowest placed of those
//!   still in are out, never leaving fewer than `keep`. Who is out is fixed when the next round
//!   is paired, from the standings then: the same events give the same eliminations, and a
//!   later correction brings nobody back. Their results stand, as a withdrawal's do in a Swiss
//!   (CXA 19.3), and they rank below everyone still in, the later out first.

use std::cmp::Reverse;

use crate::{
    round_robin::Pairing,
    stage::{Competition, PairedRound, Stage, StageError, StageOutcome, StagePlay, Staged},
    swiss::PairingSystem,
    tiebreak::Standing,
    tournament::{Event, Tournament, TournamentError},
    types::PlayerId,
};

/// 积分末位淘汰制 (CXA 10.6): the `per_round` lowest placed out after each round once more than
/// half are played, until `keep` are left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BottomElimination {
    /// Players eliminated after each round once past half (at least 1).
    pub per_round: u32,
    /// Players left in when the eliminations stop (at least 2).
    pub keep: u32,
}

/// 积分编排制 (CXA 10.3) as a [`Stage`] of `rounds` rounds, with bottom elimination
/// (CXA 10.6) or without. One stage whatever the pairing engine: the engine is given when a
/// round is paired ([`Stage::pair`]), so the Dutch, the CXA and any other [`PairingSystem`]
/// drive the same stage. It pairs a Swiss of teams the same way, each team as one player
/// ([`crate::team_tournament::TeamTournament::pair_swiss`]; CXA 10.3 with 12.3, 14.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwissStage {
    /// Rounds of the Swiss (at least 1).
    pub rounds: u32,
    /// Bottom elimination (CXA 10.6), if any.
    pub elimination: Option<BottomElimination>,
}

impl SwissStage {
    /// A Swiss of `rounds` rounds.
    ///
    /// # Errors
    /// No rounds, or an elimination that drops nobody or keeps fewer than 2.
    pub fn new(
        rounds: u32,
        elimination: Option<BottomElimination>,
    ) -> Result<SwissStage, TournamentError> {
        if rounds == 0 {
            return Err(TournamentError::InvalidFormat(
                "a swiss needs at least one round".into(),
            ));
        }
        if let Some(BottomElimination { per_round, keep }) = elimination {
            if per_round == 0 || keep < 2 {
                return Err(TournamentError::InvalidFormat(format!(
                    "bottom elimination drops at least 1 a round and keeps at least 2, not \
                     {per_round} and {keep}"
                )));
            }
        }
        Ok(SwissStage {
            rounds,
            elimination,
        })
    }
}

impl<C: Competition> Stage<C> for SwissStage {
    fn rounds(&self, _play: &StagePlay<'_, C>) -> u32 {
        self.rounds
    }

    fn fixed_rounds(&self) -> Option<u32> {
        Some(self.rounds)
    }

    /// Pairs the next round with `engine` (CXA 10.3), each entrant (a player, or a team as one
    /// player) by its pairing number: the entrants withdrawn (CXA 19.3), eliminated (CXA 10.6)
    /// or due out are not paired; the event keeps `seed`.
    fn pair(
        &self,
        play: &StagePlay<'_, C>,
        engine: Option<&dyn PairingSystem>,
        seed: Option<u64>,
    ) -> Result<C::Event, C::Error> {
        let (Some(engine), Some(seed)) = (engine, seed) else {
            return Err(StageError::NeedsEngine.into());
        };
        let t = play.tournament;
        let round = play.next_round();
        if round > play.first_round - 1 + self.rounds {
            return Err(StageError::AllRoundsPaired(self.rounds).into());
        }
        t.swiss_ready(round)?;
        let pairs = engine
            .pair(&t.swiss_input(seed))
            .map_err(|e| StageError::Pairing(e.to_string()))?;
        let id = |number: u32| PlayerId::new(number).ok_or(StageError::UnknownEntrant(0));
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for p in pairs {
            let red = id(p.red)?;
            match p.black {
                None => byes.push(red),
                Some(black) => games.push(Pairing {
                    board: games.len() as u32 + 1,
                    red,
                    black: id(black)?,
                }),
            }
        }
        t.round_event(PairedRound {
            round,
            games,
            byes,
            seed: Some(seed),
        })
    }

    fn finished(&self, play: &StagePlay<'_, C>) -> bool {
        play.tournament
            .rounds_settled(play.first_round - 1 + self.rounds)
    }

    fn outcome(&self, play: &StagePlay<'_, C>) -> StageOutcome {
        StageOutcome::Standings(play.tournament.standings())
    }

    fn scores_byes(&self) -> bool {
        true
    }

    /// Once more than half of the rounds are played and before the last, the `per_round`
    /// lowest placed of those still in (not withdrawn, not eliminated), never leaving fewer
    /// than `keep`; lowest first. Empty while results are pending.
    fn elimination_due(&self, play: &StagePlay<'_, C>) -> Vec<PlayerId> {
        let Some(BottomElimination { per_round, keep }) = self.elimination else {
            return Vec::new();
        };
        let t = play.tournament;
        let rounds = self.rounds;
        let played = t.rounds_paired();
        if 2 * played <= rounds || played >= rounds || !t.rounds_settled(played) {
            return Vec::new();
        }
        let still_in: Vec<PlayerId> = t
            .standings()
            .into_iter()
            .map(|s| PlayerId::from_index(s.competitor))
            .filter(|&p| t.withdrawn(p).is_none() && t.eliminated(p).is_none())
            .collect();
        let drop = (per_round as usize).min(still_in.len().saturating_sub(keep as usize));
        still_in.into_iter().rev().take(drop).collect()
    }

    fn eliminates(&self) -> bool {
        self.elimination.is_some()
    }

    fn swiss_rounds(&self) -> Option<u32> {
        Some(self.rounds)
    }
}

impl Tournament {
    /// How many rounds from the start the standings rank: the first stage's when a later
    /// stage is a bracket (the Swiss of a Swiss then knockout, CXA 10.5), every round
    /// otherwise.
    pub(crate) fn ranked_rounds(&self) -> usize {
        match self.stages().as_slice() {
            [first, _, ..] => first.fixed_rounds().map_or(usize::MAX, |r| r as usize),
            _ => usize::MAX,
        }
    }

    /// Whether a Swiss then knockout (CXA 10.5) has reached its knockout stage: every Swiss
    /// round paired and settled. False for other formats.
    #[must_use]
    pub fn in_knockout_stage(&self) -> bool {
        self.stages().len() > 1 && self.stage_finished(0)
    }

    /// The players who go through from the Swiss to the knockout (CXA 10.5), in seed order:
    /// the top `qualifiers` of the Swiss standings, leaving out anyone who withdrew before the
    /// Swiss ended. While the Swiss is on this is the provisional list; pairing the first
    /// knockout round fixes it. Empty for other formats.
    #[must_use]
    pub fn qualifiers(&self) -> Vec<PlayerId> {
        let stages = self.stages();
        let Some(i) = stages.iter().position(|s| s.qualifiers().is_some()) else {
            return Vec::new();
        };
        self.provisional_entrants(i)
    }

    /// Who is out before the next round of a Swiss with bottom elimination (CXA 10.6): once
    /// more than half of the rounds are played and before the last, the `per_round` lowest
    /// placed of those still in (not withdrawn, not eliminated), never leaving fewer than
    /// `keep`; lowest first. Empty for other formats and while results are pending. Applying
    /// the next [`Event::RoundPaired`] makes it final ([`Tournament::eliminated_after`]).
    #[must_use]
    pub fn elimination_due(&self) -> Vec<PlayerId> {
        self.current_stage()
            .map(|(stage, play)| stage.elimination_due(&play))
            .unwrap_or_default()
    }

    /// Puts the eliminated below everyone still in, the later out first (CXA 10.6), keeping
    /// the tie-break order within each part; places renumbered, ties kept.
    pub(crate) fn eliminated_last(&self, standings: Vec<Standing>) -> Vec<Standing> {
        let mut keyed: Vec<(Reverse<u32>, u32, Standing)> = standings
            .into_iter()
            .map(|s| {
                let out = self.eliminated_after(PlayerId::from_index(s.competitor));
                (Reverse(out.unwrap_or(u32::MAX)), s.rank, s)
            })
            .collect();
        keyed.sort_by_key(|(key, ..)| *key);
        let mut out: Vec<Standing> = Vec::with_capacity(keyed.len());
        for i in 0..keyed.len() {
            let mut s = keyed[i].2.clone();
            let tied = i > 0 && keyed[i - 1].0 == keyed[i].0 && keyed[i - 1].1 == keyed[i].1;
            s.rank = match (tied, out.last()) {
                (true, Some(prev)) => prev.rank,
                _ => i as u32 + 1,
            };
            out.push(s);
        }
        out
    }

    /// The next round's pairing event whatever the format: the order table for a round robin
    /// or a group stage (CXA 10.1, 10.2), `engine` for a Swiss round (CXA 10.3), the bracket
    /// for a knockout round (CXA 10.4, 10.5). `seed` is kept in the event for any lot drawn.
    ///
    /// ```
    /// use xiangqi_tournament::{
    ///     GameResult, Player, Book, ScoringScheme,
    ///     knockout::MatchFormat,
    ///     swiss::dutch::Dutch,
    ///     tournament::{Event, Format, Tournament},
    /// };
    ///
    /// // CXA 10.5: two Swiss rounds, then the top 2 play a one-game final.
    /// let format = Format::SwissKnockout {
    ///     rounds: 2,
    ///     qualifiers: 2,
    ///     games: MatchFormat::OneGame,
    ///     playoff_games: 0,
    /// };
    /// let mut events = vec![Event::Created {
    ///     name: "open".into(),
    ///     rules: Book::Cxa2011,
    ///     format,
    ///     scoring: ScoringScheme::CXA,
    ///     tie_breaks: None,
    /// }];
    /// for name in ["甲", "乙", "丙", "丁"] {
    ///     events.push(Event::Registered { player: Player::named(name) });
    /// }
    /// let mut t = Tournament::from_events(events)?;
    /// while t.champion().is_none() {
    ///     let e = t.pair_next(&Dutch, 7)?;
    ///     let Event::RoundPaired { round, games, .. } = e.clone() else { unreachable!() };
    ///     t.apply(e)?;
    ///     for g in games {
    ///         let result = GameResult::RedWins;
    ///         t.apply(Event::ResultRecorded { round, board: g.board, result })?;
    ///     }
    /// }
    /// assert_eq!(t.rounds().len(), 3); // two Swiss rounds and the final
    /// assert!(t.qualifiers().contains(&t.champion().unwrap()));
    /// # Ok::<(), xiangqi_tournament::tournament::TournamentError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Tournament::pair_next_round`], [`Tournament::pair_swiss`] or
    /// [`Tournament::pair_knockout`].
    pub fn pair_next(
        &self,
        engine: &dyn PairingSystem,
        seed: u64,
    ) -> Result<Event, TournamentError> {
        let (stage, play) = self.current_stage().ok_or(TournamentError::NeedsPairings)?;
        stage.pair(&play, Some(engine), Some(seed))
    }
}

// The tests name formats through `super::*`.
#[cfg(test)]
use crate::tournament::Format;

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use proptest::prelude::*;

    use super::*;
    use crate::{
        Lot,
        knockout::MatchFormat,
        scoring::ScoringScheme,
        swiss::dutch::Dutch,
        types::{Book, GameResult, Player},
    };

    /// `n` players, rated so that start number 1 is the strongest.
    fn entries(format: Format, n: u16) -> Tournament {
        let mut events = vec![Event::Created {
            name: "open".into(),
            rules: Book::Cxa2011,
            format,
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        events.extend((0..n).map(|k| Event::Registered {
            player: Player {
                rating: Some(2400 - 10 * k),
                ..Player::named(format!("P{}", k + 1))
            },
        }));
        Tournament::from_events(events).unwrap()
    }

    fn id(n: u32) -> PlayerId {
        PlayerId::new(n).unwrap()
    }

    /// Pairs the next round of any format and records `result(round, red, black)`.
    fn play(t: &mut Tournament, seed: u64, result: &impl Fn(u32, u32, u32) -> GameResult) {
        let e = t.pair_next(&Dutch, seed).unwrap();
        t.apply(e.clone()).unwrap();
        let Event::RoundPaired { round, games, .. } = e else {
            unreachable!()
        };
        for g in games {
            t.apply(Event::ResultRecorded {
                round,
                board: g.board,
                result: result(round, g.red.get(), g.black.get()),
            })
            .unwrap();
        }
    }

    /// The lower start number (the stronger) wins.
    fn favourite(_: u32, red: u32, black: u32) -> GameResult {
        if red < black {
            GameResult::RedWins
        } else {
            GameResult::BlackWins
        }
    }

    fn swiss_knockout(rounds: u32, qualifiers: u32) -> Format {
        Format::SwissKnockout {
            rounds,
            qualifiers,
            games: MatchFormat::OneGame,
            playoff_games: 0,
        }
    }

    #[test]
    fn swiss_then_knockout_seeds_the_qualifiers_by_swiss_place() {
        // CXA 10.5: 3 Swiss rounds, the top 4 to a knockout of one game a match.
        let mut t = entries(swiss_knockout(3, 4), 10);
        assert_eq!(
            t.pair_knockout(1),
            Err(TournamentError::StageUnfinished(0, 3))
        );
        for r in 0..3 {
            assert!(!t.in_knockout_stage());
            play(&mut t, r, &favourite);
        }
        assert!(t.in_knockout_stage());
        let swiss = t.standings();
        let seeds = t.qualifiers();
        let top4: Vec<PlayerId> = swiss
            .iter()
            .take(4)
            .map(|s| PlayerId::from_index(s.competitor))
            .collect();
        assert_eq!(seeds, top4);
        assert_eq!(
            t.pair_swiss(&Dutch, 9),
            Err(TournamentError::InvalidFormat(
                "the swiss stage is over: the knockout is paired from the bracket".into()
            ))
        );
        // Knockout round 1 is tournament round 4: seed 1 meets seed 4, seed 2 meets seed 3.
        let e = t.pair_next(&Dutch, 5).unwrap();
        // Once it is paired the seeds are fixed: a late correction of a Swiss result changes
        // the Swiss standings, not the bracket.
        let mut corrected = t.clone();
        corrected.apply(e.clone()).unwrap();
        let bracket = corrected.bracket();
        for (board, _) in corrected.rounds()[2].games.clone().iter().enumerate() {
            corrected
                .apply(Event::ResultRecorded {
                    round: 3,
                    board: board as u32 + 1,
                    result: GameResult::DoubleForfeit,
                })
                .unwrap();
        }
        assert_ne!(corrected.standings(), swiss);
        assert_eq!(corrected.qualifiers(), seeds);
        // The same correction before the knockout is paired does change who goes through.
        let mut open = t.clone();
        for board in 1..=t.rounds()[2].games.len() as u32 {
            let result = GameResult::DoubleForfeit;
            open.apply(Event::ResultRecorded {
                round: 3,
                board,
                result,
            })
            .unwrap();
        }
        assert_ne!(open.qualifiers(), seeds);
        assert_eq!(corrected.bracket(), bracket);
        let Event::RoundPaired { round, games, .. } = &e else {
            unreachable!()
        };
        assert_eq!(*round, 4);
        let pairs: HashSet<(PlayerId, PlayerId)> = games
            .iter()
            .map(|g| (g.red.min(g.black), g.red.max(g.black)))
            .collect();
        let pair = |a: PlayerId, b: PlayerId| (a.min(b), a.max(b));
        assert_eq!(
            pairs,
            HashSet::from([pair(seeds[0], seeds[3]), pair(seeds[1], seeds[2])])
        );
        while t.champion().is_none() {
            play(&mut t, 7, &favourite);
        }
        // The stronger (lower start number) always wins, so the strongest qualifier is the
        // champion.
        assert_eq!(t.champion(), seeds.iter().min().copied());
        assert_eq!(t.bracket().len(), 2);
        // The standings stay the Swiss stage's: knockout games are not in them.
        assert_eq!(t.standings(), swiss);
        assert!(t.results().iter().all(|r| r.len() == 3));
        assert_eq!(
            t.pair_next(&Dutch, 1),
            Err(TournamentError::KnockoutDecided)
        );
        assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
        // TRF holds the Swiss stage: 3 rounds, read back with the same results.
        let trf = crate::trf::export(&t);
        assert!(trf.contains("XXR 3\n"), "{trf}");
        let back = Tournament::from_events(
            crate::trf::import(&trf, Book::Cxa2011, None, Some(ScoringScheme::CXA)).unwrap(),
        )
        .unwrap();
        assert_eq!(back.rounds().len(), 3);
        assert_eq!(back.results(), t.results());
    }

    #[test]
    fn withdrawals_before_and_after_the_swiss_stage() {
        // CXA 19.3: a player who left during the Swiss does not go through; a qualifier who
        // leaves afterwards loses the knockout match by forfeit.
        let mut t = entries(swiss_knockout(2, 2), 6);
        play(&mut t, 1, &favourite);
        t.apply(Event::Withdrawn {
            player: id(1),
            after_round: 1,
        })
        .unwrap();
        play(&mut t, 2, &favourite);
        let q = t.qualifiers();
        assert_eq!(q.len(), 2);
        assert!(!q.contains(&id(1)), "left during the swiss");
        t.apply(Event::Withdrawn {
            player: q[0],
            after_round: 2,
        })
        .unwrap();
        assert_eq!(
            t.qualifiers(),
            q,
            "the qualifiers are fixed once the swiss is over"
        );
        // The final: nothing to play, the other qualifier goes through on a walkover.
        assert_eq!(t.pair_knockout(3), Err(TournamentError::KnockoutDecided));
        assert_eq!(t.champion(), Some(q[1]));
    }

    #[test]
    fn staged_formats_are_checked_when_created() {
        for format in [
            swiss_knockout(0, 4),
            swiss_knockout(3, 1),
            Format::SwissElimination {
                rounds: 5,
                per_round: 0,
                keep: 4,
            },
            Format::SwissElimination {
                rounds: 5,
                per_round: 1,
                keep: 1,
            },
        ] {
            let created = Tournament::from_events([Event::Created {
                name: "x".into(),
                rules: Book::Wxf2018,
                format,
                scoring: ScoringScheme::CXA,
                tie_breaks: None,
            }]);
            assert!(
                matches!(created, Err(TournamentError::InvalidFormat(_))),
                "{format:?}"
            );
        }
    }

    #[test]
    fn bottom_elimination_from_past_half_until_keep_are_left() {
        // CXA 10.6: 10 players, 5 rounds, 2 out a round once past half, 7 left at the end.
        let mut t = entries(
            Format::SwissElimination {
                rounds: 5,
                per_round: 2,
                keep: 7,
            },
            10,
        );
        for r in 1..=2 {
            play(&mut t, r, &favourite);
            assert!(t.elimination_due().is_empty(), "not past half after {r}");
        }
        play(&mut t, 3, &favourite);
        // After round 3 of 5: the two lowest placed go.
        let due = t.elimination_due();
        let lowest: Vec<PlayerId> = t
            .standings()
            .iter()
            .rev()
            .take(2)
            .map(|s| PlayerId::from_index(s.competitor))
            .collect();
        assert_eq!(due, lowest);
        // Nobody may pair them by hand.
        let mut by_hand = t.clone();
        let others: Vec<PlayerId> = (1..=10).map(id).filter(|p| p != &due[0]).collect();
        let e = Event::RoundPaired {
            round: 4,
            games: vec![crate::round_robin::Pairing {
                board: 1,
                red: due[0],
                black: others[0],
            }],
            byes: vec![],
            seed: None,
        };
        assert_eq!(
            by_hand.apply(e),
            Err(TournamentError::Eliminated {
                player: due[0].get(),
                after_round: 3
            })
        );
        play(&mut t, 4, &favourite);
        assert!(due.iter().all(|&p| t.eliminated_after(p) == Some(3)));
        let r4 = &t.rounds()[3];
        assert!(
            r4.games
                .iter()
                .all(|g| !due.contains(&g.pairing.red) && !due.contains(&g.pairing.black))
        );
        assert_eq!(r4.games.len() * 2 + r4.byes.len(), 8);
        // After round 4 only one more may go: 7 are kept for the last round.
        assert_eq!(t.elimination_due().len(), 1);
        play(&mut t, 5, &favourite);
        let r5 = &t.rounds()[4];
        assert_eq!(r5.games.len() * 2 + r5.byes.len(), 7);
        // No elimination after the last round; the eliminated rank last, the later out first.
        assert!(t.elimination_due().is_empty());
        let s = t.standings();
        let out: Vec<Option<u32>> = s
            .iter()
            .map(|x| t.eliminated_after(PlayerId::from_index(x.competitor)))
            .collect();
        let want: Vec<Option<u32>> = [None; 7]
            .into_iter()
            .chain([Some(4), Some(3), Some(3)])
            .collect();
        assert_eq!(out, want);
        assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
    }

    /// A result drawn from `seed` for every game.
    fn lot_result(seed: u64) -> impl Fn(u32, u32, u32) -> GameResult {
        move |round, red, black| {
            let mut lot = Lot::new(
                seed ^ (u64::from(round) << 40) ^ (u64::from(red) << 20) ^ u64::from(black),
            );
            match lot.below(3) {
                0 => GameResult::RedWins,
                1 => GameResult::BlackWins,
                _ => GameResult::Draw,
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// CXA 10.5: whatever the results, a Swiss then knockout ends with exactly one
        /// champion, a qualifier, within the rounds the format allows; the same events give
        /// the same state.
        #[test]
        fn a_swiss_knockout_chain_always_crowns_one_qualifier(
            n in 4u16..14,
            rounds in 1u32..4,
            q in 2u32..9,
            seed in any::<u64>(),
        ) {
            let q = q.min(u32::from(n));
            let mut t = entries(
                Format::SwissKnockout {
                    rounds,
                    qualifiers: q,
                    games: MatchFormat::TwoGames,
                    playoff_games: 1,
                },
                n,
            );
            let result = lot_result(seed);
            while t.champion().is_none() {
                prop_assert!((t.rounds().len() as u32) < t.total_rounds());
                let round_seed = seed ^ t.rounds().len() as u64;
                play(&mut t, round_seed, &result);
            }
            let champion = t.champion().unwrap();
            prop_assert_eq!(t.qualifiers().len() as u32, q);
            prop_assert!(t.qualifiers().contains(&champion));
            prop_assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
        }

        /// CXA 10.6: the eliminated never play again, and the last round has `keep` players
        /// or everyone left when fewer rounds allowed fewer eliminations.
        #[test]
        fn the_eliminated_never_play_again(
            rounds in 2u32..6,
            per_round in 1u32..4,
            extra in 0u32..4,
            more in 0u16..8,
            seed in any::<u64>(),
        ) {
            // Enough players left that the Swiss can always be paired.
            let keep = 2 * rounds + extra;
            let n = keep as u16 + more;
            let mut t = entries(
                Format::SwissElimination { rounds, per_round, keep },
                n,
            );
            let result = lot_result(seed);
            for r in 0..rounds {
                play(&mut t, u64::from(r), &result);
            }
            let mut out = 0usize;
            for round in t.rounds() {
                let gone: HashSet<PlayerId> = (1..=u32::from(n))
                    .map(id)
                    .filter(|&p| t.eliminated_after(p).is_some_and(|a| a < round.number))
                    .collect();
                out = gone.len();
                for g in &round.games {
                    let (red, black) = (g.pairing.red, g.pairing.black);
                    prop_assert!(!gone.contains(&red) && !gone.contains(&black));
                }
                prop_assert!(round.byes.iter().all(|b| !gone.contains(b)));
            }
            let windows = (1..rounds).filter(|r| 2 * r > rounds).count();
            let want = usize::from(n)
                .saturating_sub(keep as usize)
                .min(windows * per_round as usize);
            prop_assert_eq!(out, want);
            prop_assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
        }
    }
}
