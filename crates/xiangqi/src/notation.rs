//! What the WXF and Chinese notations share: which piece a move names (a file, or 前/中/后 and
//! 一…五 among pieces of one kind on one file), where it goes (进/退/平 and a number), and how a
//! written move is found among the legal moves.
//!
//! The conventions are the rulebooks' (CXA 2011 art. 7.2–7.5; WXF 2018 art. 7.1–7.5) and, where
//! the books are silent, XQWizard's (the xqbase "中国象棋电脑应用规范 (二) 着法表示", implemented
//! in ElephantEye's `cchess.cpp`): see `shared/rules/notation-notes.md` §5.
//!
//! Resolution is two-staged. The *strict* reading is what a canonical writer means by the text;
//! if it names exactly one legal move, that is the move. Otherwise the *lenient* readings (other
//! programs' conventions, a file digit where two pieces share the file) are tried, and the move
//! is accepted only if exactly one legal move fits.

use arrayvec::ArrayVec;

use crate::{
    bitboard::Bitboard,
    m::Move,
    position::Position,
    types::{Color, File, Role, Square},
};

/// Which way a piece goes, seen from its own side (CXA 2011 art. 7.3; WXF 2018 art. 7.2):
/// 进 (`+`) towards the opponent, 退 (`-`) back, 平 (`.`) along its rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// 进 / `+`: towards the opponent's side.
    Forward,
    /// 退 / `-`: towards the own side.
    Backward,
    /// 平 / `.`: along the rank.
    Sideways,
}

/// Pieces standing on one file, front (nearest the opponent) first.
pub(crate) type FileList = ArrayVec<Square, 10>;

/// Candidate squares a written move may start from.
pub(crate) type Candidates = ArrayVec<Square, 16>;

/// Why a written move names no single legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unresolved {
    Illegal,
    Ambiguous,
}

/// Does a role move along files and ranks, so that 进/退 count ranks (K R C P), or diagonally,
/// so that they name the destination file (A E H)? CXA 2011 art. 7.3; WXF 2018 art. 7.2.
pub(crate) const fn moves_straight(role: Role) -> bool {
    matches!(role, Role::King | Role::Rook | Role::Cannon | Role::Pawn)
}

/// `sq` is nearer the opponent than `other`, for `color`.
fn rank_for(sq: Square, color: Color) -> u8 {
    sq.rank().relative_to(color) as u8
}

/// The direction and the number of a move: ranks moved for K R C P along a file, otherwise the
/// destination file as the mover counts it (CXA 2011 art. 7.3; WXF 2018 art. 7.2).
pub(crate) fn describe(color: Color, m: Move) -> (Direction, u8) {
    let (from, to) = (rank_for(m.from, color), rank_for(m.to, color));
    let dest_file = m.to.file().number_for(color);
    if from == to {
        (Direction::Sideways, dest_file)
    } else {
        let dir = if to > from {
            Direction::Forward
        } else {
            Direction::Backward
        };
        let value = if moves_straight(m.role) && m.from.file() == m.to.file() {
            from.abs_diff(to)
        } else {
            dest_file
        };
        (dir, value)
    }
}

/// The square a piece of `role` on `from` reaches when it goes `dir` with `value`, if the
/// notation can describe such a move (CXA 2011 art. 7.3; WXF 2018 art. 7.2).
pub(crate) fn target(
    color: Color,
    role: Role,
    from: Square,
    dir: Direction,
    value: u8,
) -> Option<Square> {
    let forward: i32 = if color.is_red() { 1 } else { -1 };
    match dir {
        Direction::Sideways => {
            if !moves_straight(role) {
                return None;
            }
            let file = File::from_number(value, color)?;
            (file != from.file()).then(|| Square::from_coords(file, from.rank()))
        }
        Direction::Forward | Direction::Backward => {
            let sign = if dir == Direction::Forward {
                forward
            } else {
                -forward
            };
            if moves_straight(role) {
                if value == 0 {
                    return None;
                }
                from.offset(0, sign * i32::from(value))
            } else {
                let file = File::from_number(value, color)?;
                let df = file as i32 - from.file() as i32;
                let dr = match (role, df.abs()) {
                    (Role::Horse, 1) | (Role::Elephant, 2) => 2,
                    (Role::Horse, 2) | (Role::Advisor, 1) => 1,
                    _ => return None,
                };
                from.offset(df, sign * dr)
            }
        }
    }
}

/// The pieces of `color` and `role` on `file`, front first.
pub(crate) fn on_file(pos: &Position, color: Color, role: Role, file: File) -> FileList {
    let mut list = FileList::new();
    let mine = pos.board().by_piece(role.of(color)) & Bitboard::file(file);
    // Squares come in rising index order, Red's back rank first: Black's front first.
    list.extend(mine.squares());
    if color.is_red() {
        list.reverse();
    }
    list
}

/// The files holding two or more pieces of `color` and `role`, from the mover's right to left,
/// each front first.
pub(crate) fn tandem_files(pos: &Position, color: Color, role: Role) -> ArrayVec<FileList, 9> {
    let mut files = ArrayVec::new();
    for n in 1..=9 {
        let Some(file) = File::from_number(n, color) else {
            continue;
        };
        let list = on_file(pos, color, role, file);
        if list.len() >= 2 {
            files.push(list);
        }
    }
    files
}

/// All pieces on tandem files in XQWizard's order: files from the mover's right to left, then
/// front to back ("先从右到左，再从前到后", xqbase notation spec; CXA 2011 art. 7.5 for one
/// file).
pub(crate) fn tandem_list(files: &[FileList]) -> Candidates {
    files.iter().flatten().copied().collect()
}

/// How a canonical writer names the piece on `from` (CXA 2011 art. 7.5; WXF 2018 art. 7.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Naming {
    /// By its file: the piece is alone (or an advisor or elephant, CXA 2011 art. 7.5).
    File,
    /// By its place in a list of `count` pieces (0-based `index`), front first. For pawns the
    /// list runs over all tandem files in XQWizard's order.
    Place { index: usize, count: usize },
}

/// The canonical naming of the piece on `from`, and for pawns the pawns on its own file and the
/// number of tandem files.
pub(crate) fn naming(pos: &Position, color: Color, role: Role, from: Square) -> Naming {
    match role {
        Role::King | Role::Advisor | Role::Elephant => Naming::File,
        Role::Horse | Role::Rook | Role::Cannon => {
            let list = on_file(pos, color, role, from.file());
            place_in(&list, from)
        }
        Role::Pawn => {
            let files = tandem_files(pos, color, role);
            let list = tandem_list(&files);
            place_in(&list, from)
        }
    }
}

fn place_in(list: &[Square], from: Square) -> Naming {
    match list.iter().position(|&s| s == from) {
        Some(index) if list.len() >= 2 => Naming::Place {
            index,
            count: list.len(),
        },
        _ => Naming::File,
    }
}

/// Adds the squares of `list` to `out`, once each.
pub(crate) fn push_all(out: &mut Candidates, list: impl IntoIterator<Item = Square>) {
    for sq in list {
        if !out.contains(&sq) && !out.is_full() {
            out.push(sq);
        }
    }
}

/// The legal moves that start on one of `from` with a piece of `role` (any role if `None`) and
/// go `dir` by `value`.
fn matches(
    pos: &Position,
    role: Option<Role>,
    dir: Direction,
    value: u8,
    from: &[Square],
) -> ArrayVec<Move, 16> {
    let color = pos.turn();
    let mut found = ArrayVec::new();
    for &sq in from {
        let Some(piece) = pos.board().piece_at(sq) else {
            continue;
        };
        if piece.color != color || role.is_some_and(|r| r != piece.role) {
            continue;
        }
        let Some(to) = target(color, piece.role, sq, dir, value) else {
            continue;
        };
        // `is_legal` checks the piece's way of moving and its general in one pass; building
        // the move here spares the second look-up `find_move` would make.
        let m = Move {
            role: piece.role,
            from: sq,
            to,
            capture: pos.board().role_at(to),
        };
        if pos.is_legal(m) && !found.contains(&m) {
            found.push(m);
        }
    }
    found
}

/// Finds the one legal move the strict reading names, else the one the lenient readings name.
pub(crate) fn resolve(
    pos: &Position,
    role: Option<Role>,
    dir: Direction,
    value: u8,
    strict: &[Square],
    lenient: &[Square],
) -> Result<Move, Unresolved> {
    let found = matches(pos, role, dir, value, strict);
    match found.len() {
        1 => return Ok(found[0]),
        0 => {}
        _ => return Err(Unresolved::Ambiguous),
    }
    let found = matches(pos, role, dir, value, lenient);
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(Unresolved::Illegal),
        _ => Err(Unresolved::Ambiguous),
    }
}

/// Maps full-width ASCII (U+FF01–U+FF5E, e.g. `Ｃ２＝５`) and the ideographic space to ASCII.
pub(crate) fn narrow(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_and_targets_agree() {
        let pos = Position::new();
        for m in pos.legal_moves() {
            let (dir, value) = describe(Color::Red, m);
            assert_eq!(
                target(Color::Red, m.role, m.from, dir, value),
                Some(m.to),
                "{m}"
            );
        }
    }

    #[test]
    fn xqwizard_pawn_order() {
        // xqbase's example: Red pawns on f7 f5 d7 d5 are 一 二 三 四 (files 4 then 6, front first).
        let pos: Position = "3k5/9/3P1P3/9/3P1P3/9/9/9/9/5K3 w".parse().unwrap();
        let files = tandem_files(&pos, Color::Red, Role::Pawn);
        let list = tandem_list(&files);
        assert_eq!(
            list.as_slice(),
            &[Square::F7, Square::F5, Square::D7, Square::D5]
        );
        assert_eq!(
            naming(&pos, Color::Red, Role::Pawn, Square::D7),
            Naming::Place { index: 2, count: 4 }
        );
    }

    #[test]
    fn narrows_full_width() {
        let s: String = "Ｃ２＝５".chars().map(narrow).collect();
        assert_eq!(s, "C2=5");
    }
}
