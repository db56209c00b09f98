//! `xiangqi adjudicate`: rules a game at its last position (result, repetition with its
//! explanation) under CXA 2011 or WXF 2018.

use std::{fs, path::PathBuf};

use anyhow::{Context, bail};
use clap::ValueEnum;
use serde_json::{Value, json};
use xiangqi::{Position, fen::Fen};
use xiangqi_arbiter::{Color, Game, RuleSet, Ruling};

/// Which rulebook.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Rules {
    /// 中国象棋协会《象棋竞赛规则》2011.
    Cxa,
    /// 《世界象棋规则》2018 (the Asian rules).
    Wxf,
}

/// Rule a game: `--fen` and `--moves`, or a record file.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The rulebook.
    #[arg(long, value_enum, default_value = "cxa")]
    rules: Rules,
    /// The start position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// The moves in ICCS coordinates, separated by spaces: "h2e2 h9g7 …".
    #[arg(long)]
    moves: Option<String>,
    /// A record file: an optional `[FEN "…"]` tag, then ICCS moves (`h2e2` or `H2-E2`); move
    /// numbers, results and `{comments}` are skipped.
    file: Option<PathBuf>,
    /// Print one JSON object instead of words.
    #[arg(long)]
    json: bool,
}

/// Reads a simple record: FEN tag and ICCS move text.
fn read_record(text: &str) -> (Option<String>, Vec<String>) {
    let mut fen = None;
    let mut moves = Vec::new();
    let mut in_comment = false;
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("[FEN \"") {
            fen = rest.split('"').next().map(str::to_owned);
            continue;
        }
        if line.starts_with('[') {
            continue;
        }
        for token in line.split_whitespace() {
            if in_comment {
                in_comment = !token.ends_with('}');
                continue;
            }
            if token.starts_with('{') {
                in_comment = !token.ends_with('}');
                continue;
            }
            let t = token.trim_end_matches('.');
            if t.is_empty()
                || t.chars().all(|c| c.is_ascii_digit())
                || ["1-0", "0-1", "1/2-1/2", "*"].contains(&t)
            {
                continue;
            }
            let t = t.rsplit('.').next().unwrap_or(t);
            moves.push(t.to_owned());
        }
    }
    (fen, moves)
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

fn ruling_json(r: &Ruling) -> Value {
    let side = |c: Color| {
        let s = r.side(c);
        json!({
            "natures": s.natures.iter().map(|n| n.zh()).collect::<Vec<_>>(),
            "pattern": s.pattern.en(),
            "forbidden": s.forbidden,
        })
    };
    json!({
        "verdict": r.verdict.code(),
        "red": side(Color::Red),
        "black": side(Color::Black),
        "explanation": {"zh": r.explanation.zh(), "en": r.explanation.en()},
    })
}

/// Runs the command.
///
/// # Errors
/// A bad FEN, an unreadable file, an illegal move.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (file_fen, file_moves) = match &args.file {
        Some(path) => {
            let text = fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            read_record(&text)
        }
        None => (None, Vec::new()),
    };
    let fen = args.fen.clone().or(file_fen);
    let start: Position = match fen {
        Some(f) => f
            .parse::<Fen>()
            .with_context(|| format!("invalid fen {f:?}"))?
            .into_position()
            .with_context(|| format!("illegal position {f:?}"))?,
        None => Position::new(),
    };
    let mut moves = file_moves;
    if let Some(text) = &args.moves {
        moves.extend(text.split_whitespace().map(str::to_owned));
    }
    let rules = match args.rules {
        Rules::Cxa => RuleSet::cxa2011(),
        Rules::Wxf => RuleSet::wxf2018(),
    };
    let mut game = Game::new(start, rules);
    for (i, m) in moves.iter().enumerate() {
        if game.end().is_some() {
            bail!("move {} ({m}) comes after the end of the game", i + 1);
        }
        game.play_iccs(m)
            .with_context(|| format!("move {} ({m})", i + 1))?;
    }
    let ruling = game.adjudicate();
    let end = game.end();
    if args.json {
        let out = json!({
            "status": if end.is_some() { "finished" } else { "ongoing" },
            "result": end.map(|(r, _)| r.code()),
            "termination": end.map(|(_, t)| t.code()),
            "repetition": ruling.as_ref().map(ruling_json),
        });
        println!("{out}");
        return Ok(());
    }
    match end {
        Some((result, termination)) => println!("{} ({})", result.code(), termination.code()),
        None => println!("ongoing, {} to move", color_word(game.position().turn())),
    }
    match &ruling {
        Some(r) => {
            println!("repetition: {}", r.verdict.code());
            println!("{}", r.explanation.zh());
            println!("{}", r.explanation.en());
        }
        None => println!("no position has occurred three times since the last capture"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fen_tag_numbers_and_comments() {
        let (fen, moves) = read_record(
            "[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n1. h2e2 {centre} h9g7 2. H0-G2 1-0",
        );
        assert_eq!(fen.as_deref(), Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
        assert_eq!(moves, ["h2e2", "h9g7", "H0-G2"]);
    }
}
