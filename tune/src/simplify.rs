//! The best candidate made simpler: among rule sets with the same score the
//! tuner prefers the one that changes fewer fields and moves them less, so after
//! the search, with the budget it kept back, it tries the best candidate with
//! each changed field put back to its starting value, then each still-changed
//! field moved halfway back, keeping every move that does not make the score
//! worse.

use std::cell::RefCell;

use crate::grid::round_value;
use crate::tune::State;

fn best_values(state: &RefCell<State>) -> Option<(Vec<f64>, f64)> {
    let s = state.borrow();
    let (i, cost) = s.best?;
    Some((s.tried[i].values.iter().map(|v| v.value).collect(), cost))
}

/// Tries `values`; whether its cost is no worse than `cost`.
fn no_worse(state: &RefCell<State>, values: &[f64], cost: f64) -> Option<bool> {
    state
        .borrow_mut()
        .cost_of(values.to_vec())
        .ok()
        .map(|c| c <= cost)
}

pub(crate) fn simplify(state: &RefCell<State>) {
    let Some((mut values, mut cost)) = best_values(state) else {
        return;
    };
    let start = state.borrow().start_values.clone();
    let vary = state.borrow().spec.vary.clone();
    // Each changed field back to its start.
    for i in 0..values.len() {
        if values[i] == start[i] {
            continue;
        }
        let mut v = values.clone();
        v[i] = start[i];
        match no_worse(state, &v, cost) {
            None => return,
            Some(true) => values = v,
            Some(false) => {}
        }
        cost = best_values(state).map_or(cost, |b| b.1.min(cost));
    }
    // Each still-changed field halfway back.
    for i in 0..values.len() {
        let half = round_value(&vary[i], (values[i] + start[i]) / 2.0);
        if values[i] == start[i] || half == values[i] {
            continue;
        }
        let mut v = values.clone();
        v[i] = half;
        match no_worse(state, &v, cost) {
            None => return,
            Some(true) => values = v,
            Some(false) => {}
        }
    }
}
