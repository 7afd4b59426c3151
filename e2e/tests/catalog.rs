//! End-to-end tests of the catalog views in the real window: scan a range, filter,
//! open a row in the inspector, bookmark (notes shown as text), restart on the
//! same catalog file, check bookmarks, statistics, the daily calendar against the
//! CLI, and a foreign catalog file moved aside with a message.
//!
//! Every window gets a catalog of its own in a temporary directory through the
//! app's `--catalog PATH` argument (what `$CONTRAPTION_DB` does for the CLI).

use std::path::{Path, PathBuf};

use contraption_e2e::{cli_json, screenshot_dir, Studio};
use serde_json::Value;

// The catalog views' other tests, one file each (beside this one, in tests/catalog/).
#[path = "catalog/filters_and_bookmarks.rs"]
mod filters_and_bookmarks;
#[path = "catalog/search.rs"]
mod search;
#[path = "catalog/sizes.rs"]
mod sizes;
#[path = "catalog/stats_calendar_compare.rs"]
mod stats_calendar_compare;
#[path = "catalog/thumbnails_and_headers.rs"]
mod thumbnails_and_headers;

fn temp_catalog(name: &str) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("studio-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("catalog.sqlite3");
    let s = db.to_string_lossy().into_owned();
    (dir, s)
}

/// A screenshot of the X display under e2e/screenshots/ (see `Studio::screenshot_x`).
async fn shot(s: &Studio, name: &str) {
    s.screenshot_x(name, None).await;
}

async fn launch(db: &str) -> Studio {
    Studio::launch_with(&["--catalog", db]).await
}

async fn view(s: &Studio, name: &str) {
    s.find(&format!(".viewtab[data-view='{name}']"))
        .await
        .click()
        .await
        .unwrap();
    s.wait_for(
        &format!("document.body.dataset.view === '{name}'"),
        &format!("the {name} view"),
    )
    .await;
}

async fn set_input(s: &Studio, css: &str, text: &str) {
    let el = s.find(css).await;
    el.clear().await.unwrap();
    el.send_keys(text).await.unwrap();
}

async fn num(s: &Studio, expr: &str) -> f64 {
    s.eval(expr)
        .await
        .as_f64()
        .unwrap_or_else(|| panic!("{expr} is not a number"))
}

/// Waits until the browser's row count is `n` (after a reload).
async fn wait_count(s: &Studio, n: usize) {
    s.wait_for(
        &format!("document.getElementById('browser-count').dataset.total === '{n}'"),
        &format!("{n} matching seeds"),
    )
    .await;
}

/// Bookmarks `seed` in the catalog `db` through the CLI.
fn cli_bookmark(db: &str, seed: &str, note: &str, tags: &[&str]) {
    let mut args = vec![
        "bookmarks",
        "--db",
        db,
        "--json",
        "add",
        seed,
        "--note",
        note,
    ];
    for t in tags {
        args.extend(["--tag", t]);
    }
    cli_json(&args);
}

/// The CLI's summaries of `from..to` (no catalog involved).
fn cli_rows(from: u32, to: u32) -> Vec<Value> {
    let v = cli_json(&["scan", &format!("{from}..{to}"), "--json"]);
    v["seeds"].as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn scan_filter_bookmark_restart() {
    let (dir, db) = temp_catalog("scan");
    let rows = cli_rows(0, 600);
    let s = launch(&db).await;
    view(&s, "seeds").await;
    wait_count(&s, 0).await;
    let empty = s.content(".table-empty").await;
    assert!(empty.contains("catalog is empty"), "{empty}");

    // Scan 0..600 from the window.
    set_input(&s, "#scan-from", "0").await;
    set_input(&s, "#scan-to", "600").await;
    s.click("#scan-start").await;
    s.wait_for(
        "document.getElementById('view-seeds').dataset.scan === 'done'",
        "the scan to finish",
    )
    .await;
    wait_count(&s, 600).await;
    let status = s.content("#scan-status").await;
    assert!(
        status.contains("done: 600 seeds") && status.contains("seeds/s"),
        "{status}"
    );
    let rate = num(
        &s,
        "Number(document.getElementById('view-seeds').dataset.rate)",
    )
    .await;
    assert!(rate > 0.0);
    // Rows in the table are the engine's summaries, in seed order.
    let first: Vec<String> = s
        .eval("[...document.querySelectorAll('#seed-table .tr[data-seed]')].slice(0, 5).map(r => r.dataset.seed + ' ' + r.querySelector('.col-solving').textContent + ' ' + r.querySelector('.col-hash').textContent)")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    for (i, line) in first.iter().enumerate() {
        let r = &rows[i];
        assert_eq!(
            line,
            &format!(
                "{} {} {}",
                r["seed"],
                r["solving"],
                r["level_hash"].as_str().unwrap()
            )
        );
    }
    // Virtualised: far fewer row elements than rows.
    let rendered = num(&s, "document.querySelectorAll('#seed-table .tr').length").await;
    assert!(rendered < 60.0, "{rendered} rows in the DOM");
    shot(&s, "catalog-seeds").await;

    // Criteria: a preset, then typed ones; counts equal the CLI's rows.
    let count = |pred: &dyn Fn(&Value) -> bool| rows.iter().filter(|r| pred(r)).count();
    s.click(".preset[data-preset='solving ≤ 3']").await;
    let n_hard = count(&|r| r["solving"].as_u64().unwrap() <= 3);
    wait_count(&s, n_hard).await;
    s.wait_for(
        "document.getElementById('filter-input').value === 'solving <= 3'",
        "the preset's criteria echoed in the box",
    )
    .await;
    set_input(&s, "#filter-input", "solving <= 3 && attempts >= 3\u{E007}").await;
    let n_both =
        count(&|r| r["solving"].as_u64().unwrap() <= 3 && r["attempts"].as_u64().unwrap() >= 3);
    wait_count(&s, n_both).await;
    // The engine's own message and place for refused criteria; the rows stay.
    set_input(&s, "#filter-input", "walls in 3..x\u{E007}").await;
    s.wait_for(
        "(e => !!e && !e.hidden && e.dataset.at === '12' && e.textContent.includes('at character 13') && e.querySelector('mark')?.textContent === 'x')(document.querySelector('.filter-error'))",
        "the criteria error, at the x",
    )
    .await;
    wait_count(&s, n_both).await;
    // Ranges and `not` (issue 14's browser had neither), echoed canonically.
    set_input(&s, "#filter-input", "Walls IN 3..5 and !fallback\u{E007}").await;
    let n_range = count(&|r| {
        (3..=5).contains(&r["walls"].as_u64().unwrap()) && r["shipped"].as_str() != Some("fallback")
    });
    wait_count(&s, n_range).await;
    s.wait_for(
        "document.getElementById('filter-input').value === 'walls in 3..5 and not fallback' && !document.querySelector('.filter-error')",
        "the canonical criteria echoed, the error gone",
    )
    .await;
    // Sort by attempts (descending on first click).
    s.click(".th[data-col='attempts']").await;
    s.wait_for(
        "document.querySelector(\".th[data-col='attempts']\").dataset.dir === 'desc'",
        "sorted by attempts",
    )
    .await;
    let max_attempts = rows
        .iter()
        .filter(|r| r["solving"].as_u64().unwrap() <= 3 && r["attempts"].as_u64().unwrap() >= 3)
        .map(|r| r["attempts"].as_u64().unwrap())
        .max()
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let top = s
        .eval("[...document.querySelectorAll('#seed-table .tr[data-seed]')].slice(0, 3).map(r => r.dataset.index + ':' + r.querySelector('.col-attempts').textContent).join(' ')")
        .await;
    assert!(
        top.as_str()
            .unwrap()
            .starts_with(&format!("0:{max_attempts}")),
        "top rows {top}, expected {max_attempts} attempts first"
    );
    // Select the top row: neighbours appear; Open goes to the inspector.
    s.click("#seed-table .tr[data-seed]").await;
    let seed: u64 = s
        .attr(&s.find("#seed-table .tr.selected").await, "data-seed")
        .await
        .parse()
        .unwrap();
    s.wait_for(
        "document.querySelectorAll('#neighbour-grid .neighbour').length === 9",
        "the neighbour grid",
    )
    .await;
    let neighbour_seeds: Vec<u64> = s
        .eval("[...document.querySelectorAll('#neighbour-grid .neighbour')].map(n => Number(n.dataset.seed))")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(neighbour_seeds, (seed - 4..=seed + 4).collect::<Vec<_>>());
    s.wait_for(
        "[...document.querySelectorAll('#neighbour-grid canvas')].every(c => c.width > 0 && c.style.width === '64px')",
        "the neighbour thumbnails",
    )
    .await;
    shot(&s, "catalog-seeds-filtered").await;
    s.click("#open-selected").await;
    s.wait_seed(seed).await;
    assert_eq!(
        s.eval("document.body.dataset.view").await,
        Value::from("inspector")
    );

    // Bookmark the inspector's seed; the note is HTML-looking text.
    let note = "<b>bold?</b> <img src=x onerror=\"document.body.dataset.pwned=1\"> & a ramp";
    s.click("#bookmark-current").await;
    s.find("#bookmark-note")
        .await
        .send_keys(note)
        .await
        .unwrap();
    set_input(&s, "#bookmark-tags", "hard, e2e").await;
    s.click("#bookmark-save").await;
    s.wait_for(
        "!document.getElementById('bookmark-dialog').open",
        "the form to close",
    )
    .await;

    // Statistics of the 600 seeds.
    view(&s, "stats").await;
    s.wait_for(
        "document.getElementById('view-stats').dataset.seeds === '600'",
        "the statistics",
    )
    .await;
    let fallback = rows
        .iter()
        .filter(|r| r["fallback"].as_bool().unwrap())
        .count();
    let share = s.content(".legend-item[data-share='fallback']").await;
    assert!(
        share.starts_with(&format!("fallback: {fallback} (")),
        "{share}"
    );
    assert!(num(&s, "document.getElementById('chart-map').width").await > 300.0);
    shot(&s, "catalog-stats").await;

    // A scan of 10^8 seeds (days of work: it cannot finish before the click on
    // Cancel), cancelled and resumed (over all rows: filters cleared).
    view(&s, "seeds").await;
    s.click("#filter-chips .btn.small").await;
    wait_count(&s, 600).await;
    set_input(&s, "#scan-from", "600").await;
    set_input(&s, "#scan-to", "100000600").await;
    s.click("#scan-start").await;
    s.wait_for(
        "document.getElementById('scan-status').textContent.includes('seeds/s')",
        "scan progress",
    )
    .await;
    let progress = s.content("#scan-status").await;
    assert!(
        progress.contains("/ 100,000,000") && progress.contains("left"),
        "{progress}"
    );
    shot(&s, "catalog-scan-progress").await;
    s.click("#scan-cancel").await;
    s.wait_for(
        "document.getElementById('view-seeds').dataset.scan === 'cancelled'",
        "the scan to stop",
    )
    .await;
    let stored = num(
        &s,
        "Number(document.getElementById('browser-count').dataset.total)",
    )
    .await;
    assert!(stored > 600.0 && stored < 100_000_600.0, "{stored}");

    // Browser scroll: render times of the visible rows while scrolling (the rows of
    // the new position are in the DOM once Svelte's update, a microtask, has run).
    let perf = s
        .eval(
            "(async () => { const t = document.getElementById('seed-table'); const times = [];
               for (let i = 0; i < 60; i++) { const a = performance.now(); t.scrollTop += 400;
                 t.dispatchEvent(new Event('scroll'));
                 await new Promise(r => setTimeout(r, 0)); times.push(performance.now() - a); }
               return times; })()",
        )
        .await;
    let mut times: Vec<f64> = perf
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    times.sort_by(f64::total_cmp);
    std::fs::write(
        screenshot_dir().join("catalog-perf.json"),
        serde_json::json!({
            "scan_seeds_per_second": rate,
            "scroll_render_ms": { "median": times[times.len() / 2], "p95": times[times.len() * 95 / 100], "max": times[times.len() - 1] },
            "rows_after_cancel": stored,
        })
        .to_string(),
    )
    .unwrap();
    s.close().await;

    // Restart on the same catalog: the bookmark, the scans and the rows are still there.
    let s = launch(&db).await;
    view(&s, "bookmarks").await;
    s.wait_for(
        "document.getElementById('view-bookmarks').dataset.count === '1'",
        "the bookmark after a restart",
    )
    .await;
    let card = s.find("#bookmark-list .bm-item").await;
    assert_eq!(s.attr(&card, "data-seed").await, seed.to_string());
    assert_eq!(
        s.eval("document.querySelector('.bm-note-text').textContent")
            .await,
        Value::from(note)
    );
    assert_eq!(
        s.eval("document.querySelectorAll('.bm-item b, .bm-item img').length")
            .await,
        Value::from(0),
        "a note is text, never HTML"
    );
    assert_eq!(
        s.eval("document.body.dataset.pwned || ''").await,
        Value::from("")
    );
    let tags = s
        .eval("[...document.querySelectorAll('.bm-item .tag')].map(t => t.textContent).join(',')")
        .await;
    assert_eq!(tags, Value::from("hard,e2e"));
    // The CLI reads the same file.
    let listed = cli_json(&["bookmarks", "--db", &db, "--json", "list"]);
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["seed"].as_u64(), Some(seed));
    assert_eq!(listed[0]["note"].as_str(), Some(note));
    // Check bookmarks: nothing changed.
    s.click("#bookmark-check").await;
    s.wait_for(
        "document.getElementById('bookmark-check-result').dataset.checked === '1'",
        "the bookmark check",
    )
    .await;
    assert_eq!(
        s.eval("document.getElementById('bookmark-check-result').dataset.changed")
            .await,
        Value::from("0")
    );
    // Search, then edit.
    set_input(&s, "#bookmark-search", "nothing-like-this").await;
    s.wait_for(
        "document.getElementById('view-bookmarks').dataset.count === '0'",
        "an empty search",
    )
    .await;
    set_input(&s, "#bookmark-search", "E2E").await;
    s.wait_for(
        "document.getElementById('view-bookmarks').dataset.count === '1'",
        "a tag search",
    )
    .await;
    shot(&s, "catalog-bookmarks").await;

    // The resumable scan is offered; resuming continues from the stored seeds.
    view(&s, "seeds").await;
    wait_count(&s, stored as usize).await;
    s.click("[data-resume='600..100000600']").await;
    s.wait_for(
        "document.getElementById('scan-status').textContent.startsWith('resuming') || document.getElementById('scan-status').textContent.includes('seeds/s')",
        "the resumed scan",
    )
    .await;
    s.click("#scan-cancel").await;
    s.wait_for(
        "document.getElementById('view-seeds').dataset.scan === 'cancelled'",
        "the resumed scan to stop",
    )
    .await;
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread")]
async fn calendar_shows_the_daily_seeds() {
    let (dir, db) = temp_catalog("calendar");
    let s = launch(&db).await;
    view(&s, "calendar").await;
    s.wait_for(
        "document.getElementById('view-calendar').dataset.state === 'ready'",
        "the month",
    )
    .await;
    let today = cli_json(&["daily", "--json"]);
    let today_date = today["date"].as_str().unwrap().to_string();
    let (y, m) = (&today_date[0..4], today_date[5..7].trim_start_matches('0'));
    assert_eq!(
        s.eval("document.getElementById('view-calendar').dataset.month")
            .await,
        Value::from(format!("{y}-{m}"))
    );
    async fn check_month(s: &Studio) -> usize {
        let cells = s
            .eval("[...document.querySelectorAll('#cal-grid .cal-cell[data-date]')].map(c => [c.dataset.date, c.dataset.key, Number(c.dataset.seed), c.classList.contains('is-fallback'), c.classList.contains('is-trivial')])")
            .await;
        let cells = cells.as_array().unwrap();
        for c in cells {
            let date = c[0].as_str().unwrap();
            let cli = cli_json(&["daily", date, "--json"]);
            assert_eq!(c[1], cli["key"], "{date}");
            assert_eq!(c[2], cli["seed"], "{date}");
            let summary = cli_json(&[
                "scan",
                &format!("{0}..{1}", cli["seed"], cli["seed"].as_u64().unwrap() + 1),
                "--json",
            ]);
            let row = &summary["seeds"][0];
            assert_eq!(c[3].as_bool(), row["fallback"].as_bool(), "{date}");
            assert_eq!(
                c[4].as_bool(),
                Some(row["solving"].as_u64().unwrap() >= 10),
                "{date}"
            );
        }
        cells.len()
    }
    assert!(check_month(&s).await >= 28);
    let today_cell = s.find(".cal-cell.today").await;
    assert_eq!(s.attr(&today_cell, "data-date").await, today_date);
    assert_eq!(
        s.attr(&today_cell, "data-seed").await,
        today["seed"].to_string()
    );
    shot(&s, "catalog-calendar").await;

    // The previous month, then open one day in the inspector.
    s.click("#cal-prev").await;
    s.wait_for(
        &format!("document.getElementById('view-calendar').dataset.month !== '{y}-{m}' && document.getElementById('view-calendar').dataset.state === 'ready'"),
        "the previous month",
    )
    .await;
    assert!(check_month(&s).await >= 28);
    let day = s.find("#cal-grid .cal-cell[data-date]").await;
    let seed: u64 = s.attr(&day, "data-seed").await.parse().unwrap();
    day.click().await.unwrap();
    s.wait_seed(seed).await;
    let source = s.content("#current-source").await;
    assert!(source.contains("daily"), "{source}");
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_foreign_catalog_is_moved_aside_with_a_message() {
    let (dir, db) = temp_catalog("foreign");
    let junk = b"not a catalog, a designer's notes\n".repeat(300);
    std::fs::write(&db, &junk).unwrap();
    let s = launch(&db).await;
    s.wait_for(
        "document.querySelector('.catalog-notice').dataset.state === 'moved'",
        "the moved-aside notice",
    )
    .await;
    let msg = s.content(".catalog-notice").await;
    assert!(
        msg.contains("moved aside") && msg.contains("catalog.sqlite3.unusable-1"),
        "{msg}"
    );
    assert_eq!(
        std::fs::read(Path::new(&dir).join("catalog.sqlite3.unusable-1")).unwrap(),
        junk
    );
    shot(&s, "catalog-moved-aside").await;
    // The fresh catalog works: bookmark the inspector's seed.
    let seed = s.eval("document.body.dataset.seed").await;
    s.click("#bookmark-current").await;
    set_input(&s, "#bookmark-note", "fresh").await;
    s.click("#bookmark-save").await;
    view(&s, "bookmarks").await;
    s.wait_for(
        "document.getElementById('view-bookmarks').dataset.count === '1'",
        "the bookmark in the fresh catalog",
    )
    .await;
    let card = s.find("#bookmark-list .bm-item").await;
    assert_eq!(Value::from(s.attr(&card, "data-seed").await), seed);
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}
