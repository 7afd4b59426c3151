//! The level hash: the first 16 hex digits (64 bits) of the SHA-256 of the
//! canonical JSON of a [`World`].

use sha2::{Digest, Sha256};

use crate::base::canonical::canonical_json;
use crate::world::model::World;

/// The content hash of a level: 16 lowercase hex digits.
pub fn level_hash(world: &World) -> String {
    let digest = Sha256::digest(canonical_json(world).as_bytes());
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}
