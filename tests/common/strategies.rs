//! Generators of criteria and of seed rows, for the property tests of the
//! criteria language and of the staged search.

use contraption::criteria::{Cmp, Field, Flag};
use contraption::{Criteria, Inventory, SeedSummary, ShippedKind};
use proptest::prelude::*;

pub fn field() -> impl Strategy<Value = Field> {
    proptest::sample::select(Field::ALL.to_vec())
}

pub fn flag() -> impl Strategy<Value = Flag> {
    proptest::sample::select(Flag::ALL.to_vec())
}

pub fn cmp() -> impl Strategy<Value = Cmp> {
    proptest::sample::select(vec![Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge])
}

pub fn criteria() -> impl Strategy<Value = Criteria> {
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

pub fn summary() -> impl Strategy<Value = SeedSummary> {
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
