use contraption::{GenerateOptions, GenerationReport, SimOptions, ValidRules};
use contraption_render::{palette, render_png, Picture, RenderError};

fn generate(seed: u32, options: &GenerateOptions) -> GenerationReport {
    contraption::generate(&ValidRules::default(), seed, options)
}

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(bytes);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    assert_eq!(info.color_type, png::ColorType::Rgba);
    (info.width, info.height, buf)
}

fn rgb(hex: &str) -> [u8; 3] {
    let n = u32::from_str_radix(&hex[1..], 16).unwrap();
    [(n >> 16) as u8, (n >> 8) as u8, n as u8]
}

#[test]
fn a_level_picture_has_the_field_the_ball_and_the_goal_where_they_are() {
    let report = generate(42, &GenerateOptions::inspector());
    let world = &report.shipped.world;
    let rules = ValidRules::default();
    let bare = contraption::simulate(&rules, world, &[], &SimOptions::with_trajectory(4));
    let picture = Picture {
        scale: 6.0,
        trajectory: &bare.trajectory,
        placements: &[],
        sweep: report.shipped_attempt().sweep.as_ref(),
    };
    let png = render_png(&rules, world, &picture).unwrap();
    let (w, h, pixels) = decode(&png);
    assert_eq!((w, h), (624, 924));
    let at = |x: f64, y: f64| {
        let (px, py) = (((x + 2.0) * 6.0) as usize, ((y + 2.0) * 6.0) as usize);
        let i = (py * w as usize + px) * 4;
        [pixels[i], pixels[i + 1], pixels[i + 2]]
    };
    assert_eq!(at(world.ball.x, world.ball.y), rgb(palette::BALL));
    assert_eq!(at(-1.0, -1.0), rgb("#0e1117"), "the margin");
    // The goal's outline is drawn in the goal colour.
    let g = world.goal;
    assert_eq!(
        at(g.center.x, g.center.y - g.height / 2.0),
        rgb(palette::GOAL)
    );
    // Same input, same bytes.
    assert_eq!(render_png(&rules, world, &picture).unwrap(), png);
}

#[test]
fn scales_out_of_range_are_refused() {
    let world = generate(1, &GenerateOptions::game()).shipped.world;
    for scale in [0.0, 0.5, 21.0, f32::NAN] {
        let p = Picture {
            scale,
            ..Picture::default()
        };
        assert!(matches!(
            render_png(&ValidRules::default(), &world, &p),
            Err(RenderError::BadScale(_))
        ));
    }
}

/// The picture uses the studio's palette: every colour here appears in the UI's
/// colors.ts under the same name.
#[test]
fn the_palette_matches_the_studio() {
    let ts = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ui/src/draw/colors.ts"
    ))
    .expect("ui/src/draw/colors.ts");
    let find = |key: &str| -> String {
        let line = ts
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{key}:")))
            .unwrap_or_else(|| panic!("colors.ts has no `{key}:`"));
        let start = line.find('#').expect("a hex colour");
        line[start..start + 7].to_owned()
    };
    for (key, ours) in [
        ("field", palette::FIELD),
        ("fieldEdge", palette::FIELD_EDGE),
        ("grid", palette::GRID),
        ("wall", palette::WALL),
        ("ball", palette::BALL),
        ("bare", palette::BARE),
        ("accent", palette::ACCENT),
        ("out", palette::RESULT_OUT),
        ("rest", palette::RESULT_REST),
        ("timeout", palette::RESULT_TIMEOUT),
        ("blocked", palette::RESULT_BLOCKED),
    ] {
        assert_eq!(find(key), ours, "{key}");
    }
    assert!(ts.contains(&format!("goal: \"{}\"", palette::GOAL)));
}

/// A gear is drawn as a disc with teeth and an arrow over its top pointing the way
/// its rim moves: the clockwise and counter-clockwise pictures are mirror images
/// of each other around the gear's centre line.
#[test]
fn gears_show_which_way_they_turn() {
    use contraption::{Placement, Spin};
    let rules = ValidRules::default();
    let mut world = generate(42, &GenerateOptions::game()).shipped.world;
    world.walls.clear();
    world.ball.x = 10.0;
    let picture = |spin: Option<Spin>| {
        let gear = Placement {
            spin,
            ..Placement::gear(50.0, 60.0, Spin::Clockwise)
        };
        let placements = [gear];
        let p = Picture {
            scale: 8.0,
            trajectory: &[],
            placements: &placements,
            sweep: None,
        };
        decode(&render_png(&rules, &world, &p).unwrap())
    };
    let (w, _, cw) = picture(Some(Spin::Clockwise));
    let (_, _, ccw) = picture(Some(Spin::CounterClockwise));
    let (_, _, still) = picture(None);
    let at = |px: &[u8], x: usize, y: usize| {
        let i = (y * w as usize + x) * 4;
        [px[i], px[i + 1], px[i + 2]]
    };
    // The gear's centre (x 50 → pixel (50 + 2) × 8 = 416) is drawn in the accent colour.
    let (cx, cy) = (416usize, 496usize);
    assert_eq!(at(&cw, cx, cy), rgb(palette::ACCENT));
    assert_ne!(cw, ccw);
    assert_ne!(cw, still);
    // Mirror images: every pixel of the gear's square matches across x = cx.
    let r = ((contraption::rules::GEAR_RADIUS + 2.0) * 8.0) as usize;
    let mut differ = 0;
    for y in cy - r..=cy + r {
        for d in 0..=r {
            let (a, b) = (at(&cw, cx + d, y), at(&ccw, cx - 1 - d, y));
            let close = a.iter().zip(&b).all(|(p, q)| p.abs_diff(*q) <= 40);
            differ += usize::from(!close);
        }
    }
    assert!(differ < r * 2, "{differ} pixels are not mirrored");
    // The arrow: pixels over the gear's top that the still gear does not have.
    let arrow = (cy - r..cy)
        .flat_map(|y| (cx - r..=cx + r).map(move |x| (x, y)))
        .filter(|&(x, y)| at(&cw, x, y) != at(&still, x, y))
        .count();
    assert!(arrow > 20, "{arrow}");
}

/// The default picture is today's, byte for byte (the golden was written by
/// `contraption render 42 --scale 2` before the puzzle picture existed); the puzzle
/// picture leaves out the solving ramp and the bare ball's path and keeps the level.
#[test]
fn puzzle_only_and_with_solution_pictures() {
    use contraption_render::{render_attempt, Shows};
    let rules = ValidRules::default();
    let solution = render_attempt(&rules, 42, None, 2.0, Shows::Solution).unwrap();
    assert_eq!(
        solution,
        include_bytes!("golden/seed-42-solution.png").as_slice(),
        "the default picture changed"
    );
    let puzzle = render_attempt(&rules, 42, None, 2.0, Shows::Puzzle).unwrap();
    assert_ne!(puzzle, solution);
    let report = generate(
        42,
        &GenerateOptions {
            mode: contraption::Mode::Inspector,
            trajectory_stride: 2,
        },
    );
    let world = &report.shipped.world;
    let ramp = report.shipped.solution.expect("seed 42 is accepted");
    let (w, h, with) = decode(&solution);
    let (w2, h2, without) = decode(&puzzle);
    assert_eq!((w, h), (w2, h2));
    let at = |pixels: &[u8], x: f64, y: f64| {
        let (px, py) = (((x + 2.0) * 2.0) as usize, ((y + 2.0) * 2.0) as usize);
        let i = (py * w as usize + px) * 4;
        [pixels[i], pixels[i + 1], pixels[i + 2]]
    };
    // The solving ramp's centre: the accent colour with the solution, the bare field without.
    assert_eq!(at(&with, ramp.x, ramp.y), rgb(palette::ACCENT));
    assert_ne!(at(&without, ramp.x, ramp.y), rgb(palette::ACCENT));
    // The bare ball's path: drawn with the solution, absent from the puzzle (the
    // puzzle differs from the solution picture only where the path and ramp were).
    let bare = &report.shipped_attempt().bare.trajectory;
    let inside: Vec<&[f64; 2]> = bare
        .iter()
        .skip(8)
        .filter(|p| (1.0..99.0).contains(&p[0]) && (1.0..149.0).contains(&p[1]))
        .collect();
    let differs = inside
        .iter()
        .filter(|p| at(&with, p[0], p[1]) != at(&without, p[0], p[1]))
        .count();
    assert!(inside.len() > 10);
    assert!(differs > inside.len() / 4, "{differs} of {}", inside.len());
    // The puzzle keeps the level: ball, goal outline, walls.
    assert_eq!(at(&without, world.ball.x, world.ball.y), rgb(palette::BALL));
    let g = world.goal;
    assert_eq!(
        at(&without, g.center.x, g.center.y - g.height / 2.0),
        rgb(palette::GOAL)
    );
    let wall = world.walls[0];
    let mid = ((wall.a.x + wall.b.x) / 2.0, (wall.a.y + wall.b.y) / 2.0);
    assert_eq!(at(&without, mid.0, mid.1), rgb(palette::WALL));
    // No part, no path: every pixel is one the bare level draws (none in the accent or bare-path colours).
    let accent = rgb(palette::ACCENT);
    assert!(!without.chunks(4).any(|p| p[..3] == accent));
}
