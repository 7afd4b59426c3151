//! Random rule sets on two figures: one dot per rule set, the starting rules
//! marked apart (an orange cross). Rule sets that land on one spot (within
//! three pixels) make one bigger dot, with how many they are beside it.

use std::collections::BTreeMap;

use embedded_graphics::text::Alignment;

use super::axis::{extent, fmt_value, pad, Frame};
use super::{disc, finish, finite, fit, page, text_w, Font, Texts, CHART_WIDTH, POINT, UP};
use crate::range::painter::Painter;
use crate::range::range_palette::{DIM, PAGE, TEXT};
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
    let all = || fig.points.iter().chain(fig.start.iter());
    Frame {
        left: 90,
        top: 70,
        w: CHART_WIDTH - 130,
        h: 520,
        x: pad(extent(all().map(|p| p[0])), 0.06, false),
        y: pad(extent(all().map(|p| p[1])), 0.06, false),
    }
}

/// The pixel a point lands on.
pub(crate) fn at(f: &Frame, [x, y]: [f64; 2]) -> (u32, u32) {
    (f.px(x).round() as u32, f.py(y).round() as u32)
}

/// How near (in pixels, either way) a point must land to a dot to join it.
pub(crate) const JOIN: u32 = 3;

/// The points grouped into dots: each point joins the first dot (in the order
/// they were made) within [`JOIN`] pixels of where it lands, or makes a new one
/// there. The fullest dot comes first (then by pixel, so the order is total):
/// `(pixel, how many)`.
pub(crate) fn groups(fig: &ScatterFigure, f: &Frame) -> Vec<((u32, u32), usize)> {
    let cell = JOIN + 1;
    let mut out: Vec<((u32, u32), usize)> = Vec::new();
    let mut cells: BTreeMap<(u32, u32), Vec<usize>> = BTreeMap::new();
    for &pt in fig.points {
        let (x, y) = at(f, pt);
        let (cx, cy) = (x / cell, y / cell);
        let near = (cx.saturating_sub(1)..=cx + 1)
            .flat_map(|i| (cy.saturating_sub(1)..=cy + 1).map(move |j| (i, j)))
            .filter_map(|c| cells.get(&c))
            .flatten()
            .copied()
            .filter(|&g| {
                let (gx, gy) = out[g].0;
                gx.abs_diff(x) <= JOIN && gy.abs_diff(y) <= JOIN
            })
            .min();
        match near {
            Some(g) => out[g].1 += 1,
            None => {
                cells.entry((cx, cy)).or_default().push(out.len());
                out.push(((x, y), 1));
            }
        }
    }
    out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// A dot's radius for `n` rule sets on one pixel: its area grows with `n`.
pub(crate) fn radius(n: usize) -> f32 {
    (3.0 * (n as f32).sqrt()).min(10.0)
}

fn check(fig: &ScatterFigure) -> Result<(), RenderError> {
    if fig.points.len() > MAX_SCATTER_POINTS {
        return Err(RenderError::TooMany {
            what: "scatter points",
            max: MAX_SCATTER_POINTS,
        });
    }
    if fig.points.is_empty() && fig.start.is_none() {
        return Err(RenderError::Shape(
            "a scatter needs a point or the starting rules",
        ));
    }
    for [a, b] in fig.points.iter().chain(fig.start.iter()) {
        finite(*a, "a scatter point")?;
        finite(*b, "a scatter point")?;
    }
    Ok(())
}

/// The starting rules' mark: an orange cross with a dot, over the points.
fn start_mark(p: &mut Painter, (x, y): (u32, u32)) {
    p.rect([x.saturating_sub(8), y, x + 9, y + 1], rgb(UP));
    p.rect([x, y.saturating_sub(8), x + 1, y + 9], rgb(UP));
    disc(p, (x, y), 2.5, UP);
}

/// The legend under the title.
fn legend(p: &mut Painter, t: &mut Texts, fig: &ScatterFigure) {
    let y = 34;
    disc(p, (21, y + 4), radius(1), POINT);
    let one = format!("a rule set ({} in all)", fig.points.len());
    t.put(&one, 30, y as i32, DIM, Alignment::Left);
    let mut x = 30 + text_w(&one) + 24;
    disc(p, (x + 6, y + 4), radius(3), POINT);
    let many = "several on one spot (how many beside it)";
    t.put(many, x as i32 + 16, y as i32, DIM, Alignment::Left);
    x += 16 + text_w(many) + 24;
    if let Some([a, b]) = fig.start {
        start_mark(p, (x + 6, y + 4));
        let s = format!(
            "the rules in force: {} = {}, {} = {}",
            fit(fig.x_name, 24),
            fmt_value(a),
            fit(fig.y_name, 24),
            fmt_value(b)
        );
        t.put(&s, x as i32 + 18, y as i32, DIM, Alignment::Left);
    }
}

/// Paints the chart, its texts placed but not yet drawn.
pub(crate) fn paint(fig: &ScatterFigure<'_>) -> Result<(Painter, Texts), RenderError> {
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
    f.draw_axes(&mut p, &mut t, 10, 8);
    t.put(
        &fit(fig.x_name, 60),
        (f.left + f.w / 2) as i32,
        f.bottom() as i32 + 22,
        TEXT,
        Alignment::Center,
    );
    t.put(
        &fit(fig.y_name, 60),
        16,
        f.top as i32 - 16,
        TEXT,
        Alignment::Left,
    );
    let groups = groups(fig, &f);
    // Each dot ringed in the page's colour, so that a dot over a bigger one
    // still shows.
    for &(c, n) in &groups {
        disc(&mut p, c, radius(n) + 1.5, PAGE);
        disc(&mut p, c, radius(n), POINT);
    }
    // How many share a spot, beside it where that place is free.
    for &((x, y), n) in groups.iter().filter(|g| g.1 > 1) {
        let s = n.to_string();
        let d = radius(n).ceil() as i32 + 3;
        let (x, y) = (x as i32, y as i32 - 5);
        for (lx, align) in [(x + d, Alignment::Left), (x - d, Alignment::Right)] {
            let r = Texts::rect_of(&s, lx, y, Font::Small, align);
            if t.free(r) && r[0] > f.left as i32 && r[2] < f.right() as i32 {
                t.put(&s, lx, y, TEXT, align);
                break;
            }
        }
    }
    if fig.points.is_empty() {
        t.put(
            "no rule set gave both figures",
            (f.left + f.w / 2) as i32,
            f.top as i32 + 20,
            DIM,
            Alignment::Center,
        );
    }
    if let Some(s) = fig.start {
        start_mark(&mut p, at(&f, s));
    }
    Ok((p, t))
}

/// Draws the chart and returns the PNG bytes. Refused: no point and no
/// starting rules, more than [`MAX_SCATTER_POINTS`] points, a value that is
/// not finite. Points that land within [`JOIN`] pixels of a dot join it: a
/// bigger dot, with how many it holds beside it.
pub fn render_scatter_png(fig: &ScatterFigure<'_>) -> Result<Vec<u8>, RenderError> {
    let (mut p, t) = paint(fig)?;
    t.draw(&mut p);
    finish(p)
}
