//! Contact resolution: the sides of the field and one solid against the ball,
//! with restitution, friction and the gears' carry.

use super::*;

/// The ball's state during a step.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ball {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) vx: f64,
    pub(crate) vy: f64,
}

/// Keeps the ball between the field's sides; true when it moved it by more than the slop.
#[inline]
pub(crate) fn sides(k: &Consts, b: &mut Ball) -> bool {
    if b.x < k.ball_radius {
        let moved = k.ball_radius - b.x > k.slop;
        b.x = k.ball_radius;
        if b.vx < 0.0 {
            b.vx = bounce(k, -b.vx, k.side_restitution);
        }
        moved
    } else if b.x > k.right {
        let moved = b.x - k.right > k.slop;
        b.x = k.right;
        if b.vx > 0.0 {
            b.vx = -bounce(k, b.vx, k.side_restitution);
        }
        moved
    } else {
        false
    }
}

/// Resolves the ball against one solid: pushes it out to the contact distance and
/// applies restitution, kick and friction. True when it moved it by more than the slop.
/// The bounding-box test, which settles most calls, stays in the caller's loop.
#[inline(always)]
pub(crate) fn contact(k: &Consts, s: &Solid, b: &mut Ball) -> bool {
    // One branch for the four comparisons (`|`, not `||`): whether the ball is near
    // a solid changes from step to step, and four branches mispredict more often.
    if (b.x < s.min_x) | (b.y < s.min_y) | (b.x > s.max_x) | (b.y > s.max_y) {
        return false;
    }
    contact_near(k, s, b)
}

/// [`contact`] once the ball is inside the solid's bounding box.
#[inline(never)]
pub(crate) fn contact_near(k: &Consts, s: &Solid, b: &mut Ball) -> bool {
    let (ex, ey, d2) = s.offset(b.x, b.y);
    if d2 >= s.reach * s.reach {
        return false;
    }
    let (nx, ny, d) = if d2 > 0.0 {
        let d = d2.sqrt();
        (ex / d, ey / d, d)
    } else {
        let (nx, ny) = degenerate_normal(s, b);
        (nx, ny, 0.0)
    };
    let push = s.reach - d;
    b.x += nx * push;
    b.y += ny * push;
    let vn = b.vx * nx + b.vy * ny;
    if vn < 0.0 {
        let tx = b.vx - vn * nx;
        let ty = b.vy - vn * ny;
        let out = bounce(k, -vn, s.restitution).max(s.kick);
        let impulse = out - vn;
        let (ftx, fty) = if s.spin == 0.0 {
            // Coulomb friction: the tangential speed drops by at most
            // friction × normal impulse, never reversing.
            let vt2 = tx * tx + ty * ty;
            let (mut ftx, mut fty) = (tx, ty);
            if s.friction > 0.0 && vt2 > 0.0 {
                let vt = vt2.sqrt();
                let keep = ((vt - s.friction * impulse) / vt).max(0.0);
                ftx = tx * keep;
                fty = ty * keep;
            }
            (ftx, fty)
        } else {
            gear_friction(s, nx, ny, tx, ty, impulse)
        };
        b.vx = ftx + nx * out;
        b.vy = fty + ny * out;
    }
    push > k.slop
}

/// Friction against a turning surface: the ball's tangential velocity relative to
/// the surface's velocity `spin × (−n.y, n.x)` drops by at most friction × normal
/// impulse, never reversing, so a ball on a turning gear is carried along its rim.
#[inline(never)]
pub(crate) fn gear_friction(
    s: &Solid,
    nx: f64,
    ny: f64,
    tx: f64,
    ty: f64,
    impulse: f64,
) -> (f64, f64) {
    let sx = -ny * s.spin;
    let sy = nx * s.spin;
    let rx = tx - sx;
    let ry = ty - sy;
    let r2 = rx * rx + ry * ry;
    if s.friction > 0.0 && r2 > 0.0 {
        let r = r2.sqrt();
        let keep = ((r - s.friction * impulse) / r).max(0.0);
        (sx + rx * keep, sy + ry * keep)
    } else {
        (tx, ty)
    }
}

/// The push direction when the ball's centre lies exactly on a solid's segment:
/// the segment's normal facing against the ball's motion (for a disc, straight
/// against the motion; for a ball at rest, up).
pub(crate) fn degenerate_normal(s: &Solid, b: &Ball) -> (f64, f64) {
    if s.inv_len2 > 0.0 {
        let len = (s.dx * s.dx + s.dy * s.dy).sqrt();
        let (nx, ny) = (-s.dy / len, s.dx / len);
        if nx * b.vx + ny * b.vy > 0.0 {
            (-nx, -ny)
        } else {
            (nx, ny)
        }
    } else {
        let speed = (b.vx * b.vx + b.vy * b.vy).sqrt();
        if speed > 0.0 {
            (-b.vx / speed, -b.vy / speed)
        } else {
            (0.0, -1.0)
        }
    }
}

/// Outgoing normal speed for an impact at `speed` (> 0): slow impacts do not bounce.
#[inline]
pub(crate) fn bounce(k: &Consts, speed: f64, restitution: f64) -> f64 {
    if speed < k.bounce_threshold {
        0.0
    } else {
        speed * restitution
    }
}
