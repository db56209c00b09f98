//! What tournaments of players and team events show alike: the rule set's and the format's
//! names, knockout lines, standings rows. Wire shapes only: the tournament crate's types derive
//! nothing for the server's sake.

use serde::Serialize;
use xiangqi_tournament::{
    Color, Outcome, PlayerId, RuleSet, ScoringScheme,
    double_elimination::Part,
    knockout::{Decision, KnockoutMatch},
    tiebreak::{Standing, TieBreak},
    tournament::Format,
};

use crate::error::ApiError;

/// A name as given (trimmed): 1 to 200 characters, not all blank, or a 422 naming `field`.
pub(crate) fn checked_name(field: &str, text: &str) -> Result<String, ApiError> {
    let name = text.trim();
    // Characters, as a JSON schema's `maxLength` counts them.
    if name.is_empty() || text.chars().count() > 200 {
        return Err(ApiError::invalid(
            field,
            "1 to 200 characters, not all blank",
        ));
    }
    Ok(name.to_owned())
}

/// The rule set a request names (`cxa2011` by default; `wxf-2018` and the like read too).
pub(crate) fn rules_named(text: Option<&str>) -> Result<RuleSet, ApiError> {
    match text {
        None => Ok(RuleSet::Cxa2011),
        Some(r) => r
            .replace(['-', '_', ' '], "")
            .parse()
            .map_err(|e: xiangqi_tournament::ParseError| ApiError::invalid("rules", e.to_string())),
    }
}

/// The points per game a request names (`2-1-0` by default, CXA).
pub(crate) fn scoring_named(text: Option<&str>) -> Result<ScoringScheme, ApiError> {
    match text {
        None => Ok(ScoringScheme::CXA),
        Some(s) => ScoringScheme::by_name(s.trim()).ok_or_else(|| {
            ApiError::invalid(
                "scoring",
                format!("unknown scoring {s:?} (2-1-0, 1-0.5-0, 3-1-0, 3-0-1-2)"),
            )
        }),
    }
}

/// The schema of a rule set's name in a request: what [`rules_named`] reads.
pub(crate) fn rules_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(crate::openapi::choice(&["cxa2011", "wxf2018"]))
}

/// The schema of a scoring's name in a request: what [`scoring_named`] reads.
pub(crate) fn scoring_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(crate::openapi::choice(&[
        "2-1-0", "1-0.5-0", "3-1-0", "3-0-1-2",
    ]))
}

/// The schema of a name in a request: what [`checked_name`] reads (1 to 200 characters, not all blank).
pub(crate) fn name_schema() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some(r"\S"))
        .max_length(Some(200))
        .build()
}

/// The schema of a time control in a request, as `xiangqi clock` reads it: periods of
/// minutes (`90m`, `1h30m`) or seconds, each with an optional move count (`/40`) and
/// increment (`+30s`), separated by commas; `;` then a byo-yomi.
pub(crate) fn time_control_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .examples(["60m+30s", "90m/40,30m", "5m;30s"])
            .build(),
    )
}

/// [`name_schema`] or null, for an optional name.
pub(crate) fn optional_name_schema() -> utoipa::openapi::Object {
    crate::openapi::nullable(name_schema())
}

/// The schema of a game's result in a request: the spellings `GameResult` reads.
pub(crate) fn result_schema() -> utoipa::openapi::Object {
    crate::openapi::choice(&[
        "1-0", "red", "红胜", "0-1", "black", "黑胜", "1/2", "½-½", "1/2-1/2", "=", "draw", "和",
        "和棋", "+/-", "+-", "+", "-/+", "-+", "-/-", "--",
    ])
}

/// The schema of a side in a request: `red` or `black`.
pub(crate) fn color_schema() -> utoipa::openapi::Object {
    crate::openapi::choice(&["red", "black"])
}

/// `cxa2011` or `wxf2018`.
pub(crate) fn rules_name(r: RuleSet) -> &'static str {
    match r {
        RuleSet::Cxa2011 => "cxa2011",
        RuleSet::Wxf2018 => "wxf2018",
    }
}

/// `win`, `draw`, …
pub(crate) fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
        Outcome::ForfeitWin => "forfeit_win",
        Outcome::ForfeitLoss => "forfeit_loss",
        Outcome::Bye => "bye",
    }
}

/// `red` or `black`.
pub(crate) fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

fn decision_name(d: Decision) -> &'static str {
    match d {
        Decision::Open => "open",
        Decision::Bye => "bye",
        Decision::Games => "games",
        Decision::Playoff => "playoff",
        Decision::Lot => "lot",
        Decision::Walkover => "walkover",
    }
}

/// A format with its numbers, tagged by `type`.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum FormatView {
    RoundRobin {
        cycles: u32,
    },
    Swiss {
        rounds: u32,
    },
    Groups {
        groups: u32,
        cycles: u32,
    },
    Knockout {
        games: usize,
        playoff_games: u32,
    },
    SwissKnockout {
        rounds: u32,
        qualifiers: u32,
        games: usize,
        playoff_games: u32,
    },
    SwissElimination {
        rounds: u32,
        per_round: u32,
        keep: u32,
    },
    DoubleElimination {
        reset: bool,
        playoff_games: u32,
    },
    LotKnockout {
        games: usize,
        playoff_games: u32,
    },
}

impl From<Format> for FormatView {
    fn from(f: Format) -> FormatView {
        match f {
            Format::RoundRobin { cycles } => FormatView::RoundRobin { cycles },
            Format::Swiss { rounds } => FormatView::Swiss { rounds },
            Format::Groups { groups, cycles } => FormatView::Groups { groups, cycles },
            Format::Knockout {
                games,
                playoff_games,
            } => FormatView::Knockout {
                games: games.max_games(),
                playoff_games,
            },
            Format::SwissKnockout {
                rounds,
                qualifiers,
                games,
                playoff_games,
            } => FormatView::SwissKnockout {
                rounds,
                qualifiers,
                games: games.max_games(),
                playoff_games,
            },
            Format::SwissElimination {
                rounds,
                per_round,
                keep,
            } => FormatView::SwissElimination {
                rounds,
                per_round,
                keep,
            },
            Format::DoubleElimination {
                reset,
                playoff_games,
            } => FormatView::DoubleElimination {
                reset,
                playoff_games,
            },
            Format::LotKnockout {
                games,
                playoff_games,
            } => FormatView::LotKnockout {
                games: games.max_games(),
                playoff_games,
            },
        }
    }
}

/// One game of a knockout line, from the line's first player's side.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub(crate) struct LineGameView {
    round: u32,
    board: u32,
    first_color: &'static str,
    first_outcome: Option<&'static str>,
    playoff: bool,
    double_forfeit: bool,
}

/// A knockout line: its two entrants by number, its games, winner and how it was decided.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub(crate) struct MatchView {
    first: Option<u32>,
    second: Option<u32>,
    winner: Option<u32>,
    decision: &'static str,
    games: Vec<LineGameView>,
}

impl From<&KnockoutMatch> for MatchView {
    fn from(m: &KnockoutMatch) -> MatchView {
        MatchView {
            first: m.first.map(PlayerId::get),
            second: m.second.map(PlayerId::get),
            winner: m.winner.map(PlayerId::get),
            decision: decision_name(m.decision),
            games: m
                .games
                .iter()
                .map(|g| LineGameView {
                    round: g.round,
                    board: g.board,
                    first_color: color_name(g.first_color),
                    first_outcome: g.outcome.map(outcome_name),
                    playoff: g.playoff,
                    double_forfeit: g.double_forfeit,
                })
                .collect(),
        }
    }
}

/// A bracket's rounds of lines.
pub(crate) fn bracket_rounds(bracket: &[Vec<KnockoutMatch>]) -> Vec<Vec<MatchView>> {
    bracket
        .iter()
        .map(|r| r.iter().map(MatchView::from).collect())
        .collect()
}

/// Where a line of a double elimination stands.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(tag = "bracket", rename_all = "snake_case")]
pub(crate) enum PartView {
    Winners { round: u32 },
    Losers { round: u32 },
    GrandFinal,
    Reset,
}

impl From<Part> for PartView {
    fn from(p: Part) -> PartView {
        match p {
            Part::Winners(round) => PartView::Winners { round },
            Part::Losers(round) => PartView::Losers { round },
            Part::GrandFinal => PartView::GrandFinal,
            Part::Reset => PartView::Reset,
        }
    }
}

/// A tie-break's code and Chinese name.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub(crate) struct TieBreakName {
    code: &'static str,
    zh: &'static str,
}

impl From<&TieBreak> for TieBreakName {
    fn from(tb: &TieBreak) -> TieBreakName {
        TieBreakName {
            code: tb.code(),
            zh: tb.chinese(),
        }
    }
}

/// A row of standings: place, entrant's number and name, score, tie-break values.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub(crate) struct StandingRow {
    pub rank: u32,
    pub no: usize,
    pub name: Option<String>,
    pub score: String,
    pub tie_breaks: Vec<String>,
}

impl StandingRow {
    /// `s` with the entrant's name from `name`.
    pub fn new(s: &Standing, name: Option<&str>) -> StandingRow {
        StandingRow {
            rank: s.rank,
            no: s.competitor + 1,
            name: name.map(str::to_owned),
            score: s.score.to_string(),
            tie_breaks: s.tie_breaks.iter().map(|v| v.text().to_owned()).collect(),
        }
    }
}
