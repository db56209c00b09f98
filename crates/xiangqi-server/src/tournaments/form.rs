//! What the organiser sends: the requests' bodies, and the format, time control and
//! tie-breaks read from them (each refusal a 422 naming the field at fault).

use std::collections::BTreeMap;

use serde::Deserialize;
use xiangqi_arbiter::TimeControl;
use xiangqi_tournament::{
    Player, PlayerId,
    knockout::MatchFormat,
    tiebreak::TieBreak,
    tournament::{Format, Tournament},
};

use crate::{competition::checked_name, error::ApiError};

fn format_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(crate::openapi::choice(&[
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
    crate::openapi::nullable(crate::openapi::choice(&[
        "knockout",
        "round_robin",
        "double_round_robin",
        "swiss",
    ]))
}

fn placings_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(crate::openapi::choice(&["none", "third", "all"]))
}

/// A knockout's placing matches by name (附加赛, CXA 10.4): `none` (default), `third`, `all`;
/// only a knockout (also after a Swiss) has them.
pub fn parse_placings(
    name: Option<&str>,
    format: xiangqi_tournament::tournament::Format,
) -> Result<xiangqi_tournament::knockout::Placings, ApiError> {
    use xiangqi_tournament::{knockout::Placings, tournament::Format};
    let placings = match name {
        None | Some("none") => return Ok(Placings::None),
        Some("third") => Placings::Third,
        Some("all") => Placings::All,
        Some(other) => {
            return Err(ApiError::invalid(
                "placings",
                format!("unknown placings {other:?} (none, third or all)"),
            ));
        }
    };
    if !matches!(
        format,
        Format::Knockout { .. } | Format::SwissKnockout { .. }
    ) {
        return Err(ApiError::invalid(
            "placings",
            "placing matches are a knockout's",
        ));
    }
    Ok(placings)
}

fn engine_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(crate::openapi::choice(&["dutch", "cxa"]))
}

fn penalty_schema() -> utoipa::openapi::Object {
    crate::openapi::choice(&["foul", "warning", "game_disqualification"])
}

fn table_schema() -> utoipa::openapi::Object {
    crate::openapi::choice(&["standings", "crosstable", "players"])
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

/// The format fields of a request to create a tournament or open a final.
pub struct FormatRequest<'a> {
    pub format: Option<&'a str>,
    pub cycles: Option<u32>,
    pub rounds: Option<u32>,
    pub games: Option<u32>,
    pub playoff_games: Option<u32>,
    pub groups: Option<u32>,
    /// Swiss then knockout: players who go through.
    pub qualifiers: Option<u32>,
    /// Swiss with elimination: players out after each round past half.
    pub per_round: Option<u32>,
    /// Swiss with elimination: players left for the last round.
    pub keep: Option<u32>,
    /// Double elimination: a second grand final if the losers' champion wins the first.
    pub reset: Option<bool>,
}

impl FormatRequest<'_> {
    /// The format, or a 422 naming the field at fault.
    pub fn parse(&self) -> Result<Format, ApiError> {
        let name = self.format.map(str::to_ascii_lowercase);
        let kind = match name.as_deref() {
            None | Some("round_robin") | Some("roundrobin") | Some("double_round_robin") => {
                "round_robin"
            }
            Some(
                k @ ("swiss" | "knockout" | "groups" | "swiss_knockout" | "swiss_elimination"
                | "double_elimination" | "lot_knockout"),
            ) => k,
            Some(other) => {
                return Err(ApiError::invalid(
                    "format",
                    format!(
                        "unknown format {other:?} (round_robin, double_round_robin, swiss, knockout, groups, swiss_knockout, swiss_elimination, double_elimination, lot_knockout)"
                    ),
                ));
            }
        };
        // Each format's own fields; any other is a mistake worth naming.
        for (field, given, formats) in [
            (
                "qualifiers",
                self.qualifiers.is_some(),
                &["swiss_knockout"][..],
            ),
            (
                "per_round",
                self.per_round.is_some(),
                &["swiss_elimination"][..],
            ),
            ("keep", self.keep.is_some(), &["swiss_elimination"][..]),
            ("reset", self.reset.is_some(), &["double_elimination"][..]),
        ] {
            if given && !formats.contains(&kind) {
                return Err(ApiError::invalid(
                    field,
                    format!("not a field of the {kind} format"),
                ));
            }
        }
        let not_for = |field: &str, given: bool| {
            if given {
                Err(ApiError::invalid(
                    field,
                    format!("not a field of the {kind} format"),
                ))
            } else {
                Ok(())
            }
        };
        let swiss_rounds = || {
            let rounds = self
                .rounds
                .ok_or_else(|| ApiError::invalid("rounds", "a swiss needs its number of rounds"))?;
            if (1..=50).contains(&rounds) {
                Ok(rounds)
            } else {
                Err(ApiError::invalid("rounds", "1 to 50"))
            }
        };
        let games = || match self.games.unwrap_or(1) {
            1 => Ok(MatchFormat::OneGame),
            2 => Ok(MatchFormat::TwoGames),
            3 => Ok(MatchFormat::BestOfThree),
            _ => Err(ApiError::invalid(
                "games",
                "1 (one game), 2 (two games) or 3 (best of three)",
            )),
        };
        let playoff_games = || {
            let p = self.playoff_games.unwrap_or(0);
            if p > 10 {
                Err(ApiError::invalid("playoff_games", "0 to 10"))
            } else {
                Ok(p)
            }
        };
        let cycles = |default: u32| {
            let c = self.cycles.unwrap_or(default);
            if (1..=2).contains(&c) {
                Ok(c)
            } else {
                Err(ApiError::invalid("cycles", "1 or 2"))
            }
        };
        Ok(match kind {
            "round_robin" => {
                if self.rounds.is_some() {
                    return Err(ApiError::invalid(
                        "rounds",
                        "a round robin has as many rounds as its table: give `cycles`",
                    ));
                }
                not_for("games", self.games.is_some())?;
                not_for("groups", self.groups.is_some())?;
                let double = name.as_deref() == Some("double_round_robin");
                Format::RoundRobin {
                    cycles: cycles(if double { 2 } else { 1 })?,
                }
            }
            "swiss" => {
                not_for("games", self.games.is_some())?;
                not_for("groups", self.groups.is_some())?;
                Format::Swiss {
                    rounds: swiss_rounds()?,
                }
            }
            "knockout" => {
                not_for("rounds", self.rounds.is_some())?;
                not_for("groups", self.groups.is_some())?;
                Format::Knockout {
                    games: games()?,
                    playoff_games: playoff_games()?,
                }
            }
            "lot_knockout" => {
                not_for("rounds", self.rounds.is_some())?;
                not_for("groups", self.groups.is_some())?;
                Format::LotKnockout {
                    games: games()?,
                    playoff_games: playoff_games()?,
                }
            }
            "swiss_knockout" => {
                not_for("groups", self.groups.is_some())?;
                let rounds = swiss_rounds()?;
                let qualifiers = self.qualifiers.ok_or_else(|| {
                    ApiError::invalid("qualifiers", "how many go through to the knockout")
                })?;
                if !(2..=256).contains(&qualifiers) {
                    return Err(ApiError::invalid("qualifiers", "2 to 256"));
                }
                Format::SwissKnockout {
                    rounds,
                    qualifiers,
                    games: games()?,
                    playoff_games: playoff_games()?,
                }
            }
            "swiss_elimination" => {
                not_for("games", self.games.is_some())?;
                not_for("groups", self.groups.is_some())?;
                let rounds = swiss_rounds()?;
                let per_round = self.per_round.ok_or_else(|| {
                    ApiError::invalid("per_round", "how many are out after each round past half")
                })?;
                if !(1..=1000).contains(&per_round) {
                    return Err(ApiError::invalid("per_round", "1 to 1000"));
                }
                let keep = self.keep.ok_or_else(|| {
                    ApiError::invalid("keep", "how many are left for the last round")
                })?;
                if !(2..=2000).contains(&keep) {
                    return Err(ApiError::invalid("keep", "2 to 2000"));
                }
                Format::SwissElimination {
                    rounds,
                    per_round,
                    keep,
                }
            }
            "double_elimination" => {
                not_for("rounds", self.rounds.is_some())?;
                not_for("games", self.games.is_some())?;
                not_for("groups", self.groups.is_some())?;
                Format::DoubleElimination {
                    reset: self.reset.unwrap_or(true),
                    playoff_games: playoff_games()?,
                }
            }
            _ => {
                not_for("rounds", self.rounds.is_some())?;
                not_for("games", self.games.is_some())?;
                let groups = self.groups.ok_or_else(|| {
                    ApiError::invalid("groups", "a group stage needs its number of groups")
                })?;
                if !(1..=64).contains(&groups) {
                    return Err(ApiError::invalid("groups", "1 to 64"));
                }
                Format::Groups {
                    groups,
                    cycles: cycles(1)?,
                }
            }
        })
        .and_then(|f| {
            if self.playoff_games.is_some()
                && !matches!(
                    f,
                    Format::Knockout { .. }
                        | Format::SwissKnockout { .. }
                        | Format::DoubleElimination { .. }
                        | Format::LotKnockout { .. }
                )
            {
                Err(ApiError::invalid(
                    "playoff_games",
                    "only a knockout has play-offs",
                ))
            } else {
                Ok(f)
            }
        })
    }
}

pub fn parse_tie_break(text: &str) -> Result<TieBreak, ApiError> {
    let t = text.trim();
    TieBreak::ALL
        .into_iter()
        .find(|tb| {
            tb.code().eq_ignore_ascii_case(t)
                || tb.chinese() == t
                || format!("{tb:?}").eq_ignore_ascii_case(&t.replace(['_', ' '], ""))
        })
        .ok_or_else(|| {
            let codes: Vec<&str> = TieBreak::ALL.iter().map(|tb| tb.code()).collect();
            ApiError::invalid(
                "tie_breaks",
                format!("unknown tie-break {t:?} (one of {})", codes.join(", ")),
            )
        })
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
