//! Xiangqi competitions (CXA 2011 chapters 9–14, 19–20; WXF 2018 arts. 4.1, 5, 9–11).
//!
//! This crate knows nothing of boards: a game is a result here.
//!
//! - [`tournament`]: a tournament as a state machine driven by [`tournament::Event`]s
//!   (created, registered, round paired, result recorded, withdrawn, penalised); standings are
//!   a projection. Withdrawals (CXA 19, WXF 11), forfeits and lateness (CXA 20, WXF 11.1).
//! - [`stage`]: a format as a list of stages ([`stage::Stage`]: round robin, groups, Swiss,
//!   knockout, double elimination, knockout by lot), each pairing its next round for a
//!   [`stage::Competition`] of players or of teams; round robin, Swiss and knockout are one
//!   stage each for both.
//! - [`round_robin`]: the order tables (CXA appendix 2 = FIDE Berger), single and double.
//! - [`groups`], [`knockout`], [`team`]: seeded groups (CXA 10.2), knockout brackets, match
//!   formats and play-offs (CXA 10.4, 12.4; WXF 10.1), team line-ups and scoring (CXA 11–13).
//!   As tournament events: `Format::Knockout` ([`tournament::Tournament::pair_knockout`],
//!   [`tournament::Tournament::bracket`]) and `Format::Groups` (a round robin per seeded group,
//!   [`tournament::Tournament::group_standings`], then
//!   [`tournament::Tournament::final_events`] to open the final).
//! - A Swiss then a knockout in one tournament (`Format::SwissKnockout`, CXA 10.5: the top k
//!   seeded by Swiss place, [`tournament::Tournament::qualifiers`]), a Swiss with bottom
//!   elimination (`Format::SwissElimination`, CXA 10.6,
//!   [`tournament::Tournament::elimination_due`]) and double elimination
//!   (`Format::DoubleElimination`, CXA 10.4, [`tournament::Tournament::double_bracket`]);
//!   [`tournament::Tournament::pair_next`] pairs the next round of any format.
//! - Players kept apart in a Swiss (club/team-mates, CXA 10.3 with appendix 3; TRF `XXP`):
//!   [`tournament::Event::KeptApart`], passed to the engines as forbidden pairs.
//! - [`team_tournament`]: a team event driven by events: line-ups checked against CXA 11,
//!   场分/局分, team tie-breaks; two-game matches by 大分 then 小分 (WXF 9.4), team byes
//!   (CXA 14.4) and withdrawals (CXA 19), 局分 first in a team Swiss (CXA 14.7); 全队轮赛制
//!   (CXA 11.4, `TeamFormat::AllPlayAll`), board order by rating with the organiser's
//!   override (11.1) or by lot (11.3), team fouls and sanctions (全队犯规, CXA 14.5, 18.5).
//!   Its rounds are paired by the players' stages
//!   ([`team_tournament::TeamTournament::pair_next`]).
//! - [`team_places`]: 队员总分制 (CXA 11.5, 14.8), teams ranked by their players' places in an
//!   individual event.
//! - [`ScoringScheme`]: 2/1/0, 1/½/0, 3/1/0, 3/0 with 1/2 for drawn red/black (CXA 13, WXF 9).
//! - [`tiebreak`]: every tie-break of CXA 14.1–14.8 and WXF 10.2–10.5, in each book's order.
//! - [`trf`]: FIDE TRF in and out, the one reader for both the tournament model
//!   ([`trf::import`]) and the pairing engines ([`trf::swiss_input`]).
//! - [`lot_knockout`]: a knockout drawn by lot each round with a bye card (seed 001 art. 7,
//!   `Format::LotKnockout`).
//! - [`start_draw`]: start numbers drawn by lot before round 1 (抽签), redrawn by CXA 14.4.
//! - [`rating`]: the Elo rating report of an event (等级分; the K table is the organiser's).
//! - [`report`]: standings, crosstables, entries as text, CSV and HTML.
//! - [`swiss`]: the Swiss pairing engines; [`tournament::Tournament::pair_swiss`] drives them.
//!
//! ```
//! use xiangqi_tournament::{
//!     GameResult, Player, Points, Book, ScoringScheme,
//!     tournament::{Event, Format, Tournament},
//! };
//!
//! let mut t = Tournament::from_events([Event::Created {
//!     name: "club championship".into(),
//!     rules: Book::Cxa2011,
//!     format: Format::RoundRobin { cycles: 1 },
//!     scoring: ScoringScheme::CXA,
//!     tie_breaks: None, // CXA 14.1: 小分, 胜局, 直胜, 犯规, 后走局数, 对局时后走
//! }])?;
//! for name in ["甲", "乙", "丙", "丁"] {
//!     t.apply(Event::Registered { player: Player::named(name) })?;
//! }
//! // Round 1 from the order table (CXA appendix 2): 1–4 and 2–3, first-listed red.
//! t.apply(t.pair_next_round()?)?;
//! t.apply(Event::ResultRecorded { round: 1, board: 1, result: GameResult::RedWins })?;
//! t.apply(Event::ResultRecorded { round: 1, board: 2, result: GameResult::Draw })?;
//! let standings = t.standings();
//! assert_eq!(standings[0].competitor, 0); // 甲 won
//! assert_eq!(standings[0].score, Points::whole(2));
//! // The same events always give the same tournament.
//! assert_eq!(Tournament::from_json(&t.to_json())?, t);
//! # Ok::<(), xiangqi_tournament::tournament::TournamentError>(())
//! ```

mod double_stage;
mod formats;
mod group_stage;
mod knockout_stage;
mod lifecycle;
mod lot;
mod round_robin_stage;
mod scoring;
mod swiss_adapter;
mod swiss_stages;
mod tournament_stages;
mod types;

pub mod double_elimination;
pub mod groups;
pub mod knockout;
pub mod lot_knockout;
pub mod rating;
pub mod report;
pub mod round_robin;
pub mod spec;
pub mod stage;
pub mod start_draw;
pub mod swiss;
pub mod team;
pub mod team_places;
pub mod team_tournament;
pub mod tiebreak;
pub mod tournament;
pub mod trf;

pub use double_stage::DoubleEliminationStage;
pub use group_stage::GroupStage;
pub use knockout_stage::KnockoutStage;
pub use lot::Lot;
pub use lot_knockout::LotKnockoutStage;
pub use round_robin_stage::RoundRobinStage;
pub use scoring::{ScoringScheme, match_points, wxf_two_game_team_match};
pub use swiss_stages::{BottomElimination, SwissStage};
pub use types::{Book, Color, GameResult, Outcome, ParseError, Player, PlayerId, Points};
