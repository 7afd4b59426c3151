//! `contraption render SEED --animate FILE.gif`: the real binary's GIF, decoded
//! and checked against the engine's own run (`simulate --trajectory 1`).

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

mod support;
use support::{ok, run, stderr};

const BALL: [u8; 3] = [0xff, 0xb5, 0x47];
const ONE_MB: usize = 1_000_000;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn gears() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/gears.json")
}

/// The shipped level of `seed` and its solution file (the shipped ramp), in `dir`.
fn solution_file(dir: &Path, seed: u32) -> (Value, PathBuf) {
    let report: Value =
        serde_json::from_str(&ok(&["generate", &seed.to_string(), "--json"])).unwrap();
    let solution = json!({
        "format": "contraption-solution",
        "schema_version": 1,
        "seed": seed,
        "rules_version": report["rules_version"],
        "level_hash": report["shipped"]["level_hash"],
        "placements": [report["shipped"]["solution"]],
    });
    let path = dir.join(format!("solution-{seed}.json"));
    std::fs::write(&path, solution.to_string()).unwrap();
    (report, path)
}

/// The engine's run of `placements` in `report`'s shipped world: (steps, trajectory
/// of every step).
fn engine_run(dir: &Path, report: &Value, placements: Value) -> (u64, Vec<[f64; 2]>) {
    let scene = dir.join("scene.json");
    let body = json!({ "world": report["shipped"]["world"], "placements": placements });
    std::fs::write(&scene, body.to_string()).unwrap();
    let v: Value =
        serde_json::from_str(&ok(&["simulate", s(&scene), "--trajectory", "1", "--json"])).unwrap();
    let trajectory: Vec<[f64; 2]> = serde_json::from_value(v["trajectory"].clone()).unwrap();
    let steps = v["steps"].as_u64().unwrap();
    assert_eq!(trajectory.len() as u64, steps + 1);
    (steps, trajectory)
}

/// Every frame composited onto the one before, as RGB, with its delay.
/// A GIF's width, height and frames (each frame's delay and RGB pixels).
type Decoded = (u32, u32, Vec<(u16, Vec<[u8; 3]>)>);

fn decode(bytes: &[u8]) -> Decoded {
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
    let mut frames = Vec::new();
    while let Some(f) = d.read_next_frame().unwrap() {
        let fw = usize::from(f.width);
        for (i, &index) in f.buffer.iter().enumerate() {
            let (x, y) = (usize::from(f.left) + i % fw, usize::from(f.top) + i / fw);
            canvas[y * w as usize + x] = table[usize::from(index)];
        }
        frames.push((f.delay, canvas.clone()));
    }
    (w, h, frames)
}

/// The frames a run of `steps` steps has at `fps` (120 steps a second): one every
/// 120/fps steps from the start, up to the first at or past the end, plus the start.
fn frames_for(steps: u64, fps: u64) -> usize {
    ((steps * fps).div_ceil(120) + 1) as usize
}

/// Checks that the ball's pixels are centred on the run's position in each frame
/// where the ball is wholly on the field; returns how many frames were checked.
fn follows(frames: &[(u16, Vec<[u8; 3]>)], w: u32, scale: f64, at: &[[f64; 2]]) -> usize {
    let mut checked = 0;
    for (i, ((_, pixels), [x, y])) in frames.iter().zip(at).enumerate() {
        if *x < 2.5 || *x > 97.5 || *y < 2.5 || *y > 147.5 {
            continue;
        }
        let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
        for (k, p) in pixels.iter().enumerate() {
            if *p == BALL {
                sx += (k as u32 % w) as f64 + 0.5;
                sy += (k as u32 / w) as f64 + 0.5;
                n += 1.0;
            }
        }
        assert!(n > 0.0, "frame {i}: no ball drawn");
        let (cx, cy) = (sx / n, sy / n);
        let (ex, ey) = ((x + 2.0) * scale, (y + 2.0) * scale);
        assert!(
            (cx - ex).abs() <= 1.0 && (cy - ey).abs() <= 1.0,
            "frame {i}: the ball drawn at ({cx:.2}, {cy:.2}) px, the run has it at ({ex:.2}, {ey:.2})"
        );
        checked += 1;
    }
    checked
}

#[test]
fn the_bare_run_is_the_same_bytes_every_time_and_the_ball_follows_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.gif"), dir.path().join("b.gif"));
    ok(&["render", "42", "--animate", s(&a)]);
    ok(&["render", "42", "--animate", s(&b)]);
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(
        bytes,
        std::fs::read(&b).unwrap(),
        "the same bytes every run"
    );
    assert!(bytes.len() < ONE_MB, "{} bytes", bytes.len());
    let report: Value = serde_json::from_str(&ok(&["generate", "42", "--json"])).unwrap();
    let (steps, trajectory) = engine_run(dir.path(), &report, json!([]));
    let (w, h, frames) = decode(&bytes);
    assert_eq!((w, h), (416, 616), "the default scale, 4");
    assert_eq!(frames.len(), frames_for(steps, 30));
    // Frame i shows step ⌊4i⌋ (30 a second of 120 steps), the last the run's end.
    let at: Vec<[f64; 2]> = (0..frames.len())
        .map(|i| trajectory[(4 * i).min(steps as usize)])
        .collect();
    assert!(follows(&frames, w, 4.0, &at) >= 10);
    assert_eq!(
        frames.last().unwrap().0,
        100,
        "the last frame is held a second"
    );
}

#[test]
fn a_solution_animates_its_run_at_the_rate_and_scale_asked() {
    let dir = tempfile::tempdir().unwrap();
    let (report, solution) = solution_file(dir.path(), 42);
    let gif = dir.path().join("run.gif");
    let args = [
        "render",
        "42",
        "--animate",
        s(&gif),
        "--solution",
        s(&solution),
    ];
    ok(&args);
    let bytes = std::fs::read(&gif).unwrap();
    assert!(bytes.len() < ONE_MB, "{} bytes", bytes.len());
    let replayed: Value = serde_json::from_str(&ok(&["replay", s(&solution), "--json"])).unwrap();
    let (steps, trajectory) =
        engine_run(dir.path(), &report, json!([report["shipped"]["solution"]]));
    assert_eq!(replayed["steps"].as_u64(), Some(steps));
    let (w, _, frames) = decode(&bytes);
    assert_eq!(frames.len(), frames_for(steps, 30));
    let at: Vec<[f64; 2]> = (0..frames.len())
        .map(|i| trajectory[(4 * i).min(steps as usize)])
        .collect();
    assert!(follows(&frames, w, 4.0, &at) > frames.len() / 2);
    // The ramp is drawn: the bare run's GIF is another.
    let bare = dir.path().join("bare.gif");
    ok(&["render", "42", "--animate", s(&bare)]);
    assert_ne!(std::fs::read(&bare).unwrap(), bytes);

    // 12 frames a second (one every 10 steps) at scale 3.
    let small = dir.path().join("small.gif");
    let mut more = args.to_vec();
    more[3] = s(&small);
    more.extend(["--fps", "12", "--scale", "3"]);
    ok(&more);
    let (w, h, frames) = decode(&std::fs::read(&small).unwrap());
    assert_eq!((w, h), (312, 462));
    assert_eq!(frames.len(), frames_for(steps, 12));
    assert!(frames[..frames.len() - 1]
        .iter()
        .all(|f| f.0 == 8 || f.0 == 9));
    let at: Vec<[f64; 2]> = (0..frames.len())
        .map(|i| trajectory[(10 * i).min(steps as usize)])
        .collect();
    assert!(follows(&frames, w, 3.0, &at) > frames.len() / 2);
}

#[test]
fn bad_rates_and_scales_are_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("x.gif");
    for (flag, value, says) in [
        ("--fps", "0", "frame rate must be 1 to 50"),
        ("--fps", "51", "frame rate must be 1 to 50"),
        ("--fps", "ten", "invalid value"),
        ("--scale", "0.5", "between 1 and 10"),
        ("--scale", "11", "between 1 and 10"),
        ("--scale", "NaN", "between 1 and 10"),
    ] {
        let out = run(&["render", "42", "--animate", s(&gif), flag, value]);
        assert!(!out.status.success(), "{flag} {value}");
        assert!(
            stderr(&out).contains(says),
            "{flag} {value}: {}",
            stderr(&out)
        );
        assert!(!gif.exists(), "{flag} {value}: nothing written");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // --fps and --solution belong to --animate; --attempt is not a solution's.
    assert_eq!(
        run(&["render", "42", "-o", s(&gif), "--fps", "10"])
            .status
            .code(),
        Some(2)
    );
    let out = run(&[
        "render",
        "42",
        "--animate",
        s(&gif),
        "--solution",
        "x",
        "--attempt",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!gif.exists());
}

#[test]
fn a_solution_for_another_seed_or_other_rules_or_level_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, solution) = solution_file(dir.path(), 42);
    let gif = dir.path().join("x.gif");
    let refused = |extra: &[&str]| {
        let mut args = vec!["render"];
        args.extend(extra);
        args.extend(["--animate", s(&gif), "--solution", s(&solution)]);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(!gif.exists(), "{args:?}: nothing written");
        stderr(&out)
    };
    assert!(refused(&["7"]).contains("the solution is for seed 42, not seed 7"));
    let gears = gears();
    assert!(refused(&["--rules", s(&gears), "42"]).contains("was made under rules"));
    // The engine's own refusals, as `contraption replay` says them.
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&solution).unwrap()).unwrap();
    v["level_hash"] = "0000000000000000".into();
    std::fs::write(&solution, v.to_string()).unwrap();
    let says = refused(&["42"]);
    assert!(
        says.contains("cannot be replayed") && says.contains("now makes level"),
        "{says}"
    );
    std::fs::write(&solution, "{}").unwrap();
    assert!(refused(&["42"]).contains("was refused"));
}

#[test]
fn the_rules_in_force_and_an_attempt_are_animated() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, c) = (
        dir.path().join("a.gif"),
        dir.path().join("b.gif"),
        dir.path().join("c.gif"),
    );
    ok(&["render", "42", "--animate", s(&a), "--fps", "10"]);
    ok(&[
        "--rules",
        s(&gears()),
        "render",
        "42",
        "--animate",
        s(&b),
        "--fps",
        "10",
    ]);
    ok(&[
        "render",
        "42",
        "--attempt",
        "1",
        "--animate",
        s(&c),
        "--fps",
        "10",
    ]);
    let a = std::fs::read(&a).unwrap();
    for other in [b, c] {
        let bytes = std::fs::read(&other).unwrap();
        assert!(!decode(&bytes).2.is_empty());
        assert_ne!(bytes, a, "{}", other.display());
    }
    let out = run(&[
        "render",
        "42",
        "--attempt",
        "99",
        "--animate",
        s(&dir.path().join("d.gif")),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("the attempt must be"));
}
