//! Exchange offers (兑, CXA 2011 arts. 24.4, 26.10, 26.11): whether the offered side may take
//! first without being mated or losing material, and an offer whose mate threat is the
//! exchange itself.

use super::*;

/// In `pos_o` (the offered side to move), can the piece on `v` take the piece of its own type
/// on `o` without losing material or being mated at once? CXA 2011 arts. 24.4, 26.10: then
/// the offer is 兑. The loss is counted anywhere, not only on `o`: the captures the offering
/// side then has, with their exchanges (a line the taker's departure opens counts: 五羊杯
/// 00000011, 炮8平6 offers the cannon on b5, whose taking would let the rook on b6 down the
/// b-file onto the rook on b1); and a check or series of checks that wins material (art. 24.3,
/// "从下一着开始运用将军或连续将军得子": the taker leaving a horse's leg lets it fork the general
/// and a rook), beyond what the offering side could win by force without the taking (图5's
/// comparison: a check standing on the board all along is not the taking's doing).
pub(super) fn accepts_offer(cache: &mut Cache, pos_o: &Position, v: Square, o: Square) -> bool {
    let Some(offered) = pos_o.board().piece_at(o) else {
        return false;
    };
    let worth = value(offered.role, offered.color, o);
    legal_capture(pos_o, v, o).is_some_and(|back| {
        let taken = after(pos_o, back);
        if gains_more_than(cache, &taken, 0, worth) || cache.has_mate_in_one(&taken) {
            return false;
        }
        // Most takings lose nothing to checks either: asked first, before what could be won
        // anyway (a line that wins no more than `worth` wins no more than that and more).
        if !gains_more_than(cache, &taken, FORCED_CHECKS, worth) {
            return true;
        }
        // What the offering side wins anyway, the exchange itself left out (its taking the
        // offered side's piece is the other half of the offer).
        let spared = Aim {
            barred: Bitboard::from_square(v),
            ..Aim::default()
        };
        let anyway = pos_o
            .swap_turn()
            .map_or(0, |threat| forced_gain_aiming(cache, &threat, spared).gain);
        !gains_more_than(cache, &taken, FORCED_CHECKS, worth + anyway)
    })
}

/// CXA 2011 art. 26.10: a same-type offer whose mate threat is only the offering piece taking
/// the offered one where it stands is 兑, not 杀, when the offered side may take first without
/// losing material or then being under a mate threat ("被邀兑方兑子后立即被杀或子力价值受损
/// 邀兑方按捉处理，反之则按兑处理"): taking first parries the threat (fig. 29, 车一平二). When
/// taking first is not safe, the move stays 杀 (fig. 29, 车五平二 against the rook that cannot
/// leave its line). A mate that needs no capture on the offered piece's point is a mating net
/// the offering piece takes part in, 杀 ("如邀兑之子参与做杀(与其他子配合连续将军)则按杀处理",
/// fig. 20), or a mate beside the offer, 兑兼杀, 杀 (art. 26.5).
///
/// `threat` is the board after the move with the mover to move again, `pos_o` the same board
/// with the offered side to move; `depth` is the mate search's depth.
pub(super) fn offer_parries_mate(
    cache: &mut Cache,
    threat: &Position,
    pos_o: &Position,
    attacks: &[Attack],
    depth: u32,
) -> bool {
    attacks
        .iter()
        .filter(|at| at.reason == Reason::SameType)
        .any(|at| {
            let Some(offered) = pos_o.board().piece_at(at.attacker) else {
                return false;
            };
            let Some(back) = legal_capture(pos_o, at.victim, at.attacker) else {
                return false;
            };
            // Material lost after taking first: the mover's recapture and any forced line
            // that follows (checks and captures, art. 24.3).
            let taken = after(pos_o, back);
            !cache.mate_by_checks(&taken, depth)
                && !gains_more_than(
                    cache,
                    &taken,
                    FORCED_CHECKS,
                    value(offered.role, offered.color, at.attacker),
                )
                && threat.board().piece_at(at.victim).is_some_and(|victim| {
                    !mate_by_checks_avoiding(cache, threat, depth, at.victim, victim)
                })
        })
}

/// Can the side to move mate by checks within `depth` moves without taking the piece `offered`
/// on its point `v`? Once it has left that point the search is the ordinary one, remembered in
/// the [`Cache`]; until then it is not (its answers hold for unrestricted searches only).
pub(super) fn mate_by_checks_avoiding(
    cache: &mut Cache,
    pos: &Position,
    depth: u32,
    v: Square,
    offered: Piece,
) -> bool {
    if depth == 0 {
        return false;
    }
    if pos.board().piece_at(v) != Some(offered) {
        return cache.mate_by_checks(pos, depth);
    }
    pos.legal_moves_where(MoveFilter::Checks)
        .into_iter()
        .filter(|m| m.to != v)
        .any(|m| {
            let p = after(pos, m);
            let mut replies = p.legal_moves();
            replies.sort_by_key(|r| (r.role != Role::King, r.capture.is_none()));
            replies.is_empty()
                || (depth > 1
                    && replies.iter().all(|&r| {
                        mate_by_checks_avoiding(cache, &after(&p, r), depth - 1, v, offered)
                    }))
        })
}

/// Does a rook of `color` attack the point `v`? CXA 2011 art. 26.11 (车……产生接触).
pub(super) fn rook_touches(board: &xiangqi::Board, color: Color, v: Square) -> bool {
    let occupied = board.occupied();
    (board.by_role(Role::Rook) & board.by_color(color))
        .into_iter()
        .any(|sq| rook_attacks(sq, occupied).contains(v))
}
