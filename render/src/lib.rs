//! Pictures of levels: the field, walls, goal and ball, the bare ball's path, placed
//! parts (a gear with an arrow showing which way it turns), and optionally the
//! placements of a sweep coloured by result, all at the sizes the rules give. The CLI's
//! `render` and the studio's picture export both call [`render_png`], so they write
//! identical files. Colours are the studio's palette (`ui/src/draw/colors.ts`; a test
//! keeps the two in step).

pub mod range;
pub use range::{render_range_png, RangeFigure};

use contraption::{PartKind, Placement, Rules, Spin, Sweep, SweepResult, ValidRules, World};
use tiny_skia::{Color, FillRule, LineCap, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// The studio's palette, as `#rrggbb`.
pub mod palette {
    pub const FIELD: &str = "#0a0d12";
    pub const FIELD_EDGE: &str = "#2a3342";
    pub const GRID: &str = "#151b25";
    pub const WALL: &str = "#aab4c5";
    pub const BALL: &str = "#ffb547";
    pub const GOAL: &str = "#3ddc84";
    pub const BARE: &str = "#e8ecf3";
    pub const ACCENT: &str = "#5ee3d0";
    pub const RESULT_GOAL: &str = "#3ddc84";
    pub const RESULT_OUT: &str = "#ff6b6b";
    pub const RESULT_REST: &str = "#5aa9ff";
    pub const RESULT_TIMEOUT: &str = "#c38bff";
    pub const RESULT_BLOCKED: &str = "#525c6e";
}

/// What a picture of an attempt shows besides the level (`contraption render`'s
/// `--puzzle` / `--sweep`, the studio's three picture buttons).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shows {
    /// The level, the bare ball's path and, for the shipped attempt, the solving
    /// ramp (today's default picture, byte for byte).
    #[default]
    Solution,
    /// The puzzle as a player meets it: field, walls, goal and the ball at its
    /// start — no path, no part, no sweep.
    Puzzle,
    /// The bare ball's path and the attempt's 144 sweep placements coloured by result.
    Sweep,
}

/// What to draw besides the level.
#[derive(Debug, Clone, Default)]
pub struct Picture<'a> {
    /// Pixels per field unit (1 to 20). The picture is `width·scale` ×
    /// `height·scale` pixels (the rules' field; 100 × 150 by default) plus a margin
    /// of two units on every side.
    pub scale: f32,
    /// The bare ball's path (or any path), as `[x, y]` points.
    pub trajectory: &'a [[f64; 2]],
    /// Parts to draw (a solution, say).
    pub placements: &'a [Placement],
    /// A sweep to overlay: each placement as a ramp glyph coloured by its result,
    /// with the game's stop ringed.
    pub sweep: Option<&'a Sweep>,
}

/// Why a picture cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RenderError {
    #[error("the scale must be between 1 and 20 pixels per unit, not {0}")]
    BadScale(f32),
    #[error("a picture of {width} x {height} pixels is too large (at most 16384 on a side and 64 million pixels); lower the scale")]
    TooLarge { width: u32, height: u32 },
    #[error("seed {seed} has {attempts} attempt(s); the attempt must be 1 to {attempts}")]
    NoSuchAttempt { seed: u32, attempts: u32 },
    #[error("the picture could not be encoded as PNG: {0}")]
    Encode(String),
}

fn color(hex: &str, alpha: f32) -> Color {
    let n = u32::from_str_radix(&hex[1..], 16).expect("palette colours are #rrggbb");
    Color::from_rgba8(
        (n >> 16) as u8,
        (n >> 8) as u8,
        n as u8,
        (alpha.clamp(0.0, 1.0) * 255.0).round() as u8,
    )
}

fn paint(hex: &str, alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color(hex, alpha));
    p.anti_alias = true;
    p
}

fn result_hex(r: SweepResult) -> &'static str {
    match r {
        SweepResult::Goal => palette::RESULT_GOAL,
        SweepResult::Out => palette::RESULT_OUT,
        SweepResult::Rest => palette::RESULT_REST,
        SweepResult::Timeout => palette::RESULT_TIMEOUT,
        SweepResult::Blocked => palette::RESULT_BLOCKED,
    }
}

/// Margin around the field, in field units.
const MARGIN: f32 = 2.0;

struct Canvas {
    pixmap: Pixmap,
    scale: f32,
}

impl Canvas {
    fn at(&self, x: f64, y: f64) -> (f32, f32) {
        (
            (x as f32 + MARGIN) * self.scale,
            (y as f32 + MARGIN) * self.scale,
        )
    }

    fn line(&mut self, a: (f64, f64), b: (f64, f64), width_units: f32, hex: &str, alpha: f32) {
        let mut pb = PathBuilder::new();
        let (ax, ay) = self.at(a.0, a.1);
        let (bx, by) = self.at(b.0, b.1);
        pb.move_to(ax, ay);
        pb.line_to(bx, by);
        if let Some(path) = pb.finish() {
            let stroke = Stroke {
                width: (width_units * self.scale).max(1.0),
                line_cap: LineCap::Round,
                ..Stroke::default()
            };
            self.pixmap.stroke_path(
                &path,
                &paint(hex, alpha),
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }

    fn circle(&mut self, c: (f64, f64), r_units: f32, hex: &str, alpha: f32, fill: bool) {
        let (x, y) = self.at(c.0, c.1);
        if let Some(path) = PathBuilder::from_circle(x, y, (r_units * self.scale).max(1.0)) {
            if fill {
                self.pixmap.fill_path(
                    &path,
                    &paint(hex, alpha),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            } else {
                let stroke = Stroke {
                    width: (0.35 * self.scale).max(1.0),
                    ..Stroke::default()
                };
                self.pixmap.stroke_path(
                    &path,
                    &paint(hex, alpha),
                    &stroke,
                    Transform::identity(),
                    None,
                );
            }
        }
    }
}

impl Canvas {
    /// A gear: a ring with teeth, and an arrow along its top showing which way its
    /// rim moves (right for clockwise, left for counter-clockwise; a gear without a
    /// spin stands still and gets no arrow).
    fn gear(&mut self, c: (f64, f64), r: f64, spin: Option<Spin>, hex: &str) {
        self.circle(c, r as f32, hex, 0.25, true);
        self.circle(c, r as f32, hex, 1.0, false);
        // Eight teeth just outside the rim.
        for i in 0..8 {
            let t = f64::from(i) * std::f64::consts::FRAC_PI_4;
            let (s, co) = (t.sin(), t.cos());
            self.line(
                (c.0 + co * r, c.1 + s * r),
                (c.0 + co * (r + 0.9), c.1 + s * (r + 0.9)),
                0.7,
                hex,
                1.0,
            );
        }
        self.circle(c, (r * 0.18) as f32, hex, 1.0, true);
        let Some(spin) = spin else { return };
        // An arc over the top, two thirds of the way round from where it starts,
        // with the head where the rim is going.
        let dir = spin.sign();
        let arc_r = r * 0.62;
        let (from, to) = (
            -std::f64::consts::PI * 0.5 - dir * 1.0,
            -std::f64::consts::PI * 0.5 + dir * 1.0,
        );
        let steps = 12;
        let at = |a: f64| (c.0 + arc_r * a.cos(), c.1 + arc_r * a.sin());
        for k in 0..steps {
            let a0 = from + (to - from) * f64::from(k) / f64::from(steps);
            let a1 = from + (to - from) * f64::from(k + 1) / f64::from(steps);
            self.line(at(a0), at(a1), 0.45, hex, 1.0);
        }
        let tip = at(to);
        // The tangent at the tip, in the direction of travel.
        let (tx, ty) = (-to.sin() * dir, to.cos() * dir);
        let (nx, ny) = (-ty, tx);
        let head = r * 0.3;
        for side in [-1.0, 1.0] {
            self.line(
                tip,
                (
                    tip.0 - tx * head + nx * head * 0.6 * side,
                    tip.1 - ty * head + ny * head * 0.6 * side,
                ),
                0.45,
                hex,
                1.0,
            );
        }
    }
}

/// The picture `contraption render` writes and the studio exports: attempt `attempt`
/// (default: the shipped one) of `seed` under `rules`, showing what `shows` says:
/// the bare ball's path with the solving ramp (shipped attempt) or with the sweep,
/// or the bare puzzle.
pub fn render_attempt(
    rules: &ValidRules,
    seed: u32,
    attempt: Option<u32>,
    scale: f32,
    shows: Shows,
) -> Result<Vec<u8>, RenderError> {
    let report = contraption::generate(
        rules,
        seed,
        &contraption::GenerateOptions {
            mode: contraption::Mode::Inspector,
            trajectory_stride: 2,
        },
    );
    let attempts = report.attempts.len() as u32;
    let k = attempt.unwrap_or(report.shipped.attempt);
    if k == 0 || k > attempts {
        return Err(RenderError::NoSuchAttempt { seed, attempts });
    }
    let a = &report.attempts[k as usize - 1];
    let solution: Vec<Placement> = if k == report.shipped.attempt && shows == Shows::Solution {
        report.shipped.solution.into_iter().collect()
    } else {
        Vec::new()
    };
    let picture = Picture {
        scale,
        trajectory: if shows == Shows::Puzzle {
            &[]
        } else {
            &a.bare.trajectory
        },
        placements: &solution,
        sweep: if shows == Shows::Sweep {
            a.sweep.as_ref()
        } else {
            None
        },
    };
    render_png(rules, &a.world, &picture)
}

/// Draws a level with the field and part sizes of `rules` and returns the PNG bytes.
pub fn render_png(
    rules: &Rules,
    world: &World,
    picture: &Picture<'_>,
) -> Result<Vec<u8>, RenderError> {
    let scale = picture.scale;
    if !(1.0..=20.0).contains(&scale) {
        return Err(RenderError::BadScale(scale));
    }
    let field_width = rules.field.width;
    let field_height = rules.field.height;
    let w = ((field_width as f32 + 2.0 * MARGIN) * scale).round() as u32;
    let h = ((field_height as f32 + 2.0 * MARGIN) * scale).round() as u32;
    if w > 16_384 || h > 16_384 || u64::from(w) * u64::from(h) > 64_000_000 {
        return Err(RenderError::TooLarge {
            width: w,
            height: h,
        });
    }
    let mut pixmap = Pixmap::new(w, h).expect("a non-empty picture");
    pixmap.fill(color("#0e1117", 1.0));
    let mut c = Canvas { pixmap, scale };

    // The field and its 10-unit grid.
    let (fx, fy) = c.at(0.0, 0.0);
    let field = Rect::from_xywh(
        fx,
        fy,
        field_width as f32 * scale,
        field_height as f32 * scale,
    )
    .expect("a positive rectangle");
    c.pixmap.fill_rect(
        field,
        &paint(palette::FIELD, 1.0),
        Transform::identity(),
        None,
    );
    for x in (1..)
        .map(|i| f64::from(i) * 10.0)
        .take_while(|&x| x < field_width)
    {
        c.line((x, 0.0), (x, field_height), 0.1, palette::GRID, 1.0);
    }
    for y in (1..)
        .map(|i| f64::from(i) * 10.0)
        .take_while(|&y| y < field_height)
    {
        c.line((0.0, y), (field_width, y), 0.1, palette::GRID, 1.0);
    }
    let mut edge = PathBuilder::new();
    edge.push_rect(field);
    if let Some(path) = edge.finish() {
        c.pixmap.stroke_path(
            &path,
            &paint(palette::FIELD_EDGE, 1.0),
            &Stroke::default(),
            Transform::identity(),
            None,
        );
    }

    // The sweep's glyphs, under everything else.
    if let Some(sweep) = picture.sweep {
        for p in &sweep.placements {
            let body = Placement::ramp(p.x, p.y, p.angle).body(&rules.parts);
            let alpha = if p.result == SweepResult::Blocked {
                0.5
            } else {
                0.85
            };
            c.line(
                (body.a.x, body.a.y),
                (body.b.x, body.b.y),
                2.0 * rules.parts.ramp.radius as f32,
                result_hex(p.result),
                alpha,
            );
        }
        if let Some(stop) = sweep
            .game_stop
            .and_then(|i| sweep.placements.get(i as usize))
        {
            c.circle((stop.x, stop.y), 10.5, palette::ACCENT, 1.0, false);
        }
    }

    // Goal zone.
    let g = world.goal;
    let (gx, gy) = c.at(g.center.x - g.width / 2.0, g.center.y - g.height / 2.0);
    if let Some(goal) = Rect::from_xywh(gx, gy, g.width as f32 * scale, g.height as f32 * scale) {
        c.pixmap.fill_rect(
            goal,
            &paint(palette::GOAL, 0.22),
            Transform::identity(),
            None,
        );
        let mut pb = PathBuilder::new();
        pb.push_rect(goal);
        if let Some(path) = pb.finish() {
            let stroke = Stroke {
                width: (0.35 * scale).max(1.5),
                ..Stroke::default()
            };
            c.pixmap.stroke_path(
                &path,
                &paint(palette::GOAL, 1.0),
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }

    // Walls, with a dark casing so they read over the glyphs.
    let wall_radius = rules.walls.radius as f32;
    for wall in &world.walls {
        let (a, b) = ((wall.a.x, wall.a.y), (wall.b.x, wall.b.y));
        c.line(a, b, 2.0 * wall_radius + 4.0 / scale, palette::FIELD, 1.0);
        c.line(a, b, 2.0 * wall_radius, palette::WALL, 1.0);
    }

    // Placed parts.
    for p in picture.placements {
        let body = p.body(&rules.parts);
        let hex = match p.part {
            PartKind::Ramp | PartKind::Fan | PartKind::Gear => palette::ACCENT,
            PartKind::Bumper => palette::BALL,
        };
        if p.part == PartKind::Bumper {
            c.circle((p.x, p.y), body.radius as f32, hex, 0.9, true);
        } else if p.part == PartKind::Gear {
            c.gear((p.x, p.y), body.radius, p.spin, hex);
        } else {
            c.line(
                (body.a.x, body.a.y),
                (body.b.x, body.b.y),
                2.0 * body.radius as f32,
                hex,
                1.0,
            );
        }
    }

    // The path, then the ball at its start.
    for pair in picture.trajectory.windows(2) {
        c.line(
            (pair[0][0], pair[0][1]),
            (pair[1][0], pair[1][1]),
            0.4,
            palette::BARE,
            0.8,
        );
    }
    c.circle(
        (world.ball.x, world.ball.y),
        rules.ball.radius as f32,
        palette::BALL,
        1.0,
        true,
    );

    c.pixmap
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}
