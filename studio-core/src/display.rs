//! Display set-up that must happen before the first window exists.
//!
//! WebKitGTK's DMA-BUF renderer composites every painted frame through OpenGL.
//! Without a GPU (no DRI render node: CI machines, VMs, Xvfb) that OpenGL is
//! Mesa's software rasterizer, and any repaint — a moving ball, a clock's text —
//! costs 20–35 ms per frame on a 2-core machine, so animations drop to 25–40
//! fps. The shared-memory renderer paints the same pages at the display's 60 fps
//! there (measured in docs/studio/performance.md, "Play window performance"). So when no render node
//! exists and the user has not chosen, the studio asks WebKitGTK for it.
//!
//! Under WebDriver (`TAURI_WEBVIEW_AUTOMATION=true`, set by tauri-driver) the
//! default renderer is kept: WebKitWebDriver's screenshots never return with the
//! shared-memory renderer. `--shared-memory-renderer` forces it anyway (the e2e
//! frame-time probe, which takes no screenshot).

use std::path::Path;

/// The variable WebKitGTK reads to turn the DMA-BUF renderer off.
pub const DISABLE_DMABUF: &str = "WEBKIT_DISABLE_DMABUF_RENDERER";

/// Whether the machine has a GPU render node (`/dev/dri/renderD*`).
pub fn has_render_node(dri: &Path) -> bool {
    std::fs::read_dir(dri)
        .map(|entries| {
            entries
                .flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with("renderD"))
        })
        .unwrap_or(false)
}

/// What the process runs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Situation<'a> {
    pub render_node: bool,
    /// The user's own `WEBKIT_DISABLE_DMABUF_RENDERER`, if set.
    pub user_value: Option<&'a str>,
    /// Driven by WebDriver.
    pub automation: bool,
    /// `--shared-memory-renderer` was given.
    pub forced: bool,
}

/// The environment variable to set, if any: never over the user's own choice;
/// when forced; otherwise only without a render node and outside WebDriver.
pub fn webkit_override(s: Situation<'_>) -> Option<(&'static str, &'static str)> {
    let wanted = s.forced || (!s.render_node && !s.automation);
    (s.user_value.is_none() && wanted).then_some((DISABLE_DMABUF, "1"))
}

/// Applies [`webkit_override`] to this process (Linux only; call before any window
/// and any thread exists). `forced`: `--shared-memory-renderer` was given.
pub fn prepare(forced: bool) {
    if cfg!(target_os = "linux") {
        let user = std::env::var(DISABLE_DMABUF).ok();
        let situation = Situation {
            render_node: has_render_node(Path::new("/dev/dri")),
            user_value: user.as_deref(),
            automation: std::env::var("TAURI_WEBVIEW_AUTOMATION").as_deref() == Ok("true"),
            forced,
        };
        if let Some((k, v)) = webkit_override(situation) {
            // Single-threaded at this point: no window, no runtime yet.
            std::env::set_var(k, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_without_a_gpu_outside_webdriver_or_when_forced_never_over_the_user() {
        let base = Situation {
            render_node: false,
            user_value: None,
            automation: false,
            forced: false,
        };
        let on = Some((DISABLE_DMABUF, "1"));
        assert_eq!(webkit_override(base), on);
        let gpu = Situation {
            render_node: true,
            ..base
        };
        assert_eq!(webkit_override(gpu), None);
        let driven = Situation {
            automation: true,
            ..base
        };
        assert_eq!(webkit_override(driven), None);
        assert_eq!(
            webkit_override(Situation {
                forced: true,
                ..driven
            }),
            on
        );
        assert_eq!(
            webkit_override(Situation {
                forced: true,
                ..gpu
            }),
            on
        );
        assert_eq!(
            webkit_override(Situation {
                user_value: Some("0"),
                forced: true,
                ..base
            }),
            None
        );
    }

    #[test]
    fn render_nodes_are_found() {
        let dir = std::env::temp_dir().join(format!("studio-dri-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert!(!has_render_node(&dir));
        std::fs::write(dir.join("card0"), "").unwrap();
        assert!(!has_render_node(&dir));
        std::fs::write(dir.join("renderD128"), "").unwrap();
        assert!(has_render_node(&dir));
        assert!(!has_render_node(&dir.join("missing")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
