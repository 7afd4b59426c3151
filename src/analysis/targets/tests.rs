use super::*;
use crate::analysis::compare::SideTotals;
use crate::generate::summary::summarize;
use crate::rules::valid::ValidRules;

fn parse(text: &str) -> Result<Targets, TargetsError> {
    parse_targets(text, &ValidRules::default())
}

#[test]
fn targets_read_back_from_their_canonical_text() {
    let t = parse("fallback_rate <= 0.02 and MEAN_WALLS>=4 and share(solving in 2..8) >= 0.8 and mean_solving in 4..12.5 and mean_gears = 0")
        .unwrap();
    assert_eq!(t.targets.len(), 5);
    assert_eq!(
        t.text(),
        "fallback_rate <= 0.02 and mean_walls >= 4 and share(solving in 2..8) >= 0.8 and mean_solving in 4..12.5 and mean_gears = 0"
    );
    assert_eq!(parse(&t.text()).unwrap(), t);
    assert_eq!(t.targets[1].bound, Bound::AtLeast { x: 4.0 });
    assert_eq!(
        parse("mean_walls ≥ 4").unwrap().targets[0].bound,
        Bound::AtLeast { x: 4.0 }
    );
    assert_eq!(
        parse("mean_walls == -1").unwrap().targets[0].bound,
        Bound::Equal { x: -1.0 }
    );
}

#[test]
fn share_criteria_are_listed_once_in_order_of_use() {
    let t = parse("share(walls >= 5) >= 0.2 and share(fallback) <= 0.1 and share(walls>=5) <= 0.5")
        .unwrap();
    let c: Vec<String> = t.share_criteria().iter().map(|c| c.to_string()).collect();
    assert_eq!(c, ["walls >= 5", "fallback"]);
    // Nested parentheses belong to the criteria.
    let t = parse("share((walls = 5 or walls = 6) and not fallback) in 0.1..0.3").unwrap();
    assert_eq!(
        t.targets[0].figure.text(),
        "share((walls = 5 or walls = 6) and not fallback)"
    );
}

#[test]
fn errors_name_the_place_and_what_was_expected() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 0, "expected a target"),
        ("mean_wals >= 4", 0, "expected a figure"),
        ("mean_walls 4", 11, "expected <=, >=, = or in"),
        ("mean_walls >= ", 14, "expected a number, found the end"),
        (
            "mean_walls >= 4 mean_ramps <= 1",
            16,
            "expected 'and' or the end, found 'mean_ramps'",
        ),
        (
            "fallback_rate <= 2",
            0,
            "fallback_rate is a share from 0 to 1; 2 is outside",
        ),
        (
            "share(walls >= 5) in 0.5..1.5",
            0,
            "is a share from 0 to 1; 1.5",
        ),
        ("mean_walls in 5..4", 14, "the range 5..4 is empty"),
        ("mean_walls in 4 5", 16, "expected '..'"),
        ("share walls >= 5", 6, "expected '(' after share"),
        ("share(walls >= 5 >= 0.2", 5, "never closed"),
        ("share() >= 0.2", 6, "expected criteria inside share"),
        ("share(wals >= 5) >= 0.2", 6, "in share( ):"),
        ("share(solves 145) >= 0.2", 13, "in share( ):"),
        ("mean_walls >= 4 and", 19, "expected a figure"),
    ];
    for &(text, at, words) in cases {
        let e = parse(text).expect_err(text);
        assert!(e.message.contains(words), "{text}: {e}");
        assert_eq!(e.at, at, "{text}: {e}");
    }
    let long = "mean_walls >= 4 and ".repeat(300);
    assert!(parse(&long).unwrap_err().message.contains("at most 4096"));
    let many = vec!["mean_walls >= 4"; MAX_TARGETS + 1].join(" and ");
    assert!(parse(&many)
        .unwrap_err()
        .message
        .contains("at most 32 targets"));
}

#[test]
fn a_miss_is_share_points_for_shares_and_relative_for_means() {
    let share = |g: Bound, v| g.miss(v, true);
    let mean = |g: Bound, v| g.miss(v, false);
    assert_eq!(share(Bound::AtLeast { x: 0.8 }, 0.75), 0.8 - 0.75);
    assert_eq!(share(Bound::AtLeast { x: 0.8 }, 0.85), 0.0);
    assert_eq!(share(Bound::AtMost { x: 0.02 }, 0.05), 0.05 - 0.02);
    assert_eq!(mean(Bound::AtLeast { x: 4.0 }, 3.8), (4.0 - 3.8) / 4.0);
    assert_eq!(
        mean(Bound::AtMost { x: 0.5 }, 1.5),
        1.0,
        "a bound under 1 counts as 1"
    );
    assert_eq!(mean(Bound::Within { lo: 4.0, hi: 12.0 }, 2.0), 0.5);
    assert_eq!(mean(Bound::Within { lo: 4.0, hi: 12.0 }, 15.0), 0.25);
    assert_eq!(mean(Bound::Within { lo: 4.0, hi: 12.0 }, 12.0), 0.0);
    assert_eq!(mean(Bound::Equal { x: -2.0 }, -3.0), 0.5);
    assert_eq!(mean(Bound::Equal { x: 3.0 }, 3.0), 0.0);
    assert_eq!(mean(Bound::AtMost { x: 3.0 }, f64::NAN), f64::INFINITY);
}

#[test]
fn the_score_sums_the_misses_of_the_figures_the_compare_defines() {
    let rules = ValidRules::default();
    let t = parse_targets(
        "fallback_rate >= 0.5 and mean_walls in 0..100 and share(walls >= 4) >= 0.99",
        &rules,
    )
    .unwrap();
    let criteria = t.share_criteria();
    let rows: Vec<_> = (0..150).map(|s| summarize(&rules, s)).collect();
    let mut tally = Tally::new(&criteria);
    let mut side = SideTotals::default();
    rows.iter().for_each(|r| {
        tally.add(r, &criteria);
        side.add(r);
    });
    // Pieces merge to the whole.
    let mut merged = Tally::new(&criteria);
    for piece in rows.chunks(40).rev() {
        let mut p = Tally::new(&criteria);
        piece.iter().for_each(|r| p.add(r, &criteria));
        merged.merge(&p);
    }
    assert_eq!(merged, tally);
    let e = tally.evaluation(&criteria);
    assert_eq!(e.figures, side.figures());
    let four = rows.iter().filter(|r| r.walls >= 4).count() as u64;
    assert_eq!(e.shares[0].seeds, four);
    assert_eq!(e.shares[0].share, four as f64 / 150.0);
    let s = t.score(&e);
    assert_eq!(s.targets[0].value, e.figures.fallback_rate);
    assert_eq!(s.targets[0].miss, 0.5 - e.figures.fallback_rate);
    assert!(!s.targets[0].met);
    assert!(s.targets[1].met && s.targets[1].miss == 0.0);
    assert_eq!(s.targets[2].miss, (0.99 - e.shares[0].share).max(0.0));
    assert_eq!(s.score, s.targets.iter().map(|t| t.miss).sum::<f64>());
    assert!(s.score > 0.4, "the default rules rarely fall back");
}
