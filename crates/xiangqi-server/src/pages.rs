//! The web pages: HTML shells, the browser code and styles under `web/` (embedded in the
//! binary, so `xiangqi serve` needs no build step and no files beside it), and three small
//! pure helpers the pages call:
//!
//! - `GET /api/position?fen=…`: the legal moves of a position (the board's move hints), check,
//!   mate and stalemate;
//! - `POST /api/touch`: the moves a touch-move binds a player to (the arbiter's helper);
//! - `POST /api/records/parse`: a PGN or XQF record read into positions, for the game viewer.
//!
//! | page | what |
//! | --- | --- |
//! | `/` | home |
//! | `/games/new` | create a live game; links for Red, Black, the arbiter and spectators |
//! | `/games/{id}` | live board: players (token in the URL fragment), arbiter, spectators |
//! | `/viewer` | step through an uploaded PGN/XQF or a stored game; SVG/PNG diagram export |
//! | `/teams/{id}` | a team event (CXA 11): teams, line-ups, matches board by board (two games a board with 局分 or 大分/小分), byes, withdrawals, a team knockout's bracket, standings; all-play-all matches (CXA 11.4), board order by rating with the organiser's override (11.1) or by lot (11.3), fouls and sanctions (14.5, 18.5) |
//! | `/tournaments`, `/tournaments/{id}` | the organiser's pages: entries, rounds, live games for the boards with the players' links, results, standings (qualifiers and eliminations marked), a knockout's bracket (after a Swiss too), a double elimination's two brackets, a group stage's tables and its final, the units as teams by their players' places (队员总分制, CXA 11.5, 14.8) |
//! | `/games/{id}` of a board | links back to its tournament, round and board (`GET /api/tournaments/by-game/{game}`) |

use axum::{
    Json, Router,
    body::Bytes,
    extract::Path,
    http::{HeaderValue, header},
    response::{Html, IntoResponse, Response},
    routing::{get, post},
};
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use xiangqi::{
    Color, Position, Square,
    chinese::{Chinese, Style},
    fen::Fen,
    wxf::Wxf,
};
use xiangqi_arbiter::{
    Book,
    touch::{Order, Step, bound_moves},
};

use crate::{
    ApiError, AppState,
    error::ErrorBody,
    extract::{JsonBody, QueryParams},
};

/// A file of `web/`, embedded.
struct Asset {
    name: &'static str,
    mime: &'static str,
    body: &'static str,
}

macro_rules! assets {
    ($($name:literal => $mime:expr),* $(,)?) => {
        &[$(Asset {
            name: $name,
            mime: $mime,
            body: include_str!(concat!("../../../web/", $name)),
        }),*]
    };
}

const JS: &str = "text/javascript; charset=utf-8";

static ASSETS: &[Asset] = assets! {
    "app.css" => "text/css; charset=utf-8",
    "favicon.svg" => "image/svg+xml",
    "board.js" => JS,
    "common.js" => JS,
    "i18n.js" => JS,
    "home.js" => JS,
    "newgame.js" => JS,
    "game.js" => JS,
    "viewer.js" => JS,
    "tournament.js" => JS,
    "teams.js" => JS,
};

/// The page routes, the assets and the helpers, to merge into the API's router.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| page("home", "象棋 xiangqi")))
        .route("/games/new", get(|| page("newgame", "新对局 New game")))
        .route("/games/{id}", get(game_page))
        .route("/viewer", get(|| page("viewer", "棋谱 Game viewer")))
        .route(
            "/tournaments",
            get(|| page("tournament", "赛事 Tournaments")),
        )
        .route("/tournaments/{id}", get(tournament_page))
        .route("/teams/{id}", get(team_page))
        .route("/assets/{name}", get(asset))
        .route("/api/position", get(position))
        .route("/api/touch", post(touch))
        .route("/api/records/parse", post(parse_record))
}

/// Escapes text for an HTML attribute or element.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The HTML shell of a page: the script named `script` builds the rest. The header's links
/// work without JavaScript.
fn shell(script: &str, title: &str, id: Option<&str>) -> String {
    let id = id.map(escape).unwrap_or_default();
    let title = escape(title);
    format!(
        r##"<!doctype html>
<html lang="zh">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/app.css">
<script type="module" src="/assets/{script}.js"></script>
</head>
<body data-page="{script}" data-id="{id}">
<a class="skip" href="#main">跳到内容 Skip to content</a>
<header class="top">
<a class="brand" href="/">象棋 <span>xiangqi</span></a>
<nav>
<a href="/games/new" data-i18n="nav.newgame">新对局</a>
<a href="/viewer" data-i18n="nav.viewer">棋谱</a>
<a href="/tournaments" data-i18n="nav.tournaments">赛事</a>
<a href="/api/openapi.json">API</a>
</nav>
<button type="button" id="lang" class="lang" aria-label="语言 Language">EN</button>
</header>
<main id="main" tabindex="-1"><noscript>This page needs JavaScript. The JSON API is described at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
</body>
</html>
"##
    )
}

async fn page(script: &'static str, title: &'static str) -> Html<String> {
    Html(shell(script, title, None))
}

async fn game_page(Path(id): Path<String>) -> Html<String> {
    Html(shell("game", "对局 Game", Some(&id)))
}

async fn team_page(Path(id): Path<String>) -> Html<String> {
    Html(shell("teams", "团体赛 Team event", Some(&id)))
}

async fn tournament_page(Path(id): Path<String>) -> Html<String> {
    Html(shell("tournament", "赛事 Tournament", Some(&id)))
}

async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|a| a.name == name) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(a.mime)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            a.body,
        )
            .into_response(),
        None => ApiError::NotFound("asset").into_response(),
    }
}

fn color_code(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

fn parse_fen(fen: &str) -> Result<Position, ApiError> {
    fen.parse::<Fen>()
        .map_err(|e| ApiError::invalid("fen", e.to_string()))?
        .into_position()
        .map_err(|e| ApiError::invalid("fen", e.to_string()))
}

/// A position to read.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PositionQuery {
    /// The position in FEN; the start position if absent.
    #[param(schema_with = crate::schema::fen_schema)]
    fen: Option<String>,
}

/// A position with its legal moves and what the side to move faces.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct PositionView {
    fen: String,
    turn: &'static str,
    legal: Vec<String>,
    check: bool,
    checkmate: bool,
    stalemate: bool,
}

/// The legal moves of a position, for the board's hints.
#[utoipa::path(get, path = "/api/position", tag = "board", params(PositionQuery),
    responses((status = 200, description = "the position", body = PositionView),
        (status = 400, response = ErrorBody), (status = 422, response = ErrorBody)))]
pub(crate) async fn position(
    QueryParams(q): QueryParams<PositionQuery>,
) -> Result<Json<PositionView>, ApiError> {
    let pos = match q.fen.as_deref() {
        Some(f) => parse_fen(f)?,
        None => Position::new(),
    };
    Ok(Json(PositionView {
        fen: Fen::from_position(&pos).to_string(),
        turn: color_code(pos.turn()),
        legal: pos.legal_moves().iter().map(ToString::to_string).collect(),
        check: pos.is_check(),
        checkmate: pos.is_checkmate(),
        stalemate: pos.is_stalemate(),
    }))
}

/// A touch-move question.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TouchRequest {
    /// The position in FEN.
    #[schema(schema_with = crate::schema::fen_schema)]
    fen: String,
    /// Squares in ICCS, in the order touched (at most 32).
    #[schema(max_items = 32)]
    touched: Vec<String>,
    /// `in_turn` (default) or `at_once`.
    #[serde(default)]
    #[schema(schema_with = order_schema)]
    order: Order,
    /// `cxa2011` (default) or `wxf2018`.
    #[schema(schema_with = crate::competition::rules_schema)]
    rules: Option<String>,
}

fn step_code(s: Step) -> &'static str {
    match s {
        Step::Untouched => "untouched",
        Step::TouchedTakesTouched => "touched_takes_touched",
        Step::MoveTouched => "move_touched",
        Step::TakeTouched => "take_touched",
        Step::Free => "free",
    }
}

fn order_schema() -> utoipa::openapi::Object {
    crate::schema::choice(&["in_turn", "at_once"])
}

/// A move in three notations.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct NotatedMove {
    iccs: String,
    wxf: String,
    chinese: String,
}

/// What touched pieces bind a player to.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct TouchView {
    step: &'static str,
    moves: Vec<NotatedMove>,
    foul: Option<&'static str>,
}

/// What the touched pieces bind the side to move to (touch-move: CXA 2011 arts. 5.1–5.5;
/// WXF 2018 art. 4.2).
#[utoipa::path(post, path = "/api/touch", tag = "board",
    request_body(content = TouchRequest, content_type = "application/json"),
    responses((status = 200, description = "the moves the touches bind to", body = TouchView),
        (status = 400, response = ErrorBody), (status = 422, response = ErrorBody)))]
pub(crate) async fn touch(
    JsonBody(req): JsonBody<TouchRequest>,
) -> Result<Json<TouchView>, ApiError> {
    let pos = parse_fen(&req.fen)?;
    let book = match req.rules.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("cxa2011") | Some("cxa") => Book::Cxa2011,
        Some("wxf2018") | Some("wxf") => Book::Wxf2018,
        Some(other) => {
            return Err(ApiError::invalid(
                "rules",
                format!("unknown rule set {other:?} (cxa2011 or wxf2018)"),
            ));
        }
    };
    if req.touched.len() > 32 {
        return Err(ApiError::invalid("touched", "at most 32 squares"));
    }
    let touched = req
        .touched
        .iter()
        .map(|s| {
            s.trim()
                .parse::<Square>()
                .map_err(|e| ApiError::invalid("touched", format!("{s:?}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let binding = bound_moves(&pos, &touched, req.order, book)
        .map_err(|e| ApiError::invalid("touched", e.to_string()))?;
    Ok(Json(TouchView {
        step: step_code(binding.step),
        moves: binding
            .moves
            .iter()
            .map(|m| NotatedMove {
                iccs: m.to_string(),
                wxf: Wxf::write(&pos, *m),
                chinese: Chinese::write(&pos, *m, Style::PLAIN),
            })
            .collect(),
        foul: binding.foul,
    }))
}

/// A move of a record, with the position after it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct RecordMove<'a> {
    ply: usize,
    color: &'static str,
    iccs: String,
    wxf: String,
    chinese: String,
    fen: String,
    check: bool,
    comment: Option<&'a str>,
}

/// A game of a record, read for the viewer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct RecordGame<'a> {
    title: String,
    tags: BTreeMap<&'a str, &'a str>,
    start_fen: Option<String>,
    /// The comment before the first move; absent when the start position does not read.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    comment: Option<Option<&'a str>>,
    moves: Vec<RecordMove<'a>>,
    errors: Vec<String>,
}

/// The games of a record.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct RecordView<'a> {
    games: Vec<RecordGame<'a>>,
}

/// The largest record the viewer reads.
const MAX_RECORD: usize = 4 << 20;

/// Reads a PGN or XQF record (the body, as uploaded: at most 4 MiB, the first 200 games) into
/// positions, game by game.
#[utoipa::path(post, path = "/api/records/parse", tag = "board",
    request_body(description = "a PGN (text) or XQF (binary) record", content(
        ("application/x-chess-pgn"), ("text/plain"), ("application/octet-stream"))),
    responses((status = 200, description = "the record's games", body = RecordView<'_>),
        (status = 400, response = ErrorBody), (status = 422, response = ErrorBody)))]
pub(crate) async fn parse_record(body: Bytes) -> Result<Response, ApiError> {
    if body.is_empty() {
        return Err(ApiError::invalid("body", "empty: send a PGN or XQF record"));
    }
    if body.len() > MAX_RECORD {
        return Err(ApiError::invalid("body", "a record is at most 4 MiB"));
    }
    let games = xiangqi_record::read_bytes(&body, None)
        .map_err(|e| ApiError::invalid("body", e.to_string()))?;
    let mut games: Vec<_> = games.into_iter().take(200).collect();
    let errors: Vec<Vec<String>> = games
        .iter_mut()
        .enumerate()
        .map(
            |(number, game)| match xiangqi_record::check(game, number + 1) {
                Ok(()) => Vec::new(),
                Err(errs) => errs.iter().map(ToString::to_string).collect(),
            },
        )
        .collect();
    let mut out = Vec::with_capacity(games.len());
    for (game, errors) in games.iter().zip(errors) {
        let tags = game
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let Ok(mut pos) = game.start_position() else {
            out.push(RecordGame {
                title: xiangqi_record::title(game),
                tags,
                start_fen: None,
                comment: None,
                moves: Vec::new(),
                errors,
            });
            continue;
        };
        let start_fen = Fen::from_position(&pos).to_string();
        let mut moves = Vec::new();
        let line = game.mainline();
        for (i, node) in line.iter().enumerate() {
            let Some(iccs) = game.nodes[*node].iccs else {
                break;
            };
            let Ok(m) = iccs.to_move(&pos) else {
                break;
            };
            let color = pos.turn();
            let wxf = Wxf::write(&pos, m);
            let chinese = Chinese::write(&pos, m, Style::PLAIN);
            pos.play_unchecked(m);
            moves.push(RecordMove {
                ply: i + 1,
                color: color_code(color),
                iccs: m.to_string(),
                wxf,
                chinese,
                fen: Fen::from_position(&pos).to_string(),
                check: pos.is_check(),
                comment: game.nodes[*node].comment.as_deref(),
            });
        }
        out.push(RecordGame {
            title: xiangqi_record::title(game),
            tags,
            start_fen: Some(start_fen),
            comment: Some(game.nodes[0].comment.as_deref()),
            moves,
            errors,
        });
    }
    Ok(Json(RecordView { games: out }).into_response())
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::parse_body;

    /// A JSON answer as a value.
    fn value(v: impl Serialize) -> Value {
        serde_json::to_value(v).expect("JSON")
    }

    /// `touch` on a raw body, as the router gives it.
    async fn touch_raw(body: Bytes) -> Result<Json<Value>, ApiError> {
        let req = parse_body(&body)?;
        touch(JsonBody(req)).await.map(|Json(t)| Json(value(t)))
    }

    #[test]
    fn every_asset_is_embedded_and_the_shell_escapes() {
        assert!(ASSETS.iter().all(|a| !a.body.is_empty()));
        let html = shell("game", "t", Some("<x>"));
        assert!(html.contains("data-id=\"&lt;x&gt;\""));
        assert!(html.contains("/api/openapi.json"));
    }

    #[tokio::test]
    async fn helpers_answer_the_pages() {
        let p = value(
            position(QueryParams(PositionQuery { fen: None }))
                .await
                .expect("the start position")
                .0,
        );
        assert_eq!(p["legal"].as_array().map(Vec::len), Some(44));
        assert!(
            position(QueryParams(PositionQuery {
                fen: Some("9/9 w".into())
            }))
            .await
            .is_err()
        );

        let body = Bytes::from(
            r#"{"fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w","touched":["h2"]}"#,
        );
        let Json(t) = touch_raw(body).await.expect("a binding");
        assert_eq!(t["step"], "move_touched");
        assert!(t["moves"].as_array().is_some_and(|m| {
            m.iter()
                .all(|m| m["iccs"].as_str().is_some_and(|s| s.starts_with("h2")))
        }));
        assert!(
            touch_raw(Bytes::from(r#"{"fen":"x","touched":[]}"#))
                .await
                .is_err()
        );

        let res = parse_record(Bytes::from("1. 炮二平五 马8进7 2. 马二进三 *"))
            .await
            .expect("a record");
        let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
            .await
            .expect("body");
        let v: Value = serde_json::from_slice(&bytes).expect("JSON");
        let moves = &v["games"][0]["moves"];
        assert_eq!(moves[0]["iccs"], "h2e2");
        assert_eq!(moves[1]["wxf"], "H8+7");
        assert_eq!(moves[2]["chinese"], "马二进三");
        assert!(parse_record(Bytes::new()).await.is_err());
    }
}
