//! The tuner's unit of work: one candidate rule set's tally over a 2,000-seed
//! sample (all cores), under the default rules and under a rule set a tune
//! tries (eight walls at most, gravity 213.5).

use std::sync::atomic::AtomicBool;

use contraption::{parse_targets, SeedRange, ValidRules};
use contraption_tune::{parse_vary, tally_range, with_values};
use criterion::{criterion_group, criterion_main, Criterion};

fn candidates(c: &mut Criterion) {
    let start = ValidRules::default();
    let targets =
        parse_targets("mean_walls >= 4 and share(solving in 2..8) >= 0.8", &start).unwrap();
    let criteria = targets.share_criteria();
    let vary = [
        parse_vary("walls.count.max=3..8", &start).unwrap(),
        parse_vary("physics.gravity=100..400", &start).unwrap(),
    ];
    let tried = with_values(start.rules(), &vary, &[8.0, 213.5]).unwrap();
    let seeds = SeedRange::new(0, 2000).unwrap();
    let cancel = AtomicBool::new(false);
    let mut g = c.benchmark_group("candidate_2000_seeds");
    g.sample_size(10);
    g.bench_function("v1", |b| {
        b.iter(|| tally_range(&start, &criteria, seeds, &cancel))
    });
    g.bench_function("walls_8_gravity_213.5", |b| {
        b.iter(|| tally_range(&tried, &criteria, seeds, &cancel))
    });
    g.finish();
}

criterion_group!(benches, candidates);
criterion_main!(benches);
