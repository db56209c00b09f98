//! The tournament's JSON views: derived from the types, one struct per shape the API answers.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use xiangqi_tournament::{
    GameResult, Player, PlayerId,
    knockout::Placings,
    rating::KBand,
    tournament::{Format, Round, Tournament},
};

use super::stream::{BoardGame, Meta, TournamentState};
use crate::{
    competition::{
        FormatView, MatchView, PartView, StandingRow, TieBreakName, bracket_rounds, color_name,
        games_rule_set, outcome_name,
    },
    games::views::{FoulCounts, RulesView},
};

/// A board of a round.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BoardView<'a> {
    board: u32,
    red: u32,
    black: u32,
    result: Option<&'static str>,
    /// The live game started for the board.
    game: Option<&'a str>,
    /// Red's and Black's fouls in the board's live game, as its score sheet notes them (CXA
    /// 2011 art. 9).
    #[serde(skip_serializing_if = "Option::is_none")]
    fouls: Option<FoulCounts>,
}

/// A round: its boards, byes, the seed of its lots, whether every board has a result.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RoundView<'a> {
    round: u32,
    games: Vec<BoardView<'a>>,
    byes: Vec<u32>,
    seed: Option<u64>,
    complete: bool,
}

impl<'a> RoundView<'a> {
    /// Round `r` of `s`, with its live games and their fouls.
    pub fn new(r: &Round, s: &'a TournamentState) -> RoundView<'a> {
        let meta = &s.meta;
        let fouls = |round, board| s.tournament.game_fouls(round, board);
        RoundView {
            round: r.number,
            games: r
                .games
                .iter()
                .map(|g| BoardView {
                    board: g.pairing.board,
                    red: g.pairing.red.get(),
                    black: g.pairing.black.get(),
                    result: g.result.map(GameResult::notation),
                    game: meta
                        .games
                        .get(&(r.number, g.pairing.board))
                        .map(|b| b.game.as_str()),
                    fouls: fouls(r.number, g.pairing.board)
                        .map(|[red, black]| FoulCounts { red, black }),
                })
                .collect(),
            byes: r.byes.iter().map(|p| p.get()).collect(),
            seed: r.seed,
            complete: r.games.iter().all(|g| g.result.is_some()),
        }
    }

    /// Round `number` of `s`, if paired.
    pub fn find(s: &'a TournamentState, number: u32) -> Option<RoundView<'a>> {
        s.tournament
            .rounds()
            .iter()
            .find(|r| r.number == number)
            .map(|r| RoundView::new(r, s))
    }
}

/// Points per result under the tournament's scoring.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ScoringView {
    win: String,
    draw_red: String,
    draw_black: String,
    loss: String,
}

/// A registered player with what the format has made of them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlayerView<'a> {
    no: u32,
    name: &'a str,
    rating: Option<u16>,
    club: Option<&'a str>,
    federation: Option<&'a str>,
    withdrawn_after: Option<u32>,
    eliminated_after: Option<u32>,
}

/// The whole tournament.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TournamentView<'a> {
    id: &'a str,
    name: &'a str,
    /// The book and every number its games play by, the organiser's or the book's.
    rules: RulesView,
    format: FormatView,
    scoring: ScoringView,
    tie_breaks: Vec<&'static str>,
    engine: &'static str,
    organiser: &'a str,
    arbiters: &'a [String],
    created_at_ms: u64,
    time_control: Option<&'a str>,
    kept_apart: Vec<Vec<u32>>,
    stage_of: Option<&'a str>,
    #[serde(rename = "final")]
    final_id: Option<&'a str>,
    seq: u64,
    total_rounds: u32,
    players: Vec<PlayerView<'a>>,
    qualifiers: Vec<u32>,
    in_knockout_stage: bool,
    elimination_due: Vec<u32>,
    champion: Option<u32>,
    rounds: Vec<RoundView<'a>>,
}

fn numbers(players: &[PlayerId]) -> Vec<u32> {
    players.iter().map(|p| p.get()).collect()
}

impl<'a> TournamentView<'a> {
    /// Tournament `id` as of `seq`.
    pub fn new(id: &'a str, seq: u64, s: &'a TournamentState) -> TournamentView<'a> {
        let t = &s.tournament;
        let scoring = t.scoring();
        TournamentView {
            id,
            name: t.name(),
            rules: RulesView::new(&games_rule_set(t.rules(), t.game_rules())),
            format: t.format().into(),
            scoring: ScoringView {
                win: scoring.win.to_string(),
                draw_red: scoring.draw_red.to_string(),
                draw_black: scoring.draw_black.to_string(),
                loss: scoring.loss.to_string(),
            },
            tie_breaks: t.tie_break_order().iter().map(|tb| tb.code()).collect(),
            engine: s.meta.engine.name(),
            organiser: &s.meta.owner,
            arbiters: &s.meta.arbiters,
            created_at_ms: s.meta.created_at_ms,
            time_control: s.meta.time_control.as_deref(),
            kept_apart: t.kept_apart(),
            stage_of: s.meta.stage_of.as_deref(),
            final_id: s.meta.final_id.as_deref(),
            seq,
            total_rounds: t.total_rounds(),
            players: t
                .players()
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let id = PlayerId::from_index(i);
                    PlayerView {
                        no: id.get(),
                        name: &p.name,
                        rating: p.rating,
                        club: p.club.as_deref(),
                        federation: p.federation.as_deref(),
                        withdrawn_after: t.withdrawn_after(id),
                        eliminated_after: t.eliminated_after(id),
                    }
                })
                .collect(),
            qualifiers: numbers(&t.qualifiers()),
            in_knockout_stage: t.in_knockout_stage(),
            elimination_due: numbers(&t.elimination_due()),
            champion: t.champion().map(PlayerId::get),
            rounds: t.rounds().iter().map(|r| RoundView::new(r, s)).collect(),
        }
    }
}

/// A newly registered player.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RegisteredView<'a> {
    no: usize,
    name: &'a str,
    rating: Option<u16>,
    club: Option<&'a str>,
    federation: Option<&'a str>,
}

/// The players just registered.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RegisteredPlayers<'a> {
    players: Vec<RegisteredView<'a>>,
    seq: u64,
}

impl<'a> RegisteredPlayers<'a> {
    /// The last `count` of `all`.
    pub fn new(all: &'a [Player], count: usize, seq: u64) -> RegisteredPlayers<'a> {
        let first = all.len().saturating_sub(count);
        RegisteredPlayers {
            players: all[first..]
                .iter()
                .enumerate()
                .map(|(k, p)| RegisteredView {
                    no: first + k + 1,
                    name: &p.name,
                    rating: p.rating,
                    club: p.club.as_deref(),
                    federation: p.federation.as_deref(),
                })
                .collect(),
            seq,
        }
    }
}

/// A withdrawal as recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WithdrawalView {
    pub player: u32,
    pub withdrawn_after: Option<u32>,
    pub seq: u64,
}

/// A penalty as recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PenaltyView<'a> {
    pub player: u32,
    pub round: u32,
    pub penalty: &'a str,
    pub seq: u64,
}

/// The appointed arbiters.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ArbitersView<'a> {
    pub arbiters: &'a [String],
    pub seq: u64,
}

/// Who is kept apart.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct KeptApartView {
    pub kept_apart: Vec<Vec<u32>>,
    pub seq: u64,
}

/// A row of the standings, marked with what the format makes of it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StandingsRowView {
    #[serde(flatten)]
    row: StandingRow,
    withdrawn_after: Option<u32>,
    eliminated_after: Option<u32>,
    qualifier: bool,
    elimination_due: bool,
    /// A knockout's place (CXA 10.4): `rank` to `down_to` when a bracket round's losers
    /// share it; `null` elsewhere and for a player still in.
    down_to: Option<u32>,
    /// A knockout's player still in (no place yet: `rank` is then 1, the best still open).
    still_in: bool,
}

/// The standings, each row marked with what the format makes of it: withdrawn, eliminated
/// (CXA 10.6), going through to the knockout (CXA 10.5), or due to be out after this round.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StandingsView {
    tie_breaks: Vec<TieBreakName>,
    standings: Vec<StandingsRowView>,
    in_knockout_stage: bool,
    /// `knockout` for a knockout (also drawn by lot each round): ranked by the round reached
    /// and the placing matches (CXA 10.4), no tie-breaks; else `tie_breaks`.
    ranked_by: &'static str,
}

impl StandingsView {
    /// The standings of `t`.
    pub fn new(t: &Tournament) -> StandingsView {
        let qualifiers = t.qualifiers();
        let due = t.elimination_due();
        if matches!(
            t.format(),
            Format::Knockout { .. } | Format::LotKnockout { .. }
        ) {
            return StandingsView::knockout(t);
        }
        StandingsView {
            ranked_by: "tie_breaks",
            tie_breaks: t.tie_break_order().iter().map(TieBreakName::from).collect(),
            standings: t
                .standings()
                .into_iter()
                .map(|s| {
                    let id = PlayerId::from_index(s.competitor);
                    let name = t.players().get(s.competitor).map(|p| p.name.as_str());
                    StandingsRowView {
                        row: StandingRow::new(&s, name),
                        withdrawn_after: t.withdrawn_after(id),
                        eliminated_after: t.eliminated_after(id),
                        qualifier: qualifiers.contains(&id),
                        elimination_due: due.contains(&id),
                        down_to: None,
                        still_in: false,
                    }
                })
                .collect(),
            in_knockout_stage: t.in_knockout_stage(),
        }
    }

    /// A knockout's standings (CXA 10.4): by the round reached and the placing matches, the
    /// places `/bracket` and the CLI's `places` show; players still in first.
    fn knockout(t: &Tournament) -> StandingsView {
        let scores = t.standings();
        let rows = t
            .knockout_standings()
            .into_iter()
            .map(|(id, place)| {
                let score = scores
                    .iter()
                    .find(|s| s.competitor == id.index())
                    .map_or_else(|| "0".to_owned(), |s| s.score.to_string());
                StandingsRowView {
                    row: StandingRow {
                        rank: place.map_or(1, |k| k.place),
                        no: id.index() + 1,
                        name: t.players().get(id.index()).map(|p| p.name.clone()),
                        score,
                        tie_breaks: Vec::new(),
                    },
                    withdrawn_after: t.withdrawn_after(id),
                    eliminated_after: t.eliminated_after(id),
                    qualifier: false,
                    elimination_due: false,
                    down_to: place.map(|k| k.down_to),
                    still_in: place.is_none(),
                }
            })
            .collect();
        StandingsView {
            tie_breaks: Vec::new(),
            standings: rows,
            in_knockout_stage: t.in_knockout_stage(),
            ranked_by: "knockout",
        }
    }
}

/// One team's line of the 队员总分制 standings (CXA 11.5, 14.8).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TeamPlacesRow {
    rank: u32,
    team: String,
    /// The sum of the counted places: fewer first (14.8).
    sum: u32,
    /// The best individual place: equal sums go by it (14.8).
    best: Option<u32>,
    /// Whether the team had as many placed players as are counted; incomplete teams last.
    complete: bool,
    /// The counted players (start number, name, place), best first.
    places: Vec<TeamPlaceEntry>,
}

/// A counted player of a team.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TeamPlaceEntry {
    no: u32,
    name: String,
    place: u32,
}

/// 队员总分制 (CXA 11.5, ranked by 14.8): the event's units (clubs) as teams.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TeamPlacesView {
    /// Places each team counted.
    counted: usize,
    teams: Vec<TeamPlacesRow>,
}

impl TeamPlacesView {
    /// `t`'s clubs ranked by the sum of their best `count` places.
    pub fn new(t: &Tournament, count: Option<usize>) -> TeamPlacesView {
        let rows = t.place_sum_standings(count);
        let counted = count.unwrap_or_else(|| {
            rows.iter()
                .find(|r| r.complete)
                .map_or(0, |r| r.counted.len())
        });
        TeamPlacesView {
            counted,
            teams: rows
                .into_iter()
                .map(|r| TeamPlacesRow {
                    rank: r.rank,
                    team: r.team,
                    sum: r.sum,
                    best: r.best,
                    complete: r.complete,
                    places: r
                        .counted
                        .iter()
                        .map(|&(p, place)| TeamPlaceEntry {
                            no: p.get(),
                            name: t
                                .players()
                                .get(p.index())
                                .map(|x| x.name.clone())
                                .unwrap_or_default(),
                            place,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// One cell of the crosstable.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CrossResult {
    round: u32,
    opponent: Option<u32>,
    color: Option<&'static str>,
    outcome: &'static str,
    points: String,
}

/// One row of the crosstable.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CrossRow<'a> {
    rank: u32,
    no: usize,
    name: Option<&'a str>,
    score: String,
    results: Vec<CrossResult>,
}

/// The crosstable; a Swiss then knockout's is its Swiss stage's (CXA 10.5: the knockout is
/// the bracket).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CrosstableView<'a> {
    rounds: usize,
    rows: Vec<CrossRow<'a>>,
}

impl<'a> CrosstableView<'a> {
    /// The crosstable of `t`.
    pub fn new(t: &'a Tournament) -> CrosstableView<'a> {
        let results = t.results();
        let scoring = t.scoring();
        let shown = match t.format() {
            Format::SwissKnockout { rounds, .. } => t.rounds().len().min(rounds as usize),
            _ => t.rounds().len(),
        };
        let rows = t
            .standings()
            .into_iter()
            .map(|s| {
                let row = results
                    .get(s.competitor)
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                CrossRow {
                    rank: s.rank,
                    no: s.competitor + 1,
                    name: t.players().get(s.competitor).map(|p| p.name.as_str()),
                    score: s.score.to_string(),
                    results: row
                        .iter()
                        .filter(|r| r.round as usize <= shown)
                        .map(|r| CrossResult {
                            round: r.round,
                            opponent: r.opponent.map(PlayerId::get),
                            color: r.color.map(color_name),
                            outcome: outcome_name(r.outcome),
                            points: scoring.points(r.outcome, r.color).to_string(),
                        })
                        .collect(),
                }
            })
            .collect();
        CrosstableView {
            rounds: shown,
            rows,
        }
    }
}

/// A live game of a board, with its tokens: for the officials.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BoardGameView<'a> {
    board: u32,
    game: &'a str,
    red_token: &'a str,
    black_token: &'a str,
    arbiter_token: &'a str,
}

/// The round's live games with the players' and arbiter's tokens, for the officials to hand out.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RoundGamesView<'a> {
    round: u32,
    time_control: Option<&'a str>,
    games: Vec<BoardGameView<'a>>,
}

impl<'a> RoundGamesView<'a> {
    /// Round `round`'s live games in `meta`.
    pub fn new(meta: &'a Meta, round: u32) -> RoundGamesView<'a> {
        RoundGamesView {
            round,
            time_control: meta.time_control.as_deref(),
            games: meta
                .games
                .range((round, 0)..=(round, u32::MAX))
                .map(|(_, b): (_, &'a BoardGame)| BoardGameView {
                    board: b.board,
                    game: &b.game,
                    red_token: &b.red_token,
                    black_token: &b.black_token,
                    arbiter_token: &b.arbiter_token,
                })
                .collect(),
        }
    }
}

/// A line of a double elimination: the knockout line and where it stands.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DoubleLineView {
    #[serde(flatten)]
    line: MatchView,
    part: PartView,
    loser: Option<u32>,
    needed: bool,
}

/// A round of a knockout's placing matches (附加赛, CXA 10.4): the places at stake, played
/// beside bracket round `bracket_round`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlacingRoundView {
    bracket_round: u32,
    first_place: u32,
    last_place: u32,
    lines: Vec<MatchView>,
}

/// Where a player of a knockout finished (CXA 10.4): by the round reached and the placing
/// matches; `place` to `down_to` when shared, both null while not settled.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlaceView {
    no: u32,
    place: Option<u32>,
    down_to: Option<u32>,
}

fn placings_name(p: Placings) -> &'static str {
    match p {
        Placings::None => "none",
        Placings::Third => "third",
        Placings::All => "all",
    }
}

fn placing_rounds(t: &Tournament) -> Vec<PlacingRoundView> {
    t.placing_matches()
        .iter()
        .map(|r| PlacingRoundView {
            bracket_round: r.bracket_round,
            first_place: r.first_place,
            last_place: r.last_place,
            lines: r.lines.iter().map(MatchView::from).collect(),
        })
        .collect()
}

fn places(t: &Tournament) -> Vec<PlaceView> {
    t.knockout_standings()
        .into_iter()
        .map(|(p, k)| PlaceView {
            no: p.get(),
            place: k.map(|k| k.place),
            down_to: k.map(|k| k.down_to),
        })
        .collect()
}

/// A bracket: a knockout's, a Swiss then knockout's, a double elimination's.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum BracketView {
    /// A knockout's rounds (CXA 2011 art. 10.4), its placing matches (附加赛) and places.
    Knockout {
        rounds: Vec<Vec<MatchView>>,
        champion: Option<u32>,
        /// `none`, `third` or `all`.
        placings: &'static str,
        placing: Vec<PlacingRoundView>,
        places: Vec<PlaceView>,
    },
    /// A Swiss then knockout's, from its qualifiers (CXA 10.5).
    SwissKnockout {
        stage: &'static str,
        first_round: u32,
        qualifiers: Vec<u32>,
        rounds: Vec<Vec<MatchView>>,
        champion: Option<u32>,
        /// `none`, `third` or `all`.
        placings: &'static str,
        placing: Vec<PlacingRoundView>,
        places: Vec<PlaceView>,
    },
    /// A double elimination's lines in playing order.
    Double {
        reset: bool,
        matches: Vec<DoubleLineView>,
        champion: Option<u32>,
    },
}

impl BracketView {
    /// The bracket of `t`, if it has one.
    pub fn new(t: &Tournament) -> Option<BracketView> {
        let champion = t.champion().map(PlayerId::get);
        Some(match t.format() {
            Format::Knockout { .. } | Format::LotKnockout { .. } => BracketView::Knockout {
                rounds: bracket_rounds(&t.bracket()),
                champion,
                placings: placings_name(t.placings()),
                placing: placing_rounds(t),
                places: places(t),
            },
            Format::SwissKnockout { rounds, .. } => BracketView::SwissKnockout {
                stage: if t.in_knockout_stage() {
                    "knockout"
                } else {
                    "swiss"
                },
                first_round: rounds + 1,
                qualifiers: numbers(&t.qualifiers()),
                rounds: bracket_rounds(&t.bracket()),
                champion,
                placings: placings_name(t.placings()),
                placing: placing_rounds(t),
                places: places(t),
            },
            Format::DoubleElimination { reset, .. } => BracketView::Double {
                reset,
                matches: t
                    .double_bracket()
                    .iter()
                    .map(|m| DoubleLineView {
                        line: MatchView::from(&m.line),
                        part: m.part.into(),
                        loser: m.loser.map(PlayerId::get),
                        needed: m.needed,
                    })
                    .collect(),
                champion,
            },
            _ => return None,
        })
    }
}

/// One group with its standings.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GroupView {
    group: usize,
    players: Vec<u32>,
    standings: Vec<StandingRow>,
}

/// A group stage's groups with their standings, and its final once opened (CXA 2011 art. 10.2).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GroupsView<'a> {
    groups: Vec<GroupView>,
    tie_breaks: Vec<&'static str>,
    #[serde(rename = "final")]
    final_id: Option<&'a str>,
}

impl<'a> GroupsView<'a> {
    /// The groups of `s`, if it is a group stage.
    pub fn new(s: &'a TournamentState) -> Option<GroupsView<'a>> {
        let t = &s.tournament;
        if !matches!(t.format(), Format::Groups { .. }) {
            return None;
        }
        let standings = t.group_standings();
        let groups = t
            .groups()
            .iter()
            .zip(standings.iter().map(Some).chain(std::iter::repeat(None)))
            .enumerate()
            .map(|(k, (members, st))| GroupView {
                group: k + 1,
                players: numbers(members),
                standings: st
                    .map(|st| {
                        st.iter()
                            .map(|s| {
                                let name = t.players().get(s.competitor).map(|p| p.name.as_str());
                                StandingRow::new(s, name)
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
            })
            .collect();
        Some(GroupsView {
            groups,
            tie_breaks: t.tie_break_order().iter().map(|tb| tb.code()).collect(),
            final_id: s.meta.final_id.as_deref(),
        })
    }
}

/// The tournament board a live game was started for.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ByGameView<'a> {
    pub tournament: &'a str,
    pub name: String,
    pub round: u32,
    pub board: u32,
    pub game: &'a str,
}

/// Every tournament's and team event's id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TournamentList {
    pub tournaments: Vec<String>,
}

/// One player's line of the rating report (等级分; see `xiangqi_tournament::rating`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RatingLineView {
    /// Start number.
    no: u32,
    name: String,
    /// Rating before the event; null for an unrated player.
    rating: Option<u16>,
    /// Games played over the board against rated opponents.
    games: u32,
    /// Points in those games, a win 1 and a draw ½.
    score: f64,
    /// Expected points in those games by the logistic curve (0 for the unrated).
    expected: f64,
    /// K from the organiser's table (rated players only).
    k: Option<u32>,
    /// K × (score − expected), unrounded (rated players only).
    change: Option<f64>,
    /// Opponents' average plus the curve's difference for the score.
    performance: Option<i32>,
    /// The rating after the event; an unrated player's performance once enough games.
    new_rating: Option<i32>,
}

/// One band of the K table: the first band that matches a player gives their K.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct KBandView {
    /// Matches a player with fewer rated games than this before the event.
    #[serde(default)]
    #[schema(maximum = 2147483647)]
    pub games_below: Option<u32>,
    /// Matches a player rated below this before the event.
    #[serde(default)]
    #[schema(maximum = 65535)]
    pub rating_below: Option<u16>,
    /// The K factor (1–100).
    #[schema(minimum = 1, maximum = 100)]
    pub k: u32,
}

impl From<KBand> for KBandView {
    fn from(b: KBand) -> KBandView {
        KBandView {
            games_below: b.games_below,
            rating_below: b.rating_below,
            k: b.k,
        }
    }
}

/// The rating report of a tournament: the rules in force and a line per player.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RatingsView {
    /// The K table, tried in order.
    k_table: Vec<KBandView>,
    /// The largest rating difference counted (FIDE: 400); null for none.
    difference_cap: Option<u16>,
    /// Games against rated opponents an unrated player needs for a performance rating.
    performance_after: u32,
    /// Rated games before the event by start number, for the K table's new-player band.
    prior_games: BTreeMap<u32, u32>,
    /// A line per player, in start-number order.
    lines: Vec<RatingLineView>,
    /// The event's sequence number the report was computed at.
    seq: u64,
}

impl RatingsView {
    /// The rating report of `t` at `seq`.
    pub fn new(t: &Tournament, seq: u64) -> RatingsView {
        let report = t.ratings();
        RatingsView {
            k_table: report
                .rules
                .k_table
                .bands()
                .iter()
                .copied()
                .map(KBandView::from)
                .collect(),
            difference_cap: report.rules.difference_cap,
            performance_after: report.rules.performance_after,
            prior_games: report.rules.prior_games.clone(),
            lines: report
                .lines
                .into_iter()
                .map(|l| RatingLineView {
                    no: l.player.get(),
                    name: l.name,
                    rating: l.rating,
                    games: l.games,
                    score: l.score,
                    expected: l.expected,
                    k: l.k,
                    change: l.change,
                    performance: l.performance,
                    new_rating: l.new_rating,
                })
                .collect(),
            seq,
        }
    }
}

/// One lot of the start-number draw: lot number `lot` (the place in the order table or the
/// bracket's seed) is held by player `no`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LotView {
    lot: u32,
    no: u32,
}

/// The start-number draw in force (抽签; CXA 14.4 redraws counted).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DrawView {
    /// The seed the lots were drawn from.
    seed: u64,
    /// Times drawn again after a withdrawal before the start left a round robin even.
    redraws: u32,
    /// The lots in order.
    lots: Vec<LotView>,
    seq: u64,
}

impl DrawView {
    /// The draw of `t`, if one was made.
    pub fn new(t: &Tournament, seq: u64) -> Option<DrawView> {
        let d = t.start_draw()?;
        Some(DrawView {
            seed: d.seed,
            redraws: d.redraws,
            lots: d
                .order
                .iter()
                .enumerate()
                .map(|(k, p)| LotView {
                    lot: k as u32 + 1,
                    no: p.get(),
                })
                .collect(),
            seq,
        })
    }
}
