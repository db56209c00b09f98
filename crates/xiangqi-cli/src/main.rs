//! The `xiangqi` command-line tool.

use clap::{Parser, Subcommand};

/// Xiangqi (Chinese chess) competition system.
#[derive(Debug, Parser)]
#[command(name = "xiangqi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {}

fn main() {
    let cli = Cli::parse();
    match cli.command {}
}
