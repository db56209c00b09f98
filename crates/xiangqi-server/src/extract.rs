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

    /// The token of `headers`: 400 for a header that is not `Bearer <token>`.
    ///
    /// # Errors
    /// As above.
    pub fn from_headers(headers: &HeaderMap) -> Result<Bearer, ApiError> {
        let Some(v) = headers.get(header::AUTHORIZATION) else {
            return Ok(Bearer(None));
        };
        let v = v
            .to_str()
            .map_err(|_| ApiError::bad_request(Some("Authorization".to_owned()), "not ASCII"))?;
        let t = v
            .strip_prefix("Bearer ")
            .or_else(|| v.strip_prefix("bearer "))
            .ok_or_else(|| {
                ApiError::bad_request(
                    Some("Authorization".to_owned()),
                    "expected `Bearer <token>`",
                )
            })?;
        Ok(Bearer(Some(t.trim().to_owned())))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Bearer, ApiError> {
        Bearer::from_headers(&parts.headers)
    }
}

/// Parses a JSON body: 400 if it is not JSON, 422 naming the field if it does not fit.
///
/// # Errors
/// As above.
pub fn parse_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        let message = e.to_string();
        if e.is_data() {
            // serde names the field between backticks: "missing field `move`".
            let field = message
                .split('`')
                .nth(1)
                .map(str::to_owned)
                .filter(|f| !f.is_empty());
            ApiError::Invalid { field, message }
        } else {
            ApiError::bad_request(None, format!("the body is not JSON: {message}"))
        }
    })
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

/// A JSON body as [`JsonBody`], or the default when the body is empty (blank).
#[derive(Debug, Clone)]
pub struct JsonOrEmpty<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequest<S> for JsonOrEmpty<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<JsonOrEmpty<T>, ApiError> {
        let bytes = body_bytes(req, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            Ok(JsonOrEmpty(T::default()))
        } else {
            parse_body(&bytes).map(JsonOrEmpty)
        }
    }
}
