//! Selective move generation for the arbiter's searches, built on the rules core's public API:
//! only the moves that may give check, only the answers to a check, only the captures onto one
//! point, a null move. The core generates every legal move at once, which is what a game needs;
//! the mate-threat search (杀, CXA 2011 art. 24.2) and the forcing-line search (捉 by a forced
//! gain, art. 24.3) look at a handful of moves in each of thousands of positions, and generating
//! all of them there was most of a ruling's time.
//!
//! Every generator here proposes a superset of candidate (from, to) pairs from the geometry
//! and keeps those the core calls legal ([`Position::is_legal`]), so legality stays the core's.
//! Where a search's result can depend on the order of moves (ties in the forcing search), the
//! moves come in the order of [`Position::legal_moves`].

use xiangqi::{
    Bitboard, Color, Move, Position, Role, Setup, Square, advisor_attacks, between, cannon_attacks,
    elephant_attacks, horse_attackers, horse_attacks, king_attacks, pawn_attackers, pawn_attacks,
    rook_attacks,
};

/// Where the piece `role` of the side to move on `from` may go by its own way of moving
/// (the core's private `pseudo_targets`).
#[inline]
pub(crate) fn pseudo_targets(pos: &Position, role: Role, from: Square) -> Bitboard {
    let us = pos.turn();
    let b = pos.board();
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

/// The points diagonally next to `sq` (the legs of horses that attack it).
fn diagonal_neighbours(sq: Square) -> Bitboard {
    [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        .into_iter()
        .filter_map(|(df, dr)| sq.offset(df, dr))
        .collect()
}

/// The rank and file of `sq`.
fn lines(sq: Square) -> Bitboard {
    Bitboard::rank(sq.rank()) | Bitboard::file(sq.file())
}

/// The move of the piece on `from` to `to` if it is legal.
#[inline]
fn legal(pos: &Position, role: Role, from: Square, to: Square) -> Option<Move> {
    let m = Move {
        role,
        from,
        to,
        capture: pos.board().role_at(to),
    };
    pos.is_legal(m).then_some(m)
}

/// The order in which [`Position::legal_moves`] lists moves when the side to move is not in
/// check: rooks, cannons, horses, pawns, advisors, elephants, then the king; the pieces free to
/// move before those shielding their king; points in ascending order. In check, roles in
/// [`Role::ALL`] order.
fn order_key(m: &Move, in_check: bool, pinned: Bitboard) -> (u8, bool, Square, Square) {
    let role = if in_check {
        m.role as u8
    } else {
        match m.role {
            Role::Rook => 0,
            Role::Cannon => 1,
            Role::Horse => 2,
            Role::Pawn => 3,
            Role::Advisor => 4,
            Role::Elephant => 5,
            Role::King => 6,
        }
    };
    let shield = !in_check && m.role != Role::King && pinned.contains(m.from);
    (role, shield, m.from, m.to)
}

/// Sorts moves as [`Position::legal_moves`] would list them.
pub(crate) fn sort_legal_order(pos: &Position, moves: &mut [Move]) {
    if moves.len() < 2 {
        return;
    }
    let in_check = pos.is_check();
    let pinned = if in_check {
        Bitboard::EMPTY
    } else {
        pos.pinned()
    };
    moves.sort_unstable_by_key(|m| order_key(m, in_check, pinned));
}

/// Does the move `m` (pseudo-legal for the side to move) attack the enemy general? Worked out
/// on the occupancy after the move, without playing it: rooks and cannons along the general's
/// lines (a cannon over exactly one screen), horses whose leg is free, pawns next to it.
#[inline]
pub(crate) fn gives_check(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let b = pos.board();
    let king = pos.king(!us);
    let from = Bitboard::from_square(m.from);
    let to = Bitboard::from_square(m.to);
    let occupied = (b.occupied() & !from) | to;
    let ours = b.by_color(us) & !from;
    let of = |role: Role| {
        let bb = b.by_role(role) & ours;
        if m.role == role { bb | to } else { bb }
    };
    ((rook_attacks(king, occupied) & of(Role::Rook))
        | (cannon_attacks(king, occupied) & of(Role::Cannon))
        | (horse_attackers(king, occupied) & of(Role::Horse))
        | (pawn_attackers(us, king) & of(Role::Pawn)))
    .any()
}

/// What makes a move of the side to move illegal when it is not in check (the core's own
/// shortcut in `legal_moves`): a piece shielding its general from a rook, the other general, a
/// cannon (either of two screens) or a horse must be checked move by move, like the general;
/// any other piece may go anywhere but onto a point where it would become an enemy cannon's
/// screen before its general.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Legality {
    in_check: bool,
    pinned: Bitboard,
    screens: Bitboard,
}

impl Legality {
    pub(crate) fn new(pos: &Position) -> Legality {
        let in_check = pos.is_check();
        if in_check {
            return Legality {
                in_check,
                pinned: Bitboard::EMPTY,
                screens: Bitboard::EMPTY,
            };
        }
        let us = pos.turn();
        let b = pos.board();
        let king = pos.king(us);
        let occupied = b.occupied();
        let mut screens = Bitboard::EMPTY;
        for cannon in lines(king) & b.by_role(Role::Cannon) & b.by_color(!us) {
            let line = between(king, cannon);
            if (line & occupied).is_empty() {
                screens |= line;
            }
        }
        Legality {
            in_check,
            pinned: pos.pinned(),
            screens,
        }
    }

    /// Is the pseudo-legal move `m` legal?
    #[inline]
    pub(crate) fn ok(&self, pos: &Position, m: Move) -> bool {
        if self.in_check || m.role == Role::King || self.pinned.contains(m.from) {
            pos.is_legal(m)
        } else {
            !self.screens.contains(m.to)
        }
    }
}

/// The legal moves of the side to move that give check. A move checks directly from its new
/// point, or discovers a rook's, cannon's or horse's attack by leaving a line or a horse's leg,
/// or becomes a cannon's screen. A piece standing on a line of the enemy general or on a
/// horse's leg next to it may discover: each of its moves is tested with [`gives_check`]. Any
/// other piece leaves the lines and legs as they are, so the points it checks from are exact:
/// where a rook, cannon, horse or pawn on them would attack the general now, and the empty
/// stretch between the general and one of our cannons (a new screen).
pub(crate) fn checks(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn();
    let b = pos.board();
    let ours = b.by_color(us);
    let king = pos.king(!us);
    let occupied = b.occupied();
    let king_lines = lines(king);
    let discover = king_lines | diagonal_neighbours(king);
    let mut screen_points = Bitboard::EMPTY;
    for cannon in king_lines & b.by_role(Role::Cannon) & ours {
        let line = between(king, cannon);
        if (line & occupied).is_empty() {
            screen_points |= line;
        }
    }
    let rook_points = rook_attacks(king, occupied) | screen_points;
    let cannon_points = cannon_attacks(king, occupied) | screen_points;
    let horse_points = horse_attackers(king, occupied) | screen_points;
    let pawn_points = pawn_attackers(us, king) | screen_points;
    let legality = Legality::new(pos);
    for (from, piece) in b.pieces() {
        if piece.color != us {
            continue;
        }
        let discovers = discover.contains(from);
        let wanted = if discovers {
            Bitboard::FULL
        } else {
            match piece.role {
                Role::Rook => rook_points,
                Role::Cannon => cannon_points,
                Role::Horse => horse_points,
                Role::Pawn => pawn_points,
                Role::King | Role::Advisor | Role::Elephant => screen_points,
            }
        };
        if wanted.is_empty() {
            continue;
        }
        for to in pseudo_targets(pos, piece.role, from) & wanted {
            let m = Move {
                role: piece.role,
                from,
                to,
                capture: b.role_at(to),
            };
            if (!discovers || gives_check(pos, m)) && legality.ok(pos, m) {
                out.push(m);
            }
        }
    }
}

/// The points a move must end on, and those it may start from, to answer a check: the
/// checkers (to take one), the points between a checker and the general (to block a rook or
/// add a cannon's second screen), the general's diagonal neighbours (a horse's leg); a
/// cannon's screen may leave; the general may step anywhere.
fn evasion_zone(pos: &Position) -> (Bitboard, Bitboard) {
    let us = pos.turn();
    let king = pos.king(us);
    let checkers = pos.checkers();
    let occupied = pos.board().occupied();
    let mut to = checkers | diagonal_neighbours(king);
    let mut from = Bitboard::from_square(king);
    for c in checkers {
        let line = between(king, c);
        to |= line;
        from |= line & occupied;
    }
    (to, from)
}

/// Every legal move of a side in check (an exact list: every answer to a check takes a
/// checker, blocks, moves a cannon's screen or moves the general), in the order of
/// [`Position::legal_moves`].
pub(crate) fn evasions(pos: &Position, out: &mut Vec<Move>) {
    let (to_zone, from_zone) = evasion_zone(pos);
    let us = pos.turn();
    let b = pos.board();
    for role in Role::ALL {
        for from in b.by_role(role) & b.by_color(us) {
            let mut targets = pseudo_targets(pos, role, from);
            if !from_zone.contains(from) {
                targets &= to_zone;
            }
            for to in targets {
                if let Some(m) = legal(pos, role, from, to) {
                    out.push(m);
                }
            }
        }
    }
}

/// Does the side to move, in check, have an answer? Tries the general first.
pub(crate) fn has_evasion(pos: &Position) -> bool {
    let (to_zone, from_zone) = evasion_zone(pos);
    let us = pos.turn();
    let b = pos.board();
    let king = pos.king(us);
    if pseudo_targets(pos, Role::King, king)
        .into_iter()
        .any(|to| legal(pos, Role::King, king, to).is_some())
    {
        return true;
    }
    b.pieces().any(|(from, piece)| {
        if piece.color != us || piece.role == Role::King {
            return false;
        }
        let mut targets = pseudo_targets(pos, piece.role, from);
        if !from_zone.contains(from) {
            targets &= to_zone;
        }
        targets
            .into_iter()
            .any(|to| legal(pos, piece.role, from, to).is_some())
    })
}

/// Does the side to move have any legal move? Stops at the first.
pub(crate) fn has_legal_move(pos: &Position) -> bool {
    if pos.is_check() {
        return has_evasion(pos);
    }
    let us = pos.turn();
    pos.board().pieces().any(|(from, piece)| {
        piece.color == us
            && pseudo_targets(pos, piece.role, from)
                .into_iter()
                .any(|to| legal(pos, piece.role, from, to).is_some())
    })
}

/// The pieces of `color` that could capture on `sq` by their way of moving, given the board
/// (a superset: [`Position::attackers_to`] plus generals, advisors and elephants).
fn capturers(pos: &Position, sq: Square, color: Color) -> Bitboard {
    let b = pos.board();
    let occupied = b.occupied();
    let ours = b.by_color(color);
    pos.attackers_to(sq, color, occupied)
        | (ours
            & ((king_attacks(sq) & b.by_role(Role::King))
                | (advisor_attacks(sq) & b.by_role(Role::Advisor))
                | (elephant_attacks(sq, occupied) & b.by_role(Role::Elephant))))
}

/// The legal captures of the side to move onto `sq`, in the order of [`Position::legal_moves`].
pub(crate) fn captures_to(pos: &Position, sq: Square) -> Vec<Move> {
    let b = pos.board();
    let us = pos.turn();
    if !b.by_color(!us).contains(sq) {
        return Vec::new();
    }
    let mut out: Vec<Move> = capturers(pos, sq, us)
        .into_iter()
        .filter_map(|from| {
            let role = b.role_at(from)?;
            legal(pos, role, from, sq)
        })
        .collect();
    sort_legal_order(pos, &mut out);
    out
}

/// Every legal capture of the side to move (its general's too), unordered.
pub(crate) fn captures(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn();
    let b = pos.board();
    let theirs = b.by_color(!us);
    let legality = Legality::new(pos);
    for (from, piece) in b.pieces() {
        if piece.color != us {
            continue;
        }
        for to in pseudo_targets(pos, piece.role, from) & theirs {
            let m = Move {
                role: piece.role,
                from,
                to,
                capture: b.role_at(to),
            };
            if legality.ok(pos, m) {
                out.push(m);
            }
        }
    }
}

/// The same position with the other side to move (a null move), if that is a legal position
/// (it is not when the side to move is in check).
pub fn null_move(pos: &Position) -> Option<Position> {
    if pos.is_check() {
        return None;
    }
    let mut setup: Setup = pos.to_setup();
    setup.turn = !setup.turn;
    Position::from_setup(setup).ok()
}

#[cfg(test)]
mod tests {
    use xiangqi::fen::Fen;

    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position().ok())
            .unwrap_or_else(|| panic!("bad test fen {fen}"))
    }

    const FENS: &[&str] = &[
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
        "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1",
        "3a5/4ak3/3cb4/P2rp2R1/6b2/9/9/5C3/4A4/4KA3 w - - 0 1",
        "4k4/4a4/4ba2b/5N3/2n5C/4p2p1/P4n3/4BA3/4A4/2B1K4 w - - 0 1",
        "2P1kn2R/5r3/9/9/p3p4/9/4P4/4B4/9/2BAKA3 w - - 0 1",
    ];

    /// Walks every position a few plies deep from the test positions and compares each
    /// generator with the core's full list.
    fn walk(p: &Position, depth: u32) {
        let all = p.legal_moves();
        let checks: Vec<Move> = all
            .iter()
            .copied()
            .filter(|&m| {
                let mut q = p.clone();
                q.play_unchecked(m);
                q.is_check()
            })
            .collect();
        let mut found = Vec::new();
        super::checks(p, &mut found);
        found.sort_unstable_by_key(|m| (m.from, m.to));
        let mut want = checks.clone();
        want.sort_unstable_by_key(|m| (m.from, m.to));
        assert_eq!(found, want, "{p:?}: checking moves");
        for &m in all.iter() {
            let mut q = p.clone();
            q.play_unchecked(m);
            assert_eq!(gives_check(p, m), q.is_check(), "{p:?}: {m}");
        }
        assert_eq!(has_legal_move(p), !all.is_empty());
        if p.is_check() {
            let mut ev = Vec::new();
            evasions(p, &mut ev);
            assert_eq!(ev, all.to_vec(), "{p:?}: evasions differ");
            assert_eq!(has_evasion(p), !all.is_empty());
        }
        let mut caps = Vec::new();
        captures(p, &mut caps);
        let mut want: Vec<Move> = all.iter().copied().filter(|m| m.is_capture()).collect();
        caps.sort_unstable_by_key(|m| (m.from, m.to));
        want.sort_unstable_by_key(|m| (m.from, m.to));
        assert_eq!(caps, want);
        for sq in p.board().by_color(!p.turn()) {
            let to: Vec<Move> = all.iter().copied().filter(|m| m.to == sq).collect();
            assert_eq!(captures_to(p, sq), to, "{p:?}: captures onto {sq}");
        }
        if depth > 0 {
            for m in all {
                let mut q = p.clone();
                q.play_unchecked(m);
                walk(&q, depth - 1);
            }
        }
    }

    #[test]
    fn generators_agree_with_the_core() {
        for fen in FENS {
            walk(&pos(fen), 2);
        }
    }
}
