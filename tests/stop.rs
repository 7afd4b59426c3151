//! A summary asked to stop (a cancel, Ctrl-C): `summarize_until` looks at its
//! stop before every attempt and every sweep placement, so it gives up within
//! one simulation however slow the rules; never asked, it is `summarize` exactly.

mod common;

use std::cell::Cell;

use contraption::{parse_rules_file, summarize, summarize_until, ValidRules};
use proptest::prelude::*;

fn gears() -> ValidRules {
    parse_rules_file(include_bytes!("../rules/gears.json")).unwrap()
}

/// How many times a summary of `seed` looks at its stop when never asked.
fn looks(rules: &ValidRules, seed: u32) -> u32 {
    let n = Cell::new(0);
    summarize_until(rules, seed, || {
        n.set(n.get() + 1);
        false
    })
    .unwrap();
    n.get()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn never_asked_to_stop_it_is_summarize(seed in any::<u32>(), gear in any::<bool>()) {
        let rules = if gear { gears() } else { common::v1() };
        prop_assert_eq!(summarize_until(&rules, seed, || false), Some(summarize(&rules, seed)));
    }

    #[test]
    fn asked_to_stop_at_any_look_it_gives_up_at_that_look(seed in any::<u32>(), at in 0.0..1.0f64) {
        let rules = common::v1();
        let total = looks(&rules, seed);
        // Every simulation after the bare run of the first attempt is preceded by
        // a look: at least one look per attempt and per placement run.
        prop_assert!(total >= 2);
        let k = ((total - 1) as f64 * at) as u32;
        let n = Cell::new(0);
        let got = summarize_until(&rules, seed, || {
            n.set(n.get() + 1);
            n.get() > k
        });
        prop_assert_eq!(got, None);
        prop_assert_eq!(n.get(), k + 1, "no look after the one that said stop");
    }
}
