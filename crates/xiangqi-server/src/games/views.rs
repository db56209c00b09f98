//! JSON views of games, apart from the domain types: the wire shape can change without
//! touching the arbiter, and the arbiter's types derive nothing for the server's sake.

use serde::Serialize;
use xiangqi::{Color, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{Book, Foul, GameEvent, Ruling};
use xiangqi_record::{Notation, pgn};

use super::state::{Appeal, Correction, Live, Signature, appeal_window_ms};
pub use super::state::{MoveView, color_code};

fn book_code(b: Book) -> &'static str {
    match b {
        Book::Cxa2011 => "cxa2011",
        Book::Wxf2018 => "wxf2018",
    }
}

/// An explanation in both languages.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Explained {
    zh: String,
    en: String,
}

/// A repetition ruling: verdict, offender and the explanation in both languages.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RulingView<'a> {
    book: &'static str,
    verdict: &'static str,
    offender: Option<&'static str>,
    occurrences: &'a [usize],
    explanation: Explained,
}

impl<'a> From<&'a Ruling> for RulingView<'a> {
    fn from(r: &'a Ruling) -> RulingView<'a> {
        RulingView {
            book: book_code(r.book),
            verdict: r.verdict.code(),
            offender: r.verdict.offender().map(color_code),
            occurrences: &r.occurrences,
            explanation: Explained {
                zh: r.explanation.zh(),
                en: r.explanation.en(),
            },
        }
    }
}

/// One side's clock.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SideClockView {
    remaining_ms: u64,
    used_ms: u64,
    moves: u32,
    per_move: bool,
}

/// A fallen flag.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FlagView {
    color: &'static str,
    at_ms: u64,
}

/// The clocks at a moment.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ClocksView<'a> {
    control: Option<&'a str>,
    red: SideClockView,
    black: SideClockView,
    running: Option<&'static str>,
    deadline_ms: Option<u64>,
    flag: Option<FlagView>,
    now_ms: u64,
}

impl<'a> ClocksView<'a> {
    /// The clocks of `live` at `now`, if it has any.
    fn new(live: &'a Live, now: u64) -> Option<ClocksView<'a>> {
        if !live.timed_clock {
            return None;
        }
        let clock = live.timed.clock();
        let at = now.max(live.last_at);
        let side = |c: Color| {
            let s = clock.side(c);
            SideClockView {
                remaining_ms: clock.remaining(c, at),
                used_ms: clock.used(c, at),
                moves: s.moves,
                per_move: s.per_move,
            }
        };
        Some(ClocksView {
            control: live.created.time_control.as_deref(),
            red: side(Color::Red),
            black: side(Color::Black),
            running: clock.is_running().then(|| color_code(clock.turn())),
            deadline_ms: clock.deadline(),
            flag: clock.flag().map(|f| FlagView {
                color: color_code(f.side),
                at_ms: f.at_ms,
            }),
            now_ms: at,
        })
    }
}

/// The touch-move binding in force: who touched, the points in the order that binds, and the
/// moves allowed (CXA 2011 arts. 5.1–5.5; WXF 2018 art. 4.2).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TouchView {
    color: &'static str,
    squares: Vec<String>,
    bound_moves: Vec<String>,
}

impl TouchView {
    fn new(live: &Live) -> Option<TouchView> {
        let game = live.timed.game();
        let binding = game.binding()?;
        Some(TouchView {
            color: color_code(game.position().turn()),
            squares: game.touched().iter().map(ToString::to_string).collect(),
            bound_moves: binding.moves.iter().map(ToString::to_string).collect(),
        })
    }
}

/// A foul charged in the game: to whom, what, under which article (CXA 2011 art. 8; WXF 2018
/// arts. 3.1, 4.2, 4.4, 12).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FoulView {
    color: &'static str,
    /// The foul, as the arbiter's `Foul` serialises (`{"kind": "illegal_move", …}`).
    #[schema(value_type = Object)]
    foul: Foul,
    article: String,
}

/// The fouls charged in `live`'s game, in order: those the arbiter entered or a correction
/// charged, and the touch-move fouls of touches.
fn fouls_of(live: &Live) -> Vec<FoulView> {
    let game = live.timed.game();
    let book = game.rules().book;
    // The position as the events go, read only for a touch foul under WXF: in check it is
    // WXF 2018 art. 2.10.D's (the touched piece must answer the check).
    let mut pos = game.start().clone();
    game.events()
        .iter()
        .filter_map(|e| match e {
            GameEvent::Move { iccs, .. } => {
                if let Ok(m) = iccs.to_move(&pos) {
                    pos.play_unchecked(m);
                }
                None
            }
            GameEvent::Touched {
                color, foul: true, ..
            } if book == Book::Wxf2018 && pos.is_check() => Some(FoulView {
                color: color_code(*color),
                foul: Foul::Touch,
                article: "WXF 2018 arts. 2.10.D, 4.2".to_owned(),
            }),
            GameEvent::Foul {
                color,
                foul,
                article,
                ..
            } => Some(FoulView {
                color: color_code(*color),
                foul: foul.clone(),
                article: article.clone(),
            }),
            GameEvent::Touched {
                color, foul: true, ..
            } => Some(FoulView {
                color: color_code(*color),
                foul: Foul::Touch,
                article: Foul::Touch.article(book).to_owned(),
            }),
            _ => None,
        })
        .collect()
}

/// The arbiter's count of moves (限着): from which ply, how many, how many are left.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MoveLimitView {
    from_ply: usize,
    moves: u32,
    remaining: u32,
}

/// Red's and Black's fouls in one game (犯规; WXF 技术犯规).
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct FoulCounts {
    /// Red's.
    pub red: u32,
    /// Black's.
    pub black: u32,
}

/// The score sheet: the signatures, and each side's fouls as the sheet notes them (CXA 2011
/// art. 9: "犯规情况").
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ScoreSheetView<'a> {
    red: Option<&'a Signature>,
    black: Option<&'a Signature>,
    arbiter: Option<&'a Signature>,
    complete: bool,
    fouls: FoulCounts,
}

/// What changes as a game goes on: every field of [`GameView`] but the fixed ones (`id`,
/// `start_fen`, `rules`, `players`, `event`) and `moves`; the score sheet and the appeals only
/// when asked for (they change only with their own events).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameChanges<'a> {
    fen: String,
    turn: &'static str,
    ply: usize,
    seq: u64,
    clocks: Option<ClocksView<'a>>,
    status: &'static str,
    result: Option<&'static str>,
    termination: Option<&'static str>,
    ruling: Option<RulingView<'a>>,
    draw_offer: Option<&'static str>,
    in_check: bool,
    /// The touch-move binding in force, until the move is made.
    touch: Option<TouchView>,
    /// The move is sealed (its text is never shown), while the game is adjourned.
    sealed: bool,
    /// The arbiter's count of moves, if one runs.
    move_limit: Option<MoveLimitView>,
    /// The corrections made; the moves taken back stay in the event log.
    corrections: &'a [Correction],
    /// The fouls charged in the game.
    fouls: Vec<FoulView>,
    /// The arbiter's reason for a declared result.
    declared_reason: Option<&'a str>,
    ended_at_ms: Option<u64>,
    appeal_deadline_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score_sheet: Option<ScoreSheetView<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    appeals: Option<&'a [Appeal]>,
}

impl<'a> GameChanges<'a> {
    /// What `live` (at `seq`) shows at `now`; with the score sheet if `sheet`.
    pub fn new(live: &'a Live, seq: u64, now: u64, sheet: bool) -> GameChanges<'a> {
        let game = live.timed.game();
        let end = game.end();
        let pos = game.position();
        GameChanges {
            fen: Fen::from_position(pos).to_string(),
            turn: color_code(pos.turn()),
            ply: game.moves().len(),
            seq,
            clocks: ClocksView::new(live, now),
            status: match (end, &live.adjourned) {
                (Some(_), _) => "ended",
                (None, Some(_)) => "adjourned",
                (None, None) => "playing",
            },
            result: end.map(|(r, _)| r.code()),
            termination: end.map(|(_, t)| t.code()),
            ruling: game.last_ruling().map(RulingView::from),
            draw_offer: live.draw_offer().map(color_code),
            in_check: end.is_none() && pos.is_check(),
            touch: TouchView::new(live),
            sealed: end.is_none()
                && live
                    .adjourned
                    .as_ref()
                    .is_some_and(|a| a.envelope.is_some()),
            move_limit: live
                .move_count
                .filter(|_| end.is_none())
                .map(|c| MoveLimitView {
                    from_ply: c.from_ply,
                    moves: c.moves,
                    remaining: c.remaining(game.moves().len()),
                }),
            corrections: &live.corrections,
            fouls: fouls_of(live),
            declared_reason: live.declared.as_deref(),
            ended_at_ms: live.sheet.ended_at_ms,
            appeal_deadline_ms: live
                .sheet
                .ended_at_ms
                .zip(appeal_window_ms(game.rules()))
                .map(|(e, w)| e.saturating_add(w)),
            score_sheet: sheet.then(|| ScoreSheetView {
                red: live.sheet.signature("red"),
                black: live.sheet.signature("black"),
                arbiter: live.sheet.signature("arbiter"),
                complete: live.sheet.complete(),
                fouls: {
                    let [red, black] = super::foul_counts(live);
                    FoulCounts { red, black }
                },
            }),
            appeals: sheet.then_some(live.sheet.appeals.as_slice()),
        }
    }
}

/// A game's rules: the book and the numbers an event may set, each as it applies (CXA 2011
/// art. 4.2.4, 8.1.8, 20.1, 22.1; WXF 2018 arts. 8, 11.1, 12.4, 12.11).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RulesView {
    book: &'static str,
    move_limit: Option<u32>,
    illegal_moves_to_lose: Option<u32>,
    lateness_ms: Option<u64>,
    fouls_to_lose: Option<u32>,
    draw_offers_beyond: Option<u32>,
    early_draw_moves: Option<u32>,
    appeal_window_ms: Option<u64>,
}

impl RulesView {
    /// Every number of `rules` an event may set, as it applies.
    pub(crate) fn new(rules: &xiangqi_arbiter::RuleSet) -> RulesView {
        let e = rules.event_rules();
        RulesView {
            book: book_code(rules.book),
            move_limit: e.move_limit,
            illegal_moves_to_lose: e.illegal_moves_to_lose,
            lateness_ms: e.lateness_ms,
            fouls_to_lose: e.fouls_to_lose,
            draw_offers_beyond: e.draw_offers_beyond,
            early_draw_moves: e.early_draw_moves,
            appeal_window_ms: e.appeal_window_ms,
        }
    }
}

/// The players' names.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlayersView<'a> {
    red: Option<&'a str>,
    black: Option<&'a str>,
}

/// The view of a game at a moment.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameView<'a> {
    #[serde(flatten)]
    changes: GameChanges<'a>,
    id: &'a str,
    start_fen: &'a str,
    rules: RulesView,
    players: PlayersView<'a>,
    event: Option<&'a str>,
    moves: &'a [MoveView],
}

impl<'a> GameView<'a> {
    /// Game `id` (at `seq`) at `now`, on the server's time scale.
    pub fn new(id: &'a str, live: &'a Live, seq: u64, now: u64) -> GameView<'a> {
        GameView {
            changes: GameChanges::new(live, seq, now, true),
            id,
            start_fen: &live.created.fen,
            rules: RulesView::new(live.timed.game().rules()),
            players: PlayersView {
                red: live.created.red.as_deref(),
                black: live.created.black.as_deref(),
            },
            event: live.created.event.as_deref(),
            moves: &live.moves,
        }
    }
}

/// A game, as answers to writes wrap it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GameReply<'a> {
    /// The game.
    pub game: GameView<'a>,
}

/// A repetition ruling asked for, with the game.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RulingReply<'a> {
    /// The ruling, if a position repeats.
    pub ruling: Option<RulingView<'a>>,
    /// The game.
    pub game: GameView<'a>,
}

/// What watchers are sent.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum WatchMessage<'a, E: Serialize> {
    /// The whole game, when a watcher connects (or falls behind).
    State {
        /// The game.
        game: GameView<'a>,
    },
    /// After an append: the new events, the moves from the ply the watcher has not seen, and
    /// what changed.
    Update {
        /// The stream's sequence number after the append.
        seq: u64,
        /// The new events.
        events: E,
        /// The new moves.
        moves: &'a [MoveView],
        /// What changed.
        changes: GameChanges<'a>,
    },
}

/// A watcher's `update` after an append: the new events, the moves from ply `from` on (those
/// the watcher has not seen), and what changed ([`GameChanges`]); the sheet only if `sheet`.
pub fn update_message<E: Serialize>(
    live: &Live,
    seq: u64,
    now: u64,
    events: E,
    from: usize,
    sheet: bool,
) -> String {
    let message = WatchMessage::Update {
        seq,
        events,
        moves: live.moves.get(from..).unwrap_or_default(),
        changes: GameChanges::new(live, seq, now, sheet),
    };
    serde_json::to_string(&message).unwrap_or_default()
}

/// A watcher's `state`: the whole game.
pub fn state_message(id: &str, live: &Live, seq: u64, now: u64) -> String {
    let message: WatchMessage<'_, ()> = WatchMessage::State {
        game: GameView::new(id, live, seq, now),
    };
    serde_json::to_string(&message).unwrap_or_default()
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
