//! Standard output: buffered, written as a command goes, so long output streams,
//! and written in whole lines (see [`WholeLines`]).

use std::io::{Stdout, Write};

use anyhow::Result;
use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};

use crate::term;

/// Where a command's results go (stdout, buffered).
pub struct Out {
    inner: WholeLines<Stdout>,
}

impl Out {
    pub fn stdout() -> Self {
        Self {
            inner: WholeLines::new(std::io::stdout()),
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

/// How much a write to the output carries at most, when lines allow it: POSIX's
/// `PIPE_BUF` on Linux. A write of at most this many bytes to a pipe is taken
/// whole or not at all, so a reader never gets part of it.
pub const WHOLE_WRITE: usize = 4096;

/// A buffer that hands its writer whole lines only: every write it makes ends
/// at a newline and carries at most [`WHOLE_WRITE`] bytes (a single longer line
/// goes alone). A process killed while it writes (`kill -9`, a slow reader)
/// leaves only whole lines behind it, so output appended to a file
/// (`search … --resume CK >> out.jsonl`) stays readable line by line. A flush
/// writes what is buffered, a last line without its newline too.
pub struct WholeLines<W: Write> {
    inner: W,
    buf: Vec<u8>,
}

impl<W: Write> WholeLines<W> {
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            buf: Vec::with_capacity(2 * WHOLE_WRITE),
        }
    }

    /// Writes `self.buf[..end]`, where `end` is just after a newline (or the
    /// end of the buffer), in pieces of whole lines of at most [`WHOLE_WRITE`].
    fn write_out(&mut self, end: usize) -> std::io::Result<()> {
        let mut start = 0;
        while start < end {
            let limit = (start + WHOLE_WRITE).min(end);
            let cut = if limit == end {
                end
            } else {
                match self.buf[start..limit].iter().rposition(|&b| b == b'\n') {
                    Some(i) => start + i + 1,
                    // One line longer than a whole write: it goes alone.
                    None => self.buf[limit..end]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(end, |i| limit + i + 1),
                }
            };
            self.inner.write_all(&self.buf[start..cut])?;
            start = cut;
        }
        self.buf.drain(..end);
        Ok(())
    }
}

impl<W: Write> Write for WholeLines<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= 2 * WHOLE_WRITE {
            if let Some(last) = self.buf.iter().rposition(|&b| b == b'\n') {
                self.write_out(last + 1)?;
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let end = self.buf.len();
        self.write_out(end)?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for WholeLines<W> {
    fn drop(&mut self) {
        let _ = self.flush();
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

    /// Keeps every write it is given, apart.
    #[derive(Default)]
    struct Writes(Vec<Vec<u8>>);
    impl Write for &mut Writes {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            // Take a part only, as a pipe with a slow reader does.
            let n = bytes.len().min(1000);
            self.0.push(bytes[..n].to_vec());
            Ok(n)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn what_goes_in_comes_out_in_order_through_partial_writes() {
        let mut writes = Writes::default();
        let mut lines = Vec::new();
        {
            let mut out = WholeLines::new(&mut writes);
            for i in 0..3000u32 {
                // Lines of 1 to 700 bytes, written in two pieces each.
                let line = format!(
                    "{{\"seed\":{i},\"pad\":\"{}\"}}\n",
                    "x".repeat((i as usize * 37) % 690)
                );
                let (a, b) = line.as_bytes().split_at(line.len() / 2);
                out.write_all(a).unwrap();
                out.write_all(b).unwrap();
                lines.push(line);
            }
            // One line longer than a pipe buffer goes alone.
            let long = format!("{}\n", "y".repeat(3 * WHOLE_WRITE));
            out.write_all(long.as_bytes()).unwrap();
            lines.push(long);
            out.write_all(b"tail without a newline").unwrap();
        }
        // The writes made by write_all (here cut at 1000 bytes by the writer)
        // come from whole-line pieces: gathered back, each piece ends a line.
        let all: Vec<u8> = writes.0.concat();
        let expected = lines.concat() + "tail without a newline";
        assert_eq!(all, expected.as_bytes());
    }

    #[test]
    fn pieces_end_at_newlines_and_fit_a_pipe_buffer() {
        // A writer that takes everything: each write call is one piece.
        struct Pieces(Vec<usize>, Vec<u8>);
        impl Write for &mut Pieces {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.push(bytes.len());
                self.1.extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut pieces = Pieces(Vec::new(), Vec::new());
        {
            let mut out = WholeLines::new(&mut pieces);
            for i in 0..5000u32 {
                writeln!(out, "{{\"seed\":{i},\"walls\":{}}}", i % 7).unwrap();
            }
            out.write_all(&[b'z'; 3 * WHOLE_WRITE]).unwrap();
            out.write_all(b"\n").unwrap();
        }
        let mut at = 0;
        for &n in &pieces.0 {
            let piece = &pieces.1[at..at + n];
            assert_eq!(piece.last(), Some(&b'\n'), "a piece ends a line");
            let lines = piece.iter().filter(|&&b| b == b'\n').count();
            assert!(n <= WHOLE_WRITE || lines == 1, "{n} bytes, {lines} lines");
            at += n;
        }
        assert_eq!(at, pieces.1.len());
        assert!(pieces.0.len() > 10);
    }

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
