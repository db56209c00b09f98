//! `xiangqi clock`: simulates a time control over the time each ply took, or describes it
//! (CXA 2011 arts. 6, 21; WXF 2018 art. 6).

use anyhow::{Context, bail};
use serde_json::{Value, json};
use xiangqi_arbiter::{
    Color,
    clock::{Clock, Flag, TimeControl, fmt_ms},
};

/// Simulate a time control: ply k took Tk seconds (Red first).
///
/// SPEC examples: `60m+30s` (base plus increment, CXA 6.1); `60m/30,10m/10` (move quotas, the
/// last period repeats, CXA 6.2); `90m/40,30m/20,15m` (quotas then the rest in 15 minutes);
/// `1m` (sudden death, CXA 6.3; rapid is 15 minutes or less, 6.4); `5m;30s` (base, then each
/// move within 30 s: 读秒); `0;30s` (every move within 30 s); `red:10m,black:8m` (handicap 贴时,
/// CXA 6.5). Durations: `1h30m`, `90m`, `45s`; a period may carry an increment (`90m/40+30s`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The time control SPEC (see above).
    #[arg(long)]
    control: String,
    /// Seconds each ply took, separated by spaces, Red first: "12 30.5 7 …". Without it the
    /// control is described.
    #[arg(long)]
    times: Option<String>,
    /// Print one JSON object instead of words.
    #[arg(long)]
    json: bool,
}

fn side(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// Reads seconds (`12`, `30.5`) as milliseconds.
fn parse_seconds(t: &str) -> anyhow::Result<u64> {
    let secs: f64 = t
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0 && *s <= 30.0 * 86_400.0)
        .with_context(|| format!("invalid time {t:?}: seconds from 0 to 30 days"))?;
    // Bounded above, so the cast is exact to the millisecond.
    Ok((secs * 1000.0).round() as u64)
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let control: TimeControl = args.control.parse()?;
    let Some(times) = args.times else {
        if args.json {
            println!(
                "{}",
                json!({ "control": control.to_string(), "description": control.describe() })
            );
        } else {
            println!("{control}: {}", control.describe());
        }
        return Ok(());
    };
    let times = times
        .split_whitespace()
        .map(parse_seconds)
        .collect::<anyhow::Result<Vec<u64>>>()?;
    if times.is_empty() {
        bail!("--times is empty");
    }
    let mut clock = Clock::new(control);
    let mut at: u64 = 0;
    clock.start(at)?;
    let mut moves: Vec<Value> = Vec::new();
    let mut flag: Option<(Flag, usize)> = None;
    for (i, t) in times.iter().enumerate() {
        let ply = i + 1;
        let mover = clock.turn();
        at = at.saturating_add(*t);
        if let Some(f) = clock.press(at)? {
            flag = Some((f, ply));
        }
        let (r, b) = (
            clock.remaining(Color::Red, at),
            clock.remaining(Color::Black, at),
        );
        moves.push(json!({
            "ply": ply,
            "side": side(mover),
            "remaining_ms": { "red": r, "black": b },
        }));
        if !args.json {
            println!(
                "{ply:>4} {:<5}  red {:>10}  black {:>10}",
                side(mover),
                fmt_ms(r),
                fmt_ms(b)
            );
        }
        if flag.is_some() {
            break;
        }
    }
    if args.json {
        let flag = flag.map(|(f, ply)| json!({ "side": side(f.side), "ply": ply }));
        println!("{}", json!({ "moves": moves, "flag": flag }));
    } else if let Some((f, ply)) = flag {
        println!(
            "{} flagged at ply {ply}, {} into the game ({}; {})",
            side(f.side),
            fmt_ms(f.at_ms),
            match f.reason {
                xiangqi_arbiter::clock::FlagReason::QuotaNotMet {
                    period,
                    moves,
                    quota,
                } => format!("period {period}: {moves} of {quota} moves"),
                xiangqi_arbiter::clock::FlagReason::PerMove => "per-move limit".to_owned(),
                _ => "time up".to_owned(),
            },
            f.reason.article()
        );
    } else {
        println!("no flag");
    }
    Ok(())
}
