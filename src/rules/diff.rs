//! The differences between two sets of rules, field by field (for `contraption rules
//! diff` and before/after views).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::value::Rules;

/// One field whose value differs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesDifference {
    /// The field's path, as validation names it (`physics.gravity`, `sweep.xs[2]`;
    /// a list whose length differs is named as a whole, `sweep.xs`).
    pub field: String,
    /// The value in the first rules, as JSON text.
    pub a: String,
    /// The value in the second rules, as JSON text.
    pub b: String,
}

/// Every field whose value differs between `a` and `b`, sorted by path.
pub fn rules_diff(a: &Rules, b: &Rules) -> Vec<RulesDifference> {
    let mut out = Vec::new();
    let va = serde_json::to_value(a).expect("rules serialize");
    let vb = serde_json::to_value(b).expect("rules serialize");
    walk("", &va, &vb, &mut out);
    out
}

fn walk(path: &str, a: &Value, b: &Value, out: &mut Vec<RulesDifference>) {
    match (a, b) {
        // Both sides are the same struct: the same keys, sorted.
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                walk(&p, va, y.get(k).unwrap_or(&Value::Null), out);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                walk(&format!("{path}[{i}]"), va, vb, out);
            }
        }
        _ if a != b => out.push(RulesDifference {
            field: path.to_owned(),
            a: a.to_string(),
            b: b.to_string(),
        }),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_every_changed_field_by_path() {
        let a = Rules::default();
        assert!(rules_diff(&a, &a).is_empty());
        let mut b = a.clone();
        b.physics.gravity = 150.0;
        b.parts.gear.count.max = 2;
        b.sweep.angles[1] = -0.5;
        b.sweep.xs.push(99.0);
        let d = rules_diff(&a, &b);
        let fields: Vec<&str> = d.iter().map(|d| d.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "parts.gear.count.max",
                "physics.gravity",
                "sweep.angles[1]",
                "sweep.xs"
            ]
        );
        assert_eq!((d[1].a.as_str(), d[1].b.as_str()), ("200.0", "150.0"));
    }
}
