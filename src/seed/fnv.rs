//! FNV-1a 32-bit: the hash of daily keys and of share codes' check byte.

/// FNV-1a 32-bit offset basis.
pub const FNV_OFFSET: u32 = 0x811c_9dc5;
/// FNV-1a 32-bit prime.
pub const FNV_PRIME: u32 = 16_777_619;

/// Folds `units` (bytes or UTF-16 code units) into FNV-1a 32-bit.
pub fn fnv1a32_fold(units: impl IntoIterator<Item = u32>) -> u32 {
    units
        .into_iter()
        .fold(FNV_OFFSET, |h, unit| (h ^ unit).wrapping_mul(FNV_PRIME))
}

/// FNV-1a 32-bit over the text's UTF-16 code units, exactly as JavaScript's
/// `h ^= s.charCodeAt(i); h = Math.imul(h, 16777619)` computes it. For ASCII text
/// (every daily key) that is the same as hashing the bytes.
pub fn fnv1a32(text: &str) -> u32 {
    fnv1a32_fold(text.encode_utf16().map(u32::from))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_of_empty_is_offset() {
        assert_eq!(fnv1a32(""), FNV_OFFSET);
        // Published FNV-1a 32 test vector.
        assert_eq!(fnv1a32("a"), 0xe40c_292c);
        assert_eq!(fnv1a32("foobar"), 0xbf9c_f968);
    }
}
