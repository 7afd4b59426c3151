//! The windows the shell opens besides the main one (declared in tauri.conf.json,
//! made in `run()`'s setup), all with the same web data directory.

use std::path::PathBuf;

use studio_core::play::{window_label, window_url};
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
    let web = app.state::<WebviewData>();
    WebviewWindowBuilder::new(
        app,
        &label,
        WebviewUrl::App(window_url(seed, rules_id).into()),
    )
    .data_directory(web.0.clone())
    .title(title)
    .inner_size(1280.0, 900.0)
    .min_inner_size(900.0, 640.0)
    .build()
    .map_err(|e| ShellError::Window {
        message: e.to_string(),
    })?;
    Ok(label)
}
