//! Knockout (淘汰制): CXA 2011 arts. 10.4 and 12.4; WXF 2018 art. 10.1.
//!
//! - Brackets follow the standard seed order (1-16-8-9-4-13-…): seed s meets seed
//!   (slots + 1 − s) in round 1 and the top two can meet only in the final (WXF 10.1: seeds in
//!   different parts of the draw "避免初复赛即碰头"). With fewer entrants than slots, the
//!   missing seeds are byes, so the byes go to the top seeds.
//! - Matches of one game, two games or best of three. Colours: drawn by lot for the first game,
//!   then alternated (CXA 12.4).
//! - A tie after the match goes to a play-off of rapid games (WXF 10.1 加赛快棋), then to a lot
//!   (the popular rules' "加赛一局或以抽签方式分出胜负").
//! - The popular summary's procedure of drawing each round from numbered cards with one bye card
//!   is [`draw_round`].
//!
//! - Swiss then knockout (CXA 10.5): rank the Swiss, take the top k and seed them with
//!   [`seeded_bracket`].
//!
//! Double elimination is [`crate::double_elimination`]. A knockout as events of a
//! [`crate::tournament::Tournament`] is `Format::Knockout`, paired by
//! [`crate::tournament::Tournament::pair_knockout`]; its bracket ([`KnockoutMatch`]) is a
//! projection of the rounds.

use serde::{Deserialize, Serialize};

use crate::{
    lot::Lot,
    types::{Color, Outcome, PlayerId},
};

/// The bracket line order for `slots` (a power of two ≥ 2): seeds from top to bottom.
///
/// Built by doubling: each seed s of the half-size order is followed by its round-1 opponent
/// `2·size + 1 − s`. Returns `None` if `slots` is not a power of two ≥ 2.
#[must_use]
pub fn seed_order(slots: u32) -> Option<Vec<u32>> {
    if slots < 2 || !slots.is_power_of_two() {
        return None;
    }
    let mut order = vec![1u32];
    while (order.len() as u32) < slots {
        let size = order.len() as u32 * 2;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    Some(order)
}

/// One line of the first round: two seeds, or a seed and a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstRoundLine {
    /// Seed `.0` meets seed `.1`.
    Match(u32, u32),
    /// Seed `.0` goes through without playing.
    Bye(u32),
}

/// The first round for `entrants` seeded players (seed 1 strongest): a bracket of the next
/// power of two, missing seeds being byes for the top seeds. Empty for fewer than 2.
#[must_use]
pub fn first_round(entrants: u32) -> Vec<FirstRoundLine> {
    if entrants < 2 {
        return Vec::new();
    }
    let slots = entrants.next_power_of_two();
    let order = seed_order(slots).unwrap_or_default();
    order
        .chunks(2)
        .map(|pair| match (pair[0] <= entrants, pair[1] <= entrants) {
            (true, true) => FirstRoundLine::Match(pair[0], pair[1]),
            (true, false) => FirstRoundLine::Bye(pair[0]),
            _ => FirstRoundLine::Bye(pair[1]),
        })
        .collect()
}

/// The first round of a knockout for players already ranked (seed 1 first), e.g. the top of a
/// Swiss (积分晋圈淘汰制, CXA 10.5) or of seeded groups (CXA 10.2): `(player, opponent)` per
/// bracket line, `None` for a bye.
#[must_use]
pub fn seeded_bracket(ranked: &[PlayerId]) -> Vec<(PlayerId, Option<PlayerId>)> {
    let seed = |s: u32| ranked.get(s as usize - 1).copied();
    first_round(ranked.len() as u32)
        .into_iter()
        .filter_map(|line| match line {
            FirstRoundLine::Match(a, b) => Some((seed(a)?, seed(b))),
            FirstRoundLine::Bye(a) => Some((seed(a)?, None)),
        })
        .collect()
}

/// One game of a knockout match, from the first-listed player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchGame {
    /// Tournament round of the game.
    pub round: u32,
    /// Board in that round.
    pub board: u32,
    /// The colour of the match's first-listed player.
    pub first_color: Color,
    /// The first-listed player's outcome; `None` while the result is pending.
    pub outcome: Option<Outcome>,
    /// Whether this is a play-off (rapid) game after a level match (WXF 10.1).
    pub playoff: bool,
    /// Both players absent (CXA 20.2 双方均判负): both lose, so neither goes through.
    pub double_forfeit: bool,
}

/// How a knockout match was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Not decided yet.
    Open,
    /// A bye: no opponent in the bracket line (CXA 10.4: byes to the top seeds).
    Bye,
    /// On the games of the match.
    Games,
    /// On play-off games (WXF 10.1 加赛快棋).
    Playoff,
    /// By lot after a level play-off.
    Lot,
    /// The opponent withdrew or was expelled (CXA 19, 18.3), or neither goes through after
    /// both withdrew or both were absent (CXA 20.2).
    Walkover,
}

/// One line of a bracket round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockoutMatch {
    /// The first-listed player (the better seed in round 1); `None` for a line left empty.
    pub first: Option<PlayerId>,
    /// The second-listed player; `None` for a bye.
    pub second: Option<PlayerId>,
    /// The games so far, play-offs included.
    pub games: Vec<MatchGame>,
    /// Who goes through, once decided.
    pub winner: Option<PlayerId>,
    /// How it was decided.
    pub decision: Decision,
}

impl KnockoutMatch {
    pub(crate) fn new(first: Option<PlayerId>, second: Option<PlayerId>) -> KnockoutMatch {
        KnockoutMatch {
            first,
            second,
            games: Vec::new(),
            winner: None,
            decision: Decision::Open,
        }
    }
}

/// The places a knockout plays for beyond the final: its placing matches (附加赛, CXA 2011
/// art. 10.4: "适当安排预选赛、附加赛", with appendix 4's 附加赛秩序表).
///
/// Placing matches are played in the same game rounds as the bracket round they follow, so
/// they add no rounds: the third-place match beside the final, the matches for places 5–8
/// beside the semi-finals, and so on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Placings {
    /// None: the losers of a bracket round share its places (the semi-finals' losers are
    /// third equal).
    #[default]
    None,
    /// The third-place match between the semi-finals' losers.
    Third,
    /// Every place: the losers of each bracket round play on among themselves for the places
    /// that round decides, as the winners do for the places above.
    All,
}

impl Placings {
    /// Whether the losers of a group of `lines` matches playing for places from `top` play on.
    #[must_use]
    pub fn losers_play_on(self, top: u32, lines: u32) -> bool {
        match self {
            Placings::None => false,
            Placings::Third => top == 1 && lines == 2,
            Placings::All => lines >= 2,
        }
    }
}

/// A round of placing matches (附加赛): the places at stake and its lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacingRound {
    /// The bracket round these matches are played beside (1 = the first bracket round).
    pub bracket_round: u32,
    /// The best place at stake.
    pub first_place: u32,
    /// The worst place at stake.
    pub last_place: u32,
    /// The matches.
    pub lines: Vec<KnockoutMatch>,
}

/// Where a player finished in a knockout: a place, or a range shared by the losers of one
/// bracket round who play no placing matches (CXA 10.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockoutPlace {
    /// The player.
    pub player: PlayerId,
    /// The place, or the best of a shared range.
    pub place: u32,
    /// The worst place of a shared range (`place` when not shared).
    pub down_to: u32,
}

/// How many games a knockout match has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchFormat {
    /// 一局制.
    OneGame,
    /// 两局制: two games, colours swapped (CXA 12.4).
    TwoGames,
    /// 三局两胜制: first to two wins, up to three games.
    BestOfThree,
}

impl MatchFormat {
    /// The most games the match can last.
    #[must_use]
    pub fn max_games(self) -> usize {
        match self {
            MatchFormat::OneGame => 1,
            MatchFormat::TwoGames => 2,
            MatchFormat::BestOfThree => 3,
        }
    }
}

/// The colours of the first-listed player for each game: the first drawn by lot from `seed`,
/// then alternating (CXA 12.4: "第一局抽签确定先后手，第二局换先").
#[must_use]
pub fn colours(seed: u64, games: usize) -> Vec<Color> {
    let first = if Lot::new(seed).coin() {
        Color::Red
    } else {
        Color::Black
    };
    (0..games)
        .map(|k| if k % 2 == 0 { first } else { first.other() })
        .collect()
}

/// Where a knockout match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchState {
    /// More games of the match are to be played.
    Playing,
    /// The match is level after all its games: play-off needed.
    Tied,
    /// The first-listed player (`true`) or the second won.
    Won {
        /// Whether the first-listed player won.
        first: bool,
    },
}

/// Scores a match from the first-listed player's game outcomes.
#[must_use]
pub fn match_state(format: MatchFormat, games: &[Outcome]) -> MatchState {
    let mine: i64 = games.iter().map(|o| o.halves()).sum();
    let theirs: i64 = games.iter().map(|o| 2 - o.halves()).sum();
    let left = format.max_games().saturating_sub(games.len()) as i64;
    // Decided when the trailing side cannot catch up even by winning every game left.
    if mine > theirs + 2 * left {
        MatchState::Won { first: true }
    } else if theirs > mine + 2 * left {
        MatchState::Won { first: false }
    } else if left == 0 {
        MatchState::Tied
    } else {
        MatchState::Playing
    }
}

/// Settles a tied match: play-off rapid games (first-listed player's outcomes) decide if they
/// are not level, otherwise a lot drawn from `seed`. Returns whether the first-listed won.
#[must_use]
pub fn playoff(rapid: &[Outcome], seed: u64) -> bool {
    let mine: i64 = rapid.iter().map(|o| o.halves()).sum();
    let theirs: i64 = rapid.iter().map(|o| 2 - o.halves()).sum();
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => Lot::new(seed).coin(),
    }
}

/// One round drawn by lot from numbered cards with one bye card when the number is odd
/// (popular rules, 分组抽签规则): pairs `(red, black)` and the player with the bye.
#[must_use]
pub fn draw_round(
    players: &[PlayerId],
    seed: u64,
) -> (Vec<(PlayerId, PlayerId)>, Option<PlayerId>) {
    let mut cards = players.to_vec();
    let mut lot = Lot::new(seed);
    lot.shuffle(&mut cards);
    let bye = if cards.len() % 2 == 1 {
        cards.pop()
    } else {
        None
    };
    let pairs = cards
        .chunks(2)
        .map(|p| {
            if lot.coin() {
                (p[0], p[1])
            } else {
                (p[1], p[0])
            }
        })
        .collect();
    (pairs, bye)
}

/// Advances a round of a bracket: winners of the lines in order, pairing neighbours.
#[must_use]
pub fn next_round(winners: &[u32]) -> Vec<FirstRoundLine> {
    winners
        .chunks(2)
        .map(|p| match p {
            [a, b] => FirstRoundLine::Match(*a, *b),
            [a] => FirstRoundLine::Bye(*a),
            _ => FirstRoundLine::Bye(0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_order_matches_knockout_seed_order_json() {
        let text = crate::swiss::testdata::read("knockout_seed_order.json");
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let brackets = json["brackets"].as_object().unwrap();
        assert!(brackets.len() >= 6);
        for (slots, order) in brackets {
            let want: Vec<u32> = order
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as u32)
                .collect();
            assert_eq!(
                seed_order(slots.parse().unwrap()).unwrap(),
                want,
                "{slots} slots"
            );
        }
        assert_eq!(seed_order(6), None);
    }

    #[test]
    fn byes_go_to_top_seeds() {
        // 6 entrants in 8 slots: seeds 1 and 2 have byes (7 and 8 missing).
        let r = first_round(6);
        assert_eq!(
            r,
            [
                FirstRoundLine::Bye(1),
                FirstRoundLine::Match(4, 5),
                FirstRoundLine::Bye(2),
                FirstRoundLine::Match(3, 6),
            ]
        );
        let byes = first_round(13)
            .iter()
            .filter(|l| matches!(l, FirstRoundLine::Bye(_)))
            .count();
        assert_eq!(byes, 3);
    }

    #[test]
    fn top_two_seeds_meet_only_in_the_final() {
        // Play every bracket out with the better seed winning.
        for n in 2..=40u32 {
            let mut lines = first_round(n);
            while lines.len() > 1 {
                let winners: Vec<u32> = lines
                    .iter()
                    .map(|l| match *l {
                        FirstRoundLine::Match(a, b) => a.min(b),
                        FirstRoundLine::Bye(a) => a,
                    })
                    .collect();
                assert!(!lines.contains(&FirstRoundLine::Match(1, 2)));
                lines = next_round(&winners);
            }
            assert_eq!(lines, [FirstRoundLine::Match(1, 2)], "{n} entrants");
        }
    }

    #[test]
    fn swiss_top_eight_into_a_bracket() {
        // CXA 10.5: the Swiss order 7, 3, 1, … seeds the knockout.
        let ranked: Vec<PlayerId> = [7, 3, 1, 9, 2, 5]
            .iter()
            .filter_map(|&n| PlayerId::new(n))
            .collect();
        let b = seeded_bracket(&ranked);
        let id = |n| PlayerId::new(n).unwrap();
        assert_eq!(b[0], (id(7), None));
        assert_eq!(b[1], (id(9), Some(id(2))));
        assert_eq!(b[2], (id(3), None));
        assert_eq!(b[3], (id(1), Some(id(5))));
    }

    #[test]
    fn match_formats() {
        use Outcome::*;
        assert_eq!(
            match_state(MatchFormat::OneGame, &[Win]),
            MatchState::Won { first: true }
        );
        assert_eq!(match_state(MatchFormat::OneGame, &[Draw]), MatchState::Tied);
        assert_eq!(
            match_state(MatchFormat::TwoGames, &[Win]),
            MatchState::Playing
        );
        assert_eq!(
            match_state(MatchFormat::TwoGames, &[Win, Loss]),
            MatchState::Tied
        );
        assert_eq!(
            match_state(MatchFormat::TwoGames, &[Win, Draw]),
            MatchState::Won { first: true }
        );
        // Best of three: two wins end it early.
        assert_eq!(
            match_state(MatchFormat::BestOfThree, &[Loss, Loss]),
            MatchState::Won { first: false }
        );
        assert_eq!(
            match_state(MatchFormat::BestOfThree, &[Win, Loss]),
            MatchState::Playing
        );
        assert_eq!(
            match_state(MatchFormat::BestOfThree, &[Win, Loss, Draw]),
            MatchState::Tied
        );
    }

    #[test]
    fn colours_alternate_after_the_draw() {
        for seed in 0..20 {
            let c = colours(seed, 3);
            assert_eq!(c[1], c[0].other());
            assert_eq!(c[2], c[0]);
        }
        let reds = (0..200).filter(|&s| colours(s, 1)[0] == Color::Red).count();
        assert!((60..140).contains(&reds), "the lot is fair-ish: {reds}");
    }

    #[test]
    fn playoff_then_lot() {
        use Outcome::*;
        assert!(playoff(&[Win, Draw], 0));
        assert!(!playoff(&[Loss, Draw], 0));
        // Level play-off: the lot decides, reproducibly.
        assert_eq!(playoff(&[Draw, Draw], 42), playoff(&[Draw, Draw], 42));
    }

    #[test]
    fn card_draw_gives_one_bye_for_odd_numbers() {
        let players: Vec<PlayerId> = (1..=7).filter_map(PlayerId::new).collect();
        let (pairs, bye) = draw_round(&players, 9);
        assert_eq!(pairs.len(), 3);
        let mut all: Vec<u32> = pairs.iter().flat_map(|p| [p.0.get(), p.1.get()]).collect();
        all.extend(bye.map(PlayerId::get));
        all.sort_unstable();
        assert_eq!(all, (1..=7).collect::<Vec<_>>());
        assert_eq!(draw_round(&players, 9), (pairs, bye));
        assert_eq!(draw_round(&players[..6], 9).1, None);
    }
}
