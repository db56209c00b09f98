//! Knockout (淘汰制) as events of a [`Tournament`]: CXA 2011 arts. 10.4 and 12.4; WXF 2018
//! art. 10.1.
//!
//! One tournament round ([`Event::RoundPaired`]) is one game of every match still being played
//! in the current bracket round; a bracket round (1/8 final, quarter-final …) therefore spans one
//! to three game rounds, plus its play-off games. Everything about the bracket is a projection of
//! the rounds and results ([`Tournament::bracket`]):
//!
//! - Seeds are start numbers (register in seed order: by rating or earlier results, CXA 10.2),
//!   or Swiss places in the knockout stage of [`crate::tournament::Format::SwissKnockout`] (CXA 10.5), whose
//!   game rounds follow the Swiss rounds; the first round follows
//!   [`crate::knockout::first_round`], so missing seeds are byes for the top seeds and seeds 1
//!   and 2 can meet only in the final (WXF 10.1 "避免初复赛即碰头").
//! - A match has one game, two games or is best of three ([`MatchFormat`]). Colours of its first
//!   game are drawn by lot from the seed kept in the round's event, then alternate game by game,
//!   play-off games included (CXA 12.4 "第一局抽签确定先后手，第二局换先").
//! - A match level after its games goes to up to `playoff_games` rapid games (WXF 10.1 加赛快棋),
//!   decided as soon as one side cannot be caught; level after those, a lot drawn from the seed
//!   of the match's last game decides (the popular rules' "加赛一局或以抽签方式分出胜负").
//! - A player who withdrew (CXA 19; WXF 11) or was expelled (CXA 18.3) loses the match: the
//!   games already paired are forfeited (CXA 20.3) and no more are paired (a walkover).
//!   Two who both withdrew leave the line empty and their next opponent goes through on a bye.
//!
//! [`KnockoutStage`] runs a knockout of teams the same way ([`crate::team_tournament`]): a
//! line's game is a team match, won, drawn or lost on 场分, and the team listed first (red on
//! odd boards, CXA 12.2) is drawn by lot for a line's first match and then alternates.

use crate::{
    knockout::{
        Decision, KnockoutMatch, KnockoutPlace, MatchFormat, MatchGame, PlacingRound, Placings,
        seeded_bracket,
    },
    lot::{Lot, line_seed},
    round_robin::Pairing,
    stage::{
        BracketFault, Competition, PairedRound, Stage, StageError, StageOutcome, StagePlay, Staged,
        Wanted,
    },
    swiss::PairingSystem,
    tournament::{Event, Tournament, TournamentError},
    types::{Color, Outcome, PlayerId},
};

/// What a line needs next.
pub(crate) enum Next {
    Decided,
    Pending,
    Game(PlayerId, PlayerId, Option<Color>),
}

/// Half-points of the first-listed player and of the opponent.
fn halves(outcomes: &[Outcome]) -> (i64, i64) {
    let mine = outcomes.iter().map(|o| o.halves()).sum();
    let theirs = outcomes
        .iter()
        .map(|o| match o {
            // A double forfeit gives neither side anything (CXA 20.2).
            Outcome::ForfeitLoss | Outcome::Loss => 2,
            Outcome::Draw => 1,
            _ => 0,
        })
        .sum();
    (mine, theirs)
}

/// What `line` (number `index` in its bracket round) needs next (CXA 10.4, 12.4; WXF 10.1),
/// for players or teams: decided on its games, then play-offs, then the lot from the seed of
/// the round of its last game (`round_seed`); a side `gone` before the next game loses by
/// walkover (CXA 19, 18.3).
pub(crate) fn line_next(
    line: &mut KnockoutMatch,
    index: usize,
    (format, playoff_games): (MatchFormat, u32),
    gone: impl Fn(PlayerId) -> bool,
    round_seed: impl Fn(u32) -> Option<u64>,
) -> Next {
    if line.decision != Decision::Open {
        return Next::Decided;
    }
    let (first, second) = match (line.first, line.second) {
        (Some(a), Some(b)) => (a, b),
        (a, b) => {
            line.winner = a.or(b);
            line.decision = Decision::Bye;
            return Next::Decided;
        }
    };
    if line.games.iter().any(|g| g.outcome.is_none()) {
        return Next::Pending;
    }
    if line.games.iter().any(|g| g.double_forfeit) {
        line.decision = Decision::Walkover;
        return Next::Decided;
    }
    let main: Vec<Outcome> = line
        .games
        .iter()
        .filter(|g| !g.playoff)
        .filter_map(|g| g.outcome)
        .collect();
    let extra: Vec<Outcome> = line
        .games
        .iter()
        .filter(|g| g.playoff)
        .filter_map(|g| g.outcome)
        .collect();
    let decide = |outcomes: &[Outcome], max: usize| {
        let (mine, theirs) = halves(outcomes);
        let left = max.saturating_sub(outcomes.len()) as i64;
        if mine > theirs + 2 * left {
            Some(Some(true))
        } else if theirs > mine + 2 * left {
            Some(Some(false))
        } else if left == 0 {
            Some(None)
        } else {
            None
        }
    };
    let mut settle = |first_won: bool, how: Decision| {
        line.winner = Some(if first_won { first } else { second });
        line.decision = how;
        Next::Decided
    };
    match decide(&main, format.max_games()) {
        Some(Some(w)) => return settle(w, Decision::Games),
        Some(None) => match decide(&extra, playoff_games as usize) {
            Some(Some(w)) => return settle(w, Decision::Playoff),
            Some(None) => {
                // Level after the play-off: the lot, from the last game's seed.
                let seed = line
                    .games
                    .last()
                    .and_then(|g| round_seed(g.round))
                    .unwrap_or(0);
                return settle(Lot::new(line_seed(seed, index)).coin(), Decision::Lot);
            }
            None => {}
        },
        None => {}
    }
    // Another game is due: a player gone before it loses the match (CXA 19, 18.3).
    match (gone(first), gone(second)) {
        (false, false) => {}
        (true, true) => {
            line.decision = Decision::Walkover;
            return Next::Decided;
        }
        (first_gone, _) => return settle(!first_gone, Decision::Walkover),
    }
    let colour = line.games.last().map(|g| g.first_color.other());
    Next::Game(first, second, colour)
}

/// The plan for the next game round of a knockout.
pub(crate) struct Plan {
    /// Games to pair: (first-listed, second-listed, the first's colour if forced).
    pub(crate) games: Vec<(PlayerId, PlayerId, Option<Color>)>,
    /// Byes of a bracket round that starts with this game round.
    pub(crate) byes: Vec<PlayerId>,
}

/// A bracket replayed with its placing matches.
pub(crate) struct Walk {
    /// The main bracket, round by round.
    pub(crate) bracket: Vec<Vec<KnockoutMatch>>,
    /// The placing matches (附加赛) so far.
    pub(crate) placing: Vec<PlacingRound>,
    /// The places known so far.
    pub(crate) places: Vec<KnockoutPlace>,
    /// The next game round, if it can be paired.
    pub(crate) plan: Option<Plan>,
}

/// Matches playing for the places from `top` down: the main bracket (top 1) or a group of
/// placing matches.
struct Group {
    top: u32,
    lines: Vec<KnockoutMatch>,
}

/// The loser of a decided line, if it had one.
fn loser(line: &KnockoutMatch) -> Option<PlayerId> {
    match (line.winner, line.first, line.second) {
        (Some(w), Some(a), b) if w == a => b,
        (Some(_), a, _) => a,
        (None, ..) => None,
    }
}

/// Neighbours meet: sides two by two, a missing side a bye.
fn pair_up(sides: &[Option<PlayerId>]) -> Vec<KnockoutMatch> {
    sides
        .chunks(2)
        .map(|p| {
            let mut l = KnockoutMatch::new(p[0], p.get(1).copied().flatten());
            if l.first.is_none() {
                std::mem::swap(&mut l.first, &mut l.second);
            }
            l
        })
        .collect()
}

/// Replays a single-elimination bracket (CXA 10.4), for players or teams: seeds placed by
/// [`seeded_bracket`], each line decided by [`line_next`], winners meeting their neighbours in
/// the next bracket round. `gone(side, round)` tells a side withdrawn before `round`;
/// `round_seed` a round's lot seed; `played(round, wanted)` the games that round holds for the
/// wanted lines (their `playoff` flag is set here), or `None` when the round is not paired
/// yet — then the walk ends with the plan for it. With placing matches (附加赛, CXA 10.4) the
/// losers of a bracket round that [`Placings::losers_play_on`] names play on among themselves,
/// beside the winners, for the places that round decides; a group of one match decides two
/// places.
pub(crate) fn walk_placed(
    entrants: &[PlayerId],
    first_round: u32,
    rules: (MatchFormat, u32),
    placings: Placings,
    gone: impl Fn(PlayerId, u32) -> bool,
    round_seed: impl Fn(u32) -> Option<u64>,
    mut played: impl FnMut(u32, &[Wanted]) -> Option<Vec<(usize, MatchGame)>>,
) -> Walk {
    let mut walk = Walk {
        bracket: Vec::new(),
        placing: Vec::new(),
        places: Vec::new(),
        plan: None,
    };
    let lines: Vec<KnockoutMatch> = seeded_bracket(entrants)
        .into_iter()
        .map(|(a, b)| KnockoutMatch::new(Some(a), b))
        .collect();
    if lines.is_empty() {
        return walk;
    }
    let mut groups = vec![Group { top: 1, lines }];
    let mut level = 1;
    // Every group's lines go to the bracket (the main one) or the placing rounds.
    let keep = |walk: &mut Walk, groups: Vec<Group>, level: u32| {
        for g in groups {
            let anyone = g
                .lines
                .iter()
                .any(|l| l.first.is_some() || l.second.is_some());
            if g.top == 1 {
                walk.bracket.push(g.lines);
            } else if anyone {
                walk.placing.push(PlacingRound {
                    bracket_round: level,
                    first_place: g.top,
                    last_place: g.top + 2 * g.lines.len() as u32 - 1,
                    lines: g.lines,
                });
            }
        }
    };
    let mut next_round = first_round;
    let mut fresh = true;
    loop {
        let mut wanted = Vec::new();
        let mut pending = false;
        // Lines are numbered across the groups, the main bracket's first, for their lots.
        let mut index = 0;
        for g in &mut groups {
            for line in &mut g.lines {
                match line_next(line, index, rules, |p| gone(p, next_round), &round_seed) {
                    Next::Decided => {}
                    Next::Pending => pending = true,
                    Next::Game(a, b, c) => wanted.push((index, a, b, c)),
                }
                index += 1;
            }
        }
        if pending {
            keep(&mut walk, groups, level);
            return walk;
        }
        if wanted.is_empty() {
            // Every line decided: winners go through, losers play on or share their places.
            let mut next = Vec::new();
            for g in &groups {
                let n = g.lines.len() as u32;
                let winners: Vec<Option<PlayerId>> = g.lines.iter().map(|l| l.winner).collect();
                let losers: Vec<Option<PlayerId>> = g.lines.iter().map(loser).collect();
                if n == 1 {
                    let places = [(winners[0], g.top), (losers[0], g.top + 1)];
                    for (p, place) in places {
                        if let Some(player) = p {
                            walk.places.push(KnockoutPlace {
                                player,
                                place,
                                down_to: place,
                            });
                        }
                    }
                    continue;
                }
                next.push(Group {
                    top: g.top,
                    lines: pair_up(&winners),
                });
                if placings.losers_play_on(g.top, n) {
                    next.push(Group {
                        top: g.top + n,
                        lines: pair_up(&losers),
                    });
                } else {
                    walk.places
                        .extend(losers.into_iter().flatten().map(|player| KnockoutPlace {
                            player,
                            place: g.top + n,
                            down_to: g.top + 2 * n - 1,
                        }));
                }
            }
            keep(&mut walk, std::mem::take(&mut groups), level);
            if next.is_empty() {
                return walk;
            }
            groups = next;
            level += 1;
            fresh = true;
            continue;
        }
        let Some(games) = played(next_round, &wanted) else {
            let byes = if fresh {
                groups
                    .iter()
                    .flat_map(|g| &g.lines)
                    .filter(|l| l.second.is_none())
                    .filter_map(|l| l.first)
                    .collect()
            } else {
                Vec::new()
            };
            let games = wanted.iter().map(|&(_, a, b, c)| (a, b, c)).collect();
            keep(&mut walk, groups, level);
            walk.plan = Some(Plan { games, byes });
            return walk;
        };
        for (line, mut game) in games {
            let Some(slot) = groups.iter_mut().flat_map(|g| &mut g.lines).nth(line) else {
                continue;
            };
            let main_games = slot.games.iter().filter(|g| !g.playoff).count();
            game.playoff = main_games >= rules.0.max_games();
            slot.games.push(game);
        }
        next_round += 1;
        fresh = false;
    }
}

impl Plan {
    /// The round: colours of a match's first game by lot from `seed`, the others as the plan
    /// forces them (CXA 12.4).
    pub(crate) fn paired(self, round: u32, seed: u64) -> PairedRound {
        let mut lot = Lot::new(seed);
        let games = self
            .games
            .iter()
            .enumerate()
            .map(|(k, &(a, b, colour))| {
                let first_red = match colour {
                    Some(c) => c == Color::Red,
                    None => lot.coin(),
                };
                let (red, black) = if first_red { (a, b) } else { (b, a) };
                Pairing {
                    board: k as u32 + 1,
                    red,
                    black,
                }
            })
            .collect();
        PairedRound {
            round,
            games,
            byes: self.byes,
            seed: Some(seed),
        }
    }

    /// The round's event for players ([`Plan::paired`]).
    pub(crate) fn event(self, round: u32, seed: u64) -> Event {
        let r = self.paired(round, seed);
        Event::RoundPaired {
            round: r.round,
            games: r.games,
            byes: r.byes,
            seed: r.seed,
        }
    }

    /// Checks a hand-entered round against the plan: the matches due, colours alternated
    /// after a match's first game (CXA 12.4), the bracket round's byes (CXA 10.4), a seed kept.
    pub(crate) fn check(
        plan: Option<Plan>,
        games: &[Pairing],
        byes: &[PlayerId],
        seed: Option<u64>,
    ) -> Result<(), StageError> {
        let plan = plan.ok_or(StageError::Decided)?;
        let wrong = |fault| Err(StageError::NotInBracket(fault));
        if seed.is_none() {
            return wrong(BracketFault::NoSeed);
        }
        if games.len() != plan.games.len() {
            return wrong(BracketFault::MissingLines);
        }
        let mut want_byes = plan.byes.clone();
        let mut got_byes = byes.to_vec();
        want_byes.sort_unstable();
        got_byes.sort_unstable();
        if want_byes != got_byes {
            return wrong(BracketFault::Byes);
        }
        for g in games {
            let Some(&(a, _, colour)) = plan
                .games
                .iter()
                .find(|(a, b, _)| (g.red, g.black) == (*a, *b) || (g.red, g.black) == (*b, *a))
            else {
                return wrong(BracketFault::NotALine);
            };
            let first_color = if g.red == a { Color::Red } else { Color::Black };
            if colour.is_some_and(|c| c != first_color) {
                return wrong(BracketFault::Alternation);
            }
        }
        Ok(())
    }
}

/// 淘汰制 (CXA 10.4; WXF 10.1) as a [`Stage`]: a seeded bracket of the table players, or of
/// the top `qualifiers` of the stage before (积分晋圈淘汰制, CXA 10.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnockoutStage {
    /// Games per match.
    pub games: MatchFormat,
    /// Rapid play-off games at most after a level match, then a lot (WXF 10.1).
    pub playoff_games: u32,
    /// Players who go through from the stage before, seeded by its places (CXA 10.5); `None`
    /// for a knockout of the whole field.
    pub qualifiers: Option<u32>,
}

impl KnockoutStage {
    /// Replays the knockout: the bracket rounds so far, its placing matches (附加赛) and the
    /// plan for the next game round (`None` when a round awaits results or every match is
    /// decided).
    fn replay<C: Competition>(&self, play: &StagePlay<'_, C>) -> Result<Walk, C::Error> {
        let t = play.tournament;
        let entrants = play.entrants()?;
        let walk = walk_placed(
            &entrants,
            play.first_round,
            (self.games, self.playoff_games),
            t.placings(),
            |p, round| t.withdrawn(p).is_some_and(|a| a < round),
            |r| t.round_seed(r),
            |number, wanted| t.knockout_games(number, wanted),
        );
        Ok(walk)
    }

    /// The bracket so far, round by round; empty while its entrants are not known.
    pub(crate) fn bracket<C: Competition>(
        &self,
        play: &StagePlay<'_, C>,
    ) -> Vec<Vec<KnockoutMatch>> {
        self.replay(play).map(|w| w.bracket).unwrap_or_default()
    }
}

/// The number of bracket rounds: ⌈log₂ n⌉ for n entrants.
pub(crate) fn bracket_rounds(entrants: usize) -> u32 {
    if entrants < 2 {
        0
    } else {
        entrants.next_power_of_two().trailing_zeros()
    }
}

impl<C: Competition> Stage<C> for KnockoutStage {
    /// An upper bound: every bracket round with all its games and play-offs.
    fn rounds(&self, play: &StagePlay<'_, C>) -> u32 {
        let entrants = match self.qualifiers {
            Some(k) => k as usize,
            None => play.tournament.table().len(),
        };
        bracket_rounds(entrants) * (self.games.max_games() as u32 + self.playoff_games)
    }

    /// The first game of each match with colours drawn by lot from `seed` (kept in the
    /// event), later games and play-offs with colours alternated, byes at the start of a
    /// bracket round (CXA 10.4, 12.4; WXF 10.1).
    fn pair(
        &self,
        play: &StagePlay<'_, C>,
        _engine: Option<&dyn PairingSystem>,
        seed: Option<u64>,
    ) -> Result<C::Event, C::Error> {
        let seed = seed.ok_or(StageError::NeedsSeed)?;
        let round = play.next_round();
        if play.entrants()?.len() < 2 {
            return Err(StageError::TooFewEntrants("a knockout").into());
        }
        let plan = self.replay(play)?.plan;
        let paired = play.tournament.rounds_paired();
        let plan = match plan {
            Some(plan) => plan,
            None if paired > 0 && !self.finished(play) => {
                return Err(StageError::RoundIncomplete(paired).into());
            }
            None => return Err(StageError::Decided.into()),
        };
        play.tournament.round_event(plan.paired(round, seed))
    }

    /// The matches due, colours alternated after a match's first game (CXA 12.4), the
    /// bracket round's byes (CXA 10.4), a seed kept.
    fn check(
        &self,
        play: &StagePlay<'_, C>,
        games: &[Pairing],
        byes: &[PlayerId],
        seed: Option<u64>,
    ) -> Result<(), C::Error> {
        Ok(Plan::check(self.replay(play)?.plan, games, byes, seed)?)
    }

    /// The final decided, and every placing match beside it (CXA 10.4 附加赛).
    fn finished(&self, play: &StagePlay<'_, C>) -> bool {
        self.champion(play).is_some()
            && self.replay(play).is_ok_and(|w| {
                w.placing
                    .iter()
                    .flat_map(|r| &r.lines)
                    .all(|l| l.decision != Decision::Open)
            })
    }

    fn outcome(&self, play: &StagePlay<'_, C>) -> StageOutcome {
        StageOutcome::Bracket(self.bracket(play))
    }

    fn champion(&self, play: &StagePlay<'_, C>) -> Option<PlayerId> {
        let bracket = self.bracket(play);
        let last = bracket.last()?;
        match last.as_slice() {
            [only]
                if bracket.len() as u32
                    >= bracket_rounds(play.entrants().map_or(0, |e| e.len())) =>
            {
                only.winner
            }
            _ => None,
        }
    }

    fn qualifiers(&self) -> Option<u32> {
        self.qualifiers
    }

    fn is_bracket(&self) -> bool {
        true
    }
}

impl Tournament {
    /// The number of bracket rounds: ⌈log₂ n⌉ for n entrants.
    pub(crate) fn bracket_rounds(entrants: usize) -> u32 {
        bracket_rounds(entrants)
    }

    /// What `line` needs before the game round `round` (CXA 10.4, 12.4; WXF 10.1).
    pub(crate) fn line_next(
        &self,
        line: &mut KnockoutMatch,
        index: usize,
        round: u32,
        format: MatchFormat,
        playoff_games: u32,
    ) -> Next {
        line_next(
            line,
            index,
            (format, playoff_games),
            |p| self.withdrawn_after(p).is_some_and(|a| a < round),
            |r| self.rounds().get(r as usize - 1).and_then(|r| r.seed),
        )
    }

    /// The knockout bracket so far, round by round (CXA 10.4): each line with its games, its
    /// winner and how it was decided. Empty for other formats.
    #[must_use]
    pub fn bracket(&self) -> Vec<Vec<KnockoutMatch>> {
        self.with_stage(|s: &KnockoutStage, play| s.bracket(play))
            .or_else(|| self.with_stage(|s: &crate::LotKnockoutStage, play| s.bracket(play)))
            .unwrap_or_default()
    }

    /// The knockout's placing matches (附加赛, CXA 10.4) so far, by bracket round. Empty for
    /// other formats and without [`Placings`].
    #[must_use]
    pub fn placing_matches(&self) -> Vec<PlacingRound> {
        self.with_stage(|s: &KnockoutStage, play| {
            s.replay(play).map(|w| w.placing).unwrap_or_default()
        })
        .unwrap_or_default()
    }

    /// A knockout's standings (CXA 10.4): by the round reached and the placing matches, not by
    /// the tie-breaks of a table. Players whose place is not settled yet (still in, or
    /// out in a bracket round not finished) come first, by start number, with no place; then the places known, best first; the losers of a bracket round without
    /// placing matches share its places (quarter-final losers are 5th–8th). Players who
    /// withdrew before the bracket started, and a Swiss's non-qualifiers, are not listed.
    /// Empty for other formats.
    #[must_use]
    ///
    /// A knockout drawn by lot each round ([`crate::LotKnockoutStage`], seed 001 art. 7) is
    /// placed the same way by the round reached: a bracket round's losers share the places
    /// below the players still in after it (the bye card counting as still in).
    pub fn knockout_standings(&self) -> Vec<(PlayerId, Option<KnockoutPlace>)> {
        let order = |entrants: Vec<PlayerId>, places: Vec<KnockoutPlace>| {
            let mut still: Vec<PlayerId> = entrants
                .iter()
                .copied()
                .filter(|p| !places.iter().any(|k| k.player == *p))
                .collect();
            still.sort_unstable();
            let mut placed = places;
            placed.sort_by_key(|k| (k.place, k.player));
            still
                .into_iter()
                .map(|p| (p, None))
                .chain(placed.into_iter().map(|k| (k.player, Some(k))))
                .collect()
        };
        self.with_stage(|s: &KnockoutStage, play| {
            let entrants = play.entrants().unwrap_or_default();
            let places = s.replay(play).map(|w| w.places).unwrap_or_default();
            order(entrants, places)
        })
        .or_else(|| {
            self.with_stage(|s: &crate::LotKnockoutStage, play| {
                let entrants = play.entrants().unwrap_or_default();
                order(entrants, s.places(play))
            })
        })
        .unwrap_or_default()
    }

    /// The winner of the format's last stage once it is a decided bracket (a knockout or a
    /// double elimination).
    #[must_use]
    pub fn champion(&self) -> Option<PlayerId> {
        let (stage, play) = self.last_stage()?;
        stage.champion(&play)
    }

    /// The next game round of a knockout (CXA 10.4, 12.4; WXF 10.1): the first game of each
    /// match with colours drawn by lot from `seed` (kept in the event), later games and
    /// play-offs with colours alternated, byes at the start of a bracket round. Also the
    /// knockout stage of [`crate::tournament::Format::SwissKnockout`] (CXA 10.5, once the Swiss is over) and the
    /// next round of [`crate::tournament::Format::DoubleElimination`].
    ///
    /// # Errors
    /// Not a knockout, fewer than 2 entrants, a round still awaiting results, or the champion
    /// already known.
    pub fn pair_knockout(&self, seed: u64) -> Result<Event, TournamentError> {
        match self.last_stage() {
            Some((stage, play)) if stage.is_bracket() => stage.pair(&play, None, Some(seed)),
            _ if self.table_players().len() < 2 => Err(TournamentError::TooFewPlayers),
            _ => Err(TournamentError::InvalidFormat("not a knockout".into())),
        }
    }
}

// The tests name formats through `super::*`.
#[cfg(test)]
use crate::tournament::Format;

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::{
        knockout::seed_order,
        scoring::ScoringScheme,
        types::{Book, GameResult, Player},
    };

    fn knockout(n: u32, games: MatchFormat, playoff_games: u32) -> Tournament {
        let mut events = vec![Event::Created {
            name: "cup".into(),
            rules: Book::Cxa2011,
            format: Format::Knockout {
                games,
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

    /// Pairs the next game round with `seed` and records `result(red, black)` on every board.
    fn play(
        t: &mut Tournament,
        seed: u64,
        mut result: impl FnMut(u32, u32) -> GameResult,
    ) -> Event {
        let e = t.pair_knockout(seed).unwrap();
        t.apply(e.clone()).unwrap();
        let Event::RoundPaired { round, games, .. } = &e else {
            unreachable!()
        };
        for g in games {
            t.apply(Event::ResultRecorded {
                round: *round,
                board: g.board,
                result: result(g.red.get(), g.black.get()),
            })
            .unwrap();
        }
        e
    }

    /// The better seed (lower start number) wins.
    fn favourite(red: u32, black: u32) -> GameResult {
        if red < black {
            GameResult::RedWins
        } else {
            GameResult::BlackWins
        }
    }

    fn pairs(e: &Event) -> Vec<(u32, u32)> {
        let Event::RoundPaired { games, .. } = e else {
            return Vec::new();
        };
        games
            .iter()
            .map(|g| {
                (
                    g.red.get().min(g.black.get()),
                    g.red.get().max(g.black.get()),
                )
            })
            .collect()
    }

    #[test]
    fn sixteen_follow_the_standard_seed_order() {
        // knockout_seed_order.json (checked against seed_order in knockout.rs): 1-16, 8-9, …
        let t = knockout(16, MatchFormat::OneGame, 0);
        let e = t.pair_knockout(3).unwrap();
        let order = seed_order(16).unwrap();
        let want: Vec<(u32, u32)> = order
            .chunks(2)
            .map(|p| (p[0].min(p[1]), p[0].max(p[1])))
            .collect();
        assert_eq!(pairs(&e), want);
        let Event::RoundPaired { byes, seed, .. } = &e else {
            unreachable!()
        };
        assert!(byes.is_empty());
        assert_eq!(*seed, Some(3));
    }

    #[test]
    fn six_entrants_byes_to_top_seeds_then_final_of_the_top_two() {
        // CXA 10.4: 6 in a bracket of 8, seeds 1 and 2 have byes; WXF 10.1: 1 and 2 meet last.
        let mut t = knockout(6, MatchFormat::OneGame, 0);
        let r1 = play(&mut t, 11, favourite);
        assert_eq!(pairs(&r1), [(4, 5), (3, 6)]);
        let Event::RoundPaired { byes, .. } = &r1 else {
            unreachable!()
        };
        assert_eq!(byes, &[id(1), id(2)]);
        let r2 = play(&mut t, 12, favourite);
        assert_eq!(pairs(&r2), [(1, 4), (2, 3)]);
        let Event::RoundPaired { byes, .. } = &r2 else {
            unreachable!()
        };
        assert!(byes.is_empty(), "a bye is given once, in its bracket round");
        assert_eq!(t.champion(), None);
        let r3 = play(&mut t, 13, favourite);
        assert_eq!(pairs(&r3), [(1, 2)]);
        assert_eq!(t.champion(), Some(id(1)));
        assert_eq!(t.pair_knockout(14), Err(TournamentError::KnockoutDecided));
        let b = t.bracket();
        assert_eq!(b.len(), 3);
        assert_eq!(b[0][0].decision, Decision::Bye);
        assert_eq!(b[2][0].decision, Decision::Games);
        // Same events, same tournament.
        assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
    }

    #[test]
    fn next_round_waits_for_every_match() {
        let mut t = knockout(4, MatchFormat::OneGame, 0);
        let e = t.pair_knockout(1).unwrap();
        t.apply(e).unwrap();
        t.apply(Event::ResultRecorded {
            round: 1,
            board: 1,
            result: GameResult::RedWins,
        })
        .unwrap();
        assert_eq!(t.pair_knockout(2), Err(TournamentError::RoundIncomplete(1)));
    }

    #[test]
    fn best_of_three_alternates_colours_and_stops_at_two_wins() {
        // CXA 12.4: colours of game 1 by lot, then swapped each game.
        let mut t = knockout(4, MatchFormat::BestOfThree, 0);
        // Seed 1 wins everything; 2 and 3 split games 1 and 2.
        let result = |red: u32, black: u32| {
            if red.min(black) == 1 {
                favourite(red, black)
            } else {
                GameResult::RedWins
            }
        };
        play(&mut t, 5, result);
        play(&mut t, 6, result);
        // 1–4 is over at 2–0; 2–3 is 1–1 (red won both): a third game.
        let e = t.pair_knockout(7).unwrap();
        assert_eq!(pairs(&e), [(2, 3)]);
        let b = t.bracket();
        let m = &b[0][0];
        assert_eq!(m.winner, Some(id(1)));
        assert_eq!(m.games.len(), 2);
        let other = &b[0][1];
        assert_eq!(
            other.games[1].first_color,
            other.games[0].first_color.other()
        );
        t.apply(e).unwrap();
        t.apply(Event::ResultRecorded {
            round: 3,
            board: 1,
            result: GameResult::Draw,
        })
        .unwrap();
        // 1.5–1.5 after three games: play-off count 0, so the lot decides.
        let m = &t.bracket()[0][1];
        assert_eq!(m.decision, Decision::Lot);
        assert!(matches!(m.winner, Some(w) if w == id(2) || w == id(3)));
        assert_eq!(m.games[2].first_color, m.games[0].first_color);
    }

    #[test]
    fn two_games_level_go_to_playoff_then_lot() {
        // WXF 10.1: rapid games after a level match; level again: the lot.
        let mut t = knockout(2, MatchFormat::TwoGames, 2);
        play(&mut t, 1, |_, _| GameResult::RedWins);
        play(&mut t, 2, |_, _| GameResult::RedWins);
        assert_eq!(t.champion(), None);
        // Play-off game 1: a draw; game 2: seed 2 wins as black or red.
        play(&mut t, 3, |_, _| GameResult::Draw);
        let b = t.bracket();
        assert!(b[0][0].games[2].playoff);
        assert_eq!(b[0][0].decision, Decision::Open);
        play(&mut t, 4, |red, _| {
            if red == 2 {
                GameResult::RedWins
            } else {
                GameResult::BlackWins
            }
        });
        assert_eq!(t.champion(), Some(id(2)));
        assert_eq!(t.bracket()[0][0].decision, Decision::Playoff);

        // All level: the lot from the last game's seed, the same on every replay.
        let mut winners = std::collections::HashSet::new();
        for seed in 0..16 {
            let mut t = knockout(2, MatchFormat::OneGame, 1);
            play(&mut t, seed, |_, _| GameResult::Draw);
            play(&mut t, seed + 100, |_, _| GameResult::Draw);
            let m = &t.bracket()[0][0];
            assert_eq!(m.decision, Decision::Lot);
            assert_eq!(
                Tournament::from_json(&t.to_json()).unwrap().champion(),
                t.champion()
            );
            winners.insert(t.champion());
        }
        assert_eq!(winners.len(), 2, "either may win the lot");
    }

    #[test]
    fn pairings_outside_the_bracket_are_refused() {
        let mut t = knockout(4, MatchFormat::TwoGames, 0);
        let good = t.pair_knockout(9).unwrap();
        let Event::RoundPaired { games, .. } = good.clone() else {
            unreachable!()
        };
        let no_seed = Event::RoundPaired {
            round: 1,
            games: games.clone(),
            byes: vec![],
            seed: None,
        };
        assert!(matches!(
            t.apply(no_seed),
            Err(TournamentError::NotInBracket(_))
        ));
        let mut swapped = games.clone();
        swapped[0].black = games[1].black;
        swapped[1].black = games[0].black;
        let wrong = Event::RoundPaired {
            round: 1,
            games: swapped,
            byes: vec![],
            seed: Some(9),
        };
        assert!(matches!(
            t.apply(wrong),
            Err(TournamentError::NotInBracket(_))
        ));
        t.apply(good).unwrap();
        for board in 1..=2 {
            t.apply(Event::ResultRecorded {
                round: 1,
                board,
                result: GameResult::Draw,
            })
            .unwrap();
        }
        // Game 2 must swap colours (CXA 12.4): the same colours again are refused.
        let same = Event::RoundPaired {
            round: 2,
            games: games.clone(),
            byes: vec![],
            seed: Some(10),
        };
        assert!(matches!(
            t.apply(same),
            Err(TournamentError::NotInBracket(_))
        ));
        let next = t.pair_knockout(10).unwrap();
        let Event::RoundPaired { games: g2, .. } = &next else {
            unreachable!()
        };
        for (a, b) in games.iter().zip(g2) {
            assert_eq!((a.red, a.black), (b.black, b.red));
        }
        assert_eq!(t.events().len(), 8, "refused events change nothing");
    }

    #[test]
    fn a_withdrawal_is_a_walkover() {
        // CXA 19: the player who withdrew is not paired again; the opponent goes through.
        let mut t = knockout(4, MatchFormat::BestOfThree, 0);
        play(&mut t, 1, |_, _| GameResult::Draw);
        t.apply(Event::Withdrawn {
            player: id(4),
            after_round: 1,
        })
        .unwrap();
        let e = t.pair_knockout(2).unwrap();
        assert_eq!(pairs(&e), [(2, 3)]);
        let m = &t.bracket()[0][0];
        assert_eq!((m.winner, m.decision), (Some(id(1)), Decision::Walkover));
    }

    #[test]
    fn both_absent_both_out() {
        // CXA 20.2: a double forfeit; the next opponent goes through without playing.
        let mut t = knockout(4, MatchFormat::OneGame, 0);
        play(&mut t, 1, |red, black| {
            if red.min(black) == 1 {
                favourite(red, black)
            } else {
                GameResult::DoubleForfeit
            }
        });
        let m = &t.bracket()[0][1];
        assert_eq!((m.winner, m.decision), (None, Decision::Walkover));
        let b = t.bracket();
        assert_eq!(b.len(), 2);
        assert_eq!((b[1][0].first, b[1][0].second), (Some(id(1)), None));
        assert_eq!(b[1][0].decision, Decision::Bye);
        assert_eq!(t.champion(), Some(id(1)));
        assert_eq!(t.pair_knockout(2), Err(TournamentError::KnockoutDecided));

        // With 8, the empty line's neighbour has a bye in the semi-final.
        let mut t = knockout(8, MatchFormat::OneGame, 0);
        play(&mut t, 1, |red, black| {
            if red.min(black) == 4 {
                GameResult::DoubleForfeit
            } else {
                favourite(red, black)
            }
        });
        let e = t.pair_knockout(2).unwrap();
        assert_eq!(pairs(&e), [(2, 3)]);
        let Event::RoundPaired { byes, .. } = &e else {
            unreachable!()
        };
        assert_eq!(byes, &[id(1)]);
    }

    #[test]
    fn pair_knockout_refuses_other_formats_and_too_few() {
        let t = knockout(1, MatchFormat::OneGame, 0);
        assert_eq!(t.pair_knockout(0), Err(TournamentError::TooFewPlayers));
        assert!(t.bracket().is_empty());
    }

    proptest! {
        /// Any results: the knockout ends with one champion within the rounds the format
        /// allows; every bracket round halves the field; nobody is knocked out twice.
        #[test]
        fn every_knockout_ends_with_one_champion(
            n in 2u32..20,
            format in prop_oneof![
                Just(MatchFormat::OneGame),
                Just(MatchFormat::TwoGames),
                Just(MatchFormat::BestOfThree),
            ],
            playoff_games in 0u32..3,
            results in proptest::collection::vec(0u8..3, 200),
        ) {
            let mut t = knockout(n, format, playoff_games);
            let mut k = 0;
            while t.champion().is_none() {
                prop_assert!(t.rounds().len() < t.total_rounds() as usize);
                play(&mut t, k as u64, |_, _| {
                    k += 1;
                    [GameResult::RedWins, GameResult::Draw, GameResult::BlackWins]
                        [usize::from(results[k % results.len()])]
                });
            }
            let b = t.bracket();
            prop_assert_eq!(b.len() as u32, Tournament::bracket_rounds(n as usize));
            for w in b.windows(2) {
                prop_assert_eq!(w[1].len(), w[0].len().div_ceil(2));
            }
            let mut losers = std::collections::HashSet::new();
            for m in b.iter().flatten() {
                if let (Some(a), Some(b), Some(w)) = (m.first, m.second, m.winner) {
                    let loser = if w == a { b } else { a };
                    prop_assert!(losers.insert(loser));
                }
            }
            prop_assert_eq!(losers.len() as u32, n - 1);
            prop_assert!(!losers.contains(&t.champion().unwrap()));
        }
    }

    /// `n` entrants with the organiser's placing matches (CXA 10.4 附加赛).
    fn placed(n: u32, placings: Placings) -> Tournament {
        let mut t = knockout(n, MatchFormat::OneGame, 0);
        t.apply(Event::PlacingsSet { placings }).unwrap();
        t
    }

    /// Each player's (place, down_to), by start number.
    fn places(t: &Tournament) -> Vec<(u32, Option<(u32, u32)>)> {
        let mut v: Vec<_> = t
            .knockout_standings()
            .into_iter()
            .map(|(p, k)| (p.get(), k.map(|k| (k.place, k.down_to))))
            .collect();
        v.sort_unstable();
        v
    }

    /// Eight players, favourites winning: quarter-finals 1–8, 4–5, 2–7, 3–6; semi-finals 1–4
    /// and 2–3; then the final 1–2 and, in the same round, the third-place match between the
    /// semi-finals' losers 4 and 3. The quarter-finals' losers share 5th–8th.
    #[test]
    fn the_third_place_match_is_played_beside_the_final() {
        let mut t = placed(8, Placings::Third);
        assert_eq!(pairs(&play(&mut t, 1, favourite)).len(), 4);
        assert_eq!(pairs(&play(&mut t, 2, favourite)), [(1, 4), (2, 3)]);
        let e = t.pair_knockout(3).unwrap();
        assert_eq!(pairs(&e), [(1, 2), (3, 4)]);
        t.apply(e).unwrap();
        // The final decided, the third-place match not: not over yet.
        let board = |t: &Tournament, a: u32| {
            t.rounds()[2]
                .games
                .iter()
                .find(|g| [g.pairing.red.get(), g.pairing.black.get()].contains(&a))
                .unwrap()
                .pairing
        };
        let f = board(&t, 1);
        t.apply(Event::ResultRecorded {
            round: 3,
            board: f.board,
            result: favourite(f.red.get(), f.black.get()),
        })
        .unwrap();
        assert_eq!(t.champion(), Some(id(1)));
        assert_eq!(t.pair_knockout(4), Err(TournamentError::RoundIncomplete(3)));
        let third = board(&t, 3);
        t.apply(Event::ResultRecorded {
            round: 3,
            board: third.board,
            result: favourite(third.red.get(), third.black.get()),
        })
        .unwrap();
        assert_eq!(t.pair_knockout(4), Err(TournamentError::KnockoutDecided));
        let shared = Some((5, 8));
        assert_eq!(
            places(&t),
            [
                (1, Some((1, 1))),
                (2, Some((2, 2))),
                (3, Some((3, 3))),
                (4, Some((4, 4))),
                (5, shared),
                (6, shared),
                (7, shared),
                (8, shared),
            ]
        );
        let placing = t.placing_matches();
        assert_eq!(placing.len(), 1);
        assert_eq!((placing[0].first_place, placing[0].last_place), (3, 4));
        assert_eq!(placing[0].lines[0].winner, Some(id(3)));
    }

    /// Every place among eight: beside the semi-finals the quarter-finals' losers (8, 5, 7, 6
    /// in bracket order) play 8–5 and 7–6 for 5th–8th; beside the final come the matches for
    /// 3rd (4–3), 5th (5–6) and 7th (8–7). Favourites winning, player k finishes k-th.
    #[test]
    fn every_place_is_played_for() {
        let mut t = placed(8, Placings::All);
        play(&mut t, 1, favourite);
        assert_eq!(
            pairs(&play(&mut t, 2, favourite)),
            [(1, 4), (2, 3), (5, 8), (6, 7)]
        );
        assert_eq!(
            pairs(&play(&mut t, 3, favourite)),
            [(1, 2), (3, 4), (5, 6), (7, 8)]
        );
        assert_eq!(t.pair_knockout(4), Err(TournamentError::KnockoutDecided));
        let want: Vec<_> = (1..=8).map(|k| (k, Some((k, k)))).collect();
        assert_eq!(places(&t), want);
    }

    /// Nine players in a bracket of 16: only 8–9 is played in round 1. With every place played
    /// for, 9 (the only loser of round 1) goes through its placing group on byes and is 9th;
    /// without placings the first round's loser is 9th–16th, shared.
    #[test]
    fn nine_players_every_place() {
        let mut t = placed(9, Placings::All);
        for seed in 1..=4 {
            play(&mut t, seed, favourite);
        }
        assert_eq!(t.pair_knockout(5), Err(TournamentError::KnockoutDecided));
        let want: Vec<_> = (1..=9).map(|k| (k, Some((k, k)))).collect();
        assert_eq!(places(&t), want);
        let mut plain = knockout(9, MatchFormat::OneGame, 0);
        for seed in 1..=4 {
            play(&mut plain, seed, favourite);
        }
        let p = places(&plain);
        assert_eq!(p[8], (9, Some((9, 16))));
        assert_eq!(p[2], (3, Some((3, 4))));
        assert_eq!(p[3], (4, Some((3, 4))));
    }

    /// Placing matches are a knockout's, and chosen before round 1.
    #[test]
    fn placings_are_set_before_the_start_of_a_knockout() {
        let mut t = knockout(4, MatchFormat::OneGame, 0);
        play(&mut t, 1, favourite);
        assert!(matches!(
            t.apply(Event::PlacingsSet {
                placings: Placings::Third
            }),
            Err(TournamentError::InvalidFormat(_))
        ));
        let mut rr = Tournament::from_events([Event::Created {
            name: "rr".into(),
            rules: Book::Cxa2011,
            format: Format::RoundRobin { cycles: 1 },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }])
        .unwrap();
        assert!(
            rr.apply(Event::PlacingsSet {
                placings: Placings::All
            })
            .is_err()
        );
    }
}
