//! JSON views of games, apart from the domain types: the wire shape can change without
//! touching the arbiter, and the arbiter's types derive nothing for the server's sake.

use serde::Serialize;
use serde_json::{Value, json};
use xiangqi::{Color, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{Book, Ruling};
use xiangqi_record::{Notation, pgn};

use crate::games::Live;

/// `red` or `black`.
pub fn color_code(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

fn book_code(b: Book) -> &'static str {
    match b {
        Book::Cxa2011 => "cxa2011",
        Book::Wxf2018 => "wxf2018",
    }
}

/// One move in every notation.
#[derive(Debug, Clone, Serialize)]
pub struct MoveView {
    /// 1 for the first move.
    pub ply: usize,
    /// Who moved.
    pub color: &'static str,
    /// `h2e2`.
    pub iccs: String,
    /// `C2.5`.
    pub wxf: String,
    /// `炮二平五`.
    pub chinese: String,
}

/// A repetition ruling: verdict, offender and the explanation in both languages.
pub fn ruling_view(r: &Ruling) -> Value {
    json!({
        "book": book_code(r.book),
        "verdict": r.verdict.code(),
        "offender": r.verdict.offender().map(color_code),
        "occurrences": r.occurrences,
        "explanation": {"zh": r.explanation.zh(), "en": r.explanation.en()},
    })
}

fn clocks_view(live: &Live, now: u64) -> Value {
    if !live.timed_clock {
        return Value::Null;
    }
    let clock = live.timed.clock();
    let at = now.max(live.last_at);
    let side = |c: Color| {
        let s = clock.side(c);
        json!({
            "remaining_ms": clock.remaining(c, at),
            "used_ms": clock.used(c, at),
            "moves": s.moves,
            "per_move": s.per_move,
        })
    };
    json!({
        "control": live.created.time_control,
        "red": side(Color::Red),
        "black": side(Color::Black),
        "running": clock.is_running().then(|| color_code(clock.turn())),
        "deadline_ms": clock.deadline(),
        "flag": clock.flag().map(|f| json!({"color": color_code(f.side), "at_ms": f.at_ms})),
        "now_ms": at,
    })
}

/// A signature on the score sheet, or null.
fn signature(live: &Live, by: &str) -> Value {
    live.sheet
        .signatures
        .iter()
        .find(|s| s["by"] == by)
        .cloned()
        .unwrap_or(Value::Null)
}

/// The view of a game at `now` (the server's time scale).
pub fn game_view(id: &str, live: &Live, now: u64) -> Value {
    let game = live.timed.game();
    let end = game.end();
    let pos = game.position();
    json!({
        "id": id,
        "fen": Fen::from_position(pos).to_string(),
        "start_fen": live.created.fen,
        "rules": book_code(game.rules().book),
        "players": {"red": live.created.red, "black": live.created.black},
        "event": live.created.event,
        "turn": color_code(pos.turn()),
        "ply": game.moves().len(),
        "seq": live.seq,
        "moves": live.moves,
        "clocks": clocks_view(live, now),
        "status": if end.is_some() { "ended" } else { "playing" },
        "result": end.map(|(r, _)| r.code()),
        "termination": end.map(|(_, t)| t.code()),
        "ruling": game.last_ruling().map(ruling_view),
        "draw_offer": live.draw_offer().map(color_code),
        "in_check": end.is_none() && pos.is_check(),
        "score_sheet": {
            "red": signature(live, "red"),
            "black": signature(live, "black"),
            "arbiter": signature(live, "arbiter"),
            "complete": live.sheet.complete(),
        },
        "appeals": live.sheet.appeals,
        "ended_at_ms": live.sheet.ended_at_ms,
        "appeal_deadline_ms": live.sheet.ended_at_ms.map(|e| e.saturating_add(crate::games::APPEAL_WINDOW_MS)),
    })
}

/// The game as PGN in `notation`.
pub fn pgn(live: &Live, notation: Notation) -> String {
    let game = live.timed.game();
    let mut record = xiangqi_record::Game::new();
    if let Some(e) = &live.created.event {
        record.set_tag("Event", e.clone());
    }
    record.set_tag(
        "Red",
        live.created.red.clone().unwrap_or_else(|| "?".into()),
    );
    record.set_tag(
        "Black",
        live.created.black.clone().unwrap_or_else(|| "?".into()),
    );
    record.set_tag(
        "Result",
        game.end().map_or("*", |(r, _)| r.code()).to_owned(),
    );
    if live.created.fen != xiangqi::fen::INITIAL {
        record.set_tag("FEN", live.created.fen.clone());
    }
    if let Some(tc) = &live.created.time_control {
        record.set_tag("TimeControl", tc.clone());
    }
    if let Some((_, t)) = game.end() {
        record.set_tag("Termination", t.code());
    }
    let mut node = 0;
    for m in game.moves() {
        node = record.add_child(node, None, Some(Iccs::from_move(*m)));
    }
    pgn::write_game(
        &record,
        &pgn::WriteOptions {
            notation,
            ..pgn::WriteOptions::default()
        },
    )
}
