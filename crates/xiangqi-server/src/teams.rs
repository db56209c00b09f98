//! Team events (团体赛, CXA 2011 ch. 11) over the API: each is a stream of events in the store,
//! `team_event_opened` (the organiser's account) then the team crate's own [`TeamEvent`]s
//! under their names, in a stream of the `team` kind (older servers kept them among the
//! tournaments' streams, where they are still read and written), replayed into a
//! [`TeamTournament`] by the server's one [`Repository`]: a copy is kept, caught up from the
//! store on each request, and writes append conditionally on its sequence number, so two
//! replicas never both accept one.
//!
//! Round robins of teams are paired from the order tables (CXA 10.1, 12.2: the team listed
//! first is red on odd boards). Under 分台定人制 (CXA 11.1) the server enters both teams'
//! registered order as their line-ups when it pairs a round; under 分台换人制 and 临时定台制
//! (11.2, 11.3) each team's line-up is given before the boards' results.
//!
//! Also: a Swiss of teams paired by the CXA 积分编排 engine (CXA 10.3, 12.3: by 场分, no
//! rematch, the seed of its lots stored) or by the arbiter's hand, with byes worth a won match
//! (CXA 14.4); team
//! knockouts paired from their bracket with a stored seed (CXA 10.4, 12.4; WXF 10.1); two games
//! a board with colours swapped in the second (CXA 12.4), the match going by 大分 then 小分 under
//! WXF 9.4 and by 局分 under CXA 13.2; withdrawals (CXA 19.2, 19.3, 20.3; WXF 11.2–11.4).

use axum::{
    Json, Router,
    extract::{Path, State},
    response::{IntoResponse, Response},
    routing::{get, post, put},
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use xiangqi_store::{NewEvent, Store, StreamKind};
use xiangqi_tournament::{
    Color, GameResult, Outcome, Player, PlayerId, Points, ScoringScheme,
    knockout::MatchFormat,
    match_points,
    swiss::cxa::Cxa,
    team::{BoardRule, Team, first_team_color},
    team_tournament::{TeamError, TeamEvent, TeamPairing, TeamRanking, TeamTournament},
    tournament::Format,
    wxf_two_game_team_match,
};

use crate::{
    AppState,
    accounts::Caller,
    competition::{FormatView, MatchView, StandingRow, TieBreakName, bracket_rounds, rules_name},
    error::ApiError,
    extract::{JsonBody, JsonOrEmpty},
    ids::{random_hex, random_seed},
    repo::{Aggregate, Envelope, Guard, Repository},
    stream::{TEAM_OPENED, TOURNAMENT_OPENED, new_event, to_payload},
};

/// What the server stores first in a team event's stream.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TeamOpened {
    /// The organiser's account.
    pub owner: String,
}

/// One event of a team event's stream.
#[derive(Debug, Clone)]
pub enum TeamRecord {
    /// `team_event_opened`.
    Opened(TeamOpened),
    /// The team crate's own events.
    Team(TeamEvent),
    /// The first event of a tournament of players (older team events share their kind of
    /// stream): not a team event.
    TournamentStream,
}

impl Envelope for TeamRecord {
    fn decode(event_type: &str, payload: Value) -> Result<TeamRecord, String> {
        match event_type {
            TEAM_OPENED => serde_json::from_value(payload).map(TeamRecord::Opened),
            TOURNAMENT_OPENED => Ok(TeamRecord::TournamentStream),
            _ => serde_json::from_value(payload).map(TeamRecord::Team),
        }
        .map_err(|e| e.to_string())
    }

    fn encode(&self) -> Result<NewEvent, ApiError> {
        match self {
            TeamRecord::Opened(o) => Ok(NewEvent::new(TEAM_OPENED, to_payload(o)?)),
            TeamRecord::Team(e) => new_event(e, "event"),
            TeamRecord::TournamentStream => {
                Err(ApiError::Corrupt("a tournament in a team event".into()))
            }
        }
    }
}

/// A team event replayed from its stream.
#[derive(Debug, Clone)]
pub struct TeamState {
    /// The organiser's account.
    owner: String,
    /// The event, once its `created` has been applied.
    event: Option<TeamTournament>,
}

impl TeamState {
    fn event(&self) -> Result<&TeamTournament, ApiError> {
        self.event
            .as_ref()
            .ok_or_else(|| ApiError::Corrupt("a team event without its creation".into()))
    }
}

impl Aggregate for TeamState {
    type Event = TeamRecord;
    /// New team events have a kind of their own; older ones are among the tournaments.
    const KINDS: &'static [StreamKind] = &[StreamKind::Team, StreamKind::Tournament];
    const NOUN: &'static str = "team event";
    type Side = ();

    fn open(first: TeamRecord) -> Result<Option<TeamState>, String> {
        Ok(match first {
            TeamRecord::Opened(o) => Some(TeamState {
                owner: o.owner,
                event: None,
            }),
            // A tournament of players (among the tournaments' streams).
            TeamRecord::TournamentStream => None,
            TeamRecord::Team(e) => return Err(format!("{e:?}")),
        })
    }

    fn apply(&mut self, event: TeamRecord) -> Result<(), ApiError> {
        match (event, self.event.as_mut()) {
            (TeamRecord::Team(e @ TeamEvent::Created { .. }), None) => {
                self.event = Some(TeamTournament::from_events([e])?);
            }
            (TeamRecord::Team(e), Some(t)) => t.apply(e)?,
            (e, _) => return Err(ApiError::Corrupt(format!("out of place: {e:?}"))),
        }
        Ok(())
    }
}

/// Every team event, with a copy of each read in this process.
#[derive(Debug)]
pub struct Teams {
    repo: Repository<TeamState>,
}

impl Teams {
    /// Team events kept in `store`.
    pub fn new(store: Store) -> Teams {
        Teams {
            repo: Repository::new(store),
        }
    }

    /// Drops the team events nobody has used for `idle`; returns how many.
    pub fn evict(&self, idle: std::time::Duration) -> usize {
        self.repo.evict(idle)
    }

    /// Applies the events `make` computes and appends them, if `caller` organises the event.
    async fn write(
        &self,
        id: &str,
        caller: &Caller,
        make: impl FnOnce(&TeamTournament) -> Result<Vec<TeamEvent>, ApiError>,
    ) -> Result<Guard<TeamState>, ApiError> {
        self.repo
            .write(id, |v| {
                if caller.username != v.state.owner {
                    return Err(ApiError::NotAllowed(
                        "do this: only the team event's organiser may",
                    ));
                }
                Ok(make(v.state.event()?)?
                    .into_iter()
                    .map(TeamRecord::Team)
                    .collect())
            })
            .await
    }
}

/// The view of a locked team event.
fn reply<'a>(id: &'a str, guard: &'a Guard<TeamState>) -> Result<TeamView<'a>, ApiError> {
    let v = guard.as_ref().ok_or(ApiError::NotFound("team event"))?;
    TeamView::new(id, &v.state.owner, v.seq, v.state.event()?)
}

/// The team event routes.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/teams", post(create))
        .route("/api/teams/{id}", get(show))
        .route("/api/teams/{id}/teams", post(register))
        .route("/api/teams/{id}/rounds", post(pair))
        .route("/api/teams/{id}/rounds/{round}/lineups", post(lineup))
        .route(
            "/api/teams/{id}/rounds/{round}/tables/{table}/boards/{board}/result",
            put(result),
        )
        .route("/api/teams/{id}/withdrawals", post(withdraw))
        .route("/api/teams/{id}/bracket", get(bracket))
}

// ---------------------------------------------------------------------------------------------
// Requests

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTeamEvent {
    name: String,
    /// `cxa2011` (default) or `wxf2018`.
    rules: Option<String>,
    /// `round_robin` (default), `swiss` (paired by the CXA engine or by hand) or `knockout`.
    format: Option<String>,
    /// 1 (default) or 2 cycles of the round robin.
    cycles: Option<u32>,
    /// Swiss: the number of rounds.
    rounds: Option<u32>,
    /// Knockout: team matches per line, 1, 2 or 3 (best of three).
    games: Option<u32>,
    /// Knockout: play-off team matches at most after a level line, then a lot (WXF 10.1).
    playoff_games: Option<u32>,
    /// Two games a board, colours swapped in the second (两局制, CXA 12.4; WXF 9.4).
    #[serde(default)]
    two_games: bool,
    /// `match_points` (场分 first, default) or `game_points` (局分 first: a one-game Swiss of
    /// teams, CXA 14.7).
    ranking: Option<String>,
    /// Boards per match.
    boards: usize,
    /// `fixed` (CXA 11.1, default), `order_kept` (11.2) or `temporary` (11.3).
    board_rule: Option<String>,
    /// `2-1-0` (default), `1-0.5-0`, `3-1-0`, `3-0-1-2`: points per game.
    scoring: Option<String>,
    /// Teams, registered in order.
    teams: Option<Vec<NewTeam>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTeam {
    name: String,
    /// Players in registered order: boards first, then reserves.
    players: Vec<NewTeamPlayer>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTeamPlayer {
    name: String,
    rating: Option<u16>,
}

impl NewTeam {
    /// The team's checked name and players (each player's club the team's name), `at` naming
    /// the request's field in a refusal.
    fn checked(self, at: &str) -> Result<(String, Vec<Player>), ApiError> {
        let name = self.name.trim().to_owned();
        if name.is_empty() || name.len() > 200 {
            return Err(ApiError::invalid(&format!("{at}.name"), "1 to 200 bytes"));
        }
        if self.players.len() > 50 {
            return Err(ApiError::invalid(&format!("{at}.players"), "at most 50"));
        }
        let mut players = Vec::with_capacity(self.players.len());
        for (k, p) in self.players.into_iter().enumerate() {
            let pname = p.name.trim().to_owned();
            if pname.is_empty() || pname.len() > 200 {
                return Err(ApiError::invalid(
                    &format!("{at}.players[{k}].name"),
                    "1 to 200 bytes",
                ));
            }
            players.push(Player {
                name: pname,
                rating: p.rating,
                club: Some(name.clone()),
                federation: None,
            });
        }
        Ok((name, players))
    }
}

fn board_rule(text: Option<&str>) -> Result<BoardRule, ApiError> {
    match text.map(|t| t.trim().to_ascii_lowercase()).as_deref() {
        None | Some("fixed") => Ok(BoardRule::Fixed),
        Some("order_kept") => Ok(BoardRule::OrderKept),
        Some("temporary") => Ok(BoardRule::Temporary),
        Some(other) => Err(ApiError::invalid(
            "board_rule",
            format!("unknown board rule {other:?} (fixed, order_kept, temporary)"),
        )),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamsBody {
    teams: Vec<NewTeam>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LineupRequest {
    /// The team's number (1-based, registration order).
    team: usize,
    /// Registered positions (1-based), board 1 first.
    lineup: Vec<usize>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultRequest {
    result: String,
    /// 1 (default) or 2: the second game of a two-game match (colours swapped).
    game: Option<u32>,
}

/// A match given by the arbiter: team numbers, the first listed red on odd boards.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GivenMatch {
    first: usize,
    second: usize,
}

/// A request to pair the next round.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PairRequest {
    /// The seed for a knockout's or a Swiss engine's lots; drawn by the server if absent.
    seed: Option<u64>,
    /// The arbiter's matches (a Swiss of teams), in table order.
    matches: Option<Vec<GivenMatch>>,
    /// Teams without a match: in a Swiss a bye worth a won match (CXA 14.4).
    byes: Option<Vec<usize>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WithdrawalRequest {
    team: usize,
    /// The last round the team took part in; the last paired round by default.
    after_round: Option<u32>,
}

/// The team event's format from a request, or a 422 naming the field at fault.
fn team_format(req: &NewTeamEvent) -> Result<Format, ApiError> {
    let kind = req.format.as_deref().map(str::to_ascii_lowercase);
    let not_for = |field: &str, given: bool, kind: &str| {
        if given {
            Err(ApiError::invalid(
                field,
                format!("not a field of the {kind} format"),
            ))
        } else {
            Ok(())
        }
    };
    match kind.as_deref() {
        None | Some("round_robin") => {
            not_for("rounds", req.rounds.is_some(), "round_robin")?;
            not_for("games", req.games.is_some(), "round_robin")?;
            not_for("playoff_games", req.playoff_games.is_some(), "round_robin")?;
            let cycles = req.cycles.unwrap_or(1);
            if !(1..=2).contains(&cycles) {
                return Err(ApiError::invalid("cycles", "1 or 2"));
            }
            Ok(Format::RoundRobin { cycles })
        }
        Some("swiss") => {
            not_for("cycles", req.cycles.is_some(), "swiss")?;
            not_for("games", req.games.is_some(), "swiss")?;
            not_for("playoff_games", req.playoff_games.is_some(), "swiss")?;
            let rounds = req
                .rounds
                .ok_or_else(|| ApiError::invalid("rounds", "a swiss needs its number of rounds"))?;
            if !(1..=30).contains(&rounds) {
                return Err(ApiError::invalid("rounds", "1 to 30"));
            }
            Ok(Format::Swiss { rounds })
        }
        Some("knockout") => {
            not_for("cycles", req.cycles.is_some(), "knockout")?;
            not_for("rounds", req.rounds.is_some(), "knockout")?;
            let games = match req.games.unwrap_or(1) {
                1 => MatchFormat::OneGame,
                2 => MatchFormat::TwoGames,
                3 => MatchFormat::BestOfThree,
                _ => {
                    return Err(ApiError::invalid(
                        "games",
                        "1 (one match), 2 (two matches) or 3 (best of three)",
                    ));
                }
            };
            let playoff_games = req.playoff_games.unwrap_or(0);
            if playoff_games > 10 {
                return Err(ApiError::invalid("playoff_games", "0 to 10"));
            }
            Ok(Format::Knockout {
                games,
                playoff_games,
            })
        }
        Some(other) => Err(ApiError::invalid(
            "format",
            format!("unknown format {other:?} (round_robin, swiss, knockout)"),
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Views

// Views

/// The board rule and scoring the event was created with: its first event, which
/// [`TeamTournament::from_events`] makes sure is [`TeamEvent::Created`].
fn created_with(t: &TeamTournament) -> (BoardRule, ScoringScheme) {
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
#[derive(Debug, Serialize)]
struct BoardView {
    board: usize,
    red: Option<String>,
    black: Option<String>,
    red_team: usize,
    result: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result2: Option<Option<&'static str>>,
}

/// A match's score for both teams.
#[derive(Debug, Serialize)]
struct ScoreView {
    game_points: [String; 2],
    complete: bool,
    match_points: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    big_points: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    small_points: Option<[String; 2]>,
}

/// A match of a round.
#[derive(Debug, Serialize)]
struct MatchLineView<'a> {
    table: u32,
    first: usize,
    second: usize,
    lineups: [Option<&'a [usize]>; 2],
    boards: Vec<BoardView>,
    score: ScoreView,
    forfeited: Vec<usize>,
    cancelled: bool,
}

/// A round: its matches, byes and the seed of its lots (a knockout's, a Swiss engine's).
#[derive(Debug, Serialize)]
struct TeamRoundView<'a> {
    round: u32,
    matches: Vec<MatchLineView<'a>>,
    byes: Vec<usize>,
    seed: Option<u64>,
}

/// Each round as the events say: matches with line-ups and each board's players and result.
fn rounds_view(t: &TeamTournament) -> Vec<TeamRoundView<'_>> {
    let teams = t.teams();
    let player = |team: usize, pos: usize| {
        teams
            .get(team)
            .and_then(|tm| tm.players.get(pos.wrapping_sub(1)))
            .map(|p| p.name.clone())
    };
    let (_, scoring) = created_with(t);
    let games = if t.two_games() { 2 } else { 1 };
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
                    let first_red = first_team_color(k as u32) == Color::Red;
                    let (red, black) = if first_red { (one, two) } else { (two, one) };
                    let results = [m.result(k, 0), m.result(k, 1)];
                    outcomes.push(
                        (0..games)
                            .map(|g| {
                                let c = first_team_color(k as u32);
                                let c = if g == 1 { c.other() } else { c };
                                let o = match (gone_first, gone_second) {
                                    (true, _) => Some(Outcome::ForfeitLoss),
                                    (false, true) => Some(Outcome::ForfeitWin),
                                    _ => results[g].map(|r| r.outcome_for(c)),
                                };
                                o.map(|o| (o, c))
                            })
                            .collect(),
                    );
                    BoardView {
                        board: k,
                        red,
                        black,
                        red_team: if first_red { first + 1 } else { second + 1 },
                        result: results[0].map(GameResult::notation),
                        result2: (games == 2).then(|| results[1].map(GameResult::notation)),
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

fn pair_text(p: [Points; 2]) -> [String; 2] {
    [p[0].to_string(), p[1].to_string()]
}

/// A match's score for both teams from the first team's outcomes and colours, board by board:
/// 局分 (CXA 13.2) always; under WXF 2018 with two games a board 大分 then 小分 (WXF 9.4);
/// 场分 once every game has a result.
fn match_score(
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
    let wxf_two = t.two_games() && t.rules() == xiangqi_tournament::RuleSet::Wxf2018;
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
#[derive(Debug, Serialize)]
struct TeamPlayerView<'a> {
    name: &'a str,
    rating: Option<u16>,
}

/// A registered team.
#[derive(Debug, Serialize)]
struct TeamEntryView<'a> {
    no: usize,
    name: &'a str,
    withdrawn_after: Option<u32>,
    results_cancelled: bool,
    players: Vec<TeamPlayerView<'a>>,
}

/// The whole team event.
#[derive(Debug, Serialize)]
struct TeamView<'a> {
    id: &'a str,
    kind: &'static str,
    name: &'a str,
    rules: &'static str,
    format: FormatView,
    two_games: bool,
    ranking: &'static str,
    champion: Option<usize>,
    boards: usize,
    board_rule: &'static str,
    /// The order `standings` uses: the book's for a round robin of teams (CXA 14.5; WXF 10.4)
    /// or a Swiss or knockout of teams (CXA 14.6; WXF 10.5); 局分 first (CXA 14.7).
    tie_breaks: Vec<TieBreakName>,
    organiser: &'a str,
    total_rounds: u64,
    seq: u64,
    teams: Vec<TeamEntryView<'a>>,
    rounds: Vec<TeamRoundView<'a>>,
    standings: Vec<StandingRow>,
}

impl<'a> TeamView<'a> {
    fn new(
        id: &'a str,
        owner: &'a str,
        seq: u64,
        t: &'a TeamTournament,
    ) -> Result<TeamView<'a>, ApiError> {
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
            rules: rules_name(t.rules()),
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
#[derive(Debug, Serialize)]
struct TeamBracketView {
    rounds: Vec<Vec<MatchView>>,
    champion: Option<u32>,
}

// ---------------------------------------------------------------------------------------------
// Handlers

async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(req): JsonBody<NewTeamEvent>,
) -> Result<Response, ApiError> {
    let name = req.name.trim().to_owned();
    if name.is_empty() || name.len() > 200 {
        return Err(ApiError::invalid("name", "1 to 200 bytes"));
    }
    let rules = match &req.rules {
        None => xiangqi_tournament::RuleSet::Cxa2011,
        Some(r) => r.replace(['-', '_', ' '], "").parse().map_err(
            |e: xiangqi_tournament::ParseError| ApiError::invalid("rules", e.to_string()),
        )?,
    };
    let format = team_format(&req)?;
    let ranking = match req.ranking.as_deref().map(str::trim) {
        None | Some("match_points") => TeamRanking::MatchPoints,
        Some("game_points") => TeamRanking::GamePoints,
        Some(other) => {
            return Err(ApiError::invalid(
                "ranking",
                format!("unknown ranking {other:?} (match_points, game_points)"),
            ));
        }
    };
    if !(1..=20).contains(&req.boards) {
        return Err(ApiError::invalid("boards", "1 to 20"));
    }
    let scoring = match &req.scoring {
        None => ScoringScheme::CXA,
        Some(s) => ScoringScheme::by_name(s.trim()).ok_or_else(|| {
            ApiError::invalid(
                "scoring",
                format!("unknown scoring {s:?} (2-1-0, 1-0.5-0, 3-1-0, 3-0-1-2)"),
            )
        })?,
    };
    let mut events = vec![TeamEvent::Created {
        name,
        rules,
        format,
        boards: req.boards,
        board_rule: board_rule(req.board_rule.as_deref())?,
        scoring,
        tie_breaks: None,
        two_games: req.two_games,
        ranking,
    }];
    for (k, team) in req.teams.unwrap_or_default().into_iter().enumerate() {
        let (name, players) = team.checked(&format!("teams[{k}]"))?;
        events.push(TeamEvent::TeamRegistered {
            team: Team {
                name,
                players,
                boards: req.boards,
            },
        });
    }
    // Checked before anything is stored: a format the team crate does not run is the field's.
    TeamTournament::from_events(events.clone()).map_err(|e| match e {
        TeamError::NoRound(m) => ApiError::invalid("format", m),
        e => e.into(),
    })?;
    let id = random_hex(8)?;
    let mut all = vec![TeamRecord::Opened(TeamOpened {
        owner: caller.username.clone(),
    })];
    all.extend(events.into_iter().map(TeamRecord::Team));
    let (_, guard) = state.teams().repo.create(&id, all).await?;
    Ok(crate::created(reply(&id, &guard)?))
}

async fn show(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    state
        .teams()
        .repo
        .read(&id, |v| {
            let view = TeamView::new(&id, &v.state.owner, v.seq, v.state.event()?)?;
            Ok(Json(view).into_response())
        })
        .await?
}

async fn register(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<TeamsBody>,
) -> Result<Response, ApiError> {
    let teams = req
        .teams
        .into_iter()
        .enumerate()
        .map(|(k, t)| t.checked(&format!("teams[{k}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if t.teams().len() + teams.len() > 200 {
                return Err(ApiError::invalid("teams", "at most 200"));
            }
            Ok(teams
                .into_iter()
                .map(|(name, players)| TeamEvent::TeamRegistered {
                    team: Team {
                        name,
                        players,
                        boards: t.boards(),
                    },
                })
                .collect())
        })
        .await?;
    Ok(crate::created(reply(&id, &guard)?))
}

/// Pairs the next round: a round robin from the order tables, a knockout from its bracket
/// with a stored seed, a Swiss by the CXA engine with a stored seed, or any format from the
/// arbiter's matches and byes when given. Under fixed boards (CXA 11.1) both teams'
/// registered order goes in as their line-ups.
async fn pair(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonOrEmpty(req): JsonOrEmpty<PairRequest>,
) -> Result<Response, ApiError> {
    let seed = match req.seed {
        Some(s) => s,
        None => random_seed()?,
    };
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if t.teams().len() < 2 {
                return Err(ApiError::conflict("too_few_teams", "at least two teams"));
            }
            let knockout = matches!(t.format(), Format::Knockout { .. });
            let team = |field: String, n: usize| {
                if n == 0 || n > t.teams().len() {
                    Err(ApiError::invalid(&field, format!("no team {n}")))
                } else {
                    Ok(n - 1)
                }
            };
            let paired = match (req.matches, req.byes) {
                (None, None) => match t.format() {
                    Format::Knockout { .. } => t.pair_knockout(seed)?,
                    // CXA 10.3, 12.3, 14.4: by 场分, no rematch, the bye to the lowest team
                    // without one; the seed of its lots kept in the event.
                    Format::Swiss { .. } => t.pair_swiss(&Cxa, seed)?,
                    _ => t.pair_next_round()?,
                },
                (matches, byes) => TeamEvent::RoundPaired {
                    round: t.rounds_paired() + 1,
                    matches: matches
                        .unwrap_or_default()
                        .into_iter()
                        .enumerate()
                        .map(|(k, m)| {
                            Ok(TeamPairing {
                                table: k as u32 + 1,
                                first: team(format!("matches[{k}].first"), m.first)?,
                                second: team(format!("matches[{k}].second"), m.second)?,
                            })
                        })
                        .collect::<Result<Vec<_>, ApiError>>()?,
                    byes: byes
                        .unwrap_or_default()
                        .into_iter()
                        .enumerate()
                        .map(|(k, b)| team(format!("byes[{k}]"), b))
                        .collect::<Result<Vec<_>, _>>()?,
                    // A knockout's lots come from the round's seed.
                    seed: knockout.then_some(seed),
                },
            };
            let fixed = created_with(t).0 == BoardRule::Fixed;
            let mut events = vec![paired.clone()];
            if let (true, TeamEvent::RoundPaired { round, matches, .. }) = (fixed, &paired) {
                // Fixed boards (CXA 11.1): the registered order is the line-up, every round.
                for m in matches {
                    for team in [m.first, m.second] {
                        events.push(TeamEvent::LineupSubmitted {
                            round: *round,
                            team,
                            lineup: (1..=t.boards()).collect(),
                        });
                    }
                }
            }
            Ok(events)
        })
        .await?;
    Ok(crate::created(reply(&id, &guard)?))
}

/// A team's line-up for a round (CXA 11.2, 11.3), checked by the team crate.
async fn lineup(
    State(state): State<AppState>,
    Path((id, round)): Path<(String, String)>,
    caller: Caller,
    JsonBody(req): JsonBody<LineupRequest>,
) -> Result<Response, ApiError> {
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if req.team == 0 || req.team > t.teams().len() {
                return Err(ApiError::invalid("team", format!("no team {}", req.team)));
            }
            Ok(vec![TeamEvent::LineupSubmitted {
                round,
                team: req.team - 1,
                lineup: req.lineup.clone(),
            }])
        })
        .await?;
    Ok(crate::created(reply(&id, &guard)?))
}

async fn result(
    State(state): State<AppState>,
    Path((id, round, table, board)): Path<(String, String, String, String)>,
    caller: Caller,
    JsonBody(req): JsonBody<ResultRequest>,
) -> Result<Response, ApiError> {
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    let table: u32 = table.parse().map_err(|_| ApiError::NotFound("table"))?;
    let board: usize = board.parse().map_err(|_| ApiError::NotFound("board"))?;
    let result: GameResult = req
        .result
        .parse()
        .map_err(|e: xiangqi_tournament::ParseError| ApiError::invalid("result", e.to_string()))?;
    let second = match req.game.unwrap_or(1) {
        1 => false,
        2 => true,
        _ => return Err(ApiError::invalid("game", "1, or 2 in a two-game match")),
    };
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if second && !t.two_games() {
                return Err(ApiError::invalid("game", "one game a board in this event"));
            }
            Ok(vec![TeamEvent::BoardResult {
                round,
                table,
                board,
                result,
                second,
            }])
        })
        .await?;
    Ok(Json(reply(&id, &guard)?).into_response())
}

/// A team withdraws (CXA 19.2, 19.3; WXF 11.2–11.4) or is expelled (CXA 18.3) after a round:
/// in a round robin its matches are cancelled if it played fewer than half, else they stand
/// and the later ones are forfeited on every board (CXA 20.3).
async fn withdraw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<WithdrawalRequest>,
) -> Result<Response, ApiError> {
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if req.team == 0 || req.team > t.teams().len() {
                return Err(ApiError::invalid("team", format!("no team {}", req.team)));
            }
            Ok(vec![TeamEvent::Withdrawn {
                team: req.team - 1,
                after_round: req.after_round.unwrap_or(t.rounds_paired()),
            }])
        })
        .await?;
    Ok(crate::created(reply(&id, &guard)?))
}

/// A team knockout's bracket (CXA 10.4): each line's teams by number, its team matches (as
/// games: `first_color` red when the line's first team was listed first), winner and decision.
async fn bracket(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<TeamBracketView>, ApiError> {
    let guard = state.teams().repo.lock(&id).await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("team event"))?;
    let t = v.state.event()?;
    if !matches!(t.format(), Format::Knockout { .. }) {
        return Err(ApiError::NotFound("bracket: not a knockout"));
    }
    Ok(Json(TeamBracketView {
        rounds: bracket_rounds(&t.bracket()),
        champion: t.champion().map(|c| PlayerId::from_index(c).get()),
    }))
}
