//! The main window's shell (ui/src/App.svelte and ui/src/lib): the strict CSP
//! holds in the real window, component styles apply, keys work only in the
//! view they belong to, and `?` lists the keys of the view shown.
//! Run with the rest of the suite (`scripts/test.sh`).

use contraption_e2e::Studio;
use serde_json::{json, Value};

/// Sends `keys` to the element `css` (a real key press through WebDriver).
async fn keys_on(studio: &Studio, css: &str, keys: &str) {
    studio
        .find(css)
        .await
        .send_keys(keys)
        .await
        .unwrap_or_else(|e| panic!("send {keys:?} to {css}: {e}"));
}

async fn show_view(studio: &Studio, name: &str) {
    studio
        .find(&format!(".viewtab[data-view='{name}']"))
        .await
        .click()
        .await
        .unwrap();
    studio
        .wait_for(
            &format!("document.body.dataset.view === '{name}'"),
            &format!("the {name} view"),
        )
        .await;
}

async fn violations(studio: &Studio) -> Vec<Value> {
    studio
        .eval("window.__cspViolations")
        .await
        .as_array()
        .cloned()
        .expect("the window records CSP violations (ui/src/lib/csp.ts)")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_csp_holds_and_component_styles_apply() {
    let studio = Studio::launch().await;
    for view in ["seeds", "stats", "bookmarks", "calendar", "inspector"] {
        show_view(&studio, view).await;
    }
    studio.type_seed("1670").await;
    studio.wait_seed(1670).await;
    assert_eq!(
        violations(&studio).await,
        Vec::<Value>::new(),
        "no CSP violation"
    );

    // Styles from .svelte files (emitted as CSS files) apply.
    let style =
        |css: &str, prop: &str| format!("getComputedStyle(document.querySelector('{css}')).{prop}");
    assert_eq!(
        studio.eval(&style(".viewbar", "backgroundColor")).await,
        json!("rgb(16, 21, 29)"),
        "ViewBar.svelte's style"
    );
    assert_eq!(
        studio.eval(&style("#seed-input", "height")).await,
        json!("32px"),
        "SeedBar.svelte's style"
    );
    assert_eq!(
        studio.eval(&style(".brand-name", "fontWeight")).await,
        json!("700"),
        "Brand.svelte's style"
    );

    // Svelte's style: directives write through the CSSOM (style.cssText), which the CSP allows…
    let cssom = studio
        .eval(
            "(() => { const d = document.createElement('div'); d.style.cssText = 'position: absolute; width: 7px'; \
             document.body.append(d); const w = getComputedStyle(d).width; d.remove(); return w; })()",
        )
        .await;
    assert_eq!(cssom, json!("7px"));
    // …while a <style> element (what Svelte's injected CSS would be) and a style attribute
    // set from script are blocked, and reported: the CSP is in force and the recorder works.
    let blocked = studio
        .eval(
            "(() => { const s = document.createElement('style'); \
             s.textContent = '.csp-probe { position: absolute; width: 13px }'; document.head.append(s); \
             const a = document.createElement('div'); a.className = 'csp-probe'; document.body.append(a); \
             const b = document.createElement('div'); b.setAttribute('style', 'position: absolute; width: 11px'); \
             document.body.append(b); const w = [getComputedStyle(a).width, getComputedStyle(b).width]; \
             a.remove(); b.remove(); s.remove(); return w; })()",
        )
        .await;
    assert_ne!(
        blocked[0],
        json!("13px"),
        "an inline <style> must be blocked"
    );
    assert_ne!(
        blocked[1],
        json!("11px"),
        "a style attribute must be blocked"
    );
    studio
        .wait_for(
            "window.__cspViolations.some((v) => v.startsWith('style-src'))",
            "the deliberate violation to be reported",
        )
        .await;
    studio.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inspector_keys_do_nothing_while_a_catalog_view_is_shown() {
    let studio = Studio::launch().await;
    studio.type_seed("1670").await;
    studio.wait_seed(1670).await;
    let selected = "document.querySelector('#ledger .attempt-card.selected').dataset.attempt";
    let attempt = studio.eval(selected).await;
    let input = "document.getElementById('seed-input').value";
    let all = "document.getElementById('all-trajectories').checked";

    for view in ["seeds", "stats", "bookmarks", "calendar"] {
        show_view(&studio, view).await;
        // The keys act synchronously when they act (the seed bar's text changes on the key
        // press, the attempt and the toggle too), so nothing having changed right after the
        // presses means they did nothing.
        for key in ["]", "[", "r", "t", "j", "k", "a", "3"] {
            keys_on(&studio, &format!(".viewtab[data-view='{view}']"), key).await;
        }
        assert_eq!(
            studio.eval(input).await,
            json!("1670"),
            "seed keys in the {view} view"
        );
        assert_eq!(
            studio.eval(selected).await,
            attempt,
            "attempt keys in the {view} view"
        );
        assert_eq!(
            studio.eval(all).await,
            json!(false),
            "`a` in the {view} view"
        );
        assert_eq!(
            studio.eval("document.body.dataset.seed").await,
            json!("1670")
        );
    }
    // Back in the inspector, the same key works.
    show_view(&studio, "inspector").await;
    keys_on(&studio, ".viewtab[data-view='inspector']", "]").await;
    assert_eq!(studio.eval(input).await, json!("1671"));
    studio.wait_seed(1671).await;
    studio.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn question_mark_lists_the_keys_of_the_view_shown() {
    let studio = Studio::launch().await;
    let open = "document.getElementById('help-overlay').open";
    let text = "document.getElementById('help-overlay').textContent";

    let input = "document.getElementById('seed-input').value";
    let before = studio.eval(input).await;
    keys_on(&studio, ".viewtab[data-view='inspector']", "?").await;
    studio.wait_for(open, "the help overlay").await;
    let shown = studio.eval(text).await.as_str().unwrap().to_string();
    for words in [
        "Keys · Inspector",
        "next seed",
        "next attempt",
        "all trajectories",
        "bookmark the seed shown",
        "this list of keys",
    ] {
        assert!(shown.contains(words), "{words:?} in {shown:?}");
    }
    studio.screenshot("help-inspector").await;
    // While it is open, no shortcut fires behind it.
    keys_on(&studio, "#help-overlay .close", "]").await;
    assert_eq!(studio.eval(input).await, before, "`]` behind the overlay");
    keys_on(&studio, "#help-overlay .close", "?").await;
    studio
        .wait_for(&format!("!{open}"), "the overlay to close")
        .await;

    show_view(&studio, "calendar").await;
    keys_on(&studio, ".viewtab[data-view='calendar']", "?").await;
    studio.wait_for(open, "the help overlay").await;
    let shown = studio.eval(text).await.as_str().unwrap().to_string();
    assert!(shown.contains("Keys · Calendar"), "{shown}");
    assert!(shown.contains("bookmark the seed shown"), "{shown}");
    assert!(
        !shown.contains("next attempt") && !shown.contains("next seed"),
        "no inspector key listed in the calendar view: {shown}"
    );
    keys_on(
        &studio,
        "#help-overlay .close",
        &fantoccini::key::Key::Escape,
    )
    .await;
    studio
        .wait_for(&format!("!{open}"), "Esc to close the overlay")
        .await;
    studio.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn main_window_at_1440x900_and_1024x700() {
    let studio = Studio::launch().await;
    studio.type_seed("1670").await;
    studio.wait_seed(1670).await;
    for (w, h) in [(1440u32, 900u32), (1024, 700)] {
        studio.resize(w, h).await;
        // Nothing of the top bar or the view bar spills out of the window.
        let overflow = studio
            .eval(
                "[...document.querySelectorAll('.topbar, .viewbar')].map((e) => e.scrollWidth - e.clientWidth)",
            )
            .await;
        assert_eq!(
            overflow,
            json!([0, 0]),
            "top bar and view bar fit at {w}x{h}"
        );
        studio
            .screenshot_x(&format!("main-{w}x{h}"), Some((w, h)))
            .await;
        show_view(&studio, "seeds").await;
        studio
            .screenshot_x(&format!("seeds-{w}x{h}"), Some((w, h)))
            .await;
        show_view(&studio, "inspector").await;
    }
    studio.close().await;
}
