//! Text encodings of xiangqi records: UTF-8 (newer files), GBK (XQWizard, xqbase; mainland)
//! and Big5 (Taiwan, Hong Kong; the CCPD set).
//!
//! Detection: a UTF-8 byte-order mark or valid UTF-8 wins. Otherwise the bytes are decoded as
//! GB18030 and as Big5 and the reading with fewer decoding errors wins; on a tie, the one in
//! which more of the characters xiangqi records are made of (piece names, 进退平, numerals, in
//! simplified or traditional form) appear. This is the test XQWizard-era converters make.

use encoding_rs::{BIG5, GB18030, GBK, UTF_8};

/// A text encoding of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// GBK (read as its superset GB18030).
    Gbk,
    /// Big5.
    Big5,
}

impl std::str::FromStr for Encoding {
    type Err = String;

    fn from_str(s: &str) -> Result<Encoding, String> {
        match s.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "utf8" => Ok(Encoding::Utf8),
            "gbk" | "gb2312" | "gb18030" | "cp936" => Ok(Encoding::Gbk),
            "big5" | "cp950" => Ok(Encoding::Big5),
            _ => Err(format!(
                "unknown encoding {s:?} (expected utf8, gbk or big5)"
            )),
        }
    }
}

const COMMON: &str =
    "炮砲兵卒平进進退马馬车車相象仕士帅帥将將前后後中一二三四五六七八九红紅黑和胜勝负負先";

fn score(text: &str) -> usize {
    text.chars().filter(|c| COMMON.contains(*c)).count()
}

/// Guesses the encoding of `bytes`.
pub fn detect(bytes: &[u8]) -> Encoding {
    if bytes.starts_with(b"\xEF\xBB\xBF") || std::str::from_utf8(bytes).is_ok() {
        return Encoding::Utf8;
    }
    let (gbk, _, _) = GB18030.decode(bytes);
    let (big5, _, _) = BIG5.decode(bytes);
    let bad = |s: &str| s.chars().filter(|&c| c == '\u{FFFD}').count();
    let (bad_gbk, bad_big5) = (bad(&gbk), bad(&big5));
    if bad_gbk != bad_big5 {
        return if bad_gbk < bad_big5 {
            Encoding::Gbk
        } else {
            Encoding::Big5
        };
    }
    if score(&big5) > score(&gbk) {
        Encoding::Big5
    } else {
        Encoding::Gbk
    }
}

/// Decodes `bytes` (detecting the encoding if `encoding` is `None`), replacing bad sequences
/// with U+FFFD; a UTF-8 byte-order mark is dropped.
pub fn decode(bytes: &[u8], encoding: Option<Encoding>) -> (String, Encoding) {
    let encoding = encoding.unwrap_or_else(|| detect(bytes));
    let text = match encoding {
        Encoding::Utf8 => UTF_8.decode_with_bom_removal(bytes).0,
        Encoding::Gbk => GB18030.decode_without_bom_handling(bytes).0,
        Encoding::Big5 => BIG5.decode_without_bom_handling(bytes).0,
    };
    (text.into_owned(), encoding)
}

/// Encodes `text`; characters the encoding lacks become HTML numeric references (`&#20320;`),
/// as encoding_rs does.
pub fn encode(text: &str, encoding: Encoding) -> Vec<u8> {
    match encoding {
        Encoding::Utf8 => text.as_bytes().to_vec(),
        Encoding::Gbk => GBK.encode(text).0.into_owned(),
        Encoding::Big5 => BIG5.encode(text).0.into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_the_three() {
        let text = "1. 炮二平五 马８进７ 2. 马二进三 车９平８";
        assert_eq!(detect(text.as_bytes()), Encoding::Utf8);
        let gbk = encode(text, Encoding::Gbk);
        assert_eq!(decode(&gbk, None), (text.to_owned(), Encoding::Gbk));
        let trad = "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８";
        let big5 = encode(trad, Encoding::Big5);
        assert_eq!(decode(&big5, None), (trad.to_owned(), Encoding::Big5));
    }

    #[test]
    fn parses_names() {
        assert_eq!("UTF-8".parse(), Ok(Encoding::Utf8));
        assert_eq!("gbk".parse(), Ok(Encoding::Gbk));
        assert_eq!("Big5".parse(), Ok(Encoding::Big5));
        assert!("latin1".parse::<Encoding>().is_err());
    }
}
