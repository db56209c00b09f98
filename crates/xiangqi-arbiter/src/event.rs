//! The vocabulary of a game: the events the store keeps ([`GameEvent`]) and the words they
//! share: a game's result and how it ended, who claims, fouls, why a flag fell.
//!
//! It stands at the bottom of the arbiter: the game, its clock, fouls, sealing and corrections
//! all speak these words, and this module imports none of them (only the rule book, for a
//! foul's article, and the repetition verdict). Squares and moves are typed ([`Square`],
//! [`Iccs`]) and written on the wire as the ICCS text they always were (`h2`, `h2e2`), so
//! events stored before they were typed still load.

use serde::{Deserialize, Serialize};
use xiangqi::{Color, Square, iccs::Iccs};

use crate::{repetition::Verdict, rules::Book};

/// A game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// Red wins: `1-0`.
    #[serde(rename = "1-0")]
    RedWins,
    /// Black wins: `0-1`.
    #[serde(rename = "0-1")]
    BlackWins,
    /// A draw: `1/2-1/2`.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// `color` wins.
    pub const fn win(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn code(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Termination {
    /// 将死. CXA 2011 art. 4.1.1; WXF 2018 art. 3.1.A.
    Checkmate,
    /// 困毙. CXA 2011 art. 4.1.1; WXF 2018 art. 3.1.A.
    Stalemate,
    /// A move that left one's king capturable or the kings facing. CXA 2011 arts. 3.4, 4.1.3;
    /// WXF 2018 art. 4.5.
    Suicide,
    /// 认输. CXA 2011 art. 4.1.2; WXF 2018 art. 3.1.B.
    Resignation,
    /// 提和同意. CXA 2011 art. 4.2.1; WXF 2018 art. 3.2.A.
    Agreement,
    /// Neither side can win. CXA 2011 art. 4.2.2; WXF 2018 art. 3.2.A.
    InsufficientMaterial,
    /// 自然限着. CXA 2011 art. 22.2; WXF 2018 art. 8.
    MoveLimit,
    /// 棋例. CXA 2011 arts. 4.1.4–4.1.5, 4.2.3, 23–26; WXF 2018 arts. 3.1.C, 3.1.H, 3.2.B–C.
    Repetition,
    /// 超时: a flag fell. CXA 2011 arts. 4.1.6, 21; WXF 2018 arts. 3.1.B, 6.
    TimeForfeit,
    /// Fouls, violations or a breach the books punish with the game (see [`crate::fouls`]).
    /// CXA 2011 arts. 4.1.7–4.1.13; WXF 2018 arts. 3.1.D, 3.1.F–G.
    Foul,
    /// A sealed move that is illegal or unclear. WXF 2018 art. 6.5; seed 001 (封棋着法有误).
    SealedMove,
    /// 裁判判定: a result the arbiter declares (a draw when neither side can win, a game the
    /// arbiter decides). WXF 2018 art. 3.2.A; CXA 2011 art. 4.2.
    Declared,
}

impl Termination {
    /// `checkmate`, `move_limit`, … as the CLI's JSON writes it.
    pub const fn code(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Suicide => "suicide",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::MoveLimit => "move_limit",
            Termination::Repetition => "repetition",
            Termination::TimeForfeit => "time_forfeit",
            Termination::Foul => "foul",
            Termination::SealedMove => "sealed_move",
            Termination::Declared => "declared",
        }
    }
}

/// Something that happened in a game: what the store keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum GameEvent {
    /// A move was played (a suicide move too: it ends the game).
    Move {
        /// Who moved.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// The move's points, written in ICCS (`h2e2`).
        #[serde(with = "crate::wire::iccs")]
        iccs: Iccs,
    },
    /// A side resigned.
    Resigned {
        /// Who.
        #[serde(with = "crate::wire::color")]
        color: Color,
    },
    /// Both sides agreed to a draw.
    DrawAgreed,
    /// A side claimed the natural move limit.
    MoveLimitClaimed {
        /// Who claimed.
        #[serde(with = "crate::wire::color")]
        by: Color,
        /// Moves counted for the claimant.
        counted_moves: u32,
        /// Was the claim right? A false claim is a foul (CXA 2011 art. 22.2, WXF 2018 art. 8).
        valid: bool,
    },
    /// A claim under CXA 2011 art. 23.4, the nine-round rule (九回合规则): nine rounds of
    /// forbidden play over three or more points, ruled as a repetition without a threefold
    /// one (see [`crate::Ruling::nine_rounds`]). Under WXF 2018, which has no such rule, it is never
    /// accepted.
    NineRoundsClaimed {
        /// Who claimed: a player or the arbiter.
        by: Claimant,
        /// Was the claim accepted and ruled? Recomputed by [`Game::record`](crate::Game::record).
        #[serde(default)]
        accepted: bool,
        /// The verdict, when accepted. Recomputed by [`Game::record`](crate::Game::record).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        verdict: Option<Verdict>,
    },
    /// A repetition was ruled.
    RepetitionRuled {
        /// After how many plies.
        ply: usize,
        /// The verdict.
        verdict: Verdict,
    },
    /// The clock was started. CXA 2011 art. 6; WXF 2018 art. 6.4.
    ClockStarted {
        /// When (milliseconds on the caller's scale).
        at_ms: u64,
    },
    /// The next move of `color` was completed, and its clock pressed, at `at_ms` (the time of a
    /// move; it precedes the [`GameEvent::Move`]). CXA 2011 art. 6; WXF 2018 art. 6.
    MoveTime {
        /// Who moves.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// When.
        at_ms: u64,
    },
    /// The arbiter stopped the clock (a claim, a dispute, sealing). CXA 2011 art. 22.2; WXF 2018
    /// arts. 6.4, 8.
    ClockStopped {
        /// When.
        at_ms: u64,
    },
    /// The arbiter restarted the clock.
    ClockResumed {
        /// When.
        at_ms: u64,
    },
    /// The arbiter adjusted a clock after a fault. CXA 2011 art. 21.4; WXF 2018 art. 6.6.
    TimeAdjusted {
        /// Whose clock.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// Milliseconds given (positive) or taken (negative).
        delta_ms: i64,
        /// When.
        at_ms: u64,
    },
    /// A flag fell: `color` loses on time. CXA 2011 arts. 21.1–21.6; WXF 2018 arts. 6.2, 6.7.
    FlagFell {
        /// Whose flag.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// When it fell.
        at_ms: u64,
        /// Why.
        reason: FlagReason,
    },
    /// A foul, technical foul or violation, citing its article (filled in from the rule set).
    Foul {
        /// Who.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// What.
        foul: Foul,
        /// The article.
        #[serde(default)]
        article: String,
        /// When it was ruled, in milliseconds on the scale of the other events' `at_ms` (the
        /// clock's start is the game's start). `None` when not given, as in records written
        /// before the field existed; omitted from the JSON then.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_ms: Option<u64>,
    },
    /// `color`, to move, touched the pieces on `squares` (ICCS squares, e.g. `h2`); more than
    /// one square: touched at the same time. The touches of a turn, in order, bind the move
    /// (CXA 2011 arts. 5.1–5.5; WXF 2018 art. 4.2 A–E; see [`crate::touch`]): [`Game::play`](crate::Game::play)
    /// refuses a move that breaks the binding.
    Touched {
        /// Who touched.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// The points touched, written in ICCS (`h2`).
        #[serde(with = "crate::wire::points")]
        squares: Vec<Square>,
        /// When, on the scale of the other events' `at_ms`; `None` when not given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_ms: Option<u64>,
        /// Did this touch make a foul due: under CXA 2011 art. 8.1.5 an own piece that cannot
        /// move or an opponent's piece no piece can take; under WXF 2018 art. 4.2 A–E a binding
        /// that falls back from its first step, and in check a first touched piece that cannot
        /// answer it (art. 2.10.D) (a technical foul). At most one per turn.
        /// Recomputed by [`Game::record`](crate::Game::record).
        #[serde(default)]
        foul: bool,
    },
    /// After `color` moved and pressed the clock, its piece from `from` lay between the two
    /// `points` and its place could not be told; the opponent named `named` (CXA 2011 art.
    /// 5.10; see [`crate::touch::placed_between`]). The move is then played as a
    /// [`GameEvent::Move`] to `named`, and [`Game::play`](crate::Game::play) refuses any other.
    PlacedBetween {
        /// Who moved.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// The point the piece came from.
        #[serde(with = "crate::wire::point")]
        from: Square,
        /// The two points it lies between.
        #[serde(with = "crate::wire::point_pair")]
        points: [Square; 2],
        /// The point the opponent named.
        #[serde(with = "crate::wire::point")]
        named: Square,
        /// When, on the scale of the other events' `at_ms`; `None` when not given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_ms: Option<u64>,
    },
    /// `by` offered a draw, in its own time. CXA 2011 art. 22.1.
    DrawOffered {
        /// Who offered.
        #[serde(with = "crate::wire::color")]
        by: Color,
    },
    /// `by` declined the pending offer (moving on declines it too). CXA 2011 art. 22.1.
    DrawDeclined {
        /// Who declined.
        #[serde(with = "crate::wire::color")]
        by: Color,
    },
    /// `color` sealed its move (封棋) with both clocks' used times. WXF 2018 art. 6.5.
    MoveSealed {
        /// Who sealed.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// When.
        at_ms: u64,
        /// Red's used time.
        red_used_ms: u64,
        /// Black's used time.
        black_used_ms: u64,
    },
    /// The sealed move was opened; an illegal or unclear one loses (WXF 2018 art. 6.5; seed
    /// 001). A valid one is then played as a [`GameEvent::Move`].
    SealedMoveOpened {
        /// Who sealed.
        #[serde(with = "crate::wire::color")]
        color: Color,
        /// The text written.
        text: String,
        /// Did it name one legal move? Recomputed by [`Game::record`](crate::Game::record).
        #[serde(default)]
        valid: bool,
    },
    /// The game ended.
    Ended {
        /// The result.
        result: GameResult,
        /// How.
        termination: Termination,
    },
}

/// Who makes a claim (提出): "经一方提出" (CXA 2011 art. 23.4) is a player's; the arbiter may
/// act on what it sees too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claimant {
    /// The red player.
    Red,
    /// The black player.
    Black,
    /// The arbiter (裁判员).
    Arbiter,
}

impl From<Color> for Claimant {
    fn from(c: Color) -> Claimant {
        match c {
            Color::Red => Claimant::Red,
            Color::Black => Claimant::Black,
        }
    }
}

/// A breach of the rules by one side.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Foul {
    /// Disturbing the opponent in its time. CXA 2011 art. 8.1.1.
    Disturbing,
    /// Stopping or starting the clock without leave. CXA 2011 art. 8.1.2; WXF 2018 art. 6.4.
    StoppedClock,
    /// Touch-move: a touched piece that cannot move, an opponent's piece none can take, or
    /// a binding not kept (see [`crate::touch`]). CXA 2011 arts. 5.1–5.5, 8.1.5; WXF 2018
    /// art. 4.2 A–E.
    Touch,
    /// A move against the rules of movement, found and taken back. CXA 2011 arts. 4.1.8,
    /// 8.1.8; WXF 2018 art. 4.4.A.
    IllegalMove {
        /// The move as made, in ICCS. Text, not a typed move: the server has taken it from
        /// the arbiter as written, and records stored so must still load.
        iccs: String,
    },
    /// Moves missing from the score sheet, the running total. CXA 2011 art. 7.1; WXF 2018
    /// arts. 3.1.F, 7.6.
    Unrecorded {
        /// Moves missing so far.
        moves: u32,
    },
    /// The clock pressed without a move. CXA 2011 art. 4.1.9; WXF 2018 art. 12.9.
    PressedWithoutMove,
    /// The clock pressed hard or with the other hand. WXF 2018 art. 12.5.
    HardPress,
    /// A minor breach of the players' instructions. CXA 2011 art. 8.1.9; WXF 2018 art. 12.
    Conduct,
    /// Late beyond the limit. CXA 2011 arts. 4.1.7, 20.1; WXF 2018 arts. 3.1.D, 11.1.
    Late {
        /// How late, in milliseconds.
        ms: u64,
    },
    /// Refusing the rules or grave misconduct; an electronic device. CXA 2011 art. 4.1.13;
    /// WXF 2018 arts. 3.1.G, 12.10.
    Misconduct,
    /// Pieces knocked over after pressing the clock: the opponent gets time (WXF 2018 art.
    /// 12.12); CXA 2011 art. 5.9 has them restored in the offender's time.
    KnockedPieces,
}

impl Foul {
    /// The articles behind this foul under `book`.
    pub const fn article(&self, book: Book) -> &'static str {
        match (self, book) {
            (Foul::Disturbing, Book::Cxa2011) => "CXA 2011 art. 8.1.1",
            (Foul::Disturbing, Book::Wxf2018) => "WXF 2018 art. 12.1",
            (Foul::StoppedClock, Book::Cxa2011) => "CXA 2011 art. 8.1.2",
            (Foul::StoppedClock, Book::Wxf2018) => "WXF 2018 art. 6.4",
            (Foul::Touch, Book::Cxa2011) => "CXA 2011 arts. 5.1–5.5, 8.1.5",
            (Foul::Touch, Book::Wxf2018) => "WXF 2018 art. 4.2",
            (Foul::IllegalMove { .. }, Book::Cxa2011) => "CXA 2011 arts. 4.1.8, 8.1.8",
            (Foul::IllegalMove { .. }, Book::Wxf2018) => "WXF 2018 art. 4.4.A",
            (Foul::Unrecorded { .. }, Book::Cxa2011) => "CXA 2011 art. 7.1",
            (Foul::Unrecorded { .. }, Book::Wxf2018) => "WXF 2018 arts. 3.1.F, 7.6",
            (Foul::PressedWithoutMove, Book::Cxa2011) => "CXA 2011 arts. 4.1.9, 8.1",
            (Foul::PressedWithoutMove, Book::Wxf2018) => "WXF 2018 art. 12.9",
            (Foul::HardPress, Book::Cxa2011) => "CXA 2011 art. 6 (按钟), 8.1.9",
            (Foul::HardPress, Book::Wxf2018) => "WXF 2018 art. 12.5",
            (Foul::Conduct, Book::Cxa2011) => "CXA 2011 art. 8.1.9",
            (Foul::Conduct, Book::Wxf2018) => "WXF 2018 art. 12",
            (Foul::Late { .. }, Book::Cxa2011) => "CXA 2011 arts. 4.1.7, 20.1",
            (Foul::Late { .. }, Book::Wxf2018) => "WXF 2018 arts. 3.1.D, 11.1",
            (Foul::Misconduct, Book::Cxa2011) => "CXA 2011 art. 4.1.13",
            (Foul::Misconduct, Book::Wxf2018) => "WXF 2018 arts. 3.1.G, 12.10",
            (Foul::KnockedPieces, Book::Cxa2011) => "CXA 2011 art. 5.9",
            (Foul::KnockedPieces, Book::Wxf2018) => "WXF 2018 art. 12.12",
        }
    }
}

/// Why a flag fell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FlagReason {
    /// The time ran out. CXA 2011 arts. 21.2–21.3; WXF 2018 arts. 6.1, 6.3.
    TimeUp,
    /// A period ended before its quota was met. CXA 2011 arts. 21.1, 4.1.6; WXF 2018 arts.
    /// 3.1.B, 6.2.
    QuotaNotMet {
        /// The period, from 1.
        period: u32,
        /// Moves completed in it.
        moves: u32,
        /// Moves required.
        quota: u32,
    },
    /// A move in 读秒 overran the per-move limit. Seed 001 (时间规定).
    PerMove,
    /// A time penalty took more than was left. CXA 2011 art. 22.2; WXF 2018 art. 8.
    Penalty,
}

impl FlagReason {
    /// The articles behind this loss.
    pub const fn article(self) -> &'static str {
        match self {
            FlagReason::TimeUp => "CXA 2011 arts. 21.3, 21.6; WXF 2018 art. 6.7",
            FlagReason::QuotaNotMet { .. } => "CXA 2011 arts. 21.1, 4.1.6; WXF 2018 art. 6.2",
            FlagReason::PerMove => "summary 001 (每方走一着棋的时间不得超过…秒)",
            FlagReason::Penalty => "CXA 2011 art. 22.2; WXF 2018 art. 8",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Events as the store has kept them since before squares and moves were typed: each still
    /// loads, and is written back to the same text.
    #[test]
    fn stored_events_load_and_write_back_the_same() {
        let stored = [
            r#"{"type":"move","color":"red","iccs":"h2e2"}"#,
            r#"{"type":"touched","color":"black","squares":["h9","h7"],"at_ms":5000,"foul":false}"#,
            r#"{"type":"touched","color":"red","squares":["a0"],"foul":true}"#,
            r#"{"type":"placed_between","color":"red","from":"b0","points":["c2","d2"],"named":"c2","at_ms":12}"#,
            r#"{"type":"foul","color":"red","foul":{"kind":"illegal_move","iccs":"a0a5"},"article":"CXA 2011 arts. 4.1.8, 8.1.8","at_ms":7}"#,
            r#"{"type":"flag_fell","color":"black","at_ms":90000,"reason":{"kind":"time_up"}}"#,
            r#"{"type":"nine_rounds_claimed","by":"arbiter","accepted":true,"verdict":{"loses":"red"}}"#,
            r#"{"type":"ended","result":"0-1","termination":"repetition"}"#,
        ];
        for text in stored {
            let event: GameEvent =
                serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(serde_json::to_string(&event).expect("writes"), text);
        }
        let GameEvent::PlacedBetween {
            from,
            points,
            named,
            ..
        } = serde_json::from_str(stored[3]).expect("loads")
        else {
            panic!("a placement");
        };
        assert_eq!(
            (from, points, named),
            (Square::B0, [Square::C2, Square::D2], Square::C2)
        );
    }

    /// What a replay read before the types, the types read too (ICCS in capitals and dashed, a
    /// point with spaces); what it refused is now refused when loading.
    #[test]
    fn loose_text_reads_as_before_and_bad_text_is_refused() {
        let dashed = r#"{"type":"move","color":"red","iccs":"H2-E2"}"#;
        let m: GameEvent = serde_json::from_str(dashed).expect("dashed ICCS");
        let iccs = Iccs {
            from: Square::H2,
            to: Square::E2,
        };
        assert_eq!(
            m,
            GameEvent::Move {
                color: Color::Red,
                iccs
            }
        );
        let spaced = r#"{"type":"touched","color":"red","squares":[" h2 "]}"#;
        let t: GameEvent = serde_json::from_str(spaced).expect("a point with spaces");
        assert!(matches!(t, GameEvent::Touched { squares, .. } if squares == [Square::H2]));
        for bad in [
            r#"{"type":"move","color":"red","iccs":"zz"}"#,
            r#"{"type":"touched","color":"red","squares":["j2"]}"#,
            r#"{"type":"placed_between","color":"red","from":"b0","points":["c2"],"named":"c2"}"#,
        ] {
            assert!(serde_json::from_str::<GameEvent>(bad).is_err(), "{bad}");
        }
    }
}
