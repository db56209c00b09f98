//! An event's rules as a command line gives them (`--rule KEY=VALUE`): reading any text and
//! checking it against both books never panics, and a rule read is one of the keys.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_arbiter::{Book, EventRules, RuleSet};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut rules = EventRules::default();
    for line in text.lines() {
        let _ = rules.set_text(line);
    }
    assert!(rules.pairs().iter().all(|(k, _)| EventRules::KEYS.contains(k)));
    for book in [Book::Cxa2011, Book::Wxf2018] {
        let _ = RuleSet::with_event(book, &rules);
    }
});
