//! The vocabulary of a competition: colours, players, books, results and points.

use std::{fmt, num::NonZeroU32, str::FromStr};

use serde::{Deserialize, Serialize};

/// The side a player takes in one game: red (红) moves first, black (黑) second.
///
/// CXA 2011 art. 12; WXF 2018 art. 4.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    /// 红方, moves first (先手).
    Red,
    /// 黑方, moves second (后手).
    Black,
}

impl Color {
    /// Both colours, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

/// Which book governs the competition. A tournament picks one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Book {
    /// Chinese Xiangqi Association, 《象棋竞赛规则》2011.
    Cxa2011,
    /// World Xiangqi Federation, 《世界象棋规则》2018.
    Wxf2018,
}

impl FromStr for Book {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "cxa" | "cxa2011" => Ok(Book::Cxa2011),
            "wxf" | "wxf2018" => Ok(Book::Wxf2018),
            _ => Err(ParseError::new(format!("unknown book {s:?} (cxa or wxf)"))),
        }
    }
}

/// A value that could not be read from text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(String);

impl ParseError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        ParseError(message.into())
    }
}

/// A player's start number (编号), 1-based, the number the order tables use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(NonZeroU32);

impl PlayerId {
    /// The player with start number `n`; `None` for 0.
    #[must_use]
    pub fn new(n: u32) -> Option<PlayerId> {
        NonZeroU32::new(n).map(PlayerId)
    }

    /// The player at 0-based position `index` in the registration order.
    #[must_use]
    pub fn from_index(index: usize) -> PlayerId {
        let n = u32::try_from(index)
            .unwrap_or(u32::MAX - 1)
            .saturating_add(1);
        PlayerId(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN))
    }

    /// The start number.
    #[must_use]
    pub fn get(self) -> u32 {
        self.0.get()
    }

    /// The 0-based position in the registration order.
    #[must_use]
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A registered player (棋手).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Name as it appears on the pairing sheet.
    pub name: String,
    /// Rating (等级分); `None` ranks after every rated player (CXA 2011 art. 11.1).
    #[serde(default)]
    pub rating: Option<u16>,
    /// Club, province or team (单位).
    #[serde(default)]
    pub club: Option<String>,
    /// Federation (国家/地区), a FIDE-style code such as `CHN`.
    #[serde(default)]
    pub federation: Option<String>,
}

impl Player {
    /// A player with a name and nothing else.
    #[must_use]
    pub fn named(name: impl Into<String>) -> Player {
        Player {
            name: name.into(),
            rating: None,
            club: None,
            federation: None,
        }
    }
}

/// Points in quarter units, so that 1/½/0 scoring and half of a drawn opponent's score
/// (小分) stay exact: `Points::from_halves(1)` is ½.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(i64);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);

    /// Whole points.
    #[must_use]
    pub const fn whole(n: i64) -> Points {
        Points(n * 4)
    }

    /// Half points (1 = ½).
    #[must_use]
    pub const fn from_halves(n: i64) -> Points {
        Points(n * 2)
    }

    /// Quarter points, the internal unit.
    #[must_use]
    pub const fn from_quarters(n: i64) -> Points {
        Points(n)
    }

    /// The value in quarter points.
    #[must_use]
    pub const fn quarters(self) -> i64 {
        self.0
    }

    /// The value in tenths of a point, the unit of TRF's point values and of the Swiss
    /// engines' [`crate::swiss::PointSystem`] (a quarter, 2.5 tenths, rounds toward zero).
    #[must_use]
    pub const fn tenths(self) -> i64 {
        self.0 * 10 / 4
    }

    /// Points from tenths of a point, `None` for a value that is no whole number of quarters
    /// (0.1, 0.3, …).
    #[must_use]
    pub const fn from_tenths(tenths: i64) -> Option<Points> {
        if tenths * 4 % 10 == 0 {
            Some(Points(tenths * 4 / 10))
        } else {
            None
        }
    }

    /// Half of these points, rounded toward zero to a quarter.
    #[must_use]
    pub const fn half(self) -> Points {
        Points(self.0 / 2)
    }

    /// The value as a float, for display and comparison with other programs.
    #[must_use]
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 4.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0 - rhs.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    /// `7`, `7.5`, `7.25`: the shortest exact decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let q = self.0.unsigned_abs();
        let (whole, frac) = (q / 4, q % 4);
        match frac {
            0 => write!(f, "{sign}{whole}"),
            2 => write!(f, "{sign}{whole}.5"),
            1 => write!(f, "{sign}{whole}.25"),
            _ => write!(f, "{sign}{whole}.75"),
        }
    }
}

impl FromStr for Points {
    type Err = ParseError;
    /// Reads `2`, `1.5`, `0.25`, `½`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().replace('½', ".5");
        let bad = || ParseError::new(format!("invalid points {s:?}"));
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest.to_owned()),
            None => (false, t),
        };
        let (int, frac) = t.split_once('.').unwrap_or((t.as_str(), ""));
        let int: i64 = if int.is_empty() {
            0
        } else {
            int.parse().map_err(|_| bad())?
        };
        let frac_q = match frac.trim_end_matches('0') {
            "" => 0,
            "25" => 1,
            "5" => 2,
            "75" => 3,
            _ => return Err(bad()),
        };
        let q = int.checked_mul(4).ok_or_else(bad)? + frac_q;
        Ok(Points(if neg { -q } else { q }))
    }
}

/// The result of one paired game, as the arbiter records it on the result sheet.
///
/// CXA 2011 arts. 13.1, 20.1–20.3 (forfeits shown as `+`/`−`); WXF 2018 arts. 9, 11.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// 红胜, `1-0`.
    RedWins,
    /// 黑胜, `0-1`.
    BlackWins,
    /// 和棋, `½-½`.
    Draw,
    /// Black absent or late beyond the limit (CXA 20.1, WXF 11.1): `+/−`.
    RedWinsByForfeit,
    /// Red absent or late beyond the limit: `−/+`.
    BlackWinsByForfeit,
    /// Both absent (CXA 20.2): `−/−`, neither scores.
    DoubleForfeit,
}

impl GameResult {
    /// The outcome for the player of `color`.
    #[must_use]
    pub fn outcome_for(self, color: Color) -> Outcome {
        use GameResult::*;
        match (self, color) {
            (RedWins, Color::Red) | (BlackWins, Color::Black) => Outcome::Win,
            (RedWins, Color::Black) | (BlackWins, Color::Red) => Outcome::Loss,
            (Draw, _) => Outcome::Draw,
            (RedWinsByForfeit, Color::Red) | (BlackWinsByForfeit, Color::Black) => {
                Outcome::ForfeitWin
            }
            (RedWinsByForfeit, Color::Black)
            | (BlackWinsByForfeit, Color::Red)
            | (DoubleForfeit, _) => Outcome::ForfeitLoss,
        }
    }

    /// Whether the game was played over the board.
    #[must_use]
    pub fn is_played(self) -> bool {
        matches!(
            self,
            GameResult::RedWins | GameResult::BlackWins | GameResult::Draw
        )
    }

    /// The notation used on result sheets and on the command line.
    #[must_use]
    pub fn notation(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2",
            GameResult::RedWinsByForfeit => "+/-",
            GameResult::BlackWinsByForfeit => "-/+",
            GameResult::DoubleForfeit => "-/-",
        }
    }
}

impl FromStr for GameResult {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.trim() {
            "1-0" | "red" | "红胜" => GameResult::RedWins,
            "0-1" | "black" | "黑胜" => GameResult::BlackWins,
            "1/2" | "½-½" | "1/2-1/2" | "=" | "draw" | "和" | "和棋" => GameResult::Draw,
            "+/-" | "+-" | "+" => GameResult::RedWinsByForfeit,
            "-/+" | "-+" => GameResult::BlackWinsByForfeit,
            "-/-" | "--" => GameResult::DoubleForfeit,
            _ => {
                return Err(ParseError::new(format!(
                    "unknown result {s:?} (1-0, 0-1, 1/2, +/-, -/+, -/-)"
                )));
            }
        })
    }
}

/// What one round brought one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Won over the board.
    Win,
    /// Drew.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won because the opponent did not play: `+` (CXA 20.3).
    ForfeitWin,
    /// Lost without playing: `−` (CXA 20.3).
    ForfeitLoss,
    /// Had no opponent (轮空); scored as a win (CXA 14.4).
    Bye,
}

impl Outcome {
    /// Whether this counts as a win (胜局): over the board, by forfeit or by bye (CXA 14.4, 20.3).
    #[must_use]
    pub fn is_win(self) -> bool {
        matches!(self, Outcome::Win | Outcome::ForfeitWin | Outcome::Bye)
    }

    /// Whether a game was played over the board.
    #[must_use]
    pub fn is_played(self) -> bool {
        matches!(self, Outcome::Win | Outcome::Draw | Outcome::Loss)
    }

    /// The fraction of a win, in halves: win 2, draw 1, loss 0.
    #[must_use]
    pub fn halves(self) -> i64 {
        match self {
            Outcome::Win | Outcome::ForfeitWin | Outcome::Bye => 2,
            Outcome::Draw => 1,
            Outcome::Loss | Outcome::ForfeitLoss => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tenths, TRF's unit, round-trip for every whole number of quarters; a tenth that is no
    /// quarter has no points; a quarter rounds toward zero on the way out.
    #[test]
    fn points_in_tenths() {
        for (tenths, q) in [(0, 0), (5, 2), (10, 4), (35, 14), (30, 12), (-5, -2)] {
            let p = Points::from_tenths(tenths).unwrap();
            assert_eq!(p.quarters(), q, "{tenths}");
            assert_eq!(p.tenths(), tenths);
        }
        assert_eq!(Points::from_tenths(1), None);
        assert_eq!(Points::from_tenths(31), None);
        assert_eq!(Points::from_quarters(1).tenths(), 2);
    }

    #[test]
    fn points_print_and_parse_exactly() {
        for (text, q) in [
            ("7", 28),
            ("7.5", 30),
            ("7.25", 29),
            ("0.75", 3),
            ("-1.5", -6),
        ] {
            assert_eq!(text.parse::<Points>().unwrap().quarters(), q, "{text}");
            assert_eq!(Points::from_quarters(q).to_string(), text);
        }
        assert!("1.3".parse::<Points>().is_err());
        assert!("x".parse::<Points>().is_err());
        assert_eq!("½".parse::<Points>().unwrap(), Points::from_halves(1));
    }

    #[test]
    fn forfeits_are_wins_and_losses_not_games() {
        // CXA 2011 art. 20.3: "+" counts as a win, "−" as a loss, neither was played.
        let r = GameResult::RedWinsByForfeit;
        assert_eq!(r.outcome_for(Color::Red), Outcome::ForfeitWin);
        assert_eq!(r.outcome_for(Color::Black), Outcome::ForfeitLoss);
        assert!(!r.is_played());
        assert!(Outcome::ForfeitWin.is_win());
        // CXA 20.2: both absent, both lose.
        assert_eq!(
            GameResult::DoubleForfeit.outcome_for(Color::Red),
            Outcome::ForfeitLoss
        );
        assert_eq!(
            GameResult::DoubleForfeit.outcome_for(Color::Black),
            Outcome::ForfeitLoss
        );
    }

    #[test]
    fn results_round_trip_through_notation() {
        use GameResult::*;
        for r in [
            RedWins,
            BlackWins,
            Draw,
            RedWinsByForfeit,
            BlackWinsByForfeit,
            DoubleForfeit,
        ] {
            assert_eq!(r.notation().parse::<GameResult>().unwrap(), r);
        }
        assert!("2-0".parse::<GameResult>().is_err());
    }

    #[test]
    fn player_ids_are_one_based() {
        assert!(PlayerId::new(0).is_none());
        let p = PlayerId::new(5).unwrap();
        assert_eq!(p.index(), 4);
        assert_eq!(PlayerId::from_index(4), p);
    }
}
