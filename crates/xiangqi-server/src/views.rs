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

/// What changes as a game goes on: every field of [`game_view`] but the fixed ones (`id`,
/// `start_fen`, `rules`, `players`, `event`) and `moves`; the score sheet and the appeals only
/// when `sheet` is set (they change only with their own events).
pub fn game_changes(live: &Live, now: u64, sheet: bool) -> serde_json::Map<String, Value> {
    let game = live.timed.game();
    let end = game.end();
    let pos = game.position();
    let mut m = serde_json::Map::with_capacity(24);
    let mut put = |k: &str, v: Value| {
        m.insert(k.to_owned(), v);
    };
    put("fen", Value::String(Fen::from_position(pos).to_string()));
    put("turn", json!(color_code(pos.turn())));
    put("ply", json!(game.moves().len()));
    put("seq", json!(live.seq));
    put("clocks", clocks_view(live, now));
    put(
        "status",
        json!(if end.is_some() { "ended" } else { "playing" }),
    );
    put("result", json!(end.map(|(r, _)| r.code())));
    put("termination", json!(end.map(|(_, t)| t.code())));
    put(
        "ruling",
        game.last_ruling().map_or(Value::Null, ruling_view),
    );
    put("draw_offer", json!(live.draw_offer().map(color_code)));
    put("in_check", json!(end.is_none() && pos.is_check()));
    put("ended_at_ms", json!(live.sheet.ended_at_ms));
    put(
        "appeal_deadline_ms",
        json!(
            live.sheet
                .ended_at_ms
                .map(|e| e.saturating_add(crate::games::APPEAL_WINDOW_MS))
        ),
    );
    if sheet {
        put(
            "score_sheet",
            json!({
                "red": signature(live, "red"),
                "black": signature(live, "black"),
                "arbiter": signature(live, "arbiter"),
                "complete": live.sheet.complete(),
            }),
        );
        put("appeals", json!(live.sheet.appeals));
    }
    m
}

/// The view of a game at `now` (the server's time scale).
pub fn game_view(id: &str, live: &Live, now: u64) -> Value {
    let game = live.timed.game();
    let mut m = game_changes(live, now, true);
    m.insert("id".into(), json!(id));
    m.insert("start_fen".into(), json!(live.created.fen));
    m.insert("rules".into(), json!(book_code(game.rules().book)));
    m.insert(
        "players".into(),
        json!({"red": live.created.red, "black": live.created.black}),
    );
    m.insert("event".into(), json!(live.created.event));
    m.insert("moves".into(), json!(live.moves));
    Value::Object(m)
}

/// A watcher's `update` after an append: the new events, the moves from ply `from` on (those
/// the watcher has not seen), and what changed ([`game_changes`]). The full view is sent once,
/// as `state`, when the watcher connects.
pub fn update_message(
    live: &Live,
    now: u64,
    events: &impl Serialize,
    from: usize,
    sheet: bool,
) -> Value {
    json!({
        "type": "update",
        "seq": live.seq,
        "events": events,
        "moves": live.moves.get(from..).unwrap_or_default(),
        "changes": game_changes(live, now, sheet),
    })
}

/// The game as PGN in `notation`.
pub fn pgn(live: &Live, notation: Notation) -> String {
    pgn::write_game(
        &pgn_record(live),
        &pgn::WriteOptions {
            notation,
            ..pgn::WriteOptions::default()
        },
    )
}

/// The game as a record, tags and moves, for [`pgn`] and the tournament's PGN export (which
/// sets its own `Event` and `Round`).
pub(crate) fn pgn_record(live: &Live) -> xiangqi_record::Game {
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
    record
}
