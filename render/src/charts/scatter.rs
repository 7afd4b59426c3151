//! Random rule sets on two figures: one dot per rule set, the starting rules
//! marked apart.

use embedded_graphics::mono_font::ascii::{FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::text::Alignment;

use super::{dot, finish, finite, fit, page, Frame, CHART_WIDTH, POINT, UP};
use crate::range::range_palette::TEXT;
use crate::range::rgb;
use crate::RenderError;

/// At most this many points.
pub const MAX_SCATTER_POINTS: usize = 100_000;

/// The chart's data.
#[derive(Debug, Clone, Copy)]
pub struct ScatterFigure<'a> {
    pub title: &'a str,
    pub x_name: &'a str,
    pub y_name: &'a str,
    /// One `[x, y]` per rule set.
    pub points: &'a [[f64; 2]],
    /// The starting rules' point.
    pub start: Option<[f64; 2]>,
}

pub(crate) fn frame(fig: &ScatterFigure) -> Frame {
    let all = fig.points.iter().chain(fig.start.iter());
    let (mut x, mut y) = (
        (f64::INFINITY, f64::NEG_INFINITY),
        (f64::INFINITY, f64::NEG_INFINITY),
    );
    for [a, b] in all {
        x = (x.0.min(*a), x.1.max(*a));
        y = (y.0.min(*b), y.1.max(*b));
    }
    let pad = |(lo, hi): (f64, f64)| {
        if !lo.is_finite() {
            (0.0, 1.0)
        } else if hi > lo {
            let d = (hi - lo) * 0.06;
            (lo - d, hi + d)
        } else {
            (lo - 0.5, hi + 0.5)
        }
    };
    Frame {
        left: 90,
        top: 50,
        w: CHART_WIDTH - 130,
        h: 520,
        x: pad(x),
        y: pad(y),
    }
}

/// Draws the chart and returns the PNG bytes; a value that is not finite, or
/// more than [`MAX_SCATTER_POINTS`] points, is refused.
pub fn render_scatter_png(fig: &ScatterFigure<'_>) -> Result<Vec<u8>, RenderError> {
    if fig.points.len() > MAX_SCATTER_POINTS {
        return Err(RenderError::TooMany {
            what: "scatter points",
            max: MAX_SCATTER_POINTS,
        });
    }
    for [a, b] in fig.points.iter().chain(fig.start.iter()) {
        finite(*a, "a scatter point")?;
        finite(*b, "a scatter point")?;
    }
    let f = frame(fig);
    let mut p = page(CHART_WIDTH, f.top + f.h + 70)?;
    p.text(
        &fit(fig.title, 130),
        16,
        14,
        &FONT_7X13_BOLD,
        TEXT,
        Alignment::Left,
    );
    f.draw_axes(&mut p, 8, 6);
    for [a, b] in fig.points {
        dot(&mut p, (f.px(*a), f.py(*b)), 2, POINT);
    }
    if let Some([a, b]) = fig.start {
        let (x, y) = (f.px(a).round() as u32, f.py(b).round() as u32);
        p.rect([x.saturating_sub(7), y, x + 8, y + 1], rgb(UP));
        p.rect([x, y.saturating_sub(7), x + 1, y + 8], rgb(UP));
        dot(&mut p, (x as f32, y as f32), 1, UP);
    }
    let b = f.top + f.h;
    p.text(
        fig.x_name,
        (f.left + f.w / 2) as i32,
        b as i32 + 22,
        &FONT_6X10,
        TEXT,
        Alignment::Center,
    );
    p.text(
        fig.y_name,
        16,
        f.top as i32 - 16,
        &FONT_6X10,
        TEXT,
        Alignment::Left,
    );
    let ly = b + 44;
    p.rect([16, ly, 22, ly + 6], rgb(POINT));
    p.text(
        &format!("{} random rule sets", fig.points.len()),
        28,
        ly as i32 - 2,
        &FONT_6X10,
        TEXT,
        Alignment::Left,
    );
    if fig.start.is_some() {
        p.rect([220, ly + 2, 234, ly + 3], rgb(UP));
        p.rect([227, ly - 4, 228, ly + 9], rgb(UP));
        p.text(
            "the rules in force",
            240,
            ly as i32 - 2,
            &FONT_6X10,
            TEXT,
            Alignment::Left,
        );
    }
    finish(p)
}
