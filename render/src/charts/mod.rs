//! Charts of what each rule does, as PNGs: the tornado chart (each field stepped
//! down and up, the change of one figure), response curves (one field swept,
//! every figure against it, small multiples) and the scatter of random rule sets
//! on two figures. The CLI's `sensitivity --png` and the studio's exports call
//! these with the same data, so they write the same bytes. Text uses the
//! expressive range's painter (embedded-graphics mono fonts, ASCII).
//!
//! Shared here: nice tick values, number formatting, plot frames, lines.

mod curves;
mod scatter;
#[cfg(test)]
mod tests;
mod tornado;

pub use curves::{render_curves_png, CurveFigure, CurveSeries};
pub use scatter::{render_scatter_png, ScatterFigure};
pub use tornado::{render_tornado_png, TornadoBar, TornadoFigure};

use embedded_graphics::mono_font::ascii::FONT_6X10;
use embedded_graphics::text::Alignment;
use tiny_skia::{PathBuilder, Pixmap, Stroke, Transform};

use crate::canvas::paint;
use crate::range::painter::Painter;
use crate::range::range_palette::{DIM, FRAME, PAGE};
use crate::range::rgb;
use crate::RenderError;

/// The charts' width in pixels.
pub const CHART_WIDTH: u32 = 960;
/// The down step's colour, the up step's and a point's.
pub const DOWN: &str = "#5aa9ff";
pub const UP: &str = "#ffb547";
pub const POINT: &str = "#5ee3d0";

/// A page of `w` × `h` pixels.
pub(crate) fn page(w: u32, h: u32) -> Result<Painter, RenderError> {
    let pixmap = Pixmap::new(w, h).ok_or(RenderError::TooLarge {
        width: w,
        height: h,
    })?;
    let mut p = Painter { pixmap };
    p.rect([0, 0, w, h], rgb(PAGE));
    Ok(p)
}

pub(crate) fn finish(p: Painter) -> Result<Vec<u8>, RenderError> {
    p.pixmap
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

/// Refuses a value that is not a finite number.
pub(crate) fn finite(x: f64, what: &'static str) -> Result<f64, RenderError> {
    if x.is_finite() {
        Ok(x)
    } else {
        Err(RenderError::NotFinite(what))
    }
}

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
    let first = (lo / step).ceil();
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
    format!("{x:.d$}")
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
    pub fn px(&self, x: f64) -> f32 {
        let (lo, hi) = self.x;
        let t = if hi > lo { (x - lo) / (hi - lo) } else { 0.5 };
        self.left as f32 + (t * f64::from(self.w)) as f32
    }
    pub fn py(&self, y: f64) -> f32 {
        let (lo, hi) = self.y;
        let t = if hi > lo { (y - lo) / (hi - lo) } else { 0.5 };
        (self.top + self.h) as f32 - (t * f64::from(self.h)) as f32
    }

    /// The frame's border, horizontal grid lines and y tick labels (left), x
    /// tick labels (below).
    pub fn draw_axes(&self, p: &mut Painter, x_ticks: u32, y_ticks: u32) {
        let (l, t, r, b) = (self.left, self.top, self.left + self.w, self.top + self.h);
        let (ys, ystep) = ticks(self.y.0, self.y.1, y_ticks);
        for y in ys.into_iter().filter(|_| y_ticks > 0) {
            let py = self.py(y).round() as u32;
            p.rect([l, py, r, py + 1], rgb("#151b25"));
            p.text(
                &fmt_tick(y, ystep),
                l as i32 - 4,
                py as i32 - 4,
                &FONT_6X10,
                DIM,
                Alignment::Right,
            );
        }
        let (xs, xstep) = ticks(self.x.0, self.x.1, x_ticks);
        for x in xs {
            let px = self.px(x).round() as u32;
            p.rect([px, b, px + 1, b + 4], rgb(DIM));
            p.text(
                &fmt_tick(x, xstep),
                px as i32,
                b as i32 + 6,
                &FONT_6X10,
                DIM,
                Alignment::Center,
            );
        }
        p.rect([l, t, r, t + 1], rgb(FRAME));
        p.rect([l, b, r + 1, b + 1], rgb(FRAME));
        p.rect([l, t, l + 1, b], rgb(FRAME));
        p.rect([r, t, r + 1, b], rgb(FRAME));
    }
}

/// A polyline through `points` (pixels).
pub(crate) fn polyline(p: &mut Painter, points: &[(f32, f32)], hex: &str, width: f32) {
    if points.len() < 2 {
        return;
    }
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    if let Some(path) = pb.finish() {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        p.pixmap.stroke_path(
            &path,
            &paint(hex, 1.0),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

/// A filled square dot of side `2r + 1` centred on a pixel.
pub(crate) fn dot(p: &mut Painter, (x, y): (f32, f32), r: u32, hex: &str) {
    let (x, y) = (x.round().max(0.0) as u32, y.round().max(0.0) as u32);
    p.rect(
        [
            x.saturating_sub(r),
            y.saturating_sub(r),
            x + r + 1,
            y + r + 1,
        ],
        rgb(hex),
    );
}

/// `s` cut to `max` characters (with `..` when cut).
pub(crate) fn fit(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(2)).collect();
        t.push_str("..");
        t
    }
}
