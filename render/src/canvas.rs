//! The canvas a picture is drawn on: field units to pixels, and the strokes a
//! level is drawn with (lines, circles, a gear with its arrow), in the
//! palette's colours.

use contraption::{Spin, SweepResult};
use tiny_skia::{Color, FillRule, LineCap, Paint, PathBuilder, Pixmap, Stroke, Transform};

use crate::palette;

pub(crate) fn color(hex: &str, alpha: f32) -> Color {
    let n = u32::from_str_radix(&hex[1..], 16).expect("palette colours are #rrggbb");
    Color::from_rgba8(
        (n >> 16) as u8,
        (n >> 8) as u8,
        n as u8,
        (alpha.clamp(0.0, 1.0) * 255.0).round() as u8,
    )
}

pub(crate) fn paint(hex: &str, alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color(hex, alpha));
    p.anti_alias = true;
    p
}

pub(crate) fn result_hex(r: SweepResult) -> &'static str {
    match r {
        SweepResult::Goal => palette::RESULT_GOAL,
        SweepResult::Out => palette::RESULT_OUT,
        SweepResult::Rest => palette::RESULT_REST,
        SweepResult::Timeout => palette::RESULT_TIMEOUT,
        SweepResult::Blocked => palette::RESULT_BLOCKED,
    }
}

/// Margin around the field, in field units.
pub(crate) const MARGIN: f32 = 2.0;

pub(crate) struct Canvas {
    pub(crate) pixmap: Pixmap,
    pub(crate) scale: f32,
}

impl Canvas {
    pub(crate) fn at(&self, x: f64, y: f64) -> (f32, f32) {
        (
            (x as f32 + MARGIN) * self.scale,
            (y as f32 + MARGIN) * self.scale,
        )
    }

    pub(crate) fn line(
        &mut self,
        a: (f64, f64),
        b: (f64, f64),
        width_units: f32,
        hex: &str,
        alpha: f32,
    ) {
        let mut pb = PathBuilder::new();
        let (ax, ay) = self.at(a.0, a.1);
        let (bx, by) = self.at(b.0, b.1);
        pb.move_to(ax, ay);
        pb.line_to(bx, by);
        if let Some(path) = pb.finish() {
            let stroke = Stroke {
                width: (width_units * self.scale).max(1.0),
                line_cap: LineCap::Round,
                ..Stroke::default()
            };
            self.stroke(&path, &stroke, hex, alpha);
        }
    }

    /// Strokes `path` in `hex` at `alpha`.
    pub(crate) fn stroke(
        &mut self,
        path: &tiny_skia::Path,
        stroke: &Stroke,
        hex: &str,
        alpha: f32,
    ) {
        self.pixmap.stroke_path(
            path,
            &paint(hex, alpha),
            stroke,
            Transform::identity(),
            None,
        );
    }

    pub(crate) fn circle(
        &mut self,
        c: (f64, f64),
        r_units: f32,
        hex: &str,
        alpha: f32,
        fill: bool,
    ) {
        let (x, y) = self.at(c.0, c.1);
        if let Some(path) = PathBuilder::from_circle(x, y, (r_units * self.scale).max(1.0)) {
            if fill {
                self.pixmap.fill_path(
                    &path,
                    &paint(hex, alpha),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            } else {
                let stroke = Stroke {
                    width: (0.35 * self.scale).max(1.0),
                    ..Stroke::default()
                };
                self.stroke(&path, &stroke, hex, alpha);
            }
        }
    }
}

impl Canvas {
    /// A gear: a ring with teeth, and an arrow along its top showing which way its
    /// rim moves (right for clockwise, left for counter-clockwise; a gear without a
    /// spin stands still and gets no arrow).
    pub(crate) fn gear(&mut self, c: (f64, f64), r: f64, spin: Option<Spin>, hex: &str) {
        self.circle(c, r as f32, hex, 0.25, true);
        self.circle(c, r as f32, hex, 1.0, false);
        // Eight teeth just outside the rim.
        for i in 0..8 {
            let t = f64::from(i) * std::f64::consts::FRAC_PI_4;
            let (s, co) = (t.sin(), t.cos());
            self.line(
                (c.0 + co * r, c.1 + s * r),
                (c.0 + co * (r + 0.9), c.1 + s * (r + 0.9)),
                0.7,
                hex,
                1.0,
            );
        }
        self.circle(c, (r * 0.18) as f32, hex, 1.0, true);
        let Some(spin) = spin else { return };
        // An arc over the top, two thirds of the way round from where it starts,
        // with the head where the rim is going.
        let dir = spin.sign();
        let arc_r = r * 0.62;
        let (from, to) = (
            -std::f64::consts::PI * 0.5 - dir * 1.0,
            -std::f64::consts::PI * 0.5 + dir * 1.0,
        );
        let steps = 12;
        let at = |a: f64| (c.0 + arc_r * a.cos(), c.1 + arc_r * a.sin());
        for k in 0..steps {
            let a0 = from + (to - from) * f64::from(k) / f64::from(steps);
            let a1 = from + (to - from) * f64::from(k + 1) / f64::from(steps);
            self.line(at(a0), at(a1), 0.45, hex, 1.0);
        }
        let tip = at(to);
        // The tangent at the tip, in the direction of travel.
        let (tx, ty) = (-to.sin() * dir, to.cos() * dir);
        let (nx, ny) = (-ty, tx);
        let head = r * 0.3;
        for side in [-1.0, 1.0] {
            self.line(
                tip,
                (
                    tip.0 - tx * head + nx * head * 0.6 * side,
                    tip.1 - ty * head + ny * head * 0.6 * side,
                ),
                0.45,
                hex,
                1.0,
            );
        }
    }
}
