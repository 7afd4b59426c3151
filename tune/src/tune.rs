//! The tuner: Nelder–Mead (argmin's) over the varied fields' unit cube, from the
//! starting rules and then from further starts spread over the cube (a Halton
//! sequence), until the budget of distinct candidates is spent; when every
//! field is whole and the points are no more than the budget, every point is
//! tried instead. Each candidate's rules are tallied over the sample through the
//! evaluator's store, so a point met twice (rounding makes many) costs nothing
//! and a resumed tune recomputes nothing: the search is a function of its inputs
//! and of the tallies, so a tune resumed from a store gives the same candidates
//! in the same order, byte for byte.

use std::cell::RefCell;
use std::collections::BTreeMap;

use argmin::core::{CostFunction, Error, Executor};
use argmin::solver::neldermead::NelderMead;
use contraption::{rules_diff, SeedRange, Targets, ValidRules};

use crate::candidate::{preference, Candidate, Outcome};
use crate::evaluate::Evaluator;
use crate::grid::{halton, outside, unit_of, value_at, whole_points};
use crate::simplify::simplify;
use crate::spec::{Best, Holdout, TuneOutcome, TuneProgress, TuneSpec, TOP};
use crate::vary::{value_of, with_values};
use crate::TuneError;

/// The first simplex's edge, in the unit cube.
const SIMPLEX_EDGE: f64 = 0.25;
/// Consecutive starts that find no new candidate before the space counts as
/// exhausted.
const FRUITLESS_STARTS: u32 = 16;
/// The cost of refused rules (above any score a met target can have, finite so
/// the simplex's arithmetic stays finite).
const REFUSED_COST: f64 = 1e6;

pub(crate) struct State<'s, 'e, 'c> {
    pub(crate) spec: &'s TuneSpec,
    /// Distinct candidates the current phase may reach.
    pub(crate) limit: u32,
    pub(crate) start_values: Vec<f64>,
    eval: &'s mut Evaluator<'e>,
    on_candidate: &'s mut dyn FnMut(&Candidate, &TuneProgress),
    /// Every point tried, by its values' text: its cost.
    seen: BTreeMap<String, f64>,
    pub(crate) tried: Vec<Candidate>,
    rules: BTreeMap<u32, ValidRules>,
    pub(crate) best: Option<(usize, f64)>,
    pub(crate) stop: Option<Stop>,
    _c: std::marker::PhantomData<&'c ()>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Stop {
    Budget,
    Cancelled,
}

impl State<'_, '_, '_> {
    fn key(values: &[f64]) -> String {
        values
            .iter()
            .map(|v| format!("{v:?}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The cost of the point of `values`, trying it if it is new.
    pub(crate) fn cost_of(&mut self, values: Vec<f64>) -> Result<f64, Stop> {
        let key = Self::key(&values);
        if let Some(&c) = self.seen.get(&key) {
            return Ok(c);
        }
        if let Some(stop) = self.stop {
            return Err(stop);
        }
        if self.tried.len() as u32 >= self.limit {
            self.stop = Some(Stop::Budget);
            return Err(Stop::Budget);
        }
        let index = self.tried.len() as u32;
        let made = with_values(self.spec.start.rules(), &self.spec.vary, &values).and_then(|r| {
            if r.is_slow() && !self.spec.allow_slow {
                Err(format!(
                    "slow rules: a seed may cost {} steps (allow slow rules to try them)",
                    r.worst_case().steps
                ))
            } else {
                Ok(r)
            }
        });
        let (id, outcome) = match made {
            Err(reason) => (String::new(), Outcome::Refused { reason }),
            Ok(rules) => {
                let Some(t) = self.eval.tally(&rules, self.spec.seeds) else {
                    self.stop = Some(Stop::Cancelled);
                    return Err(Stop::Cancelled);
                };
                let outcome = Outcome::of(&t, &self.spec.targets, self.eval.criteria());
                let id = rules.id().to_owned();
                self.rules.insert(index, rules);
                (id, outcome)
            }
        };
        let c = Candidate::new(
            index,
            id,
            &self.spec.vary,
            &values,
            &self.start_values,
            outcome,
        );
        let cost = c.score().unwrap_or(REFUSED_COST);
        let better = match self.best {
            None => c.score().is_some(),
            Some((b, _)) => preference(&c, &self.tried[b]).is_lt(),
        };
        if better {
            self.best = Some((self.tried.len(), cost));
        }
        self.seen.insert(key, cost);
        self.tried.push(c);
        let progress = TuneProgress {
            done: self.tried.len() as u32,
            budget: self.spec.budget,
            best_score: self.best.map(|(_, s)| s),
            best_index: self.best.map(|(i, _)| i as u32),
        };
        (self.on_candidate)(self.tried.last().expect("just pushed"), &progress);
        Ok(cost)
    }

    fn values_at(&self, x: &[f64]) -> Vec<f64> {
        self.spec
            .vary
            .iter()
            .zip(x)
            .map(|(f, &c)| value_at(f, c))
            .collect()
    }
}

/// The cost function argmin calls: the score of the point's rules, plus how far
/// the point lies outside the cube (so the simplex comes back in).
struct Problem<'a, 's, 'e, 'c>(&'a RefCell<State<'s, 'e, 'c>>);

impl CostFunction for Problem<'_, '_, '_, '_> {
    type Param = Vec<f64>;
    type Output = f64;
    fn cost(&self, x: &Vec<f64>) -> Result<f64, Error> {
        let mut s = self.0.borrow_mut();
        let values = s.values_at(x);
        match s.cost_of(values) {
            Ok(c) => Ok(c + 10.0 * outside(x)),
            Err(stop) => Err(Error::msg(format!("{stop:?}"))),
        }
    }
}

fn simplex(x0: &[f64]) -> Vec<Vec<f64>> {
    let mut out = vec![x0.to_vec()];
    for i in 0..x0.len() {
        let mut v = x0.to_vec();
        v[i] = if v[i] + SIMPLEX_EDGE <= 1.0 {
            v[i] + SIMPLEX_EDGE
        } else {
            v[i] - SIMPLEX_EDGE
        };
        out.push(v);
    }
    out
}

/// Runs one Nelder–Mead from `x0`; whether it tried any new point.
fn descend(state: &RefCell<State>, x0: &[f64]) -> bool {
    let before = state.borrow().tried.len();
    let budget = state.borrow().spec.budget;
    let vertices = simplex(x0);
    // The first simplex is tried here: argmin's start of Nelder–Mead cannot stop
    // on an error, so it only ever meets vertices already tried.
    for v in &vertices {
        let values = state.borrow().values_at(v);
        if state.borrow_mut().cost_of(values).is_err() {
            return state.borrow().tried.len() > before;
        }
    }
    let nm = NelderMead::new(vertices)
        .with_sd_tolerance(1e-9)
        .expect("a tolerance of 1e-9 is allowed");
    let run = Executor::new(Problem(state), nm)
        .configure(|s| s.max_iters(u64::from(budget) * 4 + 64))
        .run();
    // An error is the budget spent or a cancel (the state says which); the
    // candidates are in the state either way.
    drop(run);
    state.borrow().tried.len() > before
}

/// Every point of an all-whole space, in order (the last field fastest).
fn enumerate(state: &RefCell<State>) {
    let vary = state.borrow().spec.vary.clone();
    let mut values: Vec<f64> = vary.iter().map(|f| f.lo).collect();
    loop {
        if state.borrow_mut().cost_of(values.clone()).is_err() {
            return;
        }
        let mut i = vary.len();
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if values[i] < vary[i].hi {
                values[i] += 1.0;
                break;
            }
            values[i] = vary[i].lo;
        }
    }
}

/// Runs a tune. `on_candidate` hears of every new candidate with the progress.
pub fn tune(
    spec: &TuneSpec,
    eval: &mut Evaluator,
    on_candidate: &mut dyn FnMut(&Candidate, &TuneProgress),
) -> Result<TuneOutcome, TuneError> {
    spec.check()?;
    let start_values: Vec<f64> = spec
        .vary
        .iter()
        .map(|f| {
            value_of(spec.start.rules(), &f.field).expect("a varied field is a number of the rules")
        })
        .collect();
    let Some(start_tally) = eval.tally(&spec.start, spec.seeds) else {
        return Ok(cancelled_outcome());
    };
    let start = Outcome::of(&start_tally, &spec.targets, eval.criteria());
    let state = RefCell::new(State {
        spec,
        limit: spec.budget,
        start_values: start_values.clone(),
        eval,
        on_candidate,
        seen: BTreeMap::new(),
        tried: Vec::new(),
        rules: BTreeMap::new(),
        best: None,
        stop: None,
        _c: std::marker::PhantomData,
    });
    let mut exhausted = false;
    if whole_points(&spec.vary, u64::from(spec.budget)).is_some() {
        enumerate(&state);
        exhausted = state.borrow().stop.is_none();
    } else {
        let x0: Vec<f64> = spec
            .vary
            .iter()
            .zip(&start_values)
            .map(|(f, &v)| unit_of(f, v))
            .collect();
        // A share of the budget is kept for simplifying the best candidate.
        let reserve = (spec.budget / 10).min(4 * spec.vary.len() as u32);
        state.borrow_mut().limit = spec.budget - reserve;
        let mut fruitless = 0;
        let mut i = 0;
        while state.borrow().stop.is_none() {
            let x = if i == 0 {
                x0.clone()
            } else {
                halton(i, spec.vary.len())
            };
            i += 1;
            fruitless = if descend(&state, &x) {
                0
            } else {
                fruitless + 1
            };
            if fruitless >= FRUITLESS_STARTS {
                exhausted = true;
                break;
            }
        }
        let mut st = state.borrow_mut();
        if st.stop == Some(Stop::Budget) {
            st.stop = None;
        }
        st.limit = spec.budget;
        drop(st);
        simplify(&state);
        exhausted &= state.borrow().stop.is_none();
    }
    let s = state.into_inner();
    let cancelled = s.stop == Some(Stop::Cancelled);
    let mut order: Vec<&Candidate> = s.tried.iter().filter(|c| c.score().is_some()).collect();
    order.sort_by(|a, b| preference(a, b));
    let mut best = Vec::new();
    for c in order.into_iter().take(TOP) {
        let rules = s.rules[&c.index].clone();
        let holdout = match spec.holdout {
            None => None,
            Some(h) => match holdout_of(s.eval, &spec.targets, &rules, h) {
                Some(h) => Some(h),
                None => break,
            },
        };
        best.push(Best {
            diff: rules_diff(spec.start.rules(), rules.rules()),
            candidate: c.clone(),
            rules,
            holdout,
        });
    }
    let start_holdout = spec
        .holdout
        .and_then(|h| holdout_of(s.eval, &spec.targets, &spec.start, h));
    Ok(TuneOutcome {
        start,
        start_holdout,
        candidates: s.tried.len() as u32,
        cancelled: cancelled || s.eval.cancelled(),
        exhausted,
        best,
    })
}

fn holdout_of(
    eval: &mut Evaluator,
    targets: &Targets,
    rules: &ValidRules,
    seeds: SeedRange,
) -> Option<Holdout> {
    let t = eval.tally(rules, seeds)?;
    let evaluation = t.evaluation(eval.criteria());
    let score = targets.score(&evaluation);
    Some(Holdout { evaluation, score })
}

fn cancelled_outcome() -> TuneOutcome {
    TuneOutcome {
        start: Outcome::Refused {
            reason: "cancelled before the starting rules were run".into(),
        },
        start_holdout: None,
        candidates: 0,
        cancelled: true,
        exhausted: false,
        best: Vec::new(),
    }
}
