//! Explanations of rulings, in Chinese and English.
//!
//! A ruling's explanation is written only when it is read: a game asks for a ruling at every
//! repetition, and writing two dozen bilingual lines cost more than judging the moves. The
//! ruling keeps what the text needs (a [`Draft`]); the first reader writes the lines, once.

use std::{
    fmt,
    sync::{Arc, OnceLock},
};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One line of an explanation, in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// Chinese.
    pub zh: String,
    /// English.
    pub en: String,
}

/// What an explanation is written from, kept until it is read.
pub(crate) trait Draft: fmt::Debug + Send + Sync {
    /// Writes the lines, in order.
    fn write(&self, out: &mut Explanation);
}

/// Why a ruling is what it is: one line per move, then the rule applied with its article.
///
/// Serialized as `{"lines": [{"zh": …, "en": …}, …]}`.
#[derive(Clone, Default)]
pub struct Explanation {
    lines: OnceLock<Vec<Line>>,
    draft: Option<Arc<dyn Draft>>,
}

impl Explanation {
    /// An explanation written from `draft` when it is first read.
    pub(crate) fn drafted(draft: Arc<dyn Draft>) -> Explanation {
        Explanation {
            lines: OnceLock::new(),
            draft: Some(draft),
        }
    }

    /// The lines, in order.
    pub fn lines(&self) -> &[Line] {
        self.lines.get_or_init(|| {
            let mut out = Explanation::default();
            if let Some(draft) = &self.draft {
                draft.write(&mut out);
            }
            out.lines.take().unwrap_or_default()
        })
    }

    /// Adds a line.
    pub fn push(&mut self, zh: impl Into<String>, en: impl Into<String>) {
        self.lines();
        self.draft = None;
        let line = Line {
            zh: zh.into(),
            en: en.into(),
        };
        match self.lines.get_mut() {
            Some(lines) => lines.push(line),
            None => {
                let _ = self.lines.set(vec![line]);
            }
        }
    }

    /// The whole explanation in Chinese, one line per line.
    pub fn zh(&self) -> String {
        self.lines()
            .iter()
            .map(|l| l.zh.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The whole explanation in English, one line per line.
    pub fn en(&self) -> String {
        self.lines()
            .iter()
            .map(|l| l.en.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl fmt::Debug for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Explanation")
            .field("lines", &self.lines())
            .finish()
    }
}

impl PartialEq for Explanation {
    fn eq(&self, other: &Explanation) -> bool {
        self.lines() == other.lines()
    }
}

impl Eq for Explanation {}

/// The wire form: the lines, written out.
#[derive(Serialize)]
struct WireRef<'a> {
    lines: &'a [Line],
}

#[derive(Deserialize)]
struct Wire {
    lines: Vec<Line>,
}

impl Serialize for Explanation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        WireRef {
            lines: self.lines(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Explanation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Explanation, D::Error> {
        let wire = Wire::deserialize(deserializer)?;
        Ok(Explanation {
            lines: OnceLock::from(wire.lines),
            draft: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_lines() {
        let mut e = Explanation::default();
        e.push("甲", "a");
        e.push("乙", "b");
        assert_eq!(e.zh(), "甲\n乙");
        assert_eq!(e.en(), "a\nb");
    }

    #[derive(Debug)]
    struct Two;

    impl Draft for Two {
        fn write(&self, out: &mut Explanation) {
            out.push("一", "one");
            out.push("二", "two");
        }
    }

    #[test]
    fn a_draft_is_written_when_read_and_round_trips() {
        let mut e = Explanation::drafted(Arc::new(Two));
        assert_eq!(e.en(), "one\ntwo");
        let json = serde_json::to_string(&e).expect("serializes");
        assert_eq!(
            json,
            r#"{"lines":[{"zh":"一","en":"one"},{"zh":"二","en":"two"}]}"#
        );
        let back: Explanation = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, e);
        // A line added to a drafted explanation goes after the draft's.
        e.push("三", "three");
        assert_eq!(e.zh(), "一\n二\n三");
        assert_ne!(back, e);
    }
}
