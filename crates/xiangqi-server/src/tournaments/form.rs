//! What the organiser sends: the requests' bodies, and the format, time control and
//! tie-breaks read from them (each refusal a 422 naming the field at fault).

use std::collections::BTreeMap;

use serde::Deserialize;
use xiangqi_arbiter::TimeControl;
use xiangqi_tournament::{Player, PlayerId, tiebreak::TieBreak, tournament::Tournament};

use crate::{competition::checked_name, error::ApiError};

fn format_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(crate::schema::choice(&[
        "round_robin",
        "double_round_robin",
        "swiss",
        "knockout",
        "groups",
        "swiss_knockout",
        "swiss_elimination",
        "double_elimination",
        "lot_knockout",
    ]))
}

fn final_format_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(crate::schema::choice(&[
        "knockout",
        "round_robin",
        "double_round_robin",
        "swiss",
    ]))
}

fn placings_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(crate::schema::choice(&["none", "third", "all"]))
}

fn engine_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(crate::schema::choice(&["dutch", "cxa"]))
}

fn penalty_schema() -> utoipa::openapi::Object {
    crate::schema::choice(&["foul", "warning", "game_disqualification"])
}

fn table_schema() -> utoipa::openapi::Object {
    crate::schema::choice(&["standings", "crosstable", "players"])
}

/// At most `max` bytes of `text`, cut at a character boundary.
pub fn clip(text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

/// A round number from the path: a 404 if it is none.
pub fn number(text: &str, what: &'static str) -> Result<u32, ApiError> {
    text.parse().map_err(|_| ApiError::NotFound(what))
}

/// The most players a tournament takes (a pairing must stay fast).
pub const MAX_PLAYERS: usize = 2000;

/// A time control checked by the parser of `xiangqi clock` (`60m+30s`, `90m/40,30m`,
/// `5m;30s`, …), in its canonical form.
pub fn parse_time_control(text: Option<&str>) -> Result<Option<String>, ApiError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => {
            let control = t
                .parse::<TimeControl>()
                .map_err(|e| ApiError::invalid("time_control", e.to_string()))?;
            Ok(Some(control.to_string()))
        }
    }
}

/// A tie-break by its code or name, as [`xiangqi_tournament::spec::tie_break_named`] reads it.
pub fn parse_tie_break(text: &str) -> Result<TieBreak, ApiError> {
    Ok(xiangqi_tournament::spec::tie_break_named(text)?)
}

/// A tournament as a request to create it.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    #[schema(schema_with = crate::competition::name_schema)]
    pub name: String,
    /// `cxa2011` (default) or `wxf2018`; or an object with the book and the numbers the books
    /// leave to the organiser, which the tournament's games inherit: `{"book": "cxa",
    /// "move_limit": 40, …}` (each key left out keeps the book's value; an unknown key or an
    /// impossible value is a 422 naming it).
    #[schema(schema_with = crate::competition::event_rules_schema)]
    pub rules: Option<serde_json::Value>,
    /// `round_robin` (default), `double_round_robin`, `swiss`, `knockout`, `groups`,
    /// `swiss_knockout`, `swiss_elimination`, `double_elimination` or `lot_knockout` (drawn by
    /// lot each round with a bye card, seed 001 art. 7).
    #[schema(schema_with = format_schema)]
    pub format: Option<String>,
    /// Round robin and groups: 1 or 2 cycles.
    #[schema(minimum = 1, maximum = 2)]
    pub cycles: Option<u32>,
    /// Swiss: the number of rounds.
    #[schema(minimum = 1, maximum = 50)]
    pub rounds: Option<u32>,
    /// Knockout: games per match, 1, 2 or 3 (best of three).
    #[schema(minimum = 1, maximum = 3)]
    pub games: Option<u32>,
    /// Knockout: rapid play-off games at most after a level match (WXF 10.1), then a lot.
    #[schema(maximum = 10)]
    pub playoff_games: Option<u32>,
    /// Groups: the number of groups (CXA 10.2).
    #[schema(minimum = 1, maximum = 64)]
    pub groups: Option<u32>,
    /// Swiss then knockout: players who go through to the knockout (CXA 10.5).
    #[schema(minimum = 2, maximum = 256)]
    pub qualifiers: Option<u32>,
    /// Swiss with elimination: players out after each round past half (CXA 10.6).
    #[schema(minimum = 1, maximum = 1000)]
    pub per_round: Option<u32>,
    /// Swiss with elimination: players left for the last round (CXA 10.6).
    #[schema(minimum = 2, maximum = 2000)]
    pub keep: Option<u32>,
    /// Double elimination: a second grand final if the losers' champion wins the first
    /// (default true).
    pub reset: Option<bool>,
    /// Knockout (also after a Swiss): placing matches (附加赛, CXA 10.4), `none` (default),
    /// `third` (a third-place match beside the final) or `all` (every place played for).
    #[schema(schema_with = placings_schema)]
    pub placings: Option<String>,
    /// The games' time control, as `xiangqi clock` reads it (`60m+30s`, `90m/40,30m`, …).
    #[schema(schema_with = crate::competition::time_control_schema)]
    pub time_control: Option<String>,
    /// `2-1-0` (default), `1-0.5-0`, `3-1-0`, `3-0-1-2`.
    #[schema(schema_with = crate::competition::scoring_schema)]
    pub scoring: Option<String>,
    /// Tie-break codes in order (`SB`, `WIN`, …); the book's order by default.
    pub tie_breaks: Option<Vec<String>>,
    /// Swiss engine: `cxa` (积分编排, CXA 2011 arts. 10.3, 12.3; the default under CXA rules)
    /// or `dutch` (FIDE; the default under WXF rules).
    #[schema(schema_with = engine_schema)]
    pub engine: Option<String>,
    /// Entries, registered in order.
    #[schema(max_items = 2000)]
    pub players: Option<Vec<NewPlayer>>,
}

/// A player as a request to register.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    #[schema(schema_with = crate::competition::name_schema)]
    pub name: String,
    #[schema(maximum = 65535)]
    pub rating: Option<u16>,
    #[schema(max_length = 200)]
    pub club: Option<String>,
    #[schema(max_length = 200)]
    pub federation: Option<String>,
}

impl NewPlayer {
    pub fn into_player(self, at: &str) -> Result<Player, ApiError> {
        let name = checked_name(&format!("{at}.name"), &self.name)?;
        for (field, v) in [("club", &self.club), ("federation", &self.federation)] {
            if v.as_ref().is_some_and(|s| s.chars().count() > 200) {
                return Err(ApiError::invalid(
                    &format!("{at}.{field}"),
                    "at most 200 characters",
                ));
            }
        }
        Ok(Player {
            name,
            rating: self.rating,
            club: self.club.filter(|s| !s.trim().is_empty()),
            federation: self.federation.filter(|s| !s.trim().is_empty()),
        })
    }
}

/// Players: one, a list, or `{"players": [...]}`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum PlayersBody {
    Wrapped { players: Vec<NewPlayer> },
    List(Vec<NewPlayer>),
    One(NewPlayer),
}

/// A game of a round given by the arbiter.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GivenGame {
    #[schema(minimum = 1)]
    pub red: u32,
    #[schema(minimum = 1)]
    pub black: u32,
}

/// A request to pair the next round.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PairRequest {
    /// The seed of any lot the engine draws; drawn by the server if absent.
    #[serde(default, deserialize_with = "crate::extract::lot_seed")]
    pub seed: Option<u64>,
    /// Pairings given by the arbiter instead of computed.
    pub games: Option<Vec<GivenGame>>,
    /// Byes given with them.
    pub byes: Option<Vec<u32>>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultRequest {
    #[schema(schema_with = crate::competition::result_schema)]
    pub result: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WithdrawalRequest {
    #[schema(minimum = 1)]
    pub player: u32,
    /// The last round the player took part in; the last paired round by default.
    pub after_round: Option<u32>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PenaltyRequest {
    #[schema(minimum = 1)]
    pub player: u32,
    #[schema(minimum = 1)]
    pub round: u32,
    /// `foul`, `warning` or `game_disqualification`.
    #[schema(schema_with = penalty_schema)]
    pub penalty: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ArbiterRequest {
    #[schema(pattern = "^[A-Za-z0-9_.-]{3,32}$")]
    pub username: String,
}

pub fn player_id(field: &str, n: u32, t: &Tournament) -> Result<PlayerId, ApiError> {
    PlayerId::new(n)
        .filter(|p| p.index() < t.players().len())
        .ok_or_else(|| ApiError::invalid(field, format!("no player with start number {n}")))
}

/// Which boards to start live games for; every board without a game or a result by default.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    pub boards: Option<Vec<u32>>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FinalRequest {
    /// The final's name; the stage's name and "final" by default.
    #[schema(schema_with = crate::competition::optional_name_schema)]
    pub name: Option<String>,
    /// How many go through from each group (CXA 10.2).
    #[schema(minimum = 1, maximum = 64)]
    pub qualifiers: u32,
    /// The final's format: `knockout` (default), `round_robin`, `double_round_robin`, `swiss`.
    #[schema(schema_with = final_format_schema)]
    pub format: Option<String>,
    #[schema(minimum = 1, maximum = 2)]
    pub cycles: Option<u32>,
    #[schema(minimum = 1, maximum = 50)]
    pub rounds: Option<u32>,
    #[schema(minimum = 1, maximum = 3)]
    pub games: Option<u32>,
    #[schema(maximum = 10)]
    pub playoff_games: Option<u32>,
    /// The final's time control; the stage's by default.
    #[schema(schema_with = crate::competition::time_control_schema)]
    pub time_control: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct KeepApartRequest {
    /// Keep every two players of one club apart.
    #[serde(default)]
    pub clubs: bool,
    /// Start numbers of players who must not meet one another.
    #[serde(default)]
    pub players: Vec<u32>,
}

/// A start-number draw (抽签) before round 1 (CXA 10.1, 10.4, 12.1).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawRequest {
    /// The seed of the lot, kept with the draw; drawn by the server if absent.
    #[serde(default, deserialize_with = "crate::extract::lot_seed")]
    pub seed: Option<u64>,
}

/// The organiser's rating rules (等级分): they replace the rules in force; a field left out
/// takes its default (the K table by games and level, 40/20/10; the 400-point rule; 5 games).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingRulesRequest {
    /// K bands tried in order; the last must have no condition.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub k_table: Option<Vec<super::json::KBandView>>,
    /// The largest rating difference counted; 0 counts every difference in full; 400 when
    /// absent (FIDE's 400-point rule).
    #[serde(default)]
    #[schema(maximum = 65535)]
    pub difference_cap: Option<u16>,
    /// Games against rated opponents an unrated player needs for a performance rating
    /// (at least 1, at most 1,000; 5 when absent).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 1000)]
    pub performance_after: Option<u32>,
    /// Rated games each player had before the event, by start number (each at most
    /// 2,147,483,647, as the document's 32-bit integers say).
    #[serde(default)]
    pub prior_games: BTreeMap<u32, u32>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CsvQuery {
    /// `standings` (default), `crosstable` or `players`.
    #[param(schema_with = table_schema)]
    pub table: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TeamPlacesQuery {
    /// Places each team counts, its best ones (CXA 11.5, 14.8); by default the smallest
    /// team's number of players.
    #[param(minimum = 1, maximum = 1000)]
    pub count: Option<u32>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PgnExportQuery {
    /// Only this round's games.
    pub round: Option<u32>,
}
