//! `xiangqi pair`: pair the next round of a Swiss tournament from a FIDE TRF file.

use std::{io::IsTerminal, path::PathBuf};

use anyhow::Context;
use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xiangqi_tournament::{
    swiss::{PairingSystem, cxa::Cxa, dutch::Dutch, format_pairings},
    trf,
};

/// The pairing system.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum System {
    /// FIDE Dutch system (C.04.3, 2025), as bbpPairings v6 pairs.
    Dutch,
    /// CXA 2011 积分编排制 (arts. 10.3, 12.3).
    Cxa,
}

/// Shown at the end of `xiangqi pair --help`; a test runs each line that starts `xiangqi`.
pub const EXAMPLES: &str = "\
Examples:
  xiangqi pair --system dutch swiss.trf
  xiangqi pair --system cxa swiss.trf --seed 7 -o round1.txt
";

/// Arguments of `xiangqi pair`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The pairing system.
    #[arg(long, value_enum)]
    system: System,
    /// The tournament so far, in FIDE TRF (with `XXR` for the number of rounds).
    file: PathBuf,
    /// Write the pairings here instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Seed for the lots drawn by the CXA system (round 1).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// Prints the number of pairs, then `red black` per board (`N 0` for the bye), like bbpPairings
/// `-p`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let mut input = trf::swiss_input(&text).with_context(|| format!("{}", args.file.display()))?;
    input.seed = args.seed;
    let pairs = match args.system {
        System::Dutch => {
            let bar = progress(input.players.len());
            let pairs = Dutch.pair_with_progress(&input, &mut |done, total| {
                bar.set_length(total as u64);
                bar.set_position(done as u64);
            });
            bar.finish_and_clear();
            pairs
        }
        System::Cxa => Cxa.pair(&input),
    }?;
    let out = format_pairings(&pairs);
    match args.output {
        Some(path) => std::fs::write(&path, out)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => print!("{out}"),
    }
    Ok(())
}

/// Tournaments this large get a progress bar (1,000 players take about a second, 10,000 half a
/// minute).
const PROGRESS_FROM: usize = 2000;

/// A bar of players paired on standard error, hidden unless it is a terminal and the
/// tournament large.
fn progress(players: usize) -> ProgressBar {
    if players < PROGRESS_FROM || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(players as u64), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} players paired ({eta})",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}
