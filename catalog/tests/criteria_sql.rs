//! The catalog's SQL for criteria keeps exactly the rows the engine's
//! `Criteria::matches` keeps: random criteria (printed, then parsed back, as a
//! person would type them) over a catalog of a few thousand real rows.

use std::sync::OnceLock;

use contraption::criteria::{Cmp, Field, Flag};
use contraption::{parse_criteria, Criteria, SeedSummary, ValidRules};
use contraption_catalog::{Catalog, SeedQuery, SortKey};
use proptest::prelude::*;

const SEEDS: u32 = 3000;

/// The rows of seeds 0..SEEDS under the default rules (summarised once).
fn rows() -> &'static [SeedSummary] {
    static ROWS: OnceLock<Vec<SeedSummary>> = OnceLock::new();
    ROWS.get_or_init(|| {
        use rayon::prelude::*;
        (0..SEEDS)
            .into_par_iter()
            .map(|s| contraption::summarize(&ValidRules::default(), s))
            .collect()
    })
}

fn catalog() -> Catalog {
    let mut c = Catalog::in_memory().unwrap();
    c.put_seeds(&ValidRules::default(), rows()).unwrap();
    c
}

/// Values near the ones real rows have (and some that none has).
fn value(field: Field) -> BoxedStrategy<i64> {
    match field {
        Field::Seed => (-5i64..(SEEDS as i64 + 5)).boxed(),
        Field::Attempts => (-1i64..42).boxed(),
        Field::Solving => (-1i64..146).boxed(),
        Field::RulesVersion => (-1i64..4).boxed(),
        _ => (-1i64..12).boxed(),
    }
}

fn test() -> impl Strategy<Value = Criteria> {
    let field = proptest::sample::select(Field::ALL.to_vec());
    let cmp = proptest::sample::select(vec![Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge]);
    prop_oneof![
        (field.clone(), cmp)
            .prop_flat_map(|(f, op)| value(f).prop_map(move |v| (f, op, v)))
            .prop_map(|(field, op, value)| Criteria::Compare { field, op, value }),
        field
            .prop_flat_map(|f| (value(f), value(f)).prop_map(move |(a, b)| (f, a, b)))
            .prop_map(|(field, a, b)| Criteria::Within {
                field,
                lo: a.min(b),
                hi: a.max(b),
            }),
        (proptest::sample::select(Flag::ALL.to_vec()), any::<bool>())
            .prop_map(|(flag, value)| Criteria::Is { flag, value }),
        (1u32..=144).prop_map(|placement| Criteria::Solves { placement }),
    ]
}

fn criteria() -> impl Strategy<Value = Criteria> {
    test().prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            inner
                .clone()
                .prop_map(|c| Criteria::Not { inner: Box::new(c) }),
            proptest::collection::vec(inner.clone(), 0..4).prop_map(|all| Criteria::And { all }),
            proptest::collection::vec(inner, 0..4).prop_map(|any| Criteria::Or { any }),
        ]
    })
}

/// The seeds the catalog returns for `c`, in seed order, and its count.
fn queried(catalog: &Catalog, c: &Criteria) -> (Vec<u32>, u64) {
    let page = catalog
        .query(
            &ValidRules::default(),
            &SeedQuery {
                criteria: c.clone(),
                search: None,
                sort: SortKey::Seed,
                descending: false,
                offset: 0,
                limit: 1000,
            },
        )
        .unwrap();
    let mut seeds: Vec<u32> = page.rows.iter().map(|r| r.seed).collect();
    // Pages of 1000: read on until the count is reached.
    let mut offset = 1000;
    while (seeds.len() as u64) < page.total {
        let more = catalog
            .query(
                &ValidRules::default(),
                &SeedQuery {
                    criteria: c.clone(),
                    search: None,
                    sort: SortKey::Seed,
                    descending: false,
                    offset,
                    limit: 1000,
                },
            )
            .unwrap();
        assert!(!more.rows.is_empty(), "the count promised more rows");
        seeds.extend(more.rows.iter().map(|r| r.seed));
        offset += 1000;
    }
    (seeds, page.total)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sql_keeps_exactly_the_rows_criteria_match(c in criteria()) {
        static CATALOG: OnceLock<std::sync::Mutex<Catalog>> = OnceLock::new();
        let catalog = CATALOG.get_or_init(|| std::sync::Mutex::new(catalog())).lock().unwrap_or_else(|e| e.into_inner());
        // As a person would type it: the canonical text, parsed back.
        let text = c.to_string();
        let typed = parse_criteria(&text).unwrap();
        let expected: Vec<u32> = rows().iter().filter(|r| typed.matches(r)).map(|r| r.seed).collect();
        let (seeds, total) = queried(&catalog, &typed);
        prop_assert_eq!(total, expected.len() as u64, "{}", text);
        prop_assert_eq!(seeds, expected, "{}", text);
        let stats = catalog.stats(&ValidRules::default(), &typed).unwrap();
        prop_assert_eq!(stats.seeds, total, "{}", text);
    }
}

/// Every placement's `solves` test reads the mask bit the engine reads, on
/// every row (the hex arithmetic is where a mistake would hide).
#[test]
fn solves_reads_every_placement_bit() {
    let catalog = catalog();
    for placement in 1..=144 {
        let c = Criteria::Solves { placement };
        let expected: Vec<u32> = rows()
            .iter()
            .filter(|r| c.matches(r))
            .map(|r| r.seed)
            .collect();
        assert_eq!(queried(&catalog, &c).0, expected, "solves {placement}");
    }
    // The real rows solve with many placements: the test is not vacuous.
    assert!(rows().iter().any(|r| r.solving > 0));
}
