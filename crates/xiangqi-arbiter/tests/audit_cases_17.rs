mod symmetry;

use symmetry::cxa_case;

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

#[test]
fn a_king_step_uncovering_a_rook_chase_is_a_chase() {
    cxa_case(
        "3akab1r/9/4b4/9/9/9/9/9/R3K2n1/R6n1 w - - 0 1",
        "e1e0 i9i8 e0e1 i8i9",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲闲闲闲",
        false,
    );
}

#[test]
fn b_a_king_attacking_by_itself_is_idle() {
    cxa_case(
        "3k5/9/9/9/9/9/9/5n3/4Kn3/9 w - - 0 1",
        "e1e2 d9d8 e2e1 d8d9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

#[test]
fn c_a_pawn_attacking_by_itself_is_idle() {
    cxa_case(
        "3k5/9/9/2n1Pn3/9/9/9/9/9/4K4 w - - 0 1",
        "e6d6 d9d8 d6e6 d8d9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

#[test]
fn d_a_pawn_screening_a_cannon_chases() {
    cxa_case(
        "3nn4/5k3/9/4P4/9/9/3CC4/9/9/4K4 w - - 0 1",
        "e6d6 f8f7 d6e6 f7f8",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲闲闲闲",
        false,
    );
}

#[test]
fn e_a_king_answering_check_and_attacking_is_idle() {
    cxa_case(
        "3k5/9/9/9/9/9/9/5n3/r3K4/9 w - - 0 1",
        "e1e2 a1a3 e2e1 a3a1",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}

#[test]
fn f_a_horse_answering_check_and_uncovering_a_rook_chase_chases() {
    cxa_case(
        "3k5/9/9/9/9/9/9/1nN5R/9/r3K4 w - - 0 1",
        "c2d0 a0a5 d0c2 a5a0",
        Verdict::Draw,
        "捉闲捉闲",
        "闲将闲将",
        false,
    );
}

#[test]
fn g_a_lone_rook_attacking_unrooted_elephants_is_idle() {
    cxa_case(
        "1r1k5/9/b7b/4n4/9/R8/9/9/9/5K3 w - - 0 1",
        "a4i4 b9b8 i4a4 b8b9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

#[test]
fn h_a_second_attacker_far_away_makes_the_rook_chase() {
    cxa_case(
        "1r1k5/9/b7b/4n4/9/R8/9/9/9/5K1N1 w - - 0 1",
        "a4i4 b9b8 i4a4 b8b9",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲闲闲闲",
        false,
    );
}
