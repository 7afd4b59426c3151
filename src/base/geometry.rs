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

/// `segment_segment_dist2(a, b, c, d) < reach * reach`, bit for bit, with fewer
/// divisions: the distance is 0 when the segments cross, else the least of four
/// endpoint-to-segment distances, so it is under `reach` exactly when the segments
/// cross or one of those four is ([`point_closer_than`] skips those that are
/// surely not). A NaN term counts as not closer, as `f64::min` ignores it.
pub fn segments_closer_than(a: Vec2, b: Vec2, c: Vec2, d: Vec2, reach: f64) -> bool {
    if segments_intersect(a, b, c, d) {
        return 0.0 < reach * reach;
    }
    let ab = Bounds::of(a, b);
    let cd = Bounds::of(c, d);
    let scale = ab.magnitude() + cd.magnitude();
    let apart = reach + 1e-9 * (1.0 + scale + reach.abs());
    if reach.is_nan() || reach < 0.0 {
        return segment_segment_dist2(a, b, c, d) < reach * reach;
    }
    // Apart along an axis: every endpoint is apart from the other's box.
    if cd.x0 - ab.x1 > apart
        || ab.x0 - cd.x1 > apart
        || cd.y0 - ab.y1 > apart
        || ab.y0 - cd.y1 > apart
    {
        return false;
    }
    let near = |p: Vec2, q: &Bounds, s: Vec2, e: Vec2| {
        !q.apart(p, apart) && point_segment_dist2(p, s, e) < reach * reach
    };
    near(a, &cd, c, d) || near(b, &cd, c, d) || near(c, &ab, a, b) || near(d, &ab, a, b)
}

/// A segment's bounding box.
struct Bounds {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl Bounds {
    fn of(a: Vec2, b: Vec2) -> Self {
        let (x0, x1) = if a.x < b.x { (a.x, b.x) } else { (b.x, a.x) };
        let (y0, y1) = if a.y < b.y { (a.y, b.y) } else { (b.y, a.y) };
        Self { x0, x1, y0, y1 }
    }

    /// A bound of every coordinate's magnitude.
    fn magnitude(&self) -> f64 {
        self.x0.abs() + self.x1.abs() + self.y0.abs() + self.y1.abs()
    }

    /// Whether `p` is farther than `apart` from the box along an axis.
    fn apart(&self, p: Vec2, apart: f64) -> bool {
        self.x0 - p.x > apart
            || p.x - self.x1 > apart
            || self.y0 - p.y > apart
            || p.y - self.y1 > apart
    }
}

/// `point_segment_dist2(p, a, b) < reach * reach`, bit for bit, without the
/// division when `p` is farther than `reach` from the segment's box along an axis.
///
/// Why it is the same answer: the point the distance is measured to,
/// `a + t (b − a)` with `t` in [0, 1], lies in the segment's box give or take a few
/// units in the last place of the coordinates. Apart by more than `reach` plus a
/// margin far above that rounding, the offset's component along that axis is
/// longer than `reach`, so the squared distance, rounded, is at least
/// `reach * reach` rounded (rounding is monotonic).
pub fn point_closer_than(p: Vec2, a: Vec2, b: Vec2, reach: f64) -> bool {
    let q = Bounds::of(a, b);
    // The margin grows with the magnitude of the numbers, as their rounding does.
    // (NaN anywhere: no shortcut.)
    let scale = p.x.abs() + p.y.abs() + q.magnitude();
    let apart = reach + 1e-9 * (1.0 + scale + reach.abs());
    if reach >= 0.0 && q.apart(p, apart) {
        return false;
    }
    point_segment_dist2(p, a, b) < reach * reach
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

    /// The corners, in the order the distance walks the edges.
    fn corners(&self) -> [Vec2; 4] {
        let (c, h) = (self.center, self.half);
        [
            Vec2::new(c.x - h.x, c.y - h.y),
            Vec2::new(c.x + h.x, c.y - h.y),
            Vec2::new(c.x + h.x, c.y + h.y),
            Vec2::new(c.x - h.x, c.y + h.y),
        ]
    }

    /// `self.segment_dist2(a, b) < reach * reach`, bit for bit, through
    /// [`segments_closer_than`] for each edge (the distance is 0 when an end is
    /// inside, else the least of the four edges' distances).
    pub fn segment_closer_than(&self, a: Vec2, b: Vec2, reach: f64) -> bool {
        if self.contains(a) || self.contains(b) {
            return 0.0 < reach * reach;
        }
        let corners = self.corners();
        (0..4).any(|i| segments_closer_than(a, b, corners[i], corners[(i + 1) % 4], reach))
    }

    /// Squared distance between the box and segment `a`–`b` (0 when they touch).
    pub fn segment_dist2(&self, a: Vec2, b: Vec2) -> f64 {
        if self.contains(a) || self.contains(b) {
            return 0.0;
        }
        let corners = self.corners();
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
