//! What handlers take from a request besides the path: a game's bearer token, and a JSON body
//! whose refusal is the 422 that names the field at fault. (The logged-in caller is
//! [`Caller`](crate::accounts::Caller), extracted by the accounts.)

use axum::{
    body::Bytes,
    extract::{FromRequest, FromRequestParts, Request},
    http::{HeaderMap, header, request::Parts},
};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A game's bearer token from the `Authorization` header, if one is sent; a request may carry
/// it in its body instead ([`Bearer::or`]).
#[derive(Debug, Clone, Default)]
pub struct Bearer(pub Option<String>);

impl Bearer {
    /// The header's token, else `body`'s.
    pub fn or(self, body: Option<String>) -> Option<String> {
        self.0.or(body)
    }

    /// The token of `headers`: 401 for a header that is not `Bearer <token>` (a credential
    /// the server cannot read is no credential, RFC 6750 section 3.1).
    ///
    /// # Errors
    /// As above.
    pub fn from_headers(headers: &HeaderMap) -> Result<Bearer, ApiError> {
        let Some(v) = headers.get(header::AUTHORIZATION) else {
            return Ok(Bearer(None));
        };
        let t = v
            .to_str()
            .ok()
            .and_then(|v| {
                v.strip_prefix("Bearer ")
                    .or_else(|| v.strip_prefix("bearer "))
            })
            .ok_or(ApiError::Unauthorized)?;
        Ok(Bearer(Some(t.trim().to_owned())))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Bearer, ApiError> {
        Bearer::from_headers(&parts.headers)
    }
}

/// Parses a JSON body: 400 if it is not JSON, 422 naming the field if it does not fit. A
/// number with a zero fraction (`3.0`) is the integer it equals, as JSON Schema counts it.
///
/// # Errors
/// As above.
pub fn parse_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let mut value: serde_json::Value = serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request(None, format!("the body is not JSON: {e}")))?;
    integral_floats_as_integers(&mut value);
    serde_json::from_value(value).map_err(|e| {
        let message = e.to_string();
        if e.is_data() {
            // serde names the field between backticks: "missing field `move`" (other messages
            // quote a value there: "invalid type: string `x`").
            let field = ["missing field", "unknown field", "duplicate field"]
                .iter()
                .any(|p| message.starts_with(p))
                .then(|| message.split('`').nth(1).map(str::to_owned))
                .flatten()
                .filter(|f| !f.is_empty());
            ApiError::Invalid { field, message }
        } else {
            ApiError::bad_request(None, format!("the body is not JSON: {message}"))
        }
    })
}

/// Turns every number of `value` with a zero fraction into the integer it equals.
fn integral_floats_as_integers(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|f| n.is_f64() && f.fract() == 0.0) {
                // Within i64/u64 only: a larger float stays a float (and fits no integer field).
                // (`i64::MAX as f64` is 2^63 and `u64::MAX as f64` is 2^64: both just past.)
                if (i64::MIN as f64..i64::MAX as f64).contains(&f) {
                    *n = (f as i64).into();
                } else if (0.0..u64::MAX as f64).contains(&f) {
                    *n = (f as u64).into();
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_floats_as_integers),
        Value::Object(fields) => fields.values_mut().for_each(integral_floats_as_integers),
        _ => {}
    }
}

async fn body_bytes<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, ApiError> {
    Bytes::from_request(req, state)
        .await
        .map_err(|e| ApiError::bad_request(None, format!("cannot read the body: {e}")))
}

/// A JSON body, whatever its content type says: 400 if it is not JSON, 422 naming the field
/// if it does not fit.
#[derive(Debug, Clone)]
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<JsonBody<T>, ApiError> {
        let bytes = body_bytes(req, state).await?;
        parse_body(&bytes).map(JsonBody)
    }
}

/// A JSON body as [`JsonBody`], or the default when the body is empty (blank: JSON's own
/// whitespace only, RFC 8259 §2, so a form feed is bad JSON, not nothing) or `null`.
#[derive(Debug, Clone)]
pub struct JsonOrEmpty<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequest<S> for JsonOrEmpty<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<JsonOrEmpty<T>, ApiError> {
        let bytes = body_bytes(req, state).await?;
        if bytes.iter().all(is_json_whitespace) {
            Ok(JsonOrEmpty(T::default()))
        } else {
            parse_body::<Option<T>>(&bytes).map(|t| JsonOrEmpty(t.unwrap_or_default()))
        }
    }
}

/// Space, tab, line feed or carriage return: what JSON allows between its tokens.
fn is_json_whitespace(b: &u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// A query string read into `T`, refused in the API's JSON error shape (axum's own refusal is
/// plain text): 400 naming a parameter given more than once, 422 for a value that does not fit.
#[derive(Debug, Clone)]
pub struct QueryParams<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for QueryParams<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<QueryParams<T>, ApiError> {
        let query = parts.uri.query().unwrap_or_default();
        if let Some(name) = repeated_parameter(query) {
            return Err(ApiError::bad_request(
                Some(name.clone()),
                format!("the query parameter `{name}` is given more than once"),
            ));
        }
        axum::extract::Query::<T>::try_from_uri(&parts.uri)
            .map(|q| QueryParams(q.0))
            .map_err(|e| {
                let text = e.body_text();
                let reason = text
                    .strip_prefix("Failed to deserialize query string: ")
                    .unwrap_or(&text);
                let field = reason
                    .split('`')
                    .nth(1)
                    .map(str::to_owned)
                    .filter(|f| !f.is_empty());
                ApiError::Invalid {
                    field,
                    message: format!("the query string does not fit: {reason}"),
                }
            })
    }
}

/// The first parameter name that `query` gives twice.
fn repeated_parameter(query: &str) -> Option<String> {
    let mut seen = std::collections::HashSet::new();
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').map_or(p, |(k, _)| k))
        .find(|k| !seen.insert(*k))
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    struct Board {
        board: u32,
        ratio: f64,
    }

    #[test]
    fn a_number_with_a_zero_fraction_reads_as_an_integer() {
        let b: Board = parse_body(br#"{"board": 3.0, "ratio": 2}"#).expect("fits");
        assert_eq!((b.board, b.ratio), (3, 2.0));
        let e = parse_body::<Board>(br#"{"board": 3.5, "ratio": 1}"#).expect_err("not whole");
        assert_eq!(e.status(), axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        let e = parse_body::<Board>(b"{board}").expect_err("not JSON");
        assert_eq!(e.status(), axum::http::StatusCode::BAD_REQUEST);
    }

    /// RFC 8259 §2: only space, tab, line feed and carriage return are JSON's whitespace. A
    /// body of those is no body; a form feed (which Rust's ASCII whitespace includes) is bad
    /// JSON.
    #[tokio::test]
    async fn an_empty_body_is_blank_json_whitespace_only() {
        async fn read(body: &'static str) -> Result<Option<u32>, ApiError> {
            let req = Request::builder()
                .body(axum::body::Body::from(body))
                .expect("request");
            JsonOrEmpty::<Option<u32>>::from_request(req, &())
                .await
                .map(|JsonOrEmpty(v)| v)
        }
        assert_eq!(read("").await.expect("empty"), None);
        assert_eq!(read(" \t\r\n").await.expect("blank"), None);
        assert_eq!(read("null").await.expect("null"), None);
        assert_eq!(read(" 7 ").await.expect("a number"), Some(7));
        let e = read("\u{c}").await.expect_err("a form feed");
        assert_eq!(e.status(), axum::http::StatusCode::BAD_REQUEST);
    }

    #[test]
    fn a_repeated_query_parameter_is_named() {
        assert_eq!(repeated_parameter("a=1&b=2&a=3"), Some("a".to_owned()));
        assert_eq!(repeated_parameter("a=1&b=2"), None);
        assert_eq!(repeated_parameter("flag&flag"), Some("flag".to_owned()));
        assert_eq!(repeated_parameter(""), None);
    }
}

/// A lot seed from a request body: an integer from 0 to 2^63 − 1, the range the API document's
/// `int64` states (a larger one is refused, as the document says, rather than taken).
///
/// # Errors
/// A value that is not such an integer.
pub(crate) fn lot_seed<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    use serde::{Deserialize as _, de::Error as _};
    match Option::<u64>::deserialize(d)? {
        Some(seed) if i64::try_from(seed).is_err() => Err(D::Error::custom(
            "invalid value for `seed`: at most 9223372036854775807",
        )),
        seed => Ok(seed),
    }
}

#[cfg(test)]
mod seed_tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    struct Seeded {
        #[serde(default, deserialize_with = "lot_seed")]
        seed: Option<u64>,
    }

    #[test]
    fn a_lot_seed_stays_in_the_documented_range() {
        let ok: Seeded = parse_body(br#"{"seed": 9223372036854775807}"#).expect("the largest");
        assert_eq!(ok.seed, Some(i64::MAX as u64));
        let none: Seeded = parse_body(b"{}").expect("absent");
        assert_eq!(none.seed, None);
        let err = parse_body::<Seeded>(br#"{"seed": 9223372036854775808}"#).unwrap_err();
        assert!(
            matches!(err, ApiError::Invalid { ref message, .. } if message.contains("`seed`")),
            "{err:?}"
        );
    }
}
