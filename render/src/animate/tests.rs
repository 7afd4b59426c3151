use super::*;
use contraption::{new_solution, Outcome};

/// A GIF's width, height and frames (each frame's delay and RGB pixels).
type Decoded = (u32, u32, Vec<(u16, Vec<[u8; 3]>)>);

/// Each frame of a GIF composited onto the one before, as RGB.
pub(crate) fn frames(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut d = options.read_info(bytes).unwrap();
    let (w, h) = (u32::from(d.width()), u32::from(d.height()));
    let table: Vec<[u8; 3]> = d
        .global_palette()
        .unwrap()
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let mut canvas = vec![[0u8; 3]; (w * h) as usize];
    let mut out = Vec::new();
    while let Some(f) = d.read_next_frame().unwrap() {
        assert!(f.palette.is_none() && f.transparent.is_none());
        for y in 0..usize::from(f.height) {
            for x in 0..usize::from(f.width) {
                let i = f.buffer[y * usize::from(f.width) + x];
                let at = (usize::from(f.top) + y) * w as usize + usize::from(f.left) + x;
                canvas[at] = table[usize::from(i)];
            }
        }
        out.push((f.delay, canvas.clone()));
    }
    (w, h, out)
}

/// The centre (in pixels) of the pixels of exactly `colour`, and how many.
pub(crate) fn centroid(w: u32, pixels: &[[u8; 3]], colour: [u8; 3]) -> Option<(f64, f64, usize)> {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0);
    for (i, p) in pixels.iter().enumerate() {
        if *p == colour {
            sx += (i as u32 % w) as f64 + 0.5;
            sy += (i as u32 / w) as f64 + 0.5;
            n += 1;
        }
    }
    (n > 0).then(|| (sx / n as f64, sy / n as f64, n))
}

#[test]
fn the_plan_samples_the_run_at_the_frame_rate_and_ends_on_the_last_step() {
    let p = frame_plan(240, 120, 30);
    assert_eq!(p.steps.len(), 61);
    assert_eq!(p.steps[..4], [0, 4, 8, 12]);
    assert_eq!(*p.steps.last().unwrap(), 240);
    assert_eq!(p.delays.len(), 61);
    assert_eq!(p.delays[..3], [3, 4, 3]);
    assert_eq!(
        p.delays[..60].iter().map(|&d| u32::from(d)).sum::<u32>(),
        200
    );
    assert_eq!(*p.delays.last().unwrap(), HOLD_CS);
    assert!(!p.capped);
    // A run that ends between two frames: one more frame, on the last step.
    let p = frame_plan(241, 120, 30);
    assert_eq!(p.steps.len(), 62);
    assert_eq!(p.steps[p.steps.len() - 2..], [240, 241]);
    // 25 frames a second: exactly 4 hundredths each.
    let p = frame_plan(120, 120, 25);
    assert_eq!(p.steps.len(), 26);
    assert!(p.delays[..25].iter().all(|&d| d == 4));
    // A one-step run: the start and the end.
    assert_eq!(frame_plan(1, 120, 30).steps, [0, 1]);
}

#[test]
fn every_plan_increases_and_no_frame_is_shorter_than_two_hundredths() {
    for fps in 1..=MAX_FPS {
        for steps in [1, 7, 119, 120, 1440, 200_000] {
            for sps in [30, 120, 240] {
                let p = frame_plan(steps, sps, fps);
                assert!(p.steps.windows(2).all(|s| s[0] < s[1]), "{fps} {steps}");
                assert_eq!(*p.steps.last().unwrap(), steps);
                assert!(p.steps.len() <= MAX_FRAMES);
                assert!(p.delays.iter().all(|&d| d >= 2), "{fps} {steps} {sps}");
            }
        }
    }
    let p = frame_plan(200_000, 120, 30);
    assert!(p.capped);
    assert_eq!(p.steps.len(), MAX_FRAMES);
    // Still in real time: the delays add up to the run's 1666.67 seconds.
    let total: u32 = p.delays[..MAX_FRAMES - 1]
        .iter()
        .map(|&d| u32::from(d))
        .sum();
    assert_eq!(total, 166_667);
}

#[test]
fn the_ball_is_drawn_where_the_trajectory_has_it_frame_by_frame() {
    let rules = ValidRules::default();
    let report = contraption::generate(&rules, 42, &GenerateOptions::game());
    let world = &report.shipped.world;
    let parts: Vec<Placement> = report.shipped.solution.into_iter().collect();
    let run = contraption::simulate(&rules, world, &parts, &SimOptions::with_trajectory(1));
    assert_eq!(run.outcome, Outcome::Goal);
    let options = AnimateOptions::default();
    let a = animate_gif(&rules, world, &parts, &run.trajectory, &options).unwrap();
    let again = animate_gif(&rules, world, &parts, &run.trajectory, &options).unwrap();
    assert_eq!(a.gif, again.gif, "the same bytes every time");
    assert_eq!(a.plan, frame_plan(run.steps, 120, 30));
    let (w, h, frames) = frames(&a.gif);
    assert_eq!((w, h), (a.width, a.height));
    assert_eq!((w, h), (416, 616));
    assert_eq!(frames.len(), a.plan.steps.len());
    let ball = [0xff, 0xb5, 0x47];
    let r = rules.ball.radius;
    let mut checked = 0;
    for (i, (delay, pixels)) in frames.iter().enumerate() {
        assert_eq!(*delay, a.plan.delays[i]);
        let [x, y] = run.trajectory[a.plan.steps[i] as usize];
        if x < r || x > rules.field.width - r || y < r || y > rules.field.height - r {
            continue;
        }
        let (cx, cy, n) = centroid(w, pixels, ball).expect("the ball is drawn");
        let (ex, ey) = ((x + 2.0) * 4.0, (y + 2.0) * 4.0);
        assert!(
            (cx - ex).abs() < 1.0 && (cy - ey).abs() < 1.0,
            "frame {i}: the ball at ({cx:.2}, {cy:.2}) px, the run at ({ex:.2}, {ey:.2})"
        );
        // A disc of radius 10 px: about 314 pixels.
        assert!((250..=330).contains(&n), "frame {i}: {n} ball pixels");
        checked += 1;
    }
    assert!(checked > frames.len() / 2, "{checked} frames checked");
}

#[test]
fn bad_rates_and_scales_are_refused() {
    let rules = ValidRules::default();
    for fps in [0, MAX_FPS + 1, 1000] {
        let o = AnimateOptions { fps, scale: 4.0 };
        assert_eq!(
            animate_attempt(&rules, 1, None, &o),
            Err(AnimateError::BadFps(fps))
        );
    }
    for scale in [0.0, 0.5, 10.5, f32::NAN, f32::INFINITY] {
        let o = AnimateOptions { fps: 30, scale };
        assert!(matches!(
            animate_attempt(&rules, 1, None, &o),
            Err(AnimateError::BadScale(_))
        ));
    }
    assert_eq!(
        animate_attempt(&rules, 1, Some(999), &AnimateOptions::default()),
        Err(AnimateError::Render(RenderError::NoSuchAttempt {
            seed: 1,
            attempts: contraption::generate(&rules, 1, &GenerateOptions::inspector())
                .attempts
                .len() as u32
        }))
    );
}

#[test]
fn a_solution_animates_only_on_its_own_seed() {
    let rules = ValidRules::default();
    let shipped = contraption::generate(&rules, 42, &GenerateOptions::game()).shipped;
    let parts: Vec<Placement> = shipped.solution.into_iter().collect();
    let solution = new_solution(&rules, 42, shipped.level_hash.clone(), parts.clone());
    let o = AnimateOptions {
        fps: 10,
        scale: 2.0,
    };
    let a = animate_solution(&rules, 42, &solution, &o).unwrap();
    let run = contraption::simulate(
        &rules,
        &shipped.world,
        &parts,
        &SimOptions::with_trajectory(1),
    );
    assert_eq!(
        a,
        animate_gif(&rules, &shipped.world, &parts, &run.trajectory, &o).unwrap()
    );
    assert_eq!(
        animate_solution(&rules, 7, &solution, &o),
        Err(AnimateError::OtherSeed { file: 42, seed: 7 })
    );
    let mut other = solution.clone();
    other.level_hash = "0000000000000000".into();
    assert!(matches!(
        animate_solution(&rules, 42, &other, &o),
        Err(AnimateError::Solution(SolutionError::OtherLevel { .. }))
    ));
}

/// Seed 42's bare run at the defaults is today's GIF, byte for byte, on every
/// machine (the golden was written by `contraption render 42 --animate
/// render/tests/golden/seed-42-run.gif`; a deliberate change of the drawing
/// rewrites it).
#[test]
fn the_default_animation_is_the_golden_one() {
    let a = animate_attempt(&ValidRules::default(), 42, None, &AnimateOptions::default()).unwrap();
    assert!(
        a.gif == include_bytes!("../../tests/golden/seed-42-run.gif").as_slice(),
        "seed 42's animation changed ({} bytes)",
        a.gif.len()
    );
}
