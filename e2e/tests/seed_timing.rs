//! End-to-end timing of a seed change (issue 22, point 9): from Enter (the seed
//! asked for) to the frame that shows it, as the inspector's timing line measures
//! it (`window.__studioPerf.seedChanges`: parse, inspect round trip, ledger +
//! stage, frame).
//!
//! Typical seeds: 100 presses of `]` from seed 42. The slowest seeds, 4179 (12
//! attempts) and 1671 (11 attempts): each typed into the seed bar and submitted
//! with Enter 20 times, in turn. Each group's median, p90 and max are printed
//! (run with `--nocapture`), with the medians of the parts; the test checks that
//! every change was measured and adds up, never a time. Run twice: with the
//! renderer WebDriver keeps (DMA-BUF, software GL here) and with the
//! shared-memory renderer a designer without a GPU gets.

use contraption_e2e::Studio;
use fantoccini::key::Key;
use serde_json::{json, Value};

const TYPICAL_FROM: u64 = 42;
const TYPICAL_PRESSES: u64 = 100;
const SLOW: [u64; 2] = [4179, 1671];
const SLOW_TIMES: usize = 20;

/// Waits inside the page (no WebDriver polling meanwhile) until seed `seed` is
/// drawn, and returns its timing entry.
async fn drawn(studio: &Studio, seed: u64) -> Value {
    let script = format!(
        "new Promise((resolve) => {{ const t0 = performance.now(); \
         const check = () => {{ const last = window.__studioPerf.seedChanges.at(-1); \
         if (document.body.dataset.state === 'ready' && last?.seed === {seed}) return resolve(last); \
         if (performance.now() - t0 > 30000) return resolve(null); setTimeout(check, 10); }}; check(); }})"
    );
    let entry = studio.eval(&script).await;
    assert!(entry.is_object(), "seed {seed} was drawn and timed");
    entry
}

/// (median, p90, max) of `values`.
fn spread(values: &[f64]) -> (f64, f64, f64) {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.9), v[v.len() - 1])
}

/// Prints one group's figures; returns them as JSON.
fn report(group: &str, entries: &[Value]) -> Value {
    let field = |name: &str| -> Vec<f64> {
        entries
            .iter()
            .map(|e| e[name].as_f64().unwrap_or_else(|| panic!("{name} in {e}")))
            .collect()
    };
    let total = field("totalMs");
    for e in entries {
        let parts: f64 = ["parseMs", "ipcMs", "renderMs", "frameMs"]
            .iter()
            .map(|k| e[*k].as_f64().unwrap())
            .sum();
        assert!(
            (parts - e["totalMs"].as_f64().unwrap()).abs() < 1.0,
            "the parts add up to the total: {e}"
        );
    }
    let (median, p90, max) = spread(&total);
    let med = |name: &str| spread(&field(name)).0;
    eprintln!(
        "seed timing: {group} ({} changes): Enter to drawn frame median {median:.0} ms, p90 {p90:.0} ms, max {max:.0} ms \
         — medians: parse {:.0}, inspect round trip {:.0} (engine {:.1}), ledger + stage {:.0}, frame {:.0}",
        entries.len(),
        med("parseMs"),
        med("ipcMs"),
        med("engineMs"),
        med("renderMs"),
        med("frameMs"),
    );
    json!({ "group": group, "n": entries.len(), "median": median, "p90": p90, "max": max,
            "parse": med("parseMs"), "ipc": med("ipcMs"), "engine": med("engineMs"),
            "render": med("renderMs"), "frame": med("frameMs") })
}

async fn measure(studio: &Studio, renderer: &str) {
    let input = studio.find("#seed-input").await;
    input.clear().await.expect("clear the seed input");
    input
        .send_keys(&format!("{TYPICAL_FROM}{}", Key::Enter))
        .await
        .expect("type the seed and Enter");
    drawn(studio, TYPICAL_FROM).await;

    let mut typical = Vec::new();
    for n in 1..=TYPICAL_PRESSES {
        studio.press("]").await;
        typical.push(drawn(studio, TYPICAL_FROM + n).await);
    }
    let mut slow: Vec<Vec<Value>> = vec![Vec::new(); SLOW.len()];
    for _ in 0..SLOW_TIMES {
        for (i, seed) in SLOW.iter().enumerate() {
            let input = studio.find("#seed-input").await;
            input.clear().await.expect("clear the seed input");
            input
                .send_keys(&format!("{seed}{}", Key::Enter))
                .await
                .expect("type the seed and Enter");
            let entry = drawn(studio, *seed).await;
            slow[i].push(entry);
        }
    }
    for (i, seed) in SLOW.iter().enumerate() {
        let attempts = slow[i][0]["attempts"].as_u64().unwrap();
        assert!(
            slow[i].iter().all(|e| e["attempts"] == json!(attempts)),
            "seed {seed} has the same attempts every time"
        );
    }
    let mut groups = vec![report(
        &format!("{renderer}: typical seeds ({TYPICAL_PRESSES} presses of ] from {TYPICAL_FROM})"),
        &typical,
    )];
    for (i, seed) in SLOW.iter().enumerate() {
        let attempts = slow[i][0]["attempts"].as_u64().unwrap();
        groups.push(report(
            &format!("{renderer}: seed {seed} ({attempts} attempts, typed + Enter)"),
            &slow[i],
        ));
    }
    let out = json!({ "renderer": renderer, "groups": groups, "typical": typical, "slow": slow });
    std::fs::write(
        contraption_e2e::screenshot_dir().join(format!("seed-timing-{renderer}.json")),
        serde_json::to_string_pretty(&out).unwrap(),
    )
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enter_to_drawn_frame_default_renderer() {
    let studio = Studio::launch().await;
    measure(&studio, "default").await;
    studio.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enter_to_drawn_frame_shared_memory_renderer() {
    let studio = Studio::launch_with(&["--shared-memory-renderer"]).await;
    measure(&studio, "shm").await;
    studio.close().await;
}
