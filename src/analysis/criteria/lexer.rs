//! Criteria text to tokens, each with its byte offset.

use super::ast::Cmp;
use super::error::CriteriaError;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    Word(String),
    Int(i64),
    Op(Cmp),
    DotDot,
    Open,
    Close,
    And,
    Or,
    Not,
    End,
}

impl Tok {
    pub(super) fn describe(&self) -> String {
        match self {
            Tok::Word(w) => format!("'{w}'"),
            Tok::Int(n) => format!("'{n}'"),
            Tok::Op(c) => format!("'{}'", c.symbol()),
            Tok::DotDot => "'..'".into(),
            Tok::Open => "'('".into(),
            Tok::Close => "')'".into(),
            Tok::And => "'and'".into(),
            Tok::Or => "'or'".into(),
            Tok::Not => "'not'".into(),
            Tok::End => "the end".into(),
        }
    }
}

pub(super) fn lex(text: &str) -> Result<Vec<(usize, Tok)>, CriteriaError> {
    let err = |at: usize, message: String| CriteriaError { at, message };
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut take = |n: usize| {
            for _ in 0..n {
                chars.next();
            }
        };
        let next = text[at + c.len_utf8()..].chars().next();
        let tok = match (c, next) {
            ('(', _) => {
                take(1);
                Tok::Open
            }
            (')', _) => {
                take(1);
                Tok::Close
            }
            ('.', Some('.')) => {
                take(2);
                Tok::DotDot
            }
            ('&', Some('&')) => {
                take(2);
                Tok::And
            }
            ('|', Some('|')) => {
                take(2);
                Tok::Or
            }
            ('=', Some('=')) | ('!', Some('=')) | ('<', Some('=')) | ('>', Some('=')) => {
                take(2);
                Tok::Op(match c {
                    '=' => Cmp::Eq,
                    '!' => Cmp::Ne,
                    '<' => Cmp::Le,
                    _ => Cmp::Ge,
                })
            }
            ('<', Some('>')) => {
                take(2);
                Tok::Op(Cmp::Ne)
            }
            ('=' | '<' | '>' | '≤' | '≥' | '≠', _) => {
                take(1);
                Tok::Op(match c {
                    '=' => Cmp::Eq,
                    '<' => Cmp::Lt,
                    '>' => Cmp::Gt,
                    '≤' => Cmp::Le,
                    '≥' => Cmp::Ge,
                    _ => Cmp::Ne,
                })
            }
            ('!', _) => {
                take(1);
                Tok::Not
            }
            (c, _) if c.is_ascii_digit() || c == '-' => {
                let start = at;
                let mut end = at;
                let mut first = true;
                while let Some(&(i, d)) = chars.peek() {
                    if d.is_ascii_digit() || first && d == '-' {
                        end = i + d.len_utf8();
                        chars.next();
                        first = false;
                    } else {
                        break;
                    }
                }
                let digits = &text[start..end];
                let n = digits.parse::<i64>().map_err(|_| {
                    err(
                        start,
                        format!("'{digits}' is not a whole number from -2^63 to 2^63 - 1"),
                    )
                })?;
                out.push((start, Tok::Int(n)));
                continue;
            }
            (c, _) if c.is_alphabetic() || c == '_' => {
                let start = at;
                let mut end = at;
                while let Some(&(i, d)) = chars.peek() {
                    if d.is_alphanumeric() || d == '_' {
                        end = i + d.len_utf8();
                        chars.next();
                    } else {
                        break;
                    }
                }
                let word = text[start..end].to_lowercase();
                let tok = match word.as_str() {
                    "and" => Tok::And,
                    "or" => Tok::Or,
                    "not" => Tok::Not,
                    _ => Tok::Word(word),
                };
                out.push((start, tok));
                continue;
            }
            (c, _) => return Err(err(at, format!("'{c}' cannot appear in criteria"))),
        };
        out.push((at, tok));
    }
    out.push((text.len(), Tok::End));
    Ok(out)
}
