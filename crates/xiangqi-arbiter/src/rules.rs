//! The two rulebooks as values: [`RuleSet`] carries every number the books fix and organisers
//! may change, its fouls' numbers ([`FoulRules`]) with them. It stands at the bottom of the
//! arbiter and imports none of it.

use serde::{Deserialize, Serialize};

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

impl RuleSet {
    /// How long after the end of a game an appeal may be lodged, if the event sets a window:
    /// WXF 2018 art. 12.4's two hours unless the organiser set another; none under CXA 2011
    /// unless the organiser set one.
    pub fn appeal_window_ms(&self) -> Option<u64> {
        match self.book {
            Book::Wxf2018 => Some(self.fouls.appeal_window_ms.unwrap_or(WXF_APPEAL_WINDOW_MS)),
            Book::Cxa2011 => self.fouls.appeal_window_ms,
        }
    }

    /// The book's rules with the numbers an event sets ([`EventRules`]).
    ///
    /// # Errors
    /// [`RulesError`] naming the first key whose value is impossible.
    pub fn with_event(book: Book, event: &EventRules) -> Result<RuleSet, RulesError> {
        let mut r = RuleSet::for_book(book);
        let range = |key: &str, v: u64, lo: u64, hi: u64| {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err(RulesError {
                    key: key.to_owned(),
                    reason: format!("{v} is not between {lo} and {hi}"),
                })
            }
        };
        const DAY_MS: u64 = 24 * 60 * 60 * 1000;
        if let Some(v) = event.move_limit {
            // CXA 2011 art. 4.2.4: lowered by the event's level, never raised.
            range("move_limit", v.into(), 1, r.move_limit.into())?;
            r.move_limit = v;
        }
        if let Some(v) = event.illegal_moves_to_lose {
            range("illegal_moves_to_lose", v.into(), 1, 10)?;
            r.fouls.illegal_moves_to_lose = Some(v);
        }
        if let Some(v) = event.lateness_ms {
            range("lateness_ms", v, 0, DAY_MS)?;
            r.fouls.lateness_limit_ms = v;
        }
        if let Some(v) = event.fouls_to_lose {
            range("fouls_to_lose", v.into(), 1, 20)?;
            r.fouls.fouls_to_lose = v;
        }
        if let Some(v) = event.draw_offers_beyond {
            range("draw_offers_beyond", v.into(), 0, 20)?;
            r.fouls.draw_offers_beyond_opponent = Some(v);
        }
        if let Some(v) = event.early_draw_moves {
            range("early_draw_moves", v.into(), 0, 200)?;
            r.fouls.agreed_draw_min_moves = v;
        }
        if let Some(v) = event.appeal_window_ms {
            range("appeal_window_ms", v, 0, 30 * DAY_MS)?;
            r.fouls.appeal_window_ms = Some(v);
        }
        Ok(r)
    }

    /// The numbers an event may set, as this rule set has them.
    pub fn event_rules(&self) -> EventRules {
        let f = &self.fouls;
        EventRules {
            move_limit: Some(self.move_limit),
            illegal_moves_to_lose: f.illegal_moves_to_lose,
            lateness_ms: Some(f.lateness_limit_ms),
            fouls_to_lose: Some(f.fouls_to_lose),
            draw_offers_beyond: f.draw_offers_beyond_opponent,
            early_draw_moves: Some(f.agreed_draw_min_moves),
            appeal_window_ms: self.appeal_window_ms(),
        }
    }
}

/// WXF 2018 art. 12.4: two hours.
const WXF_APPEAL_WINDOW_MS: u64 = 2 * 60 * 60 * 1000;

/// The numbers the books leave to the organiser or to the level of the event, as an event sets
/// them (`{"move_limit": 40, …}`); a key left out keeps the book's value. On the wire beside the
/// book's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventRules {
    /// Moves without a capture before a draw: CXA 2011 art. 4.2.4 lowers the book's 60 by the
    /// event's level (WXF 2018 art. 8: 50).
    pub move_limit: Option<u32>,
    /// Illegal moves that lose: CXA 2011 arts. 4.1.8, 8.1.8 (1 nationally, 2 in provincial and
    /// junior events); WXF 2018 has none (each is a technical foul).
    pub illegal_moves_to_lose: Option<u32>,
    /// Lateness that loses: CXA 2011 art. 20.1; WXF 2018 art. 11.1 (0).
    pub lateness_ms: Option<u64>,
    /// Fouls that lose: CXA 2011 art. 4.1.10 (3); WXF 2018 art. 3.1.F (2).
    pub fouls_to_lose: Option<u32>,
    /// Draw offers beyond the opponent's before one is a foul: CXA 2011 arts. 22.1, 8.1.3 (2).
    pub draw_offers_beyond: Option<u32>,
    /// Moves before which no draw by agreement stands without the arbiter's leave: WXF 2018
    /// art. 12.11 (20); CXA 2011 none (0).
    pub early_draw_moves: Option<u32>,
    /// How long after a game an appeal may be lodged: WXF 2018 art. 12.4 (two hours); CXA
    /// 2011 none.
    pub appeal_window_ms: Option<u64>,
}

impl EventRules {
    /// The keys, as the wire and the command line name them.
    pub const KEYS: [&'static str; 7] = [
        "move_limit",
        "illegal_moves_to_lose",
        "lateness_ms",
        "fouls_to_lose",
        "draw_offers_beyond",
        "early_draw_moves",
        "appeal_window_ms",
    ];

    /// Sets `key` to `value` (`xiangqi … --rule move_limit=40`). Whether the value is possible
    /// under a book is [`RuleSet::with_event`]'s to say.
    ///
    /// # Errors
    /// [`RulesError`] for an unknown key, or a value beyond the key's type.
    pub fn set(&mut self, key: &str, value: u64) -> Result<(), RulesError> {
        let small = || {
            u32::try_from(value).map_err(|_| RulesError {
                key: key.to_owned(),
                reason: format!("{value} is too large"),
            })
        };
        match key {
            "move_limit" => self.move_limit = Some(small()?),
            "illegal_moves_to_lose" => self.illegal_moves_to_lose = Some(small()?),
            "lateness_ms" => self.lateness_ms = Some(value),
            "fouls_to_lose" => self.fouls_to_lose = Some(small()?),
            "draw_offers_beyond" => self.draw_offers_beyond = Some(small()?),
            "early_draw_moves" => self.early_draw_moves = Some(small()?),
            "appeal_window_ms" => self.appeal_window_ms = Some(value),
            _ => {
                return Err(RulesError {
                    key: key.to_owned(),
                    reason: format!("an unknown rule (one of {})", Self::KEYS.join(", ")),
                });
            }
        }
        Ok(())
    }

    /// The keys set, with their values, in [`EventRules::KEYS`] order.
    pub fn pairs(&self) -> Vec<(&'static str, u64)> {
        let values = [
            self.move_limit.map(u64::from),
            self.illegal_moves_to_lose.map(u64::from),
            self.lateness_ms,
            self.fouls_to_lose.map(u64::from),
            self.draw_offers_beyond.map(u64::from),
            self.early_draw_moves.map(u64::from),
            self.appeal_window_ms,
        ];
        Self::KEYS
            .iter()
            .zip(values)
            .filter_map(|(k, v)| v.map(|v| (*k, v)))
            .collect()
    }

    /// Reads `KEY=VALUE` (a command line's `--rule`) into these rules.
    ///
    /// # Errors
    /// [`RulesError`] naming the key (or the text) that cannot be read.
    pub fn set_text(&mut self, text: &str) -> Result<(), RulesError> {
        let (key, value) = text.split_once('=').ok_or_else(|| RulesError {
            key: text.trim().to_owned(),
            reason: "expected KEY=VALUE".to_owned(),
        })?;
        let key = key.trim();
        let value = value.trim().parse::<u64>().map_err(|_| RulesError {
            key: key.to_owned(),
            reason: format!("{:?} is not a whole number", value.trim()),
        })?;
        self.set(key, value)
    }
}

/// An event's rule that cannot be: the key, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{key}: {reason}")]
pub struct RulesError {
    /// The key at fault.
    pub key: String,
    /// Why.
    pub reason: String,
}

impl Default for RuleSet {
    /// CXA 2011, the Chinese association's rules.
    fn default() -> RuleSet {
        RuleSet::cxa2011()
    }
}

/// The numbers of fouls and errors the books fix, organisers may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FoulRules {
    /// Illegal moves (违反行棋规定) that lose; below it each is a foul. `None`: each is a
    /// technical foul. CXA 2011 arts. 4.1.8, 8.1.8 (1 national, 2 provincial and junior);
    /// WXF 2018 art. 4.4.A (`None`).
    pub illegal_moves_to_lose: Option<u32>,
    /// Fouls (CXA) or technical fouls (WXF) that lose. CXA 2011 art. 4.1.10 (3; where the number
    /// comes from: [`crate::fouls`]); WXF 2018 arts. 3.1.F, 4.6 (2).
    pub fouls_to_lose: u32,
    /// Violations (违例) that lose; `None` where the book has none. WXF 2018 arts. 3.1.F, 4.7 (4).
    pub violations_to_lose: Option<u32>,
    /// Unrecorded moves that lose outright; `None`: they are fouls (CXA 2011 art. 7.1: each 4
    /// one foul, 8 or more two). WXF 2018 arts. 3.1.F, 7.6 (16).
    pub unrecorded_moves_to_lose: Option<u32>,
    /// Draw offers a side may make beyond the opponent's; one more is a foul. CXA 2011 arts.
    /// 22.1, 8.1.3 (2); WXF 2018 sets none.
    pub draw_offers_beyond_opponent: Option<u32>,
    /// Moves before which the arbiter may refuse a draw by agreement. WXF 2018 art. 12.11 (20);
    /// CXA 2011 none (0).
    pub agreed_draw_min_moves: u32,
    /// Time taken from a false natural-limit claimant. CXA 2011 art. 22.2; WXF 2018 art. 8
    /// (five minutes).
    pub false_claim_penalty_ms: u64,
    /// Time given to the opponent of a player who knocks pieces over after pressing the clock.
    /// WXF 2018 art. 12.12 (two minutes); CXA 2011 art. 5.9 has the offender restore them in
    /// its own time (`None`).
    pub knocked_pieces_bonus_ms: Option<u64>,
    /// Lateness that loses. CXA 2011 arts. 20.1, 4.1.7 (usually 15 minutes); WXF 2018 art.
    /// 11.1 (zero).
    pub lateness_limit_ms: u64,
    /// How long after the start reversed colours are replayed; `None`: the game stands. CXA
    /// 2011 art. 5.8.1 (20 minutes); WXF 2018 art. 4.4.B (`None`).
    pub colour_swap_window_ms: Option<u64>,
    /// Rounds within which a displaced piece is restored. CXA 2011 art. 5.8.2 (5); WXF 2018
    /// art. 4.4.A sets no bound: we take the same.
    pub displaced_piece_rounds: u32,
    /// How long after the end of a game an appeal may be lodged. WXF 2018 art. 12.4 (two
    /// hours); CXA 2011 sets none (`None`). A rule set stored before the field reads `None`:
    /// read it through [`RuleSet::appeal_window_ms`], which gives a WXF one its two hours.
    #[serde(default)]
    pub appeal_window_ms: Option<u64>,
}

impl FoulRules {
    /// CXA 2011, national events.
    pub const fn cxa2011() -> FoulRules {
        FoulRules {
            illegal_moves_to_lose: Some(1),
            fouls_to_lose: 3,
            violations_to_lose: None,
            unrecorded_moves_to_lose: None,
            draw_offers_beyond_opponent: Some(2),
            agreed_draw_min_moves: 0,
            false_claim_penalty_ms: 5 * 60_000,
            knocked_pieces_bonus_ms: None,
            lateness_limit_ms: 15 * 60_000,
            colour_swap_window_ms: Some(20 * 60_000),
            displaced_piece_rounds: 5,
            appeal_window_ms: None,
        }
    }

    /// WXF 2018.
    pub const fn wxf2018() -> FoulRules {
        FoulRules {
            illegal_moves_to_lose: None,
            fouls_to_lose: 2,
            violations_to_lose: Some(4),
            unrecorded_moves_to_lose: Some(16),
            draw_offers_beyond_opponent: None,
            agreed_draw_min_moves: 20,
            false_claim_penalty_ms: 5 * 60_000,
            knocked_pieces_bonus_ms: Some(2 * 60_000),
            lateness_limit_ms: 0,
            colour_swap_window_ms: None,
            displaced_piece_rounds: 5,
            appeal_window_ms: Some(WXF_APPEAL_WINDOW_MS),
        }
    }
}

impl Default for FoulRules {
    /// CXA 2011, as [`RuleSet::default`].
    fn default() -> FoulRules {
        FoulRules::cxa2011()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// `KEY=VALUE` of any key and any value reads back as set, in any spacing; a key
        /// outside [`EventRules::KEYS`] is refused, named.
        #[test]
        fn a_rule_from_the_command_line_reads_back(
            k in 0..EventRules::KEYS.len(),
            v in any::<u32>(),
            pad in "[ ]{0,2}",
            other in "[a-z_]{1,20}",
        ) {
            let key = EventRules::KEYS[k];
            let mut e = EventRules::default();
            e.set_text(&format!("{pad}{key}{pad}={pad}{v}{pad}")).expect("a key");
            prop_assert_eq!(e.pairs(), vec![(key, u64::from(v))]);
            if !EventRules::KEYS.contains(&other.as_str()) {
                let err = e.set_text(&format!("{other}=1")).expect_err("unknown");
                prop_assert_eq!(err.key, other);
            }
        }
    }

    #[test]
    fn books_differ_where_they_should() {
        let (c, w) = (RuleSet::cxa2011(), RuleSet::wxf2018());
        assert_eq!((c.move_limit, w.move_limit), (60, 50));
        assert_eq!((c.draw_occurrences, w.draw_occurrences), (3, 4));
        assert!(c.perpetual_check_loses_at_once && !w.perpetual_check_loses_at_once);
        assert_eq!(RuleSet::for_book(Book::Wxf2018), w);
    }

    /// An event's numbers over the book's; impossible values name their key; a key left out
    /// keeps the book's value (CXA 2011 arts. 4.2.4, 8.1.8; WXF 2018 art. 12.4).
    #[test]
    fn event_rules_set_what_the_books_leave_to_organisers() {
        let event: EventRules =
            serde_json::from_str(r#"{"move_limit": 40, "illegal_moves_to_lose": 2}"#)
                .expect("reads");
        let r = RuleSet::with_event(Book::Cxa2011, &event).expect("possible");
        assert_eq!((r.move_limit, r.fouls.illegal_moves_to_lose), (40, Some(2)));
        assert_eq!(r.fouls.fouls_to_lose, 3, "the book's");
        assert_eq!(r.appeal_window_ms(), None, "CXA 2011 sets no window");
        assert_eq!(
            RuleSet::wxf2018().appeal_window_ms(),
            Some(WXF_APPEAL_WINDOW_MS)
        );
        let raised = EventRules {
            move_limit: Some(61),
            ..EventRules::default()
        };
        let e = RuleSet::with_event(Book::Cxa2011, &raised).expect_err("never raised");
        assert_eq!(e.key, "move_limit");
        assert!(serde_json::from_str::<EventRules>(r#"{"move_limt": 40}"#).is_err());
        // As a command line gives them: each key named by its error.
        let mut cli = EventRules::default();
        cli.set_text("move_limit=40").expect("a key");
        cli.set_text(" early_draw_moves = 10 ").expect("spaces");
        assert_eq!(cli.pairs(), [("move_limit", 40), ("early_draw_moves", 10)]);
        assert_eq!(
            cli.set_text("move_limt=40").map_err(|e| e.key),
            Err("move_limt".into())
        );
        assert_eq!(
            cli.set_text("fouls_to_lose=x").map_err(|e| e.key),
            Err("fouls_to_lose".into())
        );
        assert!(cli.set_text("move_limit").is_err());
        assert_eq!(
            cli.set("move_limit", u64::MAX).map_err(|e| e.key),
            Err("move_limit".into())
        );
        // A WXF rule set stored before the window was a field keeps the book's two hours.
        let mut old = serde_json::to_value(RuleSet::wxf2018()).expect("writes");
        old["fouls"]
            .as_object_mut()
            .expect("an object")
            .remove("appeal_window_ms");
        let old: RuleSet = serde_json::from_value(old).expect("reads");
        assert_eq!(old.appeal_window_ms(), Some(WXF_APPEAL_WINDOW_MS));
        assert_eq!(
            RuleSet::with_event(Book::Wxf2018, &r.event_rules()).map(|w| w.move_limit),
            Ok(40)
        );
    }
}
