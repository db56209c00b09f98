//! The two rulebooks as values: [`RuleSet`] carries every number the books fix and organisers
//! may change.

use serde::{Deserialize, Serialize};

use crate::fouls::FoulRules;

/// Which rulebook's 棋例 (repetition rules) apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Book {
    /// 中国象棋协会《象棋竞赛规则》2011 ("CXA 2011"), arts. 22–26.
    Cxa2011,
    /// 世界象棋联合会《世界象棋规则》2018 ("WXF 2018"), art. 3, art. 8 and chapters 4–5, which
    /// adopt the Asian rules (AXF).
    Wxf2018,
}

impl Book {
    /// The book's short name in English.
    pub const fn name(self) -> &'static str {
        match self {
            Book::Cxa2011 => "CXA 2011",
            Book::Wxf2018 => "WXF 2018",
        }
    }

    /// The book's short name in Chinese.
    pub const fn name_zh(self) -> &'static str {
        match self {
            Book::Cxa2011 => "中国象棋协会2011规则",
            Book::Wxf2018 => "世界象棋规则2018",
        }
    }
}

/// The numbers and choices of one rulebook. Build one with [`RuleSet::cxa2011`] or
/// [`RuleSet::wxf2018`] and change the fields the books leave to organisers.
///
/// ```
/// use xiangqi_arbiter::RuleSet;
///
/// let mut rules = RuleSet::cxa2011();
/// assert_eq!(rules.move_limit, 60);
/// rules.move_limit = 40; // CXA 2011 art. 4.2.4: organisers may lower it by level
/// assert_eq!(RuleSet::wxf2018().move_limit, 50);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RuleSet {
    /// Whose 棋例 apply.
    pub book: Book,
    /// Moves (rounds) without a capture after which a draw may be ruled.
    /// CXA 2011 art. 22.2 (60, organisers may lower it, art. 4.2.4); WXF 2018 art. 8 (50).
    pub move_limit: u32,
    /// The most checks of one side that count towards the move limit.
    /// CXA 2011 art. 22.2; WXF 2018 art. 8 (both 10).
    pub max_counted_checks: u32,
    /// How often a position must occur before a repetition is ruled (the first occurrence
    /// included). CXA 2011 arts. 23.1, 23.3 (three); WXF 2018 art. 3.1.C (three cycles).
    pub ruling_occurrences: u32,
    /// How often a position must occur before allowed play on both sides ends the game in a
    /// draw. CXA 2011 arts. 23.1, 25.2 (three); WXF 2018 art. 3.2.B (four).
    pub draw_occurrences: u32,
    /// A unilateral perpetual check loses at once instead of being asked to change.
    /// CXA 2011 arts. 23.5.1, 4.1.4 (yes); WXF 2018 art. 3.1.C (no: asked to change first).
    pub perpetual_check_loses_at_once: bool,
    /// Rounds the offender gets to change after a "must change" ruling.
    /// CXA 2011 art. 23.5.2 (two rounds); WXF 2018 art. 3.1.C has no count: we use the same.
    pub rounds_to_change: u32,
    /// Depth, in moves of the attacking side, of the checks-only search that finds a mate
    /// threat (杀). CXA 2011 art. 24.2 ("by a check or a series of checks"); the books set no
    /// bound, FSF and cppxq search a few plies: we take three moves (five plies).
    pub mate_threat_depth: u32,
    /// Fouls, errors, draw offers and time penalties (see [`crate::fouls`]). Read without it,
    /// a stored rule set gets CXA 2011's.
    #[serde(default)]
    pub fouls: FoulRules,
}

impl RuleSet {
    /// CXA 2011 with the book's numbers.
    pub const fn cxa2011() -> RuleSet {
        RuleSet {
            book: Book::Cxa2011,
            move_limit: 60,
            max_counted_checks: 10,
            ruling_occurrences: 3,
            draw_occurrences: 3,
            perpetual_check_loses_at_once: true,
            rounds_to_change: 2,
            mate_threat_depth: 3,
            fouls: FoulRules::cxa2011(),
        }
    }

    /// WXF 2018 with the book's numbers.
    pub const fn wxf2018() -> RuleSet {
        RuleSet {
            book: Book::Wxf2018,
            move_limit: 50,
            max_counted_checks: 10,
            ruling_occurrences: 3,
            draw_occurrences: 4,
            perpetual_check_loses_at_once: false,
            rounds_to_change: 2,
            mate_threat_depth: 3,
            fouls: FoulRules::wxf2018(),
        }
    }

    /// The book's defaults for `book`.
    pub const fn for_book(book: Book) -> RuleSet {
        match book {
            Book::Cxa2011 => RuleSet::cxa2011(),
            Book::Wxf2018 => RuleSet::wxf2018(),
        }
    }
}

impl Default for RuleSet {
    /// CXA 2011, the Chinese association's rules.
    fn default() -> RuleSet {
        RuleSet::cxa2011()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn books_differ_where_they_should() {
        let (c, w) = (RuleSet::cxa2011(), RuleSet::wxf2018());
        assert_eq!((c.move_limit, w.move_limit), (60, 50));
        assert_eq!((c.draw_occurrences, w.draw_occurrences), (3, 4));
        assert!(c.perpetual_check_loses_at_once && !w.perpetual_check_loses_at_once);
        assert_eq!(RuleSet::for_book(Book::Wxf2018), w);
    }
}
