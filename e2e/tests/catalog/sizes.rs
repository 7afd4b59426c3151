//! Every catalog view, its dialogs and its side panel at 1440x900 and 1024x700:
//! nothing spills out of its box (no cut header, button or card), and a
//! screenshot of each for a person to look at.

use serde_json::Value;

use super::{cli_bookmark, launch, set_input, shot, temp_catalog, view, wait_count};
use contraption_e2e::{cli_json, Studio};

/// The elements matching `css` whose content is wider than their box.
async fn spilled(s: &Studio, css: &str) -> Value {
    s.eval(&format!(
        "[...document.querySelectorAll({})].filter((e) => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1).map((e) => e.className + ' ' + (e.textContent || '').trim().slice(0, 40))",
        serde_json::to_string(css).unwrap()
    ))
    .await
}

/// The dates of the bookmark cards' lines ("2026-11-30 20:10:45 UTC") that are
/// split over two lines (they broke at a hyphen at 1024x700), and how many there are.
async fn split_dates(s: &Studio) -> Value {
    s.eval(
        "(() => {
          const split = [];
          let dates = 0;
          for (const m of document.querySelectorAll('#bookmark-list .meta')) {
            const walker = document.createTreeWalker(m, NodeFilter.SHOW_TEXT);
            for (let n; (n = walker.nextNode()); ) {
              for (const d of n.data.matchAll(/\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC/g)) {
                dates++;
                const r = document.createRange();
                r.setStart(n, d.index);
                r.setEnd(n, d.index + d[0].length);
                if (new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size !== 1) split.push(d[0]);
              }
            }
          }
          return { dates, split };
        })()",
    )
    .await
}

async fn fits(s: &Studio, css: &str, when: &str) {
    assert_eq!(
        spilled(s, css).await,
        Value::Array(vec![]),
        "{when}: {css} spills out of its box"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn catalog_views_at_1440x900_and_1024x700() {
    let (dir, db) = temp_catalog("sizes");
    cli_json(&["scan", "0..400", "--db", &db, "--json"]);
    for (seed, note, tag) in [
        ("42", "gentle fan level, the goal low on the right", "easy"),
        ("1670", "steep ramp near the goal", "hard"),
        ("7", "five attempts, four of them preSolved", "presolved"),
    ] {
        cli_bookmark(&db, seed, note, &[tag]);
    }
    let s = launch(&db).await;
    for (w, h) in [(1440u32, 900u32), (1024, 700)] {
        let size = format!("{w}x{h}");
        s.resize(w, h).await;

        view(&s, "seeds").await;
        wait_count(&s, 400).await;
        s.click("#seed-table .tr[data-seed]").await;
        s.wait_for(
            "document.querySelectorAll('#neighbours canvas[data-drawn=yes]').length === 10",
            "the side panel",
        )
        .await;
        set_input(&s, "#filter-input", "colour = 3\u{E007}").await;
        s.wait_for(
            "!!document.querySelector('.filter-error')",
            "the filter error",
        )
        .await;
        fits(
            &s,
            "#view-seeds .jobbar, #view-seeds .filterbar, #neighbours, #neighbours button",
            &size,
        )
        .await;
        shot(&s, &format!("catalog-seeds-{size}")).await;
        s.click(".preset[data-preset='solving ≤ 3']").await;
        s.click("#filter-clear").await;
        wait_count(&s, 400).await;

        view(&s, "stats").await;
        s.wait_for(
            "document.getElementById('view-stats').dataset.seeds !== undefined",
            "the statistics",
        )
        .await;
        fits(
            &s,
            "#view-stats .head, #stat-cards .stat, #view-stats .legend",
            &size,
        )
        .await;
        shot(&s, &format!("catalog-stats-{size}")).await;

        view(&s, "bookmarks").await;
        s.wait_for(
            "document.getElementById('view-bookmarks').dataset.count === '3'",
            "the bookmarks",
        )
        .await;
        fits(&s, "#view-bookmarks .head, #bookmark-list .bm-item", &size).await;
        let dates = split_dates(&s).await;
        assert_eq!(dates["dates"], Value::from(3), "{size}: {dates}");
        assert_eq!(
            dates["split"],
            Value::Array(vec![]),
            "{size}: dates split over two lines"
        );
        shot(&s, &format!("catalog-bookmarks-{size}")).await;
        s.click("#bookmark-list .bm-item[data-seed='42'] .bm-edit")
            .await;
        s.wait_for(
            "document.getElementById('bookmark-dialog').open",
            "the bookmark dialog",
        )
        .await;
        fits(&s, "#bookmark-dialog, #bookmark-form", &size).await;
        shot(&s, &format!("catalog-bookmark-dialog-{size}")).await;
        s.click("#bookmark-cancel").await;
        s.click("#bookmark-list .bm-item[data-seed='7'] .bm-delete")
            .await;
        s.wait_for(
            "document.getElementById('bookmark-delete').open",
            "the delete dialog",
        )
        .await;
        shot(&s, &format!("catalog-bookmark-delete-{size}")).await;
        s.find("#bookmark-delete .btn:not(.danger)")
            .await
            .click()
            .await
            .unwrap();
        s.wait_for(
            "!document.getElementById('bookmark-delete').open",
            "the delete dialog to close",
        )
        .await;

        view(&s, "calendar").await;
        s.wait_for(
            "document.getElementById('view-calendar').dataset.state === 'ready'",
            "the month",
        )
        .await;
        // Nothing in a day is cut short (its numbers were "5/144 · 1…" at 1024x700).
        fits(
            &s,
            "#view-calendar .head, #cal-grid .cal-cell, #cal-grid .cal-cell .seed, #cal-grid .cal-cell .key, #cal-grid .cal-cell .solving",
            &size,
        )
        .await;
        shot(&s, &format!("catalog-calendar-{size}")).await;
    }
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}
