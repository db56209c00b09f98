//! One attack judged: the exchange on the target's point and the target's roots — real, false
//! (假根, CXA 2011 art. 24.16), hidden (暗根, art. 24.15) — the tied capturer (被牵子, art.
//! 26.5), the king's and pawns' own captures (arts. 26.1, 26.8), the lone defender (art.
//! 26.3), and the Asian rules' piece-type judgements (AXF rules 15–31).

use super::*;

/// The mover's capture of the piece on `v` by its piece on `a` in `pos_o`, where the opponent
/// is to move (it is in check), played as if it were the mover's turn: the position after it,
/// the opponent to move, if the piece may move so and its general is then safe.
pub(super) fn capture_out_of_turn(pos_o: &Position, a: Square, v: Square) -> Option<Position> {
    let board = pos_o.board();
    let piece = board.piece_at(a)?;
    if !piece_attacks(piece, a, board.occupied()).contains(v) {
        return None;
    }
    let mut setup = pos_o.to_setup();
    setup.board.remove_piece_at(a);
    setup.board.remove_piece_at(v);
    setup.board.set_piece_at(v, piece);
    // The board as the mover's capture leaves it, which a diagram may show (its pieces are
    // checked as the start position was).
    Position::from_diagram(setup).ok()
}

/// Can the piece on `sq` (its side to move in `pos_o`) not leave its square: every move of it
/// is illegal, lets the other side mate by checks within `depth` moves (杀, art. 24.2), or
/// loses material all the same (a forced line, art. 24.3)? Such a piece is held on its line
/// (不能离线, CXA 2011 参考图49), so taking it needs no second chaser. The first search tries
/// first the moves from `lead` (the point the line that attacks the piece starts from: the
/// same piece often wins after the piece has left, [`gains_more_than_led`]).
pub(super) fn held_on_its_square(
    cache: &mut Cache,
    pos_o: &Position,
    sq: Square,
    depth: u32,
    mut lead: Option<Square>,
) -> bool {
    pos_o
        .legal_moves_where(MoveFilter::All)
        .into_iter()
        .filter(|m| m.from == sq)
        .all(|m| {
            let next = after(pos_o, m);
            if cache.mate_by_checks(&next, depth) {
                return true;
            }
            // Leaving costs material all the same: what it takes is less than what is lost.
            let taken = m.capture.map_or(0, |role| value(role, !pos_o.turn(), m.to));
            // The forced line settles the pawn clause itself (art. 26.7, [`Ledger`]).
            gains_more_than_led(cache, &next, FORCED_CHECKS, taken, &mut lead)
        })
}

/// A quick form of [`held_on_its_square`], enough for a rook held by a pin: can the piece on
/// `sq` (its side to move in `pos_o`) not leave its square, every move of it illegal, answered
/// by a mate at once, or losing it on its new point in exchange for less than it takes?
pub(super) fn cannot_leave(cache: &mut Cache, pos_o: &Position, sq: Square) -> bool {
    pos_o
        .legal_moves_where(MoveFilter::All)
        .into_iter()
        .filter(|m| m.from == sq)
        .all(|m| {
            let next = after(pos_o, m);
            let taken = m.capture.map_or(0, |role| value(role, !pos_o.turn(), m.to));
            exchange(&next, m.to, 8) > taken || cache.has_mate_in_one(&next)
        })
}

/// Is the screen between the cannon on `a` and its target on `v` a piece of the cannon's side?
/// (The one piece both points see along their lines, the two being on one line.)
pub(super) fn screened_by_own(pos: &Position, a: Square, v: Square) -> bool {
    let board = pos.board();
    let occupied = board.occupied();
    board.piece_at(a).is_some_and(|cannon| {
        (rook_attacks(a, occupied) & rook_attacks(v, occupied) & board.by_color(cannon.color)).any()
    })
}

/// The enemy horse that holds the piece on `sq` on its leg: were the piece to leave, the horse
/// would attack its general (卧槽马 and the like; AXF rule 19). The piece can then move only to
/// take that horse.
pub(super) fn pinned_by_horse(board: &xiangqi::Board, sq: Square) -> Option<Square> {
    let piece = board.piece_at(sq)?;
    let king = board.king_of(piece.color)?;
    let occupied = board.occupied();
    let horses = board.by_role(Role::Horse) & board.by_color(!piece.color);
    let freed = horse_attackers(king, occupied & !Bitboard::from_square(sq))
        & !horse_attackers(king, occupied)
        & horses;
    freed.single()
}

/// After the capture `a`×`v` (played: `taken`), could the other side have a hidden root or
/// a tied capturer to punish ([`rebuttal`])? Only if it can give check, or the capturer left
/// something it guarded under attack, or its leaving opened a line of the other side's. A
/// cheap test that spares the search where none of these holds. The checks are the ruling's
/// remembered list ([`Cache::legal_range`]): a mate search from `taken` lists them too.
pub(super) fn may_have_root(cache: &mut Cache, taken: &Position, a: Square, v: Square) -> bool {
    let board = taken.board();
    let Some(capturer) = board.piece_at(v) else {
        return false;
    };
    let occupied = board.occupied();
    let with_a = occupied | Bitboard::from_square(a);
    let own = board.by_color(capturer.color);
    let guarded = piece_attacks(capturer, a, with_a) & own & !Bitboard::from_square(v);
    let exposed = guarded
        .into_iter()
        .any(|sq| (taken.attackers_to(sq, !capturer.color, occupied)).any());
    exposed
        || board.pieces().any(|(sq, p)| {
            p.color != capturer.color
                && p.role != Role::King
                && piece_attacks(p, sq, occupied) != piece_attacks(p, sq, with_a)
        })
        || !cache.legal_range(taken, MoveFilter::Checks).is_empty()
}

/// Was the capturer of `a`×`v` (played: `taken`) tied down (被牵子, CXA 2011 art. 26.5): did it
/// guard from `a` a piece of its side that the other side now attacks, or hold a line of the
/// other side's that its leaving opens? Read from the board, not from a search's line, so the
/// answer does not depend on which of several equal lines a search meets first.
pub(super) fn tied_down(taken: &Position, a: Square, v: Square) -> bool {
    let board = taken.board();
    let Some(capturer) = board.piece_at(v) else {
        return false;
    };
    let occupied = board.occupied();
    let with_a = occupied | Bitboard::from_square(a);
    let guarded = piece_attacks(capturer, a, with_a)
        & board.by_color(capturer.color)
        & !Bitboard::from_square(v);
    let exposed = guarded
        .into_iter()
        .any(|sq| taken.attackers_to(sq, !capturer.color, occupied).any());
    exposed
        || board.pieces().any(|(sq, p)| {
            p.color != capturer.color
                && p.role != Role::King
                && piece_attacks(p, sq, occupied) != piece_attacks(p, sq, with_a)
        })
}

/// After a capture (played: `taken`, the capturer on `v`), does the other side attack a piece
/// of the capturer's side other than the capturer and its general? A cheap test before
/// [`tied_weighing`] asks whether the capture gave such a piece up (CXA 2011 art. 26.5).
pub(super) fn exposes_own(taken: &Position, v: Square) -> bool {
    let board = taken.board();
    let Some(capturer) = board.piece_at(v) else {
        return false;
    };
    let occupied = board.occupied();
    board.pieces().any(|(sq, p)| {
        sq != v
            && p.color == capturer.color
            && p.role != Role::King
            && taken.attackers_to(sq, !capturer.color, occupied).any()
    })
}

/// What the side to move in `pos` (its opponent to move on the same board: `other`) wins by
/// taking the piece on `y` with its piece on `z`: the exchange on that point, less what a
/// hidden root of the piece wins back (CXA 2011 art. 24.15, as [`judge()`] weighs a target's
/// hidden root). Nothing if the capture is not legal or loses.
pub(super) fn wins_by_taking(
    cache: &mut Cache,
    pos: &Position,
    other: Option<&Position>,
    z: Square,
    y: Square,
) -> i32 {
    let Some(m) = legal_capture(pos, z, y) else {
        return 0;
    };
    let Some(piece) = pos.board().piece_at(y) else {
        return 0;
    };
    let worth = gain_value(piece.role, piece.color, y);
    let took = after(pos, m);
    let recaptures = took.legal_moves_where(MoveFilter::CapturesOn(y));
    let won = worth - exchange_by(&took, y, 8, &recaptures, None);
    if won <= 0 {
        return 0;
    }
    match rebuttal_beyond(cache, &took, other, pos.turn(), Some(y), worth, None) {
        Some((back, _)) if back.mates => 0,
        Some((back, standing)) => (worth - (back.gain - standing)).clamp(0, won),
        None => won,
    }
}

/// What the capture `taken` (the capturer on `v`; `pos_s` and `pos_o` the board before it, the
/// capturer's side and the other side to move) gives up: the most the other side can win now
/// by taking a piece of the capturer's side, beyond what it could win on that piece before,
/// when that is more than `above`; otherwise some amount no more than `above` (the caller
/// weighs only a loss beyond the target's worth: CXA 2011 art. 26.5, 得不偿失). A piece that
/// could not be won for more than `above` (nothing is won beyond its worth) is not asked about.
pub(super) fn given_up(
    cache: &mut Cache,
    pos_s: &Position,
    pos_o: Option<&Position>,
    taken: &Position,
    v: Square,
    above: i32,
) -> i32 {
    let (Some(pos_o), Some(taken_s)) = (pos_o, taken.swap_turn()) else {
        return 0;
    };
    let board = taken.board();
    let Some(capturer) = board.piece_at(v) else {
        return 0;
    };
    let occupied = board.occupied();
    let mut most = 0;
    for (y, p) in board.pieces() {
        if y == v
            || p.color != capturer.color
            || p.role == Role::King
            || gain_value(p.role, p.color, y) <= most.max(above)
        {
            continue;
        }
        let attackers = taken.attackers_to(y, !capturer.color, occupied);
        let now = attackers
            .into_iter()
            .map(|z| wins_by_taking(cache, taken, Some(&taken_s), z, y))
            .max()
            .unwrap_or(0);
        if now <= most {
            continue;
        }
        let before_occ = pos_o.board().occupied();
        let then = pos_o
            .attackers_to(y, !capturer.color, before_occ)
            .into_iter()
            .map(|z| wins_by_taking(cache, pos_o, Some(pos_s), z, y))
            .max()
            .unwrap_or(0);
        most = most.max(now - then);
    }
    most
}

/// The reason a tied capturer's exchange is weighed to (see [`judge()`], CXA 2011 art. 26.5),
/// for [`Detail::ChaseOnly`]: [`Reason::CaptureLosesToMate`] when the other side's answer to
/// the capture (played: `taken`) mates and it could not mate all along (`pos_o`, the board
/// before it, that side to move); [`Reason::TiedCapturer`] when the answer wins back more
/// than `float` beyond what it could win all along; `None` when the exchange stays a chase.
/// The outcome of `judge`'s two [`rebuttal_beyond`] questions, found by [`wins_back_beyond`].
pub(super) fn tied_weighing(
    cache: &mut Cache,
    taken: &Position,
    pos_o: Option<&Position>,
    chaser: Color,
    float: i32,
    capturer: Option<Square>,
) -> Option<Reason> {
    match wins_back_beyond(
        cache,
        taken,
        pos_o,
        chaser,
        Aim::default(),
        float + 1,
        capturer,
    )? {
        WinsBack::Mates => Some(Reason::CaptureLosesToMate),
        WinsBack::Material => Some(Reason::TiedCapturer),
    }
}

/// How the other side's answer to a capture wins back more than it could all along
/// ([`wins_back_beyond`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WinsBack {
    /// It mates, and could not mate all along.
    Mates,
    /// It wins back material, at least the amount asked beyond what could be won all along.
    Material,
}

/// Does the other side's answer to a capture (played: `taken`; a search with `aim`) win back
/// at least `threshold` (at least 1) more than it could win all along (`pos_o`, the board
/// before the capture, that side to move), or mate where it could not? What
/// [`rebuttal_beyond`] asks, when only the answer's kind is wanted and not the amounts: the
/// answer is valued, and what could be won all along (a search of the whole board, the
/// dearest) is only compared with it by a null window. (Null windows on the answer first, to
/// spare its value where they decide, cost more than they saved on the CXA cases: 56.04 ->
/// 57.56 M instructions.)
pub(super) fn wins_back_beyond(
    cache: &mut Cache,
    taken: &Position,
    pos_o: Option<&Position>,
    chaser: Color,
    aim: Aim,
    threshold: i32,
    capturer: Option<Square>,
) -> Option<WinsBack> {
    let value_only = Aim {
        value_only: true,
        ..aim
    };
    let whole = (2 * MATED, -2 * MATED);
    let answer = forced_line_in(cache, taken, FORCED_CHECKS, chaser, value_only, whole);
    if !answer.mates && answer.gain < threshold {
        return None;
    }
    let Some(pos_o) = pos_o else {
        return Some(if answer.mates {
            WinsBack::Mates
        } else {
            WinsBack::Material
        });
    };
    if answer.mates {
        let mate = -MATED / 2;
        let window = (mate - 1, mate);
        let stood = forced_line_in(cache, pos_o, FORCED_CHECKS, chaser, Aim::default(), window);
        return (!stood.mates).then_some(WinsBack::Mates);
    }
    // At least `threshold` beyond all along: all along wins less than what the answer wins
    // over `threshold`, plus one (and does not mate, which reaching any bound would show).
    let beyond = answer.gain - threshold + 1;
    if !rebuttal_at_least(cache, pos_o, chaser, beyond) {
        return Some(WinsBack::Material);
    }
    // Won all along even so: only the capturer spared from it may lower it ([`standing`]).
    // A line that reaches as much with the capturer spared stands whichever piece the whole
    // line names: a null window says so before the whole line is valued.
    let a = capturer?;
    pos_o.board().piece_at(a)?;
    let spared = Aim {
        barred: Bitboard::from_square(a),
        ..Aim::default()
    };
    let window = (beyond - 1, beyond);
    let line = forced_line_in(cache, pos_o, FORCED_CHECKS, chaser, spared, window);
    if line.mates || line.gain >= beyond {
        return None;
    }
    // The best line all along reaches `beyond` (above), the one sparing the capturer does
    // not: [`standing`] is below `beyond` exactly when it spares the capturer, when a line
    // taking the capturer wins as much as the best line (null windows on the best line).
    capturer_won_at_least(cache, pos_o, chaser, a).then_some(WinsBack::Material)
}

/// Does the piece on `v`, worth `worth`, taken (`taken`) by the other side (`chaser`), have a
/// hidden root ([`judge()`], CXA 2011 arts. 24.15, 26.5): does the answer to the capture win
/// back the capturer by a line taking it, at least `worth` beyond what that side could win all
/// along (`pos_o`, the board before the capture, that side to move), or mate where it could
/// not mate all along? [`Reason::CaptureLosesToMate`] or [`Reason::HiddenRoot`] with what the
/// answer wins back beyond all along, else `None`.
///
/// With [`Detail::ChaseOnly`] the amount is not reported (`worth`: the whole judgement's is at
/// least `worth`, so the gain left is at most nothing either way), and the question is asked
/// by [`wins_back_beyond`].
///
/// What could be won all along does not count the capturer itself (on `a` before the
/// capture): a piece that the other side wins whether it takes or not has won nothing by
/// taking (CXA 2011 art. 24.3, "吃子……得子"; art. 26.1 and 图16: "黑方将6退1避抽后，车可以
/// 吃兵，判捉": while the 抽 on the rook stands, the rook's capture of the pawn is none, and the
/// general's step that removes it makes the capture a new 捉).
#[allow(clippy::too_many_arguments)]
pub(super) fn hidden_root(
    cache: &mut Cache,
    taken: &Position,
    pos_o: Option<&Position>,
    chaser: Color,
    a: Square,
    v: Square,
    worth: i32,
    detail: Detail,
) -> Option<(Reason, i32)> {
    let capturer = Some(a);
    if detail == Detail::Whole {
        let (back, standing) =
            rebuttal_beyond(cache, taken, pos_o, chaser, Some(v), worth, capturer)?;
        return Some(if back.mates {
            (Reason::CaptureLosesToMate, 0)
        } else {
            (Reason::HiddenRoot, back.gain - standing)
        });
    }
    let aim = Aim {
        target: Some(v),
        ..Aim::default()
    };
    match wins_back_beyond(cache, taken, pos_o, chaser, aim, worth, capturer)? {
        WinsBack::Mates => Some((Reason::CaptureLosesToMate, 0)),
        WinsBack::Material => Some((Reason::HiddenRoot, worth)),
    }
}

/// The pieces of `color` that look at the point `v` in `pos`, as a capture there would: a
/// general only from beside it (along an open file it only forbids the generals' facing).
pub(super) fn guards(pos: &Position, v: Square, color: Color) -> Bitboard {
    let board = pos.board();
    pos.attackers_to(v, color, board.occupied()) & !(board.by_role(Role::King) & !king_attacks(v))
}

/// [`guards`]' pawns and general alone, looked up from their own reach (which does not depend
/// on the board's occupancy): a forcing search asks it at every capture of the chasing side's
/// piece, for the take-back of art. 26.8 ([`Ledger::takes_back_on`]).
pub(super) fn pawn_or_general_guards(pos: &Position, v: Square, color: Color) -> Bitboard {
    let board = pos.board();
    (pawn_attackers(color, v) & board.by_role(Role::Pawn)
        | king_attacks(v) & board.by_role(Role::King))
        & board.by_color(color)
}

/// What the piece on `a` alone wins by taking the piece on `v` in `after` (its side has just
/// moved, the other side to move): the exchange's gain on `v`, `None` if it has no legal
/// capture there. CXA 2011 art. 24.17 asks it of a cannon's own screen (see
/// `repetition::over_own_screen`).
pub(crate) fn gain_alone(
    cache: &mut Cache,
    after: &Position,
    a: Square,
    v: Square,
    book: Book,
) -> Option<i32> {
    judge(cache, None, Some(after), a, v, book, Detail::Whole).map(|at| at.gain)
}

/// How much of an attack [`judge()`] must tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Detail {
    /// The whole attack, its gain and protection as a ruling reports them.
    Whole,
    /// Only whether it chases ([`Attack::is_chase`]): an attack that stood before the move,
    /// asked by [`OldAttacks::is_new`], whose gain and protection no ruling reports.
    ChaseOnly,
}

/// Judges the attack of the mover's piece on `a` against the enemy piece on `v`, in `pos_s`
/// (the mover to move) and `pos_o` (the opponent to move, the same board). `None` when there
/// is no legal capture, i.e. no attack. With [`Detail::ChaseOnly`] only the reason's
/// [`Reason::is_chase`] is sure to be the whole judgement's.
pub(super) fn judge(
    cache: &mut Cache,
    pos_s: Option<&Position>,
    pos_o: Option<&Position>,
    a: Square,
    v: Square,
    book: Book,
    detail: Detail,
) -> Option<Attack> {
    let pre = pos_s.or(pos_o)?;
    let board = pre.board();
    let attacker = board.piece_at(a)?;
    let victim = board.piece_at(v)?;
    if victim.role == Role::King {
        return None;
    }
    let taken = match (pos_s, pos_o) {
        (Some(pos_s), _) => after(pos_s, legal_capture(pos_s, a, v)?),
        // The mover has just given check: it cannot be to move again, but the capture it
        // threatens is played on the board all the same (legal if its own general stays safe).
        (None, Some(pos_o)) => capture_out_of_turn(pos_o, a, v)?,
        (None, None) => return None,
    };
    let recapture_moves = taken.legal_moves_where(MoveFilter::CapturesOn(v));
    let recaptures = recapture_moves.len();
    // A piece that looks at the point but cannot take back is a false root; so is one that
    // looked at it before the capture and no longer can: a cannon whose screen was the
    // capturer (CXA 2011 art. 24.16, 假根; AXF rule 34).
    let looks = |pos: &Position| guards(pos, v, victim.color).any();
    // CXA 2011 art. 26.8: "其他子完成互吃等值交换过程后原来不能吃子的兵卒或将帅能吃子，按'闲'
    // 处理" — the chasing side's pawns and general do not take part in the exchange that
    // decides a chase; an exchange that wins without them is a chase all the same.
    let idle = (book == Book::Cxa2011).then_some(attacker.color);
    let mut gain =
        value(victim.role, victim.color, v) - exchange_by(&taken, v, 8, &recapture_moves, idle);
    // Art. 26.8, second sentence: "如前述交换过程为不等值，则兵卒或将帅的吃子按捉处理". Without
    // its pawns and general the exchange loses for the chasing side (not even: unequal); if
    // their capture at its end makes it win, they count, and the attack is a chase. The
    // exchange is weighed on the point alone (the 暗根 weighing below would read the other
    // side's plain recapture as a root, not seeing the general or pawn take back in turn).
    let mut after_unequal = false;
    // Only a pawn or the general next to the point can change the exchange.
    let idle_takers = || {
        let board = taken.board();
        (guards(&taken, v, attacker.color)
            & (board.by_role(Role::Pawn) | board.by_role(Role::King)))
        .any()
    };
    if idle.is_some()
        && gain < 0
        && recaptures > 0
        && !matches!(attacker.role, Role::King | Role::Pawn)
        && idle_takers()
    {
        let whole =
            value(victim.role, victim.color, v) - exchange_by(&taken, v, 8, &recapture_moves, None);
        if whole > 0 {
            gain = whole;
            after_unequal = true;
        }
    }
    let mut protection = if recaptures > 0 {
        if gain > 0
            && value(victim.role, victim.color, v) <= value(attacker.role, attacker.color, a)
        {
            Protection::UnderRooted
        } else {
            Protection::Rooted
        }
    } else if looks(&taken) || looks(pre) {
        Protection::FalseRoot
    } else {
        Protection::Unrooted
    };
    // CXA 2011 arts. 24.15, 26.5: an exchange that wins on the target's point is weighed whole:
    // what the other side wins back by force after the capture, by checks, a discovered attack,
    // the piece the capturer guarded or the line it held (暗根, 被牵子捉子).
    let mut weighed = None;
    // Only an exchange that wins is weighed, and only where the other side may answer it:
    // the cheap tests are asked of those alone.
    let weighs = book == Book::Cxa2011
        && !after_unequal
        && gain > 0
        && !worthless_target(victim.role, victim.color, v)
        && !matches!(attacker.role, Role::King | Role::Pawn);
    let maybe_root = weighs && may_have_root(cache, &taken, a, v);
    if weighs && (maybe_root || exposes_own(&taken, v)) {
        let worth = gain_value(victim.role, victim.color, v);
        let chaser = attacker.color;
        // What the other side could win all along is weighed without the capturer itself
        // (see [`hidden_root`]; 图16).
        let capturer = Some(a);
        if maybe_root && tied_down(&taken, a, v) {
            // Art. 26.5: a tied capturer's exchange is weighed whole, what its leaving gave up
            // included, with the crossed pawn at the top of its float (art. 26.7: "过河兵、卒
            // 浮动价值低于车", a horse's or cannon's worth), and an even result is a chase
            // ("交换后价值相当或得子者，按捉处理"; 图22: the rook that guards the horse takes
            // the crossed pawn and gives up the horse, 捉). Idle only if it loses: the other
            // side wins back more.
            let float = if victim.role == Role::Pawn {
                value(Role::Horse, victim.color, v)
            } else {
                worth
            };
            if detail == Detail::ChaseOnly {
                match tied_weighing(cache, &taken, pos_o, chaser, float, capturer) {
                    Some(Reason::TiedCapturer) => {
                        // The whole judgement's gain is at most nothing here.
                        gain = 0;
                        protection = Protection::HiddenRoot;
                        weighed = Some(Reason::TiedCapturer);
                    }
                    other => weighed = other,
                }
            } else if let Some((back, standing)) =
                rebuttal_beyond(cache, &taken, pos_o, chaser, None, worth, capturer)
            {
                if back.mates {
                    weighed = Some(Reason::CaptureLosesToMate);
                } else if rebuttal_beyond(cache, &taken, pos_o, chaser, None, float + 1, capturer)
                    .is_some()
                {
                    gain = worth - (back.gain - standing);
                    protection = Protection::HiddenRoot;
                    weighed = Some(Reason::TiedCapturer);
                } else {
                    // Even or better by the book's weighing: a chase, winning something.
                    gain = 1;
                }
            }
        } else if let Some((reason, back)) = maybe_root
            .then(|| hidden_root(cache, &taken, pos_o, chaser, a, v, worth, detail))
            .flatten()
        {
            // A hidden root wins back the capturer itself (or mates): a threat of the other
            // side's elsewhere, which the capture did not make, is none.
            if reason == Reason::HiddenRoot {
                gain = worth - back;
                protection = Protection::HiddenRoot;
            }
            weighed = Some(reason);
        } else if let Some(pos_s) = pos_s
            && exposes_own(&taken, v)
        {
            // CXA 2011 arts. 24.15, 26.5: the capturer may be a root of another piece of its
            // side by a hidden root (暗根: "有己方其他棋子（包括暗根）充分保护"), a check or a
            // fork it would answer that piece's capture with, which no look at the board's
            // lines shows ([`tied_down`]). What the other side can win now on a piece of the
            // capturer's side, and could not before the capture, is what the leaving gave up;
            // the exchange is weighed whole with it, as a tied capturer's.
            let float = if victim.role == Role::Pawn {
                value(Role::Horse, victim.color, v)
            } else {
                worth
            };
            let given = given_up(cache, pos_s, pos_o, &taken, v, float);
            if given > float {
                gain = worth - given;
                protection = Protection::HiddenRoot;
                weighed = Some(Reason::TiedCapturer);
            }
        }
    }
    let reason = if worthless_target(victim.role, victim.color, v) {
        Reason::UncrossedPawn
    } else if matches!(attacker.role, Role::King | Role::Pawn) {
        Reason::KingOrPawn
    } else {
        match book {
            Book::Wxf2018 => {
                if pinned_by_horse(board, a).is_some_and(|h| h == v) {
                    // AXF rule 19 (D39–41): a piece held on a horse's leg cannot move but to
                    // take that horse; that chase is marked (see `Reason::Immobile`).
                    if protection.is_unrooted() {
                        Reason::Immobile
                    } else {
                        Reason::Protected
                    }
                } else if victim.role == Role::Rook && pinned_by_horse(board, v).is_some() {
                    // AXF rule 19: a rook held by a 卧槽马 may not be attacked perpetually,
                    // protected or not.
                    Reason::ImmobileRook
                } else if matches!(attacker.role, Role::Horse | Role::Cannon)
                    && victim.role == Role::Rook
                {
                    Reason::RookByMinor
                } else if matches!(attacker.role, Role::Advisor | Role::Elephant)
                    && matches!(victim.role, Role::Rook | Role::Horse | Role::Cannon)
                {
                    Reason::StrongByWeak
                } else if attacker.role == victim.role {
                    let can_take_back = pos_o.and_then(|p| legal_capture(p, v, a)).is_some();
                    if can_take_back {
                        Reason::SameType
                    } else if protection.is_unrooted() {
                        Reason::SameTypeNoRecapture
                    } else {
                        Reason::Protected
                    }
                } else if protection.is_unrooted() {
                    Reason::NoRoot
                } else {
                    Reason::Protected
                }
            }
            Book::Cxa2011 => {
                // The opponent accepts the exchange by taking first: does that cost it?
                let accepts_safely = attacker.role == victim.role
                    && pos_o.is_some_and(|p| accepts_offer(cache, p, v, a));
                // CXA 2011 art. 26.11.2: a rook touches a rooted horse (cannon) that a horse
                // (cannon) of its side offers to exchange; if the offered side can accept
                // without loss, the rook's move is 兑 too, not a chase of the under-rooted
                // piece.
                let rook_beside_offer = attacker.role == Role::Rook
                    && matches!(victim.role, Role::Horse | Role::Cannon)
                    && !protection.is_unrooted()
                    && pos_o.is_some_and(|p| {
                        (board.by_role(victim.role) & board.by_color(attacker.color))
                            .into_iter()
                            .any(|o| {
                                piece_attacks(
                                    Piece {
                                        color: attacker.color,
                                        role: victim.role,
                                    },
                                    o,
                                    board.occupied(),
                                )
                                .contains(v)
                                    && accepts_offer(cache, p, v, o)
                            })
                    });
                if matches!(victim.role, Role::Advisor | Role::Elephant)
                    && lone_defender(board, attacker.color)
                {
                    Reason::LoneDefender
                } else if attacker.role == victim.role
                    && matches!(victim.role, Role::Horse | Role::Cannon)
                    && protection.is_unrooted()
                    && rook_touches(board, attacker.color, v)
                {
                    Reason::RookContact
                } else if accepts_safely || rook_beside_offer {
                    // CXA 2011 arts. 24.4, 26.10: a same-type piece that can take back without
                    // losing material or being mated is offered an exchange (兑), not chased.
                    Reason::SameType
                } else if gain <= 0
                    && attacker.role == victim.role
                    && pos_o.is_some_and(|p| legal_capture(p, v, a).is_some())
                {
                    // CXA 2011 art. 26.10: it may take, but would be mated or lose material at
                    // once: "被邀兑方兑子后立即被杀或子力价值受损邀兑方按捉处理".
                    Reason::UnsafeOffer
                } else if let Some(reason) = weighed {
                    reason
                } else if gain <= 0 {
                    Reason::NoGain
                } else if cache.has_mate_in_one(&taken) {
                    Reason::CaptureLosesToMate
                } else if after_unequal {
                    Reason::AfterUnequalExchange
                } else if protection.is_unrooted() {
                    Reason::NoRoot
                } else {
                    Reason::MaterialGain
                }
            }
        }
    };
    Some(Attack {
        attacker: a,
        attacker_role: attacker.role,
        victim: v,
        victim_role: victim.role,
        protection,
        gain,
        reason,
    })
}

/// CXA 2011 arts. 26.1, 26.7, 26.8: does the pawn that has just moved, judged by [`judge()`] as
/// attacking on its own ([`Reason::KingOrPawn`]), chase its victim together with other pieces
/// of its side? The victim has a root (a legal recapture: `judge` calls it rooted), but the
/// recapture would lose to those pieces, so the exchange leaves the whole victim won (`judge`
/// found the exchange worth nothing to the other side; the pawn's own side's pawns and general
/// take no part, art. 26.8). Not if the capture lets the other side mate at once (art. 24.3:
/// "上述得子后不致立即……被对方将死"). A pawn that stands still while another piece's move
/// makes its capture pay is not asked: it takes no part in that piece's exchange (art. 26.8:
/// "其他子完成互吃等值交换过程后……兵卒……能吃子，按闲处理").
pub(super) fn pawn_with_others(cache: &mut Cache, threat: &Position, attack: &Attack) -> bool {
    attack.reason == Reason::KingOrPawn
        && attack.attacker_role == Role::Pawn
        && matches!(
            attack.protection,
            Protection::Rooted | Protection::UnderRooted
        )
        && attack.gain == value(attack.victim_role, !threat.turn(), attack.victim)
        && !legal_capture(threat, attack.attacker, attack.victim)
            .is_some_and(|take| cache.has_mate_in_one(&after(threat, take)))
}

/// Attacking pieces (进攻子) of `color`: rooks, horses, cannons and crossed pawns.
pub(super) fn attacking_pieces(board: &xiangqi::Board, color: Color) -> usize {
    board
        .pieces()
        .filter(|&(sq, p)| {
            p.color == color
                && (matches!(p.role, Role::Rook | Role::Horse | Role::Cannon)
                    || (p.role == Role::Pawn && crossed(color, sq)))
        })
        .count()
}

/// Is `color` the defending side of CXA 2011 art. 26.3 (守和方只有一个进攻子): it has one
/// attacking piece left and its opponent has more?
pub(super) fn lone_defender(board: &xiangqi::Board, color: Color) -> bool {
    attacking_pieces(board, color) == 1 && attacking_pieces(board, !color) > 1
}
