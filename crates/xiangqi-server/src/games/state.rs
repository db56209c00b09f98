//! A game's stream, typed, and what it replays into: the server's `game_created` first, then
//! the arbiter's [`GameEvent`]s, and the score sheet's `score_sheet_signed` and
//! `appeal_lodged` beside them. The state is a [`Live`] game: the arbiter's [`TimedGame`]
//! with the moves in every notation and the sheet.

use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use tokio::sync::broadcast;
use xiangqi::{
    Color, Position,
    chinese::{Chinese, Style},
    fen::Fen,
    wxf::Wxf,
};
use xiangqi_arbiter::{
    GameEvent, GameResult, RuleSet, Termination, TimeControl, TimedGame,
    correction::{self, FoundError, Remedy},
    fouls,
    seal::{self, Envelope as SealedEnvelope},
};
use xiangqi_store::{Deadline, NewEvent, StoredEvent, StreamKind};

use super::timers::{TimerKey, Timers};
use crate::{
    error::ApiError,
    ids::sha256_hex,
    repo::{Aggregate, Envelope},
    stream::{new_event, to_payload},
};

/// The type of the first event of a game's stream.
pub const CREATED: &str = "game_created";
/// The type of a signature on the score sheet (CXA 9; WXF 12.6).
pub const SIGNED: &str = "score_sheet_signed";
/// The type of an appeal (WXF 12.4).
pub const APPEALED: &str = "appeal_lodged";
/// The type of the decision on an appeal (WXF 12.4).
pub const APPEAL_DECIDED: &str = "appeal_decided";

/// The appeal window of a game under `rules`: WXF 2018 art. 12.4's two hours; none under CXA
/// 2011, which sets none; or what the event set.
pub fn appeal_window_ms(rules: &RuleSet) -> Option<u64> {
    rules.appeal_window_ms()
}

/// How many updates a slow watcher may fall behind before it is sent a fresh snapshot.
const WATCH_BUFFER: usize = 64;

/// What the server stores first in a game's stream.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Created {
    /// The start position.
    pub fen: String,
    /// The rules, with every number.
    pub rules: RuleSet,
    /// The time control (`60m+30s`, …), if the game is timed.
    pub time_control: Option<String>,
    /// Red's name.
    pub red: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// The event's name.
    pub event: Option<String>,
    /// SHA-256 of Red's token, in hex.
    pub red_token_sha256: String,
    /// SHA-256 of Black's token.
    pub black_token_sha256: String,
    /// SHA-256 of the arbiter's token.
    pub arbiter_token_sha256: String,
    /// When the game was created, on the server's time scale.
    pub created_at_ms: u64,
    /// The tournament whose board the game was started for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
}

/// A signature on the score sheet: who confirms which result and times (CXA 2011 art. 9;
/// WXF 2018 art. 12.6).
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Signature {
    /// `red`, `black` or `arbiter`.
    pub by: String,
    /// The result signed for.
    pub result: String,
    /// How the game ended.
    pub termination: String,
    /// Red's time used, on a clock.
    pub red_used_ms: Option<u64>,
    /// Black's time used.
    pub black_used_ms: Option<u64>,
    /// Red's fouls as the sheet notes them (CXA 2011 art. 9: "犯规情况"); left out when none,
    /// so that a signature stored before writes back the same.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub red_fouls: u32,
    /// Black's fouls.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub black_fouls: u32,
    /// When, in ms since the Unix epoch.
    pub at_ms: u64,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A player's appeal (WXF 2018 art. 12.4).
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Appeal {
    /// `red` or `black`.
    pub by: String,
    /// What the player says.
    pub text: String,
    /// When, in ms since the Unix epoch.
    pub at_ms: u64,
    /// Plies played when it was lodged.
    #[serde(default)]
    pub ply: usize,
    /// The decision, once made (never stored with the appeal: it is an event of its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<AppealDecision>,
}

/// Upheld or rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AppealVerdict {
    /// The appeal is upheld (胜诉): the ruling appealed against is set aside.
    Upheld,
    /// The appeal is rejected (败诉): the ruling stands.
    Rejected,
}

/// The decision on a player's appeal, by the event's chief arbiter or organiser: WXF 2018
/// art. 12.4 ("仲裁委员会之判决为最后决定"). The record of the game stays as it is; a result
/// changed by an upheld appeal is changed in the tournament.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AppealDecision {
    /// Which appeal, from 1 in the order lodged.
    pub appeal: usize,
    /// Upheld or rejected.
    pub decision: AppealVerdict,
    /// Why.
    pub reason: String,
    /// The result that stands after an upheld appeal, if it changed (`1-0`, `0-1`, `1/2-1/2`,
    /// `+/-`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Who decided (an account).
    pub by: String,
    /// When, in ms since the Unix epoch.
    pub at_ms: u64,
}

/// What the error to correct was (CXA 2011 art. 5.8; WXF 2018 art. 4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// A move against the rules of movement was played on: the piece moved must move again,
    /// and the mover is charged the foul (CXA 2011 arts. 5.8.2, 8.1.8; WXF 2018 art. 4.4.A).
    #[default]
    IllegalMove,
    /// A piece was displaced by accident: within five rounds back to before it, any piece may
    /// move, no foul (CXA 2011 art. 5.8.2).
    DisplacedPiece,
}

/// The arbiter's procedures at the table that the server keeps in a game's stream beside the
/// arbiter's events: each is applied to the game by [`Live`] in the same way on every replay.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Procedure {
    /// The arbiter called the adjournment: the side to move must seal its move. Seed 001 ④;
    /// WXF 2018 art. 6.5.
    AdjournmentCalled {
        /// When, on the server's time scale.
        at_ms: u64,
    },
    /// The side to move sealed its move; the clock stopped. The text is never shown (see
    /// [`GameRecord`]'s serialisation and the event log).
    MoveSealedText {
        /// Who sealed.
        color: String,
        /// The move as written.
        sealed_text: String,
        /// When.
        at_ms: u64,
    },
    /// The arbiter resumed the game: the sealed move is opened and played, or loses.
    AdjournmentResumed {
        /// When.
        at_ms: u64,
    },
    /// The arbiter corrected an error: back to before `ply`. CXA 2011 art. 5.8; WXF 2018
    /// art. 4.4.
    GameCorrected {
        /// The ply taken back with every later one (from 1).
        ply: usize,
        /// What the error was.
        #[serde(default)]
        error: ErrorKind,
        /// When.
        at_ms: u64,
    },
    /// The colours were found reversed and the game is replayed with them swapped. CXA 2011
    /// art. 5.8.1.
    ColoursSwapped {
        /// When.
        at_ms: u64,
    },
    /// The arbiter declared the result. WXF 2018 art. 3.2.A; CXA 2011 art. 4.2.
    ResultDeclared {
        /// The result.
        result: GameResult,
        /// Why.
        reason: String,
        /// When.
        at_ms: u64,
    },
    /// The arbiter started a count of `moves` moves (限着): when it runs out without a result
    /// the game is drawn. Seed 001 ⑤; WXF 2018 art. 8.
    MoveLimitCounted {
        /// Moves (rounds: a move of each side) in the count.
        moves: u32,
        /// The ply the count starts from.
        from_ply: usize,
    },
}

impl Procedure {
    /// The event type names the store uses.
    pub const TYPES: &'static [&'static str] = &[
        "adjournment_called",
        "move_sealed_text",
        "adjournment_resumed",
        "game_corrected",
        "colours_swapped",
        "result_declared",
        "move_limit_counted",
    ];

    /// The moment it carries, if any.
    fn at_ms(&self) -> Option<u64> {
        match self {
            Procedure::AdjournmentCalled { at_ms }
            | Procedure::MoveSealedText { at_ms, .. }
            | Procedure::AdjournmentResumed { at_ms }
            | Procedure::GameCorrected { at_ms, .. }
            | Procedure::ColoursSwapped { at_ms }
            | Procedure::ResultDeclared { at_ms, .. } => Some(*at_ms),
            Procedure::MoveLimitCounted { .. } => None,
        }
    }

    /// What the public sees of it: a sealed move's text taken out.
    fn public(&self) -> Value {
        let mut v = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Some(o) = v.as_object_mut() {
            o.remove("sealed_text");
        }
        v
    }
}

/// A game adjourned (封棋): called, then sealed. Seed 001 ④; WXF 2018 art. 6.5.
#[derive(Debug, Clone)]
pub struct Adjournment {
    /// The envelope, once the move is sealed.
    pub envelope: Option<SealedEnvelope>,
}

/// A count of moves the arbiter set (限着). Seed 001 ⑤; WXF 2018 art. 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveCount {
    /// The ply it counts from.
    pub from_ply: usize,
    /// Moves (rounds) in the count.
    pub moves: u32,
}

impl MoveCount {
    /// Moves left at `ply`: a move is a round, one ply of each side.
    pub fn remaining(&self, ply: usize) -> u32 {
        let done = u32::try_from(ply.saturating_sub(self.from_ply) / 2).unwrap_or(u32::MAX);
        self.moves.saturating_sub(done)
    }

    /// Has the count run out at `ply`?
    pub fn run_out(&self, ply: usize) -> bool {
        ply.saturating_sub(self.from_ply) >= 2 * self.moves as usize
    }
}

/// A correction made: the ply taken back and the moves that left the game (they stay in the
/// event log). CXA 2011 art. 5.8; WXF 2018 art. 4.4.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Correction {
    /// The ply taken back, with every later one.
    pub ply: usize,
    /// What the error was.
    pub error: ErrorKind,
    /// The moves that left the game, in ICCS.
    pub removed: Vec<String>,
}

/// One event of a game's stream.
#[derive(Debug, Clone)]
pub enum GameRecord {
    /// `game_created`.
    Created(Box<Created>),
    /// `score_sheet_signed`.
    Signed(Signature),
    /// `appeal_lodged`.
    Appealed(Appeal),
    /// `appeal_decided`.
    AppealDecided(AppealDecision),
    /// The arbiter's procedures at the table ([`Procedure::TYPES`]).
    Procedure(Procedure),
    /// The arbiter's events, with the moment the store wrote them (none for a new one).
    Game {
        /// The event.
        event: GameEvent,
        /// When the store wrote it, in ms since the Unix epoch.
        recorded_at_ms: Option<i64>,
    },
}

impl GameRecord {
    /// A new arbiter's event.
    pub fn game(event: GameEvent) -> GameRecord {
        GameRecord::Game {
            event,
            recorded_at_ms: None,
        }
    }
}

/// A record serialises as its stored payload (what watchers are sent).
impl Serialize for GameRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            GameRecord::Created(c) => c.serialize(s),
            GameRecord::Signed(x) => x.serialize(s),
            GameRecord::Appealed(x) => x.serialize(s),
            GameRecord::AppealDecided(x) => x.serialize(s),
            GameRecord::Procedure(p) => p.public().serialize(s),
            GameRecord::Game { event, .. } => event.serialize(s),
        }
    }
}

impl Envelope for GameRecord {
    fn decode(event_type: &str, payload: Value) -> Result<GameRecord, String> {
        match event_type {
            CREATED => serde_json::from_value(payload).map(|c| GameRecord::Created(Box::new(c))),
            SIGNED => serde_json::from_value(payload).map(GameRecord::Signed),
            APPEALED => serde_json::from_value(payload).map(GameRecord::Appealed),
            APPEAL_DECIDED => serde_json::from_value(payload).map(GameRecord::AppealDecided),
            t if Procedure::TYPES.contains(&t) => {
                serde_json::from_value(payload).map(GameRecord::Procedure)
            }
            _ => serde_json::from_value(payload).map(GameRecord::game),
        }
        .map_err(|e| e.to_string())
    }

    fn decode_stored(stored: StoredEvent) -> Result<GameRecord, String> {
        let at = stored.recorded_at_ms;
        Ok(
            match GameRecord::decode(&stored.event_type, stored.payload)? {
                GameRecord::Game { event, .. } => GameRecord::Game {
                    event,
                    recorded_at_ms: Some(at),
                },
                other => other,
            },
        )
    }

    fn encode(&self) -> Result<NewEvent, ApiError> {
        match self {
            GameRecord::Created(c) => Ok(NewEvent::new(CREATED, to_payload(c)?)),
            GameRecord::Signed(x) => Ok(NewEvent::new(SIGNED, to_payload(x)?)),
            GameRecord::Appealed(x) => Ok(NewEvent::new(APPEALED, to_payload(x)?)),
            GameRecord::AppealDecided(x) => Ok(NewEvent::new(APPEAL_DECIDED, to_payload(x)?)),
            GameRecord::Procedure(p) => new_event(p, "type"),
            GameRecord::Game { event, .. } => new_event(event, "type"),
        }
    }
}

/// `red` or `black`.
pub fn color_code(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// One move in every notation.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
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

/// Who a token speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenHolder {
    /// A player, for one side.
    Player(Color),
    /// The game's arbiter.
    Arbiter,
}

/// What is signed and appealed after (or during) a game: the server's own events, stored in
/// the game's stream beside the arbiter's.
#[derive(Debug, Clone, Default)]
pub struct Sheet {
    /// Each signature.
    pub signatures: Vec<Signature>,
    /// Each appeal.
    pub appeals: Vec<Appeal>,
    /// When the game ended, in milliseconds since the Unix epoch (the store's clock).
    pub ended_at_ms: Option<u64>,
}

impl Sheet {
    /// The signature of `by` (`red`, `black`, `arbiter`).
    pub fn signature(&self, by: &str) -> Option<&Signature> {
        self.signatures.iter().find(|s| s.by == by)
    }

    /// Whether both players and the arbiter have signed (CXA 9; WXF 12.6).
    pub fn complete(&self) -> bool {
        ["red", "black", "arbiter"]
            .iter()
            .all(|b| self.signature(b).is_some())
    }
}

/// Milliseconds since the Unix epoch: the moment of a signature or an appeal, for the record.
pub(crate) fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// The clock of an untimed game: it never runs.
pub(crate) fn untimed_control() -> Result<TimeControl, ApiError> {
    "90m"
        .parse::<TimeControl>()
        .map_err(|e| ApiError::Corrupt(format!("default time control: {e}")))
}

/// The moment of a clock event, if it has one.
fn event_time(e: &GameEvent) -> Option<u64> {
    match e {
        GameEvent::ClockStarted { at_ms }
        | GameEvent::MoveTime { at_ms, .. }
        | GameEvent::ClockStopped { at_ms }
        | GameEvent::ClockResumed { at_ms }
        | GameEvent::TimeAdjusted { at_ms, .. }
        | GameEvent::FlagFell { at_ms, .. }
        | GameEvent::MoveSealed { at_ms, .. } => Some(*at_ms),
        _ => None,
    }
}

/// A game in memory: a copy of its stream.
#[derive(Debug, Clone)]
pub struct Live {
    /// The first event.
    pub created: Created,
    /// The game with its clock.
    pub timed: TimedGame,
    /// Is there a clock?
    pub timed_clock: bool,
    /// The latest moment the clock has seen: time never runs back for it.
    pub last_at: u64,
    /// The moves in every notation, computed once.
    pub moves: Vec<MoveView>,
    /// The position after the last move in `moves`.
    replay: Position,
    /// The score sheet's signatures and the appeals.
    pub sheet: Sheet,
    /// When the game (re)started: its creation, or the replay after a colour swap.
    pub started_at_ms: u64,
    /// The adjournment, while the game is adjourned.
    pub adjourned: Option<Adjournment>,
    /// The arbiter's count of moves (限着), if one runs.
    pub move_count: Option<MoveCount>,
    /// The corrections made, in order.
    pub corrections: Vec<Correction>,
    /// The reason the arbiter gave for a declared result.
    pub declared: Option<String>,
}

impl Live {
    /// A game from its first event.
    ///
    /// # Errors
    /// A position or time control that does not read.
    pub fn new(created: Created) -> Result<Live, String> {
        let start = created
            .fen
            .parse::<Fen>()
            .map_err(|e| format!("fen: {e}"))?
            .into_position()
            .map_err(|e| format!("fen: {e}"))?;
        let control = match &created.time_control {
            Some(tc) => tc
                .parse::<TimeControl>()
                .map_err(|e| format!("time control: {e}"))?,
            None => untimed_control().map_err(|e| e.to_string())?,
        };
        Ok(Live {
            timed: TimedGame::new(start.clone(), created.rules, control),
            timed_clock: created.time_control.is_some(),
            started_at_ms: created.created_at_ms,
            created,
            last_at: 0,
            moves: Vec::new(),
            replay: start,
            sheet: Sheet::default(),
            adjourned: None,
            move_count: None,
            corrections: Vec::new(),
            declared: None,
        })
    }

    /// Brings what is derived from the game up to date after it changed: the moves in every
    /// notation, and the moment of the end (`recorded_at_ms`, the store's, when replaying; now
    /// for a new event). No arbiter event follows the end of a game, so the last one's moment
    /// is the end's.
    pub fn settle(&mut self, recorded_at_ms: Option<i64>) {
        // Seed 001 ⑤: a count that runs out without a result is a draw. The end is derived, as
        // a mate is: recomputed on every replay.
        let ply = self.timed.game().moves().len();
        if self.timed.game().end().is_none() && self.move_count.is_some_and(|c| c.run_out(ply)) {
            let _ = self.timed.apply(GameEvent::Ended {
                result: GameResult::Draw,
                termination: Termination::MoveLimit,
            });
        }
        let played = self.timed.game().moves();
        while self.moves.len() < played.len() {
            let m = played[self.moves.len()];
            let color = self.replay.turn();
            self.moves.push(MoveView {
                ply: self.moves.len() + 1,
                color: color_code(color),
                iccs: m.to_string(),
                wxf: Wxf::write(&self.replay, m),
                chinese: Chinese::write(&self.replay, m, Style::PLAIN),
            });
            if self.replay.is_legal(m) {
                self.replay.play_unchecked(m);
            } else {
                break;
            }
        }
        if self.timed.game().end().is_some() {
            match recorded_at_ms {
                Some(at) => self.sheet.ended_at_ms = Some(u64::try_from(at).unwrap_or(0)),
                None if self.sheet.ended_at_ms.is_none() => {
                    self.sheet.ended_at_ms = Some(wall_ms());
                }
                None => {}
            }
        }
    }

    /// The role of `token`, if any.
    pub fn role(&self, token: &str) -> Option<TokenHolder> {
        let h = sha256_hex(token);
        if h == self.created.red_token_sha256 {
            Some(TokenHolder::Player(Color::Red))
        } else if h == self.created.black_token_sha256 {
            Some(TokenHolder::Player(Color::Black))
        } else if h == self.created.arbiter_token_sha256 {
            Some(TokenHolder::Arbiter)
        } else {
            None
        }
    }

    /// The pending draw offer's author: it stands until the other side moves or declines, and
    /// an offer beyond the allowed excess is void (CXA 2011 arts. 22.1, 8.1.3).
    pub fn draw_offer(&self) -> Option<Color> {
        fouls::pending_draw_offer(self.timed.game().events(), self.timed.game().rules())
    }

    /// The last offer's author, whether it stands or is void (the books' count aside).
    pub fn last_draw_offer(&self) -> Option<Color> {
        let mut pending = None;
        for e in self.timed.game().events() {
            match e {
                GameEvent::DrawOffered { by } => pending = Some(*by),
                GameEvent::DrawDeclined { .. } | GameEvent::DrawAgreed => pending = None,
                GameEvent::Move { color, .. } if pending.is_some_and(|by| by != *color) => {
                    pending = None;
                }
                _ => {}
            }
        }
        pending
    }

    /// The deadline to store: the moment the running clock's flag falls, or none.
    pub fn stored_deadline(&self) -> Deadline {
        if !self.timed_clock || self.timed.game().end().is_some() {
            return Deadline::Clear;
        }
        self.timed
            .clock()
            .deadline()
            .map_or(Deadline::Clear, Deadline::At)
    }
}

/// The article under which colours found reversed are replayed, or the game stands.
const COLOURS_ARTICLE: &str = "CXA 2011 art. 5.8.1; WXF 2018 art. 4.4.B";
/// The articles of adjournment.
const ADJOURNMENT_ARTICLE: &str = "WXF 2018 art. 6.5; seed 001 ④";

impl Live {
    /// Applies one of the arbiter's procedures at the table. What it refuses is refused before
    /// it is stored; a stored one applies again the same way on every replay.
    ///
    /// # Errors
    /// The refusal, citing the article.
    fn procedure(&mut self, p: Procedure) -> Result<(), ApiError> {
        if self.timed.game().end().is_some() {
            return Err(ApiError::conflict("game_over", "the game is over"));
        }
        match p {
            Procedure::AdjournmentCalled { .. } => {
                if self.adjourned.is_some() {
                    return Err(ApiError::ruled_conflict(
                        "adjourned",
                        ADJOURNMENT_ARTICLE,
                        "the game is adjourned already",
                    ));
                }
                self.adjourned = Some(Adjournment { envelope: None });
            }
            Procedure::MoveSealedText {
                color,
                sealed_text,
                at_ms,
            } => {
                let sealer = crate::games::parse_color("color", &color)?;
                let Some(adj) = &self.adjourned else {
                    return Err(ApiError::ruled_conflict(
                        "not_adjourned",
                        ADJOURNMENT_ARTICLE,
                        "a move is sealed once the arbiter has called the adjournment",
                    ));
                };
                if adj.envelope.is_some() {
                    return Err(ApiError::ruled_conflict(
                        "sealed",
                        ADJOURNMENT_ARTICLE,
                        "the move is sealed already",
                    ));
                }
                if sealer != self.timed.game().position().turn() {
                    return Err(ApiError::conflict(
                        "not_your_turn",
                        "the side to move seals its move",
                    ));
                }
                let envelope = if self.timed_clock && self.timed.clock().is_running() {
                    seal::seal(&mut self.timed, &sealed_text, at_ms)?
                } else {
                    // No clock runs (untimed, or stopped by the arbiter): the times stand.
                    let (red_used_ms, black_used_ms) =
                        (self.timed.used(Color::Red), self.timed.used(Color::Black));
                    self.timed.apply(GameEvent::MoveSealed {
                        color: sealer,
                        at_ms,
                        red_used_ms,
                        black_used_ms,
                    })?;
                    SealedEnvelope {
                        sealer,
                        plies: self.timed.game().moves().len(),
                        text: sealed_text,
                        red_used_ms,
                        black_used_ms,
                    }
                };
                if let Some(adj) = &mut self.adjourned {
                    adj.envelope = Some(envelope);
                }
            }
            Procedure::AdjournmentResumed { at_ms } => {
                let Some(envelope) = self.adjourned.as_ref().and_then(|a| a.envelope.clone())
                else {
                    return Err(ApiError::ruled_conflict(
                        "not_sealed",
                        ADJOURNMENT_ARTICLE,
                        "the game resumes once the move to play is sealed",
                    ));
                };
                if self.timed_clock && self.timed.clock().flag().is_none() {
                    seal::open(&mut self.timed, &envelope, at_ms)?;
                } else {
                    self.timed.apply(GameEvent::SealedMoveOpened {
                        color: envelope.sealer,
                        text: envelope.text.clone(),
                        valid: false,
                    })?;
                    if self.timed.game().end().is_none() {
                        let m = seal::read_move(self.timed.game().position(), &envelope.text)
                            .map_err(|e| ApiError::invalid("move", e.to_string()))?;
                        self.timed.apply(GameEvent::Move {
                            color: envelope.sealer,
                            iccs: xiangqi::iccs::Iccs::from_move(m),
                        })?;
                    }
                }
                self.adjourned = None;
            }
            Procedure::GameCorrected { ply, error, at_ms } => self.correct(ply, error, at_ms)?,
            Procedure::ColoursSwapped { at_ms } => {
                let elapsed_ms = at_ms.saturating_sub(self.started_at_ms);
                let remedy = correction::remedy(
                    self.timed.game(),
                    FoundError::ColoursReversed { elapsed_ms },
                );
                if remedy != Remedy::ReplaySwapped {
                    let window = self.timed.game().rules().fouls.colour_swap_window_ms;
                    let message = match window {
                        Some(w) => format!(
                            "colours found reversed after {} min, beyond the {} min of the book: the game stands",
                            elapsed_ms / 60_000,
                            w / 60_000
                        ),
                        None => "under this book colours found reversed leave the game standing"
                            .to_owned(),
                    };
                    return Err(ApiError::ruled_conflict(
                        "colour_swap_too_late",
                        COLOURS_ARTICLE,
                        message,
                    ));
                }
                let c = &mut self.created;
                std::mem::swap(&mut c.red, &mut c.black);
                std::mem::swap(&mut c.red_token_sha256, &mut c.black_token_sha256);
                let start = self.timed.game().start().clone();
                let rules = *self.timed.game().rules();
                let control = self.timed.clock().control().clone();
                self.timed = TimedGame::new(start.clone(), rules, control);
                if self.timed_clock {
                    self.timed.start(at_ms)?;
                }
                self.replay = start;
                self.moves.clear();
                self.started_at_ms = at_ms;
                self.adjourned = None;
                self.move_count = None;
            }
            Procedure::ResultDeclared { result, reason, .. } => {
                self.timed.apply(GameEvent::Ended {
                    result,
                    termination: Termination::Declared,
                })?;
                self.declared = Some(reason);
            }
            Procedure::MoveLimitCounted { moves, from_ply } => {
                if moves == 0 {
                    return Err(ApiError::invalid("moves", "a count of at least one move"));
                }
                self.move_count = Some(MoveCount { from_ply, moves });
            }
        }
        Ok(())
    }

    /// Back to the position before `ply` (CXA 2011 art. 5.8; WXF 2018 art. 4.4): the board
    /// goes back, the clock does not; for an illegal move the piece moved must move again and
    /// the mover is charged the foul (CXA 2011 arts. 5.8.2, 8.1.8; WXF 2018 art. 4.4.A).
    fn correct(&mut self, ply: usize, error: ErrorKind, at_ms: u64) -> Result<(), ApiError> {
        if self.adjourned.is_some() {
            return Err(ApiError::ruled_conflict(
                "adjourned",
                ADJOURNMENT_ARTICLE,
                "the game is adjourned: resume it first",
            ));
        }
        let game = self.timed.game();
        let played = game.moves().len();
        if ply == 0 || ply > played {
            return Err(ApiError::invalid(
                "ply",
                format!("{played} plies have been played: no ply {ply} to take back"),
            ));
        }
        let found = match error {
            ErrorKind::IllegalMove => FoundError::IllegalMove { ply },
            ErrorKind::DisplacedPiece => FoundError::DisplacedPiece {
                ply: ply - 1,
                plies_since: played - (ply - 1),
            },
        };
        let remedy = correction::remedy(game, found);
        if remedy == Remedy::Stands {
            return Err(ApiError::ruled_conflict(
                "correction_too_late",
                "CXA 2011 art. 5.8.2",
                "found too late: the game stands",
            ));
        }
        let removed: Vec<String> = game.moves()[ply - 1..]
            .iter()
            .map(ToString::to_string)
            .collect();
        let mover = if ply % 2 == 1 {
            game.start().turn()
        } else {
            !game.start().turn()
        };
        let Some(mut back) = correction::correct_timed(&self.timed, remedy, at_ms)? else {
            return Err(ApiError::conflict("refused", "nothing to restore"));
        };
        if error == ErrorKind::IllegalMove && back.game().end().is_none() {
            back.apply(GameEvent::Foul {
                color: mover,
                foul: xiangqi_arbiter::Foul::IllegalMove {
                    iccs: removed[0].clone(),
                },
                article: String::new(),
                at_ms: Some(at_ms),
            })?;
        }
        self.timed = back;
        self.moves.truncate(ply - 1);
        self.replay = self.timed.game().position().clone();
        self.corrections.push(Correction {
            ply,
            error,
            removed,
        });
        Ok(())
    }
}

/// What a game's slot keeps beside the game: its watchers and its flag timer.
#[derive(Debug)]
pub struct Watch {
    /// Updates for the watchers.
    pub tx: broadcast::Sender<std::sync::Arc<str>>,
    /// The flag timer in the process's queue ([`Timers`]), while the clock runs.
    timer: std::sync::Mutex<Option<TimerKey>>,
}

impl Default for Watch {
    fn default() -> Watch {
        Watch {
            tx: broadcast::channel(WATCH_BUFFER).0,
            timer: std::sync::Mutex::new(None),
        }
    }
}

impl Watch {
    fn timer(&self) -> std::sync::MutexGuard<'_, Option<TimerKey>> {
        self.timer.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Stops the flag timer, if one is set.
    pub fn stop_timer(&self, timers: &Timers) {
        if let Some(key) = self.timer().take() {
            timers.cancel(key);
        }
    }

    /// Forgets the flag timer `fired` (out of the queue already) as it fires; a timer set
    /// since stays.
    pub fn forget_timer(&self, fired: TimerKey) {
        let mut timer = self.timer();
        if *timer == Some(fired) {
            *timer = None;
        }
    }

    /// Whether a flag timer is set.
    pub fn has_timer(&self) -> bool {
        self.timer().is_some()
    }

    /// Sets the flag timer of game `id` to `at` (replacing any earlier one), or stops it.
    pub fn set_timer(&self, timers: &Timers, id: &str, at: Option<tokio::time::Instant>) {
        let mut timer = self.timer();
        *timer = match at {
            Some(at) => Some(timers.set(id, at, *timer)),
            None => {
                if let Some(old) = timer.take() {
                    timers.cancel(old);
                }
                None
            }
        };
    }
}

impl Aggregate for Live {
    type Event = GameRecord;
    const KINDS: &'static [StreamKind] = &[StreamKind::Game];
    const NOUN: &'static str = "game";
    type Side = Watch;

    fn open(first: GameRecord) -> Result<Option<Live>, String> {
        match first {
            GameRecord::Created(c) => Live::new(*c).map(Some),
            other => Err(format!("{other:?}")),
        }
    }

    fn apply(&mut self, record: GameRecord) -> Result<(), ApiError> {
        match record {
            GameRecord::Signed(s) => self.sheet.signatures.push(s),
            GameRecord::Appealed(a) => self.sheet.appeals.push(a),
            GameRecord::AppealDecided(d) => {
                let appeal = d
                    .appeal
                    .checked_sub(1)
                    .and_then(|i| self.sheet.appeals.get_mut(i))
                    .ok_or(ApiError::NotFound("appeal"))?;
                if appeal.decision.is_some() {
                    return Err(ApiError::conflict(
                        "appeal_decided",
                        "the appeal was decided already (WXF 12.4: the decision is final)",
                    ));
                }
                appeal.decision = Some(d);
            }
            GameRecord::Procedure(p) => {
                let recorded_at_ms = None;
                if let Some(at) = p.at_ms() {
                    self.last_at = self.last_at.max(at);
                }
                self.procedure(p)?;
                self.settle(recorded_at_ms);
            }
            GameRecord::Created(_) => {
                return Err(ApiError::Corrupt("a second game_created".into()));
            }
            GameRecord::Game {
                event,
                recorded_at_ms,
            } => {
                if let Some(at) = event_time(&event) {
                    self.last_at = self.last_at.max(at);
                }
                match event {
                    // Derived events are recomputed, not replayed (as `TimedGame::from_events`).
                    GameEvent::RepetitionRuled { .. } | GameEvent::Ended { .. } => {}
                    // A flag that the replay already made fall (a penalty's).
                    GameEvent::FlagFell { .. } if self.timed.game().end().is_some() => {}
                    other => self.timed.apply(other)?,
                }
                self.settle(recorded_at_ms);
            }
        }
        Ok(())
    }

    fn deadline(&self) -> Option<Deadline> {
        Some(self.stored_deadline())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn created() -> Value {
        json!({
            "fen": xiangqi::fen::INITIAL, "rules": RuleSet::cxa2011(), "time_control": null,
            "red": "红", "black": null, "event": null, "red_token_sha256": "r",
            "black_token_sha256": "b", "arbiter_token_sha256": "a", "created_at_ms": 1,
        })
    }

    /// A game stored before games knew their tournament reads, and is stored the same again.
    #[test]
    fn a_game_stored_as_before_reads_and_writes_back_the_same() {
        let r = GameRecord::decode(CREATED, created()).expect("reads");
        let stored = r.encode().expect("writes");
        assert_eq!(stored.event_type, CREATED);
        assert_eq!(stored.payload, created());
        let Some(mut live) = Live::open(r).expect("opens") else {
            panic!("a game");
        };
        let stored = StoredEvent {
            seq: 2,
            event_type: "move".into(),
            payload: json!({"type": "move", "color": "red", "iccs": "h2e2"}),
            recorded_at_ms: 7,
        };
        let mv = GameRecord::decode_stored(stored).expect("reads");
        assert_eq!(
            mv.encode().expect("writes").payload,
            json!({"type": "move", "color": "red", "iccs": "h2e2"})
        );
        live.apply(mv).expect("applies");
        assert_eq!(live.moves[0].chinese, "炮二平五");
        let resigned =
            GameRecord::decode("resigned", json!({"type": "resigned", "color": "black"}))
                .expect("reads");
        let GameRecord::Game { event, .. } = resigned else {
            panic!("an arbiter's event");
        };
        live.apply(GameRecord::Game {
            event,
            recorded_at_ms: Some(9),
        })
        .expect("applies");
        // The end's moment is the store's, as it was recorded.
        assert_eq!(live.sheet.ended_at_ms, Some(9));
        let signed = json!({"by": "red", "result": "1-0", "termination": "resignation",
                            "red_used_ms": null, "black_used_ms": null, "at_ms": 10});
        let r = GameRecord::decode(SIGNED, signed.clone()).expect("reads");
        assert_eq!(r.encode().expect("writes").payload, signed);
        live.apply(r).expect("applies");
        assert!(live.sheet.signature("red").is_some() && !live.sheet.complete());
    }
}
