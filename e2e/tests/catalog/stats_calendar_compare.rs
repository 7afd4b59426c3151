//! Issue 14's statistics that answer questions, checked against the CLI: every
//! bar's and part's figures on hover equal `contraption scan FROM..TO --json`
//! (its summary, and its rows for the solving placements and the per-placement
//! counts), the log scale, the ranked placements, a chart's CSV as written
//! through the save dialog, and a whole-range summary file opened in the view
//! (a bad one refused with the reason, the shown statistics kept); the
//! calendar's month summary and flags against the CLI's daily figures, and a day
//! bookmarked from the calendar.

use std::collections::BTreeMap;
use std::time::Duration;

use contraption_e2e::{cli_json, grouped, Studio};
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use serde_json::{json, Value};

use super::{launch, shot, temp_catalog, view};

const RANGE: &str = "0..5000";

/// The CLI's figures of RANGE: its summary and its rows.
fn cli_scan() -> (Value, Vec<Value>) {
    let out = cli_json(&["scan", RANGE, "--json"]);
    let rows = out["seeds"].as_array().unwrap().clone();
    (out["summary"].clone(), rows)
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("{v} is not a count"))
}

/// Moves the pointer to (x, y) CSS pixels from the top-left corner of `css`
/// (scrolled into view first).
async fn hover(s: &Studio, css: &str, x: f64, y: f64) {
    let sel = serde_json::to_string(css).unwrap();
    s.eval(&format!(
        "document.querySelector({sel}).scrollIntoView({{block: 'center'}})"
    ))
    .await;
    let size = s
        .eval(&format!(
            "(() => {{ const r = document.querySelector({sel}).getBoundingClientRect(); return [r.width, r.height]; }})()"
        ))
        .await;
    let (w, h) = (size[0].as_f64().unwrap(), size[1].as_f64().unwrap());
    let element = s.find(css).await;
    let (dx, dy) = ((x - w / 2.0).round() as i64, (y - h / 2.0).round() as i64);
    // Two moves, so the pointer always moves: a click elsewhere (the element
    // click command) left the page's pointer there, not the actions' pointer.
    let actions = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: element.clone(),
            duration: Some(Duration::from_millis(20)),
            x: dx - 2,
            y: dy,
        })
        .then(PointerAction::MoveToElement {
            element,
            duration: Some(Duration::from_millis(20)),
            x: dx,
            y: dy,
        });
    s.client
        .perform_actions(actions)
        .await
        .expect("move the pointer");
}

/// A histogram's plot box (x, y, w, h) and its number of bins.
async fn plot_of(s: &Studio, canvas: &str) -> ([f64; 4], usize) {
    let v = s
        .eval(&format!(
            "(() => {{ const c = document.getElementById('{canvas}').closest('.chart'); return [c.dataset.plot, Number(c.dataset.bins)]; }})()"
        ))
        .await;
    let p: Vec<f64> = v[0]
        .as_str()
        .unwrap()
        .split(',')
        .map(|x| x.parse().unwrap())
        .collect();
    ([p[0], p[1], p[2], p[3]], v[1].as_u64().unwrap() as usize)
}

/// The `[part, count]` of the legend of the parts bar `canvas`.
async fn parts_of(s: &Studio, canvas: &str) -> Value {
    s.eval(&format!(
        "[...document.getElementById('{canvas}').closest('.chart-card').querySelectorAll('.legend-item')].map((e) => [e.dataset.part, Number(e.dataset.count)])"
    ))
    .await
}

/// Hovers bin `i` of histogram `canvas` and returns its tooltip's (bin, count, share).
async fn hover_bin(s: &Studio, canvas: &str, i: usize) -> (u64, u64, f64) {
    let ([x, y, w, h], n) = plot_of(s, canvas).await;
    let cx = x + (i as f64 + 0.5) * w / n as f64;
    hover(s, &format!("#{canvas}"), cx, y + h - 3.0).await;
    let tip = format!("#{canvas}-tip");
    s.wait_for(
        &format!(
            "document.querySelector('{tip}')?.dataset.bin === String(Number(document.getElementById('{canvas}').closest('.chart').dataset.first) + {i})"
        ),
        &format!("the tooltip of bin {i} of {canvas}"),
    )
    .await;
    let d = s
        .eval(&format!(
            "(() => {{ const d = document.querySelector('{tip}').dataset; return [Number(d.bin), Number(d.count), Number(d.share)]; }})()"
        ))
        .await;
    (u(&d[0]), u(&d[1]), d[2].as_f64().unwrap())
}

/// Checks every bin of histogram `canvas` on hover against `expected` (bin → seeds; absent = 0).
async fn check_bins(s: &Studio, canvas: &str, expected: &BTreeMap<u64, u64>, seeds: u64) {
    let lo = *expected.keys().next().unwrap();
    let hi = *expected.keys().last().unwrap();
    let (_, n) = plot_of(s, canvas).await;
    assert_eq!(n as u64, hi - lo + 1, "{canvas}: one bar per value");
    for (i, k) in (lo..=hi).enumerate() {
        let (bin, count, share) = hover_bin(s, canvas, i).await;
        let want = expected.get(&k).copied().unwrap_or(0);
        assert_eq!((bin, count), (k, want), "{canvas}: bin {k} on hover");
        assert!(
            (share - want as f64 / seeds as f64).abs() < 1e-12,
            "{canvas}: bin {k}'s share {share}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn statistics_on_hover_equal_the_cli_s_figures() {
    let (dir, db) = temp_catalog("stats");
    cli_json(&["scan", RANGE, "--db", &db, "--json"]);
    let (summary, rows) = cli_scan();
    let seeds = u(&summary["seeds"]);
    let csv = dir.join("chart.csv");
    let s =
        Studio::launch_with(&["--catalog", &db, "--dialog-answer", csv.to_str().unwrap()]).await;
    view(&s, "stats").await;
    s.wait_for(
        &format!("document.getElementById('view-stats').dataset.seeds === '{seeds}'"),
        "the statistics",
    )
    .await;

    // Attempts per seed: every bar's count and share are the CLI summary's.
    let attempts: BTreeMap<u64, u64> = summary["attempts_histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (u(&b["attempts"]), u(&b["seeds"])))
        .collect();
    check_bins(&s, "chart-attempts", &attempts, seeds).await;
    let tip = s.text("#chart-attempts-tip").await;
    assert!(tip.contains("seeds") && tip.contains('%'), "{tip}");

    // The log scale keeps the figures (and shows the rare bins: ui/test/stats.test.ts).
    s.click("#stats-log").await;
    let (rare, _) = attempts.iter().next_back().unwrap();
    let lo = attempts.keys().next().unwrap();
    let (bin, count, _) = hover_bin(&s, "chart-attempts", (rare - lo) as usize).await;
    assert_eq!(
        (bin, count),
        (*rare, attempts[rare]),
        "the rarest bin on the log scale"
    );
    shot(&s, "stats-hover-log-1440x900").await;

    // Solving placements: the rows' counts.
    let mut solving = BTreeMap::new();
    for r in &rows {
        *solving.entry(u(&r["solving"])).or_insert(0) += 1;
    }
    check_bins(&s, "chart-solving", &solving, seeds).await;

    // What shipped (shares of seeds) and what became of the candidates (shares of
    // candidates): the summary's counts.
    let shipped = parts_of(&s, "chart-shares").await;
    assert_eq!(
        shipped,
        json!([
            ["accepted", u(&summary["accepted"])],
            ["fallback", u(&summary["fallback"])],
            ["all_pre_solved", u(&summary["all_pre_solved"])],
        ]),
        "what shipped"
    );
    let fates = parts_of(&s, "chart-fates").await;
    let candidates: u64 = attempts.iter().map(|(k, v)| k * v).sum();
    assert_eq!(
        fates,
        json!([
            ["accepted", u(&summary["accepted"])],
            ["pre_solved", u(&summary["pre_solved_rejections"])],
            ["no_single_ramp", u(&summary["no_single_ramp_rejections"])],
        ]),
        "the candidates' fates"
    );
    let denominator = s
        .eval("document.getElementById('chart-fates').closest('.chart-card').querySelector('.denominator').textContent")
        .await;
    assert!(
        denominator
            .as_str()
            .unwrap()
            .contains(&format!("shares of {} candidates", grouped(candidates))),
        "{denominator}"
    );
    // Hover the largest part of the candidates' bar.
    hover(&s, "#chart-fates", 20.0, 10.0).await;
    s.wait_for(
        "document.getElementById('chart-fates-tip')?.dataset.part === 'accepted'",
        "the candidates' tooltip",
    )
    .await;
    assert_eq!(
        s.attr_of("#chart-fates-tip", "data-count").await,
        summary["accepted"].to_string()
    );

    // Per placement: the rows' masks, ranked.
    let mut per = vec![0u64; 144];
    for r in &rows {
        for (byte, v) in r["solving_mask"].as_array().unwrap().iter().enumerate() {
            for bit in 0..8 {
                if u(v) & (1 << bit) != 0 {
                    per[byte * 8 + bit] += 1;
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..144).collect();
    order.sort_by(|&a, &b| per[b].cmp(&per[a]).then(a.cmp(&b)));
    let listed = s
        .eval("[...document.querySelectorAll('#top-placements tbody tr')].map((r) => [Number(r.dataset.placement), Number(r.dataset.count), r.querySelector('.name').textContent])")
        .await;
    let want: Vec<Value> = order[..10]
        .iter()
        .map(|&i| json!([i, per[i], format!("placement {}", i + 1)]))
        .collect();
    assert_eq!(listed, Value::Array(want), "the top 10 placements");
    // The best placement's cell on the map, hovered.
    let best = order[0];
    let cell = s
        .eval("(() => { const c = document.getElementById('chart-map'); return [c.clientWidth, c.clientHeight]; })()")
        .await;
    let (mw, mh) = (cell[0].as_f64().unwrap(), cell[1].as_f64().unwrap());
    // The map's layout (draw/catalog.ts placementMapLayout): 4 tilts × 6 × 6 cells.
    let (na, nx, ny) = (4.0, 6.0, 6.0);
    let (gap, top) = (14.0, 18.0);
    let size = ((mw - gap * (na - 1.0)) / (na * nx))
        .min((mh - top) / ny)
        .floor();
    let x0 = ((mw - (size * nx * na + gap * (na - 1.0))) / 2.0).floor();
    let (a, row, col) = (best % 4, (best / 4) % 6, best / 24);
    let px = x0 + a as f64 * (size * nx + gap) + (col as f64 + 0.5) * size;
    let py = top + (row as f64 + 0.5) * size;
    hover(&s, "#chart-map", px, py).await;
    s.wait_for(
        &format!("document.getElementById('chart-map-tip')?.dataset.placement === '{best}'"),
        "the best placement's tooltip",
    )
    .await;
    assert_eq!(
        s.attr_of("#chart-map-tip", "data-count").await,
        per[best].to_string()
    );
    assert!(s
        .text("#chart-map-tip")
        .await
        .starts_with(&format!("placement {}", best + 1)));

    // A chart's data as CSV, through the save dialog (answered by --dialog-answer).
    s.click("#csv-attempts").await;
    s.wait_for(
        "document.getElementById('stats-note')?.dataset.kind === 'ok'",
        "the CSV to be written",
    )
    .await;
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("attempts,seeds,share of seeds"));
    let lo = *attempts.keys().next().unwrap();
    let hi = *attempts.keys().last().unwrap();
    let got: Vec<(u64, u64)> = lines
        .map(|l| {
            let c: Vec<&str> = l.split(',').collect();
            (c[0].parse().unwrap(), c[1].parse().unwrap())
        })
        .collect();
    let want: Vec<(u64, u64)> = (lo..=hi)
        .map(|k| (k, attempts.get(&k).copied().unwrap_or(0)))
        .collect();
    assert_eq!(got, want, "the attempts CSV");

    // Screenshots with a tooltip, at both sizes.
    for (w, h) in [(1440u32, 900u32), (1024, 700)] {
        s.resize(w, h).await;
        s.eval("window.scrollTo(0, 0)").await;
        hover_bin(&s, "chart-attempts", 1).await;
        shot(&s, &format!("stats-hover-{w}x{h}")).await;
        s.eval("document.getElementById('top-placements').scrollIntoView({block: 'end'})")
            .await;
        shot(&s, &format!("stats-placements-{w}x{h}")).await;
    }
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// The `_summary.json` a distributed scan of RANGE writes (its `summary` is the
/// CLI's, the solving histogram the rows' counts), as the Python driver lays it out.
fn summary_file(summary: &Value, rows: &[Value]) -> Value {
    let mut solving = BTreeMap::new();
    for r in rows {
        *solving.entry(u(&r["solving"])).or_insert(0u64) += 1;
    }
    json!({
        "summary": summary,
        "range": RANGE,
        "rules_id": summary["rules_id"],
        "where": "solving = 1",
        "rows": solving.get(&1).copied().unwrap_or(0),
        "shards": 5,
        "computed": 5,
        "skipped": 0,
        "shard_size": 1000,
        "solving_histogram": solving.iter().map(|(k, v)| json!({"solving": k, "seeds": v})).collect::<Vec<_>>(),
        "all_pre_solved_seeds": [],
        "out": "/tmp/out",
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn a_summary_file_opens_in_the_statistics_view() {
    let (dir, db) = temp_catalog("summary");
    cli_json(&["scan", "0..200", "--db", &db, "--json"]);
    let (summary, rows) = cli_scan();
    let path = dir.join("_summary.json");
    std::fs::write(&path, summary_file(&summary, &rows).to_string()).unwrap();
    let s =
        Studio::launch_with(&["--catalog", &db, "--dialog-answer", path.to_str().unwrap()]).await;
    view(&s, "stats").await;
    s.wait_for(
        "document.getElementById('view-stats').dataset.seeds === '200'",
        "the catalog's statistics",
    )
    .await;

    s.click("#stats-open-file").await;
    s.wait_for(
        "document.getElementById('view-stats').dataset.source === 'file'",
        "the summary file",
    )
    .await;
    assert_eq!(
        s.attr_of("#view-stats", "data-seeds").await,
        summary["seeds"].to_string()
    );
    assert_eq!(s.attr_of("#stats-file", "data-range").await, RANGE);
    assert_eq!(
        s.attr_of("#stats-file", "data-rules").await,
        summary["rules_id"].as_str().unwrap()
    );
    assert!(s.text("#stats-title").await.contains(RANGE));
    let (bin, count, _) = hover_bin(&s, "chart-attempts", 0).await;
    let first = &summary["attempts_histogram"][0];
    assert_eq!((bin, count), (u(&first["attempts"]), u(&first["seeds"])));
    assert_eq!(
        s.attr_of(".legend-item[data-part='no_single_ramp']", "data-count")
            .await,
        summary["no_single_ramp_rejections"].to_string()
    );
    s.find("#no-placements").await;
    for (w, h) in [(1440u32, 900u32), (1024, 700)] {
        s.resize(w, h).await;
        s.eval("window.scrollTo(0, 0)").await;
        shot(&s, &format!("stats-summary-file-{w}x{h}")).await;
    }

    // A bad file: refused with the reason; the summary shown stays.
    let mut bad = summary_file(&summary, &rows);
    bad["summary"]["seeds"] = json!(4999);
    std::fs::write(&path, bad.to_string()).unwrap();
    s.click("#stats-close-file").await;
    s.wait_for(
        "document.getElementById('view-stats').dataset.source === 'catalog' && document.getElementById('view-stats').dataset.seeds === '200'",
        "the catalog's statistics again",
    )
    .await;
    s.click("#stats-open-file").await;
    s.wait_for(
        "document.getElementById('stats-note')?.dataset.kind === 'error'",
        "the refusal",
    )
    .await;
    let note = s.text("#stats-note").await;
    assert!(
        note.contains("_summary.json was refused") && note.contains("4999 seeds for the range"),
        "{note}"
    );
    assert_eq!(s.attr_of("#view-stats", "data-source").await, "catalog");
    assert_eq!(s.attr_of("#view-stats", "data-seeds").await, "200");
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_month_summary_equals_the_cli_s_daily_figures() {
    let (dir, db) = temp_catalog("month-summary");
    let s = launch(&db).await;
    view(&s, "calendar").await;
    s.wait_for(
        "document.getElementById('view-calendar').dataset.state === 'ready' && !!document.getElementById('cal-summary')",
        "the month and its summary",
    )
    .await;
    let threshold =
        u(&cli_json(&["rules", "show", "--json"])["rules"]["sweep"]["nearly_trivial_solving"]);
    let dates: Vec<String> = s
        .eval("[...document.querySelectorAll('#cal-grid .cal-cell[data-date]')].map((c) => c.dataset.date)")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap().to_owned())
        .collect();
    assert!(dates.len() >= 28, "{dates:?}");
    // The CLI's figures of each day: its seed (`daily`), then its row (`scan`).
    let (mut fallback, mut trivial, mut single) = (vec![], vec![], vec![]);
    let mut flags = vec![];
    for date in &dates {
        let seed = u(&cli_json(&["daily", date, "--json"])["seed"]);
        let row = &cli_json(&["scan", &format!("{seed}..{}", seed + 1), "--json"])["seeds"][0];
        let mut f = vec![];
        if row["fallback"].as_bool().unwrap() {
            fallback.push(date.clone());
            f.push("fallback");
        }
        if u(&row["solving"]) >= threshold {
            trivial.push(date.clone());
            f.push("trivial");
        }
        if u(&row["solving"]) == 1 {
            single.push(date.clone());
            f.push("single");
        }
        flags.push(json!([date, f.join(" ")]));
    }
    let shown = s
        .eval("(() => { const d = document.getElementById('cal-summary').dataset; return [Number(d.days), d.fallback, d.trivial, d.single]; })()")
        .await;
    assert_eq!(
        shown,
        json!([
            dates.len(),
            fallback.join(" "),
            trivial.join(" "),
            single.join(" ")
        ]),
        "the month's summary"
    );
    assert_eq!(
        s.eval("[...document.querySelectorAll('#cal-grid .cal-cell[data-date]')].map((c) => [c.dataset.date, c.dataset.flags])")
            .await,
        Value::Array(flags),
        "the days flagged in the grid"
    );
    for (w, h) in [(1440u32, 900u32), (1024, 700)] {
        s.resize(w, h).await;
        s.eval("window.scrollTo(0, 0)").await;
        shot(&s, &format!("calendar-summary-{w}x{h}")).await;
    }

    // Bookmark a day from the calendar: the dialog is for its seed, and the CLI sees it.
    let day = single.first().or(dates.first()).unwrap().clone();
    let seed = u(&cli_json(&["daily", &day, "--json"])["seed"]);
    s.click(&format!(".cal-bookmark[data-seed='{seed}']")).await;
    s.wait_for(
        "document.getElementById('bookmark-dialog').open",
        "the bookmark dialog",
    )
    .await;
    s.find("#bookmark-note")
        .await
        .send_keys("a day one placement solves")
        .await
        .unwrap();
    s.click("#bookmark-save").await;
    s.wait_for(
        "!document.getElementById('bookmark-dialog').open",
        "the dialog to close",
    )
    .await;
    let listed = cli_json(&["bookmarks", "--db", &db, "--json", "list"]);
    let text = listed.to_string();
    assert!(
        text.contains(&format!("\"seed\":{seed}")) && text.contains("a day one placement solves"),
        "{listed}"
    );
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// The compare view's figures of `seed` as its column shows them, against
/// `contraption generate SEED --json --full` (the inspector's report).
async fn check_column(s: &Studio, seed: u64) {
    let report = cli_json(&["generate", &seed.to_string(), "--json", "--full"]);
    let attempts = report["attempts"].as_array().unwrap();
    let verdicts = |v: &str| attempts.iter().filter(|a| a["verdict"] == v).count();
    let shipped = &report["shipped"];
    let attempt = &attempts[u(&shipped["attempt"]) as usize - 1];
    let sweep = &attempt["sweep"];
    let results = |r: &str| {
        sweep["placements"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["result"] == r)
            .count()
    };
    let sweep_words = ["goal", "out", "rest", "timeout", "blocked"]
        .map(|r| results(r).to_string())
        .join(" ");
    let solution = if shipped["solution"].is_null() {
        String::new()
    } else {
        sweep["game_stop"].to_string()
    };
    let col = format!(".cmp-col[data-seed='{seed}']");
    let got = s
        .eval(&format!(
            "(() => {{ const d = document.querySelector(\"{col}\").dataset; return [d.attempts, d.preSolved, d.noSingleRamp, d.shippedAttempt, d.fallback, d.levelHash, d.sweep, d.solution]; }})()"
        ))
        .await;
    assert_eq!(
        got,
        json!([
            attempts.len().to_string(),
            verdicts("pre_solved").to_string(),
            verdicts("no_single_ramp_solution").to_string(),
            shipped["attempt"].to_string(),
            shipped["fallback"].to_string(),
            shipped["level_hash"].as_str().unwrap(),
            sweep_words,
            solution,
        ]),
        "seed {seed}: the compare view against `generate --json --full`"
    );
    let squares = s
        .eval(&format!(
            "[...document.querySelectorAll(\"{col} .att\")].map((e) => e.className.split(' ')[1])"
        ))
        .await;
    let want: Vec<Value> = attempts.iter().map(|a| a["verdict"].clone()).collect();
    assert_eq!(squares, Value::Array(want), "seed {seed}: the ledger");
}

async fn wait_compared(s: &Studio, seeds: &[u64]) {
    let words = seeds
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    s.wait_for(
        &format!(
            "document.getElementById('view-compare')?.dataset.seeds === '{words}' && document.getElementById('view-compare').dataset.state === 'ready'"
        ),
        &format!("the comparison of {words}"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn compare_view_numbers_equal_generate() {
    let (dir, db) = temp_catalog("compare");
    cli_json(&["scan", "0..50", "--db", &db, "--json"]);
    super::cli_bookmark(&db, "42", "gentle fan level", &["easy"]);
    let s = launch(&db).await;

    // From the seed browser: a row and its neighbours.
    view(&s, "seeds").await;
    super::wait_count(&s, 50).await;
    s.click("#seed-table .tr[data-seed='7']").await;
    s.click("#compare-neighbours").await;
    wait_compared(&s, &[6, 7, 8]).await;
    for seed in [6, 7, 8] {
        check_column(&s, seed).await;
    }

    // From a bookmark.
    view(&s, "bookmarks").await;
    s.click(".bm-item[data-seed='42'] .bm-compare").await;
    // From a calendar day ("compare with…"): the oldest (6) gives way.
    view(&s, "calendar").await;
    s.wait_for(
        "document.getElementById('view-calendar').dataset.state === 'ready'",
        "the month",
    )
    .await;
    let day: u64 = s
        .attr_of("#cal-grid .cal-compare", "data-seed")
        .await
        .parse()
        .unwrap();
    s.click("#cal-grid .cal-compare").await;
    view(&s, "compare").await;
    wait_compared(&s, &[7, 8, 42, day]).await;
    for seed in [7, 8, 42, day] {
        check_column(&s, seed).await;
    }
    for (w, h) in [(1440u32, 900u32), (1024, 700)] {
        s.resize(w, h).await;
        s.eval("window.scrollTo(0, 0)").await;
        let spilled = s
            .eval("[...document.querySelectorAll('#view-compare .cmp-col, #view-compare .head, .viewtabs')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.className)")
            .await;
        assert_eq!(
            spilled,
            json!([]),
            "{w}x{h}: something spills out of its box"
        );
        shot(&s, &format!("compare-{w}x{h}")).await;
    }

    // Two seeds typed, the rest removed.
    s.click("#compare-clear").await;
    for seed in ["2026-11-1", "1670"] {
        let input = s.find("#compare-add").await;
        input.send_keys(&format!("{seed}\u{E007}")).await.unwrap();
    }
    let nov1 = u(&cli_json(&["daily", "2026-11-01", "--json"])["seed"]);
    wait_compared(&s, &[nov1, 1670]).await;
    check_column(&s, 1670).await;
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}
