//! `xiangqi tournament team`: a team event from a file of its events (CXA 11–14, 19; WXF 9–11).
//!
//! Teams and boards are numbered from 1 on the command line.

use std::path::PathBuf;

use super::event_file::{self, EventFile};
use anyhow::{Context, Result};
use clap::{Subcommand, ValueEnum};

use xiangqi_tournament::{
    Book, GameResult, Player,
    knockout::MatchFormat,
    swiss::cxa::Cxa,
    team::{BoardRule, Team},
    team_tournament::{TeamEvent, TeamFormat as Created, TeamPairing, TeamRanking, TeamTournament},
    tournament::{Format, Penalty},
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
    /// 全队轮赛制 (CXA 11.4): teams meet as in a round robin, and in each match every player
    /// plays every player of the other team, one game a board per 轮 (`result --game N`).
    AllPlayAll,
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
  xiangqi tournament team new duel.json --format all-play-all --boards 8 --tie-breaks GP,MW,FOUL
  xiangqi tournament team new junior-teams.json --boards 3 --rule move_limit=40 --rule illegal_moves_to_lose=2
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
        /// Tie-break codes in order (e.g. GP,MW,WIN,DE,FOUL); the book's order when absent
        /// (CXA 14.5, 14.6; WXF 10.4, 10.5), 18.5's sanctions (SANC) only if listed.
        #[arg(long, value_delimiter = ',')]
        tie_breaks: Option<Vec<String>>,
        /// A number the book leaves to the organiser, for the event's games, as KEY=VALUE
        /// (repeatable): move_limit, illegal_moves_to_lose, lateness_ms, fouls_to_lose,
        /// draw_offers_beyond, early_draw_moves, appeal_window_ms. Each left out keeps the
        /// book's value.
        #[arg(long = "rule", value_name = "KEY=VALUE")]
        rule: Vec<String>,
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
        /// A player as NAME or NAME:RATING (repeat, board order: by the latest rating,
        /// unrated last, CXA 11.1, unless the board rule is temporary).
        #[arg(long = "player", required = true)]
        players: Vec<String>,
        /// The organiser's reason to accept an order not by rating (recorded in the file).
        #[arg(long = "override")]
        order_override: Option<String>,
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
        /// Draw the board order of these players by lot with this seed (临时定台制 抽签,
        /// CXA 11.3); the seed is kept in the file.
        #[arg(long)]
        lot: Option<u64>,
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
        /// The game of the board, from 1: 2 in a two-game match, 1 to the number of boards
        /// in an all-play-all (CXA 11.4; board is the first-listed team's).
        #[arg(long, conflicts_with = "second")]
        game: Option<usize>,
    },
    /// Record a foul or a sanction against a player of a team (--player) or against the team
    /// (CXA 8, 18.1, 18.2): fouls add up to 全队犯规 (CXA 14.5, 14.6); sanctions rank the team
    /// last among equals, the heaviest first (18.5).
    #[command(after_help = "\
Examples:
  xiangqi tournament team penalise teams.json 1 --round 1 --kind foul
  xiangqi tournament team penalise teams.json 4 --player 2 --round 1 --kind warning
")]
    Penalise {
        /// The team event file.
        file: PathBuf,
        /// Team number.
        team: usize,
        /// The player's registered position (1-based); none for the team itself.
        #[arg(long)]
        player: Option<usize>,
        /// The round.
        #[arg(long)]
        round: u32,
        /// What: foul, warning (18.1) or disqualification (from the game, 18.2).
        #[arg(long, value_enum)]
        kind: super::PenaltyArg,
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

fn board_rule_of(rule: BoardRuleArg) -> BoardRule {
    match rule {
        BoardRuleArg::Fixed => BoardRule::Fixed,
        BoardRuleArg::OrderKept => BoardRule::OrderKept,
        BoardRuleArg::Temporary => BoardRule::Temporary,
    }
}

fn ranking_of(rank: RankBy) -> TeamRanking {
    match rank {
        RankBy::MatchPoints => TeamRanking::MatchPoints,
        RankBy::GamePoints => TeamRanking::GamePoints,
    }
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
            tie_breaks,
            rule,
        } => {
            event_file::must_be_new(&file)?;
            let tie_breaks = tie_breaks
                .map(|c| super::tie_breaks_named(&c))
                .transpose()?;
            let rules: Book = rules.parse()?;
            let scoring = super::scoring_named(&scoring)?;
            // Checked against the book now; kept for the games as set.
            let game_rules = super::rules_given(&rule)?;
            super::check_game_rules(rules, &game_rules)?;
            let mut events = vec![TeamEvent::Created {
                name,
                rules,
                format: match format {
                    TeamFormat::RoundRobin => Created::RoundRobin { cycles: 1 },
                    TeamFormat::DoubleRoundRobin => Created::RoundRobin { cycles: 2 },
                    TeamFormat::Swiss => Created::Swiss { rounds },
                    TeamFormat::Knockout => Created::Knockout {
                        games: match match_games {
                            MatchGames::One => MatchFormat::OneGame,
                            MatchGames::Two => MatchFormat::TwoGames,
                            MatchGames::BestOfThree => MatchFormat::BestOfThree,
                        },
                        playoff_games,
                    },
                    TeamFormat::AllPlayAll => Created::AllPlayAll { cycles: 1 },
                },
                boards,
                board_rule: board_rule_of(board_rule),
                scoring,
                tie_breaks,
                two_games,
                ranking: ranking_of(rank_by),
            }];
            if !game_rules.is_empty() {
                events.push(TeamEvent::GameRulesSet {
                    rules: game_rules.clone(),
                });
            }
            let t = TeamTournament::from_events(events)?;
            t.save(&file)?;
            println!("created {}", file.display());
            print_game_rules(&t);
        }
        TeamCmd::Add {
            file,
            name,
            players,
            order_override,
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
            if let Some(reason) = order_override {
                // CXA 11.1: the organiser's override goes in just before the registration.
                let mut events = t.events().to_vec();
                events.push(TeamEvent::OrderOverridden {
                    team: t.teams().len(),
                    reason,
                });
                events.push(TeamEvent::TeamRegistered { team });
                let t = TeamTournament::from_events(events)?;
                t.save(&file)?;
                println!(
                    "registered as team {} (board order by override)",
                    t.teams().len()
                );
                return Ok(());
            }
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
                // The format's stage pairs it: the order table, the CXA Swiss engine (CXA
                // 10.3, 12.3, 14.4) or the bracket, with the seed of its lots.
                t.pair_next(&Cxa, seed)?
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
                // 全队轮赛制 (CXA 11.4): who meets whom in each game, and the colours.
                if t.team_format().is_all_play_all() {
                    for board in 1..=t.boards() {
                        for game in 1..=t.games_per_board() {
                            let colour = match t.colour_of(board, game) {
                                xiangqi_tournament::Color::Red => "red",
                                xiangqi_tournament::Color::Black => "black",
                            };
                            println!(
                                "     board {board} game {game}: {} board {board} ({colour})  -  \
                                 {} board {}",
                                name(m.first),
                                name(m.second),
                                t.facing_board(board, game)
                            );
                        }
                    }
                }
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
            lot,
        } => {
            let index = team_index(team)?;
            let event = match lot {
                Some(seed) => TeamEvent::LineupDrawn {
                    round,
                    team: index,
                    players: positions,
                    seed,
                },
                None => TeamEvent::LineupSubmitted {
                    round,
                    team: index,
                    lineup: positions,
                },
            };
            let drawn = matches!(event, TeamEvent::LineupDrawn { .. });
            let t = TeamTournament::update(&file, event)?;
            if drawn {
                let line = t
                    .rounds()
                    .get(round as usize - 1)
                    .and_then(|r| {
                        r.matches().iter().find_map(|m| {
                            let side = [m.pairing().first, m.pairing().second]
                                .iter()
                                .position(|&x| x == index)?;
                            m.lineup(side)
                        })
                    })
                    .unwrap_or_default();
                let names: Vec<String> = line
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| {
                        let name = t.teams()[index]
                            .players
                            .get(p - 1)
                            .map_or("?", |x| x.name.as_str());
                        format!("board {}: {name} ({p})", k + 1)
                    })
                    .collect();
                println!("drawn by lot (CXA 11.3): {}", names.join(", "));
            }
        }
        TeamCmd::Penalise {
            file,
            team,
            player,
            round,
            kind,
        } => {
            let penalty = match kind {
                super::PenaltyArg::Foul => Penalty::Foul,
                super::PenaltyArg::Warning => Penalty::Warning,
                super::PenaltyArg::Disqualification => Penalty::GameDisqualification,
            };
            let index = team_index(team)?;
            let t = TeamTournament::update(
                &file,
                TeamEvent::Penalised {
                    team: index,
                    player,
                    round,
                    penalty,
                },
            )?;
            let (fouls, warnings, disq) = t.penalty_totals(index);
            println!(
                "team {team}: {fouls} fouls (全队犯规), {warnings} warnings, {disq} game \
                 disqualifications"
            );
        }
        TeamCmd::Result {
            file,
            round,
            table,
            board,
            result,
            second,
            game,
        } => {
            let result: GameResult = result.parse()?;
            let event = match game {
                Some(game) => TeamEvent::BoardGameResult {
                    round,
                    table,
                    board,
                    game,
                    result,
                },
                None => TeamEvent::BoardResult {
                    round,
                    table,
                    board,
                    result,
                    second,
                },
            };
            TeamTournament::update(&file, event)?;
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
            print!("{}", standings_text(&t, score));
            print_game_rules(&t);
        }
    }
    Ok(())
}

/// The standings as a text table: place, team, score, then a column for each tie-break in the
/// event's order (CXA 14.5, 14.6; WXF 10.4, 10.5), headed by its code as the team page heads it
/// in English (`GP`, `FOUL`).
fn standings_text(t: &TeamTournament, score: &str) -> String {
    let order = t.tie_break_order();
    let mut header = vec!["rank".to_owned(), "team".into(), score.to_owned()];
    header.extend(order.iter().map(|tb| tb.code().to_owned()));
    let rows: Vec<Vec<String>> = t
        .standings()
        .iter()
        .map(|s| {
            let name = t.teams().get(s.competitor).map_or("?", |x| x.name.as_str());
            let mut row = vec![s.rank.to_string(), name.to_owned(), s.score.to_string()];
            row.extend(s.tie_breaks.iter().map(|v| v.text().to_owned()));
            row
        })
        .collect();
    // Display width: a Chinese character takes two columns.
    let width = |s: &str| {
        s.chars()
            .map(|c| if c.is_ascii() { 1 } else { 2 })
            .sum::<usize>()
    };
    let mut all = vec![&header];
    all.extend(rows.iter());
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            all.iter()
                .map(|r| r.get(c).map_or(0, |x| width(x)))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |r: &Vec<String>| {
        let mut line = String::new();
        for (c, cell) in r.iter().enumerate() {
            let pad = " ".repeat(widths[c].saturating_sub(width(cell)));
            if c == 1 {
                line.push_str(&format!("{cell}{pad}  "));
            } else {
                line.push_str(&format!("{pad}{cell}  "));
            }
        }
        line.trim_end().to_owned() + "\n"
    };
    let mut out = line(&header);
    for r in &rows {
        out.push_str(&line(r));
    }
    out
}

/// The numbers the organiser set for the event's games, a line each (`games' rule:
/// move_limit=40`); nothing when the book's apply.
fn print_game_rules(t: &TeamTournament) {
    for (k, v) in t.game_rules() {
        println!("games' rule: {k}={v}");
    }
}
