//! Three questions the arbiter's searches ask thousands of times per ruling, answered without
//! the core's full generator: the legal captures on one point (static exchanges, recaptures),
//! the checks and captures of a side not in check (the mate and forcing searches), and whether
//! the side to move has any legal move at all (mate and stalemate at every node).
//!
//! The core's `legal_moves_where(CapturesOn(sq))` first sets up its check detection and walks
//! every piece; its check filter tries every move of any piece on the enemy general's lines
//! with `gives_check`; `has_legal_move` counts every move. Here the capturers are found from the
//! target's point, only pieces that can really uncover a check are tried move by move, and the
//! search for a move stops at the first legal one. All give exactly the core's answer, in the
//! core's order (the tests compare them over every position of the rulings files and the
//! positions after each of their checks); they belong in the core as `Position` methods, and
//! live here until the core takes them.

use xiangqi::{
    Bitboard, ByRole, Move, MoveFilter, MoveList, Position, Role, Square, advisor_attacks, between,
    cannon_attacks, elephant_attacks, horse_attackers, horse_attacks, king_attacks, pawn_attackers,
    pawn_attacks, rook_attacks,
};

/// The order in which the core lists the moves of a position not in check: by role, the
/// general last (its `visit_legal`).
const ORDER_FREE: [Role; 7] = [
    Role::Rook,
    Role::Cannon,
    Role::Horse,
    Role::Pawn,
    Role::Advisor,
    Role::Elephant,
    Role::King,
];

/// The legal captures of the piece on `sq` by the side to move, in the order of
/// `pos.legal_moves_where(MoveFilter::CapturesOn(sq))` (which exchanges depend on: the first of
/// the cheapest capturers is the one that takes).
pub(crate) fn captures_on(pos: &Position, sq: Square) -> MoveList {
    let mut list = MoveList::new();
    let board = pos.board();
    let us = pos.turn();
    let Some(target) = board.piece_at(sq) else {
        return list;
    };
    if target.color == us {
        return list;
    }
    let occupied = board.occupied();
    let ours = board.by_color(us);
    let from_of = |role: Role| -> Bitboard {
        let reach = match role {
            Role::King => king_attacks(sq),
            Role::Advisor => advisor_attacks(sq),
            Role::Elephant => elephant_attacks(sq, occupied),
            Role::Horse => horse_attackers(sq, occupied),
            Role::Rook => rook_attacks(sq, occupied),
            Role::Cannon => cannon_attacks(sq, occupied),
            Role::Pawn => pawn_attackers(us, sq),
        };
        reach & board.by_role(role) & ours
    };
    let mut push = |role: Role, from: Square| {
        let m = Move {
            role,
            from,
            to: sq,
            capture: Some(target.role),
        };
        if pos.is_legal(m) {
            // A point has at most a few dozen capturers: far below the list's capacity.
            let _ = list.try_push(m);
        }
    };
    let all = Role::ALL
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, role| acc | from_of(role));
    if !all.more_than_one() {
        // No order to keep.
        if let Some(from) = all.first()
            && let Some(role) = board.role_at(from)
        {
            push(role, from);
        }
        return list;
    }
    if pos.is_check() {
        // The core's evasion generator goes by role in declaration order.
        for role in Role::ALL {
            for from in from_of(role) {
                push(role, from);
            }
        }
        return list;
    }
    // Not in check, the core lists a role's unpinned pieces before its pinned ones.
    let mut pinned: Option<Bitboard> = None;
    for role in ORDER_FREE {
        let froms = from_of(role);
        if froms.more_than_one() {
            let pinned = *pinned.get_or_insert_with(|| pos.pinned());
            for from in (froms & !pinned).into_iter().chain(froms & pinned) {
                push(role, from);
            }
        } else {
            for from in froms {
                push(role, from);
            }
        }
    }
    list
}

/// Where the piece of `role` on `from` may go by its own way of moving (onto empty points and
/// enemy pieces), its general aside.
#[inline]
fn targets(pos: &Position, role: Role, from: Square) -> Bitboard {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    let not_ours = !board.by_color(us);
    match role {
        Role::King => king_attacks(from) & not_ours,
        Role::Advisor => advisor_attacks(from) & not_ours,
        Role::Elephant => elephant_attacks(from, occupied) & not_ours,
        Role::Horse => horse_attacks(from, occupied) & not_ours,
        Role::Rook => rook_attacks(from, occupied) & not_ours,
        Role::Cannon => {
            (rook_attacks(from, occupied) & !occupied)
                | (cannon_attacks(from, occupied) & board.by_color(!us))
        }
        Role::Pawn => pawn_attacks(us, from) & not_ours,
    }
}

/// The legal moves that pass `filter` (`Checks`, `Captures` or `CapturesOrChecks`), as
/// `pos.legal_moves_where(filter)` lists them, in its order.
///
/// Not in check, a move checks either from its own new point (the points from which each kind
/// of piece would attack the enemy general, the board otherwise unchanged, are exact for it) or
/// by uncovering: leaving the line between the enemy general and one of its rooks (the only
/// piece there) or cannons (one of the two there), or a horse's leg. A piece that can uncover is
/// tried on every move; so is a cannon alone on the general's line with nothing between, whose
/// own moves along the line change what screens it. In check, the core answers.
pub(crate) fn forcing_moves(pos: &Position, filter: MoveFilter) -> MoveList {
    let (want_captures, want_checks) = match filter {
        MoveFilter::Checks => (false, true),
        MoveFilter::Captures => (true, false),
        MoveFilter::CapturesOrChecks => (true, true),
        MoveFilter::All | MoveFilter::CapturesOn(_) => return pos.legal_moves_where(filter),
    };
    if pos.is_check() {
        return pos.legal_moves_where(filter);
    }
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let general = pos.king(!us);
    let lines = rook_attacks(general, Bitboard::EMPTY);
    let own = |role: Role| board.by_role(role) & ours;

    // Where each kind of piece checks from, and the pieces that may uncover a check.
    let mut checking = ByRole::new_with(|_| Bitboard::EMPTY);
    let mut uncovering = Bitboard::EMPTY;
    if want_checks {
        let mut screens = Bitboard::EMPTY;
        for rook in lines & own(Role::Rook) {
            let blockers = between(general, rook) & occupied;
            if blockers.count() == 1 {
                uncovering |= blockers & ours;
            }
        }
        for cannon in lines & own(Role::Cannon) {
            let line = between(general, cannon);
            let blockers = line & occupied;
            match blockers.count() {
                0 => {
                    screens |= line;
                    uncovering.add(cannon);
                }
                2 => uncovering |= blockers & ours,
                _ => {}
            }
        }
        let blocked =
            horse_attackers(general, Bitboard::EMPTY) & !horse_attackers(general, occupied);
        for horse in blocked & own(Role::Horse) {
            let (df, dr) = (
                horse.file() as i32 - general.file() as i32,
                horse.rank() as i32 - general.rank() as i32,
            );
            if let Some(leg) = general.offset(df.signum(), dr.signum())
                && ours.contains(leg)
            {
                uncovering.add(leg);
            }
        }
        checking = ByRole::new_with(|role| {
            screens
                | match role {
                    Role::Rook => rook_attacks(general, occupied),
                    Role::Cannon => cannon_attacks(general, occupied),
                    Role::Horse => horse_attackers(general, occupied),
                    Role::Pawn => pawn_attackers(us, general),
                    Role::King | Role::Advisor | Role::Elephant => Bitboard::EMPTY,
                }
        });
    }

    // Legality as the core decides it: a piece that shields its general is tried move by
    // move, as is the general; any other piece may go anywhere but onto an empty point between
    // its general and an enemy cannon (it would become the cannon's screen).
    let pinned = pos.pinned();
    let king = pos.king(us);
    let mut screens = Bitboard::EMPTY;
    for cannon in rook_attacks(king, Bitboard::EMPTY) & board.by_role(Role::Cannon) & theirs {
        let line = between(king, cannon);
        if (line & occupied).is_empty() {
            screens |= line;
        }
    }
    let mut list = MoveList::new();
    for role in ORDER_FREE {
        let mut pieces = own(role);
        if !want_captures && checking.get(role).is_empty() {
            // Checks only, and this kind of piece cannot check from its new point: only the
            // pieces that may uncover one can give any.
            pieces &= uncovering;
        }
        // The core lists a role's unpinned pieces before its pinned ones.
        for from in (pieces & !pinned).into_iter().chain(pieces & pinned) {
            let all = targets(pos, role, from);
            // `sure`: captures asked for, and checks from the new point; `tried`: moves that
            // check only if `gives_check` says so.
            let captures = if want_captures {
                all & theirs
            } else {
                Bitboard::EMPTY
            };
            let (sure, tried) = if uncovering.contains(from) {
                (captures, all & !captures)
            } else {
                (captures | (all & *checking.get(role)), Bitboard::EMPTY)
            };
            let free = role != Role::King && !pinned.contains(from);
            for to in sure | tried {
                let m = Move {
                    role,
                    from,
                    to,
                    capture: board.role_at(to),
                };
                let legal = if free {
                    !screens.contains(to)
                } else {
                    pos.is_legal(m)
                };
                if legal && (sure.contains(to) || pos.gives_check(m)) {
                    // At most 116 moves exist in any position.
                    let _ = list.try_push(m);
                }
            }
        }
    }
    list
}

/// Does the side to move have a legal move? The same answer as `pos.has_legal_move()`, found by
/// trying moves one by one until one is legal. `in_check` must say whether the side to move is
/// in check (the callers know). The general's steps first (the likeliest answers to a check);
/// then, in check, the captures of a lone checker, and out of check every other piece's moves.
/// What these do not find is left to the core's generator.
pub(crate) fn has_move(pos: &Position, in_check: bool) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let legal = |role: Role, from: Square, to: Square| {
        pos.is_legal(Move {
            role,
            from,
            to,
            capture: board.role_at(to),
        })
    };
    let king = pos.king(us);
    if (king_attacks(king) & !ours)
        .into_iter()
        .any(|to| legal(Role::King, king, to))
    {
        return true;
    }
    if in_check {
        if let Some(checker) = pos.checkers().single() {
            // Taking the one checker (the general's own captures were tried above).
            if !captures_on(pos, checker).is_empty() {
                return true;
            }
        }
    } else {
        let occupied = board.occupied();
        let theirs = board.by_color(!us);
        for (from, piece) in board.pieces() {
            if piece.color != us {
                continue;
            }
            let targets = match piece.role {
                Role::King => Bitboard::EMPTY,
                Role::Advisor => advisor_attacks(from) & !ours,
                Role::Elephant => elephant_attacks(from, occupied) & !ours,
                Role::Horse => horse_attacks(from, occupied) & !ours,
                Role::Rook => rook_attacks(from, occupied) & !ours,
                Role::Cannon => {
                    (rook_attacks(from, occupied) & !occupied)
                        | (cannon_attacks(from, occupied) & theirs)
                }
                Role::Pawn => pawn_attacks(us, from) & !ours,
            };
            if targets.into_iter().any(|to| legal(piece.role, from, to)) {
                return true;
            }
        }
    }
    pos.has_legal_move()
}

#[cfg(test)]
mod tests {
    use std::{fs, path::Path};

    use serde_json::Value;
    use xiangqi::{MoveFilter, Square, fen::Fen, iccs::Iccs};

    use super::*;

    /// Every position of the rulings files (start positions and every position of their
    /// games), and each of them with the other side to move where that is legal.
    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        for file in ["rulings.json", "rulings_cxa.json"] {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/data")
                .join(file);
            let Ok(text) = fs::read_to_string(&path) else {
                eprintln!("skipping {}: missing", path.display());
                continue;
            };
            let Ok(Value::Array(cases)) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            for case in cases {
                let Some(mut pos) = case["fen"]
                    .as_str()
                    .and_then(|f| f.parse::<Fen>().ok())
                    .and_then(|f| f.into_position().ok())
                else {
                    continue;
                };
                out.push(pos.clone());
                for m in case["moves"].as_array().into_iter().flatten() {
                    let Some(m) = m
                        .as_str()
                        .and_then(|t| t.parse::<Iccs>().ok())
                        .and_then(|i| i.to_move(&pos).ok())
                    else {
                        break;
                    };
                    pos.play_unchecked(m);
                    out.push(pos.clone());
                }
            }
        }
        let swapped: Vec<Position> = out.iter().filter_map(Position::swap_turn).collect();
        out.extend(swapped);
        out
    }

    /// A few positions of our own: mate, stalemate, a pinned pair of capturers, captures in
    /// check.
    fn own() -> Vec<Position> {
        [
            // Mated: rook on e1 with the general's file closed by the red general.
            "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1",
            // Stalemate-like: black general boxed in, no other black piece.
            "3k5/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1",
            // Two red rooks can take the black rook on d8; the one on d2, lower in the core's
            // point order, is pinned by it and comes second.
            "4k4/R2r5/9/9/9/9/9/3R5/9/3K5 w - - 0 1",
            // In check by a rook on d1, which the general and the horse on b2 can take.
            "4k4/9/9/9/9/9/9/1N7/3r5/3K5 w - - 0 1",
            // The rook on f8 stands on the leg of the horse on g8: any rook move checks.
            "4k4/5RN2/9/9/9/9/9/9/9/3K5 w - - 0 1",
        ]
        .iter()
        .filter_map(|f| f.parse::<Fen>().ok()?.into_position().ok())
        .collect()
    }

    #[test]
    fn captures_on_matches_the_core() {
        let positions: Vec<Position> = positions().into_iter().chain(own()).collect();
        assert!(positions.len() > 4, "no positions to compare");
        let mut compared = 0;
        for pos in &positions {
            for sq in Square::ALL {
                let ours = captures_on(pos, sq);
                let core = pos.legal_moves_where(MoveFilter::CapturesOn(sq));
                assert_eq!(ours.as_slice(), core.as_slice(), "{pos:?} on {sq}");
                compared += usize::from(!core.is_empty());
            }
        }
        assert!(compared > 100, "only {compared} points with captures");
    }

    #[test]
    fn forcing_moves_match_the_core() {
        let positions: Vec<Position> = positions().into_iter().chain(own()).collect();
        let mut compared = 0;
        for pos in &positions {
            // The position, and those after each of its checks and captures: the searches' nodes.
            let mut nodes = vec![pos.clone()];
            for m in pos.legal_moves_where(MoveFilter::CapturesOrChecks) {
                let mut p = pos.clone();
                p.play_unchecked(m);
                nodes.push(p);
            }
            for p in &nodes {
                for filter in [
                    MoveFilter::Checks,
                    MoveFilter::Captures,
                    MoveFilter::CapturesOrChecks,
                ] {
                    let core = p.legal_moves_where(filter);
                    assert_eq!(
                        forcing_moves(p, filter).as_slice(),
                        core.as_slice(),
                        "{p:?} {filter:?}"
                    );
                    compared += core.len();
                }
            }
        }
        assert!(compared > 1000, "only {compared} moves compared");
    }

    #[test]
    fn has_move_matches_the_core() {
        let positions: Vec<Position> = positions().into_iter().chain(own()).collect();
        let mut without = 0;
        for pos in &positions {
            assert_eq!(
                has_move(pos, pos.is_check()),
                pos.has_legal_move(),
                "{pos:?}"
            );
            without += usize::from(!pos.has_legal_move());
            // The positions after every check, where the searches ask most.
            for m in pos.legal_moves_where(MoveFilter::Checks) {
                let mut p = pos.clone();
                p.play_unchecked(m);
                assert_eq!(has_move(&p, true), p.has_legal_move(), "{p:?}");
                without += usize::from(!p.has_legal_move());
            }
        }
        assert!(without > 0, "no position without a move was compared");
    }
}
