//! Issue 9's other symptoms in the catalog views, each as a person sees it:
//! the statistics of "only the seeds that match the browser's filters" are of
//! exactly the filters shown; a filter error goes away when the filters change;
//! "☆ Bookmark this seed" knows the seed is bookmarked and never makes a second
//! bookmark of it; bookmark search matches every word; a tag filters the list.

use serde_json::Value;

use super::{cli_bookmark, cli_rows, launch, set_input, temp_catalog, view, wait_count};
use contraption_e2e::{cli_json, grouped, Studio};

/// Fills a catalog with `from..to` through the CLI (faster than the window; the
/// thumbnails test scans from the window).
fn cli_scan(db: &str, from: u32, to: u32) {
    cli_json(&["scan", &format!("{from}..{to}"), "--db", db, "--json"]);
}

/// The statistics view's seed count, once it shows numbers of `filters` ("all
/// scanned" when none): waits for the view to say so, then returns the count.
async fn stats_of(s: &Studio, n: usize, words: &str) {
    s.wait_for(
        &format!(
            "document.getElementById('view-stats').dataset.seeds === '{n}' && document.querySelector(\"[data-stat='seeds'] .stat-sub\")?.textContent === {}",
            serde_json::to_string(words).unwrap()
        ),
        &format!("statistics of {n} seeds ({words})"),
    )
    .await;
    let value = s.content("[data-stat='seeds'] .stat-value").await;
    assert_eq!(value.replace(',', ""), n.to_string(), "the seeds card");
}

/// Whether the filter error is on screen.
const FILTER_ERROR: &str =
    "(e => !!e && !e.hidden && e.textContent.includes('is not a filter'))(document.querySelector('.filter-error'))";

async fn filter_error_shown(s: &Studio, shown: bool, when: &str) {
    s.wait_for(
        &format!("{FILTER_ERROR} === {shown}"),
        &format!(
            "the filter error {} {when}",
            if shown { "shown" } else { "gone" }
        ),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn statistics_and_filter_errors_follow_the_filters() {
    let (dir, db) = temp_catalog("stats-filters");
    cli_scan(&db, 0, 1500);
    let rows = cli_rows(0, 1500);
    let count = |pred: &dyn Fn(&Value) -> bool| rows.iter().filter(|r| pred(r)).count();
    let hard = |r: &Value| r["solving"].as_u64().unwrap() <= 3;
    let tried = |r: &Value| r["attempts"].as_u64().unwrap() >= 3;
    let n_hard = count(&hard);
    let n_both = count(&|r| hard(r) && tried(r));
    let n_one = count(&|r| r["solving"].as_u64().unwrap() == 1);
    let accepted = |r: &Value| r["shipped"].as_str() == Some("accepted");
    assert!(n_both < n_hard && n_hard < 1500 && n_one > 0);

    let s = launch(&db).await;
    view(&s, "stats").await;
    stats_of(&s, 1500, "all scanned").await;

    // One filter in the browser; the statistics of only those seeds.
    view(&s, "seeds").await;
    wait_count(&s, 1500).await;
    s.click(".preset[data-preset='solving ≤ 3']").await;
    wait_count(&s, n_hard).await;
    view(&s, "stats").await;
    s.click("#stats-use-filters").await;
    stats_of(&s, n_hard, "solving <= 3").await;

    // A second test: the statistics follow (they once kept the old numbers).
    // The box holds the whole criteria (the preset's, echoed canonically).
    view(&s, "seeds").await;
    set_input(&s, "#filter-input", "solving <= 3 && attempts >= 3\u{E007}").await;
    wait_count(&s, n_both).await;
    view(&s, "stats").await;
    stats_of(&s, n_both, "solving <= 3 and attempts >= 3").await;

    // A criteria error, then a preset: the error goes; the preset is added
    // (`and`) to the criteria applied.
    view(&s, "seeds").await;
    set_input(&s, "#filter-input", "solving <= 3\u{E007}").await;
    set_input(&s, "#filter-input", "banana\u{E007}").await;
    filter_error_shown(&s, true, "after a typo").await;
    s.click(".preset[data-preset='attempts ≥ 10']").await;
    filter_error_shown(&s, false, "after a preset").await;
    let n_ten = count(&|r| hard(r) && r["attempts"].as_u64().unwrap() >= 10);
    wait_count(&s, n_ten).await;

    // A typo, then a valid filter: the error goes.
    set_input(&s, "#filter-input", "solving <= x\u{E007}").await;
    filter_error_shown(&s, true, "after a second typo").await;
    set_input(
        &s,
        "#filter-input",
        "solving <= 3 and attempts >= 10 and walls >= 0\u{E007}",
    )
    .await;
    filter_error_shown(&s, false, "after valid criteria").await;
    view(&s, "stats").await;
    stats_of(&s, n_ten, "solving <= 3 and attempts >= 10 and walls >= 0").await;

    // A typo, then Clear all: the error goes, every seed matches, and the
    // statistics (still "only the matching seeds") are of all of them.
    view(&s, "seeds").await;
    set_input(&s, "#filter-input", "banana\u{E007}").await;
    filter_error_shown(&s, true, "after a third typo").await;
    s.click("#filter-chips .btn.small").await;
    filter_error_shown(&s, false, "after Clear all").await;
    wait_count(&s, 1500).await;
    view(&s, "stats").await;
    stats_of(&s, 1500, "all scanned").await;

    // A filter on, the toggle off: all seeds; on again: the filtered ones, and
    // the verdict shares are of the same seeds as the count.
    view(&s, "seeds").await;
    s.click(".preset[data-preset='hard (solving = 1)']").await;
    wait_count(&s, n_one).await;
    view(&s, "stats").await;
    stats_of(&s, n_one, "solving = 1").await;
    let share = s.content(".legend-item[data-share='accepted']").await;
    let n_accepted = count(&|r| r["solving"].as_u64().unwrap() == 1 && accepted(r));
    assert!(
        share.starts_with(&format!("accepted: {n_accepted} (")),
        "{share}"
    );
    s.click("#stats-use-filters").await;
    stats_of(&s, 1500, "all scanned").await;
    let share = s.content(".legend-item[data-share='accepted']").await;
    let n_accepted = count(&accepted);
    assert!(
        share.starts_with(&format!("accepted: {} (", grouped(n_accepted as u64))),
        "{share}"
    );
    s.click("#stats-use-filters").await;
    stats_of(&s, n_one, "solving = 1").await;
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// The view bar's bookmark button: whether it says the seed shown is bookmarked.
async fn bookmark_button(s: &Studio, bookmarked: bool) {
    s.wait_for(
        &format!(
            "(b => (b.dataset.bookmarked ?? 'false') === '{bookmarked}' && b.textContent.includes('{}'))(document.getElementById('bookmark-current'))",
            if bookmarked { "★ Bookmarked" } else { "☆ Bookmark this seed" }
        ),
        &format!("the bookmark button (bookmarked: {bookmarked})"),
    )
    .await;
}

const DIALOG_OPEN: &str = "document.getElementById('bookmark-dialog')?.open === true";

async fn save_bookmark(s: &Studio) {
    s.click("#bookmark-save").await;
    s.wait_for(&format!("!({DIALOG_OPEN})"), "the bookmark dialog to close")
        .await;
}

/// The CLI's bookmarks of `seed` in the catalog file.
fn cli_bookmarks_of(db: &str, seed: u64) -> Vec<Value> {
    let listed = cli_json(&["bookmarks", "--db", db, "--json", "list"]);
    listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["seed"].as_u64() == Some(seed))
        .cloned()
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn bookmark_this_seed_knows_a_bookmarked_seed() {
    let (dir, db) = temp_catalog("bookmark-once");
    let s = launch(&db).await;
    let seed: u64 = s
        .eval("document.body.dataset.seed")
        .await
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    bookmark_button(&s, false).await;

    // Bookmark the seed shown.
    s.click("#bookmark-current").await;
    s.wait_for(DIALOG_OPEN, "the bookmark dialog").await;
    set_input(&s, "#bookmark-note", "steep ramp near the goal").await;
    set_input(&s, "#bookmark-tags", "hard, e2e").await;
    save_bookmark(&s).await;
    bookmark_button(&s, true).await;

    // The button again: the dialog edits that bookmark, it does not add one.
    s.click("#bookmark-current").await;
    s.wait_for(DIALOG_OPEN, "the bookmark dialog").await;
    assert_eq!(
        s.eval("document.getElementById('bookmark-note').value")
            .await,
        Value::from("steep ramp near the goal")
    );
    let title = s.content("#bookmark-dialog-title").await;
    assert!(title.contains("Edit bookmark of seed"), "{title}");
    set_input(&s, "#bookmark-note", "steep ramp, right of the goal").await;
    save_bookmark(&s).await;
    let marks = cli_bookmarks_of(&db, seed);
    assert_eq!(marks.len(), 1, "one bookmark per seed: {marks:?}");
    assert_eq!(
        marks[0]["note"],
        Value::from("steep ramp, right of the goal")
    );

    // `b` does the same.
    s.press("b").await;
    s.wait_for(DIALOG_OPEN, "the bookmark dialog from b").await;
    let title = s.content("#bookmark-dialog-title").await;
    assert!(title.contains("Edit bookmark of seed"), "{title}");
    s.click("#bookmark-cancel").await;
    s.wait_for(&format!("!({DIALOG_OPEN})"), "the dialog to close")
        .await;

    // Another seed is not bookmarked; bookmark it, then delete it from the list.
    s.type_seed("42").await;
    s.wait_seed(42).await;
    bookmark_button(&s, false).await;
    s.click("#bookmark-current").await;
    s.wait_for(DIALOG_OPEN, "the bookmark dialog").await;
    set_input(&s, "#bookmark-note", "gentle fan level").await;
    save_bookmark(&s).await;
    bookmark_button(&s, true).await;
    view(&s, "bookmarks").await;
    s.wait_for(
        "document.getElementById('view-bookmarks').dataset.count === '2'",
        "two bookmarks",
    )
    .await;
    s.click("#bookmark-list .bm-item[data-seed='42'] .bm-delete")
        .await;
    s.click("#bookmark-delete-confirm").await;
    s.wait_for(
        "document.getElementById('view-bookmarks').dataset.count === '1'",
        "one bookmark left",
    )
    .await;
    assert!(cli_bookmarks_of(&db, 42).is_empty());
    view(&s, "inspector").await;
    bookmark_button(&s, false).await;
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// Empties a text field the way a person does (WebDriver's clear fires no input event).
async fn empty_input(s: &Studio, css: &str) {
    set_input(s, css, " \u{E003}").await;
}

/// Waits until the bookmarks view lists `n` bookmarks.
async fn listed(s: &Studio, n: usize, what: &str) {
    s.wait_for(
        &format!("(document.getElementById('view-bookmarks').dataset.state ?? 'ready') === 'ready' && document.getElementById('view-bookmarks').dataset.count === '{n}'"),
        what,
    )
    .await;
}

/// The seeds of the bookmarks listed, sorted, joined by commas.
async fn listed_seeds(s: &Studio) -> Value {
    s.eval("[...document.querySelectorAll('#bookmark-list .bm-item')].map(b => b.dataset.seed).sort().join(',')")
        .await
}

#[tokio::test(flavor = "multi_thread")]
async fn bookmark_search_matches_every_word_and_tags_filter() {
    let (dir, db) = temp_catalog("bookmark-search");
    let add = |seed: &str, note: &str, tags: &[&str]| cli_bookmark(&db, seed, note, tags);
    add("42", "gentle fan level", &["easy"]);
    add("1670", "steep ramp near the goal", &["hard", "e2e"]);
    add("891", "two walls and a ramp", &["hard"]);
    let s = launch(&db).await;
    view(&s, "bookmarks").await;
    listed(&s, 3, "all three bookmarks").await;

    // Every word must match, in any order, in the note, the tags or the seed.
    set_input(&s, "#bookmark-search", "ramp hard").await;
    listed(&s, 2, "“ramp hard”").await;
    assert_eq!(listed_seeds(&s).await, Value::from("1670,891"));
    set_input(&s, "#bookmark-search", "goal steep").await;
    listed(&s, 1, "“goal steep”").await;
    assert_eq!(listed_seeds(&s).await, Value::from("1670"));
    set_input(&s, "#bookmark-search", "ramp easy").await;
    listed(&s, 0, "“ramp easy”").await;
    set_input(&s, "#bookmark-search", "fan 42").await;
    listed(&s, 1, "“fan 42”").await;
    assert_eq!(listed_seeds(&s).await, Value::from("42"));
    empty_input(&s, "#bookmark-search").await;
    listed(&s, 3, "no search").await;

    // A click on a tag lists the bookmarks with that tag; × shows all again.
    s.click("#bookmark-list .bm-item[data-seed='891'] .tag[data-tag='hard']")
        .await;
    listed(&s, 2, "the tag hard").await;
    assert_eq!(listed_seeds(&s).await, Value::from("1670,891"));
    let chip = s.content("#bookmark-tag").await;
    assert!(chip.contains("hard"), "{chip}");
    // The tag and words together.
    set_input(&s, "#bookmark-search", "walls").await;
    listed(&s, 1, "the tag hard and “walls”").await;
    assert_eq!(listed_seeds(&s).await, Value::from("891"));
    empty_input(&s, "#bookmark-search").await;
    s.click("#bookmark-tag .chip-x").await;
    listed(&s, 3, "no tag").await;
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}
