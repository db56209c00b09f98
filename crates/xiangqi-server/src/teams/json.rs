//! The team event's JSON views: derived from the types, one struct per shape the API answers.

use serde::Serialize;
use xiangqi_tournament::{
    Color, GameResult, Outcome, Points, ScoringScheme, match_points,
    team::BoardRule,
    team_tournament::{TeamEvent, TeamPairing, TeamRanking, TeamTournament},
    tournament::{Format, Penalty},
    wxf_two_game_team_match,
};

use crate::{
    competition::{FormatView, MatchView, StandingRow, TieBreakName, arbiter_book},
    error::ApiError,
    games::views::RulesView,
};

/// The board rule and scoring the event was created with: its first event, which
/// [`TeamTournament::from_events`] makes sure is [`TeamEvent::Created`].
pub(super) fn created_with(t: &TeamTournament) -> (BoardRule, ScoringScheme) {
    match t.events().first() {
        Some(TeamEvent::Created {
            board_rule,
            scoring,
            ..
        }) => (*board_rule, *scoring),
        _ => (BoardRule::Fixed, ScoringScheme::CXA),
    }
}

/// A board of a match: its players and colours from the line-ups (CXA 12.2: the first team
/// red on odd boards) and its result; with two games a board, the second's with colours
/// swapped (CXA 12.4).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = TeamBoardView)]
pub(super) struct BoardView {
    pub board: usize,
    pub red: Option<String>,
    pub black: Option<String>,
    pub red_team: usize,
    pub result: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result2: Option<Option<&'static str>>,
    /// An all-play-all's games on this board (全队轮赛制, CXA 11.4): the first-listed team's
    /// player against each of the other team's in turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<Vec<BoardGameView>>,
}

/// One game of an all-play-all board (CXA 11.4).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct BoardGameView {
    /// The game (轮) of the match, from 1.
    pub game: usize,
    /// The other team's board (line-up position) met in this game.
    pub facing: usize,
    pub red: Option<String>,
    pub black: Option<String>,
    pub red_team: usize,
    pub result: Option<&'static str>,
}

/// A match's score for both teams.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct ScoreView {
    pub game_points: [String; 2],
    pub complete: bool,
    pub match_points: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub big_points: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub small_points: Option<[String; 2]>,
}

/// A match of a round.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct MatchLineView<'a> {
    pub table: u32,
    pub first: usize,
    pub second: usize,
    pub lineups: [Option<&'a [usize]>; 2],
    pub boards: Vec<BoardView>,
    pub score: ScoreView,
    pub forfeited: Vec<usize>,
    pub cancelled: bool,
}

/// A round: its matches, byes and the seed of its lots (a knockout's, a Swiss engine's).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct TeamRoundView<'a> {
    pub round: u32,
    pub matches: Vec<MatchLineView<'a>>,
    pub byes: Vec<usize>,
    pub seed: Option<u64>,
}

/// Each round as the events say: matches with line-ups and each board's players and result.
pub(super) fn rounds_view(t: &TeamTournament) -> Vec<TeamRoundView<'_>> {
    let teams = t.teams();
    let player = |team: usize, pos: usize| {
        teams
            .get(team)
            .and_then(|tm| tm.players.get(pos.wrapping_sub(1)))
            .map(|p| p.name.clone())
    };
    let (_, scoring) = created_with(t);
    let games = t.games_per_board();
    let all_play_all = t.team_format().is_all_play_all();
    let mut out = Vec::new();
    for (round, r) in (1u32..).zip(t.rounds()) {
        // A team gone before this round forfeits every board (CXA 19.3, 20.3).
        let gone = |team: usize| t.withdrawn_after(team).is_some_and(|after| round > after);
        let mut matches = Vec::with_capacity(r.matches().len());
        for m in r.matches() {
            let TeamPairing {
                table,
                first,
                second,
            } = m.pairing();
            let line = |side: usize| m.lineup(side).unwrap_or_default();
            let (gone_first, gone_second) = (gone(first), gone(second));
            // Per board, the first team's outcome and colour in each game.
            let mut outcomes: Vec<Vec<Option<(Outcome, Color)>>> = Vec::new();
            let boards: Vec<BoardView> = (1..=t.boards())
                .map(|k| {
                    let one = line(0).get(k - 1).and_then(|&p| player(first, p));
                    let two = line(1).get(k - 1).and_then(|&p| player(second, p));
                    let first_red = t.colour_of(k, 1) == Color::Red;
                    let (red, black) = if first_red {
                        (one.clone(), two)
                    } else {
                        (two, one.clone())
                    };
                    let results: Vec<Option<GameResult>> =
                        (0..games).map(|g| m.result(k, g)).collect();
                    outcomes.push(
                        (0..games)
                            .map(|g| {
                                let c = t.colour_of(k, g + 1);
                                let o = match (gone_first, gone_second) {
                                    (true, _) => Some(Outcome::ForfeitLoss),
                                    (false, true) => Some(Outcome::ForfeitWin),
                                    _ => results[g].map(|r| r.outcome_for(c)),
                                };
                                o.map(|o| (o, c))
                            })
                            .collect(),
                    );
                    let board_games = all_play_all.then(|| {
                        (1..=games)
                            .map(|g| {
                                let facing = t.facing_board(k, g);
                                let them = line(1).get(facing - 1).and_then(|&p| player(second, p));
                                let first_red = t.colour_of(k, g) == Color::Red;
                                let (red, black) = if first_red {
                                    (one.clone(), them)
                                } else {
                                    (them, one.clone())
                                };
                                BoardGameView {
                                    game: g,
                                    facing,
                                    red,
                                    black,
                                    red_team: if first_red { first + 1 } else { second + 1 },
                                    result: results[g - 1].map(GameResult::notation),
                                }
                            })
                            .collect()
                    });
                    BoardView {
                        board: k,
                        red,
                        black,
                        red_team: if first_red { first + 1 } else { second + 1 },
                        result: results[0].map(GameResult::notation),
                        result2: (t.two_games() && games == 2)
                            .then(|| results[1].map(GameResult::notation)),
                        games: board_games,
                    }
                })
                .collect();
            let forfeited: Vec<usize> = [first, second]
                .into_iter()
                .filter(|&x| gone(x))
                .map(|x| x + 1)
                .collect();
            matches.push(MatchLineView {
                table,
                first: first + 1,
                second: second + 1,
                lineups: [m.lineup(0), m.lineup(1)],
                boards,
                score: match_score(t, &scoring, &outcomes, gone_first && gone_second),
                forfeited,
                cancelled: t.results_cancelled(first) || t.results_cancelled(second),
            });
        }
        out.push(TeamRoundView {
            round,
            matches,
            byes: r.byes().iter().map(|b| b + 1).collect(),
            seed: r.seed(),
        });
    }
    out
}

pub(super) fn pair_text(p: [Points; 2]) -> [String; 2] {
    [p[0].to_string(), p[1].to_string()]
}

/// A match's score for both teams from the first team's outcomes and colours, board by board:
/// 局分 (CXA 13.2) always; under WXF 2018 with two games a board 大分 then 小分 (WXF 9.4);
/// 场分 once every game has a result.
pub(super) fn match_score(
    t: &TeamTournament,
    scoring: &ScoringScheme,
    outcomes: &[Vec<Option<(Outcome, Color)>>],
    both_gone: bool,
) -> ScoreView {
    let flip = |o: Outcome| match o {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        Outcome::ForfeitWin => Outcome::ForfeitLoss,
        Outcome::ForfeitLoss => Outcome::ForfeitWin,
        other => other,
    };
    let mut game_points = [Points::ZERO; 2];
    for (o, c) in outcomes.iter().flatten().flatten() {
        game_points[0] += scoring.points(*o, Some(*c));
        let theirs = if both_gone {
            Outcome::ForfeitLoss
        } else {
            flip(*o)
        };
        game_points[1] += scoring.points(theirs, Some(c.other()));
    }
    let complete = outcomes.iter().flatten().all(Option::is_some);
    let mut out = ScoreView {
        game_points: pair_text(game_points),
        complete,
        match_points: None,
        big_points: None,
        small_points: None,
    };
    if !complete {
        return out;
    }
    let wxf_two = t.two_games() && t.rules() == xiangqi_tournament::Book::Wxf2018;
    if wxf_two {
        let boards: Vec<[Outcome; 2]> = outcomes
            .iter()
            .filter_map(|b| match b.as_slice() {
                [Some((x, _)), Some((y, _))] => Some([*x, *y]),
                _ => None,
            })
            .collect();
        let [one, two] = wxf_two_game_team_match(&boards);
        out.big_points = Some(pair_text([one.0, two.0]));
        out.small_points = Some(pair_text([one.1, two.1]));
        out.match_points = Some(pair_text([one.2, two.2]));
    } else if both_gone {
        out.match_points = Some(["0".to_owned(), "0".to_owned()]);
    } else {
        let (_, mp) = match_points(game_points[0], game_points[1]);
        let (_, theirs) = match_points(game_points[1], game_points[0]);
        out.match_points = Some(pair_text([mp, theirs]));
    }
    out
}

/// A registered player of a team.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct TeamPlayerView<'a> {
    pub name: &'a str,
    pub rating: Option<u16>,
}

/// A registered team.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct TeamEntryView<'a> {
    pub no: usize,
    pub name: &'a str,
    pub withdrawn_after: Option<u32>,
    pub results_cancelled: bool,
    pub players: Vec<TeamPlayerView<'a>>,
    /// The organiser's reason for a board order not by rating (CXA 11.1), if one was given.
    pub order_override: Option<&'a str>,
    /// 全队犯规: the fouls of its players and of the team (CXA 14.5, 14.6).
    pub fouls: u32,
    /// Warnings (CXA 18.1) to its players and the team.
    pub warnings: u32,
    /// Game disqualifications (CXA 18.2) of its players and the team.
    pub disqualifications: u32,
}

/// A foul or sanction recorded (CXA 8, 18.1, 18.2).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = TeamPenaltyView)]
pub(super) struct PenaltyView {
    /// The team's number.
    pub team: usize,
    /// The player's registered position, or none for the team itself.
    pub player: Option<usize>,
    pub round: u32,
    /// `foul`, `warning` or `game_disqualification`.
    pub penalty: &'static str,
}

/// The whole team event.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct TeamView<'a> {
    pub id: &'a str,
    pub kind: &'static str,
    pub name: &'a str,
    /// The book and every number the event's games play by, the organiser's or the book's.
    pub rules: RulesView,
    pub format: FormatView,
    pub two_games: bool,
    pub ranking: &'static str,
    pub champion: Option<usize>,
    pub boards: usize,
    pub board_rule: &'static str,
    /// 全队轮赛制 (CXA 11.4): teams meet as in a round robin (`format`), each match played
    /// all-play-all.
    pub all_play_all: bool,
    /// Games a board per match: 1, 2 (两局制) or the number of boards (all-play-all).
    pub games_per_board: usize,
    /// The fouls and sanctions recorded, in order.
    pub penalties: Vec<PenaltyView>,
    /// The order `standings` uses: the book's for a round robin of teams (CXA 14.5; WXF 10.4)
    /// or a Swiss or knockout of teams (CXA 14.6; WXF 10.5); 局分 first (CXA 14.7).
    pub tie_breaks: Vec<TieBreakName>,
    pub organiser: &'a str,
    pub total_rounds: u64,
    pub seq: u64,
    pub teams: Vec<TeamEntryView<'a>>,
    pub rounds: Vec<TeamRoundView<'a>>,
    pub standings: Vec<StandingRow>,
}

impl<'a> TeamView<'a> {
    /// Team event `id` as of `seq`.
    pub(super) fn new(
        id: &'a str,
        state: &'a super::stream::TeamState,
        seq: u64,
    ) -> Result<TeamView<'a>, ApiError> {
        let (owner, t) = (state.owner.as_str(), state.event()?);
        let (board_rule, _) = created_with(t);
        // A round robin of n teams: n − 1 rounds a cycle, n with an odd team resting (CXA
        // 10.1); a knockout: at most its bracket's rounds times the matches a line may take.
        let n = t.table_teams().len() as u64;
        let total_rounds = match t.format() {
            Format::RoundRobin { cycles } => (n + n % 2).saturating_sub(1) * u64::from(cycles),
            Format::Swiss { rounds } => u64::from(rounds),
            Format::Knockout {
                games,
                playoff_games,
            } => {
                u64::from(n.max(1).next_power_of_two().trailing_zeros())
                    * (games.max_games() as u64 + u64::from(playoff_games))
            }
            _ => 0,
        };
        let knockout = matches!(t.format(), Format::Knockout { .. });
        Ok(TeamView {
            id,
            kind: "team",
            name: t.name(),
            rules: RulesView::new(
                &xiangqi_arbiter::RuleSet::with_event(arbiter_book(t.rules()), &state.game_rules)
                    .unwrap_or_else(|_| {
                        xiangqi_arbiter::RuleSet::for_book(arbiter_book(t.rules()))
                    }),
            ),
            format: t.format().into(),
            two_games: t.two_games(),
            ranking: match t.ranking() {
                TeamRanking::GamePoints => "game_points",
                _ => "match_points",
            },
            champion: if knockout {
                t.champion().map(|c| c + 1)
            } else {
                None
            },
            boards: t.boards(),
            board_rule: match board_rule {
                BoardRule::Fixed => "fixed",
                BoardRule::OrderKept => "order_kept",
                BoardRule::Temporary => "temporary",
            },
            all_play_all: t.team_format().is_all_play_all(),
            games_per_board: t.games_per_board(),
            penalties: t
                .penalties()
                .iter()
                .map(|p| PenaltyView {
                    team: p.team + 1,
                    player: p.player,
                    round: p.round,
                    penalty: match p.penalty {
                        Penalty::Foul => "foul",
                        Penalty::Warning => "warning",
                        Penalty::GameDisqualification => "game_disqualification",
                    },
                })
                .collect(),
            tie_breaks: t.tie_break_order().iter().map(TieBreakName::from).collect(),
            organiser: owner,
            total_rounds,
            seq,
            teams: t
                .teams()
                .iter()
                .enumerate()
                .map(|(k, tm)| TeamEntryView {
                    no: k + 1,
                    name: &tm.name,
                    withdrawn_after: t.withdrawn_after(k),
                    results_cancelled: t.results_cancelled(k),
                    order_override: t.order_override(k),
                    fouls: t.penalty_totals(k).0,
                    warnings: t.penalty_totals(k).1,
                    disqualifications: t.penalty_totals(k).2,
                    players: tm
                        .players
                        .iter()
                        .map(|p| TeamPlayerView {
                            name: &p.name,
                            rating: p.rating,
                        })
                        .collect(),
                })
                .collect(),
            rounds: rounds_view(t),
            standings: t
                .standings()
                .into_iter()
                .map(|s| {
                    let name = t.teams().get(s.competitor).map(|tm| tm.name.as_str());
                    StandingRow::new(&s, name)
                })
                .collect(),
        })
    }
}

/// A team knockout's bracket.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct TeamBracketView {
    pub rounds: Vec<Vec<MatchView>>,
    pub champion: Option<u32>,
}
