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

/// The OpenAPI document.
pub fn document() -> Value {
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
                "summary": "WebSocket: a `state` message, then an `update` for every move, clock event and ruling. Send `{\"type\":\"move\",\"token\":…,\"move\":…,\"ply\":…}` to move; errors come back as `{\"type\":\"error\",…}`.",
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
