//! `xiangqi tournament`: run a competition from a tournament file (its event log, JSON).
//!
//! Every change appends one event and rewrites the file atomically; views are computed from
//! the events each time.

mod event_file;
mod team;

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Subcommand, ValueEnum};
use xiangqi_tournament::{
    GameResult, Player, PlayerId, ScoringScheme,
    double_elimination::Part,
    knockout::{KnockoutMatch, KnockoutPlace, MatchFormat},
    rating::RatingRules,
    report,
    round_robin::{self, Pairing},
    spec::{FormatSpec, SpecError, SpecForm, TournamentSpec},
    swiss::{cxa::Cxa, dutch::Dutch},
    tiebreak::TieBreak,
    tournament::{Event, Format, Penalty, Tournament},
    trf,
};

use event_file::EventFile;

/// Shown at the end of `xiangqi tournament --help`; a test runs each line that starts
/// `xiangqi`, in a folder holding the files they name (`club.json`: a round robin of four with
/// round 1 paired; `swiss.json`, `cup.json`, `groups.json`, `teams.json`, `entries.csv`, …).
pub const EXAMPLES: &str = "\
Examples:
  xiangqi tournament new open.json --entries entries.csv && xiangqi tournament pair open.json
  xiangqi tournament standings club.json
";

// The examples of each subcommand's help.
const EX_NEW: &str = "\
Examples:
  xiangqi tournament new open.json --name \"City Open\" --entries entries.csv
  xiangqi tournament new swiss7.json --format swiss --rounds 7 --rules wxf --scoring 3-1-0
  xiangqi tournament new junior.json --rule move_limit=40 --rule illegal_moves_to_lose=2
  xiangqi tournament new city.json --spec open.spec.json --entries entries.csv
";

const EX_ADD: &str = "\
Examples:
  xiangqi tournament add swiss.json 王天一 --rating 2650 --club 杭州
  xiangqi tournament add swiss.json \"Zheng Weitong\" --federation CHN
";

const EX_PAIR: &str = "\
Examples:
  xiangqi tournament pair swiss.json --engine dutch
  xiangqi tournament pair swiss.json --game 1:3 --game 4:2
";

const EX_KEEP_APART: &str = "\
Examples:
  xiangqi tournament keep-apart swiss.json --clubs
  xiangqi tournament keep-apart swiss.json --player 1 --player 2
";

const EX_GROUPS: &str = "\
Examples:
  xiangqi tournament groups groups.json
  xiangqi tournament new g.json --format groups --entries entries.csv && xiangqi tournament pair g.json && xiangqi tournament groups g.json
";

const EX_FINAL: &str = "\
Examples:
  xiangqi tournament final groups.json final.json
  xiangqi tournament final groups.json final.json --qualifiers 1 --format round-robin
";

const EX_BRACKET: &str = "\
Examples:
  xiangqi tournament bracket cup.json
  xiangqi tournament new ko.json --format knockout --match-games two --entries entries.csv && xiangqi tournament pair ko.json --seed 3 && xiangqi tournament bracket ko.json
";

const EX_RESULT: &str = "\
Examples:
  xiangqi tournament result club.json 1 1 1-0
  xiangqi tournament result club.json 1 2 -/+
";

const EX_WITHDRAW: &str = "\
Examples:
  xiangqi tournament withdraw club.json 4
  xiangqi tournament withdraw club.json 4 --after-round 1
";

const EX_PENALISE: &str = "\
Examples:
  xiangqi tournament penalise club.json 2 --round 1 --kind foul
  xiangqi tournament penalise club.json 3 --round 1 --kind warning
";

const EX_STANDINGS: &str = "\
Examples:
  xiangqi tournament standings club.json
  xiangqi tournament standings club.json --format csv
";

const EX_CROSSTABLE: &str = "\
Examples:
  xiangqi tournament crosstable club.json
  xiangqi tournament crosstable club.json --format html
";

const EX_EXPORT: &str = "\
Examples:
  xiangqi tournament export club.json
  xiangqi tournament export club.json --format csv
";

const EX_IMPORT: &str = "\
Examples:
  xiangqi tournament import swiss.trf --out imported.json
  xiangqi tournament import swiss.trf --out imported.json --rules wxf
";

const EX_TEAM: &str = "\
Examples:
  xiangqi tournament team standings teams.json
  xiangqi tournament team new league2.json --boards 4 --two-games
";

const EX_PLACES: &str = "\
Examples:
  xiangqi tournament places cup.json
  xiangqi tournament new ko.json --format knockout --placings third --entries entries.csv && xiangqi tournament places ko.json --json
";

const EX_TEAM_PLACES: &str = "\
Examples:
  xiangqi tournament team-places club.json
  xiangqi tournament team-places club.json --count 2 --json
";

const EX_DRAW: &str = "\
Examples:
  xiangqi tournament new rr.json --entries entries.csv && xiangqi tournament draw rr.json --seed 7
  xiangqi tournament new ko.json --format knockout --entries entries.csv && xiangqi tournament draw ko.json --seed 3 && xiangqi tournament draw ko.json
";

const EX_RATINGS: &str = "\
Examples:
  xiangqi tournament ratings club.json
  xiangqi tournament ratings club.json --json
";

const EX_SCHEDULE: &str = "\
Examples:
  xiangqi tournament schedule round-robin --players 6
  xiangqi tournament schedule round-robin --players 5 --double --json
";

/// Arguments of `xiangqi tournament`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum FormatArg {
    /// Single round robin (大循环, 一局制).
    RoundRobin,
    /// Double round robin (两局制, colours swapped in the second cycle).
    DoubleRoundRobin,
    /// Swiss (积分编排制, CXA 10.3): `--rounds`; paired by an engine (`pair --engine`) or
    /// given with `pair --game`.
    Swiss,
    /// Knockout (淘汰制, CXA 10.4): seeds are start numbers; see `--match-games`.
    Knockout,
    /// Seeded groups (分组循环制, CXA 10.2): serpentine by rating, a round robin in each;
    /// see `--groups` and `final`.
    Groups,
    /// Swiss then knockout (积分晋圈淘汰制, CXA 10.5): `--rounds` Swiss rounds, then the top
    /// `--qualifiers` seeded by Swiss place play a knockout (`--match-games`,
    /// `--playoff-games`) in the same file.
    SwissKnockout,
    /// Swiss with bottom elimination (积分末位淘汰制, CXA 10.6): once more than half of the
    /// `--rounds` are played, the `--per-round` lowest placed go out after each round until
    /// `--keep` are left for the last round.
    SwissElimination,
    /// Double elimination (双败淘汰制, CXA 10.4): out after two lost matches of one game;
    /// `--reset` for a second grand final, `--playoff-games` after a draw.
    DoubleElimination,
    /// Knockout drawn by lot each round (抽签分组淘汰, seed 001 art. 7): every round the
    /// players left are paired by a fresh lot from `pair --seed`, one draws the bye card when
    /// they are odd; `--match-games`, `--playoff-games`.
    LotKnockout,
}

/// Placing matches of a knockout (附加赛, CXA 10.4).
#[derive(Debug, Clone, Copy, ValueEnum)]
enum PlacingsArg {
    /// The losers of a bracket round share its places.
    None,
    /// A third-place match beside the final.
    Third,
    /// Every place played for: each round's losers play on among themselves.
    All,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum MatchArg {
    /// 一局制.
    One,
    /// 两局制, colours swapped (CXA 12.4).
    Two,
    /// 三局两胜制.
    BestOfThree,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum ViewFormat {
    Text,
    Csv,
    Html,
    Json,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum ExportFormat {
    /// FIDE TRF-16 with XXR/XXS.
    Trf,
    /// CSV of entries.
    Csv,
    /// The event log.
    Json,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum PenaltyArg {
    Foul,
    Warning,
    Disqualification,
}

/// The flags of `tournament new`: the choices of a [`TournamentSpec`], each left out taking
/// the command line's default.
#[derive(Debug, clap::Args)]
struct NewArgs {
    /// The tournament file to create.
    file: PathBuf,
    /// A spec file (JSON): the tournament's choices as the server's form takes them,
    /// `{"name": "City Open", "book": "cxa", "format": "swiss", "rounds": 7, "scoring":
    /// "2-1-0", "tie_breaks": ["SB"], "rules": {"move_limit": 40}, "entries": [{"name": …}]}`.
    /// `--entries` adds to its entries; the other flags are refused beside it.
    #[arg(long, value_name = "FILE.json", conflicts_with_all = [
        "name", "rules", "format", "rounds", "groups", "match_games", "playoff_games",
        "qualifiers", "per_round", "keep", "reset", "placings", "scoring", "tie_breaks", "rule",
    ])]
    spec: Option<PathBuf>,
    /// Tournament name [default: tournament].
    #[arg(long)]
    name: Option<String>,
    /// Book: cxa or wxf [default: cxa].
    #[arg(long)]
    rules: Option<String>,
    /// Format [default: round-robin].
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Rounds of a Swiss [default: 7].
    #[arg(long)]
    rounds: Option<u32>,
    /// Number of groups of a group stage [default: 2].
    #[arg(long)]
    groups: Option<u32>,
    /// Games per knockout match [default: one].
    #[arg(long, value_enum)]
    match_games: Option<MatchArg>,
    /// Rapid play-off games at most after a level knockout match, then a lot (WXF 10.1)
    /// [default: 2].
    #[arg(long)]
    playoff_games: Option<u32>,
    /// Players going from the Swiss to the knockout (swiss-knockout, CXA 10.5) [default: 8].
    #[arg(long)]
    qualifiers: Option<u32>,
    /// Players eliminated after each round once past half (swiss-elimination, CXA 10.6)
    /// [default: 1].
    #[arg(long)]
    per_round: Option<u32>,
    /// Players left for the last round (swiss-elimination, CXA 10.6) [default: 8].
    #[arg(long)]
    keep: Option<u32>,
    /// A second grand final if the losers' bracket champion wins the first
    /// (double-elimination).
    #[arg(long)]
    reset: bool,
    /// Placing matches of a knockout (附加赛, CXA 10.4): none, third (a third-place match)
    /// or all (every place played for) [default: none].
    #[arg(long, value_enum)]
    placings: Option<PlacingsArg>,
    /// Scoring: 2-1-0, 1-0.5-0, 3-1-0 or 3-0-1-2 (draw 1 to red, 2 to black) [default: 2-1-0].
    #[arg(long)]
    scoring: Option<String>,
    /// Tie-break codes in order (e.g. SB,DE,WIN); the book's order when absent.
    #[arg(long, value_delimiter = ',')]
    tie_breaks: Option<Vec<String>>,
    /// Register the players of an entries CSV (name,rating,club,federation).
    #[arg(long)]
    entries: Option<PathBuf>,
    /// A number the book leaves to the organiser, for the event's games, as KEY=VALUE
    /// (repeatable): move_limit, illegal_moves_to_lose, lateness_ms, fouls_to_lose,
    /// draw_offers_beyond, early_draw_moves, appeal_window_ms. Each left out keeps the
    /// book's value.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rule: Vec<String>,
}

/// The command line's numbers for a format's flags left out (`--rounds 7`, `--groups 2`, …):
/// only the chosen format's own are taken ([`FormatSpec::or_defaults`]).
const FORMAT_DEFAULTS: FormatSpec = FormatSpec {
    format: None,
    cycles: None,
    rounds: Some(7),
    games: None,
    playoff_games: Some(2),
    groups: Some(2),
    qualifiers: Some(8),
    per_round: Some(1),
    keep: Some(8),
    reset: Some(false),
};

impl NewArgs {
    /// The spec the flags give, read by the tournament crate as the server's form is
    /// (entries and the spec file are read by [`NewArgs::spec`]).
    fn spec_form(&self) -> Result<SpecForm> {
        let format = FormatSpec {
            format: self.format.map(|f| value_name(f).replace('-', "_")),
            cycles: None,
            rounds: self.rounds,
            games: self.match_games.map(|g| match g {
                MatchArg::One => 1,
                MatchArg::Two => 2,
                MatchArg::BestOfThree => 3,
            }),
            playoff_games: self.playoff_games,
            groups: self.groups,
            qualifiers: self.qualifiers,
            per_round: self.per_round,
            keep: self.keep,
            reset: self.reset.then_some(true),
        }
        .or_defaults(&FORMAT_DEFAULTS);
        Ok(SpecForm {
            name: self.name.clone().unwrap_or_else(|| "tournament".to_owned()),
            book: self.rules.clone(),
            placings: self.placings.map(|p| value_name(p).to_owned()),
            scoring: self.scoring.clone(),
            tie_breaks: self.tie_breaks.clone(),
            rules: rules_given(&self.rule)?,
            ..SpecForm::default()
        }
        .with_format(format))
    }

    /// The spec: from `--spec` or the flags, with `--entries` registered after its entries,
    /// and the games' rules checked against the book.
    fn spec(&self) -> Result<TournamentSpec> {
        let form = match &self.spec {
            Some(path) => {
                let text = event_file::read(path)?;
                serde_json::from_str::<SpecForm>(&text)
                    .with_context(|| format!("{}", path.display()))?
            }
            None => self.spec_form()?,
        };
        let mut spec = TournamentSpec::try_from(form).map_err(|e| match &self.spec {
            Some(path) => anyhow::anyhow!("{}: {e}", path.display()),
            None => anyhow::anyhow!("{}", flag_error(&e)),
        })?;
        check_game_rules(spec.book, &spec.rules)?;
        if let Some(path) = &self.entries {
            let text = event_file::read(path)?;
            let players =
                report::read_entries(&text).with_context(|| format!("{}", path.display()))?;
            spec.entries.extend(players);
        }
        Ok(spec)
    }
}

/// A refused choice as the flag that gave it (`--playoff-games: only a knockout has
/// play-offs`).
fn flag_error(e: &SpecError) -> String {
    let flag = match e.field.as_str() {
        "book" => "rules",
        "games" => "match-games",
        "cycles" => "format",
        other => other,
    };
    format!("--{}: {}", flag.replace('_', "-"), e.message)
}

/// The name clap gives a value (`swiss-knockout`, `third`).
fn value_name(v: impl ValueEnum) -> String {
    v.to_possible_value()
        .map(|p| p.get_name().to_owned())
        .unwrap_or_default()
}

/// The numbers `--rule KEY=VALUE` sets for an event's games (repeatable; the arbiter's
/// `EventRules` reads each), by key.
pub(crate) fn rules_given(given: &[String]) -> Result<std::collections::BTreeMap<String, u64>> {
    let mut rules = xiangqi_arbiter::EventRules::default();
    for text in given {
        rules
            .set_text(text)
            .with_context(|| format!("--rule {text}"))?;
    }
    Ok(rules
        .pairs()
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect())
}

/// The games' rules checked against the book as the arbiter reads them (each key known, each
/// value possible: CXA 2011 art. 4.2.4 and the other numbers the books leave to organisers).
pub(crate) fn check_game_rules(
    book: xiangqi_tournament::Book,
    rules: &std::collections::BTreeMap<String, u64>,
) -> Result<()> {
    let book = match book {
        xiangqi_tournament::Book::Cxa2011 => xiangqi_arbiter::Book::Cxa2011,
        xiangqi_tournament::Book::Wxf2018 => xiangqi_arbiter::Book::Wxf2018,
    };
    let mut event = xiangqi_arbiter::EventRules::default();
    for (k, v) in rules {
        event.set(k, *v).with_context(|| format!("rule {k}={v}"))?;
    }
    xiangqi_arbiter::RuleSet::with_event(book, &event).context("--rule")?;
    Ok(())
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Create a tournament file, from flags or from a spec file (`--spec`).
    #[command(after_help = EX_NEW)]
    New(NewArgs),
    /// Register a player.
    #[command(after_help = EX_ADD)]
    Add {
        /// The tournament file.
        file: PathBuf,
        /// Player name.
        name: String,
        /// Rating (等级分).
        #[arg(long)]
        rating: Option<u16>,
        /// Club or team.
        #[arg(long)]
        club: Option<String>,
        /// Federation code.
        #[arg(long)]
        federation: Option<String>,
    },
    /// Pair the next round: from the order table (round robin, groups), the Swiss engine
    /// (Swiss rounds) or the bracket (knockout rounds, colours of a match's first game drawn
    /// from --seed); or the given games.
    #[command(after_help = EX_PAIR)]
    Pair {
        /// The tournament file.
        file: PathBuf,
        /// A game RED:BLACK by start numbers, in board order (Swiss).
        #[arg(long = "game")]
        games: Vec<String>,
        /// A player with the bye (Swiss).
        #[arg(long = "bye")]
        byes: Vec<u32>,
        /// Swiss engine when no games are given: dutch (FIDE C.04.3) or cxa (CXA 10.3).
        #[arg(long, default_value = "cxa")]
        engine: String,
        /// Seed for any lot the engine draws (kept in the event).
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Keep players apart in a Swiss (CXA 10.3 with appendix 3; TRF XXP): club-mates, or a
    /// group of start numbers.
    #[command(after_help = EX_KEEP_APART)]
    KeepApart {
        /// The tournament file.
        file: PathBuf,
        /// Keep every two players of the same club or team apart.
        #[arg(long)]
        clubs: bool,
        /// A start number of the group kept apart (repeat).
        #[arg(long = "player")]
        players: Vec<u32>,
    },
    /// Show each group's standings of a group stage (CXA 10.2).
    #[command(after_help = EX_GROUPS)]
    Groups {
        /// The tournament file.
        file: PathBuf,
    },
    /// Open the final of a finished group stage as a new tournament file: the top K of each
    /// group, group winners first (CXA 10.2).
    #[command(after_help = EX_FINAL)]
    Final {
        /// The group stage's tournament file.
        file: PathBuf,
        /// The final's tournament file to create.
        out: PathBuf,
        /// Finalists from each group.
        #[arg(long, default_value_t = 2)]
        qualifiers: usize,
        /// The final's format: knockout (one game a match, 2 play-off games) or round-robin.
        #[arg(long, value_enum, default_value = "knockout")]
        format: FormatArg,
    },
    /// Show a knockout's bracket (also a Swiss then knockout's, a double elimination's): each
    /// match, its games (first-listed player's score), winner.
    #[command(after_help = EX_BRACKET)]
    Bracket {
        /// The tournament file.
        file: PathBuf,
    },
    /// Record a result: 1-0, 0-1, 1/2, +/-, -/+, -/-.
    #[command(after_help = EX_RESULT)]
    Result {
        /// The tournament file.
        file: PathBuf,
        /// Round.
        round: u32,
        /// Board.
        board: u32,
        /// Result: 1-0, 0-1, 1/2, or a forfeit +/-, -/+, -/- (no `--` needed).
        #[arg(allow_hyphen_values = true)]
        result: String,
    },
    /// Withdraw a player after a round.
    #[command(after_help = EX_WITHDRAW)]
    Withdraw {
        /// The tournament file.
        file: PathBuf,
        /// Start number.
        player: u32,
        /// The last round the player took part in (default: the last paired).
        #[arg(long)]
        after_round: Option<u32>,
    },
    /// Record a foul or a sanction.
    #[command(after_help = EX_PENALISE)]
    Penalise {
        /// The tournament file.
        file: PathBuf,
        /// Start number.
        player: u32,
        /// Round.
        #[arg(long)]
        round: u32,
        /// What.
        #[arg(long, value_enum)]
        kind: PenaltyArg,
    },
    /// Print the standings.
    #[command(after_help = EX_STANDINGS)]
    Standings {
        /// The tournament file.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: ViewFormat,
    },
    /// Print the crosstable.
    #[command(after_help = EX_CROSSTABLE)]
    Crosstable {
        /// The tournament file.
        file: PathBuf,
        /// Output format (json is the standings' JSON).
        #[arg(long, value_enum, default_value = "text")]
        format: ViewFormat,
    },
    /// Export the tournament.
    #[command(after_help = EX_EXPORT)]
    Export {
        /// The tournament file.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value = "trf")]
        format: ExportFormat,
    },
    /// Create a tournament file from a FIDE TRF file. Points per result come from its `XXS`
    /// line, else its TRF-2026 `162` record or `BB…` lines, else 1/½/0.
    #[command(after_help = EX_IMPORT)]
    Import {
        /// The TRF file.
        trf: PathBuf,
        /// The tournament file to create.
        #[arg(long)]
        out: PathBuf,
        /// Rule set: cxa or wxf.
        #[arg(long, default_value = "cxa")]
        rules: String,
        /// Read it as a single round robin instead of a Swiss.
        #[arg(long)]
        round_robin: bool,
    },
    /// Draw start numbers by lot (抽签) before round 1 (round robin: places in the order
    /// table; knockout, double elimination: the bracket's seeds), and print the draw; without
    /// --seed, print the draw in force. A withdrawal before the start that leaves a round robin
    /// even redraws it (CXA 14.4).
    #[command(after_help = EX_DRAW)]
    Draw {
        /// The tournament file.
        file: PathBuf,
        /// Draw with this seed (kept in the event, so the draw can be checked).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Print a knockout's standings (CXA 10.4): by the round reached and the placing
    /// matches (附加赛), places shared by a bracket round's losers who play none.
    #[command(after_help = EX_PLACES)]
    Places {
        /// The tournament file.
        file: PathBuf,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Print the event's rating report (等级分, Elo): expected score by the logistic curve
    /// (400-point cap unless the rules say otherwise), K from the organiser's table, a
    /// performance rating for the unrated after enough games.
    #[command(after_help = EX_RATINGS)]
    Ratings {
        /// The tournament file.
        file: PathBuf,
        /// Record these rating rules first (JSON: k_table [{games_below, rating_below, k}],
        /// difference_cap (null: none), performance_after, prior_games {"no": games}).
        #[arg(long)]
        rules: Option<PathBuf>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Print the 队员总分制 team standings of an individual event (CXA 11.5, 14.8): each
    /// unit's (club's) best places summed, the smaller sum first, equal sums by the best
    /// place. Teams with fewer players than --count come last.
    #[command(after_help = EX_TEAM_PLACES)]
    TeamPlaces {
        /// The tournament file.
        file: PathBuf,
        /// Places each team counts (its best ones); by default the smallest team's size.
        #[arg(long)]
        count: Option<usize>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Run a team event (CXA 11–14, 19; WXF 9–11) from its own file.
    #[command(after_help = EX_TEAM)]
    Team {
        #[command(subcommand)]
        command: team::TeamCmd,
    },
    /// Print a schedule without a tournament file.
    #[command(after_help = EX_SCHEDULE)]
    Schedule {
        #[command(subcommand)]
        kind: ScheduleKind,
    },
}

#[derive(Debug, Subcommand)]
enum ScheduleKind {
    /// The round-robin order table (CXA appendix 2 / Berger).
    #[command(after_help = "\
Examples:
  xiangqi tournament schedule round-robin --players 8
  xiangqi tournament schedule round-robin --players 4 --double
")]
    RoundRobin {
        /// Number of players.
        #[arg(long)]
        players: u32,
        /// Two cycles, colours swapped in the second.
        #[arg(long)]
        double: bool,
        /// Print JSON: {"rounds":[[{"board":1,"red":1,"black":8},…,{"bye":5}],…]}.
        #[arg(long)]
        json: bool,
    },
}

fn id(n: u32) -> Result<PlayerId> {
    PlayerId::new(n).context("start numbers begin at 1")
}

/// Points per game by the name of their scheme (CXA 13.3: the organiser may change them).
fn scoring_named(name: &str) -> Result<ScoringScheme> {
    xiangqi_tournament::spec::scoring_named(Some(name)).map_err(|e| anyhow::anyhow!(flag_error(&e)))
}

/// A knockout match as a line of the bracket: both sides, the first side's score in each game,
/// the winner and what decided it (play-off, lot: CXA 10.4; WXF 10.1).
fn bracket_line<'a>(m: &KnockoutMatch, name: impl Fn(Option<PlayerId>) -> &'a str) -> String {
    let games: Vec<String> = m
        .games
        .iter()
        .map(|g| match g.outcome {
            Some(o) => format!("{}", o.halves() as f64 / 2.0),
            None => "?".into(),
        })
        .collect();
    format!(
        "  {} - {}  [{}]  -> {} ({:?})",
        name(m.first),
        name(m.second),
        games.join(" "),
        name(m.winner),
        m.decision
    )
}

/// The start-number draw in force, a line per lot (CXA 14.4 redraws counted).
fn print_draw(t: &Tournament) -> Result<()> {
    let Some(draw) = t.start_draw() else {
        bail!("no start numbers drawn; draw them with --seed");
    };
    println!(
        "lots drawn with seed {}{}",
        draw.seed,
        match draw.redraws {
            0 => String::new(),
            n => format!(", drawn again {n}x after withdrawals (CXA 14.4)"),
        }
    );
    println!(" lot   no  name");
    for (k, p) in draw.order.iter().enumerate() {
        println!(
            "{:>4} {:>4}  {}",
            k + 1,
            p.get(),
            t.players()[p.index()].name
        );
    }
    Ok(())
}

/// A knockout place as printed: `3`, `5-8` when shared, `-` while not settled.
/// Tie-breaks from their codes (SB, DE, WIN, …) or names, in order.
fn tie_breaks_named(codes: &[String]) -> Result<Vec<TieBreak>> {
    codes
        .iter()
        .map(|c| {
            xiangqi_tournament::spec::tie_break_named(c)
                .map_err(|e| anyhow::anyhow!(flag_error(&e)))
        })
        .collect()
}

fn place_text(k: Option<KnockoutPlace>) -> String {
    match k {
        None => "-".into(),
        Some(k) if k.down_to > k.place => format!("{}-{}", k.place, k.down_to),
        Some(k) => k.place.to_string(),
    }
}

/// Runs `xiangqi tournament …`.
pub fn run(args: Args) -> Result<()> {
    match args.command {
        Cmd::New(args) => {
            event_file::must_be_new(&args.file)?;
            let spec = args.spec()?;
            let t = Tournament::from_events(spec.events())?;
            t.save(&args.file)?;
            println!(
                "created {} with {} players",
                args.file.display(),
                t.players().len()
            );
            for (k, v) in &spec.rules {
                println!("games' rule: {k}={v}");
            }
        }
        Cmd::Add {
            file,
            name,
            rating,
            club,
            federation,
        } => {
            let drawn_before = Tournament::load(&file)?.start_draw().is_some();
            let t = Tournament::update(
                &file,
                Event::Registered {
                    player: Player {
                        name,
                        rating,
                        club,
                        federation,
                    },
                },
            )?;
            println!("registered as no. {}", t.players().len());
            if drawn_before {
                println!("the start numbers drawn before hold no lot for the newcomer: draw again");
            }
        }
        Cmd::Pair {
            file,
            games,
            byes,
            engine,
            seed,
        } => {
            let t = Tournament::load(&file)?;
            // CXA 10.6: who goes out before this round, fixed when the round is paired.
            let out = t.elimination_due();
            let event = if games.is_empty() && byes.is_empty() {
                // Knockout rounds: colours of a match's first game drawn from the seed (CXA 12.4).
                match engine.as_str() {
                    "dutch" => t.pair_next(&Dutch, seed)?,
                    "cxa" => t.pair_next(&Cxa, seed)?,
                    _ => bail!("unknown engine {engine:?} (dutch or cxa)"),
                }
            } else {
                let games = games
                    .iter()
                    .enumerate()
                    .map(|(k, g)| {
                        let (r, b) = g
                            .split_once(':')
                            .with_context(|| format!("game {g:?} is not RED:BLACK"))?;
                        Ok(Pairing {
                            board: k as u32 + 1,
                            red: id(r
                                .trim()
                                .parse()
                                .with_context(|| format!("bad player in {g:?}"))?)?,
                            black: id(b
                                .trim()
                                .parse()
                                .with_context(|| format!("bad player in {g:?}"))?)?,
                        })
                    })
                    .collect::<Result<Vec<_>>>()?;
                let byes = byes.into_iter().map(id).collect::<Result<Vec<_>>>()?;
                // A knockout round keeps its seed (the play-off lot is drawn from it).
                let knockout = matches!(
                    t.format(),
                    Format::Knockout { .. }
                        | Format::DoubleElimination { .. }
                        | Format::LotKnockout { .. }
                ) || t.in_knockout_stage();
                Event::RoundPaired {
                    round: t.rounds().len() as u32 + 1,
                    games,
                    byes,
                    seed: knockout.then_some(seed),
                }
            };
            let t = Tournament::update(&file, event)?;
            for p in out {
                println!("eliminated  {}", t.players()[p.index()].name);
            }
            if let Some(r) = t.rounds().last() {
                println!("round {}", r.number);
                for g in &r.games {
                    let p = g.pairing;
                    println!(
                        "{:>3}  {} (red)  -  {} (black)",
                        p.board,
                        t.players()[p.red.index()].name,
                        t.players()[p.black.index()].name
                    );
                }
                for b in &r.byes {
                    println!("bye  {}", t.players()[b.index()].name);
                }
            }
        }
        Cmd::Team { command } => team::run(command)?,
        Cmd::TeamPlaces { file, count, json } => {
            let t = Tournament::load(&file)?;
            if count == Some(0) {
                bail!("--count must be at least 1");
            }
            let rows = t.place_sum_standings(count);
            if json {
                let rows: Vec<serde_json::Value> = rows
                    .iter()
                    .map(|r| {
                        serde_json::json!({
                            "rank": r.rank,
                            "team": r.team,
                            "sum": r.sum,
                            "best": r.best,
                            "complete": r.complete,
                            "places": r.counted.iter().map(|(p, place)| serde_json::json!({
                                "no": p.get(),
                                "name": t.players()[p.index()].name,
                                "place": place,
                            })).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                println!("{}", serde_json::json!({ "teams": rows }));
            } else {
                println!("rank  team                 名次和  best  places");
                for r in &rows {
                    let places: Vec<String> =
                        r.counted.iter().map(|(_, p)| p.to_string()).collect();
                    println!(
                        "{:>4}  {:<20} {:>6}  {:>4}  {}{}",
                        r.rank,
                        r.team,
                        r.sum,
                        r.best.map_or("-".into(), |b| b.to_string()),
                        places.join("+"),
                        if r.complete { "" } else { "  (incomplete)" }
                    );
                }
            }
        }
        Cmd::Draw { file, seed } => {
            let t = match seed {
                Some(seed) => Tournament::update(&file, Event::LotsDrawn { seed })?,
                None => Tournament::load(&file)?,
            };
            print_draw(&t)?;
        }
        Cmd::Places { file, json } => {
            let t = Tournament::load(&file)?;
            if !matches!(
                t.format(),
                Format::Knockout { .. } | Format::SwissKnockout { .. } | Format::LotKnockout { .. }
            ) {
                bail!("places are a knockout's; use standings");
            }
            let rows = t.knockout_standings();
            if json {
                let rows: Vec<serde_json::Value> = rows
                    .iter()
                    .map(|(p, k)| {
                        serde_json::json!({
                            "no": p.get(),
                            "name": t.players()[p.index()].name,
                            "place": k.map(|k| k.place),
                            "down_to": k.map(|k| k.down_to),
                        })
                    })
                    .collect();
                println!("{}", serde_json::json!({ "places": rows }));
            } else {
                for (p, k) in &rows {
                    println!(
                        "{:>7}  {:>3}  {}",
                        place_text(*k),
                        p.get(),
                        t.players()[p.index()].name
                    );
                }
            }
        }
        Cmd::Ratings { file, rules, json } => {
            let t = match rules {
                Some(path) => {
                    let text = event_file::read(&path)?;
                    let rules = RatingRules::from_json(&text)
                        .with_context(|| format!("{}", path.display()))?;
                    Tournament::update(&file, Event::RatingRulesSet { rules })?
                }
                None => Tournament::load(&file)?,
            };
            let report = t.ratings();
            if json {
                println!("{}", serde_json::to_string(&report)?);
            } else {
                print!("{}", report.text());
            }
        }
        Cmd::KeepApart {
            file,
            clubs,
            players,
        } => {
            if !clubs && players.len() < 2 {
                bail!("give --clubs or at least two --player");
            }
            let players = players.into_iter().map(id).collect::<Result<Vec<_>>>()?;
            let t = Tournament::update(&file, Event::KeptApart { clubs, players })?;
            for g in t.kept_apart() {
                let names: Vec<&str> = g
                    .iter()
                    .filter_map(|&n| t.players().get(n as usize - 1))
                    .map(|p| p.name.as_str())
                    .collect();
                println!("kept apart: {}", names.join(", "));
            }
        }
        Cmd::Groups { file } => {
            let t = Tournament::load(&file)?;
            for (k, g) in t.group_standings().iter().enumerate() {
                let letter = char::from(b'A' + (k % 26) as u8);
                println!("group {letter}");
                for s in g {
                    println!(
                        "{:>4}  {:<20} {}",
                        s.rank,
                        t.players()[s.competitor].name,
                        s.score
                    );
                }
            }
        }
        Cmd::Final {
            file,
            out,
            qualifiers,
            format,
        } => {
            event_file::must_be_new(&out)?;
            let t = Tournament::load(&file)?;
            let format = match format {
                FormatArg::Knockout => Format::Knockout {
                    games: MatchFormat::OneGame,
                    playoff_games: 2,
                },
                FormatArg::RoundRobin => Format::RoundRobin { cycles: 1 },
                FormatArg::DoubleRoundRobin => Format::RoundRobin { cycles: 2 },
                FormatArg::DoubleElimination => Format::DoubleElimination {
                    reset: false,
                    playoff_games: 2,
                },
                FormatArg::Swiss
                | FormatArg::Groups
                | FormatArg::SwissKnockout
                | FormatArg::SwissElimination
                | FormatArg::LotKnockout => {
                    bail!("a final is a knockout, a double elimination or a round robin")
                }
            };
            let name = format!("{} final", t.name());
            let f = Tournament::from_events(t.final_events(&name, format, qualifiers)?)?;
            f.save(&out)?;
            for (k, p) in f.players().iter().enumerate() {
                println!("seed {:>2}  {}", k + 1, p.name);
            }
        }
        Cmd::Bracket { file } => {
            let t = Tournament::load(&file)?;
            let name = |p: Option<PlayerId>| {
                p.and_then(|p| t.players().get(p.index()))
                    .map_or("-", |p| p.name.as_str())
            };
            let show = |m: &KnockoutMatch| println!("{}", bracket_line(m, name));
            if let Format::SwissKnockout { qualifiers, .. } = t.format() {
                if !t.in_knockout_stage() {
                    let q: Vec<&str> = t.qualifiers().into_iter().map(|p| name(Some(p))).collect();
                    println!(
                        "swiss stage on; {qualifiers} go through, now: {}",
                        q.join(", ")
                    );
                }
            }
            let lot = matches!(t.format(), Format::LotKnockout { .. });
            for (k, lines) in t.bracket().iter().enumerate() {
                // Seed 001 art. 7: each round drawn afresh; the seed redraws it.
                let drawn = lines
                    .iter()
                    .find_map(|l| l.games.first())
                    .and_then(|g| t.rounds().get(g.round as usize - 1))
                    .and_then(|r| r.seed)
                    .filter(|_| lot);
                match drawn {
                    Some(seed) => println!("bracket round {} (drawn by lot, seed {seed})", k + 1),
                    None => println!("bracket round {}", k + 1),
                }
                lines.iter().for_each(show);
            }
            for r in t.placing_matches() {
                println!(
                    "places {}-{} (beside bracket round {})",
                    r.first_place, r.last_place, r.bracket_round
                );
                r.lines.iter().for_each(show);
            }
            let double = t.double_bracket();
            let shown = double
                .iter()
                .filter(|m| m.needed && (m.line.first.is_some() || m.line.second.is_some()));
            for m in shown {
                let part = match m.part {
                    Part::Winners(r) => format!("winners' round {r}"),
                    Part::Losers(r) => format!("losers' round {r}"),
                    Part::GrandFinal => "grand final".into(),
                    Part::Reset => "second grand final".into(),
                };
                println!("{part}");
                show(&m.line);
            }
            if let Some(c) = t.champion() {
                println!("champion: {}", name(Some(c)));
            }
        }
        Cmd::Result {
            file,
            round,
            board,
            result,
        } => {
            let result: GameResult = result.parse()?;
            Tournament::update(
                &file,
                Event::ResultRecorded {
                    round,
                    board,
                    result,
                },
            )?;
        }
        Cmd::Withdraw {
            file,
            player,
            after_round,
        } => {
            let before = Tournament::load(&file)?;
            let after_round = after_round.unwrap_or(before.rounds().len() as u32);
            let t = Tournament::update(
                &file,
                Event::Withdrawn {
                    player: id(player)?,
                    after_round,
                },
            )?;
            // CXA 14.4: a round robin left even before the start is drawn again.
            let redrawn = |t: &Tournament| t.start_draw().map(|d| d.redraws);
            if redrawn(&t) > redrawn(&before) {
                println!(
                    "an even number left before the start: start numbers drawn again (CXA 14.4)"
                );
                print_draw(&t)?;
            }
            if after_round == 0 {
                // CXA 14.4: out of the table before it is played, nothing to cancel.
                println!("withdrew before the start: out of the table");
            } else if t.results_cancelled(id(player)?) {
                println!(
                    "fewer than half of the games played: all results of {player} are cancelled"
                );
            }
        }
        Cmd::Penalise {
            file,
            player,
            round,
            kind,
        } => {
            let penalty = match kind {
                PenaltyArg::Foul => Penalty::Foul,
                PenaltyArg::Warning => Penalty::Warning,
                PenaltyArg::Disqualification => Penalty::GameDisqualification,
            };
            Tournament::update(
                &file,
                Event::Penalised {
                    player: id(player)?,
                    round,
                    penalty,
                },
            )?;
        }
        Cmd::Standings { file, format } => {
            let t = Tournament::load(&file)?;
            // CXA 10.4: a knockout ranks by the round reached and its placing matches.
            if matches!(
                t.format(),
                Format::Knockout { .. } | Format::LotKnockout { .. }
            ) && matches!(format, ViewFormat::Text | ViewFormat::Json)
            {
                return run(Args {
                    command: Cmd::Places {
                        file,
                        json: matches!(format, ViewFormat::Json),
                    },
                });
            }
            match format {
                ViewFormat::Text => print!("{}", report::standings_text(&t)),
                ViewFormat::Csv => print!("{}", report::standings_csv(&t)),
                ViewFormat::Html => print!("{}", report::standings_html(&t)),
                ViewFormat::Json => {
                    let order = t.tie_break_order();
                    let rows: Vec<serde_json::Value> = t
                        .standings()
                        .iter()
                        .map(|s| {
                            let tb: serde_json::Map<String, serde_json::Value> = order
                                .iter()
                                .zip(&s.tie_breaks)
                                .map(|(k, v)| (k.code().to_owned(), v.text().into()))
                                .collect();
                            serde_json::json!({
                                "rank": s.rank,
                                "no": s.competitor + 1,
                                "name": t.players()[s.competitor].name,
                                "score": s.score.to_string(),
                                "tie_breaks": tb,
                            })
                        })
                        .collect();
                    println!("{}", serde_json::json!({ "standings": rows }));
                }
            }
        }
        Cmd::Crosstable { file, format } => {
            let t = Tournament::load(&file)?;
            match format {
                ViewFormat::Text => print!("{}", report::crosstable_text(&t)),
                ViewFormat::Csv => print!("{}", report::crosstable_csv(&t)),
                ViewFormat::Html => print!("{}", report::crosstable_html(&t)),
                ViewFormat::Json => {
                    bail!("the crosstable has no JSON form; use export --format json")
                }
            }
        }
        Cmd::Export { file, format } => {
            let t = Tournament::load(&file)?;
            match format {
                ExportFormat::Trf => print!("{}", trf::export(&t)),
                ExportFormat::Csv => print!("{}", report::write_entries(t.players())),
                ExportFormat::Json => println!("{}", t.to_json()),
            }
        }
        Cmd::Import {
            trf: path,
            out,
            rules,
            round_robin,
        } => {
            event_file::must_be_new(&out)?;
            let text = event_file::read(&path)?;
            let format = round_robin.then_some(Format::RoundRobin { cycles: 1 });
            let events = trf::import(&text, rules.parse()?, format, None)
                .with_context(|| format!("{}", path.display()))?;
            let t = Tournament::from_events(events)?;
            t.save(&out)?;
            println!(
                "imported {} players, {} rounds",
                t.players().len(),
                t.rounds().len()
            );
        }
        Cmd::Schedule {
            kind:
                ScheduleKind::RoundRobin {
                    players,
                    double,
                    json,
                },
        } => {
            if players < 2 {
                bail!("a round robin needs at least 2 players");
            }
            let rounds = round_robin::schedule(players, if double { 2 } else { 1 });
            if json {
                // Written by hand to keep the documented key order (board, red, black).
                let rounds: Vec<String> = rounds
                    .iter()
                    .map(|r| {
                        let cells: Vec<String> = r
                            .games
                            .iter()
                            .map(|g| {
                                format!(
                                    "{{\"board\":{},\"red\":{},\"black\":{}}}",
                                    g.board, g.red, g.black
                                )
                            })
                            .chain(r.bye.map(|b| format!("{{\"bye\":{b}}}")))
                            .collect();
                        format!("[{}]", cells.join(","))
                    })
                    .collect();
                println!("{{\"rounds\":[{}]}}", rounds.join(","));
            } else {
                for (k, r) in rounds.iter().enumerate() {
                    let mut line = format!("round {:>2}:", k + 1);
                    for g in &r.games {
                        line.push_str(&format!("  {}-{}", g.red, g.black));
                    }
                    if let Some(b) = r.bye {
                        line.push_str(&format!("  bye {b}"));
                    }
                    println!("{line}");
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;
    use serde_json::json;
    use xiangqi_tournament::{Book, tournament::Format};

    use super::*;

    #[derive(Parser)]
    struct New {
        #[command(flatten)]
        args: NewArgs,
    }

    /// The spec `tournament new` gives for `flags`.
    fn from_flags(flags: &[&str]) -> TournamentSpec {
        let argv = ["new", "t.json"].iter().chain(flags);
        New::try_parse_from(argv)
            .expect("flags")
            .args
            .spec()
            .expect("a spec")
    }

    /// The spec `POST /api/tournaments` gives for `form`.
    fn from_form(form: serde_json::Value) -> TournamentSpec {
        xiangqi_server::tournament_spec_of_form(form.to_string().as_bytes()).expect("a spec")
    }

    #[test]
    fn the_flags_and_the_servers_form_give_the_same_spec() {
        // A WXF Swiss of 5 rounds scored 3-1-0 with the organiser's tie-breaks and move limit.
        let cli = from_flags(&[
            "--name",
            "City Open",
            "--rules",
            "wxf",
            "--format",
            "swiss",
            "--rounds",
            "5",
            "--scoring",
            "3-1-0",
            "--tie-breaks",
            "SB,WIN",
            "--rule",
            "move_limit=40",
        ]);
        let server = from_form(json!({
            "name": "City Open", "rules": {"book": "wxf", "move_limit": 40}, "format": "swiss",
            "rounds": 5, "scoring": "3-1-0", "tie_breaks": ["SB", "WIN"],
        }));
        assert_eq!(cli, server);
        assert_eq!(cli.book, Book::Wxf2018);
        assert_eq!(cli.format, Format::Swiss { rounds: 5 });
        assert_eq!(cli.rules.get("move_limit"), Some(&40));

        // A best-of-three knockout with a third-place match (CXA 10.4), play-offs given.
        let cli = from_flags(&[
            "--name",
            "Cup",
            "--format",
            "knockout",
            "--match-games",
            "best-of-three",
            "--playoff-games",
            "1",
            "--placings",
            "third",
        ]);
        let server = from_form(json!({
            "name": "Cup", "format": "knockout", "games": 3, "playoff_games": 1,
            "placings": "third",
        }));
        assert_eq!(cli, server);
        assert_eq!(
            cli.format,
            Format::Knockout {
                games: MatchFormat::BestOfThree,
                playoff_games: 1
            }
        );

        // A double round robin, and a Swiss then knockout (CXA 10.5).
        assert_eq!(
            from_flags(&["--name", "L", "--format", "double-round-robin"]),
            from_form(json!({"name": "L", "format": "double_round_robin"}))
        );
        assert_eq!(
            from_flags(&[
                "--name",
                "SK",
                "--format",
                "swiss-knockout",
                "--rounds",
                "4",
                "--qualifiers",
                "4",
                "--playoff-games",
                "0",
            ]),
            from_form(
                json!({"name": "SK", "format": "swiss_knockout", "rounds": 4, "qualifiers": 4})
            )
        );
    }

    #[test]
    fn a_flag_of_another_format_is_refused_naming_it() {
        let argv = ["new", "t.json", "--format", "swiss", "--groups", "3"];
        let err = New::try_parse_from(argv)
            .expect("flags")
            .args
            .spec()
            .expect_err("groups are not a Swiss's");
        assert_eq!(err.to_string(), "--groups: not a field of the swiss format");
    }
}
