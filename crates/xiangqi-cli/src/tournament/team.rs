//! `xiangqi tournament team`: a team event from a file of its events (CXA 11–14, 19; WXF 9–11).
//!
//! Teams and boards are numbered from 1 on the command line.

use std::path::PathBuf;

use super::event_file::{self, EventFile};
use anyhow::{Context, Result};
use clap::{Subcommand, ValueEnum};

use xiangqi_tournament::{
    GameResult, Player, RuleSet,
    knockout::MatchFormat,
    swiss::cxa::Cxa,
    team::{BoardRule, Team},
    team_tournament::{TeamEvent, TeamPairing, TeamRanking, TeamTournament},
    tournament::Format,
};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum TeamFormat {
    /// 大循环 of teams (CXA 10.1, 12.2).
    RoundRobin,
    /// Two cycles, the second with colours swapped.
    DoubleRoundRobin,
    /// Swiss of teams (CXA 10.3, 14.6): `pair` uses the CXA 积分编排 engine, or give the
    /// matches with `pair --match`.
    Swiss,
    /// Knockout of teams (CXA 10.4, 12.4; WXF 10.1): seeds are team numbers; see
    /// `--match-games`, `--playoff-games` and `bracket`.
    Knockout,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum MatchGames {
    /// One team match a line.
    One,
    /// Two team matches, the first-listed team swapped (CXA 12.4).
    Two,
    /// Best of three team matches.
    BestOfThree,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BoardRuleArg {
    /// 分台定人制 (CXA 11.1): registered players in registered order.
    Fixed,
    /// 分台换人制 (CXA 11.2): reserves allowed, registered order kept.
    OrderKept,
    /// 临时定台制 (CXA 11.3): any order chosen before each match.
    Temporary,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RankBy {
    /// 场分 first (CXA 14.5, 14.6; WXF 10.4, 10.5).
    MatchPoints,
    /// 总局分 first, one-game Swiss only (CXA 14.7).
    GamePoints,
}

/// Commands of `xiangqi tournament team`.
#[derive(Debug, Subcommand)]
pub enum TeamCmd {
    /// Create a team event file.
    #[command(after_help = "\
Examples:
  xiangqi tournament team new league2.json --boards 4
  xiangqi tournament team new cup2.json --format knockout --boards 3 --match-games two
")]
    New {
        /// The file to create.
        file: PathBuf,
        /// Event name.
        #[arg(long, default_value = "team event")]
        name: String,
        /// Rule set: cxa or wxf.
        #[arg(long, default_value = "cxa")]
        rules: String,
        /// Format.
        #[arg(long, value_enum, default_value = "round-robin")]
        format: TeamFormat,
        /// Rounds of a Swiss.
        #[arg(long, default_value_t = 7)]
        rounds: u32,
        /// Boards per match.
        #[arg(long, default_value_t = 4)]
        boards: usize,
        /// How players take boards (CXA 11.1–11.3).
        #[arg(long, value_enum, default_value = "order-kept")]
        board_rule: BoardRuleArg,
        /// Two games a board, colours swapped in the second (两局制: CXA 12.4; WXF 9.4 大分/小分).
        #[arg(long)]
        two_games: bool,
        /// What ranks teams first.
        #[arg(long, value_enum, default_value = "match-points")]
        rank_by: RankBy,
        /// Scoring: 2-1-0, 1-0.5-0, 3-1-0 or 3-0-1-2.
        #[arg(long, default_value = "2-1-0")]
        scoring: String,
        /// Team matches per knockout line.
        #[arg(long, value_enum, default_value = "one")]
        match_games: MatchGames,
        /// Play-off team matches at most after a level knockout line, then a lot (WXF 10.1).
        #[arg(long, default_value_t = 1)]
        playoff_games: u32,
    },
    /// Register a team: its players in board order, reserves last.
    #[command(after_help = "\
Examples:
  xiangqi tournament team add league.json 广东 --player 许银川:2650 --player 吕钦 --player 黄海林
  xiangqi tournament team add league.json 香港 --player \"陈振杰:2300\" --player 黄学谦
")]
    Add {
        /// The team event file.
        file: PathBuf,
        /// Team name (单位).
        name: String,
        /// A player as NAME or NAME:RATING (repeat, board order).
        #[arg(long = "player", required = true)]
        players: Vec<String>,
    },
    /// Pair the next round: from the order table (round robin), the bracket (knockout, the
    /// first-listed teams drawn from --seed), the CXA 积分编排 engine (Swiss: by 场分, no
    /// rematch, lots from --seed; CXA 10.3, 12.3, 14.4) or the given matches.
    #[command(after_help = "\
Examples:
  xiangqi tournament team pair league.json
  xiangqi tournament team pair league.json --match 1:4 --match 3:2
")]
    Pair {
        /// The team event file.
        file: PathBuf,
        /// A match FIRST:SECOND by team numbers, in table order; the first is red on odd
        /// boards (CXA 12.2, 12.3).
        #[arg(long = "match")]
        matches: Vec<String>,
        /// A team with the bye (Swiss: a won match, CXA 14.4).
        #[arg(long = "bye")]
        byes: Vec<usize>,
        /// Seed of the lot (kept in the event).
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Show a team knockout's bracket: each line, its team matches (the first team's result)
    /// and winner.
    #[command(after_help = "\
Examples:
  xiangqi tournament team bracket teamcup.json
  xiangqi tournament team result teamcup.json 1 1 1 1-0 && xiangqi tournament team bracket teamcup.json
")]
    Bracket {
        /// The team event file.
        file: PathBuf,
    },
    /// Submit a team's line-up for a round: registered positions, board 1 first (CXA 11).
    #[command(after_help = "\
Examples:
  xiangqi tournament team lineup teams.json 1 2 1,2
  xiangqi tournament team lineup teams.json 1 3 1,3
")]
    Lineup {
        /// The team event file.
        file: PathBuf,
        /// Round.
        round: u32,
        /// Team number.
        team: usize,
        /// Registered positions, comma-separated (e.g. 1,2,3,5).
        #[arg(value_delimiter = ',')]
        positions: Vec<usize>,
    },
    /// Record a board's result: 1-0, 0-1, 1/2, +/-, -/+, -/-.
    #[command(after_help = "\
Examples:
  xiangqi tournament team result teams.json 1 1 1 1-0
  xiangqi tournament team result teams.json 1 1 2 -/+
")]
    Result {
        /// The team event file.
        file: PathBuf,
        /// Round.
        round: u32,
        /// Table.
        table: u32,
        /// Board.
        board: usize,
        /// Result as played (red first): 1-0, 0-1, 1/2, or a forfeit +/-, -/+, -/- (no `--`
        /// needed).
        #[arg(allow_hyphen_values = true)]
        result: String,
        /// The second game of a two-game match.
        #[arg(long)]
        second: bool,
    },
    /// Withdraw a team after a round (CXA 19; WXF 11).
    #[command(after_help = "\
Examples:
  xiangqi tournament team withdraw teams.json 3
  xiangqi tournament team withdraw teams.json 3 --after-round 1
")]
    Withdraw {
        /// The team event file.
        file: PathBuf,
        /// Team number.
        team: usize,
        /// The last round it took part in (default: the last paired).
        #[arg(long)]
        after_round: Option<u32>,
    },
    /// Print the team standings.
    #[command(after_help = "\
Examples:
  xiangqi tournament team standings teams.json
  xiangqi tournament team result teams.json 1 1 1 1/2 && xiangqi tournament team standings teams.json
")]
    Standings {
        /// The team event file.
        file: PathBuf,
    },
}

/// A 1-based team number as an index.
fn team_index(n: usize) -> Result<usize> {
    n.checked_sub(1).context("team numbers begin at 1")
}

/// Runs `xiangqi tournament team …`.
pub fn run(cmd: TeamCmd) -> Result<()> {
    match cmd {
        TeamCmd::New {
            file,
            name,
            rules,
            format,
            rounds,
            boards,
            board_rule,
            two_games,
            rank_by,
            scoring,
            match_games,
            playoff_games,
        } => {
            event_file::must_be_new(&file)?;
            let rules: RuleSet = rules.parse()?;
            let scoring = super::scoring_named(&scoring)?;
            let t = TeamTournament::from_events([TeamEvent::Created {
                name,
                rules,
                format: match format {
                    TeamFormat::RoundRobin => Format::RoundRobin { cycles: 1 },
                    TeamFormat::DoubleRoundRobin => Format::RoundRobin { cycles: 2 },
                    TeamFormat::Swiss => Format::Swiss { rounds },
                    TeamFormat::Knockout => Format::Knockout {
                        games: match match_games {
                            MatchGames::One => MatchFormat::OneGame,
                            MatchGames::Two => MatchFormat::TwoGames,
                            MatchGames::BestOfThree => MatchFormat::BestOfThree,
                        },
                        playoff_games,
                    },
                }
                .try_into()?,
                boards,
                board_rule: match board_rule {
                    BoardRuleArg::Fixed => BoardRule::Fixed,
                    BoardRuleArg::OrderKept => BoardRule::OrderKept,
                    BoardRuleArg::Temporary => BoardRule::Temporary,
                },
                scoring,
                tie_breaks: None,
                two_games,
                ranking: match rank_by {
                    RankBy::MatchPoints => TeamRanking::MatchPoints,
                    RankBy::GamePoints => TeamRanking::GamePoints,
                },
            }])?;
            t.save(&file)?;
            println!("created {}", file.display());
        }
        TeamCmd::Add {
            file,
            name,
            players,
        } => {
            let t = TeamTournament::load(&file)?;
            let players = players
                .iter()
                .map(|p| {
                    let (name, rating) = match p.rsplit_once(':') {
                        Some((n, r)) => (
                            n,
                            Some(
                                r.trim()
                                    .parse()
                                    .with_context(|| format!("bad rating in {p:?}"))?,
                            ),
                        ),
                        None => (p.as_str(), None),
                    };
                    Ok(Player {
                        rating,
                        ..Player::named(name.trim())
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            let team = Team {
                name,
                players,
                boards: t.boards(),
            };
            let t = TeamTournament::update(&file, TeamEvent::TeamRegistered { team })?;
            println!("registered as team {}", t.teams().len());
        }
        TeamCmd::Pair {
            file,
            matches,
            byes,
            seed,
        } => {
            let t = TeamTournament::load(&file)?;
            let knockout = matches!(t.format(), Format::Knockout { .. });
            let event = if matches.is_empty() && byes.is_empty() {
                match t.format() {
                    Format::Knockout { .. } => t.pair_knockout(seed)?,
                    Format::Swiss { .. } => t.pair_swiss(&Cxa, seed)?,
                    _ => t.pair_next_round()?,
                }
            } else {
                let matches = matches
                    .iter()
                    .enumerate()
                    .map(|(k, m)| {
                        let (a, b) = m
                            .split_once(':')
                            .with_context(|| format!("match {m:?} is not FIRST:SECOND"))?;
                        let number = |s: &str| -> Result<usize> {
                            team_index(
                                s.trim()
                                    .parse()
                                    .with_context(|| format!("bad team in {m:?}"))?,
                            )
                        };
                        Ok(TeamPairing {
                            table: k as u32 + 1,
                            first: number(a)?,
                            second: number(b)?,
                        })
                    })
                    .collect::<Result<Vec<_>>>()?;
                TeamEvent::RoundPaired {
                    round: t.rounds_paired() + 1,
                    matches,
                    byes: byes.into_iter().map(team_index).collect::<Result<_>>()?,
                    seed: knockout.then_some(seed),
                }
            };
            let t = TeamTournament::update(&file, event)?;
            let round = t.rounds_paired();
            let (matches, byes) = t.pairings(round);
            let name = |i: usize| t.teams().get(i).map_or("?", |x| x.name.as_str());
            println!("round {round}");
            for m in matches {
                println!("{:>3}  {}  -  {}", m.table, name(m.first), name(m.second));
            }
            for b in byes {
                println!("bye  {}", name(b));
            }
        }
        TeamCmd::Lineup {
            file,
            round,
            team,
            positions,
        } => {
            TeamTournament::update(
                &file,
                TeamEvent::LineupSubmitted {
                    round,
                    team: team_index(team)?,
                    lineup: positions,
                },
            )?;
        }
        TeamCmd::Result {
            file,
            round,
            table,
            board,
            result,
            second,
        } => {
            let result: GameResult = result.parse()?;
            TeamTournament::update(
                &file,
                TeamEvent::BoardResult {
                    round,
                    table,
                    board,
                    result,
                    second,
                },
            )?;
        }
        TeamCmd::Withdraw {
            file,
            team,
            after_round,
        } => {
            let t = TeamTournament::load(&file)?;
            let after_round = after_round.unwrap_or(t.rounds_paired());
            let index = team_index(team)?;
            let t = TeamTournament::update(
                &file,
                TeamEvent::Withdrawn {
                    team: index,
                    after_round,
                },
            )?;
            if t.results_cancelled(index) {
                println!(
                    "fewer than half of the matches played: all results of team {team} are \
                     cancelled"
                );
            }
        }
        TeamCmd::Bracket { file } => {
            let t = TeamTournament::load(&file)?;
            let name = |p: Option<xiangqi_tournament::PlayerId>| {
                p.and_then(|p| t.teams().get(p.index()))
                    .map_or("-", |x| x.name.as_str())
            };
            for (k, lines) in t.bracket().iter().enumerate() {
                println!("bracket round {}", k + 1);
                for m in lines {
                    println!("{}", super::bracket_line(m, name));
                }
            }
            if let Some(c) = t.champion() {
                println!("champion: {}", t.teams()[c].name);
            }
        }
        TeamCmd::Standings { file } => {
            let t = TeamTournament::load(&file)?;
            let score = match t.ranking() {
                TeamRanking::MatchPoints => "场分",
                TeamRanking::GamePoints => "局分",
            };
            println!("rank  team                 {score}");
            for s in t.standings() {
                let name = t.teams().get(s.competitor).map_or("?", |x| x.name.as_str());
                println!("{:>4}  {:<20} {:>4}", s.rank, name, s.score);
            }
        }
    }
    Ok(())
}
