//! The charts' tests: pixels read back from the PNG bytes, at the positions the
//! layout computes; helpers shared by the three charts' tests, and the axes'.

mod curves;
mod scatter;
mod tornado;

use super::axis::{fmt_tick, fmt_value, pad, ticks, Frame};
use super::*;
use crate::range::range_palette::PAGE;

pub(super) struct Img {
    pub w: u32,
    pub h: u32,
    px: Vec<u8>,
}

pub(super) fn decode(bytes: &[u8]) -> Img {
    let d = png::Decoder::new(bytes);
    let mut r = d.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size()];
    let info = r.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    assert_eq!(info.color_type, png::ColorType::Rgba);
    Img {
        w: info.width,
        h: info.height,
        px: buf,
    }
}

impl Img {
    pub fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.w + x) * 4) as usize;
        [self.px[i], self.px[i + 1], self.px[i + 2]]
    }

    /// Pixels of exactly `hex` in the box `cols` × `rows`.
    pub fn count(
        &self,
        hex: &str,
        cols: std::ops::Range<u32>,
        rows: std::ops::Range<u32>,
    ) -> usize {
        let c = rgb(hex);
        rows.flat_map(|y| cols.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| self.at(x, y) == c)
            .count()
    }

    /// The 4-connected patches of exactly `hex` on the whole picture.
    pub fn patches(&self, hex: &str) -> usize {
        let c = rgb(hex);
        let mut seen = vec![false; (self.w * self.h) as usize];
        let mut n = 0;
        for start in 0..self.w * self.h {
            if seen[start as usize] || self.at(start % self.w, start / self.w) != c {
                continue;
            }
            n += 1;
            let mut stack = vec![start];
            seen[start as usize] = true;
            while let Some(k) = stack.pop() {
                let (x, y) = (k % self.w, k / self.w);
                let near = [
                    (x.wrapping_sub(1), y),
                    (x + 1, y),
                    (x, y.wrapping_sub(1)),
                    (x, y + 1),
                ];
                for (nx, ny) in near {
                    if nx < self.w && ny < self.h {
                        let j = ny * self.w + nx;
                        if !seen[j as usize] && self.at(nx, ny) == c {
                            seen[j as usize] = true;
                            stack.push(j);
                        }
                    }
                }
            }
        }
        n
    }
}

/// No two texts share a pixel and every text is on the page.
pub(super) fn assert_texts_apart(t: &Texts, w: u32, h: u32) {
    for (i, a) in t.0.iter().enumerate() {
        let [x0, y0, x1, y1] = a.rect;
        assert!(
            x0 >= 0 && y0 >= 0 && x1 <= w as i32 && y1 <= h as i32,
            "{:?} at {:?} is off the {w} x {h} page",
            a.text,
            a.rect
        );
        for b in &t.0[i + 1..] {
            assert!(
                !overlap(a.rect, b.rect),
                "{:?} at {:?} overlaps {:?} at {:?}",
                a.text,
                a.rect,
                b.text,
                b.rect
            );
        }
    }
}

/// Whether one of the texts reads `s`.
pub(super) fn has_text(t: &Texts, s: &str) -> bool {
    t.0.iter().any(|p| p.text == s)
}

#[test]
fn ticks_are_nice_numbers_inside_the_range() {
    assert_eq!(
        ticks(0.0, 1.0, 5).0,
        vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]
    );
    let (t, step) = ticks(2.87, 3.41, 5);
    assert_eq!(step, 0.2, "0.54 / 5 is above 0.1");
    assert!(t.iter().all(|v| (2.87..=3.41).contains(v)) && t.len() == 3);
    assert_eq!(ticks(-0.3, 0.3, 6).0.len(), 7, "-0.3 to 0.3 by 0.1");
    assert_eq!(fmt_tick(0.6000000000000001, 0.2), "0.6");
    assert_eq!(fmt_tick(200.0, 50.0), "200");
    assert_eq!(fmt_tick(-0.0000000001, 0.1), "0.0", "no minus zero");
    assert_eq!(fmt_tick(-0.2, 0.1), "-0.2");
    assert_eq!(fmt_value(3.5), "3.5");
    assert_eq!(fmt_value(4.07666), "4.0767");
    assert_eq!(fmt_value(-0.00004), "-4e-5");
    assert_eq!(fmt_value(9e-10), "9e-10");
    assert_eq!(fmt_value(0.00004999), "4.999e-5");
    assert_eq!(fmt_value(-0.00001 + 0.00001), "0");
}

#[test]
fn x_ticks_thin_out_until_their_labels_fit() {
    let f = Frame {
        left: 0,
        top: 0,
        w: 120,
        h: 100,
        x: (0.0, 10000.0),
        y: (0.0, 1.0),
    };
    let (xs, step) = f.x_ticks(10);
    assert!(xs.len() >= 2);
    for w in xs.windows(2) {
        let gap = f.px(w[1]) - f.px(w[0]);
        let widest = text_w(&fmt_tick(w[0], step)).max(text_w(&fmt_tick(w[1], step)));
        assert!(gap >= (widest + 16) as f32, "{xs:?} on 120 pixels");
    }
    // With room, about as many as asked.
    let wide = Frame { w: 800, ..f };
    assert!(wide.x_ticks(10).0.len() >= 8);
}

#[test]
fn padding_keeps_a_range_of_counts_at_or_above_zero() {
    assert_eq!(pad((0.0, 0.0), 0.08, true), (0.0, 0.5));
    assert_eq!(pad((0.0, 1.0), 0.1, true), (0.0, 1.1));
    let (lo, hi) = pad((-1.0, 1.0), 0.1, true);
    assert!((lo + 1.2).abs() < 1e-12 && (hi - 1.2).abs() < 1e-12);
    assert_eq!(pad((4.0, 4.0), 0.1, false), (3.5, 4.5));
    assert_eq!(
        pad((f64::INFINITY, f64::NEG_INFINITY), 0.1, false),
        (0.0, 1.0)
    );
}

#[test]
fn texts_report_their_boxes_and_overlaps() {
    let r = Texts::rect_of("abc", 100, 10, Font::Small, Alignment::Right);
    assert_eq!(r, [82, 10, 100, 20]);
    let c = Texts::rect_of("abcd", 100, 10, Font::Bold, Alignment::Center);
    assert_eq!(c, [86, 10, 114, 23]);
    let mut t = Texts::default();
    t.put("abc", 100, 10, PAGE, Alignment::Right);
    assert!(!t.free([99, 19, 120, 30]));
    assert!(
        t.free([100, 10, 120, 30]),
        "boxes that only touch are apart"
    );
    assert!(overlap(r, c));
}
