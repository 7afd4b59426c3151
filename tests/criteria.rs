//! The criteria language: printing and reading back agree, and meaning survives.

use contraption::criteria::{Cmp, Field, Flag};
use contraption::{parse_criteria, Criteria, Inventory, SeedSummary, ShippedKind};
use proptest::prelude::*;

fn field() -> impl Strategy<Value = Field> {
    proptest::sample::select(Field::ALL.to_vec())
}

fn flag() -> impl Strategy<Value = Flag> {
    proptest::sample::select(Flag::ALL.to_vec())
}

fn cmp() -> impl Strategy<Value = Cmp> {
    proptest::sample::select(vec![Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge])
}

fn criteria() -> impl Strategy<Value = Criteria> {
    let leaf = prop_oneof![
        (field(), cmp(), -3i64..50).prop_map(|(field, op, value)| Criteria::Compare {
            field,
            op,
            value
        }),
        (field(), 0i64..20, 0i64..20).prop_map(|(field, a, b)| Criteria::Within {
            field,
            lo: a.min(b),
            hi: a.max(b)
        }),
        (flag(), any::<bool>()).prop_map(|(flag, value)| Criteria::Is { flag, value }),
        (1u32..=144).prop_map(|placement| Criteria::Solves { placement }),
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            inner
                .clone()
                .prop_map(|c| Criteria::Not { inner: Box::new(c) }),
            proptest::collection::vec(inner.clone(), 0..4).prop_map(|all| Criteria::And { all }),
            proptest::collection::vec(inner, 0..4).prop_map(|any| Criteria::Or { any }),
        ]
    })
}

fn summary() -> impl Strategy<Value = SeedSummary> {
    (
        any::<u32>(),
        0u32..3,
        1u32..41,
        0u32..10,
        proptest::collection::vec(any::<u8>(), 18),
        0u32..6,
        (0u32..3, 0u32..2, 0u32..3),
    )
        .prop_map(
            |(seed, kind, attempts, pre_solved, mask, walls, (ramp, fan, bumper))| {
                let shipped = [
                    ShippedKind::Accepted,
                    ShippedKind::Fallback,
                    ShippedKind::AllPreSolved,
                ][kind as usize];
                SeedSummary {
                    seed,
                    rules_version: 1,
                    shipped,
                    attempts,
                    fallback: shipped == ShippedKind::Fallback,
                    pre_solved: pre_solved.min(attempts),
                    solving: mask.iter().map(|b| b.count_ones()).sum(),
                    solving_mask: mask,
                    walls,
                    inventory: Inventory {
                        ramp,
                        fan,
                        bumper,
                        gear: 0,
                    },
                    level_hash: "0123456789abcdef".into(),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The printed form reads back to criteria that keep exactly the same seeds,
    /// and the text printed from what was read is a fixed point (canonical).
    #[test]
    fn printing_and_reading_agree(c in criteria(), rows in proptest::collection::vec(summary(), 8)) {
        let text = c.to_string();
        let back = parse_criteria(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        for r in &rows {
            prop_assert_eq!(c.matches(r), back.matches(r), "{}", text);
        }
        let canonical = back.to_string();
        let again = parse_criteria(&canonical).map_err(|e| TestCaseError::fail(format!("{canonical}: {e}")))?;
        prop_assert_eq!(again.to_string(), canonical);
    }

    /// Arbitrary text is read or refused, never a panic; a refusal points inside it.
    #[test]
    fn any_text_is_read_or_refused(text in "[a-z_ 0-9()<>=!.&|≤≥-]{0,80}") {
        if let Err(e) = parse_criteria(&text) {
            prop_assert!(e.at <= text.len());
        }
    }
}
