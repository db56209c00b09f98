//! Mate threats (杀, CXA 2011 art. 24.2) as the book counts them: only a new one (arts. 26.2,
//! 26.4), not one the checker's own check left open (自毙, art. 24.18), searched deeper behind
//! every move found none of 将 杀 捉 (`deepen`).

use super::*;

/// Could the mover mate by checks already before its move (`before`, the mover to move),
/// within `depth`? Then a mate threat after the move is not the move's doing, and the move is
/// no 杀. CXA 2011 art. 24.2 calls 杀 a move that aims (企图) to mate by a check or checks
/// next move; arts. 26.2 ("走动其他棋子应将后产生新的'捉'或'杀'，判'捉'或'杀'") and 26.4
/// ("若另一方应将着法产生新的杀法仍应按'杀'处理") count only a *new* mate, and art. 24.18
/// (自毙) rules a non-king answer to check that leaves a standing mate threat none of 将 杀 捉:
/// newness is read into 杀 as 图5 reads it into 捉 (a capture that stood before the move and
/// stands after it, unchanged, is 闲). The position before a move answering check cannot tell
/// (the answerer, in check, threatens nothing): under CXA 2011 the threat after such a move
/// (leading to `after`) is the checker's own doing when [`self_inflicted`] says so, and the
/// answer's otherwise (`previous` is the check and the position it was given in).
pub(super) fn mate_stood_before(
    cache: &mut Cache,
    before: &Position,
    after: &Position,
    previous: Option<(&Position, Move)>,
    book: Book,
    depth: u32,
) -> bool {
    if !before.is_check() {
        return cache.mate_by_checks(before, depth);
    }
    book == Book::Cxa2011
        && (self_inflicted(cache, before, after, previous, depth)
            || mates_stood_before_the_check(cache, after, previous, depth))
}

/// CXA 2011 art. 26.2 ("走动其他棋子应将后产生新的'捉'或'杀'，判'捉'或'杀'"): a piece that
/// answers check threatens mate (杀) only with a *new* mate. Did every mate the answering side
/// threatens after its answer (leading to `after`) stand already before the check (`previous`:
/// the check and the position it was given in, the answering side to move there in thought)?
/// A mate is named by its first check (the piece's point and where it goes): 图19's answer
/// 炮2平4 adds 马退6, a check that did not mate before, and stays 杀.
pub(super) fn mates_stood_before_the_check(
    cache: &mut Cache,
    after: &Position,
    previous: Option<(&Position, Move)>,
    depth: u32,
) -> bool {
    let Some((earlier, _)) = previous else {
        return false;
    };
    let (Some(standing), Some(threat)) = (earlier.swap_turn(), after.swap_turn()) else {
        return false;
    };
    if !cache.mate_by_checks(&standing, depth) {
        return false;
    }
    same_mates(cache, &threat, &standing, depth)
}

/// Does the side to move in `now` mate by checks (within `depth`), and only by checks that
/// mate in `then` too? A mate is named by its first check: the piece's point and where it goes.
fn same_mates(cache: &mut Cache, now: &Position, then: &Position, depth: u32) -> bool {
    let mates = mating_checks(cache, now, depth);
    let old = mating_checks(cache, then, depth);
    !mates.is_empty()
        && mates
            .iter()
            .all(|m| old.iter().any(|o| (o.from, o.to) == (m.from, m.to)))
}

/// The checks of the side to move that mate within `depth` of its moves
/// ([`Cache::mate_by_checks`]).
pub(super) fn mating_checks(cache: &mut Cache, pos: &Position, depth: u32) -> Vec<Move> {
    pos.legal_moves_where(MoveFilter::Checks)
        .into_iter()
        .filter(|&m| {
            let p = after(pos, m);
            let replies = p.legal_moves();
            replies.is_empty()
                || (depth > 1
                    && replies
                        .iter()
                        .all(|&r| cache.mate_by_checks(&after(&p, r), depth - 1)))
        })
        .collect()
}

/// CXA 2011 arts. 24.18, 26.4 (自毙): "甲方将军乙方，以致形成己方的被杀状态，如乙方用除帅（将）
/// 以外其他子应将的着法不属将、杀或捉，则甲方将军这着棋称为自毙"; "一方形成自毙应由己方负责，不得
/// 视为另一方造成；若另一方应将着法产生新的杀法仍应按杀处理". The side answering check with a move
/// played in `before` and leading to `after` could mate by checks after it: is that mate
/// the checker's own doing, formed by its check (`previous`: the check and the position it was
/// given in)? It is when
/// - the answering side could not mate before the check (the check formed the state: "以致形成");
/// - with the check taken back (its piece back on the point it left, what it took put back) and
///   the answer kept, the answering side could not mate either: the answer alone makes no mate;
/// - with the answer taken back and the checking piece off the board (the check gone), it
///   could, and by the same mates (every mating check after the answer mates there too, a mate
///   named by its first check): the checker's leaving its post (a guard of a line or a point)
///   makes the mate, and the answer adds nothing to it. A mate the answer brings, its own
///   piece in a new role, is a new 杀法 (参考图42: 仕六进五 answers the cannon's check, and
///   仕五进四 then screens the cannon for a mate; with the checking cannon gone and the advisor
///   back only the rook's mate is there; tests/audit_cases_36.rs).
///
/// A mate the answer makes or helps make is a new 杀法 (杀): 参考图48 (士5退6 answers the check
/// and unblocks a mate: the third test fails). In 图19 (炮2平4应将后增加了黑马退6的杀着) the
/// answering side threatened mate before the check already (its 炮4平2 is 杀): no state the
/// check formed, and the answer stays 杀. With no check to take back, the mate is the
/// answer's, as before the rule was read. The checking piece is taken off the board
/// rather than judged where it stands (the answerer, in check there, threatens nothing): an
/// answer whose only part in the mate is to shut that piece's way back would be missed; the
/// books give no such case.
pub(super) fn self_inflicted(
    cache: &mut Cache,
    before: &Position,
    after: &Position,
    previous: Option<(&Position, Move)>,
    depth: u32,
) -> bool {
    let Some((earlier, check)) = previous else {
        return false;
    };
    let Some(checker) = earlier.board().piece_at(check.from) else {
        return false;
    };
    let answerer = before.turn();
    // Formed by the check: no mate before it.
    if earlier
        .swap_turn()
        .is_none_or(|e| cache.mate_by_checks(&e, depth))
    {
        return false;
    }
    // The check taken back, the answer kept.
    let mut setup = after.to_setup();
    if setup.board.piece_at(check.from).is_some() {
        return false;
    }
    if setup.board.piece_at(check.to) == Some(checker) {
        setup.board.remove_piece_at(check.to);
        if let Some(taken) = earlier.board().piece_at(check.to) {
            setup.board.set_piece_at(check.to, taken);
        }
    }
    setup.board.set_piece_at(check.from, checker);
    setup.turn = answerer;
    match Position::from_diagram(setup) {
        Ok(undone) if !cache.mate_by_checks(&undone, depth) => {}
        _ => return false,
    }
    // The answer taken back (the position it was played in), the checking piece off the board.
    let mut setup = before.to_setup();
    if setup.board.piece_at(check.to) != Some(checker) {
        return false;
    }
    setup.board.remove_piece_at(check.to);
    setup.turn = answerer;
    let Ok(left) = Position::from_diagram(setup) else {
        return false;
    };
    if !cache.mate_by_checks(&left, depth) {
        return false;
    }
    // And by the same mates: one the answer brings is a new 杀法 (see the doc above).
    after
        .swap_turn()
        .is_some_and(|threat| same_mates(cache, &threat, &left, depth))
}

/// How many checks deeper than [`crate::RuleSet::mate_threat_depth`] [`deepen`] looks. CXA
/// 2011 art. 24.2 sets no bound ("下一着将军或连续将军以将死对方"); two more than the three of
/// the first search reach a threat of five checks (`audit_cases_23::a_mate_threat_of_five_checks_counts`:
/// 兵d8+ 将×d8 车d4+ 马d5 车×d5+ 炮d6 车×d6+ 马d7 车×d7#). Measured on the CXA figures, the AXF
/// diagrams and the corpus, under both books: 1, 2 and 3 give the same rulings there, for
/// 58.46, 58.65 and 58.86 M instructions on the CXA figures.
pub(super) const DEEPER_CHECKS: u32 = 2;

/// Looks once more for a mate threat behind a move [`analyse_with`] found none of 将 杀 捉,
/// with more checks ([`DEEPER_CHECKS`]). CXA 2011 art. 24.2 bounds no series of checks
/// ("下一着将军或连续将军以将死对方"), and the book's figures need four: fig. 20 (马八进九
/// offers the rook and brings the horse into a mating net, 杀 by art. 26.10) and fig. 29 (the
/// rook that cannot leave its line moves along it, 杀). Such a move becomes 杀, unless the
/// threat is an offered exchange the other side may take first (art. 26.10, see
/// [`offer_parries_mate`]). A king move answering check stays idle (art. 26.2); another
/// piece's answer is no 杀 for a mate the check left open itself (自毙, arts. 24.18, 26.4:
/// [`self_inflicted`], which asks `previous`, the check and the position it was given in).
///
/// Kept apart from [`analyse_with`] because it is the dearest search of a ruling: a ruling
/// asks it once of each move of its span that is none of 将 杀 捉 (see `judge_span`), whatever
/// the side's other moves are, so that a move's nature does not depend on where the cycle is
/// entered (measured with callgrind as `examples/rule_cases.rs` says: +0.5% instructions on the
/// CXA figures, +0.7% on the AXF diagrams). Under
/// WXF 2018 mate threats are allowed play (AXF rule 9) and the move is left as it is.
pub(crate) fn deepen(
    cache: &mut Cache,
    before: &Position,
    m: Move,
    previous: Option<(&Position, Move)>,
    analysis: &mut MoveAnalysis,
    book: Book,
    mate_depth: u32,
) {
    if book != Book::Cxa2011
        || analysis.nature.is_attacking()
        || (analysis.evasion && m.role == Role::King)
    {
        return;
    }
    let pos_after = after(before, m);
    let Some(threat) = pos_after.swap_turn() else {
        return;
    };
    let depth = mate_depth + DEEPER_CHECKS;
    if cache.mate_by_checks(&threat, depth)
        && !mate_stood_before(cache, before, &pos_after, previous, book, depth)
        && !offer_parries_mate(cache, &threat, &pos_after, &analysis.attacks, depth)
    {
        analysis.mate_threat = true;
        analysis.nature = nature_of(analysis);
    }
}
