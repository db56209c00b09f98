//! What a tournament is created from: [`TournamentSpec`], the organiser's choices (name, book,
//! format, scoring, tie-breaks, placing matches, the games' rules, entries), and the one place
//! where their names are read.
//!
//! The command line's `xiangqi tournament new` flags, a spec file (`--spec FILE.json`) and the
//! server's `POST /api/tournaments` form all give the same flat [`SpecForm`] of names and
//! numbers; [`TournamentSpec::try_from`] reads it, refusing a choice with a [`SpecError`] that
//! names the field at fault, and [`TournamentSpec::events`] is the log that creates the
//! tournament.
//!
//! ```
//! use xiangqi_tournament::{
//!     Book, ScoringScheme,
//!     spec::TournamentSpec,
//!     tiebreak::TieBreak,
//!     tournament::{Format, Tournament},
//! };
//!
//! let spec: TournamentSpec = serde_json::from_str(
//!     r#"{"name": "City Open", "book": "wxf", "format": "swiss", "rounds": 7,
//!         "scoring": "3-1-0", "tie_breaks": ["SB", "WIN"], "rules": {"move_limit": 40},
//!         "entries": [{"name": "王天一", "rating": 2650}, {"name": "郑惟桐"}]}"#,
//! )?;
//! assert_eq!(spec.book, Book::Wxf2018);
//! assert_eq!(spec.format, Format::Swiss { rounds: 7 });
//! assert_eq!(spec.scoring, ScoringScheme::THREE_ONE_ZERO);
//! assert_eq!(spec.tie_breaks, Some(vec![TieBreak::XiaoFen, TieBreak::Wins]));
//! let t = Tournament::from_events(spec.events())?;
//! assert_eq!(t.players().len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{
    Book, Player, ScoringScheme,
    knockout::{MatchFormat, Placings},
    tiebreak::TieBreak,
    tournament::{Event, Format},
};

/// A choice a spec cannot take: the field at fault (`rounds`, `tie_breaks`, …) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct SpecError {
    /// The field of the [`SpecForm`] at fault.
    pub field: String,
    /// Why, in a lowercase sentence.
    pub message: String,
}

impl SpecError {
    fn new(field: &str, message: impl Into<String>) -> SpecError {
        SpecError {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

/// The format's name and numbers, as a form gives them: each number is `None` when not given.
/// A number that is not one of the format's own is refused rather than passed over.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormatSpec {
    /// `round_robin` (default), `double_round_robin`, `swiss`, `knockout`, `groups`,
    /// `swiss_knockout`, `swiss_elimination`, `double_elimination` or `lot_knockout`; `-` may
    /// stand for `_`.
    pub format: Option<String>,
    /// Round robin and groups: 1 or 2 cycles (default 1, 2 for `double_round_robin`).
    pub cycles: Option<u32>,
    /// Swiss (also before a knockout or with elimination): the number of rounds, 1 to 50.
    pub rounds: Option<u32>,
    /// Knockout: games per match, 1 (default), 2, or 3 for best of three.
    pub games: Option<u32>,
    /// Knockout and double elimination: rapid play-off games at most after a level match
    /// (WXF 10.1), then a lot; 0 (default) to 10.
    pub playoff_games: Option<u32>,
    /// Groups: the number of groups (CXA 10.2), 1 to 64.
    pub groups: Option<u32>,
    /// Swiss then knockout: players who go through (CXA 10.5), 2 to 256.
    pub qualifiers: Option<u32>,
    /// Swiss with elimination: players out after each round past half (CXA 10.6).
    pub per_round: Option<u32>,
    /// Swiss with elimination: players left for the last round (CXA 10.6).
    pub keep: Option<u32>,
    /// Double elimination: a second grand final if the losers' champion wins the first
    /// (default true).
    pub reset: Option<bool>,
}

impl FormatSpec {
    /// The format's name, lowercase with `_`, or the default `round_robin`.
    fn kind(&self) -> String {
        self.format.as_deref().map_or_else(
            || "round_robin".to_owned(),
            |f| f.to_ascii_lowercase().replace('-', "_"),
        )
    }

    /// The same spec with every number of the named format that was not given taken from
    /// `defaults` (numbers of other formats are left as they are, so that they are still
    /// refused). A front end with defaults of its own (the command line's `--rounds 7`) gives
    /// them this way.
    #[must_use]
    pub fn or_defaults(mut self, defaults: &FormatSpec) -> FormatSpec {
        let kind = self.kind();
        let own = |fields: &[&str], field: &str| fields.contains(&field);
        let fields: &[&str] = match kind.as_str() {
            "round_robin" | "roundrobin" | "double_round_robin" => &["cycles"],
            "swiss" => &["rounds"],
            "knockout" | "lot_knockout" => &["games", "playoff_games"],
            "groups" => &["groups", "cycles"],
            "swiss_knockout" => &["rounds", "qualifiers", "games", "playoff_games"],
            "swiss_elimination" => &["rounds", "per_round", "keep"],
            "double_elimination" => &["reset", "playoff_games"],
            _ => &[],
        };
        let fill = |mine: &mut Option<u32>, theirs: Option<u32>, field: &str| {
            if mine.is_none() && own(fields, field) {
                *mine = theirs;
            }
        };
        // Cycles of a round robin follow its name (`double_round_robin` is 2).
        if kind != "double_round_robin" {
            fill(&mut self.cycles, defaults.cycles, "cycles");
        }
        fill(&mut self.rounds, defaults.rounds, "rounds");
        fill(&mut self.games, defaults.games, "games");
        fill(
            &mut self.playoff_games,
            defaults.playoff_games,
            "playoff_games",
        );
        fill(&mut self.groups, defaults.groups, "groups");
        fill(&mut self.qualifiers, defaults.qualifiers, "qualifiers");
        fill(&mut self.per_round, defaults.per_round, "per_round");
        fill(&mut self.keep, defaults.keep, "keep");
        if self.reset.is_none() && own(fields, "reset") {
            self.reset = defaults.reset;
        }
        self
    }

    /// The format, CXA 2011 art. 10.
    ///
    /// # Errors
    ///
    /// An unknown name, a number out of its range, a number the format needs and does not
    /// have (a Swiss's rounds), or one that is not the format's: the error names the field.
    pub fn format(&self) -> Result<Format, SpecError> {
        let name = self.kind();
        let kind = match name.as_str() {
            "round_robin" | "roundrobin" | "double_round_robin" => "round_robin",
            k @ ("swiss" | "knockout" | "groups" | "swiss_knockout" | "swiss_elimination"
            | "double_elimination" | "lot_knockout") => k,
            _ => {
                return Err(SpecError::new(
                    "format",
                    format!(
                        "unknown format {:?} (round_robin, double_round_robin, swiss, knockout, groups, swiss_knockout, swiss_elimination, double_elimination, lot_knockout)",
                        self.format.as_deref().unwrap_or_default()
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
                return Err(SpecError::new(
                    field,
                    format!("not a field of the {kind} format"),
                ));
            }
        }
        let not_for = |field: &str, given: bool| {
            if given {
                Err(SpecError::new(
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
                .ok_or_else(|| SpecError::new("rounds", "a swiss needs its number of rounds"))?;
            if (1..=50).contains(&rounds) {
                Ok(rounds)
            } else {
                Err(SpecError::new("rounds", "1 to 50"))
            }
        };
        let games = || match self.games.unwrap_or(1) {
            1 => Ok(MatchFormat::OneGame),
            2 => Ok(MatchFormat::TwoGames),
            3 => Ok(MatchFormat::BestOfThree),
            _ => Err(SpecError::new(
                "games",
                "1 (one game), 2 (two games) or 3 (best of three)",
            )),
        };
        let playoff_games = || {
            let p = self.playoff_games.unwrap_or(0);
            if p > 10 {
                Err(SpecError::new("playoff_games", "0 to 10"))
            } else {
                Ok(p)
            }
        };
        let cycles = |default: u32| {
            let c = self.cycles.unwrap_or(default);
            if (1..=2).contains(&c) {
                Ok(c)
            } else {
                Err(SpecError::new("cycles", "1 or 2"))
            }
        };
        let format = match kind {
            "round_robin" => {
                if self.rounds.is_some() {
                    return Err(SpecError::new(
                        "rounds",
                        "a round robin has as many rounds as its table: give `cycles`",
                    ));
                }
                not_for("games", self.games.is_some())?;
                not_for("groups", self.groups.is_some())?;
                let double = name == "double_round_robin";
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
                    SpecError::new("qualifiers", "how many go through to the knockout")
                })?;
                if !(2..=256).contains(&qualifiers) {
                    return Err(SpecError::new("qualifiers", "2 to 256"));
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
                    SpecError::new("per_round", "how many are out after each round past half")
                })?;
                if !(1..=1000).contains(&per_round) {
                    return Err(SpecError::new("per_round", "1 to 1000"));
                }
                let keep = self.keep.ok_or_else(|| {
                    SpecError::new("keep", "how many are left for the last round")
                })?;
                if !(2..=2000).contains(&keep) {
                    return Err(SpecError::new("keep", "2 to 2000"));
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
                    SpecError::new("groups", "a group stage needs its number of groups")
                })?;
                if !(1..=64).contains(&groups) {
                    return Err(SpecError::new("groups", "1 to 64"));
                }
                Format::Groups {
                    groups,
                    cycles: cycles(1)?,
                }
            }
        };
        if self.playoff_games.is_some()
            && !matches!(
                format,
                Format::Knockout { .. }
                    | Format::SwissKnockout { .. }
                    | Format::DoubleElimination { .. }
                    | Format::LotKnockout { .. }
            )
        {
            return Err(SpecError::new(
                "playoff_games",
                "only a knockout has play-offs",
            ));
        }
        Ok(format)
    }
}

/// A knockout's placing matches by name (附加赛, CXA 10.4): `none` (default), `third`, `all`;
/// only a knockout (also after a Swiss) has them.
///
/// # Errors
///
/// An unknown name, or placing matches for a format without a bracket (field `placings`).
pub fn placings_named(name: Option<&str>, format: Format) -> Result<Placings, SpecError> {
    let placings = match name.map(str::trim) {
        None | Some("none") => return Ok(Placings::None),
        Some("third") => Placings::Third,
        Some("all") => Placings::All,
        Some(other) => {
            return Err(SpecError::new(
                "placings",
                format!("unknown placings {other:?} (none, third or all)"),
            ));
        }
    };
    if !matches!(
        format,
        Format::Knockout { .. } | Format::SwissKnockout { .. }
    ) {
        return Err(SpecError::new(
            "placings",
            "placing matches are a knockout's",
        ));
    }
    Ok(placings)
}

/// The points per game a name gives (`2-1-0` when absent; CXA 2011 art. 13.3 lets the
/// organiser change them).
///
/// # Errors
///
/// A name not among `2-1-0`, `1-0.5-0`, `3-1-0`, `3-0-1-2` (field `scoring`).
pub fn scoring_named(name: Option<&str>) -> Result<ScoringScheme, SpecError> {
    match name {
        None => Ok(ScoringScheme::CXA),
        Some(s) => ScoringScheme::by_name(s.trim()).ok_or_else(|| {
            SpecError::new(
                "scoring",
                format!("unknown scoring {s:?} (2-1-0, 1-0.5-0, 3-1-0, 3-0-1-2)"),
            )
        }),
    }
}

/// A tie-break by its code (`SB`, `WIN`, case-insensitive), its Chinese name (`对手分`) or its
/// name (`xiao_fen`, `wins`); CXA 2011 art. 14, WXF 2018 art. 11.
///
/// # Errors
///
/// Text that names no tie-break (field `tie_breaks`); the message lists the codes.
pub fn tie_break_named(text: &str) -> Result<TieBreak, SpecError> {
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
            SpecError::new(
                "tie_breaks",
                format!("unknown tie-break {t:?} (one of {})", codes.join(", ")),
            )
        })
}

/// A tournament's spec as a form, a spec file or the command line gives it: names and numbers,
/// each optional but the name. Read it with [`TournamentSpec::try_from`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecForm {
    /// The tournament's name, 1 to 200 characters, not all blank.
    pub name: String,
    /// `cxa` (default, also `cxa2011`) or `wxf` (`wxf2018`).
    #[serde(default)]
    pub book: Option<String>,
    /// The format's name; see [`FormatSpec::format`].
    #[serde(default)]
    pub format: Option<String>,
    /// See [`FormatSpec::cycles`].
    #[serde(default)]
    pub cycles: Option<u32>,
    /// See [`FormatSpec::rounds`].
    #[serde(default)]
    pub rounds: Option<u32>,
    /// See [`FormatSpec::games`].
    #[serde(default)]
    pub games: Option<u32>,
    /// See [`FormatSpec::playoff_games`].
    #[serde(default)]
    pub playoff_games: Option<u32>,
    /// See [`FormatSpec::groups`].
    #[serde(default)]
    pub groups: Option<u32>,
    /// See [`FormatSpec::qualifiers`].
    #[serde(default)]
    pub qualifiers: Option<u32>,
    /// See [`FormatSpec::per_round`].
    #[serde(default)]
    pub per_round: Option<u32>,
    /// See [`FormatSpec::keep`].
    #[serde(default)]
    pub keep: Option<u32>,
    /// See [`FormatSpec::reset`].
    #[serde(default)]
    pub reset: Option<bool>,
    /// Placing matches of a knockout: `none` (default), `third` or `all`; see
    /// [`placings_named`].
    #[serde(default)]
    pub placings: Option<String>,
    /// Points per game: `2-1-0` (default), `1-0.5-0`, `3-1-0`, `3-0-1-2`.
    #[serde(default)]
    pub scoring: Option<String>,
    /// Tie-breaks in order, by code or name; the book's order for the format when absent.
    #[serde(default)]
    pub tie_breaks: Option<Vec<String>>,
    /// The numbers the books leave to the organiser for the event's games (`move_limit`, …),
    /// kept as given: the arbiter's `EventRules` checks them where games are played.
    #[serde(default)]
    pub rules: BTreeMap<String, u64>,
    /// Players registered in order: start numbers 1, 2, …
    #[serde(default)]
    pub entries: Vec<Player>,
}

impl SpecForm {
    /// The format's part of the form.
    #[must_use]
    pub fn format_spec(&self) -> FormatSpec {
        FormatSpec {
            format: self.format.clone(),
            cycles: self.cycles,
            rounds: self.rounds,
            games: self.games,
            playoff_games: self.playoff_games,
            groups: self.groups,
            qualifiers: self.qualifiers,
            per_round: self.per_round,
            keep: self.keep,
            reset: self.reset,
        }
    }

    /// The form with the format's part replaced by `f`.
    #[must_use]
    pub fn with_format(mut self, f: FormatSpec) -> SpecForm {
        self.format = f.format;
        self.cycles = f.cycles;
        self.rounds = f.rounds;
        self.games = f.games;
        self.playoff_games = f.playoff_games;
        self.groups = f.groups;
        self.qualifiers = f.qualifiers;
        self.per_round = f.per_round;
        self.keep = f.keep;
        self.reset = f.reset;
        self
    }
}

/// A tournament as its organiser chose it, every name read. Deserialized from a [`SpecForm`]
/// (a spec file) and checked as it is read.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "SpecForm")]
pub struct TournamentSpec {
    /// The tournament's name, trimmed.
    pub name: String,
    /// The book that governs it.
    pub book: Book,
    /// The format, CXA 2011 art. 10.
    pub format: Format,
    /// Placing matches of a knockout (CXA 10.4).
    pub placings: Placings,
    /// Points per game (CXA 2011 art. 13).
    pub scoring: ScoringScheme,
    /// Tie-breaks in order (CXA 2011 art. 14); the book's order when `None`.
    pub tie_breaks: Option<Vec<TieBreak>>,
    /// The numbers the organiser set for the games, by key.
    pub rules: BTreeMap<String, u64>,
    /// The players, in registration order.
    pub entries: Vec<Player>,
}

impl TryFrom<SpecForm> for TournamentSpec {
    type Error = SpecError;

    fn try_from(form: SpecForm) -> Result<TournamentSpec, SpecError> {
        let name = form.name.trim();
        if name.is_empty() || form.name.chars().count() > 200 {
            return Err(SpecError::new("name", "1 to 200 characters, not all blank"));
        }
        let book = match form.book.as_deref() {
            None => Book::Cxa2011,
            Some(b) => b
                .trim()
                .parse()
                .map_err(|e: crate::ParseError| SpecError::new("book", e.to_string()))?,
        };
        let format = form.format_spec().format()?;
        let placings = placings_named(form.placings.as_deref(), format)?;
        let scoring = scoring_named(form.scoring.as_deref())?;
        let tie_breaks = form
            .tie_breaks
            .as_ref()
            .map(|list| list.iter().map(|t| tie_break_named(t)).collect())
            .transpose()?;
        for (k, p) in form.entries.iter().enumerate() {
            if p.name.trim().is_empty() {
                return Err(SpecError::new(
                    &format!("entries[{k}].name"),
                    "a player needs a name",
                ));
            }
        }
        Ok(TournamentSpec {
            name: name.to_owned(),
            book,
            format,
            placings,
            scoring,
            tie_breaks,
            rules: form.rules,
            entries: form.entries,
        })
    }
}

impl TournamentSpec {
    /// The events that create the tournament: created, its placing matches and games' rules
    /// if set, then each entry registered.
    #[must_use]
    pub fn events(&self) -> Vec<Event> {
        let mut events = vec![Event::Created {
            name: self.name.clone(),
            rules: self.book,
            format: self.format,
            scoring: self.scoring,
            tie_breaks: self.tie_breaks.clone(),
        }];
        if self.placings != Placings::None {
            events.push(Event::PlacingsSet {
                placings: self.placings,
            });
        }
        if !self.rules.is_empty() {
            events.push(Event::GameRulesSet {
                rules: self.rules.clone(),
            });
        }
        events.extend(
            self.entries
                .iter()
                .cloned()
                .map(|player| Event::Registered { player }),
        );
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Tournament;

    fn form(json: serde_json::Value) -> Result<TournamentSpec, SpecError> {
        let form: SpecForm = serde_json::from_value(json).expect("a form");
        TournamentSpec::try_from(form)
    }

    #[test]
    fn an_empty_form_is_a_single_round_robin_under_cxa_scored_two_one_nothing() {
        // CXA 2011 art. 13.1: 2/1/0; art. 10.1 the round robin.
        let spec = form(serde_json::json!({"name": " Club "})).expect("spec");
        assert_eq!(spec.name, "Club");
        assert_eq!(spec.book, Book::Cxa2011);
        assert_eq!(spec.format, Format::RoundRobin { cycles: 1 });
        assert_eq!(spec.scoring, ScoringScheme::CXA);
        assert_eq!(spec.tie_breaks, None);
        assert_eq!(spec.events().len(), 1);
    }

    #[test]
    fn each_refusal_names_its_field() {
        for (json, field) in [
            (serde_json::json!({"name": "  "}), "name"),
            (serde_json::json!({"name": "x", "book": "fide"}), "book"),
            (
                serde_json::json!({"name": "x", "format": "ladder"}),
                "format",
            ),
            (
                serde_json::json!({"name": "x", "format": "swiss"}),
                "rounds",
            ),
            (
                serde_json::json!({"name": "x", "format": "swiss", "rounds": 5, "playoff_games": 2}),
                "playoff_games",
            ),
            (
                serde_json::json!({"name": "x", "format": "knockout", "games": 4}),
                "games",
            ),
            (
                serde_json::json!({"name": "x", "format": "swiss", "rounds": 5, "placings": "third"}),
                "placings",
            ),
            (
                serde_json::json!({"name": "x", "scoring": "4-2-0"}),
                "scoring",
            ),
            (
                serde_json::json!({"name": "x", "tie_breaks": ["SB", "coin"]}),
                "tie_breaks",
            ),
            (
                serde_json::json!({"name": "x", "entries": [{"name": ""}]}),
                "entries[0].name",
            ),
        ] {
            let e = form(json.clone()).expect_err(&json.to_string());
            assert_eq!(e.field, field, "{json}");
        }
    }

    #[test]
    fn defaults_fill_only_the_formats_own_numbers() {
        let cli = FormatSpec {
            rounds: Some(7),
            groups: Some(2),
            playoff_games: Some(2),
            ..FormatSpec::default()
        };
        let swiss = FormatSpec {
            format: Some("swiss".into()),
            ..FormatSpec::default()
        }
        .or_defaults(&cli);
        assert_eq!(swiss.format(), Ok(Format::Swiss { rounds: 7 }));
        let ko = FormatSpec {
            format: Some("knockout".into()),
            ..FormatSpec::default()
        }
        .or_defaults(&cli);
        assert_eq!(
            ko.format(),
            Ok(Format::Knockout {
                games: MatchFormat::OneGame,
                playoff_games: 2
            })
        );
        // A number given for another format is still refused.
        let wrong = FormatSpec {
            format: Some("swiss".into()),
            groups: Some(3),
            ..FormatSpec::default()
        }
        .or_defaults(&cli);
        assert_eq!(wrong.format().map_err(|e| e.field), Err("groups".into()));
    }

    #[test]
    fn a_spec_file_creates_the_tournament_it_describes() {
        let spec: TournamentSpec = serde_json::from_str(
            r#"{"name": "Cup", "book": "cxa", "format": "knockout", "games": 2,
                "placings": "third", "tie_breaks": ["对手分"],
                "rules": {"move_limit": 40},
                "entries": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}"#,
        )
        .expect("spec");
        let t = Tournament::from_events(spec.events()).expect("tournament");
        assert_eq!(t.players().len(), 3);
        assert_eq!(
            t.format(),
            Format::Knockout {
                games: MatchFormat::TwoGames,
                playoff_games: 0
            }
        );
        assert_eq!(t.placings(), Placings::Third);
        assert_eq!(t.game_rules().get("move_limit"), Some(&40));
        assert_eq!(spec.tie_breaks, Some(vec![TieBreak::OpponentsScore]));
        // A key the form does not know is refused.
        assert!(serde_json::from_str::<TournamentSpec>(r#"{"name": "x", "round": 3}"#).is_err());
    }
}
