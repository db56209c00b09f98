//! Behind TLS and a reverse proxy: `Secure` session cookies when the public address is
//! https, the login limit's client address from `X-Forwarded-For` only through a trusted
//! proxy, and the security headers (Content-Security-Policy, `nosniff`, no framing) on every
//! page, read from the answers.

use std::{net::SocketAddr, time::Duration};

use axum::{
    body::{Body, to_bytes},
    extract::ConnectInfo,
    http::{HeaderMap, Request, StatusCode, header},
};
use serde_json::json;
use tower::ServiceExt;
use xiangqi_server::{AppState, Deployment, LoginLimit, router};
use xiangqi_store::Store;

mod common;
use common::{memory_state, new_game, post, text};

/// One request as if it came over a socket from `peer`, with extra headers.
async fn from_peer(
    state: &AppState,
    method: &str,
    uri: &str,
    peer: &str,
    headers: &[(&str, &str)],
    body: String,
) -> (StatusCode, HeaderMap, String) {
    let peer: SocketAddr = peer.parse().expect("a socket address");
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let mut req = req.body(Body::from(body)).expect("request");
    req.extensions_mut().insert(ConnectInfo(peer));
    let res = router(state.clone())
        .oneshot(req)
        .await
        .expect("infallible");
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = to_bytes(res.into_body(), 1 << 24).await.expect("body");
    (
        status,
        headers,
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

async fn state_with(limit: LoginLimit, deployment: Deployment) -> AppState {
    let store = Store::open("sqlite::memory:").await.expect("opens");
    AppState::with_login_limit(store, limit).with_deployment(deployment)
}

fn credentials(password: &str) -> String {
    json!({"username": "organiser", "password": password}).to_string()
}

async fn register(state: &AppState) {
    let (st, b) = post(
        state,
        "/api/accounts",
        None,
        json!({"username": "organiser", "password": "the right one"}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
}

fn cookie_of(headers: &HeaderMap) -> String {
    headers[header::SET_COOKIE]
        .to_str()
        .expect("ascii")
        .to_owned()
}

#[tokio::test]
async fn session_cookies_are_secure_only_behind_https() {
    for (url, secure) in [
        (None, false),
        (Some("http://xq.example.org"), false),
        (Some("https://xq.example.org"), true),
    ] {
        let mut deployment = Deployment::new();
        if let Some(u) = url {
            deployment = deployment.public_url(u).expect("valid");
        }
        let state = state_with(LoginLimit::default(), deployment).await;
        register(&state).await;
        let (st, headers, body) = from_peer(
            &state,
            "POST",
            "/api/sessions",
            "127.0.0.1:4000",
            &[],
            credentials("the right one"),
        )
        .await;
        assert_eq!(st, StatusCode::CREATED, "{body}");
        let cookie = cookie_of(&headers);
        assert!(cookie.starts_with("xiangqi_session="), "{cookie}");
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"));
        assert_eq!(cookie.contains("; Secure"), secure, "{url:?}: {cookie}");
        // The cookie that clears it on logout is the same kind.
        let (st, headers, _) = from_peer(
            &state,
            "DELETE",
            "/api/sessions",
            "127.0.0.1:4000",
            &[],
            String::new(),
        )
        .await;
        assert_eq!(st, StatusCode::NO_CONTENT);
        let cleared = cookie_of(&headers);
        assert!(cleared.contains("Max-Age=0"), "{cleared}");
        assert_eq!(cleared.contains("; Secure"), secure, "{url:?}: {cleared}");
    }
}

/// Fails a login from `peer` with an `X-Forwarded-For` of `forwarded`; the status.
async fn fail_login(state: &AppState, peer: &str, forwarded: Option<&str>) -> StatusCode {
    let headers: Vec<(&str, &str)> = forwarded
        .map(|f| vec![("x-forwarded-for", f)])
        .unwrap_or_default();
    let (st, _, _) = from_peer(
        state,
        "POST",
        "/api/sessions",
        peer,
        &headers,
        credentials("a wrong password"),
    )
    .await;
    st
}

#[tokio::test]
async fn the_login_limit_believes_forwarded_addresses_from_trusted_proxies_only() {
    let limit = LoginLimit {
        per_user: 1000,
        per_address: 2,
        window: Duration::from_secs(60),
    };
    let deployment = Deployment::new()
        .trust_proxy("10.0.0.0/8")
        .expect("a CIDR block");
    let state = state_with(limit, deployment).await;
    register(&state).await;

    // Through the trusted proxy, two clients are two addresses: each has its own allowance.
    let proxy = "10.1.2.3:50000";
    for _ in 0..2 {
        assert_eq!(
            fail_login(&state, proxy, Some("203.0.113.1")).await,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        fail_login(&state, proxy, Some("203.0.113.1")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // A client that prepends a made-up address is still itself (the proxy appends the real one).
    assert_eq!(
        fail_login(&state, proxy, Some("198.51.100.99, 203.0.113.1")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        fail_login(&state, proxy, Some("203.0.113.2")).await,
        StatusCode::UNAUTHORIZED
    );

    // A peer that is not a trusted proxy cannot dodge the limit by changing the header.
    let stranger = "192.0.2.50:40000";
    for n in 0..2 {
        let forwarded = format!("198.51.100.{n}");
        assert_eq!(
            fail_login(&state, stranger, Some(&forwarded)).await,
            StatusCode::UNAUTHORIZED
        );
    }
    let (st, headers, _) = from_peer(
        &state,
        "POST",
        "/api/sessions",
        stranger,
        &[("x-forwarded-for", "198.51.100.77")],
        credentials("the right one"),
    )
    .await;
    assert_eq!(st, StatusCode::TOO_MANY_REQUESTS);
    assert!(headers.contains_key(header::RETRY_AFTER));
    // Nor does the header help a peer whose own address is not limited: the proxy's clients
    // above are not blamed on it, and a fresh peer logs in.
    let (st, _, body) = from_peer(
        &state,
        "POST",
        "/api/sessions",
        "192.0.2.51:40000",
        &[("x-forwarded-for", "203.0.113.1")],
        credentials("the right one"),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{body}");
}

/// The security headers of an answer, checked.
fn assert_secure_headers(uri: &str, headers: &HeaderMap) {
    let csp = headers
        .get(header::CONTENT_SECURITY_POLICY)
        .unwrap_or_else(|| panic!("{uri}: no Content-Security-Policy"))
        .to_str()
        .expect("ascii");
    let directive = |name: &str| {
        csp.split(';')
            .map(str::trim)
            .find(|d| d.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{uri}: no {name} in {csp}"))
            .to_owned()
    };
    // Scripts from the server only: no inline code, no eval, no other host.
    assert_eq!(directive("script-src"), "script-src 'self'", "{uri}");
    assert_eq!(directive("default-src"), "default-src 'self'", "{uri}");
    assert_eq!(
        directive("frame-ancestors"),
        "frame-ancestors 'none'",
        "{uri}"
    );
    assert_eq!(directive("object-src"), "object-src 'none'", "{uri}");
    assert!(!csp.contains("unsafe"), "{uri}: {csp}");
    assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{uri}");
    assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY", "{uri}");
}

#[tokio::test]
async fn every_page_carries_the_security_headers_and_runs_only_served_scripts() {
    let state = memory_state().await;
    let game = new_game(&state, json!({})).await;
    let id = text(&game, "id");
    let pages = [
        "/".to_owned(),
        "/games/new".to_owned(),
        format!("/games/{id}"),
        "/viewer".to_owned(),
        "/tournaments".to_owned(),
        "/tournaments/none".to_owned(),
        "/teams/none".to_owned(),
    ];
    for uri in &pages {
        let (st, headers, html) =
            from_peer(&state, "GET", uri, "127.0.0.1:1", &[], String::new()).await;
        assert_eq!(st, StatusCode::OK, "{uri}");
        assert!(
            headers[header::CONTENT_TYPE]
                .to_str()
                .is_ok_and(|c| c.starts_with("text/html")),
            "{uri}"
        );
        assert_secure_headers(uri, &headers);
        // What the policy forbids is not in the page: every script is a served file, and no
        // element carries an inline handler or style.
        let mut scripts = 0;
        for tag in html.split('<').skip(1) {
            let tag = tag.split('>').next().unwrap_or_default();
            let lower = tag.to_ascii_lowercase();
            if lower.starts_with("script") {
                scripts += 1;
                assert!(lower.contains(" src=\"/assets/"), "{uri}: <{tag}>");
            }
            assert!(!lower.contains(" style="), "{uri}: <{tag}>");
            let inline_handler = lower
                .split_whitespace()
                .skip(1)
                .any(|attr| attr.starts_with("on") && attr.contains('='));
            assert!(!inline_handler, "{uri}: <{tag}>");
        }
        assert!(scripts >= 1, "{uri}: no script");
        let inline = html
            .split("<script")
            .skip(1)
            .filter(|s| {
                !s.split("</script>")
                    .next()
                    .unwrap_or_default()
                    .trim_end()
                    .ends_with('>')
            })
            .count();
        assert_eq!(inline, 0, "{uri}: a script with inline code");
        // Each script the page loads is served, as JavaScript, with the same headers.
        for src in html.split("src=\"").skip(1) {
            let src = src.split('"').next().unwrap_or_default();
            let (st, headers, _) =
                from_peer(&state, "GET", src, "127.0.0.1:1", &[], String::new()).await;
            assert_eq!(st, StatusCode::OK, "{src}");
            assert!(
                headers[header::CONTENT_TYPE]
                    .to_str()
                    .is_ok_and(|c| c.starts_with("text/javascript")),
                "{src}"
            );
            assert_secure_headers(src, &headers);
        }
    }
    // The API's answers and its errors carry them too.
    for uri in [
        "/api/health",
        &format!("/api/games/{id}"),
        "/api/games/none",
        "/nowhere",
    ] {
        let (_, headers, _) =
            from_peer(&state, "GET", uri, "127.0.0.1:1", &[], String::new()).await;
        assert_secure_headers(uri, &headers);
    }
}
