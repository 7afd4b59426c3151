//! Text that reaches a terminal: control characters from user data (bookmark
//! notes and tags, file paths, seed text echoed in errors, values read from a
//! catalog or a file) are shown escaped, never sent raw, so no text can move the
//! cursor, retitle the window, hide itself or reorder what is printed around it.
//!
//! Escaped: C0 controls (tab, newline and carriage return as `\t`, `\n`, `\r`,
//! the others as `\x1b`-style), DEL (`\x7f`), C1 controls (`\u{9b}`-style) and the
//! Unicode bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069).

use std::borrow::Cow;
use std::fmt::Write;

/// A character that must not reach a terminal raw.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every unsafe character escaped, newlines included: for one field
/// inside a line.
pub fn printable(text: &str) -> Cow<'_, str> {
    escape(text, false)
}

/// Like [`printable`], but newlines are kept: for a message whose lines are its
/// structure (an error report).
pub fn printable_lines(text: &str) -> Cow<'_, str> {
    escape(text, true)
}

fn escape(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    let needs = |c: char| is_unsafe(c) && !(keep_newlines && c == '\n');
    if !text.chars().any(needs) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !needs(c) {
            out.push(c);
            continue;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x80 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    Cow::Owned(out)
}

/// A path as text for a terminal.
pub fn path(p: &std::path::Path) -> String {
    printable(&p.to_string_lossy()).into_owned()
}

/// User text quoted in a message: its first `max` characters and `…` when it is
/// longer (a refused criterion can be 100 KB long).
pub fn shortened(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
        None => Cow::Borrowed(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_quoted_shortened() {
        assert_eq!(shortened("walls > 1", 80), "walls > 1");
        let long = "ü".repeat(200);
        let said = shortened(&long, 80);
        assert_eq!(said.chars().count(), 81);
        assert!(said.ends_with('…'));
    }

    #[test]
    fn escapes_every_control_and_keeps_ordinary_text() {
        assert_eq!(printable("plain text, ünïcode ✓"), "plain text, ünïcode ✓");
        assert!(matches!(printable("plain"), Cow::Borrowed(_)));
        assert_eq!(
            printable("a\x1b]0;owned\x07b\x1b[2Jc"),
            "a\\x1b]0;owned\\x07b\\x1b[2Jc"
        );
        assert_eq!(printable("x\ny\rz\tw\x7f"), "x\\ny\\rz\\tw\\x7f");
        assert_eq!(printable("\u{9b}31m\u{85}"), "\\u{9b}31m\\u{85}");
        assert_eq!(printable("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(printable_lines("one\ntwo\x1b"), "one\ntwo\\x1b");
    }

    #[test]
    fn nothing_unsafe_survives_any_text() {
        for code in (0u32..0x3000).chain([0x202e, 0x2066, 0x2069, 0x10ffff]) {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let text = format!("<{c}>");
            assert!(!printable(&text).chars().any(is_unsafe), "{code:#x}");
            assert!(
                !printable_lines(&text)
                    .chars()
                    .any(|c| is_unsafe(c) && c != '\n'),
                "{code:#x}"
            );
        }
    }
}
