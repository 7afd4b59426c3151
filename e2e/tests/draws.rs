//! The inspector's Draws panel in the real window (issue 26): the draws of an
//! attempt against `contraption draws`, a wall's draw hovered lights the wall on
//! the field (and the wall hovered on the field lights its draws), dropped walls
//! drawn as ghosts, and a pin on the goal's x with its before/after, whose shipped
//! attempt and sweep counts equal `contraption generate SEED --pin ... --json`;
//! a refused pin shows the engine's message and changes nothing; the edited level
//! plays in a window that says it is edited. Screenshots at 1440×900 and 1024×700.

use std::time::{Duration, Instant};

use contraption_e2e::{cli_error, cli_json, cli_run, Studio};
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use serde_json::Value;

/// Seed 7 ships attempt 5 under v1; with its first attempt's goal at x = 40 the
/// first attempt is accepted (the CLI says so below, not this comment).
const SEED: &str = "7";
const PIN: &str = "1:goal.x=40";

/// `contraption draws SEED --json`: one object per draw, a line each.
fn cli_draws(seed: &str) -> Vec<Value> {
    let (code, out, err) = cli_run(&["draws", seed, "--json"]);
    assert_eq!(code, 0, "contraption draws {seed}: {err}");
    out.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a draw per line"))
        .collect()
}

/// Moves the pointer over the centre of the element `css`.
async fn hover_element(s: &Studio, css: &str) {
    s.eval(&format!(
        "(() => {{ document.querySelector(\"{css}\").scrollIntoView({{ block: 'center' }}); return true; }})()"
    ))
    .await;
    let el = s.find(css).await;
    let actions = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: el,
        duration: Some(Duration::from_millis(60)),
        x: 0,
        y: 0,
    });
    s.client.perform_actions(actions).await.expect("hover");
    let _ = s.client.release_actions().await;
}

/// Moves the pointer to field point (x, y) of the stage.
async fn hover_field(s: &Studio, x: f64, y: f64) {
    let p = s
        .eval(&format!(
            "(() => {{ const p = window.__studioProbe.fieldPoint({x}, {y}); const c = document.querySelector('#stage-canvas'); return [p.x, p.y, c.clientWidth, c.clientHeight]; }})()"
        ))
        .await;
    let n = |i: usize| p[i].as_f64().unwrap();
    let el = s.find("#stage-canvas").await;
    let actions = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: el,
        duration: Some(Duration::from_millis(60)),
        x: (n(0) - n(2) / 2.0).round() as i64,
        y: (n(1) - n(3) / 2.0).round() as i64,
    });
    s.client
        .perform_actions(actions)
        .await
        .expect("hover the field");
    let _ = s.client.release_actions().await;
}

/// Types `text` into the pin field of the draw at `site` (attempt shown) and presses Enter.
async fn pin_value(s: &Studio, site: &str, text: &str) {
    s.eval(&format!(
        "(() => {{ document.querySelector(\"#draws-panel [data-site='{site}']\").scrollIntoView({{ block: 'center' }}); return true; }})()"
    ))
    .await;
    s.click(&format!("#draws-panel [data-site='{site}'] button.value"))
        .await;
    let input = s
        .find(&format!("#draws-panel [data-site='{site}'] input"))
        .await;
    let erase = "\u{E003}".repeat(16);
    input
        .send_keys(&format!("\u{E010}{erase}{text}\u{E007}"))
        .await
        .expect("type the pin");
}

/// The goal count of the shipped attempt's sweep in a CLI report.
fn shipped_goals(report: &Value) -> u64 {
    let k = report["shipped"]["attempt"].as_u64().unwrap() as usize;
    goals(&report["attempts"][k - 1])
}

fn goals(attempt: &Value) -> u64 {
    attempt["sweep"]["placements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["result"] == "goal")
        .count() as u64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_panel_hover_ghosts_and_a_pinned_goal() {
    let s = Studio::launch_with(&[]).await;
    s.resize(1440, 900).await;
    s.type_seed(SEED).await;
    s.wait_seed(7).await;
    let real = cli_json(&["generate", SEED, "--json", "--full"]);
    let shipped = real["shipped"]["attempt"].as_u64().unwrap();
    s.click("#tab-draws").await;
    s.wait_for(
        &format!("document.querySelector('#draws-panel')?.dataset.attempt === '{shipped}' && document.querySelectorAll('#draws-panel .draw-row').length > 0"),
        "the Draws panel on the shipped attempt",
    )
    .await;

    // The attempt's draws are the CLI's, in stream order, from its first position.
    let all = cli_draws(SEED);
    let mine: Vec<&Value> = all.iter().filter(|d| d["attempt"] == shipped).collect();
    let first = mine.iter().find_map(|d| d["position"].as_u64()).unwrap();
    assert_eq!(
        s.attr_of("#draws-panel", "data-first-position").await,
        first.to_string()
    );
    assert!(s
        .text("#draws-start")
        .await
        .contains(&format!("attempt {shipped} starts at draw {first}")));
    let sites = s
        .eval("[...document.querySelectorAll('#draws-panel .draw-row')].map((r) => r.dataset.site + '@' + r.dataset.position)")
        .await;
    let want: Vec<String> = mine
        .iter()
        .map(|d| {
            let pos = d["position"]
                .as_u64()
                .map_or("constant".to_owned(), |p| p.to_string());
            format!("{}@{pos}", d["site"].as_str().unwrap())
        })
        .collect();
    let got: Vec<String> = sites
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(got, want);

    // Hover wall 3's centre_x draw: wall 3 is highlighted on the field, its rows lit.
    hover_element(&s, "#draws-panel [data-site='walls[3].center_x']").await;
    s.wait_for(
        "document.querySelector('#stage-canvas').dataset.highlight === 'wall:3'",
        "wall 3 highlighted on the field",
    )
    .await;
    let lit = s
        .eval("[...document.querySelectorAll('#draws-panel .draw-row.hot')].map((r) => r.dataset.site)")
        .await;
    assert_eq!(
        lit,
        serde_json::json!([
            "walls[3].center_x",
            "walls[3].center_y",
            "walls[3].length",
            "walls[3].angle"
        ])
    );
    // The goal's row rings the goal.
    hover_element(&s, "#draws-panel [data-site='goal.y']").await;
    s.wait_for(
        "document.querySelector('#stage-canvas').dataset.highlight === 'goal'",
        "the goal highlighted",
    )
    .await;
    // Hover wall 2 on the field (its centre, from the CLI): its draws light up.
    let value = |site: &str| {
        mine.iter()
            .find(|d| d["site"] == site)
            .map(|d| d["value"].as_f64().unwrap())
            .unwrap()
    };
    hover_field(&s, value("walls[2].center_x"), value("walls[2].center_y")).await;
    s.wait_for(
        "[...document.querySelectorAll('#draws-panel .draw-row.hot')].map((r) => r.dataset.wall).join() === '2,2,2,2'",
        "wall 2's draws lit from the field",
    )
    .await;

    // The attempt before: its dropped walls drawn as ghosts.
    let k = shipped - 1;
    let dropped = all
        .iter()
        .filter(|d| {
            d["attempt"] == k
                && d["decided"]
                    .as_str()
                    .is_some_and(|t| t.contains("is dropped"))
        })
        .count();
    s.press("\u{E013}").await; // ↑
    s.wait_for(
        &format!("document.querySelector('#draws-panel')?.dataset.attempt === '{k}'"),
        "the previous attempt's draws",
    )
    .await;
    assert_eq!(
        s.attr_of("#stage-canvas", "data-ghosts").await,
        dropped.to_string()
    );
    assert!(dropped > 0, "seed 7's attempt 4 drops walls");
    s.screenshot_x("draws-ghosts-1440x900", Some((1440, 900)))
        .await;

    // Attempt 1: pin the goal's x.
    for _ in 1..k {
        s.press("\u{E013}").await;
    }
    s.wait_for(
        "document.querySelector('#draws-panel')?.dataset.attempt === '1'",
        "attempt 1's draws",
    )
    .await;
    pin_value(&s, "goal.x", "40").await;
    s.wait_for_within(
        "document.querySelector('#pinned-compare')?.dataset.afterShipped !== undefined && document.querySelector('#pinned-compare').getAttribute('aria-busy') === 'false'",
        "the before/after for the pin",
        Duration::from_secs(30),
    )
    .await;
    let pinned = cli_json(&["generate", SEED, "--pin", PIN, "--json"]);
    let attr = |name: &'static str| s.attr_of("#pinned-compare", name);
    assert_eq!(attr("data-before-shipped").await, shipped.to_string());
    assert_eq!(
        attr("data-before-goal").await,
        shipped_goals(&real).to_string()
    );
    assert_eq!(
        attr("data-after-shipped").await,
        pinned["shipped"]["attempt"].to_string()
    );
    assert_eq!(
        attr("data-after-goal").await,
        shipped_goals(&pinned).to_string()
    );
    assert_eq!(
        attr("data-after-hash").await,
        pinned["shipped"]["level_hash"].as_str().unwrap()
    );
    assert_eq!(attr("data-candidate-attempt").await, "1");
    assert_eq!(
        attr("data-candidate-goal").await,
        goals(&pinned["attempts"][0]).to_string()
    );
    assert_eq!(
        attr("data-candidate-verdict").await,
        pinned["attempts"][0]["verdict"].as_str().unwrap()
    );
    assert_eq!(
        s.eval("[...document.querySelectorAll('#pins li')].map((l) => l.dataset.pin)")
            .await,
        serde_json::json!([PIN])
    );
    assert!(s.text("#pinned-compare").await.contains("EDITED"));
    s.screenshot_x("draws-pinned-1440x900", Some((1440, 900)))
        .await;

    // Out of range: the engine's message (the CLI's), and the pins stay.
    pin_value(&s, "goal.y", "400").await;
    s.wait_for(
        "document.querySelector('#draws-error') !== null",
        "the refusal",
    )
    .await;
    let refusal = cli_error(&["generate", SEED, "--pin", "1:goal.y=400"]);
    let shown = s.text("#draws-error").await;
    assert!(refusal.contains(&shown), "shown {shown:?}, CLI {refusal:?}");
    assert_eq!(attr("data-pins").await, "1");
    assert_eq!(
        attr("data-after-shipped").await,
        pinned["shipped"]["attempt"].to_string()
    );

    // Esc leaves the field (the refused value is dropped).
    s.find("#draws-panel [data-site='goal.y'] input")
        .await
        .send_keys("\u{E00C}")
        .await
        .expect("Esc");
    s.wait_for(
        "document.querySelector(\"#draws-panel [data-site='goal.y'] input\") === null",
        "the field left",
    )
    .await;
    s.resize(1024, 700).await;
    s.screenshot_x("draws-pinned-1024x700", Some((1024, 700)))
        .await;

    // The edited level plays in its own window, which says it is edited.
    let main = s.client.window().await.unwrap();
    s.click("#play-edited").await;
    let start = Instant::now();
    let play = loop {
        let handles = s.client.windows().await.unwrap();
        if let Some(h) = handles.into_iter().find(|h| *h != main) {
            break h;
        }
        if start.elapsed() > Duration::from_secs(20) {
            panic!(
                "the play window did not open: {}",
                s.eval("document.querySelector('#draws-error')?.textContent ?? 'no error shown'")
                    .await
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    s.client.switch_to_window(play).await.unwrap();
    s.wait_for(
        "document.body.dataset.edited === '1' && document.body.dataset.levelHash !== undefined && document.body.dataset.state !== 'loading'",
        "the edited level in the play window",
    )
    .await;
    let header = s.text("#play-edited").await;
    assert!(header.contains("EDITED"), "{header}");
    assert!(header.contains(PIN), "{header}");
    assert_eq!(
        s.eval("document.body.dataset.levelHash").await,
        pinned["attempts"][0]["level_hash"]
    );
    assert!(s
        .eval("document.title")
        .await
        .as_str()
        .unwrap()
        .contains("edited"));
    assert_eq!(
        s.eval("document.querySelector('#play-save').disabled")
            .await,
        Value::Bool(true)
    );
    s.client.close_window().await.unwrap();
    s.client.switch_to_window(main).await.unwrap();
    s.close().await;
}
