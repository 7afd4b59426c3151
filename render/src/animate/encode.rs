//! The GIF of an animation: a fixed palette chosen from the first frame, the
//! first frame whole, then each frame as the rectangle where the ball was and
//! is (the rest of the picture stays as it was: disposal "keep").

use std::collections::{BTreeMap, HashMap};

use contraption::Rules;
use tiny_skia::Pixmap;

use super::AnimateError;
use crate::canvas::Canvas;
use crate::{draw_ball, palette};

/// The colours always in the palette, exactly: the background and everything
/// an animation draws in full (so the ball's colour is exact in every frame).
const RESERVED: [&str; 9] = [
    "#0e1117",
    palette::FIELD,
    palette::FIELD_EDGE,
    palette::GRID,
    palette::WALL,
    palette::BALL,
    palette::GOAL,
    palette::BARE,
    palette::ACCENT,
];

fn rgb(hex: &str) -> [u8; 3] {
    let n = u32::from_str_radix(&hex[1..], 16).expect("palette colours are #rrggbb");
    [(n >> 16) as u8, (n >> 8) as u8, n as u8]
}

/// At most 256 colours: the reserved ones, then the first frame's most common
/// colours (ties by colour value); any other colour maps to the nearest entry
/// (ties to the first).
pub(crate) struct Palette {
    colours: Vec<[u8; 3]>,
    index: HashMap<[u8; 3], u8>,
}

impl Palette {
    pub(crate) fn new(first: &Pixmap) -> Self {
        let mut colours: Vec<[u8; 3]> = Vec::with_capacity(256);
        for hex in RESERVED {
            let c = rgb(hex);
            if !colours.contains(&c) {
                colours.push(c);
            }
        }
        let mut counts: BTreeMap<[u8; 3], u64> = BTreeMap::new();
        for p in first.pixels() {
            *counts.entry(pixel(*p)).or_default() += 1;
        }
        let mut common: Vec<([u8; 3], u64)> = counts.into_iter().collect();
        common.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (c, _) in common {
            if colours.len() == 256 {
                break;
            }
            if !colours.contains(&c) {
                colours.push(c);
            }
        }
        let index = colours
            .iter()
            .enumerate()
            .map(|(i, c)| (*c, i as u8))
            .collect();
        Self { colours, index }
    }

    /// `[r, g, b, …]` for the encoder.
    pub(crate) fn table(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }

    pub(crate) fn of(&mut self, c: [u8; 3]) -> u8 {
        if let Some(&i) = self.index.get(&c) {
            return i;
        }
        let d = |e: &[u8; 3]| -> i32 {
            (0..3)
                .map(|k| (i32::from(e[k]) - i32::from(c[k])).pow(2))
                .sum()
        };
        let mut best = 0;
        for (i, e) in self.colours.iter().enumerate() {
            if d(e) < d(&self.colours[best]) {
                best = i;
            }
        }
        let i = best as u8;
        self.index.insert(c, i);
        i
    }
}

fn pixel(p: tiny_skia::PremultipliedColorU8) -> [u8; 3] {
    let c = p.demultiply();
    [c.red(), c.green(), c.blue()]
}

/// A rectangle of pixels, `x0..x1` × `y0..y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Area {
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
}

impl Area {
    fn union(a: Option<Area>, b: Option<Area>) -> Option<Area> {
        match (a, b) {
            (Some(a), Some(b)) => Some(Area {
                x0: a.x0.min(b.x0),
                y0: a.y0.min(b.y0),
                x1: a.x1.max(b.x1),
                y1: a.y1.max(b.y1),
            }),
            (a, b) => a.or(b),
        }
    }
}

/// The pixels the ball at `at` can touch (with a pixel to spare for
/// anti-aliasing), inside the picture; `None` when it is off the picture.
fn ball_area(c: &Canvas, rules: &Rules, at: (f64, f64)) -> Option<Area> {
    let (cx, cy) = c.at(at.0, at.1);
    let r = (rules.ball.radius as f32 * c.scale).max(1.0) + 2.0;
    let (w, h) = (c.pixmap.width() as f32, c.pixmap.height() as f32);
    let clamp = |v: f32, max: f32| v.clamp(0.0, max) as u32;
    let area = Area {
        x0: clamp((cx - r).floor(), w),
        y0: clamp((cy - r).floor(), h),
        x1: clamp((cx + r).ceil(), w),
        y1: clamp((cy + r).ceil(), h),
    };
    (area.x0 < area.x1 && area.y0 < area.y1).then_some(area)
}

/// Copies `area` of `from` onto `to` (pictures of one size).
fn restore(to: &mut Pixmap, from: &Pixmap, area: Area) {
    let stride = to.width() as usize * 4;
    let (a, b) = (area.x0 as usize * 4, area.x1 as usize * 4);
    let src = from.data();
    let dst = to.data_mut();
    for y in area.y0 as usize..area.y1 as usize {
        let row = y * stride;
        dst[row + a..row + b].copy_from_slice(&src[row + a..row + b]);
    }
}

/// The palette indices of `area` of `pixmap`, row by row.
fn indices(pixmap: &Pixmap, area: Area, palette: &mut Palette) -> Vec<u8> {
    let w = pixmap.width() as usize;
    let pixels = pixmap.pixels();
    let mut out = Vec::with_capacity(((area.x1 - area.x0) * (area.y1 - area.y0)) as usize);
    for y in area.y0 as usize..area.y1 as usize {
        for x in area.x0 as usize..area.x1 as usize {
            out.push(palette.of(pixel(pixels[y * w + x])));
        }
    }
    out
}

/// The GIF: `level` (the picture without the ball) with the ball at `at[i]` in
/// frame `i`, shown for `delays[i]` hundredths of a second, looping for ever.
pub(super) fn gif(
    level: Canvas,
    rules: &Rules,
    at: &[(f64, f64)],
    delays: &[u16],
) -> Result<Vec<u8>, AnimateError> {
    let encode = |e: gif::EncodingError| AnimateError::Encode(e.to_string());
    let too_large = || AnimateError::Encode("the picture is too large for a GIF".into());
    let (w, h) = (level.pixmap.width(), level.pixmap.height());
    let (gw, gh) = (
        u16::try_from(w).map_err(|_| too_large())?,
        u16::try_from(h).map_err(|_| too_large())?,
    );
    let mut frame = Canvas {
        pixmap: level.pixmap.clone(),
        scale: level.scale,
    };
    let Some((&first, rest)) = at.split_first() else {
        return Err(AnimateError::NoRun);
    };
    draw_ball(&mut frame, rules, first);
    let mut palette = Palette::new(&frame.pixmap);
    let mut encoder = gif::Encoder::new(Vec::new(), gw, gh, &palette.table()).map_err(encode)?;
    encoder.set_repeat(gif::Repeat::Infinite).map_err(encode)?;
    let whole = Area {
        x0: 0,
        y0: 0,
        x1: w,
        y1: h,
    };
    let mut write = |area: Area, pixmap: &Pixmap, delay: u16, palette: &mut Palette| {
        let buffer = indices(pixmap, area, palette);
        encoder.write_frame(&gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            left: area.x0 as u16,
            top: area.y0 as u16,
            width: (area.x1 - area.x0) as u16,
            height: (area.y1 - area.y0) as u16,
            buffer: buffer.into(),
            ..gif::Frame::default()
        })
    };
    write(whole, &frame.pixmap, delays[0], &mut palette).map_err(encode)?;
    let mut last = ball_area(&frame, rules, first);
    for (&now, &delay) in rest.iter().zip(&delays[1..]) {
        if let Some(area) = last {
            restore(&mut frame.pixmap, &level.pixmap, area);
        }
        draw_ball(&mut frame, rules, now);
        let area = ball_area(&frame, rules, now);
        // Where the ball was and is; a single unchanged pixel when it is off the
        // picture both times (the frame still counts, and waits its delay).
        let changed = Area::union(last, area).unwrap_or(Area {
            x0: 0,
            y0: 0,
            x1: 1,
            y1: 1,
        });
        write(changed, &frame.pixmap, delay, &mut palette).map_err(encode)?;
        last = area;
    }
    encoder
        .into_inner()
        .map_err(|e| AnimateError::Encode(e.to_string()))
}
