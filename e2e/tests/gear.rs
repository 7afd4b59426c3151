//! End-to-end test of the gear in the real play window, with the studio started
//! under other rules: `--rules rules/gears.json`. Seed 0 then ships a level that
//! grants two gears, which a counter-clockwise gear at (30, 20) solves in 161 steps
//! (docs/rules.md, the engine's tests/gear.rs); turned clockwise it misses.
//!
//! Checked against the CLI: `contraption simulate` takes a scene (world and
//! placements) and has no `--rules` flag yet, so the scene's world is the level
//! the engine library generates under rules/gears.json (the same level hash the
//! window shows), simulated by the CLI under the default rules — whose physics
//! are those of rules/gears.json: the two differ only in `parts.gear.count`, a
//! generator rule (asserted below). The saved solution embeds its rules, so
//! `contraption replay` replays it under them without a flag.

use contraption::{generate, parse_rules_file, rules_diff, GenerateOptions, Rules};
use contraption_e2e::play::{open_play, PlayWindow};
use contraption_e2e::{cli_json, cli_run, root, Studio};
use serde_json::{json, Value};

/// Seed 0 under rules/gears.json.
const SEED: u64 = 0;

/// Runs `contraption simulate` on the scene (every step recorded).
fn cli_simulate(dir: &std::path::Path, world: &Value, gear: &Value) -> Value {
    let scene = json!({ "world": world, "placements": [gear] });
    let file = dir.join("gear-scene.json");
    std::fs::write(&file, scene.to_string()).unwrap();
    cli_json(&[
        "simulate",
        &file.to_string_lossy(),
        "--json",
        "--trajectory",
        "1",
    ])
}

/// The outcome the window shows: (outcome, steps, final position).
async fn shown_result(s: &Studio) -> (String, String, Value) {
    (
        s.attr_of("#play-result", "data-outcome").await,
        s.attr_of("#play-result", "data-steps").await,
        serde_json::from_str(&s.attr_of("#play-result", "data-final").await).unwrap(),
    )
}

fn last(sim: &Value) -> Value {
    let t = sim["trajectory"].as_array().unwrap();
    t[t.len() - 1].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gear_placed_by_hand_wins_seed_0_under_the_gears_rules() {
    let rules_path = root().join("rules/gears.json");
    let gears = parse_rules_file(&std::fs::read(&rules_path).unwrap()).unwrap();
    // The CLI's default rules run the same physics: only the gear count differs.
    let diff = rules_diff(&Rules::default(), &gears);
    assert!(!diff.is_empty());
    assert!(
        diff.iter().all(|d| d.field.starts_with("parts.gear.count")),
        "{diff:?}"
    );
    let shipped = generate(&gears, SEED as u32, &GenerateOptions::game()).shipped;
    assert_eq!(shipped.level_hash, "99eb0a51c3590049");
    let world = serde_json::to_value(&shipped.world).unwrap();

    let dir = std::env::temp_dir().join(format!("studio-gear-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seed-0-gear.solution.json");
    let _ = std::fs::remove_file(&file);
    let file_s = file.to_string_lossy().into_owned();
    let s = Studio::launch_with(&[
        "--rules",
        &rules_path.to_string_lossy(),
        "--dialog-answer",
        &file_s,
    ])
    .await;

    // The play window opens seed 0 under the rules in force (open_play goes
    // through the inspector, which shows the level those rules ship).
    open_play(&s, SEED).await;
    assert_eq!(
        s.eval("document.body.dataset.rules").await,
        json!(gears.id())
    );
    assert_eq!(
        s.eval("document.body.dataset.levelHash").await,
        json!(shipped.level_hash)
    );
    let meta = s
        .eval("document.getElementById('play-meta').textContent")
        .await;
    let meta = meta.as_str().unwrap();
    assert!(
        meta.contains(&format!("rules {}", gears.id())) && meta.contains("2 gears"),
        "{meta}"
    );
    assert_eq!(
        s.attr_of(".tray-item[data-part='gear']", "data-granted")
            .await,
        shipped.world.inventory.gear.to_string()
    );

    // Place a gear by dragging it from the tray to (30, 20): it lands turning clockwise.
    s.drag_from_tray("gear", 30.0, 20.0, true).await;
    s.wait(
        "document.querySelector(\".tray-item[data-part='gear']\").dataset.remaining === '1'",
        "the gear on the field",
    )
    .await;
    assert_eq!(
        s.eval("document.getElementById('part-x').value").await,
        "30"
    );
    assert_eq!(
        s.eval("document.getElementById('part-y').value").await,
        "20"
    );
    assert_eq!(s.attr_of("#part-spin", "data-spin").await, "clockwise");
    assert_eq!(s.attr_of("#part-spin-cw", "aria-checked").await, "true");
    s.screenshot("play-gear-placed").await;

    // Clockwise, it throws the ball the wrong way: the window shows the engine's
    // outcome, the CLI's on the same scene.
    let cw = json!({"part": "gear", "x": 30.0, "y": 20.0, "angle": 0.0, "spin": "clockwise"});
    let sim_cw = cli_simulate(&dir, &world, &cw);
    assert_ne!(sim_cw["outcome"], "goal");
    s.click("#play-run").await;
    s.wait(
        "document.body.dataset.state === 'finished'",
        "the clockwise run",
    )
    .await;
    let (outcome, steps, end) = shown_result(&s).await;
    assert_eq!(json!(outcome), sim_cw["outcome"]);
    assert_eq!(steps, sim_cw["steps"].to_string());
    assert_eq!(end, last(&sim_cw));
    s.click("#play-reset").await;
    s.wait(
        "document.body.dataset.state === 'editing'",
        "back to placing",
    )
    .await;

    // S turns the selected gear the other way (the engine accepts the change).
    s.eval("(() => { document.getElementById('play-canvas').focus(); return 1; })()")
        .await;
    s.key("s").await;
    s.wait(
        "document.getElementById('part-spin').dataset.spin === 'counter_clockwise'",
        "the gear turned counter-clockwise",
    )
    .await;

    // Run at ¼×: mid-run, the gear has turned exactly as far as its rim's speed
    // over its radius says for the time shown (counter-clockwise: negative).
    let ccw =
        json!({"part": "gear", "x": 30.0, "y": 20.0, "angle": 0.0, "spin": "counter_clockwise"});
    let sim = cli_simulate(&dir, &world, &ccw);
    assert_eq!(sim["outcome"], "goal");
    assert_eq!(sim["steps"], 161);
    s.click("#speeds .chip[data-speed='0.25']").await;
    s.click("#play-run").await;
    // (The frame shown must be of this run: until its first frame, __playShown
    // still holds the clockwise run's last, whose turn is positive.)
    s.wait(
        "document.body.dataset.state === 'playing' && window.__playShown.step > 40 && window.__playShown.turn < 0",
        "the ball mid-run",
    )
    .await;
    let a = s.eval("window.__playShown").await;
    s.screenshot("play-gear-mid-run").await;
    let rate = gears.parts.gear.surface_speed / gears.parts.gear.radius;
    let dt = gears.dt();
    let turn_at = |shown: &Value| {
        let step = shown["step"].as_f64().unwrap();
        let turn = shown["turn"].as_f64().unwrap();
        assert!(
            (turn + rate * step * dt).abs() < 1e-9,
            "turn {turn} at step {step}"
        );
        turn
    };
    let ta = turn_at(&a);
    s.wait(
        &format!(
            "window.__playShown.step > {} + 5",
            a["step"].as_f64().unwrap()
        ),
        "the run going on",
    )
    .await;
    let tb = turn_at(&s.eval("window.__playShown").await);
    assert!(
        tb < ta && ta < 0.0,
        "turning counter-clockwise: {ta} then {tb}"
    );
    // The ball drawn lies between the engine's two steps around it.
    let step = a["step"].as_f64().unwrap();
    let i = step.floor() as usize;
    for k in 0..2 {
        let (p, q) = (
            sim["trajectory"][i][k].as_f64().unwrap(),
            sim["trajectory"][i + 1][k].as_f64().unwrap(),
        );
        let v = a["ball"][k].as_f64().unwrap();
        assert!(
            p.min(q) - 1e-9 <= v && v <= p.max(q) + 1e-9,
            "{v} between {p} and {q}"
        );
    }

    // At 1× to the end: the goal, in the CLI's 161 steps, at the CLI's last position.
    s.click("#speeds .chip[data-speed='1']").await;
    s.wait("document.body.dataset.state === 'finished'", "the outcome")
        .await;
    let (outcome, steps, end) = shown_result(&s).await;
    assert_eq!(outcome, "goal");
    assert_eq!(steps, "161");
    assert_eq!(end, last(&sim));
    let won = s.text("#play-result").await;
    assert!(won.starts_with("Goal! in 1.34 s with 1 gear"), "{won}");
    s.screenshot("play-gear-win").await;

    // Save: the engine's solution file with the gear's spin and the rules
    // embedded; the CLI replays it (under the rules it embeds) to the goal.
    s.click("#play-save").await;
    s.wait(
        "document.getElementById('play-file').dataset.saved",
        "the saved file",
    )
    .await;
    let saved: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(saved["seed"], SEED);
    assert_eq!(saved["rules_id"], gears.id());
    assert_eq!(saved["rules"], serde_json::to_value(gears.rules()).unwrap());
    assert_eq!(saved["level_hash"], shipped.level_hash);
    assert_eq!(saved["placements"], json!([ccw]));
    let (code, out, err) = cli_run(&["replay", &file_s, "--json"]);
    assert_eq!(code, 0, "contraption replay: {out} {err}");
    let replayed: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(replayed["outcome"], "goal", "{replayed}");
    assert_eq!(replayed["steps"], 161, "{replayed}");

    // The control turns it back; the window at both sizes with the gear
    // selected, and the ? overlay lists the gear's key.
    s.click("#play-reset").await;
    s.wait(
        "document.body.dataset.state === 'editing'",
        "back to placing",
    )
    .await;
    for (w, h) in [(1440u32, 900u32), (1024, 700)] {
        s.resize(w, h).await;
        s.wait(
            "Number(document.getElementById('play-canvas').dataset.scale) > 0",
            "the field laid out",
        )
        .await;
        s.eval("(() => { document.getElementById('play-canvas').focus(); return 1; })()")
            .await;
        if s.eval("document.getElementById('part-panel').hidden").await == json!(true) {
            s.key("\u{E004}").await; // Tab selects the gear
        }
        s.wait(
            "!document.getElementById('part-panel').hidden",
            "the gear selected",
        )
        .await;
        let overflow = s
            .eval("[...document.querySelectorAll('.play-top, .transport, .tray-item, #part-panel, #part-spin')].map((e) => e.scrollWidth - e.clientWidth)")
            .await;
        assert!(
            overflow.as_array().unwrap().iter().all(|v| v == &json!(0)),
            "the bars and panels fit at {w}x{h}: {overflow}"
        );
        s.screenshot(&format!("play-gear-{w}x{h}")).await;
        s.key("?").await;
        s.wait(
            "document.getElementById('help-overlay').open",
            "the help overlay",
        )
        .await;
        let shown = s
            .eval("document.getElementById('help-overlay').textContent")
            .await;
        assert!(
            shown
                .as_str()
                .unwrap()
                .contains("turn a gear the other way"),
            "{shown}"
        );
        s.screenshot(&format!("play-gear-help-{w}x{h}")).await;
        s.find("#help-overlay .close")
            .await
            .send_keys(&fantoccini::key::Key::Escape)
            .await
            .expect("Esc");
        s.wait(
            "!document.getElementById('help-overlay').open",
            "the overlay closed",
        )
        .await;
    }
    s.click("#part-spin-cw").await;
    s.wait(
        "document.getElementById('part-spin').dataset.spin === 'clockwise'",
        "the control turned it clockwise",
    )
    .await;
    s.key(" ").await;
    s.wait(
        "document.body.dataset.state === 'finished'",
        "the clockwise run again",
    )
    .await;
    assert_eq!(shown_result(&s).await.1, sim_cw["steps"].to_string());
    s.screenshot("play-gear-finished-1024x700").await;
    assert_eq!(s.eval("window.__cspViolations").await, json!([]));
    std::fs::remove_dir_all(&dir).ok();
}
