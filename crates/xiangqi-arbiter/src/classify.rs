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
//!   another piece. But a line that only wins a piece a capture standing before the move wins
//!   for as much, judged the same chase before and after, creates nothing where the moved
//!   piece takes no part and the move took none of the mover's pieces out of an attack: the
//!   line's defender, answering with captures only, may have lost an answer that a check
//!   still gives it (参考图6, `refinds_standing_capture`). A line wins a piece when that
//!   piece is the dearest it wins and keeps (a trade on the way, rook for rook, wins no
//!   rook): lines winning as much are ranked by it, the defender choosing the dearer, so the
//!   answer never depends on which of two equal lines a search meets first (a ruling must be
//!   the same mirrored or with the colours swapped).
//!   Where the mover could mate before its move, the baseline is what it could win besides
//!   mating (a line whose first move does not force mate; the defender still avoids being
//!   mated): a move that gives up a mate threat for a capture that stood beside it is 闲, as a
//!   mate is 杀 and no gain (the books give no case; this follows 图5's principle that a move
//!   leaving a capture as it was creates no chase).
//!
//! CXA 2011's detailed rules applied here: a king move answering check is idle, and another
//! piece answering check chases only with an attack it makes itself, or one whose target it
//! robs of its root (arts. 26.2, 26.4: a piece unrooted by its own side's check is that side's
//! fault, one unrooted by the answer the answer's: [`answer_cuts_root`]), and threatens mate
//! only with a mate the checker's own check did not leave open (自毙, arts. 24.18, 26.4:
//! [`self_inflicted`]), and a forced line, or a standing attack on a piece without a full
//! root, that pays only because the victim's own side laid it open with its last move is not
//! the chase of a move taking no direct part in it (26.4, [`self_exposed`]), while a move
//! parrying a mate threat (解杀) makes its standing attacks chases anew (参考图35); a lone
//! defender's attacks on advisors and elephants are idle (26.3); a pawn's own captures and its
//! captures after
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
//!
//! # Where each part lives
//! This module holds the move's analysis (`analyse_with`) and what it reports; each concept
//! family has a module of its own:
//! - `judge`: one attack judged, its exchange and its roots (arts. 24.15–24.16, 26.1, 26.3,
//!   26.5, 26.8; AXF rules 15–31);
//! - `new_chase`: whether the move created the attack or the forced line's win (图5, arts.
//!   24.3, 24.8, 26.4), and the piece a forced line chases (art. 26.9.1);
//! - `offers`: exchange offers (arts. 24.4, 26.10, 26.11);
//! - `mate_threat`: new mate threats and 自毙 (arts. 24.2, 24.18, 26.2, 26.4);
//! - `search`: the forced-line search the others ask (art. 24.3), and the ruling's memory;
//! - `each`: one search that bounds every piece's line at once.

use std::{collections::HashMap, rc::Rc};

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use xiangqi::{
    Bitboard, Color, MAX_MOVES, Move, MoveFilter, Piece, Position, Role, Square, advisor_attacks,
    between, cannon_attacks, elephant_attacks, horse_attackers, horse_attacks, king_attacks,
    pawn_attackers, pawn_attacks, rook_attacks,
};

use crate::{
    material::{Ledger, crossed, gain_value, value, worthless_target},
    rules::Book,
};

mod each;
mod judge;
mod mate_threat;
mod new_chase;
mod offers;
mod search;

use judge::*;
use mate_threat::*;
use new_chase::*;
use offers::*;
use search::*;

// What the rest of the crate asks of the searches (the ruling's shared memory, the deeper mate
// search, a cannon screen's own gain) and the public mate search.
pub(crate) use judge::gain_alone;
pub(crate) use mate_threat::deepen;
pub use search::mate_by_checks;
pub(crate) use search::{Cache, wins_without};

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
    /// The sense of 长捉无根子 in art. 26.9.3, whose joint side (联合捉无根子) is, as a rule, a
    /// chase of a piece with fewer roots than attackers. Art. 26.9.1's list counts a single
    /// chase of an unguarded piece only (the book's 图26; `summarise` in repetition.rs).
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
    /// Not a chase: the move only takes the mover's own piece out of danger (the other side
    /// could win it by force before the move, and cannot now), and the piece takes no direct
    /// part in the forced line that now pays: a capture that stood on the board before, whose
    /// price was the piece left hanging. CXA 2011 art. 24.3 (捉 is a capture the move "造成",
    /// makes possible), art. 26.4 ("无直接参与……不予考虑"); the book's 参考图37: the cannon that
    /// steps out of the rook's attack lets the other cannon take the horse at a gain, "黑方两闲"
    /// (避吃促成得子，但没有加强进攻子力). Asked by `escape_only`.
    EscapeOnly,
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
            Reason::EscapeOnly => {
                "避吃促成得子：本着只使己方之子脱离被吃，未加强进攻子力，原有的吃子不算新捉（第24.3、26.4条）"
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
            Reason::EscapeOnly => {
                "escape only (避吃促成得子): the move only takes the mover's own piece out of danger and adds nothing to the attack; the capture that now pays stood before: no new chase (CXA 2011 arts. 24.3, 26.4)"
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
    /// The moves, in ICCS coordinates, of the forced line that makes the move's chase when a
    /// forced line makes it (CXA 2011 art. 24.3, 强制得子: "伏……"), the mover's first: what an
    /// arbiter shows the players. Empty otherwise (and left out of the JSON).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced_line: Vec<String>,
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
        forced_line: Vec::new(),
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
    let mut old = OldAttacks::new(before, before_o.as_ref(), &pos_after, mover);
    // CXA 2011 art. 26.2: a forced line after an answer to check is new against the board
    // before the check (see the forced-line chase below).
    let before_check = (book == Book::Cxa2011 && evasion)
        .then(|| previous.and_then(|(earlier, _)| earlier.swap_turn()))
        .flatten();
    old.won_before = before_check.as_ref();
    // The enemy pieces some attack judged unrooted or falsely rooted (victim, attacker,
    // protection), every such judgement (the forced line below names a rootless piece first,
    // asking each attacker): judged once here, not again there.
    let mut unrooted: Vec<(Square, Square, Protection)> = Vec::new();
    // CXA 2011 arts. 24.4, 26.10: the pieces in a same-type contact that may take first
    // without loss or mate (兑), whether the move made the contact or found it standing: the
    // forced line below may not open by taking one with its partner ([`Aim`]'s `not_first`).
    // 图19 with a black rook on g7 rooting the cannon and the pawn: 车六平五 only frees the
    // rook on g9 to take the rook on g7, which may take it first and win: "反之，则按兑处理".
    let mut same_type = Bitboard::EMPTY;
    // The attacks that stood before the move, chases then as now (attacker, victim, gain
    // now): a forced line that only plays one of them may have created nothing
    // ([`new_chase::refinds_standing_capture`]).
    let mut stood: Vec<(Square, Square, i32)> = Vec::new();
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
        if attack.protection.is_unrooted() {
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
            if attack.is_chase() {
                stood.push((a, v, attack.gain));
            }
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
        if evasion
            && (book == Book::Wxf2018 || m.role != Role::King)
            && !made_by(before, m, a, v)
            && !(book == Book::Cxa2011
                && attack.is_chase()
                && answer_cuts_root(cache, previous, before, m, a, v))
        {
            // CXA 2011 arts. 26.2, 26.4: answering check, a piece other than the king chases
            // only with a *new* attack (its own, or one it uncovers, or one whose target it
            // robs of its root: [`answer_cuts_root`]). An attack that stood on the board
            // before, which the check only made unplayable, is not the answer's doing: the
            // target lost its root through the checker's own move (自己离线断根将军……
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
        // CXA 2011 art. 26.4, "无直接参与且是己方走子造成被捉状态不予考虑": an attack that stood
        // before the move (its piece stayed put) on a piece without a full root already (the
        // move cut none: a move that does is 断根, 捉, AXF Appendix, perpetual chase), and now
        // pays for a reason the move gives it without taking part — it parries a mate that met
        // the capture (解杀) — is no chase of the move when the target's own side laid it open
        // with its last move (cut its root, opened a line onto it), as for a forced line
        // ([`self_exposed`]): the root that left its line to threaten mate unrooted the piece
        // of its own accord, as one that leaves to check (26.4, "做为根的子，自己离线断根
        // '将军'……责由自负").
        if book == Book::Cxa2011
            && !evasion
            && attack.is_chase()
            && !made_by(before, m, a, v)
            && let Some((earlier, last)) = previous
            && judge(
                cache,
                Some(before),
                before_o.as_ref(),
                a,
                v,
                book,
                Detail::Whole,
            )
            .is_some_and(|old| old.protection.is_not_fully_rooted())
        {
            // Weighed as a forced line taking the piece, which the test plays again with the
            // moved piece taking no part (the exchange's gain above counts what the other side
            // wins meanwhile otherwise).
            let aim = Aim {
                target: Some(v),
                ..Aim::default()
            };
            let gain = forced_gain_aiming(cache, &threat, aim).gain;
            if gain > 0 && self_exposed(cache, earlier, last, before, m, v, gain).is_some() {
                attack.reason = Reason::SelfExposed;
            }
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
    //
    // CXA 2011 art. 26.2: an answer to check by a piece other than the king chases too when
    // it itself opens such a line ("走动其他棋子应将后产生新的'捉'"): [`answer_opens_line`].
    if book == Book::Cxa2011
        && (!evasion || (m.role != Role::King && previous.is_some()))
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
        if let Some((attack, alike, line)) = forced_line_chase(
            cache, &old, m, previous, &threat, &unrooted, &stood, offered, same_type, mate_depth,
            evasion,
        ) {
            // A piece set aside (art. 26.4) both as a direct attack and by a line is told once.
            let told = !attack.is_chase()
                && analysis
                    .attacks
                    .iter()
                    .any(|at| at.victim == attack.victim && at.reason == attack.reason);
            if !told {
                analysis.attacks.push(attack);
                analysis.attacks.extend(alike);
                analysis.forced_line = line.iter().map(Move::to_string).collect();
            }
        }
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
