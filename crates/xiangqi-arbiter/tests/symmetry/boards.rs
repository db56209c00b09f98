//! Random boards and the four-ply shuffles played on them, shared by the random-cycle
//! properties (`random_cycles`, `random_threats`): the board drawn from the property's input,
//! the cycle built on it, and what every ruling of such a cycle must hold.
#![allow(dead_code)]

use std::num::NonZeroU32;

use proptest::prelude::*;
use xiangqi::iccs::Iccs;
use xiangqi::{Bitboard, Board, Color, Move, Position, Role, Setup, Square};
use xiangqi_arbiter::{
    Attack, MoveAnalysis, MoveNature, Protection, Reason, RuleSet, Ruling, Verdict, mate_by_checks,
    rule_game,
};

/// The fifteen pieces of a side besides its general.
const ARMY: [Role; 15] = [
    Role::Rook,
    Role::Rook,
    Role::Horse,
    Role::Horse,
    Role::Cannon,
    Role::Cannon,
    Role::Advisor,
    Role::Advisor,
    Role::Elephant,
    Role::Elephant,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];

/// Some of both armies anywhere (`pieces[i]` places the `i % 15`-th piece of red's army, then
/// black's, or leaves it off; advisors and elephants on their side of the river), both
/// generals in their palaces; kept when it is a position a
/// diagram may show ([`Position::from_diagram`]), which is what `xiangqi adjudicate --diagram`
/// accepts.
pub fn diagram(pieces: &[Option<usize>], kings: (usize, usize), black: bool) -> Option<Position> {
    let mut board = Board::empty();
    for (i, &sq) in pieces.iter().enumerate() {
        let Some(sq) = sq else { continue };
        let piece = ARMY[i % 15].of(Color::ALL[i / 15]);
        let mut sq = Square::ALL[sq];
        // Advisors and elephants stay on their side of the river, as a diagram must show them.
        if matches!(piece.role, Role::Advisor | Role::Elephant)
            && !Bitboard::home_side(piece.color).contains(sq)
        {
            sq = sq.rotate();
        }
        if board.piece_at(sq).is_none() {
            board.set_piece_at(sq, piece);
        }
    }
    for (color, i) in [(Color::Red, kings.0), (Color::Black, kings.1)] {
        let sq = Bitboard::palace(color).into_iter().nth(i)?;
        board.remove_piece_at(sq);
        board.set_piece_at(sq, Role::King.of(color));
    }
    Position::from_diagram(Setup {
        board,
        turn: if black { Color::Black } else { Color::Red },
        halfmoves: 0,
        fullmoves: NonZeroU32::MIN,
    })
    .ok()
}

/// The legal moves of the side to move that take nothing, in the order the board lists them.
pub fn quiet_moves(pos: &Position) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|m| !m.is_capture())
        .collect()
}

/// The `k`-th quiet move of the side to move (counted round), if it has one.
pub fn quiet(pos: &Position, k: usize) -> Option<Move> {
    let quiet = quiet_moves(pos);
    quiet.get(k % quiet.len().max(1)).copied()
}

/// The move from `to` back to `from` in `pos`, if legal.
pub fn back(pos: &Position, m: Move) -> Option<Move> {
    pos.find_move(m.to, m.from).filter(|&b| pos.is_legal(b))
}

/// Two rounds of a four-ply shuffle from `start` (each side moves a piece, `first` and
/// `second` choosing the moves, and takes it back): the start position occurs at plies 0, 4
/// and 8.
pub fn shuffle_by(
    start: &Position,
    first: impl Fn(&Position) -> Option<Move>,
    second: impl Fn(&Position) -> Option<Move>,
) -> Option<Vec<Move>> {
    let mut pos = start.clone();
    let m1 = first(&pos)?;
    pos.play_unchecked(m1);
    let m2 = second(&pos)?;
    pos.play_unchecked(m2);
    let b1 = back(&pos, m1)?;
    pos.play_unchecked(b1);
    let b2 = back(&pos, m2)?;
    pos.play_unchecked(b2);
    (pos.zobrist_hash() == start.zobrist_hash()).then(|| vec![m1, m2, b1, b2, m1, m2, b1, b2])
}

/// [`shuffle_by`] with the `k.0`-th and `k.1`-th quiet moves.
pub fn shuffle(start: &Position, k: (usize, usize)) -> Option<Vec<Move>> {
    shuffle_by(start, |p| quiet(p, k.0), |p| quiet(p, k.1))
}

/// What every ruling of a cycle from `start` must hold, under both books: there is one (the
/// start occurs a third time), with a line of explanation per ply in both languages; a side
/// that plays only allowed moves is never the one to change, and with both allowed it is a
/// draw; ruled twice, the same; mirrored the same, with the colours swapped the swapped
/// verdict, move by move ([`super::check`]); entered at each of its positions, the same
/// ([`super::rotations`]).
pub fn ruled_soundly(start: &Position, moves: &[Move]) -> Result<(), TestCaseError> {
    for rules in [RuleSet::cxa2011(), RuleSet::wxf2018()] {
        let ruling = rule_game(start, moves, &rules);
        prop_assert!(
            ruling.is_some(),
            "no ruling for {moves:?} under {:?}",
            rules.book
        );
        let Some(ruling) = ruling else { continue };
        // One line per judged ply, in both languages.
        for ply in 1..=moves.len() {
            prop_assert!(
                ruling.explanation.en().contains(&format!("\n{ply}. ")),
                "{}",
                ruling.explanation.en()
            );
            prop_assert!(
                ruling.explanation.zh().contains(&format!("\n{ply}. ")),
                "{}",
                ruling.explanation.zh()
            );
        }
        // A side that plays only allowed moves is never the one to change.
        for color in [Color::Red, Color::Black] {
            if !ruling.side(color).forbidden {
                prop_assert!(ruling.verdict.offender() != Some(color));
            }
        }
        if !ruling.side(Color::Red).forbidden && !ruling.side(Color::Black).forbidden {
            prop_assert_eq!(ruling.verdict, Verdict::Draw);
        }
        explained_soundly(start, moves, &ruling)?;
        let again = rule_game(start, moves, &rules).map(|r| r.verdict);
        prop_assert_eq!(again, Some(ruling.verdict));
        // Mirrored left to right the same, colours swapped the swapped verdict.
        let symmetric = super::check(start, moves, &rules, Some(ruling.verdict));
        prop_assert!(symmetric.is_ok(), "{:?} under {:?}", symmetric, rules.book);
        // Entered at each of the cycle's positions, the same verdict and natures: a cycle is
        // ruled as a whole (CXA 2011 art. 23.1; WXF 2018 ch. 5).
        let rotated = super::rotations(start, moves, &rules);
        prop_assert!(rotated.is_ok(), "{:?} under {:?}", rotated, rules.book);
    }
    Ok(())
}

/// What a ruling says of each judged move holds on the board (the definitions, not the
/// engine's code):
/// - the move is the one played, and every attack names the mover's piece on its point and the
///   other side's piece on its target's;
/// - 将 is a check and 应将 a move made in check (CXA 2011 arts. 24.1, 26.2);
/// - the move's nature is the heaviest of its labels (art. 24: 将 杀 捉 兑 献 拦 跟 闲), and each
///   attack's reason fits the pieces it names ([`reason_fits`]);
/// - every attack that no line of several moves makes is a legal capture once the other side
///   has passed;
/// - 杀 mates by checks with the mover to move again (art. 24.2; within five checks, the
///   arbiter's deepest line);
/// - a direct chase of an unguarded piece or one at a gain (无根子, 得子: arts. 24.3, 24.15) is
///   a legal capture once the other side has passed ("从下一着开始", art. 24.3);
/// - 有根: a legal recapture after the attacker takes; 少根: after some capture of the mover's
///   side; 无根, 假根: none (arts. 24.15, 24.16);
/// - a forced line shown to the players (伏着) is legal move by move and takes something.
///
/// A label that names a piece the board does not hold, or a line a player cannot play, is
/// wrong whatever the verdict.
pub fn explained_soundly(
    start: &Position,
    moves: &[Move],
    ruling: &Ruling,
) -> Result<(), TestCaseError> {
    let mut positions = vec![start.clone()];
    for &m in moves {
        let mut next = positions[positions.len() - 1].clone();
        next.play_unchecked(m);
        positions.push(next);
    }
    // The judged plies end with the last move (the span from the occurrence the ruling counts
    // from, `rule_cycle`).
    prop_assert!(
        ruling.moves.len() <= moves.len(),
        "{} analyses for {} plies",
        ruling.moves.len(),
        moves.len()
    );
    let first = moves.len() - ruling.moves.len();
    for (i, analysis) in ruling.moves.iter().enumerate() {
        let ply = first + 1 + i;
        let played = Iccs::from_move(moves[ply - 1]).to_string();
        prop_assert_eq!(&analysis.iccs, &played, "ply {}", ply);
        let after = &positions[ply];
        let board = after.board();
        for attack in &analysis.attacks {
            let attacker = board.piece_at(attack.attacker);
            prop_assert!(
                attacker
                    .is_some_and(|p| p.color == analysis.mover && p.role == attack.attacker_role),
                "ply {ply}: {attack:?} names an attacker the board does not hold"
            );
            let victim = board.piece_at(attack.victim);
            prop_assert!(
                victim.is_some_and(|p| p.color != analysis.mover && p.role == attack.victim_role),
                "ply {ply}: {attack:?} names a target the board does not hold"
            );
        }
        // A check is labelled one, and a move out of check an answer to it (CXA 2011 arts. 24.1,
        // 26.2).
        prop_assert_eq!(analysis.check, after.is_check(), "ply {}: check", ply);
        prop_assert_eq!(
            analysis.evasion,
            positions[ply - 1].is_check(),
            "ply {}: evasion",
            ply
        );
        // The nature is the heaviest of the move's labels (CXA 2011 art. 24, 将 杀 捉 兑 献 拦 跟
        // 闲 in that order).
        let heaviest = [
            (analysis.check, MoveNature::Check),
            (analysis.mate_threat, MoveNature::MateThreat),
            (
                analysis.attacks.iter().any(|a| a.is_chase()),
                MoveNature::Chase,
            ),
            (analysis.exchange, MoveNature::Exchange),
            (analysis.sacrifice, MoveNature::Sacrifice),
            (analysis.block, MoveNature::Block),
            (analysis.follow, MoveNature::Follow),
        ]
        .into_iter()
        .find_map(|(labelled, nature)| labelled.then_some(nature))
        .unwrap_or(MoveNature::Idle);
        prop_assert_eq!(analysis.nature, heaviest, "ply {}: the nature", ply);
        for attack in &analysis.attacks {
            prop_assert!(
                reason_fits(attack, analysis),
                "ply {ply}: {attack:?}: the reason does not fit the pieces"
            );
        }
        // The mover to move again, as if the other side had passed; not after a check.
        let Some(again) = after.swap_turn() else {
            continue;
        };
        // 杀 aims to mate by a check or checks (CXA 2011 art. 24.2): the mover, to move again,
        // mates so (the deepest line the arbiter looks for has five checks).
        prop_assert!(
            !analysis.mate_threat || mate_by_checks(&again, 5),
            "ply {ply}: labelled 杀 with no mate by checks"
        );
        let legal = again.legal_moves();
        // The other way round: a move made out of no check, not the general's (art. 26.2),
        // after which the mover, to move again, mates by checks (within three of its moves)
        // where it could not before, threatens mate (杀, art. 24.2), unless it offers an
        // exchange of the piece the mate takes (the book's 图29: "车一平二（兑）"). An answer to a
        // check is not asked: a mate the checker laid open by its own check (自毙, art. 24 and
        // 26.2: "不得视为另一方造成") is no 杀 of the answer's, and only a new 杀法 is.
        if !analysis.evasion
            && analysis.role != Role::King
            && !analysis.exchange
            && mate_by_checks(&again, 3)
        {
            prop_assert!(
                mate_by_checks(&positions[ply - 1], 5) || analysis.mate_threat,
                "ply {ply}: a new mate by checks, but no 杀: {analysis:?} ({} {})",
                xiangqi::fen::Fen::from_position(start),
                moves
                    .iter()
                    .map(|m| Iccs::from_move(*m).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
        // The other way round: a chase no exception of the books touches is named one.
        for (x, v) in plain_chases(&positions[ply - 1], moves[ply - 1], &again) {
            prop_assert!(
                analysis
                    .attacks
                    .iter()
                    .any(|a| a.attacker == x && a.victim == v && a.is_chase()),
                "ply {ply}: {x:?} takes {v:?} freely, but no chase is named: {analysis:?}"
            );
        }
        let takes_back_after = |capture: Move, v: Square| {
            let mut taken = again.clone();
            taken.play_unchecked(capture);
            taken.legal_moves().iter().any(|m| m.to == v)
        };
        for attack in &analysis.attacks {
            let capture = legal
                .iter()
                .copied()
                .find(|m| m.from == attack.attacker && m.to == attack.victim);
            // A chase that a line of several moves makes (强制得子, a held rook, one set aside by
            // art. 26.4) is labelled 少根 for the joint chase it is (art. 24.17, see
            // `forced_line_chase`), not for the roots on its point.
            // So is a line's win that a check takes back (暗根, `taken_back_by_a_check`), named
            // after the line's capturer as the chase would have been.
            let line_made = matches!(
                attack.reason,
                Reason::ForcedGain
                    | Reason::HeldOnItsLine
                    | Reason::SelfExposed
                    | Reason::EscapeOnly
            ) || (attack.reason == Reason::HiddenRoot && capture.is_none());
            prop_assert!(
                line_made || capture.is_some(),
                "ply {ply}: {attack:?} is no legal capture"
            );
            let Some(capture) = capture.filter(|_| !line_made) else {
                continue;
            };
            let v = attack.victim;
            // An under-rooted piece's exchange may start with another of the mover's pieces.
            let rooted = match attack.protection {
                Protection::Rooted => Some(takes_back_after(capture, v)),
                Protection::UnderRooted => {
                    Some(legal.iter().any(|&m| m.to == v && takes_back_after(m, v)))
                }
                Protection::Unrooted | Protection::FalseRoot => Some(takes_back_after(capture, v)),
                Protection::HiddenRoot => None,
            };
            let says_rooted = matches!(
                attack.protection,
                Protection::Rooted | Protection::UnderRooted
            );
            prop_assert!(
                rooted.is_none_or(|r| r == says_rooted),
                "ply {ply}: {attack:?}: the label says {:?}, but a recapture is {}",
                attack.protection,
                if rooted == Some(true) {
                    "there"
                } else {
                    "not there"
                }
            );
        }
        if analysis.forced_line.is_empty() {
            continue;
        }
        let mut line = again.clone();
        let mut took = false;
        for (k, text) in analysis.forced_line.iter().enumerate() {
            let m = text
                .parse::<Iccs>()
                .ok()
                .and_then(|c| c.to_move(&line).ok());
            prop_assert!(
                m.is_some_and(|m| line.is_legal(m)),
                "ply {ply}: the forced line {:?} is not legal at its move {k}",
                analysis.forced_line
            );
            let Some(m) = m else { break };
            took |= line.turn() == analysis.mover && m.capture.is_some();
            line.play_unchecked(m);
        }
        prop_assert!(
            took,
            "ply {ply}: the forced line {:?} takes nothing",
            analysis.forced_line
        );
    }
    Ok(())
}

/// The property's runs: `cases` boards drawn from the fixed seed `seed`, so that every CI run
/// rules the same boards and a failure there is one that can be rebuilt; a wider search sets
/// its own seed (`PROPTEST_RNG_SEED=N`) and number (`PROPTEST_CASES=N`).
pub fn seeded_config(cases: u32, seed: u64) -> ProptestConfig {
    let defaults = ProptestConfig::default();
    let seeded = std::env::var_os("PROPTEST_RNG_SEED").is_some();
    let counted = std::env::var_os("PROPTEST_CASES").is_some();
    ProptestConfig {
        cases: if counted { defaults.cases } else { cases },
        rng_seed: if seeded {
            defaults.rng_seed
        } else {
            proptest::test_runner::RngSeed::Fixed(seed)
        },
        ..defaults
    }
}

/// Does the reason fit the pieces it names (the definitions the reasons quote)?
/// - 马炮捉车: a horse or cannon on a rook (AXF rules 15, 20, 21); 仕相捉强子: an advisor or
///   elephant on a rook, horse or cannon (AXF ch. 4 §1);
/// - 同类子, 邀兑受损, 车马(炮)同时接触: a piece on one of its own kind (CXA 2011 arts. 24.4,
///   26.10, 26.11.1), and 兑 also a rook beside such an offer, on a horse or cannon (26.11.2);
/// - the king's or a pawn's own attack is theirs (26.1, 26.8); an uncrossed pawn is a pawn
///   (26.7); a king's answer to check is a king's move in check (26.2); the lone defender's
///   targets are advisors and elephants (26.3); the pawn with others is a pawn (26.1);
/// - a piece held on a horse's leg attacks that horse, a held rook is a rook (AXF rule 19);
/// - 兑换得子 gains, 无根子 is not fully rooted, 有根子 has a root, 暗根 a hidden one (24.15).
fn reason_fits(attack: &Attack, analysis: &MoveAnalysis) -> bool {
    let (a, v) = (attack.attacker_role, attack.victim_role);
    let minor = |r: Role| matches!(r, Role::Horse | Role::Cannon);
    match attack.reason {
        Reason::RookByMinor => minor(a) && v == Role::Rook,
        Reason::StrongByWeak => {
            matches!(a, Role::Advisor | Role::Elephant) && (minor(v) || v == Role::Rook)
        }
        Reason::SameType => a == v || (a == Role::Rook && minor(v)),
        Reason::SameTypeNoRecapture | Reason::RookContact | Reason::UnsafeOffer => a == v,
        Reason::KingOrPawn => matches!(a, Role::King | Role::Pawn),
        Reason::UncrossedPawn => v == Role::Pawn,
        Reason::CheckEvasionByKing => analysis.evasion && analysis.role == Role::King,
        Reason::LoneDefender => matches!(v, Role::Advisor | Role::Elephant),
        Reason::PawnWithOthers => a == Role::Pawn,
        Reason::Immobile => v == Role::Horse,
        Reason::ImmobileRook => v == Role::Rook,
        Reason::MaterialGain => attack.gain > 0,
        Reason::NoRoot => attack.protection.is_not_fully_rooted(),
        Reason::Protected => !attack.protection.is_unrooted(),
        Reason::HiddenRoot => attack.protection == Protection::HiddenRoot,
        // Art. 26.1: a general's or pawn's move that lets another piece chase is 捉.
        Reason::EscapeOnly => !matches!(analysis.role, Role::King | Role::Pawn),
        _ => true,
    }
}

/// Chases no exception of either book can touch, found from the board alone: the piece just
/// moved (taking part directly, CXA 2011 art. 26.4), neither a general nor a pawn (26.1, 26.8),
/// can take, once the other side has passed (art. 24.3), a rook, horse or cannon (no pawn, 26.7;
/// no advisor or elephant, 26.3) that nothing of the mover's could take before the move (a new
/// attack, art. 24.3); the target itself can take nothing (no offer, no contact: arts. 24.4,
/// 26.10, 26.11); and after the capture the other side has no capture and no check, and no
/// move that checks (no root, not even a hidden one, and the capturer was guarding nothing:
/// arts. 24.15, 26.5). Each is a 捉 of a 无根子 under both books (art. 24.3; AXF rule 18).
pub fn plain_chases(before: &Position, m: Move, again: &Position) -> Vec<(Square, Square)> {
    let mover = before.turn();
    let x = m.to;
    let moved = again.board().piece_at(x);
    let Some(theirs) = again.swap_turn() else {
        return Vec::new();
    };
    if moved.is_none_or(|p| matches!(p.role, Role::King | Role::Pawn)) {
        return Vec::new();
    }
    // Points the mover could take on before its move, and the other side's pieces that can
    // take something (an offer, a contact) after it.
    let taken_before: Vec<Square> = before.legal_moves().iter().map(|b| b.to).collect();
    let takers: Vec<Square> = theirs
        .legal_moves()
        .iter()
        .filter(|t| t.capture.is_some())
        .map(|t| t.from)
        .collect();
    // After the capture: no check given, no capture or checking move for the other side.
    let free_after = |c: Move| {
        let mut taken = again.clone();
        taken.play_unchecked(c);
        !taken.is_check()
            && !taken.legal_moves().iter().any(|t| {
                let mut p = taken.clone();
                p.play_unchecked(*t);
                t.capture.is_some() || p.is_check()
            })
    };
    again
        .legal_moves()
        .iter()
        .copied()
        .filter(|c| c.from == x && !taken_before.contains(&c.to) && !takers.contains(&c.to))
        .filter(|c| {
            again.board().piece_at(c.to).is_some_and(|t| {
                t.color != mover && matches!(t.role, Role::Rook | Role::Horse | Role::Cannon)
            })
        })
        .filter(|&c| free_after(c))
        .map(|c| (x, c.to))
        .collect()
}
