//! What one move does (着法性质): check 将, mate threat 杀, chase 捉, exchange 兑, sacrifice 献,
//! block 拦, follow 跟 or idle 闲, with the pieces it attacks and how each is protected.
//!
//! # How a chase is found
//! Only attacks the move *creates* are judged (an attack simply left standing is no chase:
//! AXF Appendix "non-perpetual chase", WXF 2018 ch. 5 item 36.2): the attacks of the mover's
//! side after the move are compared, piece by piece, with its attacks before it, so direct,
//! discovered and screen-made attacks all count (CXA 2011 art. 24.3; AXF rules 25–26). An attack
//! that existed before but was no chase then and is one now (its target lost its root to the
//! move: AXF Appendix "perpetual chase", WXF 36.1; a newly pinned protector: AXF rule 34) is new
//! too. An attack is a capture the attacker could legally make at once, after a null move.
//!
//! Then the books part ways:
//! - **WXF 2018 / AXF** judge by piece type, as the Asian rules' diagrams and Fairy-Stockfish's
//!   `Position::chased()` do: a horse or cannon attacking a rook, or an advisor or elephant
//!   attacking a rook, horse or cannon, chases whatever the protection (rules 15, 20, 21, 26);
//!   an attack on a piece of the same type that can take back is a sacrifice, not a chase
//!   (rule 24); the king's and the pawns' own attacks never chase (rules 28, 29); an uncrossed
//!   pawn is never a target (rule 25, D60); any other target is chased when it has no real root
//!   (rules 17, 18, 34). A move answering check, the general's included, chases only with an
//!   attack it makes on the board: one the check made unplayable for a move is left standing,
//!   not renewed (AXF ch. 4 §1; WXF 2018 ch. 5 item 36.2; as Fairy-Stockfish's `chased()`).
//! - **CXA 2011** judges by material (art. 24.3): the target is chased when the exchange on its
//!   point wins material for the attacker (static exchange with legal captures only, so pins,
//!   facing generals, lost screens and blocked legs all count), with the piece values and the
//!   exceptions of arts. 1.2, 26.6, 26.7 kept in one place (`material.rs`) and those of
//!   arts. 26.1, 26.8; the capture must not let the opponent mate at once (24.3).
//!
//!   **Roots, whole** (arts. 24.15, 26.5). A static exchange sees only its own point, so an
//!   exchange that wins there is weighed again with the other side's forcing answers after the
//!   capture (checks, a series of checks, a discovered attack, captures: `rebuttal`), less what
//!   that side could win the same way had the capture not been made. If the answer wins back
//!   the capturer or what its leaving gave up, as much as the target is worth, the target has a
//!   **hidden root** (暗根: it counts as protected, no chase); if it wins back what the capturer
//!   guarded or the line it held, the capturer is **tied down** (被牵子捉子), and art. 26.5
//!   decides: an even exchange or better is a chase (the crossed pawn valued at the top of its
//!   float, 图22), a net loss is idle. A capturer can be tied by a hidden root too (it would
//!   answer the capture of another piece of its side with a check or a fork): what the other
//!   side can win on the capturer's attacked pieces after the capture and could not before is
//!   weighed the same way (`given_up`). A move that destroys such a root makes the standing
//!   attack a chase anew (断根捉), as any attack that was no chase before the move and is one
//!   after it.
//!
//!   **Forced lines** (art. 24.3, "从下一着开始运用将军或连续将军得子", "通过完整互吃交换后吃掉
//!   对方子且得子"). When no single capture wins, a small forcing search looks for a check or a
//!   series of checks (up to four in nine plies: [`FORCED_CHECKS`], [`FORCED_PLIES`], then
//!   captures only until the exchange is complete) and then a capture (抽吃), or a chain of
//!   exchanges on several points that ends a piece up; such a chase needs several pieces, so it
//!   counts as joint (联合捉, 24.17). Its captures are settled at the end by the pawn clause
//!   (art. 26.7, `material::Ledger`), the chasing side's pawns and king win nothing by
//!   their own captures (26.8), and the piece it chases is the one whose capture makes the gain
//!   (the rook won at the end, not a pawn taken on the way: art. 26.9.1 names it). The defender
//!   answers with its captures too, but a gain the checks have made is not undone by taking
//!   what hung all along (参考图12, where red's pawns do); after such a gain it may also give a
//!   check that wins the unguarded capturer back (a hidden root of the piece taken, 24.15).
//!   The move creates the chase if the line wins more than the mover could win by force
//!   before it, its own hanging pieces counted (图5; 参考图49), or if it wins a piece for more
//!   than that piece could be won before, even when the total equals an older threat on
//!   another piece. A line wins a piece when that piece is the dearest it wins and keeps (a
//!   trade on the way, rook for rook, wins no rook): lines winning as much are ranked by it,
//!   the defender choosing the dearer, so the answer never depends on which of two equal lines
//!   a search meets first (a ruling must be the same mirrored or with the colours swapped).
//!   Where the mover could mate before its move, the baseline is what it could win besides
//!   mating (a line whose first move does not force mate; the defender still avoids being
//!   mated): a move that gives up a mate threat for a capture that stood beside it is 闲, as a
//!   mate is 杀 and no gain (the books give no case; this follows 图5's principle that a move
//!   leaving a capture as it was creates no chase).
//!
//! CXA 2011's detailed rules applied here: a king move answering check is idle, and another
//! piece answering check chases only with an attack it makes itself (arts. 26.2, 26.4: a
//! piece unrooted by its own side's check is that side's fault) and threatens mate only with a
//! mate the checker's own check did not leave open (自毙, arts. 24.18, 26.4:
//! [`self_inflicted`]), and a forced line that pays only because the victim's own side laid it
//! open with its last move is not the chase of a move taking no direct part in it (26.4,
//! [`self_exposed`]), while a move parrying a mate threat (解杀) makes its standing attacks
//! chases anew (参考图35); a lone defender's attacks on advisors and elephants are idle
//! (26.3); a pawn's own captures and its captures after
//! another piece's check are idle, one that unmasks a check is not, and the chasing side's
//! pawns and general take no part in the exchange that decides a chase (26.8) but once its
//! other pieces have lost an exchange of unequal value, when they take what they could not
//! take safely before (26.8: "如前述交换过程为不等值，则兵卒或将帅的吃子按捉处理"); a same-type
//! offer the offered side may take first without loss is 兑 (26.10), also when a rook touches
//! the offered horse or cannon (26.11.2), unless that piece has no root (26.11.1: 捉); one the
//! offered side may take but would then be mated or lose material for at once is 捉, though
//! the exchange itself wins nothing (26.10).
//!
//! Where the books give no numbers we use rook 10, horse 5, cannon 5, advisor 2, elephant 2,
//! crossed pawn 2, uncrossed pawn 1 (CXA 2011 art. 1.2 fixes only the ratios; the numbers are
//! the ones on H.G. Muller's xiangqi rules page, which the repetition digest recommends).
//!
//! A mate threat (杀) is a mate by a check or a series of checks the mover could give if it
//! moved again (CXA 2011 art. 24.2), found by a checks-only search of
//! [`crate::RuleSet::mate_threat_depth`] moves; under CXA 2011 a move that is none of 将 杀 捉
//! is searched one check deeper (figs. 20, 29), and an exchange offer whose only mate is taking
//! the offered piece, which the offered side may take first safely, is 兑 (art. 26.10). A rook
//! that cannot leave its square, taken by a cannon over its own side's screen, stays jointly
//! chased on every move of the chasing side (参考图39, art. 26.9.2).

use std::{collections::HashMap, rc::Rc};

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use xiangqi::{
    Bitboard, Color, MAX_MOVES, Move, MoveFilter, Piece, Position, Role, Square, advisor_attacks,
    between, cannon_attacks, elephant_attacks, horse_attackers, horse_attacks, king_attacks,
    pawn_attacks, rook_attacks,
};

use crate::{
    material::{Ledger, crossed, gain_value, value, worthless_target},
    rules::Book,
};

mod each;

/// The nature of a move (着法性质), heaviest first. CXA 2011 arts. 24.1–24.8; AXF ch. 4 §1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveNature {
    /// 将: the move attacks the enemy king. CXA 2011 art. 24.1.
    Check,
    /// 杀: the move threatens mate by a check or a series of checks. CXA 2011 art. 24.2.
    MateThreat,
    /// 捉: the move threatens to win a piece. CXA 2011 art. 24.3; AXF ch. 4 §1.
    Chase,
    /// 兑: the move offers a same-type exchange. CXA 2011 art. 24.4.
    Exchange,
    /// 献: the move offers a piece. CXA 2011 art. 24.5.
    Sacrifice,
    /// 拦: the move blocks an enemy piece. CXA 2011 art. 24.6.
    Block,
    /// 跟: the move shadows a protected enemy piece. CXA 2011 art. 24.7.
    Follow,
    /// 闲: none of the above. CXA 2011 art. 24.8.
    Idle,
}

impl MoveNature {
    /// The book's one-character name: 将 杀 捉 兑 献 拦 跟 闲.
    pub const fn zh(self) -> &'static str {
        match self {
            MoveNature::Check => "将",
            MoveNature::MateThreat => "杀",
            MoveNature::Chase => "捉",
            MoveNature::Exchange => "兑",
            MoveNature::Sacrifice => "献",
            MoveNature::Block => "拦",
            MoveNature::Follow => "跟",
            MoveNature::Idle => "闲",
        }
    }

    /// The English word.
    pub const fn en(self) -> &'static str {
        match self {
            MoveNature::Check => "check",
            MoveNature::MateThreat => "mate threat",
            MoveNature::Chase => "chase",
            MoveNature::Exchange => "exchange offer",
            MoveNature::Sacrifice => "sacrifice",
            MoveNature::Block => "block",
            MoveNature::Follow => "follow",
            MoveNature::Idle => "idle",
        }
    }

    /// Is it an attacking move (将, 杀 or 捉), the stuff of forbidden play? CXA 2011 art. 24.13.
    pub const fn is_attacking(self) -> bool {
        matches!(
            self,
            MoveNature::Check | MoveNature::MateThreat | MoveNature::Chase
        )
    }
}

/// How an attacked piece is protected. CXA 2011 arts. 24.15, 24.16.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protection {
    /// 有根: a piece of its side can legally take back.
    Rooted,
    /// 无根: nothing of its side even looks at its point.
    Unrooted,
    /// 假根: a piece looks at its point but cannot legally take back (pinned, the generals
    /// would face, its screen or leg changes with the capture). Counts as no root.
    /// CXA 2011 art. 24.16; AXF rule 34.
    FalseRoot,
    /// 少根: it can be taken back, but more pieces attack it than defend it, so the exchange
    /// still loses it. CXA 2011 art. 24.15.
    UnderRooted,
    /// 暗根: nothing takes back on its point at once, or not enough, but taking it loses to a
    /// forcing answer that wins back as much (a check or a series of checks, a discovered
    /// attack, the piece the capturer guarded or the line it held). Counts as a root. CXA 2011
    /// arts. 24.15 ("包括暗根"), 26.5.
    HiddenRoot,
}

impl Protection {
    /// 有根 无根 假根 少根.
    pub const fn zh(self) -> &'static str {
        match self {
            Protection::Rooted => "有根",
            Protection::Unrooted => "无根",
            Protection::FalseRoot => "假根",
            Protection::UnderRooted => "少根",
            Protection::HiddenRoot => "暗根",
        }
    }

    /// English.
    pub const fn en(self) -> &'static str {
        match self {
            Protection::Rooted => "protected",
            Protection::Unrooted => "unprotected",
            Protection::FalseRoot => "falsely protected",
            Protection::UnderRooted => "insufficiently protected",
            Protection::HiddenRoot => "protected by a hidden root",
        }
    }

    /// No real root: unrooted or falsely rooted (无根子). CXA 2011 arts. 24.15–24.16.
    pub const fn is_unrooted(self) -> bool {
        matches!(self, Protection::Unrooted | Protection::FalseRoot)
    }

    /// Not fully protected: a 无根子 in the sense of art. 24.15's first sentence, which splits
    /// every piece in two ("凡有己方其他棋子(包括暗根)充分保护的棋子，称为'有根子'；反之称为
    /// '无根子'"), so that a 少根子 ("被保护不充分的子") is one kind of it, as a 假根 is (24.16).
    /// The sense of 长捉无根子 in the lists of art. 26.9.1 and 26.9.3, whose joint side
    /// (联合捉无根子) is, as a rule, a chase of a piece with fewer roots than attackers.
    pub const fn is_not_fully_rooted(self) -> bool {
        matches!(
            self,
            Protection::Unrooted | Protection::FalseRoot | Protection::UnderRooted
        )
    }
}

/// Why an attack is or is not a chase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The target has no real root. AXF rules 18, 34; CXA 2011 art. 24.15.
    NoRoot,
    /// A horse or cannon attacks a rook: a chase whatever the protection. AXF rules 15, 20, 21.
    RookByMinor,
    /// An advisor or elephant attacks a strong piece. AXF ch. 4 §1 (FSF's reading).
    StrongByWeak,
    /// A piece of the same type that cannot take back. AXF rule 24 (D53, D55).
    SameTypeNoRecapture,
    /// The exchange on the target's point wins material. CXA 2011 art. 24.3.
    MaterialGain,
    /// A forced sequence wins material: a check or series of checks and then a capture, or a
    /// complete exchange on several points that ends a piece up. CXA 2011 art. 24.3
    /// ("从下一着开始运用将军或连续将军得子", "通过完整互吃交换后吃掉对方子且得子").
    ForcedGain,
    /// Not a chase: the target is protected. AXF rule 17; CXA 2011 art. 24.3.
    Protected,
    /// Not a chase: a same-type piece that can take back, a sacrifice. AXF rule 24.
    SameType,
    /// Not a chase: the king's or a pawn's own attack. AXF rules 28–29; CXA 2011 arts. 26.1,
    /// 26.8.
    KingOrPawn,
    /// Not a chase: an uncrossed pawn is no target. AXF rule 25 (D60); CXA 2011 art. 26.7.
    UncrossedPawn,
    /// Not a chase: the exchange wins nothing. CXA 2011 arts. 24.3, 26.6.
    NoGain,
    /// Not a chase: taking would let the opponent mate at once. CXA 2011 art. 24.3.
    CaptureLosesToMate,
    /// Not a chase: the target has a hidden root (暗根): taking it loses to a forcing answer,
    /// a check or a series of checks or a discovered attack, that wins back as much. CXA 2011
    /// art. 24.15.
    HiddenRoot,
    /// Not a chase: the capturer is tied down (被牵子捉子): it guards another piece or holds a
    /// line, and taking gives up more than it wins. CXA 2011 art. 26.5 ("做根子和被牵子捉子，
    /// 交换后价值相当或得子者，按捉处理；得不偿失者，按闲处理").
    TiedCapturer,
    /// Not a chase: a king move answering check. CXA 2011 art. 26.2.
    CheckEvasionByKing,
    /// A piece held on an enemy horse's leg attacks that horse, the one move it has: a chase,
    /// but one that does not count against an opponent who chases the held piece (AXF rule 19,
    /// D39–41: "the immobile rook's own attack is not counted"); alone, it is a chase like any
    /// other (AXF Appendix, perpetual chase: the held rook chases the horse whose root is cut).
    Immobile,
    /// A rook held on an enemy horse's leg (it can move only to take the horse): a chase,
    /// protected or not. AXF rule 19 (D39–41).
    ImmobileRook,
    /// Not a chase: the defending side has one attacking piece left, and its attack on an
    /// advisor or elephant comes with the point it holds. CXA 2011 art. 26.3 ("守和方只有一个
    /// 进攻子时，占据守和要点附带产生的捉士象按闲处理").
    LoneDefender,
    /// A horse (cannon) offers itself to an enemy horse (cannon) that a rook of its side also
    /// attacks, and the enemy piece has no real root: a chase, not an exchange offer. CXA 2011
    /// art. 26.11.1 ("车马同时与马（车炮同时与炮）产生接触……被接触的马（炮）无根，则车方按捉处理").
    RookContact,
    /// A standing attack of a cannon, over a screen of its own side, on a rook that cannot
    /// leave its square (不能离线: every move of it is illegal, mated or loses material): a
    /// joint chase (联合捉, art. 24.17) that goes on through every move of the chasing side,
    /// though no move makes it anew. CXA 2011 参考图39, art. 26.9.2.
    HeldOnItsLine,
    /// A same-type offer the offered side may take, but would then be mated or lose material
    /// at once: a chase, even if the exchange itself wins nothing. CXA 2011 art. 26.10 ("同兵种
    /// 邀兑，被邀兑方兑子后立即被杀或子力价值受损邀兑方按捉处理").
    UnsafeOffer,
    /// Not a chase: the target was laid open by its own side's last move (a line opened onto
    /// it, or its root cut), and this move takes no direct part in the attack: it only makes
    /// the standing capture pay, say by taking the mover's own piece out of danger. CXA 2011
    /// art. 26.4 ("无直接参与且是己方走子造成被捉状态不予考虑").
    SelfExposed,
    /// A pawn that has just moved attacks a rooted piece that the other side could not take
    /// back without loss, because other pieces of the pawn's side guard the point: the pawn
    /// wins it together with them, a chase. Alone, a pawn traded for a piece wins nothing
    /// (art. 26.7: "兵与其他一子或数子互换均不算得子"); with the others it does. CXA 2011
    /// art. 26.1 ("走动……兵(卒)后与其他子配合同时产生'捉'……按'捉'处理"), art. 24.3 ("与其他子
    /// 联合吃子"). Asked by `pawn_with_others`.
    PawnWithOthers,
    /// CXA 2011 art. 26.8, second sentence ("如前述交换过程为不等值，则兵卒或将帅的吃子按捉处
    /// 理"): the exchange on the point loses for the chasing side without its pawns and general
    /// (an unequal exchange), and their capture at its end makes it win (weighed in `judge`).
    AfterUnequalExchange,
}

impl Reason {
    /// Is this a reason for a chase?
    pub const fn is_chase(self) -> bool {
        matches!(
            self,
            Reason::NoRoot
                | Reason::RookByMinor
                | Reason::ImmobileRook
                | Reason::Immobile
                | Reason::StrongByWeak
                | Reason::SameTypeNoRecapture
                | Reason::MaterialGain
                | Reason::ForcedGain
                | Reason::PawnWithOthers
                | Reason::AfterUnequalExchange
                | Reason::RookContact
                | Reason::HeldOnItsLine
                | Reason::UnsafeOffer
        )
    }

    /// The reason in Chinese.
    pub const fn zh(self) -> &'static str {
        match self {
            Reason::NoRoot => "无根子：无根，算捉",
            Reason::RookByMinor => "马炮捉车：马炮攻车，不论有无根，算捉",
            Reason::StrongByWeak => "仕相捉强子：仕相攻强子，算捉",
            Reason::SameTypeNoRecapture => "同类子：同类子不能反吃，算捉",
            Reason::MaterialGain => "兑换得子：兑换后得子，算捉",
            Reason::ForcedGain => "强制得子：伏将军抽吃或连续兑换后得子，算捉",
            Reason::PawnWithOthers => "兵卒与其他子配合捉子：他子护兵，对方不能无损吃回，算捉",
            Reason::AfterUnequalExchange => {
                "不等值交换后兵卒将帅吃子：交换不等值，兵（卒）或将（帅）随后吃子得子，算捉"
            }
            Reason::Protected => "有根子：有根，不算捉",
            Reason::SameType => "兑（献）：同类子可互吃，是献，不算捉",
            Reason::KingOrPawn => "将帅兵卒本身攻子：将（帅）兵（卒）本身攻子，不算捉",
            Reason::UncrossedPawn => "未过河兵：未过河兵（卒），不算捉",
            Reason::NoGain => "兑换不得子：兑换后不得子，不算捉",
            Reason::CaptureLosesToMate => "吃子被杀：吃子后即被将死，不算捉",
            Reason::HiddenRoot => "暗根：吃子后对方可借将军等强制着法夺回，不算捉（第24.15条）",
            Reason::TiedCapturer => {
                "被牵子捉子：吃子则失去所护之子或让开所守之线，得不偿失，按闲处理（第26.5条）"
            }
            Reason::CheckEvasionByKing => "将帅应将：将（帅）应将，算闲",
            Reason::Immobile => {
                "被别马腿之子：被马别住不能离位之子攻该马，算捉，但不抵对方长捉该子"
            }
            Reason::ImmobileRook => "车被马牵制：车被马牵制不能离位，攻之不论有无根，算捉",
            Reason::LoneDefender => {
                "守和方单子：守和方只有一个进攻子，占据要点附带捉士象，按闲处理（第26.3条）"
            }
            Reason::RookContact => {
                "车马（炮）同时接触：车与马（炮）同时接触对方无根之马（炮），按捉处理（第26.11.1条）"
            }
            Reason::HeldOnItsLine => "不能离线：车不能离线，炮借己方炮架联合捉车，每着均算捉",
            Reason::UnsafeOffer => {
                "邀兑受损：被邀兑方兑子后立即被杀或子力受损，按捉处理（第26.10条）"
            }
            Reason::SelfExposed => {
                "己方走子造成被捉：被攻之子因己方上一着失根或被打开线路，本着无直接参与，不予考虑（第26.4条）"
            }
        }
    }

    /// The reason in English.
    pub const fn en(self) -> &'static str {
        match self {
            Reason::NoRoot => "unprotected (无根子): no real protector: chase",
            Reason::RookByMinor => {
                "rook attacked by a horse or cannon (马炮捉车): a horse or cannon attacking a rook chases it, protected or not"
            }
            Reason::StrongByWeak => {
                "strong piece attacked by a weak one (仕相捉强子): an advisor or elephant attacking a strong piece: chase"
            }
            Reason::SameTypeNoRecapture => {
                "same type (同类子): a piece of the same type that cannot take back: chase"
            }
            Reason::MaterialGain => {
                "exchange that wins (兑换得子): the exchange wins material: chase"
            }
            Reason::AfterUnequalExchange => {
                "pawn or general after an unequal exchange (不等值交换后兵卒将帅吃子): the exchange loses without them, and their capture at its end wins: chase"
            }
            Reason::PawnWithOthers => {
                "pawn backed by other pieces (兵卒与其他子配合捉子): other pieces guard the pawn's point, so the piece cannot be taken back without loss: chase"
            }
            Reason::ForcedGain => {
                "forced line (强制得子): a forced line (checks then a capture, or a chain of exchanges) wins material: chase"
            }
            Reason::Protected => "protected (有根子): protected: no chase",
            Reason::SameType => {
                "exchange offer (兑献): same type and it can take back: a sacrifice, no chase"
            }
            Reason::KingOrPawn => {
                "king's or pawn's own attack (将帅兵卒本身攻子): the king's or a pawn's own attack: no chase"
            }
            Reason::UncrossedPawn => {
                "uncrossed pawn (未过河兵): an uncrossed pawn is no target: no chase"
            }
            Reason::NoGain => {
                "exchange that wins nothing (兑换不得子): the exchange wins nothing: no chase"
            }
            Reason::CaptureLosesToMate => {
                "capture met by mate (吃子被杀): taking it would be mated at once: no chase"
            }
            Reason::HiddenRoot => {
                "hidden root (暗根): taking it loses to a forcing answer (checks, a discovered attack) that wins back as much: no chase (CXA 2011 art. 24.15)"
            }
            Reason::TiedCapturer => {
                "tied-down capturer (被牵子捉子): taking gives up the piece it guards or the line it holds, a net loss: idle (CXA 2011 art. 26.5)"
            }
            Reason::CheckEvasionByKing => {
                "king answering check (将帅应将): a king move answering check is idle"
            }
            Reason::Immobile => {
                "piece held on a horse leg (被别马腿之子): a piece held on a horse's leg attacks that horse, its one move: a chase, which does not excuse an opponent chasing the held piece"
            }
            Reason::ImmobileRook => {
                "rook held by a horse (车被马牵制): a rook held on a horse's leg cannot get away: attacking it chases, protected or not"
            }
            Reason::LoneDefender => {
                "lone defender (守和方单子): the defending side has one attacking piece left: its attack on an advisor or elephant is idle (CXA 2011 art. 26.3)"
            }
            Reason::RookContact => {
                "rook and horse (cannon) in contact (车马炮同时接触): a rook and a piece of the same type both touch the unprotected piece: chase (CXA 2011 art. 26.11.1)"
            }
            Reason::HeldOnItsLine => {
                "held on its line (不能离线): a rook that cannot leave its square, jointly attacked by a cannon over its own screen, stays chased on every move: chase"
            }
            Reason::UnsafeOffer => {
                "unsafe exchange offer (邀兑受损): an exchange offer the other side cannot accept without being mated or losing material at once: chase (CXA 2011 art. 26.10)"
            }
            Reason::SelfExposed => {
                "laid open by its own side (己方走子造成被捉): the target lost its root or had a line opened onto it by its own side's last move, and this move takes no direct part in the attack: not counted (CXA 2011 art. 26.4)"
            }
        }
    }
}

/// A new attack of the mover on an enemy piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attack {
    /// The attacking piece's point after the move.
    #[serde(with = "crate::wire::square")]
    pub attacker: Square,
    /// The attacking piece.
    #[serde(with = "crate::wire::role")]
    pub attacker_role: Role,
    /// The target's point.
    #[serde(with = "crate::wire::square")]
    pub victim: Square,
    /// The target.
    #[serde(with = "crate::wire::role")]
    pub victim_role: Role,
    /// How the target is protected.
    pub protection: Protection,
    /// Material the attacker's side wins by the exchange on the target's point (static
    /// exchange, legal captures only).
    pub gain: i32,
    /// Why it is or is not a chase.
    pub reason: Reason,
}

impl Attack {
    /// Is this attack a chase?
    pub const fn is_chase(&self) -> bool {
        self.reason.is_chase()
    }
}

/// Everything the arbiter needs to know about one move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveAnalysis {
    /// The move, in ICCS coordinates.
    pub iccs: String,
    /// The moving piece.
    #[serde(with = "crate::wire::role")]
    pub role: Role,
    /// Who moved.
    #[serde(with = "crate::wire::color")]
    pub mover: Color,
    /// The move gives check (将).
    pub check: bool,
    /// The move threatens mate (杀).
    pub mate_threat: bool,
    /// The mover was in check before the move (应将).
    pub evasion: bool,
    /// The move offers a same-type exchange (兑).
    pub exchange: bool,
    /// The move offers a piece (献).
    pub sacrifice: bool,
    /// The move blocks an enemy piece (拦).
    pub block: bool,
    /// The move shadows a protected enemy piece (跟).
    pub follow: bool,
    /// The attacks the move creates, chases and not.
    pub attacks: Vec<Attack>,
    /// The heaviest nature. CXA 2011 art. 26.5.
    pub nature: MoveNature,
}

impl MoveAnalysis {
    /// The points of the pieces this move chases.
    pub fn chased(&self) -> Bitboard {
        self.attacks
            .iter()
            .filter(|a| a.is_chase())
            .map(|a| a.victim)
            .collect()
    }
}

/// Where a piece on `sq` attacks, given the occupancy.
pub fn piece_attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::King => king_attacks(sq),
        Role::Advisor => advisor_attacks(sq),
        Role::Elephant => elephant_attacks(sq, occupied),
        Role::Horse => horse_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Cannon => cannon_attacks(sq, occupied),
        Role::Pawn => pawn_attacks(piece.color, sq),
    }
}

/// Plays a move known to be legal in `pos` on a copy.
fn after(pos: &Position, m: Move) -> Position {
    let mut p = pos.clone();
    p.play_unchecked(m);
    p
}

/// The legal capture of the piece on `from` onto `to`, if there is one.
fn legal_capture(pos: &Position, from: Square, to: Square) -> Option<Move> {
    pos.find_move(from, to).filter(|&m| pos.is_legal(m))
}

/// Material the side to move wins by capturing on `sq` with its cheapest legal capturer and
/// going on as long as it pays (static exchange; every capture legal, so pins, facing generals,
/// screens and legs are the board's own).
fn exchange(pos: &Position, sq: Square, depth: u32) -> i32 {
    exchange_without(pos, sq, depth, None)
}

/// [`exchange`] in which the pawns and the general of `idle` (if any) do not take part: what
/// they could take at the end of an exchange does not count (CXA 2011 art. 26.8).
fn exchange_without(pos: &Position, sq: Square, depth: u32, idle: Option<Color>) -> i32 {
    if depth == 0 || pos.board().piece_at(sq).is_none() {
        return 0;
    }
    exchange_by(
        pos,
        sq,
        depth,
        &pos.legal_moves_where(MoveFilter::CapturesOn(sq)),
        idle,
    )
}

/// [`exchange_without`] with the legal captures on `sq` known.
fn exchange_by(
    pos: &Position,
    sq: Square,
    depth: u32,
    captures: &[Move],
    idle: Option<Color>,
) -> i32 {
    let Some(target) = pos.board().piece_at(sq) else {
        return 0;
    };
    if depth == 0 {
        return 0;
    }
    let barred = |m: &&Move| idle == Some(pos.turn()) && matches!(m.role, Role::Pawn | Role::King);
    let worth = |m: &Move| value(m.role, pos.turn(), m.from);
    // The least valuable capturer takes; among several of that worth (a horse and a cannon, two
    // rooks) the one that does best, as whichever the move list names first may leave a
    // different screen or line behind: the answer must not depend on the list's order.
    let Some(least) = captures.iter().filter(|m| !barred(m)).map(worth).min() else {
        return 0;
    };
    // The chasing side gains nothing by an uncrossed pawn (CXA 2011 art. 26.7).
    let v = if idle == Some(pos.turn()) {
        gain_value(target.role, target.color, sq)
    } else {
        value(target.role, target.color, sq)
    };
    captures
        .iter()
        .filter(|m| !barred(m) && worth(m) == least)
        .map(|&m| (v - exchange_without(&after(pos, m), sq, depth - 1, idle)).max(0))
        .max()
        .unwrap_or(0)
}

/// What the searches of one ruling remember, by Zobrist hash (the hash covers the board and
/// the side to move): a cycle's positions recur, and so do the positions its searches reach.
#[derive(Debug)]
pub(crate) struct Cache {
    /// For [`Cache::mate_by_checks`]: the greatest depth known to fail and the least depth
    /// known to mate (0: none). A mate within `d` moves is a mate within `d + 1`.
    mate: HashMap<u64, (u32, u32), ZobristState>,
    /// For [`forcing`]: a node's best line and whether its score is exact or a bound.
    forcing: HashMap<ForcingKey, (Node, Bound), ZobristState>,
    /// For [`each::reaches_each`]: a node's bits known and their values.
    each: each::Memory,
    /// The moves a search node generates ([`Cache::legal_range`]), by the position's hash and
    /// what was asked: where they start in `arena` and how many.
    moves: HashMap<u64, (u32, u8), ZobristState>,
    /// The lists of `moves`, one after another.
    arena: Vec<Move>,
    /// For each move of `arena`, whether it gives check, once a search has asked
    /// ([`Cache::gives_check`]).
    checking: Vec<Option<bool>>,
    /// The lists of a search's [`Root`] from a position, by its hash.
    roots: HashMap<u64, RootLists, ZobristState>,
    /// Whether the side to move has a legal move, by the position's hash.
    has_move: HashMap<u64, bool, ZobristState>,
}

impl Default for Cache {
    /// Room for a ruling's usual searches, so the tables do not grow step by step.
    fn default() -> Cache {
        Cache {
            mate: HashMap::with_capacity_and_hasher(256, ZobristState::default()),
            forcing: HashMap::with_capacity_and_hasher(256, ZobristState::default()),
            each: each::Memory::default(),
            moves: HashMap::with_capacity_and_hasher(1024, ZobristState::default()),
            arena: Vec::with_capacity(4096),
            checking: Vec::with_capacity(4096),
            roots: HashMap::with_capacity_and_hasher(64, ZobristState::default()),
            has_move: HashMap::with_capacity_and_hasher(1024, ZobristState::default()),
        }
    }
}

/// A [`Root`]'s lists: the attacker's captures, the defender's standing ones, and the
/// attacker's king's and pawns' free ones.
type RootLists = (
    Rc<[(Square, Square)]>,
    Rc<[(Square, Square, Option<Role>)]>,
    Rc<[(Square, Square)]>,
);

/// The key of a list of [`Cache::legal_range`]: the position's hash and the kind of list.
fn list_key(pos: &Position, kind: u64) -> u64 {
    pos.zobrist_hash() ^ kind.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Hashes keys that start with a Zobrist hash: the hash is random already, so the other fields
/// are folded in with a multiply (SipHash, the default, was a seventh of a ruling's time).
#[derive(Debug, Default, Clone, Copy)]
struct ZobristHasher(u64);

impl std::hash::Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_i32(&mut self, n: i32) {
        self.write_u64(u64::from(n as u32));
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

type ZobristState = std::hash::BuildHasherDefault<ZobristHasher>;

/// A node of [`forcing`]: the position and everything its value depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ForcingKey {
    hash: u64,
    attacker: Color,
    checks: u32,
    plies: u32,
    root: u64,
    checked: bool,
    took: bool,
    shield: Option<Square>,
    target: Option<Square>,
    barred: Bitboard,
    ledger: Ledger,
    seen: [u64; SEEN],
    kept: Kept,
    frozen: Option<Square>,
    lost: Option<Square>,
}

impl std::hash::Hash for ForcingKey {
    /// The fields packed into three words: hashing them one by one was a tenth of a ruling's
    /// time. Keys still compare whole, so packing that folds two keys together costs nothing
    /// but a probe.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let square = |sq: Option<Square>| sq.map_or(0, |sq| sq as u64 + 1);
        let small = u64::from(self.checks)
            | u64::from(self.plies) << 8
            | u64::from(self.attacker == Color::Red) << 16
            | u64::from(self.checked) << 17
            | u64::from(self.took) << 18
            | square(self.shield) << 20
            | square(self.target) << 28
                ^ self.ledger.packed().rotate_left(40)
                ^ u64::from(self.kept.packed()) << 36;
        let barred = self.barred.bits();
        let seen = self
            .seen
            .iter()
            .fold(0u64, |acc, h| acc.rotate_left(13) ^ h);
        state.write_u64(self.hash ^ self.root.rotate_left(29) ^ seen.rotate_left(7));
        state.write_u64(
            small
                ^ (barred as u64)
                ^ ((barred >> 64) as u64).rotate_left(32)
                ^ (square(self.frozen) | square(self.lost) << 8).rotate_left(48),
        );
    }
}

/// What a fail-soft alpha-beta score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    /// The value itself.
    Exact,
    /// The value is at least this (the node failed high).
    Lower,
    /// The value is at most this (the node failed low).
    Upper,
    /// The value itself, found by a search asked for its value only ([`Aim`]'s `value_only`),
    /// whose line is not the one the core's order meets first: exact to such a search, a
    /// bound either way to one that names its line (which takes a line only from a node
    /// inside its window).
    Value,
}

impl Cache {
    /// [`Position::legal_moves_where`], remembered, where the moves stand in `arena`: the moves
    /// a forcing search looks at in `pos` ([`forcing_search`], [`each::reaches_each`]: every
    /// legal move in check, else the captures, and the checks too while it may check) or a mate
    /// search ([`Cache::mate_by_checks`]), in the core's order. The lists depend on the position
    /// alone, which recurs across a ruling's many searches (each with its own root, window and
    /// target): each is generated once, and read in place, not copied. The arena only grows
    /// during a ruling, so the range stays good. A list of the captures on one point is not
    /// remembered.
    fn legal_range(&mut self, pos: &Position, filter: MoveFilter) -> std::ops::Range<usize> {
        let kind: u64 = match filter {
            MoveFilter::All => 1,
            MoveFilter::CapturesOrChecks => 2,
            MoveFilter::Captures => 3,
            MoveFilter::Checks => 4,
            MoveFilter::CapturesOn(_) => 0,
        };
        let key = list_key(pos, kind);
        if kind != 0
            && let Some(&(start, len)) = self.moves.get(&key)
        {
            let start = start as usize;
            return start..start + usize::from(len);
        }
        // Written at the end of the arena, not copied there from a list.
        let start = self.arena.len();
        pos.extend_legal_moves_where(filter, &mut self.arena);
        let list = &self.arena[start..];
        // A quiet move of a list of checks (alone or beside the captures) gives check: the
        // core lists it for that alone (its tests check the lists against `gives_check`), so
        // [`Cache::gives_check`] need not ask again.
        let quiet_checks = matches!(filter, MoveFilter::Checks | MoveFilter::CapturesOrChecks);
        self.checking.extend(
            list.iter()
                .map(|m| (quiet_checks && m.capture.is_none()).then_some(true)),
        );
        if kind != 0
            && let Ok(at) = u32::try_from(start)
        {
            self.moves.insert(key, (at, list.len() as u8));
        }
        start..self.arena.len()
    }

    /// Every legal move of `pos` if [`Cache::legal_range`] has listed them already.
    fn remembered_moves(&self, pos: &Position) -> Option<std::ops::Range<usize>> {
        let &(start, len) = self.moves.get(&list_key(pos, 1))?;
        let start = start as usize;
        Some(start..start + usize::from(len))
    }

    /// Does the move at `at` in `arena`, played in `pos` (the position its list was generated
    /// for), give check? Remembered with the list.
    fn gives_check(&mut self, pos: &Position, at: usize) -> bool {
        match self.checking.get(at).copied().flatten() {
            Some(known) => known,
            None => {
                let gives = self.arena.get(at).is_some_and(|&m| pos.gives_check(m));
                if let Some(slot) = self.checking.get_mut(at) {
                    *slot = Some(gives);
                }
                gives
            }
        }
    }

    /// Does the side to move in `pos` have a legal move? Remembered by the position's hash.
    fn has_legal_move(&mut self, pos: &Position) -> bool {
        *self
            .has_move
            .entry(pos.zobrist_hash())
            .or_insert_with(|| pos.has_legal_move())
    }

    /// [`Cache::has_legal_move`] at a node of a forcing search that takes its side to move
    /// to be out of check. With plies left that is known (a child is in check exactly when its
    /// move gave check, [`forcing`]), and the core's quicker answer for a side out of check is
    /// asked, unremembered; past the horizon a check is not followed ([`forcing`]), and the
    /// question is asked whole.
    fn has_move_out_of_check(&mut self, pos: &Position, budget: Budget) -> bool {
        if budget.plies > 0 {
            pos.has_legal_move_out_of_check()
        } else {
            self.has_legal_move(pos)
        }
    }

    /// Does the side to move have a move that mates at once? Only a check can mate; a quiet
    /// move that leaves the opponent no move (困毙) is not looked for.
    fn has_mate_in_one(&mut self, pos: &Position) -> bool {
        self.mate_by_checks(pos, 1)
    }

    /// [`mate_by_checks`], remembering every position it decides.
    pub(crate) fn mate_by_checks(&mut self, pos: &Position, depth: u32) -> bool {
        if depth == 0 {
            return false;
        }
        let key = pos.zobrist_hash();
        let (fails, mates) = self.mate.get(&key).copied().unwrap_or((0, 0));
        if depth <= fails {
            return false;
        }
        if mates != 0 && depth >= mates {
            return true;
        }
        let found = self.search_mate(pos, depth);
        let entry = self.mate.entry(key).or_insert((0, 0));
        if found {
            entry.1 = if entry.1 == 0 {
                depth
            } else {
                entry.1.min(depth)
            };
        } else {
            entry.0 = entry.0.max(depth);
        }
        found
    }

    fn search_mate(&mut self, pos: &Position, depth: u32) -> bool {
        // The lists are read where they stand in the arena (it only grows, so the ranges stay
        // good), not copied.
        let moves = self.legal_range(pos, MoveFilter::Checks);
        if depth == 1 {
            // A check with no answer mates.
            return moves.into_iter().any(|i| {
                let m = self.arena[i];
                !self.has_legal_move(&after(pos, m))
            });
        }
        // The general's steps and the captures of a checker first: the likeliest escapes, so
        // a check that fails is refuted soon. A check with no answer mates. The replies are
        // taken in four passes over their list, one for each kind in that order (the general's
        // captures, its steps, the other captures, the other moves), each in the list's order:
        // the order a stable sort by those keys gives, without copying the list to sort it.
        // Unless the replies are listed already, the general's moves are found alone first
        // (in the same order): most checks are refuted by one of them, and the other replies
        // are then never generated.
        moves.into_iter().any(|i| {
            let p = after(pos, self.arena[i]);
            let (replies, kings_tried) = match self.remembered_moves(&p) {
                Some(replies) => (replies, false),
                None => {
                    let steps = p.legal_king_moves();
                    let kings_mated = [true, false].into_iter().all(|capture| {
                        steps.iter().all(|&r| {
                            r.capture.is_some() != capture
                                || self.mate_by_checks(&after(&p, r), depth - 1)
                        })
                    });
                    if !kings_mated {
                        return false;
                    }
                    (self.legal_range(&p, MoveFilter::All), true)
                }
            };
            [(true, true), (true, false), (false, true), (false, false)]
                .into_iter()
                .filter(|&(king, _)| !(king && kings_tried))
                .all(|(king, capture)| {
                    replies.clone().all(|j| {
                        let r = self.arena[j];
                        (r.role == Role::King) != king
                            || r.capture.is_some() != capture
                            || self.mate_by_checks(&after(&p, r), depth - 1)
                    })
                })
        })
    }
}

/// Can the side to move mate by checks alone within `depth` of its moves? Only checks are
/// generated ([`Position::legal_moves_where`]), and positions already decided are remembered.
pub fn mate_by_checks(pos: &Position, depth: u32) -> bool {
    Cache::default().mate_by_checks(pos, depth)
}

/// The score of being mated (or stalemated, which loses too: CXA 2011 art. 3.3) in
/// [`forced_gain`]'s search.
const MATED: i32 = -10_000;

/// Bounds of [`forced_gain`]'s search: the attacker's checks and the plies in all.
#[derive(Debug, Clone, Copy)]
struct Budget {
    checks: u32,
    plies: u32,
    /// Has the attacker given check on the way?
    checked: bool,
    /// Has the attacker captured on the way?
    took: bool,
    /// The point of the attacker's first capture if its checks made it (see [`Root`]).
    shield: Option<Square>,
    /// Where the piece a targeted search is after stands now ([`forced_gain_aiming`]): it may
    /// move on the way (a block, a flight) and still be the piece.
    target: Option<Square>,
    /// Where the pieces the attacker may not take stand now ([`Root`]'s `barred`, followed as
    /// they move: a barred piece that steps aside is still barred).
    barred: Bitboard,
    /// The positions the line has passed through, the latest first (see [`Budget::repeats`]).
    seen: [u64; SEEN],
    /// In a targeted search, what the attacker's captures have won and kept so far, by rank
    /// ([`Kept`]); nothing elsewhere. See [`Root::score`].
    kept: Kept,
    /// Where the piece that takes no direct part ([`Aim`]'s `frozen`) stands now, followed
    /// as it moves; none once taken, and in every other search.
    frozen: Option<Square>,
    /// While a piece is frozen, after the attacker's move: the point where it took a piece
    /// (the line's exchange, where the other side's recapture may not be taken back by the
    /// frozen piece); after the other side's move: the point where it took a piece of the
    /// attacker's of its own accord, which the frozen piece may take back. None otherwise.
    lost: Option<Square>,
}

/// How many of a line's earlier positions it remembers: a position comes back at the
/// earliest four plies on, and only an even number of plies on, so eight cover a line of
/// [`FORCED_PLIES`] (nine) plies; past them the line only captures and never comes back.
const SEEN: usize = 8;

impl Budget {
    /// Has the line passed through the position hashed `hash` before? CXA 2011 art. 24.3
    /// wins material "从下一着开始运用将军或连续将军": a series of checks that brings a position
    /// back has won nothing the line could not have gone on to win the first time (the
    /// checks go round, 长将, art. 24.1; the defender may answer as it did), so the line ends
    /// there with what it has won. Without this a deeper search counts a round of checks only
    /// to move its horizon by two plies, and the defender's last answer falls beyond it.
    fn repeats(&self, hash: u64) -> bool {
        hash != 0 && self.seen.contains(&hash)
    }

    /// `seen` with the position hashed `hash` added.
    fn saw(&self, hash: u64) -> [u64; SEEN] {
        let mut seen = [0; SEEN];
        seen[0] = hash;
        seen[1..].copy_from_slice(&self.seen[..SEEN - 1]);
        seen
    }
}

/// The position a [`forced_gain`] search starts from: what each side could take there.
///
/// A gain won by check stands unless it is taken back (CXA 2011 art. 24.3, "运用将军或连续将军
/// 得子"): once the checks have made a capture the attacker could not make at the start (its
/// first), the defender's captures of pieces hanging all along (takeable at the start, with
/// nothing to take back) do not undo it (参考图12: 车六平八 threatens 车八进九 将, 士5退4, 炮九平六
/// taking the advisor, 捉, though red's pawns on e7 and g3 hang the whole time). Taking back,
/// taking a piece the line has moved or whose guard it has drawn away, still counts. A capture
/// the attacker had at the start is weighed with all the defender's answers: a check on the
/// way that does not make it cannot shield it.
struct Root {
    /// The attacker's captures, (from, to).
    captures: Rc<[(Square, Square)]>,
    /// The defender's captures had it the move that nothing could take back: (from, to, the
    /// role taken).
    standing: Rc<[(Square, Square, Option<Role>)]>,
    /// The attacker's king's and pawns' captures that nothing could take back, (from, to):
    /// what they could take all along. CXA 2011 art. 26.8 counts their capture after an
    /// exchange of unequal value only where they could not take before ("原来不能吃子").
    free: Rc<[(Square, Square)]>,
    hash: u64,
    /// The side whose king's and pawns' own captures are idle (CXA 2011 arts. 26.1, 26.8):
    /// the chasing side, whether it leads the line or answers it ([`rebuttal`]).
    idle: Color,
    /// A targeted search ([`forced_gain_aiming`]): a line wins only once it takes the target.
    targeted: bool,
    /// The first move may not force mate ([`Aim`]'s `declines_mate`).
    declines_mate: bool,
    /// Only the value is asked ([`Aim`]'s `value_only`).
    value_only: bool,
    /// The point whose moves the root tries first: where a like search's line started
    /// ([`held_on_its_square`]). The order decides no value and no exact line (see
    /// [`refutation_order`]), only how soon a null window is proved.
    lead_first: Option<Square>,
    /// The points the first move may not take on with a piece of the same type ([`Aim`]'s
    /// `not_first`).
    not_first: Bitboard,
}

impl Root {
    /// The start of a search from `pos` for the side to move, with the side whose king's and
    /// pawns' captures are idle, the piece it must take and the points it may not take on.
    /// Its lists depend on the position alone: the ruling's searches from one position share
    /// them ([`Cache`]).
    fn new(
        cache: &mut Cache,
        pos: &Position,
        idle: Color,
        target: Option<Square>,
        barred: Bitboard,
    ) -> Root {
        // Can nothing take back the capture `m` of the side to move in `o`?
        let unanswered = |o: &Position, m: &Move| {
            after(o, *m)
                .legal_moves_where(MoveFilter::CapturesOn(m.to))
                .is_empty()
        };
        // A rebuttal answers a capture at once: the shield of a gain won by check (see
        // [`Root`]) is the chase's, and its lists are not needed.
        let rebutting = idle != pos.turn();
        let (captures, standing, free) = if rebutting {
            (Rc::from([]), Rc::from([]), Rc::from([]))
        } else {
            cache
                .roots
                .entry(pos.zobrist_hash())
                .or_insert_with(|| {
                    let list = pos.legal_moves_where(MoveFilter::Captures);
                    let captures: Vec<(Square, Square)> =
                        list.iter().map(|m| (m.from, m.to)).collect();
                    // The king's and pawns' captures that nothing can take back.
                    let free: Vec<(Square, Square)> = list
                        .iter()
                        .filter(|m| matches!(m.role, Role::King | Role::Pawn))
                        .filter(|m| unanswered(pos, m))
                        .map(|m| (m.from, m.to))
                        .collect();
                    // The other side's pieces hanging, had it the move.
                    let hanging: Vec<(Square, Square, Option<Role>)> = pos
                        .swap_turn()
                        .map(|o| {
                            o.legal_moves_where(MoveFilter::Captures)
                                .iter()
                                .filter(|m| unanswered(&o, m))
                                .map(|m| (m.from, m.to, m.capture))
                                .collect()
                        })
                        .unwrap_or_default();
                    (Rc::from(captures), Rc::from(hanging), Rc::from(free))
                })
                .clone()
        };
        Root {
            captures,
            standing,
            free,
            // A rebuttal or a targeted search is another search: its nodes are remembered
            // apart.
            hash: pos.zobrist_hash()
                ^ if idle == pos.turn() {
                    0
                } else {
                    0x5851_f42d_4c95_7f2d
                }
                ^ target.map_or(0, |sq| (sq as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
                ^ (barred.bits() as u64 ^ (barred.bits() >> 64) as u64)
                    .wrapping_mul(0xd6e8_feb8_6659_fd93),
            idle,
            targeted: target.is_some(),
            declines_mate: false,
            value_only: false,
            lead_first: None,
            not_first: Bitboard::EMPTY,
        }
    }

    /// Bars the first move from taking on `points` with a piece of the same type ([`Aim`]'s
    /// `not_first`); a search so barred is another search, remembered apart.
    fn bar_first(&mut self, points: Bitboard) {
        if points.any() {
            self.not_first = points;
            self.hash ^= (points.bits() as u64 ^ (points.bits() >> 64) as u64)
                .wrapping_mul(0x94d0_49bb_1331_11eb)
                | 1;
        }
    }

    /// What a line has won, settled ([`Ledger::settle`]); for a targeted search nothing
    /// until the target is taken.
    fn settle(&self, ledger: Ledger) -> i32 {
        if self.targeted && !ledger.took_target() {
            ledger.settle().min(0)
        } else {
            ledger.settle()
        }
    }

    /// The score of standing pat for the attacker: what the line has won; in a targeted
    /// search, lines winning as much are then ranked by the most valuable piece they win and
    /// keep ([`Kept::dearest`]), the cheaper first for the attacker and the dearer first for
    /// the defender. So the line a targeted search returns wins by taking its target whenever
    /// any line winning as much can, however the defender answers, and which of two equal
    /// lines a search meets first (the order of the squares, which turns with the board) does
    /// not decide whether the target is what the line wins ([`OldAttacks::new_win`];
    /// `a_fourth_asymmetry_found_at_four_checks` in tests/random_cycles.rs).
    fn score(&self, ledger: Ledger, kept: Kept) -> i32 {
        if self.targeted {
            self.settle(ledger) * TIE + (TIE - 1 - i32::from(kept.dearest()))
        } else {
            self.settle(ledger)
        }
    }

    /// The score of the attacker mated ([`MATED`], scaled as [`Root::score`]).
    fn mated(&self) -> i32 {
        if self.targeted { MATED * TIE } else { MATED }
    }

    /// A window in material ([`forced_line_in`]) as a window of [`Root::score`]s: `alpha`
    /// and `beta` bound what is won, whatever the rank of the dearest piece.
    fn window(&self, (alpha, beta): (i32, i32)) -> (i32, i32) {
        if self.targeted {
            (alpha * TIE + TIE - 1, beta * TIE)
        } else {
            (alpha, beta)
        }
    }

    /// What a [`Root::score`] says was won.
    fn material(&self, score: i32) -> i32 {
        if self.targeted {
            score.div_euclid(TIE)
        } else {
            score
        }
    }
}

/// The scale of a targeted search's scores ([`Root::score`]): room for the ranks of
/// [`rank_of`] below one point of material.
const TIE: i32 = 8;

/// The rank of a piece worth `worth` ([`gain_value`], [`value`]) among what a line can take:
/// nothing (a piece worth nothing as a target), an uncrossed pawn, a crossed pawn or an
/// advisor or elephant, a horse or cannon, a rook.
fn rank_of(worth: i32) -> u8 {
    match worth {
        ..=0 => 0,
        1 => 1,
        2 => 2,
        3..=5 => 3,
        _ => 4,
    }
}

/// What a line's captures have won and kept, by rank ([`rank_of`]): the attacker's captures
/// less its pieces lost, like for like, so that a trade on the way (rook for rook) wins no
/// rook. The piece a line wins is the dearest it keeps (CXA 2011 art. 26.9.1 names the piece
/// whose capture makes the gain).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Kept([i8; 4]);

impl Kept {
    /// A capture of a piece of rank `rank` by the attacker (`1`) or of the attacker's (`-1`).
    fn with(self, rank: u8, by: i8) -> Kept {
        let mut kept = self;
        if let Some(n) = rank
            .checked_sub(1)
            .and_then(|i| kept.0.get_mut(usize::from(i)))
        {
            *n = n.saturating_add(by);
        }
        kept
    }

    /// The rank of the dearest piece won and kept, 0 for none.
    fn dearest(self) -> u8 {
        (1..=4u8)
            .rev()
            .find(|&r| self.0[usize::from(r - 1)] > 0)
            .unwrap_or(0)
    }

    fn packed(self) -> u32 {
        u32::from_le_bytes(self.0.map(|n| n as u8))
    }
}

/// The best line of a forcing search, as [`forced_gain`] reports it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Line {
    /// The material the attacker wins, settled by the pawn clause ([`Ledger::settle`]).
    pub gain: i32,
    /// The capture that makes the gain: the most valuable piece the attacker takes, as
    /// (capturer's point, victim's point) where they stand at the start of the line. CXA 2011
    /// art. 26.9.1 names the piece chased: the rook won at the end of a line, not a pawn taken
    /// on the way.
    pub victim: Option<(Square, Square)>,
    /// The attacker's first capture on the line, named the same way.
    pub first: Option<(Square, Square)>,
    /// The point the line's first move starts from.
    pub lead: Option<Square>,
    /// The line mates (a gain of nothing to [`forced_gain`], which leaves mates to 杀; the
    /// strongest answer to [`rebuttal`]).
    pub mates: bool,
    /// For a targeted search, the rank ([`rank_of`]) of the dearest piece the line wins and
    /// keeps ([`Kept`]): the line wins as much with nothing dearer whatever the defender does.
    pub dearest: u8,
}

/// A line inside the search: its score for the side to move, the named capture with what its
/// victim is worth, the first capture, and the lead (see [`Line`]).
type Node = (
    i32,
    Option<(Square, Square, i32)>,
    Option<(Square, Square)>,
    Option<Square>,
);

/// Negamax over forcing moves, scoring the material the line has won, settled by
/// [`Ledger::settle`] (CXA 2011 art. 26.7), for the side to move. The attacker may capture
/// (not with its king or pawns, whose own captures are idle: CXA 2011 arts. 26.1, 26.8) or give
/// check while it has checks left; the defender may capture, but not, once the attacker's
/// checks have made a capture, what it could already take at the start (see [`Root`]), and
/// then it may also give a check that wins the capturer back ([`may_give_check`]: 暗根, art. 24.15);
/// a side not in check may also stop (stand pat); a side in check must answer it with any
/// legal move.
///
/// While the attacker is ahead, a defender that can mate by checks wins: the gain does not
/// count (CXA 2011 art. 24.3, "上述得子后不致立即被对方将死"; fig. 13, where the exchange would
/// walk into a mate).
///
/// Fail-soft alpha-beta: inside the window the value is exact, outside it a bound. So the
/// defender's mate search, the dearest part, is left out where the node is refuted anyway, and
/// nodes are remembered by hash with their bound ([`Cache`]); an exact node keeps its best
/// line, which is the first move (in the core's order) reaching its value whatever the window.
#[allow(clippy::too_many_arguments)]
fn forcing(
    cache: &mut Cache,
    root: &Root,
    pos: &Position,
    in_check: bool,
    attacker: Color,
    budget: Budget,
    ledger: Ledger,
    alpha: i32,
    beta: i32,
) -> Node {
    // A position the line has passed through before: the line ends there, with what it has
    // won (a defender in check answers as it did the first time).
    if !(in_check && pos.turn() == attacker) && budget.repeats(pos.zobrist_hash()) {
        let ended = Budget { plies: 0, ..budget };
        return forcing_search(
            cache, root, pos, false, attacker, ended, ledger, alpha, beta,
        );
    }
    // Past the horizon (captures only, [`FORCED_PLIES`]) a node is quicker to value than to
    // look up (and remembering those nodes would fill the table).
    // The attacker in check with no ply left to answer it is mated: its line fails. The
    // defender is not: the search stopped, not the defender, whose answer is unknown, so the
    // line keeps what it has won (CXA 2011 art. 24.3 counts material won, not a check the
    // search leaves unanswered; with an odd number of plies the last is the attacker's).
    if budget.plies == 0 {
        if in_check && pos.turn() != attacker {
            return forcing_search(
                cache, root, pos, false, attacker, budget, ledger, alpha, beta,
            );
        }
        if in_check {
            return (root.mated(), None, None, None);
        }
        return forcing_search(
            cache, root, pos, in_check, attacker, budget, ledger, alpha, beta,
        );
    }
    // Deep nodes seldom come again: searched, not remembered.
    if budget.plies < REMEMBERED_PLIES {
        return forcing_search(
            cache, root, pos, in_check, attacker, budget, ledger, alpha, beta,
        );
    }
    let key = ForcingKey {
        hash: pos.zobrist_hash(),
        attacker,
        checks: budget.checks,
        plies: budget.plies,
        root: root.hash,
        checked: budget.checked,
        took: budget.took,
        shield: budget.shield,
        target: budget.target,
        barred: budget.barred,
        ledger,
        seen: budget.seen,
        kept: budget.kept,
        frozen: budget.frozen,
        lost: budget.lost,
    };
    if let Some(&(line, bound)) = cache.forcing.get(&key) {
        match bound {
            Bound::Exact => return line,
            Bound::Value if root.value_only => return line,
            Bound::Lower | Bound::Value if line.0 >= beta => return line,
            Bound::Upper | Bound::Value if line.0 <= alpha => return line,
            _ => {}
        }
    }
    let line = forcing_search(
        cache, root, pos, in_check, attacker, budget, ledger, alpha, beta,
    );
    let bound = if line.0 <= alpha {
        Bound::Upper
    } else if line.0 >= beta {
        Bound::Lower
    } else if root.value_only {
        Bound::Value
    } else {
        Bound::Exact
    };
    cache.forcing.insert(key, (line, bound));
    line
}

/// [`forcing`] without the memory; `in_check` is whether the side to move is in check.
#[allow(clippy::too_many_arguments)]
fn forcing_search(
    cache: &mut Cache,
    root: &Root,
    pos: &Position,
    in_check: bool,
    attacker: Color,
    budget: Budget,
    ledger: Ledger,
    mut alpha: i32,
    beta: i32,
) -> Node {
    let attacking = pos.turn() == attacker;
    // Standing pat keeps what the line has won so far.
    let stand = if attacking {
        root.score(ledger, budget.kept)
    } else {
        -root.score(ledger, budget.kept)
    };
    let mut best: Node = (
        if in_check { root.mated() } else { stand },
        None,
        None,
        None,
    );
    // Past the horizon the line goes on with captures only, until none pays (see
    // [`FORCED_PLIES`]).
    let searched = best.0 < beta;
    let may_check = may_give_check(attacking, budget);
    // The moves worth playing: every answer to a check; else captures, and checks while the
    // attacker has checks left (the filters below keep exactly these).
    let moves = if in_check || searched {
        cache.legal_range(
            pos,
            if in_check {
                MoveFilter::All
            } else if may_check {
                MoveFilter::CapturesOrChecks
            } else {
                MoveFilter::Captures
            },
        )
    } else {
        0..0
    };
    // No legal move at all: mated, or stalemated, which loses too (a forcing move found is a
    // legal move, so the full question is asked only without one).
    if moves.is_empty() && (in_check || !cache.has_move_out_of_check(pos, budget)) {
        return (root.mated(), None, None, None);
    }
    // The defender, the attacker ahead, may mate instead (the best it can do): asked only
    // where the node's value would otherwise stay below beta.
    let may_mate = !attacking && !in_check && root.settle(ledger) > 0;
    let mates = |cache: &mut Cache, best: Node| -> Node {
        if may_mate && best.0 < beta && cache.mate_by_checks(pos, 2) {
            (-root.mated(), None, None, None)
        } else {
            best
        }
    };
    if !searched {
        return mates(cache, best);
    }
    // A null window proves a bound and names no line (it is never exact, nor are its nodes,
    // whose windows are null too), and a search asked for its value only names none either:
    // ties, which only choose the line, are not looked for.
    let names_no_line = beta - alpha <= 1 || root.value_only;
    alpha = alpha.max(best.0);
    // Search the likeliest refutations first (the most valuable victim; checks after
    // captures: [`refutation_order`]) for cut-offs, but keep the core's order for ties: a move
    // listed earlier that scores as much as the best so far takes its place, as it would have
    // come first. It is searched with the window opened by one to see the tie.
    let moves_start = moves.start;
    let mut order = ArrayVec::new();
    search_order(pos, &cache.arena[moves], &mut order);
    if names_no_line && budget.plies > 0 {
        checks_first(cache, pos, moves_start, &mut order);
    }
    if let Some(lead) = root
        .lead_first
        .filter(|_| attacking && budget.plies == FORCED_PLIES)
    {
        let list = &cache.arena[moves_start..];
        order.sort_by_key(|&key| list[(key & 0xff) as usize].from != lead);
    }
    let mut best_index: Option<usize> = None;
    // The root of a search that declines mate: only the root has all its plies left.
    let declining = root.declines_mate && attacking && budget.plies == FORCED_PLIES;
    let mut child = pos.clone();
    for &key in &order {
        let index = (key & 0xff) as usize;
        let m = cache.arena[moves_start + index];
        let Some(Step {
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
            || cache.gives_check(pos, moves_start + index),
        )
        else {
            continue;
        };
        let tie_wins = !names_no_line && best_index.is_some_and(|b| index < b) && best.0 == alpha;
        let low = if tie_wins { alpha - 1 } else { alpha };
        // A first move declined for forcing mate is known only by its exact value.
        let (low, high) = if declining {
            (2 * root.mated(), -2 * root.mated())
        } else {
            (low, beta)
        };
        let (reply, line, line_first, _) = forcing(
            cache,
            root,
            &child,
            gives_check && budget.plies > 0,
            attacker,
            next,
            next_ledger,
            -high,
            -low,
        );
        let score = -reply;
        if declining && score >= -root.mated() / 2 {
            continue;
        }
        if score > best.0 || (tie_wins && score == best.0) {
            // The line's capture, named by where its two pieces stand here: a piece that moves
            // on the way (a checker, or a defender stepping into the line) is found back. The
            // attacker's most valuable capture names the line; the earlier one on a tie.
            let back = |sq: Square| if sq == m.to { m.from } else { sq };
            let deeper = line.map(|(a, v, worth)| (back(a), back(v), worth));
            let here = match m.capture {
                Some(role) if attacking && counts => {
                    Some((m.from, m.to, gain_value(role, !pos.turn(), m.to)))
                }
                _ => None,
            };
            let named = match (here, deeper) {
                (Some(h), Some(d)) if d.2 > h.2 => Some(d),
                (Some(h), _) => Some(h),
                (None, d) => d,
            };
            let first = if here.is_some() {
                Some((m.from, m.to))
            } else {
                line_first.map(|(a, v)| (back(a), back(v)))
            };
            best = (score, named, first, Some(m.from));
            best_index = Some(index);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
    }
    mates(cache, best)
}

/// May the side to move at a node of a forcing search give check there ([`forcing_search`],
/// [`each::reaches_each`])? The attacker while it has checks left; the defender once the
/// attacker's checks have won a piece (the line's shield, see [`Root`]), with a check that
/// turns on the capturer where it took ([`step`] keeps only those): a capture answered by a
/// check that wins the capturer back (a fork, a discovered attack) has won nothing. CXA 2011
/// art. 24.15 counts such a hidden root as a root ("凡有己方其他棋子（包括暗根）充分保护的棋子，
/// 称为有根子") for a piece taken at the end of a forced line ("从下一着开始运用将军……得子",
/// art. 24.3) as for one taken at once, where [`judge`] weighs it by [`rebuttal`]. Past the
/// horizon neither side checks ([`FORCED_PLIES`]).
#[inline(always)]
fn may_give_check(attacking: bool, budget: Budget) -> bool {
    if budget.plies == 0 {
        false
    } else if attacking {
        budget.checks > 0
    } else {
        budget.shield.is_some()
    }
}

/// Where a forcing search tries `m` among its node's moves: the most valuable victim first,
/// quiet checks after every capture (likeliest cut-offs first), and moves alike in the core's
/// order. Which capturer takes is left to that order: a tie with a move listed earlier but
/// searched later costs a second search with the window opened (see [`forcing_search`]), and
/// sorting the capturers by worth as well made more of those than it saved (113.25 → 100.69 M
/// instructions for the CXA cases without it); a capture that checks goes before the others
/// of the same victim's worth ([`checks_first`]). The order decides no value and no exact line.
fn refutation_order(pos: &Position, m: Move) -> i32 {
    m.capture
        .map_or(1_000, |c| -16 * value(c, !pos.turn(), m.to))
}

/// The moves of `list` (a node's list in the arena) in the order a forcing search tries them:
/// by [`refutation_order`], then in the list's order, as their places in the list. Each move is
/// one number to sort, the key above its place. Written into the caller's `order` (empty): a
/// list this size returned is copied on the way out.
#[inline(always)]
fn search_order(pos: &Position, list: &[Move], order: &mut ArrayVec<u32, MAX_MOVES>) {
    for (i, &m) in list.iter().take(MAX_MOVES).enumerate() {
        // The key lies between -16 000 (a general's worth, never taken) and 1 000; the place
        // below 128.
        let key = (refutation_order(pos, m) + 0x8000) as u32;
        order.push(key << 8 | i as u32);
    }
    order.sort_unstable();
}

/// `order` ([`search_order`]'s, for the list at `start` in the arena) with the captures that
/// give check before the other captures of a piece of the same worth: a check leaves the other
/// side few answers, so the line it starts is often proved or refuted in fewer nodes. In
/// CXA2020-fig09 (参考图9) black's two cannons can each take the advisor on d0; the one on b0,
/// listed first, took 900 nodes to refute in the null window at 1, where the one on g0 takes
/// with check and wins at once. Asked where the order decides nothing but the cost: in searches
/// that name no line (null windows, values only: [`forcing_search`]), with plies left (past
/// the horizon a check is not asked, [`step`]), and only of captures that share their worth
/// with another (a single one keeps its place, and its check is not asked for nothing).
///
/// Measured (CXA cases / the corpus under CXA, M instructions): 54.81 / 2599.56 before, 50.26
/// / 2627.08 with this. In every search (names are kept by the tie search of
/// [`forcing_search`]) 50.23 / 2644.93; the attacker's nodes only 51.74 / 2613.97, the
/// defender's only 53.41 / 2620.63; with the least valuable capturer first after the checks
/// 51.30 on the cases; in [`each::reaches_each`] as well 50.46 on the cases.
fn checks_first(
    cache: &mut Cache,
    pos: &Position,
    start: usize,
    order: &mut ArrayVec<u32, MAX_MOVES>,
) {
    let mut moved = false;
    let mut i = 0;
    while i < order.len() {
        // The run of captures of the same worth that starts at `i` (sorted, they are together).
        let class = order[i] >> 8;
        let run = order[i..].iter().take_while(|&&k| k >> 8 == class).count();
        let at = |key: u32| start + (key & 0xff) as usize;
        if run > 1 && cache.arena[at(order[i])].capture.is_some() {
            for key in &mut order[i..i + run] {
                if !cache.gives_check(pos, at(*key)) {
                    // One more in the key's upper part: [`refutation_order`] spaces the worths
                    // of the victims by 16 (and quiet moves at 1 000), so this stays among the
                    // captures of the same worth, after their checks, and the list's order is
                    // kept within each.
                    *key += 1 << 8;
                    moved = true;
                }
            }
        }
        i += run;
    }
    if moved {
        order.sort_unstable();
    }
}

/// A move of a forcing search played (the child is the caller's, written in place: a position
/// returned in a struct was copied twice on the way): whether it checks, whether its capture
/// counts, and the line's budget and ledger after it.
struct Step {
    gives_check: bool,
    counts: bool,
    budget: Budget,
    ledger: Ledger,
}

/// Plays `m` at a node of a forcing search ([`forcing_search`], [`each::reaches_each`]) if it
/// is worth playing there: every answer to a check; else a capture, or a check while the
/// attacker has checks left (`may_check`). The attacker takes nothing on its barred points;
/// the defender does not take, once the attacker's checks have made a capture, what it could
/// take at the start (see [`Root`]). `node` is whether the side to move is in check, is the
/// attacker, and may check; the move is played into `child`; `gives_check` tells whether it
/// gives check, asked only if needed ([`Cache::gives_check`] remembers it).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn step(
    root: &Root,
    pos: &Position,
    m: Move,
    node: (bool, bool, bool),
    budget: Budget,
    ledger: Ledger,
    child: &mut Position,
    gives_check: impl FnOnce() -> bool,
) -> Option<Step> {
    let (in_check, attacking, may_check) = node;
    // Art. 26.8, fourth sentence: "其他子完成互吃……交换过程后原来不能吃子的兵卒或将帅能吃子
    // ……如前述交换过程为不等值，则兵卒或将帅的吃子按捉处理" — once the other pieces' exchange has
    // cost the chasing side more than it took, a capture of its pawn or general counts,
    // wherever it takes (the piece whose root the exchange took off too), unless it could take
    // there all along, nothing taking back (a capture the exchange did not make possible).
    let after_unequal = attacking
        && m.capture.is_some()
        && ledger.after_unequal_exchange()
        && !root.free.contains(&(m.from, m.to));
    let own_capture_idle = pos.turn() == root.idle
        && matches!(m.role, Role::King | Role::Pawn)
        && !(m.capture.is_some() && (ledger.takes_back_on(m.to) || after_unequal));
    let capture = m.capture.is_some() && !own_capture_idle;
    if !in_check && !capture && !may_check {
        return None;
    }
    // The child is in check exactly when the move gives check; it is played only if needed.
    // Past the horizon (no ply left) it is not asked: only captures are played there, and a
    // check neither makes the child a node in check ([`forcing`]) nor matters to the line's
    // budget any more (no node past the horizon checks or is remembered, and an attacker's
    // check there comes with a capture, after which no shield is set).
    let gives_check = budget.plies > 0 && gives_check();
    if !in_check && !capture && !gives_check {
        return None;
    }
    if attacking && m.capture.is_some() && budget.barred.contains(m.to) {
        return None;
    }
    // A same-type piece the other side may take first ([`Aim`]'s `not_first`): not at once.
    if attacking
        && budget.plies == FORCED_PLIES
        && m.capture == Some(m.role)
        && root.not_first.contains(m.to)
    {
        return None;
    }
    // The piece taking no direct part (CXA 2011 art. 26.4, [`Aim`]'s `frozen`): an answer to
    // a check that takes nothing, or a take-back, and nothing else.
    if attacking && budget.frozen == Some(m.from) {
        let takes_back = m.capture.is_some() && budget.lost == Some(m.to);
        let parries = in_check && m.capture.is_none();
        if !(takes_back || parries) {
            return None;
        }
    }
    if !attacking
        && !in_check
        && budget.shield.is_some_and(|sq| sq != m.to)
        && root.standing.contains(&(m.from, m.to, m.capture))
    {
        return None;
    }
    // The defender's quiet check (see [`may_give_check`]): only in the chasing side's own search
    // (not a rebuttal, whose defender is the chasing side), and only one that makes a new
    // attack (the moved piece's, or one it uncovers) on the capturer, on the point the line's
    // checks won, where nothing guards it: a check that wins the capturer back, which the
    // line's last plies can play out (a guarded capturer would be taken back beyond them).
    let quiet_check = !attacking && !in_check && m.capture.is_none();
    if quiet_check && pos.turn() == root.idle {
        return None;
    }
    child.clone_from(pos);
    child.play_unchecked(m);
    let child = &*child;
    if quiet_check {
        let defender = pos.turn();
        let turns_on_capturer = budget.shield.is_some_and(|sq| {
            let occupied = child.board().occupied();
            let others = !Bitboard::from_square(sq);
            child
                .board()
                .piece_at(sq)
                .is_some_and(|p| p.color != defender)
                && (child.attackers_to(sq, defender, occupied)
                    & !pos.attackers_to(sq, defender, pos.board().occupied())
                    & !Bitboard::from_square(m.from))
                .any()
                && (child.attackers_to(sq, !defender, occupied) & others).is_empty()
        });
        if !turns_on_capturer {
            return None;
        }
    }
    // The chasing side's king and pawns win nothing by their own captures; a pawn's capture
    // that uncovers another piece's check does (CXA 2011 art. 26.8: "兵(卒)借其他子抽吃对方
    // 的子，按闲处理;兵(卒)吃子时产生其他子将军按捉处理"), and so does one answering a check,
    // which takes what the other side gave up to give it — unless it takes the last recapturer
    // of an even exchange on the chase's own point (art. 26.8: "其他子完成互吃等值交换过程后原
    // 来不能吃子的兵卒或将帅能吃子，按闲处理", whether or not that recapture gave check).
    let answers_check = in_check && !ledger.even_exchange_on(m.to);
    let counts = !own_capture_idle
        || answers_check
        || (child.checkers() & !Bitboard::from_square(m.to)).any();
    let next_ledger = match m.capture {
        Some(_) if attacking && !counts => ledger,
        Some(role) if attacking => {
            let won = ledger.won(role, !pos.turn(), m.to);
            if budget.target == Some(m.to) {
                won.taking_target()
            } else {
                won
            }
        }
        Some(role) => ledger.lost(role, !pos.turn(), m.to),
        None => ledger,
    };
    // A capture of the chasing side's piece that its pawn or general guards: they may take back
    // at once ([`Ledger::takes_back_on`]).
    let take_back = (m.capture.is_some() && pos.turn() != root.idle)
        .then_some(m.to)
        .filter(|&sq| {
            let board = child.board();
            ((board.by_role(Role::Pawn) | board.by_role(Role::King)) & guards(child, sq, root.idle))
                .any()
        });
    let next_ledger = next_ledger.to_take_back(take_back);
    let next = Budget {
        checks: budget
            .checks
            .saturating_sub(u32::from(attacking && gives_check)),
        plies: budget.plies.saturating_sub(1),
        checked: budget.checked || (attacking && gives_check),
        took: budget.took || (attacking && m.capture.is_some()),
        // Set by the attacker's first capture, kept through the rest of the line.
        shield: if attacking && m.capture.is_some() && !budget.took {
            (budget.checked && !root.captures.contains(&(m.from, m.to))).then_some(m.to)
        } else {
            budget.shield
        },
        target: match budget.target {
            Some(sq) if sq == m.from => Some(m.to),
            Some(sq) if sq == m.to => None,
            other => other,
        },
        barred: if budget.barred.contains(m.from) {
            let mut barred = budget.barred;
            barred.discard(m.from);
            barred.add(m.to);
            barred
        } else {
            budget.barred
        },
        // A capture or a pawn's step forward cannot be taken back: no position before it comes
        // again, so the line forgets them. The value of a node depends on `seen` only through
        // [`Budget::repeats`] at its descendants, none of which can be one of those positions
        // (fewer pieces, or a pawn further on): forgetting them changes no value, and lets lines
        // that reach one position by different paths share its node in the [`Cache`].
        seen: if m.capture.is_some() || (m.role == Role::Pawn && m.from.rank() != m.to.rank()) {
            [0; SEEN]
        } else {
            budget.saw(pos.zobrist_hash())
        },
        kept: match m.capture {
            Some(role) if root.targeted && attacking && counts => budget
                .kept
                .with(rank_of(gain_value(role, !pos.turn(), m.to)), 1),
            Some(role) if root.targeted && !attacking => budget
                .kept
                .with(rank_of(value(role, !pos.turn(), m.to)), -1),
            _ => budget.kept,
        },
        frozen: match budget.frozen {
            Some(sq) if sq == m.from => Some(m.to),
            Some(sq) if sq == m.to => None,
            other => other,
        },
        lost: (budget.frozen.is_some()
            && m.capture.is_some()
            && (attacking || budget.lost != Some(m.to)))
        .then_some(m.to),
    };
    Some(Step {
        gives_check,
        counts,
        budget: next,
        ledger: next_ledger,
    })
}

/// Material the side to move can win by force in `pos`: captures with their recaptures, and
/// checks followed by a capture (抽吃), as CXA 2011 art. 24.3 counts a chase ("从下一着开始运用
/// 将军或连续将军得子", "通过完整互吃交换后吃掉对方子且得子"), settled by the pawn clause (art.
/// 26.7, [`Ledger`]). A line that mates is not a gain (it is 杀, art. 24.2); a line that gets
/// the attacker mated is none (art. 24.3: "不致立即被对方将死"). Returns the gain, the capture
/// that makes it (the most valuable piece the line takes) and where the line's first move
/// starts.
// The searches' definition: the rulings ask [`gains_more_than`], which the tests check
// against it.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn forced_gain(cache: &mut Cache, pos: &Position, checks: u32) -> Line {
    forced_line_by(cache, pos, checks, pos.turn())
}

/// Is [`forced_gain`]'s gain more than `amount` (at least 0)? Asked by two null windows, each
/// cheaper than the whole line: does the side to move reach `amount + 1`, and if so, is it by a
/// mate (the only scores that high, and no gain: see [`forced_gain`])?
fn gains_more_than(cache: &mut Cache, pos: &Position, checks: u32, amount: i32) -> bool {
    gains_more_than_led(cache, pos, checks, amount, &mut None)
}

/// [`gains_more_than`] whose first null window tries the moves from `lead` first, and sets
/// `lead` to where the line that proves it starts: searches of positions alike (the same
/// piece moved to each of its points, [`held_on_its_square`]) are often won by the same line,
/// and the one that proves the bound first spares the search the others.
fn gains_more_than_led(
    cache: &mut Cache,
    pos: &Position,
    checks: u32,
    amount: i32,
    lead: &mut Option<Square>,
) -> bool {
    let idle = pos.turn();
    let above = forced_line_led(
        cache,
        pos,
        checks,
        idle,
        Aim::default(),
        (amount, amount + 1),
        *lead,
    );
    if !above.mates && above.gain <= amount {
        return false;
    }
    if above.lead.is_some() {
        *lead = above.lead;
    }
    let mate = -MATED / 2;
    !forced_line_in(cache, pos, checks, idle, Aim::default(), (mate - 1, mate)).mates
}

/// What the side to move in `pos` can win back by force after the other side (`chaser`) has
/// taken one of its pieces: a recapture, or a check or series of checks, a skewer or a
/// discovered attack that wins material (CXA 2011 art. 24.15, "有己方其他棋子（包括暗根）充分
/// 保护的棋子"; art. 26.5, second clause, "做根子和被牵子捉子，交换后价值相当或得子者按捉处理;
/// 得不偿失者，按闲处理"). The chasing side's king and pawns still take no part (art. 26.8).
/// Its value only, what it wins or that it mates (the line is not named: [`Aim`]'s
/// `value_only`).
fn rebuttal(cache: &mut Cache, pos: &Position, chaser: Color, spared: Bitboard) -> Line {
    let aim = Aim {
        value_only: true,
        barred: spared,
        ..Aim::default()
    };
    forced_line_in(
        cache,
        pos,
        FORCED_CHECKS,
        chaser,
        aim,
        (2 * MATED, -2 * MATED),
    )
}

/// What the side to move in `pos_o` (the board before a capture) could win by force all along,
/// against which the answer to the capture is weighed ([`rebuttal_beyond`], [`wins_back_beyond`]):
/// [`rebuttal`], except that a line winning outright the capturer itself (`capturer`, where it
/// stands before the capture: the line's dearest piece, for at least its worth) is not
/// counted. A capturer the other side wins whether it takes or not has won nothing by taking
/// (CXA 2011 art. 24.3, "吃子……得子"; arts. 26.1, 26.2 and 图16: "黑方将6退1避抽后，车可以
/// 吃兵，判捉": while the 抽 on the rook stands, the rook's capture of the pawn is no 捉, and the
/// general's step that ends the 抽 makes it a new one). A mate all along stands whatever it
/// takes; a line that only trades the capturer on its way to another piece (the capturer is
/// the root of a piece lost all along) is counted whole.
fn standing(cache: &mut Cache, pos_o: &Position, chaser: Color, capturer: Option<Square>) -> Line {
    let line = rebuttal(cache, pos_o, chaser, Bitboard::EMPTY);
    let Some(a) = capturer else {
        return line;
    };
    let Some(capturer) = pos_o.board().piece_at(a) else {
        return line;
    };
    let outright = line.gain >= value(capturer.role, capturer.color, a);
    if line.mates || !outright || line.victim.map(|(_, v)| v) != Some(a) {
        return line;
    }
    rebuttal(cache, pos_o, chaser, Bitboard::from_square(a))
}

/// [`forced_gain`] with the side whose king's and pawns' captures are idle.
fn forced_line_by(cache: &mut Cache, pos: &Position, checks: u32, idle: Color) -> Line {
    forced_line_in(
        cache,
        pos,
        checks,
        idle,
        Aim::default(),
        (2 * MATED, -2 * MATED),
    )
}

/// What a search is after besides material: a piece it must take, pieces it may not take.
#[derive(Debug, Clone, Copy, Default)]
struct Aim {
    target: Option<Square>,
    barred: Bitboard,
    /// The line may not start with a move that forces mate: what the side to move could win
    /// besides mating (see [`OldAttacks::could_win`]).
    declines_mate: bool,
    /// Only the line's value is asked, what it wins or that it mates, not which line (its
    /// victim, first capture and lead are left unnamed): the search does not look among lines
    /// winning as much for the one the core's order meets first. A value it finds is
    /// remembered as no line ([`Bound::Value`]).
    value_only: bool,
    /// The point of a piece of the side to move that takes no direct part in the line (CXA
    /// 2011 art. 26.4, "无直接参与"; see [`self_exposed`]): it stays on the board, blocking and
    /// screening as it stands, and may answer a check by a move that takes nothing, or take
    /// back at once where the other side has just taken a piece of its side of its own accord
    /// (the defence of a piece it guards), not in answer to a capture of the line there (a
    /// part in the line's own exchange); it takes nothing else and gives no check of its own.
    frozen: Option<Square>,
    /// The points of pieces the line may not take as its first move with a piece of their own
    /// type: same-type contacts whose other side may take first without loss or mate (CXA 2011
    /// arts. 24.4, 26.10: "同兵种邀兑而对方一旦吃掉此子后，不致立即被将死或立即在子力价值上遭受
    /// 损失者称为兑"). The side to move there is the one that would move second: taking at
    /// once is the exchange the other side may settle first, not a chase. Later in the line,
    /// after checks the other side had to answer, such a capture counts.
    not_first: Bitboard,
}

/// [`forced_gain`] with an [`Aim`]: counting only lines that take the piece on its target
/// (what the side to move can win by force by winning that piece), and taking no piece on its
/// barred points.
fn forced_gain_aiming(cache: &mut Cache, pos: &Position, aim: Aim) -> Line {
    // No floor: the whole window.
    forced_gain_from(cache, pos, aim, 2 * MATED + 1)
}

/// What [`forced_gain_aiming`] wins, or where its best line mates (杀, no gain: CXA 2011
/// art. 24.2), what the side to move could win besides mating ([`Aim`]'s `declines_mate`):
/// the baseline before a move (图5; [`OldAttacks::could_win`] asks the same by null windows).
fn gain_besides_mate(cache: &mut Cache, pos: &Position, aim: Aim) -> i32 {
    let line = forced_gain_aiming(cache, pos, aim);
    if !line.mates {
        return line.gain;
    }
    let besides = Aim {
        declines_mate: true,
        ..aim
    };
    forced_gain_aiming(cache, pos, besides).gain
}

/// [`forced_gain_aiming`] where only a line winning at least `floor` (at least 1) matters: a
/// window from `floor` up, so a line winning less is refuted without being valued. At or above
/// `floor` the line is the whole search's (a fail-soft search is exact inside its window, and
/// an exact node's line is the first move reaching its value whatever the window: see
/// [`forcing`]); below it, the gain is at most what it says, under `floor`.
fn forced_gain_from(cache: &mut Cache, pos: &Position, aim: Aim, floor: i32) -> Line {
    forced_line_in(
        cache,
        pos,
        FORCED_CHECKS,
        pos.turn(),
        aim,
        (floor - 1, -2 * MATED),
    )
}

/// Does the side to move in `pos` win at least `threshold` by force, with an [`Aim`], or mate?
/// A null-window search: it proves the bound and no more (whether the line that proves it
/// mates or wins material depends on which the search meets first, so the two count alike;
/// callers that must tell them apart search again in full).
fn aiming_reaches(cache: &mut Cache, pos: &Position, aim: Aim, threshold: i32) -> bool {
    let line = forced_line_in(
        cache,
        pos,
        FORCED_CHECKS,
        pos.turn(),
        aim,
        (threshold - 1, threshold),
    );
    line.mates || line.gain >= threshold
}

/// Does the side to move in `pos` win back at least `threshold` by force after the other side
/// (`chaser`) has taken one of its pieces (see [`rebuttal`]), by a line that takes the piece on
/// `target` if one is given? The line that does, if any. A null-window search: it proves the
/// bound and no more, which is all a root needs.
fn rebuttal_reaches(
    cache: &mut Cache,
    pos: &Position,
    chaser: Color,
    target: Option<Square>,
    threshold: i32,
) -> Option<Line> {
    let aim = Aim {
        target,
        ..Aim::default()
    };
    let line = forced_line_in(
        cache,
        pos,
        FORCED_CHECKS,
        chaser,
        aim,
        (threshold - 1, threshold),
    );
    if line.mates {
        return Some(line);
    }
    if line.gain < threshold {
        return None;
    }
    // The bound may have been proven by a line that wins material where another mates: which
    // one the search met first must not decide whether the answer mates (吃子被杀 or 暗根).
    let mate = -MATED / 2;
    let mating = forced_line_in(cache, pos, FORCED_CHECKS, chaser, aim, (mate - 1, mate));
    Some(if mating.mates { mating } else { line })
}

/// Does the other side's answer to a capture (played: `taken`) win back at least `threshold`
/// more than it could win by force had the capture not been made (`pos_o`: the board before
/// it, that side to move)? Only what the capture gives counts: a threat of its elsewhere is
/// no root of the target. The line and the amount won all the same, if so. The answer alone is
/// asked first: what is won all the same only raises the bar.
///
/// `capturer`: where the capturer stands before the capture, for a hidden root
/// ([`hidden_root`]): what could be won all along does not count winning it outright
/// ([`standing`]).
fn rebuttal_beyond(
    cache: &mut Cache,
    taken: &Position,
    pos_o: Option<&Position>,
    chaser: Color,
    target: Option<Square>,
    threshold: i32,
    capturer: Option<Square>,
) -> Option<(Line, i32)> {
    let first = rebuttal_reaches(cache, taken, chaser, target, threshold)?;
    let standing = pos_o.map_or_else(Line::default, |p| standing(cache, p, chaser, capturer));
    if standing.mates {
        return None;
    }
    if standing.gain <= 0 {
        return Some((first, 0));
    }
    rebuttal_reaches(cache, taken, chaser, target, threshold + standing.gain)
        .map(|back| (back, standing.gain))
}

/// [`forced_line_by`] searched within a window: exact inside it, a bound outside.
fn forced_line_in(
    cache: &mut Cache,
    pos: &Position,
    checks: u32,
    idle: Color,
    aim: Aim,
    window: (i32, i32),
) -> Line {
    forced_line_led(cache, pos, checks, idle, aim, window, None)
}

/// [`forced_line_in`] whose root tries the moves from `lead_first` first ([`Root`]).
fn forced_line_led(
    cache: &mut Cache,
    pos: &Position,
    checks: u32,
    idle: Color,
    Aim {
        target,
        barred,
        declines_mate,
        value_only,
        frozen,
        not_first,
    }: Aim,
    (alpha, beta): (i32, i32),
    lead_first: Option<Square>,
) -> Line {
    let budget = Budget {
        checks,
        plies: FORCED_PLIES,
        checked: false,
        took: false,
        shield: None,
        target,
        barred,
        seen: [0; SEEN],
        kept: Kept::default(),
        frozen,
        lost: None,
    };
    let mut root = Root::new(cache, pos, idle, target, barred);
    if declines_mate {
        root.declines_mate = true;
        root.hash ^= 0x3c6e_f372_fe94_f82b;
    }
    if let Some(sq) = frozen {
        root.hash ^= (sq as u64 + 1).wrapping_mul(0x2127_599b_f432_5c37);
    }
    root.bar_first(not_first);
    // Not remembered apart: its nodes are the null windows' before it (the value is sought
    // once a null window has shown the line wins something), and an exact value it finds is
    // remembered as such ([`Bound::Value`]).
    root.value_only = value_only;
    root.lead_first = lead_first;
    let (alpha, beta) = root.window((alpha, beta));
    let (score, named, first, lead) = forcing(
        cache,
        &root,
        pos,
        pos.is_check(),
        pos.turn(),
        budget,
        Ledger::default(),
        alpha,
        beta,
    );
    let dearest = if root.targeted {
        (TIE - 1 - score.rem_euclid(TIE)) as u8
    } else {
        0
    };
    let score = root.material(score);
    if score >= -MATED / 2 {
        Line {
            mates: true,
            ..Line::default()
        }
    } else if score <= 0 {
        Line::default()
    } else {
        Line {
            gain: score,
            victim: named.map(|(a, v, _)| (a, v)),
            first,
            lead,
            mates: false,
            dearest,
        }
    }
}

/// How many checks the attacker may give in [`forced_gain`]'s line: "a check or a series of
/// checks" (CXA 2011 art. 24.3 sets no number). Two cover the book's figures, a rook can need
/// three (the test `a_rook_can_take_three_checks_to_win`: the horse and rook drive the general
/// until the horse forks it with the rook), and real lines need four (the test
/// `a_line_of_four_checks_winning_a_rook_chases_it`; CCPD 象甲联赛 00001060, where the rook
/// wins an advisor before its move by four checks, so the move wins nothing new, 图5).
const FORCED_CHECKS: u32 = 4;

/// How many plies [`forced_gain`]'s line may run, both sides' moves counted, before it goes
/// on with captures only: four checks and the capture they win.
///
/// Past this horizon the line is not cut but quieted: both sides may only capture (or stop),
/// with no more checks, until no capture pays, and a side in check there is not mated (its
/// answer is beyond the line). CXA 2011 art. 24.3 counts an exchange only when it is complete
/// ("通过完整互吃交换后吃掉对方子且得子"): a horizon that falls inside an exchange counts the
/// last capture before it and not the recapture after it, and then a line that reaches the
/// same capture later than another is valued differently. In 图5 the rook's capture of the
/// advisor on f9 is met by 卒5进1 taking the elephant and an exchange of five captures; from
/// c9 that exchange ends inside nine plies, but from c4 the rook takes the advisor after two
/// checks, the exchange is cut off with the attacker's capture on the ninth ply unanswered,
/// and the move looked like a new win (the book: 闲).
const FORCED_PLIES: u32 = 9;

/// The fewest plies left before the horizon at which [`forcing`] remembers a node in the
/// [`Cache`]. A node's key holds the line's whole state (its root, target, budget, ledger
/// and recent positions), so deep nodes seldom come again (a few in a hundred on the
/// CXA cases), and remembering them cost more than it saved; near the root a node heads a
/// large tree and the searches of a ruling meet it again (measured on the CXA cases: 80.18 M
/// instructions remembering every node, 74.38 M from seven plies up, 78.62 M at the root
/// only). Remembering fewer nodes changes no value, only how often one is searched again.
const REMEMBERED_PLIES: u32 = 7;

/// The mover's capture of the piece on `v` by its piece on `a` in `pos_o`, where the opponent
/// is to move (it is in check), played as if it were the mover's turn: the position after it,
/// the opponent to move, if the piece may move so and its general is then safe.
fn capture_out_of_turn(pos_o: &Position, a: Square, v: Square) -> Option<Position> {
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
fn held_on_its_square(
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
fn cannot_leave(cache: &mut Cache, pos_o: &Position, sq: Square) -> bool {
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
fn screened_by_own(pos: &Position, a: Square, v: Square) -> bool {
    let board = pos.board();
    let occupied = board.occupied();
    board.piece_at(a).is_some_and(|cannon| {
        (rook_attacks(a, occupied) & rook_attacks(v, occupied) & board.by_color(cannon.color)).any()
    })
}

/// The enemy horse that holds the piece on `sq` on its leg: were the piece to leave, the horse
/// would attack its general (卧槽马 and the like; AXF rule 19). The piece can then move only to
/// take that horse.
fn pinned_by_horse(board: &xiangqi::Board, sq: Square) -> Option<Square> {
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
fn may_have_root(cache: &mut Cache, taken: &Position, a: Square, v: Square) -> bool {
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
fn tied_down(taken: &Position, a: Square, v: Square) -> bool {
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
/// [`weigh_tied`] asks whether the capture gave such a piece up (CXA 2011 art. 26.5).
fn exposes_own(taken: &Position, v: Square) -> bool {
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
/// hidden root of the piece wins back (CXA 2011 art. 24.15, as [`judge`] weighs a target's
/// hidden root). Nothing if the capture is not legal or loses.
fn wins_by_taking(
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
fn given_up(
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

/// The reason a tied capturer's exchange is weighed to (see [`judge`], CXA 2011 art. 26.5),
/// for [`Detail::ChaseOnly`]: [`Reason::CaptureLosesToMate`] when the other side's answer to
/// the capture (played: `taken`) mates and it could not mate all along (`pos_o`, the board
/// before it, that side to move); [`Reason::TiedCapturer`] when the answer wins back more
/// than `float` beyond what it could win all along; `None` when the exchange stays a chase.
/// The outcome of `judge`'s two [`rebuttal_beyond`] questions, found by [`wins_back_beyond`].
fn tied_weighing(
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
enum WinsBack {
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
fn wins_back_beyond(
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
    if pos_o.board().piece_at(a).is_some() {
        let spared = Aim {
            barred: Bitboard::from_square(a),
            ..Aim::default()
        };
        let window = (beyond - 1, beyond);
        let line = forced_line_in(cache, pos_o, FORCED_CHECKS, chaser, spared, window);
        if line.mates || line.gain >= beyond {
            return None;
        }
    }
    let stood = standing(cache, pos_o, chaser, capturer);
    (!stood.mates && stood.gain < beyond).then_some(WinsBack::Material)
}

/// Does the side to move in `pos` win at least `threshold` (at least 1) by force after the
/// other side (`chaser`) has taken one of its pieces, or mate ([`rebuttal`])? A null window:
/// [`rebuttal_reaches`] without the line.
fn rebuttal_at_least(cache: &mut Cache, pos: &Position, chaser: Color, threshold: i32) -> bool {
    let window = (threshold - 1, threshold);
    let line = forced_line_in(cache, pos, FORCED_CHECKS, chaser, Aim::default(), window);
    line.mates || line.gain >= threshold
}

/// Does the piece on `v`, worth `worth`, taken (`taken`) by the other side (`chaser`), have a
/// hidden root ([`judge`], CXA 2011 arts. 24.15, 26.5): does the answer to the capture win
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
fn hidden_root(
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
fn guards(pos: &Position, v: Square, color: Color) -> Bitboard {
    let board = pos.board();
    pos.attackers_to(v, color, board.occupied()) & !(board.by_role(Role::King) & !king_attacks(v))
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

/// How much of an attack [`judge`] must tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
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
fn judge(
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

/// CXA 2011 arts. 26.1, 26.7, 26.8: does the pawn that has just moved, judged by [`judge`] as
/// attacking on its own ([`Reason::KingOrPawn`]), chase its victim together with other pieces
/// of its side? The victim has a root (a legal recapture: `judge` calls it rooted), but the
/// recapture would lose to those pieces, so the exchange leaves the whole victim won (`judge`
/// found the exchange worth nothing to the other side; the pawn's own side's pawns and general
/// take no part, art. 26.8). Not if the capture lets the other side mate at once (art. 24.3:
/// "上述得子后不致立即……被对方将死"). A pawn that stands still while another piece's move
/// makes its capture pay is not asked: it takes no part in that piece's exchange (art. 26.8:
/// "其他子完成互吃等值交换过程后……兵卒……能吃子，按闲处理").
fn pawn_with_others(cache: &mut Cache, threat: &Position, attack: &Attack) -> bool {
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
fn attacking_pieces(board: &xiangqi::Board, color: Color) -> usize {
    board
        .pieces()
        .filter(|&(sq, p)| {
            p.color == color
                && (matches!(p.role, Role::Rook | Role::Horse | Role::Cannon)
                    || (p.role == Role::Pawn && crossed(color, sq)))
        })
        .count()
}

/// In `pos_o` (the offered side to move), can the piece on `v` take the piece of its own type
/// on `o` without losing material or being mated at once? CXA 2011 arts. 24.4, 26.10: then
/// the offer is 兑. The loss is counted anywhere, not only on `o`: the captures the offering
/// side then has, with their exchanges (a line the taker's departure opens counts: 五羊杯
/// 00000011, 炮8平6 offers the cannon on b5, whose taking would let the rook on b6 down the
/// b-file onto the rook on b1); and a check or series of checks that wins material (art. 24.3,
/// "从下一着开始运用将军或连续将军得子": the taker leaving a horse's leg lets it fork the general
/// and a rook), beyond what the offering side could win by force without the taking (图5's
/// comparison: a check standing on the board all along is not the taking's doing).
fn accepts_offer(cache: &mut Cache, pos_o: &Position, v: Square, o: Square) -> bool {
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
fn offer_parries_mate(
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
fn mate_by_checks_avoiding(
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
fn rook_touches(board: &xiangqi::Board, color: Color, v: Square) -> bool {
    let occupied = board.occupied();
    (board.by_role(Role::Rook) & board.by_color(color))
        .into_iter()
        .any(|sq| rook_attacks(sq, occupied).contains(v))
}

/// Is `color` the defending side of CXA 2011 art. 26.3 (守和方只有一个进攻子): it has one
/// attacking piece left and its opponent has more?
fn lone_defender(board: &xiangqi::Board, color: Color) -> bool {
    attacking_pieces(board, color) == 1 && attacking_pieces(board, !color) > 1
}

/// Every attack of `color` in `pos_s` (where `color` is to move) on enemy pieces other than the
/// king, as (attacker point, victim point).
fn attack_pairs(pos: &Position, color: Color) -> Vec<(Square, Square)> {
    let board = pos.board();
    let occupied = board.occupied();
    let enemies = board.by_color(!color) & !board.by_role(Role::King);
    let mut pairs = Vec::new();
    for (sq, piece) in board.pieces() {
        if piece.color != color {
            continue;
        }
        for v in piece_attacks(piece, sq, occupied) & enemies {
            pairs.push((sq, v));
        }
    }
    pairs
}

/// What [`OldAttacks::new_win`] asked of every piece: the line after the move, whether it
/// wins more than before, the points it may not take on, and which pieces one search found
/// winnable ([`each::reaches_each`]). Kept for the pieces whose own line is searched only when
/// needed ([`Won::Pending`]).
#[derive(Debug, Clone, Copy)]
struct Asked {
    line: Line,
    more: bool,
    barred: Bitboard,
    /// [`Aim`]'s `not_first` for the searches from the board after the move.
    not_first: Bitboard,
    winnable: each::Bits,
}

/// A piece [`OldAttacks::new_win`] names.
#[derive(Debug, Clone, Copy)]
enum Won {
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
struct OldAttacks<'a> {
    before: &'a Position,
    before_o: Option<&'a Position>,
    /// The board after the move, the opponent to move.
    after: &'a Position,
    pairs: Vec<(Square, Square)>,
}

impl<'a> OldAttacks<'a> {
    fn new(
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
        }
    }

    /// Did the move `m` create `attack`: it did not exist before (no legal capture then), or
    /// it was no chase then?
    fn is_new(
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
    fn saved_from_cannon(&self, m: Move, a: Square, v: Square) -> bool {
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
    fn could_win(&self, cache: &mut Cache, gain: i32) -> bool {
        if gains_more_than(cache, self.before, FORCED_CHECKS, gain - 1) {
            return true;
        }
        // No more, or a mate: where the mover could mate (杀, not a gain), what it could win
        // besides counts, by lines the defender may answer only by giving material up or
        // being mated.
        let mate = -MATED / 2;
        let turn = self.before.turn();
        let mating = forced_line_in(
            cache,
            self.before,
            FORCED_CHECKS,
            turn,
            Aim::default(),
            (mate - 1, mate),
        );
        let besides = Aim {
            declines_mate: true,
            ..Aim::default()
        };
        mating.mates && aiming_reaches(cache, self.before, besides, gain)
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
    fn new_win(
        &self,
        cache: &mut Cache,
        threat: &Position,
        line: Line,
        barred: Bitboard,
        not_first: Bitboard,
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
            } else if let Some(line) = self.win_piece(cache, threat, &asked, i, sq) {
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
    fn win_piece(
        &self,
        cache: &mut Cache,
        threat: &Position,
        asked: &Asked,
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
        let before_gain = if aiming_reaches(cache, self.before, before, after.gain) {
            gain_besides_mate(cache, self.before, before)
        } else {
            0
        };
        (by_it && after.gain > before_gain).then_some(Line {
            victim: Some((capturer, sq)),
            ..after
        })
    }

    /// CXA 2011 arts. 26.2, 26.4: does the move parry a mate threat (解杀) the mover was under?
    /// Then an attack the threat made worthless is a chase anew, as one made by a move
    /// answering check (参考图35: "车4平6解杀后形成炮捉车，判捉"; see [`Self::capture_met_mate`]).
    fn parries_mate(&self, cache: &mut Cache, depth: u32) -> bool {
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
    fn capture_met_mate(&self, cache: &mut Cache, a: Square, v: Square, depth: u32) -> bool {
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
const CAPTURE_MATE_EXTRA_CHECKS: u32 = 2;

/// A fixed order of the roles, for naming one of several pieces of equal worth the same way
/// whatever the board's orientation.
fn role_rank(role: Role) -> usize {
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
fn made_by(before: &Position, m: Move, a: Square, v: Square) -> bool {
    let occupied = before.board().occupied();
    a == m.to
        || before
            .board()
            .piece_at(a)
            .is_none_or(|p| !piece_attacks(p, a, occupied).contains(v))
}

/// The attack a forced line `line` found after the move `m` makes (a chase, 强制得子, CXA 2011
/// art. 24.3), or set aside by art. 26.4 ([`self_exposed`]); `None` if it wins nothing or a
/// lone defender's advisor or elephant (art. 26.3).
fn forced_attack(
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
fn self_exposed(
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

/// Analyses the move `m` played in `before` (which must be legal there), with nothing known
/// of the move before it.
pub fn analyse(before: &Position, m: Move, book: Book, mate_depth: u32) -> MoveAnalysis {
    let mut cache = Cache::default();
    let mut analysis = analyse_with(&mut cache, before, m, None, book, mate_depth);
    deepen(&mut cache, before, m, None, &mut analysis, book, mate_depth);
    analysis
}

/// [`analyse`] with the searches' memory of a whole ruling, and the other side's move that led
/// to `before` (the position it was played in), when there was one.
pub(crate) fn analyse_with(
    cache: &mut Cache,
    before: &Position,
    m: Move,
    previous: Option<(&Position, Move)>,
    book: Book,
    mate_depth: u32,
) -> MoveAnalysis {
    let mover = before.turn();
    let evasion = before.is_check();
    let pos_after = after(before, m);
    let check = pos_after.is_check();
    let mut analysis = MoveAnalysis {
        iccs: m.to_string(),
        role: m.role,
        mover,
        check,
        mate_threat: false,
        evasion,
        exchange: false,
        sacrifice: false,
        block: false,
        follow: false,
        attacks: Vec::new(),
        nature: MoveNature::Idle,
    };
    if check {
        analysis.nature = MoveNature::Check;
        if book == Book::Wxf2018 {
            // A check may chase as well (a cannon that discovers check and an attack at once):
            // the Asian rules follow a chased piece through every move of the cycle, checks
            // included (Fairy-Stockfish's `chased()` does the same; its tests at lines 1168
            // and 1176). The mover cannot move again, so its captures are played out of turn.
            // Only attacks the move makes on the board count here (by the moved piece, or
            // discovered, or over it as a new screen), as in Fairy-Stockfish: a check that only
            // leaves an old attack standing while the opponent's general runs is no chase.
            let occ_before = before.board().occupied();
            for (a, v) in attack_pairs(&pos_after, mover) {
                let made = a == m.to
                    || before
                        .board()
                        .piece_at(a)
                        .is_none_or(|p| !piece_attacks(p, a, occ_before).contains(v));
                if !made {
                    continue;
                }
                if let Some(attack) =
                    judge(cache, None, Some(&pos_after), a, v, book, Detail::Whole)
                {
                    analysis.attacks.push(attack);
                }
            }
        }
        return analysis;
    }
    // The mover to move again: the board after the move, seen as a threat.
    let Some(threat) = pos_after.swap_turn() else {
        return analysis;
    };
    analysis.mate_threat = cache.mate_by_checks(&threat, mate_depth)
        && !mate_stood_before(cache, before, &pos_after, previous, book, mate_depth);

    // Attacks before the move, judged in the position before it (the mover to move there).
    let before_o = before.swap_turn();
    let old = OldAttacks::new(before, before_o.as_ref(), &pos_after, mover);
    // The enemy pieces some attack judged unrooted or falsely rooted (victim, attacker,
    // protection), the first such judgement of each (the forced line below names a rootless
    // piece first): judged once here, not again there.
    let mut unrooted: Vec<(Square, Square, Protection)> = Vec::new();
    // CXA 2011 arts. 24.4, 26.10: the pieces in a same-type contact that may take first
    // without loss or mate (兑), whether the move made the contact or found it standing: the
    // forced line below may not open by taking one with its partner ([`Aim`]'s `not_first`).
    // 图19 with a black rook on g7 rooting the cannon and the pawn: 车六平五 only frees the
    // rook on g9 to take the rook on g7, which may take it first and win: "反之，则按兑处理".
    let mut same_type = Bitboard::EMPTY;
    for (a, v) in attack_pairs(&threat, mover) {
        let Some(mut attack) = judge(
            cache,
            Some(&threat),
            Some(&pos_after),
            a,
            v,
            book,
            Detail::Whole,
        ) else {
            continue;
        };
        if attack.protection.is_unrooted() && !unrooted.iter().any(|&(sq, _, _)| sq == v) {
            unrooted.push((v, a, attack.protection));
        }
        if book == Book::Cxa2011 && a == m.to && pawn_with_others(cache, &threat, &attack) {
            attack.reason = Reason::PawnWithOthers;
        }
        // CXA 2011 arts. 24.4, 26.10: an exchange is offered by a move ("同兵种邀兑……邀兑方按
        // 捉处理"): a same-type contact the move did not make (its piece did not move, its line
        // was not opened) is no offer of this move, even if the move makes taking first cost
        // the other side; the capture itself wins nothing. 图13: 车六平五 offers the cannons
        // (兑); 将5平4 then makes 炮五进二 lose the rook to 车5退2, yet the book counts the
        // king's steps 闲 ("黑方两闲").
        if book == Book::Cxa2011
            && attack.reason == Reason::UnsafeOffer
            && !made_by(before, m, a, v)
        {
            attack.reason = Reason::NoGain;
        }
        if book == Book::Cxa2011 && attack.reason == Reason::SameType {
            same_type.add(v);
        }
        if !old.is_new(cache, m, &attack, book, mate_depth) {
            // CXA 2011 参考图39 (不能离线): a rook that cannot leave its square, taken by a
            // cannon over a screen of the cannon's own side, stays jointly chased (联合捉, art.
            // 24.17: without the screen there is no capture) through every move of the
            // chasing side, though no move makes the attack anew: 26.9.2 weighs it against a
            // single piece's chase of a rook.
            if book == Book::Cxa2011
                && !evasion
                && attack.is_chase()
                && attack.victim_role == Role::Rook
                && attack.attacker_role == Role::Cannon
                && screened_by_own(&threat, a, v)
                && cannot_leave(cache, &pos_after, v)
            {
                attack.reason = Reason::HeldOnItsLine;
                attack.protection = Protection::UnderRooted;
                analysis.attacks.push(attack);
            }
            continue;
        }
        if evasion && (book == Book::Wxf2018 || m.role != Role::King) && !made_by(before, m, a, v) {
            // CXA 2011 arts. 26.2, 26.4: answering check, a piece other than the king chases
            // only with a *new* attack (its own, or one it uncovers). An attack that stood on
            // the board before, which the check only made unplayable, is not the answer's doing:
            // the target lost its root through the checker's own move (自己离线断根将军……
            // 造成被保护的子失根被捉，责由自负), or was attacked already.
            //
            // WXF 2018 ch. 5 (AXF ch. 4 §1, "chase": a move after which an enemy piece could be
            // taken; AXF Appendix, WXF 2018 item 36.2: an attack left standing is no chase):
            // the same for any answer to check, the general's included. Only attacks the answer
            // makes on the board count, as for a check (above) and in Fairy-Stockfish's
            // `chased()`; an old attack the check made unplayable for a move is not renewed by
            // the answer (五羊杯 00001823: 将4平5 answers 炮五平六 and the elephant on
            // e7, the rook on i6 may take again what they attacked before the check).
            continue;
        }
        if book == Book::Cxa2011 && evasion && m.role == Role::King && attack.is_chase() {
            attack.reason = Reason::CheckEvasionByKing;
        }
        analysis.attacks.push(attack);
    }
    if book == Book::Cxa2011 && evasion && m.role == Role::King {
        // CXA 2011 art. 26.2: a king move answering check is idle.
        analysis.mate_threat = false;
    }
    // CXA 2011 art. 24.3: a chase may also win material by a forced line, a check or a series
    // of checks and then a capture, or a chain of exchanges. Only a win the move creates
    // counts (arts. 24.3, 24.8; 图5: "红方退车前就可吃底士，退车后吃士结果没有发生变化", 闲):
    // what the line wins is compared with what the mover could win by force before the move
    // ([`OldAttacks::could_win`]).
    if book == Book::Cxa2011
        && !evasion
        && !analysis.mate_threat
        && !analysis.attacks.iter().any(Attack::is_chase)
    {
        // CXA 2011 arts. 26.10, 26.11.2: a line may not take a piece offered an
        // exchange by one of its own type (by that piece or another: 参考图4, 马1进3 offers the
        // cannons and the rook could take first) when the offered side may take first without
        // loss or mate (judged in `judge`): "被邀兑方兑子后立即被杀或子力价值受损邀兑方按捉处理，
        // 反之则按兑处理". The offered side need not wait for the line. (An offer that is also a
        // chase of another piece stays a chase, art. 26.5.)
        //
        // CXA 2011 arts. 24.15, 26.5: nor may it take a piece the move attacks anew whose
        // capture [`judge`] has weighed whole and found answered by the other side's forcing
        // reply (a check, a fork, a discovered attack: 暗根), or paid for by what the tied
        // capturer gives up (被牵子捉子, 得不偿失). The line's defender only captures, so it
        // would miss that reply and win back, by the same capture, what the root protects.
        let offered: Bitboard = analysis
            .attacks
            .iter()
            .filter(|at| {
                matches!(
                    at.reason,
                    Reason::SameType | Reason::HiddenRoot | Reason::TiedCapturer
                )
            })
            .map(|at| at.victim)
            .collect();
        let chase = forced_line_chase(
            cache, &old, m, previous, &threat, &unrooted, offered, same_type, mate_depth,
        );
        analysis.attacks.extend(chase);
    }

    // CXA 2011 arts. 24.4, 26.10, 26.11.2: a new attack on a piece of the same type that may
    // take first without loss (the moved piece's, or one it uncovers) is an offer, 兑.
    if book == Book::Cxa2011
        && analysis
            .attacks
            .iter()
            .any(|at| at.reason == Reason::SameType)
    {
        analysis.exchange = true;
    }
    // Exchange and sacrifice: can the opponent take the moved piece? With its least valuable
    // capturers, any of them: an offer if one is of the moved piece's type and could be taken
    // by it in turn (兑, CXA 2011 art. 24.4), else a sacrifice if one takes it at a gain (献,
    // art. 24.5). Which of two capturers alike the core lists first must not decide (a ruling
    // must not change with the board mirrored or the colours swapped: tests/symmetry).
    let captures = pos_after.legal_moves_where(MoveFilter::CapturesOn(m.to));
    let cheapest = captures.iter().map(|c| value(c.role, !mover, c.from)).min();
    let takers = captures
        .iter()
        .filter(|c| Some(value(c.role, !mover, c.from)) == cheapest);
    let mut exchanged = false;
    let mut sacrificed = false;
    for &take in takers {
        if take.role == m.role && legal_capture(&threat, m.to, take.from).is_some() {
            exchanged = true;
        } else {
            let v = value(m.role, mover, m.to);
            let taken = after(&pos_after, take);
            sacrificed |= v - exchange(&taken, m.to, 8) >= 0;
        }
    }
    if exchanged {
        analysis.exchange = true;
    } else if sacrificed {
        analysis.sacrifice = true;
    }
    // Block: an enemy piece reaches fewer points because of the moved piece.
    let board = pos_after.board();
    let occ_without = before.board().occupied() & !Bitboard::from_square(m.from);
    let occ_after = board.occupied();
    analysis.block = board.pieces().any(|(sq, p)| {
        p.color != mover
            && p.role != Role::King
            && (piece_attacks(p, sq, occ_without) & !piece_attacks(p, sq, occ_after)).any()
    });
    // Follow: the moved piece newly attacks a protected enemy piece, without chasing.
    analysis.follow = analysis
        .attacks
        .iter()
        .any(|a| a.attacker == m.to && !a.is_chase() && a.protection == Protection::Rooted);

    // CXA 2011 art. 26.10: an offer whose mate threat is the exchange itself.
    if book == Book::Cxa2011
        && analysis.mate_threat
        && offer_parries_mate(cache, &threat, &pos_after, &analysis.attacks, mate_depth)
    {
        analysis.mate_threat = false;
    }
    analysis.nature = nature_of(&analysis);
    analysis
}

/// The chase a move makes by a forced line (CXA 2011 art. 24.3: "从下一着开始运用将军或连续
/// '将军'得子、通过完整互吃交换后吃掉对方子且得子"), for [`analyse_with`]: the line the mover
/// wins with the move played and the mover to move again (`threat`), if it wins something it
/// could not win before the move (`old`, arts. 24.3, 24.8, 图5), named by its victim and
/// weighed as [`forced_attack`] weighs it. `unrooted` holds the enemy pieces a direct attack
/// found unrooted or falsely rooted (victim, attacker, protection); `offered`, the pieces the
/// lines may not take (offered an exchange, or rooted by a forcing reply: see the caller).
#[allow(clippy::too_many_arguments)]
fn forced_line_chase(
    cache: &mut Cache,
    old: &OldAttacks<'_>,
    m: Move,
    previous: Option<(&Position, Move)>,
    threat: &Position,
    unrooted: &[(Square, Square, Protection)],
    offered: Bitboard,
    not_first: Bitboard,
    mate_depth: u32,
) -> Option<Attack> {
    let (before, pos_after, mover) = (old.before, old.after, old.before.turn());
    // CXA 2011 arts. 26.4, 24.17: a win that art. 26.4 sets aside ("无直接参与且是己方走子
    // 造成被捉状态不予考虑") does not hide the move's other wins. Its pieces are barred from
    // the lines and the rest asked again, until a chase stands or nothing new is set aside
    // (图25: the cannon on f8, laid open by Black's own horse, is set aside; the horse on
    // d9, which the rook keeps chasing jointly, 联合捉子, comes next). Barred, not only left
    // out of the targets: a line through a set-aside piece would name another one.
    let mut set_aside = Bitboard::EMPTY;
    let mut fallback = None;
    let made = loop {
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
        let (lines, asked) = old.new_win(cache, threat, line, offered | set_aside, not_first);
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
        let rootless = |cache: &mut Cache, v: Square, lead| -> Option<Protection> {
            let (_, direct, protection) = *unrooted.iter().find(|&&(sq, _, _)| sq == v)?;
            if held_on_its_square(cache, pos_after, v, mate_depth, lead) {
                return Some(protection);
            }
            let standing = direct != m.to && !made_by(before, m, direct, v);
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
        // other, whichever the search met first.)
        let mut made = None;
        let mut exposed = Bitboard::EMPTY;
        for (candidate, rootless) in order {
            // A pending piece's line, searched now: none, and the piece was never named.
            let line = match candidate {
                Won::Line(line) => line,
                Won::Pending { index, square } => {
                    match old.win_piece(cache, threat, &asked, index, square) {
                        Some(line) => line,
                        None => continue,
                    }
                }
            };
            let Some(attack) = forced_attack(cache, threat, before, m, previous, line, mover)
            else {
                continue;
            };
            if attack.reason == Reason::ForcedGain {
                made = Some((attack, rootless));
                break;
            }
            if attack.reason == Reason::SelfExposed {
                exposed.add(attack.victim);
            }
            made.get_or_insert((attack, rootless));
        }
        match made {
            Some((attack, _)) if attack.reason == Reason::ForcedGain => break made,
            _ if (exposed & !set_aside).is_empty() => break fallback.or(made),
            _ => {
                fallback = fallback.or(made);
                set_aside |= exposed;
            }
        }
    };
    let (mut attack, rootless) = made?;
    // A forced line needs more than the one capturing piece (a checker, a screen, a second
    // capturer): a joint chase (联合捉, art. 24.17), the victim having fewer roots than
    // attackers (少根, art. 24.15). But a victim with no root at all, which the capturer may
    // take at once and which cannot leave its square (不能离线), is chased by the capturer
    // alone: 长捉无根子 (art. 24.15, 参考图49). Any piece that may take it at once will do, so
    // that the answer does not depend on which of two equal lines the search named.
    if let Some(protection) = rootless {
        attack.protection = protection;
    }
    Some(attack)
}

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
fn mate_stood_before(
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
fn mates_stood_before_the_check(
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
    let old = mating_checks(cache, &standing, depth);
    let now = mating_checks(cache, &threat, depth);
    !now.is_empty()
        && now
            .iter()
            .all(|m| old.iter().any(|o| (o.from, o.to) == (m.from, m.to)))
}

/// The checks of the side to move that mate within `depth` of its moves
/// ([`Cache::mate_by_checks`]).
fn mating_checks(cache: &mut Cache, pos: &Position, depth: u32) -> Vec<Move> {
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
///   could: the checker's leaving its post (a guard of a line or a point) makes the mate, and
///   the answer adds nothing to it.
///
/// A mate the answer makes or helps make is a new 杀法 (杀): 参考图48 (士5退6 answers the check
/// and unblocks a mate: the third test fails). In 图19 (炮2平4应将后增加了黑马退6的杀着) the
/// answering side threatened mate before the check already (its 炮4平2 is 杀): no state the
/// check formed, and the answer stays 杀. With no check to take back, the mate is the
/// answer's, as before the rule was read. The checking piece is taken off the board
/// rather than judged where it stands (the answerer, in check there, threatens nothing): an
/// answer whose only part in the mate is to shut that piece's way back would be missed; the
/// books give no such case.
fn self_inflicted(
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
    Position::from_diagram(setup).is_ok_and(|left| cache.mate_by_checks(&left, depth))
}

/// The heaviest nature of an analysed move (CXA 2011 art. 26.5).
fn nature_of(analysis: &MoveAnalysis) -> MoveNature {
    if analysis.check {
        MoveNature::Check
    } else if analysis.mate_threat {
        MoveNature::MateThreat
    } else if analysis.attacks.iter().any(Attack::is_chase) {
        MoveNature::Chase
    } else if analysis.exchange {
        MoveNature::Exchange
    } else if analysis.sacrifice {
        MoveNature::Sacrifice
    } else if analysis.block {
        MoveNature::Block
    } else if analysis.follow {
        MoveNature::Follow
    } else {
        MoveNature::Idle
    }
}

/// How many checks deeper than [`crate::RuleSet::mate_threat_depth`] [`deepen`] looks.
const DEEPER_CHECKS: u32 = 1;

/// Looks once more for a mate threat behind a move [`analyse_with`] found none of 将 杀 捉,
/// with one check more ([`DEEPER_CHECKS`]). CXA 2011 art. 24.2 bounds no series of checks
/// ("下一着将军或连续将军以将死对方"), and the book's figures need four: fig. 20 (马八进九
/// offers the rook and brings the horse into a mating net, 杀 by art. 26.10) and fig. 29 (the
/// rook that cannot leave its line moves along it, 杀). Such a move becomes 杀, unless the
/// threat is an offered exchange the other side may take first (art. 26.10, see
/// [`offer_parries_mate`]). A king move answering check stays idle (art. 26.2); another
/// piece's answer is no 杀 for a mate the check left open itself (自毙, arts. 24.18, 26.4:
/// [`self_inflicted`], which asks `previous`, the check and the position it was given in).
///
/// Kept apart from [`analyse_with`] because it is the dearest search of a ruling: a ruling
/// asks it only where the answer can change a side's pattern (see `judge_span`). Under
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

#[cfg(test)]
mod tests {
    use xiangqi::{Square, fen::Fen};

    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position().ok())
            .unwrap_or_else(|| panic!("bad test fen {fen}"))
    }

    /// The CXA 2011 analysis of the move `from`-`to` in `fen`.
    fn cxa(fen: &str, from: Square, to: Square) -> MoveAnalysis {
        let p = pos(fen);
        let m = p.find_move(from, to).expect("move");
        analyse(&p, m, Book::Cxa2011, 3)
    }

    /// The CXA 2011 nature of the move `from`-`to` in `fen`.
    fn cxa_nature(fen: &str, from: Square, to: Square) -> MoveNature {
        cxa(fen, from, to).nature
    }

    #[test]
    fn a_trade_on_the_way_keeps_no_rook() {
        let rook = rank_of(value(Role::Rook, Color::Black, Square::D6));
        let cannon = rank_of(value(Role::Cannon, Color::Black, Square::E5));
        let traded = Kept::default().with(rook, 1).with(rook, -1).with(cannon, 1);
        assert_eq!(traded.dearest(), cannon);
        assert_eq!(traded.with(rook, 1).dearest(), rook);
        // A rook given for a cannon keeps the cannon won before, not a rook.
        let given = Kept::default().with(cannon, 1).with(rook, -1);
        assert_eq!(given.dearest(), cannon);
        assert_eq!(Kept::default().dearest(), 0);
    }

    /// What could be won besides mating (图5's baseline before a move, `could_win`): Red mates
    /// by 车b0-b9 (the rook on a8 holds the eighth rank), and its cannon on i0 could take the
    /// unguarded horse on i6 instead.
    #[test]
    fn a_capture_besides_a_mate_is_counted_by_a_search_declining_mate() {
        let besides = Aim {
            declines_mate: true,
            ..Aim::default()
        };
        let p = pos("4k4/R8/9/8n/9/9/8P/9/9/1R1K4C w - - 0 1");
        let mut cache = Cache::default();
        assert!(forced_gain(&mut cache, &p, FORCED_CHECKS).mates);
        let line = forced_gain_aiming(&mut cache, &p, besides);
        assert_eq!((line.gain, line.mates), (5, false));
        assert_eq!(line.victim, Some((Square::I0, Square::I6)));
        // Aimed at the horse, the same.
        let at_horse = Aim {
            target: Some(Square::I6),
            ..besides
        };
        assert_eq!(forced_gain_aiming(&mut cache, &p, at_horse).gain, 5);
        // Without the cannon there is nothing besides the mate.
        let p = pos("4k4/R8/9/8n/9/9/8P/9/9/1R1K5 w - - 0 1");
        assert!(forced_gain(&mut cache, &p, FORCED_CHECKS).mates);
        assert_eq!(forced_gain_aiming(&mut cache, &p, besides).gain, 0);
        // Mirrored, colours swapped: Black mates by 车h9-h0 and its cannon takes on a3.
        let p = pos("c4k1r1/9/9/p8/9/9/N8/9/8r/4K4 b - - 0 1");
        assert!(forced_gain(&mut cache, &p, FORCED_CHECKS).mates);
        assert_eq!(forced_gain_aiming(&mut cache, &p, besides).gain, 5);
    }

    #[test]
    fn check_is_check() {
        let p = pos("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1");
        let m = p.find_move(Square::H8, Square::H9).expect("move");
        let a = analyse(&p, m, Book::Wxf2018, 3);
        assert_eq!(a.nature, MoveNature::Check);
    }

    #[test]
    fn rook_chases_unprotected_cannon_but_not_protected_one() {
        // Red rook on a0 goes to a7 and attacks the black cannon on e7, alone.
        let p = pos("4k4/9/4c4/9/9/9/9/9/9/R3K4 w - - 0 1");
        let m = p.find_move(Square::A0, Square::A7).expect("move");
        for book in [Book::Wxf2018, Book::Cxa2011] {
            let a = analyse(&p, m, book, 3);
            assert!(a.attacks.iter().any(Attack::is_chase), "{book:?}: {a:?}");
            assert_eq!(a.attacks[0].protection, Protection::Unrooted);
        }
        // Now the black king on e8 protects the cannon.
        let p = pos("9/4k4/4c4/9/9/9/9/9/9/R2K5 w - - 0 1");
        let m = p.find_move(Square::A0, Square::A7).expect("move");
        for book in [Book::Wxf2018, Book::Cxa2011] {
            let a = analyse(&p, m, book, 3);
            assert!(!a.attacks.iter().any(Attack::is_chase), "{book:?}: {a:?}");
        }
    }

    #[test]
    fn horse_on_protected_rook_is_a_chase_in_both_books() {
        // The black rook on e7 is protected by its king on e8; the horse goes e3-f5.
        let p = pos("9/4k4/4r4/9/9/9/4N4/9/9/3K5 w - - 0 1");
        let m = p.find_move(Square::E3, Square::F5).expect("move");
        for book in [Book::Wxf2018, Book::Cxa2011] {
            let a = analyse(&p, m, book, 3);
            assert_eq!(a.nature, MoveNature::Chase, "{book:?}: {a:?}");
        }
    }

    #[test]
    fn uncrossed_pawn_is_no_target() {
        let p = pos("4k4/9/9/4p4/9/9/9/9/9/R3K4 w - - 0 1");
        let m = p.find_move(Square::A0, Square::A6).expect("move");
        let a = analyse(&p, m, Book::Wxf2018, 3);
        assert_eq!(a.attacks[0].reason, Reason::UncrossedPawn);
        assert!(!a.attacks[0].is_chase());
    }

    #[test]
    fn a_piece_held_on_its_line_cannot_leave() {
        // CXA 2020 参考图49: the horse on c8 holds the cannon on d8 on its leg; back on b6 it
        // still holds it, every way off costing the cannon (不能离线).
        let on_leg = pos("3akab2/2Ncn1C2/4b2C1/p7R/1r1n2p2/9/P1p1P1P1P/1c2B4/5N3/2BAKA3 b - - 0 1");
        assert!(held_on_its_square(
            &mut Cache::default(),
            &on_leg,
            Square::D8,
            3,
            None
        ));
        let back = pos("3akab2/3cn1C2/4b2C1/pN6R/2rn2p2/9/P1p1P1P1P/1c2B4/5N3/2BAKA3 b - - 0 1");
        assert!(held_on_its_square(
            &mut Cache::default(),
            &back,
            Square::D8,
            3,
            None
        ));
        // CXA 2020 fig. 11 after 炮八平九: the elephant on e7 may go to g9, leaving only an
        // uncrossed pawn to the rook (art. 26.7): not held, so the chase stays joint.
        let fig11 = pos("C1bak4/1r2a4/c3b4/p8/2p1R4/6P1P/2P6/4B4/4A4/2BAK4 b - - 0 1");
        assert!(!held_on_its_square(
            &mut Cache::default(),
            &fig11,
            Square::E7,
            3,
            None
        ));
    }

    #[test]
    fn an_offer_whose_threat_is_the_exchange_itself_is_an_exchange() {
        // CXA 2020 fig. 29: the black rook on h9 guards f9 along its rank and cannot leave it.
        let p = pos("2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R3R/B8/1p7/c3K4 w - - 0 1");
        // 车一平二: taking the rook on h9 would mate, but black may take first and lose
        // nothing (the rook on e3 takes back): 兑, not 杀 (art. 26.10).
        let m = p.find_move(Square::I3, Square::H3).expect("move");
        assert_eq!(
            analyse(&p, m, Book::Cxa2011, 3).nature,
            MoveNature::Exchange
        );
        // 车五平二: taking first now lets the rook on i3 mate: 杀.
        let m = p.find_move(Square::E3, Square::H3).expect("move");
        assert_eq!(
            analyse(&p, m, Book::Cxa2011, 3).nature,
            MoveNature::MateThreat
        );
        // Black's rook stepping along its rank threatens a mate of four checks (art. 24.2).
        let after = pos("2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R2R1/B8/1p7/c3K4 b - - 0 1");
        let m = after.find_move(Square::H9, Square::I9).expect("move");
        assert_eq!(
            analyse(&after, m, Book::Cxa2011, 3).nature,
            MoveNature::MateThreat
        );
        // Under WXF 2018 the search stays at three checks.
        assert_ne!(
            analyse(&after, m, Book::Wxf2018, 3).nature,
            MoveNature::MateThreat
        );
    }

    #[test]
    fn a_rook_that_cannot_leave_stays_jointly_chased() {
        // CXA 2020 参考图39: the black rook on f8 holds the horse's leg (leaving lets the horse
        // check), and taking the horse loses it to the red rook; the cannon on h8 takes it
        // over the horse. Red's rook steps away and back: the standing chase goes on, joint.
        let p = pos("4kab2/4arNC1/4b1R2/4n4/2p3pc1/9/4P3P/4B4/4A4/2BAK4 w - - 0 1");
        let m = p.find_move(Square::G7, Square::G6).expect("move");
        let a = analyse(&p, m, Book::Cxa2011, 3);
        let held = a.attacks.iter().find(|at| at.victim == Square::F8);
        let held = held.unwrap_or_else(|| panic!("no chase of the rook on f8: {a:?}"));
        assert_eq!(held.reason, Reason::HeldOnItsLine);
        assert_eq!(held.protection, Protection::UnderRooted);
        // Under WXF 2018 a standing attack is no chase (ch. 5 item 36.2).
        let a = analyse(&p, m, Book::Wxf2018, 3);
        assert!(a.attacks.iter().all(|at| at.victim != Square::F8), "{a:?}");
    }

    #[test]
    fn parrying_a_mate_threat_makes_a_standing_attack_a_chase() {
        // CXA 2020 参考图35 after 马六进四 (杀): 车4平6 parries the mate, and the cannon on c3,
        // which looked at the unprotected rook on c6 all along, now chases it (arts. 26.2,
        // 26.4: "车4平6解杀后形成炮捉车，判捉").
        let a = cxa(
            "2bak4/4a4/r1n1b4/p1R2N3/2p6/3r5/P1c3P2/4B3N/R8/2BAKA3 b - - 0 1",
            Square::D4,
            Square::F4,
        );
        assert_eq!(a.nature, MoveNature::Chase, "{a:?}");
        assert!(
            a.attacks
                .iter()
                .any(|at| at.attacker == Square::C3 && at.victim == Square::C6 && at.is_chase())
        );
        // Without the mate threat (the horse back on d5) the same standing attack is no chase.
        let a = cxa(
            "2bak4/4a4/r1n1b4/p1R6/2pN5/3r5/P1c3P2/4B3N/R8/2BAKA3 b - - 0 1",
            Square::D4,
            Square::F4,
        );
        assert!(a.attacks.iter().all(|at| at.victim != Square::C6), "{a:?}");
    }

    #[test]
    fn parrying_a_mate_leaves_a_piece_hanging_all_along_unchased() {
        // CCPD 象甲联赛 00000495 after 57.帅六退一 (d1d0): red threatens 车三进七 mate, and
        // 炮8进1 (h1h0) pins the rook on its rank again, parrying it. Black's rook on h8 has
        // looked at the unprotected pawn on e8 all along and could have taken it safely before
        // the parry too: the parry makes no capture possible (art. 24.3), so no chase.
        let a = cxa(
            "3C5/4P2r1/5k3/4p3p/9/P8/8P/4BA2n/5c1c1/2BK1AR2 b - - 0 1",
            Square::H1,
            Square::H0,
        );
        assert!(a.attacks.iter().all(|at| at.victim != Square::E8), "{a:?}");
        assert_ne!(a.nature, MoveNature::Chase, "{a:?}");
    }

    #[test]
    fn check_then_capture_is_a_forced_gain() {
        // CXA 2020 fig. 16 after 车二退三: the rook on h6 checks from f6 and then takes the
        // black rook on d6 (一将一抽车, art. 24.3).
        let p = pos("3a5/4ak3/3cb4/P2rp2R1/6b2/9/9/5C3/4A4/4KA3 w - - 0 1");
        let line = forced_gain(&mut Cache::default(), &p, FORCED_CHECKS);
        assert!(line.gain >= 10, "gain {}", line.gain);
        assert_eq!(line.lead, Some(Square::H6));
        // The piece won is the rook on d6.
        assert_eq!(line.victim.map(|(_, v)| v), Some(Square::D6));
        // Without checks the rook wins nothing.
        assert_eq!(forced_gain(&mut Cache::default(), &p, 0).gain, 0);
    }

    #[test]
    fn a_rook_can_take_three_checks_to_win() {
        // Black's general on d8, red's rook on e5 and horse on f4, black's rook on b3. With
        // three checks the horse and rook drive the general until the horse forks it with the
        // rook (马四进五 将, 将4进1, 马五退七 将, 将4退1, 马七退八 is one line); with two the
        // general escapes (将4平5 after the first check, and the fork never comes).
        for fen in [
            "9/3k5/9/9/4R4/5N3/1r7/9/5K3/9 w - - 0 1",
            // Mirrored left to right, and seen from black's side.
            "9/5k3/9/9/4R4/3N5/7r1/9/3K5/9 w - - 0 1",
            "9/3k5/9/7R1/3n5/4r4/9/9/5K3/9 b - - 0 1",
        ] {
            let p = pos(fen);
            let line = forced_gain(&mut Cache::default(), &p, FORCED_CHECKS);
            assert!(line.gain >= 10, "{fen}: {line:?}");
            assert_eq!(
                line.victim
                    .and_then(|(_, v)| p.board().piece_at(v))
                    .map(|p| p.role),
                Some(Role::Rook),
                "{fen}"
            );
            assert_eq!(forced_gain(&mut Cache::default(), &p, 2).gain, 0, "{fen}");
        }
    }

    #[test]
    fn a_gain_by_check_stands_though_other_pieces_hang() {
        // CXA 2020 参考图12, 车六平八 (捉): from b1 the rook threatens 车八进九 将, 士5退4,
        // 炮九平六 taking the advisor under the rook's cover. Black's horse could take the pawn
        // on g3 with a discovered check and the elephant the pawn on e7, as they could all
        // along: that does not undo the gain.
        let a = cxa(
            "C3kab2/4a4/4P4/2r1c1p2/8p/9/P3N1P1P/4n4/3R5/3AKA3 w - - 0 1",
            Square::D1,
            Square::B1,
        );
        assert_eq!(a.nature, MoveNature::Chase, "{a:?}");
        assert!(a.attacks.iter().any(|at| at.reason == Reason::ForcedGain));
    }

    #[test]
    fn a_check_on_the_way_does_not_shield_a_capture_there_all_along() {
        // CCPD 世界智力运动会 00000460, move 27: 炮八平九 opens 炮九进三 将, but the capture
        // that would follow, the horse on f6 taking the pawn on g4, stood there before the
        // move, with black's answers: the check makes nothing, and the move chases nothing.
        assert_eq!(
            cxa_nature(
                "3ak4/4a4/1c2brn1c/1C3N2p/2b1p4/6p2/8P/2C2R3/4A4/2B1KAB2 w - - 0 1",
                Square::B6,
                Square::A6
            ),
            MoveNature::Idle
        );
    }

    #[test]
    fn a_piece_stepping_into_the_line_is_named_where_it_stood() {
        // 车八进九 将 leaves black one answer, 士5退4; the rook then takes that advisor with
        // check, and the black king may not take back (it would face red's on the d-file).
        // The line's first capture names both pieces where they stand before the line: the
        // rook on b1, the advisor on e8.
        let p = pos("C3ka3/4a4/9/9/9/9/9/9/1R7/3K5 w - - 0 1");
        let line = forced_gain(&mut Cache::default(), &p, FORCED_CHECKS);
        assert!(line.gain >= 2, "gain {}", line.gain);
        assert_eq!(line.first, Some((Square::B1, Square::E8)));
        assert_eq!(line.victim, Some((Square::B1, Square::E8)));
        assert_eq!(line.lead, Some(Square::B1));
    }

    #[test]
    fn a_rook_that_could_already_take_an_advisor_chases_nothing_new() {
        // CXA 2020 fig. 5: 车七退五 (闲). From c9 the rook took the advisor on f9; from c4 its
        // best line (check on the e-file, then the pawn on e3) wins no more: "红方退车前就可吃
        // 底士，退车后吃士结果没有发生变化".
        assert_eq!(
            cxa_nature(
                "2R2a3/4k4/3a5/9/8p/9/1p1rpn3/3CB4/4A4/2B1KA3 w - - 0 1",
                Square::C9,
                Square::C4
            ),
            MoveNature::Idle
        );
    }

    #[test]
    fn an_exchange_cut_by_the_horizon_is_played_out() {
        // CXA 2020 fig. 5 after 车七退五, red to move again: 车七平五 将, 将5平6, 车五平四 将,
        // 将6平5, 车四进五 takes the advisor on f9 on the fifth ply; then 卒5进1 takes the
        // elephant, 相七进五 the pawn, 马6进4 the cannon with check, 仕五进六 the horse, 车4进1
        // the advisor: an exchange that wins nothing, as the rook's capture from c9 before the
        // move (图5). The ninth ply falls inside it; played out with captures (art. 24.3:
        // "完整互吃交换"), the line wins nothing.
        let p = pos("5a3/4k4/3a5/9/8p/2R6/1p1rpn3/3CB4/4A4/2B1KA3 w - - 0 1");
        let line = forced_gain(&mut Cache::default(), &p, FORCED_CHECKS);
        assert_eq!(line.gain, 0, "{line:?}");
        // From c9 the same capture of the advisor, and the same exchange: nothing either.
        let before = pos("2R2a3/4k4/3a5/9/8p/9/1p1rpn3/3CB4/4A4/2B1KA3 w - - 0 1");
        assert_eq!(
            forced_gain(&mut Cache::default(), &before, FORCED_CHECKS).gain,
            0
        );
    }

    #[test]
    fn a_check_does_not_shield_from_taking_a_piece_whose_guard_it_drew_away() {
        // 车八进九 将, 将5进1, 车八平二 takes the horse on h9; but the rook on b1 guarded the
        // horse on f1, which black's rook then takes: no gain. The horse was guarded at the
        // start, so its capture is not one of the pieces hanging all along.
        let p = pos("4k2n1/9/5r3/9/4P4/9/9/9/1R3N3/4K4 w - - 0 1");
        assert_eq!(
            forced_gain(&mut Cache::default(), &p, FORCED_CHECKS).gain,
            0
        );
        assert_eq!(
            cxa_nature(
                "4k2n1/9/5r3/9/1C2P4/9/9/9/1R3N3/4K4 w - - 0 1",
                Square::B5,
                Square::A5
            ),
            MoveNature::Idle
        );
    }

    #[test]
    fn a_piece_that_led_the_same_line_before_chases_nothing_new() {
        // From b1 the rook already won the horse on h9 by 车八进九 将 and 车八平二; from c1,
        // 车七进九 将 does the same: no new gain (图5).
        assert_eq!(
            cxa_nature(
                "4k2n1/9/9/9/4P4/9/9/9/1R7/4K4 w - - 0 1",
                Square::B1,
                Square::C1
            ),
            MoveNature::Idle
        );
    }

    #[test]
    fn a_check_chases_in_a_diagram_position_too() {
        // WXF 2018: 车九平六 checks and attacks the unprotected horse on h3. A red pawn on i0,
        // where no game puts it, makes the position a diagram; the chase is found all the same.
        for fen in [
            "3k5/9/9/9/9/9/R6n1/9/9/4K4 w - - 0 1",
            "3k5/9/9/9/9/9/R6n1/9/9/4K3P w - - 0 1",
        ] {
            let setup = fen.parse::<Fen>().expect("fen");
            let p = setup.into_diagram_position().expect("a diagram");
            let m = p.find_move(Square::A3, Square::D3).expect("move");
            let a = analyse(&p, m, Book::Wxf2018, 3);
            assert_eq!(a.nature, MoveNature::Check, "{fen}");
            assert!(
                a.attacks
                    .iter()
                    .any(|at| at.victim == Square::H3 && at.is_chase()),
                "{fen}: {a:?}"
            );
        }
    }

    #[test]
    fn pawn_for_horse_is_no_gain() {
        // CXA 2020 fig. 24 after 车一进四: the pawn on c9 could check and be given for the
        // horse on f9, which art. 26.7 does not count as winning material.
        let p = pos("2P1kn2R/5r3/9/9/p3p4/9/4P4/4B4/9/2BAKA3 w - - 0 1");
        assert_eq!(
            forced_gain(&mut Cache::default(), &p, FORCED_CHECKS).gain,
            0
        );
    }

    #[test]
    fn null_move_fails_in_check() {
        let p = pos("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1");
        assert!(p.is_check());
        assert!(p.swap_turn().is_none());
    }
}
