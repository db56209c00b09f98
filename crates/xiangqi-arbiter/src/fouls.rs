//! Fouls (犯规), technical fouls (技术犯规) and violations (违例), with their consequences;
//! draw offers; error correction.
//!
//! The two books count differently:
//!
//! - **CXA 2011** counts fouls (犯规, art. 8.1) and names some losses outright (art. 4.1): one
//!   illegal move in national events, two in provincial and junior ones, the first then being a
//!   foul (arts. 4.1.8, 8.1.8); pressing the clock twice without moving (4.1.9); a second false
//!   natural-limit claim in one stretch (4.1.11); lateness beyond the limit (4.1.7); refusing
//!   the rules or grave misconduct (4.1.13). Unrecorded moves: every 4 one foul, 8 or more two
//!   (art. 7.1).
//! - **WXF 2018** counts technical fouls (two lose) and violations (four lose), and 16
//!   unrecorded moves lose (art. 3.1.F, 4.6, 4.7, 7.6). Touch-move breaches, illegal moves and
//!   false claims are technical fouls (arts. 4.2, 4.4.A, 8); pressing the clock before moving is
//!   a violation (12.9), pressing hard or with the other hand one violation, two at the second
//!   offence (12.5).
//!
//! A foul is a [`GameEvent::Foul`] citing its article; a false natural-limit claim is the
//! [`GameEvent::MoveLimitClaimed`] event itself, and draw offers beyond the opponent's by more
//! than two are counted from the [`GameEvent::DrawOffered`] events; the tally is a projection
//! of the events, so a replayed game reaches the same verdict.
//!
//! Touch-move fouls come from the [`GameEvent::Touched`] events themselves (their `foul` flag, recomputed by [`Game::record`]): CXA 2011 art. 8.1.5, WXF
//! 2018 art. 4.2 A–E; a [`Foul::Touch`] is for one the arbiter enters by hand.
//!
//! ## CXA 2011 art. 4.1.10: where the number comes from
//!
//! No text we have states art. 4.1.10. The extracted book (`shared/rules/000_*.txt`) lists
//! art. 4.1 as 4.1.3–4.1.9, 4.1.11, 4.1.13 (4.1.1–4.1.2, 4.1.10 and 4.1.12 are lost), and art.
//! 8.1 as 8.1.1–8.1.5, 8.1.8–8.1.9 (8.1.6–8.1.7 are lost); art. 8.2 says only that a foul is
//! announced and recorded at once and that a player who resigns at once is spared it. The
//! summary (`001_*.txt`) counts differently: "同一局棋技术犯规两次判负" (two technical fouls
//! lose), the Asian count of WXF 2018 art. 3.1.F, not CXA 2011. So the CXA default of
//! [`FoulRules::fouls_to_lose`], **3**, is unverified: it is the previous engineer's memory of
//! the printed book ("累计犯规三次", three fouls in one game lose), and the only support we
//! found is an unofficial web summary of the rules listing "在同一棋局中，三次犯规" among the
//! losses, not the book. Losses by this count cite "CXA 2011 art. 4.1.10". Organisers holding
//! the printed book should check it and set the field.
//!
//! ## Choices where the books are silent
//!
//! - CXA 4.1.9 makes the *second* press without a move lose; the first is a foul (art. 8.1,
//!   whose item for it the extraction lost).
//! - Unrecorded moves are reported as the running total the arbiter found: under CXA the fouls
//!   they are worth are recomputed from the largest total (7.1), so reporting 4 then 8 gives two
//!   fouls, not three.

use serde::{Deserialize, Serialize};
use xiangqi::{ByColor, Color, Position, Square};

use crate::{
    game::{Game, GameError, GameEvent},
    rules::{Book, RuleSet},
};

/// The numbers of fouls and errors the books fix, organisers may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FoulRules {
    /// Illegal moves (违反行棋规定) that lose; below it each is a foul. `None`: each is a
    /// technical foul. CXA 2011 arts. 4.1.8, 8.1.8 (1 national, 2 provincial and junior);
    /// WXF 2018 art. 4.4.A (`None`).
    pub illegal_moves_to_lose: Option<u32>,
    /// Fouls (CXA) or technical fouls (WXF) that lose. CXA 2011 art. 4.1.10 (3, see the module
    /// docs); WXF 2018 arts. 3.1.F, 4.6 (2).
    pub fouls_to_lose: u32,
    /// Violations (违例) that lose; `None` where the book has none. WXF 2018 arts. 3.1.F, 4.7 (4).
    pub violations_to_lose: Option<u32>,
    /// Unrecorded moves that lose outright; `None`: they are fouls (CXA 2011 art. 7.1: each 4
    /// one foul, 8 or more two). WXF 2018 arts. 3.1.F, 7.6 (16).
    pub unrecorded_moves_to_lose: Option<u32>,
    /// Draw offers a side may make beyond the opponent's; one more is a foul. CXA 2011 arts.
    /// 22.1, 8.1.3 (2); WXF 2018 sets none.
    pub draw_offers_beyond_opponent: Option<u32>,
    /// Moves before which the arbiter may refuse a draw by agreement. WXF 2018 art. 12.11 (20);
    /// CXA 2011 none (0).
    pub agreed_draw_min_moves: u32,
    /// Time taken from a false natural-limit claimant. CXA 2011 art. 22.2; WXF 2018 art. 8
    /// (five minutes).
    pub false_claim_penalty_ms: u64,
    /// Time given to the opponent of a player who knocks pieces over after pressing the clock.
    /// WXF 2018 art. 12.12 (two minutes); CXA 2011 art. 5.9 has the offender restore them in
    /// its own time (`None`).
    pub knocked_pieces_bonus_ms: Option<u64>,
    /// Lateness that loses. CXA 2011 arts. 20.1, 4.1.7 (usually 15 minutes); WXF 2018 art.
    /// 11.1 (zero).
    pub lateness_limit_ms: u64,
    /// How long after the start reversed colours are replayed; `None`: the game stands. CXA
    /// 2011 art. 5.8.1 (20 minutes); WXF 2018 art. 4.4.B (`None`).
    pub colour_swap_window_ms: Option<u64>,
    /// Rounds within which a displaced piece is restored. CXA 2011 art. 5.8.2 (5); WXF 2018
    /// art. 4.4.A sets no bound: we take the same.
    pub displaced_piece_rounds: u32,
}

impl FoulRules {
    /// CXA 2011, national events.
    pub const fn cxa2011() -> FoulRules {
        FoulRules {
            illegal_moves_to_lose: Some(1),
            fouls_to_lose: 3,
            violations_to_lose: None,
            unrecorded_moves_to_lose: None,
            draw_offers_beyond_opponent: Some(2),
            agreed_draw_min_moves: 0,
            false_claim_penalty_ms: 5 * 60_000,
            knocked_pieces_bonus_ms: None,
            lateness_limit_ms: 15 * 60_000,
            colour_swap_window_ms: Some(20 * 60_000),
            displaced_piece_rounds: 5,
        }
    }

    /// WXF 2018.
    pub const fn wxf2018() -> FoulRules {
        FoulRules {
            illegal_moves_to_lose: None,
            fouls_to_lose: 2,
            violations_to_lose: Some(4),
            unrecorded_moves_to_lose: Some(16),
            draw_offers_beyond_opponent: None,
            agreed_draw_min_moves: 20,
            false_claim_penalty_ms: 5 * 60_000,
            knocked_pieces_bonus_ms: Some(2 * 60_000),
            lateness_limit_ms: 0,
            colour_swap_window_ms: None,
            displaced_piece_rounds: 5,
        }
    }
}

impl Default for FoulRules {
    /// CXA 2011, as [`RuleSet::default`].
    fn default() -> FoulRules {
        FoulRules::cxa2011()
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
        /// The move as made, in ICCS.
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

/// One side's count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Count {
    /// Fouls (CXA 犯规) or technical fouls (WXF 技术犯规).
    pub fouls: u32,
    /// Violations (WXF 违例).
    pub violations: u32,
    /// Illegal moves.
    pub illegal_moves: u32,
    /// Unrecorded moves, the largest total reported.
    pub unrecorded: u32,
    /// Presses without a move.
    pub presses_without_move: u32,
    /// Hard presses (WXF 12.5).
    pub hard_presses: u32,
    /// Draw offers.
    pub draw_offers: u32,
    /// False natural-limit claims.
    pub false_claims: u32,
    /// Touches that made a foul due ([`GameEvent::Touched`] with `foul`).
    pub touch_fouls: u32,
}

/// A loss by fouls, with its article.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FoulLoss {
    /// Who loses.
    #[serde(with = "crate::wire::color")]
    pub loser: Color,
    /// Why, with the article.
    pub article: &'static str,
}

/// The count of both sides after `events`, and the first loss it implies. `false_claims_now`
/// is each side's false natural-limit claims in the current stretch since the last capture
/// (CXA 2011 art. 4.1.11; [`Game::false_claims`]).
pub fn tally(
    events: &[GameEvent],
    rules: &RuleSet,
    false_claims_now: ByColor<usize>,
) -> (ByColor<Count>, Option<FoulLoss>) {
    let f = rules.fouls;
    let mut counts: ByColor<Count> = ByColor::default();
    let mut loss: Option<FoulLoss> = None;
    fn lose(c: Color, article: &'static str, loss: &mut Option<FoulLoss>) {
        if loss.is_none() {
            *loss = Some(FoulLoss { loser: c, article });
        }
    }
    for e in events {
        match e {
            GameEvent::Foul { color, foul, .. } => {
                let c = *color;
                let n = counts.get_mut(c);
                match foul {
                    Foul::IllegalMove { .. } => {
                        n.illegal_moves += 1;
                        match f.illegal_moves_to_lose {
                            Some(k) if n.illegal_moves >= k => {
                                lose(c, "CXA 2011 art. 4.1.8", &mut loss);
                            }
                            _ => n.fouls += 1,
                        }
                    }
                    Foul::Unrecorded { moves } => {
                        let before = unrecorded_fouls(n.unrecorded, &f);
                        n.unrecorded = n.unrecorded.max(*moves);
                        n.fouls += unrecorded_fouls(n.unrecorded, &f) - before;
                        if f.unrecorded_moves_to_lose
                            .is_some_and(|k| n.unrecorded >= k)
                        {
                            lose(c, "WXF 2018 arts. 3.1.F, 7.6", &mut loss);
                        }
                    }
                    Foul::PressedWithoutMove => {
                        n.presses_without_move += 1;
                        match rules.book {
                            Book::Cxa2011 if n.presses_without_move >= 2 => {
                                lose(c, "CXA 2011 art. 4.1.9", &mut loss);
                            }
                            Book::Cxa2011 => n.fouls += 1,
                            Book::Wxf2018 => n.violations += 1,
                        }
                    }
                    Foul::HardPress => {
                        n.hard_presses += 1;
                        match rules.book {
                            // WXF 2018 art. 12.5: "再犯即算违例两次".
                            Book::Wxf2018 => n.violations += n.hard_presses.min(2),
                            Book::Cxa2011 => n.fouls += 1,
                        }
                    }
                    Foul::Late { ms } => {
                        if *ms > f.lateness_limit_ms {
                            lose(c, foul.article(rules.book), &mut loss);
                        }
                    }
                    Foul::Misconduct => lose(c, foul.article(rules.book), &mut loss),
                    // WXF 2018 art. 12.12: "如已按钟或按钟后碰乱棋子，判技术犯规一次" (and two
                    // minutes to the opponent, the clock's business); CXA 2011 art. 5.9 only
                    // has the pieces restored in the offender's own time.
                    Foul::KnockedPieces => {
                        if rules.book == Book::Wxf2018 {
                            n.fouls += 1;
                        }
                    }
                    Foul::Conduct if rules.book == Book::Wxf2018 => n.violations += 1,
                    Foul::Disturbing | Foul::StoppedClock | Foul::Touch | Foul::Conduct => {
                        n.fouls += 1;
                    }
                }
            }
            GameEvent::MoveLimitClaimed {
                by, valid: false, ..
            } => {
                // CXA 2011 arts. 22.2, 8.1.4; WXF 2018 art. 8.
                let n = counts.get_mut(*by);
                n.false_claims += 1;
                n.fouls += 1;
            }
            // CXA 2011 art. 8.1.5; WXF 2018 art. 4.2 A–E: a touch that made a foul due.
            GameEvent::Touched {
                color, foul: true, ..
            } => {
                let n = counts.get_mut(*color);
                n.touch_fouls += 1;
                n.fouls += 1;
            }
            GameEvent::DrawOffered { by } => {
                let mine = counts.get(*by).draw_offers + 1;
                let theirs = counts.get(!*by).draw_offers;
                counts.get_mut(*by).draw_offers = mine;
                if f.draw_offers_beyond_opponent
                    .is_some_and(|k| mine > theirs.saturating_add(k))
                {
                    // CXA 2011 arts. 22.1, 8.1.3.
                    counts.get_mut(*by).fouls += 1;
                }
            }
            _ => {}
        }
        for c in [Color::Red, Color::Black] {
            let n = counts.get(c);
            if n.fouls >= f.fouls_to_lose {
                lose(
                    c,
                    match rules.book {
                        Book::Cxa2011 => "CXA 2011 art. 4.1.10",
                        Book::Wxf2018 => "WXF 2018 arts. 3.1.F, 4.6",
                    },
                    &mut loss,
                );
            }
            if f.violations_to_lose.is_some_and(|k| n.violations >= k) {
                lose(c, "WXF 2018 arts. 3.1.F, 4.7", &mut loss);
            }
        }
    }
    if rules.book == Book::Cxa2011 {
        for c in [Color::Red, Color::Black] {
            if *false_claims_now.get(c) >= 2 {
                lose(c, "CXA 2011 art. 4.1.11", &mut loss);
            }
        }
    }
    (counts, loss)
}

/// Fouls worth `moves` unrecorded moves. CXA 2011 art. 7.1: each 4 one foul, 8 or more two.
/// None where unrecorded moves lose outright instead (WXF 2018 art. 7.6).
pub const fn unrecorded_fouls(moves: u32, rules: &FoulRules) -> u32 {
    if rules.unrecorded_moves_to_lose.is_some() {
        0
    } else if moves >= 8 {
        2
    } else {
        moves / 4
    }
}

/// Is a draw offer pending for the opponent of `by`'s last offer? An offer stands until the
/// opponent moves on or declines (CXA 2011 art. 22.1); it cannot be withdrawn. Offers beyond
/// the allowed excess (8.1.3) are fouls and void.
pub fn pending_draw_offer(events: &[GameEvent], rules: &RuleSet) -> Option<Color> {
    let mut offers: ByColor<u32> = ByColor::default();
    let mut pending = None;
    for e in events {
        match e {
            GameEvent::DrawOffered { by } => {
                let mine = offers.get(*by) + 1;
                *offers.get_mut(*by) = mine;
                let excess = rules
                    .fouls
                    .draw_offers_beyond_opponent
                    .is_some_and(|k| mine > offers.get(!*by).saturating_add(k));
                if !excess {
                    pending = Some(*by);
                }
            }
            GameEvent::DrawDeclined { by } if pending == Some(!*by) => pending = None,
            GameEvent::Move { color, .. } if pending == Some(!*color) => pending = None,
            GameEvent::Ended { .. } => pending = None,
            _ => {}
        }
    }
    pending
}

/// May the players agree a draw after `moves` moves (rounds)? WXF 2018 art. 12.11: within the
/// first 20 the arbiter may refuse and urge them to play on (`false`: the arbiter may refuse).
pub const fn agreed_draw_allowed(rules: &RuleSet, moves: u32) -> bool {
    moves >= rules.fouls.agreed_draw_min_moves
}

/// An error found during a game. CXA 2011 art. 5.8; WXF 2018 art. 4.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FoundError {
    /// The move at `ply` (from 1) broke the rules of movement and was played on.
    IllegalMove {
        /// The ply of the illegal move.
        ply: usize,
    },
    /// A piece was displaced by accident at `ply`; found `plies_since` plies later.
    DisplacedPiece {
        /// The ply after which the board went wrong.
        ply: usize,
        /// Plies played since.
        plies_since: usize,
    },
    /// The players had the wrong colours; found `elapsed_ms` after the start.
    ColoursReversed {
        /// Time since the start.
        elapsed_ms: u64,
    },
}

/// What the arbiter does about a [`FoundError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Remedy {
    /// Back to the position before ply `ply` (from 1). `bound` is the piece that must move
    /// again (treated as touched, CXA 2011 arts. 5.8.2, 5.1); `None`: any piece may move.
    Restore {
        /// The ply taken back with everything after it.
        ply: usize,
        /// The square of the piece that must move.
        #[serde(with = "square_opt")]
        bound: Option<Square>,
    },
    /// Replay with colours swapped. CXA 2011 art. 5.8.1.
    ReplaySwapped,
    /// Too late: the game stands. CXA 2011 arts. 5.8, 5.8.1; WXF 2018 art. 4.4.B.
    Stands,
}

mod square_opt {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};
    use xiangqi::Square;

    pub fn serialize<S: Serializer>(sq: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
        match sq {
            Some(sq) => s.collect_str(sq),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Square>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|s| s.parse().map_err(D::Error::custom))
            .transpose()
    }
}

/// The remedy for an error found in `game`. An illegal move also costs a foul or the game
/// (record a [`Foul::IllegalMove`]); under CXA 2011 art. 5.8.2 a national event's first
/// illegal move already loses (4.1.8).
///
/// - illegal move: back to before it, the piece moved must move again (CXA 2011 art. 5.8.2;
///   WXF 2018 art. 4.4.A);
/// - displaced piece: within [`FoulRules::displaced_piece_rounds`] rounds back to before it,
///   any piece may move; later it stands (CXA 2011 art. 5.8.2, 5.8);
/// - colours reversed: within [`FoulRules::colour_swap_window_ms`] replay swapped, later the
///   game stands (CXA 2011 art. 5.8.1; WXF 2018 art. 4.4.B: it always stands).
pub fn remedy(game: &Game, error: FoundError) -> Remedy {
    let f = game.rules().fouls;
    match error {
        FoundError::IllegalMove { ply } => {
            if ply == 0 || ply > game.moves().len() {
                return Remedy::Stands;
            }
            Remedy::Restore {
                ply,
                bound: game.moves().get(ply - 1).map(|m| m.from),
            }
        }
        FoundError::DisplacedPiece { ply, plies_since } => {
            let within = plies_since <= 2 * f.displaced_piece_rounds as usize;
            if within && ply < game.moves().len() + 1 {
                Remedy::Restore {
                    ply: ply + 1,
                    bound: None,
                }
            } else {
                Remedy::Stands
            }
        }
        FoundError::ColoursReversed { elapsed_ms } => match f.colour_swap_window_ms {
            Some(w) if elapsed_ms <= w => Remedy::ReplaySwapped,
            _ => Remedy::Stands,
        },
    }
}

/// The game as it stood before ply `ply` (from 1): its events up to that move, replayed.
/// Fouls and offers recorded before it are kept.
///
/// # Errors
/// [`GameError::Illegal`] if `ply` is not a ply of the game; a replay error otherwise.
pub fn restore(game: &Game, ply: usize) -> Result<Game, GameError> {
    if ply == 0 || ply > game.moves().len() {
        return Err(GameError::Illegal(format!("no ply {ply} to restore")));
    }
    let mut seen = 0;
    let cut = game
        .events()
        .iter()
        .position(|e| {
            if matches!(e, GameEvent::Move { .. }) {
                seen += 1;
            }
            seen == ply
        })
        .unwrap_or(game.events().len());
    Game::from_events(game.start().clone(), *game.rules(), &game.events()[..cut])
}

/// The game after `remedy`: for [`Remedy::Restore`], the game as it stood before the ply
/// ([`restore`]) with the piece that must move again recorded as touched, so that
/// [`Game::play`] holds the player to it (CXA 2011 art. 5.8.2: "重走时轮走方那个已动的棋子应视为
/// 已经摸触，必须按5.1款走棋"; WXF 2018 art. 4.4.A sets no such binding and we apply the same).
/// A piece that has no legal move there is not recorded (art. 5.1: another may move; the
/// arbiter's ruling is no touch foul of the player's). `None` for the other remedies: the game
/// stands, or is replayed from its start with colours swapped.
///
/// # Errors
/// As [`restore`].
pub fn correct(game: &Game, remedy: Remedy) -> Result<Option<Game>, GameError> {
    let Remedy::Restore { ply, bound } = remedy else {
        return Ok(None);
    };
    let mut back = restore(game, ply)?;
    if let Some(sq) = bound
        && back.position().legal_moves().iter().any(|m| m.from == sq)
    {
        let turn = back.position().turn();
        back.touch(turn, &[sq])?;
    }
    Ok(Some(back))
}

/// The position before ply `ply`, if there is such a ply.
pub fn position_before(game: &Game, ply: usize) -> Option<Position> {
    restore(game, ply).ok().map(|g| g.position().clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameResult, Termination};

    fn foul(g: &mut Game, color: Color, foul: Foul) {
        g.record(GameEvent::Foul {
            color,
            foul,
            article: String::new(),
            at_ms: None,
        })
        .expect("recorded");
    }

    fn illegal() -> Foul {
        Foul::IllegalMove {
            iccs: "a0a5".into(),
        }
    }

    /// A table: rules, fouls of Red, the end expected.
    #[test]
    fn consequences_per_book() {
        let mut provincial = RuleSet::cxa2011();
        provincial.fouls.illegal_moves_to_lose = Some(2);
        let lost = Some((GameResult::BlackWins, Termination::Foul));
        type End = Option<(GameResult, Termination)>;
        let cases: Vec<(RuleSet, Vec<Foul>, End)> = vec![
            // CXA 2011 art. 4.1.8: one illegal move loses in national events.
            (RuleSet::cxa2011(), vec![illegal()], lost),
            // 4.1.8, 8.1.8: provincial events, the first is a foul, the second loses.
            (provincial, vec![illegal()], None),
            (provincial, vec![illegal(), illegal()], lost),
            // WXF 2018 arts. 4.4.A, 3.1.F: technical fouls, two lose.
            (RuleSet::wxf2018(), vec![illegal()], None),
            (RuleSet::wxf2018(), vec![illegal(), Foul::Touch], lost),
            // CXA 2011 art. 4.1.10: three fouls.
            (
                RuleSet::cxa2011(),
                vec![Foul::Touch, Foul::Disturbing],
                None,
            ),
            (
                RuleSet::cxa2011(),
                vec![Foul::Touch, Foul::Disturbing, Foul::StoppedClock],
                lost,
            ),
            // CXA 2011 art. 4.1.9: pressing twice without a move.
            (RuleSet::cxa2011(), vec![Foul::PressedWithoutMove], None),
            (
                RuleSet::cxa2011(),
                vec![Foul::PressedWithoutMove, Foul::PressedWithoutMove],
                lost,
            ),
            // WXF 2018 arts. 12.9, 12.5, 3.1.F: violations, four lose; a second hard press is two.
            (
                RuleSet::wxf2018(),
                vec![Foul::PressedWithoutMove, Foul::HardPress],
                None,
            ),
            (
                RuleSet::wxf2018(),
                vec![Foul::PressedWithoutMove, Foul::HardPress, Foul::HardPress],
                lost,
            ),
            // CXA 2011 art. 7.1: 4 unrecorded one foul, 8 two (not three for 4 then 8).
            (
                RuleSet::cxa2011(),
                vec![Foul::Unrecorded { moves: 4 }, Foul::Unrecorded { moves: 8 }],
                None,
            ),
            (
                RuleSet::cxa2011(),
                vec![Foul::Unrecorded { moves: 8 }, Foul::Touch],
                lost,
            ),
            // WXF 2018 art. 12.12: knocked pieces after pressing are a technical foul; CXA
            // 2011 art. 5.9 has them restored, no foul.
            (
                RuleSet::wxf2018(),
                vec![Foul::KnockedPieces, Foul::Touch],
                lost,
            ),
            (
                RuleSet::cxa2011(),
                vec![Foul::KnockedPieces, Foul::Touch, Foul::Disturbing],
                None,
            ),
            // WXF 2018 art. 7.6: 16 unrecorded moves lose.
            (
                RuleSet::wxf2018(),
                vec![Foul::Unrecorded { moves: 15 }],
                None,
            ),
            (
                RuleSet::wxf2018(),
                vec![Foul::Unrecorded { moves: 16 }],
                lost,
            ),
            // CXA 2011 arts. 4.1.7, 20.1; WXF 2018 art. 11.1: lateness.
            (
                RuleSet::cxa2011(),
                vec![Foul::Late { ms: 14 * 60_000 }],
                None,
            ),
            (
                RuleSet::cxa2011(),
                vec![Foul::Late { ms: 16 * 60_000 }],
                lost,
            ),
            (RuleSet::wxf2018(), vec![Foul::Late { ms: 1 }], lost),
            // CXA 2011 art. 4.1.13.
            (RuleSet::cxa2011(), vec![Foul::Misconduct], lost),
        ];
        for (rules, fouls, want) in cases {
            let mut g = Game::new(Position::new(), rules);
            for f in fouls.iter().cloned() {
                foul(&mut g, Color::Red, f);
            }
            assert_eq!(g.end(), want, "{:?} {fouls:?}", rules.book);
        }
    }

    #[test]
    fn foul_events_cite_their_article_and_replay() {
        let mut g = Game::new(Position::new(), RuleSet::wxf2018());
        foul(&mut g, Color::Black, Foul::HardPress);
        let Some(GameEvent::Foul { article, .. }) = g.events().last() else {
            panic!("a foul event");
        };
        assert_eq!(article, "WXF 2018 art. 12.5");
        let json = serde_json::to_string(g.events()).expect("serializable");
        assert!(json.contains(r#""type":"foul""#) && json.contains(r#""kind":"hard_press""#));
        let back: Vec<GameEvent> = serde_json::from_str(&json).expect("readable");
        let replay =
            Game::from_events(Position::new(), RuleSet::wxf2018(), &back).expect("replays");
        assert_eq!(replay.events(), g.events());
    }

    /// CXA 2011 arts. 22.2, 8.1.4, 4.1.11: a second false claim in one stretch loses.
    #[test]
    fn second_false_claim_loses_under_cxa() {
        let mut g = Game::new(Position::new(), RuleSet::cxa2011());
        assert!(!g.claim_move_limit(Color::Red).expect("not over"));
        assert_eq!(g.end(), None);
        assert!(!g.claim_move_limit(Color::Red).expect("not over"));
        assert_eq!(g.end(), Some((GameResult::BlackWins, Termination::Foul)));
    }

    /// CXA 2011 art. 22.1: own time only; pending until moved on or declined; 8.1.3 excess.
    #[test]
    fn draw_offers() {
        let rules = RuleSet::cxa2011();
        let mut g = Game::new(Position::new(), rules);
        let offer = |by| GameEvent::DrawOffered { by };
        assert!(matches!(
            g.record(offer(Color::Black)),
            Err(GameError::OutOfTurn(_))
        ));
        g.record(offer(Color::Red)).expect("own time");
        assert_eq!(pending_draw_offer(g.events(), &rules), Some(Color::Red));
        g.play_iccs("h2e2").expect("legal");
        // Black's move declines it.
        g.play_iccs("h9g7").expect("legal");
        assert_eq!(pending_draw_offer(g.events(), &rules), None);
        g.record(offer(Color::Red)).expect("own time");
        g.play_iccs("h0g2").expect("legal");
        g.record(GameEvent::DrawDeclined { by: Color::Black })
            .expect("declines");
        assert_eq!(pending_draw_offer(g.events(), &rules), None);
        g.play_iccs("i9h9").expect("legal");
        // Red's third offer against none is beyond the opponent's by more than two: a foul, void.
        g.record(offer(Color::Red)).expect("own time");
        let (counts, loss) = tally(g.events(), &rules, ByColor::default());
        assert_eq!(counts.red.draw_offers, 3);
        assert_eq!(counts.red.fouls, 1);
        assert_eq!(loss, None);
        assert_eq!(pending_draw_offer(g.events(), &rules), None);
        // WXF 2018 art. 12.11: within 20 moves the arbiter may refuse an agreed draw.
        assert!(!agreed_draw_allowed(&RuleSet::wxf2018(), 19));
        assert!(agreed_draw_allowed(&RuleSet::wxf2018(), 20));
        assert!(agreed_draw_allowed(&rules, 0));
    }

    /// CXA 2011 art. 5.8; WXF 2018 art. 4.4.
    #[test]
    fn error_correction() {
        let mut g = Game::new(Position::new(), RuleSet::cxa2011());
        for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            g.play_iccs(m).expect("legal");
        }
        // An illegal move found later: back to before it, the piece moved must move again.
        let r = remedy(&g, FoundError::IllegalMove { ply: 3 });
        assert_eq!(
            r,
            Remedy::Restore {
                ply: 3,
                bound: Some("h0".parse().expect("square"))
            }
        );
        let back = restore(&g, 3).expect("restores");
        assert_eq!(back.moves().len(), 2);
        assert_eq!(Some(back.position().clone()), position_before(&g, 3));
        // CXA 2011 art. 5.8.2: the horse h0 counts as touched and must move again.
        let mut again = correct(&g, r).expect("restores").expect("a game");
        assert_eq!(again.moves().len(), 2);
        assert!(again.play_iccs("b0c2").is_err(), "bound to the horse on h0");
        again.play_iccs("h0i2").expect("the horse moves");
        assert_eq!(correct(&g, Remedy::Stands).map(|g| g.is_none()), Ok(true));
        // A displaced piece: restored within five rounds, later the game stands.
        let r = remedy(
            &g,
            FoundError::DisplacedPiece {
                ply: 1,
                plies_since: 3,
            },
        );
        assert_eq!(
            r,
            Remedy::Restore {
                ply: 2,
                bound: None
            }
        );
        let r = remedy(
            &g,
            FoundError::DisplacedPiece {
                ply: 1,
                plies_since: 11,
            },
        );
        assert_eq!(r, Remedy::Stands);
        // Colours reversed: within 20 minutes replay swapped (CXA 5.8.1); WXF 4.4.B stands.
        let r = remedy(
            &g,
            FoundError::ColoursReversed {
                elapsed_ms: 19 * 60_000,
            },
        );
        assert_eq!(r, Remedy::ReplaySwapped);
        let r = remedy(
            &g,
            FoundError::ColoursReversed {
                elapsed_ms: 21 * 60_000,
            },
        );
        assert_eq!(r, Remedy::Stands);
        let w = Game::new(Position::new(), RuleSet::wxf2018());
        assert_eq!(
            remedy(&w, FoundError::ColoursReversed { elapsed_ms: 1 }),
            Remedy::Stands
        );
        assert!(restore(&g, 0).is_err() && restore(&g, 9).is_err());
        let json = serde_json::to_string(&r).expect("serializable");
        assert_eq!(serde_json::from_str::<Remedy>(&json).expect("readable"), r);
    }
}
