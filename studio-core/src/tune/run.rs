//! A tune as a job of the studio: the targets checked, the fields offered, and
//! the tune itself run over the catalog's tallies with its progress (the rate
//! and the time left from the clock), cancellable between candidates; its
//! result kept for the result list's one-click actions.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use contraption::ValidRules;
use contraption_tune::{numeric_fields, tune, Evaluator, NumericField, TuneSpec};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::types::{outcome, TriedCandidate, TuneEvent, TuneProgressInfo, TuneResult, TunedRules};
use super::{targets, vary, CatalogTallies, FieldBounds, Result, SeedSpan, TuneViewError};
use super::{TargetsCheck, WhatResult};
use crate::catalog::{eta_seconds, seeds_per_second, CatalogState};
use crate::jobs::Jobs;

/// What a tune is asked, as the Tune view sends it (the starting rules are the
/// rules in force; rules whose worst case is slow are refused as candidates).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TuneRequest {
    pub targets: String,
    pub vary: Vec<FieldBounds>,
    pub seeds: SeedSpan,
    pub holdout: Option<SeedSpan>,
    pub budget: u32,
}

/// The Tune view's state in the shell: one run at a time, the last tune's best
/// rule sets, and the last result of each kind of sensitivity run (for export).
#[derive(Default)]
pub struct TuneSession {
    busy: Mutex<bool>,
    best: Mutex<Vec<(ValidRules, TunedRules)>>,
    pub(super) what: Mutex<WhatKept>,
}

/// The last tornado, curve and random rule sets (each replaced by the next of its kind).
#[derive(Default)]
pub(super) struct WhatKept {
    pub(super) tornado: Option<WhatResult>,
    pub(super) curve: Option<WhatResult>,
    pub(super) random: Option<WhatResult>,
}

/// The one running slot, held until dropped.
pub(super) struct Busy<'a>(&'a TuneSession);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        *lock(&self.0.busy) = false;
    }
}

pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl TuneSession {
    pub(super) fn claim(&self) -> Result<Busy<'_>> {
        let mut b = lock(&self.busy);
        if *b {
            return Err(TuneViewError::TuneBusy);
        }
        *b = true;
        Ok(Busy(self))
    }

    /// The last tune's rule set of `rank` (1 for the best).
    pub fn tuned(&self, rank: u32) -> Result<ValidRules> {
        let best = lock(&self.best);
        rank.checked_sub(1)
            .and_then(|i| best.get(i as usize))
            .map(|(r, _)| r.clone())
            .ok_or(TuneViewError::NoTunedRules {
                rank,
                found: best.len() as u32,
            })
    }
}

/// The targets text read under the rules in force.
pub fn check_targets(text: &str, rules: &ValidRules) -> Result<TargetsCheck> {
    let t = targets(text, rules)?;
    Ok(TargetsCheck {
        text: t.text(),
        targets: t.targets.iter().map(|t| t.text()).collect(),
    })
}

/// Every number of the rules in force a tune may vary, with the bounds the
/// field table allows and its value.
pub fn tune_fields(rules: &ValidRules) -> Vec<NumericField> {
    numeric_fields(rules)
}

/// Runs a tune from `start` (the rules in force) as a job: `Started`, then one
/// `Candidate` per rule set tried; every tally through the catalog. Cancelled
/// (`cancel_job`), it returns what it found so far (`cancelled`); run again
/// with the same request, it reads back every tally and goes on where it stopped.
pub fn run_tune(
    session: &TuneSession,
    state: &CatalogState,
    jobs: &Arc<Jobs>,
    start: &ValidRules,
    request: &TuneRequest,
    mut sink: impl FnMut(TuneEvent),
) -> Result<TuneResult> {
    let spec = TuneSpec {
        start: start.clone(),
        targets: targets(&request.targets, start)?,
        vary: vary(&request.vary, start)?,
        seeds: request.seeds.range()?,
        holdout: request.holdout.map(SeedSpan::range).transpose()?,
        budget: request.budget,
        allow_slow: false,
    };
    spec.check()?;
    let _busy = session.claim()?;
    let job = jobs.start();
    sink(TuneEvent::Started {
        job: job.id,
        budget: spec.budget,
        rules_id: start.id().to_owned(),
    });
    let (hits, stored) = (Cell::new(0), Cell::new(0));
    let mut store = CatalogTallies::new(state, &hits, &stored);
    let t0 = Instant::now();
    let outcome_ = run(&spec, &mut store, job.cancel_flag(), |c, p| {
        let secs = t0.elapsed().as_secs_f64();
        let rate = seeds_per_second(u64::from(p.done), secs);
        sink(TuneEvent::Candidate {
            job: job.id,
            candidate: TriedCandidate::of(c),
            progress: TuneProgressInfo {
                done: p.done,
                budget: p.budget,
                best_score: p.best_score,
                best_index: p.best_index,
                per_second: rate,
                eta_seconds: eta_seconds(u64::from(p.budget.saturating_sub(p.done)), rate),
                elapsed_ms: secs * 1000.0,
                from_catalog: hits.get(),
            },
        });
    })?;
    let best: Vec<(ValidRules, TunedRules)> = outcome_
        .best
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let shown = TunedRules {
                rank: i as u32 + 1,
                candidate: TriedCandidate::of(&b.candidate),
                rules_id: b.rules.id().to_owned(),
                rules: b.rules.rules().clone(),
                diff: b.diff.clone(),
                holdout: b.holdout.clone(),
            };
            (b.rules.clone(), shown)
        })
        .collect();
    let (start_evaluation, start_score, _) = outcome(&outcome_.start);
    let result = TuneResult {
        job: job.id,
        rules_id: start.id().to_owned(),
        rules_name: start.name().to_owned(),
        targets: spec.targets.text(),
        seeds: request.seeds,
        holdout: request.holdout,
        vary: spec.vary.clone(),
        start_evaluation,
        start_score,
        start_holdout: outcome_.start_holdout.clone(),
        candidates: outcome_.candidates,
        budget: spec.budget,
        cancelled: outcome_.cancelled,
        exhausted: outcome_.exhausted,
        best: best.iter().map(|(_, t)| t.clone()).collect(),
        computed: stored.get(),
        from_catalog: hits.get(),
        elapsed_ms: t0.elapsed().as_secs_f64() * 1000.0,
    };
    *lock(&session.best) = best;
    Ok(result)
}

fn run(
    spec: &TuneSpec,
    store: &mut CatalogTallies,
    cancel: &AtomicBool,
    mut on: impl FnMut(&contraption_tune::Candidate, &contraption_tune::TuneProgress),
) -> Result<contraption_tune::TuneOutcome> {
    let mut eval = Evaluator::new(&spec.targets, store, cancel);
    Ok(tune(spec, &mut eval, &mut on)?)
}

/// Makes the last tune's rule set of `rank` the Rules view's draft (the
/// existing draft mechanism: written to its file, shown in the Rules view,
/// side B of the A/B view when B is the draft).
pub fn tuned_to_draft(
    session: &TuneSession,
    draft: &crate::rules_draft::DraftStore,
    book: &crate::rules_book::RulesBook,
    rank: u32,
) -> std::result::Result<crate::rules_draft::RulesDraft, crate::StudioError> {
    draft.set(session.tuned(rank)?)?;
    Ok(draft.state(book))
}

/// Writes the last tune's rule set of `rank` as a rules file at `path`
/// (atomically; a file `--rules` and the Rules view read); returns the path.
pub fn save_tuned(session: &TuneSession, rank: u32, path: &std::path::Path) -> Result<String> {
    let rules = session.tuned(rank)?;
    crate::files::write(path, contraption::rules_file_text(&rules).as_bytes())?;
    Ok(path.display().to_string())
}
