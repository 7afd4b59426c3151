//! Display set-up that must happen before the first window exists.
//!
//! WebKitGTK's DMA-BUF renderer composites every painted frame through OpenGL.
//! Without a GPU (no DRI render node: CI machines, VMs, Xvfb) that OpenGL is
//! Mesa's software rasterizer, and any repaint — a moving ball, a clock's text —
//! costs 20–35 ms per frame on a 2-core machine, so animations drop to 25–40
//! fps. The shared-memory renderer paints the same pages at the display's 60 fps
//! there (measured in docs/studio.md, "Play window"). So when no render node
//! exists and the user has not chosen, the studio asks WebKitGTK for it.

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

/// The environment variable to set, if any: only without a render node, and
/// never over the user's own choice.
pub fn webkit_override(
    render_node: bool,
    user_value: Option<&str>,
) -> Option<(&'static str, &'static str)> {
    if render_node || user_value.is_some() {
        None
    } else {
        Some((DISABLE_DMABUF, "1"))
    }
}

/// Applies [`webkit_override`] to this process (Linux only; call before any window).
pub fn prepare() {
    if cfg!(target_os = "linux") {
        let user = std::env::var(DISABLE_DMABUF).ok();
        if let Some((k, v)) =
            webkit_override(has_render_node(Path::new("/dev/dri")), user.as_deref())
        {
            // Single-threaded at this point: no window, no runtime yet.
            std::env::set_var(k, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_without_a_gpu_and_without_a_user_choice() {
        assert_eq!(webkit_override(false, None), Some((DISABLE_DMABUF, "1")));
        assert_eq!(webkit_override(true, None), None);
        assert_eq!(webkit_override(false, Some("0")), None);
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
