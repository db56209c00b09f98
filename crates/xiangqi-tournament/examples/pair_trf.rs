//! Pairs the next round of a TRF file with the Dutch engine and prints it as bbpPairings `-p`
//! does, with the time taken on standard error: `cargo run --release --example pair_trf -- FILE`.

use std::time::Instant;

use xiangqi_tournament::{
    swiss::{PairingSystem, dutch::Dutch, format_pairings},
    trf,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: pair_trf FILE.trf")?;
    let text = std::fs::read_to_string(&path)?;
    let input = trf::swiss_input(&text)?;
    let start = Instant::now();
    let pairs = Dutch.pair(&input)?;
    eprintln!(
        "{} players: {:.3} s",
        input.players.len(),
        start.elapsed().as_secs_f64()
    );
    print!("{}", format_pairings(&pairs));
    Ok(())
}
