//! Standard output: buffered, written as a command goes, so long output streams.

use std::io::{BufWriter, Stdout, Write};

use anyhow::Result;
use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};

use crate::term;

/// Where a command's results go (stdout, buffered).
pub struct Out {
    inner: BufWriter<Stdout>,
}

impl Out {
    pub fn stdout() -> Self {
        Self {
            inner: BufWriter::new(std::io::stdout()),
        }
    }

    /// Pretty JSON and a final newline. Strings are escaped as serde_json does
    /// (C0 controls as `\u001b`…), and also DEL, the C1 controls and the
    /// bidirectional overrides, so JSON printed on a terminal is inert too.
    pub fn json(&mut self, value: &impl Serialize) -> Result<()> {
        let mut ser = serde_json::Serializer::with_formatter(
            &mut self.inner,
            TerminalSafe(PrettyFormatter::new()),
        );
        value.serialize(&mut ser)?;
        self.inner.write_all(b"\n")?;
        Ok(())
    }

    /// One value as compact JSON (no newline), escaped as [`Out::json`].
    pub fn json_compact(&mut self, value: &impl Serialize) -> Result<()> {
        let mut ser = serde_json::Serializer::with_formatter(
            &mut self.inner,
            TerminalSafe(serde_json::ser::CompactFormatter),
        );
        value.serialize(&mut ser)?;
        Ok(())
    }

    /// Text as is.
    pub fn text(&mut self, text: &str) -> Result<()> {
        self.inner.write_all(text.as_bytes())?;
        Ok(())
    }

    pub fn flush(&mut self) -> Result<()> {
        self.inner.flush()?;
        Ok(())
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.inner.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// A serde_json formatter that also writes the characters serde_json leaves raw
/// but a terminal acts on (DEL, C1, bidi controls) as `\uXXXX` escapes. The JSON
/// means the same; only its bytes differ, and only for those characters.
pub struct TerminalSafe<F>(pub F);

macro_rules! delegate {
    ($($name:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {
        $(
            #[inline]
            fn $name<W: ?Sized + std::io::Write>(&mut self, w: &mut W $(, $arg: $ty)*) -> std::io::Result<()> {
                self.0.$name(w $(, $arg)*)
            }
        )*
    };
}

impl<F: Formatter> Formatter for TerminalSafe<F> {
    delegate!(
        begin_array(),
        end_array(),
        begin_array_value(first: bool),
        end_array_value(),
        begin_object(),
        end_object(),
        begin_object_key(first: bool),
        end_object_key(),
        begin_object_value(),
        end_object_value(),
    );

    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut rest = fragment;
        while let Some(i) = rest.find(term::is_unsafe) {
            let c = rest[i..].chars().next().expect("found a char");
            self.0.write_string_fragment(w, &rest[..i])?;
            // Every unsafe character is in the Basic Multilingual Plane.
            write!(w, "\\u{:04x}", c as u32)?;
            rest = &rest[i + c.len_utf8()..];
        }
        self.0.write_string_fragment(w, rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_json(value: &serde_json::Value) -> String {
        let mut bytes = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(
            &mut bytes,
            TerminalSafe(PrettyFormatter::new()),
        );
        value.serialize(&mut ser).unwrap();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn json_strings_carry_no_raw_control_characters() {
        let value = serde_json::json!({
            "note": "a\u{1b}[31mred\u{7f}\u{9b}2J\u{202e}end\n",
            "plain": ["ü", 1, null],
        });
        let text = to_json(&value);
        assert!(
            !text.chars().any(|c| term::is_unsafe(c) && c != '\n'),
            "{text:?}"
        );
        assert!(
            text.contains(r"a\u001b[31mred\u007f\u009b2J\u202eend\n"),
            "{text}"
        );
        // The same value, and the same bytes as serde_json for ordinary text.
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            value
        );
        let plain = serde_json::json!({"a": [1, "b"], "c": {"d": 2.5}});
        assert_eq!(
            to_json(&plain),
            serde_json::to_string_pretty(&plain).unwrap()
        );
    }
}
