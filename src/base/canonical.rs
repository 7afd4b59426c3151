//! Canonical serialization and content hashes.
//!
//! The canonical JSON of a value is `serde_json`'s compact output of our types:
//! struct fields in declaration order, no maps, floats in their shortest form that
//! reads back to the same bits. Level hashes are
//! built on it.

use serde::Serialize;
use sha2::{Digest, Sha256};

/// Compact JSON with fields in declaration order; identical on every platform.
pub fn canonical_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("engine types always serialize")
}

/// The SHA-256 of a value's canonical JSON: 64 lowercase hex digits. What a file
/// that checks itself (a search checkpoint) carries over the rest of its content.
pub fn content_checksum<T: Serialize>(value: &T) -> String {
    let digest = Sha256::digest(canonical_json(value).as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
