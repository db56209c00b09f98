//! The rating report (等级分) of one event: what each player's Elo rating becomes from the
//! games the event played.
//!
//! Neither book gives a formula: CXA 2011 arts. 10.2 and 11.1 and WXF 2018 use the latest
//! published rating (最新等级分) only as an input, for seeding and board order. The formula here
//! is Arpad Elo's (*The Rating of Chessplayers, Past and Present*, 1978), in the form of the FIDE
//! Rating Regulations (effective 1 July 2017, arts. 8.1–8.3):
//!
//! - the expected score of a player rated `R` against one rated `Ro` is the logistic curve
//!   `E = 1 / (1 + 10^(−D/400))` with `D = R − Ro`;
//! - with the 400-point rule on (FIDE 8.3.1, [`RatingRules::difference_cap`]), a difference of
//!   more than 400 counts as 400;
//! - the change is `K × Σ(S − E)` over the player's games against rated opponents, where `S`
//!   is 1, ½ or 0, and the new rating is the old one plus the change, rounded to a whole point;
//! - an unrated player (no [`crate::Player::rating`]) gets a performance rating once they have
//!   played [`RatingRules::performance_after`] games against rated opponents: the opponents'
//!   average plus `400 × log10(p / (1 − p))` for the score fraction `p`, the inverse of the
//!   same curve, held to ±800 (the ends of FIDE's conversion table 8.1, reached at 100 % and 0 %).
//!
//! **K factor.** The CXA's rating regulations (中国象棋协会等级分管理办法) are not among the
//! rulebooks this project implements; what is known of their practice is that K depends on the
//! games a player has played and on their level. The default [`KTable`] has that shape and
//! takes its numbers from FIDE 8.3.3, the best-documented table of that shape: K = 40 until a
//! player has 30 rated games, 20 while rated under 2400, 10 from 2400. The table is data: an
//! organiser sets their own ([`crate::tournament::Event::RatingRulesSet`], or a JSON file for
//! the CLI), as a federation's regulations require.
//!
//! Only games played over the board are rated: forfeits, byes and double forfeits are not
//! games (FIDE 8.2.1 rates played games only; CXA 20.3 scores a forfeit but nobody played).
//! A game against an unrated opponent does not move a rated player's rating (the opponent has
//! no rating to compare with). A player who withdrew keeps their played games rated even if the
//! standings cancel them (CXA 19.2 cancels scores for the standings, not the games themselves).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::types::{GameResult, Player, PlayerId};

/// One line of a [`KTable`]: the K factor of the players it matches. A condition left out
/// matches everyone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KBand {
    /// Matches a player with fewer rated games than this before the event (a new player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_below: Option<u32>,
    /// Matches a player rated below this before the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_below: Option<u16>,
    /// The K factor.
    pub k: u32,
}

impl KBand {
    fn matches(self, rating: u16, games: Option<u32>) -> bool {
        let new = self
            .games_below
            .is_none_or(|n| games.is_some_and(|g| g < n));
        let level = self.rating_below.is_none_or(|r| rating < r);
        new && level
    }
}

/// The organiser's K table: bands tried in order, the first that matches gives K, and the
/// last matches everyone, so every rated player has a K.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<KBand>", into = "Vec<KBand>")]
pub struct KTable(Vec<KBand>);

impl KTable {
    /// A table from its bands.
    ///
    /// # Errors
    /// No band, a last band with a condition (a player could have no K), or a K of 0 or over
    /// 100 (no federation uses one; a typo would swing every rating).
    pub fn new(bands: Vec<KBand>) -> Result<KTable, RatingError> {
        let Some(last) = bands.last() else {
            return Err(RatingError::KTable("the table has no band".into()));
        };
        if last.games_below.is_some() || last.rating_below.is_some() {
            return Err(RatingError::KTable(
                "the last band must match every player (no games_below, no rating_below)".into(),
            ));
        }
        if let Some(b) = bands.iter().find(|b| !(1..=100).contains(&b.k)) {
            return Err(RatingError::KTable(format!(
                "K must be 1 to 100, not {}",
                b.k
            )));
        }
        Ok(KTable(bands))
    }

    /// The bands in order.
    #[must_use]
    pub fn bands(&self) -> &[KBand] {
        &self.0
    }

    /// The K factor of a player rated `rating` with `games` rated games before the event
    /// (`None`: not known, so no new-player band applies).
    #[must_use]
    pub fn k(&self, rating: u16, games: Option<u32>) -> u32 {
        self.0
            .iter()
            .find(|b| b.matches(rating, games))
            .map_or(0, |b| b.k)
    }
}

impl Default for KTable {
    /// K by games played and level, in FIDE 8.3.3's numbers: 40 for fewer than 30 games, 20
    /// below 2400, 10 from 2400 (see the module docs for why).
    fn default() -> KTable {
        KTable(vec![
            KBand {
                games_below: Some(30),
                rating_below: None,
                k: 40,
            },
            KBand {
                games_below: None,
                rating_below: Some(2400),
                k: 20,
            },
            KBand {
                games_below: None,
                rating_below: None,
                k: 10,
            },
        ])
    }
}

impl TryFrom<Vec<KBand>> for KTable {
    type Error = RatingError;
    fn try_from(bands: Vec<KBand>) -> Result<KTable, RatingError> {
        KTable::new(bands)
    }
}

impl From<KTable> for Vec<KBand> {
    fn from(t: KTable) -> Vec<KBand> {
        t.0
    }
}

/// How an event's ratings are computed: the organiser's settings, with FIDE's as defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingRules {
    /// The K table.
    #[serde(default)]
    pub k_table: KTable,
    /// The largest rating difference counted (FIDE 8.3.1: 400); `None` counts every
    /// difference in full.
    #[serde(default = "fide_cap")]
    pub difference_cap: Option<u16>,
    /// Games against rated opponents an unrated player needs for a performance rating
    /// (FIDE's first rating asks 5).
    #[serde(default = "five")]
    pub performance_after: u32,
    /// Rated games each player had before the event, by start number, for the K table's
    /// new-player band; a player not listed is taken as established.
    #[serde(default)]
    pub prior_games: BTreeMap<u32, u32>,
}

fn fide_cap() -> Option<u16> {
    Some(400)
}

fn five() -> u32 {
    5
}

impl Default for RatingRules {
    fn default() -> RatingRules {
        RatingRules {
            k_table: KTable::default(),
            difference_cap: fide_cap(),
            performance_after: five(),
            prior_games: BTreeMap::new(),
        }
    }
}

impl RatingRules {
    /// Reads rules from JSON; absent fields take the defaults.
    ///
    /// # Errors
    /// Not JSON of this shape, or a [`KTable`] that [`KTable::new`] refuses.
    pub fn from_json(text: &str) -> Result<RatingRules, RatingError> {
        let rules: RatingRules =
            serde_json::from_str(text).map_err(|e| RatingError::Json(e.to_string()))?;
        rules.check()?;
        Ok(rules)
    }

    /// Checks what serde cannot: a performance needs at least one game.
    ///
    /// # Errors
    /// `performance_after` is 0.
    pub fn check(&self) -> Result<(), RatingError> {
        if self.performance_after == 0 {
            return Err(RatingError::Json(
                "performance_after must be at least 1".into(),
            ));
        }
        Ok(())
    }

    /// The expected score (0 to 1) of a player rated `rating` against one rated `opponent`:
    /// the logistic curve, the difference held to [`RatingRules::difference_cap`] (FIDE 8.1.2,
    /// 8.3.1).
    #[must_use]
    pub fn expected(&self, rating: u16, opponent: u16) -> f64 {
        let mut d = f64::from(rating) - f64::from(opponent);
        if let Some(cap) = self.difference_cap {
            d = d.clamp(-f64::from(cap), f64::from(cap));
        }
        1.0 / (1.0 + 10f64.powf(-d / 400.0))
    }
}

/// Why rating rules could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    /// A K table no player could be rated by.
    #[error("invalid K table: {0}")]
    KTable(String),
    /// Not rating rules.
    #[error("invalid rating rules: {0}")]
    Json(String),
}

/// The largest performance difference from the opponents' average: FIDE's conversion table (8.1) ends at
/// ±800 for a score of 100 % or 0 %.
const PERFORMANCE_SPREAD: f64 = 800.0;

/// The rating difference that the curve turns into score fraction `p`, held to ±800.
#[must_use]
pub fn performance_difference(p: f64) -> f64 {
    if p >= 1.0 {
        return PERFORMANCE_SPREAD;
    }
    if p <= 0.0 {
        return -PERFORMANCE_SPREAD;
    }
    (400.0 * (p / (1.0 - p)).log10()).clamp(-PERFORMANCE_SPREAD, PERFORMANCE_SPREAD)
}

/// One player's line of the report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatingLine {
    /// Start number.
    pub player: PlayerId,
    /// Name.
    pub name: String,
    /// Rating before the event; `None` for an unrated player.
    pub rating: Option<u16>,
    /// Rated games: played over the board against a rated opponent.
    pub games: u32,
    /// Points in those games, a win 1 and a draw ½.
    pub score: f64,
    /// Expected points in those games (rated players only; 0 for the unrated).
    pub expected: f64,
    /// The K factor from the table (rated players only).
    pub k: Option<u32>,
    /// `K × (score − expected)`, unrounded (rated players only).
    pub change: Option<f64>,
    /// The performance rating: the opponents' average plus the curve's difference for the
    /// score; for an unrated player only once they have enough games.
    pub performance: Option<i32>,
    /// The rating after the event: the old one plus the change, rounded; for an unrated
    /// player the performance once they have enough games.
    pub new_rating: Option<i32>,
}

/// An event's rating report: a line per player in start-number order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatingReport {
    /// The rules it was computed by.
    pub rules: RatingRules,
    /// A line per player.
    pub lines: Vec<RatingLine>,
}

impl RatingReport {
    /// The report of an event's `players` (in start-number order) and its `results` (red's
    /// and black's start numbers and the result of each game, a forfeit or a bye included:
    /// only games played over the board are rated) under `rules`.
    #[must_use]
    pub fn new(
        players: &[Player],
        results: impl IntoIterator<Item = (PlayerId, PlayerId, GameResult)>,
        rules: &RatingRules,
    ) -> RatingReport {
        // (opponent's rating, own score) of each rated game, per player.
        let mut games: Vec<Vec<(u16, f64)>> = vec![Vec::new(); players.len()];
        for (red, black, result) in results {
            if !result.is_played() {
                continue;
            }
            let (red, black) = (red.index(), black.index());
            let (Some(pr), Some(pb)) = (players.get(red), players.get(black)) else {
                continue;
            };
            let red_score = result.outcome_for(crate::Color::Red).halves() as f64 / 2.0;
            if let Some(rb) = pb.rating {
                games[red].push((rb, red_score));
            }
            if let Some(rr) = pr.rating {
                games[black].push((rr, 1.0 - red_score));
            }
        }
        let lines = players
            .iter()
            .zip(games)
            .enumerate()
            .map(|(i, (p, played))| {
                let n = played.len() as u32;
                let score: f64 = played.iter().map(|&(_, s)| s).sum();
                let performance = (n > 0).then(|| {
                    let average =
                        played.iter().map(|&(r, _)| f64::from(r)).sum::<f64>() / f64::from(n);
                    (average + performance_difference(score / f64::from(n))).round() as i32
                });
                let id = PlayerId::from_index(i);
                match p.rating {
                    Some(r) => {
                        let expected: f64 = played.iter().map(|&(o, _)| rules.expected(r, o)).sum();
                        let k = rules
                            .k_table
                            .k(r, rules.prior_games.get(&id.get()).copied());
                        let change = f64::from(k) * (score - expected);
                        RatingLine {
                            player: id,
                            name: p.name.clone(),
                            rating: Some(r),
                            games: n,
                            score,
                            expected,
                            k: Some(k),
                            change: Some(change),
                            performance,
                            new_rating: Some((f64::from(r) + change).round() as i32),
                        }
                    }
                    None => {
                        let enough = n >= rules.performance_after;
                        RatingLine {
                            player: id,
                            name: p.name.clone(),
                            rating: None,
                            games: n,
                            score,
                            expected: 0.0,
                            k: None,
                            change: None,
                            performance: performance.filter(|_| enough),
                            new_rating: performance.filter(|_| enough),
                        }
                    }
                }
            })
            .collect();
        RatingReport {
            rules: rules.clone(),
            lines,
        }
    }

    /// The report as a text table.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::from(
            "  no  name                 rating  games  score  expected   K   change  perf   new\n",
        );
        let opt = |v: Option<i32>| v.map_or("-".to_owned(), |v| v.to_string());
        for l in &self.lines {
            out.push_str(&format!(
                "{:>4}  {:<20} {:>6}  {:>5}  {:>5}  {:>8}  {:>3}  {:>7}  {:>4}  {:>4}\n",
                l.player,
                l.name,
                l.rating.map_or("-".to_owned(), |r| r.to_string()),
                l.games,
                l.score,
                if l.rating.is_some() {
                    format!("{:.2}", l.expected)
                } else {
                    "-".into()
                },
                l.k.map_or("-".to_owned(), |k| k.to_string()),
                l.change.map_or("-".to_owned(), |c| format!("{c:+.1}")),
                opt(l.performance),
                opt(l.new_rating),
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Book, GameResult, Player, ScoringScheme,
        round_robin::Pairing,
        tournament::{Event, Format, Tournament},
    };

    fn id(n: u32) -> PlayerId {
        PlayerId::new(n).expect("start numbers begin at 1")
    }

    /// A Swiss of `ratings.len()` players with the given games played, one a round.
    fn event(ratings: &[Option<u16>], games: &[(u32, u32, GameResult)]) -> Tournament {
        let mut t = Tournament::from_events([Event::Created {
            name: "rated".into(),
            rules: Book::Cxa2011,
            format: Format::Swiss { rounds: 9 },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }])
        .expect("created");
        for (k, &rating) in ratings.iter().enumerate() {
            let mut p = Player::named(format!("P{}", k + 1));
            p.rating = rating;
            t.apply(Event::Registered { player: p })
                .expect("registered");
        }
        for (round, &(red, black, result)) in games.iter().enumerate() {
            let round = round as u32 + 1;
            t.apply(Event::RoundPaired {
                round,
                games: vec![Pairing {
                    board: 1,
                    red: id(red),
                    black: id(black),
                }],
                byes: vec![],
                seed: None,
            })
            .expect("paired");
            t.apply(Event::ResultRecorded {
                round,
                board: 1,
                result,
            })
            .expect("recorded");
        }
        t
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// By hand: D = 0 gives 1/(1+10^0) = ½; D = 400 gives 1/(1+10^−1) = 1/1.1 = 0.909090…;
    /// D = 800 is held to 400 by the cap, and without it is 1/(1+10^−2) = 1/1.01 = 0.990099….
    #[test]
    fn expected_score_follows_the_curve_and_the_cap() {
        let capped = RatingRules::default();
        assert!(close(capped.expected(2000, 2000), 0.5));
        assert!(close(capped.expected(2400, 2000), 1.0 / 1.1));
        assert!(close(capped.expected(2000, 2400), 1.0 - 1.0 / 1.1));
        assert!(close(capped.expected(2800, 2000), 1.0 / 1.1));
        let uncapped = RatingRules {
            difference_cap: None,
            ..RatingRules::default()
        };
        assert!(close(uncapped.expected(2800, 2000), 1.0 / 1.01));
    }

    /// Default table, prior games given for 1 and 3 only:
    /// - 1 (2450, 12 games before): fewer than 30 games, so K = 40 whatever the level;
    /// - 2 (2450, not listed): established and from 2400, K = 10;
    /// - 3 (2100, 200 games): established below 2400, K = 20.
    #[test]
    fn k_comes_from_the_table_in_order() {
        let table = KTable::default();
        assert_eq!(table.k(2450, Some(12)), 40);
        assert_eq!(table.k(2450, None), 10);
        assert_eq!(table.k(2100, Some(200)), 20);
        assert_eq!(table.k(2399, Some(30)), 20);
        assert_eq!(table.k(2400, Some(30)), 10);
    }

    #[test]
    fn a_table_without_a_catch_all_or_with_k_zero_is_refused() {
        let conditional = KBand {
            games_below: Some(30),
            rating_below: None,
            k: 40,
        };
        assert!(matches!(
            KTable::new(vec![conditional]),
            Err(RatingError::KTable(_))
        ));
        assert!(KTable::new(vec![]).is_err());
        let zero = KBand {
            games_below: None,
            rating_below: None,
            k: 0,
        };
        assert!(KTable::new(vec![zero]).is_err());
        // The same check when the table comes from a file.
        assert!(RatingRules::from_json(r#"{"k_table":[{"games_below":5,"k":40}]}"#).is_err());
        let rules = RatingRules::from_json(r#"{"k_table":[{"k":32}],"difference_cap":null}"#)
            .expect("reads");
        assert_eq!(rules.k_table.k(1500, None), 32);
        assert_eq!(rules.difference_cap, None);
        assert_eq!(rules.performance_after, 5);
    }

    /// Two rated games for player 1 (2000, K 20 by the default table: established, below 2400):
    /// - a win over 2 (2000): S − E = 1 − ½ = +0.5;
    /// - a draw with 3 (2400): E = 1 − 1/1.1 = 0.0909…, S − E = 0.5 − 0.0909… = +0.40909….
    ///
    /// Change = 20 × 0.90909… = +18.18…, new rating 2018. Player 3 (K 10 from 2400) drew one
    /// game it expected 0.90909… of: 10 × (0.5 − 0.90909…) = −4.09…, new 2396.
    /// The game 2–4 is against unrated 4 and moves nobody's rating; 4 has one game, fewer than
    /// the 5 a performance needs.
    #[test]
    fn rated_players_move_by_k_times_score_minus_expected() {
        let t = event(
            &[Some(2000), Some(2000), Some(2400), None],
            &[
                (1, 2, GameResult::RedWins),
                (3, 1, GameResult::Draw),
                (2, 4, GameResult::BlackWins),
            ],
        );
        let r = t.ratings();
        let one = &r.lines[0];
        assert_eq!((one.games, one.k), (2, Some(20)));
        assert!(close(one.score, 1.5));
        assert!(close(
            one.change.expect("rated"),
            20.0 * (1.5 - 0.5 - (1.0 - 1.0 / 1.1))
        ));
        assert_eq!(one.new_rating, Some(2018));
        let three = &r.lines[2];
        assert_eq!(three.k, Some(10));
        assert_eq!(three.new_rating, Some(2396));
        // 2 lost to 1 (−10) and its game with unrated 4 is not rated.
        assert_eq!((r.lines[1].games, r.lines[1].new_rating), (1, Some(1990)));
        let four = &r.lines[3];
        assert_eq!(
            (four.games, four.new_rating, four.performance),
            (1, None, None)
        );
    }

    /// Unrated player 1 plays 1800 and 2000 (average 1900) and scores 1½ of 2: p = 0.75,
    /// D = 400 × log10(0.75/0.25) = 400 × 0.47712… = 190.85…, so the performance is
    /// 1900 + 190.85 = 2090.85…, 2091. With `performance_after` 3 it gets none yet.
    #[test]
    fn an_unrated_player_gets_a_performance_after_n_games() {
        let t = event(
            &[None, Some(1800), Some(2000)],
            &[(1, 2, GameResult::RedWins), (3, 1, GameResult::Draw)],
        );
        let two = RatingRules {
            performance_after: 2,
            ..RatingRules::default()
        };
        let line = &RatingReport::new(t.players(), t.game_results(), &two).lines[0];
        assert_eq!(line.performance, Some(2091));
        assert_eq!(line.new_rating, Some(2091));
        assert_eq!(line.change, None);
        let three = RatingRules {
            performance_after: 3,
            ..RatingRules::default()
        };
        assert_eq!(
            RatingReport::new(t.players(), t.game_results(), &three).lines[0].new_rating,
            None
        );
    }

    /// A perfect score is held at the table's end: average + 800, not infinity.
    #[test]
    fn a_perfect_score_is_held_to_800() {
        assert!(close(performance_difference(1.0), 800.0));
        assert!(close(performance_difference(0.0), -800.0));
        assert!(close(performance_difference(0.5), 0.0));
    }

    /// Forfeits are not games: nothing is rated.
    #[test]
    fn forfeits_are_not_rated() {
        let t = event(
            &[Some(2000), Some(2000)],
            &[(1, 2, GameResult::RedWinsByForfeit)],
        );
        let r = t.ratings();
        assert_eq!(r.lines[0].games, 0);
        assert_eq!(r.lines[0].new_rating, Some(2000));
    }

    /// The organiser's rules, set by event, are the ones used: with K 32 for everyone the
    /// win of 1 over equal 2 is 32 × ½ = +16.
    #[test]
    fn the_organisers_rules_are_used() {
        let mut t = event(&[Some(2000), Some(2000)], &[(1, 2, GameResult::RedWins)]);
        assert_eq!(t.ratings().lines[0].new_rating, Some(2010));
        t.apply(Event::RatingRulesSet {
            rules: RatingRules {
                k_table: KTable::new(vec![KBand {
                    games_below: None,
                    rating_below: None,
                    k: 32,
                }])
                .expect("valid"),
                ..RatingRules::default()
            },
        })
        .expect("set");
        assert_eq!(t.ratings().lines[0].new_rating, Some(2016));
        // And it survives the file.
        let back = Tournament::from_json(&t.to_json()).expect("reads");
        assert_eq!(back.ratings().lines[0].new_rating, Some(2016));
    }
}
