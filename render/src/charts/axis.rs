//! Axes of the charts: nice tick values, numbers as labels, and a plot's frame
//! (its pixel box, its value ranges, its grid, ticks and border).

use embedded_graphics::text::Alignment;

use super::{Texts, GRID};
use crate::range::painter::Painter;
use crate::range::range_palette::{DIM, FRAME};
use crate::range::rgb;

/// A nice step (1, 2 or 5 × 10^k) for about `n` ticks over `span`.
fn nice_step(span: f64, n: u32) -> f64 {
    let raw = span / f64::from(n.max(1));
    let mut p = 1.0;
    while p > raw {
        p /= 10.0;
    }
    while p * 10.0 <= raw {
        p *= 10.0;
    }
    for m in [1.0, 2.0, 5.0, 10.0] {
        if p * m >= raw {
            return p * m;
        }
    }
    p * 10.0
}

/// Tick values over `lo..=hi` (about `n`), and the step.
pub(crate) fn ticks(lo: f64, hi: f64, n: u32) -> (Vec<f64>, f64) {
    let span = if hi > lo { hi - lo } else { 1.0 };
    let step = nice_step(span, n);
    let first = (lo / step - 1e-9).ceil();
    let mut out = Vec::new();
    let mut k = first;
    while k * step <= hi + step * 1e-9 && out.len() < 50 {
        let v = k * step;
        out.push(if v == 0.0 { 0.0 } else { v });
        k += 1.0;
    }
    (out, step)
}

/// `x` with as many decimals as `step` needs (at most 6).
pub(crate) fn fmt_tick(x: f64, step: f64) -> String {
    let mut d = 0;
    let mut s = step;
    while d < 6 && (s - s.round()).abs() > 1e-9 * s.abs().max(1.0) {
        s *= 10.0;
        d += 1;
    }
    let t = format!("{x:.d$}");
    if t.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        t.trim_start_matches('-').to_owned()
    } else {
        t
    }
}

/// A number for a label: up to four decimals, trailing zeros dropped.
/// A number too small for four decimals is written with its exponent (`9e-10`).
pub(crate) fn fmt_value(x: f64) -> String {
    if x != 0.0 && x.abs() < 0.001 {
        return format!("{x:e}");
    }
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// `(lo, hi)` widened by `share` of its span on each side; a single value gets
/// a span of its own (a tenth of itself, at least 0.5 each side). With
/// `floor_zero`, a range of values that are all at least 0 does not reach below
/// 0 (a count or a share is never negative).
pub(crate) fn pad((lo, hi): (f64, f64), share: f64, floor_zero: bool) -> (f64, f64) {
    let (a, b) = if !lo.is_finite() || !hi.is_finite() {
        (0.0, 1.0)
    } else if hi > lo {
        let d = (hi - lo) * share;
        (lo - d, hi + d)
    } else {
        let d = (lo.abs() * 0.1).max(0.5);
        (lo - d, hi + d)
    };
    if floor_zero && lo >= 0.0 && a < 0.0 {
        (0.0, b)
    } else {
        (a, b)
    }
}

/// The smallest and largest of `values` (infinities when there are none).
pub(crate) fn extent(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    values
        .into_iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        })
}

/// A plot's frame: pixel box and value ranges.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    pub left: u32,
    pub top: u32,
    pub w: u32,
    pub h: u32,
    pub x: (f64, f64),
    pub y: (f64, f64),
}

impl Frame {
    pub fn right(&self) -> u32 {
        self.left + self.w
    }
    pub fn bottom(&self) -> u32 {
        self.top + self.h
    }
    pub fn px(&self, x: f64) -> f32 {
        let (lo, hi) = self.x;
        let t = if hi > lo { (x - lo) / (hi - lo) } else { 0.5 };
        self.left as f32 + (t * f64::from(self.w)) as f32
    }
    pub fn py(&self, y: f64) -> f32 {
        let (lo, hi) = self.y;
        let t = if hi > lo { (y - lo) / (hi - lo) } else { 0.5 };
        self.bottom() as f32 - (t * f64::from(self.h)) as f32
    }

    /// The x ticks, as many as fit (at most about `n`) with a gap of at least 16
    /// pixels between labels.
    pub fn x_ticks(&self, n: u32) -> (Vec<f64>, f64) {
        let mut n = n.max(2);
        loop {
            let (xs, step) = ticks(self.x.0, self.x.1, n);
            let widest = xs
                .iter()
                .map(|&x| super::text_w(&fmt_tick(x, step)))
                .max()
                .unwrap_or(0);
            let gap = if xs.len() > 1 {
                self.px(xs[1]) - self.px(xs[0])
            } else {
                f32::INFINITY
            };
            if gap >= (widest + 16) as f32 || n <= 2 {
                return (xs, step);
            }
            n -= 1;
        }
    }

    /// The y ticks: about `n`, at least 24 pixels apart.
    pub fn y_ticks(&self, n: u32) -> (Vec<f64>, f64) {
        let n = n.min(self.h / 24).max(2);
        ticks(self.y.0, self.y.1, n)
    }

    /// The grid (a faint line at every tick), the border, the tick marks and
    /// labels: x below the frame (about `x_ticks`), y left of it (about
    /// `y_ticks`; none when 0).
    pub fn draw_axes(&self, p: &mut Painter, t: &mut Texts, x_ticks: u32, y_ticks: u32) {
        let (l, top, r, b) = (self.left, self.top, self.right(), self.bottom());
        if y_ticks > 0 {
            let (ys, ystep) = self.y_ticks(y_ticks);
            for y in ys {
                let py = self.py(y).round() as u32;
                p.rect([l, py, r, py + 1], rgb(GRID));
                p.rect([l.saturating_sub(4), py, l, py + 1], rgb(DIM));
                t.put(
                    &fmt_tick(y, ystep),
                    l as i32 - 6,
                    py as i32 - 5,
                    DIM,
                    Alignment::Right,
                );
            }
        }
        let (xs, xstep) = self.x_ticks(x_ticks);
        for x in xs {
            let px = self.px(x).round() as u32;
            p.rect([px, top, px + 1, b], rgb(GRID));
            p.rect([px, b, px + 1, b + 4], rgb(DIM));
            t.put(
                &fmt_tick(x, xstep),
                px as i32,
                b as i32 + 6,
                DIM,
                Alignment::Center,
            );
        }
        p.rect([l, top, r, top + 1], rgb(FRAME));
        p.rect([l, b, r + 1, b + 1], rgb(FRAME));
        p.rect([l, top, l + 1, b], rgb(FRAME));
        p.rect([r, top, r + 1, b], rgb(FRAME));
    }
}
