//! A team event as a state machine driven by events, like [`crate::tournament`] for players.
//!
//! CXA 2011 art. 11 (board rules: fixed 11.1, reserves in order 11.2, temporary order 11.3),
//! 12.2 and 12.3 (the first-listed team has red on odd boards), 13.2 (场分 from 局分), 14.5 and
//! 14.6 (tie-breaks); WXF 2018 arts. 9.3, 10.4, 10.5. A match counts in the standings once
//! every board has a result. Teams sit out a round of an odd round robin (no score, as for
//! players).
//!
//! Also:
//! - Two games a board (两局制), the second with colours swapped (CXA 12.4 "第二局换先"): under
//!   WXF 9.4 the match goes by 大分 (per player: two wins or a win and a draw 2, level 1) and
//!   then 小分 (game points); under CXA 13.2 by 局分.
//! - Byes in a Swiss of teams count as a match won with every game won (CXA 14.4 "凡轮空者的
//!   成绩按胜局计分", applied to teams); 对手分 counts them as 14.4 says.
//! - Team withdrawals (CXA 19.2, 19.3; WXF 11.2–11.4): in a round robin, a team that played
//!   fewer than half of its matches has every match cancelled, its opponents' points
//!   included; otherwise its matches stand and every later one is forfeited on every board
//!   (CXA 20.3). In a Swiss its matches stand and it is not paired again. A team gone before
//!   round 1 is left out of the order table.
//! - 局分 as the primary score of a one-game Swiss of teams (CXA 14.7 "也可根据各队的总局分
//!   排列名次"): [`TeamRanking::GamePoints`].
//! - Rounds are paired by the format's stage, the players' own ([`crate::stage`]: a team event
//!   is a [`crate::stage::Competition`], each team one entrant): [`crate::RoundRobinStage`] for
//!   a round robin and 全队轮赛制, [`crate::SwissStage`], [`crate::KnockoutStage`].
//!   [`TeamTournament::pair_next`] pairs the next round of any format; a round may also be
//!   paired by hand with a [`TeamEvent::RoundPaired`], checked by the same stage.
//! - Team knockouts (CXA 10.4, 12.4; WXF 10.1): [`TeamTournament::pair_knockout`],
//!   [`TeamTournament::bracket`], [`TeamTournament::champion`].
//! - A Swiss of teams paired by a Swiss engine, each team as one player (CXA 10.3, 12.3,
//!   14.4): [`TeamTournament::pair_swiss`].
//! - 全队轮赛制 (CXA 11.4, [`TeamFormat::AllPlayAll`]): each match all-play-all, one game a
//!   board per 轮, results by [`TeamEvent::BoardGameResult`]; one 场 by its 局分 (13.2).
//! - Board order (CXA 11.1, 11.2): a team registers its players by the latest rating, unrated
//!   last, unless the organiser's [`TeamEvent::OrderOverridden`] comes first; under 临时定台制
//!   the order may be drawn by lot (11.3, [`TeamEvent::LineupDrawn`]).
//! - Fouls and sanctions against a player or a team ([`TeamEvent::Penalised`]): 全队犯规 for
//!   the tie-breaks (CXA 14.5, 14.6), sanctions by severity then count (18.5). The organiser
//!   may order the tie-breaks ([`TeamEvent::Created`]'s `tie_breaks`).

mod knockout;
mod stages;
mod swiss_pairing;

use serde::{Deserialize, Serialize};

use crate::{
    knockout::MatchFormat,
    lifecycle::{Lifecycle, Refusal, Withdrawals},
    round_robin::Pairing,
    scoring::{ScoringScheme, match_points},
    stage::{Competition, Staged},
    team::{
        BoardRule, LineupError, MatchTally, Team, TeamMatch, first_team_color, lineup_by_lot,
        rating_order_broken, validate_lineup,
    },
    tiebreak::{self, Competitor, Encounter, EventKind, Field, Standing, TieBreak},
    tournament::{Format as PlayerFormat, Penalty},
    types::{Book, Color, GameResult, Outcome, PlayerId, Points},
};

/// The formats of a team event (CXA 2011 arts. 10.1, 10.3, 10.4 with 12.2–12.4 for teams):
/// only those the team event runs, so no other can be asked for. On the wire it is the
/// player [`PlayerFormat`]'s form (`{"type": "round_robin", "cycles": 1}` …), so stored events read
/// as before; a team event file naming another format is refused when it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TeamFormat {
    /// 大循环制 (CXA 10.1): every team meets every team `cycles` times (1 or 2).
    RoundRobin {
        /// 1 or 2.
        cycles: u32,
    },
    /// 积分编排制 (CXA 10.3) of teams over `rounds` rounds, paired by a Swiss engine
    /// ([`TeamTournament::pair_swiss`]) or by hand.
    Swiss {
        /// Number of rounds.
        rounds: u32,
    },
    /// 全队轮赛制 (CXA 11.4 "一方所有队员与另一方所有队员逐一对弈"): teams meet as in a round
    /// robin (`cycles` 1 or 2), and each match is played all-play-all: the `boards` players of
    /// one team each play every player of the other, over `boards` games a board (轮). Two
    /// teams make the book's 对抗赛. The match counts as one 场 (CXA 13.2): 局分 over all its
    /// games, 场分 2/1/0 by comparing them; ties as a round robin of teams (CXA 14.5).
    AllPlayAll {
        /// 1 or 2.
        cycles: u32,
    },
    /// 淘汰制 (CXA 10.4; WXF 10.1) of teams: [`TeamTournament::pair_knockout`].
    Knockout {
        /// Team matches per line.
        games: MatchFormat,
        /// Play-off team matches at most after a level line, then a lot (WXF 10.1).
        #[serde(default)]
        playoff_games: u32,
    },
}

impl TeamFormat {
    /// Cycles of a round robin.
    #[must_use]
    pub fn round_robin_cycles(self) -> Option<u32> {
        match self {
            TeamFormat::RoundRobin { cycles } | TeamFormat::AllPlayAll { cycles } => Some(cycles),
            _ => None,
        }
    }

    /// Whether each match is played all-play-all (全队轮赛制, CXA 11.4).
    #[must_use]
    pub fn is_all_play_all(self) -> bool {
        matches!(self, TeamFormat::AllPlayAll { .. })
    }

    /// Rounds of a Swiss.
    #[must_use]
    pub fn swiss_rounds(self) -> Option<u32> {
        match self {
            TeamFormat::Swiss { rounds } => Some(rounds),
            _ => None,
        }
    }

    /// Team matches per line and play-offs of a knockout.
    #[must_use]
    pub fn knockout(self) -> Option<(MatchFormat, u32)> {
        match self {
            TeamFormat::Knockout {
                games,
                playoff_games,
            } => Some((games, playoff_games)),
            _ => None,
        }
    }
}

impl From<TeamFormat> for PlayerFormat {
    fn from(f: TeamFormat) -> PlayerFormat {
        match f {
            // Teams meet in the order table of a round robin (CXA 10.1).
            TeamFormat::RoundRobin { cycles } | TeamFormat::AllPlayAll { cycles } => {
                PlayerFormat::RoundRobin { cycles }
            }
            TeamFormat::Swiss { rounds } => PlayerFormat::Swiss { rounds },
            TeamFormat::Knockout {
                games,
                playoff_games,
            } => PlayerFormat::Knockout {
                games,
                playoff_games,
            },
        }
    }
}

impl TryFrom<PlayerFormat> for TeamFormat {
    type Error = TeamError;

    /// The team format of a player [`PlayerFormat`]: round robin, Swiss or knockout.
    fn try_from(f: PlayerFormat) -> Result<TeamFormat, TeamError> {
        match f {
            PlayerFormat::RoundRobin { cycles } => Ok(TeamFormat::RoundRobin { cycles }),
            PlayerFormat::Swiss { rounds } => Ok(TeamFormat::Swiss { rounds }),
            PlayerFormat::Knockout {
                games,
                playoff_games,
            } => Ok(TeamFormat::Knockout {
                games,
                playoff_games,
            }),
            _ => Err(TeamError::NoRound(
                "team group stages and staged swisses are not supported yet: round robin, \
                 swiss or knockout"
                    .into(),
            )),
        }
    }
}

/// What ranks teams first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamRanking {
    /// 场分 (team match points) first: CXA 14.5, 14.6; WXF 10.4, 10.5.
    #[default]
    MatchPoints,
    /// 总局分 (game points) first, for a one-game Swiss of teams: CXA 14.7. The standings'
    /// score is then 局分, and ties go by 场分, 团体对手分 (opponents' 场分) and the rest of
    /// 14.6's order.
    GamePoints,
}

/// CXA 14.7's order after 局分: 14.6 with 场分 in the place of 局分 (after 18.5).
const CXA_TEAM_SWISS_BY_GAME_POINTS: [TieBreak; 7] = [
    TieBreak::Sanctions,
    // With 局分 as the score these two read 场分 and the opponents' 场分.
    TieBreak::GamePoints,
    TieBreak::OpponentsGamePoints,
    TieBreak::MatchWins,
    TieBreak::Wins,
    TieBreak::Fouls,
    TieBreak::EarlierRounds,
];

/// Two teams at one table: `first` is listed first (red on odd boards, CXA 12.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamPairing {
    /// Table (场次), 1-based.
    pub table: u32,
    /// Team listed first, 0-based registration index.
    pub first: usize,
    /// Team listed second.
    pub second: usize,
}

/// Something that happened to a team event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TeamEvent {
    /// The event was set up.
    Created {
        /// Name.
        name: String,
        /// Governing book.
        rules: Book,
        /// Round robin, Swiss or knockout (of teams).
        format: TeamFormat,
        /// Boards per match.
        boards: usize,
        /// How players take boards (CXA 11.1–11.3).
        board_rule: BoardRule,
        /// Points per game; 局分 are the sum over boards.
        #[serde(default)]
        scoring: ScoringScheme,
        /// Tie-break order; the book's when absent.
        #[serde(default)]
        tie_breaks: Option<Vec<TieBreak>>,
        /// Two games a board, colours swapped in the second (两局制: CXA 12.4; WXF 9.4).
        #[serde(default)]
        two_games: bool,
        /// 场分 first, or 局分 first in a one-game Swiss (CXA 14.7).
        #[serde(default)]
        ranking: TeamRanking,
    },
    /// A team entered, players in registered order.
    TeamRegistered {
        /// The team.
        team: Team,
    },
    /// A round was paired.
    RoundPaired {
        /// Round, 1-based.
        round: u32,
        /// Matches in table order.
        matches: Vec<TeamPairing>,
        /// Teams without a match: in a Swiss a bye worth a won match (CXA 14.4); in a round
        /// robin a rest; in a knockout the bracket's byes.
        #[serde(default)]
        byes: Vec<usize>,
        /// The seed of any lot drawn (a knockout's first-listed teams, its lots after level
        /// play-offs).
        #[serde(default)]
        seed: Option<u64>,
    },
    /// A team's line-up for a round: registered positions, board 1 first.
    LineupSubmitted {
        /// Round.
        round: u32,
        /// Team index.
        team: usize,
        /// Registered positions (1-based) per board.
        lineup: Vec<usize>,
    },
    /// One board's result.
    BoardResult {
        /// Round.
        round: u32,
        /// Table.
        table: u32,
        /// Board, 1-based.
        board: usize,
        /// Result as played.
        result: GameResult,
        /// The second game of a two-game match (colours swapped, CXA 12.4).
        #[serde(default)]
        second: bool,
    },
    /// A team withdrew (CXA 19; WXF 11.2–11.4) or was expelled (CXA 18.3) after a round.
    Withdrawn {
        /// Team index.
        team: usize,
        /// The last round it took part in (0 before the first).
        after_round: u32,
    },
    /// One game's result where a board plays more than one game: game 2 of a two-game match
    /// (CXA 12.4), or game `game` of an all-play-all match (CXA 11.4), in which `board` is
    /// the first-listed team's board and its opponent the other team's player
    /// [`TeamTournament::facing_board`].
    BoardGameResult {
        /// Round.
        round: u32,
        /// Table.
        table: u32,
        /// The first-listed team's board, 1-based.
        board: usize,
        /// The game of the board, 1-based (轮 of an all-play-all).
        game: usize,
        /// Result as played.
        result: GameResult,
    },
    /// A foul or a sanction (CXA 8, 18.1, 18.2) against a player of a team (`player`, the
    /// registered position from 1) or against the team itself (`player` absent). A team's
    /// fouls and sanctions add up over its players and itself: 全队犯规 (CXA 14.5, 14.6) and
    /// 18.5's "受到处分的人(队)".
    Penalised {
        /// Team index.
        team: usize,
        /// The registered position (1-based) of the player, or none for the team.
        #[serde(default)]
        player: Option<usize>,
        /// The round it was given in.
        round: u32,
        /// What.
        penalty: Penalty,
    },
    /// The organiser lets the next team register its players in an order other than by
    /// rating (CXA 11.1 asks for the latest rating, unrated last; 11.2 keeps that principle).
    /// It must come just before that team's [`TeamEvent::TeamRegistered`].
    OrderOverridden {
        /// The index the team will have (the number of teams registered so far).
        team: usize,
        /// Why, as the organiser put it.
        reason: String,
    },
    /// A team's board order for a round drawn by lot (临时定台制 "抽签确定", CXA 11.3): the
    /// players who play, put in order by [`crate::team::lineup_by_lot`] from `seed`.
    LineupDrawn {
        /// Round.
        round: u32,
        /// Team index.
        team: usize,
        /// The registered positions (1-based) of the players who play, in any order.
        players: Vec<usize>,
        /// The lot's seed.
        seed: u64,
    },
    /// The numbers the books leave to the organiser for the event's games (`move_limit`,
    /// `fouls_to_lose`, …: CXA 2011 arts. 4.2.4, 8.1.8, 20.1, 22.1; WXF 2018 arts. 11.1,
    /// 12.4, 12.11), by key, as the arbiter reads them (`xiangqi_arbiter::EventRules`), as
    /// [`crate::tournament::Event::GameRulesSet`] keeps them for a tournament of players. The
    /// event keeps them for its games and reads none: whoever records them checks them. Set
    /// before round 1 is paired; the latest applies.
    GameRulesSet {
        /// Value by key; a key left out keeps the book's value.
        rules: std::collections::BTreeMap<String, u64>,
    },
}

/// One foul or sanction recorded in a team event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamPenalty {
    /// Team index.
    pub team: usize,
    /// The player's registered position (1-based), or none for the team itself.
    pub player: Option<usize>,
    /// Round.
    pub round: u32,
    /// What.
    pub penalty: Penalty,
}

/// Why a team event could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// The first event must create the event.
    #[error("the team event has not been created")]
    NotCreated,
    /// A match needs boards.
    #[error("a team match needs at least one board")]
    NoBoards,
    /// Only one creation.
    #[error("the team event was already created")]
    AlreadyCreated,
    /// Entries close at round 1.
    #[error("registration is closed once round 1 is paired")]
    RegistrationClosed,
    /// A team needs at least `boards` players.
    #[error("team {team} registers {players} players for {boards} boards")]
    TooFewPlayers {
        /// Team name.
        team: String,
        /// Players registered.
        players: usize,
        /// Boards.
        boards: usize,
    },
    /// No such team (index; the message counts from 1).
    #[error("unknown team no. {}", .0 + 1)]
    UnknownTeam(usize),
    /// Rounds in order.
    #[error("round {got} cannot be paired now: the next round is {expected}")]
    WrongRound {
        /// In the event.
        got: u32,
        /// Expected.
        expected: u32,
    },
    /// Previous round unfinished.
    #[error("round {0} still has boards without a result")]
    RoundIncomplete(u32),
    /// A team twice in a round.
    #[error("team no. {} is paired more than once in the round", .0 + 1)]
    PairedTwice(usize),
    /// No round, table or board there.
    #[error("no board {board} at table {table} in round {round}")]
    NoSuchBoard {
        /// Round.
        round: u32,
        /// Table.
        table: u32,
        /// Board.
        board: usize,
    },
    /// The team does not play in that round.
    #[error("team no. {} does not play in round {round}", team + 1)]
    NotPlaying {
        /// Team.
        team: usize,
        /// Round.
        round: u32,
    },
    /// Results need both line-ups first.
    #[error("table {table} of round {round} has no line-up from both teams yet")]
    NoLineup {
        /// Round.
        round: u32,
        /// Table.
        table: u32,
    },
    /// The line-up breaks CXA 11.
    #[error(transparent)]
    Lineup(#[from] LineupError),
    /// Every round is paired, or a Swiss needs pairings.
    #[error("no round to pair: {0}")]
    NoRound(String),
    /// An option the format does not allow.
    #[error("invalid format: {0}")]
    InvalidFormat(String),
    /// A team that withdrew cannot be paired again (CXA 19.3; WXF 11.4), nor withdraw twice.
    #[error("team no. {} withdrew after round {after_round}", team + 1)]
    Withdrawn {
        /// Team.
        team: usize,
        /// When.
        after_round: u32,
    },
    /// A withdrawal dated after a round not yet paired.
    #[error("cannot withdraw after round {after_round}: only {paired} rounds are paired")]
    FutureRound {
        /// The round in the event.
        after_round: u32,
        /// Rounds paired.
        paired: u32,
    },
    /// A knockout round that is not the bracket's next (CXA 10.4, 12.4).
    #[error("not the bracket's next round: {0}")]
    NotInBracket(String),
    /// A team event file could not be read.
    #[error("invalid team event file: {0}")]
    File(String),
    /// The Swiss engine found no pairing (e.g. none without a rematch, CXA 10.3).
    #[error("swiss pairing failed: {0}")]
    Pairing(String),
    /// Players not registered by rating (CXA 11.1, 11.2) without the organiser's override.
    #[error(
        "team {team}: player {position} is rated above the player before: register by the \
         latest rating, unrated players last (CXA 11.1), or record the organiser's override"
    )]
    BoardOrder {
        /// Team name.
        team: String,
        /// The registered position (1-based) out of order.
        position: usize,
    },
    /// An override for a team other than the next to register.
    #[error("an override of the board order is for the next team to register, no. {}", .0 + 1)]
    OverrideOutOfTurn(usize),
    /// A line-up by lot outside 临时定台制 (CXA 11.3 is the board rule that draws it).
    #[error("a line-up is drawn by lot only under 临时定台制 (temporary order, CXA 11.3)")]
    LotNotAllowed,
    /// No such game on a board.
    #[error("no game {game} on a board: this event plays {games}")]
    NoSuchGame {
        /// Asked for.
        game: usize,
        /// Games a board.
        games: usize,
    },
    /// A penalty in a round not paired yet, or a player the team did not register.
    #[error("no penalty there: {0}")]
    Penalty(String),
}

/// The file form of a team event: its event log.
#[derive(Debug, Serialize, Deserialize)]
struct TeamLog {
    events: Vec<TeamEvent>,
}

/// A paired match as the events leave it: each side's line-up and each board's results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamMatchState {
    pairing: TeamPairing,
    lineups: [Option<Vec<usize>>; 2],
    /// Per board, its games: one, two (两局制) or one per 轮 of an all-play-all.
    results: Vec<Vec<Option<GameResult>>>,
}

/// How a team match counts.
enum Scored {
    /// Cancelled with a withdrawal (CXA 19.2).
    Cancelled,
    /// Boards still without a result.
    Pending,
    /// The first-listed team's encounter and the second's.
    Done(Encounter, Encounter),
}

/// A paired round as the events leave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRound {
    matches: Vec<TeamMatchState>,
    byes: Vec<usize>,
    seed: Option<u64>,
}

impl TeamRound {
    /// The round's matches in table order.
    #[must_use]
    pub fn matches(&self) -> &[TeamMatchState] {
        &self.matches
    }

    /// The teams without a match (indices).
    #[must_use]
    pub fn byes(&self) -> &[usize] {
        &self.byes
    }

    /// The seed of the round's lots, if any was drawn.
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }
}

impl TeamMatchState {
    /// The two teams and the table.
    #[must_use]
    pub fn pairing(&self) -> TeamPairing {
        self.pairing
    }

    /// The line-up of the first (`side` 0) or second team (1), once submitted.
    #[must_use]
    pub fn lineup(&self, side: usize) -> Option<&[usize]> {
        self.lineups.get(side)?.as_deref()
    }

    /// The result of board `board` (from 1) in the first (`game` 0) or second game (1).
    #[must_use]
    pub fn result(&self, board: usize, game: usize) -> Option<GameResult> {
        *self.results.get(board.checked_sub(1)?)?.get(game)?
    }

    /// Per board, the results of its games, board 1 first.
    #[must_use]
    pub fn results(&self) -> &[Vec<Option<GameResult>>] {
        &self.results
    }
}

/// The state of a team event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamTournament {
    rules: Book,
    format: TeamFormat,
    boards: usize,
    board_rule: BoardRule,
    scoring: ScoringScheme,
    tie_breaks: Option<Vec<TieBreak>>,
    two_games: bool,
    ranking: TeamRanking,
    teams: Vec<Team>,
    rounds: Vec<TeamRound>,
    /// Which teams withdrew when (CXA 19; WXF 11).
    withdrawals: Withdrawals,
    /// Fouls and sanctions (CXA 8, 18), in order.
    penalties: Vec<TeamPenalty>,
    /// The organiser's overrides of the board order (CXA 11.1): team index and reason.
    overrides: Vec<(usize, String)>,
    /// The numbers set for the event's games ([`TeamEvent::GameRulesSet`]).
    game_rules: std::collections::BTreeMap<String, u64>,
    events: Vec<TeamEvent>,
}

/// A refused withdrawal or pairing of `team` (CXA 19.3; WXF 11.4).
fn refused(team: usize, r: Refusal) -> TeamError {
    match r {
        Refusal::Unknown => TeamError::UnknownTeam(team),
        Refusal::Withdrawn(after_round) => TeamError::Withdrawn { team, after_round },
        Refusal::FutureRound {
            after_round,
            paired,
        } => TeamError::FutureRound {
            after_round,
            paired,
        },
    }
}

/// Teams seen through their matches (CXA 19, 20).
impl Lifecycle for TeamTournament {
    fn withdrawals(&self) -> &Withdrawals {
        &self.withdrawals
    }

    /// The matches of the stage the team withdrew in, where the stage cancels results (a
    /// round robin, CXA 19.2); results stand in a Swiss or a knockout.
    fn scheduled_encounters(&self, team: usize) -> Option<u32> {
        let round = self.withdrawals.after(team).unwrap_or(0).max(1);
        let (stage, play) = self.stage_at(round)?;
        stage.scheduled_games(&play, PlayerId::from_index(team))
    }

    /// Matches with every board's result recorded in rounds 1 to `last`.
    fn played_encounters(&self, team: usize, last: u32) -> u32 {
        self.rounds
            .iter()
            .take(last as usize)
            .flat_map(|r| &r.matches)
            .filter(|m| m.pairing.first == team || m.pairing.second == team)
            .filter(|m| m.results.iter().all(|p| p.iter().all(Option::is_some)))
            .count() as u32
    }
}

impl TeamTournament {
    /// Replays `events`; the first must be [`TeamEvent::Created`].
    ///
    /// # Errors
    /// The first event that cannot be applied.
    pub fn from_events(
        events: impl IntoIterator<Item = TeamEvent>,
    ) -> Result<TeamTournament, TeamError> {
        let mut it = events.into_iter();
        let first = it.next().ok_or(TeamError::NotCreated)?;
        let TeamEvent::Created {
            rules,
            format,
            boards,
            board_rule,
            scoring,
            tie_breaks,
            two_games,
            ranking,
            ..
        } = first.clone()
        else {
            return Err(TeamError::NotCreated);
        };
        if boards == 0 {
            return Err(TeamError::NoBoards);
        }
        if format.is_all_play_all() && two_games {
            return Err(TeamError::InvalidFormat(
                "an all-play-all match (CXA 11.4) already plays every pairing once".into(),
            ));
        }
        if let TeamFormat::AllPlayAll { cycles } = format
            && !(1..=2).contains(&cycles)
        {
            return Err(TeamError::InvalidFormat("1 or 2 cycles".into()));
        }
        if ranking == TeamRanking::GamePoints && (two_games || format.swiss_rounds().is_none()) {
            return Err(TeamError::InvalidFormat(
                "局分 first is for a one-game swiss of teams (CXA 14.7)".into(),
            ));
        }
        let mut t = TeamTournament {
            rules,
            format,
            boards,
            board_rule,
            scoring,
            tie_breaks,
            two_games,
            ranking,
            teams: Vec::new(),
            rounds: Vec::new(),
            withdrawals: Withdrawals::default(),
            penalties: Vec::new(),
            overrides: Vec::new(),
            game_rules: std::collections::BTreeMap::new(),
            events: vec![first],
        };
        for e in it {
            t.apply(e)?;
        }
        Ok(t)
    }

    /// Applies one event after checking it.
    ///
    /// # Errors
    /// Why the event is not valid now; the state is unchanged.
    pub fn apply(&mut self, event: TeamEvent) -> Result<(), TeamError> {
        match &event {
            TeamEvent::Created { .. } => return Err(TeamError::AlreadyCreated),
            TeamEvent::TeamRegistered { team } => {
                if !self.rounds.is_empty() {
                    return Err(TeamError::RegistrationClosed);
                }
                if team.players.len() < self.boards {
                    return Err(TeamError::TooFewPlayers {
                        team: team.name.clone(),
                        players: team.players.len(),
                        boards: self.boards,
                    });
                }
                // CXA 11.1 (and 11.2, "台次的排列原则同11.1款"): by rating, unrated last,
                // unless the organiser overrode it; 11.3 orders each match anew.
                let index = self.teams.len();
                let overridden = self.overrides.iter().any(|(t, _)| *t == index);
                if self.board_rule != BoardRule::Temporary
                    && !overridden
                    && let Some(position) = rating_order_broken(&team.players)
                {
                    return Err(TeamError::BoardOrder {
                        team: team.name.clone(),
                        position,
                    });
                }
                self.teams.push(team.clone());
                self.withdrawals.enter();
            }
            TeamEvent::RoundPaired {
                round,
                matches,
                byes,
                seed,
            } => {
                let expected = self.rounds.len() as u32 + 1;
                if *round != expected {
                    return Err(TeamError::WrongRound {
                        got: *round,
                        expected,
                    });
                }
                if expected > 1 && !self.round_settled(expected - 1) {
                    return Err(TeamError::RoundIncomplete(expected - 1));
                }
                let (stage, play) = self
                    .stage_at(*round)
                    .ok_or_else(|| TeamError::NoRound("the format has no stage".into()))?;
                let mut seen = vec![false; self.teams.len()];
                let teams = matches.iter().flat_map(|m| [m.first, m.second]);
                for t in teams.chain(byes.iter().copied()) {
                    let slot = seen.get_mut(t).ok_or(TeamError::UnknownTeam(t))?;
                    if std::mem::replace(slot, true) {
                        return Err(TeamError::PairedTwice(t));
                    }
                    // A round robin keeps a team gone after the start in its table (its
                    // matches are forfeited); a Swiss or a bracket pairs it no more.
                    self.withdrawals
                        .may_play(t, *round, stage.keeps_withdrawn())
                        .map_err(|r| refused(t, r))?;
                }
                // The stage's own rules (a bracket's plan, CXA 10.4, 12.4).
                let games: Vec<Pairing> = matches
                    .iter()
                    .map(|m| Pairing {
                        board: m.table,
                        red: PlayerId::from_index(m.first),
                        black: PlayerId::from_index(m.second),
                    })
                    .collect();
                let bye_ids: Vec<PlayerId> =
                    byes.iter().map(|&t| PlayerId::from_index(t)).collect();
                stage.check(&play, &games, &bye_ids, *seed)?;
                let games = self.games();
                self.rounds.push(TeamRound {
                    matches: matches
                        .iter()
                        .map(|&pairing| TeamMatchState {
                            pairing,
                            lineups: [None, None],
                            results: vec![vec![None; games]; self.boards],
                        })
                        .collect(),
                    byes: byes.clone(),
                    seed: *seed,
                });
            }
            TeamEvent::LineupSubmitted {
                round,
                team,
                lineup,
            } => self.set_lineup(*round, *team, lineup.clone())?,
            TeamEvent::LineupDrawn {
                round,
                team,
                players,
                seed,
            } => {
                if self.board_rule != BoardRule::Temporary {
                    return Err(TeamError::LotNotAllowed);
                }
                self.set_lineup(*round, *team, lineup_by_lot(players, *seed))?;
            }
            TeamEvent::GameRulesSet { rules } => {
                if !self.rounds.is_empty() {
                    return Err(TeamError::InvalidFormat(
                        "the games' rules are set before round 1 is paired".into(),
                    ));
                }
                self.game_rules = rules.clone();
            }
            TeamEvent::BoardGameResult {
                round,
                table,
                board,
                game,
                result,
            } => {
                let games = self.games();
                if !(1..=games).contains(game) {
                    return Err(TeamError::NoSuchGame { game: *game, games });
                }
                *self.result_slot(*round, *table, *board, game - 1)? = Some(*result);
            }
            TeamEvent::Penalised {
                team,
                player,
                round,
                penalty,
            } => {
                let registered = self
                    .teams
                    .get(*team)
                    .ok_or(TeamError::UnknownTeam(*team))?
                    .players
                    .len();
                if let Some(p) = player
                    && !(1..=registered).contains(p)
                {
                    return Err(TeamError::Penalty(format!(
                        "the team registered {registered} players, not {p}"
                    )));
                }
                if *round == 0 || *round > self.rounds.len() as u32 {
                    return Err(TeamError::Penalty(format!(
                        "round {round} is not paired ({} are)",
                        self.rounds.len()
                    )));
                }
                self.penalties.push(TeamPenalty {
                    team: *team,
                    player: *player,
                    round: *round,
                    penalty: *penalty,
                });
            }
            TeamEvent::OrderOverridden { team, .. } => {
                if !self.rounds.is_empty() {
                    return Err(TeamError::RegistrationClosed);
                }
                if *team != self.teams.len() {
                    return Err(TeamError::OverrideOutOfTurn(self.teams.len()));
                }
            }
            TeamEvent::BoardResult {
                round,
                table,
                board,
                result,
                second,
            } => {
                if *second && !self.two_games {
                    return Err(TeamError::NoSuchBoard {
                        round: *round,
                        table: *table,
                        board: *board,
                    });
                }
                *self.result_slot(*round, *table, *board, usize::from(*second))? = Some(*result);
            }
            TeamEvent::Withdrawn { team, after_round } => {
                let paired = self.rounds.len() as u32;
                self.withdrawals
                    .withdraw(*team, *after_round, paired)
                    .map_err(|r| refused(*team, r))?;
            }
        }
        if let TeamEvent::OrderOverridden { team, reason } = &event {
            self.overrides.push((*team, reason.clone()));
        }
        self.events.push(event);
        Ok(())
    }

    /// Sets `team`'s line-up for `round` after checking it against CXA 11.1–11.3.
    fn set_lineup(&mut self, round: u32, team: usize, lineup: Vec<usize>) -> Result<(), TeamError> {
        let registered = self
            .teams
            .get(team)
            .ok_or(TeamError::UnknownTeam(team))?
            .players
            .len();
        validate_lineup(self.board_rule, self.boards, registered, &lineup)?;
        let m = self
            .rounds
            .get_mut((round as usize).wrapping_sub(1))
            .and_then(|r| {
                r.matches
                    .iter_mut()
                    .find(|m| m.pairing.first == team || m.pairing.second == team)
            })
            .ok_or(TeamError::NotPlaying { team, round })?;
        let side = usize::from(m.pairing.second == team);
        m.lineups[side] = Some(lineup);
        Ok(())
    }

    /// Where game `game` (0-based) of `board` at `table` in `round` keeps its result, once
    /// both line-ups are in.
    fn result_slot(
        &mut self,
        round: u32,
        table: u32,
        board: usize,
        game: usize,
    ) -> Result<&mut Option<GameResult>, TeamError> {
        let no_board = TeamError::NoSuchBoard {
            round,
            table,
            board,
        };
        let m = self
            .rounds
            .get_mut((round as usize).wrapping_sub(1))
            .and_then(|r| r.matches.get_mut((table as usize).wrapping_sub(1)))
            .ok_or(no_board.clone())?;
        if m.lineups.iter().any(Option::is_none) {
            return Err(TeamError::NoLineup { round, table });
        }
        m.results
            .get_mut(board.wrapping_sub(1))
            .and_then(|games| games.get_mut(game))
            .ok_or(no_board)
    }

    /// Reads a team event file (JSON: `{"events": [...]}`).
    ///
    /// # Errors
    /// Malformed JSON or an event that cannot be applied.
    pub fn from_json(text: &str) -> Result<TeamTournament, TeamError> {
        let log: TeamLog =
            serde_json::from_str(text).map_err(|e| TeamError::File(e.to_string()))?;
        TeamTournament::from_events(log.events)
    }

    /// The team event file: its event log as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        let log = TeamLog {
            events: self.events.clone(),
        };
        serde_json::to_string_pretty(&log).unwrap_or_default()
    }

    /// The name given at creation.
    #[must_use]
    pub fn name(&self) -> &str {
        match self.events.first() {
            Some(TeamEvent::Created { name, .. }) => name,
            _ => "",
        }
    }

    /// The governing book.
    #[must_use]
    pub fn rules(&self) -> Book {
        self.rules
    }

    /// The numbers set for the event's games ([`TeamEvent::GameRulesSet`]); empty: the book's.
    #[must_use]
    pub fn game_rules(&self) -> &std::collections::BTreeMap<String, u64> {
        &self.game_rules
    }

    /// Boards per match.
    #[must_use]
    pub fn boards(&self) -> usize {
        self.boards
    }

    /// The matches of `round` (1-based) in table order, and its byes; empty if not paired.
    #[must_use]
    pub fn pairings(&self, round: u32) -> (Vec<TeamPairing>, Vec<usize>) {
        self.rounds
            .get((round as usize).wrapping_sub(1))
            .map(|r| {
                (
                    r.matches.iter().map(|m| m.pairing).collect(),
                    r.byes.clone(),
                )
            })
            .unwrap_or_default()
    }

    /// Games a board per match: 1, 2 in a two-game match, one per board in an all-play-all
    /// (CXA 11.4).
    fn games(&self) -> usize {
        if self.format.is_all_play_all() {
            self.boards
        } else if self.two_games {
            2
        } else {
            1
        }
    }

    /// Games a board per match: 1, 2 in a two-game match (CXA 12.4), or as many as there are
    /// boards in an all-play-all (CXA 11.4).
    #[must_use]
    pub fn games_per_board(&self) -> usize {
        self.games()
    }

    /// The first-listed team's colour on `board` in game `game` (both 0-based): red on odd
    /// boards, swapped in a two-game match's second game (CXA 12.2, 12.4). In an all-play-all
    /// (CXA 11.4, which names no colours) the first team's player *i* has red against the
    /// other's player *j* when *i* + *j* is even: with an even number of boards every player
    /// alternates red and black, game by game; with an odd number nobody has two more reds
    /// than blacks.
    fn first_colour(&self, board: usize, game: usize) -> Color {
        if self.format.is_all_play_all() {
            if (board + self.facing(board, game)) % 2 == 0 {
                Color::Red
            } else {
                Color::Black
            }
        } else {
            let c = first_team_color(board as u32 + 1);
            if game == 1 { c.other() } else { c }
        }
    }

    /// The second team's line-up position (0-based) facing the first team's `board` in game
    /// `game`: the same board, or in an all-play-all (CXA 11.4) the next one round each game.
    fn facing(&self, board: usize, game: usize) -> usize {
        if self.format.is_all_play_all() {
            (board + game) % self.boards
        } else {
            board
        }
    }

    /// The first-listed team's colour on `board` in game `game`, both 1-based (CXA 12.2,
    /// 12.4; for an all-play-all see [`TeamTournament::facing_board`]).
    #[must_use]
    pub fn colour_of(&self, board: usize, game: usize) -> Color {
        self.first_colour(board.saturating_sub(1), game.saturating_sub(1))
    }

    /// The second team's board (line-up position, 1-based) that meets the first team's
    /// `board` in game `game` (1-based): the same board, or in an all-play-all (CXA 11.4)
    /// board `board + game − 1`, counted round the team, so that over the `boards` games every
    /// player meets every player of the other team once.
    #[must_use]
    pub fn facing_board(&self, board: usize, game: usize) -> usize {
        self.facing(board.saturating_sub(1), game.saturating_sub(1)) + 1
    }

    /// The fouls and sanctions recorded, in order (CXA 8, 18).
    #[must_use]
    pub fn penalties(&self) -> &[TeamPenalty] {
        &self.penalties
    }

    /// The organiser's reason for registering team `team` out of rating order (CXA 11.1), if
    /// it was given.
    #[must_use]
    pub fn order_override(&self, team: usize) -> Option<&str> {
        self.overrides
            .iter()
            .find(|(t, _)| *t == team)
            .map(|(_, r)| r.as_str())
    }

    /// `team`'s fouls, warnings and game disqualifications over its players and itself
    /// (全队犯规, CXA 14.5, 14.6; 18.5).
    #[must_use]
    pub fn penalty_totals(&self, team: usize) -> (u32, u32, u32) {
        let mut out = (0, 0, 0);
        for p in self.penalties.iter().filter(|p| p.team == team) {
            match p.penalty {
                Penalty::Foul => out.0 += 1,
                Penalty::Warning => out.1 += 1,
                Penalty::GameDisqualification => out.2 += 1,
            }
        }
        out
    }

    /// The events so far.
    #[must_use]
    pub fn events(&self) -> &[TeamEvent] {
        &self.events
    }

    /// Teams in registration order.
    #[must_use]
    pub fn teams(&self) -> &[Team] {
        &self.teams
    }

    /// The format, in the player [`PlayerFormat`]'s terms (as views shared with player events
    /// show it).
    #[must_use]
    pub fn format(&self) -> PlayerFormat {
        self.format.into()
    }

    /// The team format.
    #[must_use]
    pub fn team_format(&self) -> TeamFormat {
        self.format
    }

    /// Whether each board plays two games (两局制).
    #[must_use]
    pub fn two_games(&self) -> bool {
        self.two_games
    }

    /// What ranks teams first (CXA 14.7).
    #[must_use]
    pub fn ranking(&self) -> TeamRanking {
        self.ranking
    }

    /// Rounds paired so far.
    #[must_use]
    pub fn rounds_paired(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// The paired rounds, round 1 first, with their line-ups and results.
    #[must_use]
    pub fn rounds(&self) -> &[TeamRound] {
        &self.rounds
    }

    /// The round after which `team` withdrew, if it did.
    #[must_use]
    pub fn withdrawn_after(&self, team: usize) -> Option<u32> {
        self.withdrawals.after(team)
    }

    /// The teams of the round-robin order table: all but those gone before round 1
    /// (CXA 14.4; WXF 11.2).
    #[must_use]
    pub fn table_teams(&self) -> Vec<usize> {
        self.withdrawals.table()
    }

    /// Whether every match of `team` is cancelled: a round robin it left having played fewer
    /// than half of its matches (CXA 19.2; WXF 11.3).
    #[must_use]
    pub fn results_cancelled(&self, team: usize) -> bool {
        Lifecycle::results_cancelled(self, team)
    }

    /// Each board's two results (the second `None` in a one-game match) as they count for
    /// the standings: recorded, forfeited after a withdrawal (CXA 19.2, 19.3, 20.3), or `None`
    /// while pending. `None` for the whole match when it is cancelled (CXA 19.2).
    fn counted_results(
        &self,
        round: u32,
        m: &TeamMatchState,
    ) -> Option<Vec<Vec<Option<GameResult>>>> {
        let (a, b) = (m.pairing.first, m.pairing.second);
        if self.results_cancelled(a) || self.results_cancelled(b) {
            return None;
        }
        let counted = (0..self.boards)
            .map(|k| {
                (0..self.games())
                    .map(|g| {
                        // The first team's colour on this board in this game (CXA 12.2, 12.4).
                        let c = self.first_colour(k, g);
                        let sides = if c == Color::Red { (a, b) } else { (b, a) };
                        self.counted(round, sides, m.results[k][g])
                    })
                    .collect()
            })
            .collect();
        Some(counted)
    }

    /// Whether every match of `round` is decided, forfeited or cancelled.
    fn round_settled(&self, round: u32) -> bool {
        self.rounds.get(round as usize - 1).is_none_or(|r| {
            r.matches.iter().all(|m| {
                self.counted_results(round, m)
                    .is_none_or(|rs| rs.iter().all(|p| p.iter().all(Option::is_some)))
            })
        })
    }

    /// One side of a two-game match (两局制): 场分 by 大分 then 小分 under WXF 9.4, by 局分
    /// under CXA 13.2. `mine` and `theirs` are each board's two outcomes for either side.
    fn two_game_encounter(
        &self,
        round: u32,
        opponent: usize,
        listed_first: bool,
        mine: &[[Outcome; 2]],
        theirs: &[[Outcome; 2]],
    ) -> Encounter {
        let colour = |k: usize, g: usize| {
            let c = first_team_color(k as u32 + 1);
            let c = if listed_first { c } else { c.other() };
            if g == 1 { c.other() } else { c }
        };
        let (mut small, mut their_small) = (Points::ZERO, Points::ZERO);
        let (mut big, mut their_big) = (Points::ZERO, Points::ZERO);
        let (mut wins, mut black_games, mut black_wins) = (0, 0, 0);
        let mut first_board = Points::ZERO;
        for (k, (m, t)) in mine.iter().zip(theirs).enumerate() {
            let (mut p, mut q) = (Points::ZERO, Points::ZERO);
            for g in 0..2 {
                let c = colour(k, g);
                p += self.scoring.points(m[g], Some(c));
                q += self.scoring.points(t[g], Some(c.other()));
                wins += u32::from(m[g].is_win());
                if c == Color::Black && m[g].is_played() {
                    black_games += 1;
                    black_wins += u32::from(m[g] == Outcome::Win);
                }
            }
            // 大分: the player who scored more over the two games takes 2, level 1 each.
            let (_, b) = match_points(p, q);
            let (_, tb) = match_points(q, p);
            big += b;
            their_big += tb;
            small += p;
            their_small += q;
            if k == 0 {
                first_board = p;
            }
        }
        let (outcome, points) = match self.rules {
            Book::Wxf2018 if big != their_big => match_points(big, their_big),
            _ => match_points(small, their_small),
        };
        Encounter {
            round,
            opponent: Some(opponent),
            outcome,
            color: None,
            points,
            game_points: small,
            game_wins: wins,
            black_games,
            black_wins,
            first_board,
        }
    }

    /// One side of an all-play-all match (全队轮赛制, CXA 11.4): 局分 over every game of the
    /// match, 场分 2/1/0 by comparing them (CXA 13.2). `results` are the counted results by
    /// the first team's board and game; `first` picks the first-listed team's side.
    fn all_play_all_encounter(
        &self,
        round: u32,
        opponent: usize,
        results: &[Vec<Option<GameResult>>],
        first: bool,
    ) -> Encounter {
        let mut tally = MatchTally::default();
        for (k, games) in results.iter().enumerate() {
            for (g, r) in games.iter().enumerate() {
                let Some(r) = r else { continue };
                let c = self.first_colour(k, g);
                let (c, my_board) = if first {
                    (c, k)
                } else {
                    (c.other(), self.facing(k, g))
                };
                let outcomes = (r.outcome_for(c), r.outcome_for(c.other()));
                tally.game(&self.scoring, outcomes, c, my_board == 0);
            }
        }
        tally.encounter(round, opponent)
    }

    /// A bye in a Swiss of teams: a match won with every game won (CXA 14.4).
    fn bye_encounter(&self, round: u32) -> Encounter {
        let games = self.boards as u32 * if self.two_games { 2 } else { 1 };
        let win = self.scoring.points(Outcome::Bye, None);
        let per_board = if self.two_games { win + win } else { win };
        Encounter {
            round,
            opponent: None,
            outcome: Outcome::Bye,
            color: None,
            points: Points::whole(2),
            game_points: (0..self.boards).map(|_| per_board).sum(),
            game_wins: games,
            black_games: 0,
            black_wins: 0,
            first_board: per_board,
        }
    }

    /// Both teams' encounters of a match (first-listed team first), as they count:
    /// recorded, forfeited after a withdrawal, cancelled (CXA 19.2) or still pending.
    fn match_encounters(&self, round: u32, m: &TeamMatchState) -> Scored {
        let (a, b) = (m.pairing.first, m.pairing.second);
        let Some(results) = self.counted_results(round, m) else {
            return Scored::Cancelled;
        };
        if !results.iter().all(|p| p.iter().all(Option::is_some)) {
            return Scored::Pending;
        }
        if self.format.is_all_play_all() {
            return Scored::Done(
                self.all_play_all_encounter(round, b, &results, true),
                self.all_play_all_encounter(round, a, &results, false),
            );
        }
        let outcomes = |color_of: &dyn Fn(usize, usize) -> Color| {
            results
                .iter()
                .enumerate()
                .map(|(k, pair)| {
                    let mut o = [Outcome::Draw; 2];
                    for (g, r) in pair.iter().enumerate() {
                        if let Some(r) = r {
                            o[g] = r.outcome_for(color_of(k, g));
                        }
                    }
                    o
                })
                .collect::<Vec<[Outcome; 2]>>()
        };
        let first_colour = |k: usize, g: usize| {
            let c = first_team_color(k as u32 + 1);
            if g == 1 { c.other() } else { c }
        };
        let second_colour = |k: usize, g: usize| first_colour(k, g).other();
        let oa = outcomes(&first_colour);
        let ob = outcomes(&second_colour);
        if self.two_games {
            Scored::Done(
                self.two_game_encounter(round, b, true, &oa, &ob),
                self.two_game_encounter(round, a, false, &ob, &oa),
            )
        } else {
            let one = |opponent, listed_first, o: &[[Outcome; 2]]| {
                TeamMatch {
                    round,
                    opponent,
                    listed_first,
                    boards: o.iter().map(|p| p[0]).collect(),
                }
                .encounter(&self.scoring)
            };
            Scored::Done(one(b, true, &oa), one(a, false, &ob))
        }
    }

    /// The field for the tie-breaks: every settled match (forfeits after a withdrawal
    /// included, cancelled ones left out) and, in a Swiss, every bye. With 局分 first
    /// (CXA 14.7) each encounter's score is its 局分 and its game points its 场分.
    #[must_use]
    pub fn field(&self) -> Field {
        let mut competitors: Vec<Competitor> = (0..self.teams.len())
            .map(|t| Competitor {
                start_number: t as u32 + 1,
                ..Competitor::default()
            })
            .collect();
        let mut rounds = 0;
        for (r, tr) in self.rounds.iter().enumerate() {
            let round = r as u32 + 1;
            let mut settled = true;
            for m in &tr.matches {
                match self.match_encounters(round, m) {
                    Scored::Cancelled => {}
                    Scored::Pending => settled = false,
                    Scored::Done(ea, eb) => {
                        competitors[m.pairing.first].encounters.push(ea);
                        competitors[m.pairing.second].encounters.push(eb);
                    }
                }
            }
            // A bye scores in a Swiss (CXA 14.4); a team sitting out a round robin rests.
            if self
                .stage_at(round)
                .is_some_and(|(stage, _)| stage.scores_byes())
            {
                for &t in &tr.byes {
                    competitors[t].encounters.push(self.bye_encounter(round));
                }
            }
            if settled {
                rounds = round;
            }
        }
        // 全队犯规 and 18.5's sanctions: the team's own and its players' (CXA 14.5, 14.6, 18.5).
        for (t, c) in competitors.iter_mut().enumerate() {
            let (fouls, warnings, disqualifications) = self.penalty_totals(t);
            c.fouls = fouls;
            c.sanctions = crate::tiebreak::Sanctions {
                disqualifications,
                warnings,
            };
        }
        if self.ranking == TeamRanking::GamePoints {
            for e in competitors.iter_mut().flat_map(|c| &mut c.encounters) {
                std::mem::swap(&mut e.points, &mut e.game_points);
            }
        }
        Field {
            competitors,
            rounds,
        }
    }

    /// Team standings in the tie-break order in force (CXA 14.5, 14.6, 14.7; WXF 10.4,
    /// 10.5).
    #[must_use]
    pub fn standings(&self) -> Vec<Standing> {
        tiebreak::standings(&self.field(), &self.tie_break_order())
    }

    /// The tie-breaks [`TeamTournament::standings`] ranks by after the score, in order: the
    /// order given at creation, else the book's (CXA 14.5, 14.6; WXF 10.4, 10.5), or with 局分
    /// first CXA 14.7's (14.6 with 场分 in the place of 局分, after 18.5).
    #[must_use]
    pub fn tie_break_order(&self) -> Vec<TieBreak> {
        // The stage's kind, for teams: a table (CXA 14.5) or a Swiss (14.6).
        let kind = match self.stages().first().map(|s| s.event_kind()) {
            Some(EventKind::RoundRobin | EventKind::MultiGameRoundRobin) => {
                EventKind::TeamRoundRobin
            }
            _ => EventKind::TeamSwiss,
        };
        self.tie_breaks
            .clone()
            .unwrap_or_else(|| match self.ranking {
                TeamRanking::GamePoints => CXA_TEAM_SWISS_BY_GAME_POINTS.to_vec(),
                TeamRanking::MatchPoints => tiebreak::book_order(self.rules, kind),
            })
    }
}

// The tests name the team formats `Format`, as the team event's creation did before it had
// its own type.
#[cfg(test)]
use TeamFormat as Format;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Player;

    fn team(name: &str, n: usize) -> Team {
        Team {
            name: name.into(),
            players: (1..=n)
                .map(|k| Player::named(format!("{name}{k}")))
                .collect(),
            boards: 2,
        }
    }

    fn event(rule: BoardRule) -> TeamTournament {
        let mut events = vec![TeamEvent::Created {
            name: "teams".into(),
            rules: Book::Cxa2011,
            format: Format::RoundRobin { cycles: 1 },
            boards: 2,
            board_rule: rule,
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
            two_games: false,
            ranking: TeamRanking::MatchPoints,
        }];
        for n in ["A", "B", "C", "D"] {
            events.push(TeamEvent::TeamRegistered { team: team(n, 3) });
        }
        TeamTournament::from_events(events).unwrap()
    }

    /// The games' rules (CXA 2011 art. 4.2.4: a move limit lowered by level) are kept before
    /// round 1 and through a replay, and refused once a round is paired, as a tournament of
    /// players keeps them.
    #[test]
    fn a_team_event_keeps_its_games_rules_until_round_one() {
        let mut t = event(BoardRule::OrderKept);
        assert!(t.game_rules().is_empty());
        let rules: std::collections::BTreeMap<String, u64> = [("move_limit".to_owned(), 40)].into();
        t.apply(TeamEvent::GameRulesSet {
            rules: rules.clone(),
        })
        .unwrap();
        assert_eq!(t.game_rules(), &rules);
        let again = TeamTournament::from_json(&t.to_json()).unwrap();
        assert_eq!(again.game_rules(), &rules);
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        assert!(matches!(
            t.apply(TeamEvent::GameRulesSet {
                rules: std::collections::BTreeMap::new()
            }),
            Err(TeamError::InvalidFormat(_))
        ));
        assert_eq!(t.game_rules(), &rules);
    }

    #[test]
    fn a_team_round_robin_plays_out() {
        let mut t = event(BoardRule::OrderKept);
        for _ in 0..3 {
            let e = t.pair_next_round().unwrap();
            let TeamEvent::RoundPaired { round, matches, .. } = e.clone() else {
                unreachable!()
            };
            t.apply(e).unwrap();
            for m in &matches {
                for team in [m.first, m.second] {
                    t.apply(TeamEvent::LineupSubmitted {
                        round,
                        team,
                        lineup: vec![1, 3],
                    })
                    .unwrap();
                }
                // The lower-numbered team wins board 1 whatever its colour; board 2 drawn.
                let first_wins = m.first < m.second;
                let b1 = if first_wins {
                    GameResult::RedWins
                } else {
                    GameResult::BlackWins
                };
                for (board, result) in [(1, b1), (2, GameResult::Draw)] {
                    t.apply(TeamEvent::BoardResult {
                        round,
                        table: m.table,
                        board,
                        result,
                        second: false,
                    })
                    .unwrap();
                }
            }
        }
        let s = t.standings();
        let order: Vec<usize> = s.iter().map(|x| x.competitor).collect();
        assert_eq!(order, [0, 1, 2, 3]);
        assert_eq!(
            s[0].score,
            Points::whole(6),
            "three match wins, 场分 2 each"
        );
        assert!(TeamTournament::from_events(t.events().to_vec()).unwrap() == t);
        assert!(t.pair_next_round().is_err());
    }

    #[test]
    fn rounds_show_line_ups_and_results_as_recorded() {
        let mut t = event(BoardRule::Fixed);
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        let pairing = t.rounds()[0].matches()[0].pairing();
        for team in [pairing.first, pairing.second] {
            t.apply(TeamEvent::LineupSubmitted {
                round: 1,
                team,
                lineup: vec![1, 2],
            })
            .unwrap();
        }
        t.apply(TeamEvent::BoardResult {
            round: 1,
            table: 1,
            board: 2,
            result: GameResult::Draw,
            second: false,
        })
        .unwrap();
        let m = &t.rounds()[0].matches()[0];
        assert_eq!(m.lineup(0), Some(&[1, 2][..]));
        assert_eq!(m.lineup(1), Some(&[1, 2][..]));
        assert_eq!(m.result(2, 0), Some(GameResult::Draw));
        assert_eq!(m.result(1, 0), None);
        assert_eq!(m.result(2, 1), None);
        assert_eq!(m.result(0, 0), None);
        assert_eq!(t.rounds()[0].matches()[1].lineup(0), None);
    }

    #[test]
    fn line_ups_and_results_are_checked() {
        let mut t = event(BoardRule::OrderKept);
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        // CXA 11.2: order kept.
        assert_eq!(
            t.apply(TeamEvent::LineupSubmitted {
                round: 1,
                team: 0,
                lineup: vec![3, 1]
            }),
            Err(TeamError::Lineup(LineupError::OrderBroken {
                later: 1,
                earlier: 3
            }))
        );
        // No result before both line-ups.
        assert_eq!(
            t.apply(TeamEvent::BoardResult {
                round: 1,
                table: 1,
                board: 1,
                result: GameResult::Draw,
                second: false,
            }),
            Err(TeamError::NoLineup { round: 1, table: 1 })
        );
        assert_eq!(
            t.apply(TeamEvent::LineupSubmitted {
                round: 2,
                team: 0,
                lineup: vec![1, 2]
            }),
            Err(TeamError::NotPlaying { team: 0, round: 2 })
        );
        // Registration closed; a team too small is refused at registration.
        assert_eq!(
            t.apply(TeamEvent::TeamRegistered { team: team("E", 3) }),
            Err(TeamError::RegistrationClosed)
        );
        let mut u = event(BoardRule::Fixed);
        let small = TeamEvent::TeamRegistered { team: team("F", 1) };
        assert!(matches!(
            u.apply(small),
            Err(TeamError::TooFewPlayers { .. })
        ));
    }

    /// A team event of `names`, each with `boards` + 1 players.
    pub(super) fn teams_event(
        format: Format,
        rules: Book,
        boards: usize,
        two_games: bool,
        ranking: TeamRanking,
        names: &[&str],
    ) -> Result<TeamTournament, TeamError> {
        let mut events = vec![TeamEvent::Created {
            name: "teams".into(),
            rules,
            format,
            boards,
            board_rule: BoardRule::Fixed,
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
            two_games,
            ranking,
        }];
        for n in names {
            let mut tm = team(n, boards + 1);
            tm.boards = boards;
            events.push(TeamEvent::TeamRegistered { team: tm });
        }
        TeamTournament::from_events(events)
    }

    /// The game result when the first team's player, with `colour`, scores `o` (W, D, L).
    fn first_scores(colour: Color, o: u8) -> GameResult {
        let winner = match o {
            b'W' => colour,
            b'L' => colour.other(),
            _ => return GameResult::Draw,
        };
        match winner {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// Line-ups and results of one match; `games[g]` holds the first team's score per board
    /// in game g (colours as CXA 12.2, swapped in the second game, 12.4).
    pub(super) fn record(t: &mut TeamTournament, round: u32, table: u32, games: &[&str]) {
        let m = t.rounds[round as usize - 1].matches[table as usize - 1].pairing;
        let boards = t.boards;
        for team in [m.first, m.second] {
            t.apply(TeamEvent::LineupSubmitted {
                round,
                team,
                lineup: (1..=boards).collect(),
            })
            .unwrap();
        }
        for (g, scores) in games.iter().enumerate() {
            for (k, o) in scores.bytes().enumerate() {
                let c = first_team_color(k as u32 + 1);
                let c = if g == 1 { c.other() } else { c };
                t.apply(TeamEvent::BoardResult {
                    round,
                    table,
                    board: k + 1,
                    result: first_scores(c, o),
                    second: g == 1,
                })
                .unwrap();
            }
        }
    }

    pub(super) fn pair(
        t: &mut TeamTournament,
        round: u32,
        matches: &[(usize, usize)],
        byes: &[usize],
    ) {
        t.apply(TeamEvent::RoundPaired {
            round,
            matches: matches
                .iter()
                .enumerate()
                .map(|(k, &(first, second))| TeamPairing {
                    table: k as u32 + 1,
                    first,
                    second,
                })
                .collect(),
            byes: byes.to_vec(),
            seed: None,
        })
        .unwrap();
    }

    fn score_of(t: &TeamTournament, team: usize) -> Points {
        t.standings()
            .iter()
            .find(|s| s.competitor == team)
            .map(|s| s.score)
            .unwrap()
    }

    #[test]
    fn two_game_matches_go_by_da_fen_then_xiao_fen() {
        // 3 boards, two games each. Board 1: A wins both (小分 4–0, 大分 2–0); boards 2 and 3:
        // B wins one and draws one (小分 1–3, 大分 0–2). 小分 6–6, 大分 2–4.
        for (rules, a, b) in [
            // WXF 9.4: 大分 decide: B wins the match.
            (Book::Wxf2018, 0, 2),
            // CXA 13.2: 局分 level: a drawn match.
            (Book::Cxa2011, 1, 1),
        ] {
            let mut t = teams_event(
                Format::RoundRobin { cycles: 1 },
                rules,
                3,
                true,
                TeamRanking::MatchPoints,
                &["A", "B"],
            )
            .unwrap();
            let e = t.pair_next_round().unwrap();
            t.apply(e).unwrap();
            assert_eq!(
                t.pair_next_round(),
                Err(TeamError::NoRound("all 1 rounds are paired".into()))
            );
            record(&mut t, 1, 1, &["WLD", "WDL"]);
            assert_eq!(score_of(&t, 0), Points::whole(a), "{rules:?}");
            assert_eq!(score_of(&t, 1), Points::whole(b), "{rules:?}");
            let f = t.field();
            assert_eq!(f.competitors[0].encounters[0].game_points, Points::whole(6));
            assert_eq!(f.competitors[0].encounters[0].first_board, Points::whole(4));
        }
        // The second game is not there in a one-game match.
        let mut one = teams_event(
            Format::RoundRobin { cycles: 1 },
            Book::Wxf2018,
            1,
            false,
            TeamRanking::MatchPoints,
            &["A", "B"],
        )
        .unwrap();
        let e = one.pair_next_round().unwrap();
        one.apply(e).unwrap();
        record(&mut one, 1, 1, &["W"]);
        assert_eq!(
            one.apply(TeamEvent::BoardResult {
                round: 1,
                table: 1,
                board: 1,
                result: GameResult::Draw,
                second: true,
            }),
            Err(TeamError::NoSuchBoard {
                round: 1,
                table: 1,
                board: 1
            })
        );
    }

    #[test]
    fn a_team_bye_in_a_swiss_is_a_won_match() {
        // CXA 14.4 applied to teams: the bye scores a match win and every game won.
        let mut t = teams_event(
            Format::Swiss { rounds: 2 },
            Book::Cxa2011,
            2,
            false,
            TeamRanking::MatchPoints,
            &["A", "B", "C"],
        )
        .unwrap();
        pair(&mut t, 1, &[(0, 1)], &[2]);
        record(&mut t, 1, 1, &["DD"]);
        let f = t.field();
        let bye = &f.competitors[2].encounters[0];
        assert_eq!(bye.outcome, Outcome::Bye);
        assert_eq!(bye.points, Points::whole(2));
        assert_eq!(bye.game_points, Points::whole(4));
        assert_eq!(t.standings()[0].competitor, 2);
        // A round-robin rest is not scored.
        let mut rr = teams_event(
            Format::RoundRobin { cycles: 1 },
            Book::Cxa2011,
            2,
            false,
            TeamRanking::MatchPoints,
            &["A", "B", "C"],
        )
        .unwrap();
        let e = rr.pair_next_round().unwrap();
        let TeamEvent::RoundPaired { byes, .. } = &e else {
            unreachable!()
        };
        assert_eq!(byes.len(), 1);
        rr.apply(e).unwrap();
        assert!(
            rr.field()
                .competitors
                .iter()
                .all(|c| c.encounters.is_empty())
        );
    }

    #[test]
    fn team_withdrawals_follow_cxa_19() {
        let names = ["A", "B", "C", "D"];
        let rr = || {
            teams_event(
                Format::RoundRobin { cycles: 1 },
                Book::Cxa2011,
                2,
                false,
                TeamRanking::MatchPoints,
                &names,
            )
            .unwrap()
        };
        let play_round = |t: &mut TeamTournament, skip: usize| {
            let e = t.pair_next_round().unwrap();
            t.apply(e).unwrap();
            let round = t.rounds_paired();
            let matches = t.rounds[round as usize - 1].matches.clone();
            for m in matches {
                if m.pairing.first != skip && m.pairing.second != skip {
                    record(t, round, m.pairing.table, &["WW"]);
                }
            }
        };
        // CXA 19.2: D leaves after 1 of 3 matches: everything D played is cancelled.
        let mut t = rr();
        play_round(&mut t, usize::MAX);
        t.apply(TeamEvent::Withdrawn {
            team: 3,
            after_round: 1,
        })
        .unwrap();
        assert!(t.results_cancelled(3));
        play_round(&mut t, 3);
        play_round(&mut t, 3);
        let f = t.field();
        assert!(f.competitors[3].encounters.is_empty());
        assert!(
            f.competitors
                .iter()
                .flat_map(|c| &c.encounters)
                .all(|e| e.opponent != Some(3))
        );
        // D leaves after 2 of 3: results stand, the last match is forfeited on every board.
        let mut t = rr();
        play_round(&mut t, usize::MAX);
        play_round(&mut t, usize::MAX);
        t.apply(TeamEvent::Withdrawn {
            team: 3,
            after_round: 2,
        })
        .unwrap();
        assert!(!t.results_cancelled(3));
        play_round(&mut t, 3);
        let f = t.field();
        let last = f.competitors[3].encounters.last().unwrap();
        assert_eq!(
            (last.round, last.points, last.game_points),
            (3, Points::ZERO, Points::ZERO)
        );
        let opp = last.opponent.unwrap();
        let won = f.competitors[opp].encounters.last().unwrap();
        assert_eq!(
            (won.points, won.game_points, won.game_wins),
            (Points::whole(2), Points::whole(4), 2)
        );
        assert_eq!(
            t.apply(TeamEvent::Withdrawn {
                team: 3,
                after_round: 3
            }),
            Err(TeamError::Withdrawn {
                team: 3,
                after_round: 2
            })
        );
        // CXA 19.3: in a Swiss a team that left is not paired again.
        let mut s = teams_event(
            Format::Swiss { rounds: 3 },
            Book::Cxa2011,
            2,
            false,
            TeamRanking::MatchPoints,
            &names,
        )
        .unwrap();
        pair(&mut s, 1, &[(0, 1), (2, 3)], &[]);
        record(&mut s, 1, 1, &["WD"]);
        record(&mut s, 1, 2, &["LL"]);
        s.apply(TeamEvent::Withdrawn {
            team: 1,
            after_round: 1,
        })
        .unwrap();
        assert_eq!(
            s.apply(TeamEvent::RoundPaired {
                round: 2,
                matches: vec![TeamPairing {
                    table: 1,
                    first: 1,
                    second: 2
                }],
                byes: vec![],
                seed: None,
            }),
            Err(TeamError::Withdrawn {
                team: 1,
                after_round: 1
            })
        );
        assert_eq!(
            s.field().competitors[1].encounters.len(),
            1,
            "results stand"
        );
        // Gone before round 1: out of the order table (CXA 14.4).
        let mut early = rr();
        early
            .apply(TeamEvent::Withdrawn {
                team: 1,
                after_round: 0,
            })
            .unwrap();
        assert_eq!(early.table_teams(), [0, 2, 3]);
        let TeamEvent::RoundPaired { matches, byes, .. } = early.pair_next_round().unwrap() else {
            unreachable!()
        };
        assert!(matches.iter().all(|m| m.first != 1 && m.second != 1));
        assert!(!byes.contains(&1));
    }

    #[test]
    fn cxa_14_7_ranks_a_team_swiss_by_game_points() {
        // 3 boards. A beats B 4–2 and C 4–2 (场分 4, 局分 8); D beats C 6–0 and draws B 3–3
        // (场分 3, 局分 9).
        let build = |ranking| {
            let mut t = teams_event(
                Format::Swiss { rounds: 2 },
                Book::Cxa2011,
                3,
                false,
                ranking,
                &["A", "B", "C", "D"],
            )
            .unwrap();
            pair(&mut t, 1, &[(0, 1), (2, 3)], &[]);
            record(&mut t, 1, 1, &["WDD"]);
            record(&mut t, 1, 2, &["LLL"]);
            pair(&mut t, 2, &[(0, 2), (1, 3)], &[]);
            record(&mut t, 2, 1, &["WDD"]);
            record(&mut t, 2, 2, &["DDD"]);
            t
        };
        let by_match = build(TeamRanking::MatchPoints);
        let order: Vec<usize> = by_match.standings().iter().map(|s| s.competitor).collect();
        assert_eq!(order[..2], [0, 3]);
        assert_eq!(by_match.standings()[0].score, Points::whole(4));
        let by_games = build(TeamRanking::GamePoints);
        let s = by_games.standings();
        let order: Vec<usize> = s.iter().map(|s| s.competitor).collect();
        assert_eq!(order[..2], [3, 0]);
        assert_eq!(s[0].score, Points::whole(9));
        // 14.7 is for a one-game Swiss only.
        for (format, two) in [
            (Format::RoundRobin { cycles: 1 }, false),
            (Format::Swiss { rounds: 3 }, true),
        ] {
            assert!(matches!(
                teams_event(
                    format,
                    Book::Cxa2011,
                    2,
                    two,
                    TeamRanking::GamePoints,
                    &["A"]
                ),
                Err(TeamError::InvalidFormat(_))
            ));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Any round robin of teams, any results, one game or two, maybe a withdrawal: each
        /// counted match gives both teams an encounter and 2 场分 between them (0 when both
        /// forfeit), the standings are a total order, and the events replay to the same state.
        #[test]
        fn team_round_robins_stay_consistent(
            n in 2usize..7,
            boards in 1usize..4,
            two_games in proptest::bool::ANY,
            wxf in proptest::bool::ANY,
            leaver in proptest::option::of((0usize..7, 0u32..6)),
            seed in proptest::prelude::any::<u64>(),
        ) {
            let names: Vec<String> = (0..n).map(|k| format!("T{k}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let rules = if wxf { Book::Wxf2018 } else { Book::Cxa2011 };
            let mut t = teams_event(
                Format::RoundRobin { cycles: 1 },
                rules,
                boards,
                two_games,
                TeamRanking::MatchPoints,
                &names,
            )
            .unwrap();
            let mut lot = crate::Lot::new(seed);
            loop {
                if let Some((team, after)) = leaver {
                    if team < n && after == t.rounds_paired() {
                        t.apply(TeamEvent::Withdrawn { team, after_round: after }).unwrap();
                    }
                }
                let Ok(e) = t.pair_next_round() else { break };
                t.apply(e).unwrap();
                let round = t.rounds_paired();
                let matches = t.rounds[round as usize - 1].matches.clone();
                for m in matches {
                    let gone = |x: usize| t.withdrawn_after(x).is_some_and(|a| round > a);
                    if gone(m.pairing.first) || gone(m.pairing.second) {
                        continue;
                    }
                    let games: Vec<String> = (0..if two_games { 2 } else { 1 })
                        .map(|_| {
                            (0..boards)
                                .map(|_| ['W', 'D', 'L'][lot.below(3) as usize])
                                .collect()
                        })
                        .collect();
                    let games: Vec<&str> = games.iter().map(String::as_str).collect();
                    record(&mut t, round, m.pairing.table, &games);
                }
            }
            let f = t.field();
            let mut per_round: std::collections::BTreeMap<(u32, usize, usize), Points> =
                std::collections::BTreeMap::new();
            for (me, c) in f.competitors.iter().enumerate() {
                for e in &c.encounters {
                    let o = e.opponent.unwrap();
                    *per_round
                        .entry((e.round, me.min(o), me.max(o)))
                        .or_insert(Points::ZERO) += e.points;
                }
            }
            for (&(round, a, b), &total) in &per_round {
                let both_gone = [a, b]
                    .iter()
                    .all(|&x| t.withdrawn_after(x).is_some_and(|w| round > w));
                proptest::prop_assert_eq!(total, Points::whole(if both_gone { 0 } else { 2 }));
                let count = |x: usize| {
                    f.competitors[x]
                        .encounters
                        .iter()
                        .filter(|e| e.round == round)
                        .count()
                };
                proptest::prop_assert_eq!((count(a), count(b)), (1, 1));
            }
            let s = t.standings();
            proptest::prop_assert_eq!(s.len(), n);
            proptest::prop_assert!(s.windows(2).all(|w| w[0].rank <= w[1].rank));
            let again = TeamTournament::from_events(t.events().to_vec()).unwrap();
            proptest::prop_assert!(again == t);
        }
    }
}

#[cfg(test)]
mod team_format_tests {
    use super::*;
    use crate::knockout::MatchFormat;

    #[test]
    fn a_team_format_reads_and_writes_as_the_player_format_did() {
        // Stored team events name their format in the player `Format`'s form.
        for f in [
            TeamFormat::RoundRobin { cycles: 2 },
            TeamFormat::Swiss { rounds: 7 },
            TeamFormat::Knockout {
                games: MatchFormat::BestOfThree,
                playoff_games: 1,
            },
        ] {
            let json = serde_json::to_string(&f).unwrap();
            assert_eq!(json, serde_json::to_string(&PlayerFormat::from(f)).unwrap());
            assert_eq!(serde_json::from_str::<TeamFormat>(&json).unwrap(), f);
            assert_eq!(TeamFormat::try_from(PlayerFormat::from(f)), Ok(f));
        }
        let old = r#"{"type":"knockout","games":"OneGame"}"#;
        assert_eq!(
            serde_json::from_str::<TeamFormat>(old).unwrap(),
            TeamFormat::Knockout {
                games: MatchFormat::OneGame,
                playoff_games: 0
            }
        );
    }

    #[test]
    fn a_format_teams_do_not_play_cannot_be_named() {
        let groups = PlayerFormat::Groups {
            groups: 2,
            cycles: 1,
        };
        assert!(matches!(
            TeamFormat::try_from(groups),
            Err(TeamError::NoRound(_))
        ));
        let json = serde_json::to_string(&groups).unwrap();
        assert!(serde_json::from_str::<TeamFormat>(&json).is_err());
    }
}

#[cfg(test)]
mod book_tests {
    use super::{tests::teams_event, *};
    use crate::types::Player;

    /// A team event of two-board teams under `rule`.
    fn created(format: TeamFormat, boards: usize, rule: BoardRule) -> TeamTournament {
        TeamTournament::from_events([TeamEvent::Created {
            name: "t".into(),
            rules: Book::Cxa2011,
            format,
            boards,
            board_rule: rule,
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
            two_games: false,
            ranking: TeamRanking::MatchPoints,
        }])
        .unwrap()
    }

    fn rated(name: &str, ratings: &[Option<u16>]) -> Team {
        Team {
            name: name.into(),
            players: ratings
                .iter()
                .enumerate()
                .map(|(k, &rating)| Player {
                    rating,
                    ..Player::named(format!("{name}{}", k + 1))
                })
                .collect(),
            boards: 2,
        }
    }

    /// Pairs the next round robin round and enters the registered order as line-ups.
    fn pair_rr(t: &mut TeamTournament) -> u32 {
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        let round = t.rounds_paired();
        for m in t.rounds()[round as usize - 1].matches().to_vec() {
            for team in [m.pairing().first, m.pairing().second] {
                t.apply(TeamEvent::LineupSubmitted {
                    round,
                    team,
                    lineup: (1..=t.boards()).collect(),
                })
                .unwrap();
            }
        }
        round
    }

    /// Enters game `game` of `board` at table 1 of `round` as the first team's score (W, D, L).
    fn score(t: &mut TeamTournament, round: u32, board: usize, game: usize, o: char) {
        let c = t.colour_of(board, game);
        let result = match (o, c) {
            ('D', _) => GameResult::Draw,
            ('W', Color::Red) | ('L', Color::Black) => GameResult::RedWins,
            _ => GameResult::BlackWins,
        };
        t.apply(TeamEvent::BoardGameResult {
            round,
            table: 1,
            board,
            game,
            result,
        })
        .unwrap();
    }

    #[test]
    fn cxa_11_4_two_teams_play_all_play_all() {
        // 对抗赛 of two teams of two (CXA 11.4): A1–B1 and A2–B2 in game 1, A1–B2 and A2–B1 in
        // game 2; every player has red once and black once. A1 beats B1, A2 draws B2; B2
        // beats A1, A2 beats B1. 局分 (CXA 13.2, 2/1/0): A 2+1+0+2 = 5, B 0+1+2+0 = 3, so A
        // takes the match: 场分 2 to 0.
        let mut t = created(TeamFormat::AllPlayAll { cycles: 1 }, 2, BoardRule::Fixed);
        for n in ["A", "B"] {
            t.apply(TeamEvent::TeamRegistered {
                team: rated(n, &[None, None]),
            })
            .unwrap();
        }
        assert_eq!(t.games_per_board(), 2);
        let round = pair_rr(&mut t);
        assert_eq!((t.facing_board(1, 1), t.facing_board(2, 1)), (1, 2));
        assert_eq!((t.facing_board(1, 2), t.facing_board(2, 2)), (2, 1));
        assert_eq!(t.colour_of(1, 1), Color::Red);
        assert_eq!(t.colour_of(1, 2), Color::Black);
        assert_eq!(t.colour_of(2, 2), Color::Black, "A2 met B1, red before");
        score(&mut t, round, 1, 1, 'W');
        score(&mut t, round, 2, 1, 'D');
        score(&mut t, round, 1, 2, 'L');
        assert!(
            t.standings().iter().all(|s| s.score == Points::ZERO),
            "pending"
        );
        score(&mut t, round, 2, 2, 'W');
        let f = t.field();
        let (a, b) = (
            &f.competitors[0].encounters[0],
            &f.competitors[1].encounters[0],
        );
        assert_eq!(
            (a.game_points, b.game_points),
            (Points::whole(5), Points::whole(3))
        );
        assert_eq!((a.points, b.points), (Points::whole(2), Points::ZERO));
        assert_eq!((a.game_wins, b.game_wins), (2, 1));
        // A1 scored 2 + 0; B's board 1 (B1) scored 0 + 0.
        assert_eq!(
            (a.first_board, b.first_board),
            (Points::whole(2), Points::ZERO)
        );
        assert_eq!(t.standings()[0].competitor, 0);
        // No game 3 with two boards; no second game flag either.
        assert!(matches!(
            t.apply(TeamEvent::BoardGameResult {
                round,
                table: 1,
                board: 1,
                game: 3,
                result: GameResult::Draw
            }),
            Err(TeamError::NoSuchGame { game: 3, games: 2 })
        ));
        let again = TeamTournament::from_events(t.events().to_vec()).unwrap();
        assert!(again == t);
        // Not with two games a board.
        assert!(matches!(
            teams_event(
                TeamFormat::AllPlayAll { cycles: 1 },
                Book::Cxa2011,
                2,
                true,
                TeamRanking::MatchPoints,
                &["A"]
            ),
            Err(TeamError::InvalidFormat(_))
        ));
    }

    #[test]
    fn cxa_11_4_three_teams_meet_in_a_round_robin_each_match_all_play_all() {
        // Three teams of three: 3 rounds (one team rests each), 9 games a match.
        let mut t = created(TeamFormat::AllPlayAll { cycles: 1 }, 3, BoardRule::Fixed);
        for n in ["A", "B", "C"] {
            let mut team = rated(n, &[None, None, None]);
            team.boards = 3;
            t.apply(TeamEvent::TeamRegistered { team }).unwrap();
        }
        let mut met = std::collections::HashSet::new();
        while t.pair_next_round().is_ok() {
            let round = pair_rr(&mut t);
            let m = t.rounds()[round as usize - 1].matches()[0].pairing();
            for board in 1..=3 {
                for game in 1..=3 {
                    met.insert((m.first, board, m.second, t.facing_board(board, game)));
                    // The first-listed team wins on board 1, the rest drawn.
                    score(
                        &mut t,
                        round,
                        board,
                        game,
                        if board == 1 { 'W' } else { 'D' },
                    );
                }
            }
        }
        assert_eq!(
            met.len(),
            3 * 9,
            "every player met every player of each team once"
        );
        // Each match: first-listed 局分 6 + 6 = 12 against 6: 场分 2.
        let s = t.standings();
        assert!(s.iter().all(|x| x.score == Points::whole(2)), "{s:?}");
        assert_eq!(t.tie_break_order()[1], TieBreak::GamePoints, "CXA 14.5");
    }

    #[test]
    fn cxa_11_1_board_order_by_rating_with_the_organisers_override() {
        for rule in [BoardRule::Fixed, BoardRule::OrderKept] {
            let mut t = created(TeamFormat::RoundRobin { cycles: 1 }, 2, rule);
            t.apply(TeamEvent::TeamRegistered {
                team: rated("A", &[Some(2400), Some(2300), None]),
            })
            .unwrap();
            let b = rated("B", &[Some(2100), Some(2400), None]);
            assert_eq!(
                t.apply(TeamEvent::TeamRegistered { team: b.clone() }),
                Err(TeamError::BoardOrder {
                    team: "B".into(),
                    position: 2
                })
            );
            assert_eq!(
                t.apply(TeamEvent::OrderOverridden {
                    team: 2,
                    reason: "x".into()
                }),
                Err(TeamError::OverrideOutOfTurn(1))
            );
            t.apply(TeamEvent::OrderOverridden {
                team: 1,
                reason: "provincial event: ranked by results".into(),
            })
            .unwrap();
            t.apply(TeamEvent::TeamRegistered { team: b }).unwrap();
            assert_eq!(
                t.order_override(1),
                Some("provincial event: ranked by results")
            );
            assert_eq!(t.order_override(0), None);
            // The override is for that team only.
            assert!(matches!(
                t.apply(TeamEvent::TeamRegistered {
                    team: rated("C", &[None, Some(1900)])
                }),
                Err(TeamError::BoardOrder { position: 2, .. })
            ));
            let again = TeamTournament::from_events(t.events().to_vec()).unwrap();
            assert!(again == t);
        }
        // 临时定台制 (11.3) orders each match anew: any registration order.
        let mut t = created(
            TeamFormat::RoundRobin { cycles: 1 },
            2,
            BoardRule::Temporary,
        );
        t.apply(TeamEvent::TeamRegistered {
            team: rated("B", &[Some(2100), Some(2400)]),
        })
        .unwrap();
    }

    #[test]
    fn cxa_11_3_line_ups_drawn_by_lot() {
        let mut t = created(
            TeamFormat::RoundRobin { cycles: 1 },
            2,
            BoardRule::Temporary,
        );
        for n in ["A", "B"] {
            t.apply(TeamEvent::TeamRegistered {
                team: rated(n, &[None, None, None]),
            })
            .unwrap();
        }
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        t.apply(TeamEvent::LineupDrawn {
            round: 1,
            team: 0,
            players: vec![3, 1],
            seed: 11,
        })
        .unwrap();
        let want = crate::team::lineup_by_lot(&[1, 3], 11);
        assert_eq!(t.rounds()[0].matches()[0].lineup(0), Some(&want[..]));
        // Only registered players, each once (CXA 11.3 with 11.2's checks).
        assert_eq!(
            t.apply(TeamEvent::LineupDrawn {
                round: 1,
                team: 1,
                players: vec![2, 2],
                seed: 1,
            }),
            Err(TeamError::Lineup(LineupError::Twice(2)))
        );
        // Not where the board order is the registered one (11.1, 11.2).
        let mut f = created(TeamFormat::RoundRobin { cycles: 1 }, 2, BoardRule::Fixed);
        for n in ["A", "B"] {
            f.apply(TeamEvent::TeamRegistered {
                team: rated(n, &[None, None]),
            })
            .unwrap();
        }
        let e = f.pair_next_round().unwrap();
        f.apply(e).unwrap();
        assert_eq!(
            f.apply(TeamEvent::LineupDrawn {
                round: 1,
                team: 0,
                players: vec![1, 2],
                seed: 1,
            }),
            Err(TeamError::LotNotAllowed)
        );
    }

    #[test]
    fn cxa_14_5_and_18_5_team_fouls_and_sanctions() {
        // Two teams draw every game of their only match: level on 场分, 局分, 胜场, 胜局 and
        // 直胜. CXA 14.5 then goes to 全队犯规: A's player 1 fouled once, B as a team twice.
        let play = |penalties: &[(usize, Option<usize>, Penalty)]| {
            let mut t = teams_event(
                TeamFormat::RoundRobin { cycles: 1 },
                Book::Cxa2011,
                2,
                false,
                TeamRanking::MatchPoints,
                &["A", "B"],
            )
            .unwrap();
            let round = pair_rr(&mut t);
            for board in 1..=2 {
                score(&mut t, round, board, 1, 'D');
            }
            for &(team, player, penalty) in penalties {
                t.apply(TeamEvent::Penalised {
                    team,
                    player,
                    round,
                    penalty,
                })
                .unwrap();
            }
            let order: Vec<usize> = t.standings().iter().map(|s| s.competitor).collect();
            (t, order)
        };
        let (t, order) = play(&[
            (0, Some(1), Penalty::Foul),
            (1, None, Penalty::Foul),
            (1, None, Penalty::Foul),
        ]);
        assert_eq!(order, [0, 1]);
        assert_eq!(t.penalty_totals(1), (2, 0, 0));
        let fouls = t
            .tie_break_order()
            .iter()
            .position(|&x| x == TieBreak::Fouls);
        assert_eq!(t.standings()[1].tie_breaks[fouls.unwrap()].text(), "2");
        // CXA 18.5 before every tie-break: A's player disqualified from a game (18.2) ranks A
        // below B with three warnings (18.1): severity first, then the count.
        let (_, order) = play(&[
            (0, Some(2), Penalty::GameDisqualification),
            (1, Some(1), Penalty::Warning),
            (1, Some(2), Penalty::Warning),
            (1, None, Penalty::Warning),
        ]);
        assert_eq!(order, [1, 0]);
        // A penalty needs a paired round and a registered player.
        let (mut t, _) = play(&[]);
        assert!(matches!(
            t.apply(TeamEvent::Penalised {
                team: 0,
                player: Some(9),
                round: 1,
                penalty: Penalty::Foul
            }),
            Err(TeamError::Penalty(_))
        ));
        assert!(matches!(
            t.apply(TeamEvent::Penalised {
                team: 0,
                player: None,
                round: 2,
                penalty: Penalty::Foul
            }),
            Err(TeamError::Penalty(_))
        ));
    }

    #[test]
    fn team_tie_breaks_chosen_by_the_organiser() {
        // The organiser's order replaces the book's: 第一台总分 first.
        let mut t = TeamTournament::from_events([TeamEvent::Created {
            name: "t".into(),
            rules: Book::Cxa2011,
            format: TeamFormat::RoundRobin { cycles: 1 },
            boards: 2,
            board_rule: BoardRule::Fixed,
            scoring: ScoringScheme::CXA,
            tie_breaks: Some(vec![TieBreak::FirstBoard, TieBreak::Fouls]),
            two_games: false,
            ranking: TeamRanking::MatchPoints,
        }])
        .unwrap();
        for n in ["A", "B"] {
            t.apply(TeamEvent::TeamRegistered {
                team: rated(n, &[None, None]),
            })
            .unwrap();
        }
        let round = pair_rr(&mut t);
        // A wins board 1, loses board 2: 2–2 in 局分, a drawn match; A leads on board 1.
        score(&mut t, round, 1, 1, 'W');
        score(&mut t, round, 2, 1, 'L');
        assert_eq!(t.tie_break_order(), [TieBreak::FirstBoard, TieBreak::Fouls]);
        let s = t.standings();
        assert_eq!((s[0].competitor, s[0].rank, s[1].rank), (0, 1, 2));
    }
}
