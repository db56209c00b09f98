//! A twentieth audit of the repetition rulings (棋例), CXA 2011 arts. 24–26, on real master games:
//! the corpus's threefold repetitions (`corpus/derived/ccpd_iccs.tsv`, ruled by
//! `rule_cases corpus/derived/ccpd_iccs.tsv cxa 1 list`), fourteen rulings drawn at random
//! (python `random.Random(35)`: eight among the verdicts must-change and loses, six among the
//! draws, one ruling a game), each reviewed by hand as an arbiter would: the board of the judged
//! cycle drawn, each move's nature and the verdict written from the book's text before the
//! engine's explanation was read, every capture the engine calls a chase tried on a board (an
//! independent move generator with a checks-then-captures search, not the engine's).
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.2 杀: "凡走子企图下一着将军或连续将军以将死对方者称'杀'".
//! - 24.3 捉: "凡走子后所走动子能直接吃子或造成其他子能吃子、与其他子联合吃子、从下一着开始运用将军
//!   或连续'将军'得子、通过完整互吃交换后吃掉对方子且得子 … 称为'捉'".
//! - 24.8: "兑、献、拦、跟，均属于'闲'范畴"; 24.13 禁止着法 (长将, 长杀, 长捉, 一将一捉, …);
//!   24.14 the rest allowed.
//! - 25.1 长将 is never allowed (23.5.1: it loses at once); 25.2 both allowed: draw; 25.3 one
//!   forbidden, the other allowed: the former changes.
//! - 26.1: "走动帅(将)、兵(卒)后与其他子配合同时产生'捉'或走动后其他子产生新的'捉'，按'捉'处理".
//! - 26.2: "走动帅(将)应将而产生的'捉'、'杀'按'闲'处理；走动其他棋子应将后产生新的'捉'或'杀'，判
//!   '捉'或'杀'".
//! - 26.9.1: "凡单方长杀、一将一杀、长捉车、长捉无根子、一将(杀)一捉车(无根子)、一捉车一捉无根子，
//!   均须变着"; 26.9.4: "除上述情况外，双方不变作和" (both sides on the list: a draw).
//! - 26.10: a same-type offer the offered side may take first without loss is 兑.
//!
//! | # | game (ccpd_big5_pgn/對局/大師對局/以賽事分類/…) | cycle | natures, ours | engine | verdict |
//! |---|---|---|---|---|---|
//! | 1248 | 象甲聯賽/00000123 move 32 | 车 c6↔c5 on the cannon e5/e6 | Black 捉×4 (cannon unrooted); Red 闲 | same (Red 拦) | Black must change: agree |
//! | 781 | 五羊杯/00001180 move 34 | 车 b5↔a5, 炮 b4↔a4 | Black 捉×4: the rook on an open file makes 马g1's discovered checks win the rook d2; Red 拦 | same | Black must change: agree |
//! | 1571 | 象甲聯賽/00000650 move 68 | 车 a6↔b6 on the cannon b9/a9 | Black 捉×4; Red 闲 | same | Black must change: agree |
//! | 314 | 世界盃/00001051 move 51 | 车 c1↔c0 checking the king f0/f1 | Black 将×4; Red 闲 (king evasions, 26.2) | same | Black loses: agree |
//! | 798 | 五羊杯/00001297 move 51 | 车 a7↔b7 on the cannon b9/a9 | Black 捉×4; Red 闲 | same | Black must change: agree |
//! | 1785 | 象甲聯賽/00001227 move 82 | 车 f3↔d3 on the horse d5/f4 | Red 捉×4 (horse unrooted); Black 捉闲 | same | Red must change: agree |
//! | 359 | 世界盃/00001336 move 59 | 车 f0↔f1 checking the king e1/e0 | Black 将×4 (the rook rooted over the pawn f4 by the cannon f8); Red 闲 | same | Black loses: agree |
//! | 631 | 五羊杯/00000773 move 88 | 炮 d4↔e4 checking the king e0/d0 | Black 将×4; Red 闲 | same | Black loses: agree |
//! | 449 | 五羊杯/00000329 move 48 | 马 c6↔a5, 马 a6↔c7 | Red 捉闲 (the horse unmasks the rook g6 on the horse a6); Black 捉闲 (the horse takes the screen from the cannon a9 that roots a5) | same | draw: agree |
//! | 1605 | 象甲聯賽/00000721 move 14 | 车 b4↔d4, 马 d6↔b5 | Red 捉闲; Black 捉兑 (b5→d6 opens rook to rook, Red may take first: 26.10) | same | draw: agree |
//! | 1198 | 五羊杯/00002240 move 30 | 炮 e5↔e3, 车 d6↔d3 | Black 闲×4; Red 捉闲 | same (Red 跟) | draw: agree |
//! | 1033 | 五羊杯/00001932 move 37 | 车 c3↔b3 (and c3↔h3), 卒 c4↔d4 | Red 杀×4 (炮c2×c9 is mate); Black 捉×4 (each pawn move parries and opens a line of checks winning a rook) | same | draw by 26.9.4: agree |
//! | 1285 | 象甲聯賽/00000178 move 69 | 将 e9↔f9, 炮 a9↔a8 | all 闲 (车e3×e2 stands before and after) | same | draw: agree |
//! | 1686 | 象甲聯賽/00001022 move 28 | 炮 h9↔h7, 车 g9↔g7 | Red 捉将 (一将一捉 无根子); Black 捉×4 (长捉 无根子, the last answering check, 26.2) | same | draw by 26.9.4: agree |
//!
//! No disagreement survived the second look. One first reading of ours was wrong: in 五羊杯
//! 00001932 we first took Red's rook moves for chases of the unrooted elephant c9 and Black's
//! pawn moves for idle; on the board, 炮c2×c9 is mate (the advisor d9 is the screen onto the
//! king, whose every flight square is its own), so Red's moves are 杀, and each pawn move, though
//! it parries the mate, opens a line of checks that wins a rook (c4→d4: 车f4–e4 check with the
//! cannon e5 behind it, then 车e4–h4 discovering the cannon's check, 车×h6; d4→c4: 炮e5–c5
//! discovering the cannon e8's check and standing over the pawn c4 on the rook c3), which it
//! could not before: 捉. Both sides are on 26.9.1's list, so neither is singled out: a draw.
//!
//! Below, the most instructive of these rulings, as cycles from the position that starts them
//! (each played twice, the colours swapped and mirrored too by `symmetry::cxa_case`), then two
//! concepts of these games in small positions of our own (no engine defect was found, so these
//! guard what the engine already rules right):
//!
//! | test | concept | book: natures, verdict | engine |
//! |---|---|---|---|
//! | horse leaving a cannon screen | 断根 each way (24.3 "造成其他子能吃子") | Black 捉×4, must change | agrees |
//! | control: rook root | the root needs no screen | Black 捉闲, draw | agrees |
//! | control: second root | both horses stay rooted | all 闲, draw | agrees |
//! | pawn parrying a mate | 长杀 against a pawn's own attack (26.1) | Red 杀×4, Black 闲: Red must change | agrees |
//! | pawn 抽吃 after a check | 26.8 "兵(卒)借其他子抽吃 … 按'闲'处理" | the same | agrees |
//! | pawn screening a cannon | 26.1 "走动兵(卒)后 … 其他子产生新的'捉'" | Red 杀×4, Black 捉闲: Red must change | agrees |

mod symmetry;

use symmetry::cxa_case;

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

/// 五羊杯 00001180, move 34. Black's rook b5→a5 (or a5→b5) takes nothing, but on the open file it
/// turns 马g1–e0 (discovering 炮h1's check over the advisor e1) into a win of the rook d2: if the
/// advisor steps aside, 马e0×d2; if the king steps to d0, 车a0 (or 车b0) mates. With the rook on
/// the file the red cannon has just closed, 马g1 wins only the elephant e2. "从下一着开始运用将军
/// 或连续将军得子" (24.3): 捉, of a rook, every move; Red's cannon shuttles to close the file (拦,
/// 闲). Black 长捉, Red allowed: Black must change (25.3, 26.9.1).
#[test]
fn wuyang_1180_a_rook_on_the_open_file_makes_the_horse_check_win_a_rook() {
    cxa_case(
        "2baka3/9/4b4/4p3p/1r7/1CPC5/4P3P/3RB1N2/2cKA1nc1/5AB2 b - - 0 1",
        "b5a5 b4a4 a5b5 a4b4",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

/// 五羊杯 00000329, move 48. 马c6→a5 unmasks the rook g6 on the unrooted horse a6: 捉. 马a6→c7
/// takes the screen from under the cannon a9, which rooted the red horse a5 against the rook c5:
/// now 车×a5 wins a horse that it could not before (rook for horse before): 捉 (24.3, "造成其他
/// 子能吃子"). The horses' way back (a5→c6, c7→a6) attacks only the elephant e7, rooted by its
/// king: 闲. Each side 一捉一闲, allowed: a draw (25.2).
#[test]
fn wuyang_329_discovered_chases_on_both_sides_each_with_an_idle_move() {
    cxa_case(
        "C1b6/4kc3/4b4/n1N3R2/2r5p/3p5/4P3P/4B4/4A4/3AK4 w - - 0 1",
        "c6a5 a6c7 a5c6 c7a6",
        Verdict::Draw,
        "捉闲捉闲",
        "捉闲捉闲",
        false,
    );
}

/// 五羊杯 00001932, move 37. 车c3→b3 unmasks the cannon c2 over the pawn c4: 炮×c9 is mate (the
/// advisor d9 screens the king, which cannot move): 杀. 卒c4→d4 parries, and with the pawn on d4
/// 车f4–e4 checks (the cannon e5 behind it), then 车e4–h4 discovers the cannon's check and takes
/// the rook h6: 捉 (24.3, a series of checks wins a rook). 车b3→c3 is the screen for the same mate:
/// 杀. 卒d4→c4 parries again and gives the cannon e5 a screen onto c3: 炮e5–c5 discovers the
/// cannon e8's check and wins the rook: 捉 (26.1: a pawn move that lets another piece make a new
/// chase). Red 长杀, Black 长捉 of rooks: both on 26.9.1's list, a draw (26.9.4).
#[test]
fn wuyang_1932_perpetual_mate_threat_against_pawn_moves_that_chase_rooks() {
    cxa_case(
        "2baka3/4c4/8b/p3P2Rp/4c1P2/2p2r3/P1R5P/2C6/9/2BAKA3 w - - 0 1",
        "c3b3 c4d4 b3c3 d4c4",
        Verdict::Draw,
        "杀杀杀杀",
        "捉捉捉捉",
        true,
    );
}

/// 象甲聯賽 00001022, move 28. 炮h9→h7 stands over the cannon f7 on the unrooted elephant e7: 捉.
/// 车g9→g7 attacks the unrooted cannon h7: 捉. 炮h7→h9 checks over the advisor f9: 将. 车g7→g9
/// answers the check and attacks the cannon h9 anew: 捉 (26.2, "走动其他棋子应将后产生新的'捉' …
/// 判'捉'"). Red 一将一捉 (无根子), Black 长捉 (无根子): both on 26.9.1's list, a draw (26.9.4).
#[test]
fn xiangjia_1022_check_and_chase_against_a_chase_that_answers_the_check() {
    cxa_case(
        "4karC1/4a4/2n1bc3/p3pR3/2p3p2/9/P1P1P1P1P/2N1B2C1/4A1r2/2BAK1N2 w - - 0 1",
        "h9h7 g9g7 h7h9 g7g9",
        Verdict::Draw,
        "捉将捉将",
        "捉捉捉捉",
        true,
    );
}

/// 象甲聯賽 00001227, move 82. The red rook f3→d3 attacks the unrooted horse d5, d3→f3 the
/// unrooted horse on f4: 捉 each (长捉 of one piece, 24.11). The horse d5→f4 attacks the unrooted
/// rook d3: 捉; f4→d5 attacks nothing: 闲. Red forbidden, Black allowed: Red must change (25.3).
#[test]
fn xiangjia_1227_a_rook_chasing_a_horse_that_strikes_back_once() {
    cxa_case(
        "2b1k4/4a4/4ba3/r8/3n5/9/5R3/9/5N3/3AK4 w - - 0 1",
        "f3d3 d5f4 d3f3 f4d5",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "捉闲捉闲",
        false,
    );
}

/// 象甲聯賽 00000178, move 69. The black rook e3 attacks the unguarded elephant e2 all along,
/// but what taking it wins turns with the king's shuttle. With the king on f9, 车e3×e2 is met
/// by 车e6×i6, picking off the uncrossed pawn safely: 1 net. With the king on e9 the same
/// pick-off lets 车e2×e5 take the crossed pawn, and Red does better to leave i6: 2 net. So
/// 将f9–e9 makes the capture win more than it could before (24.3, and 26.1 for a general's
/// move that lets another piece chase anew; the issue's concept 4: the same piece "with the
/// same result" only is 闲): 捉; 将e9–f9 and the cannon's a9↔a8 闲. Black 一捉一闲, allowed; a
/// draw (25.2). Checked apart from the arbiter by a crude pyffish material search: 1 before
/// the step, 2 after.
///
/// First written all 闲, when the ledger counted the i6 pawn, picked off between 车×e2 and
/// 车×e5, as traded for the pawn on e5 (no gain at all); it counts as a pawn since the pawn
/// clause was mended (`audit_cases_41`, CXA 2011 art. 26.7 (b)).
#[test]
fn xiangjia_178_a_standing_attack_that_wins_more_is_a_chase_of_the_kings_step() {
    cxa_case(
        "C3k4/4a4/5a3/p3R3p/4P4/9/P3r3P/4B4/3KA4/c1B6 b - - 0 1",
        "e9f9 a9a8 f9e9 a8a9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲捉闲捉",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// The concept of 五羊杯 00000329 in positions of our own: a piece that steps off the point where
// it was the screen of an enemy cannon takes the root from the piece that cannon guarded (断根),
// and the capture its side's rook could not make with profit before the move it can make now:
// "造成其他子能吃子" (24.3). Each rook stands on the i-file, the red king behind two advisors
// and an elephant, so no line of checks is open (no 杀, no forced line). Expectations written
// from the book before the engine was run; checked first on an independent board.

/// Black's horse shuttles a6↔c7. On a6 it is the screen over which the red cannon a9 roots the
/// horse a5 (against the rook i5); on c7 it is the screen over which the cannon c9 roots the
/// horse c3 (against the rook i3). a6→c7 unroots a5: 车i5×a5 now wins a horse (before, rook for
/// horse): 捉. c7→a6 unroots c3 the same way: 捉. 长捉 of one piece or several (24.11: "一子或
/// 数子"), both unrooted; Red's king shuffles (闲): Black must change (25.3, 26.9.1).
#[test]
fn own_a_horse_leaving_a_cannon_screen_unroots_a_horse_each_way() {
    cxa_case(
        "C1C6/5k3/9/n8/N7r/9/2N5r/4B4/9/3AKA3 b - - 0 1",
        "a6c7 e0e1 c7a6 e1e0",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

/// Control: the horse c3 is rooted by a red rook c0 instead of a cannon (no screen on the
/// c-file). a6→c7 still unroots a5: 捉; c7→a6 takes no root from anything (c3 stays rooted,
/// rook for horse loses): 闲. Black 一捉一闲, allowed: a draw (25.2).
#[test]
fn own_control_a_rook_root_needs_no_screen() {
    cxa_case(
        "C8/5k3/9/n8/N7r/9/2N5r/4B4/9/2RAKA3 b - - 0 1",
        "a6c7 e0e1 c7a6 e1e0",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

/// Control: both horses also rooted by red rooks a0 and c0, so taking away a cannon's screen
/// leaves each still rooted: every horse move 闲, a draw (25.2).
#[test]
fn own_control_a_second_root_keeps_both_horses_guarded() {
    cxa_case(
        "C1C6/5k3/9/n8/N7r/9/2N5r/4B4/9/R1RAKA3 b - - 0 1",
        "a6c7 e0e1 c7a6 e1e0",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// The concept of 五羊杯 00001932 in positions of our own: a rook shuttling c3↔b3 keeps a mate
// over the cannon c2 (炮×c9, the advisor d9 the screen, the king e9 walled in by its advisors
// and its cannon e8) always one move away, and a crossed black pawn shuttling c4↔d4 parries it
// each time. Whether the parry is 闲 or 捉 decides nothing here (Red's 长杀 is forbidden either
// way and Black keeps an idle move), but each case isolates one clause on the parrying pawn.

/// The pawn's moves only parry: c4→d4 takes the screen away, d4→c4 doubles it. On c4 the pawn
/// attacks the rook c3, but that is the pawn's own attack (26.1: only what it lets *other*
/// pieces take is 捉), and taking the rook would make the pawn the screen of the same mate.
/// Red 长杀 (24.10, 24.13), Black 闲: Red must change (25.3).
#[test]
fn own_a_pawn_parrying_a_perpetual_mate_threat_is_idle() {
    cxa_case(
        "2baka3/4c4/9/9/9/2p6/2R6/2C6/9/5K3 w - - 0 1",
        "c3b3 c4d4 b3c3 d4c4",
        Verdict::MustChange(Color::Red),
        "杀杀杀杀",
        "闲闲闲闲",
        false,
    );
}

/// The same with the red king on e0, under the black cannon e8: after d4→c4 the elephant c9→e7
/// would check over itself (炮e8), and whatever Red answers the pawn then takes the rook c3
/// (the mate on c9 is gone with the elephant). That is a pawn winning by another piece's check:
/// "兵(卒)借其他子抽吃对方的子，按'闲'处理" (26.8). Black still 闲: Red must change (25.3).
#[test]
fn own_a_pawn_winning_the_rook_after_another_pieces_check_is_idle() {
    cxa_case(
        "2baka3/4c4/9/9/9/2p6/2R6/2C6/9/4K4 w - - 0 1",
        "c3b3 c4d4 b3c3 d4c4",
        Verdict::MustChange(Color::Red),
        "杀杀杀杀",
        "闲闲闲闲",
        false,
    );
}

/// The same as the first with a black cannon d7 and an unrooted red horse d2: on d4 the pawn is
/// the cannon's screen onto the horse, so c4→d4 is 捉 ("走动兵(卒)后 … 其他子产生新的'捉'，按'捉'
/// 处理", 26.1); d4→c4 takes the screen away again: 闲. Black 一捉一闲, allowed; Red 长杀: Red
/// must change (25.3).
#[test]
fn own_a_pawn_parrying_mate_that_screens_a_cannon_onto_a_horse_chases() {
    cxa_case(
        "2baka3/4c4/3c5/9/9/2p6/2R6/2CN5/9/5K3 w - - 0 1",
        "c3b3 c4d4 b3c3 d4c4",
        Verdict::MustChange(Color::Red),
        "杀杀杀杀",
        "捉闲捉闲",
        false,
    );
}
