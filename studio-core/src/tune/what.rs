//! What each rule does, as a job of the studio: the tornado (every chosen field
//! stepped down and up), a response curve (one field over k values) or random
//! rule sets within chosen bounds, from the rules in force over one seed
//! sample, every tally through the catalog; progress with the rate and the
//! time left; cancellable between rule sets. The last result of each kind is
//! kept for its PNG and CSV.

use std::cell::Cell;
use std::sync::Arc;
use std::time::Instant;

use contraption::{FigureName, Targets, ValidRules};
use contraption_tune::{
    numeric_fields, random_rules, response_curve, sensitivity, Evaluator, Vary,
};

use super::run::lock;
use super::types::{FigureOrder, WhatEvent, WhatRequest, WhatResult};
use super::{vary, CatalogTallies, Result, TuneSession};
use crate::catalog::{eta_seconds, seeds_per_second, CatalogState};
use crate::jobs::Jobs;

/// Every numeric field of `start` with the bounds the field table allows.
fn every_field(start: &ValidRules) -> Vec<Vary> {
    numeric_fields(start)
        .into_iter()
        .map(|f| Vary {
            field: f.field,
            lo: f.lo,
            hi: f.hi,
            whole: f.whole,
        })
        .collect()
}

/// Runs `request` from `start` (the rules in force) as a job.
pub fn run_what(
    session: &TuneSession,
    state: &CatalogState,
    jobs: &Arc<Jobs>,
    start: &ValidRules,
    request: &WhatRequest,
    mut sink: impl FnMut(WhatEvent),
) -> Result<WhatResult> {
    let _busy = session.claim()?;
    let job = jobs.start();
    sink(WhatEvent::Started { job: job.id });
    let (hits, stored) = (Cell::new(0), Cell::new(0));
    let mut store = CatalogTallies::new(state, &hits, &stored);
    let none = Targets { targets: vec![] };
    let mut eval = Evaluator::new(&none, &mut store, job.cancel_flag());
    let t0 = Instant::now();
    let id = job.id;
    let mut on = |done: u32, total: u32| {
        let rate = seeds_per_second(u64::from(done), t0.elapsed().as_secs_f64());
        sink(WhatEvent::Progress {
            job: id,
            done,
            total,
            per_second: rate,
            eta_seconds: eta_seconds(u64::from(total.saturating_sub(done)), rate),
        });
    };
    let (rules_id, rules_name) = (start.id().to_owned(), start.name().to_owned());
    let cancelled = WhatResult::Cancelled { job: id };
    let result = match request {
        WhatRequest::Tornado {
            fields,
            step,
            seeds,
        } => {
            let fields = if fields.is_empty() {
                every_field(start)
            } else {
                vary(fields, start)?
            };
            let range = seeds.range()?;
            match sensitivity(start, &fields, *step, range, false, &mut eval, &mut on)? {
                None => cancelled,
                Some(s) => WhatResult::Tornado {
                    job: id,
                    rules_id,
                    rules_name,
                    seeds: *seeds,
                    orders: FigureName::ALL
                        .iter()
                        .map(|&figure| FigureOrder {
                            figure,
                            order: s.tornado(figure).into_iter().map(|i| i as u32).collect(),
                        })
                        .collect(),
                    sensitivity: s,
                },
            }
        }
        WhatRequest::Curve {
            field,
            points,
            seeds,
        } => {
            let f = vary(std::slice::from_ref(field), start)?.remove(0);
            let range = seeds.range()?;
            let base = eval.tally(start, range);
            let curve = match base {
                None => None,
                Some(_) => response_curve(start, &f, *points, range, false, &mut eval, &mut on)?,
            };
            match (base, curve) {
                (Some(base), Some(points)) => WhatResult::Curve {
                    job: id,
                    rules_id,
                    rules_name,
                    seeds: *seeds,
                    field: f,
                    start: base.side.figures(),
                    points,
                },
                _ => cancelled,
            }
        }
        WhatRequest::Random {
            vary: bounds,
            n,
            sample_seed,
            seeds,
        } => {
            let v = vary(bounds, start)?;
            let range = seeds.range()?;
            let base = eval.tally(start, range);
            let drawn = match base {
                None => None,
                Some(_) => random_rules(
                    start,
                    &v,
                    *n,
                    *sample_seed,
                    range,
                    false,
                    &mut eval,
                    &mut on,
                )?,
            };
            match (base, drawn) {
                (Some(base), Some(points)) => WhatResult::Random {
                    job: id,
                    rules_id,
                    rules_name,
                    seeds: *seeds,
                    vary: v,
                    sample_seed: *sample_seed,
                    start: base.side.figures(),
                    points,
                },
                _ => cancelled,
            }
        }
    };
    let mut kept = lock(&session.what);
    match &result {
        WhatResult::Tornado { .. } => kept.tornado = Some(result.clone()),
        WhatResult::Curve { .. } => kept.curve = Some(result.clone()),
        WhatResult::Random { .. } => kept.random = Some(result.clone()),
        WhatResult::Cancelled { .. } => {}
    }
    Ok(result)
}
