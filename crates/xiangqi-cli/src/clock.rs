//! `xiangqi clock`: simulates a time control over the time each ply took, or describes it
//! (CXA 2011 arts. 6, 21; WXF 2018 art. 6).

use anyhow::{Context, bail};
use serde_json::{Value, json};
use xiangqi_arbiter::{
    Color,
    clock::{Clock, Flag, TimeControl, fmt_ms},
};

/// The grammar of a time control and an example of each family, then two examples of the
/// command; shown after `xiangqi clock --help` (every line starting `xiangqi` is run by a test).
pub const HELP: &str = "\
SPEC, the time control (CXA 2011 art. 6; WXF 2018 art. 6):
  SPEC     = SIDES | CONTROL
  SIDES    = red:CONTROL,black:CONTROL         handicap 贴时 (CXA 6.5)
  CONTROL  = PERIOD[,PERIOD…][;LIMIT]          periods in order; the last one repeats
  PERIOD   = TIME[/MOVES][+INCREMENT]          MOVES: the quota of moves in the period
  LIMIT    = TIME                              读秒: each move within it once the time is up
  TIME     = 1h30m | 90m | 45s | 0             hours, minutes, seconds
One of each family:
  60m+30s             base plus increment 加秒制 (CXA 6.1; WXF 6.1)
  60m/30,10m/10       move quotas 限时限着制, the last period repeats (CXA 6.2; WXF 6.2)
  90m/40,30m/20,15m   quotas, then the rest of the game in 15 minutes
  1m                  sudden death 限时包干制 (CXA 6.3; WXF 6.3)
  15m+5s              rapid 快棋, 15 minutes or less (CXA 6.4)
  5m;30s              base, then every move within 30 s (读秒); 0;30s: every move from the start
  red:10m,black:8m    handicap 贴时制 (CXA 6.5)

Examples:
  xiangqi clock --control 90m/40,30m/20,15m
  xiangqi clock --control \"5m;30s\" --times \"20 35 12 40\"
";

/// Simulate a time control: ply k took Tk seconds (Red first); without --times, describe it.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The time control: e.g. 60m+30s, 60m/30,10m/10, 1m, 5m;30s, red:10m,black:8m (SPEC
    /// below).
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
