//! FIDE Tournament Report File (TRF-16) with the TRF(x) extensions `XXR` (number of rounds) and
//! `XXS` (points per result), so any pairing or tie-break can be cross-checked by another
//! program (STYLE 11).
//!
//! Mapping: FIDE's white is red, black is black. A player line's result codes: `1 = 0` over the
//! board, `+ -` forfeits (CXA 20.3), `U`/`F` the bye (CXA 14.4), `H`/`Z`/blank not paired.
//! Xiangqi has no requested half-point bye, so `H` is read as not paired (the half point is
//! lost); `W D L` (unrated games) read as `1 = 0`.

use crate::{
    round_robin::Pairing,
    scoring::ScoringScheme,
    tournament::{Event, Format, RoundResult, Tournament},
    types::{Color, GameResult, Outcome, Player, PlayerId, Points, RuleSet},
};

/// Why a TRF file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    /// A player line is malformed.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Two lines disagree about one game.
    #[error("round {round}: players {a} and {b} disagree about their game")]
    Inconsistent {
        /// Round.
        round: u32,
        /// One player.
        a: u32,
        /// The other.
        b: u32,
    },
}

#[derive(Debug, Clone, Copy)]
struct Cell {
    opponent: u32,
    color: Option<Color>,
    code: char,
}

fn field_text(chars: &[char], from: usize, to: usize) -> String {
    chars
        .get(from.min(chars.len())..to.min(chars.len()))
        .map(|s| s.iter().collect::<String>())
        .unwrap_or_default()
        .trim()
        .to_owned()
}

/// Reads a TRF file into the events that build the same tournament.
///
/// `format` defaults to a Swiss over `XXR` rounds (or the rounds present); `scoring` to the
/// file's `XXS` line, else 1/½/0 as TRF assumes.
///
/// # Errors
/// A malformed player line or two lines that disagree about a game.
pub fn import(
    text: &str,
    rules: RuleSet,
    format: Option<Format>,
    scoring: Option<ScoringScheme>,
) -> Result<Vec<Event>, TrfError> {
    let mut name = String::from("imported");
    let mut xxr = None;
    let mut xxs = None;
    let mut players: Vec<(u32, Player, Vec<Cell>)> = Vec::new();
    for (k, line) in text.split(['\n', '\r']).enumerate() {
        let bad = |message: String| TrfError::Line {
            line: k + 1,
            message,
        };
        if let Some(rest) = line.strip_prefix("012 ") {
            name = rest.trim().to_owned();
        } else if let Some(rest) = line.strip_prefix("XXR ") {
            xxr = Some(
                rest.trim()
                    .parse::<u32>()
                    .map_err(|_| bad(format!("bad XXR {rest:?}")))?,
            );
        } else if let Some(rest) = line.strip_prefix("XXS ") {
            xxs = Some(parse_xxs(rest).map_err(bad)?);
        } else if line.starts_with("001") {
            let chars: Vec<char> = line.chars().collect();
            let start: u32 = field_text(&chars, 4, 8)
                .parse()
                .map_err(|_| bad("bad start number".into()))?;
            let rating = field_text(&chars, 48, 52);
            let fed = field_text(&chars, 53, 56);
            let player = Player {
                name: field_text(&chars, 14, 47),
                rating: if rating.is_empty() {
                    None
                } else {
                    Some(
                        rating
                            .parse()
                            .map_err(|_| bad(format!("bad rating {rating:?}")))?,
                    )
                },
                club: None,
                federation: (!fed.is_empty()).then_some(fed),
            };
            let mut cells = Vec::new();
            let mut at = 89;
            while at < chars.len() {
                let block: Vec<char> = chars[at..(at + 10).min(chars.len())].to_vec();
                let opp = field_text(&block, 0, 6);
                let opponent = if opp.is_empty() {
                    0
                } else {
                    opp.parse()
                        .map_err(|_| bad(format!("bad opponent {opp:?}")))?
                };
                let color = match block.get(7) {
                    Some('w' | 'W') => Some(Color::Red),
                    Some('b' | 'B') => Some(Color::Black),
                    _ => None,
                };
                let code = block.get(9).copied().unwrap_or(' ');
                cells.push(Cell {
                    opponent,
                    color,
                    code,
                });
                at += 10;
            }
            players.push((start, player, cells));
        }
    }
    players.sort_by_key(|p| p.0);
    for (k, p) in players.iter().enumerate() {
        if p.0 as usize != k + 1 {
            return Err(TrfError::Line {
                line: 0,
                message: format!("start numbers must run 1..{}", players.len()),
            });
        }
    }
    let rounds_present = players.iter().map(|p| p.2.len()).max().unwrap_or(0) as u32;
    let format = format.unwrap_or(Format::Swiss {
        rounds: xxr.unwrap_or(rounds_present).max(1),
    });
    let mut events = vec![Event::Created {
        name,
        rules,
        format,
        scoring: scoring.or(xxs).unwrap_or(ScoringScheme::ONE_HALF_ZERO),
        tie_breaks: None,
    }];
    events.extend(players.iter().map(|p| Event::Registered {
        player: p.1.clone(),
    }));
    for r in 0..rounds_present as usize {
        let round = r as u32 + 1;
        let cell = |p: u32| {
            players
                .get(p as usize - 1)
                .and_then(|x| x.2.get(r))
                .copied()
        };
        let mut games = Vec::new();
        let mut results = Vec::new();
        let mut byes = Vec::new();
        for (start, _, cells) in &players {
            let Some(c) = cells.get(r) else { continue };
            if c.opponent == 0 {
                if matches!(c.code, 'U' | 'F' | '+') {
                    byes.extend(PlayerId::new(*start));
                }
                continue;
            }
            let other = cell(c.opponent).ok_or(TrfError::Inconsistent {
                round,
                a: *start,
                b: c.opponent,
            })?;
            if other.opponent != *start {
                return Err(TrfError::Inconsistent {
                    round,
                    a: *start,
                    b: c.opponent,
                });
            }
            // Each game once: from red's line, or from the lower number when neither has a colour.
            let is_red = match (c.color, other.color) {
                (Some(Color::Red), _) | (None, Some(Color::Black)) => true,
                (None, None) => *start < c.opponent,
                _ => false,
            };
            if !is_red {
                continue;
            }
            let result = match (c.code, other.code) {
                ('1' | 'W', _) => GameResult::RedWins,
                ('0' | 'L', _) => GameResult::BlackWins,
                ('=' | 'D', _) => GameResult::Draw,
                ('+', _) => GameResult::RedWinsByForfeit,
                ('-', '+') => GameResult::BlackWinsByForfeit,
                ('-', _) => GameResult::DoubleForfeit,
                _ => {
                    return Err(TrfError::Inconsistent {
                        round,
                        a: *start,
                        b: c.opponent,
                    });
                }
            };
            let (Some(red), Some(black)) = (PlayerId::new(*start), PlayerId::new(c.opponent))
            else {
                continue;
            };
            let board = games.len() as u32 + 1;
            games.push(Pairing { board, red, black });
            results.push(Event::ResultRecorded {
                round,
                board,
                result,
            });
        }
        events.push(Event::RoundPaired {
            round,
            games,
            byes,
            seed: None,
        });
        events.extend(results);
    }
    Ok(events)
}

/// Points as TRF writes them: at least one decimal (`4.0`, `3.5`).
fn trf_points(p: Points) -> String {
    let s = p.to_string();
    if s.contains('.') { s } else { format!("{s}.0") }
}

fn parse_xxs(rest: &str) -> Result<ScoringScheme, String> {
    let mut s = ScoringScheme::ONE_HALF_ZERO;
    for tok in rest.split_whitespace() {
        let Some((k, v)) = tok.split_once('=') else {
            return Err(format!("bad XXS item {tok:?}"));
        };
        let v: Points = v.parse().map_err(|e| format!("{e}"))?;
        match k {
            "WW" => s.win = v,
            "WD" => s.draw_red = v,
            "BD" => s.draw_black = v,
            "WL" => s.loss = v,
            _ => {}
        }
    }
    Ok(s)
}

/// Writes the tournament as TRF-16 with `XXR` and `XXS` lines. Points are the tournament's
/// own scheme (stated in `XXS`); the rank is the place in the standings.
#[must_use]
pub fn export(t: &Tournament) -> String {
    let s = t.scoring();
    let mut out = format!("012 {}\n", t.name());
    out.push_str(&format!("XXR {}\n", t.total_rounds()));
    out.push_str(&format!(
        "XXS WW={w} BW={w} WD={dr} BD={db} WL={l} BL={l} ZPB=0 HPB={dr} FPB={w} PAB={w} FW={w} FL={l}\n",
        w = trf_points(s.win),
        dr = trf_points(s.draw_red),
        db = trf_points(s.draw_black),
        l = trf_points(s.loss)
    ));
    let standings = t.standings();
    let results = t.results();
    let rounds = t.rounds().len() as u32;
    for (i, p) in t.players().iter().enumerate() {
        let st = standings.iter().find(|x| x.competitor == i);
        let name: String = p.name.chars().take(33).collect();
        let rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
        let fed: String = p
            .federation
            .clone()
            .unwrap_or_default()
            .chars()
            .take(3)
            .collect();
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4} {:<3}{:24}{:>4} {:>4}",
            i + 1,
            name,
            rating,
            fed,
            "",
            st.map(|x| trf_points(x.score)).unwrap_or_default(),
            st.map(|x| x.rank).unwrap_or(0)
        );
        for round in 1..=rounds {
            let cell = results[i].iter().find(|x| x.round == round);
            let block = match cell {
                None => "  0000 - Z".to_owned(),
                Some(&RoundResult {
                    opponent: opp,
                    color,
                    outcome,
                    ..
                }) => {
                    let c = match color {
                        Some(Color::Red) => 'w',
                        Some(Color::Black) => 'b',
                        None => '-',
                    };
                    let code = match outcome {
                        Outcome::Win => '1',
                        Outcome::Draw => '=',
                        Outcome::Loss => '0',
                        Outcome::ForfeitWin => '+',
                        Outcome::ForfeitLoss => '-',
                        Outcome::Bye => 'U',
                    };
                    match opp {
                        Some(o) => format!("  {:>4} {c} {code}", o.get()),
                        None => format!("  0000 - {code}"),
                    }
                }
            };
            line.push_str(&block);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiebreak::{self, TieBreak};

    const DIR: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/tournament/"
    );

    fn read(rel: &str) -> String {
        let path = format!("{DIR}{rel}");
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("missing test data {path}: {e}"))
    }

    fn rr6(scoring: ScoringScheme) -> Tournament {
        let events = import(
            &read("tiebreak_oracle/rr6.trf"),
            RuleSet::Cxa2011,
            Some(Format::RoundRobin { cycles: 1 }),
            Some(scoring),
        )
        .unwrap();
        Tournament::from_events(events).unwrap()
    }

    #[test]
    fn rr6_xiaofen_matches_the_hand_computed_oracle() {
        // CXA 14.1 小分 under 2/1/0 (rr6_expected.json).
        let t = rr6(ScoringScheme::CXA);
        let expected: serde_json::Value =
            serde_json::from_str(&read("tiebreak_oracle/rr6_expected.json")).unwrap();
        let field = t.field();
        for i in 0..6 {
            let key = (i + 1).to_string();
            let score = expected["score_2_1_0"][&key].as_f64().unwrap();
            let xf = expected["xiaofen_2_1_0"][&key].as_f64().unwrap();
            assert_eq!(
                field.competitors[i].score().as_f64(),
                score,
                "score of {key}"
            );
            let v = TieBreak::XiaoFen
                .value(&field, i, &[i])
                .as_points()
                .unwrap();
            assert_eq!(v.as_f64(), xf, "小分 of {key}");
        }
    }

    #[test]
    fn rr6_fide_tiebreaks_match_gacrux() {
        // rr6_tb.tsv: StartNo Rank PTS SB BH WIN BPG DE, under 1/½/0.
        let t = rr6(ScoringScheme::ONE_HALF_ZERO);
        let order = [
            TieBreak::XiaoFen,
            TieBreak::OpponentsScore,
            TieBreak::Wins,
            TieBreak::BlackGames,
            TieBreak::HeadToHead,
        ];
        let field = t.field();
        let standings = tiebreak::standings(&field, &order);
        let tsv = read("tiebreak_oracle/rr6_tb.tsv");
        let mut rows = 0;
        for line in tsv.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let i: usize = f[0].parse::<usize>().unwrap() - 1;
            let st = standings.iter().find(|s| s.competitor == i).unwrap();
            assert_eq!(st.rank, f[1].parse::<u32>().unwrap(), "rank of {}", i + 1);
            assert_eq!(
                st.score,
                f[2].parse::<Points>().unwrap(),
                "PTS of {}",
                i + 1
            );
            for (k, col) in [(0, 3), (1, 4), (2, 5), (3, 6)] {
                let got = TieBreak::value(order[k], &field, i, &[i]);
                let want: Points = f[col].parse().unwrap();
                let got = match order[k] {
                    TieBreak::Wins | TieBreak::BlackGames => {
                        Points::whole(got.text().parse().unwrap())
                    }
                    _ => got.as_points().unwrap(),
                };
                assert_eq!(got, want, "{} of {}", order[k].code(), i + 1);
            }
            rows += 1;
        }
        assert_eq!(rows, 6);
    }

    #[test]
    fn xiaofen_under_2_1_0_is_twice_sonneborn_berger() {
        let a = rr6(ScoringScheme::CXA).field();
        let b = rr6(ScoringScheme::ONE_HALF_ZERO).field();
        for i in 0..6 {
            let x = TieBreak::XiaoFen.value(&a, i, &[i]).as_points().unwrap();
            let sb = TieBreak::XiaoFen.value(&b, i, &[i]).as_points().unwrap();
            assert_eq!(x.quarters(), 2 * sb.quarters());
        }
    }

    #[test]
    fn export_reproduces_the_rr6_player_lines() {
        let t = rr6(ScoringScheme::ONE_HALF_ZERO);
        let out = export(&t);
        let original = read("tiebreak_oracle/rr6.trf");
        let rounds = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.starts_with("001"))
                .map(|l| l.chars().skip(89).collect::<String>())
                .collect()
        };
        assert_eq!(rounds(&out), rounds(&original));
        // And it reads back to the same tournament.
        let again = Tournament::from_events(
            import(
                &out,
                RuleSet::Cxa2011,
                Some(Format::RoundRobin { cycles: 1 }),
                None,
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(again.results(), t.results());
    }

    #[test]
    fn swiss_sample_with_byes_and_forfeits_imports() {
        // t100.trf: 100 players, 9 rounds, CR line ends, U/H/Z byes and forfeits.
        let events = import(&read("trf_samples/t100.trf"), RuleSet::Cxa2011, None, None).unwrap();
        let t = Tournament::from_events(events).unwrap();
        assert_eq!(t.players().len(), 100);
        assert_eq!(t.rounds().len(), 9);
        assert_eq!(t.standings().len(), 100);
    }

    #[test]
    fn t100_wins_black_games_and_points_match_gacrux() {
        // FIDE's WIN counts unplayed wins (forfeits, pairing and full-point byes) like CXA 14.4
        // and 20.3; BPG counts games played with black. PTS differs only where a player took a
        // half-point bye (H), which xiangqi rules do not have.
        let text = read("trf_samples/t100.trf");
        let t =
            Tournament::from_events(import(&text, RuleSet::Cxa2011, None, None).unwrap()).unwrap();
        let field = t.field();
        let half_bye: Vec<bool> = {
            let mut v = vec![false; 101];
            for line in text.split(['\n', '\r']).filter(|l| l.starts_with("001")) {
                let chars: Vec<char> = line.chars().collect();
                let no: usize = field_text(&chars, 4, 8).parse().unwrap();
                v[no] = chars.iter().skip(89).collect::<String>().contains('H');
            }
            v
        };
        let tsv = read("tiebreak_oracle/t100_gacrux_tiebreaks.tsv");
        let mut header = tsv.lines().next().unwrap().split('\t');
        let col = |name: &str| header.clone().position(|h| h == name).unwrap();
        let (pts, win, bpg) = (col("PTS"), col("WIN"), col("BPG"));
        let _ = header.next();
        let mut checked_pts = 0;
        for line in tsv.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let no: usize = f[0].parse().unwrap();
            let i = no - 1;
            assert_eq!(
                TieBreak::Wins.value(&field, i, &[i]).text(),
                f[win],
                "WIN of {no}"
            );
            assert_eq!(
                TieBreak::BlackGames.value(&field, i, &[i]).text(),
                f[bpg],
                "BPG of {no}"
            );
            if !half_bye[no] {
                assert_eq!(
                    field.competitors[i].score(),
                    f[pts].parse::<Points>().unwrap(),
                    "PTS of {no}"
                );
                checked_pts += 1;
            }
        }
        assert!(
            checked_pts > 50,
            "only {checked_pts} players without a half-point bye"
        );
    }

    #[test]
    fn malformed_lines_are_errors() {
        let e = import("001    x      A\n", RuleSet::Cxa2011, None, None);
        assert!(matches!(e, Err(TrfError::Line { line: 1, .. })));
        assert!(parse_xxs("WW").is_err());
        assert_eq!(
            parse_xxs("WW=3 WD=1 BD=2 WL=0").unwrap(),
            ScoringScheme::THREE_ZERO_BLACK_DRAW_TWO
        );
    }
}
