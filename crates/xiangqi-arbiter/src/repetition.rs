//! Repetition rulings (棋例): find the cycle, classify each move, rule.
//!
//! # The cycle
//! A position is ruled when it occurs for the [`crate::RuleSet::ruling_occurrences`]th time
//! (three: CXA 2011 arts. 23.1, 23.3; WXF 2018 art. 3.1.C) since the last capture. Every move
//! from its first counted occurrence to now is classified, not just the last period: a cycle
//! may be irregular (AXF D3, D13).
//!
//! CXA 2011 art. 23.4 (the nine-round rule) lets a claim through without a threefold
//! repetition: see [`Ruling::nine_rounds`], and [`crate::Game::claim_nine_rounds`] for the
//! claim in a game.
//!
//! # Per side
//! - **WXF 2018 / AXF**: a side checks perpetually (长将) when every one of its moves checks; it
//!   chases perpetually (长捉) when one and the same enemy piece is chased on every one of its
//!   moves (followed from point to point as it flees, as Fairy-Stockfish does), so alternate
//!   chases of two pieces (分捉, AXF rules 16, 32) and one check among chases (rule 12) break
//!   it. Mate threats, blocks, exchanges and sacrifices are allowed (rules 9, 39, 40).
//! - **CXA 2011**: every move of the side is 将, 杀 or 捉 (of one or several pieces, art.
//!   24.11): forbidden, named 长将, 长杀, 长捉, 一将一杀, 一将一捉, 一杀一捉 (art. 24.13); any
//!   idle move among them makes it allowed (art. 24.14).
//!
//! # Verdict
//! See [`Verdict`] and the arms of `verdict_wxf` / `verdict_cxa`, each citing its article.
//! Where both sides play forbidden moves under CXA 2011 and art. 26.9's lists decide, a side's
//! pattern is "listed" (26.9.1) when it is 长杀, 一将一杀, or every one of its chases is of a
//! rook or a piece not fully protected (无根子 as art. 24.15 splits pieces: "反之称为无根子",
//! a 少根子 and a 假根子 included; [`Protection::is_not_fully_rooted`]); 26.9.2–3 (a single
//! chase against a joint chase of the same kind, a rook against a rook, an unrooted piece
//! against a piece jointly won) then break ties. A chase is joint (联合捉, art. 24.17) when
//! the target has fewer roots than attackers, or when a cannon takes over a screen of its own
//! that attacks the target too and alone does not win it (图10, 参考图38). This reading of
//! 26.9 follows the digest in `shared/rules/repetition-rules.md`.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use xiangqi::{Bitboard, Color, Move, Piece, Position, Role};

use crate::{
    classify::{
        Attack, Cache, MoveAnalysis, MoveNature, Protection, Reason, analyse_with, deepen,
        gain_alone, wins_without,
    },
    explain::{Draft, Explanation},
    rules::{Book, RuleSet},
};

/// What a side's moves over the cycle add up to. CXA 2011 arts. 24.9–24.14.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    /// 长将: every move checks. CXA 2011 art. 24.9; AXF rule 6.
    PerpetualCheck,
    /// 长杀: every move threatens mate. CXA 2011 art. 24.10; AXF rule 9.
    PerpetualMateThreat,
    /// 长捉: every move chases. CXA 2011 art. 24.11; AXF ch. 4 §1.
    PerpetualChase,
    /// 一将一杀: checks and mate threats. CXA 2011 art. 24.13; AXF rule 11.
    CheckAndMateThreat,
    /// 一将一捉: checks and chases. CXA 2011 art. 24.13; AXF rule 12.
    CheckAndChase,
    /// 一杀一捉: mate threats and chases. CXA 2011 art. 24.13.
    MateThreatAndChase,
    /// 将杀捉: checks, mate threats and chases. CXA 2011 art. 24.13.
    CheckMateThreatAndChase,
    /// 分捉: chases on every move, but of different pieces in turn. AXF rules 16, 32 (allowed
    /// under WXF 2018; under CXA 2011 art. 24.11 it is 长捉).
    SplitChase,
    /// Some move is none of 将 杀 捉: allowed play (允许着法). CXA 2011 art. 24.14.
    Allowed,
}

impl Pattern {
    /// The book's name.
    pub const fn zh(self) -> &'static str {
        match self {
            Pattern::PerpetualCheck => "长将",
            Pattern::PerpetualMateThreat => "长杀",
            Pattern::PerpetualChase => "长捉",
            Pattern::CheckAndMateThreat => "一将一杀",
            Pattern::CheckAndChase => "一将一捉",
            Pattern::MateThreatAndChase => "一杀一捉",
            Pattern::CheckMateThreatAndChase => "将杀捉交替",
            Pattern::SplitChase => "分捉",
            Pattern::Allowed => "允许着法",
        }
    }

    /// English.
    pub const fn en(self) -> &'static str {
        match self {
            Pattern::PerpetualCheck => "perpetual check",
            Pattern::PerpetualMateThreat => "perpetual mate threat",
            Pattern::PerpetualChase => "perpetual chase",
            Pattern::CheckAndMateThreat => "check and mate threat",
            Pattern::CheckAndChase => "check and chase",
            Pattern::MateThreatAndChase => "mate threat and chase",
            Pattern::CheckMateThreatAndChase => "checks, mate threats and chases",
            Pattern::SplitChase => "chases of different pieces in turn",
            Pattern::Allowed => "allowed play",
        }
    }

    fn from_natures(natures: &[MoveNature]) -> Pattern {
        let has = |n| natures.contains(&n);
        if natures.is_empty() || natures.iter().any(|n| !n.is_attacking()) {
            return Pattern::Allowed;
        }
        match (
            has(MoveNature::Check),
            has(MoveNature::MateThreat),
            has(MoveNature::Chase),
        ) {
            (true, false, false) => Pattern::PerpetualCheck,
            (false, true, false) => Pattern::PerpetualMateThreat,
            (false, false, true) => Pattern::PerpetualChase,
            (true, true, false) => Pattern::CheckAndMateThreat,
            (true, false, true) => Pattern::CheckAndChase,
            (false, true, true) => Pattern::MateThreatAndChase,
            _ => Pattern::CheckMateThreatAndChase,
        }
    }
}

/// One side's play over the cycle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideSummary {
    /// The nature of each of its moves, in order.
    pub natures: Vec<MoveNature>,
    /// What they add up to.
    pub pattern: Pattern,
    /// Is its play forbidden under the book?
    pub forbidden: bool,
    /// The points (at the cycle's start) of the enemy pieces chased on every one of its moves.
    pub perpetual_victims: Vec<String>,
    /// CXA 2011 art. 26.9.1: its forbidden pattern is on the list that must change (its chases
    /// of a rook or of an unguarded piece; a joint chase of a piece guarded once is not).
    pub listed: bool,
    /// It chases a rook on its chasing moves. CXA 2011 art. 26.9.1–2.
    pub chases_rook: bool,
    /// Some chase needs two or more of its pieces (联合捉). CXA 2011 art. 24.17.
    pub joint: bool,
    /// Some joint chase (联合捉: fewer roots than attackers, or a cannon over a screen of its own
    /// that attacks the target too and alone does not win it) is of a rook: the 联合捉车 of CXA
    /// 2011 art. 26.9.2.
    #[serde(default)]
    pub joint_rook: bool,
    /// Some joint chase (联合捉, as for `joint_rook`) is of a piece other than a rook, a piece its roots cannot
    /// hold against the joined attackers: the 联合捉无根子 of CXA 2011 art. 26.9.3.
    #[serde(default)]
    pub joint_other: bool,
    /// It chases a piece not fully protected (unrooted, falsely or under-rooted:
    /// [`Protection::is_not_fully_rooted`]) on its chasing moves: the 长捉无根子 of CXA 2011
    /// arts. 26.9.1, 26.9.3. The field keeps its name for JSON already written.
    #[serde(default)]
    pub chases_unrooted: bool,
    /// Its perpetual chase is only the attack of a piece held on an enemy horse's leg on that
    /// horse. AXF rule 19 (D39–41). WXF 2018 only.
    #[serde(default)]
    pub only_held_piece_chases: bool,
    /// It chases a rook held on a horse's leg. AXF rule 19. WXF 2018 only.
    #[serde(default)]
    pub chases_held_rook: bool,
}

/// How a repetition is ruled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Neither side must change: a draw if both go on. CXA 2011 arts. 25.2, 26.9.4; WXF 2018
    /// art. 3.2.B–C.
    Draw,
    /// This side plays forbidden moves and must change or lose. CXA 2011 arts. 23.5.2, 25.3,
    /// 4.1.5; WXF 2018 arts. 3.1.C, 3.1.H–I.
    MustChange(#[serde(with = "crate::wire::color")] Color),
    /// This side loses at once: a unilateral perpetual check under CXA 2011 (arts. 23.5.1,
    /// 25.1, 4.1.4), or a side that went on after being told to change.
    Loses(#[serde(with = "crate::wire::color")] Color),
}

impl Verdict {
    /// The same verdict with the colours swapped: the ruling of the position seen from the
    /// other side.
    pub fn swap_colors(self) -> Verdict {
        match self {
            Verdict::Draw => Verdict::Draw,
            Verdict::MustChange(c) => Verdict::MustChange(!c),
            Verdict::Loses(c) => Verdict::Loses(!c),
        }
    }

    /// `draw`, `red_must_change`, `black_loses`, … as the CLI's JSON writes it.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Draw => "draw",
            Verdict::MustChange(Color::Red) => "red_must_change",
            Verdict::MustChange(Color::Black) => "black_must_change",
            Verdict::Loses(Color::Red) => "red_loses",
            Verdict::Loses(Color::Black) => "black_loses",
        }
    }

    /// The side at fault, if any.
    pub fn offender(self) -> Option<Color> {
        match self {
            Verdict::Draw => None,
            Verdict::MustChange(c) | Verdict::Loses(c) => Some(c),
        }
    }
}

/// A repetition ruling.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// Whose rules.
    pub book: Book,
    /// The verdict.
    pub verdict: Verdict,
    /// The plies (0 = the start position) at which the ruled position occurred.
    pub occurrences: Vec<usize>,
    /// Red's play.
    pub red: SideSummary,
    /// Black's play.
    pub black: SideSummary,
    /// Every move of the cycle, analysed.
    pub moves: Vec<MoveAnalysis>,
    /// Why, move by move, with the articles.
    pub explanation: Explanation,
}

impl Ruling {
    /// One side's summary.
    pub fn side(&self, color: Color) -> &SideSummary {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

/// The plies (indices into `hashes`, which holds the hash after each ply, index 0 the start)
/// at which the last position occurred, counted back to `since` (the ply after the last
/// capture), when it occurred at least `times` times.
pub fn occurrences(hashes: &[u64], since: usize, times: usize) -> Option<Vec<usize>> {
    let (&last, _) = hashes.split_last()?;
    if since >= hashes.len() {
        return None;
    }
    let found: Vec<usize> = (since..hashes.len())
        .filter(|&i| hashes[i] == last)
        .collect();
    (found.len() >= times.max(2)).then_some(found)
}

/// The first ply whose position counts towards a repetition, `since` being the ply just after
/// the last capture (0 when there was none). Under CXA 2011 the move that enters a cycle counts
/// unless it captured (art. 23.2: "如首着为吃子应予扣除不计算在循环反复之内"): a position made
/// by a capture is not its first occurrence. WXF 2018 counts every position since the capture,
/// as Fairy-Stockfish does.
pub fn counted_from(since: usize, rules: &RuleSet) -> usize {
    match rules.book {
        Book::Cxa2011 if since > 0 => since + 1,
        _ => since,
    }
}

/// Rules the repetition ending the game `moves` from `start`, if its last position occurred
/// [`RuleSet::ruling_occurrences`] times since the last capture. Moves that are not legal end
/// the walk: the ruling covers the legal prefix.
pub fn rule_game(start: &Position, moves: &[Move], rules: &RuleSet) -> Option<Ruling> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(start.clone());
    let mut since = 0;
    let mut legal = 0;
    for &m in moves {
        let Some(pos) = positions.last() else { break };
        if !pos.is_legal(m) {
            break;
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        positions.push(next);
        legal += 1;
        if m.is_capture() {
            since = legal;
        }
    }
    let hashes: Vec<u64> = positions.iter().map(Position::zobrist_hash).collect();
    let occ = occurrences(
        &hashes,
        counted_from(since, rules),
        rules.ruling_occurrences as usize,
    )?;
    Some(rule_cycle(&positions, &moves[..legal], &occ, rules))
}

/// Rules a cycle: `positions[i]` is the position before `moves[i]` (one more position than
/// moves), `occurrences` the plies at which the last position occurred (at least two).
pub fn rule_cycle(
    positions: &[Position],
    moves: &[Move],
    occurrences: &[usize],
    rules: &RuleSet,
) -> Ruling {
    let need = (rules.ruling_occurrences as usize).max(2);
    let first = occurrences
        .len()
        .checked_sub(need)
        .and_then(|i| occurrences.get(i))
        .copied()
        .unwrap_or(0);
    let end = moves.len().min(positions.len().saturating_sub(1));
    let first = first.min(end);
    let header = Header::Cycle {
        occurrences: occurrences.to_vec(),
        end,
    };
    let (analyses, red, black) = judge_span(positions, moves, first, end, rules);
    finish_ruling(
        rules,
        first,
        occurrences.to_vec(),
        header,
        analyses,
        red,
        black,
    )
}

/// Rounds (回合) of forbidden play that CXA 2011 art. 23.4 lets a player bring to a ruling
/// without a threefold repetition.
pub const NINE_ROUNDS: usize = 9;

/// Points (点) over which the play of CXA 2011 art. 23.4 must range: a shuttle between two
/// points repeats three times in six rounds and is ruled under art. 23.1 already.
pub const NINE_ROUND_POINTS: usize = 3;

impl Ruling {
    /// CXA 2011 art. 23.4, the nine-round rule (九回合规则): "在两个点上反复三次为六个回合。
    /// 如果一方在三个或三个以上点上，连续以犯禁着法或无积极意义的允许或禁止着法达九个回合，
    /// 即使未形成三次重复的待判局面，经一方提出可按待判局面的有关规定进行裁决。"
    ///
    /// A player's claim at the end of `moves` (played from `start`; an illegal move ends the
    /// walk, as in [`rule_game`]) is judged over the last nine (`NINE_ROUNDS`) rounds (18 plies),
    /// whether or not a position recurred. It is accepted, and ruled as a repetition would be
    /// (arts. 23.5, 25, 26.9), when:
    /// - no move of those rounds captures or advances a pawn: such a move changes the game for
    ///   good and is not "无积极意义" (pointless); and
    /// - one side's moves there range over at least three (`NINE_ROUND_POINTS`) points (the points
    ///   its pieces leave and reach) and are all forbidden in kind, 将 杀 捉 (art. 24.13).
    ///
    /// The other side's moves are its answers, allowed or forbidden; what they are decides the
    /// verdict as in a repetition (arts. 25.3, 26.9). Nine rounds of pointless *allowed* play
    /// on both sides are not ruled here: art. 25.2 would make them a draw, which is the natural
    /// move limit's business (art. 22.2, sixty rounds), so such a claim is not accepted.
    ///
    /// `None` when the claim is not accepted, and always under WXF 2018, which has no such
    /// rule.
    pub fn nine_rounds(start: &Position, moves: &[Move], rules: &RuleSet) -> Option<Ruling> {
        if rules.book != Book::Cxa2011 {
            return None;
        }
        let plies = 2 * NINE_ROUNDS;
        let mut positions = Vec::with_capacity(moves.len() + 1);
        positions.push(start.clone());
        for &m in moves {
            let Some(pos) = positions.last() else { break };
            if !pos.is_legal(m) {
                break;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            positions.push(next);
        }
        let end = positions.len() - 1;
        let first = end.checked_sub(plies)?;
        let span = &moves[first..end];
        let progress =
            |m: &Move| m.is_capture() || (m.role == Role::Pawn && m.from.rank() != m.to.rank());
        if span.iter().any(progress) {
            return None;
        }
        let points = |c: Color| -> usize {
            let mut set = Bitboard::EMPTY;
            for (i, m) in span.iter().enumerate() {
                if positions[first + i].turn() == c {
                    set.add(m.from);
                    set.add(m.to);
                }
            }
            set.count()
        };
        let (analyses, red, black) = judge_span(&positions, moves, first, end, rules);
        let offends = |c: Color, s: &SideSummary| s.forbidden && points(c) >= NINE_ROUND_POINTS;
        if !offends(Color::Red, &red) && !offends(Color::Black, &black) {
            return None;
        }
        let last = positions[end].zobrist_hash();
        let occurrences: Vec<usize> = (first..=end)
            .filter(|&i| positions[i].zobrist_hash() == last)
            .collect();
        let header = Header::NineRounds { end };
        Some(finish_ruling(
            rules,
            first,
            occurrences,
            header,
            analyses,
            red,
            black,
        ))
    }
}

/// Analyses the plies `first..end` and sums up each side's play.
fn judge_span(
    positions: &[Position],
    moves: &[Move],
    first: usize,
    end: usize,
    rules: &RuleSet,
) -> (Vec<MoveAnalysis>, SideSummary, SideSummary) {
    // A cycle plays the same moves from the same positions again: analyse each once.
    let mut analyses: Vec<MoveAnalysis> = Vec::with_capacity(end - first);
    let mut cache = Cache::default();
    // The move before each ply (CXA 2011 art. 26.4 looks at it): within the span, the ply
    // before; before the span's first ply, the span's last if the span is a cycle (it led to
    // the same position), else the game's.
    let cycle = end > first
        && positions.get(end).map(Position::zobrist_hash) == Some(positions[first].zobrist_hash());
    let previous = |i: usize| -> Option<usize> {
        if i > first {
            Some(i - 1)
        } else if cycle {
            Some(end - 1)
        } else {
            i.checked_sub(1)
        }
    };
    let key = |i: usize| {
        (
            positions[i].zobrist_hash(),
            moves[i],
            previous(i).map(|p| moves[p]),
        )
    };
    for i in first..end {
        let seen = (first..i)
            .position(|j| key(j) == key(i))
            .and_then(|k| analyses.get(k).cloned());
        analyses.push(seen.unwrap_or_else(|| {
            analyse_with(
                &mut cache,
                &positions[i],
                moves[i],
                previous(i).map(|p| (&positions[p], moves[p])),
                rules.book,
                rules.mate_threat_depth,
            )
        }));
    }
    // CXA 2011 art. 24.2 ("凡走子企图下一着将军或连续将军以将死对方者称'杀'"; no bound on the
    // checks): the deeper mate search (`deepen`) is asked of every move of the span that is none
    // of 将 杀 捉, each once (the same move from the same position after the same move later in
    // the span takes its answer). A move's nature is the book's whether or not the side's
    // pattern turns on it, and whichever of the cycle's positions the span starts from: asking
    // only until one move stayed allowed play left the moves after it with the nature found
    // without the deeper search, so a move was 献 ruled from one position of a cycle and 杀
    // (art. 26.5, "兑(献)兼杀按'杀'处理") from another (`tests/audit_cases_32.rs`).
    for k in 0..analyses.len() {
        if analyses[k].nature.is_attacking() {
            continue;
        }
        let i = first + k;
        if let Some(j) = (0..k).find(|&j| key(first + j) == key(i)) {
            analyses[k] = analyses[j].clone();
            continue;
        }
        deepen(
            &mut cache,
            &positions[i],
            moves[i],
            previous(i).map(|p| (&positions[p], moves[p])),
            &mut analyses[k],
            rules.book,
            rules.mate_threat_depth,
        );
    }
    let cycle_moves = &moves[first..end];
    let after = positions.get(first + 1..=end).unwrap_or_default();
    let red = summarise(
        &mut cache,
        Color::Red,
        cycle_moves,
        after,
        &analyses,
        rules.book,
    );
    let black = summarise(
        &mut cache,
        Color::Black,
        cycle_moves,
        after,
        &analyses,
        rules.book,
    );
    (analyses, red, black)
}

/// The verdict and the explanation of a judged span.
fn finish_ruling(
    rules: &RuleSet,
    first: usize,
    occurrences: Vec<usize>,
    header: Header,
    analyses: Vec<MoveAnalysis>,
    red: SideSummary,
    black: SideSummary,
) -> Ruling {
    let (verdict, zh, en) = match rules.book {
        Book::Wxf2018 => verdict_wxf(&red, &black),
        Book::Cxa2011 => verdict_cxa(&red, &black, rules),
    };
    let draft = RulingDraft {
        book: rules.book,
        header,
        first,
        analyses: analyses.clone(),
        sides: [(Color::Red, &red), (Color::Black, &black)]
            .map(|(c, s)| (c, s.natures.clone(), s.pattern, s.forbidden)),
        decision: (zh, en),
    };
    Ruling {
        book: rules.book,
        verdict,
        occurrences,
        red,
        black,
        moves: analyses,
        explanation: Explanation::drafted(Arc::new(draft)),
    }
}

/// The first line of an explanation: what was judged.
#[derive(Debug)]
enum Header {
    /// A position occurred at these plies; the moves up to `end` are judged.
    Cycle { occurrences: Vec<usize>, end: usize },
    /// CXA 2011 art. 23.4: nine rounds up to `end`.
    NineRounds { end: usize },
}

/// What a ruling's explanation is written from (see [`Explanation`]): the lines are the same
/// whenever they are written.
#[derive(Debug)]
struct RulingDraft {
    book: Book,
    header: Header,
    first: usize,
    analyses: Vec<MoveAnalysis>,
    /// Each side's natures, pattern and whether it is forbidden.
    sides: [(Color, Vec<MoveNature>, Pattern, bool); 2],
    /// The rule applied, with its article.
    decision: (String, String),
}

impl Draft for RulingDraft {
    fn write(&self, explanation: &mut Explanation) {
        let book = self.book;
        let first = self.first;
        match &self.header {
            Header::Cycle { occurrences, end } => {
                let occ_text = occurrences
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                explanation.push(
                    format!(
                        "{}：同一局面在第 {occ_text} 着后出现，判第 {}–{} 着。",
                        book.name_zh(),
                        first + 1,
                        end
                    ),
                    format!(
                        "{}: the same position occurs after plies {occ_text}; plies {}–{} are judged.",
                        book.name(),
                        first + 1,
                        end
                    ),
                );
            }
            Header::NineRounds { end } => explanation.push(
                format!(
                    "{}：第 {}–{} 着共九个回合，无吃子、无进兵，一方在三个或三个以上点上连续走禁止着法，按待判局面裁决（第23.4条）。",
                    book.name_zh(),
                    first + 1,
                    end
                ),
                format!(
                    "{}: plies {}–{}, nine rounds without a capture or a pawn advance, in which a side plays forbidden moves over three or more points: ruled as a repetition (art. 23.4).",
                    book.name(),
                    first + 1,
                    end
                ),
            ),
        }
        for (k, a) in self.analyses.iter().enumerate() {
            explain_move(explanation, first + k + 1, a);
        }
        for (color, natures, pattern, forbidden) in &self.sides {
            let natures_zh: String = natures.iter().map(|n| n.zh()).collect::<Vec<_>>().join("");
            let natures_en = natures
                .iter()
                .map(|n| n.en())
                .collect::<Vec<_>>()
                .join(", ");
            explanation.push(
                format!(
                    "{}方：{}（{}），{}。",
                    color.chinese(),
                    natures_zh,
                    pattern.zh(),
                    if *forbidden {
                        "禁止着法"
                    } else {
                        "允许着法"
                    }
                ),
                format!(
                    "{}: {} ({}), {}.",
                    color_en(*color),
                    natures_en,
                    pattern.en(),
                    if *forbidden { "forbidden" } else { "allowed" }
                ),
            );
        }
        explanation.push(self.decision.0.clone(), self.decision.1.clone());
    }
}

fn color_en(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn explain_move(e: &mut Explanation, ply: usize, a: &MoveAnalysis) {
    let piece_zh = a.role.chinese(a.mover);
    e.push(
        format!(
            "{ply}. {}{} {}：{}",
            a.mover.chinese(),
            piece_zh,
            a.iccs,
            a.nature.zh()
        ),
        format!(
            "{ply}. {} {} {}: {}",
            color_en(a.mover),
            a.role,
            a.iccs,
            a.nature.en()
        ),
    );
    for at in &a.attacks {
        let (att_zh, vic_zh) = (
            at.attacker_role.chinese(a.mover),
            at.victim_role.chinese(!a.mover),
        );
        e.push(
            format!(
                "    {att_zh}({}) 攻 {}{vic_zh}({})：{}",
                at.attacker,
                at.protection.zh(),
                at.victim,
                at.reason.zh()
            ),
            format!(
                "    {} on {} attacks the {} {} on {}: {}",
                at.attacker_role,
                at.attacker,
                at.protection.en(),
                at.victim_role,
                at.victim,
                at.reason.en()
            ),
        );
    }
    // CXA 2011 art. 24.3: the forced line that makes the chase, as an arbiter shows it.
    if !a.forced_line.is_empty() {
        let line = a.forced_line.join(" ");
        e.push(format!("    伏着：{line}"), format!("    the line: {line}"));
    }
}

/// Follows the pieces `color` chases on every one of its moves back to the cycle's start
/// (Fairy-Stockfish's way: walk back, move each chased piece back along the opponent's moves,
/// intersect with each earlier move's chases).
fn perpetual_victims(
    color: Color,
    moves: &[Move],
    analyses: &[MoveAnalysis],
    counts: impl Fn(&Attack) -> bool,
) -> Bitboard {
    let mut set: Option<Bitboard> = None;
    for (m, a) in moves.iter().zip(analyses).rev() {
        if a.mover == color {
            let chased: Bitboard = a
                .attacks
                .iter()
                .filter(|at| at.is_chase() && counts(at))
                .map(|at| at.victim)
                .collect();
            let s = set.map_or(chased, |s| s & chased);
            if s.is_empty() {
                return Bitboard::EMPTY;
            }
            set = Some(s);
        } else if let Some(s) = set.as_mut()
            && s.contains(m.to)
        {
            s.discard(m.to);
            s.add(m.from);
        }
    }
    set.unwrap_or(Bitboard::EMPTY)
}

/// Is `at`, a chase of `color`'s in `after` (the position after its move), a cannon's capture
/// over a screen of `color`'s own that attacks the target too but cannot win it alone: a joint
/// chase by CXA 2011 art. 24.17 ("凡一方用两个或两个以上棋子共同擒捉对方的棋子，缺少其中任何一个都无法吃
/// 子的") whatever the target's roots — the cannon cannot take without its screen, the screen
/// does not win without the cannon. The book's 车炮联合捉子 (图10: the rook that screens the
/// cannon also attacks the rooted horse, and alone would lose itself) and 联合捉车 (参考图38: the
/// rook that screens the cannon also attacks the rook the general guards, and alone only
/// exchanges). Not when the screen wins the target alone (图11, 图25: the rook takes an unrooted
/// piece by itself, and the book counts that side's chase single), nor when the screen does not
/// attack the target (图21, 参考图35, 参考图47, 参考图48: a cannon over its own pawn, advisor or cannon,
/// which the book calls plain 捉车).
fn over_own_screen(cache: &mut Cache, after: &Position, at: &Attack, color: Color) -> bool {
    let board = after.board();
    if board.piece_at(at.attacker)
        != Some(Piece {
            color,
            role: Role::Cannon,
        })
    {
        return false;
    }
    let Some(screen) = (xiangqi::between(at.attacker, at.victim) & board.occupied()).single()
    else {
        return false;
    };
    if !(board.piece_at(screen).is_some_and(|p| p.color == color)
        && gain_alone(cache, after, screen, at.victim, Book::Cxa2011).is_some_and(|g| g <= 0))
    {
        return false;
    }
    // Nor when another piece of the side takes the target at a gain without that screen: the
    // chase needs no two pieces ("缺少其中任何一个都无法吃子" fails), whichever capturer the forced
    // line happened to name. (The quick answer to the question `wins_without` asks below: its
    // search finds these captures too, and without this test every ruling stays as it is, at
    // 4% more instructions on the CXA figures, 60.45 M against 62.89 M, measured with callgrind
    // as `examples/rule_cases.rs` says.) (as `a_standing_attacker_chases_alone_whatever_the_order` asks every
    // standing attacker; `two_cannons_against_a_single_chaser_rule_alike` in
    // tests/audit_cases_31.rs: a second cannon, over a pawn of its own that does not attack the
    // target, wins it too, and the colours swapped named that one).
    let others = after.attackers_to(at.victim, color, board.occupied())
        & !Bitboard::from_square(at.attacker)
        & !Bitboard::from_square(screen);
    if others.into_iter().any(|other| {
        gain_alone(cache, after, other, at.victim, Book::Cxa2011).is_some_and(|g| g > 0)
    }) {
        return false;
    }
    // Nor when the side wins the target by a forced line in which the cannon takes no part: a
    // piece that attacks it from afar (a rook whose checks end in taking it) wins it alone,
    // and the cannon is no piece "缺少其中任何一个都无法吃子". Asked of the board, not of the
    // line the search named: of two lines winning the target, one the rook's own and one in
    // which the rook's checks drive the general and the cannon takes, the search met the one
    // as played and the other with the colours swapped
    // (`a_rook_winning_alone_is_no_joint_chase_whatever_line_is_named` in
    // tests/random_threats.rs).
    !wins_without(cache, after, color, at.attacker, at.victim, 1)
}

fn summarise(
    cache: &mut Cache,
    color: Color,
    moves: &[Move],
    after: &[Position],
    analyses: &[MoveAnalysis],
    book: Book,
) -> SideSummary {
    let own: Vec<&MoveAnalysis> = analyses.iter().filter(|a| a.mover == color).collect();
    let natures: Vec<MoveNature> = own.iter().map(|a| a.nature).collect();
    let victims = perpetual_victims(color, moves, analyses, |_| true);
    let only_held_piece_chases = book == Book::Wxf2018
        && victims.any()
        && perpetual_victims(color, moves, analyses, |at| at.reason != Reason::Immobile).is_empty();
    let chases = || {
        own.iter()
            .flat_map(|a| a.attacks.iter())
            .filter(|at| at.is_chase())
    };
    let chases_rook = chases().any(|at| at.victim_role == Role::Rook);
    // CXA 2011 art. 24.17: a chase is joint (联合捉) when the target has fewer roots than
    // attackers (少根, art. 24.15), or when a cannon takes over a screen of its own side that
    // attacks the target too and alone does not win it ([`over_own_screen`]).
    // The chases of `color`'s moves, each with the position after its move.
    let own_chases = analyses
        .iter()
        .zip(after)
        .filter(|(a, _)| a.mover == color)
        .flat_map(|(a, pos)| {
            a.attacks
                .iter()
                .filter(|at| at.is_chase())
                .map(move |at| (at, pos))
        });
    let mut joint = |rook: bool| {
        own_chases.clone().any(|(at, pos)| {
            (at.victim_role == Role::Rook) == rook
                && (at.protection == Protection::UnderRooted
                    || (book == Book::Cxa2011 && over_own_screen(cache, pos, at, color)))
        })
    };
    let (joint_rook, joint_other) = (joint(true), joint(false));
    let all_check = !own.is_empty() && own.iter().all(|a| a.check);
    let (pattern, forbidden) = match book {
        Book::Wxf2018 => {
            if all_check {
                (Pattern::PerpetualCheck, true)
            } else if victims.any() {
                (Pattern::PerpetualChase, true)
            } else {
                match Pattern::from_natures(&natures) {
                    Pattern::PerpetualChase => (Pattern::SplitChase, false),
                    p => (p, false),
                }
            }
        }
        Book::Cxa2011 => {
            let p = Pattern::from_natures(&natures);
            (p, p != Pattern::Allowed)
        }
    };
    // CXA 2011 art. 26.9.1: the patterns that must change when only one side plays them. Its
    // chases are of a rook or of an unguarded piece (长捉车, 长捉无根子: 无根 or 假根, 24.16);
    // two attackers on a piece guarded once (少根, 24.15) chase it jointly (联合捉, 24.17),
    // which the list leaves to 26.9.3, not 26.9.1. The book's 图26: "红方一着捉无根子，一着捉
    // 少根子，黑方长捉车，黑方变着" — the side chasing a rook alone must change, the other not.
    // A chase a forced line makes is marked 少根 for its line, not for its target's roots
    // (`forced_line_chase`), and counts as the chase of an unguarded piece it is.
    let chase_moves_listed = own
        .iter()
        .filter(|a| a.nature == MoveNature::Chase)
        .all(|a| {
            a.attacks.iter().any(|at| {
                at.is_chase()
                    && (at.victim_role == Role::Rook
                        || at.protection.is_unrooted()
                        || (at.protection == Protection::UnderRooted
                            && matches!(at.reason, Reason::ForcedGain | Reason::HeldOnItsLine)))
            })
        });
    let listed = forbidden
        && match pattern {
            Pattern::PerpetualMateThreat | Pattern::CheckAndMateThreat => true,
            Pattern::PerpetualChase
            | Pattern::CheckAndChase
            | Pattern::MateThreatAndChase
            | Pattern::CheckMateThreatAndChase => chase_moves_listed,
            Pattern::PerpetualCheck | Pattern::SplitChase | Pattern::Allowed => false,
        };
    SideSummary {
        natures,
        pattern,
        forbidden,
        perpetual_victims: victims.into_iter().map(|s| s.to_string()).collect(),
        listed,
        chases_rook,
        joint: joint_rook || joint_other,
        joint_rook,
        joint_other,
        chases_unrooted: chases().any(|at| at.protection.is_not_fully_rooted()),
        only_held_piece_chases,
        chases_held_rook: chases().any(|at| at.reason == Reason::ImmobileRook),
    }
}

type Decision = (Verdict, String, String);

/// WXF 2018 art. 3 with the Asian rules' principles (AXF ch. 4 §2).
fn verdict_wxf(red: &SideSummary, black: &SideSummary) -> Decision {
    let pc = |s: &SideSummary| s.pattern == Pattern::PerpetualCheck;
    let ch = |s: &SideSummary| s.forbidden && s.pattern == Pattern::PerpetualChase;
    let one = |c: Color| -> Decision {
        (
            Verdict::MustChange(c),
            format!(
                "{}方单方面禁止着法，须变着，不变判负（世界象棋规则2018 第3.1.C、3.1.I条）。",
                c.chinese()
            ),
            format!(
                "{} alone plays forbidden moves and must change or lose (WXF 2018 arts. 3.1.C, 3.1.I).",
                color_en(c)
            ),
        )
    };
    if pc(red) && pc(black) {
        draw(
            "双方长将，不变作和（世界象棋规则2018 第3.2.C条）。",
            "Both sides check perpetually: a draw if neither changes (WXF 2018 art. 3.2.C).",
        )
    } else if pc(red) || pc(black) {
        let c = if pc(red) { Color::Red } else { Color::Black };
        let other = if pc(red) { black } else { red };
        if ch(other) {
            (
                Verdict::MustChange(c),
                format!(
                    "{}方长将，对方长捉：长将方须变着，不变判负（世界象棋规则2018 第3.1.H条）。",
                    c.chinese()
                ),
                format!(
                    "{} checks perpetually against a perpetual chase: the checker must change or lose (WXF 2018 art. 3.1.H).",
                    color_en(c)
                ),
            )
        } else {
            one(c)
        }
    } else if ch(red) && ch(black) && red.only_held_piece_chases != black.only_held_piece_chases {
        let (c, s) = if red.only_held_piece_chases {
            (Color::Black, black)
        } else {
            (Color::Red, red)
        };
        if s.chases_held_rook {
            (
                Verdict::MustChange(c),
                format!(
                    "{}方长捉被马别住不能离位之车；对方该车攻马不计（亚洲规则第19条）：{}方须变着，不变判负（世界象棋规则2018 第3.1.C、3.1.I条）。",
                    c.chinese(),
                    c.chinese()
                ),
                format!(
                    "{} perpetually chases a rook held on a horse's leg; that rook's attack on the horse does not count (AXF rule 19): {} must change or lose (WXF 2018 arts. 3.1.C, 3.1.I).",
                    color_en(c),
                    color_en(c)
                ),
            )
        } else {
            draw(
                "双方长捉，不变作和（世界象棋规则2018 第3.2.C条）。",
                "Both sides chase perpetually: a draw if neither changes (WXF 2018 art. 3.2.C).",
            )
        }
    } else if ch(red) && ch(black) {
        draw(
            "双方长捉，不变作和（世界象棋规则2018 第3.2.C条）。",
            "Both sides chase perpetually: a draw if neither changes (WXF 2018 art. 3.2.C).",
        )
    } else if ch(red) {
        one(Color::Red)
    } else if ch(black) {
        one(Color::Black)
    } else {
        draw(
            "双方均为允许着法，不变作和（世界象棋规则2018 第3.2.B条）。",
            "Both sides play allowed moves: a draw if neither changes (WXF 2018 art. 3.2.B).",
        )
    }
}

fn draw(zh: &str, en: &str) -> Decision {
    (Verdict::Draw, zh.to_owned(), en.to_owned())
}

/// CXA 2011 arts. 23.5, 25, 26.9.
fn verdict_cxa(red: &SideSummary, black: &SideSummary, rules: &RuleSet) -> Decision {
    let pc = |s: &SideSummary| s.pattern == Pattern::PerpetualCheck;
    let must = |c: Color, zh: &str, en: &str| -> Decision {
        (
            Verdict::MustChange(c),
            format!("{}方{zh}", c.chinese()),
            format!("{} {en}", color_en(c)),
        )
    };
    if pc(red) && pc(black) {
        return draw(
            "双方长将，不变作和（象棋竞赛规则2011 第26.9.4条）。",
            "Both sides check perpetually: a draw if neither changes (CXA 2011 art. 26.9.4).",
        );
    }
    if pc(red) || pc(black) {
        let c = if pc(red) { Color::Red } else { Color::Black };
        return if rules.perpetual_check_loses_at_once {
            (
                Verdict::Loses(c),
                format!(
                    "{}方单方长将，判负（象棋竞赛规则2011 第25.1、23.5.1、4.1.4条）。",
                    c.chinese()
                ),
                format!(
                    "{} checks perpetually alone and loses (CXA 2011 arts. 25.1, 23.5.1, 4.1.4).",
                    color_en(c)
                ),
            )
        } else {
            must(
                c,
                "单方长将，须变着，不变判负（象棋竞赛规则2011 第25.1条）。",
                "checks perpetually alone and must change or lose (CXA 2011 art. 25.1).",
            )
        };
    }
    match (red.forbidden, black.forbidden) {
        (false, false) => draw(
            "双方均为允许着法，不变作和（象棋竞赛规则2011 第25.2条）。",
            "Both sides play allowed moves: a draw if neither changes (CXA 2011 art. 25.2).",
        ),
        (true, false) | (false, true) => {
            let (c, s) = if red.forbidden {
                (Color::Red, red)
            } else {
                (Color::Black, black)
            };
            (
                Verdict::MustChange(c),
                format!(
                    "{}方{}为禁止着法，对方为允许着法：{}方须在两回合内变着，不变判负（象棋竞赛规则2011 第24.13、25.3、23.5.2、4.1.5条）。",
                    c.chinese(),
                    s.pattern.zh(),
                    c.chinese()
                ),
                format!(
                    "{}'s {} is forbidden and the other side's play is allowed: {} must change within two rounds or lose (CXA 2011 arts. 24.13, 25.3, 23.5.2, 4.1.5).",
                    color_en(c),
                    s.pattern.en(),
                    color_en(c)
                ),
            )
        }
        (true, true) => {
            // CXA 2011 arts. 26.9.2–3: a single chaser's 长捉 gives way to a joint chase of the
            // same kind: "单方长捉车，对方联合捉车" (a rook against a rook), "单方长捉无根子，对方
            // 联合捉无根子" (an unrooted piece against a piece the joined attackers win, not a
            // rook). Asked first, so that the ruling names the article that fits it best; a
            // joint chase of a piece guarded once is off 26.9.1's list, so 26.9.1 alone would
            // rule the same (below).
            if red.joint != black.joint {
                let (c, single, joint) = if red.joint {
                    (Color::Black, black, red)
                } else {
                    (Color::Red, red, black)
                };
                let single_long_chase = single.pattern == Pattern::PerpetualChase && single.listed;
                if single_long_chase && single.chases_rook && joint.joint_rook {
                    return must(
                        c,
                        "以单子长捉车，对方联合捉车：单子捉方须变着（象棋竞赛规则2011 第26.9.2条）。",
                        "chases a rook with a single piece against a joint chase of a rook: the single chaser must change (CXA 2011 art. 26.9.2).",
                    );
                }
                if single_long_chase && single.chases_unrooted && joint.joint_other {
                    return must(
                        c,
                        "以单子长捉无根子，对方联合捉子：单子捉方须变着（象棋竞赛规则2011 第26.9.3条）。",
                        "chases an unrooted piece with a single piece against a joint chase: the single chaser must change (CXA 2011 art. 26.9.3).",
                    );
                }
            }
            // CXA 2011 art. 26.9.1: of two forbidden patterns, the one on the list changes when
            // the other is not on it. A single 长捉车 against a pattern whose chases are joint
            // chases of pieces guarded once gives way so (图26: "红方一着捉无根子，一着捉少根子，
            // 黑方长捉车，黑方变着"); a pattern that is no 长捉 (长杀, 一将一捉 …) may be on the list
            // too.
            if red.listed != black.listed {
                let c = if red.listed { Color::Red } else { Color::Black };
                return must(
                    c,
                    "的禁止着法属第26.9.1条所列，须变着，不变判负（象棋竞赛规则2011 第26.9.1条）。",
                    "plays a forbidden pattern listed in art. 26.9.1 while the other's is not: it must change or lose (CXA 2011 art. 26.9.1).",
                );
            }
            draw(
                "双方均为禁止着法，不变作和（象棋竞赛规则2011 第26.9.4条）。",
                "Both sides play forbidden moves of the same weight: a draw if neither changes (CXA 2011 art. 26.9.4).",
            )
        }
    }
}
