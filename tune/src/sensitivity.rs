//! What each rule does, on one seed sample: every chosen field stepped down and
//! up from the starting rules (the tornado chart), one field swept over k values
//! (a response curve), and rule sets drawn at random within the chosen bounds
//! (the random expressive range over rules).

use contraption::{FigureName, Mulberry32, SeedRange, SideFigures, ValidRules};
use serde::{Deserialize, Serialize};

use crate::candidate::SetValue;
use crate::evaluate::Evaluator;
use crate::grid::{round_to, value_at};
use crate::vary::{value_of, with_values, Vary};
use crate::TuneError;

/// At most this many points on a response curve, or random rule sets.
pub const MAX_POINTS: u32 = 1000;

/// One rule set of a sensitivity run: the values it sets and its figures (or
/// why the rules refuse the values).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Point {
    pub values: Vec<SetValue>,
    /// The rules id (empty when refused).
    pub rules_id: String,
    /// The figures over the sample (`None` when refused).
    pub figures: Option<SideFigures>,
    /// Why the rules refuse the values (`None` when valid).
    pub refused: Option<String>,
}

impl Point {
    /// The value of one figure (`None` when refused).
    pub fn figure(&self, name: FigureName) -> Option<f64> {
        self.figures.as_ref().map(|f| name.of(f))
    }
}

/// One field stepped down and up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FieldEffect {
    pub field: String,
    /// The starting rules' value.
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
    /// The step down (`None` when the value already stands at `lo`).
    pub down: Option<Point>,
    /// The step up (`None` when the value already stands at `hi`).
    pub up: Option<Point>,
}

impl FieldEffect {
    /// The change of `figure` from the start at the step down and up.
    pub fn deltas(&self, figure: FigureName, start: &SideFigures) -> [Option<f64>; 2] {
        let base = figure.of(start);
        [&self.down, &self.up].map(|p| p.as_ref().and_then(|p| p.figure(figure)).map(|v| v - base))
    }

    /// The largest change of `figure` either way (0 when neither step ran).
    pub fn effect(&self, figure: FigureName, start: &SideFigures) -> f64 {
        self.deltas(figure, start)
            .into_iter()
            .flatten()
            .fold(0.0, |m, d| m.max(d.abs()))
    }
}

/// The steps of every chosen field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Sensitivity {
    /// The relative step (0.1: ten per cent of the value).
    pub step: f64,
    /// The starting rules' figures.
    pub start: SideFigures,
    /// The fields, in the order given.
    pub fields: Vec<FieldEffect>,
}

impl Sensitivity {
    /// The fields' indices ordered by their effect on `figure`, largest first
    /// (ties in the order given): the tornado chart's rows.
    pub fn tornado(&self, figure: FigureName) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.fields.len()).collect();
        order.sort_by(|&a, &b| {
            let e = |i: usize| self.fields[i].effect(figure, &self.start);
            e(b).total_cmp(&e(a)).then(a.cmp(&b))
        });
        order
    }
}

/// The values a field steps to from `value`: `value ∓ step × |value|` (a tenth
/// of the span when the value is 0; at least 1 for a whole field), rounded to a
/// hundredth of the step and kept in its bounds; `None` where the step goes nowhere.
pub fn step_values(f: &Vary, value: f64, step: f64) -> [Option<f64>; 2] {
    let mut d = if value == 0.0 {
        step * (f.hi - f.lo)
    } else {
        step * value.abs()
    };
    if f.whole {
        d = d.round().max(1.0);
    }
    // Rounded to at most a hundredth of the step (so a tiny value keeps its
    // digits: 1e-9 steps to 9e-10 and 1.1e-9).
    [value - d, value + d].map(|raw| Some(round_to(f, raw, d * 10.0)).filter(|&v| v != value))
}

fn point(
    start: &ValidRules,
    vary: &[Vary],
    values: &[f64],
    seeds: SeedRange,
    eval: &mut Evaluator,
    allow_slow: bool,
) -> Option<Point> {
    let set = vary
        .iter()
        .zip(values)
        .map(|(f, &value)| SetValue {
            field: f.field.clone(),
            value,
        })
        .collect();
    let refused = |reason: String| Point {
        values: vec![],
        rules_id: String::new(),
        figures: None,
        refused: Some(reason),
    };
    let p = match with_values(start.rules(), vary, values) {
        Err(reason) => refused(reason),
        Ok(r) if r.is_slow() && !allow_slow => refused(format!(
            "slow rules: a seed may cost {} steps",
            r.worst_case().steps
        )),
        Ok(r) => {
            let t = eval.tally(&r, seeds)?;
            Point {
                values: vec![],
                rules_id: r.id().to_owned(),
                figures: Some(t.side.figures()),
                refused: None,
            }
        }
    };
    Some(Point { values: set, ..p })
}

fn check_fields(fields: &[Vary]) -> Result<(), TuneError> {
    if fields.is_empty() {
        return Err(TuneError::Input("name at least one field".into()));
    }
    Ok(())
}

/// Steps every field of `fields` down and up by `step` (relative) from the
/// starting rules over `seeds`; `on_point(done, total)` after each rule set.
/// `Ok(None)` when cancelled.
pub fn sensitivity(
    start: &ValidRules,
    fields: &[Vary],
    step: f64,
    seeds: SeedRange,
    allow_slow: bool,
    eval: &mut Evaluator,
    on_point: &mut dyn FnMut(u32, u32),
) -> Result<Option<Sensitivity>, TuneError> {
    check_fields(fields)?;
    if !(step > 0.0 && step <= 1.0) {
        return Err(TuneError::Input(format!(
            "the step is above 0 and at most 1 (a share of the value), not {step}"
        )));
    }
    let Some(base) = eval.tally(start, seeds) else {
        return Ok(None);
    };
    let total = fields.len() as u32 * 2;
    let mut done = 0;
    let mut out = Vec::new();
    for f in fields {
        let value =
            value_of(start.rules(), &f.field).expect("a stepped field is a number of the rules");
        let mut sides = [None, None];
        for (side, v) in sides.iter_mut().zip(step_values(f, value, step)) {
            if let Some(v) = v {
                let Some(p) = point(
                    start,
                    std::slice::from_ref(f),
                    &[v],
                    seeds,
                    eval,
                    allow_slow,
                ) else {
                    return Ok(None);
                };
                *side = Some(p);
            }
            done += 1;
            on_point(done, total);
        }
        let [down, up] = sides;
        out.push(FieldEffect {
            field: f.field.clone(),
            value,
            lo: f.lo,
            hi: f.hi,
            down,
            up,
        });
    }
    Ok(Some(Sensitivity {
        step,
        start: base.side.figures(),
        fields: out,
    }))
}

/// One field swept over `points` values evenly spaced from `lo` to `hi`
/// (rounded as its values are; repeated values once). `Ok(None)` when cancelled.
pub fn response_curve(
    start: &ValidRules,
    field: &Vary,
    points: u32,
    seeds: SeedRange,
    allow_slow: bool,
    eval: &mut Evaluator,
    on_point: &mut dyn FnMut(u32, u32),
) -> Result<Option<Vec<Point>>, TuneError> {
    if !(2..=MAX_POINTS).contains(&points) {
        return Err(TuneError::Input(format!(
            "a response curve has 2 to {MAX_POINTS} points, not {points}"
        )));
    }
    let mut xs: Vec<f64> = (0..points)
        .map(|i| value_at(field, f64::from(i) / f64::from(points - 1)))
        .collect();
    xs.dedup();
    let mut out = Vec::new();
    for (i, &x) in xs.iter().enumerate() {
        let Some(p) = point(
            start,
            std::slice::from_ref(field),
            &[x],
            seeds,
            eval,
            allow_slow,
        ) else {
            return Ok(None);
        };
        out.push(p);
        on_point(i as u32 + 1, xs.len() as u32);
    }
    Ok(Some(out))
}

/// `n` rule sets drawn at random (mulberry32 from `sample_seed`, one draw per
/// field, uniform in its bounds) within `vary`'s bounds, each over `seeds`.
/// `Ok(None)` when cancelled.
#[allow(clippy::too_many_arguments)]
pub fn random_rules(
    start: &ValidRules,
    vary: &[Vary],
    n: u32,
    sample_seed: u32,
    seeds: SeedRange,
    allow_slow: bool,
    eval: &mut Evaluator,
    on_point: &mut dyn FnMut(u32, u32),
) -> Result<Option<Vec<Point>>, TuneError> {
    check_fields(vary)?;
    if !(1..=MAX_POINTS).contains(&n) {
        return Err(TuneError::Input(format!(
            "1 to {MAX_POINTS} random rule sets, not {n}"
        )));
    }
    let mut rng = Mulberry32::new(sample_seed);
    let mut out = Vec::new();
    for i in 0..n {
        let values: Vec<f64> = vary.iter().map(|f| value_at(f, rng.next_f64())).collect();
        let Some(p) = point(start, vary, &values, seeds, eval, allow_slow) else {
            return Ok(None);
        };
        out.push(p);
        on_point(i + 1, n);
    }
    Ok(Some(out))
}
