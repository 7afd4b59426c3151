//! The Tune view in the real window (issue 27): two targets typed (a refused one
//! shows the engine's message at its place), two fields varied with bounds, a
//! small tune run with its progress seen, the best rule set made the draft (the
//! Rules view shows its values) and opened in the A/B view against the rules in
//! force; the tornado of the same two fields, whose hovered numbers (the field,
//! the stepped value, the figure there and its change) equal `contraption
//! sensitivity --json` on the same seeds and step. Screenshots at 1440×900 and
//! 1024×700.

use std::time::Duration;

use contraption_e2e::ab::{open_rules_view, set_value};
use contraption_e2e::{cli_json, Studio};
use fantoccini::actions::{InputSource, MouseActions, PointerAction};

const TARGETS: &str = "fallback_rate >= 0.1 and mean_walls >= 3";
const FIELDS: [(&str, &str, &str); 2] = [
    ("generator.max_attempts", "1", "10"),
    ("walls.count.max", "2", "8"),
];
const SEEDS: (&str, &str) = ("0", "150");

async fn open_tune(s: &Studio) {
    s.click("[data-view='tune']").await;
    s.wait_for(
        "document.querySelectorAll('#view-tune #tune-add-field option').length > 1",
        "the Tune view and its fields",
    )
    .await;
}

/// The number in a data attribute (as JavaScript wrote it: the shortest text that reads back the same).
async fn num(s: &Studio, css: &str, attr: &str) -> f64 {
    let t = s.attr_of(css, attr).await;
    t.parse()
        .unwrap_or_else(|_| panic!("{css} {attr}={t:?} is not a number"))
}

/// Moves the pointer onto the tornado's row `row`, its step `side` (the upper half of a row is the step down).
async fn hover_bar(s: &Studio, row: usize, side: &str) {
    s.eval("(() => { document.querySelector('#tornado').scrollIntoView({ block: 'nearest' }); return true; })()")
        .await;
    let h = s
        .eval("document.querySelector('#tornado canvas').clientHeight")
        .await
        .as_f64()
        .unwrap();
    let y = 24.0 + row as f64 * 28.0 + if side == "down" { 7.0 } else { 21.0 };
    let el = s.find("#tornado canvas").await;
    let actions = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: el,
        duration: Some(Duration::from_millis(30)),
        x: 0,
        y: (y - h / 2.0).round() as i64,
    });
    s.client
        .perform_actions(actions)
        .await
        .expect("hover the tornado");
    let _ = s.client.release_actions().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tune_make_draft_open_in_ab_and_the_tornado_is_the_clis() {
    let dir = std::env::temp_dir().join(format!("studio-tune-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (db, draft) = (dir.join("catalog.sqlite3"), dir.join("draft.json"));
    let s = Studio::launch_with(&[
        "--catalog",
        &db.to_string_lossy(),
        "--rules-draft",
        &draft.to_string_lossy(),
    ])
    .await;
    s.resize(1440, 900).await;
    open_tune(&s).await;

    // A refused target shows the engine's message under the box, at its place.
    set_value(
        &s,
        "#tune-targets",
        "fallback_rate >= 0.1 and mean_wals >= 3",
        "input",
    )
    .await;
    s.wait_for(
        "!!document.querySelector('#tune-targets-error')",
        "the targets' refusal",
    )
    .await;
    assert_eq!(s.attr_of("#tune-targets-error", "data-at").await, "25");
    assert!(s.text("#tune-targets-error").await.contains("mean_wals"));
    // Two targets.
    set_value(&s, "#tune-targets", TARGETS, "input").await;
    s.wait_for(
        "document.querySelector('#tune-targets-read')?.dataset.count === '2'",
        "two targets read",
    )
    .await;

    // Two fields with their bounds, the seeds, a holdout and a small budget.
    for (field, lo, hi) in FIELDS {
        set_value(&s, "#tune-add-field", field, "change").await;
        let row = format!(".vary-row[data-field='{field}']");
        s.find(&row).await;
        set_value(&s, &format!("{row} input.lo"), lo, "input").await;
        set_value(&s, &format!("{row} input.hi"), hi, "input").await;
    }
    set_value(&s, "#tune-from", SEEDS.0, "input").await;
    set_value(&s, "#tune-to", SEEDS.1, "input").await;
    set_value(&s, "#tune-holdout-from", "1000", "input").await;
    set_value(&s, "#tune-holdout-to", "1100", "input").await;
    set_value(&s, "#tune-budget", "16", "input").await;
    // Progress is seen: a frame shows some candidates done of the budget.
    s.eval("(() => { window.__progress = []; new MutationObserver(() => { const p = document.querySelector('#tune-progress'); if (p) window.__progress.push([+p.dataset.done, +p.dataset.budget]); }).observe(document.body, { subtree: true, childList: true, attributes: true }); return true; })()").await;
    s.click("#tune-run").await;
    s.wait_for_within(
        "document.querySelector('#view-tune').dataset.state === 'done'",
        "the tune",
        Duration::from_secs(60),
    )
    .await;
    let seen = s
        .eval("window.__progress.filter(([d, b]) => d > 0 && b === 16).length")
        .await
        .as_u64()
        .unwrap();
    assert!(seen > 0, "the progress bar showed candidates done");
    let tried = s.attr_of("#tune-chart", "data-candidates").await;
    assert!(
        tried.parse::<u32>().unwrap() > 1,
        "{tried} candidates on the chart"
    );
    let best = "#tune-results li.tuned[data-rank='1']";
    let best_id = s.attr_of(best, "data-rules-id").await;
    let changes: Vec<(String, String)> = {
        let mut out = Vec::new();
        for el in s.find_all(&format!("{best} .change[data-field]")).await {
            out.push((s.attr(&el, "data-field").await, s.attr(&el, "data-b").await));
        }
        out
    };
    assert!(!changes.is_empty(), "the best rule set changes a field");
    s.screenshot_x("tune-result-1440x900", Some((1440, 900)))
        .await;

    // Make it the draft: the Rules view shows its values.
    s.click(&format!("{best} .make-draft")).await;
    s.wait_for(
        "/is the draft now/.test(document.querySelector('#tune-notice')?.textContent ?? '')",
        "the draft made",
    )
    .await;
    open_rules_view(&s).await;
    assert_eq!(s.attr_of("#view-rules", "data-draft").await, best_id);
    for (field, value) in &changes {
        let shown = s
            .eval(&format!(
                "document.querySelector(\"#view-rules input[data-path='{field}']\").value"
            ))
            .await;
        assert_eq!(shown.as_str().unwrap(), value, "{field} in the Rules view");
    }

    // Open it in A/B: A the rules in force, B the draft, the tune's seeds.
    open_tune(&s).await;
    s.click(&format!("{best} .open-ab")).await;
    s.wait_for_within(
        "document.querySelector('#view-lab')?.dataset.state === 'done'",
        "the A/B of the tuned rules",
        Duration::from_secs(60),
    )
    .await;
    assert_eq!(
        s.eval("document.querySelector('#ab-a').value").await,
        "in_force"
    );
    assert_eq!(
        s.eval("document.querySelector('#ab-b').value").await,
        "draft"
    );
    assert_eq!(s.attr_of("#ab-figures", "data-seeds").await, "150");

    // The tornado of the same fields, seeds and step, against the CLI's.
    open_tune(&s).await;
    s.click("#what-run").await;
    s.wait_for_within("document.querySelector('#what-rules-do').dataset.state === 'done' && !!document.querySelector('#tornado canvas')", "the tornado", Duration::from_secs(60)).await;
    let fields: Vec<String> = FIELDS
        .iter()
        .map(|(f, lo, hi)| format!("{f}={lo}..{hi}"))
        .collect();
    let cli = cli_json(&[
        "sensitivity",
        "--fields",
        &fields.join(","),
        "--seeds",
        &format!("{}..{}", SEEDS.0, SEEDS.1),
        "--step",
        "0.1",
        "--figure",
        "mean_solving",
        "--json",
    ]);
    let order: Vec<&str> = cli["tornado"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        s.attr_of("#tornado", "data-rows").await,
        order.len().to_string()
    );
    let base = cli["start"]["mean_solving"].as_f64().unwrap();
    let mut compared = 0;
    for (row, field) in order.iter().enumerate() {
        let effect = cli["fields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["field"] == *field)
            .unwrap();
        for side in ["down", "up"] {
            let step = &effect[side];
            if step.is_null() {
                continue;
            }
            hover_bar(&s, row, side).await;
            s.wait_for(&format!("document.querySelector('#tornado-tip')?.dataset.field === '{field}' && document.querySelector('#tornado-tip')?.dataset.side === '{side}'"), "the bar's numbers").await;
            let tip = "#tornado-tip";
            assert_eq!(
                num(&s, tip, "data-value").await,
                step["values"][0]["value"].as_f64().unwrap(),
                "{field} {side}"
            );
            let v = step["figures"]["mean_solving"].as_f64().unwrap();
            assert_eq!(num(&s, tip, "data-figure-value").await, v, "{field} {side}");
            assert_eq!(
                num(&s, tip, "data-change").await,
                v - base,
                "{field} {side}"
            );
            compared += 1;
        }
    }
    assert!(compared >= 3, "{compared} bars compared");
    hover_bar(&s, 0, "up").await;
    s.screenshot_x("tune-tornado-1440x900", Some((1440, 900)))
        .await;
    s.resize(1024, 700).await;
    s.eval("(() => { document.querySelector('#tune-results').scrollIntoView({ block: 'start' }); return true; })()").await;
    s.screenshot_x("tune-result-1024x700", Some((1024, 700)))
        .await;
    s.eval("(() => { document.querySelector('#what-rules-do').scrollIntoView({ block: 'start' }); return true; })()").await;
    hover_bar(&s, 0, "down").await;
    s.screenshot_x("tune-tornado-1024x700", Some((1024, 700)))
        .await;
    s.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
