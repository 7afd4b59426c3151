//! The expressive-range figure as a PNG: three heatmaps side by side — seeds per
//! cell of two metrics under rules A, under rules B (one colour scale for both),
//! and B − A (diverging: blue where B has fewer, orange where B has more, zero
//! neutral) — with tick values, axis titles, panel titles and a colour legend
//! under each panel. The studio's "Export PNG…" and `contraption compare --png`
//! both call [`render_range_png`] with the same counts, so they write the same
//! bytes. Text is drawn with embedded-graphics' built-in mono fonts (ASCII; other
//! characters of a rules name show as `?`).
//!
//! Cell colours ([`count_rgb`], [`diff_rgb`]) are those of the studio's view
//! (`ui/src/draw/range.ts`; a test there checks the same values).

use contraption::expressive_range::{Bin, RangeCounts, RangeGrid};
use embedded_graphics::mono_font::ascii::{FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::text::Alignment;
use tiny_skia::Pixmap;

use super::RenderError;

pub(crate) mod painter;
use painter::Painter;

/// Cell colours, as `#rrggbb`.
pub mod range_palette {
    /// The page.
    pub const PAGE: &str = "#0e1117";
    /// A cell no seed falls in (on either side, for the difference).
    pub const EMPTY: &str = "#0a0d12";
    /// One seed... (the lowest non-zero count).
    pub const COUNT_LO: &str = "#16343a";
    /// ...the most seeds of a cell under A or B.
    pub const COUNT_HI: &str = "#5ee3d0";
    /// B − A = 0 where a side has seeds.
    pub const NEUTRAL: &str = "#2a3342";
    /// B has fewer (the largest difference).
    pub const FEWER: &str = "#5aa9ff";
    /// B has more (the largest difference).
    pub const MORE: &str = "#ffb547";
    pub const TEXT: &str = "#e8ecf3";
    pub const DIM: &str = "#8a94a6";
    pub const FRAME: &str = "#2a3342";
}

/// The figure's size and panel geometry, in pixels.
pub mod layout {
    pub const WIDTH: u32 = 1416;
    pub const HEIGHT: u32 = 452;
    /// A heatmap's plot area.
    pub const PLOT_W: u32 = 384;
    pub const PLOT_H: u32 = 288;
    /// Left edge of panel `p`'s plot area.
    pub const fn plot_left(p: u32) -> u32 {
        60 + p * 468
    }
    pub const PLOT_TOP: u32 = 64;
}

pub(crate) fn rgb(hex: &str) -> [u8; 3] {
    let n = u32::from_str_radix(&hex[1..], 16).expect("#rrggbb");
    [(n >> 16) as u8, (n >> 8) as u8, n as u8]
}

fn lerp(lo: [u8; 3], hi: [u8; 3], t: f64) -> [u8; 3] {
    let t = t.clamp(0.0, 1.0);
    let ch = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    [ch(lo[0], hi[0]), ch(lo[1], hi[1]), ch(lo[2], hi[2])]
}

/// The colour of a cell holding `n` seeds when the fullest cell of A and B
/// holds `max`: empty at 0, then from `COUNT_LO` (t = 0) to `COUNT_HI`
/// (t = 1) by `t = (n − 1) / (max − 1)`.
pub fn count_rgb(n: u64, max: u64) -> [u8; 3] {
    use range_palette::*;
    if n == 0 {
        return rgb(EMPTY);
    }
    let t = if max <= 1 {
        1.0
    } else {
        (n - 1) as f64 / (max - 1) as f64
    };
    lerp(rgb(COUNT_LO), rgb(COUNT_HI), t)
}

/// The colour of a difference `d` (B − A) when the largest |B − A| is `max`:
/// from `NEUTRAL` at 0 to `MORE` (d = max) or `FEWER` (d = −max), linear;
/// `EMPTY` when neither side has a seed in the cell (`any` false).
pub fn diff_rgb(d: i64, max: u64, any: bool) -> [u8; 3] {
    use range_palette::*;
    if !any {
        return rgb(EMPTY);
    }
    if d == 0 || max == 0 {
        return rgb(NEUTRAL);
    }
    let t = d.unsigned_abs() as f64 / max as f64;
    lerp(rgb(NEUTRAL), rgb(if d > 0 { MORE } else { FEWER }), t)
}

/// The pixel rectangle `[x0, y0, x1, y1)` of cell `(i, j)` of panel `p`
/// (x bin `i` left to right, y bin `j` bottom to top) with `nx` × `ny` bins.
pub fn cell_rect(p: u32, i: usize, j: usize, nx: usize, ny: usize) -> [u32; 4] {
    use layout::*;
    let left = plot_left(p);
    let xs = |k: usize| left + (k as u32 * PLOT_W) / nx as u32;
    let bottom = PLOT_TOP + PLOT_H;
    let ys = |k: usize| bottom - (k as u32 * PLOT_H) / ny as u32;
    [xs(i), ys(j + 1), xs(i + 1), ys(j)]
}

/// What the figure shows besides the counts.
#[derive(Debug, Clone)]
pub struct RangeFigure<'a> {
    pub counts: &'a RangeCounts,
    pub a_name: &'a str,
    pub b_name: &'a str,
    pub from: u64,
    pub to: u64,
}

/// A bin as a tick label.
fn tick(b: &Bin) -> String {
    if b.lo == b.hi {
        b.lo.to_string()
    } else {
        format!("{}-{}", b.lo, b.hi)
    }
}

/// At most `max_chars` characters (an ellipsis of three dots at the end).
fn fit(s: &str, max_chars: usize) -> String {
    if s.chars().count() <= max_chars {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(max_chars.saturating_sub(3)).collect();
        t.push_str("...");
        t
    }
}

/// Draws the figure and returns the PNG bytes.
pub fn render_range_png(fig: &RangeFigure<'_>) -> Result<Vec<u8>, RenderError> {
    use layout::*;
    use range_palette::*;
    let grid: RangeGrid = fig.counts.grid();
    let (nx, ny) = (grid.x_bins.len(), grid.y_bins.len());
    let (max_count, max_diff) = (grid.max_count(), grid.max_diff());
    let mut p = Painter {
        pixmap: Pixmap::new(WIDTH, HEIGHT).expect("a non-empty picture"),
    };
    p.rect([0, 0, WIDTH, HEIGHT], rgb(PAGE));
    let (x, y) = (fig.counts.x.metric, fig.counts.y.metric);
    let heading = format!(
        "Expressive range: {} (x) by {} (y), seeds {}..{} ({} seeds)",
        x.label(),
        y.label(),
        fig.from,
        fig.to,
        fig.counts.a.seeds
    );
    p.text(
        &fit(&heading, 190),
        16,
        12,
        &FONT_7X13_BOLD,
        TEXT,
        Alignment::Left,
    );
    let titles = [
        format!("A: {}", fig.a_name),
        format!("B: {}", fig.b_name),
        "B - A".to_owned(),
    ];
    let bottom = PLOT_TOP + PLOT_H;
    for (panel, title) in titles.iter().enumerate() {
        let pn = panel as u32;
        let left = plot_left(pn);
        p.text(
            &fit(title, 54),
            left as i32,
            40,
            &FONT_7X13_BOLD,
            TEXT,
            Alignment::Left,
        );
        // Frame and cells.
        p.rect(
            [left - 1, PLOT_TOP - 1, left + PLOT_W + 1, bottom + 1],
            rgb(FRAME),
        );
        for j in 0..ny {
            for i in 0..nx {
                let k = j * nx + i;
                let c = match panel {
                    0 => count_rgb(grid.a[k], max_count),
                    1 => count_rgb(grid.b[k], max_count),
                    _ => diff_rgb(grid.diff[k], max_diff, grid.a[k] != 0 || grid.b[k] != 0),
                };
                p.rect(cell_rect(pn, i, j, nx, ny), c);
            }
        }
        // X ticks: as many bin labels as fit.
        let widest = grid.x_bins.iter().map(|b| tick(b).len()).max().unwrap_or(1) as u32;
        let cell_w = PLOT_W / nx as u32;
        let step = ((widest * 6 + 8).div_ceil(cell_w.max(1))).max(1) as usize;
        for (i, b) in grid.x_bins.iter().enumerate().step_by(step) {
            let [x0, _, x1, _] = cell_rect(pn, i, 0, nx, ny);
            p.rect(
                [(x0 + x1) / 2, bottom + 1, (x0 + x1) / 2 + 1, bottom + 5],
                rgb(DIM),
            );
            p.text(
                &tick(b),
                ((x0 + x1) / 2) as i32,
                (bottom + 7) as i32,
                &FONT_6X10,
                DIM,
                Alignment::Center,
            );
        }
        p.text(
            x.label(),
            (left + PLOT_W / 2) as i32,
            (bottom + 22) as i32,
            &FONT_6X10,
            TEXT,
            Alignment::Center,
        );
        // Y ticks.
        let cell_h = PLOT_H / ny as u32;
        let ystep = (12u32.div_ceil(cell_h.max(1))).max(1) as usize;
        for (j, b) in grid.y_bins.iter().enumerate().step_by(ystep) {
            let [_, y0, _, y1] = cell_rect(pn, 0, j, nx, ny);
            let mid = (y0 + y1) / 2;
            p.rect([left - 5, mid, left - 1, mid + 1], rgb(DIM));
            p.text(
                &fit(&tick(b), 8),
                left as i32 - 7,
                mid as i32 - 5,
                &FONT_6X10,
                DIM,
                Alignment::Right,
            );
        }
        p.text(
            &format!("y: {}", y.label()),
            (left + PLOT_W) as i32,
            PLOT_TOP as i32 - 14,
            &FONT_6X10,
            DIM,
            Alignment::Right,
        );
        // Legend: a colour bar with its ends (and zero for the difference).
        let (ly0, ly1) = (bottom + 40, bottom + 50);
        let (lx0, lw) = (left + 64, PLOT_W - 128);
        for dx in 0..lw {
            let t = f64::from(dx) / f64::from(lw - 1);
            let c = if panel < 2 {
                let n = 1 + ((max_count.max(1) - 1) as f64 * t).round() as u64;
                count_rgb(n, max_count.max(1))
            } else {
                let m = max_diff.max(1) as f64;
                diff_rgb(((2.0 * t - 1.0) * m).round() as i64, max_diff.max(1), true)
            };
            p.rect([lx0 + dx, ly0, lx0 + dx + 1, ly1], c);
        }
        let (lo, hi) = if panel < 2 {
            ("1".to_owned(), format!("{max_count} seeds"))
        } else {
            (format!("-{max_diff}"), format!("+{max_diff}"))
        };
        p.text(
            &lo,
            lx0 as i32 - 6,
            ly0 as i32,
            &FONT_6X10,
            DIM,
            Alignment::Right,
        );
        p.text(
            &hi,
            (lx0 + lw) as i32 + 6,
            ly0 as i32,
            &FONT_6X10,
            DIM,
            Alignment::Left,
        );
        if panel == 2 {
            p.text(
                "0",
                (lx0 + lw / 2) as i32,
                ly1 as i32 + 3,
                &FONT_6X10,
                DIM,
                Alignment::Center,
            );
            p.text(
                "fewer under B",
                lx0 as i32,
                ly1 as i32 + 3,
                &FONT_6X10,
                DIM,
                Alignment::Left,
            );
            p.text(
                "more under B",
                (lx0 + lw) as i32,
                ly1 as i32 + 3,
                &FONT_6X10,
                DIM,
                Alignment::Right,
            );
        } else {
            p.text(
                "seeds per cell",
                (lx0 + lw / 2) as i32,
                ly1 as i32 + 3,
                &FONT_6X10,
                DIM,
                Alignment::Center,
            );
        }
    }
    p.pixmap
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests;
