//! Random ids, tokens and seeds, and the hashes the store keeps instead of tokens.

use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// Random bytes as hex.
pub(crate) fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut buf = vec![0u8; bytes];
    getrandom::getrandom(&mut buf)
        .map_err(|e| ApiError::Corrupt(format!("no randomness for a token: {e}")))?;
    Ok(hex(&buf))
}

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// SHA-256 of a token, in hex: what the store keeps instead of the token.
pub fn sha256_hex(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// A seed for a pairing's lots, within JSON's exact integers.
///
/// # Errors
/// 500 when the system has no randomness.
pub(crate) fn random_seed() -> Result<u64, ApiError> {
    let mut b = [0u8; 8];
    getrandom::getrandom(&mut b)
        .map_err(|e| ApiError::Corrupt(format!("no randomness for a seed: {e}")))?;
    Ok(u64::from_le_bytes(b) >> 11)
}
