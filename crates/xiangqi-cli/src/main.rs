//! The `xiangqi` command-line tool.

mod adjudicate;
mod clock;
mod convert;
mod diagram;
mod notate;
mod pair;
mod perft;
mod serve;
mod tournament;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Shown at the end of `xiangqi --help`; a test runs each line that starts `xiangqi`.
const EXAMPLES: &str = "\
Examples:
  xiangqi notate --to wxf 炮二平五 马8进7
  xiangqi clock --control 60m+30s
";

/// Xiangqi (Chinese chess) competition system: rules, records, arbiter, clocks, tournaments.
///
/// Errors are printed on one line; the exit status is 2 for bad input.
#[derive(Debug, Parser)]
#[command(name = "xiangqi", version, about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Rule a game at its last position: result, repetition (棋例) with its explanation (CXA 2011, WXF 2018).
    #[command(after_help = adjudicate::EXAMPLES)]
    Adjudicate(adjudicate::Args),
    /// Simulate a time control over the time each ply took, or describe it: increment, quotas, sudden death, 读秒, handicap (CXA 2011 arts. 6, 21; WXF 2018 art. 6).
    #[command(after_help = clock::HELP)]
    Clock(clock::Args),
    /// Read game records (PGN in UTF-8/GBK/Big5, XQF) and write PGN in ICCS, WXF or Chinese; --check validates every move.
    #[command(after_help = convert::EXAMPLES)]
    Convert(convert::Args),
    /// Draw a position as an SVG board diagram (棋图): from a FEN, or a record at a ply; last move and arrows shown.
    #[command(after_help = diagram::EXAMPLES)]
    Diagram(diagram::Args),
    /// Translate moves between ICCS, WXF and Chinese notation (CXA 2011 art. 7; WXF 2018 art. 7).
    #[command(after_help = notate::EXAMPLES)]
    Notate(notate::Args),
    /// Pair the next Swiss round from a TRF file (FIDE Dutch as bbpPairings, or CXA 积分编排).
    #[command(after_help = pair::EXAMPLES)]
    Pair(pair::Args),
    /// Count legal move sequences from a position (move generator check and speed test).
    #[command(after_help = perft::EXAMPLES)]
    Perft(perft::Args),
    /// Serve live games with clocks and rulings over a JSON API and WebSocket, stored in SQLite (./xiangqi.db) or PostgreSQL.
    #[command(after_help = serve::EXAMPLES)]
    Serve(serve::Args),
    /// Run a competition: round robin, Swiss, standings, tie-breaks, TRF (CXA 2011, WXF 2018).
    #[command(after_help = tournament::EXAMPLES)]
    Tournament(tournament::Args),
}

/// mimalloc instead of glibc's malloc: under load the server spent a third of its time in the
/// system allocator (`XQ_LOAD_GAMES=10000 cargo bench -p xiangqi-server --bench load`, profiled
/// with `perf`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // clap's message is several lines (usage, tips); keep the one that says what is wrong.
            let rendered = e.render().to_string();
            let line = rendered
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("error: bad arguments");
            eprintln!("{line}");
            return ExitCode::from(2);
        }
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        Command::Adjudicate(args) => adjudicate::run(args),
        Command::Clock(args) => clock::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Diagram(args) => diagram::run(args),
        Command::Notate(args) => notate::run(args),
        Command::Pair(args) => pair::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Tournament(args) => tournament::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
