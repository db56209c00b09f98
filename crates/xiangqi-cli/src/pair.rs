//! `xiangqi pair`: pair the next round of a Swiss tournament from a FIDE TRF file.

use std::path::PathBuf;

use anyhow::Context;
use clap::ValueEnum;
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
        System::Dutch => Dutch.pair(&input),
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
