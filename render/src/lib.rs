//! Pictures of levels: the field, walls, goal and ball, the bare ball's path, placed
//! parts (a gear with an arrow showing which way it turns), and optionally the
//! placements of a sweep coloured by result, all at the sizes the rules give. The CLI's
//! `render` and the studio's picture export both call [`render_png`], so they write
//! identical files. Colours are the studio's palette (`ui/src/draw/colors.ts`; a test
//! keeps the two in step).

mod animate;
mod canvas;
pub mod charts;
pub mod range;
pub use animate::{
    animate_attempt, animate_gif, animate_solution, frame_plan, AnimateError, AnimateOptions,
    Animation, FramePlan, DEFAULT_FPS, DEFAULT_SCALE, HOLD_CS, MAX_FPS, MAX_FRAMES, MAX_SCALE,
};
pub use charts::{
    render_curves_png, render_scatter_png, render_tornado_png, CurveFigure, CurveSeries,
    ScatterFigure, TornadoBar, TornadoFigure,
};
pub use range::{render_range_png, RangeFigure};

use contraption::{PartKind, Placement, Rules, Sweep, SweepResult, ValidRules, World};
use tiny_skia::{PathBuilder, Pixmap, Rect, Stroke, Transform};

use canvas::{color, paint, result_hex, Canvas, MARGIN};

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
    #[error("{0} is not a finite number")]
    NotFinite(&'static str),
    #[error("at most {max} {what}")]
    TooMany { what: &'static str, max: usize },
    #[error("{0}")]
    Shape(&'static str),
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
    let mut c = draw_level(rules, world, picture)?;
    draw_ball(&mut c, rules, (world.ball.x, world.ball.y));
    c.pixmap
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

/// The ball, centred at `at` (field units), drawn over whatever is there.
pub(crate) fn draw_ball(c: &mut Canvas, rules: &Rules, at: (f64, f64)) {
    c.circle(at, rules.ball.radius as f32, palette::BALL, 1.0, true);
}

/// Everything [`render_png`] draws but the ball: the field, the sweep, the goal,
/// the walls, the parts and the path.
pub(crate) fn draw_level(
    rules: &Rules,
    world: &World,
    picture: &Picture<'_>,
) -> Result<Canvas, RenderError> {
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
        c.stroke(&path, &Stroke::default(), palette::FIELD_EDGE, 1.0);
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
            c.stroke(&path, &stroke, palette::GOAL, 1.0);
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

    // The path (the ball goes over it).
    for pair in picture.trajectory.windows(2) {
        c.line(
            (pair[0][0], pair[0][1]),
            (pair[1][0], pair[1][1]),
            0.4,
            palette::BARE,
            0.8,
        );
    }
    Ok(c)
}
