//! The ledger and the play window in the real windows (issue 14, parts 3 and 4): the ledger's
//! tally against the CLI, the sweep hover picking the glyph nearest the pointer,
//! and in the play window undo / redo restoring the exact previous parts, the
//! coordinates under the pointer, the snaps, and hints in stages. Screenshots at
//! 1440×900 and 1024×700 of the X display (`Studio::screenshot_x`).

use std::time::Duration;

use contraption_e2e::play::{open_play, PlayWindow};
use contraption_e2e::{cli_json, Studio};
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use serde_json::{json, Value};

/// Moves the pointer (no button) to canvas point (x, y) CSS px of the element `css`.
async fn hover(s: &Studio, css: &str, x: f64, y: f64) {
    let el = s.find(css).await;
    let size = s
        .eval(&format!(
            "(() => {{ const c = document.querySelector(\"{css}\"); return [c.clientWidth, c.clientHeight]; }})()"
        ))
        .await;
    let (w, h) = (size[0].as_f64().unwrap(), size[1].as_f64().unwrap());
    let actions = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: el,
        duration: Some(Duration::from_millis(60)),
        x: (x - w / 2.0).round() as i64,
        y: (y - h / 2.0).round() as i64,
    });
    s.client.perform_actions(actions).await.expect("hover");
    let _ = s.client.release_actions().await;
}

/// A part as (kind, x, y, angle).
type Part = (&'static str, f64, f64, f64);

/// The parts of the play window, exactly as its state holds them (`document.body.dataset.parts`).
async fn parts(s: &Studio) -> Vec<Part> {
    let v: Value = serde_json::from_str(
        s.eval("document.body.dataset.parts")
            .await
            .as_str()
            .unwrap(),
    )
    .unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let kind: &'static str = match p["part"].as_str().unwrap() {
                "ramp" => "ramp",
                "fan" => "fan",
                "bumper" => "bumper",
                _ => "gear",
            };
            let n = |k: &str| p[k].as_f64().unwrap();
            (kind, n("x"), n("y"), n("angle"))
        })
        .collect()
}

/// Waits until the parts are exactly `want` (numbers compared as the page holds them).
async fn wait_parts(s: &Studio, want: &[Part], what: &str) {
    let tests: Vec<String> = want
        .iter()
        .enumerate()
        .map(|(i, (k, x, y, a))| {
            format!("p[{i}].part === '{k}' && p[{i}].x === {x} && p[{i}].y === {y} && p[{i}].angle === {a}")
        })
        .collect();
    let cond = if tests.is_empty() {
        "true".to_owned()
    } else {
        tests.join(" && ")
    };
    s.wait(
        &format!(
            "(() => {{ const p = JSON.parse(document.body.dataset.parts || '[]'); return p.length === {} && {cond}; }})()",
            want.len()
        ),
        what,
    )
    .await;
    assert_eq!(parts(s).await, want);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ledger_tally_and_nearest_glyph_hover() {
    let s = Studio::launch_with(&[]).await;
    s.resize(1440, 900).await;
    // Seed 1671: 11 attempts. The tally is the CLI's count of each verdict.
    s.type_seed("1671").await;
    s.wait_seed(1671).await;
    let report = cli_json(&["generate", "1671", "--json"]);
    let attempts = report["attempts"].as_array().unwrap();
    let count = |v: &str| attempts.iter().filter(|a| a["verdict"] == v).count();
    let shipped = &report["shipped"];
    let as_ = if shipped["fallback"] == true {
        "fallback"
    } else if shipped["all_pre_solved"] == true {
        "as is"
    } else {
        "accepted"
    };
    for (attr, want) in [
        ("data-attempts", attempts.len().to_string()),
        ("data-presolved", count("pre_solved").to_string()),
        (
            "data-no-solution",
            count("no_single_ramp_solution").to_string(),
        ),
        ("data-accepted", count("accepted").to_string()),
        ("data-shipped", shipped["attempt"].to_string()),
        ("data-shipped-as", as_.to_owned()),
    ] {
        assert_eq!(s.attr_of("#ledger-tally", attr).await, want, "{attr}");
    }
    let tally = s.text("#ledger-tally").await;
    for n in [
        attempts.len(),
        count("pre_solved"),
        count("no_single_ramp_solution"),
    ] {
        assert!(tally.contains(&n.to_string()), "{tally}");
    }
    let card = s.text("#shipped").await;
    assert!(
        card.contains(&format!("attempt {}", shipped["attempt"])),
        "{card}"
    );
    s.screenshot_x("ledger-tally-1440x900", Some((1440, 900)))
        .await;

    // Hover where placement 1 (x 15, y 30, tilt −0.45) and placement 26 (x 29, y 30,
    // tilt +0.45) overlap: their lines cross 1.23 units from 26's upper end; 2.2 units
    // along 26's line the pointer is on 26 and within the hover's reach of 1 too (the
    // old first-hit pick took 1, the earlier placement). The nearer line (26) wins.
    let sweep = cli_json(&["sweep", "1671", "--json"]);
    let p = |i: usize| {
        let e = &sweep["placements"][i];
        (
            e["x"].as_f64().unwrap(),
            e["y"].as_f64().unwrap(),
            e["angle"].as_f64().unwrap(),
        )
    };
    let ((x1, y1, a1), (x26, y26, a26)) = (p(1), p(26));
    assert_eq!(
        (x1, y1, a1, x26, y26, a26),
        (15.0, 30.0, -0.45, 29.0, 30.0, 0.45)
    );
    let half = 9.0; // half the default ramp length
    let (ex, ey) = (x26 - half * a26.cos(), y26 - half * a26.sin());
    let (fx, fy) = (ex + 2.2 * a26.cos(), ey + 2.2 * a26.sin());
    let view = s.eval("window.__studioProbe.view()").await;
    let (ox, oy, scale) = (
        view["ox"].as_f64().unwrap(),
        view["oy"].as_f64().unwrap(),
        view["scale"].as_f64().unwrap(),
    );
    // From that point to placement 1's line, in px: clearly farther than 26's (0), yet
    // within the hover's 5 px of 1's stroke (half its width: 0.75 · scale · 0.55).
    let across = ((fx - x1) * a1.sin() - (fy - y1) * a1.cos()).abs() * scale;
    let stroke = (0.75 * 2.0 * scale * 0.55).max(2.0) / 2.0;
    assert!(
        across >= 2.0 && across - stroke <= 5.0,
        "{across} px, half a stroke {stroke}"
    );
    hover(&s, "#stage-canvas", ox + fx * scale, oy + fy * scale).await;
    s.wait_for("!document.getElementById('tooltip').hidden", "the tooltip")
        .await;
    let title = s.text("#tooltip .tt-title").await;
    // Placement 27 is index 26 (placements are counted from 1).
    assert!(title.starts_with("placement 27 · (29, 30)"), "{title}");
    // And on 1's line, mirrored: placement 1.
    let (bx, by) = (x1 + half * a1.cos(), y1 + half * a1.sin());
    let (gx, gy) = (bx - 2.2 * a1.cos(), by - 2.2 * a1.sin());
    hover(&s, "#stage-canvas", ox + gx * scale, oy + gy * scale).await;
    s.wait_for(
        "document.querySelector('#tooltip .tt-title').textContent.startsWith('placement 2 ·')",
        "index 1 under the pointer",
    )
    .await;
    // The placement card names it the same way.
    let card = s.text("#placement-details").await;
    assert!(card.contains("placement 2"), "{card}");
    s.screenshot_x("sweep-hover-1440x900", Some((1440, 900)))
        .await;
    s.resize(1024, 700).await;
    s.wait_for(
        "window.innerWidth <= 1024 && window.__studioProbe.view() !== null",
        "the smaller window",
    )
    .await;
    let view = s.eval("window.__studioProbe.view()").await;
    let (ox, oy, scale) = (
        view["ox"].as_f64().unwrap(),
        view["oy"].as_f64().unwrap(),
        view["scale"].as_f64().unwrap(),
    );
    hover(&s, "#stage-canvas", ox + fx * scale, oy + fy * scale).await;
    s.wait_for(
        "document.querySelector('#tooltip .tt-title').textContent.startsWith('placement 27 ·')",
        "index 26 at 1024x700",
    )
    .await;
    s.screenshot_x("ledger-tally-sweep-hover-1024x700", Some((1024, 700)))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_undo_coordinates_snaps_and_staged_hints() {
    let s = Studio::launch_with(&[]).await;
    open_play(&s, 42).await;
    s.resize(1440, 900).await;
    s.wait(
        "Number(document.getElementById('play-canvas').dataset.scale) > 0",
        "the play window laid out",
    )
    .await;
    assert_eq!(parts(&s).await, vec![]);
    assert_eq!(s.attr_of("#play-undo", "disabled").await, "true");

    // Coordinates under the pointer, in world units.
    let (dx, dy) = s.field_offset(30.0, 40.0).await;
    let (cw, ch) = {
        let v = s
            .eval("[document.getElementById('play-canvas').clientWidth, document.getElementById('play-canvas').clientHeight]")
            .await;
        (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
    };
    hover(
        &s,
        "#play-canvas",
        cw / 2.0 + dx as f64,
        ch / 2.0 + dy as f64,
    )
    .await;
    s.wait(
        "!document.getElementById('play-coords').hidden",
        "the coordinates",
    )
    .await;
    let coords = s.text("#play-coords").await;
    let nums: Vec<f64> = coords
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    let scale = s
        .attr_of("#play-canvas", "data-scale")
        .await
        .parse::<f64>()
        .unwrap();
    assert!(
        (nums[0] - 30.0).abs() <= 1.0 / scale + 0.05
            && (nums[1] - 40.0).abs() <= 1.0 / scale + 0.05,
        "{coords}"
    );

    // Edits: add, rotate (typed), move (arrow), then undo each back exactly, and redo.
    s.drag_from_tray("ramp", 15.0, 102.0, true).await;
    let added: &[Part] = &[("ramp", 15.0, 102.0, 0.45)];
    wait_parts(&s, added, "the ramp placed").await;
    s.eval("(() => { const i = document.getElementById('part-angle'); i.value = '0.8'; i.dispatchEvent(new Event('change', { bubbles: true })); return 1; })()")
        .await;
    let turned: &[Part] = &[("ramp", 15.0, 102.0, 0.8)];
    wait_parts(&s, turned, "the ramp turned").await;
    s.eval("(() => { document.getElementById('play-canvas').focus(); return 1; })()")
        .await;
    s.key("\u{E014}").await; // →
    let moved: &[Part] = &[("ramp", 15.5, 102.0, 0.8)];
    wait_parts(&s, moved, "the ramp moved").await;
    s.screenshot_x("play-comfort-placed-1440x900", Some((1440, 900)))
        .await;
    s.key("\u{E009}z\u{E000}").await; // Ctrl+Z
    wait_parts(&s, turned, "undo: the turn before the move").await;
    s.key("\u{E009}z\u{E000}").await;
    wait_parts(&s, added, "undo: the ramp as dropped").await;
    s.key("\u{E009}z\u{E000}").await;
    wait_parts(&s, &[], "undo: no ramp").await;
    assert_eq!(
        s.attr_of(".tray-item[data-part='ramp']", "data-remaining")
            .await,
        "1"
    );
    s.key("\u{E009}\u{E008}z\u{E000}").await; // Ctrl+Shift+Z
    wait_parts(&s, added, "redo: the ramp back").await;
    s.click("#play-redo").await;
    wait_parts(&s, turned, "redo button: turned").await;
    s.click("#play-redo").await;
    wait_parts(&s, moved, "redo button: moved").await;
    assert_eq!(s.attr_of("#play-redo", "disabled").await, "true");
    // Remove and clear are edits too.
    s.click("#play-clear").await;
    wait_parts(&s, &[], "cleared").await;
    s.click("#play-undo").await;
    wait_parts(&s, moved, "undo the clear").await;
    // The run is of the parts undo brought back: the engine's outcome for them.
    s.key("\u{E009}z\u{E000}").await;
    wait_parts(&s, turned, "undo to the solving ramp").await;
    s.key(" ").await;
    s.wait("document.body.dataset.state === 'finished'", "the run")
        .await;
    assert_eq!(s.attr_of("#play-result", "data-outcome").await, "goal");

    // The snaps: the sweep grid for drops, 15° for turns.
    s.click("#play-clear").await;
    wait_parts(&s, &[], "cleared again").await;
    s.click("#snap-grid").await;
    s.drag_from_tray("ramp", 51.2, 99.0, true).await;
    let gridded: &[Part] = &[("ramp", 57.0, 102.0, 0.45)];
    wait_parts(&s, gridded, "dropped on the sweep grid").await;
    s.click("#snap-angle").await;
    s.eval("(() => { document.getElementById('play-canvas').focus(); return 1; })()")
        .await;
    s.key("e").await;
    // 30° as the page keeps angles: to the millionth of a radian.
    let thirty_deg = (std::f64::consts::FRAC_PI_6 * 1e6).round() / 1e6;
    let thirty: &[Part] = &[("ramp", 57.0, 102.0, thirty_deg)];
    wait_parts(&s, thirty, "turned to 30°").await;
    s.click("#snap-grid").await;
    s.click("#snap-angle").await;

    // Hints in stages, each asked for; the field marks each stage.
    s.click("#play-hint").await;
    s.wait(
        "document.getElementById('hint-panel').dataset.stage === '1'",
        "stage 1",
    )
    .await;
    assert!(s.text("#hint-text").await.contains("Where to look"));
    for (w, h) in [(1440u32, 900u32), (1024, 700)] {
        s.resize(w, h).await;
        let overflow = s
            .eval("[...document.querySelectorAll('.play-top, .transport, #play-snaps, #hint-panel')].map((e) => e.scrollWidth - e.clientWidth)")
            .await;
        assert!(
            overflow.as_array().unwrap().iter().all(|v| v == &json!(0)),
            "nothing spills out at {w}x{h}: {overflow}"
        );
        let (dx, dy) = s.field_offset(70.0, 30.0).await;
        let v = s
            .eval("[document.getElementById('play-canvas').clientWidth, document.getElementById('play-canvas').clientHeight]")
            .await;
        hover(
            &s,
            "#play-canvas",
            v[0].as_f64().unwrap() / 2.0 + dx as f64,
            v[1].as_f64().unwrap() / 2.0 + dy as f64,
        )
        .await;
        s.wait(
            "!document.getElementById('play-coords').hidden",
            "the coordinates",
        )
        .await;
        s.screenshot_x(&format!("play-hint-stage-1-{w}x{h}"), Some((w, h)))
            .await;
    }
    s.click("#hint-more").await;
    s.wait(
        "document.getElementById('hint-panel').dataset.stage === '2'",
        "stage 2",
    )
    .await;
    assert!(s
        .text("#hint-text")
        .await
        .contains("A ramp within 10 units of (20, 100)"));
    s.screenshot_x("play-hint-stage-2-1024x700", Some((1024, 700)))
        .await;
    s.click("#hint-more").await;
    s.wait(
        "document.getElementById('hint-panel').dataset.stage === '3'",
        "stage 3",
    )
    .await;
    assert!(s
        .text("#hint-text")
        .await
        .contains("a ramp at (15, 102) tilted 0.8 rad"));
    s.screenshot_x("play-hint-stage-3-1024x700", Some((1024, 700)))
        .await;
    s.click("#hint-place").await;
    wait_parts(&s, &[("ramp", 15.0, 102.0, 0.8)], "the hint placed").await;
    // Placing the hint is an edit: undo takes it back to the ramp turned to 30°.
    s.click("#play-undo").await;
    wait_parts(&s, thirty, "undo the placed hint").await;
    assert_eq!(s.eval("window.__cspViolations").await, json!([]));
}
