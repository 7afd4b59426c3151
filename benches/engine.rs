//! Engine benchmarks: one simulation, one full sweep, generation in both modes,
//! a 10,000-seed scan, the staged search of one seed per class of criteria, and
//! drawing 40 candidates plainly and with the draw record. Figures go in docs/performance.md.
//!
//! Run with `cargo bench --bench engine`.

use contraption::scenes::six_walls;
use contraption::{
    draw_candidate, generate, parse_criteria_for, record_draws, run_sweep, run_sweep_plain,
    search_seed, simulate, summarize, Compiled, GenerateOptions, Mulberry32, SimOptions,
    ValidRules,
};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rayon::prelude::*;
use std::hint::black_box;

fn simulation(c: &mut Criterion) {
    let rules = ValidRules::default();
    let scene = six_walls();
    let options = SimOptions::default();
    let steps = simulate(&rules, &scene.world, &scene.placements, &options).steps;
    let mut g = c.benchmark_group("simulate");
    g.throughput(Throughput::Elements(u64::from(steps)));
    g.bench_function(format!("six_walls_one_ramp_{steps}_steps"), |b| {
        b.iter(|| {
            simulate(
                &rules,
                black_box(&scene.world),
                black_box(&scene.placements),
                &options,
            )
        })
    });
    g.finish();
}

fn sweep(c: &mut Criterion) {
    let rules = ValidRules::default();
    let world = generate(&rules, 42, &GenerateOptions::game()).shipped.world;
    let base = Compiled::new(&rules, &world);
    let swept = run_sweep(&rules, &world, &base, true, 0);
    let steps: u64 = swept.placements.iter().map(|p| u64::from(p.steps)).sum();
    let mut g = c.benchmark_group("sweep");
    g.throughput(Throughput::Elements(steps));
    g.bench_function(format!("seed42_all_144_{steps}_steps"), |b| {
        b.iter(|| run_sweep(&rules, black_box(&world), &base, true, 0))
    });
    // The reference path: every ramp simulated from the start.
    g.bench_function(format!("seed42_all_144_{steps}_steps_plain"), |b| {
        b.iter(|| run_sweep_plain(&rules, black_box(&world), &base, true, 0))
    });
    g.finish();
}

fn generation(c: &mut Criterion) {
    let rules = ValidRules::default();
    let mut g = c.benchmark_group("generate");
    // Cycle through 256 seeds so the figure is a typical seed, not one lucky one.
    for (name, options) in [
        ("game", GenerateOptions::game()),
        ("inspector_full", GenerateOptions::inspector()),
    ] {
        let mut seed = 0u32;
        g.bench_function(name, |b| {
            b.iter_batched(
                || {
                    seed = (seed + 1) % 256;
                    seed
                },
                |s| generate(&rules, s, &options),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

fn scan(c: &mut Criterion) {
    // One scan row per seed, as `contraption scan` and `search` compute them.
    let mut g = c.benchmark_group("summarize");
    let rules = ValidRules::default();
    let mut seed = 0u32;
    g.bench_function("one_seed_cycling_0_to_255", |b| {
        b.iter_batched(
            || {
                seed = (seed + 1) % 256;
                seed
            },
            |s| summarize(&rules, s),
            BatchSize::SmallInput,
        )
    });
    g.finish();

    let mut g = c.benchmark_group("scan");
    g.sample_size(10);
    g.throughput(Throughput::Elements(10_000));
    let options = GenerateOptions::game();
    let rules = ValidRules::default();
    g.bench_function("10000_seeds_all_cores", |b| {
        b.iter(|| {
            (0..10_000u32)
                .into_par_iter()
                .map(|s| generate(&rules, s, &options).attempts.len())
                .sum::<usize>()
        })
    });
    g.finish();
}

/// The staged search of one seed (cycling through 0..=255), per class of
/// criteria, against the full row (`summarize/one_seed_cycling_0_to_255`).
fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("search_seed");
    let rules = ValidRules::default();
    for (name, text) in [
        (
            "layout_only",
            "walls = 5 and ramps = 2 and fans = 0 and bumpers = 0",
        ),
        ("sweep_bounded", "solving = 1"),
        ("one_placement", "solves 17"),
        ("mixed", "walls >= 5 and solving = 1"),
        ("everything", "true"),
    ] {
        let criteria = parse_criteria_for(text, &rules).unwrap();
        let mut seed = 0u32;
        g.bench_function(name, |b| {
            b.iter_batched(
                || {
                    seed = (seed + 1) % 256;
                    seed
                },
                |s| search_seed(&rules, s, &criteria, || false),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

/// Drawing the 40 candidates of seed 42: the game's drawer (what the scan path
/// runs) and the draw record of the same 40 (every draw named and kept).
fn draws(c: &mut Criterion) {
    let mut g = c.benchmark_group("draws");
    let rules = ValidRules::default();
    g.bench_function("seed42_40_candidates_plain", |b| {
        b.iter(|| {
            let mut rng = Mulberry32::new(black_box(42));
            (0..40)
                .map(|_| draw_candidate(&rules, &mut rng).walls.len())
                .sum::<usize>()
        })
    });
    g.bench_function("seed42_40_candidates_recorded", |b| {
        b.iter(|| record_draws(&rules, black_box(42), 40, &[]).unwrap())
    });
    g.finish();
}

criterion_group!(benches, simulation, sweep, generation, scan, search, draws);
criterion_main!(benches);
