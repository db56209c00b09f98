//! CPU per move, without the network (not a test): `XQ_MOVES_GAMES` timed games (default 200)
//! on a fresh SQLite file, each playing `XQ_MOVES_PLIES` plies (default 40) straight through
//! [`Games::play`], every game's next ply played at once so that the store's writer batches
//! them as it does under load. Each game's moves are chosen by a fixed rule from its legal
//! moves, so two runs play the same games. Meant to be counted, not timed:
//!
//! ```text
//! cargo bench -p xiangqi-server --bench moves --no-run
//! perf stat -e instructions:u target/release/deps/moves-… # once with XQ_MOVES_PLIES=0
//! ```
//!
//! The instructions of a move are the difference between a run with plies and one without
//! (which only creates the games), divided by the moves played (printed on stdout).

use std::sync::Arc;

use xiangqi::{Position, iccs::Iccs};
use xiangqi_server::{Games, NewGame, TimeSource};
use xiangqi_store::Store;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The move game `g` plays at `ply` in `pos`: one of its legal moves, by a fixed rule.
fn pick(pos: &Position, g: usize, ply: usize) -> Option<xiangqi::Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let i = (g.wrapping_mul(7919) ^ ply.wrapping_mul(104_729)) % moves.len();
    moves.get(i).copied()
}

async fn run(games: usize, plies: usize) -> Result<usize, String> {
    let dir = std::env::temp_dir().join(format!("xq-moves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let db = dir.join("moves.sqlite");
    let store = Store::open(&db.to_string_lossy())
        .await
        .map_err(|e| e.to_string())?;
    let live = Arc::new(Games::new(store, TimeSource::new()));
    let mut tables = Vec::with_capacity(games);
    for _ in 0..games {
        let (tokens, _) = live
            .create(NewGame {
                time_control: Some("60m+30s".into()),
                ..NewGame::default()
            })
            .await
            .map_err(|e| e.to_string())?;
        tables.push((tokens, Position::new(), true));
    }
    let mut played = 0;
    for ply in 0..plies {
        let mut round = Vec::with_capacity(games);
        for (g, (tokens, pos, playing)) in tables.iter_mut().enumerate() {
            if !*playing {
                continue;
            }
            let Some(m) = pick(pos, g, ply) else {
                *playing = false;
                continue;
            };
            let token = if ply % 2 == 0 {
                tokens.red_token.clone()
            } else {
                tokens.black_token.clone()
            };
            let (games, id) = (Arc::clone(&live), tokens.id.clone());
            round.push((
                g,
                m,
                tokio::spawn(async move {
                    let text = Iccs::from_move(m).to_string();
                    games.play(&id, Some(&token), &text, Some(ply)).await
                }),
            ));
        }
        for (g, m, task) in round {
            let table = &mut tables[g];
            match task.await.map_err(|e| e.to_string())? {
                Ok(()) => {
                    table.1.play_unchecked(m);
                    played += 1;
                }
                // A game a ruling ended (a repetition) plays no more.
                Err(_) => table.2 = false,
            }
        }
    }
    drop(live);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(played)
}

fn main() {
    let (games, plies) = (env("XQ_MOVES_GAMES", 200), env("XQ_MOVES_PLIES", 40));
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("moves: no runtime: {e}");
            std::process::exit(1);
        }
    };
    match runtime.block_on(run(games, plies)) {
        Ok(played) => println!("games {games} plies {plies} moves played {played}"),
        Err(e) => {
            eprintln!("moves: {e}");
            std::process::exit(1);
        }
    }
}
