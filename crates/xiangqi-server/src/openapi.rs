//! The API described in OpenAPI 3.1, generated from the handlers' `#[utoipa::path]` attributes
//! and the request and view types' `ToSchema` derives, so that the document is what the code
//! does. Each resource's routes list their own operations next to the router
//! (`tournaments::routes::TournamentApi`, `teams::routes::TeamApi`); this module adds the
//! games', the accounts' and the pages' helpers, the security schemes and the links that let a
//! client (or a schema-driven tester) follow a created game or tournament.
//!
//! The checked-in copy, `crates/xiangqi-server/openapi.json`, is what the server serves; a test
//! fails when they differ. `XQ_BLESS=1 cargo test -p xiangqi-server openapi` rewrites it.

use serde_json::Value;
use utoipa::{
    Modify, OpenApi,
    openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme},
};

use crate::{
    accounts, diagram, error::ErrorBody, pages, sheet, teams::routes::TeamApi,
    tournaments::routes::TournamentApi,
};

/// The security schemes: a game's token, and an account's session as a bearer token or the
/// session cookie (what `Bearer` and `Caller` read).
struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "a player's or the arbiter's token from `POST /api/games` (or a \
                         tournament board's); a request body may carry it as `token` instead",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "session",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("a session token from `POST /api/sessions`"))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "session_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                accounts::SESSION_COOKIE,
                "the cookie `POST /api/sessions` sets",
            ))),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "xiangqi",
        description = "Xiangqi (Chinese chess) competition server: live games with clocks and \
            rulings (CXA 2011, WXF 2018), tournaments and team events. Errors are JSON \
            (`ErrorBody`): a stable code, the message and the field at fault.",
        license(name = "MIT OR Apache-2.0", identifier = "MIT OR Apache-2.0"),
    ),
    paths(
        crate::health,
        crate::openapi,
        crate::list_games,
        crate::create_game,
        crate::get_game,
        crate::play,
        crate::claim,
        crate::pgn,
        crate::events,
        crate::ws::live,
        sheet::sign,
        sheet::appeal,
        sheet::decide,
        diagram::diagram,
        pages::position,
        pages::touch,
        pages::parse_record,
        accounts::register,
        accounts::login,
        accounts::whoami,
        accounts::logout,
    ),
    components(responses(ErrorBody)),
    modifiers(&Security),
    tags(
        (name = "server", description = "the server itself"),
        (name = "games", description = "live games with clocks and rulings"),
        (name = "board", description = "what the pages' board asks: legal moves, touch-move, records"),
        (name = "accounts", description = "organiser and arbiter accounts and their sessions"),
        (name = "tournaments", description = "individual tournaments (CXA 2011 ch. 3)"),
        (name = "teams", description = "team events (CXA 2011 art. 11)"),
    ),
)]
struct ApiDoc;

/// The OpenAPI document.
pub fn generated() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.merge(TournamentApi::openapi());
    doc.merge(TeamApi::openapi());
    doc
}

/// The OpenAPI document as JSON.
pub fn document() -> Value {
    let mut doc = serde_json::to_value(generated()).unwrap_or(Value::Null);
    camel_case_links(&mut doc);
    doc
}

/// utoipa 5 writes a link's fields as `operation_id`, `operation_ref` and `request_body`;
/// OpenAPI names them `operationId`, `operationRef` and `requestBody` (utoipa 6 does, but needs
/// a newer Rust than the workspace's).
fn camel_case_links(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    let links = paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
        .filter_map(|op| op.get_mut("responses").and_then(Value::as_object_mut))
        .flat_map(|responses| responses.values_mut())
        .filter_map(|r| r.get_mut("links").and_then(Value::as_object_mut))
        .flat_map(|links| links.values_mut())
        .filter_map(Value::as_object_mut);
    for link in links {
        for (from, to) in [
            ("operation_id", "operationId"),
            ("operation_ref", "operationRef"),
            ("request_body", "requestBody"),
        ] {
            if let Some(v) = link.remove(from) {
                link.insert(to.to_owned(), v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checked-in document.
    const CHECKED_IN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");

    /// The document as checked in: pretty JSON with a final newline.
    fn pretty() -> String {
        let mut text = serde_json::to_string_pretty(&document()).expect("the document serializes");
        text.push('\n');
        text
    }

    #[test]
    fn the_checked_in_openapi_document_is_the_generated_one() {
        let generated = pretty();
        if std::env::var_os("XQ_BLESS").is_some_and(|v| v == "1") {
            std::fs::write(CHECKED_IN, &generated).expect("openapi.json is writable");
            return;
        }
        let checked_in = std::fs::read_to_string(CHECKED_IN).unwrap_or_default();
        assert!(
            checked_in == generated,
            "crates/xiangqi-server/openapi.json differs from the generated document: \
             review the change and run `XQ_BLESS=1 cargo test -p xiangqi-server openapi`"
        );
    }

    #[test]
    fn every_operation_has_a_unique_id_and_documents_its_errors() {
        let doc = document();
        let mut ids = std::collections::HashSet::new();
        let paths = doc["paths"].as_object().expect("paths");
        assert!(paths.len() >= 46, "{} paths", paths.len());
        for (path, item) in paths {
            for (method, op) in item.as_object().expect("a path item") {
                let id = op["operationId"].as_str().expect("an operation id");
                assert!(ids.insert(id.to_owned()), "{id} twice");
                let responses = op["responses"].as_object().expect("responses");
                if path.contains('{') && path != "/api/openapi.json" {
                    assert!(responses.contains_key("404"), "{method} {path}: no 404");
                }
                if op.get("requestBody").is_some() {
                    assert!(responses.contains_key("422"), "{method} {path}: no 422");
                }
                if op.get("security").is_some() {
                    assert!(responses.contains_key("401"), "{method} {path}: no 401");
                }
                if let Some(links) = op["responses"]["201"]["links"].as_object() {
                    for link in links.values() {
                        let target = link["operationId"].as_str().expect("a link's target");
                        assert!(
                            doc.to_string()
                                .contains(&format!("\"operationId\":\"{target}\""))
                        );
                    }
                }
            }
        }
    }
}
