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
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Point, RgbColor, Size};
use embedded_graphics::text::{Alignment, Baseline, Text, TextStyleBuilder};
use embedded_graphics::{Drawable, Pixel};
use tiny_skia::{Paint, Pixmap, PremultipliedColorU8, Rect, Transform};

use super::RenderError;

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

fn rgb(hex: &str) -> [u8; 3] {
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

struct Target<'a>(&'a mut Pixmap);

impl OriginDimensions for Target<'_> {
    fn size(&self) -> Size {
        Size::new(self.0.width(), self.0.height())
    }
}

impl DrawTarget for Target<'_> {
    type Color = Rgb888;
    type Error = std::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb888>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        let (w, h) = (self.0.width() as i32, self.0.height() as i32);
        let data = self.0.pixels_mut();
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && p.x < w && p.y < h {
                data[(p.y * w + p.x) as usize] =
                    PremultipliedColorU8::from_rgba(c.r(), c.g(), c.b(), 255).expect("opaque");
            }
        }
        Ok(())
    }
}

fn rgb888(hex: &str) -> Rgb888 {
    let [r, g, b] = rgb(hex);
    Rgb888::new(r, g, b)
}

struct Painter {
    pixmap: Pixmap,
}

impl Painter {
    fn rect(&mut self, [x0, y0, x1, y1]: [u32; 4], c: [u8; 3]) {
        if x1 <= x0 || y1 <= y0 {
            return;
        }
        let mut paint = Paint::default();
        paint.set_color_rgba8(c[0], c[1], c[2], 255);
        paint.anti_alias = false;
        let r = Rect::from_ltrb(x0 as f32, y0 as f32, x1 as f32, y1 as f32).expect("a rectangle");
        self.pixmap
            .fill_rect(r, &paint, Transform::identity(), None);
    }

    fn text(&mut self, s: &str, x: i32, y: i32, font: &MonoFont<'_>, hex: &str, align: Alignment) {
        let ascii: String = s
            .chars()
            .map(|c| {
                if c.is_ascii_graphic() || c == ' ' {
                    c
                } else {
                    '?'
                }
            })
            .collect();
        let style = MonoTextStyle::new(font, rgb888(hex));
        let ts = TextStyleBuilder::new()
            .alignment(align)
            .baseline(Baseline::Top)
            .build();
        Text::with_text_style(&ascii, Point::new(x, y), style, ts)
            .draw(&mut Target(&mut self.pixmap))
            .expect("drawing on a pixmap cannot fail");
    }
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
mod tests {
    use super::*;
    use contraption::expressive_range::Metric;
    use contraption::{summarize, Rules, ValidRules};

    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = png::Decoder::new(bytes);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        assert_eq!(info.color_type, png::ColorType::Rgba);
        (info.width, info.height, buf)
    }

    #[test]
    fn colours_run_from_low_to_high_and_zero_is_neutral() {
        assert_eq!(count_rgb(0, 9), rgb(range_palette::EMPTY));
        assert_eq!(count_rgb(1, 9), rgb(range_palette::COUNT_LO));
        assert_eq!(count_rgb(9, 9), rgb(range_palette::COUNT_HI));
        assert_eq!(count_rgb(1, 1), rgb(range_palette::COUNT_HI));
        assert_eq!(diff_rgb(0, 4, true), rgb(range_palette::NEUTRAL));
        assert_eq!(diff_rgb(0, 4, false), rgb(range_palette::EMPTY));
        assert_eq!(diff_rgb(4, 4, true), rgb(range_palette::MORE));
        assert_eq!(diff_rgb(-4, 4, true), rgb(range_palette::FEWER));
        // Halfway: each channel halfway, rounded.
        assert_eq!(count_rgb(5, 9), [0x3a, 0x8c, 0x85]);
    }

    #[test]
    fn every_cell_has_the_colour_of_its_count() {
        let a = ValidRules::default();
        let mut capped = Rules::default();
        capped.generator.max_attempts = 1;
        let b = ValidRules::new(capped).unwrap();
        let mut counts = RangeCounts::new(Metric::Walls, Metric::Ramps, a.rules(), b.rules());
        for s in 0..60 {
            counts.add(&summarize(&a, s), &summarize(&b, s));
        }
        let fig = RangeFigure {
            counts: &counts,
            a_name: "v1",
            b_name: "one attempt",
            from: 0,
            to: 60,
        };
        let bytes = render_range_png(&fig).unwrap();
        assert_eq!(bytes, render_range_png(&fig).unwrap(), "deterministic");
        let (w, h, px) = decode(&bytes);
        assert_eq!((w, h), (layout::WIDTH, layout::HEIGHT));
        let at = |x: u32, y: u32| {
            let k = ((y * w + x) * 4) as usize;
            [px[k], px[k + 1], px[k + 2]]
        };
        let g = counts.grid();
        let (nx, ny) = (g.x_bins.len(), g.y_bins.len());
        // The axes fitted to the values seen: walls 1..=5 (none of these seeds has
        // none), ramps 1..=2.
        assert_eq!((g.x_bins[0].lo, g.x_bins[nx - 1].hi), (1, 5));
        assert_eq!((nx, ny), (5, 2));
        for j in 0..ny {
            for i in 0..nx {
                let k = j * nx + i;
                let want = [
                    count_rgb(g.a[k], g.max_count()),
                    count_rgb(g.b[k], g.max_count()),
                    diff_rgb(g.diff[k], g.max_diff(), g.a[k] + g.b[k] > 0),
                ];
                for (p, want) in want.iter().enumerate() {
                    let [x0, y0, x1, y1] = cell_rect(p as u32, i, j, nx, ny);
                    // The cell's centre and a corner.
                    assert_eq!(
                        at((x0 + x1) / 2, (y0 + y1) / 2),
                        *want,
                        "panel {p} cell {i},{j}"
                    );
                    assert_eq!(at(x0 + 1, y1 - 2), *want, "panel {p} cell {i},{j}");
                }
            }
        }
        // Some cell is full and the difference is not all zero.
        assert!(g.diff.iter().any(|&d| d != 0));
    }

    #[test]
    fn no_solving_placement_is_a_column_of_its_own() {
        // One attempt: many seeds ship a level no sweep placement solves.
        let a = ValidRules::default();
        let mut capped = Rules::default();
        capped.generator.max_attempts = 1;
        let b = ValidRules::new(capped).unwrap();
        let mut counts = RangeCounts::new(Metric::Solving, Metric::Walls, a.rules(), b.rules());
        let sums: Vec<_> = (0..60)
            .map(|s| (summarize(&a, s), summarize(&b, s)))
            .collect();
        for (x, y) in &sums {
            counts.add(x, y);
        }
        let g = counts.grid();
        let (nx, ny) = (g.x_bins.len(), g.y_bins.len());
        assert_eq!(g.x_bins[0], Bin { lo: 0, hi: 0 });
        assert_eq!(g.x_bins[1].lo, 1);
        assert!(g.x_bins[1].hi > 1, "a wide axis: {:?}", g.x_bins);
        // The first column holds the seeds of B with no solving placement, and
        // only those; the second those with 1 to its end.
        let column = |i: usize| (0..ny).map(|j| g.b[j * nx + i]).sum::<u64>();
        let of_b = |lo: u32, hi: u32| {
            sums.iter()
                .filter(|(_, y)| (lo..=hi).contains(&y.solving))
                .count() as u64
        };
        assert!(of_b(0, 0) > 0 && of_b(1, 1) > 0);
        assert_eq!(column(0), of_b(0, 0));
        assert_eq!(column(1), of_b(1, g.x_bins[1].hi));
        // The picture paints those columns from the same bins.
        let fig = RangeFigure {
            counts: &counts,
            a_name: "v1",
            b_name: "one attempt",
            from: 0,
            to: 60,
        };
        let (w, _, px) = decode(&render_range_png(&fig).unwrap());
        let at = |x: u32, y: u32| {
            let k = ((y * w + x) * 4) as usize;
            [px[k], px[k + 1], px[k + 2]]
        };
        for i in [0, 1] {
            for j in 0..ny {
                let [x0, y0, x1, y1] = cell_rect(1, i, j, nx, ny);
                assert_eq!(
                    at((x0 + x1) / 2, (y0 + y1) / 2),
                    count_rgb(g.b[j * nx + i], g.max_count()),
                    "B cell {i},{j}"
                );
            }
        }
    }

    #[test]
    fn cells_tile_the_plot() {
        for (nx, ny) in [(1, 1), (21, 20), (24, 24), (6, 2)] {
            let first = cell_rect(1, 0, 0, nx, ny);
            let last = cell_rect(1, nx - 1, ny - 1, nx, ny);
            assert_eq!(first[0], layout::plot_left(1));
            assert_eq!(first[3], layout::PLOT_TOP + layout::PLOT_H);
            assert_eq!(last[2], layout::plot_left(1) + layout::PLOT_W);
            assert_eq!(last[1], layout::PLOT_TOP);
        }
    }
}
