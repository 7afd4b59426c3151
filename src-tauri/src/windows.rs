//! The windows the shell opens besides the main one (declared in tauri.conf.json,
//! made in `run()`'s setup), all with the same web data directory.

use std::path::PathBuf;

use contraption::Pin;
use studio_core::play::{edited_window_label, edited_window_url, window_label, window_url};
use studio_core::ShellError;
use tauri::{AppHandle, Manager, WebviewUrl, WebviewWindowBuilder};

/// Where every window's web data (WebKit's storage, cache) is kept: the profile,
/// else the app's data directory (managed state, set before any window opens).
pub struct WebviewData(pub PathBuf);

/// Opens (or focuses) the play window of `seed` under the rules `rules_id`;
/// returns its label (`play-SEED`, or `play-SEED-ID` under rules other than those
/// in force, which the play-window capability grants the play commands to).
pub fn open_play(
    app: &AppHandle,
    seed: u32,
    rules_id: &str,
    in_force: bool,
) -> Result<String, ShellError> {
    let label = window_label(seed, rules_id, in_force);
    if let Some(w) = app.get_webview_window(&label) {
        let _ = w.unminimize();
        let _ = w.set_focus();
        return Ok(label);
    }
    let title = if in_force {
        format!("Play seed {seed} — Contraption Level Studio")
    } else {
        format!("Play seed {seed} (rules {rules_id}) — Contraption Level Studio")
    };
    build(app, &label, window_url(seed, rules_id), title)
}

/// Opens (or focuses) the play window of `seed`'s edited level with `pins` under
/// the rules in force (`rules_id`); its title says it is edited.
pub fn open_edited_play(
    app: &AppHandle,
    seed: u32,
    rules_id: &str,
    pins: &[Pin],
) -> Result<String, ShellError> {
    let label = edited_window_label(seed, rules_id, true, pins);
    if let Some(w) = app.get_webview_window(&label) {
        let _ = w.unminimize();
        let _ = w.set_focus();
        return Ok(label);
    }
    let title = format!("Play an edited level (seed {seed}, pinned) — Contraption Level Studio");
    build(app, &label, edited_window_url(seed, rules_id, pins), title)
}

fn build(app: &AppHandle, label: &str, url: String, title: String) -> Result<String, ShellError> {
    let web = app.state::<WebviewData>();
    WebviewWindowBuilder::new(app, label, WebviewUrl::App(url.into()))
        .data_directory(web.0.clone())
        .title(title)
        .inner_size(1280.0, 900.0)
        .min_inner_size(900.0, 640.0)
        .build()
        .map_err(|e| ShellError::Window {
            message: e.to_string(),
        })?;
    Ok(label.to_owned())
}
