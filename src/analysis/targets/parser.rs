//! Targets text to targets, read against the starting rules (so `share(solves N)`
//! names a placement of their sweep), with the place of an error and what was
//! expected there.

use serde::{Deserialize, Serialize};

use crate::analysis::criteria::{parse_criteria_for, Criteria};
use crate::rules::valid::ValidRules;

use super::bound::Bound;
use super::figure::{Figure, FigureName};

/// Targets text is at most this many bytes long.
pub const MAX_TARGETS_LEN: usize = 4096;
/// At most this many targets are joined.
pub const MAX_TARGETS: usize = 32;

/// Why targets text was refused: what is wrong and where (a byte offset).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[error("{message} (at character {})", .at + 1)]
pub struct TargetsError {
    /// Byte offset of the problem in the text.
    pub at: usize,
    pub message: String,
}

/// One target: a figure and its bound.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Target {
    pub figure: Figure,
    pub bound: Bound,
}

impl Target {
    /// Its canonical text: `share(walls >= 5) >= 0.25`.
    pub fn text(&self) -> String {
        format!("{} {}", self.figure.text(), self.bound.text())
    }

    /// How far `value` (this target's figure) misses it; 0 when met.
    pub fn miss(&self, value: f64) -> f64 {
        self.bound.miss(value, self.figure.is_share())
    }
}

/// Targets joined with `and`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Targets {
    pub targets: Vec<Target>,
}

impl Targets {
    /// The canonical text: reads back to the same targets.
    pub fn text(&self) -> String {
        let parts: Vec<String> = self.targets.iter().map(Target::text).collect();
        parts.join(" and ")
    }

    /// The distinct criteria of the `share(…)` figures, in order of first use:
    /// what a [`super::Tally`] counts beyond the comparison's totals.
    pub fn share_criteria(&self) -> Vec<Criteria> {
        let mut out: Vec<Criteria> = Vec::new();
        for t in &self.targets {
            if let Figure::Share { criteria } = &t.figure {
                if !out.contains(criteria) {
                    out.push(criteria.clone());
                }
            }
        }
        out
    }
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
    rules: &'a ValidRules,
}

fn err(at: usize, message: impl Into<String>) -> TargetsError {
    TargetsError {
        at,
        message: message.into(),
    }
}

const FIGURES: &str =
    "a figure (fallback_rate, pre_solved_share, no_solution_share, mean_attempts, \
                       mean_solving, mean_walls, mean_ramps, mean_fans, mean_bumpers, mean_gears) \
                       or share(CRITERIA)";

impl<'a> Reader<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn skip_space(&mut self) {
        let trimmed = self.rest().trim_start();
        self.at = self.text.len() - trimmed.len();
    }

    /// What stands at the reading place, for an error.
    fn here(&self) -> String {
        match self.rest().split_whitespace().next() {
            None => "the end".to_owned(),
            Some(w) => format!("'{}'", w.chars().take(24).collect::<String>()),
        }
    }

    fn word(&mut self) -> Option<(usize, &'a str)> {
        self.skip_space();
        let start = self.at;
        let len = self
            .rest()
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(self.rest().len());
        if len == 0 || self.rest().starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        self.at += len;
        Some((start, &self.text[start..start + len]))
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_space();
        if self.rest().starts_with(s) {
            self.at += s.len();
            true
        } else {
            false
        }
    }

    fn figure(&mut self) -> Result<Figure, TargetsError> {
        let Some((start, w)) = self.word() else {
            return Err(err(
                self.at,
                format!("expected {FIGURES}, found {}", self.here()),
            ));
        };
        if w.eq_ignore_ascii_case("share") {
            return self.share();
        }
        match FigureName::parse(w) {
            Some(name) => Ok(Figure::Named { name }),
            None => Err(err(start, format!("expected {FIGURES}, found '{w}'"))),
        }
    }

    fn share(&mut self) -> Result<Figure, TargetsError> {
        if !self.eat("(") {
            return Err(err(
                self.at,
                format!("expected '(' after share, found {}", self.here()),
            ));
        }
        let open = self.at;
        let mut depth = 1usize;
        let close = self.rest().char_indices().find_map(|(i, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(open + i)
        });
        let Some(close) = close else {
            return Err(err(open - 1, "this '(' of share( is never closed"));
        };
        let inner = &self.text[open..close];
        if inner.trim().is_empty() {
            return Err(err(
                open,
                "expected criteria inside share( ), e.g. share(walls >= 5)",
            ));
        }
        let criteria = parse_criteria_for(inner, self.rules).map_err(|e| TargetsError {
            at: open + e.at,
            message: format!("in share( ): {}", e.message),
        })?;
        self.at = close + 1;
        Ok(Figure::Share { criteria })
    }

    fn number(&mut self) -> Result<f64, TargetsError> {
        self.skip_space();
        let start = self.at;
        let bytes = self.rest().as_bytes();
        let mut i = usize::from(bytes.first() == Some(&b'-'));
        let digits = |i: &mut usize| {
            let from = *i;
            while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
                *i += 1;
            }
            *i > from
        };
        let whole = digits(&mut i);
        if bytes.get(i) == Some(&b'.') && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 1;
            digits(&mut i);
        } else if !whole {
            return Err(err(
                start,
                format!("expected a number, found {}", self.here()),
            ));
        }
        let text = &self.rest()[..i];
        let x: f64 = text
            .parse()
            .map_err(|_| err(start, format!("'{text}' is not a number")))?;
        if !x.is_finite() {
            return Err(err(start, format!("'{text}' is too large")));
        }
        self.at += i;
        Ok(x)
    }

    fn bound(&mut self) -> Result<Bound, TargetsError> {
        self.skip_space();
        for (op, kind) in [
            ("<=", 0),
            ("≤", 0),
            (">=", 1),
            ("≥", 1),
            ("==", 2),
            ("=", 2),
        ] {
            if self.eat(op) {
                let x = self.number()?;
                return Ok(match kind {
                    0 => Bound::AtMost { x },
                    1 => Bound::AtLeast { x },
                    _ => Bound::Equal { x },
                });
            }
        }
        let at = self.at;
        match self.word() {
            Some((_, w)) if w.eq_ignore_ascii_case("in") => {
                self.skip_space();
                let lo_at = self.at;
                let lo = self.number()?;
                if !self.eat("..") {
                    return Err(err(
                        self.at,
                        format!("expected '..' in A..B, found {}", self.here()),
                    ));
                }
                let hi = self.number()?;
                if lo > hi {
                    return Err(err(
                        lo_at,
                        format!("the range {lo}..{hi} is empty: write the low end first"),
                    ));
                }
                Ok(Bound::Within { lo, hi })
            }
            _ => {
                self.at = at;
                Err(err(
                    at,
                    format!(
                        "expected <=, >=, = or in after the figure, found {}",
                        self.here()
                    ),
                ))
            }
        }
    }

    fn target(&mut self) -> Result<Target, TargetsError> {
        self.skip_space();
        let start = self.at;
        let figure = self.figure()?;
        let bound = self.bound()?;
        if figure.is_share() {
            if let Some(x) = bound
                .numbers()
                .into_iter()
                .find(|x| !(0.0..=1.0).contains(x))
            {
                return Err(err(
                    start,
                    format!(
                        "{} is a share from 0 to 1; {x} is outside that",
                        figure.text()
                    ),
                ));
            }
        }
        Ok(Target { figure, bound })
    }
}

/// Parses targets text under the starting rules.
pub fn parse_targets(text: &str, rules: &ValidRules) -> Result<Targets, TargetsError> {
    if text.len() > MAX_TARGETS_LEN {
        return Err(err(
            MAX_TARGETS_LEN,
            format!("targets are at most {MAX_TARGETS_LEN} characters long"),
        ));
    }
    let mut r = Reader { text, at: 0, rules };
    r.skip_space();
    if r.rest().is_empty() {
        return Err(err(
            0,
            "expected a target, e.g. fallback_rate <= 0.02 and mean_walls >= 4",
        ));
    }
    let mut targets = vec![r.target()?];
    loop {
        r.skip_space();
        if r.rest().is_empty() {
            break;
        }
        let at = r.at;
        match r.word() {
            Some((_, w)) if w.eq_ignore_ascii_case("and") => {}
            _ => {
                return Err(err(
                    at,
                    format!("expected 'and' or the end, found {}", {
                        r.at = at;
                        r.here()
                    }),
                ))
            }
        }
        if targets.len() == MAX_TARGETS {
            return Err(err(at, format!("at most {MAX_TARGETS} targets")));
        }
        targets.push(r.target()?);
    }
    Ok(Targets { targets })
}
