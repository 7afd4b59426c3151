//! The canonical text of criteria.

use std::fmt;

use super::ast::Criteria;

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
