//! End-to-end tests of `--profile DIR`: everything a studio remembers lives in
//! its profile — the catalog (a bookmark), the Rules draft, the view settings
//! (the expressive range's metrics, picked in the A/B view) and WebKit's own
//! data — and nothing reaches the user's directories of the app; two profiles
//! do not share the remembered metrics.

use std::path::{Path, PathBuf};
use std::time::Duration;

use contraption_e2e::ab::{draft_one_attempt, open_ab_view, set_value, ONE_ATTEMPT};
use contraption_e2e::{cli_json, snapshot, user_dirs, Studio};
use serde_json::Value;

/// A fresh directory under the system's temporary directory.
fn fresh(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("studio-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

async fn launch(profile: &Path) -> Studio {
    Studio::launch_with(&["--profile", &profile.to_string_lossy()]).await
}

/// In the A/B view, A (v1) against B (the draft, one attempt) over 0..40, down
/// to the expressive range drawn; the metrics it shows.
async fn range_shown(s: &Studio) -> (String, String) {
    draft_one_attempt(s).await;
    open_ab_view(s).await;
    set_value(s, "#ab-from", "0", "input").await;
    set_value(s, "#ab-to", "40", "input").await;
    s.click("#ab-run").await;
    s.wait_for_within(
        "document.querySelector('#view-lab')?.dataset.state === 'done'",
        "the A/B comparison",
        Duration::from_secs(120),
    )
    .await;
    s.wait_for(
        "document.querySelector('#ab-range')?.dataset.state === 'done'",
        "the expressive range",
    )
    .await;
    (
        s.attr_of("#ab-range", "data-x").await,
        s.attr_of("#ab-range", "data-y").await,
    )
}

/// Picks the range's metrics and waits until they are drawn.
async fn pick(s: &Studio, x: &str, y: &str) {
    set_value(s, "#range-x", x, "change").await;
    set_value(s, "#range-y", y, "change").await;
    s.wait_for(
        &format!("(() => {{ const r = document.querySelector('#ab-range'); return r?.dataset.state === 'done' && r.dataset.x === '{x}' && r.dataset.y === '{y}'; }})()"),
        &format!("the range on {x} × {y}"),
    )
    .await;
}

/// The view settings file of `profile` (waiting up to 5 s for it to say `x` × `y`:
/// the write follows the pick).
async fn settings_say(profile: &Path, x: &str, y: &str) -> Value {
    let path = profile.join("view-settings.json");
    let want = serde_json::json!({ "range_x": x, "range_y": y });
    for _ in 0..100 {
        if let Ok(text) = std::fs::read_to_string(&path) {
            let v: Value = serde_json::from_str(&text).expect("the settings file is JSON");
            if v == want {
                return v;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "{} does not say {want}: {:?}",
        path.display(),
        std::fs::read_to_string(&path)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_profile_holds_everything_and_the_users_directories_get_nothing() {
    let dirs = user_dirs();
    let before = snapshot(&dirs);
    let profile = fresh("profile-all");

    let s = launch(&profile).await;
    assert!(!s.temporary_profile());
    assert_eq!(s.profile(), profile);
    // A bookmark of the seed shown, into the profile's catalog.
    let seed = s.eval("document.body.dataset.seed").await;
    let seed = seed.as_str().expect("the seed shown").to_owned();
    s.click("#bookmark-current").await;
    let note = s.find("#bookmark-note").await;
    note.send_keys("kept in the profile").await.unwrap();
    s.click("#bookmark-save").await;
    s.wait_for(
        "!document.getElementById('bookmark-dialog').open",
        "the bookmark saved",
    )
    .await;
    // The draft (one attempt), an A/B and the range's metrics picked.
    assert_eq!(range_shown(&s).await, ("solving".into(), "walls".into()));
    pick(&s, "attempts", "pre_solved").await;
    settings_say(&profile, "attempts", "pre_solved").await;
    s.close().await;

    // The profile holds the catalog (with the bookmark), the draft, the settings…
    let db = profile.join("catalog.sqlite3");
    let listed = cli_json(&["bookmarks", "--db", &db.to_string_lossy(), "--json", "list"]);
    let listed = listed.as_array().expect("a list of bookmarks");
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["seed"].to_string(), seed);
    assert_eq!(listed[0]["note"], "kept in the profile");
    let draft = cli_json(&[
        "rules",
        "check",
        &profile.join("rules-draft.json").to_string_lossy(),
        "--json",
    ]);
    assert_eq!(draft["rules_id"], ONE_ATTEMPT);
    // … and WebKit's own data (the web data directory is the profile).
    let names: Vec<String> = std::fs::read_dir(&profile)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let ours = ["catalog.sqlite3", "rules-draft.json", "view-settings.json"];
    let web: Vec<_> = names
        .iter()
        .filter(|n| !ours.iter().any(|o| n.starts_with(o)))
        .collect();
    assert!(
        !web.is_empty(),
        "WebKit's data is in the profile too: {names:?}"
    );
    eprintln!("the profile holds {names:?}");

    // Nothing of the app's in the user's directories changed (scripts/e2e.sh and
    // scripts/test.sh point them at empty ones, and check them after the run too).
    let after = snapshot(&dirs);
    assert_eq!(
        before, after,
        "the run changed the user's directories of the app ({dirs:?})"
    );
    let _ = std::fs::remove_dir_all(&profile);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_profiles_do_not_share_the_remembered_metrics() {
    let (one, two) = (fresh("profile-one"), fresh("profile-two"));

    let s = launch(&one).await;
    assert_eq!(range_shown(&s).await, ("solving".into(), "walls".into()));
    pick(&s, "attempts", "pre_solved").await;
    settings_say(&one, "attempts", "pre_solved").await;
    s.close().await;

    // Another profile starts from the defaults, and keeps its own pick.
    let s = launch(&two).await;
    assert_eq!(range_shown(&s).await, ("solving".into(), "walls".into()));
    pick(&s, "ramps", "walls").await;
    settings_say(&two, "ramps", "walls").await;
    s.close().await;
    settings_say(&one, "attempts", "pre_solved").await;

    // Each profile again: its own metrics, also when the harness's fresh profile
    // (no --profile given) is started in between.
    let fresh_one = Studio::launch().await;
    assert!(fresh_one.temporary_profile());
    let harness_profile = fresh_one.profile().to_path_buf();
    assert!(harness_profile.starts_with(std::env::temp_dir()));
    assert_eq!(
        range_shown(&fresh_one).await,
        ("solving".into(), "walls".into())
    );
    fresh_one.close().await;
    assert!(
        !harness_profile.exists(),
        "the harness removes its profile once the studio quits"
    );
    let s = launch(&one).await;
    assert_eq!(
        range_shown(&s).await,
        ("attempts".into(), "pre_solved".into())
    );
    s.close().await;
    let s = launch(&two).await;
    assert_eq!(range_shown(&s).await, ("ramps".into(), "walls".into()));
    s.close().await;
    let _ = std::fs::remove_dir_all(&one);
    let _ = std::fs::remove_dir_all(&two);
}
