//! Helpers for driving the real studio window through `tauri-driver`.
//!
//! The suite expects, as `scripts/test.sh` arranges:
//! - the release binaries `contraption-studio` and `contraption` next to the test
//!   binary's profile directory, i.e. `target/release/` (override with `STUDIO_BIN` /
//!   `CLI_BIN`), so run the suite with `cargo test --release`;
//! - `tauri-driver` listening on `WEBDRIVER_URL` (default `http://127.0.0.1:4444`),
//!   itself running on an X display (Xvfb in CI).
//!
//! Screenshots go to `e2e/screenshots/` (git-ignored).
//!
//! Every launch gets a fresh temporary `--profile` (removed when the session
//! ends) unless the test passes its own, so no test reads or writes the user's
//! data directory: the catalog, the Rules draft, the view settings and WebKit's
//! storage and cache all live in the profile (a `--catalog` or `--rules-draft`
//! the test passes still names its own file). [`user_dirs`] lists the user's
//! directories of the app, which `scripts/e2e.sh` and `scripts/test.sh` point at
//! empty ones and check after the run.

pub mod ab;
pub mod chromium;
mod cli;
pub mod play;
mod profile;
mod user_dirs;

pub use cli::{binary, cli_error, cli_json, cli_run, grouped};
use profile::{fresh_profile, named_profile, studio_gone};
pub use user_dirs::{snapshot, user_dirs};

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

/// How long [`Studio::find`] and [`Studio::click`] wait for an element to appear.
pub const FIND_WITHIN: Duration = Duration::from_secs(10);

/// Whether every field canvas shown (the inspector's stage, the play field) has
/// been fitted to its box: a field canvas's CSS size is set, with its view, on
/// the frame after its box changed, so the two differ until then.
pub const FIELDS_FITTED: &str = "[...document.querySelectorAll('#stage-canvas, #play-canvas')]\
    .every((c) => c.offsetParent === null || (c.clientWidth === c.parentElement.clientWidth \
    && c.clientHeight === c.parentElement.clientHeight))";

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("e2e lives in the workspace")
        .to_path_buf()
}

pub fn screenshot_dir() -> PathBuf {
    let dir = root().join("e2e/screenshots");
    std::fs::create_dir_all(&dir).expect("create e2e/screenshots");
    dir
}

/// One session: a freshly launched studio window. Dropping it (also when a test
/// panics) ends the WebDriver session, so the next test can start its own; tests
/// must use the multi-threaded runtime (`#[tokio::test(flavor = "multi_thread")]`).
pub struct Studio {
    pub client: Client,
    closed: bool,
    /// The profile the studio runs in: the test's `--profile`, else a temporary
    /// one the harness made for this launch (`temporary`), removed once it quits.
    profile: PathBuf,
    temporary: bool,
}

impl Drop for Studio {
    fn drop(&mut self) {
        let client = (!self.closed).then(|| self.client.clone());
        let (profile, temporary) = (self.profile.clone(), self.temporary);
        tokio::task::block_in_place(|| {
            if let Some(client) = client {
                tokio::runtime::Handle::current().block_on(async move {
                    let _ = client.close().await;
                });
            }
            studio_gone(&profile, temporary);
        });
    }
}

impl Studio {
    /// Launches the studio through tauri-driver and waits for its first seed.
    pub async fn launch() -> Studio {
        Self::launch_with(&[]).await
    }

    /// Launches the studio with command-line arguments (e.g. `--dialog-answer PATH`),
    /// in a fresh temporary `--profile` unless `args` name one.
    pub async fn launch_with(args: &[&str]) -> Studio {
        let url = std::env::var("WEBDRIVER_URL").unwrap_or_else(|_| "http://127.0.0.1:4444".into());
        let app = binary("STUDIO_BIN", "contraption-studio");
        let (profile, temporary) = match named_profile(args) {
            Some(p) => (p, false),
            None => (fresh_profile(), true),
        };
        let profile_arg = profile.to_string_lossy().into_owned();
        let mut args = args.to_vec();
        if temporary {
            args.extend(["--profile", profile_arg.as_str()]);
        }
        let mut caps = serde_json::Map::new();
        caps.insert("browserName".into(), json!("wry"));
        caps.insert(
            "tauri:options".into(),
            json!({ "application": app.to_string_lossy(), "args": args }),
        );
        let client = match ClientBuilder::native()
            .capabilities(caps)
            .connect(&url)
            .await
        {
            Ok(c) => c,
            Err(e) => {
                if temporary {
                    let _ = std::fs::remove_dir_all(&profile);
                }
                panic!("cannot reach tauri-driver at {url}: {e}")
            }
        };
        let studio = Studio {
            client,
            closed: false,
            profile,
            temporary,
        };
        studio
            .wait_for("document.body.dataset.state === 'ready'", "the first seed")
            .await;
        studio
    }

    /// Ends the session and waits (up to 10 s) for the studio to quit, so the
    /// files in its profile are complete and another launch may use it; a
    /// profile the harness made is then removed.
    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        self.closed = true;
        // `drop` (now) waits for the studio and removes a temporary profile.
    }

    /// The profile the studio runs in (the test's `--profile`, else the
    /// harness's temporary one).
    pub fn profile(&self) -> &Path {
        &self.profile
    }

    /// Whether the harness made the profile for this launch (no `--profile` given).
    pub fn temporary_profile(&self) -> bool {
        self.temporary
    }

    /// Evaluates a JS expression (`return` is added).
    pub async fn eval(&self, expr: &str) -> Value {
        self.client
            .execute(&format!("return ({expr});"), vec![])
            .await
            .unwrap_or_else(|e| panic!("eval {expr}: {e}"))
    }

    /// Waits (up to 20 s) until the JS expression is truthy.
    pub async fn wait_for(&self, expr: &str, what: &str) {
        self.wait_for_within(expr, what, Duration::from_secs(20))
            .await;
    }

    /// Waits (up to `limit`) until the JS expression is truthy.
    pub async fn wait_for_within(&self, expr: &str, what: &str, limit: Duration) {
        let start = Instant::now();
        loop {
            let v = self.eval(&format!("!!({expr})")).await;
            if v == Value::Bool(true) {
                return;
            }
            assert!(
                start.elapsed() < limit,
                "timed out waiting for {what} ({expr})"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The element matching `css`, waiting up to [`FIND_WITHIN`] for it to appear:
    /// the UI renders after its IPC replies, so an element a click has just asked
    /// for may be a frame or a round trip away.
    pub async fn find(&self, css: &str) -> Element {
        let start = Instant::now();
        loop {
            match self.client.find(Locator::Css(css)).await {
                Ok(el) => return el,
                Err(e) if start.elapsed() >= FIND_WITHIN => panic!("find {css}: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    pub async fn find_all(&self, css: &str) -> Vec<Element> {
        self.client
            .find_all(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("find_all {css}: {e}"))
    }

    pub async fn attr(&self, el: &Element, name: &str) -> String {
        el.attr(name)
            .await
            .unwrap_or_else(|e| panic!("attr {name}: {e}"))
            .unwrap_or_default()
    }

    /// Attribute `name` of the element matching `css` ("" when absent).
    pub async fn attr_of(&self, css: &str, name: &str) -> String {
        let el = self.find(css).await;
        self.attr(&el, name).await
    }

    /// The rendered text of the element matching `css`.
    pub async fn text(&self, css: &str) -> String {
        self.find(css)
            .await
            .text()
            .await
            .unwrap_or_else(|e| panic!("text of {css}: {e}"))
    }

    /// The text content of the element matching `css` (also where it is clipped or
    /// hidden, which the rendered `text` leaves out).
    pub async fn content(&self, css: &str) -> String {
        let css = serde_json::to_string(css).expect("a selector");
        self.eval(&format!(
            "document.querySelector({css})?.textContent ?? null"
        ))
        .await
        .as_str()
        .unwrap_or_else(|| panic!("no {css}"))
        .to_string()
    }

    /// Clicks the element matching `css`, finding it again if it was re-rendered
    /// between the find and the click (up to [`FIND_WITHIN`]).
    pub async fn click(&self, css: &str) {
        let start = Instant::now();
        loop {
            match self.find(css).await.click().await {
                Ok(_) => return,
                Err(e) if start.elapsed() >= FIND_WITHIN => panic!("click {css}: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    /// Resizes the window to `w` × `h` and waits for the page to follow.
    ///
    /// Then waits until the field canvases on the page (the inspector's stage, the
    /// play field) have been fitted to their new box: each is sized on the
    /// animation frame after its box changed, and until then its view (scale and
    /// origin) is the old size's, so a point worked out from it would land
    /// elsewhere once the frame comes.
    pub async fn resize(&self, w: u32, h: u32) {
        self.client
            .set_window_size(w, h)
            .await
            .expect("resize the window");
        self.wait_for(
            &format!(
                "(window.outerWidth === {w} || window.innerWidth <= {w}) && window.innerHeight <= {h}"
            ),
            "the new size",
        )
        .await;
        self.wait_for(FIELDS_FITTED, "the field canvases fitted to the new size")
            .await;
    }

    /// Types `text` into the seed bar and submits it with the Inspect button.
    pub async fn type_seed(&self, text: &str) {
        let input = self.find("#seed-input").await;
        input.clear().await.expect("clear the seed input");
        input.send_keys(text).await.expect("type the seed");
        self.find("#seed-go")
            .await
            .click()
            .await
            .expect("click Inspect");
    }

    /// Waits until the window shows `seed`.
    pub async fn wait_seed(&self, seed: u64) {
        self.wait_for(
            &format!("document.body.dataset.state === 'ready' && document.body.dataset.seed === '{seed}'"),
            &format!("seed {seed}"),
        )
        .await;
    }

    /// Sends a key press to the focused ledger (global shortcuts).
    pub async fn press(&self, key: &str) {
        let target = self.find("#ledger .attempt-card").await;
        target.send_keys(key).await.expect("send a key");
    }

    /// Moves the mouse to (x, y) CSS pixels from the canvas's top-left corner and clicks.
    pub async fn click_canvas_at(&self, x: f64, y: f64) {
        let canvas = self.find("#stage-canvas").await;
        let w = self
            .eval("document.getElementById('stage-canvas').clientWidth")
            .await
            .as_f64()
            .unwrap();
        let h = self
            .eval("document.getElementById('stage-canvas').clientHeight")
            .await
            .as_f64()
            .unwrap();
        // W3C pointer offsets are relative to the element's centre.
        let dx = (x - w / 2.0).round() as i64;
        let dy = (y - h / 2.0).round() as i64;
        let actions = MouseActions::new("mouse".into())
            .then(PointerAction::MoveToElement {
                element: canvas,
                duration: Some(Duration::from_millis(50)),
                x: dx,
                y: dy,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client
            .perform_actions(actions)
            .await
            .expect("click on the canvas");
        let _ = self.client.release_actions().await;
    }

    /// A screenshot of the X display (its top-left `width` × `height` pixels when given) under
    /// `e2e/screenshots/NAME.png`, taken with ImageMagick's `import` (scripts/setup.sh
    /// installs it; without it the test fails): WebKitWebDriver's screenshot command does
    /// not always answer (it never did for the catalog views on 2026-11-30), and a hung
    /// WebDriver command blocks the session.
    pub async fn screenshot_x(&self, name: &str, size: Option<(u32, u32)>) -> PathBuf {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let path = screenshot_dir().join(format!("{name}.png"));
        let mut cmd = tokio::process::Command::new("import");
        cmd.args(["-window", "root"]);
        if let Some((w, h)) = size {
            cmd.args(["-crop", &format!("{w}x{h}+0+0")]);
        }
        let status = cmd.arg(&path).status().await.unwrap_or_else(|e| {
            panic!(
                "cannot run ImageMagick's `import` for the {name} screenshot \
                 (scripts/setup.sh installs imagemagick): {e}"
            )
        });
        assert!(
            status.success(),
            "`import` failed for the {name} screenshot: {status}"
        );
        path
    }

    /// Saves a PNG screenshot of the window under `e2e/screenshots/NAME.png`.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("take a screenshot");
        assert!(png.starts_with(b"\x89PNG"), "screenshot is a PNG");
        let path = screenshot_dir().join(format!("{name}.png"));
        std::fs::write(&path, png).expect("write the screenshot");
        path
    }
}
