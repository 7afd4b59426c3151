//! Dragging a wall's end on the inspector's field (issue 26) in the real window:
//! the other end stays, the wall's four draws are pinned at once, and the
//! before/after is what `contraption generate SEED --pin ... --json` says of those
//! pins; the ends the pins give (as `contraption draws` reports their values) are
//! the fixed end and the point the pointer let go at.

use std::time::Duration;

use contraption_e2e::{cli_json, cli_run, Studio};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use serde_json::Value;

const SEED: &str = "7";

/// `contraption draws SEED --attempt K --json [--pin P]...`: one object per draw.
fn cli_draws(attempt: u64, pins: &[String]) -> Vec<Value> {
    let k = attempt.to_string();
    let mut args = vec!["draws", SEED, "--attempt", &k, "--json"];
    for p in pins {
        args.extend(["--pin", p]);
    }
    let (code, out, err) = cli_run(&args);
    assert_eq!(code, 0, "contraption draws: {err}");
    out.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a draw per line"))
        .collect()
}

/// The canvas offset (from its centre, as pointer actions want it) of field point (x, y).
async fn offset(s: &Studio, x: f64, y: f64) -> (i64, i64) {
    let p = s
        .eval(&format!(
            "(() => {{ const p = window.__studioProbe.fieldPoint({x}, {y}); const c = document.querySelector('#stage-canvas'); return [p.x, p.y, c.clientWidth, c.clientHeight]; }})()"
        ))
        .await;
    let n = |i: usize| p[i].as_f64().unwrap();
    (
        (n(0) - n(2) / 2.0).round() as i64,
        (n(1) - n(3) / 2.0).round() as i64,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wall_end_dragged_pins_the_wall_s_four_draws() {
    let s = Studio::launch_with(&[]).await;
    s.resize(1440, 900).await;
    s.type_seed(SEED).await;
    s.wait_seed(7).await;
    let real = cli_json(&["generate", SEED, "--json"]);
    let k = real["shipped"]["attempt"].as_u64().unwrap();
    s.click("#tab-draws").await;
    s.wait_for(
        &format!("document.querySelector('#draws-panel')?.dataset.attempt === '{k}'"),
        "the Draws panel on the shipped attempt",
    )
    .await;
    // The panel widens its column once its rows are in: wait for the field to
    // settle (its canvas the same size for half a second) before aiming at it.
    s.wait_for(
        "document.querySelectorAll('#draws-panel .draw-row').length > 0",
        "the draws' rows",
    )
    .await;
    let size = "(() => { const c = document.querySelector('#stage-canvas'); const r = c.getBoundingClientRect(); return [c.clientWidth, c.clientHeight, r.left, r.top, window.__studioProbe.fieldPoint(0, 0).x]; })()";
    let mut last = s.eval(size).await;
    let mut stable = 0;
    for _ in 0..200 {
        if stable >= 5 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = s.eval(size).await;
        stable = if now == last { stable + 1 } else { 0 };
        last = now;
    }
    assert!(stable >= 5, "the field never settled: {last}");

    // The longest built wall of the shipped attempt, from the CLI's record.
    let draws = cli_draws(k, &[]);
    let value = |d: &[Value], site: String| {
        d.iter()
            .find(|x| x["site"] == site.as_str())
            .and_then(|x| x["value"].as_f64())
            .unwrap()
    };
    let ends = |d: &[Value], n: u64| {
        let (cx, cy) = (
            value(d, format!("walls[{n}].center_x")),
            value(d, format!("walls[{n}].center_y")),
        );
        let half = value(d, format!("walls[{n}].length")) / 2.0;
        let angle = value(d, format!("walls[{n}].angle"));
        let (dx, dy) = (angle.cos() * half, angle.sin() * half);
        ((cx - dx, cy - dy), (cx + dx, cy + dy), 2.0 * half)
    };
    let built: Vec<u64> = draws
        .iter()
        .filter(|d| {
            d["decided"]
                .as_str()
                .is_some_and(|t| t.contains("is built"))
        })
        .map(|d| d["wall"].as_u64().unwrap())
        .collect();
    let n = *built
        .iter()
        .max_by(|a, b| ends(&draws, **a).2.total_cmp(&ends(&draws, **b).2))
        .expect("seed 7's shipped attempt builds walls");
    let (a, b, length) = ends(&draws, n);
    assert!(length > 17.0, "wall {n} is long enough to shorten");

    // Drag end a a sixth of the way toward b: the wall gets shorter, its angle stays.
    let to = (a.0 + (b.0 - a.0) / 6.0, a.1 + (b.1 - a.1) / 6.0);
    let (ax, ay) = offset(&s, a.0, a.1).await;
    let (tx, ty) = offset(&s, to.0, to.1).await;
    let canvas = s.find("#stage-canvas").await;
    let hover = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: canvas.clone(),
        duration: Some(Duration::from_millis(80)),
        x: ax,
        y: ay,
    });
    s.client
        .perform_actions(hover)
        .await
        .expect("hover the end");
    s.wait_for(
        &format!("document.querySelector('#stage-canvas').dataset.wallEnd === '{n}:a'"),
        "the grab handle on the wall's end",
    )
    .await;
    let drag = MouseActions::new("mouse".into())
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveToElement {
            element: canvas.clone(),
            duration: Some(Duration::from_millis(200)),
            x: (ax + tx) / 2,
            y: (ay + ty) / 2,
        })
        .then(PointerAction::MoveToElement {
            element: canvas,
            duration: Some(Duration::from_millis(200)),
            x: tx,
            y: ty,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    s.client.perform_actions(drag).await.expect("drag the end");
    let _ = s.client.release_actions().await;
    s.wait_for_within(
        "document.querySelectorAll('#pins li').length === 4 && document.querySelector('#pinned-compare')?.getAttribute('aria-busy') === 'false'",
        "the wall's four pins and their before/after",
        Duration::from_secs(30),
    )
    .await;
    let pins: Vec<String> = s
        .eval("[...document.querySelectorAll('#pins li')].map((l) => l.dataset.pin)")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    let mut sites: Vec<String> = pins
        .iter()
        .map(|p| p.split_once('=').unwrap().0.to_owned())
        .collect();
    sites.sort();
    let want: Vec<String> = ["angle", "center_x", "center_y", "length"]
        .iter()
        .map(|f| format!("{k}:walls[{n}].{f}"))
        .collect();
    assert_eq!(sites, want);

    // The pinned ends: b where it was, a where the pointer let go (a pixel is
    // about a quarter of a unit here).
    let (pa, pb, _) = ends(&cli_draws(k, &pins), n);
    let near = |p: (f64, f64), q: (f64, f64), tol: f64| {
        (p.0 - q.0).abs() <= tol && (p.1 - q.1).abs() <= tol
    };
    assert!(
        near(pb, b, 0.02),
        "the fixed end stays: {pb:?} against {b:?}"
    );
    assert!(near(pa, to, 0.6), "the dragged end: {pa:?} against {to:?}");

    // The before/after is the CLI's for those pins.
    let mut args = vec!["generate", SEED, "--json"];
    for p in &pins {
        args.extend(["--pin", p.as_str()]);
    }
    let pinned = cli_json(&args);
    let attr = |name: &'static str| s.attr_of("#pinned-compare", name);
    assert_eq!(
        attr("data-after-shipped").await,
        pinned["shipped"]["attempt"].to_string()
    );
    assert_eq!(
        attr("data-after-hash").await,
        pinned["shipped"]["level_hash"].as_str().unwrap()
    );
    assert_eq!(attr("data-candidate-attempt").await, k.to_string());
    assert_eq!(
        s.attr_of("#stage-canvas", "data-pinned-walls").await,
        n.to_string()
    );
    s.screenshot_x("draws-wall-dragged-1440x900", Some((1440, 900)))
        .await;
}
