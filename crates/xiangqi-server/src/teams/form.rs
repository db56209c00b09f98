//! What the organiser sends: the requests' bodies, and the format and board rule read from
//! them (each refusal a 422 naming the field at fault).

use serde::Deserialize;
use xiangqi_tournament::{
    Player, knockout::MatchFormat, team::BoardRule, team_tournament::TeamFormat,
    tiebreak::TieBreak, tournament::Penalty,
};

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
    /// `round_robin` (default), `swiss` (paired by the CXA engine or by hand), `knockout`, or
    /// `all_play_all` (全队轮赛制, CXA 11.4: teams meet as in a round robin, and in each match
    /// every player plays every player of the other team, one game a board per 轮).
    #[schema(schema_with = team_format_schema)]
    pub format: Option<String>,
    /// 1 (default) or 2 cycles of the round robin (or of the all-play-all's meetings).
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
    /// Tie-break codes (or Chinese names) in order, e.g. `["GP", "MW", "WIN", "DE", "FOUL"]`;
    /// the book's order when absent (CXA 14.5, 14.6; WXF 10.4, 10.5).
    #[schema(max_items = 17)]
    pub tie_breaks: Option<Vec<String>>,
    /// Teams, registered in order.
    pub teams: Option<Vec<NewTeam>>,
}

/// The organiser's tie-break order, each code checked, or `None` for the book's.
pub(super) fn tie_breaks(codes: Option<&[String]>) -> Result<Option<Vec<TieBreak>>, ApiError> {
    let Some(codes) = codes else { return Ok(None) };
    if codes.len() > TieBreak::ALL.len() {
        return Err(ApiError::invalid("tie_breaks", "at most 17"));
    }
    let mut out: Vec<TieBreak> = Vec::with_capacity(codes.len());
    for c in codes {
        let tb = crate::tournaments::parse_tie_break(c)?;
        if out.contains(&tb) {
            return Err(ApiError::invalid(
                "tie_breaks",
                format!("{} is listed twice", tb.code()),
            ));
        }
        out.push(tb);
    }
    Ok(Some(out))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewTeam {
    #[schema(schema_with = crate::competition::name_schema)]
    pub name: String,
    /// Players in registered order: boards first, then reserves; by the latest rating,
    /// unrated last (CXA 11.1, 11.2), unless `order_override` says why not.
    #[schema(max_items = 50)]
    pub players: Vec<NewTeamPlayer>,
    /// The organiser's reason to register this team out of rating order (CXA 11.1); kept in
    /// the event's record.
    #[schema(max_length = 200)]
    pub order_override: Option<String>,
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
    pub(super) fn checked(self, at: &str) -> Result<CheckedTeam, ApiError> {
        let name = checked_name(&format!("{at}.name"), &self.name)?;
        let order_override = match self.order_override {
            Some(r) if r.trim().is_empty() || r.chars().count() > 200 => {
                return Err(ApiError::invalid(
                    &format!("{at}.order_override"),
                    "a reason of 1 to 200 characters",
                ));
            }
            r => r.map(|r| r.trim().to_owned()),
        };
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
        Ok(CheckedTeam {
            name,
            players,
            order_override,
        })
    }
}

/// A team as checked: its name, players, and the organiser's override of CXA 11.1's order.
pub(super) struct CheckedTeam {
    pub name: String,
    pub players: Vec<Player>,
    pub order_override: Option<String>,
}

fn team_format_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(crate::schema::choice(&[
        "round_robin",
        "swiss",
        "knockout",
        "all_play_all",
    ]))
}

fn penalty_schema() -> utoipa::openapi::Object {
    crate::schema::choice(&["foul", "warning", "game_disqualification"])
}

/// A foul or sanction against a team's player or the team (CXA 8, 18.1, 18.2).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TeamPenaltyRequest)]
pub(super) struct PenaltyRequest {
    /// The team's number (1-based).
    #[schema(minimum = 1, maximum = 200)]
    pub team: usize,
    /// The player's registered position (1-based); absent for the team itself.
    #[schema(minimum = 1, maximum = 50)]
    pub player: Option<usize>,
    /// The round it was given in (a paired round); the last paired one by default.
    #[schema(minimum = 1, maximum = 1000)]
    pub round: Option<u32>,
    /// `foul`, `warning` (CXA 18.1) or `game_disqualification` (18.2).
    #[schema(schema_with = penalty_schema)]
    pub penalty: String,
}

/// The penalty a request names, or a 422.
pub(super) fn penalty_named(text: &str) -> Result<Penalty, ApiError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "foul" => Ok(Penalty::Foul),
        "warning" => Ok(Penalty::Warning),
        "game_disqualification" => Ok(Penalty::GameDisqualification),
        other => Err(ApiError::invalid(
            "penalty",
            format!("unknown penalty {other:?} (foul, warning, game_disqualification)"),
        )),
    }
}

fn ranking_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(crate::schema::choice(&["match_points", "game_points"]))
}

fn board_rule_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(crate::schema::choice(&["fixed", "order_kept", "temporary"]))
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
    /// Registered positions (1-based), board 1 first; with `lot`, the players who play, in
    /// any order.
    pub lineup: Vec<usize>,
    /// Draw the board order of these players by lot (临时定台制 抽签, CXA 11.3; only under
    /// the `temporary` board rule).
    #[serde(default)]
    pub lot: bool,
    /// The lot's seed; drawn by the server if absent. Kept in the event.
    #[serde(default, deserialize_with = "crate::extract::lot_seed")]
    pub seed: Option<u64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = TeamResultRequest)]
pub(super) struct ResultRequest {
    #[schema(schema_with = crate::competition::result_schema)]
    pub result: String,
    /// 1 (default); 2: the second game of a two-game match (colours swapped); in an
    /// all-play-all (CXA 11.4) the game of the board, 1 to the number of boards (the board
    /// is the first-listed team's).
    #[schema(minimum = 1, maximum = 20)]
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
pub(super) fn team_format(req: &NewTeamEvent) -> Result<TeamFormat, ApiError> {
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
            Ok(TeamFormat::RoundRobin { cycles })
        }
        Some("all_play_all") => {
            not_for("rounds", req.rounds.is_some(), "all_play_all")?;
            not_for("games", req.games.is_some(), "all_play_all")?;
            not_for("playoff_games", req.playoff_games.is_some(), "all_play_all")?;
            if req.two_games {
                return Err(ApiError::invalid(
                    "two_games",
                    "an all-play-all match already plays every pairing once (CXA 11.4)",
                ));
            }
            let cycles = req.cycles.unwrap_or(1);
            if !(1..=2).contains(&cycles) {
                return Err(ApiError::invalid("cycles", "1 or 2"));
            }
            Ok(TeamFormat::AllPlayAll { cycles })
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
            Ok(TeamFormat::Swiss { rounds })
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
            Ok(TeamFormat::Knockout {
                games,
                playoff_games,
            })
        }
        Some(other) => Err(ApiError::invalid(
            "format",
            format!("unknown format {other:?} (round_robin, swiss, knockout, all_play_all)"),
        )),
    }
}
