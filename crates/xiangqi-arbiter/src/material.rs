//! What material a chase wins: piece values and the pawn clause, in one place.
//!
//! Every path that decides whether a chase wins material — a direct attack's exchange, a
//! forced line of checks and captures, the piece named as a forced line's victim — settles its
//! captures here, so the book's exceptions hold the same way in each.
//!
//! - **Piece values** (CXA 2011 art. 1.2): the book fixes ratios only (rook = two horses = two
//!   cannons = horse + cannon; horse = cannon; advisor = elephant), so we use rook 10, horse 5,
//!   cannon 5, advisor 2, elephant 2, crossed pawn 2, uncrossed pawn 1 — the numbers on
//!   H.G. Muller's xiangqi rules page, which the repetition digest recommends.
//! - **The pawn clause** (CXA 2011 art. 26.7), all three of its sentences:
//!   (a) "主动送兵(卒)将军换车按捉处理": a pawn sent in (with check, say) to win a rook wins;
//!   (b) "兵（或数兵）与其他一子或数子（包括士象）互换均不算得子": a pawn, or several, traded
//!   for any other piece or pieces, advisors and elephants included, wins nothing — so a trade
//!   that gives up a pawn is a gain only when it wins a rook;
//!   (c) "捉吃未过河的兵(卒)，或立即吃掉刚过河的兵(卒)也不算得子": taking a pawn that has not
//!   crossed the river is no gain, so it is worth nothing to the side that takes it. (A pawn
//!   "just across" can only be met at the start of a cycle — a pawn step is irreversible — and
//!   a ruling judges what stands on the board, so that half has nothing to apply to here.)
//!
//!   A pawn of the chasing side is *traded* when its loss comes before a capture of the chase:
//!   a pawn sent in whose capture opens the way to the win. One the defender picks off after
//!   the chasing side's last capture is lost after the gain is complete, and counts as the
//!   pawn it is.
//! - **One piece against several** (CXA 2011 art. 26.6): "一个强子主动换数个弱子不算得子；一个或
//!   数个弱子换任一强子均为得子". The book weighs such a trade by the pieces, not by their sum:
//!   the chasing side that gives one piece for several weaker ones wins nothing, however many;
//!   the one that gives weaker pieces, one or several, for a single stronger one wins, even when
//!   the values add up to as much (a horse and a cannon for a rook). On one point an exchange
//!   cannot come to either (the chasing side loses every capturer but its last), so only a
//!   forced line over several points meets it ([`Ledger::settle`]). A pawn among the pieces
//!   given is the pawn clause's case, which comes first.

use xiangqi::{Color, Role, Square};

/// The value of a piece in an exchange. CXA 2011 art. 1.2 (ratios: rook = two horses = two
/// cannons; horse = cannon; advisor = elephant; a crossed pawn floats below a rook, art. 26.7).
pub fn value(role: Role, color: Color, sq: Square) -> i32 {
    match role {
        Role::King => 1000,
        Role::Rook => 10,
        Role::Horse | Role::Cannon => 5,
        Role::Advisor | Role::Elephant => 2,
        Role::Pawn => {
            if crossed(color, sq) {
                2
            } else {
                1
            }
        }
    }
}

/// Has a pawn of `color` on `sq` crossed the river?
pub fn crossed(color: Color, sq: Square) -> bool {
    !sq.is_home_side(color)
}

/// Is a piece of `color` on `sq` no gain to take? An uncrossed pawn: CXA 2011 art. 26.7 ("捉吃
/// 未过河的兵(卒)……不算得子"); AXF rule 25 (D60) likewise makes it no target.
pub fn worthless_target(role: Role, color: Color, sq: Square) -> bool {
    role == Role::Pawn && !crossed(color, sq)
}

/// What taking the piece is worth to the chasing side: its [`value`], or nothing for a target
/// that is no gain ([`worthless_target`], CXA 2011 art. 26.7).
pub fn gain_value(role: Role, color: Color, sq: Square) -> i32 {
    if worthless_target(role, color, sq) {
        0
    } else {
        value(role, color, sq)
    }
}

/// The captures of a forced line so far, from the chasing side's point of view, kept so that
/// the pawn clause can be settled at the end ([`Ledger::settle`]). The order matters: a pawn
/// lost before a capture was traded for it, one lost after the last capture was not.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Ledger {
    /// What the chasing side has taken ([`gain_value`]) less what it has lost ([`value`]):
    /// one number, so that searches meeting the same position with the same balance share it.
    net: i32,
    /// The chasing side has taken a rook (art. 26.7 (a)).
    rook: bool,
    /// A pawn of the chasing side was lost and no capture has followed yet.
    pawn_pending: bool,
    /// A pawn of the chasing side was lost before one of its captures: traded (art. 26.7 (b)).
    pawn_traded: bool,
    /// The piece a targeted search is after has been taken (see `forced_gain_taking` in
    /// `classify`).
    target: bool,
    /// The point of the chasing side's first capture: the exchange of the chase (CXA 2011 art.
    /// 26.8).
    first: Option<Square>,
    /// Where the chasing side's last capture, or its pawn's last move, ended: a pawn lost there
    /// was the one taken back in the exchange or sent in to be taken, traded (art. 26.7 (b));
    /// one picked off elsewhere after the chase's first capture was not.
    last: Option<Square>,
    /// The point where the chasing side has just lost a piece that its pawn or general may
    /// take back ([`Ledger::takes_back_on`]); none after any other move, so that lines alike
    /// but for an old loss share their nodes.
    lost_on: Option<Square>,
    /// How many pieces the chasing side has taken that count ([`gain_value`] above nothing),
    /// and how many it has lost, each up to [`MANY`]; and the dearest of each ([`value`]):
    /// what art. 26.6 weighs.
    taken: Pieces,
    given: Pieces,
}

/// "Several" of art. 26.6: counts stop there.
const MANY: u8 = 2;

/// A count of pieces, up to [`MANY`], and the dearest one's [`value`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Pieces {
    count: u8,
    dearest: u8,
}

impl Pieces {
    fn and(self, worth: i32) -> Pieces {
        Pieces {
            count: (self.count + 1).min(MANY),
            dearest: self.dearest.max(u8::try_from(worth).unwrap_or(u8::MAX)),
        }
    }

    fn packed(self) -> u64 {
        u64::from(self.count) | u64::from(self.dearest) << 2
    }
}

impl Ledger {
    /// The chasing side takes `role` (of the other colour) on `sq`.
    pub fn won(self, role: Role, color: Color, sq: Square) -> Ledger {
        let worth = gain_value(role, color, sq);
        Ledger {
            net: self.net + worth,
            taken: if worth > 0 {
                self.taken.and(worth)
            } else {
                self.taken
            },
            rook: self.rook || role == Role::Rook,
            pawn_pending: false,
            pawn_traded: self.pawn_traded || self.pawn_pending,
            first: self.first.or(Some(sq)),
            last: Some(sq),
            ..self
        }
    }

    /// The chasing side's pawn steps to `sq` without taking: taken there, it was sent in, and
    /// traded for what the line wins after it (CXA 2011 art. 26.7 (a), (b)).
    pub fn pawn_moved_to(self, sq: Square) -> Ledger {
        Ledger {
            last: Some(sq),
            ..self
        }
    }

    /// The defending side takes the chasing side's `role` (of `color`) on `sq`. A pawn lost
    /// before the chase's first capture, or where its last capture or pawn move ended, is
    /// traded for whatever the chase takes next; one picked off on another point along the way
    /// counts as a pawn (CXA 2011 art. 26.7 (b): the pawn "兑换" for the piece is the one the
    /// exchange gives up, not every pawn the line loses).
    pub fn lost(self, role: Role, color: Color, sq: Square) -> Ledger {
        let worth = value(role, color, sq);
        let traded = role == Role::Pawn && (self.first.is_none() || self.last == Some(sq));
        Ledger {
            net: self.net - worth,
            pawn_pending: self.pawn_pending || traded,
            given: self.given.and(worth),
            ..self
        }
    }

    /// Has an even exchange been completed on `sq`, the point of the chasing side's first
    /// capture: is the balance nil there? CXA 2011 art. 26.8: "其他子完成互吃等值交换过程后原来
    /// 不能吃子的兵卒或将帅能吃子，按闲处理" — a pawn's or general's capture there wins nothing.
    pub fn even_exchange_on(self, sq: Square) -> bool {
        self.net == 0 && self.first == Some(sq)
    }

    /// Has the chasing side taken something with its other pieces and still lost more than it
    /// took: an exchange of unequal value by other pieces? CXA 2011 art. 26.8: "如前述交换过程为
    /// 不等值，则兵卒或将帅的吃子按捉处理" — a pawn's or general's capture after it counts, on
    /// the exchange's point or on another (the piece whose root the exchange took off, as in
    /// 参考图32, where the exchange is even and the general's capture idle).
    pub fn after_unequal_exchange(self) -> bool {
        self.first.is_some() && self.net < 0
    }

    /// The move just played left the chasing side's pawn or general a capture to take back on
    /// `sq` (or none).
    pub fn to_take_back(self, sq: Option<Square>) -> Ledger {
        Ledger {
            lost_on: sq,
            ..self
        }
    }

    /// Does a capture on `sq` take back where the chasing side has just lost a piece, away from
    /// the chase's own exchange? Its pawns and general then take as any piece does: CXA 2011
    /// art. 26.8 makes their captures idle as the chase's own gain (抽吃, or the end of the
    /// exchange the chase began), not as the defence of a piece they guard, which is a root
    /// like any other (art. 24.15, "凡有己方其他棋子……充分保护的棋子，称为有根子").
    pub fn takes_back_on(self, sq: Square) -> bool {
        self.lost_on == Some(sq) && self.first != Some(sq)
    }

    /// The capture just recorded took the piece a targeted search is after.
    pub fn taking_target(self) -> Ledger {
        Ledger {
            target: true,
            ..self
        }
    }

    /// Has the piece a targeted search is after been taken?
    pub fn took_target(self) -> bool {
        self.target
    }

    /// Everything the ledger holds in one word, for hashing search nodes cheaply.
    pub fn packed(self) -> u64 {
        u64::from(self.net as u32)
            | u64::from(self.rook) << 32
            | u64::from(self.pawn_pending) << 33
            | u64::from(self.pawn_traded) << 34
            | u64::from(self.target) << 35
            | self.first.map_or(0, |sq| (sq.index() as u64 + 1) << 36)
            | self.taken.packed() << 43
            | self.given.packed() << 53
                ^ self.lost_on.map_or(0, |sq| (sq.index() as u64 + 1) << 57)
                ^ self.last.map_or(0, |sq| (sq.index() as u64 + 1) << 25)
    }

    /// The material the chasing side has won, net, by the book: a trade that gave up a pawn is
    /// a gain only if it won a rook (CXA 2011 art. 26.7 (a), (b)); one piece given for several
    /// weaker ones wins nothing, and weaker pieces given for one stronger piece win at least
    /// something (art. 26.6, see the module docs).
    pub fn settle(self) -> i32 {
        let (taken, given) = (self.taken, self.given);
        // Art. 26.7 (b): a pawn traded wins only a rook. Art. 26.6: one piece for several
        // weaker ones wins nothing; weaker pieces for one stronger one win.
        let pawn_traded = self.pawn_traded && !self.rook;
        let strong_for_weak =
            given.count == 1 && taken.count == MANY && taken.dearest < given.dearest;
        if pawn_traded || strong_for_weak {
            self.net.min(0)
        } else if taken.count == 1 && given.count == MANY && given.dearest < taken.dearest {
            self.net.max(1)
        } else {
            self.net
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// Art. 26.7 (a): a pawn sent in with check, taken, and a rook won: a gain.
    #[test]
    fn a_pawn_given_for_a_rook_wins() {
        let l = Ledger::default()
            .lost(Role::Pawn, Color::Red, sq("e7"))
            .won(Role::Rook, Color::Black, sq("e9"));
        assert_eq!(l.settle(), 8);
    }

    /// Art. 26.7 (b): a pawn given for a horse, for an advisor and an elephant, or for a horse
    /// and an advisor wins nothing.
    #[test]
    fn a_pawn_traded_for_other_pieces_wins_nothing() {
        let given = Ledger::default().lost(Role::Pawn, Color::Red, sq("e7"));
        assert_eq!(given.won(Role::Horse, Color::Black, sq("c7")).settle(), 0);
        let weak = given.won(Role::Advisor, Color::Black, sq("d9")).won(
            Role::Elephant,
            Color::Black,
            sq("e7"),
        );
        assert_eq!(weak.settle(), 0);
        let two = given.won(Role::Horse, Color::Black, sq("c7")).won(
            Role::Advisor,
            Color::Black,
            sq("d9"),
        );
        assert_eq!(two.settle(), 0);
        // Black's pawn traded the same way: the clause is colour-blind.
        let black = Ledger::default()
            .lost(Role::Pawn, Color::Black, sq("e2"))
            .won(Role::Horse, Color::Red, sq("c2"));
        assert_eq!(black.settle(), 0);
    }

    /// A pawn picked off after the gain is complete counts as the pawn it is.
    #[test]
    fn a_pawn_lost_after_the_gain_counts_as_a_pawn() {
        let l = Ledger::default()
            .won(Role::Horse, Color::Black, sq("c7"))
            .lost(Role::Pawn, Color::Red, sq("g6"));
        // Red's pawn on g6 has crossed: worth 2.
        assert_eq!(l.settle(), 3);
    }

    /// Art. 26.7 (b) read as the issue reads it: a pawn picked off on a point of its own
    /// between two captures of the chase was not traded for the second capture; it counts as
    /// the pawn it is. 图15's kind: 车×象, 炮×卒 elsewhere, 车×马.
    #[test]
    fn a_pawn_picked_off_between_two_captures_counts_as_a_pawn() {
        let l = Ledger::default()
            .won(Role::Elephant, Color::Red, sq("i2"))
            .lost(Role::Pawn, Color::Black, sq("e0"))
            .won(Role::Horse, Color::Red, sq("e2"));
        // The black pawn on e0 has crossed (2): 2 + 5 − 2.
        assert_eq!(l.settle(), 5);
        // Colours swapped, mirrored: the same.
        let swapped = Ledger::default()
            .won(Role::Elephant, Color::Black, sq("a7"))
            .lost(Role::Pawn, Color::Red, sq("e9"))
            .won(Role::Horse, Color::Black, sq("e7"));
        assert_eq!(swapped.settle(), 5);
    }

    /// Art. 26.7 (b): a pawn retaken where the chase's last capture ended, or sent in (a pawn
    /// move) and taken where it went, is traded for what the chase wins next.
    #[test]
    fn a_pawn_taken_where_the_chase_last_moved_is_traded() {
        let retaken = Ledger::default()
            .won(Role::Elephant, Color::Black, sq("c7"))
            .lost(Role::Pawn, Color::Red, sq("c7"))
            .won(Role::Horse, Color::Black, sq("e7"));
        assert_eq!(retaken.settle(), 0);
        let sent = Ledger::default()
            .won(Role::Elephant, Color::Black, sq("c7"))
            .pawn_moved_to(sq("e8"))
            .lost(Role::Pawn, Color::Red, sq("e8"))
            .won(Role::Horse, Color::Black, sq("e7"));
        assert_eq!(sent.settle(), 0);
    }

    /// Art. 26.6, second half: a horse and a cannon given for a rook add up to as much, but
    /// weaker pieces given for a stronger one win; so do two advisors and an elephant for a
    /// horse. A horse and a rook given for a rook is no such trade: the sum decides.
    #[test]
    fn weaker_pieces_given_for_a_stronger_one_win() {
        let rook = Ledger::default()
            .lost(Role::Horse, Color::Red, sq("e7"))
            .won(Role::Rook, Color::Black, sq("e8"))
            .lost(Role::Cannon, Color::Red, sq("e8"));
        assert_eq!(rook.net, 0);
        assert!(rook.settle() > 0);
        let horse = Ledger::default()
            .lost(Role::Advisor, Color::Black, sq("d1"))
            .lost(Role::Advisor, Color::Black, sq("f1"))
            .lost(Role::Elephant, Color::Black, sq("e2"))
            .won(Role::Horse, Color::Red, sq("e3"));
        assert!(horse.settle() > 0);
        let even = Ledger::default()
            .lost(Role::Horse, Color::Red, sq("e7"))
            .won(Role::Rook, Color::Black, sq("e8"))
            .lost(Role::Rook, Color::Red, sq("e8"));
        assert_eq!(even.settle(), -5);
        // A pawn among the pieces given is the pawn clause's: for a rook it wins (26.7 (a)).
        let pawn = Ledger::default()
            .lost(Role::Pawn, Color::Red, sq("e6"))
            .won(Role::Rook, Color::Black, sq("e8"))
            .lost(Role::Horse, Color::Red, sq("e8"));
        assert!(pawn.settle() > 0);
    }

    /// Art. 26.6, first half: a rook given for a horse, a cannon and a crossed pawn adds up to
    /// more, but one piece given for several weaker ones wins nothing. A rook given for a rook
    /// and a horse is no such trade.
    #[test]
    fn one_piece_given_for_several_weaker_ones_wins_nothing() {
        let l = Ledger::default()
            .won(Role::Horse, Color::Black, sq("c7"))
            .won(Role::Pawn, Color::Black, sq("c4"))
            .lost(Role::Rook, Color::Red, sq("c4"))
            .won(Role::Cannon, Color::Black, sq("c4"));
        assert_eq!(l.net, 2);
        assert_eq!(l.settle(), 0);
        let dearer = Ledger::default()
            .won(Role::Rook, Color::Black, sq("c7"))
            .won(Role::Horse, Color::Black, sq("c4"))
            .lost(Role::Rook, Color::Red, sq("c4"));
        assert_eq!(dearer.settle(), 5);
        // An uncrossed pawn taken is no piece won (26.7 (c)): a horse for a horse and such a
        // pawn is one for one.
        let one = Ledger::default()
            .won(Role::Horse, Color::Black, sq("c7"))
            .won(Role::Pawn, Color::Black, sq("c6"))
            .lost(Role::Horse, Color::Red, sq("c6"));
        assert_eq!(one.settle(), 0);
    }

    /// Art. 26.7 (c): an uncrossed pawn is worth nothing to take, a crossed one is.
    #[test]
    fn an_uncrossed_pawn_is_no_gain() {
        let l = Ledger::default().won(Role::Pawn, Color::Black, sq("e6"));
        assert_eq!(l.settle(), 0);
        assert!(worthless_target(Role::Pawn, Color::Black, sq("e6")));
        assert!(!worthless_target(Role::Pawn, Color::Black, sq("e4")));
        assert_eq!(gain_value(Role::Pawn, Color::Black, sq("e4")), 2);
        assert_eq!(gain_value(Role::Pawn, Color::Red, sq("e4")), 0);
    }
}
