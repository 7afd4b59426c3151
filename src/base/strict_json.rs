//! The one strict reader for every JSON file the engine accepts (level files,
//! solution files, scenes, rules files). Pure: bytes in, value out.
//!
//! - the size is bounded before anything is parsed;
//! - the bytes must be UTF-8;
//! - a key repeated in any object, at any depth, is refused (`serde_json` alone
//!   keeps the last one): a first pass walks the whole document with a visitor
//!   that builds no value, only the set of keys of the object it is in;
//! - the second pass reads the typed value; our types refuse unknown fields
//!   (`deny_unknown_fields`), and JSON has no NaN or infinity (`1e999` is refused
//!   as out of range);
//! - an object written as a list is refused: serde reads a struct from a list of
//!   its field values too (`"ball": [12.52, 8.0]`), so the value read is
//!   written back and, wherever it is an object, the document must have an
//!   object there as well.
//!
//! Both passes go through `serde_json`, whose nesting limit (128) bounds the depth.

use std::collections::BTreeSet;
use std::fmt;

use serde::de::{DeserializeOwned, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Why bytes are not an acceptable JSON document.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum JsonError {
    #[error("the file is {size} bytes; at most {limit} are accepted")]
    TooLarge { size: usize, limit: usize },
    #[error("the file is not UTF-8 text")]
    NotText,
    #[error("{message}")]
    Malformed { message: String },
}

fn malformed(e: serde_json::Error) -> JsonError {
    JsonError::Malformed {
        message: e.to_string(),
    }
}

/// Checks the size, the encoding and that no object repeats a key; returns the text.
pub fn checked_text(bytes: &[u8], limit: usize) -> Result<&str, JsonError> {
    if bytes.len() > limit {
        return Err(JsonError::TooLarge {
            size: bytes.len(),
            limit,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| JsonError::NotText)?;
    serde_json::from_str::<Unique>(text).map_err(malformed)?;
    Ok(text)
}

/// [`checked_text`], naming in a refusal where in the document it is: `at
/// physics.gravity: …`, the path with `prefix.` taken off its front (a syntax
/// error such as `NaN` is placed at the field whose value it is).
pub fn checked_text_at<'a>(
    bytes: &'a [u8],
    limit: usize,
    prefix: &str,
) -> Result<&'a str, JsonError> {
    if bytes.len() > limit {
        return Err(JsonError::TooLarge {
            size: bytes.len(),
            limit,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| JsonError::NotText)?;
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize::<_, Unique>(&mut de).map_err(|e| malformed_at(e, prefix))?;
    de.end().map_err(malformed)?;
    Ok(text)
}

/// [`parse_checked`], naming the path of a refusal as [`checked_text_at`].
pub fn parse_checked_at<T: DeserializeOwned + Serialize>(
    text: &str,
    prefix: &str,
) -> Result<T, JsonError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| malformed_at(e, prefix))?;
    de.end().map_err(malformed)?;
    objects_written_as_objects(text, &value, prefix)?;
    Ok(value)
}

/// Refuses a document that has a list where the value read from it is an
/// object (a struct read from the list of its field values).
fn objects_written_as_objects<T: Serialize>(
    text: &str,
    value: &T,
    prefix: &str,
) -> Result<(), JsonError> {
    let (Ok(document), Ok(read)) = (
        serde_json::from_str::<Value>(text),
        serde_json::to_value(value),
    ) else {
        return Ok(());
    };
    let mut path = String::new();
    if same_shape(&document, &read, &mut path) {
        return Ok(());
    }
    let path = path.trim_start_matches('.');
    let path = path
        .strip_prefix(prefix)
        .map(|p| p.trim_start_matches('.'))
        .filter(|p| !p.is_empty())
        .unwrap_or(path);
    Err(JsonError::Malformed {
        message: format!("at {path}: an object is expected here, not a list"),
    })
}

/// Whether every object of `read` is an object in `document` too (where both
/// have the value); on a mismatch, `path` says where.
fn same_shape(document: &Value, read: &Value, path: &mut String) -> bool {
    match (document, read) {
        (Value::Array(_), Value::Object(_)) => false,
        (Value::Object(doc), Value::Object(read)) => read.iter().all(|(key, r)| {
            let Some(d) = doc.get(key) else {
                return true;
            };
            let len = path.len();
            path.push('.');
            path.push_str(key);
            let same = same_shape(d, r, path);
            if same {
                path.truncate(len);
            }
            same
        }),
        (Value::Array(doc), Value::Array(read)) => {
            doc.iter().zip(read).enumerate().all(|(i, (d, r))| {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                let same = same_shape(d, r, path);
                if same {
                    path.truncate(len);
                }
                same
            })
        }
        _ => true,
    }
}

fn malformed_at(e: serde_path_to_error::Error<serde_json::Error>, prefix: &str) -> JsonError {
    let path = e.path().to_string();
    let path = path
        .strip_prefix(prefix)
        .and_then(|p| p.strip_prefix('.'))
        .unwrap_or(&path);
    let inner = e.into_inner();
    if path.is_empty() || path == "." || path == prefix {
        return malformed(inner);
    }
    JsonError::Malformed {
        message: format!("at {path}: {inner}"),
    }
}

/// Reads text already passed through [`checked_text`] as a `T`.
pub fn parse_checked<T: DeserializeOwned + Serialize>(text: &str) -> Result<T, JsonError> {
    let value = serde_json::from_str(text).map_err(malformed)?;
    objects_written_as_objects(text, &value, "")?;
    Ok(value)
}

/// Reads `bytes` as a `T`, strictly (see the module's documentation).
pub fn from_slice<T: DeserializeOwned + Serialize>(
    bytes: &[u8],
    limit: usize,
) -> Result<T, JsonError> {
    parse_checked(checked_text(bytes, limit)?)
}

/// Any JSON value, walked without being built; fails on a repeated key.
struct Unique;

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_str<E>(self, _: &str) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        while seq.next_element::<Unique>()?.is_some() {}
        Ok(Unique)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut keys = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if keys.contains(&key) {
                return Err(A::Error::custom(format_args!("duplicate key `{key}`")));
            }
            map.next_value::<Unique>()?;
            keys.insert(key);
        }
        Ok(Unique)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, Serialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct P {
        x: f64,
        #[serde(default)]
        more: Vec<serde_json::Value>,
    }

    #[derive(Debug, Deserialize, Serialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Ball {
        x: f64,
        y: f64,
    }

    #[derive(Debug, Deserialize, Serialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Level {
        ball: Ball,
        walls: Vec<Ball>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    }

    #[test]
    fn an_object_written_as_a_list_is_refused_where_it_is() {
        let ok = br#"{"ball": {"x": 1, "y": 2}, "walls": [{"x": 3, "y": 4}]}"#;
        assert!(from_slice::<Level>(ok, 1000).is_ok());
        for (bad, at) in [
            (&br#"{"ball": [1, 2], "walls": []}"#[..], "at ball:"),
            (
                br#"{"ball": {"x": 1, "y": 2}, "walls": [{"x": 3, "y": 4}, [5, 6]]}"#,
                "at walls[1]:",
            ),
            (br#"[{"x": 1, "y": 2}, []]"#, "an object is expected"),
        ] {
            let e = from_slice::<Level>(bad, 1000).unwrap_err().to_string();
            assert!(e.contains(at) && e.contains("not a list"), "{e}");
        }
        // Lists where lists belong are fine; a field left out is fine.
        let e = parse_checked_at::<Level>(r#"{"ball": [1, 2], "walls": []}"#, "ball");
        assert!(e.is_err());
    }

    #[test]
    fn refuses_duplicates_at_any_depth() {
        let e = from_slice::<P>(br#"{"x": 1, "x": 2}"#, 100).unwrap_err();
        assert!(
            matches!(&e, JsonError::Malformed { message } if message.contains("duplicate key `x`")),
            "{e}"
        );
        // Inside a part the type ignores: still refused.
        let e = from_slice::<P>(br#"{"x": 1, "more": [{"a": 1, "a": 1}]}"#, 100).unwrap_err();
        assert!(e.to_string().contains("duplicate key `a`"), "{e}");
        // The same key in different objects is fine.
        assert!(from_slice::<P>(br#"{"x": 1, "more": [{"a": 1}, {"a": 2}]}"#, 100).is_ok());
        // An escaped spelling of the same key is the same key.
        let e = from_slice::<P>(br#"{"x": 1, "\u0078": 2}"#, 100).unwrap_err();
        assert!(e.to_string().contains("duplicate"), "{e}");
    }

    #[test]
    fn bounds_encoding_numbers_and_depth() {
        assert_eq!(
            from_slice::<P>(&[b' '; 101], 100),
            Err(JsonError::TooLarge {
                size: 101,
                limit: 100
            })
        );
        assert_eq!(from_slice::<P>(&[0xff], 100), Err(JsonError::NotText));
        assert!(from_slice::<P>(br#"{"x": 1e999}"#, 100).is_err());
        assert!(from_slice::<P>(br#"{"x": NaN}"#, 100).is_err());
        assert!(from_slice::<P>(br#"{"x": 1, "y": 2}"#, 100).is_err());
        assert!(from_slice::<P>(br#"{"x": 1} x"#, 100).is_err());
        let deep = "[".repeat(100_000);
        assert!(from_slice::<P>(deep.as_bytes(), 200_000).is_err());
        assert_eq!(
            from_slice::<P>(br#"{"x": 1.5}"#, 100),
            Ok(P {
                x: 1.5,
                more: vec![]
            })
        );
    }
}
