//! One forcing search that answers a question for many pieces at once.
//!
//! [`super::OldAttacks::new_win`] asks, of every enemy piece in turn, whether the mover wins at
//! least so much by force *by taking that piece* (to name the piece a forced line chases: CXA
//! 2011 arts. 24.3, 26.9.1), or *without taking it* (which pieces a line cannot do without).
//! Asked one piece at a time, as null-window searches of [`super::forcing`], each question walks
//! much the same tree again: a CXA figure with nine enemy pieces in reach (参考图9) spent most of
//! its ruling there.
//!
//! Here every node answers all the pieces at once, with one bit per piece: the attacker reaches
//! the threshold for a piece if any of its moves does (an OR over its moves), the defender stops
//! it for a piece if any of its answers does (an AND). Each bit is the same minimax as its own
//! null-window search, with the same moves, the same stand-pat, the same defender's mate (asked
//! only for the pieces where the attacker is ahead) and the same bans on the defender's
//! captures after a gain by check ([`super::Root`]); only the move order's cut-offs are shared.
//! The test below checks every bit against its own search on every position of the CXA cases.

use std::collections::HashMap;

use xiangqi::{Bitboard, Color, Position, Square};

use super::{
    Budget, Cache, FORCED_CHECKS, FORCED_PLIES, ForcingKey, REMEMBERED_PLIES, Root, Step,
    ZobristState, node_filter, step,
};
use crate::material::Ledger;

/// What each bit of [`reaches_each`] asks of its piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Ask {
    /// Does a line win the threshold by taking this piece (the targeted search of
    /// [`super::aiming_reaches`])?
    Taking,
    /// Does a line win the threshold without taking this piece (the same search with the piece
    /// barred)?
    Without,
}

/// The most pieces one search follows: a side has 15 besides its general.
pub(super) const MAX_PIECES: usize = 16;

/// One bit per piece followed, in the order the caller gave them.
pub(super) type Bits = u16;

/// Where each followed piece stands now (`None` once it is taken), and which ones the attacker
/// has taken by a capture that counts ([`Ask::Taking`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Followed {
    squares: [Option<Square>; MAX_PIECES],
    taken: Bits,
}

impl Followed {
    /// The bit of the piece on `sq`, if one is followed there.
    fn bit_at(&self, sq: Square) -> Bits {
        self.squares
            .iter()
            .position(|&s| s == Some(sq))
            .map_or(0, |i| 1 << i)
    }

    /// After a move from `from` to `to`; `taking` if the attacker's capture there counts.
    fn after(mut self, from: Square, to: Square, taking: bool) -> Followed {
        self.taken |= if taking { self.bit_at(to) } else { 0 };
        for s in &mut self.squares {
            if *s == Some(to) {
                *s = None;
            } else if *s == Some(from) {
                *s = Some(to);
            }
        }
        self
    }
}

impl std::hash::Hash for Followed {
    /// Packed into two words, as [`ForcingKey`] is (a point a byte).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mut words = [0u64; 2];
        for (i, s) in self.squares.iter().enumerate() {
            words[i / 8] |= s.map_or(0, |sq| sq as u64 + 1) << (8 * (i % 8));
        }
        state.write_u64(words[0] ^ words[1].rotate_left(7) ^ u64::from(self.taken) << 48);
    }
}

/// A node of [`each`]: the one-line search's node ([`ForcingKey`], no target) and the pieces
/// followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Key {
    node: ForcingKey,
    followed: Followed,
}

/// What the nodes of [`reaches_each`] searches have found: for each node, the bits known and
/// their values (a node asked about fewer pieces knows only those).
pub(super) type Memory = HashMap<Key, (Bits, Bits), ZobristState>;

/// The question and what stays fixed through the search.
struct Question<'a> {
    root: &'a Root,
    ask: Ask,
    threshold: i32,
    attacker: Color,
}

impl Question<'_> {
    /// The pieces for which standing pat with `ledger` reaches the threshold: for a targeted
    /// search nothing counts before the target is taken ([`Root::settle`]).
    fn standing(&self, ledger: Ledger, followed: &Followed, all: Bits) -> Bits {
        if ledger.settle() < self.threshold {
            return 0;
        }
        match self.ask {
            Ask::Taking => followed.taken & all,
            Ask::Without => all,
        }
    }

    /// The pieces for which the attacker is ahead, where the defender may mate instead.
    fn ahead(&self, ledger: Ledger, followed: &Followed, all: Bits) -> Bits {
        if ledger.settle() <= 0 {
            return 0;
        }
        match self.ask {
            Ask::Taking => followed.taken & all,
            Ask::Without => all,
        }
    }
}

/// For each of `pieces` (enemy pieces of the side to move, at most [`MAX_PIECES`]): does the
/// side to move in `pos` win at least `threshold` (at least 1) by force, or mate, with `ask`
/// deciding what the line must do with that piece, and taking nothing on `barred`? Bit `i`
/// answers for `pieces[i]`, exactly as [`super::aiming_reaches`] answers with the piece as
/// its target ([`Ask::Taking`]) or added to the barred points ([`Ask::Without`]).
pub(super) fn reaches_each(
    cache: &mut Cache,
    pos: &Position,
    pieces: &[Square],
    ask: Ask,
    barred: Bitboard,
    not_first: Bitboard,
    threshold: i32,
) -> Bits {
    let pieces = &pieces[..pieces.len().min(MAX_PIECES)];
    if pieces.is_empty() {
        return 0;
    }
    let mut squares = [None; MAX_PIECES];
    for (s, &sq) in squares.iter_mut().zip(pieces) {
        *s = Some(sq);
    }
    let followed = Followed { squares, taken: 0 };
    let salt = match ask {
        Ask::Taking => 0x2545_f491_4f6c_dd1d,
        Ask::Without => 0x9e6c_63d0_676a_9a99,
    };
    let mut root = Root::new(cache, pos, pos.turn(), None, barred);
    root.bar_first(not_first);
    root.hash ^= salt ^ (threshold as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let question = Question {
        root: &root,
        ask,
        threshold,
        attacker: pos.turn(),
    };
    let budget = Budget {
        checks: FORCED_CHECKS,
        plies: FORCED_PLIES,
        checked: false,
        took: false,
        shield: None,
        target: None,
        barred,
        seen: [0; super::SEEN],
        kept: super::Kept::default(),
        frozen: None,
        lost: None,
    };
    let all: Bits = if pieces.len() == MAX_PIECES {
        Bits::MAX
    } else {
        (1 << pieces.len()) - 1
    };
    each(
        cache,
        &question,
        pos,
        pos.is_check(),
        budget,
        Ledger::default(),
        followed,
        all,
    )
}

/// The bits of `want` for which the attacker reaches the threshold from this node, remembered.
#[allow(clippy::too_many_arguments)]
fn each(
    cache: &mut Cache,
    question: &Question<'_>,
    pos: &Position,
    in_check: bool,
    budget: Budget,
    ledger: Ledger,
    followed: Followed,
    want: Bits,
) -> Bits {
    let attacking = pos.turn() == question.attacker;
    // A position the line has passed through before: the line ends there, with what it has
    // won (as in `forcing`).
    if !(in_check && attacking) && budget.repeats(pos.zobrist_hash()) {
        let ended = Budget { plies: 0, ..budget };
        return each_search(cache, question, pos, false, ended, ledger, followed, want);
    }
    // A leaf: the attacker in check is mated, the defender is not (as in `forcing`).
    if budget.plies == 0 {
        if in_check && attacking {
            return 0;
        }
        return each_search(cache, question, pos, false, budget, ledger, followed, want);
    }
    // Deep nodes seldom come again: searched, not remembered (see [`REMEMBERED_PLIES`]).
    if budget.plies < REMEMBERED_PLIES {
        return each_search(
            cache, question, pos, in_check, budget, ledger, followed, want,
        );
    }
    let key = Key {
        node: ForcingKey {
            hash: pos.zobrist_hash(),
            attacker: question.attacker,
            checks: budget.checks,
            plies: budget.plies,
            root: question.root.hash,
            checked: budget.checked,
            took: budget.took,
            shield: budget.shield,
            target: None,
            barred: budget.barred,
            ledger,
            seen: budget.seen,
            kept: budget.kept,
            frozen: budget.frozen,
            lost: budget.lost,
        },
        followed,
    };
    let (known, value) = cache.each.get(&key).copied().unwrap_or((0, 0));
    if want & !known == 0 {
        return value & want;
    }
    let found = each_search(
        cache, question, pos, in_check, budget, ledger, followed, want,
    );
    let entry = cache.each.entry(key).or_insert((0, 0));
    entry.1 = (entry.1 & !want) | (found & want);
    entry.0 |= want;
    found & want
}

/// [`each`] without the memory.
#[allow(clippy::too_many_arguments)]
fn each_search(
    cache: &mut Cache,
    question: &Question<'_>,
    pos: &Position,
    in_check: bool,
    budget: Budget,
    ledger: Ledger,
    followed: Followed,
    want: Bits,
) -> Bits {
    let root = question.root;
    let attacking = pos.turn() == question.attacker;
    let standing = question.standing(ledger, &followed, want);
    // What the node is worth before its moves: standing pat, unless in check (then nothing
    // for the attacker, everything for the defender, until a move says otherwise).
    let mut reached = match (in_check, attacking) {
        (true, true) => 0,
        (true, false) => want,
        (false, _) => standing,
    };
    // Settled already: the attacker has every bit, or the defender has stopped every one.
    let settled = |reached: Bits| {
        if attacking {
            reached == want
        } else {
            reached == 0
        }
    };
    let searched = !settled(reached);
    let may_check = super::may_give_check(attacking, budget);
    let moves = if in_check || searched {
        cache.legal_range(pos, node_filter(in_check, may_check))
    } else {
        0..0
    };
    // No legal move at all: mated or stalemated, a loss either way.
    if moves.is_empty() && (in_check || !cache.has_move_out_of_check(pos, budget)) {
        return if attacking { 0 } else { want };
    }
    // The defender, the attacker ahead, may mate instead: for the bits where the attacker is
    // ahead and the node is not refuted already.
    let ahead = if attacking {
        0
    } else {
        question.ahead(ledger, &followed, want)
    };
    let mates = |cache: &mut Cache, reached: Bits| -> Bits {
        if reached & ahead != 0 && cache.mate_by_checks(pos, super::IMMEDIATE_MATE_CHECKS) {
            reached & !ahead
        } else {
            reached
        }
    };
    if !searched {
        return mates(cache, reached);
    }
    // The likeliest refutations first (see `forcing_search`); ties need no order here.
    let first = moves.start;
    let mut order = arrayvec::ArrayVec::new();
    super::search_order(pos, &cache.arena[moves], &mut order);
    super::first_tried(cache, first, &mut order);
    let mut child = None;
    for &key in &order {
        let at = first + (key & 0xff) as usize;
        let m = cache.arena[at];
        if root.shields(cache, m, (in_check, attacking), budget.shield) {
            continue;
        }
        // The bits this move may still change: for the attacker those not reached yet, less
        // the piece it takes if that piece is barred from its line; for the defender those
        // not stopped yet.
        let need = if attacking {
            let barred_here = match question.ask {
                Ask::Without if m.capture.is_some() => followed.bit_at(m.to),
                _ => 0,
            };
            want & !reached & !barred_here
        } else {
            reached
        };
        if need == 0 {
            continue;
        }
        let Some(Step {
            child,
            gives_check,
            counts,
            budget: next,
            ledger: next_ledger,
        }) = step(
            root,
            pos,
            m,
            (in_check, attacking, may_check),
            budget,
            ledger,
            &mut child,
            || cache.gives_check(pos, at),
        )
        else {
            continue;
        };
        let taking = attacking && m.capture.is_some() && counts && question.ask == Ask::Taking;
        let answer = each(
            cache,
            question,
            child,
            gives_check && budget.plies > 0,
            next,
            next_ledger,
            followed.after(m.from, m.to, taking),
            need,
        );
        let raised = if attacking {
            answer & need != 0
        } else {
            reached & !answer != 0
        };
        if raised {
            cache.note_best(first, (key & 0xff) as usize);
        }
        if attacking {
            reached |= answer & need;
        } else {
            reached &= answer;
        }
        if settled(reached) {
            break;
        }
    }
    mates(cache, reached)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::{
        Aim, FORCED_CHECKS, Line, MATED, WinsBack, aiming_reaches, forced_gain, forced_line_in,
        gains_more_than, rebuttal_beyond, wins_back_beyond,
    };
    use serde_json::Value;
    use xiangqi::MoveFilter;
    use xiangqi::{Role, fen::Fen, iccs::Iccs};

    /// Every position of the CXA and WXF cases, with the side to move and the null move (the
    /// board after a move seen as the mover's threat, as `new_win` asks it).
    fn positions() -> Vec<Position> {
        let mut found = Vec::new();
        for text in [
            include_str!("../../tests/data/rulings/rulings_cxa.json"),
            include_str!("../../tests/data/rulings/rulings.json"),
        ] {
            let cases: Value = serde_json::from_str(text).unwrap();
            let cases = cases
                .as_array()
                .or_else(|| cases["cases"].as_array())
                .unwrap();
            for case in cases {
                let Some(fen) = case["fen"].as_str() else {
                    continue;
                };
                // Diagrams with pieces off their points are not cases the rulings run.
                let Ok(mut pos) = fen.parse::<Fen>().unwrap().into_position() else {
                    continue;
                };
                let moves = case["moves"].as_array().unwrap();
                for m in moves.iter().filter_map(Value::as_str) {
                    let Ok(m) = m.parse::<Iccs>().unwrap().to_move(&pos) else {
                        break;
                    };
                    pos.play_unchecked(m);
                    found.push(pos.clone());
                    if let Some(threat) = pos.swap_turn() {
                        found.push(threat);
                    }
                }
            }
        }
        found
    }

    /// The take-back's quick lookup (`pawn_or_general_guards`) is `guards` less every piece
    /// but pawns and generals, on every point of every case position, for both colours.
    #[test]
    fn pawn_or_general_guards_are_guards_pawns_and_general() {
        use crate::classify::{guards, pawn_or_general_guards};
        for pos in positions() {
            let board = pos.board();
            let kinds = board.by_role(Role::Pawn) | board.by_role(Role::King);
            for v in Square::ALL {
                for color in [xiangqi::Color::Red, xiangqi::Color::Black] {
                    assert_eq!(
                        pawn_or_general_guards(&pos, v, color),
                        guards(&pos, v, color) & kinds,
                        "{pos:?} {v:?} {color:?}"
                    );
                }
            }
        }
    }

    fn enemies(pos: &Position) -> Vec<Square> {
        pos.board()
            .pieces()
            .filter(|&(_, p)| p.color != pos.turn() && p.role != Role::King)
            .map(|(sq, _)| sq)
            .collect()
    }

    /// The one-piece searches, bit by bit.
    fn one_by_one(
        cache: &mut Cache,
        pos: &Position,
        pieces: &[Square],
        ask: Ask,
        barred: Bitboard,
        not_first: Bitboard,
        threshold: i32,
    ) -> Bits {
        let mut bits = 0;
        for (i, &sq) in pieces.iter().enumerate() {
            let aim = match ask {
                Ask::Taking => Aim {
                    target: Some(sq),
                    barred,
                    declines_mate: false,
                    value_only: false,
                    frozen: None,
                    not_first,
                    silent_frozen: false,
                    immune: None,
                },
                Ask::Without => {
                    let mut barred = barred;
                    barred.add(sq);
                    Aim {
                        target: None,
                        barred,
                        declines_mate: false,
                        value_only: false,
                        frozen: None,
                        not_first,
                        silent_frozen: false,
                        immune: None,
                    }
                }
            };
            if aiming_reaches(cache, pos, aim, threshold) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// [`gains_more_than`] (two null windows) answers as the whole line does, around the line's
    /// own gain and at the usual amounts, with a fresh memory and with one that has seen the
    /// whole line, with checks and without, on every position of the shipped cases.
    #[test]
    fn gains_more_than_is_the_whole_line() {
        let mut compared = 0;
        let mut more = 0;
        for pos in positions() {
            for checks in [0, FORCED_CHECKS] {
                let mut seen = Cache::default();
                let gain = forced_gain(&mut seen, &pos, checks).gain;
                let mut amounts = vec![0, 1, 2, 5, 10, gain, gain + 1];
                if gain > 0 {
                    amounts.push(gain - 1);
                }
                for amount in amounts {
                    let fresh = gains_more_than(&mut Cache::default(), &pos, checks, amount);
                    let warm = gains_more_than(&mut seen, &pos, checks, amount);
                    let fen = Fen::from_position(&pos);
                    assert_eq!(fresh, gain > amount, "{amount} ({gain}), {checks}, {fen}");
                    assert_eq!(
                        warm,
                        gain > amount,
                        "{amount} ({gain}), {checks}, {fen} warm"
                    );
                    compared += 1;
                    more += u32::from(fresh);
                }
            }
        }
        assert!(compared > 1_000, "{compared}");
        assert!(more > 50, "{more}");
    }

    /// Every bit equals its own search, for both questions, at the line's own gain and at 1,
    /// with and without a barred piece, and with a piece the first move may not take with one
    /// of its own type ([`Aim`]'s `not_first`), on every position of the shipped cases.
    #[test]
    fn every_bit_is_its_own_search() {
        let mut compared = 0;
        let mut reached = 0;
        for pos in positions() {
            let pieces = enemies(&pos);
            let mut cache = Cache::default();
            let gain = forced_gain(&mut cache, &pos, FORCED_CHECKS).gain;
            let mut thresholds = vec![1];
            if gain > 1 {
                thresholds.push(gain);
            }
            let point =
                |sq: Option<&Square>| sq.map_or(Bitboard::EMPTY, |&sq| Bitboard::from_square(sq));
            let bars = [
                (Bitboard::EMPTY, Bitboard::EMPTY),
                (point(pieces.last()), Bitboard::EMPTY),
                (Bitboard::EMPTY, point(pieces.first())),
            ];
            for threshold in thresholds {
                for (barred, not_first) in bars {
                    for ask in [Ask::Taking, Ask::Without] {
                        let mut fresh = Cache::default();
                        let each = reaches_each(
                            &mut fresh, &pos, &pieces, ask, barred, not_first, threshold,
                        );
                        let mut fresh = Cache::default();
                        let single = one_by_one(
                            &mut fresh, &pos, &pieces, ask, barred, not_first, threshold,
                        );
                        assert_eq!(
                            each,
                            single,
                            "{ask:?} at {threshold}, barred {barred:?}, not first {not_first:?}, in {}",
                            Fen::from_position(&pos)
                        );
                        compared += 1;
                        reached += u32::from(each != 0);
                    }
                }
            }
        }
        // The comparison meant something: many positions, some with pieces won.
        eprintln!("compared {compared} reached {reached}");
        assert!(compared > 1_000, "{compared}");
        assert!(reached > 50, "{reached}");
    }

    /// A search asked for its value only finds the value of the search that names its line,
    /// for either side's king and pawns idle; and a search that names its line afterwards, in
    /// the same memory, names the line a fresh one names (what the value-only search remembers
    /// is only a bound to it: `Bound::Value`).
    #[test]
    fn a_value_only_search_finds_the_lines_value() {
        let whole = (2 * MATED, -2 * MATED);
        let mut compared = 0;
        let mut won = 0;
        for pos in positions() {
            for idle in [pos.turn(), !pos.turn()] {
                let value_only = Aim {
                    value_only: true,
                    ..Aim::default()
                };
                let mut warm = Cache::default();
                let value = forced_line_in(&mut warm, &pos, FORCED_CHECKS, idle, value_only, whole);
                let after =
                    forced_line_in(&mut warm, &pos, FORCED_CHECKS, idle, Aim::default(), whole);
                let named = forced_line_in(
                    &mut Cache::default(),
                    &pos,
                    FORCED_CHECKS,
                    idle,
                    Aim::default(),
                    whole,
                );
                let fen = Fen::from_position(&pos);
                assert_eq!(
                    (value.gain, value.mates),
                    (named.gain, named.mates),
                    "{fen}"
                );
                assert_eq!(after, named, "{fen} after the value");
                compared += 1;
                won += u32::from(named.gain > 0);
            }
        }
        assert!(compared > 1_000, "{compared}");
        assert!(won > 50, "{won}");
    }

    /// `wins_back_beyond` answers as `rebuttal_beyond` does (no, by a mate, by material), for
    /// every capture on every position of the shipped cases, with and without the captured
    /// piece's point as the answer's target, at thresholds around the piece's worth, with and
    /// without the capturer spared from what could be won all along.
    #[test]
    fn wins_back_beyond_is_rebuttal_beyond() {
        let kind = |answer: Option<(Line, i32)>| {
            answer.map(|(line, _)| {
                if line.mates {
                    WinsBack::Mates
                } else {
                    WinsBack::Material
                }
            })
        };
        let mut compared = 0;
        let mut found = 0;
        for pos in positions() {
            let chaser = pos.turn();
            let pos_o = pos.swap_turn();
            for capture in pos.legal_moves_where(MoveFilter::Captures) {
                let mut taken = pos.clone();
                taken.play_unchecked(capture);
                let v = capture.to;
                for target in [None, Some(v)] {
                    let aim = Aim {
                        target,
                        ..Aim::default()
                    };
                    for (threshold, capturer) in [1, 2, 5, 6, 10]
                        .into_iter()
                        .flat_map(|t| [None, Some(capture.from)].map(|c| (t, c)))
                    {
                        let whole = rebuttal_beyond(
                            &mut Cache::default(),
                            &taken,
                            pos_o.as_ref(),
                            chaser,
                            target,
                            threshold,
                            capturer,
                        );
                        let asked = wins_back_beyond(
                            &mut Cache::default(),
                            &taken,
                            pos_o.as_ref(),
                            chaser,
                            aim,
                            threshold,
                            capturer,
                        );
                        let fen = Fen::from_position(&taken);
                        assert_eq!(
                            asked,
                            kind(whole),
                            "{fen} {target:?} {threshold} {capturer:?}"
                        );
                        compared += 1;
                        found += u32::from(asked.is_some());
                    }
                }
            }
        }
        assert!(compared > 1_000, "{compared}");
        assert!(found > 50, "{found}");
    }
}
