//! Whether the move created what it threatens (CXA 2011 arts. 24.3, 24.8; 图5: a capture that
//! stood before the move and stands after it, unchanged, is 闲): the mover's attacks before its
//! move (`OldAttacks`), the chase a forced line makes and the piece it is named by (art.
//! 26.9.1), and what art. 26.4 sets aside (a piece laid open by its own side's move).

use super::*;

/// What [`OldAttacks::new_win`] asked of every piece: the line after the move, whether it
/// wins more than before, the points it may not take on, and which pieces one search found
/// winnable ([`each::reaches_each`]). Kept for the pieces whose own line is searched only when
/// needed ([`Won::Pending`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Asked {
    pub(super) line: Line,
    pub(super) more: bool,
    pub(super) barred: Bitboard,
    /// [`Aim`]'s `not_first` for the searches from the board after the move.
    pub(super) not_first: Bitboard,
    pub(super) winnable: each::Bits,
}

/// A piece [`OldAttacks::new_win`] names.
#[derive(Debug, Clone, Copy)]
pub(super) enum Won {
    /// Won by this line.
    Line(Line),
    /// Alike the first piece named (the same worth and role) and found winnable, its own line
    /// not searched yet ([`OldAttacks::win_piece`] with `index`, its place among the pieces
    /// asked): the caller needs it only if no piece before it makes a chase, and a line that
    /// wins nothing after all names nothing, as if left out.
    Pending { index: usize, square: Square },
}

/// The mover's attacks before its move, judged only when asked (the mover to move there, in
/// `before`; `before_o` the same board with the opponent to move): whether an attack existed
/// is cheap to know, whether it was a chase is dear and needed only for an attack that is a
/// chase now.
pub(super) struct OldAttacks<'a> {
    pub(super) before: &'a Position,
    pub(super) before_o: Option<&'a Position>,
    /// The board after the move, the opponent to move.
    pub(super) after: &'a Position,
    pub(super) pairs: Vec<(Square, Square)>,
    /// Where what the mover could win by force before its move is measured
    /// ([`Self::could_win`], [`Self::win_piece`]): `before`, unless the move answers a check
    /// (CXA 2011 art. 26.2), when it is the board before the check, the mover to move there in
    /// thought — in check, every answer would count as the first move of a line.
    pub(super) won_before: Option<&'a Position>,
}

impl<'a> OldAttacks<'a> {
    pub(super) fn new(
        before: &'a Position,
        before_o: Option<&'a Position>,
        after: &'a Position,
        mover: Color,
    ) -> Self {
        OldAttacks {
            before,
            before_o,
            after,
            pairs: attack_pairs(before, mover),
            won_before: None,
        }
    }

    /// Did the move `m` create `attack`: it did not exist before (no legal capture then), or
    /// it was no chase then?
    pub(super) fn is_new(
        &self,
        cache: &mut Cache,
        m: Move,
        attack: &Attack,
        book: Book,
        mate_depth: u32,
    ) -> bool {
        let a_before = if attack.attacker == m.to {
            m.from
        } else {
            attack.attacker
        };
        let v = attack.victim;
        if !self.pairs.contains(&(a_before, v)) || legal_capture(self.before, a_before, v).is_none()
        {
            return true;
        }
        if book == Book::Wxf2018
            && a_before == attack.attacker
            && self.saved_from_cannon(m, a_before, v)
        {
            return false;
        }
        attack.is_chase()
            && !(judge(
                cache,
                Some(self.before),
                self.before_o,
                a_before,
                v,
                book,
                Detail::ChaseOnly,
            )
            .is_some_and(|old| old.is_chase())
                && !(book == Book::Cxa2011
                    && self.parries_mate(cache, mate_depth)
                    && self.capture_met_mate(cache, a_before, v, mate_depth)))
    }

    /// WXF 2018 art. 3.1.H, AXF Appendix (how far cutting a root reaches): did the
    /// move take the attacker of `v` out of an enemy cannon's fire by adding or removing that
    /// cannon's screen, where the same cannon, along the same line, was `v`'s root (the
    /// attacker stood between them: once it took `v`, the cannon would take back there)?
    /// Then the root is lost only as the price of a defence, and the attack left standing is
    /// no new chase. A cut made for its own sake, with no enemy fire to escape (AXF
    /// Appendix, perpetual chase: the pawn steps off the cannon's screen), still is one.
    pub(super) fn saved_from_cannon(&self, m: Move, a: Square, v: Square) -> bool {
        let before = self.before.board();
        let after = self.after.board();
        let (occ_before, occ_after) = (before.occupied(), after.occupied());
        let Some(attacker) = before.piece_at(a) else {
            return false;
        };
        if after.piece_at(a) != Some(attacker) {
            return false;
        }
        let without_a = |occ: Bitboard| occ & !Bitboard::from_square(a);
        let cannons = before.by_role(Role::Cannon) & before.by_color(!attacker.color);
        cannons.into_iter().any(|c| {
            let screen = between(c, a);
            after.piece_at(c) == before.piece_at(c)
                && between(c, v).contains(a)
                && (screen.contains(m.from) || screen.contains(m.to))
                && cannon_attacks(c, occ_before).contains(a)
                && !cannon_attacks(c, occ_after).contains(a)
                && cannon_attacks(c, without_a(occ_before)).contains(v)
                && !cannon_attacks(c, without_a(occ_after)).contains(v)
        })
    }

    /// Could the mover, before its move, already win as much by force (a direct capture and
    /// the exchange that follows, or a line of checks and captures)? Then a move after which a
    /// forced line wins `gain` creates no chase (CXA 2011 art. 24.3; 图5). The line is played
    /// out with the other side's answers, so what the mover had left hanging before counts
    /// against it (参考图49: before 马八进七 the cannon could take the cannon on d8, but black
    /// would take the horse on b6 back).
    ///
    pub(super) fn could_win(&self, cache: &mut Cache, gain: i32) -> bool {
        let before = self.won_before.unwrap_or(self.before);
        if gains_more_than(cache, before, FORCED_CHECKS, gain - 1) {
            return true;
        }
        // No more, or a mate: where the mover could mate (杀, not a gain), what it could win
        // besides counts, by lines the defender may answer only by giving material up or
        // being mated.
        let mate = -MATED / 2;
        let turn = before.turn();
        let mating = forced_line_in(
            cache,
            before,
            FORCED_CHECKS,
            turn,
            Aim::default(),
            (mate - 1, mate),
        );
        let besides = Aim {
            declines_mate: true,
            ..Aim::default()
        };
        mating.mates && aiming_reaches(cache, before, besides, gain)
    }

    /// The piece the move chases by a forced line, if any (CXA 2011 art. 24.3), found so that
    /// the answer does not depend on which of several equal lines a search meets first (a
    /// ruling must not change with the board mirrored or the colours swapped: tests/symmetry):
    /// the enemy pieces are tried from the most valuable down (then by role), each by a search
    /// that counts only lines taking it, and the line must win by taking that piece (the
    /// dearest piece it wins and keeps, [`Kept`]), not by taking on the way what could be won
    /// as well before.
    ///
    /// `line` is the best line after the move ([`forced_gain`]) and `threat` the board after
    /// the move, the mover to move. When it wins more than the mover could win before, the
    /// first piece whose own line wins as much is named (or, if the defender can save any one
    /// piece by giving up another, the line's own capture). When it wins no more, a piece the
    /// mover can now win for more than it could before still makes a chase: a win of a
    /// different piece is a new chase, even when its total equals an older threat on another
    /// piece (象甲联赛 00001060, 车九平八 opens 车八平六 将, 士5进4, 炮六进七 taking the
    /// advisor, while the rook on b9 could win something else as well).
    ///
    /// Only the first piece of the group named has its line searched here; the others alike
    /// are returned pending, with what was asked, for the caller to search when no piece
    /// before them makes a chase (CXA2020-fig09: the two advisors, each a 500-node search,
    /// and the first makes the chase).
    pub(super) fn new_win(
        &self,
        cache: &mut Cache,
        threat: &Position,
        line: Line,
        barred: Bitboard,
        not_first: Bitboard,
        stood: &[(Square, Square, i32)],
    ) -> (Vec<Won>, Asked) {
        if line.gain <= 0 {
            let asked = Asked {
                line,
                more: false,
                barred,
                not_first,
                winnable: 0,
            };
            return (Vec::new(), asked);
        }
        let more = !self.could_win(cache, line.gain);
        let board = threat.board();
        let mut targets: Vec<(i32, usize, Square)> = board
            .pieces()
            .filter(|&(sq, p)| {
                p.color != threat.turn()
                    && p.role != Role::King
                    && gain_value(p.role, p.color, sq) > 0
            })
            .map(|(sq, p)| (value(p.role, p.color, sq), role_rank(p.role), sq))
            .collect();
        targets.sort_by_key(|&(worth, rank, _)| (std::cmp::Reverse(worth), rank));
        // Most pieces cannot be won at all: one search bounds every piece's line at once.
        let squares: Vec<Square> = targets.iter().map(|&(_, _, sq)| sq).collect();
        let threshold = if more { line.gain } else { 1 };
        let winnable = each::reaches_each(
            cache,
            threat,
            &squares,
            each::Ask::Taking,
            barred,
            not_first,
            threshold,
        );
        let asked = Asked {
            line,
            more,
            barred,
            not_first,
            winnable,
        };
        // Every piece of the first worth and role that qualifies: pieces alike are all named,
        // for the caller to choose among by what they are, not by where they stand.
        // The first that qualifies sets the group; the others of its group are searched only
        // if the caller needs them ([`Won::Pending`]).
        let mut found: Vec<Won> = Vec::new();
        let mut group = None;
        for (i, (worth, rank, sq)) in targets.into_iter().enumerate() {
            if group.is_some_and(|g| g != (worth, rank)) {
                break;
            }
            if group.is_some() {
                if asked.winnable & (1 << i) != 0 {
                    found.push(Won::Pending {
                        index: i,
                        square: sq,
                    });
                }
            } else if let Some(line) = self.win_piece(cache, threat, &asked, stood, i, sq) {
                group = Some((worth, rank));
                found.push(Won::Line(line));
            }
        }
        // A line that wins more in all, though no one piece can be forced (the defender may
        // give up another instead), is still new. What it chases is named by what the line
        // needs, not by the capture a search met first among equal lines (a ruling must not
        // depend on the order a search tries its moves): the pieces the line cannot do without
        // (barred from it, it wins less); failing those, the pieces it may take one instead of
        // another (the line's own capture, then what it wins with that one barred, and so on).
        // The caller chooses among them by what they are.
        if found.is_empty() && more {
            let mut named: Vec<Line> = Vec::new();
            // The line itself, named: `line` gave its value only.
            let line = forced_gain_aiming(
                cache,
                threat,
                Aim {
                    barred,
                    not_first,
                    ..Aim::default()
                },
            );
            let spared = each::reaches_each(
                cache,
                threat,
                &squares,
                each::Ask::Without,
                barred,
                not_first,
                line.gain,
            );
            for (i, &v) in squares.iter().enumerate() {
                let capturer = line
                    .victim
                    .filter(|&(_, x)| x == v)
                    .map(|(a, _)| a)
                    .or(line.lead);
                if let Some(a) = capturer
                    && spared & (1 << i) == 0
                {
                    named.push(Line {
                        victim: Some((a, v)),
                        ..line
                    });
                }
            }
            if named.is_empty() {
                let mut barred = barred;
                let mut next = line;
                while let Some((_, v)) = next.victim
                    && next.gain >= line.gain
                    && named.len() < 4
                {
                    named.push(next);
                    barred.add(v);
                    next = forced_gain_aiming(
                        cache,
                        threat,
                        Aim {
                            barred,
                            not_first,
                            ..Aim::default()
                        },
                    );
                }
            }
            // The most valuable first, then by role (the caller picks a rootless one first).
            named.sort_by_key(|l| {
                match l.victim.and_then(|(_, v)| Some((v, board.piece_at(v)?))) {
                    Some((v, p)) => (-value(p.role, p.color, v), role_rank(p.role)),
                    None => (0, usize::MAX),
                }
            });
            found = named.into_iter().map(Won::Line).collect();
        }
        (found, asked)
    }

    /// Whether the mover wins the piece on `sq` (bit `i` of `asked.winnable`) by a line of its
    /// own, as [`Self::new_win`] asks it of each piece: that line, named by the piece.
    pub(super) fn win_piece(
        &self,
        cache: &mut Cache,
        threat: &Position,
        asked: &Asked,
        stood: &[(Square, Square, i32)],
        i: usize,
        sq: Square,
    ) -> Option<Line> {
        let Asked {
            line,
            more,
            barred,
            not_first,
            ..
        } = *asked;
        let board = threat.board();
        if asked.winnable & (1 << i) == 0 {
            return None;
        }
        let aim = Aim {
            target: Some(sq),
            barred,
            not_first,
            ..Aim::default()
        };
        let floor = if more { line.gain } else { 1 };
        // First with the window capped just above the line's own gain: a line that must
        // take this piece seldom wins more than the best line with no such aim, and below
        // the cap the value and the line are the uncapped search's (exact inside the
        // window: see [`forced_gain_from`]), found with fewer nodes (the attacker stops
        // looking further once a line reaches the cap). Only a search that reaches the cap
        // (or mates) is searched again, whole.
        let capped = forced_line_in(
            cache,
            threat,
            FORCED_CHECKS,
            threat.turn(),
            aim,
            (floor - 1, line.gain + 1),
        );
        let after = if capped.mates || capped.gain > line.gain {
            forced_gain_from(cache, threat, aim, floor)
        } else {
            capped
        };
        if after.gain <= 0 {
            return None;
        }
        // The line's capturer of the piece, or the piece that leads it.
        let capturer = after
            .victim
            .filter(|&(_, v)| v == sq)
            .map(|(a, _)| a)
            .or(after.lead)?;
        if more {
            // Name the piece: its line wins as much, whatever else it takes on the way.
            return (after.gain >= line.gain).then_some(Line {
                victim: Some((capturer, sq)),
                ..after
            });
        }
        // The line wins by taking that piece: the dearest piece it wins and keeps is worth no
        // more ([`Kept`]: a trade on the way, such as rook for rook, is no win of the rook),
        // or it wins no more than the piece is worth. The targeted search ranks lines
        // winning as much by that piece ([`Root::score`]), so which of two such lines a
        // search meets first does not decide.
        let worth = board
            .piece_at(sq)
            .map_or(0, |p| gain_value(p.role, p.color, sq));
        let by_it = after.gain <= worth || after.dearest <= rank_of(worth);
        let before = Aim {
            target: Some(sq),
            ..Aim::default()
        };
        // Before the move: below the bound counts as nothing; where the mover could mate,
        // what it could win by taking the piece besides mating (see [`Self::could_win`]).
        let won_before = self.won_before.unwrap_or(self.before);
        let before_gain = if aiming_reaches(cache, won_before, before, after.gain) {
            gain_besides_mate(cache, won_before, before)
        } else {
            0
        };
        if !by_it || after.gain <= before_gain {
            return None;
        }
        // Nor is the gain lent by a capture that stood before the move and stands after it
        // (`stood`, chases then as now; CXA 2011 art. 24.3, 图5), played as the line's last capture: the line must
        // win more than that capture wins on its point (as [`judge`] weighed it), or what comes
        // before it gains nothing of its own. A perturbed 参考图35 (`tests/audit_cases_43.rs`): 车d4–f4,
        // then 车×f0 将, 帅×f0 and 炮c3×c6 nets 2, the advisor for the rook; but the cannon takes
        // the unguarded rook on c6 for 9 before the move and after it, and the sacrifice alone
        // loses 7: no chase of the advisor. A standing capture the line plays first and then
        // wins more is another thing: what follows is the line's own (random_threats'
        // `a_rook_winning_alone_…`: 马c3×e2 将 takes the cannon that guarded the pawn on e7 by
        // mate, and the horse on f5 then takes the pawn). Only where the line cannot do without
        // the capture (barred from it, it wins less), and plays it last on the line named on
        // some image of the board ([`imaged_lines`]): barring a piece alone also spares the
        // other side its defence (AXF D66 under CXA turned on that).
        let mut borrowed = 0;
        let mut seen = Bitboard::EMPTY;
        let mut lines: Option<Vec<Vec<Move>>> = None;
        for &(_, y, _) in stood {
            if y == sq || seen.contains(y) {
                continue;
            }
            seen.add(y);
            let without = Aim {
                barred: barred | Bitboard::from_square(y),
                ..aim
            };
            if aiming_reaches(cache, threat, without, after.gain) {
                continue;
            }
            let lines = lines.get_or_insert_with(|| imaged_lines(cache, threat, aim, after.gain));
            if lines.iter().any(|moves| last_takes_on(threat, moves, y)) {
                borrowed += stood
                    .iter()
                    .filter(|&&(_, v, _)| v == y)
                    .map(|&(_, _, gain)| gain)
                    .max()
                    .unwrap_or(0);
            }
        }
        (after.gain > borrowed).then_some(Line {
            victim: Some((capturer, sq)),
            ..after
        })
    }

    /// CXA 2011 arts. 26.2, 26.4: does the move parry a mate threat (解杀) the mover was under?
    /// Then an attack the threat made worthless is a chase anew, as one made by a move
    /// answering check (参考图35: "车4平6解杀后形成炮捉车，判捉"; see [`Self::capture_met_mate`]).
    pub(super) fn parries_mate(&self, cache: &mut Cache, depth: u32) -> bool {
        self.before_o
            .is_some_and(|before_o| cache.mate_by_checks(before_o, depth))
            && !cache.mate_by_checks(self.after, depth)
    }

    /// Before the move, would the capture on `v` by the piece on `a` have been met by a mate by
    /// checks? Only then does parrying the mate make the capture possible, a chase the move
    /// creates (art. 24.3: "造成其他子能吃子……得子后不致立即被对方将死"). A piece left hanging
    /// all along, which could have been taken safely under the threat as well, is not chased
    /// anew by the parry (CCPD 象甲联赛 00000495, move 59: a rook's standing attack on a pawn).
    /// The capture may take a piece of the mating net and lengthen the mate: the search goes
    /// [`CAPTURE_MATE_EXTRA_CHECKS`] checks deeper (art. 24.2 bounds no series of checks).
    pub(super) fn capture_met_mate(
        &self,
        cache: &mut Cache,
        a: Square,
        v: Square,
        depth: u32,
    ) -> bool {
        legal_capture(self.before, a, v).is_some_and(|capture| {
            cache.mate_by_checks(
                &after(self.before, capture),
                depth + CAPTURE_MATE_EXTRA_CHECKS,
            )
        })
    }
}

/// How many checks deeper than the parried threat [`OldAttacks::capture_met_mate`] looks for
/// the mate that met a capture: in 参考图35 the cannon taking the red rook on c6 before 车4平6
/// removes a piece of the three-check mate, and red mates with five.
pub(super) const CAPTURE_MATE_EXTRA_CHECKS: u32 = 2;

/// A fixed order of the roles, for naming one of several pieces of equal worth the same way
/// whatever the board's orientation.
pub(super) fn role_rank(role: Role) -> usize {
    match role {
        Role::Rook => 0,
        Role::Cannon => 1,
        Role::Horse => 2,
        Role::Advisor => 3,
        Role::Elephant => 4,
        Role::Pawn => 5,
        Role::King => 6,
    }
}

/// Does the move `m` (played in `before`) make the attack of the piece on `a` on the point
/// `v`: it is the moved piece, or the piece on `a` did not attack `v` before the move (its
/// line was opened, or a screen made)?
pub(super) fn made_by(before: &Position, m: Move, a: Square, v: Square) -> bool {
    let occupied = before.board().occupied();
    a == m.to
        || before
            .board()
            .piece_at(a)
            .is_none_or(|p| !piece_attacks(p, a, occupied).contains(v))
}

/// The board before a check (`earlier`, the position the check was given in), the answering
/// side to move there in thought, where the answer `m` (played in `before`, after the check)
/// asks what it would have done: only if the answer could be played there and the points
/// `kept` (an attacker, a target) hold there what they hold now (CXA 2011 arts. 26.2, 26.4:
/// [`answer_cuts_root`], [`answer_opens_line`]).
fn before_the_check(
    earlier: &Position,
    before: &Position,
    m: Move,
    kept: &[Square],
) -> Option<Position> {
    let standing = earlier.swap_turn()?;
    let (then, now) = (standing.board(), before.board());
    let same = |sq: Square| then.piece_at(sq) == now.piece_at(sq);
    (kept.iter().all(|&sq| same(sq)) && same(m.from) && same(m.to) && standing.is_legal(m))
        .then_some(standing)
}

/// CXA 2011 arts. 26.2, 26.4: did the answer `m` to a check (played in `before`) itself cut the
/// root of the piece on `v`, which the piece on `a` attacked before the answer already (a
/// standing attack, no chase then) and now wins? "走动其他棋子应将后产生新的'捉'或'杀'，判'捉'或
/// '杀'" (26.2): an answer that blocks the root's line, takes away a cannon root's screen or
/// pins the root makes a new chase of that piece (断根捉, as any move does: art. 24.3, "造成
/// 其他子能吃子"). Only "做为根的子，自己离线断根'将军'……造成被保护的子失根被捉，责由自负"
/// (26.4): a target whose root left its line to give the check is the checking side's fault,
/// not the answer's. Told apart by the answer played as if the check had not been given
/// (`previous`: the check and the position it was given in, the answering side to move there
/// in thought): the attack was no chase there before the answer and is one after it, so the
/// answer, not the checker's leaving, made it. Also when the checker was one of two roots and
/// the answer cuts the other: on the board before the check with the checker removed the
/// attack is no chase (the leaving left the piece rooted: no "失根" of the checker's making)
/// and the answer makes it one (26.2). `false` when the check or the position before
/// it is not known, or the answer could not have been played there (it takes the checking
/// piece, or its piece was pinned): the standing attack is then left standing, as before.
pub(super) fn answer_cuts_root(
    cache: &mut Cache,
    previous: Option<(&Position, Move)>,
    before: &Position,
    m: Move,
    a: Square,
    v: Square,
) -> bool {
    let Some((earlier, last)) = previous else {
        return false;
    };
    let Some(standing) = before_the_check(earlier, before, m, &[a, v]) else {
        return false;
    };
    let then = standing.board();
    let chase_in = |cache: &mut Cache, pos_s: &Position, pos_o: &Position| {
        judge(
            cache,
            Some(pos_s),
            Some(pos_o),
            a,
            v,
            Book::Cxa2011,
            Detail::ChaseOnly,
        )
        .is_some_and(|at| at.is_chase())
    };
    // Is the attack a chase once the answer is played on `pos_s` (the answering side to move)?
    let answer_makes_it = |cache: &mut Cache, pos_s: &Position| {
        let played = after(pos_s, m);
        played
            .swap_turn()
            .is_some_and(|threat| chase_in(cache, &threat, &played))
    };
    if chase_in(cache, &standing, earlier) {
        return false;
    }
    if answer_makes_it(cache, &standing) {
        return true;
    }
    // A piece with two roots, one the checker, which left its line to check, the other cut by
    // the answer: the checker's leaving did not "造成被保护的子失根" (26.4), the piece kept a
    // root; the answer took the last one away, "产生新的'捉'" (26.2). Told by the board before
    // the check with the checker gone: the piece was no chase there (its other root held),
    // and is one once the answer is played there. (A diagram's board stays a diagram.)
    let mut setup = earlier.to_setup();
    if setup.board.remove_piece_at(last.from).is_none() {
        return false;
    }
    let Ok(gone_o) = Position::from_diagram(setup) else {
        return false;
    };
    if gone_o.swap_turn().is_some_and(|gone| {
        gone.is_legal(m) && !chase_in(cache, &gone, &gone_o) && answer_makes_it(cache, &gone)
    }) {
        return true;
    }
    // A piece with two roots, one blocked by the checker arriving (on a rook's line, a horse's
    // leg, an elephant's eye, as a cannon root's second screen), the other cut by the answer:
    // the check left the piece rooted — it made no "被捉状态" (26.4) — and the answer took its
    // last root away, "产生新的'捉'" (26.2). Told on the board after the check, where the
    // answering side, in check, cannot take: a piece of the target's side that reached the
    // target's point there and reaches it no more once the answer is played is a root the
    // answer cut (the caller has found the attack a chase after the answer). Only for an
    // attack that stood before the check (no chase there, above): one the check opened is the
    // checker's doing whatever root the answer cuts besides (26.4, "无直接参与且是己方走子造成被
    // 捉状态不予考虑"; a horse's attack on a rook is a chase, rooted or not).
    let stood = then
        .piece_at(a)
        .is_some_and(|p| piece_attacks(p, a, then.occupied()).contains(v));
    if !stood {
        return false;
    }
    let Some(target) = before.board().piece_at(v) else {
        return false;
    };
    let answered = after(before, m);
    (guards(before, v, target.color) & !guards(&answered, v, target.color)).any()
}

/// CXA 2011 arts. 24.3, 26.2, 26.4: does the answer `m` to a check (played in `before`) itself
/// open the forced line that wins the piece on `v` (a check or series of checks and then a
/// capture, or a chain of exchanges: "从下一着开始运用将军或连续'将军'得子、通过完整互吃交换后
/// 吃掉对方子且得子")? "走动其他棋子应将后产生新的'捉'……判'捉'" (26.2). Told as
/// [`answer_cuts_root`] tells a direct attack: on the board before the check (`previous`: the
/// check and the position it was given in, the answering side to move there in thought) no
/// line won the piece, and the answer played there opens one. A line the check itself opened
/// (the checker leaving its line, 26.4: "无直接参与且是己方走子造成被捉状态不予考虑") does not
/// appear there, and stays the checker's. `false` when the check or the position before it is
/// not known, or the answer could not have been played there.
pub(super) fn answer_opens_line(
    cache: &mut Cache,
    previous: Option<(&Position, Move)>,
    before: &Position,
    m: Move,
    v: Square,
) -> bool {
    let Some(standing) =
        previous.and_then(|(earlier, _)| before_the_check(earlier, before, m, &[v]))
    else {
        return false;
    };
    let aim = Aim {
        target: Some(v),
        ..Aim::default()
    };
    if forced_gain_aiming(cache, &standing, aim).gain > 0 {
        return false;
    }
    after(&standing, m)
        .swap_turn()
        .is_some_and(|threat| forced_gain_aiming(cache, &threat, aim).gain > 0)
}

/// Does the move `m` (played in `before`, giving `pos_after`) only take the mover's own piece
/// out of danger, making a capture that stood before pay ([`Reason::EscapeOnly`], 参考图37)?
/// - not the general's nor a pawn's move (art. 26.1: their moves that let another piece chase
///   anew are 捉), and the moved piece does not attack the piece where it did not before;
/// - the moved piece could be won by force before the move, and cannot be after it;
/// - a piece of the mover's other than the moved one could take the piece on `v` before the
///   move (the attack stood: not one the move uncovers; any such piece, whichever the line
///   names, so that the answer does not turn with the board);
/// - the moved piece is not one of the pieces "缺少其中任何一个都无法吃子" (art. 24.17): the line
///   wins the piece with the moved piece off the board; or, where it needs the piece, the piece
///   bears on no capture of the victim ([`bears_on_capture`]: a piece that pins the victim's
///   root takes part, 图11, 车炮联合捉子, where the cannon that steps out of the rook's attack
///   pins the elephant guarding the rook's target; so does one that backs the capture, 图27),
///   is no chaser itself (the line wins as much with it standing idle, or at least it neither
///   moves nor checks in the line up to the victim's capture: 五羊杯 00000254), and what else it
///   does (a root of the mover's own pieces, a threat that keeps the other side from taking
///   one) it did from where it stood: the line wins as much before the move had nothing
///   attacked it there.
pub(super) fn escape_only(
    cache: &mut Cache,
    before: &Position,
    pos_after: &Position,
    m: Move,
    v: Square,
) -> bool {
    if matches!(m.role, Role::King | Role::Pawn) {
        return false;
    }
    // The moved piece attacks the victim where it did not before: one more attacker, part of
    // the chase.
    let Some(threat) = pos_after.swap_turn() else {
        return false;
    };
    if legal_capture(&threat, m.to, v).is_some() && legal_capture(before, m.from, v).is_none() {
        return false;
    }
    // Any piece that stood attacking it, not only the one the line names: of two lines alike
    // the search meets one first, and which turns with the board.
    let stood = before
        .legal_moves_where(MoveFilter::CapturesOn(v))
        .iter()
        .any(|c| c.from != m.from);
    if !stood {
        return false;
    }
    let Some(before_o) = before.swap_turn() else {
        return false;
    };
    let at = |sq: Square| Aim {
        target: Some(sq),
        ..Aim::default()
    };
    // Won by force before, and not after (null windows first, where most moves fail; a mate
    // reaches them too, and only the exact search tells it from a gain).
    if !aiming_reaches(cache, &before_o, at(m.from), 1)
        || aiming_reaches(cache, pos_after, at(m.to), 1)
        || forced_gain_aiming(cache, &before_o, at(m.from)).gain <= 0
    {
        return false;
    }
    // Without the moved piece on the board at all, the mover (to move) still wins the piece.
    let mut setup = pos_after.to_setup();
    setup.board.remove_piece_at(m.to);
    setup.turn = before.turn();
    let Ok(without) = Position::from_diagram(setup) else {
        return false;
    };
    if forced_gain_aiming(cache, &without, at(v)).gain > 0 {
        return true;
    }
    // Or the piece bears on no capture of the victim (it pins no root of it, screens no
    // attacker: 图11's cannon does), and what else it does it did as well from where it stood,
    // had nothing attacked it there: the line wins as much before the move with the piece
    // out of danger in thought ([`Aim`]'s `immune`; taking its attackers off the board
    // instead would open their lines too). 参考图46 with a red pawn on i3: the rook's step out
    // of the horse's reach makes 马c2×a3 pay, and the rook on h6, as on i6, keeps the black
    // rook from taking the pawn on c6 (the horse on g6 would uncover it).
    if bears_on_capture(&threat, &without, m.to, v) {
        return false;
    }
    // Nor does it chase itself: the line wins as much with it standing idle (it screens and
    // takes back: `wins_without`), or at least it neither moves nor checks in the line
    // (五羊杯 00000254 move 72: the cannon stepping out of the horse's reach gives the check
    // over the pawn that wins the advisor, and takes it). The value first: the line the
    // search names turns with the board where several win as much.
    let gain = forced_gain_aiming(cache, &threat, at(v)).gain;
    if !wins_without(cache, pos_after, before.turn(), m.to, v, gain)
        && moves_or_checks_in(cache, &threat, gain, m.to, v)
    {
        return false;
    }
    let unthreatened = Aim {
        immune: Some(m.from),
        ..at(v)
    };
    forced_gain_aiming(cache, before, unthreatened).gain == gain
}

/// The line [`line_moves`] names for `aim` from `threat`, and those it names on each image of
/// the board ([`Image`]), carried back: of lines that win alike the search names the first in
/// the core's order of squares, which turns with the board, and the order of two captures that
/// do not depend on each other is such a choice (a perturbed 参考图13: 马h3×f4 of a rook that
/// hung all along came last as played, first with the colours swapped).
fn imaged_lines(cache: &mut Cache, threat: &Position, aim: Aim, gain: i32) -> Vec<Vec<Move>> {
    Image::ALL
        .iter()
        .filter_map(|&image| line_on_image(cache, threat, image, aim, gain))
        .collect()
}

/// The line [`line_moves`] names for `aim` on `image` of the board `threat`, its moves carried
/// back to `threat`; none where the image is no position.
fn line_on_image(
    cache: &mut Cache,
    threat: &Position,
    image: Image,
    aim: Aim,
    gain: i32,
) -> Option<Vec<Move>> {
    let seen = image.position(threat)?;
    let aim = Aim {
        target: aim.target.map(|sq| image.square(sq)),
        barred: image.bitboard(aim.barred),
        not_first: image.bitboard(aim.not_first),
        ..aim
    };
    let moves = line_moves(cache, &seen, aim, gain);
    Some(moves.into_iter().map(|m| image.mv(m)).collect())
}

/// Is the last capture the side to move in `from` makes in the line `moves` that of the piece
/// on `y` (followed if it moves first)?
fn last_takes_on(from: &Position, moves: &[Move], y: Square) -> bool {
    let (mut node, mut y, mut last) = (from.clone(), y, false);
    for &step in moves {
        if !node.is_legal(step) {
            break;
        }
        let attacker = node.turn() == from.turn();
        if attacker && step.capture.is_some() {
            last = step.to == y;
        }
        if !attacker && step.from == y {
            y = step.to;
        }
        node = after(&node, step);
    }
    last
}

/// Does the piece on `at` move or give check in the line a forced search from `threat` (its
/// side to move) names for taking the piece on `v`, up to the capture of that piece? Where the
/// line needs the piece only to take back or to threaten a take of its own should the other
/// side take elsewhere (a defence it kept from its old point), [`wins_without`] does not see it
/// stand idle, and the line shows whether it leads the win. What follows the capture is the
/// other side's choice of where to take back, which turns with the board as the line the
/// search names does; asked only where [`wins_without`] has failed. Of lines that win alike,
/// the one the search names turns with the board too: the piece leads the win only if it
/// moves or checks in the line named on every image of the board ([`imaged_lines`];
/// random_cycles seed 1310: 车b7–c7 steps out of the rook on b1's reach, 闲 as played and
/// 捉 with the colours swapped).
fn moves_or_checks_in(
    cache: &mut Cache,
    threat: &Position,
    gain: i32,
    at: Square,
    v: Square,
) -> bool {
    let aim = Aim {
        target: Some(v),
        ..Aim::default()
    };
    imaged_lines(cache, threat, aim, gain).iter().all(|moves| {
        let (mut node, mut victim) = (threat.clone(), v);
        for &step in moves {
            let attacker = node.turn() == threat.turn();
            if !node.is_legal(step) || attacker && step.from == at {
                return true;
            }
            node = after(&node, step);
            if attacker && node.checkers().contains(at) {
                return true;
            }
            if !attacker && step.from == victim {
                victim = step.to;
            } else if attacker && step.to == victim {
                return false;
            }
        }
        false
    })
}

/// Does the mover's piece on `at` (in `with`, the mover to move) bear on a capture of the
/// piece on `v`: a cannon's screen for it, a block or pin that keeps one of the victim's roots
/// from taking back (图11: the cannon on a9 pins the elephant on c9 that guards e7), or a
/// capture of its own in the exchange on the point (图27: the cannon behind its elephant backs
/// the rook's capture of the horse on a0)? `without` is the same board without the piece. The
/// attack it then strengthens is the one art. 24.17 joins it to (联合捉子); guarding the
/// mover's other pieces is no part of it (参考图37, "没有加强进攻子力").
fn bears_on_capture(with: &Position, without: &Position, at: Square, v: Square) -> bool {
    if joins_exchange(with, v, at, with.turn(), EXCHANGE_PLIES) {
        return true;
    }
    let captures = |pos: &Position| -> Vec<Move> {
        pos.legal_moves_where(MoveFilter::CapturesOn(v))
            .into_iter()
            .filter(|c| c.from != at)
            .collect()
    };
    let take_backs = |pos: &Position, c: Move| -> Bitboard {
        after(pos, c)
            .legal_moves_where(MoveFilter::CapturesOn(v))
            .into_iter()
            .map(|t| t.from)
            .collect()
    };
    let (here, there) = (captures(with), captures(without));
    here.iter()
        .any(|c| !there.contains(c) || (take_backs(without, *c) & !take_backs(with, *c)).any())
}

/// How deep [`joins_exchange`] follows the captures on one point: the first capture, the
/// take-back, and two more of each side.
const EXCHANGE_PLIES: u8 = 5;

/// Does the piece on `at` (of `mover`) capture on `v` in some order of captures there within
/// `plies`, either side taking in turn from `pos`?
fn joins_exchange(pos: &Position, v: Square, at: Square, mover: Color, plies: u8) -> bool {
    plies > 0
        && pos
            .legal_moves_where(MoveFilter::CapturesOn(v))
            .into_iter()
            .any(|c| {
                pos.turn() == mover && c.from == at
                    || joins_exchange(&after(pos, c), v, at, mover, plies - 1)
            })
}

/// Does the forced line `line`, after the move `m` (`threat`: the board after it, the mover
/// to move), only win a piece that a capture standing before the move wins as well (`stood`:
/// the direct attacks judged chases before the move and after it, with their gain after), for
/// the same gain before and after, where the moved piece takes no part in the win and the
/// move saved none of the mover's pieces? Then the move created nothing (CXA 2011 art. 24.3,
/// "造成"; 图5: a capture that stood before the move and stands after it, unchanged, is 闲),
/// and the line names no chase: the caller bars its piece and asks for the move's other wins.
///
/// The line's defender answers with captures only. A threat of the other side's that it could
/// carry out by a capture before the move, and only after a check once the move is played,
/// counts against the line before and not after: the line seems to win more than before,
/// though the move changed neither the capture nor what the other side wins meanwhile. The
/// direct attack's judge ([`judge()`]) weighs such threats whole. 参考图6 (art. 24.8: 献 is 闲):
/// 士4进5 leaves the rook's capture of the elephant on i2 as it was; before it 兵×士 with check
/// won the advisor on f9 at once (the general cannot take back across the open file), after
/// it 车九进二 将, 士5退4 and 兵×士 win it all the same.
///
/// The line may cost the other side more for other reasons, each a chase as before:
/// - the moved piece takes part (art. 24.17): a rook that comes where it can check makes the
///   other side's captures in answer cost more (`a_rook_that_comes_to_check_chases_with_the_capturer`
///   in tests/random_cycles.rs);
/// - the move takes a piece of the mover's out of an attack (out of reach, or out of danger by
///   a guard): the piece may have been one the capturer guarded, lost once it leaves
///   (audit_cases_12: 参考图16 with a horse on f3, where each pawn step off the black rook's
///   file spares the pawn the rook on f6 guarded, 捉); a piece that steps out of danger is
///   weighed by [`escape_only`] (参考图37, 49).
pub(super) fn refinds_standing_capture(
    cache: &mut Cache,
    old: &OldAttacks<'_>,
    m: Move,
    threat: &Position,
    stood: &[(Square, Square, i32)],
    line: &Line,
) -> bool {
    // The piece whose capture makes the gain, taken as directly by a piece that stood on it:
    // of lines winning as much (the capture at once, or after a check) which the search names
    // turns with the board (`every_third_occurrence_is_ruled` in tests/random_cycles.rs).
    let Some((_, v)) = line.victim else {
        return false;
    };
    let Some(before_o) = old.before_o else {
        return false;
    };
    let was_the_same = stood
        .iter()
        .filter(|&&(_, sv, gain)| sv == v && gain == line.gain)
        .any(|&(a, _, _)| {
            judge(
                cache,
                Some(old.before),
                Some(before_o),
                a,
                v,
                Book::Cxa2011,
                Detail::Whole,
            )
            .is_some_and(|then| then.is_chase() && then.gain == line.gain)
        });
    if !was_the_same {
        return false;
    }
    // The moved piece takes no part in the win: with it standing where it went, taking back
    // only what the other side takes of its own accord and giving no check, the line wins as
    // much (art. 24.17, "缺少其中任何一个都无法吃子"). A rook that moves to where it can check
    // makes the other side's answers cost more, and chases with the capturer (联合捉).
    let mover = old.before.turn();
    if !wins_without(cache, threat, mover, m.to, v, line.gain) {
        return false;
    }
    // The move saved nothing: every piece of the mover's the other side could take before it
    // can take after, where it then stands, and every one whose capture won material before
    // it can win by force after for as much (its pawns' and general's captures counting:
    // material at stake, not a chase of its own: [`rebuttal_reaches`], the mover idle).
    let capturable =
        |pos: &Position, s: Square| !pos.legal_moves_where(MoveFilter::CapturesOn(s)).is_empty();
    let board = old.before.board();
    let pieces = board.by_color(mover) & !board.by_role(Role::King);
    pieces.into_iter().all(|s| {
        let moved = if s == m.from { m.to } else { s };
        let lost = exchange(before_o, s, 8);
        !capturable(before_o, s)
            || (capturable(old.after, moved)
                && (lost <= 0
                    || rebuttal_reaches(cache, old.after, mover, Some(moved), lost).is_some()))
    })
}

/// Is the win of the forced line `line` (from `threat`, the board after the move with the
/// mover to move again, searched with `aim`) taken back by a check the line's own search does
/// not let the other side give? That search lets the defender capture, and check only to turn
/// on the capturer where it took; a hidden root may be any check that wins back as much (暗根, CXA 2011 art. 24.15: "凡有己方其他棋子（包括暗根）充分保护的棋子，称为
/// 有根子"): a fork, a skewer, a discovered attack, on a line the chasing pieces opened as they
/// went. Then the piece had a root, and the line wins nothing (art. 24.3, "吃子……得子").
///
/// The line's moves (`moves`, [`line_moves`] aimed at the piece won) are walked
/// ([`kept_against_checks`]). Of lines that win alike the search names the first in the
/// core's order of squares, which turns with the board; so the line each image of the board
/// names (mirrored, the colours swapped, both: [`Image`]) is walked, and the win is taken
/// back only if it is on every one of them (the books' definitions know no left or right,
/// and treat both colours alike; the property tests of `tests/random_threats.rs` found
/// rulings that turned with the board when only the line named was walked).
///
/// 象甲联赛 00000229: the black rook's 车6进2 将, 帅五退一, 车6进1 将, 帅五进一 and 车6平7 win
/// the elephant on g0, but the rook has left the f-file, and 车一平四 将 forces 士5进6 and takes
/// that advisor back (`tests/audit_cases_40.rs`).
pub(super) fn taken_back_by_a_check(
    cache: &mut Cache,
    threat: &Position,
    pos_after: &Position,
    aim: Aim,
    line: &Line,
    moves: &[Move],
) -> bool {
    let Some((_, v)) = line.victim.filter(|_| line.gain > 0 && !line.mates) else {
        return false;
    };
    if kept_against_checks(cache, threat, pos_after, line, moves) > 0 {
        return false;
    }
    let aim = Aim {
        target: Some(v),
        ..aim
    };
    Image::ALL[1..].iter().all(|&image| {
        line_on_image(cache, threat, image, aim, line.gain)
            .is_some_and(|moves| kept_against_checks(cache, threat, pos_after, line, &moves) <= 0)
    })
}

/// An image of the board under a symmetry the books' definitions do not see: mirrored left to
/// right, and the colours swapped with the board turned round. Each is its own inverse.
#[derive(Debug, Clone, Copy)]
pub(super) struct Image {
    mirror: bool,
    swap: bool,
}

impl Image {
    const ALL: [Image; 4] = [
        Image {
            mirror: false,
            swap: false,
        },
        Image {
            mirror: true,
            swap: false,
        },
        Image {
            mirror: false,
            swap: true,
        },
        Image {
            mirror: true,
            swap: true,
        },
    ];

    fn square(self, sq: Square) -> Square {
        let sq = if self.mirror {
            sq.flip_horizontal()
        } else {
            sq
        };
        if self.swap { sq.rotate() } else { sq }
    }

    fn bitboard(self, points: Bitboard) -> Bitboard {
        points.into_iter().map(|sq| self.square(sq)).collect()
    }

    fn mv(self, m: Move) -> Move {
        Move {
            from: self.square(m.from),
            to: self.square(m.to),
            ..m
        }
    }

    fn position(self, pos: &Position) -> Option<Position> {
        let mut setup = pos.to_setup();
        if self.mirror {
            setup.board = setup.board.mirror();
        }
        if self.swap {
            setup.board = setup.board.swap_sides();
            setup.turn = !setup.turn;
        }
        Position::from_diagram(setup).ok()
    }
}

/// What the mover keeps of the forced line `line` (from `threat`; its moves `moves`) against
/// the checks the line's own search does not let the other side give. The line is walked as
/// played: where the mover is to move and not in check it may stop and keep what it has won so
/// far; where the other side is to move and not in check it may instead give check
/// ([`worst_after`]). The check is a root only where it does better than standing or any
/// capture there: the line's search leaves out the capture of a piece
/// that hung all along, and a check that only comes before such a capture protects nothing
/// (参考图12, below); nor is a check that could win as much all along (`pos_after`, the board
/// after the move, that side to move), and where checks could mate all along none is a root.
/// Nothing kept is a win taken back: the piece had a hidden root (CXA 2011 art. 24.15).
///
/// 参考图12 (the book: 一将一捉): after 车八进八 将, 士5退4 and 炮九平六, the black horse's
/// 马5进3 将 and then 象7进5 take the pawn on e7, which the elephant takes at once as well: no
/// root. 五羊杯 00000159: the rook that takes the cannon on g4 by 车7进3 将, 仕五退四, 车7退4
/// keeps it (the other side is then in check from the cannon behind); going on to win an
/// advisor as well would walk into 炮七进七 将 (the general stepping up, 车八进一 mates) and
/// 相五退三 taking the rook, and the mover stops short of it.
fn kept_against_checks(
    cache: &mut Cache,
    threat: &Position,
    pos_after: &Position,
    line: &Line,
    moves: &[Move],
) -> i32 {
    let mover = threat.turn();
    // Each point of the line: the board, and the captures so far.
    let (mut node, mut ledger) = (threat.clone(), Ledger::default());
    let mut points: Vec<(Position, Ledger)> = vec![(node.clone(), ledger)];
    for &m in moves {
        if !node.is_legal(m) {
            return line.gain;
        }
        ledger = match node.board().piece_at(m.to) {
            Some(taken) if taken.color == mover => ledger.lost(taken.role, taken.color, m.to),
            Some(taken) => ledger.won(taken.role, taken.color, m.to),
            None if m.role == Role::Pawn && node.turn() == mover => ledger.pawn_moved_to(m.to),
            None => ledger,
        };
        node = after(&node, m);
        points.push((node.clone(), ledger));
    }
    // Backwards: what the mover keeps from each point on, the other side choosing where to
    // check (the line's own value at its end, where the search settled it).
    let mut kept = line.gain;
    let mut all_along = None;
    for (node, ledger) in points.iter().rev() {
        if node.is_check() {
            continue;
        }
        let ahead = ledger.settle();
        if node.turn() == mover {
            kept = kept.max(ahead);
            continue;
        }
        if ahead <= 0 {
            continue;
        }
        let Some(worst) = worst_after(cache, node, Answer::Check, mover, *ledger) else {
            continue;
        };
        if worst >= ahead {
            continue;
        }
        let taking = worst_after(cache, node, Answer::Capture, mover, *ledger)
            .map_or(ahead, |r| r.min(ahead));
        if worst >= taking {
            continue;
        }
        let all_along = *all_along.get_or_insert_with(|| {
            worst_after(cache, pos_after, Answer::Check, mover, Ledger::default())
                .map_or(0, |r| (-r).max(0))
        });
        // A mate counts where none stood: checks could not mate all along (the check, and the
        // [`IMMEDIATE_MATE_CHECKS`] more with which the search lets the other side mate while
        // the mover is ahead: `may_mate` in [`forcing_search`]).
        let mate = -MATED / 2;
        if all_along >= mate {
            continue;
        }
        let keeps = if worst > -mate {
            ahead.min(worst + all_along)
        } else if cache.mate_by_checks(pos_after, 1 + IMMEDIATE_MATE_CHECKS) {
            continue;
        } else {
            0
        };
        kept = kept.min(keeps);
    }
    kept
}

/// The checks the chaser may give back in answer to the other side's check or capture
/// ([`worst_after`]): one, for a discovered check that wins back (a
/// first version that weighed the other side's answers with the chaser only capturing took
/// 象甲联赛 00000114's elephant back by 相五退三, blind to the horse that then steps off the
/// cannon's screen with check and wins the cannon on i1). No ruling of the shipped cases or
/// the corpus turns on one against none; four, as the line's own search gives its attacker
/// ([`FORCED_CHECKS`]), cost a tenth more of a ruling's time.
const ANSWER_CHECKS: u32 = 1;

/// What the chaser ends with, at worst, when the other side, to move in `pos`, answers by an
/// [`Answer`], the chaser having won `ledger` so far: the chaser then answers with any move it
/// must, captures, and checks back as a forced line's attacker does ([`rebuttal`]'s search with
/// the sides turned round), and while it is ahead the other side may mate it by checks instead.
/// `None` if the other side has no such move.
fn worst_after(
    cache: &mut Cache,
    pos: &Position,
    answer: Answer,
    chaser: Color,
    ledger: Ledger,
) -> Option<i32> {
    let (filter, capture) = match answer {
        Answer::Check => (MoveFilter::Checks, false),
        Answer::Capture => (MoveFilter::Captures, true),
    };
    pos.legal_moves_where(filter)
        .into_iter()
        .filter(|m| m.is_capture() == capture)
        .map(|m| {
            let ledger = match pos.board().piece_at(m.to) {
                Some(taken) => ledger.lost(taken.role, taken.color, m.to),
                None => ledger,
            };
            forced_balance(cache, &after(pos, m), ANSWER_CHECKS, chaser, ledger)
        })
        .min()
}

/// How the other side answers at a point of a forced line ([`worst_after`]).
#[derive(Debug, Clone, Copy)]
enum Answer {
    /// A check that takes nothing: a hidden root, if it wins back (CXA 2011 art. 24.15).
    Check,
    /// A capture, any, those of pieces that hung all along included.
    Capture,
}

/// The attack a forced line `line` found after the move `m` makes (a chase, 强制得子, CXA 2011
/// art. 24.3), or set aside by art. 26.4 ([`self_exposed`]); `None` if it wins nothing or a
/// lone defender's advisor or elephant (art. 26.3).
pub(super) fn forced_attack(
    cache: &mut Cache,
    threat: &Position,
    before: &Position,
    m: Move,
    previous: Option<(&Position, Move)>,
    line: Line,
    mover: Color,
) -> Option<Attack> {
    let (_, v) = line.victim.filter(|_| line.gain > 0)?;
    let board = threat.board();
    // The capturer may have moved on the way (a check, then the capture): name the piece
    // that starts the line then.
    let a = line
        .victim
        .and_then(|(a, _)| board.piece_at(a).map(|_| a))
        .or(line.lead)?;
    let (attacker, victim) = (board.piece_at(a)?, board.piece_at(v)?);
    // CXA 2011 art. 26.3: a lone defender's attacks on advisors and elephants.
    if matches!(victim.role, Role::Advisor | Role::Elephant) && lone_defender(board, mover) {
        return None;
    }
    let mut attack = Attack {
        attacker: a,
        attacker_role: attacker.role,
        victim: v,
        victim_role: victim.role,
        protection: Protection::UnderRooted,
        gain: line.gain,
        reason: Reason::ForcedGain,
    };
    // Set aside by art. 26.4, the attack is named after a piece that stood attacking all
    // along, not the line's capturer, which may be the moved piece.
    let standing = previous
        .and_then(|(earlier, last)| self_exposed(cache, earlier, last, before, m, v, line.gain));
    if let Some(standing) = standing {
        attack.reason = Reason::SelfExposed;
        let named = if standing.contains(a) {
            Some(a)
        } else {
            standing
                .into_iter()
                .min_by_key(|&s| board.piece_at(s).map_or(usize::MAX, |p| role_rank(p.role)))
        };
        if let Some((s, p)) = named.and_then(|s| Some((s, board.piece_at(s)?))) {
            attack.attacker = s;
            attack.attacker_role = p.role;
        }
    }
    Some(attack)
}

/// CXA 2011 art. 26.4, "无直接参与且是己方走子造成被捉状态不予考虑": does the forced line that
/// wins `gain` by taking the piece on `v` stand only because the piece's
/// own side laid it open with its last move `last` (played in `earlier`, leading to `before`),
/// while the move `m` takes no direct part in it? If so, the pieces that attacked it all along.
///
/// - Laid open by its own side: the piece on `v` did not move, and had the last move not been
///   made, `m` would leave the piece out of reach of one of its attackers or keep a root it has
///   lost (the last move opened a line onto it, or cut a root: moved it away or blocked its
///   line).
/// - No direct part: a piece that stayed put attacked `v` before `m` and still does, `m` adds
///   no attacker of `v` (the moved piece included), and the line wins as much with the moved
///   piece standing where it went but taking no part ([`Aim`]'s `frozen`): it takes nothing
///   and gives no check, and may only answer a check or take back at once a piece of its side
///   that the other side took of its own accord (not a recapture in the line's own exchange).
///   The piece has then only left the danger that made the capture a bad bargain before, or
///   defends as it defended before; the book's "被捉状态" was made by the other side's move.
///   Taking it off the board instead (as this test did first) took away its defence too, and
///   so a root's return that still guards a piece the line would expose counted as part of
///   the win (参考图21: 车4进1 keeps rooting the cannon on d6 against 车二平六, and the book
///   calls it 闲); nor can a general be taken off (象甲联赛 00000332: 帅五平六 and back while
///   the black rook's leaving d6 lays the horse on d5 open to two rooks is 闲).
///
/// Neither test asks which capturer the search named: two lines may win the same piece, and
/// which one is found first depends on the order moves are tried in (a board turned round
/// tries them in another order); the book's test is the piece's state, not the line's.
///
/// 世界盃 00000526: 炮c5平b5 hits the rook on b0 and opens the c-file onto the horse on c7;
/// 车b0退a0 only saves the rook, and the standing 车c4×c7 that now pays is not its chase (闲).
/// 参考图1 keeps its chase: 马二退四 makes 马f5×e7 pay (the elephant laid open by the black
/// rook's leaving f6), but the horse on f4 is part of the win (伏前马进五吃象, 捉): its capture
/// of the rook on g6 is no take-back. So does 世界盃 00001359's b2-c4: the line takes the pawn
/// on e4 only if the horse on c4 takes back in the line's own exchange (on the cannon's point
/// e3, whose leg d4 opens when the black rook takes back on e4): a second attacker, not a
/// defender.
#[allow(clippy::too_many_arguments)]
pub(super) fn self_exposed(
    cache: &mut Cache,
    earlier: &Position,
    last: Move,
    before: &Position,
    m: Move,
    v: Square,
    gain: i32,
) -> Option<Bitboard> {
    let mover = before.turn();
    if earlier.turn() == mover || last.to == v || last.from == v {
        return None;
    }
    let victim = before.board().piece_at(v)?;
    if victim.color == mover {
        return None;
    }
    // The pieces of `side` attacking (or, for the piece's own side, guarding) `v`.
    let attackers = |pos: &Position, side: Color| -> Bitboard {
        let b = pos.board();
        let occupied = b.occupied();
        b.by_color(side)
            .into_iter()
            .filter(|&sq| {
                sq != v
                    && b.piece_at(sq)
                        .is_some_and(|p| piece_attacks(p, sq, occupied).contains(v))
            })
            .collect()
    };
    // No direct part, whichever capturer the search named (two lines may win the same, and
    // which one it finds first depends on the order moves are tried in): a piece that stayed
    // put attacked `v` before the move and still does, and the move adds no attacker of `v`,
    // the moved piece included.
    let now = after(before, m);
    let (before_attackers, now_attackers) = (attackers(before, mover), attackers(&now, mover));
    let standing = now_attackers & before_attackers;
    if now_attackers.contains(m.to) || (now_attackers & !before_attackers).any() || !standing.any()
    {
        return None;
    }
    // The move played as if the last move had not been made.
    let unmade = earlier
        .swap_turn()
        .filter(|p| p.is_legal(m))
        .map(|p| after(&p, m))?;
    // Opened: some attacker of `v` now (not only the capturer the search happened to name,
    // which may depend on the order moves are tried in) would not reach it had the last move
    // not been made.
    let attackers_then = attackers(&unmade, mover);
    let opened = unmade.board().piece_at(v) == Some(victim)
        && now_attackers.into_iter().any(|sq| {
            unmade.board().piece_at(sq) == now.board().piece_at(sq) && !attackers_then.contains(sq)
        });
    let (roots_then, roots_now) = (attackers(&unmade, !mover), attackers(&now, !mover));
    let cut = roots_then
        .into_iter()
        .any(|d| !roots_now.contains(if d == last.from { last.to } else { d }));
    if !opened && !cut {
        return None;
    }
    // No part of the win: with the moved piece where it went, taking nothing but back, the
    // line still takes `v` for as much.
    let frozen = now.swap_turn()?;
    let aim = Aim {
        target: Some(v),
        frozen: Some(m.to),
        ..Aim::default()
    };
    aiming_reaches(cache, &frozen, aim, gain).then_some(standing)
}

/// The chase a move makes by a forced line (CXA 2011 art. 24.3: "从下一着开始运用将军或连续
/// '将军'得子、通过完整互吃交换后吃掉对方子且得子"), for [`analyse_with`]: the line the mover
/// wins with the move played and the mover to move again (`threat`), if it wins something it
/// could not win before the move (`old`, arts. 24.3, 24.8, 图5), named by its victim and
/// weighed as [`forced_attack`] weighs it. `unrooted` holds the enemy pieces a direct attack
/// found unrooted or falsely rooted (victim, attacker, protection); `offered`, the pieces the
/// lines may not take (offered an exchange, or rooted by a forcing reply: see the caller);
/// `answering`, whether the move answers a check (a piece it wins must be one whose line the
/// answer opened: [`answer_opens_line`]). With the attack, the chases of the other pieces alike
/// the lines win (see below), and the moves of a line that makes the chase ([`line_moves`]),
/// for the explanation.
#[allow(clippy::too_many_arguments)]
pub(super) fn forced_line_chase(
    cache: &mut Cache,
    old: &OldAttacks<'_>,
    m: Move,
    previous: Option<(&Position, Move)>,
    threat: &Position,
    unrooted: &[(Square, Square, Protection)],
    stood: &[(Square, Square, i32)],
    offered: Bitboard,
    not_first: Bitboard,
    mate_depth: u32,
    answering: bool,
) -> Option<(Attack, Vec<Attack>, Vec<Move>)> {
    let (before, pos_after, mover) = (old.before, old.after, old.before.turn());
    // CXA 2011 arts. 26.4, 24.17: a win that art. 26.4 sets aside ("无直接参与且是己方走子
    // 造成被捉状态不予考虑") does not hide the move's other wins. Its pieces are barred from
    // the lines and the rest asked again, until a chase stands or nothing new is set aside
    // (图25: the cannon on f8, laid open by Black's own horse, is set aside; the horse on
    // d9, which the rook keeps chasing jointly, 联合捉子, comes next). Barred, not only left
    // out of the targets: a line through a set-aside piece would name another one.
    let mut set_aside = Bitboard::EMPTY;
    let mut fallback = None;
    // The moves of the lines weighed in the last round: (victim, gain, moves).
    let mut shown: Vec<(Square, i32, Vec<Move>)> = Vec::new();
    let made = loop {
        shown.clear();
        let aim = Aim {
            barred: offered | set_aside,
            not_first,
            ..Aim::default()
        };
        // Most moves win nothing by force: a null window at 1 proves that for less than the
        // whole search costs. A line that wins nothing is all [`OldAttacks::new_win`] needs to
        // name nothing (one that mates reaches the bound, and is searched whole).
        let line = if aiming_reaches(cache, threat, aim, 1) {
            let value_only = Aim {
                value_only: true,
                ..aim
            };
            forced_gain_aiming(cache, threat, value_only)
        } else {
            Line::default()
        };
        // A line that wins more than anything before is new; one that wins no more may still
        // win a piece that could not be won before.
        let (lines, asked) =
            old.new_win(cache, threat, line, offered | set_aside, not_first, stood);
        // Among pieces alike, one with no root that cannot leave its square is named first
        // (see `rootless` below), whichever the search met first. A false root is no root
        // (art. 24.16): such a piece is named with the protection a direct attack found.
        //
        // CXA 2011 arts. 24.15, 24.17: nor is the chase joint when the moved piece takes no
        // part in the win. A piece that stands attacking a victim with no root at all, whose
        // capture the move only makes pay by taking the mover's own hanging piece out of
        // harm's way, chases it alone (长捉无根子): 联合捉子 needs pieces "缺少其中任何一个都无法
        // 吃子", and with the moved piece off the board the capturer still takes the victim at
        // a gain (象甲联赛 00000013: 炮九退三 escapes the rook, and the rook on e4, there all
        // along, now wins the rootless cannon on e7). A moved piece that pins a root, cuts one or
        // makes a screen is part of the win and the chase stays joint (fig. 11).
        //
        // Every direct attack on the piece is asked, not the first the board's order lists: a
        // moved cannon that attacks it too (over a screen of its own) does not make the chase
        // of a rook that attacked it all along joint (as played the horse on b1 was met first
        // and the chase was single, with the colours swapped the cannon on c7, and the chase
        // was joint: `a_standing_attacker_chases_alone_whatever_the_order` in
        // tests/random_cycles.rs).
        let rootless = |cache: &mut Cache, v: Square, lead| -> Option<Protection> {
            let judged = || unrooted.iter().filter(move |&&(sq, _, _)| sq == v);
            // No root at all before a false one, whichever attack judged which.
            let protection = judged()
                .map(|&(_, _, protection)| protection)
                .min_by_key(|&protection| protection != Protection::Unrooted)?;
            if held_on_its_square(cache, pos_after, v, mate_depth, lead) {
                return Some(protection);
            }
            let standing =
                judged().any(|&(_, direct, _)| direct != m.to && !made_by(before, m, direct, v));
            let alone = standing && {
                let mut setup = threat.to_setup();
                setup.board.remove_piece_at(m.to);
                let aim = Aim {
                    target: Some(v),
                    ..Aim::default()
                };
                Position::from_diagram(setup)
                    .ok()
                    .is_some_and(|without| aiming_reaches(cache, &without, aim, 1))
            };
            alone.then_some(protection)
        };
        // The lines in the order they are weighed: with several, a rootless piece first.
        // A piece whose line is not searched yet is weighed by its point, its search led by
        // the first line's lead (a lead only orders the moves: [`held_on_its_square`]).
        let first_lead = lines.iter().find_map(|won| match won {
            Won::Line(line) => line.lead,
            Won::Pending { .. } => None,
        });
        let mut order: Vec<(Won, Option<Protection>)> = Vec::with_capacity(lines.len());
        for &candidate in &lines {
            let (victim, lead) = match candidate {
                Won::Line(line) => (line.victim.map(|(_, v)| v), line.lead),
                Won::Pending { square, .. } => (Some(square), first_lead),
            };
            let rootless = victim.and_then(|v| rootless(cache, v, lead));
            order.push((candidate, rootless));
        }
        order.sort_by_key(|&(_, rootless)| rootless.is_none());
        // The attack each line makes, and whether art. 26.4 sets it aside; the first line
        // that stands as a chase is the move's, failing that the first set aside. (Two pieces
        // alike may be won, one laid open by its own side and one not: the move chases the
        // other, whichever the search met first.) Every other piece alike (the same role and
        // worth, as rootless or not as the first) whose line stands as a chase is chased too
        // (CXA 2011 art. 24.11, "一子或数子"): the defender saves one, the other falls, and
        // which the search met first turns with the board (two pawns won alike,
        // `the_pieces_chased_throughout_do_not_turn_with_the_board` in tests/audit_cases_29.rs:
        // the pieces chased on every move named one pawn as played and the other mirrored).
        let mut made: Option<(Attack, Option<Protection>)> = None;
        let mut alike = Vec::new();
        let mut exposed = Bitboard::EMPTY;
        for (candidate, rootless) in order {
            // Once a piece is chased, only the further chases of pieces alike are looked for.
            let chasing = made
                .as_ref()
                .filter(|(attack, _)| attack.reason == Reason::ForcedGain);
            if chasing.is_some_and(|(_, first)| first.is_some() != rootless.is_some()) {
                continue;
            }
            // A pending piece's line, searched now: none, and the piece was never named.
            let line = match candidate {
                Won::Line(line) => line,
                Won::Pending { index, square } => {
                    match old.win_piece(cache, threat, &asked, stood, index, square) {
                        Some(line) => line,
                        None => continue,
                    }
                }
            };
            // A line that only finds a standing capture again names no chase, and does not
            // hide the move's other wins either: its piece is barred and the rest asked again.
            if let Some((_, v)) = line.victim
                && refinds_standing_capture(cache, old, m, threat, stood, &line)
            {
                exposed.add(v);
                continue;
            }
            let Some(mut attack) = forced_attack(cache, threat, before, m, previous, line, mover)
            else {
                continue;
            };
            // A piece with no root that cannot leave its square is chased on every move of
            // the chasing side (不能离线, 参考图39, 49: 马八进七 takes the horse out of the
            // rook's reach and is still 长捉无根子).
            let held_rootless = |cache: &mut Cache, v: Square| {
                unrooted.iter().any(|&(sq, _, _)| sq == v)
                    && held_on_its_square(cache, pos_after, v, mate_depth, line.lead)
            };
            // A line whose win a check takes back names no chase (暗根, art. 24.15); its piece is
            // barred and the rest asked again, as for a piece set aside. The line's moves are
            // kept for the explanation.
            if attack.reason == Reason::ForcedGain {
                let target = Aim {
                    target: Some(attack.victim),
                    ..aim
                };
                let moves = line_moves(cache, threat, target, line.gain);
                if taken_back_by_a_check(cache, threat, pos_after, aim, &line, &moves) {
                    attack.reason = Reason::HiddenRoot;
                    attack.protection = Protection::HiddenRoot;
                }
                shown.push((attack.victim, line.gain, moves));
            }
            if attack.reason == Reason::ForcedGain
                && escape_only(cache, before, pos_after, m, attack.victim)
                && !held_rootless(cache, attack.victim)
            {
                attack.reason = Reason::EscapeOnly;
            }
            // An answer to check chases only a piece whose line it opened itself (CXA 2011
            // arts. 26.2, 26.4: [`answer_opens_line`]); asked of each piece won, not of the
            // first named: of two rooks a line wins alike, the one the search names first
            // turns with the board (`an_answer_chases_the_piece_its_own_line_wins` in
            // tests/random_cycles.rs).
            if answering && !answer_opens_line(cache, previous, before, m, attack.victim) {
                continue;
            }
            if attack.reason == Reason::ForcedGain {
                if let Some((first, _)) = chasing {
                    let worth = |at: &Attack| value(at.victim_role, !mover, at.victim);
                    if attack.victim_role == first.victim_role && worth(&attack) == worth(first) {
                        alike.push((attack, rootless));
                    }
                } else {
                    made = Some((attack, rootless));
                }
                continue;
            }
            if chasing.is_some() {
                continue;
            }
            if matches!(
                attack.reason,
                Reason::SelfExposed | Reason::EscapeOnly | Reason::HiddenRoot
            ) {
                exposed.add(attack.victim);
            }
            made.get_or_insert((attack, rootless));
        }
        match made {
            Some((attack, _)) if attack.reason == Reason::ForcedGain => {
                break made.map(|m| (m, alike));
            }
            _ if (exposed & !set_aside).is_empty() => {
                break fallback.or(made).map(|m| (m, Vec::new()));
            }
            _ => {
                fallback = fallback.or(made);
                set_aside |= exposed;
            }
        }
    };
    let ((attack, rootless), alike) = made?;
    // A forced line needs more than the one capturing piece (a checker, a screen, a second
    // capturer): a joint chase (联合捉, art. 24.17), the victim having fewer roots than
    // attackers (少根, art. 24.15). But a victim with no root at all, which the capturer may
    // take at once and which cannot leave its square (不能离线), is chased by the capturer
    // alone: 长捉无根子 (art. 24.15, 参考图49). Any piece that may take it at once will do, so
    // that the answer does not depend on which of two equal lines the search named.
    let rooted = |(mut attack, rootless): (Attack, Option<Protection>)| {
        if let Some(protection) = rootless.filter(|_| attack.reason != Reason::HiddenRoot) {
            attack.protection = protection;
        }
        attack
    };
    let attack = rooted((attack, rootless));
    let alike: Vec<Attack> = alike.into_iter().map(rooted).collect();
    // The line, for the explanation: one that wins the piece named, as the search that named it
    // was aimed (what art. 26.4 sets aside is no chase, and its line is not shown).
    let line = if attack.reason == Reason::ForcedGain {
        let known = shown
            .into_iter()
            .find(|&(v, gain, _)| v == attack.victim && gain == attack.gain);
        match known {
            Some((_, _, moves)) => moves,
            None => {
                let aim = Aim {
                    target: Some(attack.victim),
                    barred: offered | set_aside,
                    not_first,
                    ..Aim::default()
                };
                line_moves(cache, threat, aim, attack.gain)
            }
        }
    } else {
        Vec::new()
    };
    Some((attack, alike, line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::fen::Fen;

    /// Each image is its own inverse, and carries the board's legal moves onto the image's:
    /// what [`taken_back_by_a_check`] relies on to walk a line named on an image.
    #[test]
    fn an_image_carries_moves_and_comes_back() {
        let fen = "2ba1k3/4a4/9/p8/8R/3p5/P4r2P/4C4/4K4/3A2B2 b - - 0 1";
        let pos: Position = fen.parse::<Fen>().unwrap().into_position().unwrap();
        for image in Image::ALL {
            let seen = image.position(&pos).unwrap();
            let back = image.position(&seen).unwrap();
            assert_eq!(back.zobrist_hash(), pos.zobrist_hash(), "{image:?}");
            assert_eq!(
                seen.turn(),
                if image.swap { !pos.turn() } else { pos.turn() }
            );
            let moves = pos.legal_moves();
            assert_eq!(moves.len(), seen.legal_moves().len(), "{image:?}");
            for m in moves {
                assert!(seen.is_legal(image.mv(m)), "{image:?} {m:?}");
                assert_eq!(image.mv(image.mv(m)), m);
            }
        }
    }
}
