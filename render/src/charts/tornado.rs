//! The tornado chart: one row per field, ordered by effect as given; the down
//! step's change of the figure as a blue bar and the up step's as an orange bar,
//! both from a vertical line at the starting rules' value, each labelled with the
//! stepped value and the figure there. A step that goes nowhere (the value at its
//! bound) draws a dash instead of a bar, a step whose rules were refused says
//! so.

use embedded_graphics::text::Alignment;

use super::axis::{fmt_value, Frame};
use super::{dash, finish, finite, fit, page, text_w, Font, Texts, BAND, CHART_WIDTH, DOWN, UP};
use crate::range::painter::Painter;
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

/// Row geometry (pixels): the first row's top, a row's height, and where in a
/// row the down and up bars are (`BAR` pixels high).
pub(crate) const TOP: u32 = 86;
pub(crate) const ROW: u32 = 30;
pub(crate) const BAR: u32 = 9;
pub(crate) const DOWN_AT: u32 = 5;
pub(crate) const UP_AT: u32 = 16;
/// Field names and bar labels are cut to these many characters.
const NAME_CHARS: usize = 44;
const LABEL_CHARS: usize = 24;

/// A step's label: the field's value there and the figure there.
fn label(value: f64, at: f64) -> String {
    fit(
        &format!("{}: {}", fmt_value(value), fmt_value(at)),
        LABEL_CHARS,
    )
}

/// The plot's frame for `fig`: the x range symmetric about the base, with room
/// left of it for the field names and on both sides for the bars' labels.
pub(crate) fn frame(fig: &TornadoFigure) -> Frame {
    let steps = fig
        .bars
        .iter()
        .flat_map(|b| [b.down_value.zip(b.down), b.up_value.zip(b.up)]);
    let (mut m, mut label_w) = (0.0_f64, 0);
    for (value, at) in steps.flatten() {
        m = m.max((at - fig.base).abs());
        label_w = label_w.max(text_w(&label(value, at)));
    }
    let m = if m > 0.0 { m * 1.08 } else { 1.0 };
    let names = fig
        .bars
        .iter()
        .map(|b| b.field.chars().count().min(NAME_CHARS))
        .max()
        .unwrap_or(0) as u32;
    let left = 16 + names * 6 + 16 + label_w + 5;
    let right = CHART_WIDTH - 16 - label_w - 5;
    Frame {
        left,
        top: TOP,
        w: right - left,
        h: fig.bars.len() as u32 * ROW,
        x: (fig.base - m, fig.base + m),
        y: (0.0, 1.0),
    }
}

/// The pixel rows of bar `k` (0 down, 1 up) of row `i`.
pub(crate) fn bar_rows(i: usize, k: usize) -> std::ops::Range<u32> {
    let top = TOP + i as u32 * ROW + if k == 0 { DOWN_AT } else { UP_AT };
    top..top + BAR
}

fn check(fig: &TornadoFigure) -> Result<(), RenderError> {
    if fig.bars.is_empty() {
        return Err(RenderError::Shape("a tornado needs at least one field"));
    }
    if fig.bars.len() > MAX_BARS {
        return Err(RenderError::TooMany {
            what: "tornado rows",
            max: MAX_BARS,
        });
    }
    finite(fig.base, "the tornado's base")?;
    for b in fig.bars {
        for v in [b.down_value, b.up_value].into_iter().flatten() {
            finite(v, "a tornado step's field value")?;
        }
        for v in [b.down, b.up].into_iter().flatten() {
            finite(v, "a tornado step's figure")?;
        }
    }
    Ok(())
}

/// The legend under the title: what the colours, the line, the dash and the
/// labels mean, wrapped onto a second line when it does not fit.
fn legend(p: &mut Painter, t: &mut Texts, fig: &TornadoFigure) {
    let base = format!(
        "the rules in force: {} = {}",
        fit(fig.figure, 40),
        fmt_value(fig.base)
    );
    let entries: [(Option<&str>, &str); 5] = [
        (Some(DOWN), "step down"),
        (Some(UP), "step up"),
        (Some(TEXT), &base),
        (None, "no step within the bounds"),
        (None, "labels: field value: figure"),
    ];
    let (mut x, mut y) = (16, 36);
    for (k, (mark, text)) in entries.into_iter().enumerate() {
        let mark_w = if k == 4 { 0 } else { 16 };
        let w = mark_w + text_w(text) + 20;
        if x + w > CHART_WIDTH - 16 {
            (x, y) = (16, y + 16);
        }
        match (k, mark) {
            (2, Some(hex)) => p.rect([x + 5, y - 2, x + 7, y + 11], rgb(hex)),
            (_, Some(hex)) => p.rect([x, y, x + 12, y + BAR], rgb(hex)),
            (3, None) => {
                dash(p, x + 2, y - 1, DIM);
            }
            _ => {}
        }
        t.put(
            text,
            (x + mark_w) as i32,
            y as i32 - 1,
            DIM,
            Alignment::Left,
        );
        x += w;
    }
}

/// Paints the chart, its texts placed but not yet drawn.
pub(crate) fn paint(fig: &TornadoFigure<'_>) -> Result<(Painter, Texts), RenderError> {
    check(fig)?;
    let f = frame(fig);
    let mut p = page(CHART_WIDTH, f.bottom() + 44)?;
    let mut t = Texts::default();
    t.put_in(
        &fit(fig.title, 132),
        16,
        12,
        Font::Bold,
        TEXT,
        Alignment::Left,
    );
    legend(&mut p, &mut t, fig);
    for i in (1..fig.bars.len()).step_by(2) {
        let y0 = TOP + i as u32 * ROW;
        p.rect([16, y0, CHART_WIDTH - 16, y0 + ROW], rgb(BAND));
    }
    let axes = Frame { y: (0.0, 0.0), ..f };
    axes.draw_axes(&mut p, &mut t, (f.w / 70).max(2), 0);
    let bx = f.px(fig.base).round() as u32;
    for (i, b) in fig.bars.iter().enumerate() {
        let y0 = TOP + i as u32 * ROW;
        t.put(
            &fit(b.field, NAME_CHARS),
            16,
            y0 as i32 + 10,
            TEXT,
            Alignment::Left,
        );
        for (k, (value, at, hex)) in [(b.down_value, b.down, DOWN), (b.up_value, b.up, UP)]
            .into_iter()
            .enumerate()
        {
            let rows = bar_rows(i, k);
            let ty = rows.start as i32 - 1;
            let (v, x) = match (value, at) {
                (None, _) => {
                    dash(&mut p, bx + 6, rows.start - 1, DIM);
                    continue;
                }
                (Some(v), None) => {
                    let s = fit(&format!("{}: refused", fmt_value(v)), LABEL_CHARS);
                    t.put(&s, bx as i32 + 6, ty, DIM, Alignment::Left);
                    continue;
                }
                (Some(v), Some(x)) => (v, x),
            };
            let end = f.px(x).round() as u32;
            let (l, r) = if x >= fig.base {
                (bx + 1, end.max(bx + 2))
            } else {
                (end.min(bx - 1), bx)
            };
            p.rect([l, rows.start, r, rows.end], rgb(hex));
            let s = label(v, x);
            if x >= fig.base {
                t.put(&s, r as i32 + 5, ty, DIM, Alignment::Left);
            } else {
                t.put(&s, l as i32 - 5, ty, DIM, Alignment::Right);
            }
        }
    }
    // The base line, its value above it, and the axis title.
    p.rect([bx, TOP - 4, bx + 1, f.bottom() + 4], rgb(TEXT));
    t.put(
        &fmt_value(fig.base),
        bx as i32,
        TOP as i32 - 16,
        TEXT,
        Alignment::Center,
    );
    t.put(
        &fit(fig.figure, 60),
        (f.left + f.w / 2) as i32,
        f.bottom() as i32 + 22,
        TEXT,
        Alignment::Center,
    );
    Ok((p, t))
}

/// Draws the chart and returns the PNG bytes. Refused: no bars, more than
/// [`MAX_BARS`], and any number (the base, a step's field value or figure)
/// that is not finite — a missing step or figure is `None`, never NaN.
pub fn render_tornado_png(fig: &TornadoFigure<'_>) -> Result<Vec<u8>, RenderError> {
    let (mut p, t) = paint(fig)?;
    t.draw(&mut p);
    finish(p)
}
