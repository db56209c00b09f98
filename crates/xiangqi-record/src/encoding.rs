//! Text encodings of xiangqi records: UTF-8 (newer files), GBK (XQWizard, xqbase; mainland)
//! and Big5 (Taiwan, Hong Kong; the CCPD set).
//!
//! Detection, on a sample of a few kilobytes from the first non-ASCII byte: a UTF-8 byte-order
//! mark or valid UTF-8 wins. Otherwise the encoding whose byte pairs hold fewer impossible
//! trail bytes wins (GBK's and Big5's ranges differ); on a tie, the one in which more of the
//! characters xiangqi records are made of appear (piece names, 进退平, numerals, in simplified
//! or traditional form). This is the test XQWizard-era converters make, done on the bytes so
//! that only the winner is decoded.

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

/// Characters xiangqi records are made of, sorted for a binary search.
const COMMON: [char; 50] = {
    let mut chars = [
        '炮', '砲', '兵', '卒', '平', '进', '進', '退', '马', '馬', '车', '車', '相', '象', '仕',
        '士', '帅', '帥', '将', '將', '前', '后', '後', '中', '一', '二', '三', '四', '五', '六',
        '七', '八', '九', '红', '紅', '黑', '和', '胜', '勝', '负', '負', '先', '局', '对', '對',
        '赛', '賽', '棋', '红', '黑',
    ];
    // Insertion sort: const-evaluable.
    let mut i = 1;
    while i < chars.len() {
        let mut j = i;
        while j > 0 && (chars[j - 1] as u32) > (chars[j] as u32) {
            let t = chars[j];
            chars[j] = chars[j - 1];
            chars[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    chars
};

/// The two-byte codes of [`COMMON`] in an encoding as a set of 65,536 bits (characters it
/// lacks left out).
fn codes(encoding: &'static encoding_rs::Encoding) -> Box<[u64; 1024]> {
    let mut set = Box::new([0u64; 1024]);
    for c in COMMON {
        let mut buf = [0u8; 4];
        let (bytes, _, unmappable) = encoding.encode(c.encode_utf8(&mut buf));
        if let (false, &[lead, trail]) = (unmappable, &*bytes) {
            let code = usize::from(u16::from_be_bytes([lead, trail]));
            set[code / 64] |= 1 << (code % 64);
        }
    }
    set
}

fn has(set: &[u64; 1024], code: u16) -> bool {
    let code = usize::from(code);
    set[code / 64] & (1 << (code % 64)) != 0
}

/// Votes for GBK and for Big5 from the bytes alone, without decoding: pairs each cannot hold,
/// and pairs that are characters records are made of. Both are double-byte encodings with lead
/// bytes from 0x81, so both read the same pairs; GBK's trail bytes are 0x40–0xFE but 0x7F,
/// Big5's 0x40–0x7E and 0xA1–0xFE; GB18030's four-byte forms have a digit second.
#[derive(Debug, Default)]
struct Votes {
    bad_gbk: usize,
    bad_big5: usize,
    gbk: usize,
    big5: usize,
}

fn votes(bytes: &[u8]) -> Votes {
    type Set = Box<[u64; 1024]>;
    static CODES: std::sync::OnceLock<(Set, Set)> = std::sync::OnceLock::new();
    let (gbk_codes, big5_codes) = CODES.get_or_init(|| (codes(GBK), codes(BIG5)));
    let mut v = Votes::default();
    let mut i = 0;
    while i < bytes.len() {
        let lead = bytes[i];
        if lead < 0x80 {
            i += 1;
            continue;
        }
        let Some(&trail) = bytes.get(i + 1) else {
            break;
        };
        if lead == 0x80 || lead == 0xFF {
            v.bad_gbk += 1;
            v.bad_big5 += 1;
            i += 1;
            continue;
        }
        if trail.is_ascii_digit() {
            // GB18030's four-byte form; no Big5 trail byte is a digit.
            v.bad_big5 += 1;
            i += 4;
            continue;
        }
        if !(0x40..=0xFE).contains(&trail) || trail == 0x7F {
            v.bad_gbk += 1;
        }
        if !((0x40..=0x7E).contains(&trail) || (0xA1..=0xFE).contains(&trail)) {
            v.bad_big5 += 1;
        }
        let code = u16::from_be_bytes([lead, trail]);
        v.gbk += usize::from(has(gbk_codes, code));
        v.big5 += usize::from(has(big5_codes, code));
        i += 2;
    }
    v
}

/// How many bytes [`detect`] looks at: enough for the tags and the first moves of a game.
const SAMPLE: usize = 8 * 1024;

/// Guesses the encoding of `bytes` from their first few kilobytes.
pub fn detect(bytes: &[u8]) -> Encoding {
    guess(bytes)
}

/// The encoding of `bytes`; the text is not decoded to tell (record collections are large:
/// one decoding, of the winner, is all the reader pays).
fn guess(bytes: &[u8]) -> Encoding {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return Encoding::Utf8;
    }
    // A sample from the first non-ASCII byte on, cut after a line break so that no character
    // is cut in two.
    let Some(first) = bytes.iter().position(|b| !b.is_ascii()) else {
        return Encoding::Utf8;
    };
    let rest = &bytes[first..];
    let sample = if rest.len() <= SAMPLE {
        rest
    } else {
        let cut = rest[..SAMPLE]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(SAMPLE, |i| i + 1);
        &rest[..cut]
    };
    let utf8_ok = match std::str::from_utf8(sample) {
        Ok(_) => true,
        // The sample may end inside a character when it has no line break.
        Err(e) => e.error_len().is_none() && sample.len() < rest.len(),
    };
    if utf8_ok {
        return Encoding::Utf8;
    }
    let v = votes(sample);
    if v.bad_gbk != v.bad_big5 {
        if v.bad_gbk < v.bad_big5 {
            Encoding::Gbk
        } else {
            Encoding::Big5
        }
    } else if v.big5 > v.gbk {
        Encoding::Big5
    } else {
        Encoding::Gbk
    }
}

/// Decodes `bytes` (detecting the encoding if `encoding` is `None`), replacing bad sequences
/// with U+FFFD; a UTF-8 byte-order mark is dropped.
pub fn decode(bytes: &[u8], encoding: Option<Encoding>) -> (String, Encoding) {
    let encoding = encoding.unwrap_or_else(|| guess(bytes));
    let text = match encoding {
        Encoding::Utf8 => UTF_8.decode_with_bom_removal(bytes).0,
        Encoding::Gbk => GB18030.decode_without_bom_handling(bytes).0,
        Encoding::Big5 => BIG5.decode_without_bom_handling(bytes).0,
    };
    (text.into_owned(), encoding)
}

/// Decodes `bytes` into `out` (cleared first) as [`decode`] does, reusing its allocation;
/// returns the encoding.
pub fn decode_into(bytes: &[u8], encoding: Option<Encoding>, out: &mut String) -> Encoding {
    let encoding = encoding.unwrap_or_else(|| guess(bytes));
    out.clear();
    let mut decoder = match encoding {
        Encoding::Utf8 => {
            // Valid UTF-8 (nearly always) is copied as it is.
            let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            if let Ok(text) = std::str::from_utf8(text) {
                out.push_str(text);
                return encoding;
            }
            UTF_8.new_decoder_with_bom_removal()
        }
        Encoding::Gbk => GB18030.new_decoder_without_bom_handling(),
        Encoding::Big5 => BIG5.new_decoder_without_bom_handling(),
    };
    let mut src = bytes;
    loop {
        let room = decoder
            .max_utf8_buffer_length(src.len())
            .unwrap_or(src.len().saturating_mul(3));
        out.reserve(room);
        let (result, read, _) = decoder.decode_to_string(src, out, true);
        src = &src[read..];
        if result == encoding_rs::CoderResult::InputEmpty {
            return encoding;
        }
    }
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
    fn decodes_into_a_buffer_as_decode_does() {
        let text = "[Event \"x\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８\n";
        let mut out = String::from("left over");
        for bytes in [
            encode(text, Encoding::Big5),
            encode(text, Encoding::Gbk),
            text.as_bytes().to_vec(),
            [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat(),
            [text.as_bytes(), b"\xFF\xFE bad \xE7\x82"].concat(),
            [encode(text, Encoding::Big5).as_slice(), b"\xFF\x81"].concat(),
        ] {
            let encoding = decode_into(&bytes, None, &mut out);
            assert_eq!((out.clone(), encoding), decode(&bytes, None));
        }
    }

    #[test]
    fn detects_from_a_sample_of_a_long_text() {
        let mut text = String::from("[Event \"x\"]\n");
        while text.len() < 3 * SAMPLE {
            text.push_str("1. 炮二平五 馬８進７ 2. 馬二進三 車９平８\n");
        }
        let big5 = encode(&text, Encoding::Big5);
        assert_eq!(detect(&big5), Encoding::Big5);
        assert_eq!(detect(&encode(&text, Encoding::Gbk)), Encoding::Gbk);
        assert_eq!(detect(text.as_bytes()), Encoding::Utf8);
        // UTF-8 cut inside a character by a sample without line breaks.
        let long: String = "炮".repeat(SAMPLE);
        assert_eq!(detect(long.as_bytes()), Encoding::Utf8);
        // A long ASCII head does not hide the Big5 after it.
        let mut late = "[Event \"x\"]\n".repeat(SAMPLE);
        late.push_str("1. 炮二平五 馬８進７\n");
        assert_eq!(detect(&encode(&late, Encoding::Big5)), Encoding::Big5);
    }

    #[test]
    fn parses_names() {
        assert_eq!("UTF-8".parse(), Ok(Encoding::Utf8));
        assert_eq!("gbk".parse(), Ok(Encoding::Gbk));
        assert_eq!("Big5".parse(), Ok(Encoding::Big5));
        assert!("latin1".parse::<Encoding>().is_err());
    }
}
