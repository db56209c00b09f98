//! `xiangqi adjudicate`: rules a game at its last position (result, repetition with its
//! explanation) under CXA 2011 or WXF 2018, and what a claim under CXA 2011 art. 23.4 (the
//! nine-round rule) would get there, or its effect when `--claim-nine-rounds` makes it.

use std::{fs, path::PathBuf};

use anyhow::{Context, anyhow, bail};
use clap::ValueEnum;
use serde_json::{Value, json};
use xiangqi::{Move, Position, fen::Fen};
use xiangqi_arbiter::{Book, Claimant, Color, EventRules, Game, Line, RuleSet, Ruling};
use xiangqi_record::read_move;

/// Which rulebook.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Rules {
    /// 中国象棋协会《象棋竞赛规则》2011.
    Cxa,
    /// 《世界象棋规则》2018 (the Asian rules).
    Wxf,
}

/// Shown at the end of `xiangqi adjudicate --help`; a test runs each line that starts `xiangqi`.
pub const EXAMPLES: &str = "\
Examples:
  xiangqi adjudicate --rules wxf --fen \"3akab2/c2R1R2c/4b4/9/9/9/9/4B4/4K4/2B6 w\" --moves \"R6-2 A4+5 R6+2 A5-4 R4-2 A6+5 R4+2 A5-6\" --svg ruling
  xiangqi adjudicate game.pgn --json
  xiangqi adjudicate --moves \"h2e2 h9g7 h0g2 i9h9\" --rule move_limit=2 --json
";

/// Rule a game: `--fen` and `--moves`, or a record file (its main line; `--moves` go on from
/// its end).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The rulebook.
    #[arg(long, value_enum, default_value = "cxa")]
    rules: Rules,
    /// A number the book leaves to the organiser, as KEY=VALUE (repeatable): move_limit,
    /// illegal_moves_to_lose, lateness_ms, fouls_to_lose, draw_offers_beyond,
    /// early_draw_moves, appeal_window_ms. Each left out keeps the book's value.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rule: Vec<String>,
    /// The start position (default: the record's, or the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// The moves, separated by spaces, each in any notation: ICCS ("h2e2", "H2-E2"), WXF
    /// ("C2.5") or Chinese ("炮二平五"); move numbers ("1.") and a result are skipped.
    #[arg(long)]
    moves: Option<String>,
    /// A game record in any format `xiangqi convert` reads (PGN in any notation and encoding,
    /// XQF, CBR, CBL, CBF, DhtmlXQ): its main line is ruled.
    file: Option<PathBuf>,
    /// Which game of a record holding several (from 1).
    #[arg(long, default_value_t = 1, requires = "file")]
    game: usize,
    /// Rule the start position as a diagram: pieces other than the generals may stand on
    /// points no game reaches (a pawn behind its starting rank, an elephant across the river),
    /// as misprinted book diagrams show them. Without it such a position is refused.
    #[arg(long)]
    diagram: bool,
    /// Print one JSON object instead of words.
    #[arg(long)]
    json: bool,
    /// Make the arbiter's claim under CXA 2011 art. 23.4 (the nine-round rule) at the last
    /// position, so that an accepted claim's verdict applies to the game. Without it, what such
    /// a claim would get is only reported.
    #[arg(long)]
    claim_nine_rounds: bool,
    /// Write one SVG diagram per ply of the ruled cycle into this folder (`ply-012.svg`, …),
    /// each with its move shaded, the pieces it chases arrowed, and the explanation of that
    /// move and of the ruling as the caption, for the arbiter to print for the players.
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
}

/// The main line of game `number` (from 1) of a record file: its `FEN` tag and its moves as
/// written (or in coordinates, from a binary format).
pub(crate) fn read_record(
    bytes: &[u8],
    number: usize,
) -> anyhow::Result<(Option<String>, Vec<String>)> {
    // One unreadable game of a collection does not stop the others from being ruled.
    let mut games = xiangqi_record::read_games(bytes, None);
    let count = games.len();
    let game = number
        .checked_sub(1)
        .filter(|&i| i < count)
        .map(|i| games.swap_remove(i))
        .ok_or_else(|| anyhow!("the record holds {count} game(s): there is no game {number}"))?
        .with_context(|| format!("game {number}"))?;
    // A blank FEN tag is the standard start, as the record readers take it.
    let fen = game
        .tag("FEN")
        .filter(|f| !f.trim().is_empty())
        .map(str::to_owned);
    Ok((fen, mainline(&game)?))
}

/// The main line of a record's game: its moves as written (or in coordinates, from a binary
/// format).
fn mainline(game: &xiangqi_record::Game) -> anyhow::Result<Vec<String>> {
    let mut moves = Vec::new();
    for id in game.mainline() {
        let node = &game.nodes[id];
        match (&node.text, node.iccs) {
            (Some(text), _) => moves.push(text.clone()),
            (None, Some(iccs)) => moves.push(iccs.to_string()),
            (None, None) => bail!("ply {} of the record has no move", moves.len() + 1),
        }
    }
    Ok(moves)
}

/// The moves of a `--moves` text, read as PGN move text is (move numbers, a result and
/// `{comments}` skipped).
pub(crate) fn move_list(text: &str) -> anyhow::Result<Vec<String>> {
    mainline(&xiangqi_record::pgn::parse_game(text))
}

/// The move `text` (any notation) in `pos`.
fn parse_move(pos: &Position, text: &str) -> anyhow::Result<Move> {
    read_move(pos, text).map_err(|e| anyhow!("{e}"))
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
            let bytes =
                fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            read_record(&bytes, args.game).with_context(|| format!("{}", path.display()))?
        }
        None => (None, Vec::new()),
    };
    let fen = args.fen.clone().or(file_fen);
    if args.diagram && fen.is_none() {
        bail!("--diagram needs a start position: --fen, or a record with a FEN tag");
    }
    let start: Position = match fen {
        Some(f) => {
            let setup = f
                .parse::<Fen>()
                .with_context(|| format!("invalid fen {f:?}"))?;
            let pos = if args.diagram {
                setup.into_diagram_position()
            } else {
                setup.into_position()
            };
            pos.with_context(|| format!("illegal position {f:?}"))?
        }
        None => Position::new(),
    };
    let mut moves = file_moves;
    if let Some(text) = &args.moves {
        moves.extend(move_list(text).context("--moves")?);
    }
    let book = match args.rules {
        Rules::Cxa => Book::Cxa2011,
        Rules::Wxf => Book::Wxf2018,
    };
    let rules = event_rules(book, &args.rule)?;
    let mut game = Game::new(start, rules);
    for (i, m) in moves.iter().enumerate() {
        if game.end().is_some() {
            bail!("move {} ({m}) comes after the end of the game", i + 1);
        }
        let played = parse_move(game.position(), m).and_then(|mv| Ok(game.play(mv)?));
        played.with_context(|| format!("move {} ({m})", i + 1))?;
    }
    let report = judge(game, args.claim_nine_rounds);
    if args.json {
        println!("{}", report.json());
    } else {
        print!("{}", report.text());
    }
    if let Some(dir) = &args.svg {
        let ruling = report
            .repetition
            .as_ref()
            .or(report.nine_rounds.as_ref())
            .context("--svg: no cycle was ruled, so there is nothing to draw")?;
        draw_cycle(dir, &report.game, ruling)?;
    }
    Ok(())
}

/// The rules of `book` with the numbers `--rule KEY=VALUE` set (CXA 2011 art. 4.2.4 and the
/// other numbers the books leave to the organiser: [`EventRules`]).
pub(crate) fn event_rules(book: Book, given: &[String]) -> anyhow::Result<RuleSet> {
    let mut event = EventRules::default();
    for text in given {
        event
            .set_text(text)
            .with_context(|| format!("--rule {text}"))?;
    }
    RuleSet::with_event(book, &event).context("--rule")
}

/// A game as `adjudicate` reports it.
struct Report {
    game: Game,
    /// The threefold repetition at the last position (CXA 2011 art. 23.1; WXF 2018 art. 3.1.C).
    repetition: Option<Ruling>,
    /// What a nine-round claim gets at the last position (CXA 2011 art. 23.4).
    nine_rounds: Option<Ruling>,
    /// Was the nine-round claim made?
    claimed: bool,
}

/// Rules `game` at its last position; `claim` makes the arbiter's nine-round claim (CXA 2011
/// art. 23.4) if the game is not over.
fn judge(mut game: Game, claim: bool) -> Report {
    let repetition = game.adjudicate();
    let claimed = claim && game.end().is_none();
    let nine_rounds = if claimed {
        // The game is not over, so the claim is recorded.
        game.claim_nine_rounds(Claimant::Arbiter).ok().flatten()
    } else {
        Ruling::nine_rounds(game.start(), game.moves(), game.rules())
    };
    Report {
        game,
        repetition,
        nine_rounds,
        claimed,
    }
}

impl Report {
    /// The JSON object; `nine_rounds` (a ruling of the same shape as `repetition`, or
    /// null) and `nine_rounds_claimed` are added fields.
    fn json(&self) -> Value {
        let end = self.game.end();
        json!({
            "status": if end.is_some() { "finished" } else { "ongoing" },
            "result": end.map(|(r, _)| r.code()),
            "termination": end.map(|(_, t)| t.code()),
            "repetition": self.repetition.as_ref().map(ruling_json),
            "nine_rounds": self.nine_rounds.as_ref().map(ruling_json),
            "nine_rounds_claimed": self.claimed,
            "move_limit": {
                "counted_moves": self.move_limit().counted_moves,
                "limit": self.move_limit().limit,
                "reached": self.move_limit().reached,
            },
            "rules": rules_json(self.game.rules()),
        })
    }

    /// The natural move limit's count for the side to move (CXA 2011 art. 22.2; WXF 2018 art.
    /// 8), under the event's limit.
    fn move_limit(&self) -> xiangqi_arbiter::MoveLimitStatus {
        self.game.move_limit_status(self.game.position().turn())
    }

    /// The ruling in words.
    fn text(&self) -> String {
        let mut out = String::new();
        match self.game.end() {
            Some((result, termination)) => {
                out += &format!("{} ({})\n", result.code(), termination.code());
            }
            None => {
                out += &format!(
                    "ongoing, {} to move\n",
                    color_word(self.game.position().turn())
                );
            }
        }
        match &self.repetition {
            Some(r) => {
                out += &format!("repetition: {}\n", r.verdict.code());
                out += &format!("{}\n{}\n", r.explanation.zh(), r.explanation.en());
            }
            None => out += "no position has occurred three times since the last capture\n",
        }
        let verb = if self.claimed { "is" } else { "would be" };
        match &self.nine_rounds {
            Some(r) => {
                out += &format!(
                    "nine-round rule (CXA 2011 art. 23.4): a claim {verb} accepted: {}\n",
                    r.verdict.code()
                );
                out += &format!("{}\n{}\n", r.explanation.zh(), r.explanation.en());
            }
            None if self.claimed => {
                out += "nine-round rule (CXA 2011 art. 23.4): the claim is not accepted\n";
            }
            None => {}
        }
        let limit = self.move_limit();
        out += &format!(
            "move limit ({}): {} of {} moves without a capture{}\n",
            match self.game.rules().book {
                Book::Cxa2011 => "CXA 2011 arts. 22.2, 4.2.4",
                Book::Wxf2018 => "WXF 2018 art. 8",
            },
            limit.counted_moves,
            limit.limit,
            if limit.reached {
                ": a claim would be valid"
            } else {
                ""
            }
        );
        out
    }
}

/// The book and every number an event may set, as `rules` applies them.
fn rules_json(rules: &RuleSet) -> Value {
    let mut object = serde_json::Map::new();
    object.insert(
        "book".into(),
        json!(match rules.book {
            Book::Cxa2011 => "cxa2011",
            Book::Wxf2018 => "wxf2018",
        }),
    );
    let e = rules.event_rules();
    for key in EventRules::KEYS {
        let value = e
            .pairs()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v);
        object.insert(key.into(), json!(value));
    }
    Value::Object(object)
}

/// The explanation's lines about move `k` (from 0) of a ruling's cycle: the numbered line
/// `k+1. …` and the indented lines under it.
fn move_lines(lines: &[Line], k: usize) -> Vec<&Line> {
    let number = format!("{}. ", k + 1);
    let Some(at) = lines.iter().position(|l| l.zh.starts_with(&number)) else {
        return Vec::new();
    };
    let under = lines[at + 1..]
        .iter()
        .take_while(|l| l.zh.starts_with(char::is_whitespace));
    std::iter::once(&lines[at]).chain(under).collect()
}

/// One diagram per ply of a ruling's cycle, in `dir`: the position after the ply, its move
/// shaded, the pieces it chases arrowed, and as the caption the explanation's lines for that
/// move and the ruling's closing lines (each side's play, the verdict with its articles), in
/// Chinese then English.
fn draw_cycle(dir: &std::path::Path, game: &Game, ruling: &Ruling) -> anyhow::Result<()> {
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let plies = game.moves().len();
    let first = plies.saturating_sub(ruling.moves.len());
    let lines = ruling.explanation.lines();
    // After the last move's lines come the summary and the verdict.
    let last_block_end = move_lines(lines, ruling.moves.len().saturating_sub(1))
        .last()
        .and_then(|last| lines.iter().position(|l| std::ptr::eq(l, *last)))
        .map_or(lines.len(), |i| i + 1);
    let closing = &lines[last_block_end.min(lines.len())..];
    let mut pos = game.start().clone();
    for m in &game.moves()[..first] {
        pos.play_unchecked(*m);
    }
    for (k, m) in game.moves()[first..].iter().enumerate() {
        pos.play_unchecked(*m);
        let ply = first + k + 1;
        let arrows = ruling
            .moves
            .get(k)
            .map(|a| {
                a.attacks
                    .iter()
                    .filter(|at| at.is_chase())
                    .map(|at| (at.attacker, at.victim))
                    .collect()
            })
            .unwrap_or_default();
        let about: Vec<&Line> = move_lines(lines, k).into_iter().chain(closing).collect();
        let caption: Vec<String> = std::iter::once(format!("ply {ply}"))
            .chain(about.iter().map(|l| l.zh.trim().to_owned()))
            .chain(about.iter().map(|l| l.en.trim().to_owned()))
            .collect();
        let options = xiangqi_record::svg::Options {
            last_move: Some((m.from, m.to)),
            arrows,
            caption: Some(caption.join("\n")),
        };
        let path = dir.join(format!("ply-{ply:03}.svg"));
        fs::write(&path, xiangqi_record::svg::board(pos.board(), &options))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fen_tag_numbers_and_comments() {
        let (fen, moves) = read_record(
            "[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n1. h2e2 {centre} h9g7 2. H0-G2 1-0"
                .as_bytes(),
            1,
        )
        .expect("a record");
        assert_eq!(fen.as_deref(), Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
        assert_eq!(moves, ["h2e2", "h9g7", "H0-G2"]);
    }

    #[test]
    fn reads_a_chosen_game_of_a_collection_in_any_notation() {
        let text = "[Event \"a\"]\n1. 炮二平五 马8进7 *\n\n[Event \"b\"]\n1. C2.5 H8+7 2. H2+3 *\n";
        let (_, moves) = read_record(text.as_bytes(), 2).expect("game 2");
        assert_eq!(moves, ["C2.5", "H8+7", "H2+3"]);
        let e = read_record(text.as_bytes(), 3).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the record holds 2 game(s): there is no game 3"
        );
        assert!(read_record(text.as_bytes(), 0).is_err());
        // A blank FEN tag is the standard start.
        let (fen, _) = read_record(b"[FEN \"\"]\n1. h2e2 *\n", 1).expect("a record");
        assert_eq!(fen, None);
    }

    #[test]
    fn moves_are_read_in_any_notation() {
        let start = Position::new();
        let mut pos = start.clone();
        for text in ["炮二平五", "H8+7", "h0g2", "B9-C7"] {
            let m = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            pos.play_unchecked(m);
        }
        assert!(parse_move(&pos, "炮二平九").is_err());
        let list = move_list("1.h2e2 h9g7 2. C8.5 {centre} 2... 炮８平５ 1/2-1/2").expect("moves");
        assert_eq!(list, ["h2e2", "h9g7", "C8.5", "炮８平５"]);
        assert_eq!(move_list("1-0").expect("no moves"), Vec::<String>::new());
    }

    /// Red's rooks check over seven points for nine rounds with no position three times: CXA
    /// 2011 art. 23.4's case (see the arbiter's `tests/cxa_clauses.rs`).
    fn nine_round_game(rules: RuleSet) -> Game {
        let start: Position = "3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1"
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position().ok())
            .unwrap_or_else(|| panic!("bad fen"));
        let mut game = Game::new(start, rules);
        let line = "a0a9 d9d8 a9a8 d8d7 a8a7 d7d8 a7a8 d8d7 a8a7 d7d8 \
                    i0i8 d8d9 i8i9 d9d8 a7a8 d8d7 a8a7 d7d8";
        for m in line.split_whitespace() {
            game.play_iccs(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        game
    }

    #[test]
    fn nine_rounds_are_reported_without_a_claim() {
        let report = judge(nine_round_game(RuleSet::cxa2011()), false);
        let v = report.json();
        assert_eq!(v["status"], "ongoing");
        assert_eq!(v["result"], Value::Null);
        assert_eq!(v["termination"], Value::Null);
        assert_eq!(v["repetition"], Value::Null);
        assert_eq!(v["nine_rounds_claimed"], false);
        assert_eq!(v["nine_rounds"]["verdict"], "red_loses");
        assert_eq!(v["nine_rounds"]["red"]["forbidden"], true);
        assert_eq!(v["nine_rounds"]["black"]["forbidden"], false);
        let en = v["nine_rounds"]["explanation"]["en"].as_str().unwrap_or("");
        assert!(en.contains("art. 23.4"), "{en}");
        let text = report.text();
        assert!(
            text.contains("a claim would be accepted: red_loses"),
            "{text}"
        );
    }

    #[test]
    fn a_nine_round_claim_ends_the_game() {
        let v = judge(nine_round_game(RuleSet::cxa2011()), true).json();
        assert_eq!(v["status"], "finished");
        assert_eq!(v["result"], "0-1");
        assert_eq!(v["termination"], "repetition");
        assert_eq!(v["nine_rounds_claimed"], true);
        assert_eq!(v["nine_rounds"]["verdict"], "red_loses");
        // WXF 2018 has no such rule: the claim is refused and the game goes on.
        let report = judge(nine_round_game(RuleSet::wxf2018()), true);
        let v = report.json();
        assert_eq!(v["status"], "ongoing");
        assert_eq!(v["nine_rounds"], Value::Null);
        assert!(report.text().contains("the claim is not accepted"));
    }
}
