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
    GameResult, Player, PlayerId, RuleSet, ScoringScheme,
    double_elimination::Part,
    knockout::{KnockoutMatch, MatchFormat},
    report,
    round_robin::{self, Pairing},
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

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Create a tournament file.
    #[command(after_help = EX_NEW)]
    New {
        /// The tournament file to create.
        file: PathBuf,
        /// Tournament name.
        #[arg(long, default_value = "tournament")]
        name: String,
        /// Rule set: cxa or wxf.
        #[arg(long, default_value = "cxa")]
        rules: String,
        /// Format.
        #[arg(long, value_enum, default_value = "round-robin")]
        format: FormatArg,
        /// Rounds of a Swiss.
        #[arg(long, default_value_t = 7)]
        rounds: u32,
        /// Number of groups of a group stage.
        #[arg(long, default_value_t = 2)]
        groups: u32,
        /// Games per knockout match.
        #[arg(long, value_enum, default_value = "one")]
        match_games: MatchArg,
        /// Rapid play-off games at most after a level knockout match, then a lot (WXF 10.1).
        #[arg(long, default_value_t = 2)]
        playoff_games: u32,
        /// Players going from the Swiss to the knockout (swiss-knockout, CXA 10.5).
        #[arg(long, default_value_t = 8)]
        qualifiers: u32,
        /// Players eliminated after each round once past half (swiss-elimination, CXA 10.6).
        #[arg(long, default_value_t = 1)]
        per_round: u32,
        /// Players left for the last round (swiss-elimination, CXA 10.6).
        #[arg(long, default_value_t = 8)]
        keep: u32,
        /// A second grand final if the losers' bracket champion wins the first
        /// (double-elimination).
        #[arg(long)]
        reset: bool,
        /// Scoring: 2-1-0, 1-0.5-0, 3-1-0 or 3-0-1-2 (draw 1 to red, 2 to black).
        #[arg(long, default_value = "2-1-0")]
        scoring: String,
        /// Tie-break codes in order (e.g. SB,DE,WIN); the book's order when absent.
        #[arg(long, value_delimiter = ',')]
        tie_breaks: Option<Vec<String>>,
        /// Register the players of an entries CSV (name,rating,club,federation).
        #[arg(long)]
        entries: Option<PathBuf>,
    },
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
    /// Create a tournament file from a FIDE TRF file.
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
    ScoringScheme::by_name(name)
        .with_context(|| format!("unknown scoring {name:?} (2-1-0, 1-0.5-0, 3-1-0, 3-0-1-2)"))
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

/// Runs `xiangqi tournament …`.
pub fn run(args: Args) -> Result<()> {
    match args.command {
        Cmd::New {
            file,
            name,
            rules,
            format,
            rounds,
            match_games,
            playoff_games,
            qualifiers,
            per_round,
            keep,
            reset,
            groups,
            scoring,
            tie_breaks,
            entries,
        } => {
            event_file::must_be_new(&file)?;
            let rules: RuleSet = rules.parse()?;
            let scoring = scoring_named(&scoring)?;
            let tie_breaks = tie_breaks
                .map(|codes| {
                    codes
                        .iter()
                        .map(|c| {
                            TieBreak::from_code(c)
                                .with_context(|| format!("unknown tie-break {c:?}"))
                        })
                        .collect::<Result<Vec<_>>>()
                })
                .transpose()?;
            let games = match match_games {
                MatchArg::One => MatchFormat::OneGame,
                MatchArg::Two => MatchFormat::TwoGames,
                MatchArg::BestOfThree => MatchFormat::BestOfThree,
            };
            let format = match format {
                FormatArg::RoundRobin => Format::RoundRobin { cycles: 1 },
                FormatArg::DoubleRoundRobin => Format::RoundRobin { cycles: 2 },
                FormatArg::Swiss => Format::Swiss { rounds },
                FormatArg::Groups => Format::Groups { groups, cycles: 1 },
                FormatArg::Knockout => Format::Knockout {
                    games,
                    playoff_games,
                },
                FormatArg::SwissKnockout => Format::SwissKnockout {
                    rounds,
                    qualifiers,
                    games,
                    playoff_games,
                },
                FormatArg::SwissElimination => Format::SwissElimination {
                    rounds,
                    per_round,
                    keep,
                },
                FormatArg::DoubleElimination => Format::DoubleElimination {
                    reset,
                    playoff_games,
                },
            };
            let mut events = vec![Event::Created {
                name,
                rules,
                format,
                scoring,
                tie_breaks,
            }];
            if let Some(path) = entries {
                let text = event_file::read(&path)?;
                let players =
                    report::read_entries(&text).with_context(|| format!("{}", path.display()))?;
                events.extend(
                    players
                        .into_iter()
                        .map(|player| Event::Registered { player }),
                );
            }
            let t = Tournament::from_events(events)?;
            t.save(&file)?;
            println!(
                "created {} with {} players",
                file.display(),
                t.players().len()
            );
        }
        Cmd::Add {
            file,
            name,
            rating,
            club,
            federation,
        } => {
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
                    Format::Knockout { .. } | Format::DoubleElimination { .. }
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
                | FormatArg::SwissElimination => {
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
            for (k, lines) in t.bracket().iter().enumerate() {
                println!("bracket round {}", k + 1);
                lines.iter().for_each(show);
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
            let t = Tournament::load(&file)?;
            let after_round = after_round.unwrap_or(t.rounds().len() as u32);
            let t = Tournament::update(
                &file,
                Event::Withdrawn {
                    player: id(player)?,
                    after_round,
                },
            )?;
            if t.results_cancelled(id(player)?) {
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
