//! What each rule does: the steps' figures against the comparison's at the
//! stepped values, the tornado order, response curves and random rule sets.

use std::sync::atomic::AtomicBool;

use contraption::{summarize, AbTotals, FigureName, SeedRange, Targets, ValidRules};
use contraption_tune::{
    parse_vary, random_rules, response_curve, sensitivity, step_values, with_values, Evaluator,
    MemoryStore,
};

fn none() -> Targets {
    Targets { targets: vec![] }
}

fn figures_of(rules: &ValidRules, seeds: std::ops::Range<u32>) -> contraption::SideFigures {
    let mut ab = AbTotals::default();
    for s in seeds {
        let x = summarize(rules, s);
        ab.add(&x, &x);
    }
    ab.figures().a
}

#[test]
fn stepped_figures_equal_the_comparison_at_the_stepped_values() {
    let start = ValidRules::default();
    let fields: Vec<_> = [
        "generator.max_attempts",
        "physics.gravity",
        "walls.count.max",
        "goal.x.min",
    ]
    .iter()
    .map(|f| parse_vary(f, &start).unwrap())
    .collect();
    let cancel = AtomicBool::new(false);
    let mut store = MemoryStore::default();
    let t = none();
    let mut eval = Evaluator::new(&t, &mut store, &cancel);
    let mut last = (0, 0);
    let s = sensitivity(
        &start,
        &fields,
        0.1,
        SeedRange::new(0, 120).unwrap(),
        false,
        &mut eval,
        &mut |d, n| last = (d, n),
    )
    .unwrap()
    .unwrap();
    assert_eq!(last, (8, 8));
    assert_eq!(s.start, figures_of(&start, 0..120));
    for (f, e) in fields.iter().zip(&s.fields) {
        let [down, up] = step_values(f, e.value, 0.1);
        for (p, v) in [(&e.down, down), (&e.up, up)] {
            let p = p.as_ref().expect("every field here steps both ways");
            assert_eq!(p.values[0].value, v.unwrap());
            let rules = with_values(start.rules(), std::slice::from_ref(f), &[v.unwrap()]).unwrap();
            assert_eq!(p.rules_id, rules.id());
            assert_eq!(
                p.figures.as_ref().unwrap(),
                &figures_of(&rules, 0..120),
                "{} at {v:?}",
                f.field
            );
        }
    }
    // 40 attempts step to 36 and 44; gravity 200 to 180 and 220.
    assert_eq!(s.fields[0].down.as_ref().unwrap().values[0].value, 36.0);
    assert_eq!(s.fields[1].up.as_ref().unwrap().values[0].value, 220.0);
    // The tornado's rows are ordered by effect, largest first.
    let order = s.tornado(FigureName::MeanWalls);
    let effects: Vec<f64> = order
        .iter()
        .map(|&i| s.fields[i].effect(FigureName::MeanWalls, &s.start))
        .collect();
    assert!(effects.windows(2).all(|w| w[0] >= w[1]), "{effects:?}");
    assert!(effects[0] > 0.0, "walls.count.max changes the walls");
    assert_eq!(s.fields[order[0]].field, "walls.count.max");
}

#[test]
fn a_step_stays_in_bounds_and_whole_fields_step_by_at_least_one() {
    let start = ValidRules::default();
    let f = parse_vary("generator.max_attempts=1..40", &start).unwrap();
    assert_eq!(step_values(&f, 40.0, 0.1), [Some(36.0), None]);
    assert_eq!(step_values(&f, 3.0, 0.1), [Some(2.0), Some(4.0)]);
    let g = parse_vary("physics.gravity=100..400", &start).unwrap();
    assert_eq!(step_values(&g, 400.0, 0.5), [Some(200.0), None]);
}

#[test]
fn curves_and_random_rule_sets_are_the_comparisons_figures_and_repeat() {
    let start = ValidRules::default();
    let f = parse_vary("walls.count.max=2..8", &start).unwrap();
    let g = parse_vary("physics.gravity=100..400", &start).unwrap();
    let cancel = AtomicBool::new(false);
    let mut store = MemoryStore::default();
    let t = none();
    let mut eval = Evaluator::new(&t, &mut store, &cancel);
    let seeds = SeedRange::new(0, 60).unwrap();
    let curve = response_curve(&start, &f, 7, seeds, false, &mut eval, &mut |_, _| {})
        .unwrap()
        .unwrap();
    let xs: Vec<f64> = curve.iter().map(|p| p.values[0].value).collect();
    assert_eq!(xs, [2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
    let walls: Vec<f64> = curve
        .iter()
        .map(|p| p.figure(FigureName::MeanWalls).unwrap())
        .collect();
    for (p, x) in curve.iter().zip(&xs) {
        let rules = with_values(start.rules(), std::slice::from_ref(&f), &[*x]).unwrap();
        assert_eq!(p.figures.as_ref().unwrap(), &figures_of(&rules, 0..60));
    }
    assert!(walls.first() < walls.last(), "{walls:?}");
    let vary = [f, g];
    let a = random_rules(&start, &vary, 5, 7, seeds, false, &mut eval, &mut |_, _| {})
        .unwrap()
        .unwrap();
    let b = random_rules(&start, &vary, 5, 7, seeds, false, &mut eval, &mut |_, _| {})
        .unwrap()
        .unwrap();
    assert_eq!(a, b);
    let c = random_rules(&start, &vary, 5, 8, seeds, false, &mut eval, &mut |_, _| {})
        .unwrap()
        .unwrap();
    assert_ne!(a, c, "another sample seed draws other rule sets");
    for p in &a {
        let v: Vec<f64> = p.values.iter().map(|s| s.value).collect();
        assert!(
            (2.0..=8.0).contains(&v[0]) && v[0].fract() == 0.0 && (100.0..=400.0).contains(&v[1])
        );
        let rules = with_values(start.rules(), &vary, &v).unwrap();
        assert_eq!(p.figures.as_ref().unwrap(), &figures_of(&rules, 0..60));
    }
}
