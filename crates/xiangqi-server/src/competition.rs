//! What tournaments of players and team events show alike: the rule set's and the format's
//! names, knockout lines, standings rows. Wire shapes only: the tournament crate's types derive
//! nothing for the server's sake.

use serde::Serialize;
use xiangqi_tournament::{
    self as tournament, Color, Outcome, PlayerId, ScoringScheme,
    double_elimination::Part,
    knockout::{Decision, KnockoutMatch},
    tiebreak::{Standing, TieBreak},
    tournament::Format,
};

use crate::error::ApiError;

/// The rules of an event's games from a request's `rules`: a book's name (`cxa2011` when
/// absent), or an object with the book and the numbers the books leave to the organiser
/// (`{"book": "cxa", "move_limit": 40, …}`; [`xiangqi_arbiter::EventRules`]). Each key left
/// out keeps the book's value; an unknown key or an impossible value is a 422 naming
/// `rules.<key>`.
pub(crate) fn event_rules(
    value: Option<&serde_json::Value>,
) -> Result<(xiangqi_arbiter::Book, xiangqi_arbiter::EventRules), ApiError> {
    use serde_json::Value;
    let mut event = xiangqi_arbiter::EventRules::default();
    let object = match value {
        None | Some(Value::Null) => return Ok((xiangqi_arbiter::Book::Cxa2011, event)),
        Some(Value::String(name)) => return Ok((book_named("rules", name)?, event)),
        Some(Value::Object(o)) => o,
        Some(_) => {
            return Err(ApiError::invalid(
                "rules",
                "a book's name or an object of the event's rules",
            ));
        }
    };
    let book = match object.get("book") {
        None | Some(Value::Null) => xiangqi_arbiter::Book::Cxa2011,
        Some(Value::String(name)) => book_named("rules.book", name)?,
        Some(_) => return Err(ApiError::invalid("rules.book", "cxa2011 or wxf2018")),
    };
    for (key, v) in object.iter().filter(|(k, _)| k.as_str() != "book") {
        let field = format!("rules.{key}");
        if !xiangqi_arbiter::EventRules::KEYS.contains(&key.as_str()) {
            return Err(ApiError::invalid(&field, "an unknown rule"));
        }
        if v.is_null() {
            continue;
        }
        let n = v
            .as_u64()
            .ok_or_else(|| ApiError::invalid(&field, "a whole number, 0 or more"))?;
        event
            .set(key, n)
            .map_err(|e| ApiError::invalid(&field, e.to_string()))?;
    }
    rule_set(book, &event)?;
    Ok((book, event))
}

/// The rule set of a game under `book` with the numbers `event` sets; an impossible value is
/// a 422 naming `rules.<key>`.
pub(crate) fn rule_set(
    book: xiangqi_arbiter::Book,
    event: &xiangqi_arbiter::EventRules,
) -> Result<xiangqi_arbiter::RuleSet, ApiError> {
    xiangqi_arbiter::RuleSet::with_event(book, event)
        .map_err(|e| ApiError::invalid(&format!("rules.{}", e.key), e.to_string()))
}

/// The book a name gives (`cxa`, `cxa2011`, `wxf`, `wxf-2018`, `axf`).
fn book_named(field: &str, name: &str) -> Result<xiangqi_arbiter::Book, ApiError> {
    match name
        .trim()
        .to_ascii_lowercase()
        .replace(['-', '_', ' '], "")
        .as_str()
    {
        "cxa" | "cxa2011" => Ok(xiangqi_arbiter::Book::Cxa2011),
        "wxf" | "wxf2018" | "axf" => Ok(xiangqi_arbiter::Book::Wxf2018),
        _ => Err(ApiError::invalid(
            field,
            format!("unknown rule set {name:?} (cxa2011 or wxf2018)"),
        )),
    }
}

/// The rules of a tournament's games: its book with the numbers its organiser set (checked
/// when they were set; a key the arbiter no longer reads is passed over).
pub(crate) fn games_rule_set(
    book: tournament::Book,
    set: &std::collections::BTreeMap<String, u64>,
) -> xiangqi_arbiter::RuleSet {
    let mut event = xiangqi_arbiter::EventRules::default();
    for (k, v) in set {
        let _ = event.set(k, *v);
    }
    let book = arbiter_book(book);
    xiangqi_arbiter::RuleSet::with_event(book, &event)
        .unwrap_or_else(|_| xiangqi_arbiter::RuleSet::for_book(book))
}

/// A game's `rules` in a request to create it: the book and the numbers `rules` sets.
pub(crate) fn rules_request(rules: &xiangqi_arbiter::RuleSet) -> serde_json::Value {
    let mut object = serde_json::Map::new();
    object.insert(
        "book".to_owned(),
        serde_json::Value::from(rules_name(tournament_book(rules.book))),
    );
    for (k, v) in rules.event_rules().pairs() {
        object.insert(k.to_owned(), serde_json::Value::from(v));
    }
    serde_json::Value::Object(object)
}

/// A tournament's book as the arbiter names it.
pub(crate) fn arbiter_book(r: tournament::Book) -> xiangqi_arbiter::Book {
    match r {
        tournament::Book::Cxa2011 => xiangqi_arbiter::Book::Cxa2011,
        tournament::Book::Wxf2018 => xiangqi_arbiter::Book::Wxf2018,
    }
}

/// The arbiter's book as a tournament names it.
pub(crate) fn tournament_book(b: xiangqi_arbiter::Book) -> tournament::Book {
    match b {
        xiangqi_arbiter::Book::Cxa2011 => tournament::Book::Cxa2011,
        xiangqi_arbiter::Book::Wxf2018 => tournament::Book::Wxf2018,
    }
}

/// The schema of an event's `rules`: a book's name, or the object [`event_rules`] reads.
pub(crate) fn event_rules_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{
        AdditionalProperties, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type,
    };
    // A key set to null keeps the book's value, as one left out does ([`event_rules`]).
    let int = |max: u64, doc: &str| {
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
            .minimum(Some(0))
            .maximum(Some(max as f64))
            .description(Some(doc))
            .build()
    };
    let object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .property(
            "book",
            crate::schema::nullable(crate::schema::choice(&["cxa", "cxa2011", "wxf", "wxf2018"])),
        )
        .property(
            "move_limit",
            int(60, "CXA 2011 art. 4.2.4: lowered by level"),
        )
        .property(
            "illegal_moves_to_lose",
            int(10, "CXA 2011 arts. 4.1.8, 8.1.8"),
        )
        .property(
            "lateness_ms",
            int(86_400_000, "CXA 2011 art. 20.1; WXF 2018 art. 11.1"),
        )
        .property(
            "fouls_to_lose",
            int(20, "CXA 2011 art. 4.1.10; WXF 2018 art. 3.1.F"),
        )
        .property("draw_offers_beyond", int(20, "CXA 2011 arts. 22.1, 8.1.3"))
        .property("early_draw_moves", int(200, "WXF 2018 art. 12.11"))
        .property("appeal_window_ms", int(2_592_000_000, "WXF 2018 art. 12.4"))
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .build();
    Schema::OneOf(
        OneOfBuilder::new()
            .item(rules_schema())
            .item(object)
            .build(),
    )
}

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

/// The points per game a request names (`2-1-0` by default, CXA), as
/// [`xiangqi_tournament::spec::scoring_named`] reads them.
pub(crate) fn scoring_named(text: Option<&str>) -> Result<ScoringScheme, ApiError> {
    Ok(xiangqi_tournament::spec::scoring_named(text)?)
}

/// The schema of a rule set's name in a request (`wxf-2018` and the like read too).
pub(crate) fn rules_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(crate::schema::choice(&["cxa2011", "wxf2018"]))
}

/// The schema of a scoring's name in a request: what [`scoring_named`] reads.
pub(crate) fn scoring_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(crate::schema::choice(&[
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
    crate::schema::nullable(
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .examples(["60m+30s", "90m/40,30m", "5m;30s"])
            .build(),
    )
}

/// [`name_schema`] or null, for an optional name.
pub(crate) fn optional_name_schema() -> utoipa::openapi::Object {
    crate::schema::nullable(name_schema())
}

/// The schema of a game's result in a request: the spellings `GameResult` reads.
pub(crate) fn result_schema() -> utoipa::openapi::Object {
    crate::schema::choice(&[
        "1-0", "red", "红胜", "0-1", "black", "黑胜", "1/2", "½-½", "1/2-1/2", "=", "draw", "和",
        "和棋", "+/-", "+-", "+", "-/+", "-+", "-/-", "--",
    ])
}

/// The schema of a side in a request: `red` or `black`.
pub(crate) fn color_schema() -> utoipa::openapi::Object {
    crate::schema::choice(&["red", "black"])
}

/// `cxa2011` or `wxf2018`.
pub(crate) fn rules_name(r: tournament::Book) -> &'static str {
    match r {
        tournament::Book::Cxa2011 => "cxa2011",
        tournament::Book::Wxf2018 => "wxf2018",
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
