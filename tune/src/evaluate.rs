//! One rule set's tally over a seed range, on all cores, and the store that keeps
//! every tally so nothing is computed twice (in memory, a resume file, the
//! catalog — the caller's choice).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

use contraption::criteria::Criteria;
use contraption::{summarize, SeedRange, Tally, Targets, ValidRules};
use rayon::prelude::*;

/// Seeds summarised between two looks at the cancel flag.
const CHUNK: u64 = 2048;

/// The tally of `rules` over `seeds` for `criteria` (the targets' share
/// criteria), on all cores; `None` once `cancel` is set. The same tally whatever
/// the thread count (a tally's counts add up in any order).
pub fn tally_range(
    rules: &ValidRules,
    criteria: &[Criteria],
    seeds: SeedRange,
    cancel: &AtomicBool,
) -> Option<Tally> {
    let mut whole = Tally::new(criteria);
    let mut start = seeds.from();
    while start < seeds.to() {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let end = (start + CHUNK).min(seeds.to());
        let piece = (start..end)
            .into_par_iter()
            .fold(
                || Tally::new(criteria),
                |mut t, s| {
                    t.add(&summarize(rules, s as u32), criteria);
                    t
                },
            )
            .reduce(
                || Tally::new(criteria),
                |mut a, b| {
                    a.merge(&b);
                    a
                },
            );
        whole.merge(&piece);
        start = end;
    }
    Some(whole)
}

/// What a tally is kept under: the rules, the seeds, and the share criteria it
/// counts (their canonical texts joined by ` ; `, empty when none).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct TallyKey {
    pub rules_id: String,
    pub from: u64,
    pub to: u64,
    pub shares: String,
}

/// Where tallies are kept between candidates, runs and sessions.
pub trait TallyStore {
    fn get(&mut self, key: &TallyKey) -> Option<Tally>;
    fn put(&mut self, key: &TallyKey, tally: &Tally);
}

/// Tallies kept in memory for one run.
#[derive(Debug, Default)]
pub struct MemoryStore(pub BTreeMap<TallyKey, Tally>);

impl TallyStore for MemoryStore {
    fn get(&mut self, key: &TallyKey) -> Option<Tally> {
        self.0.get(key).cloned()
    }
    fn put(&mut self, key: &TallyKey, tally: &Tally) {
        self.0.insert(key.clone(), tally.clone());
    }
}

/// Tallies rule sets for the targets' criteria, through a store.
pub struct Evaluator<'a> {
    criteria: Vec<Criteria>,
    shares: String,
    store: &'a mut dyn TallyStore,
    cancel: &'a AtomicBool,
    /// Tallies computed (seeds run).
    pub computed: u64,
    /// Tallies the store already held.
    pub reused: u64,
}

impl<'a> Evaluator<'a> {
    pub fn new(targets: &Targets, store: &'a mut dyn TallyStore, cancel: &'a AtomicBool) -> Self {
        let criteria = targets.share_criteria();
        let shares = criteria
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ; ");
        Evaluator {
            criteria,
            shares,
            store,
            cancel,
            computed: 0,
            reused: 0,
        }
    }

    /// The share criteria counted.
    pub fn criteria(&self) -> &[Criteria] {
        &self.criteria
    }

    /// Whether the run was cancelled.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The tally of `rules` over `seeds`, from the store or computed (and then
    /// stored); `None` once cancelled.
    pub fn tally(&mut self, rules: &ValidRules, seeds: SeedRange) -> Option<Tally> {
        let key = TallyKey {
            rules_id: rules.id().to_owned(),
            from: seeds.from(),
            to: seeds.to(),
            shares: self.shares.clone(),
        };
        if let Some(t) = self.store.get(&key) {
            self.reused += 1;
            return Some(t);
        }
        let t = tally_range(rules, &self.criteria, seeds, self.cancel)?;
        self.store.put(&key, &t);
        self.computed += 1;
        Some(t)
    }
}
