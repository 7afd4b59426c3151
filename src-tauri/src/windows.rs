//! The windows the shell opens besides the main one (declared in tauri.conf.json).

use studio_core::play::{window_label, window_url};
use studio_core::ShellError;
use tauri::{AppHandle, Manager, WebviewUrl, WebviewWindowBuilder};

/// Opens (or focuses) the play window of `seed`; returns its label (`play-SEED`,
/// which the play-window capability grants the play commands to).
pub fn open_play(app: &AppHandle, seed: u32) -> Result<String, ShellError> {
    let label = window_label(seed);
    if let Some(w) = app.get_webview_window(&label) {
        let _ = w.unminimize();
        let _ = w.set_focus();
        return Ok(label);
    }
    WebviewWindowBuilder::new(app, &label, WebviewUrl::App(window_url(seed).into()))
        .title(format!("Play seed {seed} — Contraption Level Studio"))
        .inner_size(1280.0, 900.0)
        .min_inner_size(900.0, 640.0)
        .build()
        .map_err(|e| ShellError::Window {
            message: e.to_string(),
        })?;
    Ok(label)
}
