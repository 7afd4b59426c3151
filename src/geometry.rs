//! Small 2-D geometry: points, and distances between points, segments and boxes.
//! Only IEEE basic operations and `sqrt`; no fused multiply-add.

use serde::{Deserialize, Serialize};

/// A point or vector in field units (y grows downward).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Vec2 {
    pub x: f64,
    pub y: f64,
}

impl Vec2 {
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

/// Squared distance from `p` to the segment `a`–`b`, with the closest point at
/// `t = clamp(((p − a)·d) × (1 / |d|²), 0, 1)` exactly as the simulation computes it.
pub fn point_segment_dist2(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    let dx = b.x - a.x;
    let dy = b.y - a.y;
    let len2 = dx * dx + dy * dy;
    let inv_len2 = if len2 > 0.0 { 1.0 / len2 } else { 0.0 };
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) * inv_len2).clamp(0.0, 1.0);
    let ex = p.x - (a.x + t * dx);
    let ey = p.y - (a.y + t * dy);
    ex * ex + ey * ey
}

fn cross(o: Vec2, a: Vec2, b: Vec2) -> f64 {
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
}

/// Whether segments `a`–`b` and `c`–`d` cross (touching counts).
pub fn segments_intersect(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> bool {
    let d1 = cross(c, d, a);
    let d2 = cross(c, d, b);
    let d3 = cross(a, b, c);
    let d4 = cross(a, b, d);
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
        || d1 == 0.0 && d2 == 0.0 && d3 == 0.0 && d4 == 0.0 && {
            let (lo, hi) = (
                a.x.min(b.x).max(c.x.min(d.x)),
                a.x.max(b.x).min(c.x.max(d.x)),
            );
            let (ylo, yhi) = (
                a.y.min(b.y).max(c.y.min(d.y)),
                a.y.max(b.y).min(c.y.max(d.y)),
            );
            lo <= hi && ylo <= yhi
        }
}

/// Squared distance between segments `a`–`b` and `c`–`d` (0 when they cross).
pub fn segment_segment_dist2(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> f64 {
    if segments_intersect(a, b, c, d) {
        return 0.0;
    }
    point_segment_dist2(a, c, d)
        .min(point_segment_dist2(b, c, d))
        .min(point_segment_dist2(c, a, b))
        .min(point_segment_dist2(d, a, b))
}

/// `segment_segment_dist2(a, b, c, d) < reach * reach`, bit for bit, without the
/// four point-to-segment distances (and their divisions) when the segments' boxes
/// are apart by more than `reach` along an axis.
///
/// Why it is the same answer: each of those distances is from an endpoint of one
/// segment to a point computed on the other, which lies in the other's box give or
/// take a few units in the last place. Apart by more than `reach` plus a margin far
/// above that rounding, every offset has a component longer than `reach`, so every
/// squared distance, rounded, is at least `reach * reach` rounded (rounding is
/// monotonic). The crossing test, which can answer 0 on its own, is still asked.
pub fn segments_closer_than(a: Vec2, b: Vec2, c: Vec2, d: Vec2, reach: f64) -> bool {
    let span = |p: f64, q: f64| if p < q { (p, q) } else { (q, p) };
    let (ax0, ax1) = span(a.x, b.x);
    let (ay0, ay1) = span(a.y, b.y);
    let (cx0, cx1) = span(c.x, d.x);
    let (cy0, cy1) = span(c.y, d.y);
    // A sum of magnitudes bounds every coordinate: the margin grows with the scale
    // of the numbers, as their rounding does. (NaN anywhere: no shortcut.)
    let scale = ax1.abs() + ax0.abs() + ay1.abs() + ay0.abs() + cx1.abs() + cx0.abs();
    let scale = scale + cy1.abs() + cy0.abs() + reach.abs();
    let apart = reach + 1e-9 * (1.0 + scale);
    if reach >= 0.0
        && (cx0 - ax1 > apart || ax0 - cx1 > apart || cy0 - ay1 > apart || ay0 - cy1 > apart)
    {
        return segments_intersect(a, b, c, d) && 0.0 < reach * reach;
    }
    segment_segment_dist2(a, b, c, d) < reach * reach
}

/// An axis-aligned box given by its centre and half extents.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aabb {
    pub center: Vec2,
    pub half: Vec2,
}

impl Aabb {
    /// Squared distance from `p` to the box (0 inside).
    pub fn dist2(&self, p: Vec2) -> f64 {
        let dx = ((p.x - self.center.x).abs() - self.half.x).max(0.0);
        let dy = ((p.y - self.center.y).abs() - self.half.y).max(0.0);
        dx * dx + dy * dy
    }

    pub fn contains(&self, p: Vec2) -> bool {
        (p.x - self.center.x).abs() <= self.half.x && (p.y - self.center.y).abs() <= self.half.y
    }

    /// Squared distance between the box and segment `a`–`b` (0 when they touch).
    pub fn segment_dist2(&self, a: Vec2, b: Vec2) -> f64 {
        if self.contains(a) || self.contains(b) {
            return 0.0;
        }
        let (c, h) = (self.center, self.half);
        let corners = [
            Vec2::new(c.x - h.x, c.y - h.y),
            Vec2::new(c.x + h.x, c.y - h.y),
            Vec2::new(c.x + h.x, c.y + h.y),
            Vec2::new(c.x - h.x, c.y + h.y),
        ];
        (0..4)
            .map(|i| segment_segment_dist2(a, b, corners[i], corners[(i + 1) % 4]))
            .fold(f64::INFINITY, f64::min)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_segment() {
        let a = Vec2::new(0.0, 0.0);
        let b = Vec2::new(10.0, 0.0);
        assert_eq!(point_segment_dist2(Vec2::new(5.0, 3.0), a, b), 9.0);
        assert_eq!(point_segment_dist2(Vec2::new(-3.0, 4.0), a, b), 25.0);
        assert_eq!(point_segment_dist2(Vec2::new(1.0, 1.0), a, a), 2.0);
    }

    #[test]
    fn segment_segment() {
        let o = Vec2::new(0.0, 0.0);
        assert_eq!(
            segment_segment_dist2(
                o,
                Vec2::new(10.0, 10.0),
                Vec2::new(0.0, 10.0),
                Vec2::new(10.0, 0.0)
            ),
            0.0
        );
        assert_eq!(
            segment_segment_dist2(
                o,
                Vec2::new(10.0, 0.0),
                Vec2::new(0.0, 2.0),
                Vec2::new(10.0, 2.0)
            ),
            4.0
        );
        // Collinear and overlapping.
        assert_eq!(
            segment_segment_dist2(
                o,
                Vec2::new(10.0, 0.0),
                Vec2::new(5.0, 0.0),
                Vec2::new(15.0, 0.0)
            ),
            0.0
        );
    }

    #[test]
    fn boxes() {
        let b = Aabb {
            center: Vec2::new(0.0, 0.0),
            half: Vec2::new(2.0, 1.0),
        };
        assert_eq!(b.dist2(Vec2::new(0.0, 0.0)), 0.0);
        assert_eq!(b.dist2(Vec2::new(5.0, 5.0)), 9.0 + 16.0);
        assert_eq!(
            b.segment_dist2(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0)),
            0.0
        );
        assert_eq!(
            b.segment_dist2(Vec2::new(-5.0, 3.0), Vec2::new(5.0, 3.0)),
            4.0
        );
    }
}
