//! Team events (团体赛): CXA 2011 arts. 11, 12.2, 12.3, 13.2, 14.5–14.8; WXF 2018 arts. 9.3, 9.4,
//! 10.4, 10.5.
//!
//! A team registers its players in board order by rating (11.1); with reserves (11.2) any of
//! them may play, but never out of the registered order; with a temporary order (11.3) the team
//! chooses any order per match. The first-listed team has red on odd boards (12.2, 12.3).

use serde::{Deserialize, Serialize};

use crate::{
    scoring::{ScoringScheme, match_points},
    tiebreak::{Competitor, Encounter, Field},
    types::{Color, GameResult, Outcome, Player, Points},
};

/// How a team's players take their boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardRule {
    /// 分台定人制 (CXA 11.1): the registered players, in registered order, every match.
    Fixed,
    /// 分台换人制 (CXA 11.2): any of the registered players, reserves included, in registered
    /// order.
    OrderKept,
    /// 临时定台制 (CXA 11.3): any of them, in any order chosen before the match.
    Temporary,
}

/// A team: its players in registered board order (boards first, then reserves).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Team name (单位).
    pub name: String,
    /// Players in registered order.
    pub players: Vec<Player>,
    /// Number of boards per match.
    pub boards: usize,
}

/// Why a line-up is not allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    /// Wrong number of players for the boards.
    #[error("a line-up needs {boards} players, got {got}")]
    WrongSize {
        /// Boards per match.
        boards: usize,
        /// Players given.
        got: usize,
    },
    /// A registered position that does not exist.
    #[error("player {0} is not registered for this team")]
    NotRegistered(usize),
    /// The same player on two boards.
    #[error("player {0} appears twice in the line-up")]
    Twice(usize),
    /// Registered order broken (CXA 11.2: "台次顺序不能前后颠倒").
    #[error("player {later} cannot play above player {earlier}: the registered order must be kept")]
    OrderBroken {
        /// The player placed higher.
        later: usize,
        /// The player placed lower.
        earlier: usize,
    },
    /// Under 11.1 only the registered board players play.
    #[error("fixed boards: the line-up must be players 1 to {0} in order")]
    NotFixed(usize),
}

impl Team {
    /// Orders players by rating, highest first, unrated last (CXA 11.1).
    #[must_use]
    pub fn registered_by_rating(
        name: impl Into<String>,
        mut players: Vec<Player>,
        boards: usize,
    ) -> Team {
        players.sort_by_key(|p| std::cmp::Reverse(p.rating.map_or(-1, i32::from)));
        Team {
            name: name.into(),
            players,
            boards,
        }
    }

    /// Checks a line-up given as 1-based registered positions, board 1 first.
    ///
    /// # Errors
    /// The first rule of CXA 11.1–11.3 the line-up breaks.
    pub fn validate(&self, rule: BoardRule, lineup: &[usize]) -> Result<(), LineupError> {
        validate_lineup(rule, self.boards, self.players.len(), lineup)
    }
}

/// Checks a line-up of `boards` players chosen from `registered` (1-based positions).
///
/// # Errors
/// The first rule of CXA 11.1–11.3 the line-up breaks.
pub fn validate_lineup(
    rule: BoardRule,
    boards: usize,
    registered: usize,
    lineup: &[usize],
) -> Result<(), LineupError> {
    if lineup.len() != boards {
        return Err(LineupError::WrongSize {
            boards,
            got: lineup.len(),
        });
    }
    let mut seen = vec![false; registered + 1];
    for &p in lineup {
        if p == 0 || p > registered {
            return Err(LineupError::NotRegistered(p));
        }
        if std::mem::replace(&mut seen[p], true) {
            return Err(LineupError::Twice(p));
        }
    }
    match rule {
        BoardRule::Temporary => Ok(()),
        BoardRule::OrderKept => match lineup.windows(2).find(|w| w[0] > w[1]) {
            Some(w) => Err(LineupError::OrderBroken {
                later: w[1],
                earlier: w[0],
            }),
            None => Ok(()),
        },
        BoardRule::Fixed => {
            if lineup.iter().enumerate().all(|(k, &p)| p == k + 1) {
                Ok(())
            } else {
                Err(LineupError::NotFixed(boards))
            }
        }
    }
}

/// The first registered position (1-based) that breaks CXA 11.1's order: a player rated
/// above the one before, or a rated player after an unrated one ("无等级分者排在有等级棋手的
/// 后面"). Equal ratings may stand in either order. `None` when the order is kept.
#[must_use]
pub fn rating_order_broken(players: &[Player]) -> Option<usize> {
    let key = |p: &Player| p.rating.map_or(-1, i32::from);
    players
        .windows(2)
        .position(|w| key(&w[1]) > key(&w[0]))
        .map(|k| k + 2)
}

/// A board order drawn by lot (临时定台制 "抽签确定本队队员的出场台次", CXA 11.3): the given
/// registered positions, sorted and then shuffled by a lot from `seed`, board 1 first. The
/// same players and seed always give the same order.
#[must_use]
pub fn lineup_by_lot(players: &[usize], seed: u64) -> Vec<usize> {
    let mut order = players.to_vec();
    order.sort_unstable();
    crate::lot::Lot::new(seed).shuffle(&mut order);
    order
}

/// Every legal line-up under CXA 11.2 for `boards` boards and `reserves` reserves: the
/// C(boards + reserves, boards) increasing selections (4 + 2 → 15, as the article counts).
#[must_use]
pub fn legal_lineups(boards: usize, reserves: usize) -> Vec<Vec<usize>> {
    fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for p in start..=n {
            if n - p + 1 < k - cur.len() {
                break;
            }
            cur.push(p);
            go(p + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(1, boards + reserves, boards, &mut Vec::new(), &mut out);
    out
}

/// The colour on `board` (1-based) of the team listed first in the pairing: red on odd boards,
/// black on even ones (CXA 12.2, 12.3). The other team has the other colour.
#[must_use]
pub fn first_team_color(board: u32) -> Color {
    if board % 2 == 1 {
        Color::Red
    } else {
        Color::Black
    }
}

/// One team match seen from one team: per board its player's outcome, in board order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamMatch {
    /// Round.
    pub round: u32,
    /// Index of the opposing team in the field.
    pub opponent: usize,
    /// Whether this team was listed first (red on odd boards).
    pub listed_first: bool,
    /// This team's outcome on each board, board 1 first.
    pub boards: Vec<Outcome>,
}

impl TeamMatch {
    /// Scores the match: 局分 from the games under `scoring`, 场分 2/1/0 from comparing them
    /// (CXA 13.2; WXF 9.3). The opponent's 局分 uses the mirror outcomes and colours.
    #[must_use]
    pub fn encounter(&self, scoring: &ScoringScheme) -> Encounter {
        let mut tally = MatchTally::default();
        for (k, &o) in self.boards.iter().enumerate() {
            let mut color = first_team_color(k as u32 + 1);
            if !self.listed_first {
                color = color.other();
            }
            let mirror = match o {
                Outcome::Win => Outcome::Loss,
                Outcome::Loss => Outcome::Win,
                Outcome::ForfeitWin | Outcome::Bye => Outcome::ForfeitLoss,
                Outcome::ForfeitLoss => Outcome::ForfeitWin,
                Outcome::Draw => Outcome::Draw,
            };
            tally.game(scoring, (o, mirror), color, k == 0);
        }
        tally.encounter(self.round, self.opponent)
    }
}

/// What one team's games of a match add up to: its 局分 and the opponent's, its board 1's
/// points, its wins, its games and wins with black (CXA 13.2, 14.5, 14.6; WXF 9.3, 10.4, 10.5).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct MatchTally {
    own: Points,
    theirs: Points,
    first_board: Points,
    wins: u32,
    black_games: u32,
    black_wins: u32,
}

impl MatchTally {
    /// One game: this team's outcome and the opponent's, this team's colour, and whether it
    /// was played on this team's board 1.
    pub(crate) fn game(
        &mut self,
        scoring: &ScoringScheme,
        (mine, theirs): (Outcome, Outcome),
        color: Color,
        first_board: bool,
    ) {
        let p = scoring.points(mine, Some(color));
        self.own += p;
        self.theirs += scoring.points(theirs, Some(color.other()));
        if first_board {
            self.first_board += p;
        }
        self.wins += u32::from(mine.is_win());
        if color == Color::Black && mine.is_played() {
            self.black_games += 1;
            self.black_wins += u32::from(mine == Outcome::Win);
        }
    }

    /// The match as one encounter: 场分 2/1/0 by comparing the 局分 (CXA 13.2; WXF 9.3).
    pub(crate) fn encounter(self, round: u32, opponent: usize) -> Encounter {
        let (outcome, points) = match_points(self.own, self.theirs);
        Encounter {
            round,
            opponent: Some(opponent),
            outcome,
            color: None,
            points,
            game_points: self.own,
            game_wins: self.wins,
            black_games: self.black_games,
            black_wins: self.black_wins,
            first_board: self.first_board,
        }
    }
}

/// One team match as the arbiter records it: the first-listed team (red on odd boards, CXA
/// 12.2), the second, and each board's game result, board 1 first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatchRecord {
    /// Round.
    pub round: u32,
    /// Index of the first-listed team.
    pub first: usize,
    /// Index of the second team.
    pub second: usize,
    /// Each board's result as played (red and black as 12.2 assigns them).
    pub boards: Vec<GameResult>,
}

/// The field of a team event for the tie-breaks: per team, one encounter per match with 场分,
/// 局分, wins, black games and board-1 points (CXA 13.2, 14.5, 14.6; WXF 9.3, 10.4, 10.5).
/// Rank it with [`crate::tiebreak::standings`] and the book order for
/// [`crate::tiebreak::EventKind::TeamRoundRobin`] or `TeamSwiss`. Records naming a team
/// `>= teams` are skipped.
#[must_use]
pub fn team_field(teams: usize, matches: &[TeamMatchRecord], scoring: &ScoringScheme) -> Field {
    let mut field = Field {
        competitors: (0..teams)
            .map(|t| Competitor {
                start_number: t as u32 + 1,
                ..Competitor::default()
            })
            .collect(),
        rounds: 0,
    };
    for m in matches {
        if m.first >= teams || m.second >= teams || m.first == m.second {
            continue;
        }
        field.rounds = field.rounds.max(m.round);
        for (me, opponent, listed_first) in [(m.first, m.second, true), (m.second, m.first, false)]
        {
            let boards = m
                .boards
                .iter()
                .enumerate()
                .map(|(k, r)| {
                    let c = first_team_color(k as u32 + 1);
                    r.outcome_for(if listed_first { c } else { c.other() })
                })
                .collect();
            let tm = TeamMatch {
                round: m.round,
                opponent,
                listed_first,
                boards,
            };
            field.competitors[me].encounters.push(tm.encounter(scoring));
        }
    }
    field
}

/// 全队轮赛制 (CXA 11.4): every player of one team plays every player of the other. Both teams
/// list `n` players; round r (0-based) pairs A's board i with B's player (i + r) mod n. The
/// book names no colours: A's player i has red against B's player j when i + j is even, so
/// with n even every player alternates colours round by round, and with n odd nobody has
/// more than one colour more often than the other. Returns per round `(a_player, b_player,
/// a_color)` with 1-based positions.
#[must_use]
pub fn all_play_all(n: usize) -> Vec<Vec<(usize, usize, Color)>> {
    (0..n)
        .map(|r| {
            (0..n)
                .map(|i| {
                    let j = (i + r) % n;
                    let c = if (i + j) % 2 == 0 {
                        Color::Red
                    } else {
                        Color::Black
                    };
                    (i + 1, j + 1, c)
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        tiebreak::{EventKind, TieBreak, book_order, standings},
        types::Book,
    };

    #[test]
    fn lineups_match_team_lineups_json() {
        let text = crate::swiss::testdata::read("team_lineups.json");
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let all = json["lineups"].as_object().unwrap();
        assert!(all.contains_key("4+2"));
        for (key, v) in all {
            let (b, r) = key.split_once('+').unwrap();
            let (b, r): (usize, usize) = (b.parse().unwrap(), r.parse().unwrap());
            let want: Vec<Vec<usize>> = serde_json::from_value(v["lineups"].clone()).unwrap();
            let got = legal_lineups(b, r);
            assert_eq!(got.len() as u64, v["count"].as_u64().unwrap(), "{key}");
            assert_eq!(got, want, "{key}");
            for l in &got {
                assert_eq!(validate_lineup(BoardRule::OrderKept, b, b + r, l), Ok(()));
            }
        }
        // CXA 11.2's own example: 4 boards + 2 reserves = 15 orders.
        assert_eq!(legal_lineups(4, 2).len(), 15);
    }

    #[test]
    fn lineup_rules() {
        use BoardRule::*;
        assert_eq!(validate_lineup(OrderKept, 4, 6, &[1, 2, 3, 5]), Ok(()));
        assert_eq!(
            validate_lineup(OrderKept, 4, 6, &[1, 3, 2, 5]),
            Err(LineupError::OrderBroken {
                later: 2,
                earlier: 3
            })
        );
        assert_eq!(validate_lineup(Temporary, 4, 6, &[1, 3, 2, 5]), Ok(()));
        assert_eq!(
            validate_lineup(Fixed, 4, 6, &[1, 2, 3, 5]),
            Err(LineupError::NotFixed(4))
        );
        assert_eq!(validate_lineup(Fixed, 4, 4, &[1, 2, 3, 4]), Ok(()));
        assert_eq!(
            validate_lineup(OrderKept, 4, 6, &[1, 2, 3]),
            Err(LineupError::WrongSize { boards: 4, got: 3 })
        );
        assert_eq!(
            validate_lineup(OrderKept, 2, 6, &[1, 7]),
            Err(LineupError::NotRegistered(7))
        );
        assert_eq!(
            validate_lineup(Temporary, 2, 6, &[3, 3]),
            Err(LineupError::Twice(3))
        );
    }

    #[test]
    fn registration_by_rating() {
        let mut a = Player::named("a");
        a.rating = Some(2000);
        let b = Player::named("b");
        let mut c = Player::named("c");
        c.rating = Some(2400);
        let t = Team::registered_by_rating("t", vec![a, b, c], 2);
        let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["c", "a", "b"]);
        assert!(t.validate(BoardRule::OrderKept, &[1, 3]).is_ok());
    }

    #[test]
    fn first_listed_team_red_on_odd_boards() {
        // CXA 12.2.
        assert_eq!(first_team_color(1), Color::Red);
        assert_eq!(first_team_color(2), Color::Black);
        assert_eq!(first_team_color(3), Color::Red);
    }

    #[test]
    fn team_match_scores_match_and_game_points() {
        use Outcome::*;
        // CXA 13.2: win, draw, loss, win → 局分 2+1+0+2 = 5 : 3 → 场分 2.
        let m = TeamMatch {
            round: 1,
            opponent: 1,
            listed_first: true,
            boards: vec![Win, Draw, Loss, Win],
        };
        let e = m.encounter(&ScoringScheme::CXA);
        assert_eq!(e.game_points, Points::whole(5));
        assert_eq!(e.points, Points::whole(2));
        assert_eq!(e.game_wins, 2);
        assert_eq!(e.first_board, Points::whole(2));
        // Boards 2 and 4 are black for the first-listed team: one draw, one win.
        assert_eq!((e.black_games, e.black_wins), (2, 1));
    }

    #[test]
    fn team_round_robin_ranked_by_game_points_then_first_board() {
        use GameResult::*;
        // Three teams of two boards; every team wins one match: 场分 2 each.
        // A–B: A wins board 1 (red), board 2 drawn → A 3:1.
        // B–C: B wins both (board 2 as black) → B 4:0.
        // C–A: C wins board 1, board 2 drawn → C 3:1.
        let m = |round, first, second, boards: Vec<GameResult>| TeamMatchRecord {
            round,
            first,
            second,
            boards,
        };
        let matches = [
            m(1, 0, 1, vec![RedWins, Draw]),
            m(2, 1, 2, vec![RedWins, BlackWins]),
            m(3, 2, 0, vec![RedWins, Draw]),
        ];
        let f = team_field(3, &matches, &ScoringScheme::CXA);
        assert!(f.competitors.iter().all(|c| c.score() == Points::whole(2)));
        let gp: Vec<Points> = f.competitors.iter().map(Competitor::game_points).collect();
        assert_eq!(gp, [Points::whole(4), Points::whole(5), Points::whole(3)]);
        // CXA 14.5 and WXF 10.4 both start with 全队总局分: B, A, C.
        for rules in [Book::Cxa2011, Book::Wxf2018] {
            let s = standings(&f, &book_order(rules, EventKind::TeamRoundRobin));
            let order: Vec<usize> = s.iter().map(|x| x.competitor).collect();
            assert_eq!(order, [1, 0, 2], "{rules:?}");
        }
        // 第一台总分 (WXF 10.4 F): A won board 1 once (2) and lost it once (0) → 2.
        let b1 = TieBreak::FirstBoard.value(&f, 0, &[0]);
        assert_eq!(b1.as_points(), Some(Points::whole(2)));
        // 胜场 / 胜局: B won 1 match and 2 games.
        assert_eq!(TieBreak::MatchWins.value(&f, 1, &[1]).text(), "1");
        assert_eq!(TieBreak::Wins.value(&f, 1, &[1]).text(), "2");
        // Bad indices are skipped, not a panic.
        let f = team_field(2, &[m(1, 0, 5, vec![Draw])], &ScoringScheme::CXA);
        assert!(f.competitors.iter().all(|c| c.encounters.is_empty()));
    }

    #[test]
    fn all_play_all_colours_are_balanced_for_every_player() {
        // CXA 11.4 names no colours; ours: reds and blacks differ by at most one for every
        // player of both teams, and by none when the teams are even.
        for n in 1..9 {
            let mut reds = vec![[0i32; 2]; n];
            for r in all_play_all(n) {
                for (a, b, c) in r {
                    let red = i32::from(c == Color::Red);
                    reds[a - 1][0] += red;
                    reds[b - 1][1] += 1 - red;
                }
            }
            for (p, r) in reds.iter().enumerate() {
                for &x in r {
                    let blacks = n as i32 - x;
                    assert!((x - blacks).abs() <= i32::from(n % 2 == 1), "{n} {p} {r:?}");
                }
            }
        }
    }

    #[test]
    fn cxa_11_1_order_by_rating_unrated_last() {
        let p = |r: Option<u16>| Player {
            rating: r,
            ..Player::named("x")
        };
        // 2400, 2400, 2100, unrated: kept (equal ratings either way).
        assert_eq!(
            rating_order_broken(&[p(Some(2400)), p(Some(2400)), p(Some(2100)), p(None)]),
            None
        );
        // 2100 above 2400: position 2 breaks it.
        assert_eq!(
            rating_order_broken(&[p(Some(2100)), p(Some(2400))]),
            Some(2)
        );
        // A rated player after an unrated one: position 3.
        assert_eq!(
            rating_order_broken(&[p(Some(2100)), p(None), p(Some(1800))]),
            Some(3)
        );
    }

    #[test]
    fn cxa_11_3_lineup_by_lot_is_a_seeded_order_of_the_players() {
        let drawn = lineup_by_lot(&[5, 1, 3, 2], 7);
        let mut sorted = drawn.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3, 5]);
        assert_eq!(
            lineup_by_lot(&[2, 3, 1, 5], 7),
            drawn,
            "same players, same seed"
        );
        let orders: std::collections::HashSet<Vec<usize>> =
            (0..40).map(|s| lineup_by_lot(&[1, 2, 3, 5], s)).collect();
        assert!(orders.len() > 10, "the lot varies with the seed");
    }

    #[test]
    fn all_play_all_meets_everyone_once() {
        // CXA 11.4.
        for n in 1..7 {
            let rounds = all_play_all(n);
            let mut met = std::collections::HashSet::new();
            for r in &rounds {
                let bs: std::collections::HashSet<usize> = r.iter().map(|x| x.1).collect();
                assert_eq!(bs.len(), n);
                for x in r {
                    assert!(met.insert((x.0, x.1)));
                }
            }
            assert_eq!(met.len(), n * n);
        }
    }
}
