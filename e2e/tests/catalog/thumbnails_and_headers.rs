//! Issue 9, as a new user met it: after a scan of 0..5000, row thumbnails and the
//! large preview went blank after scrolling back, re-sorting or switching views
//! (21 of 21 rows blank), and the column headers were cut off at 1440 px.

use std::time::Duration;

use serde_json::Value;

use super::{launch, shot, temp_catalog, view, wait_count};
use contraption_e2e::Studio;

/// JS: the canvases under `rows` that are in view inside `scroller` (all of them
/// when `scroller` is empty), and which of them have no picture: a drawn level
/// covers its canvas with opaque pixels of several colours; a blank canvas is
/// transparent.
fn canvases_js(scroller: &str, canvases: &str) -> String {
    format!(
        "(() => {{
          const box = {scroller} ? document.querySelector({scroller}).getBoundingClientRect() : null;
          const all = [...document.querySelectorAll({canvases})];
          const shown = all.filter((c) => {{
            const b = c.getBoundingClientRect();
            return b.width > 0 && b.height > 0 && (!box || (b.bottom > box.top && b.top < box.bottom));
          }});
          const blank = shown.filter((c) => {{
            if (c.width === 0 || c.height === 0) return true;
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let opaque = 0;
            const colours = new Set();
            for (let i = 0; i < d.length; i += 4) {{
              if (d[i + 3] === 255) opaque++;
              if (colours.size < 8) colours.add(d[i] * 65536 + d[i + 1] * 256 + d[i + 2]);
            }}
            return opaque < 0.9 * (d.length / 4) || colours.size < 3;
          }});
          const name = (c) => (c.classList.contains('big-thumb') ? 'preview of ' : '') + (c.dataset.thumb || c.className);
          return {{ shown: shown.length, blank: blank.map(name) }};
        }})()",
        scroller = serde_json::to_string(scroller).unwrap(),
        canvases = serde_json::to_string(canvases).unwrap(),
    )
}

/// Waits until every canvas `canvases` in view of `scroller` shows a picture (at
/// least `min` of them); panics with the blank ones.
async fn all_drawn(s: &Studio, scroller: &str, canvases: &str, min: u64, when: &str) {
    let js = canvases_js(scroller, canvases);
    let mut last = Value::Null;
    for _ in 0..200 {
        last = s.eval(&js).await;
        let shown = last["shown"].as_u64().unwrap_or(0);
        if shown >= min && last["blank"].as_array().is_some_and(|b| b.is_empty()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{when}: thumbnails in view of {scroller:?} are blank: {last}");
}

/// The X display's pixels (ImageMagick's `import`, as the harness's screenshots): width,
/// height, bytes per pixel, rows.
async fn screen() -> (usize, usize, usize, Vec<u8>) {
    let out = tokio::process::Command::new("import")
        .args(["-window", "root", "png:-"])
        .output()
        .await
        .expect("ImageMagick's import captures the display (scripts/setup.sh installs it)");
    assert!(
        out.status.success(),
        "import failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut decoder = png::Decoder::new(std::io::Cursor::new(out.stdout));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG of the display");
    let mut buf = vec![0; reader.output_buffer_size().expect("a frame size")];
    let info = reader.next_frame(&mut buf).expect("the display's pixels");
    let (w, h) = (info.width as usize, info.height as usize);
    (w, h, info.line_size / w, buf)
}

/// Waits until every canvas `canvases` in view of `scroller` shows a picture ON
/// THE SCREEN (several colours inside its box on the X display): a canvas can
/// hold its pixels and still be shown blank (WebKitGTK dropped the picture of the
/// large preview of a view shown again). The display is captured again until it
/// does, since a capture can lag behind the page.
async fn on_screen(s: &Studio, scroller: &str, top_inset: u32, canvases: &str, when: &str) {
    let boxes = s
        .eval(&format!(
            "(() => {{
              const dpr = window.devicePixelRatio || 1;
              const view = {scroller} ? document.querySelector({scroller}).getBoundingClientRect() : {{ top: 0, bottom: innerHeight, left: 0, right: innerWidth }};
              return [...document.querySelectorAll({canvases})].map((c) => [c, c.getBoundingClientRect()])
                .filter(([, b]) => b.width > 8 && b.height >= 32 && b.top >= view.top + {top_inset} && b.bottom <= Math.min(view.bottom, innerHeight) && b.left >= view.left && b.right <= Math.min(view.right, innerWidth))
                .map(([c, b]) => [(c.classList.contains('big-thumb') ? 'preview of ' : '') + (c.dataset.thumb || c.className), Math.round((screenX + b.left) * dpr) + 3, Math.round((screenY + b.top) * dpr) + 3, Math.round(b.width * dpr) - 6, Math.round(b.height * dpr) - 6]);
            }})()",
            scroller = serde_json::to_string(scroller).unwrap(),
            canvases = serde_json::to_string(canvases).unwrap(),
        ))
        .await;
    let boxes = boxes.as_array().expect("canvas boxes").clone();
    assert!(
        !boxes.is_empty(),
        "{when}: no canvas of {canvases:?} in view"
    );
    let mut blank = Vec::new();
    for _ in 0..40 {
        let (w, h, bpp, px) = screen().await;
        blank.clear();
        for b in &boxes {
            let n = |i: usize| b[i].as_i64().unwrap().max(0) as usize;
            let (x0, y0, bw, bh) = (n(1), n(2), n(3), n(4));
            let mut colours = std::collections::BTreeSet::new();
            for y in y0..(y0 + bh).min(h) {
                for x in x0..(x0 + bw).min(w) {
                    let i = (y * w + x) * bpp;
                    colours.insert((px[i], px[i + 1], px[i + 2]));
                }
                if colours.len() >= 3 {
                    break;
                }
            }
            if colours.len() < 3 {
                blank.push(b[0].clone());
            }
        }
        if blank.is_empty() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    panic!("{when}: on the screen, these of {canvases:?} are blank: {blank:?}");
}

/// Every row thumbnail in view of the table has a picture.
async fn rows_drawn(s: &Studio, when: &str) {
    all_drawn(
        s,
        "#seed-table",
        "#seed-table .tr[data-seed] canvas",
        5,
        when,
    )
    .await;
    // (Rows under the table's header, 30 px, are hidden by it.)
    on_screen(
        s,
        "#seed-table",
        31,
        "#seed-table .tr[data-seed] canvas",
        when,
    )
    .await;
}

/// The large preview and the neighbour grid of the selected row have pictures.
async fn side_drawn(s: &Studio, when: &str) {
    all_drawn(s, "", "#neighbours canvas", 10, when).await;
    on_screen(s, "#neighbours", 0, "#neighbours canvas", when).await;
}

/// Scrolls the seed table to `top` px.
async fn scroll_to(s: &Studio, top: u64) {
    s.eval(&format!(
        "(() => {{ const t = document.getElementById('seed-table'); t.scrollTop = {top}; t.dispatchEvent(new Event('scroll')); return t.scrollTop; }})()"
    ))
    .await;
    s.wait_for(
        &format!(
            "Math.abs(document.getElementById('seed-table').scrollTop - {top}) < 2 && [...document.querySelectorAll('#seed-table .tr[data-seed]')].some((r) => Math.abs(r.offsetTop - {top}) < 400)"
        ),
        "the rows at the new scroll position",
    )
    .await;
}

/// Column headers: each one's text fits its cell (no ellipsis), and each header
/// lines up with its column in the first row (also when scrolled sideways).
/// With `whole`, every header is inside the table's visible box too.
async fn headers_fit(s: &Studio, whole: bool, when: &str) {
    let v = s
        .eval(
            "(() => {
              const t = document.getElementById('seed-table');
              const box = t.getBoundingClientRect();
              const row = t.querySelector('.tr[data-seed]');
              const out = [];
              for (const th of document.querySelectorAll('.th[data-col]')) {
                const b = th.getBoundingClientRect();
                const td = row.querySelector('.col-' + th.dataset.col);
                const tb = td ? td.getBoundingClientRect() : null;
                out.push({
                  col: th.dataset.col,
                  text: th.textContent.trim(),
                  cut: th.scrollWidth > th.clientWidth + 1,
                  inside: b.left >= box.left - 1 && b.right <= box.right + 1,
                  aligned: !!tb && Math.abs(tb.left - b.left) < 2 && Math.abs(tb.width - b.width) < 2,
                });
              }
              return out;
            })()",
        )
        .await;
    let heads = v.as_array().expect("headers");
    assert!(heads.len() >= 11, "{when}: headers {v}");
    for h in heads {
        assert_eq!(h["cut"], Value::Bool(false), "{when}: header cut off: {h}");
        assert_eq!(
            h["aligned"],
            Value::Bool(true),
            "{when}: header not over its column: {h}"
        );
        if whole {
            assert_eq!(
                h["inside"],
                Value::Bool(true),
                "{when}: header outside the table: {h}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_new_users_scan_keeps_every_thumbnail_and_header() {
    let (dir, db) = temp_catalog("thumbnails");
    let s = launch(&db).await;
    s.resize(1440, 900).await;
    view(&s, "seeds").await;
    wait_count(&s, 0).await;

    // Scan 0..5000 from the window, as the issue did.
    super::set_input(&s, "#scan-from", "0").await;
    super::set_input(&s, "#scan-to", "5000").await;
    s.click("#scan-start").await;
    s.wait_for_within(
        "document.getElementById('view-seeds').dataset.scan === 'done'",
        "the scan of 0..5000 to finish",
        Duration::from_secs(600),
    )
    .await;
    wait_count(&s, 5000).await;
    rows_drawn(&s, "after the scan").await;
    headers_fit(&s, true, "1440x900").await;
    shot(&s, "catalog-new-user-1440x900").await;

    // Scroll down, then back.
    scroll_to(&s, 40 * 2500).await;
    rows_drawn(&s, "scrolled to row 2500").await;
    scroll_to(&s, 0).await;
    rows_drawn(&s, "scrolled back to the top").await;

    // Select a row: the large preview and the neighbours.
    s.click("#seed-table .tr[data-seed]").await;
    s.wait_for(
        "document.querySelectorAll('#neighbour-grid .neighbour').length === 9",
        "the neighbour grid",
    )
    .await;
    side_drawn(&s, "a row selected").await;

    // Re-sort (attempts, descending), then back to seed order.
    s.click(".th[data-col='attempts']").await;
    s.wait_for(
        "document.querySelector(\".th[data-col='attempts']\").dataset.dir === 'desc'",
        "sorted by attempts",
    )
    .await;
    rows_drawn(&s, "sorted by attempts").await;
    side_drawn(&s, "sorted by attempts").await;
    s.click(".th[data-col='seed']").await;
    s.wait_for(
        "document.querySelector(\".th[data-col='seed']\").dataset.dir === 'asc' && document.querySelector('#seed-table .tr[data-index=\"0\"]')?.dataset.seed === '0'",
        "sorted by seed",
    )
    .await;
    rows_drawn(&s, "sorted by seed again").await;

    // Switch views and back, twice (the inspector, then the statistics).
    for other in ["inspector", "stats"] {
        view(&s, other).await;
        if other == "inspector" {
            // The inspector, hidden meanwhile, shows its pictures again too.
            on_screen(
                &s,
                "",
                0,
                "#ledger canvas, #stage-canvas",
                "the inspector shown again",
            )
            .await;
        }
        view(&s, "seeds").await;
        rows_drawn(&s, &format!("back from the {other} view")).await;
        side_drawn(&s, &format!("back from the {other} view")).await;
    }
    // The statistics shown again: their charts too.
    view(&s, "stats").await;
    s.wait_for(
        "document.getElementById('view-stats').dataset.seeds === '5000'",
        "the statistics of 5,000 seeds",
    )
    .await;
    on_screen(
        &s,
        "#view-stats",
        0,
        "#view-stats canvas",
        "the statistics shown again",
    )
    .await;
    view(&s, "seeds").await;
    rows_drawn(&s, "back from the stats view again").await;
    side_drawn(&s, "back from the stats view again").await;
    scroll_to(&s, 40 * 4000).await;
    rows_drawn(&s, "scrolled to row 4000").await;
    scroll_to(&s, 0).await;
    rows_drawn(&s, "scrolled back again").await;
    shot(&s, "catalog-new-user-after").await;

    // At 1024x700 the table scrolls sideways; headers stay over their columns.
    s.resize(1024, 700).await;
    headers_fit(&s, false, "1024x700").await;
    let left = s
        .eval("(() => { const t = document.getElementById('seed-table'); t.scrollLeft = 300; t.dispatchEvent(new Event('scroll')); return t.scrollLeft; })()")
        .await;
    assert!(
        left.as_f64().unwrap() > 0.0,
        "the table scrolls sideways at 1024x700"
    );
    headers_fit(&s, false, "1024x700 scrolled sideways").await;
    s.eval("(() => { const t = document.getElementById('seed-table'); t.scrollLeft = 0; t.dispatchEvent(new Event('scroll')); return 0; })()")
        .await;
    rows_drawn(&s, "at 1024x700").await;
    shot(&s, "catalog-new-user-1024x700").await;
    s.close().await;
    let _ = std::fs::remove_dir_all(dir);
}
