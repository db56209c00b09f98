//! What the organiser sends: the requests' bodies, and the format and board rule read from
//! them (each refusal a 422 naming the field at fault).

use serde::Deserialize;
use xiangqi_tournament::{Player, knockout::MatchFormat, team::BoardRule, tournament::Format};

use crate::{competition::checked_name, error::ApiError};

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewTeamEvent {
    #[schema(schema_with = crate::competition::name_schema)]
    pub name: String,
    /// `cxa2011` (default) or `wxf2018`; or an object with the book and the numbers the books
    /// leave to the organiser for the event's games: `{"book": "cxa", "move_limit": 40, …}`
    /// (each key left out keeps the book's value; an unknown key or an impossible value is a
    /// 422 naming it).
    #[schema(schema_with = crate::competition::event_rules_schema)]
    pub rules: Option<serde_json::Value>,
    /// `round_robin` (default), `swiss` (paired by the CXA engine or by hand) or `knockout`.
    #[schema(schema_with = team_format_schema)]
    pub format: Option<String>,
    /// 1 (default) or 2 cycles of the round robin.
    #[schema(minimum = 1, maximum = 2)]
    pub cycles: Option<u32>,
    /// Swiss: the number of rounds.
    #[schema(minimum = 1, maximum = 30)]
    pub rounds: Option<u32>,
    /// Knockout: team matches per line, 1, 2 or 3 (best of three).
    #[schema(minimum = 1, maximum = 3)]
    pub games: Option<u32>,
    /// Knockout: play-off team matches at most after a level line, then a lot (WXF 10.1).
    #[schema(maximum = 10)]
    pub playoff_games: Option<u32>,
    /// Two games a board, colours swapped in the second (两局制, CXA 12.4; WXF 9.4).
    #[serde(default)]
    pub two_games: bool,
    /// `match_points` (场分 first, default) or `game_points` (局分 first: a one-game Swiss of
    /// teams, CXA 14.7).
    #[schema(schema_with = ranking_schema)]
    pub ranking: Option<String>,
    /// Boards per match.
    #[schema(minimum = 1, maximum = 20)]
    pub boards: usize,
    /// `fixed` (CXA 11.1, default), `order_kept` (11.2) or `temporary` (11.3).
    #[schema(schema_with = board_rule_schema)]
    pub board_rule: Option<String>,
    /// `2-1-0` (default), `1-0.5-0`, `3-1-0`, `3-0-1-2`: points per game.
    #[schema(schema_with = crate::competition::scoring_schema)]
    pub scoring: Option<String>,
    /// Teams, registered in order.
    pub teams: Option<Vec<NewTeam>>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewTeam {
    #[schema(schema_with = crate::competition::name_schema)]
    pub name: String,
    /// Players in registered order: boards first, then reserves.
    #[schema(max_items = 50)]
    pub players: Vec<NewTeamPlayer>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewTeamPlayer {
    #[schema(schema_with = crate::competition::name_schema)]
    pub name: String,
    #[schema(maximum = 65535)]
    pub rating: Option<u16>,
}

impl NewTeam {
    /// The team's checked name and players (each player's club the team's name), `at` naming
    /// the request's field in a refusal.
    pub(super) fn checked(self, at: &str) -> Result<(String, Vec<Player>), ApiError> {
        let name = checked_name(&format!("{at}.name"), &self.name)?;
        if self.players.len() > 50 {
            return Err(ApiError::invalid(&format!("{at}.players"), "at most 50"));
        }
        let mut players = Vec::with_capacity(self.players.len());
        for (k, p) in self.players.into_iter().enumerate() {
            let pname = checked_name(&format!("{at}.players[{k}].name"), &p.name)?;
            players.push(Player {
                name: pname,
                rating: p.rating,
                club: Some(name.clone()),
                federation: None,
            });
        }
        Ok((name, players))
    }
}

fn team_format_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(crate::openapi::choice(&[
        "round_robin",
        "swiss",
        "knockout",
    ]))
}

fn ranking_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(crate::openapi::choice(&["match_points", "game_points"]))
}

fn board_rule_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(crate::openapi::choice(&[
        "fixed",
        "order_kept",
        "temporary",
    ]))
}

pub(super) fn board_rule(text: Option<&str>) -> Result<BoardRule, ApiError> {
    match text.map(|t| t.trim().to_ascii_lowercase()).as_deref() {
        None | Some("fixed") => Ok(BoardRule::Fixed),
        Some("order_kept") => Ok(BoardRule::OrderKept),
        Some("temporary") => Ok(BoardRule::Temporary),
        Some(other) => Err(ApiError::invalid(
            "board_rule",
            format!("unknown board rule {other:?} (fixed, order_kept, temporary)"),
        )),
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct TeamsBody {
    pub teams: Vec<NewTeam>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct LineupRequest {
    /// The team's number (1-based, registration order).
    #[schema(minimum = 1)]
    pub team: usize,
    /// Registered positions (1-based), board 1 first.
    pub lineup: Vec<usize>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TeamResultRequest)]
pub(super) struct ResultRequest {
    #[schema(schema_with = crate::competition::result_schema)]
    pub result: String,
    /// 1 (default) or 2: the second game of a two-game match (colours swapped).
    #[schema(minimum = 1, maximum = 2)]
    pub game: Option<u32>,
}

/// A match given by the arbiter: team numbers, the first listed red on odd boards.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct GivenMatch {
    #[schema(minimum = 1)]
    pub first: usize,
    #[schema(minimum = 1)]
    pub second: usize,
}

/// A request to pair the next round.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TeamPairRequest)]
pub(super) struct PairRequest {
    /// The seed for a knockout's or a Swiss engine's lots; drawn by the server if absent.
    #[serde(default, deserialize_with = "crate::extract::lot_seed")]
    pub seed: Option<u64>,
    /// The arbiter's matches (a Swiss of teams), in table order.
    pub matches: Option<Vec<GivenMatch>>,
    /// Teams without a match: in a Swiss a bye worth a won match (CXA 14.4).
    pub byes: Option<Vec<usize>>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TeamWithdrawalRequest)]
pub(super) struct WithdrawalRequest {
    #[schema(minimum = 1)]
    pub team: usize,
    /// The last round the team took part in; the last paired round by default.
    pub after_round: Option<u32>,
}

/// The team event's format from a request, or a 422 naming the field at fault.
pub(super) fn team_format(req: &NewTeamEvent) -> Result<Format, ApiError> {
    let kind = req.format.as_deref().map(str::to_ascii_lowercase);
    let not_for = |field: &str, given: bool, kind: &str| {
        if given {
            Err(ApiError::invalid(
                field,
                format!("not a field of the {kind} format"),
            ))
        } else {
            Ok(())
        }
    };
    match kind.as_deref() {
        None | Some("round_robin") => {
            not_for("rounds", req.rounds.is_some(), "round_robin")?;
            not_for("games", req.games.is_some(), "round_robin")?;
            not_for("playoff_games", req.playoff_games.is_some(), "round_robin")?;
            let cycles = req.cycles.unwrap_or(1);
            if !(1..=2).contains(&cycles) {
                return Err(ApiError::invalid("cycles", "1 or 2"));
            }
            Ok(Format::RoundRobin { cycles })
        }
        Some("swiss") => {
            not_for("cycles", req.cycles.is_some(), "swiss")?;
            not_for("games", req.games.is_some(), "swiss")?;
            not_for("playoff_games", req.playoff_games.is_some(), "swiss")?;
            let rounds = req
                .rounds
                .ok_or_else(|| ApiError::invalid("rounds", "a swiss needs its number of rounds"))?;
            if !(1..=30).contains(&rounds) {
                return Err(ApiError::invalid("rounds", "1 to 30"));
            }
            Ok(Format::Swiss { rounds })
        }
        Some("knockout") => {
            not_for("cycles", req.cycles.is_some(), "knockout")?;
            not_for("rounds", req.rounds.is_some(), "knockout")?;
            let games = match req.games.unwrap_or(1) {
                1 => MatchFormat::OneGame,
                2 => MatchFormat::TwoGames,
                3 => MatchFormat::BestOfThree,
                _ => {
                    return Err(ApiError::invalid(
                        "games",
                        "1 (one match), 2 (two matches) or 3 (best of three)",
                    ));
                }
            };
            let playoff_games = req.playoff_games.unwrap_or(0);
            if playoff_games > 10 {
                return Err(ApiError::invalid("playoff_games", "0 to 10"));
            }
            Ok(Format::Knockout {
                games,
                playoff_games,
            })
        }
        Some(other) => Err(ApiError::invalid(
            "format",
            format!("unknown format {other:?} (round_robin, swiss, knockout)"),
        )),
    }
}
