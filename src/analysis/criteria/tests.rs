//! The language end to end: text read, seeds matched, text written back.

use super::*;
use crate::generate::summary::{SeedSummary, ShippedKind};
use crate::rules::valid::ValidRules;
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

#[test]
fn placements_lists_the_solves_tests_in_writing_order() {
    let c = parse_criteria("solves 9 or (walls = 2 and not solves 1) or solving > 3").unwrap();
    assert_eq!(c.placements(), vec![8, 0]);
    assert!(parse_criteria("walls = 2").unwrap().placements().is_empty());
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

#[test]
fn nearly_trivial_means_the_threshold_of_the_rules_in_force() {
    let default = ValidRules::default();
    let c = parse_criteria_for("nearly_trivial", &default).unwrap();
    assert_eq!(
        c.to_string(),
        "nearly_trivial",
        "the default rules read it as before"
    );
    let mut r = crate::rules::value::Rules::default();
    r.sweep.nearly_trivial_solving = 20;
    let twenty = ValidRules::new(r).unwrap();
    let c = parse_criteria_for("nearly_trivial", &twenty).unwrap();
    assert_eq!(c.to_string(), "solving >= 20");
    let not = parse_criteria_for("nearly_trivial = false", &twenty).unwrap();
    assert_eq!(not.to_string(), "solving < 20");
    // Its text reads back to the same criteria under any rules (a resumed search).
    assert_eq!(
        crate::analysis::criteria::parse_criteria(&c.to_string()).unwrap(),
        c
    );
    // A row with 15 solving placements is nearly trivial under 10, not under 20.
    let mut row = crate::generate::summary::summarize(&default, 42);
    row.solving = 15;
    assert!(parse_criteria_for("nearly_trivial", &default)
        .unwrap()
        .matches(&row));
    assert!(!c.matches(&row));
    assert!(not.matches(&row));
}
