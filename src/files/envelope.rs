//! The envelope every file of the engine shares, read the same way for level,
//! solution and rules files:
//! - `format` and `schema_version`, read before the body, so that a file of
//!   another kind or version is refused with the right message rather than with
//!   whatever field the body lacks;
//! - the rules a file was made under: named by `rules_id`, embedded as `rules`
//!   unless they are the default ones;
//! - optional fields, written or left out but never `null`.

use serde::{Deserialize, Deserializer, Serialize};

use crate::base::strict_json::{self, JsonError};
use crate::rules::valid::{ValidRules, DEFAULT_RULES_ID};

/// Why a file's envelope was refused. Each kind of file words these its own way.
#[derive(Debug, Clone, PartialEq)]
pub enum EnvelopeError {
    /// The text is not strict JSON of the expected shape.
    Json(JsonError),
    MissingFormat,
    /// The file says another format.
    WrongFormat(String),
    /// `schema_version` is missing.
    MissingVersion,
    /// A schema version this engine does not read.
    UnknownVersion(u64),
}

impl From<JsonError> for EnvelopeError {
    fn from(e: JsonError) -> Self {
        EnvelopeError::Json(e)
    }
}

/// Reads the envelope of `text` (already size-checked UTF-8): its format must be
/// `format` and its schema version one of `versions`, which is returned.
pub fn read_envelope(text: &str, format: &str, versions: &[u32]) -> Result<u32, EnvelopeError> {
    #[derive(Deserialize, Serialize)]
    struct Header {
        #[serde(default)]
        format: Option<String>,
        #[serde(default)]
        schema_version: Option<u64>,
    }
    let header: Header = strict_json::parse_checked(text)?;
    match header.format {
        Some(f) if f == format => {}
        Some(f) => return Err(EnvelopeError::WrongFormat(f)),
        None => return Err(EnvelopeError::MissingFormat),
    }
    let version = header.schema_version.ok_or(EnvelopeError::MissingVersion)?;
    versions
        .iter()
        .copied()
        .find(|v| u64::from(*v) == version)
        .ok_or(EnvelopeError::UnknownVersion(version))
}

/// An optional field of a file: absent or with a value; `null` is refused (a file
/// writes a field or leaves it out, never both spellings). For
/// `#[serde(default, deserialize_with = "…")]`.
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The rules a file was made under: the embedded ones, or the default rules when
/// the file names them or names none (a version 1 file). `None` when the file
/// names other rules without embedding them (a file the readers refuse).
pub fn made_under(rules_id: Option<&str>, rules: Option<&ValidRules>) -> Option<ValidRules> {
    match (rules, rules_id) {
        (Some(r), _) => Some(r.clone()),
        (None, None) => Some(ValidRules::default()),
        (None, Some(id)) if id == DEFAULT_RULES_ID => Some(ValidRules::default()),
        (None, Some(_)) => None,
    }
}

/// Embedded rules must be the ones the file names: `(stated, actual)` ids when
/// they are not.
pub fn rules_mismatch(
    rules_id: Option<&str>,
    rules: Option<&ValidRules>,
) -> Option<(String, String)> {
    match (rules, rules_id) {
        (Some(r), Some(stated)) if r.id() != stated => Some((stated.to_owned(), r.id().to_owned())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_envelope_is_read_before_the_body() {
        let read = |t: &str| read_envelope(t, "contraption-x", &[1, 2]);
        assert_eq!(
            read(r#"{"format":"contraption-x","schema_version":2,"body":1}"#),
            Ok(2)
        );
        assert_eq!(
            read(r#"{"format":"contraption-y","schema_version":2}"#),
            Err(EnvelopeError::WrongFormat("contraption-y".into()))
        );
        assert_eq!(
            read(r#"{"schema_version":2}"#),
            Err(EnvelopeError::MissingFormat)
        );
        assert_eq!(
            read(r#"{"format":"contraption-x"}"#),
            Err(EnvelopeError::MissingVersion)
        );
        assert_eq!(
            read(r#"{"format":"contraption-x","schema_version":3}"#),
            Err(EnvelopeError::UnknownVersion(3))
        );
        assert!(matches!(read("[1]"), Err(EnvelopeError::Json(_))));
    }

    #[test]
    fn a_file_is_made_under_its_embedded_or_the_default_rules() {
        let v1 = ValidRules::default();
        let mut r = v1.rules().clone();
        r.generator.max_attempts = 3;
        let other = ValidRules::new(r).unwrap();
        assert_eq!(made_under(None, None), Some(v1.clone()));
        assert_eq!(made_under(Some(DEFAULT_RULES_ID), None), Some(v1.clone()));
        assert_eq!(made_under(Some(other.id()), None), None);
        assert_eq!(
            made_under(Some(other.id()), Some(&other)),
            Some(other.clone())
        );
        assert_eq!(rules_mismatch(Some(other.id()), Some(&other)), None);
        assert_eq!(
            rules_mismatch(Some(DEFAULT_RULES_ID), Some(&other)),
            Some((DEFAULT_RULES_ID.to_owned(), other.id().to_owned()))
        );
    }
}
