//! End-to-end: every screen true under rules other than the default ones
//! (issue 22). The studio runs under a rules file with a 72-placement sweep and
//! an attempts cap of 5 (`--rules`), on a throwaway catalog and draft:
//! - an A/B over a range never scanned (A: the rules in force, B: a draft with one
//!   attempt) stores two scans of one range; the Seeds view then lists both, each
//!   naming its rules, and its rows are those of the rules in force — also after a
//!   restart on that catalog (the view used to go blank for good);
//! - the catalog line counts the seeds under the rules in force and names them;
//! - the inspector, the Statistics and the Calendar say 72 placements and 5
//!   attempts, never the default rules' 144 and 40;
//! - the Share card offers no share code (it would name another level), only the
//!   level file;
//! - a running scan says running, a stopped one paused; a running search shows
//!   one count of its matches.

use std::path::Path;
use std::time::Duration;

use contraption::{rules_file_text, Rules, ValidRules};
use contraption_e2e::ab::{
    open_ab_view, open_rules_view, set_value, type_and_commit, ATTEMPTS_FIELD,
};
use contraption_e2e::{grouped, Studio};
use serde_json::Value;

/// The rules in force: the default rules with a sweep of 3 × 6 × 4 = 72
/// placements and an attempts cap of 5.
const CUSTOM: &str = "86b31f26ac0b";
/// Under them, seed 6 rejects four candidates with no one-ramp solution and
/// ships its first as the fallback (`contraption generate 6 --rules FILE`).
const FALLBACK_SEED: u64 = 6;
/// Under them, seed 7 rejects four preSolved candidates and accepts its fifth.
const PRESOLVED_SEED: u64 = 7;

/// The view bar's catalog line, once the catalog answered (its text, clipped or not).
async fn catalog_line(s: &Studio) -> String {
    s.wait_for(
        "(document.querySelector('.catalog-line')?.textContent ?? '').includes(' seeds · rules ')",
        "the catalog line",
    )
    .await;
    s.content(".catalog-line").await
}

/// The computed colour `property` of the first element matching `css`.
async fn computed_color(s: &Studio, css: &str, property: &str) -> String {
    s.wait_for(&format!("!!document.querySelector(\"{css}\")"), css)
        .await;
    let v = s
        .eval(&format!(
            "getComputedStyle(document.querySelector(\"{css}\")).getPropertyValue('{property}')"
        ))
        .await;
    v.as_str().unwrap().to_owned()
}

fn write_custom_rules(path: &Path) {
    let mut r = Rules::default();
    r.generator.max_attempts = 5;
    r.sweep.xs = vec![15.0, 43.0, 71.0];
    let r = ValidRules::new(r).unwrap();
    assert_eq!(r.id(), CUSTOM);
    std::fs::write(path, rules_file_text(&r)).unwrap();
}

/// Every text a person reads in `css` (inner text and tooltips), for the
/// default-rules figures.
async fn words_of(s: &Studio, css: &str) -> String {
    let v = s
        .eval(&format!(
            "(() => {{ const el = document.querySelector(\"{css}\"); if (!el) return null; \
             const titles = [...el.querySelectorAll('[title]')].map((e) => e.getAttribute('title')); \
             return el.innerText + '\\n' + titles.join('\\n'); }})()"
        ))
        .await;
    v.as_str()
        .unwrap_or_else(|| panic!("{css} is not on the page"))
        .to_owned()
}

/// Phrases that carry the default rules' sweep size (144) or attempts cap (40).
fn default_figures(text: &str) -> Vec<String> {
    let re = regex::Regex::new(
        r"(?i)((of|all|/)\s*144\b|\b144\s+(ramp\s+)?(placements|trajectories|sweep)|\b40\s+(attempts|presolved|candidates)|\b(of|to|/)\s*40\b|\b40th\b)",
    )
    .unwrap();
    re.find_iter(text).map(|m| m.as_str().to_owned()).collect()
}

fn assert_no_default_figures(view: &str, text: &str) {
    let found = default_figures(text);
    assert!(
        found.is_empty(),
        "the {view} says {found:?} under a 72-placement, 5-attempt rule set:\n{text}"
    );
}

#[test]
fn the_figure_check_finds_the_phrases_it_looks_for() {
    // The check itself can fail: these are the strings the views used to show.
    for bad in [
        "sweep: 0/144 goal",
        "none of the 144 ramp placements",
        "the game's sweep ran all 144",
        "all 40 preSolved",
        "candidates drawn (1 to 40)",
        "the 40th of 40 preSolved",
        "Draw all 144 trajectories",
    ] {
        assert!(!default_figures(bad).is_empty(), "{bad}");
    }
    for fine in ["seed 144", "x 40.12", "1,440 steps", "placement 40 of 72"] {
        assert!(default_figures(fine).is_empty(), "{fine}");
    }
}

async fn launch(db: &str, draft: &str, rules: &str) -> Studio {
    Studio::launch_with(&["--catalog", db, "--rules-draft", draft, "--rules", rules]).await
}

async fn open_seeds(s: &Studio) {
    s.click("[data-view='seeds']").await;
    s.wait_for(
        "!!document.querySelector('#view-seeds') && !!document.querySelector('#scan-list')",
        "the Seeds view with its scans",
    )
    .await;
}

/// The scan list's items: (rules id, range, status, words).
async fn scan_chips(s: &Studio) -> Vec<(String, String, String, String)> {
    let v = s
        .eval(
            "[...document.querySelectorAll('#scan-list .scan-item')].map((e) => [e.dataset.rules, \
             e.querySelector('.mono').textContent, e.dataset.status, e.innerText])",
        )
        .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let f = |i: usize| x[i].as_str().unwrap_or_default().to_owned();
            (f(0), f(1), f(2), f(3))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_view_under_a_72_placement_5_attempt_rule_set() {
    let dir = std::env::temp_dir().join(format!("studio-under-rules-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (db, draft, rules) = (
        dir.join("catalog.sqlite3"),
        dir.join("draft.json"),
        dir.join("custom.json"),
    );
    write_custom_rules(&rules);
    let (db, draft, rules) = (
        db.to_string_lossy().into_owned(),
        draft.to_string_lossy().into_owned(),
        rules.to_string_lossy().into_owned(),
    );

    let s = launch(&db, &draft, &rules).await;
    assert_eq!(s.attr_of("#rules-indicator", "data-rules").await, CUSTOM);

    // 1. An A/B over a range never scanned: two scans of 0..300, one per rule set.
    open_rules_view(&s).await;
    type_and_commit(&s, ATTEMPTS_FIELD, "1").await;
    s.wait_for(
        &format!("document.querySelector('#view-rules').dataset.draft !== '{CUSTOM}'"),
        "the draft with one attempt",
    )
    .await;
    let draft_id = s
        .eval("document.querySelector('#view-rules').dataset.draft")
        .await;
    let draft_id = draft_id.as_str().unwrap().to_owned();
    assert_ne!(draft_id, CUSTOM);
    open_ab_view(&s).await;
    set_value(&s, "#ab-from", "0", "input").await;
    set_value(&s, "#ab-to", "300", "input").await;
    s.click("#ab-run").await;
    s.wait_for_within(
        "document.querySelector('#view-lab')?.dataset.state === 'done'",
        "the A/B comparison",
        Duration::from_secs(300),
    )
    .await;

    open_seeds(&s).await;
    check_seeds_view(&s, &draft_id).await;
    s.screenshot("under-rules-seeds").await;

    // 4. The catalog line: the seeds under the rules in force, named.
    let line = catalog_line(&s).await;
    assert_eq!(line, format!("300 seeds · rules {CUSTOM}"));
    let title = s.attr_of(".catalog-line", "title").await;
    assert!(
        title.starts_with(&format!(
            "300 seeds in the catalog under rules {CUSTOM} (300 more under other rules)"
        )),
        "{title}"
    );

    // The same after a restart on that catalog.
    s.close().await;
    let s = launch(&db, &draft, &rules).await;
    open_seeds(&s).await;
    check_seeds_view(&s, &draft_id).await;

    // 2. The inspector under the rules in force: 72 placements, 5 attempts.
    s.click("[data-view='inspector']").await;
    s.type_seed(&FALLBACK_SEED.to_string()).await;
    s.wait_seed(FALLBACK_SEED).await;
    let text = words_of(&s, "main.layout").await;
    assert!(text.contains("none of the 72 ramp placements"), "{text}");
    assert!(text.contains("/72 goal"), "{text}");
    assert_no_default_figures("inspector", &text);
    // The heat map and the small multiples too.
    for key in ["2", "3", "1"] {
        s.press(key).await;
        assert_no_default_figures("inspector", &words_of(&s, "main.layout").await);
    }
    s.screenshot("under-rules-inspector").await;

    // 3. No share code for another level: the card says why and offers the level file.
    s.wait_for(
        "!!document.querySelector('#no-share-code')",
        "the Share card's word on share codes",
    )
    .await;
    assert_eq!(
        s.eval("document.querySelector('#share-code') === null")
            .await,
        Value::Bool(true)
    );
    let why = s.attr_of("#no-share-code", "data-reason").await;
    assert!(why.contains(CUSTOM) && why.contains("level file"), "{why}");
    assert!(s
        .eval("document.querySelector('#export-level').classList.contains('primary')")
        .await
        .as_bool()
        .unwrap());

    // 6. One palette: a verdict wears one colour in the inspector and in Compare.
    let no_solution_inspector = computed_color(&s, "#ledger .badge.tone-rejected", "color").await;
    s.type_seed(&PRESOLVED_SEED.to_string()).await;
    s.wait_seed(PRESOLVED_SEED).await;
    let pre_solved_inspector = computed_color(&s, "#ledger .badge.tone-presolved", "color").await;
    assert_ne!(pre_solved_inspector, no_solution_inspector);
    s.click("[data-view='compare']").await;
    for seed in [FALLBACK_SEED, PRESOLVED_SEED] {
        let input = s.find("#compare-add").await;
        input.send_keys(&format!("{seed}\u{E007}")).await.unwrap();
    }
    s.wait_for(
        "document.querySelector('#view-compare')?.dataset.state === 'ready' && !!document.querySelector('#view-compare .att.pre_solved') && !!document.querySelector('#view-compare .att.no_single_ramp_solution')",
        "the two seeds compared",
    )
    .await;
    assert_eq!(
        computed_color(&s, "#view-compare .att.pre_solved", "background-color").await,
        pre_solved_inspector,
        "preSolved: the inspector's colour and Compare's"
    );
    assert_eq!(
        computed_color(
            &s,
            "#view-compare .att.no_single_ramp_solution",
            "background-color"
        )
        .await,
        no_solution_inspector,
        "no solution: the inspector's colour and Compare's"
    );
    assert_no_default_figures("Compare view", &words_of(&s, "#view-compare").await);

    // Statistics and Calendar: their figures under the rules in force.
    s.click("[data-view='stats']").await;
    s.wait_for(
        "!!document.querySelector('#view-stats') && document.querySelector('#view-stats').innerText.includes('300')",
        "the statistics of the 300 seeds",
    )
    .await;
    assert_no_default_figures("Statistics view", &words_of(&s, "#view-stats").await);
    s.screenshot("under-rules-stats").await;
    s.click("[data-view='calendar']").await;
    s.wait_for(
        "!!document.querySelector('#view-calendar .cal-cell, #view-calendar [data-date]')",
        "the calendar's days",
    )
    .await;
    assert_no_default_figures("Calendar view", &words_of(&s, "#view-calendar").await);
    s.screenshot("under-rules-calendar").await;

    // 5. A running scan says running, a stopped one paused.
    open_seeds(&s).await;
    set_value(&s, "#scan-from", "1000", "input").await;
    set_value(&s, "#scan-to", "400000", "input").await;
    s.click("#scan-start").await;
    s.wait_for_within(
        "[...document.querySelectorAll('#scan-list .scan-item')].some((e) => e.dataset.status === 'running')",
        "the running scan's chip",
        Duration::from_secs(60),
    )
    .await;
    let running = scan_chips(&s).await;
    let chip = running.iter().find(|c| c.2 == "running").unwrap();
    assert_eq!(
        chip.0, CUSTOM,
        "a scan from the Seeds view runs under the rules in force"
    );
    assert_eq!(chip.1, "1000..400000");
    assert!(chip.3.contains("running"), "{chip:?}");
    assert!(!chip.3.contains("interrupted"), "{chip:?}");
    s.click("#scan-cancel").await;
    s.wait_for_within(
        "document.querySelector('#view-seeds')?.dataset.scan === 'cancelled'",
        "the scan to stop",
        Duration::from_secs(60),
    )
    .await;
    s.wait_for(
        "[...document.querySelectorAll('#scan-list .scan-item')].some((e) => e.dataset.status === 'paused')",
        "the paused scan's chip",
    )
    .await;
    let paused = scan_chips(&s).await;
    let chip = paused.iter().find(|c| c.1 == "1000..400000").unwrap();
    assert!(chip.3.contains("paused at"), "{chip:?}");

    // 5. A running search shows one count of its matches.
    set_value(&s, "#filter-input", "walls >= 1", "input").await;
    set_value(&s, "#search-from", "0", "input").await;
    set_value(&s, "#search-to", "2000000", "input").await;
    s.click("#search-start").await;
    s.wait_for_within(
        "[...document.querySelectorAll('#search-list .search-item')].some((e) => e.dataset.status === 'running') \
         && !!document.querySelector('#search-result')",
        "the running search in the list",
        Duration::from_secs(60),
    )
    .await;
    // Read the counts at one instant.
    let counts = s
        .eval(
            "(() => { const item = [...document.querySelectorAll('#search-list .search-item')].find((e) => e.dataset.status === 'running'); \
             return { result: document.querySelector('#search-result').dataset.matches, \
             label: document.querySelector('#search-result label').innerText, \
             item: item.dataset.matchesCount, itemText: item.innerText, \
             filter: document.querySelector('.filterbar').innerText }; })()",
        )
        .await;
    assert_eq!(counts["result"], counts["item"], "{counts}");
    let n: u64 = counts["result"].as_str().unwrap().parse().unwrap();
    let label = counts["label"].as_str().unwrap();
    let item_text = counts["itemText"].as_str().unwrap();
    assert!(item_text.contains("running"), "{item_text}");
    assert!(!item_text.contains("interrupted"), "{item_text}");
    let filter = counts["filter"].as_str().unwrap();
    assert!(
        !filter.contains("seeds match") && filter.contains("listed as they are stored"),
        "a second count of the matches while the search runs: {filter:?} (label {label:?})"
    );
    assert!(
        label.contains(&format!("only the {}", grouped(n))),
        "{label}"
    );
    s.screenshot("under-rules-search").await;
    s.click("#search-cancel").await;
    s.wait_for_within(
        "document.querySelector('#view-seeds')?.dataset.search === 'cancelled'",
        "the search to stop",
        Duration::from_secs(60),
    )
    .await;
    s.wait_for(
        "[...document.querySelectorAll('#search-list .search-item')].some((e) => e.dataset.status === 'paused')",
        "the paused search in the list",
    )
    .await;
    s.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Seeds view after the A/B: not blank, both scans of 0..300 listed under
/// their rules, the rows of the rules in force.
async fn check_seeds_view(s: &Studio, draft_id: &str) {
    s.wait_for(
        "document.querySelectorAll('#scan-list .scan-item').length >= 2",
        "both scans of the range",
    )
    .await;
    let chips = scan_chips(s).await;
    let of_range: Vec<_> = chips.iter().filter(|c| c.1 == "0..300").collect();
    assert_eq!(of_range.len(), 2, "{chips:?}");
    let mut ids: Vec<&str> = of_range.iter().map(|c| c.0.as_str()).collect();
    ids.sort();
    let mut want = vec![CUSTOM, draft_id];
    want.sort();
    assert_eq!(ids, want, "{chips:?}");
    for c in &of_range {
        assert!(c.3.contains(&c.0) && c.3.contains("done"), "{c:?}");
    }
    s.wait_for(
        "document.querySelector('.filterbar')?.innerText.includes('300 seeds match')",
        "the 300 rows of the rules in force",
    )
    .await;
    assert!(
        s.eval("document.querySelectorAll('#view-seeds [data-seed]').length > 0")
            .await
            .as_bool()
            .unwrap(),
        "the table shows rows"
    );
    assert_eq!(
        s.eval("document.querySelector('[data-view-error]') === null")
            .await,
        Value::Bool(true),
        "no view failed"
    );
}

/// Every view under the 72-placement, 5-attempt rules, at 1440×900 and 1024×700,
/// on a catalog the CLI filled under them: no view fails, none shows the default
/// rules' figures (the Rules view shows the default values by design: not read),
/// and a screenshot of each for a person to look at.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_view_at_two_sizes_under_other_rules() {
    let dir = std::env::temp_dir().join(format!("studio-under-rules-views-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (db, draft, rules) = (
        dir.join("catalog.sqlite3"),
        dir.join("draft.json"),
        dir.join("custom.json"),
    );
    write_custom_rules(&rules);
    let (db, draft, rules) = (
        db.to_string_lossy().into_owned(),
        draft.to_string_lossy().into_owned(),
        rules.to_string_lossy().into_owned(),
    );
    let scanned =
        contraption_e2e::cli_json(&["scan", "0..2000", "--db", &db, "--rules", &rules, "--json"]);
    assert_eq!(scanned["scan"]["rules_id"], CUSTOM, "{scanned}");
    contraption_e2e::cli_json(&[
        "bookmarks",
        "--db",
        &db,
        "--rules",
        &rules,
        "--json",
        "add",
        "6",
        "--note",
        "fallback",
    ]);

    let s = launch(&db, &draft, &rules).await;
    s.type_seed(&FALLBACK_SEED.to_string()).await;
    s.wait_seed(FALLBACK_SEED).await;
    for (w, h) in [(1440, 900), (1024, 700)] {
        s.resize(w, h).await;
        for (view, css, read) in [
            ("inspector", "main.layout", true),
            ("seeds", "#view-seeds", true),
            ("stats", "#view-stats", true),
            ("bookmarks", "#view-bookmarks", true),
            ("calendar", "#view-calendar", true),
            ("compare", "#view-compare", true),
            ("rules", "#view-rules", false),
            ("lab", "#view-lab", true),
        ] {
            s.click(&format!("[data-view='{view}']")).await;
            s.wait_for(
                &format!("!!document.querySelector(\"{css}\") || !!document.querySelector('[data-view-error]')"),
                view,
            )
            .await;
            // Let the view's first answers arrive (rows, statistics, the month).
            tokio::time::sleep(Duration::from_millis(800)).await;
            assert_eq!(
                s.eval("document.querySelector('[data-view-error]')?.innerText ?? null")
                    .await,
                Value::Null,
                "the {view} view failed"
            );
            let line = catalog_line(&s).await;
            assert_eq!(
                line,
                format!("2,000 seeds · rules {CUSTOM}"),
                "{view} at {w}x{h}"
            );
            if read {
                assert_no_default_figures(view, &words_of(&s, css).await);
                assert_no_default_figures(view, &words_of(&s, "header.topbar").await);
                assert_no_default_figures(view, &words_of(&s, "nav.viewbar").await);
            }
            s.screenshot(&format!("under-rules-{view}-{w}x{h}")).await;
        }
    }
    s.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
