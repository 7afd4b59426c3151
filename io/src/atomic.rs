//! Atomic file writes: a crash or a full disk never leaves half a file where a good
//! one was.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a file could not be written. The message names the path.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("{0} is not a file name")]
    NotAFileName(PathBuf),
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl WriteError {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
        move |source| WriteError::Io {
            path: path.to_owned(),
            source,
        }
    }
}

/// Writes `bytes` to `path` through a temporary sibling (`.<name>.<pid>.tmp`),
/// flushed to disk before it is renamed over `path`, so readers see either the old
/// file or the whole new one. The temporary file is removed if anything fails.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let name = path
        .file_name()
        .ok_or_else(|| WriteError::NotAFileName(path.to_owned()))?;
    let tmp = path.with_file_name(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(WriteError::io(&tmp))?;
        file.write_all(bytes).map_err(WriteError::io(&tmp))?;
        file.sync_all().map_err(WriteError::io(&tmp))?;
        fs::rename(&tmp, path).map_err(WriteError::io(path))?;
        sync_parent(path);
        Ok(())
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
}

/// Makes the rename itself durable where the platform allows it.
fn sync_parent(path: &Path) {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Ok(dir) = File::open(parent) {
        let _ = dir.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_replaces_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.json");
        write_atomically(&path, b"first").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"first");
        write_atomically(&path, b"second, longer").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second, longer");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("level.json")]);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_litter() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keep.json");
        fs::write(&path, b"old").unwrap();
        // A directory where the file should go cannot be replaced by a rename.
        let blocked = dir.path().join("blocked");
        fs::create_dir(&blocked).unwrap();
        fs::write(blocked.join("inside"), b"x").unwrap();
        let err = write_atomically(&blocked, b"new").unwrap_err();
        assert!(err.to_string().contains("blocked"), "{err}");
        assert_eq!(fs::read(&path).unwrap(), b"old");
        let litter: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(litter.is_empty(), "{litter:?}");
    }

    #[test]
    fn refuses_a_path_without_a_file_name() {
        assert!(matches!(
            write_atomically(Path::new("/"), b"x"),
            Err(WriteError::NotAFileName(_))
        ));
    }
}
