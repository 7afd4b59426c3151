//! The user's own directories of the app, which no run may touch.

use std::path::{Path, PathBuf};

/// The user's directories where the studio's data would go without a profile,
/// as the app itself resolves them: Tauri's app data directory
/// (`$XDG_DATA_HOME/dev.contraption.studio`, which Tauri 2 also gives WebKit as
/// its data and cache directory by default) and the identifier's and the
/// program's (`contraption-studio`, what WebKitGTK uses when given no data
/// directory) directories under `$XDG_DATA_HOME`, `$XDG_CACHE_HOME` and
/// `$XDG_CONFIG_HOME` (`~/.local/share`, `~/.cache`, `~/.config` when unset).
pub fn user_dirs() -> Vec<PathBuf> {
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    let xdg = |var: &str, fallback: &str| {
        std::env::var_os(var)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| home.join(fallback))
    };
    let bases = [
        xdg("XDG_DATA_HOME", ".local/share"),
        xdg("XDG_CACHE_HOME", ".cache"),
        xdg("XDG_CONFIG_HOME", ".config"),
    ];
    bases
        .iter()
        .flat_map(|b| {
            [
                b.join("dev.contraption.studio"),
                b.join("contraption-studio"),
            ]
        })
        .collect()
}

/// Every file and directory under `dirs` (recursively) with its size and
/// modification time: what a run may not have changed.
pub fn snapshot(dirs: &[PathBuf]) -> Vec<(PathBuf, u64, Option<std::time::SystemTime>)> {
    fn walk(path: &Path, out: &mut Vec<(PathBuf, u64, Option<std::time::SystemTime>)>) {
        let Ok(meta) = std::fs::symlink_metadata(path) else {
            return;
        };
        out.push((path.to_path_buf(), meta.len(), meta.modified().ok()));
        if meta.is_dir() {
            let mut entries: Vec<_> = std::fs::read_dir(path)
                .map(|r| r.filter_map(Result::ok).map(|e| e.path()).collect())
                .unwrap_or_default();
            entries.sort();
            for e in entries {
                walk(&e, out);
            }
        }
    }
    let mut out = Vec::new();
    for d in dirs {
        walk(d, &mut out);
    }
    out
}
