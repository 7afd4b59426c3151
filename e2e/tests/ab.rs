//! End-to-end test of the A/B view in the real window: with the draft's attempts
//! cap at 1, the A/B over 0..300 (A: the rules in force, v1; B: the draft) shows
//! the fallback rates `contraption scan 0..300 [--rules FILE]` prints, and the
//! changed seeds `contraption compare v1 FILE 0..300` lists; run again, both
//! sides come from the catalog.

use std::time::{Duration, Instant};

use contraption_e2e::ab::{draft_one_attempt, open_ab_view, set_value, write_one_attempt_rules};
use contraption_e2e::{cli_json, Studio};

/// The default rules with `generator.max_attempts` 1 (docs/rules.md).
const RANGE: &str = "0..300";

fn rate(text: &str) -> f64 {
    text.parse()
        .unwrap_or_else(|_| panic!("{text:?} is not a number"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ab_over_a_range_matches_the_cli() {
    let dir = std::env::temp_dir().join(format!("studio-lab-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("catalog.sqlite3");
    let draft = dir.join("draft.json");
    let file = dir.join("one-attempt.json");
    let csv = dir.join("studio.csv");
    let cli_csv = dir.join("cli.csv");
    write_one_attempt_rules(&file);
    let (db_s, draft_s, file_s, csv_s) = (
        db.to_string_lossy().into_owned(),
        draft.to_string_lossy().into_owned(),
        file.to_string_lossy().into_owned(),
        csv.to_string_lossy().into_owned(),
    );

    // What the CLI says (before the studio runs): the changed seeds and the CSV.
    let cmp = cli_json(&[
        "compare",
        "v1",
        &file_s,
        RANGE,
        "--csv",
        &cli_csv.to_string_lossy(),
    ]);
    let expected: Vec<String> = cmp["changed_seeds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect();
    // Two bookmarks: a seed whose level changes under B, and one whose does not.
    let stays = (0..300u32)
        .map(|x| x.to_string())
        .find(|x| !expected.contains(x))
        .unwrap();
    for seed in [&expected[0], &stays] {
        cli_json(&[
            "bookmarks",
            "--db",
            &db_s,
            "--json",
            "add",
            seed,
            "--note",
            "lab",
        ]);
    }

    let s = Studio::launch_with(&[
        "--catalog",
        &db_s,
        "--rules-draft",
        &draft_s,
        "--dialog-answer",
        &csv_s,
    ])
    .await;
    // The draft: attempts cap 1.
    draft_one_attempt(&s).await;

    // A/B over 0..300: A the rules in force (v1), B the draft.
    open_ab_view(&s).await;
    assert_eq!(
        s.eval("document.querySelector('#ab-a').value").await,
        "in_force"
    );
    assert_eq!(
        s.eval("document.querySelector('#ab-b').value").await,
        "draft"
    );
    // The run button is not named like the Compare view's tab.
    assert_eq!(s.text("#ab-run").await, "Run A/B");
    set_value(&s, "#ab-from", "0", "input").await;
    set_value(&s, "#ab-to", "300", "input").await;
    let started = Instant::now();
    s.click("#ab-run").await;
    s.wait_for_within(
        "document.querySelector('#view-lab')?.dataset.state === 'done'",
        "the A/B comparison",
        Duration::from_secs(300),
    )
    .await;
    // The figure for docs/studio.md (printed, not asserted: no timed assertions).
    eprintln!(
        "A/B {RANGE}, both sides scanned, compared, shown: {} ms",
        started.elapsed().as_millis()
    );

    // The fallback rates are the CLI scan's, exactly (the value and the words).
    let scan_b = cli_json(&["scan", RANGE, "--json", "--rules", &file_s]);
    let scan_a = cli_json(&["scan", RANGE, "--json"]);
    let row = "#ab-figures tr[data-figure='fallback_rate']";
    let (shown_a, shown_b) = (
        rate(&s.attr_of(row, "data-a").await),
        rate(&s.attr_of(row, "data-b").await),
    );
    let cli_b = scan_b["summary"]["fallback_rate"].as_f64().unwrap();
    let cli_a = scan_a["summary"]["fallback_rate"].as_f64().unwrap();
    assert_eq!(shown_b, cli_b);
    assert_eq!(shown_a, cli_a);
    assert!(
        cli_b > cli_a,
        "a cap of one attempt raises the fallback rate"
    );
    let words = s.text(row).await;
    assert!(
        words.contains(&format!("{:.2}%", cli_b * 100.0)),
        "{words:?} shows {cli_b}"
    );
    assert_eq!(s.attr_of("#ab-figures", "data-seeds").await, "300");

    // The changed seeds are `contraption compare`'s; the CSV saved is its bytes.
    assert!(!expected.is_empty());
    assert_eq!(
        s.attr_of("#ab-changed", "data-count").await,
        expected.len().to_string()
    );
    let mut listed = Vec::new();
    for li in s.find_all("#ab-changed li[data-seed]").await {
        listed.push(s.attr(&li, "data-seed").await);
    }
    assert_eq!(listed, expected);
    assert_eq!(
        rate(&s.attr_of(row, "data-b").await),
        cmp["summary"]["b"]["fallback_rate"].as_f64().unwrap()
    );
    s.click("#ab-csv").await;
    s.wait_for(
        "(document.querySelector('#ab-notice')?.textContent ?? '').includes('Saved 300 rows')",
        "the CSV saved",
    )
    .await;
    assert_eq!(
        std::fs::read(&csv).unwrap(),
        std::fs::read(&cli_csv).unwrap(),
        "the studio's CSV is the CLI's"
    );
    // Every changed seed listed gets its two thumbnails, under A and under B (not
    // only the first few dozen rows).
    let listed: usize = s
        .attr_of("#ab-changed", "data-listed")
        .await
        .parse()
        .unwrap();
    assert!(listed > 64, "{listed} changed seeds listed");
    s.wait_for(
        &format!(
            "!!document.querySelector('#ab-would') && [...document.querySelectorAll('#ab-changed canvas')]\
             .filter((c) => c.dataset.drawn === 'yes').length === {}",
            2 * listed
        ),
        "what would change and every thumbnail",
    )
    .await;

    for (w, h, name) in [
        (1440, 900, "lab-ab-1440x900"),
        (1024, 700, "lab-ab-1024x700"),
    ] {
        s.resize(w, h).await;
        s.screenshot_x(name, Some((w, h))).await;
    }
    // Sorted by solving placements, then the histograms, scrolled to.
    s.click("#ab-changed [data-sort='solving']").await;
    s.eval("(() => { document.querySelector('#ab-hist-walls').scrollIntoView(); return true; })()")
        .await;
    s.resize(1440, 900).await;
    s.screenshot_x("lab-ab-histograms-1440x900", Some((1440, 900)))
        .await;

    // Run again: both sides are in the catalog; nothing is scanned.
    let started = Instant::now();
    s.click("#ab-run").await;
    s.wait_for_within(
        "document.querySelector('#view-lab')?.dataset.state === 'done' && (document.querySelector('#ab-notice')?.textContent ?? '').includes('already held')",
        "the comparison from the catalog",
        Duration::from_secs(60),
    )
    .await;
    eprintln!(
        "A/B {RANGE}, both sides from the catalog, compared, shown: {} ms",
        started.elapsed().as_millis()
    );
    assert!(s.text("#ab-notice").await.contains("A and B"));

    s.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
