//! Explanations of rulings, in Chinese and English.

use serde::{Deserialize, Serialize};

/// One line of an explanation, in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// Chinese.
    pub zh: String,
    /// English.
    pub en: String,
}

/// Why a ruling is what it is: one line per move, then the rule applied with its article.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// The lines, in order.
    pub lines: Vec<Line>,
}

impl Explanation {
    /// Adds a line.
    pub fn push(&mut self, zh: impl Into<String>, en: impl Into<String>) {
        self.lines.push(Line {
            zh: zh.into(),
            en: en.into(),
        });
    }

    /// The whole explanation in Chinese, one line per line.
    pub fn zh(&self) -> String {
        self.lines
            .iter()
            .map(|l| l.zh.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The whole explanation in English, one line per line.
    pub fn en(&self) -> String {
        self.lines
            .iter()
            .map(|l| l.en.as_str())
            .collect::<Vec<_>>()
            .join("\n")
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
}
