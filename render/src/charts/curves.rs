//! Response curves: one field swept over its values, each figure in a panel of
//! its own (figures have their own scales), two panels a row. A value whose
//! rules were refused breaks the line and is marked with a red cross on the x
//! axis of every panel.

use embedded_graphics::text::Alignment;

use super::axis::{extent, pad, Frame};
use super::{
    cross, disc, finish, finite, fit, page, polyline, Font, Texts, CHART_WIDTH, LINE, POINT,
    REFUSED,
};
use crate::range::painter::Painter;
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

pub(crate) const TOP: u32 = 58;
pub(crate) const PANEL_W: u32 = 480;
pub(crate) const PANEL_H: u32 = 190;

/// The frame of panel `k`: two panels a row; x over the field's values (a
/// little wider, so that the end dots stand off the border), y over the
/// figure's values (not below 0 when none is).
pub(crate) fn panel(fig: &CurveFigure, k: usize) -> Frame {
    let (col, row) = ((k % 2) as u32, (k / 2) as u32);
    let ys = extent(fig.series[k].ys.iter().flatten().copied());
    let xs = extent(fig.xs.iter().copied());
    Frame {
        left: col * PANEL_W + 70,
        top: TOP + row * PANEL_H + 22,
        w: PANEL_W - 100,
        h: PANEL_H - 62,
        x: pad(xs, 0.04, false),
        y: pad(ys, 0.08, true),
    }
}

/// Where the mark of a refused value sits: on the x axis, under where its dot
/// would be.
pub(crate) fn refused_at(f: &Frame, x: f64) -> (u32, u32) {
    (f.px(x).round() as u32, f.bottom())
}

fn check(fig: &CurveFigure) -> Result<(), RenderError> {
    if fig.xs.is_empty() || fig.series.is_empty() {
        return Err(RenderError::Shape(
            "response curves need at least one value and one figure",
        ));
    }
    if fig.xs.len() > MAX_CURVE_POINTS {
        return Err(RenderError::TooMany {
            what: "curve points",
            max: MAX_CURVE_POINTS,
        });
    }
    if fig.series.len() > MAX_PANELS {
        return Err(RenderError::TooMany {
            what: "curve panels",
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
    for s in fig.series {
        for &y in s.ys.iter().flatten() {
            finite(y, "a curve's y")?;
        }
    }
    Ok(())
}

/// The legend under the title.
fn legend(p: &mut Painter, t: &mut Texts) {
    let y = 34;
    disc(p, (21, y + 4), 3.0, POINT);
    t.put(
        "the figure at that value",
        30,
        y as i32,
        DIM,
        Alignment::Left,
    );
    polyline(
        p,
        &[(200.0, y as f32 + 4.5), (216.0, y as f32 + 4.5)],
        LINE,
        1.5,
    );
    t.put(
        "joins neighbouring values",
        222,
        y as i32,
        DIM,
        Alignment::Left,
    );
    cross(p, (390, y + 3), 3, REFUSED);
    t.put(
        "rules refused at that value (no figure)",
        400,
        y as i32,
        DIM,
        Alignment::Left,
    );
}

/// Paints the chart, its texts placed but not yet drawn.
pub(crate) fn paint(fig: &CurveFigure<'_>) -> Result<(Painter, Texts), RenderError> {
    check(fig)?;
    let rows = fig.series.len().div_ceil(2) as u32;
    let mut p = page(CHART_WIDTH, TOP + rows * PANEL_H + 8)?;
    let mut t = Texts::default();
    t.put_in(
        &fit(fig.title, 132),
        16,
        12,
        Font::Bold,
        TEXT,
        Alignment::Left,
    );
    legend(&mut p, &mut t);
    for (k, s) in fig.series.iter().enumerate() {
        let f = panel(fig, k);
        t.put_in(
            &fit(s.figure, 54),
            f.left as i32,
            f.top as i32 - 18,
            Font::Bold,
            TEXT,
            Alignment::Left,
        );
        f.draw_axes(&mut p, &mut t, 6, 4);
        t.put(
            &fit(fig.field, 62),
            (f.left + f.w / 2) as i32,
            f.bottom() as i32 + 20,
            DIM,
            Alignment::Center,
        );
        // Lines between neighbouring values, broken where rules were refused.
        for (w, x) in s.ys.windows(2).zip(fig.xs.windows(2)) {
            if let [Some(a), Some(b)] = *w {
                let pts = [(f.px(x[0]), f.py(a)), (f.px(x[1]), f.py(b))];
                polyline(&mut p, &pts, LINE, 1.5);
            }
        }
        for (&x, y) in fig.xs.iter().zip(s.ys) {
            match y {
                Some(y) => {
                    let at = (f.px(x).round() as u32, f.py(*y).round() as u32);
                    disc(&mut p, at, 3.0, POINT);
                }
                None => cross(&mut p, refused_at(&f, x), 3, REFUSED),
            }
        }
        if s.ys.iter().all(Option::is_none) {
            t.put(
                "refused at every value",
                (f.left + f.w / 2) as i32,
                (f.top + f.h / 2) as i32 - 5,
                DIM,
                Alignment::Center,
            );
        }
    }
    Ok((p, t))
}

/// Draws the chart and returns the PNG bytes. Refused: no x or no series, too
/// many points or panels, x values that are not finite or do not ascend, a
/// series of another length, a y that is not finite (a refused rule set's
/// figure is `None`, never NaN).
pub fn render_curves_png(fig: &CurveFigure<'_>) -> Result<Vec<u8>, RenderError> {
    let (mut p, t) = paint(fig)?;
    t.draw(&mut p);
    finish(p)
}
