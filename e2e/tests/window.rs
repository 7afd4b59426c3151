//! End-to-end tests of the real studio window (tauri-driver + WebKitWebDriver).
//! Run them one at a time (`--test-threads=1`): tauri-driver drives one window.
//! `scripts/test.sh` builds the binaries, starts Xvfb and tauri-driver, and runs
//! `cargo test --release -p contraption-e2e -- --test-threads=1`.

use std::collections::BTreeMap;

use contraption_e2e::{cli_error, cli_json, screenshot_dir, Studio};
use serde_json::{json, Value};

const RESULTS: [&str; 5] = ["goal", "out", "rest", "timeout", "blocked"];

/// Reads the ledger cards as JSON objects.
async fn ledger(studio: &Studio) -> Vec<BTreeMap<&'static str, String>> {
    let mut cards = Vec::new();
    for card in studio.find_all("#ledger .attempt-card").await {
        let mut m = BTreeMap::new();
        for (key, attr) in [
            ("attempt", "data-attempt"),
            ("verdict", "data-verdict"),
            ("level_hash", "data-level-hash"),
            ("fallback_candidate", "data-fallback-candidate"),
            ("shipped", "data-shipped"),
            ("solving", "data-solving"),
            ("game_stop", "data-game-stop"),
        ] {
            m.insert(key, studio.attr(&card, attr).await);
        }
        m.insert("text", card.text().await.unwrap_or_default());
        cards.push(m);
    }
    cards
}

fn opt_num(v: &Value) -> String {
    if v.is_null() {
        String::new()
    } else {
        v.to_string()
    }
}

/// Checks the window's ledger against `contraption generate SEED --json --full`.
async fn check_ledger(studio: &Studio, seed_text: &str) -> Value {
    let report = cli_json(&["generate", seed_text, "--json", "--full"]);
    let seed = report["seed"].as_u64().unwrap();
    studio.wait_seed(seed).await;
    let cards = ledger(studio).await;
    let attempts = report["attempts"].as_array().unwrap();
    assert_eq!(
        cards.len(),
        attempts.len(),
        "one card per attempt of seed {seed}"
    );
    let shipped = report["shipped"]["attempt"].as_u64().unwrap();
    for (card, a) in cards.iter().zip(attempts) {
        let index = a["index"].as_u64().unwrap();
        assert_eq!(card["attempt"], index.to_string());
        assert_eq!(
            card["verdict"],
            a["verdict"].as_str().unwrap(),
            "attempt {index}"
        );
        assert_eq!(card["level_hash"], a["level_hash"].as_str().unwrap());
        assert_eq!(
            card["fallback_candidate"],
            a["fallback_candidate"].to_string()
        );
        assert_eq!(card["shipped"], (index == shipped).to_string());
        let sweep = &a["sweep"];
        assert_eq!(
            card["solving"],
            opt_num(&sweep["solving"]),
            "attempt {index}"
        );
        assert_eq!(
            card["game_stop"],
            opt_num(&sweep["game_stop"]),
            "attempt {index}"
        );
        // The verdict in plain words.
        let words = match a["verdict"].as_str().unwrap() {
            "pre_solved" => "bare ball falls into the goal",
            "accepted" => "single ramp carries the ball to the goal",
            _ => "144 ramp placements",
        };
        let text = &card["text"];
        assert!(
            text.contains(words) || (index == shipped && text.contains("fallback")),
            "card {index} says {text:?}"
        );
        assert!(
            text.contains(&format!("{} steps", a["bare"]["steps"])),
            "card {index} shows the bare ball's steps: {text:?}"
        );
    }
    let box_ = studio.find("#shipped").await;
    assert_eq!(
        studio.attr(&box_, "data-shipped-attempt").await,
        shipped.to_string()
    );
    assert_eq!(
        studio.attr(&box_, "data-fallback").await,
        report["shipped"]["fallback"].to_string()
    );
    assert_eq!(
        studio.attr(&box_, "data-level-hash").await,
        report["shipped"]["level_hash"].as_str().unwrap()
    );
    let current = studio.find("#current-seed").await;
    assert_eq!(current.text().await.unwrap(), seed.to_string());
    report
}

/// Selects attempt `k` and checks the sweep against `contraption sweep SEED --attempt K --json`.
async fn check_sweep(studio: &Studio, seed: u64, k: u64) {
    studio
        .find(&format!("#ledger .attempt-card[data-attempt='{k}']"))
        .await
        .click()
        .await
        .expect("select the attempt");
    studio
        .wait_for(
            &format!("document.getElementById('stage-canvas').dataset.attempt === '{k}'"),
            "the attempt's sweep",
        )
        .await;
    let cli = cli_json(&[
        "sweep",
        &seed.to_string(),
        "--attempt",
        &k.to_string(),
        "--json",
    ]);
    let counts = studio.find("#sweep-counts").await;
    assert_eq!(studio.attr(&counts, "data-total").await, "144");
    let mut total = 0;
    for r in RESULTS {
        let n = studio
            .find(&format!("#sweep-counts [data-count='{r}']"))
            .await
            .text()
            .await
            .unwrap();
        assert_eq!(
            n,
            cli["counts"][r].to_string(),
            "seed {seed} attempt {k}: {r}"
        );
        total += n.parse::<u32>().unwrap();
        // The filter chips show the same counts.
        let chip = studio
            .find(&format!("#result-filters [data-result='{r}']"))
            .await
            .text()
            .await
            .unwrap();
        assert_eq!(chip, format!("{r} {}", cli["counts"][r]));
    }
    assert_eq!(total, 144);
    // Placement by placement: the glyph colours come from these results.
    let canvas = studio.find("#stage-canvas").await;
    let codes = studio.attr(&canvas, "data-results").await;
    let expected: String = cli["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["result"].as_str().unwrap().chars().next().unwrap())
        .collect();
    assert_eq!(
        codes, expected,
        "seed {seed} attempt {k}: per-placement results"
    );
    assert_eq!(
        studio.attr(&canvas, "data-game-stop").await,
        opt_num(&cli["game_stop"])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ledger_matches_the_cli_for_typed_seeds() {
    let studio = Studio::launch().await;
    // Every form the engine accepts: decimal, hex, a date, a daily key.
    for (text, shot) in [
        ("1671", Some("ledger-1671")),
        ("0x2A", None),
        ("2026-7-28", None),
        ("contraption:2026-11-30", Some("ledger-daily")),
    ] {
        studio.type_seed(text).await;
        check_ledger(&studio, text).await;
        if let Some(name) = shot {
            studio.screenshot(name).await;
        }
    }
    studio.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sweep_counts_match_the_cli_and_clicks_draw_trajectories() {
    let studio = Studio::launch().await;
    for seed in [1671u64, 42, 891] {
        studio.type_seed(&seed.to_string()).await;
        let report = check_ledger(&studio, &seed.to_string()).await;
        for a in report["attempts"].as_array().unwrap() {
            if !a["sweep"].is_null() {
                check_sweep(&studio, seed, a["index"].as_u64().unwrap()).await;
            }
        }
    }
    // Seed 1671 attempt 11 stops at placement 15 (index 14): click it and get its full trajectory.
    studio.type_seed("1671").await;
    studio.wait_seed(1671).await;
    check_sweep(&studio, 1671, 11).await;
    let cli = cli_json(&["sweep", "1671", "--attempt", "11", "--json"]);
    let stop = cli["game_stop"].as_u64().expect("attempt 11 is accepted");
    let p = studio
        .eval(&format!("window.__studioProbe.glyphPoint({stop})"))
        .await;
    studio
        .click_canvas_at(p["x"].as_f64().unwrap(), p["y"].as_f64().unwrap())
        .await;
    studio
        .wait_for(
            &format!(
                "document.getElementById('stage-canvas').dataset.selected === '{stop}' && \
                 Number(document.getElementById('stage-canvas').dataset.selectedPoints) > 10"
            ),
            "the clicked placement's trajectory",
        )
        .await;
    let details = studio.find("#placement-details").await;
    let text = details.text().await.unwrap();
    assert!(text.contains("reaches the goal"), "{text}");
    let steps = cli["placements"][stop as usize]["steps"].as_u64().unwrap();
    assert!(text.contains(&steps.to_string()), "{text}");
    // A trajectory sampled every step has steps + 1 points (start and end included).
    let points = studio
        .eval("Number(document.getElementById('stage-canvas').dataset.selectedPoints)")
        .await;
    assert_eq!(points.as_u64().unwrap(), steps + 1);
    studio.screenshot("sweep-field-selected").await;

    // Hover shows the tooltip with the result, steps and closest approach.
    studio.screenshot("sweep-tooltip").await;
    let tooltip = studio.find("#tooltip").await;
    let tip = tooltip.text().await.unwrap();
    assert!(
        tip.contains("reaches the goal") && tip.contains(&format!("{steps} steps")),
        "{tip}"
    );

    // The other views.
    studio
        .find(".tab[data-view='multiples']")
        .await
        .click()
        .await
        .unwrap();
    studio
        .wait_for(
            "document.getElementById('stage-canvas').dataset.view === 'multiples'",
            "multiples",
        )
        .await;
    studio.screenshot("sweep-multiples").await;
    studio
        .find(".tab[data-view='heat']")
        .await
        .click()
        .await
        .unwrap();
    studio
        .wait_for(
            "document.getElementById('stage-canvas').dataset.view === 'heat'",
            "heat map",
        )
        .await;
    studio.screenshot("sweep-heatmap").await;

    // Filters: hide every tilt but +0.8 and every result but goal/out.
    studio
        .find(".tab[data-view='field']")
        .await
        .click()
        .await
        .unwrap();
    for t in 0..3 {
        studio
            .find(&format!("#tilt-filters [data-tilt='{t}']"))
            .await
            .click()
            .await
            .unwrap();
    }
    for r in ["rest", "timeout", "blocked"] {
        studio
            .find(&format!("#result-filters [data-result='{r}']"))
            .await
            .click()
            .await
            .unwrap();
    }
    let expected = cli["placements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| {
            p["angle"].as_f64() == Some(0.8)
                && matches!(p["result"].as_str(), Some("goal") | Some("out"))
        })
        .count();
    studio
        .wait_for(
            &format!("document.getElementById('stage-canvas').dataset.visible === '{expected}'"),
            "the filtered glyph count",
        )
        .await;
    studio.screenshot("sweep-filtered").await;
    studio.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_seed_shows_the_engine_message_and_changes_nothing() {
    let studio = Studio::launch().await;
    studio.type_seed("42").await;
    check_ledger(&studio, "42").await;
    let before = ledger(&studio).await;
    for bad in ["banana", "4294967296", "2026-02-30", "-1"] {
        studio.type_seed(bad).await;
        studio
            .wait_for(
                "!document.getElementById('seed-error').hidden",
                "the inline error",
            )
            .await;
        let shown = studio.find("#seed-error").await.text().await.unwrap();
        let cli = cli_error(&["generate", bad, "--json"]);
        assert!(!shown.is_empty());
        assert!(
            cli.contains(&shown),
            "the window shows the engine's message for {bad:?}: {shown:?} vs CLI {cli:?}"
        );
        if bad == "banana" {
            studio.screenshot("invalid-seed").await;
        }
        // Nothing else changed.
        let current = studio.find("#current-seed").await.text().await.unwrap();
        assert_eq!(current, "42");
        assert_eq!(ledger(&studio).await, before);
    }
    // A valid seed clears the error.
    studio.type_seed("43").await;
    check_ledger(&studio, "43").await;
    assert_eq!(
        studio
            .eval("document.getElementById('seed-error').hidden")
            .await,
        json!(true)
    );
    studio.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keyboard_history_and_all_trajectories() {
    let studio = Studio::launch().await;
    studio.type_seed("1670").await;
    check_ledger(&studio, "1670").await;
    studio.press("]").await;
    let report = check_ledger(&studio, "1671").await;
    studio.press("[").await;
    check_ledger(&studio, "1670").await;
    studio.press("]").await;
    studio.wait_seed(1671).await;
    // The shipped attempt is selected; k/j move through attempts (clamped at both ends).
    let shipped = report["shipped"]["attempt"].as_u64().unwrap();
    let count = report["attempts"].as_array().unwrap().len() as u64;
    let selected = "document.querySelector('#ledger .attempt-card.selected').dataset.attempt";
    assert_eq!(studio.eval(selected).await, json!(shipped.to_string()));
    studio.press("k").await;
    let up = shipped.saturating_sub(1).max(1);
    assert_eq!(studio.eval(selected).await, json!(up.to_string()));
    studio.press("j").await;
    assert_eq!(
        studio.eval(selected).await,
        json!((up + 1).min(count).to_string())
    );
    studio.press(&fantoccini::key::Key::Up).await;
    assert_eq!(studio.eval(selected).await, json!(up.to_string()));
    // History lists the seeds viewed, newest first.
    let history: Vec<String> = {
        let mut v = Vec::new();
        for item in studio.find_all("#history .history-item .mono").await {
            v.push(item.text().await.unwrap());
        }
        v
    };
    assert_eq!(history[..2], ["1671".to_string(), "1670".to_string()]);

    // All 144 trajectories stream in through the channel.
    studio.press("a").await;
    studio
        .wait_for(
            "document.getElementById('stage-canvas').dataset.trajectories === '144' && \
             document.getElementById('job-status').dataset.state === 'finished'",
            "all 144 trajectories",
        )
        .await;
    studio.screenshot("all-trajectories").await;
    // The stream belongs to its attempt: another attempt streams its own 144 trajectories,
    // and coming back streams this one's again.
    let other = up.saturating_sub(1).max(1);
    let attempt_streamed = |k: u64| {
        format!(
            "document.getElementById('stage-canvas').dataset.attempt === '{k}' && \
             document.getElementById('stage-canvas').dataset.trajectories === '144' && \
             document.getElementById('job-status').dataset.state === 'finished'"
        )
    };
    studio.press("k").await;
    studio
        .wait_for(&attempt_streamed(other), "the other attempt's trajectories")
        .await;
    studio.press("j").await;
    studio
        .wait_for(
            &attempt_streamed((other + 1).min(count)),
            "this attempt's trajectories again",
        )
        .await;

    // Timing probe: 60 frames redrawing all trajectories.
    let bench = studio
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1]; window.__studioBench(60).then(done);",
            vec![],
        )
        .await
        .expect("run the frame probe");
    let perf = studio.eval("window.__studioPerf").await;
    let out = json!({ "frames": bench, "seed_changes": perf["seedChanges"] });
    std::fs::write(
        screenshot_dir().join("perf.json"),
        serde_json::to_string_pretty(&out).unwrap(),
    )
    .unwrap();
    let draws = bench["draw"].as_array().unwrap();
    assert_eq!(draws.len(), 60);
    assert_eq!(bench["trajectories"], json!(144));
    studio.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn canvases_follow_the_pixel_ratio_and_the_window_size() {
    let studio = Studio::launch().await;
    studio.type_seed("1671").await;
    studio.wait_seed(1671).await;
    let dpr = studio
        .eval("window.devicePixelRatio")
        .await
        .as_f64()
        .unwrap();
    if let Ok(expected) = std::env::var("E2E_EXPECT_DPR") {
        assert_eq!(dpr, expected.parse::<f64>().unwrap(), "device pixel ratio");
    }
    let backing = "(() => { const c = document.getElementById('stage-canvas'); \
                   return [c.width, c.height, c.clientWidth, c.clientHeight]; })()";
    let check = |v: &Value| {
        let n: Vec<f64> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        assert_eq!(
            n[0],
            (n[2] * dpr).round(),
            "backing width = css width x dpr: {n:?}"
        );
        assert_eq!(
            n[1],
            (n[3] * dpr).round(),
            "backing height = css height x dpr: {n:?}"
        );
        (n[2], n[3])
    };
    let before = check(&studio.eval(backing).await);
    let thumb = studio
        .eval("(() => { const c = document.querySelector('#ledger .thumb'); return [c.width, c.clientWidth]; })()")
        .await;
    assert_eq!(
        thumb[0].as_f64().unwrap(),
        (thumb[1].as_f64().unwrap() * dpr).round()
    );
    // Resize the window: the stage follows on the next frame.
    let (w, h) = studio.client.get_window_size().await.expect("window size");
    studio
        .client
        .set_window_size((w - 200) as u32, (h - 100) as u32)
        .await
        .expect("resize the window");
    studio
        .wait_for(
            &format!(
                "document.getElementById('stage-canvas').clientWidth < {}",
                before.0
            ),
            "the stage to shrink",
        )
        .await;
    studio
        .wait_for(
            "(() => { const c = document.getElementById('stage-canvas'); \
             return c.width === Math.round(c.clientWidth * window.devicePixelRatio); })()",
            "the backing store to follow",
        )
        .await;
    let after = check(&studio.eval(backing).await);
    assert!(after.0 < before.0);
    studio
        .screenshot(&format!("resized-dpr{}", dpr as u32))
        .await;
    studio.close().await;
}
