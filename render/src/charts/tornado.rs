//! The tornado chart: one row per field, ordered by effect as given; the down
//! step's change of the figure as a blue bar and the up step's as an orange bar,
//! both from a vertical line at the starting rules' value, each labelled with the
//! stepped value and the figure there.

use embedded_graphics::mono_font::ascii::{FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::text::Alignment;

use super::{finish, finite, fit, fmt_value, page, Frame, CHART_WIDTH, DOWN, UP};
use crate::range::range_palette::{DIM, TEXT};
use crate::range::rgb;
use crate::RenderError;

/// At most this many rows.
pub const MAX_BARS: usize = 200;

/// One field's two steps.
#[derive(Debug, Clone, Copy)]
pub struct TornadoBar<'a> {
    pub field: &'a str,
    /// The stepped-down value of the field (`None`: no step down).
    pub down_value: Option<f64>,
    pub up_value: Option<f64>,
    /// The figure at the step down (`None`: no step, or refused rules).
    pub down: Option<f64>,
    pub up: Option<f64>,
}

/// The chart's data.
#[derive(Debug, Clone, Copy)]
pub struct TornadoFigure<'a> {
    pub title: &'a str,
    /// The figure's name.
    pub figure: &'a str,
    /// The figure under the starting rules.
    pub base: f64,
    /// Ordered by effect, largest first.
    pub bars: &'a [TornadoBar<'a>],
}

/// Row geometry (pixels).
pub(crate) const TOP: u32 = 64;
pub(crate) const ROW: u32 = 30;
pub(crate) const PLOT_LEFT: u32 = 300;
pub(crate) const PLOT_W: u32 = 560;

fn clean(x: Option<f64>) -> Option<f64> {
    x.filter(|v| v.is_finite())
}

/// The chart's frame for `fig` (the x range symmetric about the base).
pub(crate) fn frame(fig: &TornadoFigure) -> Frame {
    let m = fig
        .bars
        .iter()
        .flat_map(|b| [clean(b.down), clean(b.up)])
        .flatten()
        .fold(0.0_f64, |m, v| m.max((v - fig.base).abs()));
    let m = if m > 0.0 { m * 1.15 } else { 1.0 };
    let rows = fig.bars.len().max(1) as u32;
    Frame {
        left: PLOT_LEFT,
        top: TOP,
        w: PLOT_W,
        h: rows * ROW,
        x: (fig.base - m, fig.base + m),
        y: (0.0, 1.0),
    }
}

/// Draws the chart and returns the PNG bytes. A bar whose figure is missing or
/// not finite is left out (its row says so); a base that is not finite, or more
/// than [`MAX_BARS`] rows, is refused.
pub fn render_tornado_png(fig: &TornadoFigure<'_>) -> Result<Vec<u8>, RenderError> {
    finite(fig.base, "the tornado's base")?;
    if fig.bars.len() > MAX_BARS {
        return Err(RenderError::TooMany {
            what: "tornado rows",
            max: MAX_BARS,
        });
    }
    let f = frame(fig);
    let height = TOP + f.h + 70;
    let mut p = page(CHART_WIDTH, height)?;
    p.text(
        &fit(fig.title, 130),
        16,
        14,
        &FONT_7X13_BOLD,
        TEXT,
        Alignment::Left,
    );
    p.text(
        &format!(
            "change of {} from {} (the rules in force), when each field steps down and up",
            fig.figure,
            fmt_value(fig.base)
        ),
        16,
        34,
        &FONT_6X10,
        DIM,
        Alignment::Left,
    );
    // Row stripes, then axes on top.
    for i in 0..fig.bars.len() as u32 {
        if i % 2 == 1 {
            p.rect(
                [16, TOP + i * ROW, CHART_WIDTH - 16, TOP + (i + 1) * ROW],
                rgb("#11151d"),
            );
        }
    }
    let axes = Frame { y: (0.0, 0.0), ..f };
    axes.draw_axes(&mut p, 6, 0);
    for (i, b) in fig.bars.iter().enumerate() {
        let y0 = TOP + i as u32 * ROW;
        p.text(
            &fit(b.field, 44),
            16,
            y0 as i32 + 10,
            &FONT_6X10,
            TEXT,
            Alignment::Left,
        );
        for (k, (value, at, hex)) in [
            (b.down_value, clean(b.down), DOWN),
            (b.up_value, clean(b.up), UP),
        ]
        .into_iter()
        .enumerate()
        {
            let top = y0 + 5 + k as u32 * 11;
            let (Some(v), Some(x)) = (value, at) else {
                let why = if value.is_none() { "-" } else { "refused" };
                p.text(
                    why,
                    f.px(fig.base) as i32 + 6,
                    top as i32 - 1,
                    &FONT_6X10,
                    DIM,
                    Alignment::Left,
                );
                continue;
            };
            let (a, z) = (f.px(fig.base), f.px(x));
            let (l, r) = if a <= z { (a, z) } else { (z, a) };
            p.rect(
                [
                    l.round() as u32,
                    top,
                    (r.round() as u32).max(l.round() as u32 + 1),
                    top + 9,
                ],
                rgb(hex),
            );
            let label = format!("{}: {}", fmt_value(v), fmt_value(x));
            if x >= fig.base {
                p.text(
                    &label,
                    r as i32 + 5,
                    top as i32 - 1,
                    &FONT_6X10,
                    DIM,
                    Alignment::Left,
                );
            } else {
                p.text(
                    &label,
                    l as i32 - 5,
                    top as i32 - 1,
                    &FONT_6X10,
                    DIM,
                    Alignment::Right,
                );
            }
        }
    }
    // The base line.
    let bx = f.px(fig.base).round() as u32;
    p.rect([bx, TOP - 4, bx + 1, TOP + f.h + 4], rgb(TEXT));
    // Axis title and legend.
    let ly = TOP + f.h + 24;
    p.text(
        fig.figure,
        (PLOT_LEFT + PLOT_W / 2) as i32,
        ly as i32,
        &FONT_6X10,
        TEXT,
        Alignment::Center,
    );
    p.rect([16, ly + 20, 28, ly + 30], rgb(DOWN));
    p.text(
        "step down (value: figure)",
        34,
        ly as i32 + 20,
        &FONT_6X10,
        TEXT,
        Alignment::Left,
    );
    p.rect([220, ly + 20, 232, ly + 30], rgb(UP));
    p.text(
        "step up (value: figure)",
        238,
        ly as i32 + 20,
        &FONT_6X10,
        TEXT,
        Alignment::Left,
    );
    p.text(
        "- : no step within the bounds",
        420,
        ly as i32 + 20,
        &FONT_6X10,
        DIM,
        Alignment::Left,
    );
    finish(p)
}
