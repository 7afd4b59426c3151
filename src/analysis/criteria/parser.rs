//! Tokens to criteria: the grammar (recursive descent, depth-limited) and the
//! entry points, read against the sweep a `solves N` names a placement of.

use super::ast::{Cmp, Criteria, Field, Flag};
use super::error::CriteriaError;
use super::lexer::{lex, Tok};
use crate::rules::defaults::NEARLY_TRIVIAL_SOLVING;
use crate::rules::valid::{ValidRules, MAX_SWEEP_SIZE};

/// Longest criteria text accepted, in bytes.
pub const MAX_CRITERIA_LEN: usize = 2000;
/// Deepest nesting of `not` and parentheses accepted.
pub const MAX_CRITERIA_DEPTH: usize = 32;

fn fields_help() -> String {
    let mut names: Vec<&str> = Field::ALL.iter().map(|f| f.name()).collect();
    names.extend(Flag::ALL.iter().map(|f| f.name()));
    names.push("solves N");
    names.join(", ")
}

struct Parser {
    toks: Vec<(usize, Tok)>,
    pos: usize,
    depth: usize,
    /// Placements of the sweep `solves N` is read against (1 to this).
    placements: u32,
    /// What those placements are, in messages ("the default rules' sweep").
    sweep_words: &'static str,
    /// `sweep.nearly_trivial_solving` of the rules the text is read under.
    nearly_trivial: u32,
}

impl Parser {
    /// `flag` is `value`; under rules whose `sweep.nearly_trivial_solving` is not
    /// the default 10, `nearly_trivial` is read as the comparison it stands for
    /// (`solving >= N`), so the criteria, their text and a resumed search say
    /// what the rules in force mean by it. Under the default threshold nothing
    /// changes.
    fn flag(&self, flag: Flag, value: bool) -> Criteria {
        if flag == Flag::NearlyTrivial && self.nearly_trivial != NEARLY_TRIVIAL_SOLVING {
            return Criteria::Compare {
                field: Field::Solving,
                op: if value { Cmp::Ge } else { Cmp::Lt },
                value: i64::from(self.nearly_trivial),
            };
        }
        Criteria::Is { flag, value }
    }

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
                return Ok(self.flag(flag, true));
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
            return Ok(self.flag(flag, value == (op == Cmp::Eq)));
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
    parse_with(
        text,
        placements,
        "the sweep of the rules in force",
        rules.sweep.nearly_trivial_solving,
    )
}

/// Parses criteria text under any rules: `solves N` may name any placement a
/// sweep can have (1 to [`MAX_SWEEP_SIZE`]); a search reads its criteria with
/// [`parse_criteria_for`]. Empty text (or only spaces) is every seed.
pub fn parse_criteria(text: &str) -> Result<Criteria, CriteriaError> {
    parse_with(
        text,
        MAX_SWEEP_SIZE as u32,
        "the largest sweep",
        NEARLY_TRIVIAL_SOLVING,
    )
}

fn parse_with(
    text: &str,
    placements: u32,
    sweep_words: &'static str,
    nearly_trivial: u32,
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
        nearly_trivial,
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
