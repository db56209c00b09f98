//! The `xiangqi` command-line tool.

mod adjudicate;
mod convert;
mod notate;
mod perft;
mod tournament;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Xiangqi (Chinese chess) competition system: rules, records, arbiter, clocks, tournaments.
///
/// Errors are printed on one line; the exit status is 2 for bad input.
#[derive(Debug, Parser)]
#[command(name = "xiangqi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Rule a game at its last position: result, repetition (棋例) with its explanation (CXA 2011, WXF 2018).
    Adjudicate(adjudicate::Args),
    /// Read game records (PGN in UTF-8/GBK/Big5, XQF) and write PGN in ICCS, WXF or Chinese; --check validates every move.
    Convert(convert::Args),
    /// Translate moves between ICCS, WXF and Chinese notation (CXA 2011 art. 7; WXF 2018 art. 7).
    Notate(notate::Args),
    /// Count legal move sequences from a position (move generator check and speed test).
    Perft(perft::Args),
    /// Run a competition: round robin, Swiss, standings, tie-breaks, TRF (CXA 2011, WXF 2018).
    Tournament(tournament::Args),
}

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
        Command::Convert(args) => convert::run(args),
        Command::Notate(args) => notate::run(args),
        Command::Perft(args) => perft::run(args),
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
