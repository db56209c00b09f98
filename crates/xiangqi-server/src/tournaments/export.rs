//! A tournament in the files other programs read: TRF (FIDE's report format), CSV tables, the
//! boards' live games as one PGN file, and the public event log.

use axum::{
    Json,
    extract::{Path, State},
    http::header,
    response::{IntoResponse, Response},
};
use xiangqi_store::{EventStore, StreamKind};
use xiangqi_tournament::{GameResult, report, tournament::Tournament, trf};

use super::form::{CsvQuery, PgnExportQuery};
use crate::{
    AppState,
    error::{ApiError, ErrorBody},
    extract::QueryParams,
    stream::{EventLog, valid_id},
};

fn attachment(content_type: &'static str, filename: String, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        body,
    )
        .into_response()
}

#[utoipa::path(
    get, path = "/api/tournaments/{id}/export.trf", tag = "tournaments", operation_id = "export_trf",
    params(("id" = String, Path, description = "the tournament's id")),
    responses((status = 200, description = "FIDE TRF, for cross-checking pairings with another program", body = String, content_type = "text/plain"), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn trf(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let text = state
        .tournaments()
        .read(&id, |v| trf::export(&v.state.tournament))
        .await?;
    Ok(attachment(
        "text/plain; charset=utf-8",
        format!("{id}.trf"),
        text,
    ))
}

#[utoipa::path(
    get, path = "/api/tournaments/{id}/export.csv", tag = "tournaments", operation_id = "export_csv",
    params(("id" = String, Path, description = "the tournament's id"), CsvQuery),
    responses((status = 200, description = "the table as CSV", body = String, content_type = "text/csv"), (status = 400, response = ErrorBody), (status = 404, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn csv(
    State(state): State<AppState>,
    Path(id): Path<String>,
    QueryParams(q): QueryParams<CsvQuery>,
) -> Result<Response, ApiError> {
    let table = q.table.unwrap_or_else(|| "standings".to_owned());
    let write: fn(&Tournament) -> String = match table.as_str() {
        "standings" => report::standings_csv,
        "crosstable" => report::crosstable_csv,
        "players" => |t| report::write_entries(t.players()),
        other => {
            return Err(ApiError::invalid(
                "table",
                format!("unknown table {other:?} (standings, crosstable, players)"),
            ));
        }
    };
    let text = state
        .tournaments()
        .read(&id, |v| write(&v.state.tournament))
        .await?;
    Ok(attachment(
        "text/csv; charset=utf-8",
        format!("{id}-{table}.csv"),
        text,
    ))
}

/// Every live game of the tournament (or of `?round=N`) as one PGN file, in round and board
/// order, each with the tournament's name as `Event` and `Round "r.b"` (round.board), so that
/// a database sorts the games as the pairing sheets do. Boards without a live game (results
/// entered by hand, byes, forfeits) are skipped: a PGN game is a record of moves, a move-less
/// game would enter readers' databases as one played, and those results are in the TRF and
/// CSV exports. `Result` is the result sheet's when it holds a played result (CXA 9: the signed
/// sheet is the record), so an arbiter's correction shows in the file.
#[utoipa::path(
    get, path = "/api/tournaments/{id}/export.pgn", tag = "tournaments", operation_id = "export_pgn",
    params(("id" = String, Path, description = "the tournament's id"), PgnExportQuery),
    responses((status = 200, description = "the live games as one PGN file, in round and board order, `Round` as round.board", body = String, content_type = "application/x-chess-pgn"), (status = 400, response = ErrorBody), (status = 404, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn pgn(
    State(state): State<AppState>,
    Path(id): Path<String>,
    QueryParams(q): QueryParams<PgnExportQuery>,
) -> Result<Response, ApiError> {
    let (name, rounds, boards) = state
        .tournaments()
        .read(&id, |v| {
            let t = &v.state.tournament;
            let rounds = u32::try_from(t.rounds().len()).unwrap_or(u32::MAX);
            // The result sheet wins over the game's own result: an arbiter's correction (after
            // an appeal, say) is what the tournament counts, so the file says the same.
            let sheet = |round: u32, board: u32| {
                let r = t.rounds().get(round.checked_sub(1)? as usize)?;
                let g = r.games.iter().find(|g| g.pairing.board == board)?;
                match g.result? {
                    GameResult::RedWins => Some("1-0"),
                    GameResult::BlackWins => Some("0-1"),
                    GameResult::Draw => Some("1/2-1/2"),
                    _ => None,
                }
            };
            let boards: Vec<(u32, u32, String, Option<&'static str>)> = v
                .state
                .meta
                .games
                .values()
                .filter(|b| q.round.is_none_or(|r| r == b.round))
                .map(|b| (b.round, b.board, b.game.clone(), sheet(b.round, b.board)))
                .collect();
            (t.name().to_owned(), rounds, boards)
        })
        .await?;
    if q.round.is_some_and(|r| r == 0 || r > rounds) {
        return Err(ApiError::NotFound("round"));
    }
    let options = xiangqi_record::pgn::WriteOptions::default();
    let mut out = String::new();
    for (round, board, game, sheet_result) in boards {
        // A game lost from the store is left out rather than failing the whole file.
        let Ok(mut record) = state.games().pgn_record(&game).await else {
            continue;
        };
        record.set_tag("Event", name.clone());
        if let Some(result) = sheet_result {
            record.set_tag("Result", result);
        }
        record.set_tag("Round", format!("{round}.{board}"));
        // Seven Tag Roster order: Event, then Round before the players.
        if let Some(at) = record.tags.iter().position(|(n, _)| n == "Round") {
            let tag = record.tags.remove(at);
            let after_event = record
                .tags
                .iter()
                .position(|(n, _)| n == "Event")
                .map_or(0, |e| e + 1);
            record.tags.insert(after_event, tag);
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&xiangqi_record::pgn::write_game(&record, &options));
    }
    let filename = match q.round {
        Some(r) => format!("{id}-round{r}.pgn"),
        None => format!("{id}.pgn"),
    };
    Ok(attachment(
        "application/x-chess-pgn; charset=utf-8",
        filename,
        out,
    ))
}

/// The tournament's stored events; the players' tokens are for the officials only
/// (`GET …/rounds/{round}/games`).
#[utoipa::path(
    get, path = "/api/tournaments/{id}/events", tag = "tournaments", operation_id = "tournament_events",
    params(("id" = String, Path, description = "the tournament's id")),
    responses((status = 200, description = "the stored events, the players' tokens left out", body = EventLog<'_>), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn events(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    if !valid_id(&id) {
        return Err(ApiError::NotFound("tournament"));
    }
    let stored = state
        .tournaments()
        .store()
        .load(StreamKind::Tournament, &id, 0)
        .await?;
    if stored.is_empty() {
        return Err(ApiError::NotFound("tournament"));
    }
    Ok(Json(EventLog::new(&id, stored, |k| k.ends_with("_token"))).into_response())
}
