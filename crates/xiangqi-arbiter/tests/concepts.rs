//! The CXA 2011 concepts behind a chase, on positions of our own: hidden roots and cutting
//! them (暗根, 断根, art. 24.15), the tied-down capturer (被牵子捉子, art. 26.5), the pawn
//! clause in a forced line (art. 26.7) and the piece a forced line chases (art. 26.9.1). Each
//! expected answer was worked out from the book's wording before the code was run, and each
//! case is checked three ways: as given, mirrored left to right, and with the colours swapped
//! (the book's definitions know no side, so a concept that holds only one way is not built).

use xiangqi::{Move, Position, Square, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{
    Attack, Book, MoveAnalysis, MoveNature, Protection, Reason, RuleSet, analyse,
};

/// One view of a case: its name, the analysis of the move, and where the case's points went.
struct View {
    name: &'static str,
    analysis: MoveAnalysis,
    point: fn(Square) -> Square,
}

impl View {
    /// The attack on the piece that stood on `victim` in the case as given.
    fn attack_on(&self, victim: &str) -> Option<&Attack> {
        let v = (self.point)(victim.parse().expect("a point"));
        self.analysis.attacks.iter().find(|a| a.victim == v)
    }

    /// Asserts that the attack on `victim` is as `expected` says, and whether the move chases.
    fn expect(&self, victim: &str, expected: impl Fn(&Attack) -> bool, chase: bool) {
        assert!(
            self.attack_on(victim).is_some_and(expected),
            "{}: {:?}",
            self.name,
            self.analysis
        );
        self.expect_chase(chase);
    }

    /// Asserts whether the move is a chase (捉).
    fn expect_chase(&self, chase: bool) {
        assert_eq!(
            self.analysis.nature == MoveNature::Chase,
            chase,
            "{}: {:?}",
            self.name,
            self.analysis
        );
        if !chase {
            assert!(
                !self.analysis.attacks.iter().any(Attack::is_chase),
                "{}: {:?}",
                self.name,
                self.analysis
            );
        }
    }
}

fn identity(sq: Square) -> Square {
    sq
}

/// A view's name and its map of points.
type Map = (&'static str, fn(Square) -> Square);

/// The move `mv` (ICCS) in `fen` under CXA 2011, as given, mirrored and colours swapped.
fn views(fen: &str, mv: &str) -> Vec<View> {
    views_in(Book::Cxa2011, fen, mv)
}

/// The move `mv` (ICCS) in `fen` under `book`, as given, mirrored and colours swapped.
fn views_in(book: Book, fen: &str, mv: &str) -> Vec<View> {
    let start: Position = fen
        .parse::<Fen>()
        .expect("a FEN")
        .into_position()
        .expect("a legal position");
    let m = mv
        .parse::<Iccs>()
        .expect("an ICCS move")
        .to_move(&start)
        .expect("a legal move");
    let maps: [Map; 3] = [
        ("as given", identity),
        ("mirrored", Square::flip_horizontal),
        ("colours swapped", Square::rotate),
    ];
    maps.into_iter()
        .map(|(name, point)| {
            let mut setup = start.to_setup();
            if name == "mirrored" {
                setup.board = setup.board.mirror();
            } else if name == "colours swapped" {
                setup.board = setup.board.swap_sides();
                setup.turn = !setup.turn;
            }
            let pos = Position::from_setup(setup).expect("the view is legal");
            let mapped: Move = pos
                .find_move(point(m.from), point(m.to))
                .expect("the mapped move exists");
            let depth = match book {
                Book::Cxa2011 => RuleSet::cxa2011().mate_threat_depth,
                Book::Wxf2018 => RuleSet::wxf2018().mate_threat_depth,
            };
            let analysis = analyse(&pos, mapped, book, depth);
            View {
                name,
                analysis,
                point,
            }
        })
        .collect()
}

/// 暗根 (art. 24.15, "有己方其他棋子（包括暗根）充分保护的棋子"): the rook comes to a5 and looks
/// at the black cannon on e5, which nothing protects on its point. But if the rook takes it,
/// the horse answers 马2进4 (b4–d3) with check and forks the general on e1 and the rook on e5:
/// the rook is lost for a cannon. The cannon has a hidden root, so the rook does not chase it.
#[test]
fn a_hidden_root_protects() {
    for view in views("5k3/9/9/R8/4c4/1n7/9/9/4K4/9 w - - 0 1", "a6a5") {
        let attack = view.attack_on("e5");
        assert!(
            attack.is_some_and(
                |a| a.reason == Reason::HiddenRoot && a.protection == Protection::HiddenRoot
            ),
            "{}: {:?}",
            view.name,
            view.analysis
        );
        assert_ne!(view.analysis.nature, MoveNature::Chase, "{}", view.name);
    }
}

/// 断根: the same rook already on a5, and red's general steps from e1 to e0. Now 马2进4 gives no
/// check, the hidden root is cut, and the rook's standing attack on the cannon becomes a chase
/// made by the general's move (art. 26.1: "走动帅(将)……后其他子产生新的捉，按捉处理").
#[test]
fn cutting_a_hidden_root_chases() {
    for view in views("5k3/9/9/9/R3c4/1n7/9/9/4K4/9 w - - 0 1", "e1e0") {
        view.expect("e5", Attack::is_chase, true);
    }
}

/// 被牵子捉子, 得不偿失 (art. 26.5): the rook that guards the horse on d1 against the black rook
/// comes to d5 and looks at the elephant on g5. Taking it (2) gives up the horse (5): a net
/// loss, so the attack is idle.
#[test]
fn a_tied_capturer_that_would_lose_does_not_chase() {
    for view in views("4k4/9/9/3R5/6b2/9/9/9/3N3r1/5K3 w - - 0 1", "d6d5") {
        view.expect("g5", |a| a.reason == Reason::TiedCapturer, false);
    }
}

/// 被牵子捉子, 价值相当 (art. 26.5: "交换后价值相当或得子者，按捉处理"): the same, but the piece on
/// g5 is a cannon: taking it gives up a horse for a cannon, an even exchange, so it chases.
#[test]
fn a_tied_capturer_with_an_even_exchange_chases() {
    for view in views("4k4/9/9/3R5/6c2/9/9/9/3N3r1/5K3 w - - 0 1", "d6d5") {
        view.expect("g5", Attack::is_chase, true);
    }
}

/// Art. 26.7 (a), "主动送兵(卒)将军换车按捉处理", in a forced line, and art. 26.9.1's victim: the
/// horse comes to b5. Now 兵五进一 (e7–e8) checks, the general must take it, 马七进六 (b5–d6)
/// checks again and forks the rook on c4, which falls. A pawn given with check for a rook: a
/// chase, and the piece chased is the rook (won at the end), not the pawn.
#[test]
fn a_pawn_given_with_check_to_win_a_rook_chases_the_rook() {
    for view in views("3nkn3/9/N3P4/9/9/2r6/9/9/9/5K3 w - - 0 1", "a7b5") {
        let rook_won = |a: &Attack| {
            a.reason == Reason::ForcedGain && a.victim_role == xiangqi::Role::Rook && a.gain > 0
        };
        view.expect("c4", rook_won, true);
    }
}

/// Art. 26.7 (b), "兵（或数兵）与其他一子或数子（包括士象）互换均不算得子": the same line, but
/// the fork wins a cannon. A pawn traded for a cannon wins nothing: no chase.
#[test]
fn a_pawn_traded_for_a_cannon_wins_nothing() {
    for view in views("3nkn3/9/N3P4/9/9/2c6/9/9/9/5K3 w - - 0 1", "a7b5") {
        view.expect_chase(false);
    }
}

/// Art. 26.7 (c), "捉吃未过河的兵(卒)……也不算得子", in a forced line. From a real game (CCPD
/// 世界盃 00000500, move 27, 车八进三): the rook on b6 looks at black's uncrossed pawns on a6
/// and c6; a line of captures would win the c6 pawn. An uncrossed pawn is no gain by any path,
/// so the move chases nothing (it follows the protected pawn: 跟).
#[test]
fn an_uncrossed_pawn_is_no_gain_in_a_forced_line() {
    for view in views(
        "2baka3/9/2nr4b/p1p1p3p/9/2P5P/PR1cP4/2N1BC3/4A4/4KAB2 w - - 0 1",
        "b3b6",
    ) {
        view.expect_chase(false);
    }
}

/// Art. 24.3 and 图5, a piece that could be won before: from a real game (CCPD 象甲联赛
/// 00001060, move 79, 车九平八). On b2 the rook threatens 车八平六 将, and the only answers lose
/// the advisor on e8: 士5进4 blocks and 炮六进七 takes it under the rook's cover (the general
/// may not take back), or the rook blocks and is taken. But from b9 the rook already won that
/// advisor by checks: 车八退一 将, 将4退1, 仕五进六 将 (the advisor makes the cannon's screen),
/// and 士5进4 is taken the same way; 将4平5 instead meets 车八进一 将, and 士5退4 is taken on
/// d9 (the general may not take back on the cannon's file) while 象5退3 loses the elephant and
/// then the advisor (车八平七 将, 士5退4, 炮六进九: four checks, nine plies). The move leaves
/// the same win available as before: idle (图5: "吃士结果没有发生变化"). Searching three checks
/// and six plies, the engine missed the line of four and called the move a chase.
#[test]
fn a_win_of_an_advisor_the_rook_could_win_before_by_four_checks_is_idle() {
    for view in views(
        "1R3a3/3ka4/4b4/9/2b3n2/p8/2r6/B8/4A4/3CKA3 w - - 0 1",
        "b9b2",
    ) {
        view.expect_chase(false);
    }
}

/// Art. 24.3, the control: the same position without red's advisor on e1. From b9 the rook's
/// checks win nothing (no advisor steps in as the cannon's screen), so 车八平六 将, 士5进4,
/// 炮六进七 is a win the move creates: it chases the advisor on e8.
#[test]
fn a_win_of_an_advisor_the_rook_could_not_win_before_chases_it() {
    for view in views("1R3a3/3ka4/4b4/9/2b3n2/p8/2r6/B8/9/3CKA3 w - - 0 1", "b9b2") {
        let advisor =
            |a: &Attack| a.reason == Reason::ForcedGain && a.victim_role == xiangqi::Role::Advisor;
        view.expect("e8", advisor, true);
    }
}

/// WXF 2018 art. 3.1.H and the AXF Appendix draw a line around cutting a root (断根). The
/// black cannon on c9 fires over red's pawn on c7 at red's rook on c5; the rook looks down
/// at the black horse on c3, whose root is that cannon along the same line (were the rook to
/// take, the cannon would take back on c3). The pawn steps aside to b7: the rook is out of
/// fire, and the horse's root is gone with the screen, but as the price of a defence, not as
/// a cut: the rook's attack, standing before, is no new chase. (The rook now sees the cannon,
/// which the elephant on e7 guards: no chase either, WXF rule 17.)
#[test]
fn removing_a_screen_to_escape_a_cannon_cuts_no_root() {
    for view in views_in(
        Book::Wxf2018,
        "2c6/4k4/2P1b4/9/2R6/9/2n6/9/9/3K5 w - - 0 1",
        "c7b7",
    ) {
        view.expect_chase(false);
    }
}

/// The same escape by adding a screen: the red horse comes between the cannon on c9 and its
/// screen on c7 (a black horse, which the cannon now guards), and the rook on c5 is out of
/// fire. The black horse on c3 loses its root along the same line; no chase.
#[test]
fn adding_a_screen_to_escape_a_cannon_cuts_no_root() {
    for view in views_in(
        Book::Wxf2018,
        "2c6/4k4/2n1N4/9/2R6/9/2n6/9/9/5K3 w - - 0 1",
        "e7c8",
    ) {
        view.expect_chase(false);
    }
}

/// The control: the AXF Appendix's cut, made for its own sake. The rook on a3 attacks the
/// black horse on c3 from the side, rooted by the cannon on c9 over red's pawn on c7; the
/// pawn steps aside to b7 with nothing of red's under fire, and the horse is chased.
#[test]
fn a_cut_made_for_its_own_sake_chases() {
    for view in views_in(
        Book::Wxf2018,
        "2c6/4k4/2P1b4/9/9/9/R1n6/9/9/3K5 w - - 0 1",
        "c7b7",
    ) {
        view.expect("c3", |a| a.is_chase(), true);
    }
}

/// CXA 2011 art. 26.10 ("被邀兑方兑子后立即……子力价值受损，邀兑方按捉处理"): the loss that makes
/// an offer a chase is counted on the whole board. Black's cannon comes to f5 and offers itself
/// to red's cannon on b5 over the pawn on e5. Should red take, its cannon leaves the b-file
/// and the black rook on b6 takes the red rook on b1: accepting costs a rook for a cannon, so
/// the offer is 捉 (五羊杯 00000011, 炮8平6, reduced). With a red horse on c3 rooting the cannon
/// instead of the rook behind it, taking costs nothing, and the same move is 兑 (26.11.2: the
/// rook touches a rooted cannon whose root loses nothing; without any root it would be 捉,
/// 26.11.1).
#[test]
fn an_offer_whose_taker_opens_a_line_is_a_chase() {
    let chase = "4ka3/4a4/4b4/1r7/1C2p1p2/5c3/9/9/1R7/4K4 b - - 0 1";
    for view in views(chase, "f4f5") {
        view.expect("b5", |a| a.is_chase(), true);
    }
    let exchange = "4ka3/4a4/4b4/1r7/1C2p1p2/5c3/2N6/9/9/4K4 b - - 0 1";
    for view in views(exchange, "f4f5") {
        assert_eq!(
            view.analysis.nature,
            MoveNature::Exchange,
            "{}: {:?}",
            view.name,
            view.analysis
        );
    }
}
