//! How each piece moves and attacks (CXA 2011 art. 2.2; WXF 2018 art. 2), as tables built at
//! compile time.
//!
//! Rooks and cannons look up the occupancy of their rank and of their file. A rank's nine bits
//! are a shift away; a file's ten bits sit nine apart and are gathered five at a time by one
//! 64-bit multiplication (every partial product lands on its own bit, so nothing carries).
//! Only the inner squares of a line index the tables: whether the last square is occupied never
//! changes what can be reached, because nothing lies beyond it.

use crate::{
    bitboard::Bitboard,
    types::{Color, File, Square},
};

const fn bit(sq: i32) -> u128 {
    1 << sq
}

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 9 && rank >= 0 && rank < 10
}

const fn in_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 || rank >= 7)
}

const fn same_side(rank_a: i32, rank_b: i32) -> bool {
    (rank_a < 5) == (rank_b < 5)
}

/// Orthogonal steps: up, down, right, left.
const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
/// Diagonal steps.
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Reads the neighbours of `sq` from `occupied`: bit `k` of the result is the point `k − 10`
/// points away in square numbering, so the orthogonal neighbours are bits 1 (down), 9 (left),
/// 11 (right), 19 (up) and the diagonal ones bits 0, 2, 18, 20. Neighbours off the board read
/// as empty or as a point on the next rank; the tables never look at those, because nothing
/// lies beyond an edge in that direction.
#[inline]
fn neighbourhood(sq: Square, occupied: u128) -> u32 {
    ((occupied << 10) >> sq as u32) as u32
}

/// The occupied orthogonal neighbours as four bits in the order of [`ORTHO`].
#[inline]
fn ortho_mask(sq: Square, occupied: u128) -> usize {
    let n = neighbourhood(sq, occupied);
    (((n >> 19) & 1) | (((n >> 1) & 1) << 1) | (((n >> 11) & 1) << 2) | (((n >> 9) & 1) << 3))
        as usize
}

/// The occupied diagonal neighbours as four bits in the order of [`DIAG`].
#[inline]
fn diag_mask(sq: Square, occupied: u128) -> usize {
    let n = neighbourhood(sq, occupied);
    (((n >> 20) & 1) | (((n >> 18) & 1) << 1) | (((n >> 2) & 1) << 2) | ((n & 1) << 3)) as usize
}

/// One step in each of `steps` that stays inside the palace the piece stands in.
const fn palace_steps(steps: [(i32, i32); 4]) -> [u128; 90] {
    let mut table = [0; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        let mut i = 0;
        while i < 4 {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if in_palace(f, r) && on_board(nf, nr) && in_palace(nf, nr) && same_side(r, nr) {
                table[sq as usize] |= bit(nr * 9 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// The general steps one point orthogonally inside its palace (CXA 2011 art. 2.2; WXF 2018
/// art. 2.1).
static KING_ATTACKS: [u128; 90] = palace_steps(ORTHO);

/// The advisor steps one point diagonally inside its palace (CXA 2011 art. 2.2; WXF 2018
/// art. 2.2).
static ADVISOR_ATTACKS: [u128; 90] = palace_steps(DIAG);

/// A leap that a piece on the neighbour `blocker` (an index into [`ORTHO`] or [`DIAG`]) stops:
/// the offset of the target point.
type Leap = (usize, (i32, i32));

/// A table of leaps, indexed by square and by which of the four neighbours are occupied: each
/// leap lands if its blocking neighbour is empty and the target is on the board (and, with
/// `home_side_only`, on the same side of the river).
const fn leap_table<const N: usize>(leaps: [Leap; N], home_side_only: bool) -> [[u128; 16]; 90] {
    let mut table = [[0; 16]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        let mut mask = 0;
        while mask < 16 {
            let mut i = 0;
            while i < N {
                let (blocker, (df, dr)) = leaps[i];
                let (nf, nr) = (f + df, r + dr);
                if mask & (1 << blocker) == 0
                    && on_board(nf, nr)
                    && (!home_side_only || same_side(r, nr))
                {
                    table[sq as usize][mask] |= bit(nr * 9 + nf);
                }
                i += 1;
            }
            mask += 1;
        }
        sq += 1;
    }
    table
}

/// The elephant moves two points diagonally, never across the river, and not when the point
/// between is occupied (塞象眼, CXA 2011 art. 2.2; WXF 2018 art. 2.3). Indexed by square and by
/// which diagonal neighbours (the eyes) are occupied.
static ELEPHANT_ATTACKS: [[u128; 16]; 90] = leap_table(
    [(0, (2, 2)), (1, (-2, 2)), (2, (2, -2)), (3, (-2, -2))],
    true,
);

/// The horse moves one point orthogonally then one diagonally outward, and not when the first
/// point is occupied (蹩马腿, CXA 2011 art. 2.2; WXF 2018 art. 2.5). Indexed by square and by
/// which orthogonal neighbours (the legs) are occupied, in the order of [`ORTHO`].
static HORSE_ATTACKS: [[u128; 16]; 90] = leap_table(
    [
        (0, (-1, 2)),
        (0, (1, 2)),
        (1, (-1, -2)),
        (1, (1, -2)),
        (2, (2, -1)),
        (2, (2, 1)),
        (3, (-2, -1)),
        (3, (-2, 1)),
    ],
    false,
);

/// The squares from which a horse attacks a square, indexed by which diagonal neighbours of the
/// attacked square are occupied, in the order of [`DIAG`]: the horse's leg is always the one
/// between it and the square.
static HORSE_ATTACKERS: [[u128; 16]; 90] = leap_table(
    [
        (0, (1, 2)),
        (0, (2, 1)),
        (1, (-1, 2)),
        (1, (-2, 1)),
        (2, (1, -2)),
        (2, (2, -1)),
        (3, (-1, -2)),
        (3, (-2, -1)),
    ],
    false,
);

/// A pawn steps one point forward; once across the river also one point sideways; never back
/// (CXA 2011 art. 2.2; WXF 2018 art. 2.7). Indexed by colour, then square.
static PAWN_ATTACKS: [[u128; 90]; 2] = {
    let mut table = [[0; 90]; 2];
    let mut color = 0;
    while color < 2 {
        let forward = if color == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = (sq % 9, sq / 9);
            if on_board(f, r + forward) {
                table[color][sq as usize] |= bit((r + forward) * 9 + f);
            }
            let crossed = if color == 0 { r >= 5 } else { r <= 4 };
            if crossed {
                if f > 0 {
                    table[color][sq as usize] |= bit(r * 9 + f - 1);
                }
                if f < 8 {
                    table[color][sq as usize] |= bit(r * 9 + f + 1);
                }
            }
            sq += 1;
        }
        color += 1;
    }
    table
};

/// The squares from which a pawn of a colour attacks a square.
static PAWN_ATTACKERS: [[u128; 90]; 2] = {
    let mut table = [[0; 90]; 2];
    let mut color = 0;
    while color < 2 {
        let mut from = 0;
        while from < 90 {
            let mut to = 0;
            while to < 90 {
                if PAWN_ATTACKS[color][from] & bit(to as i32) != 0 {
                    table[color][to] |= bit(from as i32);
                }
                to += 1;
            }
            from += 1;
        }
        color += 1;
    }
    table
};

/// Along one line of `len` points, what a rook (`hops == 0`) or a cannon's capture (`hops == 1`)
/// reaches from `pos` given the line's occupancy: a rook every point up to and including the
/// first occupied one; a cannon, past exactly one screen, every point up to and including the
/// next occupied one (CXA 2011 art. 2.2; WXF 2018 arts. 2.4, 2.6).
const fn line_attacks(pos: i32, occupied: u32, len: i32, hops: u32) -> u32 {
    let mut attacks = 0;
    let mut dir = -1;
    while dir <= 1 {
        let mut screens = 0;
        let mut p = pos + dir;
        while p >= 0 && p < len {
            if screens == hops {
                attacks |= 1 << p;
            }
            if occupied & (1 << p) != 0 {
                screens += 1;
                if screens > hops {
                    break;
                }
            }
            p += dir;
        }
        dir += 2;
    }
    attacks
}

/// Rank attacks: `[hops][file][inner occupancy]` as nine bits of a rank.
static RANK_ATTACKS: [[[u16; 128]; 9]; 2] = {
    let mut table = [[[0; 128]; 9]; 2];
    let mut hops = 0;
    while hops < 2 {
        let mut f = 0;
        while f < 9 {
            let mut occ = 0;
            while occ < 128 {
                table[hops][f][occ] =
                    line_attacks(f as i32, (occ as u32) << 1, 9, hops as u32) as u16;
                occ += 1;
            }
            f += 1;
        }
        hops += 1;
    }
    table
};

/// Spreads ten rank bits to the squares of file a.
const fn spread_file(ranks: u32) -> u128 {
    let mut bits = 0;
    let mut r = 0;
    while r < 10 {
        if ranks & (1 << r) != 0 {
            bits |= bit(r * 9);
        }
        r += 1;
    }
    bits
}

/// File attacks: `[hops][rank][inner occupancy]` as squares of file a.
static FILE_ATTACKS: [[[u128; 256]; 10]; 2] = {
    let mut table = [[[0; 256]; 10]; 2];
    let mut hops = 0;
    while hops < 2 {
        let mut r = 0;
        while r < 10 {
            let mut occ = 0;
            while occ < 256 {
                table[hops][r][occ] =
                    spread_file(line_attacks(r as i32, (occ as u32) << 1, 10, hops as u32));
                occ += 1;
            }
            r += 1;
        }
        hops += 1;
    }
    table
};

/// The points of each file.
static FILES: [u128; 9] = {
    let mut files = [0; 9];
    let mut f = 0;
    while f < 9 {
        files[f] = Bitboard::file(File::ALL[f]).0;
        f += 1;
    }
    files
};

/// Bits 0, 9, 18, 27 and 36: five points of a file.
const FIVE_OF_FILE: u64 = 1 | 1 << 9 | 1 << 18 | 1 << 27 | 1 << 36;
/// Multiplying five points of a file by this puts point `k` at bit `32 + k`: the product of
/// point `k` and term `j` lands on bit `9k + 8j`, distinct for every pair, so nothing carries.
const GATHER_FIVE: u64 = 1 | 1 << 8 | 1 << 16 | 1 << 24 | 1 << 32;

/// The occupancy of ranks 1–8 of `file` as eight bits.
#[inline]
fn inner_file_occupancy(occupied: u128, file: u32) -> usize {
    let low = ((occupied >> file) as u64) & FIVE_OF_FILE;
    let high = ((occupied >> (file + 45)) as u64) & FIVE_OF_FILE;
    let low = (low.wrapping_mul(GATHER_FIVE) >> 32) & 0x1f;
    let high = (high.wrapping_mul(GATHER_FIVE) >> 32) & 0x1f;
    ((low | high << 5) >> 1) as usize & 0xff
}

#[inline]
fn line_attacks_from(sq: Square, occupied: u128, hops: usize) -> u128 {
    let (f, r) = (sq as u32 % 9, sq as u32 / 9);
    let rank_occ = ((occupied >> (r * 9 + 1)) & 0x7f) as usize;
    let rank = (RANK_ATTACKS[hops][f as usize][rank_occ] as u128) << (r * 9);
    let file = FILE_ATTACKS[hops][r as usize][inner_file_occupancy(occupied, f)] << f;
    rank | file
}

/// Where a rook on `sq` attacks: along its rank and file up to and including the first piece.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks_from(sq, occupied.0, 0))
}

/// Where a cannon on `sq` captures: beyond exactly one screen (炮架) up to and including the
/// next piece (CXA 2011 art. 2.2; WXF 2018 art. 2.6). Intersect with the enemy's pieces for its captures; the
/// cannon's quiet moves are a rook's onto empty points.
#[inline]
pub fn cannon_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks_from(sq, occupied.0, 1))
}

/// Where a horse on `sq` moves, given the board's occupancy (for its legs).
#[inline]
pub fn horse_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(HORSE_ATTACKS[sq as usize][ortho_mask(sq, occupied.0)])
}

/// The squares from which a horse attacks `sq`, given the board's occupancy.
#[inline]
pub fn horse_attackers(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(HORSE_ATTACKERS[sq as usize][diag_mask(sq, occupied.0)])
}

/// Where an elephant on `sq` moves, given the board's occupancy (for its eyes). Off its own
/// side of the river an elephant cannot stand, so the side is the square's.
#[inline]
pub fn elephant_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(ELEPHANT_ATTACKS[sq as usize][diag_mask(sq, occupied.0)])
}

/// Where a general on `sq` steps: orthogonally, inside the palace it stands in.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING_ATTACKS[sq as usize])
}

/// Where an advisor on `sq` steps: diagonally, inside the palace it stands in.
#[inline]
pub fn advisor_attacks(sq: Square) -> Bitboard {
    Bitboard(ADVISOR_ATTACKS[sq as usize])
}

/// Where a pawn of `color` on `sq` moves.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN_ATTACKS[color as usize][sq as usize])
}

/// The squares from which a pawn of `color` attacks `sq`.
#[inline]
pub fn pawn_attackers(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN_ATTACKERS[color as usize][sq as usize])
}

/// The points diagonally next to `sq`: an elephant's eyes, the legs of horses attacking `sq`.
#[inline]
pub fn diagonal_neighbours(sq: Square) -> Bitboard {
    DIAG.into_iter()
        .filter_map(|(df, dr)| sq.offset(df, dr))
        .collect()
}

/// The squares strictly between `a` and `b` if they share a rank or a file, else none (none
/// for a point and itself).
pub fn between(a: Square, b: Square) -> Bitboard {
    if a == b {
        return Bitboard::EMPTY;
    }
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    // The squares' bits looked up: a shift of a `u128` by a variable amount is several
    // instructions.
    let (lo_bit, hi_bit) = (Bitboard::from_square(lo).0, Bitboard::from_square(hi).0);
    let (lo_file, hi_file) = (lo as u32 % 9, hi as u32 % 9);
    if lo_file == hi_file {
        Bitboard(FILES[lo_file as usize] & (hi_bit - (lo_bit << 1)))
    } else if lo as u32 / 9 == hi as u32 / 9 {
        Bitboard(hi_bit - (lo_bit << 1))
    } else {
        Bitboard::EMPTY
    }
}

/// For each point of a general: the other points of its file and rank, the only points from
/// which a move can uncover a rook's or cannon's check on it, make a cannon's screen, or check
/// with a rook or cannon ([`Position::gives_check`]).
pub(crate) const GENERAL_LINES: [u128; 90] = {
    let mut lines = [0u128; 90];
    let mut king = 0;
    while king < 90 {
        let mut sq: usize = 0;
        while sq < 90 {
            if sq != king && (sq % 9 == king % 9 || sq / 9 == king / 9) {
                lines[king] |= 1 << sq;
            }
            sq += 1;
        }
        king += 1;
    }
    lines
};

/// For each point of a general: its diagonal neighbours, the legs of the horses that could
/// attack it, the only points whose leaving can uncover a horse's check on it
/// ([`Position::gives_check`]).
pub(crate) const GENERAL_LEGS: [u128; 90] = {
    let mut legs = [0u128; 90];
    let mut king = 0;
    while king < 90 {
        let (kf, kr) = ((king % 9) as i32, (king / 9) as i32);
        let mut sq: usize = 0;
        while sq < 90 {
            let (df, dr) = ((sq % 9) as i32 - kf, (sq / 9) as i32 - kr);
            if df.abs() == 1 && dr.abs() == 1 {
                legs[king] |= 1 << sq;
            }
            sq += 1;
        }
        king += 1;
    }
    legs
};

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::types::Rank;

    /// Walks a line square by square: the slow, obvious way.
    fn slow_line(sq: Square, occupied: Bitboard, hops: u32) -> Bitboard {
        let mut result = Bitboard::EMPTY;
        for (df, dr) in ORTHO {
            let mut screens = 0;
            let mut cur = sq.offset(df, dr);
            while let Some(s) = cur {
                if screens == hops {
                    result.add(s);
                }
                if occupied.contains(s) {
                    screens += 1;
                    if screens > hops {
                        break;
                    }
                }
                cur = s.offset(df, dr);
            }
        }
        result
    }

    proptest! {
        #[test]
        fn sliders_match_a_slow_walk(bits in any::<u128>(), sq in 0u32..90) {
            let occupied = Bitboard::from_bits(bits);
            let sq = Square::new(sq).unwrap();
            prop_assert_eq!(rook_attacks(sq, occupied), slow_line(sq, occupied, 0));
            prop_assert_eq!(cannon_attacks(sq, occupied), slow_line(sq, occupied, 1));
        }

        #[test]
        fn between_is_the_points_strictly_between_on_a_line(a in 0u32..90, b in 0u32..90) {
            let (a, b) = (Square::new(a).unwrap(), Square::new(b).unwrap());
            let mut expected = Bitboard::EMPTY;
            for (df, dr) in ORTHO {
                let mut walked = Bitboard::EMPTY;
                let mut cur = a.offset(df, dr);
                while let Some(s) = cur {
                    if s == b {
                        expected = walked;
                        break;
                    }
                    walked.add(s);
                    cur = s.offset(df, dr);
                }
            }
            prop_assert_eq!(between(a, b), expected);
        }

        #[test]
        fn horse_attackers_are_the_inverse_of_horse_moves(bits in any::<u128>(), sq in 0u32..90) {
            let occupied = Bitboard::from_bits(bits);
            let target = Square::new(sq).unwrap();
            let expected: Bitboard = Square::ALL
                .into_iter()
                .filter(|&from| horse_attacks(from, occupied).contains(target))
                .collect();
            prop_assert_eq!(horse_attackers(target, occupied), expected);
        }
    }

    #[test]
    fn file_gathering_reads_every_rank() {
        for file in 0..9 {
            for rank in 1..9 {
                let occ = 1u128 << (rank * 9 + file);
                assert_eq!(inner_file_occupancy(occ, file), 1 << (rank - 1));
            }
            assert_eq!(inner_file_occupancy(Bitboard::FULL.0, file), 0xff);
        }
    }

    #[test]
    fn piece_moves_on_an_empty_board() {
        let empty = Bitboard::EMPTY;
        assert_eq!(rook_attacks(Square::E4, empty).count(), 17);
        assert_eq!(cannon_attacks(Square::E4, empty), Bitboard::EMPTY);
        assert_eq!(horse_attacks(Square::E4, empty).count(), 8);
        assert_eq!(horse_attacks(Square::A0, empty).count(), 2);
        assert_eq!(king_attacks(Square::E1).count(), 4);
        assert_eq!(king_attacks(Square::D0).count(), 2);
        assert_eq!(king_attacks(Square::E4), Bitboard::EMPTY);
        assert_eq!(advisor_attacks(Square::E8).count(), 4);
        assert_eq!(
            advisor_attacks(Square::D7),
            Bitboard::from_square(Square::E8)
        );
        // Elephants never cross the river: from c4 only a2 and e2.
        assert_eq!(
            elephant_attacks(Square::C4, empty),
            Bitboard::from_square(Square::A2) | Bitboard::from_square(Square::E2)
        );
        assert_eq!(
            pawn_attacks(Color::Red, Square::E3),
            Bitboard::from_square(Square::E4)
        );
        assert_eq!(pawn_attacks(Color::Red, Square::E5).count(), 3);
        assert_eq!(pawn_attacks(Color::Red, Square::E9).count(), 2);
        assert_eq!(pawn_attacks(Color::Black, Square::E4).count(), 3);
        assert_eq!(
            pawn_attacks(Color::Black, Square::A6),
            Bitboard::from_square(Square::A5)
        );
    }

    #[test]
    fn blocked_legs_and_eyes() {
        let leg = Bitboard::from_square(Square::E5);
        let moves = horse_attacks(Square::E4, leg);
        assert_eq!(moves.count(), 6);
        assert!(!moves.contains(Square::D6) && !moves.contains(Square::F6));
        let eye = Bitboard::from_square(Square::D3);
        assert_eq!(
            elephant_attacks(Square::E2, eye),
            Bitboard::from_square(Square::G4)
                | Bitboard::from_square(Square::G0)
                | Bitboard::from_square(Square::C0)
        );
    }

    #[test]
    fn between_squares() {
        assert_eq!(between(Square::E0, Square::E9).count(), 8);
        assert_eq!(between(Square::A3, Square::I3).count(), 7);
        assert_eq!(between(Square::E0, Square::E1), Bitboard::EMPTY);
        assert_eq!(between(Square::A0, Square::B1), Bitboard::EMPTY);
        assert_eq!(between(Square::E5, Square::E5), Bitboard::EMPTY);
        let b = between(Square::from_coords(File::E, Rank::R7), Square::E2);
        assert_eq!(b.count(), 4);
        assert!(b.contains(Square::E5));
    }
}
