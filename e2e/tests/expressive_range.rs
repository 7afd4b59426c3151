//! End-to-end test of the A/B view's expressive range in the real window: an
//! A/B over 0..200 (A: the rules in force, v1; B: the draft with an attempts
//! cap of 1), the metrics picked (attempts × walls), a hovered cell's exact
//! counts equal to the `range` block of `contraption compare v1 FILE 0..200
//! --png FILE --x attempts --y walls`, and the figure exported through the save
//! dialog equal byte for byte to the CLI's PNG. Screenshots at 1440x900 and
//! 1024x700.

use std::time::{Duration, Instant};

use contraption_e2e::ab::{draft_one_attempt, open_ab_view, set_value, write_one_attempt_rules};
use contraption_e2e::{cli_json, Studio};
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use serde_json::Value;

const RANGE: &str = "0..200";

/// The panel layout of ui/src/draw/range.ts (`rangeLayout`): the plot's margins
/// in CSS pixels. The test checks the hovered cell's indices, so a change there
/// fails loudly rather than reading the wrong cell.
const LEFT: f64 = 46.0;
const RIGHT: f64 = 8.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 52.0;

/// Moves the pointer over cell (i, j) of the panel `canvas` (`nx` × `ny` bins).
async fn hover_cell(s: &Studio, canvas: &str, i: usize, j: usize, nx: usize, ny: usize) {
    let size = s
        .eval(&format!(
            "(() => {{ const c = document.querySelector('{canvas}'); return [c.clientWidth, c.clientHeight]; }})()"
        ))
        .await;
    let (w, h) = (size[0].as_f64().unwrap(), size[1].as_f64().unwrap());
    let (pw, ph) = (w - LEFT - RIGHT, h - TOP - BOTTOM);
    let x = LEFT + (i as f64 + 0.5) * pw / nx as f64;
    let y = TOP + ph - (j as f64 + 0.5) * ph / ny as f64;
    let el = s.find(canvas).await;
    let actions = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: el.clone(),
            duration: Some(Duration::from_millis(30)),
            x: 0,
            y: 0,
        })
        .then(PointerAction::MoveToElement {
            element: el,
            duration: Some(Duration::from_millis(30)),
            x: (x - w / 2.0).round() as i64,
            y: (y - h / 2.0).round() as i64,
        });
    s.client
        .perform_actions(actions)
        .await
        .expect("move over the heatmap");
}

fn nums(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_i64().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hovered_cell_and_the_exported_figure_are_the_clis() {
    let dir = std::env::temp_dir().join(format!("studio-range-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (db, draft, file) = (
        dir.join("catalog.sqlite3"),
        dir.join("draft.json"),
        dir.join("one-attempt.json"),
    );
    let (studio_png, cli_png) = (dir.join("studio.png"), dir.join("cli.png"));
    write_one_attempt_rules(&file);
    let file_s = file.to_string_lossy().into_owned();

    // What the CLI says: the figure and its range block.
    let cmp = cli_json(&[
        "compare",
        "v1",
        &file_s,
        RANGE,
        "--png",
        &cli_png.to_string_lossy(),
        "--x",
        "attempts",
        "--y",
        "walls",
    ]);
    let block = &cmp["range"];
    let (a, b, diff) = (nums(&block["a"]), nums(&block["b"]), nums(&block["diff"]));
    let (nx, ny) = (
        block["x_bins"].as_array().unwrap().len(),
        block["y_bins"].as_array().unwrap().len(),
    );
    // The cell to hover: the one A and B differ most on.
    let k = (0..a.len()).max_by_key(|&k| (diff[k].abs(), a[k])).unwrap();
    assert_ne!(diff[k], 0, "a cap of one attempt moves seeds between cells");
    let (i, j) = (k % nx, k / nx);

    // One profile for both launches: the metrics picked are remembered in it.
    let profile = dir.join("profile");
    let s = Studio::launch_with(&[
        "--profile",
        &profile.to_string_lossy(),
        "--catalog",
        &db.to_string_lossy(),
        "--rules-draft",
        &draft.to_string_lossy(),
        "--dialog-answer",
        &studio_png.to_string_lossy(),
    ])
    .await;
    draft_one_attempt(&s).await;
    open_ab_view(&s).await;
    set_value(&s, "#ab-from", "0", "input").await;
    set_value(&s, "#ab-to", "200", "input").await;
    s.click("#ab-run").await;
    s.wait_for_within(
        "document.querySelector('#view-lab')?.dataset.state === 'done'",
        "the A/B comparison",
        Duration::from_secs(300),
    )
    .await;
    s.wait_for(
        "document.querySelector('#ab-range')?.dataset.state === 'done'",
        "the expressive range (the metrics last picked; solving × walls at first)",
    )
    .await;
    // Start from solving × walls (a fresh profile starts there; set them anyway).
    set_value(&s, "#range-y", "walls", "change").await;
    set_value(&s, "#range-x", "solving", "change").await;
    s.wait_for(
        "(() => { const r = document.querySelector('#ab-range'); return r?.dataset.state === 'done' && r.dataset.x === 'solving' && r.dataset.y === 'walls'; })()",
        "the range on solving × walls",
    )
    .await;
    // Pick attempts × walls: the view counts again (timed for docs/studio.md).
    let started = Instant::now();
    set_value(&s, "#range-x", "attempts", "change").await;
    s.wait_for(
        "(() => { const r = document.querySelector('#ab-range'); return r?.dataset.state === 'done' && r.dataset.x === 'attempts' && r.dataset.y === 'walls' && r.dataset.nx !== '0'; })()",
        "the range on attempts × walls",
    )
    .await;
    eprintln!(
        "expressive range {RANGE} re-counted on new metrics and drawn: {} ms",
        started.elapsed().as_millis()
    );
    assert_eq!(s.attr_of("#ab-range", "data-nx").await, nx.to_string());
    assert_eq!(s.attr_of("#ab-range", "data-ny").await, ny.to_string());

    // Hover the cell on the difference panel: its exact numbers are the CLI's.
    hover_cell(&s, "#range-diff", i, j, nx, ny).await;
    s.wait_for("!!document.querySelector('#range-tip')", "the tooltip")
        .await;
    let tip = "#range-tip";
    assert_eq!(s.attr_of(tip, "data-i").await, i.to_string());
    assert_eq!(s.attr_of(tip, "data-j").await, j.to_string());
    assert_eq!(s.attr_of(tip, "data-a").await, a[k].to_string());
    assert_eq!(s.attr_of(tip, "data-b").await, b[k].to_string());
    assert_eq!(s.attr_of(tip, "data-diff").await, diff[k].to_string());
    let xb = &block["x_bins"][i];
    let yb = &block["y_bins"][j];
    assert_eq!(s.attr_of(tip, "data-x-lo").await, xb["lo"].to_string());
    assert_eq!(s.attr_of(tip, "data-x-hi").await, xb["hi"].to_string());
    assert_eq!(s.attr_of(tip, "data-y-lo").await, yb["lo"].to_string());
    assert_eq!(s.attr_of(tip, "data-y-hi").await, yb["hi"].to_string());
    let words = s.text(tip).await;
    assert!(
        words.contains("attempts") && words.contains("walls"),
        "{words:?}"
    );

    s.eval("(() => { document.querySelector('#ab-range').scrollIntoView(); return true; })()")
        .await;
    for (w, h, name) in [(1440, 900, "range-1440x900"), (1024, 700, "range-1024x700")] {
        s.resize(w, h).await;
        s.eval("(() => { document.querySelector('#ab-range').scrollIntoView(); return true; })()")
            .await;
        hover_cell(&s, "#range-diff", i, j, nx, ny).await;
        s.wait_for("!!document.querySelector('#range-tip')", "the tooltip")
            .await;
        s.screenshot_x(name, Some((w, h))).await;
    }
    let _ = s.client.release_actions().await;

    // Export through the save dialog: the CLI's bytes.
    s.click("#range-png").await;
    s.wait_for(
        "(document.querySelector('#range-notice')?.textContent ?? '').includes('Saved the figure')",
        "the PNG saved",
    )
    .await;
    assert_eq!(
        std::fs::read(&studio_png).unwrap(),
        std::fs::read(&cli_png).unwrap(),
        "the studio's PNG is the CLI's"
    );

    // The metrics are remembered across a restart (in the profile's view settings).
    s.close().await;
    let s = Studio::launch_with(&[
        "--profile",
        &profile.to_string_lossy(),
        "--catalog",
        &db.to_string_lossy(),
        "--rules-draft",
        &draft.to_string_lossy(),
    ])
    .await;
    open_ab_view(&s).await;
    set_value(&s, "#ab-from", "0", "input").await;
    set_value(&s, "#ab-to", "200", "input").await;
    s.click("#ab-run").await;
    s.wait_for_within(
        "document.querySelector('#ab-range')?.dataset.state === 'done'",
        "the expressive range after a restart",
        Duration::from_secs(120),
    )
    .await;
    assert_eq!(s.attr_of("#ab-range", "data-x").await, "attempts");
    assert_eq!(s.attr_of("#ab-range", "data-y").await, "walls");
    let saved = std::fs::read_to_string(profile.join("view-settings.json")).unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&saved).unwrap(),
        serde_json::json!({ "range_x": "attempts", "range_y": "walls" })
    );
    s.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
