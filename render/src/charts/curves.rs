//! Response curves: one field swept over its values, each figure in a panel of
//! its own (figures have their own scales), two panels a row.

use embedded_graphics::mono_font::ascii::{FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::text::Alignment;

use super::{dot, finish, finite, fit, page, polyline, Frame, CHART_WIDTH, POINT};
use crate::range::range_palette::{DIM, TEXT};
use crate::RenderError;

/// At most this many points and panels.
pub const MAX_CURVE_POINTS: usize = 1000;
pub const MAX_PANELS: usize = 24;

/// One figure against the field.
#[derive(Debug, Clone, Copy)]
pub struct CurveSeries<'a> {
    pub figure: &'a str,
    /// One per x (`None`: refused rules there).
    pub ys: &'a [Option<f64>],
}

/// The chart's data.
#[derive(Debug, Clone, Copy)]
pub struct CurveFigure<'a> {
    pub title: &'a str,
    pub field: &'a str,
    /// The field's values, ascending.
    pub xs: &'a [f64],
    pub series: &'a [CurveSeries<'a>],
}

pub(crate) const TOP: u32 = 48;
pub(crate) const PANEL_W: u32 = 480;
pub(crate) const PANEL_H: u32 = 190;

/// The frame of panel `k`.
pub(crate) fn panel(fig: &CurveFigure, k: usize) -> Frame {
    let (col, row) = ((k % 2) as u32, (k / 2) as u32);
    let ys: Vec<f64> = fig.series[k]
        .ys
        .iter()
        .flatten()
        .copied()
        .filter(|v| v.is_finite())
        .collect();
    let (lo, hi) = ys
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    let (lo, hi) = if ys.is_empty() {
        (0.0, 1.0)
    } else if hi > lo {
        let pad = (hi - lo) * 0.08;
        (lo - pad, hi + pad)
    } else {
        (
            lo - 0.5_f64.max(lo.abs() * 0.1),
            hi + 0.5_f64.max(hi.abs() * 0.1),
        )
    };
    let x = (fig.xs[0], *fig.xs.last().expect("at least one x"));
    Frame {
        left: col * PANEL_W + 70,
        top: TOP + row * PANEL_H + 22,
        w: PANEL_W - 100,
        h: PANEL_H - 62,
        x,
        y: (lo, hi),
    }
}

/// Draws the chart and returns the PNG bytes. Missing or non-finite figures
/// break the line; non-finite or unordered x values, series of another length,
/// no x at all, or too many points or panels are refused.
pub fn render_curves_png(fig: &CurveFigure<'_>) -> Result<Vec<u8>, RenderError> {
    if fig.xs.is_empty() || fig.xs.len() > MAX_CURVE_POINTS {
        return Err(RenderError::TooMany {
            what: "curve points (at least 1)",
            max: MAX_CURVE_POINTS,
        });
    }
    if fig.series.is_empty() || fig.series.len() > MAX_PANELS {
        return Err(RenderError::TooMany {
            what: "curve panels (at least 1)",
            max: MAX_PANELS,
        });
    }
    for &x in fig.xs {
        finite(x, "a curve's x")?;
    }
    if fig.xs.windows(2).any(|w| w[0] > w[1])
        || fig.series.iter().any(|s| s.ys.len() != fig.xs.len())
    {
        return Err(RenderError::Shape(
            "a curve's x values must ascend and every series have one y per x",
        ));
    }
    let rows = fig.series.len().div_ceil(2) as u32;
    let mut p = page(CHART_WIDTH, TOP + rows * PANEL_H + 16)?;
    p.text(
        &fit(fig.title, 130),
        16,
        14,
        &FONT_7X13_BOLD,
        TEXT,
        Alignment::Left,
    );
    for (k, s) in fig.series.iter().enumerate() {
        let f = panel(fig, k);
        p.text(
            &fit(s.figure, 60),
            f.left as i32,
            f.top as i32 - 18,
            &FONT_7X13_BOLD,
            TEXT,
            Alignment::Left,
        );
        f.draw_axes(&mut p, 5, 4);
        p.text(
            &fit(fig.field, 70),
            (f.left + f.w / 2) as i32,
            (f.top + f.h + 20) as i32,
            &FONT_6X10,
            DIM,
            Alignment::Center,
        );
        let mut run: Vec<(f32, f32)> = Vec::new();
        for (&x, y) in fig.xs.iter().zip(s.ys) {
            match y.filter(|v| v.is_finite()) {
                Some(y) => run.push((f.px(x), f.py(y))),
                None => {
                    polyline(&mut p, &run, POINT, 1.5);
                    run.clear();
                }
            }
        }
        polyline(&mut p, &run, POINT, 1.5);
        for (&x, y) in fig.xs.iter().zip(s.ys) {
            if let Some(y) = y.filter(|v| v.is_finite()) {
                dot(&mut p, (f.px(x), f.py(y)), 2, POINT);
            }
        }
    }
    finish(p)
}
