//! Selective move generation: three questions a search asks thousands of times per node
//! (the arbiter's rulings above all), answered without walking every move of every piece: the
//! legal captures on one point (static exchanges, recaptures), the checks and captures of a
//! side not in check (mate and forcing searches), and whether the side to move has any legal
//! move at all (mate and stalemate, CXA 2011 arts. 3.2, 3.3; WXF 2018 arts. 2.10, 2.11).
//!
//! The capturers are found from the target's point; only pieces that can really uncover a
//! check are tried move by move; the search for a move stops at the first legal one. Each gives
//! exactly what filtering [`Position::legal_moves`] gives, in its order (the tests compare them
//! over the perft and rulings positions), since callers break ties by that order.

use crate::{
    attacks::{
        GENERAL_LEGS, GENERAL_LINES, advisor_attacks, between, cannon_attacks, elephant_attacks,
        horse_attackers, horse_attacks, king_attacks, pawn_attackers, pawn_attacks, rook_attacks,
    },
    bitboard::Bitboard,
    m::{Move, MoveList, MoveOut},
    position::{FilterSink, ListSink, MoveFilter, Position, Shields},
    types::{ByRole, Role, Square},
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
/// [`Position::legal_moves`] (which exchanges depend on: the first of the cheapest capturers is
/// the one that takes).
pub(crate) fn captures_on(pos: &Position, sq: Square) -> MoveList {
    captures_on_with(pos, sq, || pos.is_check())
}

/// [`captures_on`], with `in_check` telling whether the side to move is in check (asked only
/// where two capturers must be put in order).
fn captures_on_with(pos: &Position, sq: Square, in_check: impl FnOnce() -> bool) -> MoveList {
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
        // Pseudo-legal by construction: only the general's safety is left to see.
        if !pos.exposes_king(from, sq) {
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
    if in_check() {
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

/// The legal moves that pass `filter` (`Checks`, `Captures` or `CapturesOrChecks`) of a side
/// not in check, in the order of [`Position::legal_moves`], put into `list`.
///
/// Not in check, a move checks either from its own new point (the points from which each kind
/// of piece would attack the enemy general, the board otherwise unchanged, are exact for it) or
/// by uncovering: leaving the line between the enemy general and one of its rooks (the only
/// piece there) or cannons (one of the two there), or a horse's leg. A piece that can uncover is
/// tried on every move; a cannon alone on the general's line with nothing between is tried on
/// its moves along that line, which change what screens it (a capture beyond a piece leaves
/// that piece between them).
pub(crate) fn forcing_moves(
    pos: &Position,
    shields: &Shields,
    want_captures: bool,
    want_checks: bool,
    list: &mut impl MoveOut,
) {
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
    let mut lone_cannons = Bitboard::EMPTY;
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
                    lone_cannons.add(cannon);
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
    let (pinned, screens) = (shields.pinned, shields.screens);
    // One block per role, so that each `pseudo_targets` call is specialised.
    macro_rules! moves_of {
        ($role:expr) => {{
            let role = $role;
            let mut pieces = own(role);
            if !want_captures && checking.get(role).is_empty() {
                // Checks only, and this kind of piece cannot check from its new point: only
                // the pieces that may uncover one can give any.
                pieces &= uncovering | lone_cannons;
            }
            // The core lists a role's unpinned pieces before its pinned ones.
            for from in (pieces & !pinned).into_iter().chain(pieces & pinned) {
                let all = if want_checks {
                    pos.pseudo_targets(role, from)
                } else if role == Role::Cannon {
                    // Captures only: a cannon's quiet moves need not be found.
                    cannon_attacks(from, occupied) & theirs
                } else {
                    pos.pseudo_targets(role, from) & theirs
                };
                // `sure`: captures asked for, and checks from the new point; `tried`: moves
                // that check only if `gives_check` says so.
                let captures = if want_captures {
                    all & theirs
                } else {
                    Bitboard::EMPTY
                };
                let (sure, tried) = if !want_checks {
                    (captures, Bitboard::EMPTY)
                } else if uncovering.contains(from) {
                    (captures, all & !captures)
                } else if lone_cannons.contains(from) {
                    let along = all & lines;
                    (
                        captures | (all & !lines & *checking.get(role)),
                        along & !captures,
                    )
                } else {
                    (captures | (all & *checking.get(role)), Bitboard::EMPTY)
                };
                if (sure | tried).is_empty() {
                    continue;
                }
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
                        !pos.exposes_king(from, to)
                    };
                    if legal && (sure.contains(to) || pos.gives_check(m)) {
                        list.put(m);
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
    moves_of!(Role::King);
}

/// Does the side to move have a legal move? Found by trying moves one by one until one is
/// legal. The general's
/// steps first (the likeliest answers to a check); then, in check, the captures of a lone
/// checker; then every other piece's moves (in check, only those that may answer it, as in
/// the full generator).
pub(crate) fn has_move(pos: &Position) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    // Every move tried below is pseudo-legal: only the general's safety is left to see.
    let legal = |from: Square, to: Square| !pos.exposes_king(from, to);
    let king = pos.king(us);
    if (king_attacks(king) & !ours)
        .into_iter()
        .any(|to| legal(king, to))
    {
        return true;
    }
    // Out of check any move may do; in check, only those that may answer it.
    let mut to_zone = Bitboard::FULL;
    let mut from_zone = Bitboard::EMPTY;
    // Asked only now: most positions have a general's step.
    let checkers = pos.checkers();
    if checkers.any() {
        if let Some(checker) = checkers.single()
            && !captures_on_with(pos, checker, || true).is_empty()
        {
            // Taking the one checker (the general's own captures were tried above).
            return true;
        }
        (to_zone, from_zone) = pos.evasion_zones(checkers);
    }
    ORDER_FREE[..6].iter().any(|&role| {
        (board.by_role(role) & ours).into_iter().any(|from| {
            let mut targets = pos.pseudo_targets(role, from);
            if !from_zone.contains(from) {
                targets &= to_zone;
            }
            targets.into_iter().any(|to| legal(from, to))
        })
    })
}

/// [`has_move`] for a side not in check. Out of check, a piece whose point is neither on its
/// general's file or rank nor a horse's leg next to it shields nothing (only those points can
/// stand between the general and a rook, cannon, general or horse), and a move of it to a point
/// off that file and rank screens no cannon: it is legal. Such a move is looked for first.
pub(crate) fn has_move_out_of_check(pos: &Position) -> bool {
    let board = pos.board();
    let ours = board.by_color(pos.turn());
    let king = pos.king(pos.turn()) as usize;
    let lines = Bitboard::from_bits(GENERAL_LINES[king]);
    let shielding = lines | Bitboard::from_bits(GENERAL_LEGS[king]);
    let occupied = board.occupied();
    let us = pos.turn();
    // Where a free piece's move is legal: off the general's lines, not onto its own side.
    let open = !(ours | lines);
    let free = |role: Role| board.by_role(role) & ours & !shielding;
    // The likeliest movers first, each by its own way of moving.
    let found = free(Role::Rook)
        .into_iter()
        .any(|from| (rook_attacks(from, occupied) & open).any())
        || free(Role::Horse)
            .into_iter()
            .any(|from| (horse_attacks(from, occupied) & open).any())
        || free(Role::Pawn)
            .into_iter()
            .any(|from| (pawn_attacks(us, from) & open).any())
        || free(Role::Cannon).into_iter().any(|from| {
            (rook_attacks(from, occupied) & open & !occupied).any()
                || (cannon_attacks(from, occupied) & open & board.by_color(!us)).any()
        })
        || free(Role::Advisor)
            .into_iter()
            .any(|from| (advisor_attacks(from) & open).any())
        || free(Role::Elephant)
            .into_iter()
            .any(|from| (elephant_attacks(from, occupied) & open).any());
    found || has_move(pos)
}

/// The legal-move lists and tests of [`Position`] that this module's generators answer.
impl Position {
    /// The legal moves that pass `filter`, in the order of [`Position::legal_moves`]: what the
    /// arbiter's searches look at (captures for exchanges, checks for mate threats) without
    /// generating and testing every move.
    ///
    /// ```
    /// use xiangqi::{MoveFilter, Position};
    ///
    /// let pos = Position::new();
    /// assert_eq!(pos.legal_moves_where(MoveFilter::Captures).len(), 2); // the cannons take the horses
    /// assert!(pos.legal_moves_where(MoveFilter::Checks).is_empty());
    /// ```
    pub fn legal_moves_where(&self, filter: MoveFilter) -> MoveList {
        if let MoveFilter::CapturesOn(sq) = filter {
            // A list of its own already.
            return captures_on(self, sq);
        }
        let mut list = MoveList::new();
        self.put_legal_moves_where(filter, &mut list);
        list
    }

    /// [`Position::legal_moves_where`], added at the end of `out`: for a caller that keeps many
    /// lists one after another (the arbiter's searches), the moves are written there, not
    /// copied from a list returned.
    ///
    /// ```
    /// use xiangqi::{MoveFilter, Position};
    ///
    /// let pos = Position::new();
    /// let mut store = Vec::new();
    /// pos.extend_legal_moves_where(MoveFilter::Captures, &mut store);
    /// pos.extend_legal_moves_where(MoveFilter::All, &mut store);
    /// assert_eq!(store.len(), 2 + 44);
    /// ```
    pub fn extend_legal_moves_where(&self, filter: MoveFilter, out: &mut Vec<Move>) {
        self.put_legal_moves_where(filter, out);
    }

    fn put_legal_moves_where<O: MoveOut>(&self, filter: MoveFilter, out: &mut O) {
        let mut forcing = |captures, checks| {
            let shields = self.shields();
            if shields.check {
                self.visit_legal(&mut FilterSink::new(self, filter, &mut *out));
            } else {
                forcing_moves(self, &shields, captures, checks, &mut *out);
            }
        };
        match filter {
            MoveFilter::All => self.visit_legal(&mut ListSink(&mut *out)),
            MoveFilter::CapturesOn(sq) => {
                for m in captures_on(self, sq) {
                    out.put(m);
                }
            }
            MoveFilter::Captures => forcing(true, false),
            MoveFilter::Checks => forcing(false, true),
            MoveFilter::CapturesOrChecks => forcing(true, true),
        }
    }

    /// Does the side to move have a legal move? Stops at the first one found (the general's
    /// steps first), so it is much cheaper than counting them.
    pub fn has_legal_move(&self) -> bool {
        has_move(self)
    }

    /// [`Position::has_legal_move`] for a side to move that is not in check. Most such
    /// positions have a piece off its general's file, rank and diagonal neighbours with a move
    /// off that file and rank, legal whatever else stands on the board: found before any
    /// general's step is tried.
    ///
    /// The side to move must not be in check, as with [`Position::play_unchecked`]'s legal
    /// move: for a caller that knows it already (a search whose last move gave no check), so
    /// that the check is not looked for again. In check the answer may be wrong; a debug build
    /// asserts the condition. Ask [`Position::has_legal_move`] when in doubt.
    pub fn has_legal_move_out_of_check(&self) -> bool {
        debug_assert!(!self.is_check(), "has_legal_move_out_of_check in check");
        has_move_out_of_check(self)
    }
}

#[cfg(test)]
mod tests {
    use std::{fs, path::Path};

    use serde_json::Value;

    use super::*;
    use crate::{fen::Fen, iccs::Iccs, position::MoveFilter};

    /// The JSON array in `path`.
    fn read(path: &Path) -> Result<Vec<Value>, String> {
        let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        match serde_json::from_str::<Value>(&text) {
            Ok(Value::Array(cases)) => Ok(cases),
            _ => panic!("{} is not a JSON array", path.display()),
        }
    }

    /// The repetition cases of `file`: the arbiter crate's shipped copy (absent only when this
    /// crate is built alone), and for `rulings.json` the cases of the optional shared data
    /// folder named by `XIANGQI_DATA` that it does not ship; that folder must hold the file.
    fn rulings(file: &str) -> Vec<Value> {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        let shipped = manifest
            .join("../xiangqi-arbiter/tests/data/rulings")
            .join(file);
        let mut cases = read(&shipped).unwrap_or_else(|e| {
            eprintln!("SKIPPED: the arbiter's repetition cases ({e})");
            Vec::new()
        });
        if file != "rulings.json" {
            return cases;
        }
        let named = std::env::var_os("XIANGQI_DATA").filter(|v| !v.is_empty());
        let Some(optional) = named.as_ref().map(|dir| Path::new(dir).join(file)) else {
            eprintln!("SKIPPED: the optional cases of {file} (XIANGQI_DATA is not set)");
            return cases;
        };
        let more = read(&optional).unwrap_or_else(|e| panic!("XIANGQI_DATA: {e}"));
        let ids: Vec<Value> = cases.iter().map(|c| c["id"].clone()).collect();
        cases.extend(more.into_iter().filter(|c| !ids.contains(&c["id"])));
        cases
    }

    fn position(fen: &str) -> Option<Position> {
        fen.parse::<Fen>().ok()?.into_position().ok()
    }

    /// The perft positions, every position of the rulings files' games, a few of our own
    /// (mate, stalemate, a pinned pair of capturers, captures in check, a rook on a horse's
    /// leg), each also with the other side to move where that is legal, and the positions after
    /// each of their captures and checks: the nodes the arbiter's searches visit.
    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        let perft = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.json");
        for case in read(&perft).unwrap_or_else(|e| panic!("{e}")) {
            out.extend(case["fen"].as_str().and_then(position));
        }
        for file in ["rulings.json", "rulings_cxa.json"] {
            for case in rulings(file) {
                let Some(mut pos) = case["fen"].as_str().and_then(position) else {
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
        out.extend(
            [
                // Mated: rook on d1 with the general's file closed by the red general.
                "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1",
                // The black general boxed in by a rook, no other black piece.
                "3k5/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1",
                // Two red rooks can take the black rook on d8; the one on d2 is pinned by it.
                "4k4/R2r5/9/9/9/9/9/3R5/9/3K5 w - - 0 1",
                // In check by a rook on d1, which the general and the horse on b2 can take.
                "4k4/9/9/9/9/9/9/1N7/3r5/3K5 w - - 0 1",
                // The rook on f8 stands on the leg of the horse on g8: any rook move checks.
                "4k4/5RN2/9/9/9/9/9/9/9/3K5 w - - 0 1",
                // A cannon alone on the general's file: a piece stepping between screens it.
                "4k4/9/9/9/9/4C4/9/2R6/9/3K5 w - - 0 1",
            ]
            .into_iter()
            .filter_map(position),
        );
        let swapped: Vec<Position> = out.iter().filter_map(Position::swap_turn).collect();
        out.extend(swapped);
        let mut children = Vec::new();
        for pos in &out {
            for m in pos.legal_moves() {
                if m.is_capture() || pos.gives_check(m) {
                    let mut p = pos.clone();
                    p.play_unchecked(m);
                    children.push(p);
                }
            }
        }
        out.extend(children);
        out
    }

    /// What `filter` keeps, by its definition.
    fn passes(pos: &Position, filter: MoveFilter, m: Move) -> bool {
        match filter {
            MoveFilter::All => true,
            MoveFilter::Captures => m.is_capture(),
            MoveFilter::CapturesOn(sq) => m.is_capture() && m.to == sq,
            MoveFilter::Checks => pos.gives_check(m),
            MoveFilter::CapturesOrChecks => m.is_capture() || pos.gives_check(m),
        }
    }

    #[test]
    fn filtered_moves_are_the_legal_moves_that_pass_in_their_order() {
        let positions = positions();
        assert!(positions.len() > 1000, "only {} positions", positions.len());
        let (mut moves, mut checks, mut on_points) = (0, 0, 0);
        for pos in &positions {
            let all = pos.legal_moves();
            let mut filters = vec![
                MoveFilter::All,
                MoveFilter::Captures,
                MoveFilter::Checks,
                MoveFilter::CapturesOrChecks,
            ];
            filters.extend(Square::ALL.into_iter().map(MoveFilter::CapturesOn));
            for filter in filters {
                let expected: Vec<Move> = all
                    .iter()
                    .copied()
                    .filter(|&m| passes(pos, filter, m))
                    .collect();
                let got = pos.legal_moves_where(filter);
                assert_eq!(got.as_slice(), expected.as_slice(), "{pos:?} {filter:?}");
                // Added after what a store holds already, the same moves.
                let mut store = all.to_vec();
                pos.extend_legal_moves_where(filter, &mut store);
                assert_eq!(&store[..all.len()], all.as_slice(), "{pos:?} {filter:?}");
                assert_eq!(
                    &store[all.len()..],
                    expected.as_slice(),
                    "{pos:?} {filter:?}"
                );
                moves += got.len();
                checks += usize::from(filter == MoveFilter::Checks) * got.len();
                on_points +=
                    usize::from(matches!(filter, MoveFilter::CapturesOn(_)) && got.len() > 1);
            }
        }
        // The comparisons saw real work: many checks, and points with several capturers (where
        // the order matters).
        assert!(moves > 100_000, "only {moves} moves compared");
        assert!(checks > 1000, "only {checks} checks compared");
        assert!(
            on_points > 100,
            "only {on_points} points with several capturers"
        );
    }

    #[test]
    fn gives_check_is_being_in_check_after_the_move() {
        let (mut moves, mut checks) = (0, 0);
        for pos in &positions() {
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                assert_eq!(pos.gives_check(m), child.is_check(), "{pos:?} {m}");
                moves += 1;
                checks += usize::from(child.is_check());
            }
        }
        assert!(moves > 100_000, "only {moves} moves compared");
        assert!(checks > 1000, "only {checks} checks compared");
    }

    #[test]
    fn the_general_s_moves_are_its_legal_moves_in_their_order() {
        let (mut moves, mut in_check) = (0, 0);
        for pos in &positions() {
            let expected: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.role == Role::King)
                .collect();
            assert_eq!(pos.legal_king_moves().as_slice(), expected, "{pos:?}");
            moves += expected.len();
            in_check += usize::from(pos.is_check() && !expected.is_empty());
        }
        assert!(moves > 1000, "only {moves} moves compared");
        assert!(
            in_check > 100,
            "only {in_check} positions in check with a step"
        );
    }

    #[test]
    fn has_legal_move_agrees_with_the_count() {
        let positions = positions();
        let mut without = 0;
        for pos in &positions {
            let count = pos.count_legal_moves();
            assert_eq!(pos.has_legal_move(), count > 0, "{pos:?}");
            if !pos.is_check() {
                assert_eq!(pos.has_legal_move_out_of_check(), count > 0, "{pos:?}");
            }
            without += usize::from(count == 0);
        }
        assert!(without > 0, "no position without a move was compared");
    }
}
