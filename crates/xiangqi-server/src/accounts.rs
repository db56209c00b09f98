//! Organiser and arbiter accounts, their sessions, and the limit on login attempts.
//!
//! An account is a stream of events in the store, keyed by its user name: `account_created`
//! with the password's argon2id hash (PHC string; the password itself is never stored). A
//! login opens a session: a random token shown once to its holder, whose SHA-256 keys a
//! `session` stream (`session_opened` with the account and the expiry, then `session_closed`
//! on logout). Sessions live in the store, not in memory, so every replica honours them.
//!
//! Anyone may open an account; what an account may do is decided per tournament: its
//! organiser (the account that created it) does everything and appoints arbiters, who pair
//! rounds and record results, withdrawals and penalties. Spectators need no account.
//!
//! Failed logins are limited per user name and per client address ([`LoginLimit`]: the peer's,
//! or the one a trusted proxy forwards, see [`crate::Deployment`]); past the
//! limit a login is refused with 429 and `Retry-After`, before the password is even checked.
//! The counters are per replica (a rate limit need not be exact).

use std::{
    collections::HashMap,
    net::{IpAddr, SocketAddr},
    sync::Mutex,
    time::{Duration, Instant},
};

use argon2::{
    Argon2, PasswordHash, PasswordHasher, PasswordVerifier,
    password_hash::{SaltString, rand_core::RngCore},
};
use axum::{
    Json, Router,
    extract::{ConnectInfo, FromRequestParts, Request, State},
    http::{HeaderMap, HeaderValue, StatusCode, header, request::Parts},
    response::{IntoResponse, Response},
    routing::post,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use xiangqi_store::{EventStore, NewEvent, Store, StoreError, StreamKind};

use crate::{
    ApiError, AppState,
    error::ErrorBody,
    extract::{Bearer, JsonBody},
    ids::{random_hex, sha256_hex},
    parse_body,
    repo::Envelope,
    stream::to_payload,
};

/// The cookie that carries a session token for browsers.
pub const SESSION_COOKIE: &str = "xiangqi_session";

/// How long a session lasts.
const SESSION_TTL: Duration = Duration::from_secs(24 * 60 * 60);

/// How many failed logins are allowed in a window, per user name and per address.
#[derive(Debug, Clone, Copy)]
pub struct LoginLimit {
    /// Failed attempts allowed for one user name in `window`.
    pub per_user: u32,
    /// Failed attempts allowed from one address in `window`.
    pub per_address: u32,
    /// The window.
    pub window: Duration,
}

impl Default for LoginLimit {
    /// 5 failures per user name and 20 per address in 15 minutes.
    fn default() -> LoginLimit {
        LoginLimit {
            per_user: 5,
            per_address: 20,
            window: Duration::from_secs(15 * 60),
        }
    }
}

/// Failures counted in one window.
#[derive(Debug, Clone, Copy)]
struct Window {
    start: Instant,
    failures: u32,
}

/// Accounts and sessions over the store, with the login limiter.
#[derive(Debug)]
pub struct Accounts {
    store: Store,
    limit: LoginLimit,
    failures: Mutex<HashMap<String, Window>>,
    argon2: Argon2<'static>,
    /// A hash to verify against for an unknown user, so that a login takes as long whether or
    /// not the user exists.
    decoy: String,
}

/// Who a request speaks for: an account with a live session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// The account's user name.
    pub username: String,
}

/// The logged-in caller: the session token in `Authorization: Bearer …` or the session cookie.
/// A 401 without a live session.
impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Caller, ApiError> {
        state.accounts().require(&parts.headers).await
    }
}

/// A user name and password.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Credentials {
    /// Letters, digits, `_`, `-`, `.`; folded to lower case.
    #[schema(pattern = "^[A-Za-z0-9_.-]{3,32}$")]
    username: String,
    /// 8 to 1024 characters; kept as an argon2id hash.
    #[schema(min_length = 8, max_length = 1024)]
    password: String,
}

/// An account's stream: `account_created`.
#[derive(Debug, Clone)]
enum AccountRecord {
    /// `account_created`, with the password's argon2id hash.
    Created(AccountCreated),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct AccountCreated {
    username: String,
    /// PHC string; the password itself is never stored.
    password_hash: String,
    created_at_ms: u64,
}

impl Envelope for AccountRecord {
    fn decode(event_type: &str, payload: Value) -> Result<AccountRecord, String> {
        match event_type {
            "account_created" => serde_json::from_value(payload)
                .map(AccountRecord::Created)
                .map_err(|e| e.to_string()),
            other => Err(format!("not an account's event: {other}")),
        }
    }

    fn encode(&self) -> Result<NewEvent, ApiError> {
        match self {
            AccountRecord::Created(c) => Ok(NewEvent::new("account_created", to_payload(c)?)),
        }
    }
}

/// A session's stream: `session_opened`, then `session_closed` on logout.
#[derive(Debug, Clone)]
enum SessionRecord {
    /// `session_opened`.
    Opened {
        username: String,
        expires_at_ms: u64,
    },
    /// `session_closed`.
    Closed { at_ms: u64 },
}

#[derive(Debug, Serialize, Deserialize)]
struct SessionOpened {
    username: String,
    #[serde(default)]
    expires_at_ms: u64,
}

#[derive(Debug, Serialize, Deserialize)]
struct SessionClosed {
    #[serde(default)]
    at_ms: u64,
}

impl Envelope for SessionRecord {
    fn decode(event_type: &str, payload: Value) -> Result<SessionRecord, String> {
        match event_type {
            "session_opened" => serde_json::from_value::<SessionOpened>(payload)
                .map(|o| SessionRecord::Opened {
                    username: o.username,
                    expires_at_ms: o.expires_at_ms,
                })
                .map_err(|e| e.to_string()),
            "session_closed" => serde_json::from_value::<SessionClosed>(payload)
                .map(|c| SessionRecord::Closed { at_ms: c.at_ms })
                .map_err(|e| e.to_string()),
            other => Err(format!("not a session's event: {other}")),
        }
    }

    fn encode(&self) -> Result<NewEvent, ApiError> {
        Ok(match self {
            SessionRecord::Opened {
                username,
                expires_at_ms,
            } => NewEvent::new(
                "session_opened",
                to_payload(&SessionOpened {
                    username: username.clone(),
                    expires_at_ms: *expires_at_ms,
                })?,
            ),
            SessionRecord::Closed { at_ms } => NewEvent::new(
                "session_closed",
                to_payload(&SessionClosed { at_ms: *at_ms })?,
            ),
        })
    }
}

/// A user name as stored: 3–32 characters of `[a-z0-9_.-]`, folded to lower case.
fn normalise_username(name: &str) -> Result<String, ApiError> {
    // Not trimmed: the schema's pattern allows no blanks.
    let name = name.to_ascii_lowercase();
    let ok = (3..=32).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
    if ok {
        Ok(name)
    } else {
        Err(ApiError::invalid(
            "username",
            "3 to 32 characters: letters, digits, `_`, `-`, `.`",
        ))
    }
}

fn check_password(password: &str) -> Result<(), ApiError> {
    let chars = password.chars().count();
    if chars < 8 {
        Err(ApiError::invalid("password", "at least 8 characters"))
    } else if chars > 1024 {
        Err(ApiError::invalid("password", "at most 1024 characters"))
    } else {
        Ok(())
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// Fills salts from the operating system's generator.
struct OsRandom;

impl RngCore for OsRandom {
    fn next_u32(&mut self) -> u32 {
        let mut b = [0; 4];
        self.fill_bytes(&mut b);
        u32::from_le_bytes(b)
    }
    fn next_u64(&mut self) -> u64 {
        let mut b = [0; 8];
        self.fill_bytes(&mut b);
        u64::from_le_bytes(b)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        // Without randomness the salt is weaker but the hash still verifies; the OS generator
        // does not fail on the platforms we run on.
        let _ = getrandom::getrandom(dest);
    }
    fn try_fill_bytes(
        &mut self,
        dest: &mut [u8],
    ) -> Result<(), argon2::password_hash::rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl argon2::password_hash::rand_core::CryptoRng for OsRandom {}

impl Accounts {
    /// Accounts in `store`, logins limited by `limit`.
    pub fn new(store: Store, limit: LoginLimit) -> Accounts {
        let argon2 = Argon2::default();
        let salt = SaltString::generate(&mut OsRandom);
        let decoy = argon2
            .hash_password(b"decoy password", &salt)
            .map(|h| h.to_string())
            .unwrap_or_default();
        Accounts {
            store,
            limit,
            failures: Mutex::new(HashMap::new()),
            argon2,
            decoy,
        }
    }

    async fn hash(&self, password: String) -> Result<String, ApiError> {
        let argon2 = self.argon2.clone();
        tokio::task::spawn_blocking(move || {
            let salt = SaltString::generate(&mut OsRandom);
            argon2
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
        })
        .await
        .map_err(|e| ApiError::Corrupt(format!("hashing: {e}")))?
        .map_err(|e| ApiError::Corrupt(format!("hashing: {e}")))
    }

    async fn verify(&self, password: String, hash: String) -> bool {
        let argon2 = self.argon2.clone();
        tokio::task::spawn_blocking(move || {
            PasswordHash::new(&hash)
                .is_ok_and(|h| argon2.verify_password(password.as_bytes(), &h).is_ok())
        })
        .await
        .unwrap_or(false)
    }

    /// Opens an account.
    ///
    /// # Errors
    /// 422 for a bad user name or password; 409 `username_taken`.
    pub async fn register(&self, username: &str, password: String) -> Result<String, ApiError> {
        let username = normalise_username(username)?;
        check_password(&password)?;
        if self.store.last_seq(StreamKind::Account, &username).await? > 0 {
            return Err(ApiError::conflict(
                "username_taken",
                "that user name is taken",
            ));
        }
        let hash = self.hash(password).await?;
        let event = AccountRecord::Created(AccountCreated {
            username: username.clone(),
            password_hash: hash,
            created_at_ms: now_ms(),
        })
        .encode()?;
        match self
            .store
            .append(StreamKind::Account, &username, 0, &[event])
            .await
        {
            Ok(_) => Ok(username),
            Err(StoreError::Conflict { .. }) => Err(ApiError::conflict(
                "username_taken",
                "that user name is taken",
            )),
            Err(e) => Err(e.into()),
        }
    }

    /// Whether an account exists.
    ///
    /// # Errors
    /// The store's.
    pub async fn exists(&self, username: &str) -> Result<bool, ApiError> {
        let Ok(username) = normalise_username(username) else {
            return Ok(false);
        };
        Ok(self.store.last_seq(StreamKind::Account, &username).await? > 0)
    }

    /// The stored password hash of an account.
    async fn password_hash(&self, username: &str) -> Result<Option<String>, ApiError> {
        let events = self.store.load(StreamKind::Account, username, 0).await?;
        let mut hash = None;
        for e in events {
            let AccountRecord::Created(c) = AccountRecord::decode_stored(e)
                .map_err(|err| ApiError::Corrupt(format!("account {username}: {err}")))?;
            hash = Some(c.password_hash);
        }
        Ok(hash)
    }

    /// Refuses a login if the user name or the address has failed too often; the seconds to
    /// wait.
    fn limited(&self, keys: &[String]) -> Option<u64> {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        failures.retain(|_, w| now.duration_since(w.start) < self.limit.window);
        keys.iter()
            .filter_map(|k| {
                let w = failures.get(k)?;
                let allowed = if k.starts_with("user:") {
                    self.limit.per_user
                } else {
                    self.limit.per_address
                };
                (w.failures >= allowed).then(|| {
                    let left = self
                        .limit
                        .window
                        .saturating_sub(now.duration_since(w.start));
                    left.as_secs().max(1)
                })
            })
            .max()
    }

    fn record_failure(&self, keys: &[String]) {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        for k in keys {
            let w = failures.entry(k.clone()).or_insert(Window {
                start: now,
                failures: 0,
            });
            w.failures = w.failures.saturating_add(1);
        }
    }

    /// Checks a password and opens a session; returns the token and its expiry (ms since the
    /// Unix epoch).
    ///
    /// # Errors
    /// 429 past the limit of failed attempts; 401 for a wrong user name or password (the same
    /// answer for both).
    pub async fn login(
        &self,
        username: &str,
        password: String,
        address: Option<IpAddr>,
    ) -> Result<(String, String, u64), ApiError> {
        let username = username.trim().to_ascii_lowercase();
        let mut keys = vec![format!("user:{username}")];
        if let Some(a) = address {
            keys.push(format!("addr:{a}"));
        }
        if let Some(retry_after) = self.limited(&keys) {
            return Err(ApiError::TooManyRequests { retry_after });
        }
        let stored = match normalise_username(&username) {
            Ok(name) if password.chars().count() <= 1024 => self.password_hash(&name).await?,
            _ => None,
        };
        let found = stored.is_some();
        let hash = stored.unwrap_or_else(|| self.decoy.clone());
        let ok = self.verify(password, hash).await && found;
        if !ok {
            self.record_failure(&keys);
            return Err(ApiError::BadCredentials);
        }
        let token = random_hex(32)?;
        let expires = now_ms().saturating_add(SESSION_TTL.as_millis() as u64);
        let event = SessionRecord::Opened {
            username: username.clone(),
            expires_at_ms: expires,
        }
        .encode()?;
        self.store
            .append(StreamKind::Session, &sha256_hex(&token), 0, &[event])
            .await?;
        Ok((username, token, expires))
    }

    /// Closes the session of `token` (nothing if it is not open).
    ///
    /// # Errors
    /// The store's.
    pub async fn logout(&self, token: &str) -> Result<(), ApiError> {
        let key = sha256_hex(token);
        let seq = self.store.last_seq(StreamKind::Session, &key).await?;
        if seq == 1 {
            let event = SessionRecord::Closed { at_ms: now_ms() }.encode()?;
            match self
                .store
                .append(StreamKind::Session, &key, seq, &[event])
                .await
            {
                Ok(_) | Err(StoreError::Conflict { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// The account whose open session `token` is.
    ///
    /// # Errors
    /// The store's.
    pub async fn session(&self, token: &str) -> Result<Option<Caller>, ApiError> {
        if token.is_empty() || token.len() > 128 {
            return Ok(None);
        }
        let events = self
            .store
            .load(StreamKind::Session, &sha256_hex(token), 0)
            .await?;
        let mut open = None;
        for e in events {
            // A session that does not read is none.
            match SessionRecord::decode_stored(e) {
                Ok(SessionRecord::Opened {
                    username,
                    expires_at_ms,
                }) if open.is_none() => open = Some((username, expires_at_ms)),
                // Closed, or not a session's stream.
                _ => return Ok(None),
            }
        }
        Ok(match open {
            Some((username, expires)) if expires > now_ms() => Some(Caller { username }),
            _ => None,
        })
    }

    /// The caller of a request: the session token in `Authorization: Bearer …` or in the
    /// session cookie. `None` for a request without one.
    ///
    /// # Errors
    /// 401 for a token that is not an open session; 400 for a malformed header.
    pub async fn caller(&self, headers: &HeaderMap) -> Result<Option<Caller>, ApiError> {
        let Some(token) = session_token(headers)? else {
            return Ok(None);
        };
        match self.session(&token).await? {
            Some(c) => Ok(Some(c)),
            None => Err(ApiError::SessionExpired),
        }
    }

    /// The caller, who must be logged in.
    ///
    /// # Errors
    /// 401 without a live session.
    pub async fn require(&self, headers: &HeaderMap) -> Result<Caller, ApiError> {
        self.caller(headers).await?.ok_or(ApiError::LoginRequired)
    }
}

/// The session token of a request: bearer first, then the cookie.
fn session_token(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    if let Bearer(Some(t)) = Bearer::from_headers(headers).map_err(|_| ApiError::LoginRequired)? {
        return Ok(Some(t));
    }
    for v in headers.get_all(header::COOKIE) {
        let Ok(v) = v.to_str() else { continue };
        for pair in v.split(';') {
            if let Some((k, val)) = pair.trim().split_once('=') {
                if k == SESSION_COOKIE {
                    return Ok(Some(val.trim().to_owned()));
                }
            }
        }
    }
    Ok(None)
}

/// The cookie attribute that keeps a session off plain HTTP, when the server is reached over
/// HTTPS (`--public-url https://…`).
fn secure(state: &AppState) -> &'static str {
    if state.deployment().secure_cookies() {
        "; Secure"
    } else {
        ""
    }
}

/// The account and session routes.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/accounts", post(register))
        .route("/api/sessions", post(login).get(whoami).delete(logout))
}

/// Open an organiser's or arbiter's account (the password is kept as an argon2id hash).
#[utoipa::path(post, path = "/api/accounts", tag = "accounts",
    request_body(content = Credentials, content_type = "application/json"),
    responses((status = 201, description = "the account", body = Whoami),
        (status = 400, response = ErrorBody), (status = 409, response = ErrorBody),
        (status = 422, response = ErrorBody), (status = 503, response = ErrorBody)))]
pub(crate) async fn register(
    State(state): State<AppState>,
    JsonBody(req): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    let username = state
        .accounts()
        .register(&req.username, req.password)
        .await?;
    Ok(crate::created(Whoami { username }))
}

/// Log in: a session token, also set as the `xiangqi_session` cookie. Failed logins are
/// limited per user name and per address (429 with `Retry-After`).
#[utoipa::path(post, path = "/api/sessions", tag = "accounts",
    request_body(content = Credentials, content_type = "application/json"),
    responses((status = 201, description = "the session", body = Session,
            headers(("Set-Cookie" = String, description = "the session cookie"))),
        (status = 400, response = ErrorBody), (status = 401, response = ErrorBody),
        (status = 422, response = ErrorBody),
        (status = 429, description = "too many failed logins", body = ErrorBody,
            headers(("Retry-After" = u64, description = "seconds to wait"))),
        (status = 503, response = ErrorBody)))]
pub(crate) async fn login(
    State(state): State<AppState>,
    request: Request,
) -> Result<Response, ApiError> {
    // The peer, or the client a trusted proxy names for it.
    let address = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| state.deployment().client_of(c.0, request.headers()));
    let body = axum::body::to_bytes(request.into_body(), 64 * 1024)
        .await
        .map_err(|e| ApiError::bad_request(None, format!("cannot read the body: {e}")))?;
    let req: Credentials = parse_body(&body)?;
    let (username, token, expires) = state
        .accounts()
        .login(&req.username, req.password, address)
        .await?;
    let cookie = format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}{}",
        SESSION_TTL.as_secs(),
        secure(&state)
    );
    let mut response = (
        StatusCode::CREATED,
        Json(Session {
            username,
            token,
            expires_at_ms: expires,
        }),
    )
        .into_response();
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, v);
    }
    Ok(response)
}

/// Who a session speaks for.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct Whoami {
    username: String,
}

/// A session just opened.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct Session {
    username: String,
    /// Send as `Authorization: Bearer <token>`.
    token: String,
    expires_at_ms: u64,
}

/// The account of the session.
#[utoipa::path(get, path = "/api/sessions", tag = "accounts", security(("session" = []), ("session_cookie" = [])),
    responses((status = 200, description = "the session's account", body = Whoami),
        (status = 400, response = ErrorBody), (status = 401, response = ErrorBody),
        (status = 503, response = ErrorBody)))]
pub(crate) async fn whoami(caller: Caller) -> Json<Whoami> {
    Json(Whoami {
        username: caller.username,
    })
}

/// Log out: the session closes and the cookie is cleared (without a session, only the
/// cookie).
#[utoipa::path(delete, path = "/api/sessions", tag = "accounts",
    security((), ("session" = []), ("session_cookie" = [])),
    responses((status = 204, description = "closed",
            headers(("Set-Cookie" = String, description = "the session cookie, cleared"))),
        (status = 401, response = ErrorBody), (status = 503, response = ErrorBody)))]
pub(crate) async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(token) = session_token(&headers)? {
        state.accounts().logout(&token).await?;
    }
    let clear = format!(
        "{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0{}",
        secure(&state)
    );
    let mut response = StatusCode::NO_CONTENT.into_response();
    if let Ok(v) = HeaderValue::from_str(&clear) {
        response.headers_mut().insert(header::SET_COOKIE, v);
    }
    Ok(response)
}
