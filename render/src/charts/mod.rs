//! Charts of what each rule does, as PNGs: the tornado chart (each field stepped
//! down and up, the change of one figure), response curves (one field swept,
//! every figure against it, small multiples) and the scatter of random rule sets
//! on two figures. The CLI's `sensitivity --png` and the studio's exports call
//! these with the same data, so they write the same bytes. Text uses the
//! expressive range's painter (embedded-graphics mono fonts, ASCII), colours the
//! studio's palette.
//!
//! Shared here: the page, the texts of a chart (placed first, so that none
//! overlaps another, then drawn on top), marks (dots, lines, the dash of a
//! missing value). Ticks, numbers and plot frames are in `axis`.

mod axis;
mod curves;
mod scatter;
#[cfg(test)]
mod tests;
mod tornado;

pub use curves::{render_curves_png, CurveFigure, CurveSeries};
pub use scatter::{render_scatter_png, ScatterFigure};
pub use tornado::{render_tornado_png, TornadoBar, TornadoFigure};

use embedded_graphics::mono_font::ascii::{FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::mono_font::MonoFont;
use embedded_graphics::text::Alignment;
use tiny_skia::{FillRule, PathBuilder, Pixmap, Stroke, Transform};

use crate::canvas::paint;
use crate::palette;
use crate::range::painter::Painter;
use crate::range::range_palette::PAGE;
use crate::range::rgb;
use crate::RenderError;

/// The charts' width in pixels.
pub const CHART_WIDTH: u32 = 960;
/// The down step's colour, the up step's and a point's.
pub const DOWN: &str = "#5aa9ff";
pub const UP: &str = "#ffb547";
pub const POINT: &str = "#5ee3d0";
/// A response curve's line (between its dots), and the mark of a value whose
/// rules were refused.
pub const LINE: &str = "#3a8c85";
pub const REFUSED: &str = palette::RESULT_OUT;
/// Grid lines, and every other row of the tornado.
pub(crate) const GRID: &str = palette::GRID;
pub(crate) const BAND: &str = "#11151d";

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

/// The charts' two fonts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Font {
    /// 6 × 10: labels, ticks, legends.
    Small,
    /// 7 × 13 bold: titles.
    Bold,
}

impl Font {
    fn mono(self) -> &'static MonoFont<'static> {
        match self {
            Font::Small => &FONT_6X10,
            Font::Bold => &FONT_7X13_BOLD,
        }
    }
}

/// The width of `s` in the small font, in pixels.
pub(crate) fn text_w(s: &str) -> u32 {
    s.chars().count() as u32 * 6
}

/// A text placed on a chart: its pixel box `[x0, y0, x1, y1)`.
#[derive(Debug, Clone)]
pub(crate) struct Placed {
    pub text: String,
    pub rect: [i32; 4],
    font: Font,
    hex: &'static str,
}

/// The texts of a chart, placed before they are drawn so that the layout can
/// be checked (no two overlap) and a label can look for a free place.
#[derive(Debug, Default)]
pub(crate) struct Texts(pub Vec<Placed>);

impl Texts {
    /// The box `s` takes at `(x, y)` (its top) in `font`, aligned by `align`.
    pub fn rect_of(s: &str, x: i32, y: i32, font: Font, align: Alignment) -> [i32; 4] {
        let size = font.mono().character_size;
        let w = (s.chars().count() as u32 * size.width) as i32;
        let x0 = match align {
            Alignment::Left => x,
            Alignment::Center => x - w / 2,
            Alignment::Right => x - w,
        };
        [x0, y, x0 + w, y + size.height as i32]
    }

    /// Whether `r` overlaps no text placed so far.
    pub fn free(&self, r: [i32; 4]) -> bool {
        self.0.iter().all(|p| !overlap(p.rect, r))
    }

    /// Places `s` in the small font.
    pub fn put(&mut self, s: &str, x: i32, y: i32, hex: &'static str, align: Alignment) {
        self.put_in(s, x, y, Font::Small, hex, align);
    }

    pub fn put_in(
        &mut self,
        s: &str,
        x: i32,
        y: i32,
        font: Font,
        hex: &'static str,
        align: Alignment,
    ) {
        if s.is_empty() {
            return;
        }
        self.0.push(Placed {
            text: s.to_owned(),
            rect: Self::rect_of(s, x, y, font, align),
            font,
            hex,
        });
    }

    /// Draws every text.
    pub fn draw(&self, p: &mut Painter) {
        for t in &self.0 {
            p.text(
                &t.text,
                t.rect[0],
                t.rect[1],
                t.font.mono(),
                t.hex,
                Alignment::Left,
            );
        }
    }
}

/// Whether two pixel boxes share a pixel.
pub(crate) fn overlap(a: [i32; 4], b: [i32; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// A dash (an em dash: the mono fonts are ASCII) where a small-font text at
/// `(x, y)` would be, 8 pixels wide; returns its right end.
pub(crate) fn dash(p: &mut Painter, x: u32, y: u32, hex: &str) -> u32 {
    p.rect([x, y + 5, x + 8, y + 6], rgb(hex));
    x + 8
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

/// A round dot of radius `r` on the pixel `(x, y)` (the pixel's centre is the
/// dot's).
pub(crate) fn disc(p: &mut Painter, (x, y): (u32, u32), r: f32, hex: &str) {
    if let Some(path) = PathBuilder::from_circle(x as f32 + 0.5, y as f32 + 0.5, r) {
        p.pixmap.fill_path(
            &path,
            &paint(hex, 1.0),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// An × of arm `r` pixels on the pixel `(x, y)`, two pixels thick, drawn
/// pixel for pixel (crisp at this size).
pub(crate) fn cross(p: &mut Painter, (x, y): (u32, u32), r: u32, hex: &str) {
    let c = rgb(hex);
    for d in 0..=2 * r {
        let (a, b) = ((x + d).saturating_sub(r), (y + d).saturating_sub(r));
        let up = (y + r).saturating_sub(d);
        p.rect([a, b, a + 2, b + 2], c);
        p.rect([a, up, a + 2, up + 2], c);
    }
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
