//! A legal position and its moves.

use arrayvec::ArrayVec;
use std::{fmt, num::NonZeroU32};

use crate::{
    attacks::{
        GENERAL_LEGS, GENERAL_LINES, advisor_attacks, between, cannon_attacks, diagonal_neighbours,
        elephant_attacks, horse_attackers, horse_attacks, king_attacks, pawn_attackers,
        pawn_attacks, rook_attacks,
    },
    bitboard::Bitboard,
    board::Board,
    m::{Move, MoveList, MoveOut},
    setup::{PositionError, PositionErrorKinds, Setup},
    types::{ByColor, ByRole, Color, Piece, Role, Square},
    zobrist,
};

/// How a game ends by the position alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is in check and has no legal move: it loses (将死; CXA 2011 arts. 3.2,
    /// 4.1; WXF 2018 arts. 2.10, 3.1.A).
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is not in check and has no legal move: in xiangqi it loses too (困毙;
    /// CXA 2011 arts. 3.3, 4.1; WXF 2018 arts. 2.11, 3.1.A).
    Stalemate {
        /// The side that stalemated.
        winner: Color,
    },
    /// Neither side has a rook, horse, cannon or pawn: neither can win, a draw (CXA 2011 art.
    /// 4.2.2; WXF 2018 art. 3.2.A).
    InsufficientMaterial,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } | Outcome::Stalemate { winner } => Some(winner),
            Outcome::InsufficientMaterial => None,
        }
    }
}

/// A move that cannot be played in the position it was given for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {m} in this position")]
pub struct IllegalMove {
    /// The move.
    pub m: Move,
}

/// A legal position: both generals on the board in their palaces, every piece on a point it can
/// reach, the generals not facing, the side that just moved not in check.
///
/// ```
/// use xiangqi::{Color, Position, Square};
///
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 44);
/// let m = pos.find_move(Square::H2, Square::E2).expect("central cannon");
/// let pos = pos.play(m).expect("legal");
/// assert_eq!(pos.turn(), Color::Black);
/// assert!(!pos.is_check());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    halfmoves: u32,
    fullmoves: NonZeroU32,
    hash: u64,
    /// Where the generals stand, kept for speed: always equal to the board's.
    kings: ByColor<Square>,
}

/// For each point: the points beyond it in each direction of its file and rank, nearest first
/// in square order for the first two (up the file, right along the rank), nearest last for the
/// other two (down, left) ([`Position::gives_check`]).
const RAYS: [[u128; 4]; 90] = {
    let mut rays = [[0u128; 4]; 90];
    let steps: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let (mut f, mut r) = ((sq % 9) as i32 + steps[d].0, (sq / 9) as i32 + steps[d].1);
            while f >= 0 && f < 9 && r >= 0 && r < 10 {
                rays[sq][d] |= 1 << (r * 9 + f);
                f += steps[d].0;
                r += steps[d].1;
            }
            d += 1;
        }
        sq += 1;
    }
    rays
};

/// Which of [`RAYS`] of `king` holds `sq`, a point on its file or rank.
#[inline]
fn ray_towards(king: Square, sq: Square) -> usize {
    let up = sq > king;
    match (king.file() == sq.file(), up) {
        (true, true) => 0,
        (false, true) => 1,
        (true, false) => 2,
        (false, false) => 3,
    }
}

impl Position {
    /// The starting position, Red to move (CXA 2011 arts. 1.3, 2.1).
    pub fn new() -> Position {
        Position::from_setup(Setup::initial()).expect("the starting position is legal")
    }

    /// Checks a setup against the rules.
    ///
    /// # Errors
    /// Every problem found, at once: missing or extra generals, too many pieces of a kind,
    /// pieces on points they can never reach, generals facing, the side not to move in check.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::checked(setup, true)
    }

    /// Checks a setup drawn as a diagram: like [`Position::from_setup`], except that pieces
    /// other than the generals may stand on points no game can bring them to. Printed diagrams
    /// have such misprints (AXF diagram 71 as transcribed shows a black pawn behind its
    /// starting rank), and an arbiter asked about one rules the board as shown. The pieces
    /// then move by their rules from where they stand: such a pawn steps forward, an elephant
    /// off its points leaps from there, an advisor outside its palace cannot move.
    ///
    /// Advisors and elephants must still stay on their own side of the river: one across it
    /// could stand by the enemy general and take it, which no rule of check foresees (the
    /// books' advisors and elephants never cross, CXA 2011 art. 2.2; WXF 2018 art. 2), so
    /// such a board is no xiangqi position at all.
    ///
    /// # Errors
    /// Every problem [`Position::from_setup`] reports but pieces off their points on their
    /// own side of the river.
    pub fn from_diagram(setup: Setup) -> Result<Position, PositionError> {
        Position::checked(setup, false)
    }

    /// The checks of [`Position::from_setup`]; `reachable` whether every piece must stand on a
    /// point it can reach (the generals always must).
    fn checked(setup: Setup, reachable: bool) -> Result<Position, PositionError> {
        let mut kinds = PositionErrorKinds::empty();
        let board = &setup.board;
        for color in Color::ALL {
            match board.by_piece(Role::King.of(color)).count() {
                0 => kinds |= PositionErrorKinds::MISSING_KING,
                1 => {}
                _ => kinds |= PositionErrorKinds::TOO_MANY_KINGS,
            }
            for role in Role::ALL {
                let count = board.by_piece(role.of(color)).count() as u32;
                if role != Role::King && count > role.initial_count() {
                    kinds |= PositionErrorKinds::TOO_MANY_PIECES;
                }
                let allowed = if reachable || role == Role::King {
                    reachable_points(role.of(color))
                } else if matches!(role, Role::Advisor | Role::Elephant) {
                    Bitboard::home_side(color)
                } else {
                    Bitboard::FULL
                };
                if (board.by_piece(role.of(color)) & !allowed).any() {
                    kinds |= PositionErrorKinds::PIECE_OFF_ITS_SQUARES;
                }
            }
        }
        if let (Some(red), Some(black)) = (board.king_of(Color::Red), board.king_of(Color::Black)) {
            if rook_attacks(red, board.occupied()).contains(black) {
                kinds |= PositionErrorKinds::KINGS_FACING;
            }
            let king = if setup.turn == Color::Red { black } else { red };
            let occupied = board.occupied();
            let attackers = (attackers_to(board, king, setup.turn, occupied)
                & !board.by_role(Role::King))
            .any();
            if attackers {
                kinds |= PositionErrorKinds::OPPONENT_IN_CHECK;
            }
        }
        let (Some(red), Some(black), true) = (
            board.king_of(Color::Red),
            board.king_of(Color::Black),
            kinds.is_empty(),
        ) else {
            return Err(PositionError { kinds });
        };
        let hash = zobrist::hash(&setup.board, setup.turn);
        Ok(Position {
            kings: ByColor { red, black },
            board: setup.board,
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            hash,
        })
    }

    /// The position as a setup, e.g. to edit it.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Where the pieces stand.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whose move it is.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture, as FEN counts them.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    pub fn fullmoves(&self) -> NonZeroU32 {
        self.fullmoves
    }

    /// A 64-bit Zobrist hash of the board and the side to move (not the counters): equal
    /// positions in the sense of the repetition rules have equal hashes.
    #[inline]
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// The point of `color`'s general.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        *self.kings.get(color)
    }

    /// The pieces of `attacker` that attack `sq`, with the board's occupancy replaced by
    /// `occupied` (to ask "what if"). A general attacks along an open file, since generals may
    /// never face each other (CXA 2011 art. 2.2; WXF 2018 art. 2.9).
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        attackers_to(&self.board, sq, attacker, occupied)
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn;
        attackers_to(&self.board, self.king(us), !us, self.board.occupied())
    }

    /// Is the side to move in check (被将军)?
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The pieces of the side to move that may not move freely because they shield their own
    /// general: the only piece between it and an enemy rook or the enemy general; one of the two
    /// pieces between it and an enemy cannon (taking either away makes the other a screen); a
    /// piece on the leg of an enemy horse that would otherwise attack it. Each of their moves
    /// is checked one by one.
    pub fn pinned(&self) -> Bitboard {
        self.shields().pinned
    }

    /// The pieces that shield the general, the points that would screen an enemy cannon, and
    /// whether the general is in check (found on the way at little cost).
    pub(crate) fn shields(&self) -> Shields {
        let us = self.turn;
        let them = !us;
        let b = &self.board;
        let king = self.king(us);
        let occupied = b.occupied();
        let ours = b.by_color(us);
        let theirs = b.by_color(them);
        let lines = rook_attacks(king, Bitboard::EMPTY);
        let mut shields = Shields::default();

        for slider in lines & theirs & (b.by_role(Role::Rook) | b.by_role(Role::King)) {
            let blockers = between(king, slider) & occupied;
            if !blockers.more_than_one() {
                shields.pinned |= blockers & ours;
                shields.check |= blockers.is_empty();
            }
        }
        for cannon in lines & theirs & b.by_role(Role::Cannon) {
            let line = between(king, cannon);
            let blockers = line & occupied;
            match blockers.count() {
                0 => shields.screens |= line,
                1 => shields.check = true,
                2 => shields.pinned |= blockers & ours,
                _ => {}
            }
        }
        let horses = theirs & b.by_role(Role::Horse);
        if (horse_attackers(king, Bitboard::EMPTY) & horses).any() {
            let with_legs = horse_attackers(king, occupied);
            shields.check |= (with_legs & horses).any();
            for leg in ours & diagonal_neighbours(king) {
                // The horses that would reach the general if this leg were free.
                let without_leg = horse_attackers(king, occupied & !Bitboard::from_square(leg));
                if ((without_leg & !with_legs) & horses).any() {
                    shields.pinned.add(leg);
                }
            }
        }
        shields.check |= (pawn_attackers(them, king) & theirs & b.by_role(Role::Pawn)).any();
        shields
    }

    /// Would the side to move leave its general attacked (or facing the other) by moving the
    /// piece on `from` to `to`? The move need not be legal; only the squares matter.
    #[inline]
    pub(crate) fn exposes_king(&self, from: Square, to: Square) -> bool {
        let us = self.turn;
        let b = &self.board;
        let from_bb = Bitboard::from_square(from);
        let to_bb = Bitboard::from_square(to);
        let occupied = (b.occupied() & !from_bb) | to_bb;
        let king = if from == self.king(us) {
            to
        } else {
            self.king(us)
        };
        // A captured piece attacks no more.
        (attackers_to(b, king, !us, occupied) & !to_bb).any()
    }

    /// Where the piece on `from` may go by its own way of moving, ignoring what happens to its
    /// general: onto empty points and enemy pieces.
    #[inline(always)]
    pub(crate) fn pseudo_targets(&self, role: Role, from: Square) -> Bitboard {
        let us = self.turn;
        let b = &self.board;
        let occupied = b.occupied();
        let not_ours = !b.by_color(us);
        match role {
            Role::King => king_attacks(from) & not_ours,
            Role::Advisor => advisor_attacks(from) & not_ours,
            Role::Elephant => elephant_attacks(from, occupied) & not_ours,
            Role::Horse => horse_attacks(from, occupied) & not_ours,
            Role::Rook => rook_attacks(from, occupied) & not_ours,
            Role::Cannon => {
                (rook_attacks(from, occupied) & !occupied)
                    | (cannon_attacks(from, occupied) & b.by_color(!us))
            }
            Role::Pawn => pawn_attacks(us, from) & not_ours,
        }
    }

    /// Where the answers to a check by `checkers` may go, and the pieces that may go anywhere:
    /// every answer takes a checker, blocks its line or a checking horse's leg (the general's
    /// diagonal neighbour towards it), moves a cannon's screen away, or moves the general.
    /// Other moves need not be tried.
    pub(crate) fn evasion_zones(&self, checkers: Bitboard) -> (Bitboard, Bitboard) {
        let king = self.king(self.turn);
        let b = &self.board;
        let occupied = b.occupied();
        let mut to_zone = checkers;
        let mut from_zone = Bitboard::from_square(king);
        for checker in checkers {
            let line = between(king, checker);
            to_zone |= line;
            from_zone |= line & occupied;
            if b.by_role(Role::Horse).contains(checker) {
                let df = checker.file() as i32 - king.file() as i32;
                let dr = checker.rank() as i32 - king.rank() as i32;
                if let Some(leg) = king.offset(df.signum(), dr.signum()) {
                    to_zone.add(leg);
                }
            }
        }
        (to_zone, from_zone)
    }

    /// Calls `sink` with every legal move, in groups that share a piece.
    #[inline]
    pub(crate) fn visit_legal<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let b = &self.board;
        let ours = b.by_color(us);
        let king = self.king(us);

        let checkers = self.checkers();
        if checkers.any() {
            let (to_zone, from_zone) = self.evasion_zones(checkers);
            // A rook or cannon on none of the zone's ranks and files cannot reach it.
            let (mut files, mut ranks) = (0u32, 0u32);
            for sq in to_zone {
                files |= 1 << (sq as u32 % 9);
                ranks |= 1 << (sq as u32 / 9);
            }
            for role in Role::ALL {
                for from in b.by_role(role) & ours {
                    let free = from_zone.contains(from);
                    if !free
                        && matches!(role, Role::Rook | Role::Cannon)
                        && (files >> (from as u32 % 9)) & 1 == 0
                        && (ranks >> (from as u32 / 9)) & 1 == 0
                    {
                        continue;
                    }
                    let mut targets = self.pseudo_targets(role, from) & sink.wanted(role, from);
                    if !free {
                        targets &= to_zone;
                    }
                    for to in targets {
                        if !self.exposes_king(from, to) {
                            sink.one(self, role, from, to);
                        }
                    }
                }
            }
            return;
        }

        let shields = self.shields();
        // One block per role, so that each `pseudo_targets` call is specialised.
        macro_rules! moves_of {
            ($role:expr) => {{
                let pieces = b.by_role($role) & ours;
                for from in pieces & !shields.pinned {
                    let targets = self.pseudo_targets($role, from) & sink.wanted($role, from);
                    sink.many(self, $role, from, targets & !shields.screens);
                }
                for from in pieces & shields.pinned {
                    for to in self.pseudo_targets($role, from) & sink.wanted($role, from) {
                        if !self.exposes_king(from, to) {
                            sink.one(self, $role, from, to);
                        }
                    }
                }
            }};
        }
        moves_of!(Role::Rook);
        moves_of!(Role::Cannon);
        moves_of!(Role::Horse);
        moves_of!(Role::Pawn);
        moves_of!(Role::Advisor);
        moves_of!(Role::Elephant);
        for to in self.pseudo_targets(Role::King, king) & sink.wanted(Role::King, king) {
            if !self.exposes_king(king, to) {
                sink.one(self, Role::King, king, to);
            }
        }
    }

    /// Does `m`, a move of the side to move, attack the enemy general from its new point or
    /// by uncovering a rook, cannon, horse or pawn (or by becoming a cannon's screen)?
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn;
        let b = &self.board;
        let king = self.king(!us);
        // The enemy general is not in check before the move (the side that just moved never
        // is), so only what the move changes can check: the moved piece from its new point, a
        // rook or cannon only along the general's lines, and an uncovered or screened attack
        // only from a move that starts or ends on those lines or starts on a horse's leg.
        let lines = Bitboard::from_bits(GENERAL_LINES[king as usize]);
        let legs = Bitboard::from_bits(GENERAL_LEGS[king as usize]);
        let sliders = lines.contains(m.from) || lines.contains(m.to);
        let horses = m.role == Role::Horse || legs.contains(m.from);
        if !sliders && !horses {
            return m.role == Role::Pawn && pawn_attackers(us, king).contains(m.to);
        }
        let from = Bitboard::from_square(m.from);
        let to = Bitboard::from_square(m.to);
        let occupied = (b.occupied() & !from) | to;
        let ours = b.by_color(us) & !from;
        let after = |role: Role| {
            let pieces = b.by_role(role) & ours;
            if m.role == role { pieces | to } else { pieces }
        };
        // A rook checks along a ray of the general's if it is the ray's first piece, a cannon
        // if it is the second; only the rays through the move's two points can have changed.
        let ray_checks = |dir: usize| {
            let pieces = Bitboard::from_bits(RAYS[king as usize][dir]) & occupied;
            let (first, second) = if dir < 2 {
                let first = pieces.lowest();
                (first, (pieces & !first).lowest())
            } else {
                let first = pieces.highest();
                (first, (pieces & !first).highest())
            };
            (first & after(Role::Rook)).any() || (second & after(Role::Cannon)).any()
        };
        let slider_check = || {
            let from_ray = lines.contains(m.from).then(|| ray_towards(king, m.from));
            let to_ray = lines.contains(m.to).then(|| ray_towards(king, m.to));
            from_ray.is_some_and(ray_checks)
                || (to_ray != from_ray && to_ray.is_some_and(ray_checks))
        };
        (m.role == Role::Pawn && pawn_attackers(us, king).contains(m.to))
            || (sliders && slider_check())
            || (horses && (horse_attackers(king, occupied) & after(Role::Horse)).any())
    }

    /// The same position with the other side to move (a null move), as the arbiter uses to ask
    /// "what does this side threaten?" (CXA 2011 art. 24.2). `None` when the side to move is in
    /// check: the other side could then take the general.
    pub fn swap_turn(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut pos = self.clone();
        pos.turn = !pos.turn;
        pos.hash ^= zobrist::turn_key(Color::Black);
        Some(pos)
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.visit_legal(&mut ListSink(&mut list));
        list
    }

    /// How many legal moves there are, without listing them.
    pub fn count_legal_moves(&self) -> usize {
        let mut count = CountSink(0);
        self.visit_legal(&mut count);
        count.0
    }

    /// The general's legal moves, in the order of [`Position::legal_moves`] (by the point they
    /// go to): the likeliest answers to a check, found without walking the other pieces' moves
    /// (a mate search tries them first, and most checks are refuted by one of them).
    ///
    /// ```
    /// use xiangqi::Position;
    ///
    /// let pos = Position::new();
    /// assert_eq!(pos.legal_king_moves().len(), 1); // forward, the advisors beside it
    /// ```
    pub fn legal_king_moves(&self) -> ArrayVec<Move, 4> {
        let king = self.king(self.turn);
        let mut moves = ArrayVec::new();
        for to in self.pseudo_targets(Role::King, king) {
            if !self.exposes_king(king, to) {
                // A general has at most four steps.
                let _ = moves.try_push(Move {
                    role: Role::King,
                    from: king,
                    to,
                    capture: self.board.role_at(to),
                });
            }
        }
        moves
    }

    /// The move of the piece on `from` to `to`, if that piece belongs to the side to move and
    /// may go there by its own way of moving (legal or not for its general: see
    /// [`Position::is_suicide`]).
    pub fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        let piece = self.board.piece_at(from)?;
        if piece.color != self.turn || !self.pseudo_targets(piece.role, from).contains(to) {
            return None;
        }
        Some(Move {
            role: piece.role,
            from,
            to,
            capture: self.board.role_at(to),
        })
    }

    /// Is `m` a move the side to move may make by its piece's way of moving, general aside?
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        self.find_move(m.from, m.to) == Some(m)
    }

    /// Is `m` legal here?
    pub fn is_legal(&self, m: Move) -> bool {
        self.is_pseudo_legal(m) && !self.exposes_king(m.from, m.to)
    }

    /// Is `m` a suicide move (自杀): a move the piece may make by its way of moving that leaves
    /// its own general capturable or the generals facing (CXA 2011 art. 3.4; WXF 2018 art. 4.5).
    /// Over the board such a move can be played and recorded; it loses the game (CXA 2011 art.
    /// 4.1.3). Moves that are not even pseudo-legal are not suicides: they are illegal moves.
    pub fn is_suicide(&self, m: Move) -> bool {
        self.is_pseudo_legal(m) && self.exposes_king(m.from, m.to)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// Gives the position back, untouched, with the error if `m` is not legal here.
    #[allow(
        clippy::result_large_err,
        reason = "the caller gets its position back, as shakmaty does"
    )]
    pub fn play(mut self, m: Move) -> Result<Position, (IllegalMove, Position)> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(self)
        } else {
            Err((IllegalMove { m }, self))
        }
    }

    /// Plays `m` without checking it. The move must be legal here (from [`Position::legal_moves`]
    /// or checked with [`Position::is_legal`]); otherwise the position may break its invariants.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let piece = m.role.of(us);
        self.hash ^= zobrist::piece_key(piece, m.from) ^ zobrist::piece_key(piece, m.to);
        if let Some(captured) = m.capture {
            let captured = captured.of(!us);
            self.board.take(m.to, captured);
            self.hash ^= zobrist::piece_key(captured, m.to);
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        self.board.shift(m.from, m.to, piece);
        if m.role == Role::King {
            *self.kings.get_mut(us) = m.to;
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !us;
        self.hash ^= zobrist::turn_key(Color::Black);
    }

    /// Neither side has a rook, horse, cannon or pawn (CXA 2011 art. 4.2.2; WXF 2018 art.
    /// 3.2.A: the clear-cut case; whether other material suffices is for the arbiter).
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        (b.by_role(Role::Rook)
            | b.by_role(Role::Horse)
            | b.by_role(Role::Cannon)
            | b.by_role(Role::Pawn))
        .is_empty()
    }

    /// Is the side to move checkmated?
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Is the side to move stalemated (困毙: not in check, no legal move)?
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// How the game ends here by the position alone, if it does.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_move() {
            let winner = !self.turn;
            return Some(if self.is_check() {
                Outcome::Checkmate { winner }
            } else {
                Outcome::Stalemate { winner }
            });
        }
        self.is_insufficient_material()
            .then_some(Outcome::InsufficientMaterial)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}{} to move", self.board, self.turn)
    }
}

/// The pieces of `attacker` that attack `sq` on `board` if the points in `occupied` were the
/// occupied ones.
fn attackers_to(board: &Board, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
    let b = board;
    ((rook_attacks(sq, occupied) & (b.by_role(Role::Rook) | b.by_role(Role::King)))
        | (cannon_attacks(sq, occupied) & b.by_role(Role::Cannon))
        | (horse_attackers(sq, occupied) & b.by_role(Role::Horse))
        | (pawn_attackers(attacker, sq) & b.by_role(Role::Pawn)))
        & b.by_color(attacker)
}

/// The points a piece can ever stand on (CXA 2011 art. 2.2; WXF 2018 art. 2): generals and advisors on their
/// palace's points, elephants on their seven points, pawns on or beyond their starting rank and
/// off the in-between files until they cross the river.
fn reachable_points(piece: Piece) -> Bitboard {
    let color = piece.color;
    let red_points = |squares: &[Square]| -> Bitboard {
        let bb: Bitboard = squares.iter().copied().collect();
        if color == Color::Red { bb } else { bb.rotate() }
    };
    match piece.role {
        Role::King => Bitboard::palace(color),
        Role::Advisor => red_points(&[Square::D0, Square::F0, Square::E1, Square::D2, Square::F2]),
        Role::Elephant => red_points(&[
            Square::C0,
            Square::G0,
            Square::A2,
            Square::E2,
            Square::I2,
            Square::C4,
            Square::G4,
        ]),
        Role::Pawn => {
            red_points(&[
                Square::A3,
                Square::C3,
                Square::E3,
                Square::G3,
                Square::I3,
                Square::A4,
                Square::C4,
                Square::E4,
                Square::G4,
                Square::I4,
            ]) | !Bitboard::home_side(color)
        }
        Role::Horse | Role::Rook | Role::Cannon => Bitboard::FULL,
    }
}

#[derive(Default)]
pub(crate) struct Shields {
    /// Our pieces whose moves may expose the general.
    pub(crate) pinned: Bitboard,
    /// Empty points between our general and an enemy cannon with nothing between: a piece
    /// moved there becomes the cannon's screen.
    pub(crate) screens: Bitboard,
    /// Is our general in check?
    pub(crate) check: bool,
}

/// Receives legal moves from [`Position::visit_legal`].
pub(crate) trait MoveSink {
    /// The points worth trying for the piece on `from`: a superset of those it will accept.
    #[inline]
    fn wanted(&self, _role: Role, _from: Square) -> Bitboard {
        Bitboard::FULL
    }
    /// The piece on `from` may go to each of `targets`.
    fn many(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard);
    /// The piece on `from` may go to `to`.
    fn one(&mut self, pos: &Position, role: Role, from: Square, to: Square);
}

/// Which legal moves [`Position::legal_moves_where`] lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveFilter {
    /// Every legal move.
    All,
    /// Moves that capture.
    Captures,
    /// Moves that capture the piece on this point.
    CapturesOn(Square),
    /// Moves that give check.
    Checks,
    /// Moves that capture or give check.
    CapturesOrChecks,
}

/// Lists the moves that pass a [`MoveFilter`]. Checks are found from the points where each of
/// our pieces would attack the enemy general (exact for a piece off the general's lines and
/// legs), and tried one by one with [`Position::gives_check`] for a piece on them, whose
/// leaving may uncover an attack.
pub(crate) struct FilterSink<'a, O> {
    out: &'a mut O,
    filter: MoveFilter,
    theirs: Bitboard,
    /// Our pieces whose leaving may uncover a check: on the enemy general's rank or file, or
    /// on a diagonal neighbour (a horse's leg).
    uncovering: Bitboard,
    /// Where each role would give check from, for pieces not in `uncovering`.
    checking_points: ByRole<Bitboard>,
}

impl<'a, O: MoveOut> FilterSink<'a, O> {
    pub(crate) fn new(pos: &Position, filter: MoveFilter, out: &'a mut O) -> FilterSink<'a, O> {
        let us = pos.turn;
        let b = &pos.board;
        let king = pos.king(!us);
        let occupied = b.occupied();
        let lines = rook_attacks(king, Bitboard::EMPTY);
        // Empty stretches between the enemy general and one of our cannons: any piece that
        // stops there becomes the cannon's screen.
        let mut screens = Bitboard::EMPTY;
        for cannon in lines & b.by_role(Role::Cannon) & b.by_color(us) {
            let line = between(king, cannon);
            if (line & occupied).is_empty() {
                screens |= line;
            }
        }
        let checking_points = ByRole::new_with(|role| {
            screens
                | match role {
                    Role::Rook => rook_attacks(king, occupied),
                    Role::Cannon => cannon_attacks(king, occupied),
                    Role::Horse => horse_attackers(king, occupied),
                    Role::Pawn => pawn_attackers(us, king),
                    Role::King | Role::Advisor | Role::Elephant => Bitboard::EMPTY,
                }
        });
        FilterSink {
            out,
            filter,
            theirs: b.by_color(!us),
            uncovering: b.by_color(us) & (lines | diagonal_neighbours(king)),
            checking_points,
        }
    }

    fn checks_wanted(&self, role: Role, from: Square) -> Bitboard {
        if self.uncovering.contains(from) {
            Bitboard::FULL
        } else {
            *self.checking_points.get(role)
        }
    }

    fn accepts(&self, pos: &Position, m: Move) -> bool {
        let check = || !self.uncovering.contains(m.from) || pos.gives_check(m);
        match self.filter {
            MoveFilter::All | MoveFilter::Captures | MoveFilter::CapturesOn(_) => true,
            MoveFilter::Checks => check(),
            MoveFilter::CapturesOrChecks => self.theirs.contains(m.to) || check(),
        }
    }
}

impl<O: MoveOut> MoveSink for FilterSink<'_, O> {
    #[inline]
    fn wanted(&self, role: Role, from: Square) -> Bitboard {
        match self.filter {
            MoveFilter::All => Bitboard::FULL,
            MoveFilter::Captures => self.theirs,
            MoveFilter::CapturesOn(sq) => self.theirs & Bitboard::from_square(sq),
            MoveFilter::Checks => self.checks_wanted(role, from),
            MoveFilter::CapturesOrChecks => self.theirs | self.checks_wanted(role, from),
        }
    }

    #[inline]
    fn many(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.one(pos, role, from, to);
        }
    }

    #[inline]
    fn one(&mut self, pos: &Position, role: Role, from: Square, to: Square) {
        let m = Move {
            role,
            from,
            to,
            capture: pos.board.role_at(to),
        };
        if self.accepts(pos, m) {
            self.out.put(m);
        }
    }
}

struct CountSink(usize);

impl MoveSink for CountSink {
    #[inline]
    fn many(&mut self, _: &Position, _: Role, _: Square, targets: Bitboard) {
        self.0 += targets.count();
    }
    #[inline]
    fn one(&mut self, _: &Position, _: Role, _: Square, _: Square) {
        self.0 += 1;
    }
}

pub(crate) struct ListSink<'a, O>(pub(crate) &'a mut O);

impl<O: MoveOut> MoveSink for ListSink<'_, O> {
    #[inline]
    fn many(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.one(pos, role, from, to);
        }
    }
    #[inline]
    fn one(&mut self, pos: &Position, role: Role, from: Square, to: Square) {
        self.0.put(Move {
            role,
            from,
            to,
            capture: pos.board.role_at(to),
        });
    }
}
