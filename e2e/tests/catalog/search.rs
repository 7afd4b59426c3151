//! Search in the Seeds view (issue 11): criteria with an error show the engine's
//! message and place; valid ones search a range as a job; the matches (stored
//! in the catalog, shown alone in the table) equal `contraption search` of the
//! same range (the CLI release binary), and so does what the search counted:
//! a fast search's (the default) seeds decided at each stage, the CLI's fast
//! summary; with "Whole-range totals" ticked, the whole range's totals, the
//! CLI's `--summary full` one. Screenshots at 1440x900 (fast, then at the
//! end) and 1024x700.

use serde_json::Value;

use super::{launch, set_input, temp_catalog, view, wait_count};
use contraption_e2e::{cli_run, grouped, Studio};

const CRITERIA: &str = "walls in 3..5 and not fallback";

/// `contraption search EXPR FROM..TO --summary KIND` (`fast` or `full`): the
/// matching seeds and the summary.
fn cli_search(criteria: &str, from: u32, to: u32, kind: &str) -> (Vec<u64>, Value) {
    let range = format!("{from}..{to}");
    let (code, out, err) = cli_run(&["search", criteria, &range, "--summary", kind]);
    assert_eq!(code, 0, "contraption search failed: {err}");
    let mut lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    let last = lines.pop().expect("a summary line");
    let seeds = lines.iter().map(|r| r["seed"].as_u64().unwrap()).collect();
    (seeds, last["summary"].clone())
}

/// The `dd` of one item of the search's totals.
async fn total(s: &Studio, key: &str) -> String {
    s.content(&format!("#search-totals [data-total='{key}'] dd"))
        .await
}

/// The `dd` of one stage of the search's decided counts.
async fn decided(s: &Studio, stage: &str) -> String {
    s.content(&format!("#search-decided [data-stage='{stage}'] dd"))
        .await
}

/// The seeds of the table's rows, in their order.
async fn shown_seeds(s: &Studio) -> Vec<u64> {
    s.eval("[...document.querySelectorAll('#seed-table .tr[data-seed]')].map(e => Number(e.dataset.seed))")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_search_from_the_seeds_view_finds_what_the_cli_finds() {
    let (from, to) = (0u32, 3000u32);
    let (seeds, summary) = cli_search(CRITERIA, from, to, "full");
    assert!(!seeds.is_empty() && seeds.len() < 3000);
    let (fast_seeds, fast) = cli_search(CRITERIA, from, to, "fast");
    assert_eq!(
        fast_seeds, seeds,
        "the CLI's fast and full searches find the same seeds"
    );
    assert_eq!(fast["summary"], "fast");
    let (dir, db) = temp_catalog("search");
    let s = launch(&db).await;
    s.resize(1440, 900).await;
    view(&s, "seeds").await;
    wait_count(&s, 0).await;

    // Criteria with an error: the engine's message and the character, marked.
    set_input(&s, "#filter-input", "walls in 3..x").await;
    set_input(&s, "#search-from", &from.to_string()).await;
    set_input(&s, "#search-to", &to.to_string()).await;
    s.click("#search-start").await;
    s.wait_for(
        "(e => !!e && e.dataset.at === '12' && e.textContent.includes('expected the last number of a range') && e.textContent.includes('at character 13') && e.querySelector('mark')?.textContent === 'x')(document.querySelector('.filter-error'))",
        "the criteria error under the box",
    )
    .await;
    assert_eq!(
        s.eval("document.getElementById('view-seeds').dataset.search")
            .await,
        Value::String("failed".into())
    );

    // Valid criteria, "Whole-range totals" off (the default): a fast search
    // over the range to the end.
    assert_eq!(
        s.eval("document.getElementById('search-whole-range').checked")
            .await,
        Value::Bool(false)
    );
    set_input(&s, "#filter-input", CRITERIA).await;
    s.click("#search-start").await;
    s.wait_for(
        "document.getElementById('view-seeds').dataset.search === 'done' && !!document.getElementById('search-decided')",
        "the fast search done",
    )
    .await;
    assert_eq!(
        s.eval(
            "!document.querySelector('.filter-error') && !document.getElementById('search-totals')"
        )
        .await,
        Value::Bool(true)
    );
    assert_eq!(
        s.attr_of("#search-result", "data-matches").await,
        seeds.len().to_string()
    );
    wait_count(&s, seeds.len()).await;
    let shown = shown_seeds(&s).await;
    assert!(!shown.is_empty());
    assert_eq!(
        shown,
        seeds[..shown.len()],
        "the fast search's first rows are the CLI's first matches"
    );
    // Searched, matched and decided at each stage: the CLI's fast summary.
    let f = |k: &str| fast[k].as_u64().unwrap();
    assert_eq!(f("searched"), u64::from(to - from));
    assert_eq!(f("matches"), seeds.len() as u64);
    assert_eq!(
        s.content("#search-decided [data-count='searched']").await,
        grouped(f("searched"))
    );
    assert_eq!(
        s.content("#search-decided [data-count='matched']").await,
        grouped(f("matches"))
    );
    let mut sum = 0;
    for stage in ["layout", "generator", "sweep", "full"] {
        let n = fast["decided"][stage].as_u64().unwrap();
        sum += n;
        assert_eq!(decided(&s, stage).await, grouped(n), "decided at {stage}");
        let title = s
            .attr_of(&format!("#search-decided [data-stage='{stage}']"), "title")
            .await;
        assert!(title.contains('%'), "{stage}'s share on hover: {title}");
    }
    assert_eq!(sum, u64::from(to - from));
    s.screenshot_x("catalog-search-fast-1440x900", Some((1440, 900)))
        .await;

    // Ticked: the same criteria and range again, a full search (another
    // search, not the fast one continued), with the whole range's totals.
    s.click("#search-whole-range").await;
    s.click("#search-start").await;
    s.wait_for(
        "document.getElementById('view-seeds').dataset.search === 'done' && !!document.getElementById('search-totals')",
        "the full search done",
    )
    .await;
    assert_eq!(
        s.eval("!document.getElementById('search-decided')").await,
        Value::Bool(true)
    );
    assert_eq!(
        s.eval("!document.querySelector('.filter-error')").await,
        Value::Bool(true)
    );
    assert_eq!(
        s.attr_of("#search-result", "data-matches").await,
        seeds.len().to_string()
    );
    // The table shows only the matches (every stored row is one), in seed order.
    assert_eq!(
        s.attr_of("#search-result", "data-showing").await,
        "yes".to_string()
    );
    wait_count(&s, seeds.len()).await;
    let shown = shown_seeds(&s).await;
    assert!(!shown.is_empty());
    assert_eq!(
        shown,
        seeds[..shown.len()],
        "the first rows are the CLI's first matches"
    );

    // The whole range's totals: the CLI's full summary.
    let n = |k: &str| summary[k].as_u64().unwrap();
    assert_eq!(n("searched"), u64::from(to - from));
    assert_eq!(n("matches"), seeds.len() as u64);
    assert_eq!(total(&s, "seeds").await, grouped(n("seeds")));
    assert_eq!(total(&s, "accepted").await, grouped(n("accepted")));
    assert!(total(&s, "fallback")
        .await
        .starts_with(&format!("{} (", grouped(n("fallback")))));
    assert_eq!(
        total(&s, "pre_solved_rejections").await,
        grouped(n("pre_solved_rejections"))
    );
    assert_eq!(
        total(&s, "no_single_ramp_rejections").await,
        grouped(n("no_single_ramp_rejections"))
    );
    assert_eq!(
        total(&s, "mean_attempts").await,
        format!("{:.3}", summary["mean_attempts"].as_f64().unwrap())
    );
    let attempts: Vec<String> = summary["attempts_histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            format!(
                "{}: {}",
                b["attempts"],
                grouped(b["seeds"].as_u64().unwrap())
            )
        })
        .collect();
    assert_eq!(total(&s, "attempts_histogram").await, attempts.join(", "));
    let solving: Vec<String> = summary["solving_histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            format!(
                "{}: {}",
                b["solving"],
                grouped(b["seeds"].as_u64().unwrap())
            )
        })
        .collect();
    assert_eq!(total(&s, "solving_histogram").await, solving.join(", "));

    // The past searches: this one is listed, done, with its matches.
    let item = s.content("#search-list [data-search] .muted").await;
    assert!(
        item.starts_with(&format!("done · {} matches", grouped(seeds.len() as u64))),
        "{item}"
    );

    // A stopped (fast) search is listed with Resume, which puts its criteria,
    // range and kind back and continues it to the end: the CLI's matches.
    let (from2, to2) = (3000u32, 63000u32);
    let (seeds2, _) = cli_search("walls = 5", from2, to2, "fast");
    s.click("#search-whole-range").await;
    set_input(&s, "#filter-input", "walls = 5").await;
    set_input(&s, "#search-from", &from2.to_string()).await;
    set_input(&s, "#search-to", &to2.to_string()).await;
    s.click("#search-start").await;
    s.wait_for(
        "document.getElementById('view-seeds').dataset.search === 'running' && document.getElementById('search-result')?.dataset.state === 'running'",
        "the second search started",
    )
    .await;
    s.click("#search-cancel").await;
    s.wait_for(
        "document.getElementById('view-seeds').dataset.search === 'cancelled' && !!document.querySelector('#search-list [data-resume-search]')",
        "the second search stopped, with Resume",
    )
    .await;
    set_input(&s, "#filter-input", "fallback").await;
    set_input(&s, "#search-from", "0").await;
    s.click("#search-whole-range").await;
    s.click("#search-list [data-resume-search]").await;
    s.wait_for(
        "document.getElementById('view-seeds').dataset.search === 'done' && document.getElementById('search-from').value === '3000'",
        "the second search resumed to the end",
    )
    .await;
    assert_eq!(
        s.eval("document.getElementById('filter-input').value")
            .await,
        Value::String("walls = 5".into())
    );
    // Resumed as what it was: a fast search (the box unticked again).
    assert_eq!(
        s.eval("!document.getElementById('search-whole-range').checked && !!document.getElementById('search-decided')")
            .await,
        Value::Bool(true)
    );
    assert_eq!(
        s.attr_of("#search-result", "data-matches").await,
        seeds2.len().to_string()
    );
    // All three are listed, newest first, each with its kind; Matches shows the
    // first one's again.
    assert_eq!(
        s.eval("[...document.querySelectorAll('#search-list [data-search]')].map(e => e.dataset.summary).join(' ')")
            .await,
        Value::String("fast full fast".into())
    );
    s.click("#search-list [data-search]:last-child [data-matches]")
        .await;
    s.wait_for(
        &format!("document.getElementById('filter-input').value === '{CRITERIA}'"),
        "the first search's matches shown again",
    )
    .await;
    wait_count(&s, seeds.len()).await;

    // Looked at, at both sizes.
    s.screenshot_x("catalog-search-1440x900", Some((1440, 900)))
        .await;
    s.resize(1024, 700).await;
    s.screenshot_x("catalog-search-1024x700", Some((1024, 700)))
        .await;
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}
