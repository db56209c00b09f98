//! A nineteenth audit of the repetition rulings (棋例), CXA 2011 arts. 24.3, 24.15, 24.16, 24.18,
//! 26.1, 26.2 and 26.4: cutting a root (断根), hidden roots (暗根) and a side's own fault (自毙,
//! "责由自负"). Our own positions, not the book's figures: in each, Red plays a move that attacks
//! nothing new itself, or a rook attack whose target only looks unrooted, while Black shuffles a
//! piece that does nothing (or gives a check, or threatens mate, every other move); whether
//! Red's move is 捉 turns on the root of a piece some other red piece has attacked all along.
//! Each case has a control in which one piece is moved or added so that the concept no longer
//! applies.
//!
//! Method. The natures of both sides' moves and the verdict were written from the book's wording
//! below before the engine was run. Each cycle is played twice with no capture, so the start
//! position occurs three times (arts. 23.1, 23.3); every case is also ruled mirrored and with the
//! colours swapped (`symmetry::cxa_case`). Each position was checked by hand, and against the
//! engine's explanation, for stray checks, mates and attacks that would decide the case
//! otherwise (see "ill-made positions" below).
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.3 捉: "凡走子后所走动子能直接吃子或造成其他子能吃子、与其他子联合吃子、从下一着开始运用
//!   将军或连续'将军'得子、通过完整互吃交换后吃掉对方子且得子 … 称为'捉'". A move that cuts the
//!   root of a piece another piece attacks "造成其他子能吃子": a new chase of that piece.
//! - 24.15: "凡有己方其他棋子（包括暗根）充分保护的棋子，称为'有根子'；反之称为'无根子'。作为'根'
//!   的棋子少于对方'捉'的棋子或被保护不充分的子，称为'少根子'". A piece whose capture loses the
//!   capturer to a check and capture (将军抽吃) is rooted by that hidden root.
//! - 24.16: "假根：形式上是根，实际不能离线反吃则称为'假根'。假根按无根子处理".
//! - 24.18 自毙, 26.4: "一方形成'自毙'应由己方负责，不得视为另一方造成 … 无直接参与且是己方走子
//!   造成被捉状态不予考虑；做为根的子，自己离线断根'将军'（或应将）造成被保护的子失根被捉，责由
//!   自负".
//! - 26.1: "走动帅(将)、兵(卒)后与其他子配合同时产生'捉'或走动后其他子产生新的'捉'按'捉'处理".
//! - 26.2: "走动帅(将)应将而产生的'捉'、'杀'按'闲'处理;走动其他棋子应将后产生新的'捉'或'杀'，
//!   判'捉'或'杀'".
//! - 24.11 长捉 "连续追捉一子或数子"; 24.13 禁止着法; 24.14 允许着法 (一将一闲, 一捉一闲 among
//!   them); 24.8: 兑, 献, 拦, 跟 are 闲; 25.2 "双方均为允许着法，双方不变作和"; 25.3 "一方为禁止
//!   着法，另一方为允许着法，由前者变着".
//!
//! | test | what Red's move does to the root | book: Red's natures, verdict | engine |
//! |---|---|---|---|
//! | two rook roots cut | a pawn d7↔c7 blocks the d- or the c-file of a rook root | 捉捉, Red must change | agrees |
//! | control | a black pawn c6 roots c5 as well | 闲捉, draw | agrees |
//! | two cannon roots cut | the same pawn is the screen of a cannon root; leaving it cuts | 捉捉, Red must change | agrees |
//! | control | a black pawn c6 roots c5 as well | 捉闲, draw | agrees (our first expectation was wrong: see below) |
//! | two horse legs blocked | a pawn f6↔e6 on the leg of a horse root | 捉捉, Red must change | agrees |
//! | control | a black rook d9 roots d5 as well; rook for cannon loses | 闲捉, draw | agrees |
//! | the root pinned by a rook | the rook h3→e3 pins the horse e7, root of d5, to its king | 捉捉, Red must change | agrees |
//! | control | a black advisor e8 between horse and king | 闲捉, draw | agrees |
//! | the root pinned by the generals | 帅d0→e0 makes the horse e7 the only piece between the kings | 捉闲, draw (26.1) | agrees |
//! | control | a black advisor e8 between | 闲闲, draw | agrees |
//! | a cannon root's screen doubled | a pawn e6→d6 steps between screen and target | 捉闲, draw | agrees |
//! | control | a black horse b6 roots d5 as well | 闲闲, draw | agrees |
//! | an overloaded root | a second attacker on the other piece the rook c7 roots | 捉闲, draw | agrees |
//! | control | a black advisor e8 roots f7 as well | 闲闲, draw | agrees |
//! | hidden root: a horse fork | 车×f3 马c4–d2+ wins the rook back | 捉闲, draw | agrees |
//! | control | a red advisor e1 covers d2 | 捉捉, Red must change | agrees |
//! | the hidden root cut | 仕d0→e1 covers the fork's square | 捉闲, draw | agrees |
//! | hidden root: a discovered check | 车×h5 马e4–g3 (炮e8 checks over 仕e1) wins the rook back | 闲闲, draw | agrees |
//! | control | a red pawn e3, a second screen: no check | 捉闲, draw | agrees |
//! | hidden root: two checks | 车×g1 炮a2–a0+ 帅e1 车a9–a1+ skewers the rook | 闲闲, draw | agrees |
//! | control | a red pawn a3 shuts the a-file: one check only | 捉闲, draw | agrees |
//! | the root leaves to check (26.4) | Black's rook a1→a0+ was c1's root; 仕e1→d0 blocks | 闲闲, draw | agrees |
//! | the answer itself cuts the root (26.2) | 仕e1→d0 blocks a check and takes away the screen of c1's cannon root | 捉闲, draw | **disagreed: engine 闲; fixed** |
//! | the same, verdict-bearing | … and 仕d0→e1 attacks the unrooted pawn f2 | 捉捉, Red must change | **disagreed: engine draw; fixed** |
//! | control | the checking rook a1→a0+ was the root | 闲捉, draw | agrees |
//! | the root leaves to threaten mate (26.4) | Black's rook c9→a9 (杀) was c5's root; 象c4→a2 parries | 闲捉, draw | **disagreed: engine 捉捉, Red must change; fixed** |
//! | control | c5 unrooted all along (a black horse c7 shuts the c-file) | 捉捉, Red must change | agrees |
//!
//! The disagreements (both fixed in `classify.rs`; whole rulings of both books' cases and of
//! the corpus, under both books, are unchanged by the fixes):
//!
//! 1. Answering check with a piece other than the general, the engine counted only attacks the
//!    answer made on the board (the moved piece's, or one it uncovers): an attack that stood
//!    before was taken to have been made a chase by the checker (26.4, "自己离线断根'将军'") or
//!    to have been one already. It missed the answer that itself cuts the root of a piece
//!    attacked all along — 26.2's "走动其他棋子应将后产生新的'捉'", and 24.3's "造成其他子能
//!    吃子", as for any other move. `classify::answer_cuts_root` tells the two apart by playing
//!    the answer as if the check had not been given: a chase there, and none before, is the
//!    answer's.
//! 2. A move that parries a mate threat makes a standing attack a chase anew when the capture
//!    was met by the mate (参考图35, "解杀后形成炮捉车，判捉"). The engine did so also when the
//!    target had lost its root through its own side's last move — the very move that threatened
//!    mate — while the parry took no part: 26.4's "无直接参与且是己方走子造成被捉状态不予考虑".
//!    The engine applied that clause to forced lines only (`self_exposed`); a direct attack on
//!    a piece already without a full root before the move (so the move cut no root itself) is
//!    now weighed by it too.
//!
//! Our own first expectations that were wrong, or positions that were ill-made, found by running
//! the first drafts (none is counted as a disagreement):
//!
//! 1. The cannon-root control (a black pawn c6 besides the cannon c9) was first written as
//!    闲捉, copied from the rook-root control; but there the pawn on d7 is the *screen* of the
//!    cannon d9, so d7→c7 cuts d5's root (捉) and c7→d7 restores it (c5 keeps its pawn root:
//!    闲). The engine's 捉闲 is the book's.
//! 2. Controls with a third black horse, or a black pawn on d6 (a point no black pawn reaches),
//!    or a red elephant on e4, were not legal positions; the pieces were changed (a pawn on
//!    c6, a red pawn on e4 as the cannon's screen).
//! 3. The general pin first had the red rook on d1 attacking d5 with the red king on d0 behind
//!    it: the rook was the screen of the black cannon d5 onto the king (e0→d0 illegal). The
//!    rook attacks from h5 now, and a black advisor on f9 shuts rank 9 to its checks.
//! 4. The discovered-check hidden root was first drafted with a black rook on e8 and a bare red
//!    king: the engine said 捉, rightly — with the rook on h1 the fork 马e4–g3 won the rook
//!    before the capture as after it, and with the rook on h2 Black mated the bare king anyway
//!    (马e4–f2 double check, 车e8–d8): "a mate all along stands whatever it takes". It now
//!    checks with a cannon over the red advisor e1.
//! 5. The doubled-screen control first had its horse on b7 (a typing slip for b6).
//!
//! 6. A draft cutting the two-check hidden root by a red horse c3↔a4 (shutting the a-file) was
//!    withdrawn: on c3 the horse blocks the second check (马c3–d1) and takes the first
//!    checker's cannon, so the cannon g1 was chased there already (the engine: 献 for c3→a4,
//!    rightly no new chase).

mod symmetry;

use symmetry::cxa_case;

use xiangqi::{Color, Square};
use xiangqi_arbiter::{Ruling, Verdict};

/// The explanation names what the test is about.
fn names(ruling: &Ruling, what: &str) {
    let why = ruling.explanation.en();
    assert!(why.contains(what), "no '{what}' in:\n{why}");
}

// ---------------------------------------------------------------------------------------------
// 断根: a root's line blocked or opened.

/// The black horses c5 and d5 are rooted only by the rooks c9 and d9 down their files; the red
/// rooks a5 and h5 attack them, rook for horse losing (no chase). The red pawn d7 shuts the
/// d-file: d7→c7 gives d5 its root back and shuts the c-file — 车a5×c5 now wins a horse: "造成
/// 其他子能吃子" (24.3), a new chase of c5, made by a pawn's move (26.1). c7→d7 chases d5 the
/// same way. 长捉 of two pieces (24.11), Red must change (24.13, 25.3); Black's elephant is 闲.
#[test]
fn a_pawn_cutting_two_rook_roots_in_turn_chases() {
    let r = cxa_case(
        "2rrkab2/9/3P5/9/R1nn3R1/9/9/9/9/5K3 w - - 0 1",
        "d7c7 g9i7 c7d7 i7g9",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲闲闲闲",
        false,
    );
    names(&r, "rook on a5 attacks the unprotected horse on c5");
    names(&r, "rook on h5 attacks the unprotected horse on d5");
}

/// Control: a black pawn on c6 (its own start point) roots c5 too. Cutting the c-file leaves it
/// rooted: rook for horse loses, d7→c7 is 闲 (the pawn offered to the rook c9: 献). c7→d7 still
/// cuts d5's only root: 捉. 一捉一闲, a draw (24.14, 25.2).
#[test]
fn control_a_cut_that_leaves_a_second_root_is_idle() {
    cxa_case(
        "2rrkab2/9/3P5/2p6/R1nn3R1/9/9/9/9/5K3 w - - 0 1",
        "d7c7 g9i7 c7d7 i7g9",
        Verdict::Draw,
        "闲捉闲捉",
        "闲闲闲闲",
        false,
    );
}

/// The same with cannons on c9 and d9: the red pawn is the *screen* of the cannon d9 onto d5.
/// d7→c7 takes the screen away (d5 loses its root) and gives the cannon c9 one (c5 gains it):
/// 捉 of d5; c7→d7 捉 of c5. 长捉, Red must change (24.11, 24.13, 25.3).
#[test]
fn a_pawn_taking_away_a_cannon_roots_screen_chases() {
    let r = cxa_case(
        "2cckab2/9/3P5/9/R1nn3R1/9/9/9/9/5K3 w - - 0 1",
        "d7c7 g9i7 c7d7 i7g9",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲闲闲闲",
        false,
    );
    names(&r, "unprotected horse on d5");
    names(&r, "unprotected horse on c5");
}

/// Control: a black pawn on c6 roots c5 (and is the cannon c9's screen besides). d7→c7 still
/// takes away d5's only root (捉); c7→d7 gives it back and c5 keeps its pawn: 闲. 一捉一闲, a
/// draw (25.2).
#[test]
fn control_the_cannon_roots_second_root() {
    cxa_case(
        "2cckab2/9/3P5/2p6/R1nn3R1/9/9/9/9/5K3 w - - 0 1",
        "d7c7 g9i7 c7d7 i7g9",
        Verdict::Draw,
        "捉闲捉闲",
        "闲闲闲闲",
        false,
    );
}

/// The black cannons d5 and g5 are rooted by the horses e7 (leg e6) and f7 (leg f6); the red
/// rooks d1 and g1 attack them up their files. The red pawn f6 blocks the horse f7's leg: f6→e6
/// frees it and blocks e7's: 车d1×d5 wins a cannon (24.3, 26.1): 捉; e6→f6 捉 of g5. 长捉, Red
/// must change (24.11, 24.13, 25.3).
#[test]
fn a_pawn_on_two_horse_legs_in_turn_chases() {
    let r = cxa_case(
        "2b1k4/9/4nn3/5P3/3c2c2/9/9/9/3R2R2/5K3 w - - 0 1",
        "f6e6 c9a7 e6f6 a7c9",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲闲闲闲",
        false,
    );
    names(&r, "unprotected cannon on d5");
    names(&r, "unprotected cannon on g5");
}

/// Control: a black rook on d9 roots d5 down the file as well. Blocking e7's leg leaves the
/// rook: 车×d5 车×d5 gives a rook for a cannon, the attacker worth more than the target (24.3,
/// "得子"): f6→e6 is 闲 (拦); e6→f6 still chases g5. 一捉一闲, a draw (25.2).
#[test]
fn control_a_blocked_leg_with_a_rook_root_behind() {
    cxa_case(
        "2brk4/9/4nn3/5P3/3c2c2/9/9/9/3R2R2/5K3 w - - 0 1",
        "f6e6 c9a7 e6f6 a7c9",
        Verdict::Draw,
        "闲捉闲捉",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// 断根: the root pinned.

/// The black cannon d5 is rooted only by the horse e7 (leg e6); the red rook d1 attacks it.
/// h3→e3 puts the rook on the e-file below the horse, the black king on e9 behind it: the horse
/// can no longer leave the file to take back, a false root (24.16), and 车d1×d5 wins — the move
/// chases the cannon d5, not the horse it attacks (rooted by the elephant c9: rook for horse
/// loses). e3→h3 attacks the unrooted cannon h6: 捉. 长捉, Red must change (24.11, 24.13, 25.3).
#[test]
fn a_rook_pinning_the_root_chases_the_piece_it_roots() {
    let r = cxa_case(
        "2b1k1b2/9/4n4/7c1/3c5/9/7R1/9/3R5/5K3 w - - 0 1",
        "h3e3 g9i7 e3h3 i7g9",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲闲闲闲",
        false,
    );
    names(&r, "rook on d1 attacks the falsely protected cannon on d5");
    names(&r, "rook on e3 attacks the protected horse on e7");
}

/// Control: a black advisor on e8 stands between the horse and its king: no pin, the horse
/// takes back, h3→e3 is 跟 (闲). 一捉一闲, a draw (25.2).
#[test]
fn control_no_pin_with_an_advisor_between() {
    cxa_case(
        "2b1k1b2/4a4/4n4/7c1/3c5/9/7R1/9/3R5/5K3 w - - 0 1",
        "h3e3 g9i7 e3h3 i7g9",
        Verdict::Draw,
        "闲捉闲捉",
        "闲闲闲闲",
        false,
    );
}

/// The same root pinned by the facing generals: 帅d0→e0 leaves the horse e7 the only piece
/// between the kings, so it cannot take back on d5 (24.16), and the rook h5's standing attack
/// wins: a general's move after which another piece makes a new chase is 捉 (26.1). e0→d0
/// frees it: 闲. 一捉一闲, a draw (25.2). (The black advisor f9 shuts rank 9 to the rook's
/// checks.)
#[test]
fn the_general_stepping_onto_the_file_pins_the_root() {
    let r = cxa_case(
        "2b1ka3/9/4n4/9/3c3R1/9/9/9/9/3K5 w - - 0 1",
        "d0e0 c9a7 e0d0 a7c9",
        Verdict::Draw,
        "捉闲捉闲",
        "闲闲闲闲",
        false,
    );
    names(&r, "falsely protected cannon on d5");
}

/// Control: a black advisor on e8 between the horse and its king; the general's step pins
/// nothing: 闲闲, a draw.
#[test]
fn control_the_generals_step_with_an_advisor_between() {
    cxa_case(
        "2b1ka3/4a4/4n4/9/3c3R1/9/9/9/9/3K5 w - - 0 1",
        "d0e0 c9a7 e0d0 a7c9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// 断根: a second screen; an overloaded root.

/// The black horse d5 is rooted by the cannon d9 over the advisor d7. The red pawn e6→d6 steps
/// between screen and horse: two pieces between, the cannon cannot take back, and the rook h5
/// wins the horse: 捉 (24.3, 26.1). d6→e6 gives the root back: 闲. A draw (25.2).
#[test]
fn a_pawn_doubling_a_cannon_roots_screen_chases() {
    let r = cxa_case(
        "2bck4/9/3a5/4P4/3n3R1/9/9/9/9/5K3 w - - 0 1",
        "e6d6 c9a7 d6e6 a7c9",
        Verdict::Draw,
        "捉闲捉闲",
        "闲闲闲闲",
        false,
    );
    names(&r, "rook on h5 attacks the unprotected horse on d5");
}

/// Control: a black horse on b6 roots d5 as well (leg c6): the doubled screen leaves a root,
/// rook for horse loses: 闲闲, a draw.
#[test]
fn control_the_doubled_screen_with_a_second_root() {
    cxa_case(
        "2bck4/9/3a5/1n2P4/3n3R1/9/9/9/9/5K3 w - - 0 1",
        "e6d6 c9a7 d6e6 a7c9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

/// The black rook c7 roots both horses c4 (down its file) and f7 (along its rank). The red
/// cannon g4 attacks c4 over the red pawn e4: cannon for horse, even, no chase. g1→f1 adds the
/// rook's attack on f7 (rook for horse loses, alone no chase), but now 炮×c4: if 车c7×c4 the
/// horse f7 has lost its root, 车×f7 — "通过完整互吃交换后吃掉对方子且得子" (24.3), the root too
/// few for what it must guard (少根, 24.15): 捉. f1→g1 闲. A draw (25.2).
#[test]
fn an_overloaded_root_is_too_few() {
    cxa_case(
        "4k1b2/9/2r2n3/9/9/2n1P1C2/9/9/6R2/3K5 w - - 0 1",
        "g1f1 g9i7 f1g1 i7g9",
        Verdict::Draw,
        "捉闲捉闲",
        "闲闲闲闲",
        false,
    );
}

/// Control: a black advisor on e8 roots f7 as well: after 炮×c4 车×c4 车×f7 士×f7 Red is a
/// rook down: g1→f1 is 跟, 闲闲, a draw.
#[test]
fn control_the_overloaded_root_with_help() {
    cxa_case(
        "4k1b2/4a4/2r2n3/9/9/2n1P1C2/9/9/6R2/3K5 w - - 0 1",
        "g1f1 g9i7 f1g1 i7g9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// 暗根: hidden roots, and cutting them.

/// The black cannon f3 looks unrooted, but 车i3×f3 马c4–d2+ forks the red king e0 and the rook
/// on f3: the king steps aside and the horse takes the rook. The cannon is rooted by that
/// hidden root (24.15, "包括暗根"): i7→i3 is 闲. i3→i7 attacks the unrooted horse g7: 捉.
/// 一捉一闲, a draw (25.2).
#[test]
fn a_horse_fork_is_a_hidden_root() {
    let r = cxa_case(
        "3ak4/9/6n2/4p4/9/2n6/5c2R/9/9/4K4 w - - 0 1",
        "i3i7 d9e8 i7i3 e8d9",
        Verdict::Draw,
        "捉闲捉闲",
        "闲闲闲闲",
        false,
    );
    names(&r, "protected by a hidden root cannon on f3");
}

/// Control: a red advisor on e1 covers d2: 马c4–d2+ loses the horse, the cannon f3 is
/// unrooted, both rook moves chase: 长捉, Red must change (24.11, 24.13, 25.3).
#[test]
fn control_the_fork_square_covered() {
    cxa_case(
        "3ak4/9/6n2/4p4/9/2n6/5c2R/9/4A4/4K4 w - - 0 1",
        "i3i7 d9e8 i7i3 e8d9",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲闲闲闲",
        false,
    );
}

/// The hidden root cut: with the rook standing on i3, 仕d0→e1 covers d2, the cannon f3 loses
/// its hidden root and 车×f3 wins it: "造成其他子能吃子" (24.3), 捉 of the cannon; e1→d0 gives
/// the root back: 闲. A draw (25.2).
#[test]
fn covering_the_fork_square_cuts_the_hidden_root() {
    let r = cxa_case(
        "3ak4/9/9/4p4/9/2n6/5c2R/9/9/3AK4 w - - 0 1",
        "d0e1 d9e8 e1d0 e8d9",
        Verdict::Draw,
        "捉闲捉闲",
        "闲闲闲闲",
        false,
    );
    names(&r, "rook on i3 attacks the unprotected cannon on f3");
}

/// A hidden root by a discovered check: 车h2×h5 马e4–g3 uncovers the cannon e8's check over the
/// red advisor e1 and attacks h5 (the pawn g5 bars the rook's way back to the e-file): the rook
/// is lost, the cannon h5 is rooted (24.15). g2→h2 is 闲; h2→g2 attacks an uncrossed pawn,
/// worth nothing (26.7): 闲. A draw (25.2).
#[test]
fn a_discovered_check_is_a_hidden_root() {
    let r = cxa_case(
        "2b1k4/4c4/9/9/6pc1/4n4/9/6R2/4A4/4K4 w - - 0 1",
        "g2h2 c9a7 h2g2 a7c9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
    names(&r, "protected by a hidden root cannon on h5");
}

/// Control: a red pawn on e3 (its own start point) is a second screen: the horse's leaving
/// gives no check, the cannon h5 is unrooted, g2→h2 is 捉. 一捉一闲, a draw (25.2).
#[test]
fn control_no_discovered_check_behind_two_screens() {
    cxa_case(
        "2b1k4/4c4/9/9/6pc1/4n4/4P4/6R2/4A4/4K4 w - - 0 1",
        "g2h2 c9a7 h2g2 a7c9",
        Verdict::Draw,
        "捉闲捉闲",
        "闲闲闲闲",
        false,
    );
}

/// A hidden root by a series of two checks (24.3, "从下一着开始运用将军或连续'将军'得子"):
/// after 车g5×g1, 炮a2–a0+ (over the black pawn c0, which guards d0) drives the red king to e1,
/// and 车a9–a1+ checks along rank 1 with the rook on g1 behind the king: the king steps to e2
/// and the rook is lost. The cannon g1 is rooted (24.15, "包括暗根"): h5→g5 is 闲; g5→h5 闲.
/// A draw (25.2).
#[test]
fn two_checks_are_a_hidden_root() {
    let r = cxa_case(
        "r2aka3/9/9/4p4/7R1/9/9/c8/6c2/2p1K4 w - - 0 1",
        "h5g5 d9e8 g5h5 e8d9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
    names(&r, "protected by a hidden root cannon on g1");
}

/// Control: a red pawn on a3 (its own start point) shuts the a-file: the first check wins
/// nothing, the second cannot be given, the cannon g1 is unrooted: h5→g5 捉. 一捉一闲, a draw.
#[test]
fn control_one_check_alone_wins_nothing() {
    cxa_case(
        "r2aka3/9/9/4p4/7R1/9/P8/c8/6c2/2p1K4 w - - 0 1",
        "h5g5 d9e8 g5h5 e8d9",
        Verdict::Draw,
        "捉闲捉闲",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// 自毙 and 责由自负 (arts. 24.18, 26.2, 26.4): a root that leaves to give check.

/// The black cannon c1 is rooted by the rook a1 along rank 1; the red rook c4 attacks it. The
/// rook leaves its line to check (a1→a0+), and Red's advisor e1→d0 blocks: 车c4×c1 now wins,
/// but "做为根的子，自己离线断根'将军'……造成被保护的子失根被捉，责由自负" (26.4): no chase of
/// the answer's making, 闲 (拦). d0→e1 闲. Black 一将一闲, Red 闲闲: a draw (24.14, 25.2).
#[test]
fn a_root_leaving_to_check_is_its_own_sides_fault() {
    cxa_case(
        "4k4/9/9/4p4/9/2R6/9/9/2c1A4/r3K4 w - - 0 1",
        "e1d0 a0a1 d0e1 a1a0",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}

/// Here the check comes from a rook that roots nothing (a5→a0+), and c1's root is the cannon
/// h1 over the red advisor e1. The advisor's block e1→d0 takes that screen away itself:
/// "走动其他棋子应将后产生新的'捉'……判'捉'" (26.2), a new chase of c1 made by the answer, not
/// by the checker's leaving (26.4 does not apply). d0→e1 闲. Black 一将一闲, Red 一捉一闲: a
/// draw (25.2), Red's natures 捉闲.
///
/// The engine first said 闲 for the block: answering check, it kept only attacks made on the
/// board by the answer and took a standing attack's new chase to be the checker's doing.
#[test]
fn an_answer_to_check_that_cuts_a_root_itself_chases() {
    let r = cxa_case(
        "4k4/9/9/4p4/9/2R6/9/9/2c1A2c1/r3K4 w - - 0 1",
        "e1d0 a0a5 d0e1 a5a0",
        Verdict::Draw,
        "捉闲捉闲",
        "闲将闲将",
        false,
    );
    names(&r, "rook on c4 attacks the unprotected cannon on c1");
}

/// The same with the black pawn f2, unrooted, which the advisor attacks on its way back to e1:
/// Red chases on both moves (c1, then f2), 长捉 of two pieces (24.11); Black's 一将一闲 is
/// allowed: Red must change (24.13, 25.3). The engine first ruled it a draw.
#[test]
fn an_answer_cutting_a_root_then_a_chase_is_perpetual() {
    cxa_case(
        "4k4/9/9/4p4/9/2R6/9/5p3/2c1A2c1/r3K4 w - - 0 1",
        "e1d0 a0a5 d0e1 a5a0",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲将闲将",
        false,
    );
}

/// Control: c1's root is the checking rook itself (a1→a0+), no cannon h1: its leaving is
/// Black's own fault (26.4), the block is 闲, the advisor's return still chases f2. 一捉一闲, a
/// draw (25.2).
#[test]
fn control_the_checking_rook_was_the_root() {
    cxa_case(
        "4k4/9/9/4p4/9/2R6/9/5p3/2c1A4/r3K4 w - - 0 1",
        "e1d0 a0a1 d0e1 a1a0",
        Verdict::Draw,
        "闲捉闲捉",
        "闲将闲将",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// 26.4 "无直接参与且是己方走子造成被捉状态不予考虑": a root that leaves to threaten mate.

/// The black horse c5 is rooted by the rook c9 down the c-file; the red rook h5 attacks it. The
/// rook leaves its line (c9→a9) to threaten 车a0 mate (the black pawn e2 covers e1, the red
/// advisor f0 shuts f0): 杀. 象c4→a2 parries by shutting the a-file; 车h5×c5 now wins and is no
/// longer met by mate, but the horse was laid open by its own side's move and the elephant
/// takes no part in the capture: "无直接参与且是己方走子造成被捉状态不予考虑" (26.4, its first
/// clause; the second names the root that leaves to check, "自己离线断根'将军'"): 闲 (献, the
/// elephant offered to the rook). 象a2→c4 attacks the unrooted crossed pawn e2: 捉. Red
/// 一捉一闲, Black 一杀一闲: both allowed, a draw (24.14, 25.2).
///
/// The engine first ruled the parry 捉 (a mate parried makes a standing capture a chase anew,
/// 参考图35) and Red's play 长捉: Red must change.
#[test]
fn a_root_leaving_to_threaten_mate_is_its_own_sides_fault() {
    let r = cxa_case(
        "r3ka3/4a4/9/9/2n4R1/2B6/9/4p4/9/4KA3 w - - 0 1",
        "c4a2 a9c9 a2c4 c9a9",
        Verdict::Draw,
        "闲捉闲捉",
        "闲杀闲杀",
        false,
    );
    names(&r, "laid open by its own side");
    // The horse is set aside once, not once as a direct attack and again by a line.
    let parry = &r.moves[0];
    let set_aside = parry
        .attacks
        .iter()
        .filter(|at| at.victim == Square::C5)
        .count();
    assert_eq!(set_aside, 1, "{:?}", parry.attacks);
}

/// Control: a black horse on c7 shuts the c-file, so the rook c9 was never c5's root: the horse
/// c5 stood unrooted all along and only the mate made its capture a loss (24.3, "得子后不致立即
/// ……被对方将死"). The parry makes the capture safe, a new chase (参考图35's principle): 捉; with
/// the elephant's chase of e2, 长捉 of two pieces (24.11): Red must change (24.13, 25.3).
#[test]
fn control_a_parry_that_frees_a_standing_capture_chases() {
    cxa_case(
        "r3ka3/4a4/2n6/9/2n4R1/2B6/9/4p4/9/4KA3 w - - 0 1",
        "c4a2 a9c9 a2c4 c9a9",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲杀闲杀",
        false,
    );
}
