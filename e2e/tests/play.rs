//! End-to-end tests of the play window (tauri-driver + WebKitWebDriver), opened
//! from the inspector's "Play" button as a second window of the real app.
//!
//! The native GTK save/open dialogs cannot be driven through WebDriver, so the app
//! is started with `--dialog-answer PATH`: the shell's save and open commands then
//! take PATH as the dialog's answer without showing it. Everything after the
//! dialog — the engine's solution text, writing, reading, the strict parser and
//! `replay` — is the code a designer runs.

use contraption_e2e::play::{open_play, PlayWindow};
use contraption_e2e::{cli_json, cli_run, screenshot_dir, Studio};
use serde_json::{json, Value};

/// Seed 42 grants one ramp; the sweep's only solving placement is index 19, a
/// ramp at (15, 102) tilted 0.8 (checked against the CLI below).
const SEED: u64 = 42;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_a_seed_place_run_win_save_and_reload() {
    let dir = std::env::temp_dir().join(format!("studio-play-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seed-42.solution.json");
    let _ = std::fs::remove_file(&file);
    let file_s = file.to_string_lossy().into_owned();
    let s = Studio::launch_with(&["--dialog-answer", &file_s]).await;
    open_play(&s, SEED).await;

    // The level is the one the generator ships, with the inventory it grants.
    let report = cli_json(&["generate", "42", "--json"]);
    let shipped = &report["shipped"];
    assert_eq!(
        s.eval("document.body.dataset.levelHash").await,
        shipped["level_hash"]
    );
    let inv = &shipped["world"]["inventory"];
    assert_eq!(
        s.attr_of(".tray-item[data-part='ramp']", "data-granted")
            .await,
        inv["ramp"].to_string()
    );
    assert_eq!(
        s.attr_of(".tray-item[data-part='ramp']", "data-remaining")
            .await,
        "1"
    );
    let sweep = cli_json(&["sweep", "42", "--json"]);
    let solving: Vec<&Value> = sweep["placements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["result"] == "goal")
        .collect();
    assert_eq!(solving.len(), 1);
    let hint = solving[0];
    let (hx, hy, ha) = (
        hint["x"].as_f64().unwrap(),
        hint["y"].as_f64().unwrap(),
        hint["angle"].as_f64().unwrap(),
    );
    assert_eq!((hx, hy, ha), (15.0, 102.0, 0.8));
    s.screenshot("play-start").await;

    // A refused placement: a ramp dragged onto wall 1 shows the engine's reason
    // while dragging and after the drop, and the tray keeps its ramp.
    let w = &shipped["world"]["walls"][0];
    let mid = |k: &str| (w["a"][k].as_f64().unwrap() + w["b"][k].as_f64().unwrap()) / 2.0;
    s.drag_from_tray("ramp", mid("x"), mid("y"), false).await;
    s.wait(
        "!document.getElementById('play-reason').hidden && document.getElementById('play-reason').dataset.kind === 'overlaps_wall'",
        "the live refusal",
    )
    .await;
    assert_eq!(s.text("#play-reason").await, "the ramp overlaps wall 1");
    s.screenshot("play-refused-drag").await;
    s.release().await;
    s.wait(
        "document.getElementById('play-reason').dataset.refused === 'true'",
        "the refusal after the drop",
    )
    .await;
    assert_eq!(s.text("#play-reason").await, "the ramp overlaps wall 1");
    assert_eq!(s.placements().await, 0, "the refused ramp is not placed");

    // Drag a ramp to the sweep's solving position; it lands tilted 0.45 (the default).
    s.drag_from_tray("ramp", hx, hy, true).await;
    s.wait(
        "document.querySelector(\".tray-item[data-part='ramp']\").dataset.remaining === '0'",
        "the ramp on the field",
    )
    .await;
    assert_eq!(
        s.eval("document.getElementById('part-x').value").await,
        "15"
    );
    assert_eq!(
        s.eval("document.getElementById('part-y').value").await,
        "102"
    );
    assert_eq!(
        s.eval("document.getElementById('part-angle').value").await,
        "0.45"
    );
    // A second ramp is more than the level grants: the engine's words.
    s.drag_from_tray("ramp", 60.0, 30.0, true).await;
    s.wait(
        "document.getElementById('play-reason').dataset.kind === 'not_in_inventory'",
        "the inventory refusal",
    )
    .await;
    assert_eq!(
        s.text("#play-reason").await,
        "the level grants 1 ramp(s); this would be number 2"
    );
    assert_eq!(s.placements().await, 1);

    // Rotate with the keyboard: 5° a press. Level it first (typed angle 0), then
    // seven presses make 35° (0.610865 rad, to the millionth the window keeps).
    s.click("#play-canvas").await; // deselects (click on empty field)
    s.eval("(() => { document.getElementById('play-canvas').focus(); return 1; })()")
        .await;
    s.key("\u{E004}").await; // Tab selects part 1
    s.wait(
        "!document.getElementById('part-panel').hidden",
        "part 1 selected",
    )
    .await;
    set_angle(&s, "0").await;
    for _ in 0..7 {
        s.key("e").await;
    }
    s.wait(
        "document.getElementById('part-angle').value === '0.610865'",
        "the ramp turned by 35°",
    )
    .await;
    assert!(s.text("#part-deg").await.starts_with("tilted 35.0°"));
    // Seven presses typed in one go turn it by seven steps too: each starts
    // where the engine accepted the previous one (35° -> 0° -> 35°).
    for (keys, angle) in [("qqqqqqq", "0"), ("eeeeeee", "0.610865")] {
        s.key(keys).await;
        s.wait(
            &format!("document.getElementById('part-angle').value === '{angle}'"),
            &format!("{keys} typed at once: {angle}"),
        )
        .await;
    }
    // Shift+E: 1°.
    s.key("\u{E008}e\u{E000}").await;
    s.wait(
        "document.getElementById('part-angle').value === '0.628319'",
        "one degree more (36°)",
    )
    .await;
    // The sweep's tilt, typed.
    set_angle(&s, "0.8").await;
    s.wait(
        "document.getElementById('part-angle').value === '0.8'",
        "the ramp tilted to 0.8",
    )
    .await;
    s.screenshot("play-placed").await;

    // Single steps: the ball is exactly where the engine had it after 3 steps.
    for _ in 0..3 {
        s.key(".").await;
    }
    s.wait(
        "window.__playShown.step === 3 && document.body.dataset.state === 'paused'",
        "three single steps",
    )
    .await;
    let scene = json!({ "world": shipped["world"], "placements": [{"part": "ramp", "x": hx, "y": hy, "angle": ha}] });
    let scene_file = dir.join("scene.json");
    std::fs::write(&scene_file, scene.to_string()).unwrap();
    let sim = cli_json(&[
        "simulate",
        &scene_file.to_string_lossy(),
        "--json",
        "--trajectory",
        "1",
    ]);
    let ball = s.eval("window.__playShown.ball").await;
    assert_eq!(ball, sim["trajectory"][3], "step 3 is the engine's step 3");

    // Run at ¼×, capture it mid-run, then finish at 1×.
    s.click("#play-reset").await;
    s.click("#speeds .chip[data-speed='0.25']").await;
    s.eval("(() => { window.__playPerfReset(); return 1; })()")
        .await;
    s.click("#play-run").await;
    s.wait(
        "document.body.dataset.state === 'playing' && window.__playShown.step > 45",
        "the ball mid-run",
    )
    .await;
    s.screenshot("play-mid-run").await;
    let probe = s.eval("window.__playShown").await;
    let mid_run = &probe["ball"];
    let step = probe["step"].as_f64().unwrap();
    // The drawn ball lies between the engine's two recorded steps around it.
    let i = step.floor() as usize;
    let (a, b) = (&sim["trajectory"][i], &sim["trajectory"][i + 1]);
    for k in 0..2 {
        let (lo, hi) = (
            a[k].as_f64().unwrap().min(b[k].as_f64().unwrap()),
            a[k].as_f64().unwrap().max(b[k].as_f64().unwrap()),
        );
        let v = mid_run[k].as_f64().unwrap();
        assert!(
            lo - 1e-9 <= v && v <= hi + 1e-9,
            "ball {v} between steps {i} and {}",
            i + 1
        );
    }
    s.click("#speeds .chip[data-speed='1']").await;
    s.wait("document.body.dataset.state === 'finished'", "the outcome")
        .await;
    assert_eq!(s.attr_of("#play-result", "data-outcome").await, "goal");
    assert_eq!(
        s.attr_of("#play-result", "data-steps").await,
        hint["steps"].to_string()
    );
    assert_eq!(sim["outcome"], "goal");
    assert_eq!(sim["steps"], hint["steps"]);
    let won_text = s.text("#play-result").await;
    assert!(
        won_text.starts_with("Goal! in 1.11 s with 1 ramp"),
        "{won_text}"
    );
    let final_pos = s.attr_of("#play-result", "data-final").await;
    let traj = sim["trajectory"].as_array().unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&final_pos).unwrap(),
        traj[traj.len() - 1]
    );
    s.screenshot("play-win").await;

    // Save: the file is the engine's solution, and the CLI replays it to the goal.
    s.click("#play-save").await;
    s.wait(
        "document.getElementById('play-file').dataset.saved",
        "the saved file",
    )
    .await;
    let saved: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(saved["format"], "contraption-solution");
    assert_eq!(saved["seed"], SEED);
    assert_eq!(saved["level_hash"], shipped["level_hash"]);
    assert_eq!(
        saved["placements"],
        json!([{"part": "ramp", "x": hx, "y": hy, "angle": ha}])
    );
    let (code, out, err) = cli_run(&["replay", &file_s, "--json"]);
    assert_eq!(code, 0, "contraption replay: {out} {err}");

    // Remove the part, then load the file back: it replays identically.
    s.eval("(() => { document.getElementById('play-canvas').focus(); return 1; })()")
        .await;
    s.key("\u{E004}").await;
    s.key("\u{E017}").await; // Delete
    s.wait(
        "document.querySelector(\".tray-item[data-part='ramp']\").dataset.remaining === '1'",
        "the part back in the tray",
    )
    .await;
    s.click("#play-open").await;
    s.wait(
        "document.getElementById('play-file').dataset.loaded && document.body.dataset.state === 'finished'",
        "the loaded solution replayed",
    )
    .await;
    assert_eq!(s.placements().await, 1);
    assert_eq!(s.attr_of("#play-result", "data-outcome").await, "goal");
    assert_eq!(
        s.attr_of("#play-result", "data-steps").await,
        hint["steps"].to_string()
    );
    assert_eq!(s.attr_of("#play-result", "data-final").await, final_pos);
    s.screenshot("play-reloaded").await;

    // A solution for another rules version is refused with the engine's words.
    let mut other = saved.clone();
    other["rules_version"] = json!(99);
    std::fs::write(&file, serde_json::to_string_pretty(&other).unwrap()).unwrap();
    let (code, _, cli_err) = cli_run(&["replay", &file_s]);
    assert_eq!(code, 1);
    s.click("#play-open").await;
    s.wait(
        "document.getElementById('play-file').dataset.error === 'solution'",
        "the refused solution",
    )
    .await;
    let msg = s.text("#play-file").await;
    assert_eq!(
        msg,
        "the solution was made with rules version 99; these are rules version 1"
    );
    assert!(cli_err.contains(&msg), "the CLI says the same: {cli_err}");
    s.screenshot("play-refused-file").await;

    // The frame-time probe (figures go to docs/studio.md; no timing assertions),
    // with the bare requestAnimationFrame pace of this display for comparison.
    let perf = s
        .eval(
            "window.__playRafProbe(60).then((a) => { const s = [...a].sort((x, y) => x - y); \
             return Object.assign(window.__playPerfSummary(), { bareRaf: { n: s.length, \
             median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)], max: s[s.length - 1] } }); })",
        )
        .await;
    std::fs::write(
        screenshot_dir().join("play-perf.json"),
        serde_json::to_string_pretty(&perf).unwrap(),
    )
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_hint_and_parts_while_dragging() {
    // Seed 1671: 11 attempts; the shipped level's hints come from its sweep.
    let s = Studio::launch_with(&[]).await;
    let seed = 1671;
    open_play(&s, seed).await;
    let sweep = cli_json(&["sweep", "1671", "--json"]);
    let goals: Vec<Value> = sweep["placements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["result"] == "goal")
        .map(|p| json!({"part": "ramp", "x": p["x"], "y": p["y"], "angle": p["angle"]}))
        .collect();
    assert!(!goals.is_empty());
    // The hint comes in stages, each asked for: where to look, which part roughly
    // where, then exactly. No stage says more than it should.
    let first = &goals[0];
    let (gx, gy) = (first["x"].as_f64().unwrap(), first["y"].as_f64().unwrap());
    s.click("#play-hint").await;
    s.wait(
        "!document.getElementById('hint-panel').hidden && document.getElementById('hint-panel').dataset.stage === '1'",
        "the hint's first stage",
    )
    .await;
    let one = s.text("#hint-text").await;
    assert!(one.contains("Where to look"), "{one}");
    assert!(!one.contains(&format!("({gx}, {gy})")), "{one}");
    assert_eq!(s.attr_of("#hint-panel", "data-hint").await, "");
    s.screenshot("play-hint-stage-1").await;
    s.click("#hint-more").await;
    s.wait(
        "document.getElementById('hint-panel').dataset.stage === '2'",
        "the hint's second stage",
    )
    .await;
    let two = s.text("#hint-text").await;
    let (rx, ry) = ((gx / 10.0).round() * 10.0, (gy / 10.0).round() * 10.0);
    assert!(
        two.contains(&format!("A ramp within 10 units of ({rx}, {ry})")),
        "{two}"
    );
    assert!((gx - rx).hypot(gy - ry) <= 10.0);
    s.screenshot("play-hint-stage-2").await;
    s.click("#hint-more").await;
    s.wait(
        "document.getElementById('hint-panel').dataset.stage === '3'",
        "the hint's last stage",
    )
    .await;
    let shown: Value =
        serde_json::from_str(s.attr_of("#hint-panel", "data-hint").await.as_str()).unwrap();
    let pose = |v: &Value| {
        (
            v["part"].as_str().unwrap().to_owned(),
            v["x"].as_f64().unwrap(),
            v["y"].as_f64().unwrap(),
            v["angle"].as_f64().unwrap(),
        )
    };
    assert_eq!(
        pose(&shown),
        pose(&goals[0]),
        "the first solving placement of the sweep"
    );
    s.screenshot("play-hint").await;
    s.click("#hint-place").await;
    s.wait(
        "!document.getElementById('part-panel').hidden",
        "the hint placed",
    )
    .await;
    measure(&s, "play-perf-default.json").await;
}

/// Frame times of a whole run at 1× (measured inside the page with no WebDriver
/// traffic during the run: polling scripts would steal frames), then of drags
/// from the tray; written to e2e/screenshots/NAME. No timing assertions.
///
/// During the run a MutationObserver counts every change to the page's DOM,
/// those of the clock line apart: the animation draws on the canvas only, and
/// the clock line follows it once at least `CLOCK_MS` (100 ms) of frames went
/// by, each frame moving the ball by its time capped at 100 ms, so every
/// update of the clock line but the last covers at least 0.1 s of the run's
/// simulated time at 1×. Counts, not timings: the clock line changes at most
/// 10 times per simulated second plus its first and last line, and everything
/// else a fixed number of times (buttons, status, the outcome) whatever the
/// run's length or frame rate.
async fn measure(s: &Studio, name: &str) {
    let run = s
        .eval(
            "new Promise((resolve) => { window.__playPerfReset(); \
             const clockLine = document.getElementById('play-clock'); \
             let clock = 0, other = 0; \
             const seen = new MutationObserver((records) => { for (const r of records) { \
             if (clockLine.contains(r.target)) clock++; else other++; } }); \
             seen.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true }); \
             document.getElementById('play-run').click(); \
             const poll = setInterval(() => { if (document.body.dataset.state === 'finished') { \
             clearInterval(poll); seen.disconnect(); \
             resolve(Object.assign(window.__playPerfSummary(), { clockChanges: clock, otherChanges: other, clock: clockLine.textContent })); } }, 250); })",
        )
        .await;
    assert_eq!(s.attr_of("#play-result", "data-outcome").await, "goal");
    assert_eq!(s.attr_of("#speeds .chip.on", "data-speed").await, "1");
    let clock_line = run["clock"].as_str().unwrap();
    // "t 3.21 s · step 642 / 642": the run's simulated seconds.
    let seconds: f64 = clock_line
        .strip_prefix("t ")
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("the clock line {clock_line:?}"));
    let (clock, other) = (
        run["clockChanges"].as_u64().unwrap(),
        run["otherChanges"].as_u64().unwrap(),
    );
    let frames = run["runFrames"]["n"].as_u64().unwrap();
    // One record per line: Svelte sets the text node's value.
    let clock_lines = (seconds * 10.0).ceil() as u64 + 2;
    assert!(
        clock <= clock_lines,
        "{clock} changes of the clock line in a run of {seconds} s ({frames} frames): at most {clock_lines} lines"
    );
    assert!(
        other <= 30,
        "{other} other DOM changes in a run of {seconds} s ({frames} frames)"
    );
    let inv = cli_json(&["generate", "1671", "--json"])["shipped"]["world"]["inventory"].clone();
    s.eval("(() => { window.__playPerfReset(); return 1; })()")
        .await;
    if let Some(part) = ["fan", "bumper", "ramp"]
        .into_iter()
        .find(|p| inv[*p].as_u64().unwrap_or(0) > 0)
    {
        s.drag_around(part).await;
    }
    let drag = s.eval("window.__playPerfSummary()").await;
    let bare = s
        .eval(
            "window.__playRafProbe(60).then((a) => { const s = [...a].sort((x, y) => x - y); \
             return { n: s.length, median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)], max: s[s.length - 1] }; })",
        )
        .await;
    let out = json!({ "run": run, "drag": drag, "bareRaf": bare });
    std::fs::write(
        screenshot_dir().join(name),
        serde_json::to_string_pretty(&out).unwrap(),
    )
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_frame_times_with_the_shared_memory_renderer() {
    // What a designer's GPU-less machine runs outside WebDriver (see
    // src-tauri/src/display.rs); no screenshots here, they hang in this mode.
    let s = Studio::launch_with(&["--shared-memory-renderer"]).await;
    open_play(&s, 1671).await;
    s.place_hint().await;
    measure(&s, "play-perf-shm.json").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_window_at_1440x900_and_1024x700() {
    // Seed 1671 grants a ramp, a fan and two bumpers: every kind in the tray.
    let s = Studio::launch_with(&[]).await;
    open_play(&s, 1671).await;
    s.place_hint().await;
    s.drag_from_tray("bumper", 80.0, 40.0, true).await;
    s.wait(
        "document.querySelector(\".tray-item[data-part='bumper']\").dataset.remaining === '1' || document.getElementById('play-reason').dataset.refused === 'true'",
        "the bumper placed or refused",
    )
    .await;
    for (w, h) in [(1440u32, 900u32), (1024, 700)] {
        s.resize(w, h).await;
        // The field follows the window, and nothing spills out of the bars.
        s.wait(
            &format!("Number(document.getElementById('play-canvas').dataset.scale) > 0 && document.getElementById('play-canvas').clientWidth <= {w} - 290"),
            "the field laid out again",
        )
        .await;
        let overflow = s
            .eval(
                "[...document.querySelectorAll('.play-top, .transport, .tray-item, #part-panel')].map((e) => e.scrollWidth - e.clientWidth)",
            )
            .await;
        assert!(
            overflow.as_array().unwrap().iter().all(|v| v == &json!(0)),
            "the bars and panels fit at {w}x{h}: {overflow}"
        );
        s.key("\u{E004}").await; // Tab: a part selected, its panel shown
        s.screenshot(&format!("play-{w}x{h}")).await;
        s.key(" ").await;
        s.wait("document.body.dataset.state === 'finished'", "the outcome")
            .await;
        s.screenshot(&format!("play-finished-{w}x{h}")).await;
        // `?` lists the play window's keys; Esc closes the list.
        let open = "document.getElementById('help-overlay').open";
        s.key("?").await;
        s.wait(open, "the help overlay").await;
        let shown = s
            .eval("document.getElementById('help-overlay').textContent")
            .await;
        for words in [
            "Keys · Play",
            "run / pause",
            "rotate 5° (Shift: 1°)",
            "hint",
            "undo (Shift: redo)",
        ] {
            assert!(
                shown.as_str().unwrap().contains(words),
                "{words:?} in {shown}"
            );
        }
        s.screenshot(&format!("play-help-{w}x{h}")).await;
        s.find("#help-overlay .close")
            .await
            .send_keys(&fantoccini::key::Key::Escape)
            .await
            .expect("Esc");
        s.wait(&format!("!{open}"), "the overlay closed").await;
        s.click("#play-reset").await;
        s.wait(
            "document.body.dataset.state === 'editing'",
            "back to placing",
        )
        .await;
    }
    // The strict CSP held through all of it, and the components' style files applied.
    assert_eq!(s.eval("window.__cspViolations").await, json!([]));
    assert_eq!(
        s.eval("[getComputedStyle(document.querySelector('.transport')).display, getComputedStyle(document.querySelector('.tray-item')).display]")
            .await,
        json!(["flex", "grid"])
    );
}

/// Types `value` into the selected part's angle field and commits it (as Enter or leaving the field does).
async fn set_angle(s: &Studio, value: &str) {
    s.eval(&format!(
        "(() => {{ const i = document.getElementById('part-angle'); i.value = '{value}'; \
         i.dispatchEvent(new Event('change', {{ bubbles: true }})); return 1; }})()"
    ))
    .await;
}
