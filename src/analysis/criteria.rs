//! The criteria language: which seeds a search or a filter keeps.
//!
//! One parser for every place a person types criteria — `contraption search EXPR`,
//! the studio's seed browser and its statistics — so a filter means the same thing
//! everywhere. It reads a [`SeedSummary`] (what `contraption scan` prints per seed).
//!
//! ```text
//! expr     := or
//! or       := and ("or" and)*
//! and      := not ("and" not)*
//! not      := "not" not | primary
//! primary  := "(" expr ")" | test
//! test     := FIELD OP INTEGER          solving <= 3, walls = 5, attempts != 1
//!           | FIELD "in" INTEGER ".." INTEGER     walls in 3..5 (both ends included)
//!           | FLAG | FLAG OP BOOLEAN    fallback, nearly_trivial = false
//!           | "solves" INTEGER          solves 50: sweep placement 50 solves it
//!           | "true" | "false"
//! OP       := = == != <> < <= > >= ≠ ≤ ≥
//! ```
//! Words are case-insensitive; `&&`, `||` and `!` are accepted for `and`, `or`, `not`.
//! Placements are numbered 1 to the sweep's size in sweep order (144 under the
//! default rules), as people (and the generator's reasons) name them; the `index`
//! field of the JSON reports is that number minus one. Criteria for a search are
//! read under its rules ([`parse_criteria_for`]), so `solves N` names a placement
//! their sweep has.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::generate::summary::{SeedSummary, ShippedKind, NEARLY_TRIVIAL_SOLVING};
use crate::rules::valid::{ValidRules, MAX_SWEEP_SIZE};

/// Longest criteria text accepted, in bytes.
pub const MAX_CRITERIA_LEN: usize = 2000;
/// Deepest nesting of `not` and parentheses accepted.
pub const MAX_CRITERIA_DEPTH: usize = 32;

/// A whole-number property of a seed's shipped level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Field {
    Seed,
    /// Candidates drawn (1 to 40).
    Attempts,
    /// Candidates rejected because the bare ball reached the goal.
    PreSolved,
    /// Sweep placements (of 144) that solve the shipped level.
    Solving,
    Walls,
    Ramps,
    Fans,
    Bumpers,
    RulesVersion,
}

impl Field {
    pub const ALL: [Field; 9] = [
        Field::Seed,
        Field::Attempts,
        Field::PreSolved,
        Field::Solving,
        Field::Walls,
        Field::Ramps,
        Field::Fans,
        Field::Bumpers,
        Field::RulesVersion,
    ];

    /// The name the language uses.
    pub fn name(self) -> &'static str {
        match self {
            Field::Seed => "seed",
            Field::Attempts => "attempts",
            Field::PreSolved => "pre_solved",
            Field::Solving => "solving",
            Field::Walls => "walls",
            Field::Ramps => "ramps",
            Field::Fans => "fans",
            Field::Bumpers => "bumpers",
            Field::RulesVersion => "rules_version",
        }
    }

    /// The field's value for a seed.
    pub fn of(self, s: &SeedSummary) -> i64 {
        i64::from(match self {
            Field::Seed => s.seed,
            Field::Attempts => s.attempts,
            Field::PreSolved => s.pre_solved,
            Field::Solving => s.solving,
            Field::Walls => s.walls,
            Field::Ramps => s.inventory.ramp,
            Field::Fans => s.inventory.fan,
            Field::Bumpers => s.inventory.bumper,
            Field::RulesVersion => s.rules_version,
        })
    }
}

/// A yes/no property of a seed's shipped level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    /// A candidate with a one-ramp solution shipped.
    Accepted,
    /// No candidate in the attempts cap had one; the first non-trivial one shipped.
    Fallback,
    /// Every candidate was preSolved; the last one shipped as is.
    AllPreSolved,
    /// At least `NEARLY_TRIVIAL_SOLVING` placements solve it.
    NearlyTrivial,
}

impl Flag {
    pub const ALL: [Flag; 4] = [
        Flag::Accepted,
        Flag::Fallback,
        Flag::AllPreSolved,
        Flag::NearlyTrivial,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Flag::Accepted => "accepted",
            Flag::Fallback => "fallback",
            Flag::AllPreSolved => "all_pre_solved",
            Flag::NearlyTrivial => "nearly_trivial",
        }
    }

    pub fn of(self, s: &SeedSummary) -> bool {
        match self {
            Flag::Accepted => s.shipped == ShippedKind::Accepted,
            Flag::Fallback => s.shipped == ShippedKind::Fallback,
            Flag::AllPreSolved => s.shipped == ShippedKind::AllPreSolved,
            Flag::NearlyTrivial => s.solving >= NEARLY_TRIVIAL_SOLVING,
        }
    }
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }

    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }
}

/// A parsed criteria expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Criteria {
    /// `field op value`.
    Compare {
        field: Field,
        op: Cmp,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        value: i64,
    },
    /// `field in lo..hi`, both ends included.
    Within {
        field: Field,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        lo: i64,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        hi: i64,
    },
    /// A flag that must be `value`.
    Is {
        flag: Flag,
        value: bool,
    },
    /// Sweep placement `placement` (1 to the sweep's size) solves the shipped level.
    Solves {
        placement: u32,
    },
    Not {
        inner: Box<Criteria>,
    },
    And {
        all: Vec<Criteria>,
    },
    Or {
        any: Vec<Criteria>,
    },
}

impl Criteria {
    /// Whether a seed meets the criteria.
    pub fn matches(&self, s: &SeedSummary) -> bool {
        match self {
            Criteria::Compare { field, op, value } => op.holds(field.of(s), *value),
            Criteria::Within { field, lo, hi } => (*lo..=*hi).contains(&field.of(s)),
            Criteria::Is { flag, value } => flag.of(s) == *value,
            Criteria::Solves { placement } => {
                let i = *placement as usize - 1;
                s.solving_mask
                    .get(i / 8)
                    .is_some_and(|byte| byte & (1 << (i % 8)) != 0)
            }
            Criteria::Not { inner } => !inner.matches(s),
            Criteria::And { all } => all.iter().all(|c| c.matches(s)),
            Criteria::Or { any } => any.iter().any(|c| c.matches(s)),
        }
    }

    /// Every seed matches (an empty filter).
    pub fn everything() -> Criteria {
        Criteria::And { all: Vec::new() }
    }

    /// Whether this is the empty filter.
    pub fn is_everything(&self) -> bool {
        matches!(self, Criteria::And { all } if all.is_empty())
    }

    /// Both this and `other`.
    pub fn and(self, other: Criteria) -> Criteria {
        let mut all = match self {
            Criteria::And { all } => all,
            c => vec![c],
        };
        match other {
            Criteria::And { all: more } => all.extend(more),
            c => all.push(c),
        }
        Criteria::And { all }
    }
}

/// Canonical text: reads back to the same criteria.
impl fmt::Display for Criteria {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn inner(c: &Criteria, f: &mut fmt::Formatter<'_>, parent: u8) -> fmt::Result {
            // Precedence: or 1, and 2, not/tests 3.
            match c {
                Criteria::Compare { field, op, value } => {
                    write!(f, "{} {} {value}", field.name(), op.symbol())
                }
                Criteria::Within { field, lo, hi } => write!(f, "{} in {lo}..{hi}", field.name()),
                Criteria::Is { flag, value: true } => f.write_str(flag.name()),
                Criteria::Is { flag, value: false } => write!(f, "not {}", flag.name()),
                Criteria::Solves { placement } => write!(f, "solves {placement}"),
                Criteria::Not { inner: c } => {
                    f.write_str("not ")?;
                    inner(c, f, 3)
                }
                Criteria::And { all } if all.is_empty() => f.write_str("true"),
                Criteria::Or { any } if any.is_empty() => f.write_str("false"),
                Criteria::And { all } => group(all, " and ", 2, f, parent),
                Criteria::Or { any } => group(any, " or ", 1, f, parent),
            }
        }
        fn group(
            items: &[Criteria],
            sep: &str,
            level: u8,
            f: &mut fmt::Formatter<'_>,
            parent: u8,
        ) -> fmt::Result {
            let paren = parent > level || items.len() == 1 && parent == 3;
            if paren {
                f.write_str("(")?;
            }
            for (i, c) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(sep)?;
                }
                inner(c, f, level + 1)?;
            }
            if paren {
                f.write_str(")")?;
            }
            Ok(())
        }
        inner(self, f, 0)
    }
}

/// Why criteria text was refused: what is wrong and where (a byte offset).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[error("{message} (at character {})", .at + 1)]
pub struct CriteriaError {
    /// Byte offset of the problem in the text.
    pub at: usize,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
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
    fn describe(&self) -> String {
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

fn fields_help() -> String {
    let mut names: Vec<&str> = Field::ALL.iter().map(|f| f.name()).collect();
    names.extend(Flag::ALL.iter().map(|f| f.name()));
    names.push("solves N");
    names.join(", ")
}

fn lex(text: &str) -> Result<Vec<(usize, Tok)>, CriteriaError> {
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

struct Parser {
    toks: Vec<(usize, Tok)>,
    pos: usize,
    depth: usize,
    /// Placements of the sweep `solves N` is read against (1 to this).
    placements: u32,
    /// What those placements are, in messages ("the default rules' sweep").
    sweep_words: &'static str,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].1
    }
    fn at(&self) -> usize {
        self.toks[self.pos].0
    }
    fn bump(&mut self) -> Tok {
        let t = self.toks[self.pos].1.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn fail<T>(&self, message: String) -> Result<T, CriteriaError> {
        Err(CriteriaError {
            at: self.at(),
            message,
        })
    }

    fn or(&mut self) -> Result<Criteria, CriteriaError> {
        let mut any = vec![self.and()?];
        while *self.peek() == Tok::Or {
            self.bump();
            any.push(self.and()?);
        }
        Ok(if any.len() == 1 {
            any.pop().expect("one")
        } else {
            Criteria::Or { any }
        })
    }

    fn and(&mut self) -> Result<Criteria, CriteriaError> {
        let mut all = vec![self.not()?];
        while *self.peek() == Tok::And {
            self.bump();
            all.push(self.not()?);
        }
        Ok(if all.len() == 1 {
            all.pop().expect("one")
        } else {
            Criteria::And { all }
        })
    }

    fn deeper(&mut self) -> Result<(), CriteriaError> {
        self.depth += 1;
        if self.depth > MAX_CRITERIA_DEPTH {
            return self.fail(format!(
                "criteria nest at most {MAX_CRITERIA_DEPTH} levels deep"
            ));
        }
        Ok(())
    }

    fn not(&mut self) -> Result<Criteria, CriteriaError> {
        // Iterative over a run of `not`s, so a long run cannot exhaust the stack.
        let mut nots = 0usize;
        while *self.peek() == Tok::Not {
            self.bump();
            nots += 1;
            if nots > MAX_CRITERIA_DEPTH {
                return self.fail(format!(
                    "criteria nest at most {MAX_CRITERIA_DEPTH} levels deep"
                ));
            }
        }
        let mut c = self.primary()?;
        for _ in 0..nots {
            c = match c {
                Criteria::Is { flag, value } => Criteria::Is {
                    flag,
                    value: !value,
                },
                Criteria::Not { inner } => *inner,
                other => Criteria::Not {
                    inner: Box::new(other),
                },
            };
        }
        Ok(c)
    }

    fn primary(&mut self) -> Result<Criteria, CriteriaError> {
        match self.bump() {
            Tok::Open => {
                self.deeper()?;
                let c = self.or()?;
                self.depth -= 1;
                match self.bump() {
                    Tok::Close => Ok(c),
                    t => {
                        self.pos -= usize::from(t != Tok::End);
                        self.fail(format!("expected ')' but found {}", t.describe()))
                    }
                }
            }
            Tok::Word(w) if w == "true" => Ok(Criteria::everything()),
            Tok::Word(w) if w == "false" => Ok(Criteria::Or { any: Vec::new() }),
            Tok::Word(w) => self.test(&w),
            t => {
                self.pos -= usize::from(t != Tok::End);
                self.fail(format!(
                    "expected a test such as 'solving <= 3' but found {}; criteria use {}",
                    t.describe(),
                    fields_help()
                ))
            }
        }
    }

    fn int(&mut self, what: &str) -> Result<i64, CriteriaError> {
        match self.bump() {
            Tok::Int(n) => Ok(n),
            t => {
                self.pos -= usize::from(t != Tok::End);
                self.fail(format!("expected {what} but found {}", t.describe()))
            }
        }
    }

    fn test(&mut self, word: &str) -> Result<Criteria, CriteriaError> {
        let word_at = self.toks[self.pos - 1].0;
        let alias = match word {
            "presolved" | "pre_solved_rejections" => "pre_solved",
            "rules" => "rules_version",
            "ramp" => "ramps",
            "fan" => "fans",
            "bumper" => "bumpers",
            "wall" => "walls",
            "attempt" => "attempts",
            "trivial" => "nearly_trivial",
            w => w,
        };
        if alias == "solves" {
            let at = self.at();
            let last = self.placements;
            let n = self.int(&format!("a placement number from 1 to {last}"))?;
            return match u32::try_from(n) {
                Ok(p) if (1..=last).contains(&p) => Ok(Criteria::Solves { placement: p }),
                _ => Err(CriteriaError {
                    at,
                    message: format!(
                        "placement {n} does not exist; {} has placements 1 to {last}",
                        self.sweep_words
                    ),
                }),
            };
        }
        if let Some(flag) = Flag::ALL.into_iter().find(|f| f.name() == alias) {
            let Tok::Op(op @ (Cmp::Eq | Cmp::Ne)) = *self.peek() else {
                return Ok(Criteria::Is { flag, value: true });
            };
            self.bump();
            let value = match self.bump() {
                Tok::Word(w) if w == "true" || w == "yes" => true,
                Tok::Word(w) if w == "false" || w == "no" => false,
                Tok::Int(1) => true,
                Tok::Int(0) => false,
                t => {
                    self.pos -= usize::from(t != Tok::End);
                    return self.fail(format!(
                        "'{}' is true or false, not {}",
                        flag.name(),
                        t.describe()
                    ));
                }
            };
            return Ok(Criteria::Is {
                flag,
                value: value == (op == Cmp::Eq),
            });
        }
        let Some(field) = Field::ALL.into_iter().find(|f| f.name() == alias) else {
            return Err(CriteriaError {
                at: word_at,
                message: format!(
                    "'{word}' is not something a seed has; use {}",
                    fields_help()
                ),
            });
        };
        match self.bump() {
            Tok::Op(op) => {
                let value = self.int("a whole number")?;
                Ok(Criteria::Compare { field, op, value })
            }
            Tok::Word(w) if w == "in" => {
                let lo = self.int("the first number of a range such as 3..5")?;
                if *self.peek() != Tok::DotDot {
                    return self.fail(format!(
                        "expected '..' in a range such as 3..5 but found {}",
                        self.peek().describe()
                    ));
                }
                self.bump();
                let hi_at = self.at();
                let hi = self.int("the last number of a range such as 3..5")?;
                if lo > hi {
                    return Err(CriteriaError {
                        at: hi_at,
                        message: format!("the range {lo}..{hi} is empty (both ends are included)"),
                    });
                }
                Ok(Criteria::Within { field, lo, hi })
            }
            t => {
                self.pos -= usize::from(t != Tok::End);
                self.fail(format!(
                    "expected a comparison (= != < <= > >=) or 'in' after '{}' but found {}",
                    field.name(),
                    t.describe()
                ))
            }
        }
    }
}

/// Parses criteria text for a search under `rules`: `solves N` must name one of
/// their sweep's placements. Empty text (or only spaces) is every seed.
pub fn parse_criteria_for(text: &str, rules: &ValidRules) -> Result<Criteria, CriteriaError> {
    let placements = u32::try_from(rules.rules().sweep.size()).unwrap_or(u32::MAX);
    parse_with(text, placements, "the sweep of the rules in force")
}

/// Parses criteria text under any rules: `solves N` may name any placement a
/// sweep can have (1 to [`MAX_SWEEP_SIZE`]); a search reads its criteria with
/// [`parse_criteria_for`]. Empty text (or only spaces) is every seed.
pub fn parse_criteria(text: &str) -> Result<Criteria, CriteriaError> {
    parse_with(text, MAX_SWEEP_SIZE as u32, "the largest sweep")
}

fn parse_with(
    text: &str,
    placements: u32,
    sweep_words: &'static str,
) -> Result<Criteria, CriteriaError> {
    if text.len() > MAX_CRITERIA_LEN {
        return Err(CriteriaError {
            at: MAX_CRITERIA_LEN,
            message: format!("criteria are at most {MAX_CRITERIA_LEN} characters long"),
        });
    }
    let toks = lex(text)?;
    if toks.len() == 1 {
        return Ok(Criteria::everything());
    }
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
        placements,
        sweep_words,
    };
    let c = p.or()?;
    match p.peek() {
        Tok::End => Ok(c),
        t => p.fail(format!(
            "expected 'and', 'or' or the end but found {}",
            t.describe()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::model::Inventory;

    fn row(solving: u32, walls: u32, shipped: ShippedKind) -> SeedSummary {
        let mut mask = vec![0u8; 18];
        for i in 0..solving as usize {
            mask[i / 8] |= 1 << (i % 8);
        }
        SeedSummary {
            seed: 7,
            rules_version: 1,
            shipped,
            attempts: 3,
            fallback: shipped == ShippedKind::Fallback,
            pre_solved: 1,
            solving,
            solving_mask: mask,
            walls,
            inventory: Inventory {
                ramp: 1,
                fan: 0,
                bumper: 2,
                gear: 0,
            },
            level_hash: "0".repeat(16),
        }
    }

    #[test]
    fn reads_the_issue_examples() {
        let c = parse_criteria("solving = 1 and walls = 5").unwrap();
        assert!(c.matches(&row(1, 5, ShippedKind::Accepted)));
        assert!(!c.matches(&row(2, 5, ShippedKind::Accepted)));
        let c = parse_criteria("walls in 3..5 and not fallback").unwrap();
        assert!(c.matches(&row(1, 3, ShippedKind::Accepted)));
        assert!(c.matches(&row(1, 5, ShippedKind::Accepted)));
        assert!(!c.matches(&row(1, 6, ShippedKind::Accepted)));
        assert!(!c.matches(&row(1, 4, ShippedKind::Fallback)));
        let c = parse_criteria("all_pre_solved").unwrap();
        assert!(c.matches(&row(0, 2, ShippedKind::AllPreSolved)));
        assert!(!c.matches(&row(0, 2, ShippedKind::Fallback)));
    }

    #[test]
    fn precedence_and_symbols() {
        let a = parse_criteria("walls = 2 or walls = 3 and solving = 1").unwrap();
        let b = parse_criteria("walls == 2 || (walls=3 && solving=1)").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "walls = 2 or walls = 3 and solving = 1");
        let c = parse_criteria("(walls = 2 or walls = 3) and solving ≤ 1").unwrap();
        assert_eq!(c.to_string(), "(walls = 2 or walls = 3) and solving <= 1");
        assert_eq!(
            parse_criteria("!fallback").unwrap(),
            parse_criteria("fallback = false").unwrap()
        );
        assert_eq!(
            parse_criteria("not not walls > 1").unwrap(),
            parse_criteria("walls > 1").unwrap()
        );
        assert_eq!(
            parse_criteria("NOT (walls > 1 or fans = 0)")
                .unwrap()
                .to_string(),
            "not (walls > 1 or fans = 0)"
        );
    }

    #[test]
    fn solves_names_placements_from_one() {
        let c = parse_criteria("solves 1").unwrap();
        assert!(c.matches(&row(1, 2, ShippedKind::Accepted)));
        assert!(!parse_criteria("solves 2")
            .unwrap()
            .matches(&row(1, 2, ShippedKind::Accepted)));
        let v1 = ValidRules::default();
        assert!(parse_criteria_for("solves 144", &v1).is_ok());
        assert!(parse_criteria_for("solves 0", &v1).is_err());
        let err = parse_criteria_for("walls > 1 and solves 145", &v1).unwrap_err();
        assert_eq!(err.at, 21, "the error points at the number");
        assert!(err.message.contains("1 to 144"), "{}", err.message);
        assert!(
            parse_criteria("solves 1024").is_ok(),
            "a sweep can be that big"
        );
        assert!(parse_criteria("solves 1025").is_err());
    }

    /// A sweep of `xs × ys × angles` placements (the default's ys and angles).
    fn rules_with_sweep(xs: usize, ys: usize, angles: usize) -> ValidRules {
        let mut r = crate::rules::value::Rules::default();
        r.sweep.xs = (0..xs).map(|i| 10.0 + i as f64 / 10.0).collect();
        r.sweep.ys = (0..ys).map(|i| 10.0 + i as f64 / 10.0).collect();
        r.sweep.angles = (0..angles).map(|i| -0.5 + i as f64 / 100.0).collect();
        r.sweep.nearly_trivial_solving = r.sweep.nearly_trivial_solving.min(r.sweep.size() as u32);
        ValidRules::new(r).unwrap()
    }

    #[test]
    fn solves_is_read_against_the_sweep_of_the_rules_in_force() {
        let eight = rules_with_sweep(2, 2, 2);
        assert_eq!(eight.rules().sweep.size(), 8);
        assert!(parse_criteria_for("solves 8", &eight).is_ok());
        let err = parse_criteria_for("solves 100", &eight).unwrap_err();
        assert!(err.message.contains("1 to 8"), "{}", err.message);
        let big = rules_with_sweep(16, 4, 16);
        assert_eq!(big.rules().sweep.size(), 1024);
        let c = parse_criteria_for("solves 1024", &big).unwrap();
        assert_eq!(c, Criteria::Solves { placement: 1024 });
        let mut row = row(1, 2, ShippedKind::Accepted);
        row.solving_mask = vec![0; 128];
        assert!(!c.matches(&row));
        row.solving_mask[127] = 0x80;
        assert!(c.matches(&row), "placement 1024 is the mask's last bit");
    }

    #[test]
    fn empty_text_is_everything() {
        let c = parse_criteria("  ").unwrap();
        assert!(c.is_everything());
        assert!(c.matches(&row(0, 0, ShippedKind::Fallback)));
        assert_eq!(c.to_string(), "true");
    }

    #[test]
    fn errors_say_what_and_where() {
        let e = parse_criteria("walls = 2 and colour = red").unwrap_err();
        assert_eq!(e.at, 14);
        assert!(e.message.contains("'colour' is not something a seed has"));
        assert!(e.message.contains("solving"));
        let e = parse_criteria("walls in 5..3").unwrap_err();
        assert!(e.message.contains("empty"), "{e}");
        let e = parse_criteria("walls <").unwrap_err();
        assert!(e.message.contains("whole number"), "{e}");
        let e = parse_criteria("(walls = 1").unwrap_err();
        assert!(e.message.contains("')'"), "{e}");
        let e = parse_criteria("walls = 1 walls = 2").unwrap_err();
        assert!(e.message.contains("'and', 'or'"), "{e}");
        let e = parse_criteria("fallback = 3").unwrap_err();
        assert!(e.message.contains("true or false"), "{e}");
        let e = parse_criteria("walls = 99999999999999999999").unwrap_err();
        assert!(e.message.contains("whole number"), "{e}");
        assert!(parse_criteria("walls # 1").is_err());
    }

    #[test]
    fn hostile_input_is_refused_without_exhausting_the_stack() {
        let deep = "(".repeat(100) + "walls = 1" + &")".repeat(100);
        assert!(parse_criteria(&deep).unwrap_err().message.contains("nest"));
        let nots = "not ".repeat(400) + "fallback";
        assert!(parse_criteria(&nots).is_err());
        let long = "walls = 1 and ".repeat(200) + "walls = 1";
        assert!(parse_criteria(&long)
            .unwrap_err()
            .message
            .contains("at most"));
        let minus = "-".repeat(100) + "1";
        assert!(parse_criteria(&format!("walls = {minus}")).is_err());
    }
}
