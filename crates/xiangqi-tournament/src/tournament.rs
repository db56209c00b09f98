//! A tournament as a state machine driven by events (DESIGN: events are the truth).
//!
//! The same events always give the same state: [`Tournament::from_events`] replays them, and
//! every lot drawn is reproduced from the seed kept in its event. Standings are a projection
//! ([`Tournament::standings`]).
//!
//! Rules applied here:
//! - Round robin order from the Berger tables (CXA 2011 art. 10.1, appendix 2, art. 12.1).
//!   In a round robin with an odd number of players each sits out once; that round is a rest,
//!   not a scored bye (everyone has one, so it changes no ranking; FIDE C.05 does the same).
//!   In a Swiss the bye is worth a win (CXA 14.4).
//! - Two-game round robins are ranked by match points (场分) from the two games' points
//!   (CXA 14.2; WXF 9.2 大分/小分): the match counts once both games have a result.
//! - Withdrawals (CXA 19.2, 19.3; WXF 11.3, 11.4): in a round robin, a player who withdrew
//!   having played fewer than half of the games has every result cancelled, opponents' points
//!   included; otherwise results stand and every later game is a forfeit win for the opponent.
//!   In a Swiss results stand and the player is no longer paired. A withdrawal before round 1
//!   is paired takes the player out of the round-robin table, which is redrawn over those left
//!   (CXA 14.4; WXF 11.2).
//! - Forfeits `+`/`−` count as a win and a loss (CXA 20.3); both absent is a double forfeit
//!   (CXA 20.2). Lateness is the arbiter's call and arrives as a forfeit result
//!   (CXA 20.1: 15 minutes by default; WXF 11.1: zero tolerance).
//! - Fouls and sanctions are recorded for the tie-breaks (CXA 14.1 犯规, 18.5): fouls entered
//!   by hand and those of each board's game (CXA 9's score sheet), each once; sanctions by
//!   severity, then count. A disqualification from a game (18.2) loses it by forfeit.
//! - Staged formats: seeded groups then a final (CXA 10.2), a knockout (CXA 10.4), double
//!   elimination (CXA 10.4), a Swiss then a knockout (CXA 10.5) and a Swiss with bottom
//!   elimination (CXA 10.6); [`Tournament::pair_next`] pairs the next round of any of them.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::{
    knockout::MatchFormat,
    lifecycle::{Lifecycle, Refusal, Withdrawals},
    round_robin::Pairing,
    scoring::{ScoringScheme, match_points},
    stage::{Competition, Staged},
    tiebreak::{self, Competitor, Encounter, EventKind, Field, Standing, TieBreak},
    types::{Book, Color, GameResult, Outcome, Player, PlayerId, Points},
};

/// The competition format (赛制), CXA 2011 art. 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Format {
    /// 大循环制 (CXA 10.1): everyone plays everyone `cycles` times (1 or 2).
    RoundRobin {
        /// 1 for 一局制, 2 for 两局制 (the second cycle with colours swapped).
        cycles: u32,
    },
    /// 积分编排制 (CXA 10.3) over a fixed number of rounds; pairings come from a pairing
    /// engine or the arbiter.
    Swiss {
        /// Number of rounds.
        rounds: u32,
    },
    /// 分组循环制 (CXA 10.2): players seeded by rating into `groups` groups (serpentine),
    /// a round robin in each; see [`Tournament::groups`], [`Tournament::group_standings`] and
    /// [`Tournament::final_events`].
    Groups {
        /// Number of groups.
        groups: u32,
        /// 1 for 一局制, 2 for 两局制 in each group.
        cycles: u32,
    },
    /// 淘汰制 (CXA 10.4; WXF 10.1): a seeded bracket, byes to the top seeds, matches of one
    /// game, two games or best of three with colours drawn then alternated (CXA 12.4), level
    /// matches settled by rapid play-off games and then a lot. One tournament round is one
    /// game of every match still on; see [`Tournament::pair_knockout`] and
    /// [`Tournament::bracket`].
    Knockout {
        /// Games per match.
        games: MatchFormat,
        /// Rapid play-off games at most after a level match (WXF 10.1 加赛快棋); a lot
        /// decides if they are level too. 0: straight to the lot.
        #[serde(default)]
        playoff_games: u32,
    },
    /// 积分晋圈淘汰制 (CXA 10.5): a Swiss of `rounds` rounds, then the top `qualifiers` of its
    /// standings (players who withdrew left out) play a knockout seeded by their Swiss places,
    /// in the same tournament. Rounds `rounds + 1 …` are knockout game rounds; see
    /// [`Tournament::qualifiers`], [`Tournament::pair_knockout`] and [`Tournament::bracket`].
    SwissKnockout {
        /// Rounds of the Swiss stage.
        rounds: u32,
        /// Players who go through to the knockout (at least 2).
        qualifiers: u32,
        /// Games per knockout match.
        games: MatchFormat,
        /// Rapid play-off games at most after a level knockout match, then a lot (WXF 10.1).
        #[serde(default)]
        playoff_games: u32,
    },
    /// 积分末位淘汰制 (CXA 10.6): a Swiss of `rounds` rounds in which, once more than half of
    /// the rounds are played, the `per_round` lowest-placed players still in are eliminated
    /// after every round until `keep` are left for the last round; see
    /// [`Tournament::elimination_due`] and [`Tournament::eliminated_after`].
    SwissElimination {
        /// Rounds of the Swiss.
        rounds: u32,
        /// Players eliminated after each round once past half.
        per_round: u32,
        /// Players left in when the eliminations stop (at least 2).
        keep: u32,
    },
    /// 抽签分组淘汰 (seed 001 art. 7, the popular summary's best-of-three knockout): no
    /// seeded bracket; every bracket round the players still in are paired by a fresh lot,
    /// the one who draws the bye card (K) going through when they are odd. The lot's seed is
    /// kept in the round's event; see [`crate::lot_knockout`].
    LotKnockout {
        /// Games per match (seed 001: best of three).
        games: MatchFormat,
        /// Rapid play-off games at most after a level match, then a lot ("加赛一局或以抽签
        /// 方式分出胜负").
        #[serde(default)]
        playoff_games: u32,
    },
    /// 双败淘汰制 (CXA 10.4): a double-elimination bracket
    /// ([`crate::double_elimination::DoubleElimination`]) seeded by start number, one game a
    /// match with play-offs and a lot on a draw as in [`Format::Knockout`]; see
    /// [`Tournament::double_bracket`].
    DoubleElimination {
        /// A second grand final when the losers' bracket champion wins the first, so nobody
        /// is out before losing twice.
        #[serde(default)]
        reset: bool,
        /// Rapid play-off games at most after a drawn game, then a lot (WXF 10.1).
        #[serde(default)]
        playoff_games: u32,
    },
}

impl Format {
    /// Rounds of the Swiss stage, for the formats that pair with a Swiss engine.
    #[must_use]
    pub fn swiss_rounds(self) -> Option<u32> {
        self.stages().ok()?.iter().find_map(|s| s.swiss_rounds())
    }
}

/// A penalty the arbiter records against a player in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Penalty {
    /// A foul (犯规; WXF 技术犯规), counted for the tie-break "fewer fouls" (CXA 14.1).
    Foul,
    /// A warning (警告) by the game arbiter, CXA 18.1: the lighter sanction under 18.5.
    Warning,
    /// Disqualification from the game (取消当场比赛资格) by the chief arbiter, CXA 18.2: the
    /// heavier sanction under 18.5, ranking below any number of warnings, and the game is
    /// lost by forfeit (the opponent's `+`).
    GameDisqualification,
}

/// Something that happened to the tournament. The log of these is the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The tournament was set up.
    Created {
        /// Its name.
        name: String,
        /// The governing book.
        rules: Book,
        /// Round robin or Swiss.
        format: Format,
        /// Points per result.
        #[serde(default)]
        scoring: ScoringScheme,
        /// Tie-break order; the book's order for the format when absent.
        #[serde(default)]
        tie_breaks: Option<Vec<TieBreak>>,
    },
    /// A player entered; start numbers follow registration order.
    Registered {
        /// The player.
        player: Player,
    },
    /// A round was paired.
    RoundPaired {
        /// Round number, 1-based, one more than the last paired.
        round: u32,
        /// Games in board order.
        games: Vec<Pairing>,
        /// Players with a bye.
        #[serde(default)]
        byes: Vec<PlayerId>,
        /// The seed of any lot drawn to make this pairing.
        #[serde(default)]
        seed: Option<u64>,
    },
    /// A game's result, or its correction.
    ResultRecorded {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
        /// Result.
        result: GameResult,
    },
    /// A player withdrew (CXA 19; WXF 11.2–11.4) or was expelled (CXA 18.3) after a round.
    Withdrawn {
        /// Who.
        player: PlayerId,
        /// The last round the player took part in (0 before the first).
        after_round: u32,
    },
    /// Players to keep apart in a Swiss, on the organiser's request (CXA 10.3 积分编排制 with
    /// its appendix 3 编排原则, which lets an event keep players of one unit 同单位 from
    /// meeting; TRF `XXP`). The pairing engines get them as forbidden pairs; the groups add up
    /// over events.
    KeptApart {
        /// Keep every two players of the same club or team (单位, [`Player::club`]) apart.
        #[serde(default)]
        clubs: bool,
        /// A group of players who must not meet one another.
        #[serde(default)]
        players: Vec<PlayerId>,
    },
    /// A penalty was given.
    Penalised {
        /// Who.
        player: PlayerId,
        /// In which round.
        round: u32,
        /// What.
        penalty: Penalty,
    },
    /// The organiser set how the event's ratings are computed (等级分: K table, the
    /// 400-point rule, games for a performance); the latest applies. Neither book rates:
    /// see [`crate::rating`].
    RatingRulesSet {
        /// The rules.
        rules: crate::rating::RatingRules,
    },
    /// The organiser chose the knockout's placing matches (附加赛, CXA 10.4): the third-place
    /// match, or every place. Set before round 1 is paired; the latest applies.
    PlacingsSet {
        /// Which places are played for.
        placings: crate::knockout::Placings,
    },
    /// The numbers the books leave to the organiser for the event's games (`move_limit`,
    /// `fouls_to_lose`, …: CXA 2011 arts. 4.2.4, 8.1.8, 20.1, 22.1; WXF 2018 arts. 11.1, 12.4,
    /// 12.11), by key, as the arbiter reads them (`xiangqi_arbiter::EventRules`). The
    /// tournament keeps them for its games and reads none: whoever records them checks them.
    /// Set before round 1 is paired; the latest applies.
    GameRulesSet {
        /// Value by key; a key left out keeps the book's value.
        rules: BTreeMap<String, u64>,
    },
    /// The fouls (犯规; WXF 技术犯规) the arbiter recorded in a board's game, as the score
    /// sheet notes them (CXA 2011 art. 9). They count for the tie-break "fewer fouls" (CXA
    /// 14.1–14.6) without being entered again; the latest for a board applies, so telling it
    /// twice counts once.
    GameFoulsRecorded {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
        /// Red's fouls in the game.
        red: u32,
        /// Black's fouls in the game.
        black: u32,
    },
    /// Start numbers drawn by lot (抽签) before round 1, for a round robin's order table or a
    /// knockout's lines (CXA 10.1 with appendix 2, 10.4, 12.1); redrawn by CXA 14.4 after a
    /// withdrawal before the start. See [`crate::start_draw`].
    LotsDrawn {
        /// The seed the lots are drawn from.
        seed: u64,
    },
}

/// Why an event could not be applied. Nothing changes when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// The first event must create the tournament.
    #[error("the tournament has not been created")]
    NotCreated,
    /// Only one creation per tournament.
    #[error("the tournament was already created")]
    AlreadyCreated,
    /// A round robin needs one or two cycles; a Swiss at least one round.
    #[error("invalid format: {0}")]
    InvalidFormat(String),
    /// Entries close when round 1 is paired.
    #[error("registration is closed once round 1 is paired")]
    RegistrationClosed,
    /// No such start number.
    #[error("unknown player {0}")]
    UnknownPlayer(u32),
    /// Rounds are paired in order.
    #[error("round {got} cannot be paired now: the next round is {expected}")]
    WrongRound {
        /// The round in the event.
        got: u32,
        /// The round that can be paired.
        expected: u32,
    },
    /// Results first, then the next round.
    #[error("round {0} still has games without a result")]
    RoundIncomplete(u32),
    /// Every round of the format is paired.
    #[error("all {0} rounds have been paired")]
    AllRoundsPaired(u32),
    /// A player twice in one round, or against themselves.
    #[error("player {player} is paired more than once in round {round}")]
    PairedTwice {
        /// Who.
        player: u32,
        /// Where.
        round: u32,
    },
    /// Boards must be 1, 2, 3 … in order.
    #[error("round {0} boards must be numbered 1, 2, 3 … in order")]
    BadBoards(u32),
    /// A withdrawn player cannot be paired again.
    #[error("player {player} withdrew after round {after_round}")]
    Withdrawn {
        /// Who.
        player: u32,
        /// When.
        after_round: u32,
    },
    /// No game there.
    #[error("no game on board {board} in round {round}")]
    NoSuchGame {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
    },
    /// A round robin needs two players.
    #[error("a round robin needs at least 2 players")]
    TooFewPlayers,
    /// Swiss rounds come from a pairing engine or the arbiter.
    #[error("a swiss round needs pairings from a pairing engine or the arbiter")]
    NeedsPairings,
    /// The pairing engine found no pairing.
    #[error("pairing failed: {0}")]
    Pairing(String),
    /// A withdrawal dated after a round not yet paired.
    #[error("cannot withdraw after round {after_round}: only {paired} rounds are paired")]
    FutureRound {
        /// The round in the event.
        after_round: u32,
        /// Rounds paired.
        paired: u32,
    },
    /// A player eliminated from a Swiss with bottom elimination (CXA 10.6) cannot be paired.
    #[error("player {player} was eliminated after round {after_round}")]
    Eliminated {
        /// Who.
        player: u32,
        /// After which round.
        after_round: u32,
    },
    /// The knockout's final is decided: nothing left to pair.
    #[error("the knockout is decided")]
    KnockoutDecided,
    /// A knockout round that is not the bracket's next (CXA 10.4, 12.4).
    #[error("not the bracket's next round: {0}")]
    NotInBracket(String),
    /// A group stage still has rounds to play.
    #[error("the group stage has {0} of {1} rounds paired")]
    StageUnfinished(u32, u32),
    /// A tournament file could not be read.
    #[error("invalid tournament file: {0}")]
    File(String),
}

/// Whether a player `late_seconds` late for the start of a round loses the game by forfeit.
///
/// CXA 2011 art. 20.1: beyond the limit the regulations set, "一般为15分钟" (15 minutes when
/// `cxa_limit_minutes` is `None`); the late player's clock runs meanwhile. WXF 2018 art. 11.1:
/// zero tolerance ("零迟到"), any lateness once the chief arbiter has started the round.
#[must_use]
pub fn late_forfeit(rules: Book, late_seconds: u32, cxa_limit_minutes: Option<u32>) -> bool {
    match rules {
        Book::Cxa2011 => late_seconds > cxa_limit_minutes.unwrap_or(15).saturating_mul(60),
        Book::Wxf2018 => late_seconds > 0,
    }
}

pub use crate::lifecycle::absence_result;

/// One paired game and its result, if known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Board and players.
    pub pairing: Pairing,
    /// The recorded result.
    pub result: Option<GameResult>,
}

/// What one round brought one player, as a crosstable cell shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// Round.
    pub round: u32,
    /// The opponent; `None` for a bye.
    pub opponent: Option<PlayerId>,
    /// The colour played; `None` for a bye.
    pub color: Option<Color>,
    /// What it brought.
    pub outcome: Outcome,
}

/// One paired round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// 1-based number.
    pub number: u32,
    /// Games in board order.
    pub games: Vec<Game>,
    /// Players with a bye.
    pub byes: Vec<PlayerId>,
    /// Seed of any lot drawn.
    pub seed: Option<u64>,
}

/// The state of a tournament: a projection of its events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    name: String,
    rules: Book,
    format: Format,
    scoring: ScoringScheme,
    tie_breaks: Option<Vec<TieBreak>>,
    players: Vec<Player>,
    rounds: Vec<Round>,
    /// Who withdrew when (CXA 19; WXF 11).
    withdrawals: Withdrawals,
    /// Fouls entered against a player by hand ([`Penalty::Foul`]).
    fouls: Vec<u32>,
    /// Fouls of each board's game by (round, board): Red's and Black's
    /// ([`Event::GameFoulsRecorded`]).
    game_fouls: BTreeMap<(u32, u32), [u32; 2]>,
    sanctions: Vec<crate::tiebreak::Sanctions>,
    /// The numbers set for the event's games ([`Event::GameRulesSet`]).
    game_rules: BTreeMap<String, u64>,
    /// Club-mates kept apart in a Swiss (CXA 10.3, appendix 3).
    clubs_apart: bool,
    /// Groups kept apart in a Swiss (TRF `XXP`).
    apart: Vec<Vec<PlayerId>>,
    /// The round after which each player was eliminated from a Swiss with bottom elimination
    /// (CXA 10.6), fixed when the next round was paired.
    eliminated: Vec<Option<u32>>,
    /// The qualifiers of a Swiss then knockout (CXA 10.5) in seed order, fixed when the first
    /// knockout round was paired; empty before.
    qualified: Vec<PlayerId>,
    /// The organiser's rating rules, if set ([`Event::RatingRulesSet`]).
    rating_rules: Option<crate::rating::RatingRules>,
    /// The knockout's placing matches (CXA 10.4 附加赛).
    placings: crate::knockout::Placings,
    /// The start-number draw (抽签), if made.
    start_draw: Option<crate::start_draw::StartDraw>,
    events: Vec<Event>,
}

/// The file form of a tournament: its event log.
#[derive(Debug, Serialize, Deserialize)]
struct Log {
    events: Vec<Event>,
}

impl Tournament {
    /// Replays `events`; the first must be [`Event::Created`].
    ///
    /// # Errors
    /// The first event that cannot be applied.
    pub fn from_events(
        events: impl IntoIterator<Item = Event>,
    ) -> Result<Tournament, TournamentError> {
        let mut it = events.into_iter();
        let first = it.next().ok_or(TournamentError::NotCreated)?;
        let Event::Created {
            name,
            rules,
            format,
            scoring,
            tie_breaks,
        } = first.clone()
        else {
            return Err(TournamentError::NotCreated);
        };
        format.stages()?;
        let mut t = Tournament {
            name,
            rules,
            format,
            scoring,
            tie_breaks,
            players: Vec::new(),
            rounds: Vec::new(),
            withdrawals: Withdrawals::default(),
            fouls: Vec::new(),
            game_fouls: BTreeMap::new(),
            sanctions: Vec::new(),
            game_rules: BTreeMap::new(),
            clubs_apart: false,
            apart: Vec::new(),
            eliminated: Vec::new(),
            qualified: Vec::new(),
            rating_rules: None,
            placings: crate::knockout::Placings::None,
            start_draw: None,
            events: vec![first],
        };
        for e in it {
            t.apply(e)?;
        }
        Ok(t)
    }

    /// Reads a tournament file (JSON: `{"events": [...]}`).
    ///
    /// # Errors
    /// Malformed JSON or an event that cannot be applied.
    pub fn from_json(text: &str) -> Result<Tournament, TournamentError> {
        let log: Log =
            serde_json::from_str(text).map_err(|e| TournamentError::File(e.to_string()))?;
        Tournament::from_events(log.events)
    }

    /// The tournament file: its event log as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        let log = Log {
            events: self.events.clone(),
        };
        serde_json::to_string_pretty(&log).unwrap_or_default()
    }

    /// Applies one event, after checking it against the state.
    ///
    /// # Errors
    /// Why the event is not valid now; the state is unchanged.
    pub fn apply(&mut self, event: Event) -> Result<(), TournamentError> {
        match &event {
            Event::Created { .. } => return Err(TournamentError::AlreadyCreated),
            Event::Registered { player } => {
                if !self.rounds.is_empty() {
                    return Err(TournamentError::RegistrationClosed);
                }
                self.players.push(player.clone());
                // A newcomer holds no lot: the draw is made again (crate::start_draw).
                self.start_draw = None;
                self.withdrawals.enter();
                self.fouls.push(0);
                self.sanctions.push(crate::tiebreak::Sanctions::default());
                self.eliminated.push(None);
            }
            Event::RoundPaired {
                round,
                games,
                byes,
                seed,
            } => {
                self.check_pairing(*round, games, byes, *seed)?;
                // CXA 10.6: those due out before this round are out from now on.
                for p in self.elimination_due() {
                    self.eliminated[p.index()] = Some(round - 1);
                }
                // CXA 10.5: a later stage's seeds are fixed by its first round, so a later
                // correction of a result of the stage before cannot redraw the bracket.
                if let Some((_, play)) = self.current_stage() {
                    if play.index > 0 && play.first_round == *round {
                        self.qualified = self.provisional_entrants(play.index);
                    }
                }
                self.rounds.push(Round {
                    number: *round,
                    games: games
                        .iter()
                        .map(|&pairing| Game {
                            pairing,
                            result: None,
                        })
                        .collect(),
                    byes: byes.clone(),
                    seed: *seed,
                });
            }
            Event::ResultRecorded {
                round,
                board,
                result,
            } => {
                let game = self
                    .rounds
                    .get_mut((*round as usize).wrapping_sub(1))
                    .and_then(|r| r.games.get_mut((*board as usize).wrapping_sub(1)))
                    .ok_or(TournamentError::NoSuchGame {
                        round: *round,
                        board: *board,
                    })?;
                game.result = Some(*result);
            }
            Event::Withdrawn {
                player,
                after_round,
            } => {
                let paired = self.rounds.len() as u32;
                self.withdrawals
                    .withdraw(player.index(), *after_round, paired)
                    .map_err(|r| refused(*player, r))?;
                // CXA 14.4: before the start, a round robin left even is drawn again.
                if paired == 0 {
                    let round_robin = matches!(self.format, Format::RoundRobin { .. });
                    if let Some(draw) = &mut self.start_draw {
                        draw.withdraw(*player, round_robin);
                    }
                }
            }
            Event::LotsDrawn { seed } => {
                if !matches!(
                    self.format,
                    Format::RoundRobin { .. }
                        | Format::Knockout { .. }
                        | Format::DoubleElimination { .. }
                ) {
                    return Err(TournamentError::InvalidFormat(
                        "start numbers are drawn for a round robin, a knockout or a double \
                         elimination; a swiss pairs by score and rating, groups are seeded"
                            .into(),
                    ));
                }
                if !self.rounds.is_empty() {
                    return Err(TournamentError::InvalidFormat(
                        "start numbers are drawn before round 1 is paired".into(),
                    ));
                }
                let table: Vec<PlayerId> = self
                    .withdrawals
                    .table()
                    .into_iter()
                    .map(PlayerId::from_index)
                    .collect();
                self.start_draw = Some(crate::start_draw::StartDraw::new(&table, *seed));
            }
            Event::KeptApart { clubs, players } => {
                if self.swiss_rounds().is_none() {
                    return Err(TournamentError::InvalidFormat(
                        "players are kept apart only in a swiss".into(),
                    ));
                }
                if let Some(p) = players.iter().find(|p| p.index() >= self.players.len()) {
                    return Err(TournamentError::UnknownPlayer(p.get()));
                }
                self.clubs_apart |= *clubs;
                if players.len() >= 2 {
                    self.apart.push(players.clone());
                }
            }
            Event::Penalised {
                player,
                penalty,
                round,
            } => {
                let i = player.index();
                if i >= self.players.len() {
                    return Err(TournamentError::UnknownPlayer(player.get()));
                }
                match penalty {
                    Penalty::Foul => self.fouls[i] += 1,
                    Penalty::Warning => self.sanctions[i].warnings += 1,
                    Penalty::GameDisqualification => {
                        self.sanctions[i].disqualifications += 1;
                        self.forfeit_game_of(*player, *round);
                    }
                }
            }
            Event::GameRulesSet { rules } => {
                if !self.rounds.is_empty() {
                    return Err(TournamentError::InvalidFormat(
                        "the games' rules are set before round 1 is paired".into(),
                    ));
                }
                self.game_rules = rules.clone();
            }
            Event::GameFoulsRecorded {
                round,
                board,
                red,
                black,
            } => {
                let exists = self
                    .rounds
                    .get((*round as usize).wrapping_sub(1))
                    .is_some_and(|r| r.games.iter().any(|g| g.pairing.board == *board));
                if !exists {
                    return Err(TournamentError::NoSuchGame {
                        round: *round,
                        board: *board,
                    });
                }
                self.game_fouls.insert((*round, *board), [*red, *black]);
            }
            Event::RatingRulesSet { rules } => {
                rules
                    .check()
                    .map_err(|e| TournamentError::InvalidFormat(e.to_string()))?;
                self.rating_rules = Some(rules.clone());
            }
            Event::PlacingsSet { placings } => {
                if !matches!(
                    self.format,
                    Format::Knockout { .. } | Format::SwissKnockout { .. }
                ) {
                    return Err(TournamentError::InvalidFormat(
                        "placing matches are a knockout's".into(),
                    ));
                }
                if !self.rounds.is_empty() {
                    return Err(TournamentError::InvalidFormat(
                        "placing matches are chosen before round 1 is paired".into(),
                    ));
                }
                self.placings = *placings;
            }
        }
        self.events.push(event);
        Ok(())
    }

    pub(crate) fn check_pairing(
        &self,
        round: u32,
        games: &[Pairing],
        byes: &[PlayerId],
        seed: Option<u64>,
    ) -> Result<(), TournamentError> {
        let expected = self.rounds.len() as u32 + 1;
        if round != expected {
            return Err(TournamentError::WrongRound {
                got: round,
                expected,
            });
        }
        if round > self.total_rounds() {
            return Err(TournamentError::AllRoundsPaired(self.total_rounds()));
        }
        if let Some(prev) = self.rounds.last() {
            if (0..prev.games.len()).any(|b| !self.is_settled(prev.number, b)) {
                return Err(TournamentError::RoundIncomplete(prev.number));
            }
        }
        let (stage, play) = self.stage_at(round).ok_or(TournamentError::NeedsPairings)?;
        let mut seen = HashSet::new();
        for (k, g) in games.iter().enumerate() {
            if g.board as usize != k + 1 {
                return Err(TournamentError::BadBoards(round));
            }
        }
        let players = games
            .iter()
            .flat_map(|g| [g.red, g.black])
            .chain(byes.iter().copied());
        for p in players {
            if p.index() >= self.players.len() {
                return Err(TournamentError::UnknownPlayer(p.get()));
            }
            if !seen.insert(p) {
                return Err(TournamentError::PairedTwice {
                    player: p.get(),
                    round,
                });
            }
            // In a round robin the table still lists a player who withdrew once play began;
            // the game is forfeited. One who withdrew before the start is not in the table.
            self.withdrawals
                .may_play(p.index(), round, stage.keeps_withdrawn())
                .map_err(|r| refused(p, r))?;
            if let Some(after) = self.eliminated[p.index()] {
                return Err(TournamentError::Eliminated {
                    player: p.get(),
                    after_round: after,
                });
            }
        }
        if let Some(p) = self
            .elimination_due()
            .into_iter()
            .find(|p| seen.contains(p))
        {
            return Err(TournamentError::Eliminated {
                player: p.get(),
                after_round: round - 1,
            });
        }
        stage.check(&play, games, byes, seed)
    }

    /// The rating rules in force: the organiser's, or the defaults ([`crate::rating`]).
    #[must_use]
    pub fn rating_rules(&self) -> crate::rating::RatingRules {
        self.rating_rules.clone().unwrap_or_default()
    }

    /// The rating report of the games played so far, under the organiser's rules
    /// ([`Event::RatingRulesSet`]) or the defaults.
    #[must_use]
    pub fn ratings(&self) -> crate::rating::RatingReport {
        crate::rating::RatingReport::new(self.players(), self.game_results(), &self.rating_rules())
    }

    /// Every game's result so far, round by round: red's and black's start numbers and the
    /// result as recorded.
    pub(crate) fn game_results(
        &self,
    ) -> impl Iterator<Item = (PlayerId, PlayerId, GameResult)> + '_ {
        self.rounds().iter().flat_map(|round| {
            round
                .games
                .iter()
                .filter_map(|g| Some((g.pairing.red, g.pairing.black, g.result?)))
        })
    }

    /// The knockout's placing matches (CXA 10.4 附加赛): none unless the organiser chose them.
    #[must_use]
    pub fn placings(&self) -> crate::knockout::Placings {
        self.placings
    }

    /// The event log.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The governing book.
    #[must_use]
    pub fn rules(&self) -> Book {
        self.rules
    }

    /// The numbers set for the event's games ([`Event::GameRulesSet`]); empty: the book's.
    #[must_use]
    pub fn game_rules(&self) -> &BTreeMap<String, u64> {
        &self.game_rules
    }

    /// The fouls recorded in the game of `round`, `board`: Red's and Black's.
    #[must_use]
    pub fn game_fouls(&self, round: u32, board: u32) -> Option<[u32; 2]> {
        self.game_fouls.get(&(round, board)).copied()
    }

    /// A player's fouls over the event: those entered by hand and those of their games
    /// (CXA 2011 art. 9's score sheets), each counted once.
    #[must_use]
    pub fn fouls_of(&self, player: PlayerId) -> u32 {
        let i = player.index();
        let by_hand = self.fouls.get(i).copied().unwrap_or(0);
        let in_games: u32 = self
            .rounds
            .iter()
            .flat_map(|r| r.games.iter().map(move |g| (r.number, g.pairing)))
            .filter_map(|(round, p)| {
                let [red, black] = self.game_fouls(round, p.board)?;
                if p.red == player {
                    Some(red)
                } else if p.black == player {
                    Some(black)
                } else {
                    None
                }
            })
            .sum();
        by_hand + in_games
    }

    /// A player's sanctions (CXA 18.1, 18.2).
    #[must_use]
    pub fn sanctions_of(&self, player: PlayerId) -> crate::tiebreak::Sanctions {
        self.sanctions
            .get(player.index())
            .copied()
            .unwrap_or_default()
    }

    /// CXA 2011 art. 18.2: a player disqualified from the game of `round` loses it by forfeit
    /// (the opponent's `+`), whatever was recorded. A player with no game that round (a bye,
    /// a round not paired) only has the sanction.
    fn forfeit_game_of(&mut self, player: PlayerId, round: u32) {
        let Some(r) = self.rounds.get_mut((round as usize).wrapping_sub(1)) else {
            return;
        };
        if let Some(g) = r
            .games
            .iter_mut()
            .find(|g| g.pairing.red == player || g.pairing.black == player)
        {
            g.result = Some(if g.pairing.red == player {
                GameResult::BlackWinsByForfeit
            } else {
                GameResult::RedWinsByForfeit
            });
        }
    }

    /// The format.
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// Groups of players who must not meet in a Swiss (CXA 10.3, appendix 3; TRF `XXP`): one
    /// group per club with two or more players when club-mates are kept apart (clubs compared
    /// trimmed, blank ignored), then the groups given one by one, in start numbers.
    #[must_use]
    pub fn kept_apart(&self) -> Vec<Vec<u32>> {
        let mut groups: Vec<Vec<u32>> = Vec::new();
        if self.clubs_apart {
            let mut by_club: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
            for (i, p) in self.players.iter().enumerate() {
                if let Some(club) = p.club.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
                    by_club.entry(club).or_default().push(i as u32 + 1);
                }
            }
            groups.extend(by_club.into_values().filter(|g| g.len() >= 2));
        }
        groups.extend(
            self.apart
                .iter()
                .map(|g| g.iter().map(|p| p.get()).collect::<Vec<u32>>()),
        );
        groups
    }

    /// The scoring scheme.
    #[must_use]
    pub fn scoring(&self) -> ScoringScheme {
        self.scoring
    }

    /// Players in start-number order.
    #[must_use]
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Rounds paired so far.
    #[must_use]
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// The round after which `player` withdrew, if they did.
    #[must_use]
    pub fn withdrawn_after(&self, player: PlayerId) -> Option<u32> {
        self.withdrawals.after(player.index())
    }

    /// The qualifiers of a Swiss then knockout once its first knockout round is paired.
    pub(crate) fn fixed_qualifiers(&self) -> Option<&[PlayerId]> {
        (!self.qualified.is_empty()).then_some(self.qualified.as_slice())
    }

    /// The round after which `player` was eliminated from a Swiss with bottom elimination
    /// (CXA 10.6), if they were.
    #[must_use]
    pub fn eliminated_after(&self, player: PlayerId) -> Option<u32> {
        self.eliminated.get(player.index()).copied().flatten()
    }

    /// Rounds the format has: N−1 (N even) or N (odd) per cycle of a round robin, the
    /// Swiss's rounds, an upper bound for a bracket; the sum over the format's stages.
    #[must_use]
    pub fn total_rounds(&self) -> u32 {
        self.stage_plays()
            .iter()
            .map(|(stage, play)| stage.rounds(play))
            .sum()
    }

    /// The players of the round-robin table (or the bracket's seeds) in table order: everyone
    /// except those who withdrew before round 1 was paired, by start number, or by lot number
    /// once drawn ([`Event::LotsDrawn`]). CXA 14.4 and WXF 11.2 redraw the table after such a
    /// withdrawal: without a draw the remaining players keep their relative order; with one, a
    /// round robin left even is drawn again ([`crate::start_draw`]).
    #[must_use]
    pub fn table_players(&self) -> Vec<PlayerId> {
        let table: Vec<PlayerId> = self
            .withdrawals
            .table()
            .into_iter()
            .map(PlayerId::from_index)
            .collect();
        match &self.start_draw {
            // The order table's places are the lots (crate::start_draw).
            Some(draw) => draw
                .order
                .iter()
                .copied()
                .filter(|p| table.contains(p))
                .collect(),
            None => table,
        }
    }

    /// The start-number draw (抽签) in force, if one was made: lot number k is the k-th place
    /// of the order table or bracket ([`crate::start_draw`]).
    #[must_use]
    pub fn start_draw(&self) -> Option<&crate::start_draw::StartDraw> {
        self.start_draw.as_ref()
    }

    /// The tie-break order in force: the organiser's, or the book's for the format.
    #[must_use]
    pub fn tie_break_order(&self) -> Vec<TieBreak> {
        self.tie_breaks
            .clone()
            .unwrap_or_else(|| tiebreak::book_order(self.rules, self.event_kind()))
    }

    /// How the standings' stage ranks (knockout standings are the bracket; its games rank
    /// like a Swiss's).
    fn event_kind(&self) -> EventKind {
        self.stages()
            .first()
            .map_or(EventKind::Swiss, |s| s.event_kind())
    }

    /// The next round's pairing event from the round-robin table (CXA 10.1, appendix 2).
    ///
    /// # Errors
    /// Too few players, an unfinished round, every round paired, or a Swiss (which needs a
    /// pairing engine: see [`crate::swiss`]).
    pub fn pair_next_round(&self) -> Result<Event, TournamentError> {
        let (stage, play) = self.current_stage().ok_or(TournamentError::NeedsPairings)?;
        stage.pair(&play, None, None)
    }

    /// Whether every result of a withdrawn player is cancelled: a round robin where they
    /// played fewer than half of their games (CXA 19.2; WXF 11.3).
    #[must_use]
    pub fn results_cancelled(&self, player: PlayerId) -> bool {
        Lifecycle::results_cancelled(self, player.index())
    }

    /// The result that counts for board `index` (0-based) of `round`: the recorded one, a
    /// forfeit for a game after a withdrawal, or `None` if pending or cancelled.
    pub(crate) fn effective_result(&self, round: u32, index: usize) -> Option<GameResult> {
        let game = self.rounds.get(round as usize - 1)?.games.get(index)?;
        let p = game.pairing;
        self.counted(round, (p.red.index(), p.black.index()), game.result)
    }

    /// Whether the game on board `index` (0-based) of `round` is decided, cancelled or not.
    fn is_settled(&self, round: u32, index: usize) -> bool {
        let Some(game) = self
            .rounds
            .get(round as usize - 1)
            .and_then(|r| r.games.get(index))
        else {
            return false;
        };
        self.effective_result(round, index).is_some()
            || self.results_cancelled(game.pairing.red)
            || self.results_cancelled(game.pairing.black)
    }

    /// Each player's results round by round, as the crosstable shows them; cancelled games
    /// are left out, forfeits after a withdrawal included. In a Swiss followed by a knockout
    /// (CXA 10.5) only the Swiss stage: the knockout is the bracket.
    #[must_use]
    pub fn results(&self) -> Vec<Vec<RoundResult>> {
        let mut out = vec![Vec::new(); self.players.len()];
        for r in self.rounds.iter().take(self.ranked_rounds()) {
            for (k, g) in r.games.iter().enumerate() {
                let Some(res) = self.effective_result(r.number, k) else {
                    continue;
                };
                let p = g.pairing;
                for (me, opponent, color) in
                    [(p.red, p.black, Color::Red), (p.black, p.red, Color::Black)]
                {
                    out[me.index()].push(RoundResult {
                        round: r.number,
                        opponent: Some(opponent),
                        color: Some(color),
                        outcome: res.outcome_for(color),
                    });
                }
            }
            if self
                .stage_at(r.number)
                .is_some_and(|(stage, _)| stage.scores_byes())
            {
                for b in &r.byes {
                    out[b.index()].push(RoundResult {
                        round: r.number,
                        opponent: None,
                        color: None,
                        outcome: Outcome::Bye,
                    });
                }
            }
        }
        out
    }

    /// The field the tie-breaks see (games, or two-game matches in a double round robin).
    #[must_use]
    pub fn field(&self) -> Field {
        let s = self.scoring;
        let per_game: Vec<Vec<Encounter>> = self
            .results()
            .into_iter()
            .map(|rs| {
                rs.into_iter()
                    .map(
                        |RoundResult {
                             round,
                             opponent: opp,
                             color,
                             outcome,
                         }| {
                            let points = s.points(outcome, color);
                            let black = color == Some(Color::Black) && outcome.is_played();
                            Encounter {
                                round,
                                opponent: opp.map(PlayerId::index),
                                outcome,
                                color,
                                points,
                                game_points: points,
                                game_wins: u32::from(outcome.is_win()),
                                black_games: u32::from(black),
                                black_wins: u32::from(black && outcome == Outcome::Win),
                                first_board: Points::ZERO,
                            }
                        },
                    )
                    .collect()
            })
            .collect();
        let cycles = self.stages().first().map_or(1, |s| s.cycles());
        let competitors = per_game
            .into_iter()
            .enumerate()
            .map(|(i, encounters)| Competitor {
                start_number: i as u32 + 1,
                encounters: if cycles >= 2 {
                    Self::as_matches(encounters, cycles)
                } else {
                    encounters
                },
                fouls: self.fouls_of(PlayerId::from_index(i)),
                sanctions: self.sanctions[i],
            })
            .collect();
        Field {
            competitors,
            rounds: self
                .rounds
                .iter()
                .take(self.ranked_rounds())
                .filter(|r| (0..r.games.len()).all(|k| self.is_settled(r.number, k)))
                .count() as u32,
        }
    }

    /// Folds the games against each opponent into one match scored with match points
    /// (场分 / 大分) from the game points (局分 / 小分): CXA 13.2, 14.2; WXF 9.2.
    fn as_matches(games: Vec<Encounter>, cycles: u32) -> Vec<Encounter> {
        let mut by_opp: BTreeMap<usize, Vec<Encounter>> = BTreeMap::new();
        for g in games {
            if let Some(o) = g.opponent {
                by_opp.entry(o).or_default().push(g);
            }
        }
        let mut out: Vec<Encounter> = by_opp
            .into_iter()
            .map(|(opp, gs)| {
                let mine: Points = gs.iter().map(|g| Points::whole(g.outcome.halves())).sum();
                let theirs: Points = gs
                    .iter()
                    .map(|g| Points::whole(2 - g.outcome.halves()))
                    .sum();
                let complete = gs.len() as u32 >= cycles;
                let (outcome, points) = if complete {
                    match_points(mine, theirs)
                } else {
                    (Outcome::Draw, Points::ZERO)
                };
                Encounter {
                    round: gs.iter().map(|g| g.round).max().unwrap_or(0),
                    opponent: Some(opp),
                    outcome: if complete { outcome } else { Outcome::Draw },
                    color: None,
                    points,
                    game_points: gs.iter().map(|g| g.game_points).sum(),
                    game_wins: gs.iter().map(|g| g.game_wins).sum(),
                    black_games: gs.iter().map(|g| g.black_games).sum(),
                    black_wins: gs.iter().map(|g| g.black_wins).sum(),
                    first_board: Points::ZERO,
                }
            })
            .collect();
        out.sort_by_key(|e| e.round);
        out
    }

    /// The top `k` of the standings, best first: the qualifiers of a Swiss for the knockout
    /// stage (CXA 10.5) or of a group for the final (CXA 10.2).
    #[must_use]
    pub fn top(&self, k: usize) -> Vec<PlayerId> {
        self.standings()
            .into_iter()
            .take(k)
            .map(|s| PlayerId::from_index(s.competitor))
            .collect()
    }

    /// The `k` lowest-ranked players still in, lowest first: those a Swiss with bottom
    /// elimination (积分末位淘汰制, CXA 10.6) drops this round. Record each as
    /// [`Event::Withdrawn`]: in a Swiss their results stand and they are no longer paired,
    /// which is what elimination means.
    #[must_use]
    pub fn bottom(&self, k: usize) -> Vec<PlayerId> {
        self.standings()
            .into_iter()
            .rev()
            .map(|s| PlayerId::from_index(s.competitor))
            .filter(|&p| self.withdrawn_after(p).is_none())
            .take(k)
            .collect()
    }

    /// The standings in the tie-break order in force. In a Swiss with bottom elimination
    /// (CXA 10.6) the players still in come first, then those eliminated, the later out
    /// first; each part in the tie-break order.
    #[must_use]
    pub fn standings(&self) -> Vec<Standing> {
        let standings = tiebreak::standings(&self.field(), &self.tie_break_order());
        if self.stages().iter().any(|s| s.eliminates()) {
            self.eliminated_last(standings)
        } else {
            standings
        }
    }
}

/// A refused withdrawal or pairing of `player` (CXA 19.3; WXF 11.4).
fn refused(player: PlayerId, r: Refusal) -> TournamentError {
    match r {
        Refusal::Unknown => TournamentError::UnknownPlayer(player.get()),
        Refusal::Withdrawn(after_round) => TournamentError::Withdrawn {
            player: player.get(),
            after_round,
        },
        Refusal::FutureRound {
            after_round,
            paired,
        } => TournamentError::FutureRound {
            after_round,
            paired,
        },
    }
}

/// Players seen through their games (CXA 19, 20).
impl Lifecycle for Tournament {
    fn withdrawals(&self) -> &Withdrawals {
        &self.withdrawals
    }

    /// The games of the stage the player withdrew in, where the stage cancels results
    /// (a round robin, or the player's group).
    fn scheduled_encounters(&self, who: usize) -> Option<u32> {
        let round = self.withdrawals.after(who).unwrap_or(0).max(1);
        let (stage, play) = self.stage_at(round)?;
        stage.scheduled_games(&play, PlayerId::from_index(who))
    }

    /// Games played over the board (forfeits left out) in rounds 1 to `last`.
    fn played_encounters(&self, who: usize, last: u32) -> u32 {
        let player = PlayerId::from_index(who);
        self.rounds
            .iter()
            .filter(|r| r.number <= last)
            .flat_map(|r| &r.games)
            .filter(|g| g.pairing.red == player || g.pairing.black == player)
            .filter(|g| g.result.is_some_and(GameResult::is_played))
            .count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rr(n: usize, cycles: u32) -> Tournament {
        let mut events = vec![Event::Created {
            name: "test".into(),
            rules: Book::Cxa2011,
            format: Format::RoundRobin { cycles },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        events.extend((0..n).map(|i| Event::Registered {
            player: Player::named(format!("P{}", i + 1)),
        }));
        Tournament::from_events(events).unwrap()
    }

    /// Plays the next round with `result(red, black)`.
    fn play(t: &mut Tournament, result: impl Fn(u32, u32) -> GameResult) {
        let e = t.pair_next_round().unwrap();
        let Event::RoundPaired { round, games, .. } = e.clone() else {
            unreachable!()
        };
        t.apply(e).unwrap();
        for g in games {
            t.apply(Event::ResultRecorded {
                round,
                board: g.board,
                result: result(g.red.get(), g.black.get()),
            })
            .unwrap();
        }
    }

    fn id(n: u32) -> PlayerId {
        PlayerId::new(n).unwrap()
    }

    #[test]
    fn round_robin_plays_out_and_replays_identically() {
        let mut t = rr(5, 1);
        for _ in 0..5 {
            // Lower start number wins.
            play(&mut t, |r, b| {
                if r < b {
                    GameResult::RedWins
                } else {
                    GameResult::BlackWins
                }
            });
        }
        assert_eq!(
            t.pair_next_round(),
            Err(TournamentError::AllRoundsPaired(5))
        );
        let s = t.standings();
        let order: Vec<usize> = s.iter().map(|x| x.competitor).collect();
        assert_eq!(order, [0, 1, 2, 3, 4]);
        assert_eq!(s[0].score, Points::whole(8));
        // Same events, same state.
        let again = Tournament::from_json(&t.to_json()).unwrap();
        assert_eq!(again, t);
    }

    #[test]
    fn next_round_waits_for_results() {
        let mut t = rr(4, 1);
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        assert_eq!(
            t.pair_next_round(),
            Err(TournamentError::RoundIncomplete(1))
        );
    }

    #[test]
    fn registration_closes_at_round_one() {
        let mut t = rr(4, 1);
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        assert_eq!(
            t.apply(Event::Registered {
                player: Player::named("late")
            }),
            Err(TournamentError::RegistrationClosed)
        );
    }

    #[test]
    fn pairing_a_player_twice_is_refused() {
        let mut t = rr(4, 1);
        let e = Event::RoundPaired {
            round: 1,
            games: vec![
                Pairing {
                    board: 1,
                    red: id(1),
                    black: id(2),
                },
                Pairing {
                    board: 2,
                    red: id(2),
                    black: id(3),
                },
            ],
            byes: vec![],
            seed: None,
        };
        assert_eq!(
            t.apply(e),
            Err(TournamentError::PairedTwice {
                player: 2,
                round: 1
            })
        );
        assert_eq!(t.rounds().len(), 0, "state unchanged");
    }

    #[test]
    fn withdrawal_before_half_cancels_everything() {
        // CXA 19.2; WXF 11.3: 6 players, player 6 withdraws after 2 of 5 games.
        let mut t = rr(6, 1);
        for _ in 0..2 {
            play(&mut t, |_, b| {
                if b == 6 {
                    GameResult::RedWins
                } else {
                    GameResult::BlackWins
                }
            });
        }
        t.apply(Event::Withdrawn {
            player: id(6),
            after_round: 2,
        })
        .unwrap();
        assert!(t.results_cancelled(id(6)));
        for _ in 2..5 {
            play(&mut t, |_, _| GameResult::Draw);
        }
        let res = t.results();
        assert!(res[5].is_empty(), "all of player 6's results are cancelled");
        assert!(
            res.iter()
                .all(|r| r.iter().all(|x| x.opponent != Some(id(6))))
        );
        // Everyone else: 4 games counted.
        assert!(res[..5].iter().all(|r| r.len() == 4));
    }

    #[test]
    fn withdrawal_after_half_keeps_results_and_forfeits_the_rest() {
        // CXA 19.2: 6 players, player 6 withdraws after 3 of 5 games (not fewer than half).
        let mut t = rr(6, 1);
        for _ in 0..3 {
            play(&mut t, |_, _| GameResult::Draw);
        }
        t.apply(Event::Withdrawn {
            player: id(6),
            after_round: 3,
        })
        .unwrap();
        assert!(!t.results_cancelled(id(6)));
        for _ in 3..5 {
            // The table still pairs player 6; those games are forfeits whatever is recorded.
            let e = t.pair_next_round().unwrap();
            t.apply(e).unwrap();
            let round = t.rounds().len() as u32;
            let games = t.rounds()[round as usize - 1].games.clone();
            for g in games {
                if g.pairing.red != id(6) && g.pairing.black != id(6) {
                    t.apply(Event::ResultRecorded {
                        round,
                        board: g.pairing.board,
                        result: GameResult::Draw,
                    })
                    .unwrap();
                }
            }
        }
        let res = t.results();
        assert_eq!(res[5].len(), 5);
        let forfeits = res[5]
            .iter()
            .filter(|x| x.outcome == Outcome::ForfeitLoss)
            .count();
        assert_eq!(forfeits, 2);
        // CXA 20.3: "+" is worth a win.
        let s = t.standings();
        let p6 = s.iter().find(|x| x.competitor == 5).unwrap();
        assert_eq!(p6.score, Points::whole(3));
    }

    #[test]
    fn swiss_withdrawn_player_cannot_be_paired() {
        // CXA 19.3; WXF 11.4.
        let mut t = Tournament::from_events([
            Event::Created {
                name: "s".into(),
                rules: Book::Wxf2018,
                format: Format::Swiss { rounds: 3 },
                scoring: ScoringScheme::CXA,
                tie_breaks: None,
            },
            Event::Registered {
                player: Player::named("a"),
            },
            Event::Registered {
                player: Player::named("b"),
            },
            Event::Registered {
                player: Player::named("c"),
            },
        ])
        .unwrap();
        assert_eq!(t.pair_next_round(), Err(TournamentError::NeedsPairings));
        t.apply(Event::RoundPaired {
            round: 1,
            games: vec![Pairing {
                board: 1,
                red: id(1),
                black: id(2),
            }],
            byes: vec![id(3)],
            seed: None,
        })
        .unwrap();
        t.apply(Event::ResultRecorded {
            round: 1,
            board: 1,
            result: GameResult::RedWins,
        })
        .unwrap();
        t.apply(Event::Withdrawn {
            player: id(2),
            after_round: 1,
        })
        .unwrap();
        let e = Event::RoundPaired {
            round: 2,
            games: vec![Pairing {
                board: 1,
                red: id(2),
                black: id(3),
            }],
            byes: vec![],
            seed: None,
        };
        assert_eq!(
            t.apply(e),
            Err(TournamentError::Withdrawn {
                player: 2,
                after_round: 1
            })
        );
        // The bye is worth a win in a Swiss (CXA 14.4); results of 2 stand.
        let s = t.standings();
        assert_eq!(s[0].score, Points::whole(2));
        assert_eq!(s[1].score, Points::whole(2));
    }

    #[test]
    fn double_round_robin_ranks_by_match_points() {
        // CXA 14.2: 3 players, two cycles. 1 beats 2 twice; 1–3 win and loss; 2 beats 3 and draws.
        let mut t = rr(3, 2);
        let r = |red: u32, black: u32| -> GameResult {
            let (a, b) = (red.min(black), red.max(black));
            let first_cycle_red = red == a;
            match (a, b) {
                (1, 2) => {
                    if red == 1 {
                        GameResult::RedWins
                    } else {
                        GameResult::BlackWins
                    }
                }
                (1, 3) => {
                    if first_cycle_red {
                        GameResult::RedWins
                    } else {
                        GameResult::BlackWins
                    }
                }
                _ => {
                    if red == 2 {
                        GameResult::RedWins
                    } else {
                        GameResult::Draw
                    }
                }
            }
        };
        for _ in 0..t.total_rounds() {
            play(&mut t, r);
        }
        let s = t.standings();
        let f = t.field();
        // Each player has 2 matches.
        assert!(f.competitors.iter().all(|c| c.encounters.len() == 2));
        assert_eq!(s[0].competitor, 0);
        assert!(s.iter().all(|x| x.score.quarters() % 4 == 0));
    }

    #[test]
    fn top_and_bottom_for_staged_formats() {
        // CXA 10.5 / 10.6.
        let mut t = rr(4, 1);
        for _ in 0..3 {
            play(&mut t, |r, b| {
                if r < b {
                    GameResult::RedWins
                } else {
                    GameResult::BlackWins
                }
            });
        }
        assert_eq!(t.top(2), [id(1), id(2)]);
        assert_eq!(t.bottom(1), [id(4)]);
        t.apply(Event::Withdrawn {
            player: id(4),
            after_round: 3,
        })
        .unwrap();
        assert_eq!(t.bottom(1), [id(3)]);
    }

    #[test]
    fn penalties_feed_fouls_and_sanctions() {
        let mut t = rr(2, 1);
        play(&mut t, |_, _| GameResult::Draw);
        t.apply(Event::Penalised {
            player: id(1),
            round: 1,
            penalty: Penalty::Warning,
        })
        .unwrap();
        // CXA 18.5: sanctioned last among equals.
        assert_eq!(t.standings()[0].competitor, 1);
        assert_eq!(
            t.apply(Event::Penalised {
                player: id(9),
                round: 1,
                penalty: Penalty::Foul
            }),
            Err(TournamentError::UnknownPlayer(9))
        );
    }

    /// CXA 2011 art. 18.2: a disqualification from a game loses it by forfeit, whatever was
    /// recorded; art. 18.5: it ranks below any number of warnings among equals.
    #[test]
    fn a_game_disqualification_forfeits_the_game() {
        let mut t = rr(2, 1);
        play(&mut t, |_, _| GameResult::Draw);
        let g = t.rounds()[0].games[0].pairing;
        t.apply(Event::Penalised {
            player: g.red,
            round: 1,
            penalty: Penalty::GameDisqualification,
        })
        .unwrap();
        assert_eq!(
            t.rounds()[0].games[0].result,
            Some(GameResult::BlackWinsByForfeit)
        );
        assert_eq!(t.standings()[0].competitor, g.black.index());
        assert_eq!(t.sanctions_of(g.red).disqualifications, 1);
    }

    /// CXA 2011 art. 9: the fouls of a board's game count for "fewer fouls" (14.1) once, however
    /// often they are told, beside those entered by hand.
    #[test]
    fn a_games_fouls_count_once() {
        let mut t = rr(2, 1);
        play(&mut t, |_, _| GameResult::Draw);
        let g = t.rounds()[0].games[0].pairing;
        for _ in 0..2 {
            t.apply(Event::GameFoulsRecorded {
                round: 1,
                board: 1,
                red: 2,
                black: 0,
            })
            .unwrap();
        }
        t.apply(Event::Penalised {
            player: g.red,
            round: 1,
            penalty: Penalty::Foul,
        })
        .unwrap();
        assert_eq!((t.fouls_of(g.red), t.fouls_of(g.black)), (3, 0));
        let s = t.standings();
        assert_eq!(s[0].competitor, g.black.index(), "fewer fouls first");
        assert_eq!(
            t.apply(Event::GameFoulsRecorded {
                round: 1,
                board: 2,
                red: 1,
                black: 0,
            }),
            Err(TournamentError::NoSuchGame { round: 1, board: 2 })
        );
        // The games' rules are the organiser's before round 1 only.
        assert!(
            t.apply(Event::GameRulesSet {
                rules: BTreeMap::from([("move_limit".to_owned(), 40)]),
            })
            .is_err()
        );
    }

    #[test]
    fn withdrawal_before_the_start_redraws_the_table() {
        // CXA 14.4; WXF 11.2: 5 entries, no. 3 withdraws before round 1 → a 4-player table.
        let mut t = rr(5, 1);
        assert_eq!(
            t.apply(Event::Withdrawn {
                player: id(3),
                after_round: 1
            }),
            Err(TournamentError::FutureRound {
                after_round: 1,
                paired: 0
            })
        );
        t.apply(Event::Withdrawn {
            player: id(3),
            after_round: 0,
        })
        .unwrap();
        assert_eq!(t.table_players(), [id(1), id(2), id(4), id(5)]);
        assert_eq!(t.total_rounds(), 3);
        for _ in 0..3 {
            play(&mut t, |_, _| GameResult::Draw);
        }
        assert!(
            t.rounds()
                .iter()
                .all(|r| r.byes.is_empty() && r.games.len() == 2)
        );
        // Table 1–4 is start numbers 1–5 in round 1.
        let g = t.rounds()[0].games[0].pairing;
        assert_eq!((g.red, g.black), (id(1), id(5)));
        assert!(t.results()[2].is_empty());
        // Nobody may pair the withdrawn player by hand either.
        let mut s = rr(4, 1);
        s.apply(Event::Withdrawn {
            player: id(4),
            after_round: 0,
        })
        .unwrap();
        let e = Event::RoundPaired {
            round: 1,
            games: vec![Pairing {
                board: 1,
                red: id(1),
                black: id(4),
            }],
            byes: vec![],
            seed: None,
        };
        assert_eq!(
            s.apply(e),
            Err(TournamentError::Withdrawn {
                player: 4,
                after_round: 0
            })
        );
    }

    #[test]
    fn lateness_cxa_limit_and_wxf_zero_tolerance() {
        // CXA 20.1: 15 minutes by default, or the regulations' limit.
        assert!(!late_forfeit(Book::Cxa2011, 15 * 60, None));
        assert!(late_forfeit(Book::Cxa2011, 15 * 60 + 1, None));
        assert!(late_forfeit(Book::Cxa2011, 6 * 60, Some(5)));
        // WXF 11.1: any lateness.
        assert!(late_forfeit(Book::Wxf2018, 1, None));
        assert!(!late_forfeit(Book::Wxf2018, 0, None));
        // CXA 20.2: both absent, both lose.
        assert_eq!(absence_result(true, true), Some(GameResult::DoubleForfeit));
        assert_eq!(
            absence_result(false, true),
            Some(GameResult::RedWinsByForfeit)
        );
        assert_eq!(absence_result(false, false), None);
    }

    #[test]
    fn double_forfeit_scores_nothing_for_either() {
        let mut t = rr(2, 1);
        play(&mut t, |_, _| GameResult::DoubleForfeit);
        let s = t.standings();
        assert!(s.iter().all(|x| x.score == Points::ZERO));
        assert!(
            t.results()
                .iter()
                .all(|r| r[0].outcome == Outcome::ForfeitLoss)
        );
    }

    #[test]
    fn bad_files_are_errors_not_panics() {
        assert!(matches!(
            Tournament::from_json("{"),
            Err(TournamentError::File(_))
        ));
        assert_eq!(
            Tournament::from_json(r#"{"events":[]}"#),
            Err(TournamentError::NotCreated)
        );
        assert!(Tournament::from_json(
            r#"{"events":[{"event":"created","name":"x","rules":"Cxa2011","format":{"type":"round_robin","cycles":3}}]}"#
        )
        .is_err());
    }
}
