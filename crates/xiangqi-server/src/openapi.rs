//! The API described in OpenAPI 3.1, written by hand: the document is small, and a generator
//! would make every view and domain type derive its traits (and cost build time).

use serde_json::{Value, json};

fn error_responses() -> Value {
    json!({
        "400": {"$ref": "#/components/responses/Error"},
        "401": {"$ref": "#/components/responses/Error"},
        "403": {"$ref": "#/components/responses/Error"},
        "404": {"$ref": "#/components/responses/Error"},
        "409": {"$ref": "#/components/responses/Error"},
        "422": {"$ref": "#/components/responses/Error"},
    })
}

fn ok(description: &str, schema: &str) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}})
}

fn with_errors(mut responses: Value) -> Value {
    if let (Some(r), Value::Object(e)) = (responses.as_object_mut(), error_responses()) {
        r.extend(e);
    }
    responses
}

fn id_param() -> Value {
    json!({"name": "id", "in": "path", "required": true, "schema": {"type": "string"}})
}

fn int_param(name: &str) -> Value {
    json!({"name": name, "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}})
}

fn body(schema: &str) -> Value {
    json!({"required": true, "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}})
}

/// A write by the tournament's organiser or an appointed arbiter.
fn official_write(summary: &str, request: Value, status: &str, response: Value) -> Value {
    let responses = with_errors(json!({ status: response }));
    json!({
        "summary": summary,
        "parameters": [id_param()],
        "security": [{"session": []}, {"session_cookie": []}],
        "requestBody": request,
        "responses": responses,
    })
}

fn tournament_paths() -> Value {
    let any = json!({"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}});
    let round = ok("the round", "Round");
    let game = json!({"description": "the game", "content": {"application/json": {"schema": {"type": "object", "properties": {"game": {"$ref": "#/components/schemas/Game"}}}}}});
    json!({
        "/api/games/{id}/signatures": {"post": {
            "summary": "Sign the score sheet of a finished game: each player and the arbiter confirm the result and the times (CXA 9; WXF 12.6). A `result` that differs from the recorded one is refused (409 result_disputed): appeal instead",
            "parameters": [id_param()],
            "security": [{"token": []}],
            "requestBody": {"required": false, "content": {"application/json": {"schema": {"type": "object", "additionalProperties": false, "properties": {"result": {"type": "string"}, "token": {"type": "string"}}}}}},
            "responses": with_errors(json!({"201": game.clone()})),
        }},
        "/api/games/{id}/appeals": {"post": {
            "summary": "A player's appeal, logged with its time; refused (409 appeal_too_late) more than two hours after the end of the game (WXF 12.4)",
            "parameters": [id_param()],
            "security": [{"token": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["text"], "additionalProperties": false, "properties": {"text": {"type": "string", "maxLength": 4000}, "token": {"type": "string"}}}}}},
            "responses": with_errors(json!({"201": game})),
        }},
        "/api/accounts": {"post": {
            "summary": "Open an organiser/arbiter account (the password is kept as an argon2id hash)",
            "requestBody": body("Credentials"),
            "responses": with_errors(json!({"201": {"description": "the account", "content": {"application/json": {"schema": {"type": "object", "properties": {"username": {"type": "string"}}}}}}})),
        }},
        "/api/sessions": {
            "post": {
                "summary": "Log in: returns a session token and sets the `xiangqi_session` cookie. Failed logins are limited per user name and address (429 with Retry-After)",
                "requestBody": body("Credentials"),
                "responses": with_errors(json!({
                    "201": ok("the session", "Session"),
                    "429": {"$ref": "#/components/responses/Error"},
                })),
            },
            "get": {"summary": "The account of the session", "security": [{"session": []}, {"session_cookie": []}], "responses": with_errors(json!({"200": any.clone()}))},
            "delete": {"summary": "Log out", "security": [{"session": []}, {"session_cookie": []}], "responses": {"204": {"description": "closed"}}},
        },
        "/api/tournaments": {
            "get": {"summary": "Ids of every tournament", "responses": {"200": any.clone()}},
            "post": {
                "summary": "Create a tournament; the caller's account becomes its organiser",
                "security": [{"session": []}, {"session_cookie": []}],
                "requestBody": body("NewTournament"),
                "responses": with_errors(json!({"201": ok("the tournament", "Tournament")})),
            },
        },
        "/api/tournaments/{id}": {"get": {
            "summary": "A tournament: settings, organiser, arbiters, players, rounds with results",
            "parameters": [id_param()],
            "responses": with_errors(json!({"200": ok("the tournament", "Tournament")})),
        }},
        "/api/tournaments/{id}/players": {"post": official_write(
            "Register players (before round 1 is paired): JSON (one, a list, or {\"players\": [...]}) or CSV with a header naming `name` and any of `rating`, `club`, `federation`",
            json!({"required": true, "content": {
                "application/json": {"schema": {"oneOf": [
                    {"$ref": "#/components/schemas/NewPlayer"},
                    {"type": "array", "items": {"$ref": "#/components/schemas/NewPlayer"}},
                    {"type": "object", "properties": {"players": {"type": "array", "items": {"$ref": "#/components/schemas/NewPlayer"}}}},
                ]}},
                "text/csv": {"schema": {"type": "string"}, "example": "name,rating,club\n王天一,2700,杭州\n"},
            }}),
            "201", any.clone(),
        )},
        "/api/tournaments/{id}/rounds": {"post": official_write(
            "Pair the next round: round robin from the Berger tables (CXA appendix 2); Swiss by the tournament's engine with a seed stored in the event; or the arbiter's own pairings",
            json!({"required": false, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PairRequest"}}}}),
            "201", round.clone(),
        )},
        "/api/tournaments/{id}/rounds/{round}": {"get": {
            "summary": "One round",
            "parameters": [id_param(), int_param("round")],
            "responses": with_errors(json!({"200": round.clone()})),
        }},
        "/api/tournaments/{id}/rounds/{round}/boards/{board}/result": {"put": {
            "summary": "Record (or correct) a game's result",
            "parameters": [id_param(), int_param("round"), int_param("board")],
            "security": [{"session": []}, {"session_cookie": []}],
            "requestBody": body("ResultRequest"),
            "responses": with_errors(json!({"200": round})),
        }},
        "/api/tournaments/{id}/withdrawals": {"post": official_write(
            "A player withdraws (CXA 19; WXF 11.2–11.4)",
            body("WithdrawalRequest"), "201", any.clone(),
        )},
        "/api/tournaments/{id}/penalties": {"post": official_write(
            "Record a foul, warning or game disqualification (tie-breaks: CXA 14.1, 18.5)",
            body("PenaltyRequest"), "201", any.clone(),
        )},
        "/api/tournaments/{id}/arbiters": {"post": official_write(
            "The organiser appoints an arbiter (an existing account)",
            json!({"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["username"], "properties": {"username": {"type": "string"}}}}}}),
            "201", any.clone(),
        )},
        "/api/tournaments/{id}/standings": {"get": {
            "summary": "Standings with the tie-breaks in force",
            "parameters": [id_param()],
            "responses": with_errors(json!({"200": ok("standings", "Standings")})),
        }},
        "/api/tournaments/{id}/crosstable": {"get": {
            "summary": "Crosstable rows in standings order, with each round's opponent, colour and outcome",
            "parameters": [id_param()],
            "responses": with_errors(json!({"200": any.clone()})),
        }},
        "/api/tournaments/{id}/export.trf": {"get": {
            "summary": "FIDE TRF, for cross-checking pairings with another program",
            "parameters": [id_param()],
            "responses": with_errors(json!({"200": {"description": "TRF", "content": {"text/plain": {"schema": {"type": "string"}}}}})),
        }},
        "/api/tournaments/{id}/export.csv": {"get": {
            "summary": "Standings (default), crosstable or players as CSV",
            "parameters": [id_param(), {"name": "table", "in": "query", "schema": {"enum": ["standings", "crosstable", "players"], "default": "standings"}}],
            "responses": with_errors(json!({"200": {"description": "CSV", "content": {"text/csv": {"schema": {"type": "string"}}}}})),
        }},
        "/api/tournaments/{id}/export.pgn": {"get": {
            "summary": "The live games of the tournament (or of one round) as one PGN file, in round and board order, `Round` as round.board; boards without a live game are left out",
            "parameters": [id_param(), {"name": "round", "in": "query", "schema": {"type": "integer", "minimum": 1}}],
            "responses": with_errors(json!({"200": {"description": "PGN", "content": {"application/x-chess-pgn": {"schema": {"type": "string"}}}}})),
        }},
        "/api/tournaments/{id}/events": {"get": {
            "summary": "The tournament's stored events, in order (the players' tokens left out)",
            "parameters": [id_param()],
            "responses": with_errors(json!({"200": any})),
        }},
    })
}

/// Live games for a round's boards, and the knockout, group and keep-apart routes.
fn tournament_stage_paths() -> Value {
    let any = json!({"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}});
    json!({
        "/api/tournaments/{id}/rounds/{round}/games": {
            "post": {
                "summary": "Start live games for a paired round's boards (all without a game or a result, or those named), each with the tournament's rule set and time control; the board's result is recorded from its game as soon as the game ends",
                "parameters": [id_param(), int_param("round")],
                "security": [{"session": []}, {"session_cookie": []}],
                "requestBody": {"required": false, "content": {"application/json": {"schema": {"type": "object", "additionalProperties": false, "properties": {"boards": {"type": "array", "items": {"type": "integer"}}}}}}},
                "responses": with_errors(json!({"201": ok("the round's games with their tokens", "BoardGames")})),
            },
            "get": {
                "summary": "The round's live games with the players' and arbiter's tokens, for the organiser and arbiters to hand out",
                "parameters": [id_param(), int_param("round")],
                "security": [{"session": []}, {"session_cookie": []}],
                "responses": with_errors(json!({"200": ok("the round's games with their tokens", "BoardGames")})),
            },
        },
        "/api/tournaments/{id}/bracket": {"get": {
            "summary": "A knockout's bracket round by round (CXA 10.4): each match's players, games, winner and how it was decided; the champion once known. A Swiss then knockout adds its `stage`, `first_round` and seeded `qualifiers` (CXA 10.5); a double elimination lists `matches` in playing order, each with its `part` (winners or losers bracket and round, grand_final, reset), `loser` and whether it is `needed`",
            "parameters": [id_param()],
            "responses": with_errors(json!({"200": any.clone()})),
        }},
        "/api/tournaments/by-game/{game}": {"get": {
            "summary": "The tournament, round and board a live game was started for, so the game page links back to it",
            "parameters": [{"name": "game", "in": "path", "required": true, "schema": {"type": "string"}}],
            "responses": with_errors(json!({"200": {"description": "the board", "content": {"application/json": {"schema": {"type": "object", "properties": {
                "tournament": {"type": "string"}, "name": {"type": "string"}, "round": {"type": "integer"}, "board": {"type": "integer"}, "game": {"type": "string"},
            }}}}}})),
        }},
        "/api/tournaments/{id}/groups": {"get": {
            "summary": "A group stage's groups (serpentine by rating, CXA 10.2) with each group's standings, and its final once opened",
            "parameters": [id_param()],
            "responses": with_errors(json!({"200": any.clone()})),
        }},
        "/api/tournaments/{id}/final": {"post": {
            "summary": "The organiser opens the final of a finished group stage: a new tournament with the top `qualifiers` of each group, group winners first (CXA 10.2)",
            "parameters": [id_param()],
            "security": [{"session": []}, {"session_cookie": []}],
            "requestBody": body("FinalRequest"),
            "responses": with_errors(json!({"201": ok("the final", "Tournament")})),
        }},
        "/api/tournaments/{id}/keep-apart": {"post": {
            "summary": "The organiser keeps players apart in a Swiss's later rounds: club-mates and/or a named group (CXA 10.3 and its appendix 3; TRF XXP)",
            "parameters": [id_param()],
            "security": [{"session": []}, {"session_cookie": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "additionalProperties": false, "properties": {
                "clubs": {"type": "boolean", "default": false}, "players": {"type": "array", "items": {"type": "integer"}, "description": "start numbers"},
            }}}}},
            "responses": with_errors(json!({"201": any})),
        }},
    })
}

/// Team events (CXA 11): a round robin of teams, line-ups, board results, team standings.
fn team_paths() -> Value {
    let any = json!({"description": "the team event", "content": {"application/json": {"schema": {"type": "object"}}}});
    let session = json!([{"session": []}, {"session_cookie": []}]);
    let object = |props: Value, required: Value| json!({"required": true, "content": {"application/json": {"schema": {"type": "object", "additionalProperties": false, "required": required, "properties": props}}}});
    json!({
        "/api/teams": {"post": {
            "summary": "Create a team event (CXA 10, 11): a round robin of teams, a Swiss of teams (paired by the CXA engine, or by hand), or a team knockout; the caller organises it",
            "security": session.clone(),
            "requestBody": object(json!({
                "name": {"type": "string"}, "rules": {"enum": ["cxa2011", "wxf2018"]},
                "format": {"enum": ["round_robin", "swiss", "knockout"], "default": "round_robin"},
                "cycles": {"enum": [1, 2], "description": "round robin"},
                "rounds": {"type": "integer", "minimum": 1, "description": "swiss"},
                "games": {"enum": [1, 2, 3], "description": "knockout: team matches a line (3: best of three)"},
                "playoff_games": {"type": "integer", "minimum": 0, "description": "knockout: play-off team matches after a level line, then a lot (WXF 10.1)"},
                "two_games": {"type": "boolean", "default": false, "description": "two games a board, colours swapped in the second (CXA 12.4); the match by 大分 then 小分 under WXF 9.4, by 局分 under CXA 13.2"},
                "ranking": {"enum": ["match_points", "game_points"], "default": "match_points", "description": "game_points: 局分 first, for a one-game Swiss of teams (CXA 14.7)"},
                "boards": {"type": "integer", "minimum": 1, "maximum": 20},
                "board_rule": {"enum": ["fixed", "order_kept", "temporary"], "description": "CXA 11.1, 11.2, 11.3"},
                "scoring": {"enum": ["2-1-0", "1-0.5-0", "3-1-0", "3-0-1-2"]},
                "teams": {"type": "array", "items": {"type": "object"}},
            }), json!(["name", "boards"])),
            "responses": with_errors(json!({"201": any.clone()})),
        }},
        "/api/teams/{id}": {"get": {
            "summary": "A team event: teams, rounds with each match board by board (the first-listed team red on odd boards, CXA 12.2), standings",
            "parameters": [id_param()],
            "responses": with_errors(json!({"200": any.clone()})),
        }},
        "/api/teams/{id}/teams": {"post": {
            "summary": "Register teams (before round 1): name and players in registered order",
            "parameters": [id_param()], "security": session.clone(),
            "requestBody": object(json!({"teams": {"type": "array", "items": {"type": "object"}}}), json!(["teams"])),
            "responses": with_errors(json!({"201": any.clone()})),
        }},
        "/api/teams/{id}/rounds": {"post": {
            "summary": "Pair the next round: a round robin from the order tables, a knockout from its bracket (seed stored, byes to the top seeds), a Swiss from the arbiter's `matches` and `byes` (a bye is a won match, CXA 14.4); under fixed boards the registered order is entered as both line-ups",
            "parameters": [id_param()], "security": session.clone(),
            "requestBody": {"required": false, "content": {"application/json": {"schema": {"type": "object", "additionalProperties": false, "properties": {
                "seed": {"type": "integer", "minimum": 0},
                "matches": {"type": "array", "items": {"type": "object", "required": ["first", "second"], "properties": {"first": {"type": "integer"}, "second": {"type": "integer"}}}, "description": "team numbers, in table order; the first listed is red on odd boards (CXA 12.2)"},
                "byes": {"type": "array", "items": {"type": "integer"}},
            }}}}},
            "responses": with_errors(json!({"201": any.clone()})),
        }},
        "/api/teams/{id}/rounds/{round}/lineups": {"post": {
            "summary": "A team's line-up for a round: registered positions, board 1 first (checked against CXA 11.2/11.3)",
            "parameters": [id_param(), int_param("round")], "security": session.clone(),
            "requestBody": object(json!({"team": {"type": "integer"}, "lineup": {"type": "array", "items": {"type": "integer"}}}), json!(["team", "lineup"])),
            "responses": with_errors(json!({"201": any.clone()})),
        }},
        "/api/teams/{id}/rounds/{round}/tables/{table}/boards/{board}/result": {"put": {
            "summary": "Record (or correct) one board's result; `game`: 2 for the second game of a two-game match (colours swapped)",
            "parameters": [id_param(), int_param("round"), int_param("table"), int_param("board")], "security": session.clone(),
            "requestBody": object(json!({"result": {"type": "string"}, "game": {"enum": [1, 2], "default": 1}}), json!(["result"])),
            "responses": with_errors(json!({"200": any.clone()})),
        }},
        "/api/teams/{id}/withdrawals": {"post": {
            "summary": "A team withdraws after a round (CXA 19.2, 19.3, 20.3; WXF 11.2–11.4): in a round robin its matches are cancelled if it played fewer than half, else later ones are forfeited on every board",
            "parameters": [id_param()], "security": session,
            "requestBody": object(json!({"team": {"type": "integer"}, "after_round": {"type": "integer", "description": "the last paired round by default"}}), json!(["team"])),
            "responses": with_errors(json!({"201": any.clone()})),
        }},
        "/api/teams/{id}/bracket": {"get": {
            "summary": "A team knockout's bracket round by round (CXA 10.4): each line's teams, team matches, winner and decision; the champion once known",
            "parameters": [id_param()],
            "responses": with_errors(json!({"200": any})),
        }},
    })
}

fn tournament_schemas() -> Value {
    json!({
        "Credentials": {"type": "object", "required": ["username", "password"], "additionalProperties": false, "properties": {
            "username": {"type": "string", "pattern": "^[A-Za-z0-9_.-]{3,32}$", "description": "folded to lower case"},
            "password": {"type": "string", "minLength": 8},
        }},
        "Session": {"type": "object", "properties": {
            "username": {"type": "string"}, "token": {"type": "string", "description": "send as `Authorization: Bearer <token>`"},
            "expires_at_ms": {"type": "integer"},
        }},
        "NewPlayer": {"type": "object", "required": ["name"], "additionalProperties": false, "properties": {
            "name": {"type": "string"}, "rating": {"type": "integer", "minimum": 0, "maximum": 65535},
            "club": {"type": "string"}, "federation": {"type": "string"},
        }},
        "NewTournament": {"type": "object", "required": ["name"], "additionalProperties": false, "properties": {
            "name": {"type": "string"},
            "rules": {"enum": ["cxa2011", "wxf2018"], "default": "cxa2011"},
            "format": {"enum": ["round_robin", "double_round_robin", "swiss", "knockout", "groups", "swiss_knockout", "swiss_elimination", "double_elimination"], "default": "round_robin"},
            "cycles": {"enum": [1, 2], "description": "round robin, groups"},
            "rounds": {"type": "integer", "minimum": 1, "description": "swiss, swiss_knockout and swiss_elimination: rounds of the Swiss"},
            "games": {"enum": [1, 2, 3], "default": 1, "description": "knockout, swiss_knockout: games per match (3: best of three)"},
            "playoff_games": {"type": "integer", "minimum": 0, "default": 0, "description": "knockout, swiss_knockout, double_elimination: rapid play-off games after a level match, then a lot (WXF 10.1)"},
            "groups": {"type": "integer", "minimum": 1, "description": "groups: how many (CXA 10.2)"},
            "qualifiers": {"type": "integer", "minimum": 2, "description": "swiss_knockout: the top of the Swiss standings going through to the knockout (CXA 10.5)"},
            "per_round": {"type": "integer", "minimum": 1, "description": "swiss_elimination: the lowest placed out after each round once more than half are played (CXA 10.6)"},
            "keep": {"type": "integer", "minimum": 2, "description": "swiss_elimination: players left for the last round (CXA 10.6)"},
            "reset": {"type": "boolean", "default": true, "description": "double_elimination: a second grand final if the losers' bracket champion wins the first"},
            "time_control": {"type": "string", "examples": ["60m+30s", "90m/40,30m", "5m;30s"], "description": "the games' time control, read as `xiangqi clock` reads it; untimed if absent"},
            "scoring": {"enum": ["2-1-0", "1-0.5-0", "3-1-0", "3-0-1-2"], "default": "2-1-0"},
            "tie_breaks": {"type": "array", "items": {"type": "string"}, "description": "codes (SB, DE, WIN, BWG, BPG, DEB, FOUL, BH, BH/C1, PREV, PS, PS/C, SANC, …) or Chinese names; the book's order by default"},
            "engine": {"enum": ["dutch", "cxa"], "default": "dutch", "description": "the Swiss pairing engine"},
            "players": {"type": "array", "items": {"$ref": "#/components/schemas/NewPlayer"}},
        }},
        "PairRequest": {"type": "object", "additionalProperties": false, "properties": {
            "seed": {"type": "integer", "minimum": 0, "description": "the seed of any lot drawn; the server draws one if absent, and stores it"},
            "games": {"type": "array", "items": {"type": "object", "required": ["red", "black"], "properties": {"red": {"type": "integer"}, "black": {"type": "integer"}}}, "description": "the arbiter's own pairings, by start number, in board order"},
            "byes": {"type": "array", "items": {"type": "integer"}},
        }},
        "ResultRequest": {"type": "object", "required": ["result"], "additionalProperties": false, "properties": {
            "result": {"type": "string", "examples": ["1-0", "0-1", "1/2", "+/-", "-/+", "-/-", "红胜", "和"]},
        }},
        "WithdrawalRequest": {"type": "object", "required": ["player"], "additionalProperties": false, "properties": {
            "player": {"type": "integer", "description": "start number"},
            "after_round": {"type": "integer", "description": "the last round played; the last paired round by default"},
        }},
        "PenaltyRequest": {"type": "object", "required": ["player", "round", "penalty"], "additionalProperties": false, "properties": {
            "player": {"type": "integer"}, "round": {"type": "integer"},
            "penalty": {"enum": ["foul", "warning", "game_disqualification"]},
        }},
        "FinalRequest": {"type": "object", "required": ["qualifiers"], "additionalProperties": false, "properties": {
            "qualifiers": {"type": "integer", "minimum": 1, "description": "how many go through from each group"},
            "name": {"type": "string"},
            "format": {"enum": ["knockout", "round_robin", "double_round_robin", "swiss"], "default": "knockout"},
            "cycles": {"enum": [1, 2]}, "rounds": {"type": "integer"}, "games": {"enum": [1, 2, 3]},
            "playoff_games": {"type": "integer"},
            "time_control": {"type": "string", "description": "the group stage's by default"},
        }},
        "BoardGames": {"type": "object", "properties": {
            "round": {"type": "integer"}, "time_control": {"type": ["string", "null"]},
            "games": {"type": "array", "items": {"type": "object", "properties": {
                "board": {"type": "integer"}, "game": {"type": "string"},
                "red_token": {"type": "string"}, "black_token": {"type": "string"}, "arbiter_token": {"type": "string"},
            }}},
        }},
        "Round": {"type": "object", "properties": {
            "round": {"type": "integer"},
            "games": {"type": "array", "items": {"type": "object", "properties": {
                "board": {"type": "integer"}, "red": {"type": "integer"}, "black": {"type": "integer"},
                "result": {"type": ["string", "null"]},
                "game": {"type": ["string", "null"], "description": "the board's live game, `/games/{game}`"},
            }}},
            "byes": {"type": "array", "items": {"type": "integer"}},
            "seed": {"type": ["integer", "null"]},
            "complete": {"type": "boolean"},
        }},
        "Tournament": {"type": "object", "properties": {
            "id": {"type": "string"}, "name": {"type": "string"}, "rules": {"type": "string"},
            "format": {"type": "object"}, "scoring": {"type": "object"},
            "tie_breaks": {"type": "array", "items": {"type": "string"}},
            "engine": {"type": "string"}, "organiser": {"type": "string"},
            "arbiters": {"type": "array", "items": {"type": "string"}},
            "seq": {"type": "integer"}, "total_rounds": {"type": "integer"},
            "players": {"type": "array", "items": {"type": "object"}},
            "rounds": {"type": "array", "items": {"$ref": "#/components/schemas/Round"}},
            "time_control": {"type": ["string", "null"]},
            "kept_apart": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
            "stage_of": {"type": ["string", "null"], "description": "the group stage this is the final of"},
            "final": {"type": ["string", "null"], "description": "the final opened after this group stage"},
            "qualifiers": {"type": "array", "items": {"type": "integer"}, "description": "swiss_knockout: who goes through, in seed order (provisional while the Swiss is on)"},
            "in_knockout_stage": {"type": "boolean"},
            "elimination_due": {"type": "array", "items": {"type": "integer"}, "description": "swiss_elimination: who is out when the next round is paired"},
            "champion": {"type": ["integer", "null"], "description": "knockout formats: the winner once decided"},
        }},
        "Standings": {"type": "object", "properties": {
            "tie_breaks": {"type": "array", "items": {"type": "object", "properties": {"code": {"type": "string"}, "zh": {"type": "string"}}}},
            "standings": {"type": "array", "items": {"type": "object", "properties": {
                "rank": {"type": "integer"}, "no": {"type": "integer"}, "name": {"type": "string"},
                "score": {"type": "string"}, "tie_breaks": {"type": "array", "items": {"type": "string"}},
                "withdrawn_after": {"type": ["integer", "null"]}, "eliminated_after": {"type": ["integer", "null"], "description": "CXA 10.6"},
                "qualifier": {"type": "boolean", "description": "goes through to the knockout (CXA 10.5)"},
                "elimination_due": {"type": "boolean", "description": "out when the next round is paired (CXA 10.6)"},
            }}},
            "in_knockout_stage": {"type": "boolean"},
        }},
    })
}

/// Adds `extra`'s keys to the object `into`.
fn merge(into: &mut Value, extra: Value) {
    if let (Some(o), Value::Object(e)) = (into.as_object_mut(), extra) {
        o.extend(e);
    }
}

/// The OpenAPI document.
pub fn document() -> Value {
    let mut doc = games_document();
    merge(&mut doc["paths"], tournament_paths());
    merge(&mut doc["paths"], tournament_stage_paths());
    merge(&mut doc["paths"], team_paths());
    merge(&mut doc["components"]["schemas"], tournament_schemas());
    merge(
        &mut doc["components"]["schemas"]["Game"]["properties"],
        json!({
            "score_sheet": {"type": "object", "description": "red, black, arbiter: each signature ({by, result, termination, red_used_ms, black_used_ms, at_ms}) or null; complete"},
            "appeals": {"type": "array", "items": {"type": "object", "properties": {"by": {"type": "string"}, "text": {"type": "string"}, "at_ms": {"type": "integer"}, "ply": {"type": "integer"}}}},
            "ended_at_ms": {"type": ["integer", "null"]},
            "appeal_deadline_ms": {"type": ["integer", "null"], "description": "two hours after the end (WXF 12.4)"},
        }),
    );
    merge(
        &mut doc["components"]["securitySchemes"],
        json!({
            "session": {"type": "http", "scheme": "bearer", "description": "a session token from POST /api/sessions"},
            "session_cookie": {"type": "apiKey", "in": "cookie", "name": "xiangqi_session"},
        }),
    );
    doc
}

fn games_document() -> Value {
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "xiangqi",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Xiangqi (Chinese chess) competition server: live games with clocks and rulings (CXA 2011, WXF 2018).",
            "license": {"name": "MIT OR Apache-2.0", "identifier": "MIT OR Apache-2.0"},
        },
        "paths": {
            "/api/health": {"get": {
                "summary": "Liveness",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {"status": {"const": "ok"}}}}}}},
            }},
            "/api/games": {
                "get": {"summary": "Ids of every game", "responses": {"200": {"description": "ids", "content": {"application/json": {"schema": {"type": "object", "properties": {"games": {"type": "array", "items": {"type": "string"}}}}}}}}},
                "post": {
                    "summary": "Create a live game; the clock starts at once if it is timed",
                    "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewGame"}}}},
                    "responses": with_errors(json!({"201": ok("the tokens and the game", "Created")})),
                },
            },
            "/api/games/{id}": {"get": {
                "summary": "A game: position, moves in ICCS/WXF/Chinese, clocks, status, result, ruling",
                "parameters": [id_param()],
                "responses": with_errors(json!({"200": ok("the game", "Game")})),
            }},
            "/api/games/{id}/moves": {"post": {
                "summary": "Play a move for the side of the bearer token",
                "parameters": [id_param()],
                "security": [{"token": []}],
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/MoveRequest"}}}},
                "responses": with_errors(json!({"200": ok("the game after the move", "Game")})),
            }},
            "/api/games/{id}/claims": {"post": {
                "summary": "Resign, offer/accept/decline a draw, claim the move limit, ask for a repetition ruling; the arbiter enters fouls and works the clock",
                "parameters": [id_param()],
                "security": [{"token": []}],
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Claim"}}}},
                "responses": with_errors(json!({"200": {"description": "the game (and the ruling for a repetition request)", "content": {"application/json": {"schema": {"type": "object", "properties": {"game": {"$ref": "#/components/schemas/Game"}, "ruling": {"$ref": "#/components/schemas/Ruling"}}}}}}})),
            }},
            "/api/games/{id}/pgn": {"get": {
                "summary": "The game as PGN",
                "parameters": [id_param(), {"name": "notation", "in": "query", "schema": {"enum": ["chinese", "wxf", "iccs"], "default": "chinese"}}],
                "responses": with_errors(json!({"200": {"description": "PGN", "content": {"application/x-chess-pgn": {"schema": {"type": "string"}}}}})),
            }},
            "/api/games/{id}/events": {"get": {
                "summary": "The game's stored events, in order",
                "parameters": [id_param()],
                "responses": with_errors(json!({"200": {"description": "events", "content": {"application/json": {"schema": {"type": "object"}}}}})),
            }},
            "/api/games/{id}/live": {"get": {
                "summary": "WebSocket: a `state` message with the whole game (as `GET /api/games/{id}`), then an `update` for every move, clock event, ruling, signature and appeal carrying only what changed: `{\"type\":\"update\",\"seq\":…,\"events\":[…],\"moves\":[the new moves],\"changes\":{fen, turn, ply, seq, clocks, status, result, …}}` (the score sheet and appeals only when they change). Send `{\"type\":\"state\"}` for a fresh `state`. Send `{\"type\":\"move\",\"token\":…,\"move\":…,\"ply\":…}` to move; errors come back as `{\"type\":\"error\",…}`.",
                "parameters": [id_param()],
                "responses": {"101": {"description": "switching to WebSocket"}, "404": {"$ref": "#/components/responses/Error"}},
            }},
        },
        "components": {
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer", "description": "a player's or the arbiter's token from POST /api/games"}},
            "responses": {"Error": {"description": "an error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}},
            "schemas": {
                "Error": {"type": "object", "required": ["error", "message"], "properties": {
                    "error": {"type": "string", "description": "not_found, bad_request, invalid, unauthorized, forbidden, game_over, ply_mismatch, not_your_turn, concurrent_write, flag_fell, …"},
                    "message": {"type": "string"},
                    "field": {"type": "string", "description": "the field at fault"},
                }},
                "NewGame": {"type": "object", "additionalProperties": false, "properties": {
                    "rules": {"enum": ["cxa2011", "wxf2018"], "default": "cxa2011"},
                    "fen": {"type": "string"},
                    "time_control": {"type": "string", "examples": ["60m+30s", "90m/40,30m", "5m;30s"]},
                    "red": {"type": "string"}, "black": {"type": "string"}, "event": {"type": "string"},
                }},
                "Created": {"type": "object", "properties": {
                    "id": {"type": "string"}, "red_token": {"type": "string"}, "black_token": {"type": "string"}, "arbiter_token": {"type": "string"},
                    "game": {"$ref": "#/components/schemas/Game"},
                }},
                "MoveRequest": {"type": "object", "required": ["move"], "additionalProperties": false, "properties": {
                    "move": {"type": "string", "description": "ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五)"},
                    "ply": {"type": "integer", "minimum": 0, "description": "plies played so far; the move is refused with 409 if the game has moved on"},
                    "token": {"type": "string", "description": "instead of the Authorization header"},
                }},
                "Claim": {"type": "object", "required": ["type"], "properties": {
                    "type": {"enum": ["resign", "draw_offer", "draw_accept", "draw_decline", "move_limit", "repetition", "foul", "clock_stop", "clock_resume", "time_adjust"]},
                    "color": {"enum": ["red", "black"], "description": "foul and time_adjust"},
                    "foul": {"type": "object", "description": "foul: {\"kind\": \"touch\"}, {\"kind\": \"late\", \"ms\": …}, …"},
                    "delta_ms": {"type": "integer", "description": "time_adjust"},
                }},
                "Move": {"type": "object", "properties": {
                    "ply": {"type": "integer"}, "color": {"enum": ["red", "black"]},
                    "iccs": {"type": "string"}, "wxf": {"type": "string"}, "chinese": {"type": "string"},
                }},
                "Ruling": {"type": ["object", "null"], "properties": {
                    "book": {"type": "string"}, "verdict": {"type": "string"}, "offender": {"type": ["string", "null"]},
                    "occurrences": {"type": "array", "items": {"type": "integer"}},
                    "explanation": {"type": "object", "properties": {"zh": {"type": "string"}, "en": {"type": "string"}}},
                }},
                "Game": {"type": "object", "properties": {
                    "id": {"type": "string"}, "fen": {"type": "string"}, "start_fen": {"type": "string"},
                    "rules": {"type": "string"}, "turn": {"enum": ["red", "black"]}, "ply": {"type": "integer"},
                    "seq": {"type": "integer", "description": "the stored event count"},
                    "moves": {"type": "array", "items": {"$ref": "#/components/schemas/Move"}},
                    "clocks": {"type": ["object", "null"], "description": "remaining_ms and used_ms per side, running side, deadline_ms on the server's time scale"},
                    "status": {"enum": ["playing", "ended"]},
                    "result": {"enum": ["1-0", "0-1", "1/2-1/2", null]},
                    "termination": {"type": ["string", "null"]},
                    "ruling": {"$ref": "#/components/schemas/Ruling"},
                    "draw_offer": {"enum": ["red", "black", null]},
                }},
            },
        },
    })
}
