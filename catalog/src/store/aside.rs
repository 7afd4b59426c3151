//! Moving an unusable file aside, never deleting it.

use std::path::{Path, PathBuf};

use crate::error::CatalogError;
use crate::file_check::companion;

use super::probe::{probe, retry_busy, OpenError};

/// The file's identity, to tell whether `path` still names the file we looked at.
#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

/// Renames the unusable file at `path` (and its `-wal`/`-shm` companions) to the
/// first free `<name>.unusable-<n>`, holding an exclusive lock on it meanwhile and
/// looking at it once more under the lock: of several processes that found it
/// unusable, one moves it and the others find it gone (`None`), so none moves a
/// fresh catalog that another just made in its place.
pub(super) fn move_aside(path: &Path) -> Result<Option<PathBuf>, CatalogError> {
    #[cfg(unix)]
    let _lock = {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        rustix::fs::flock(&file, rustix::fs::FlockOperation::LockExclusive)
            .map_err(|e| CatalogError::Io(e.to_string()))?;
        let still_there = std::fs::symlink_metadata(path).is_ok_and(|m| {
            identity(&m) == identity(&file.metadata().expect("an open file has metadata"))
        });
        if !still_there {
            return Ok(None);
        }
        file
    };
    // Under the lock, the file must still be unusable.
    match retry_busy(|| probe(path)) {
        Err(OpenError::Unusable(_)) => {}
        _ => return Ok(None),
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "catalog".into());
    let aside = (1..)
        .map(|n| path.with_file_name(format!("{name}.unusable-{n}")))
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .expect("some name is free");
    std::fs::rename(path, &aside)?;
    for suffix in ["-wal", "-shm"] {
        let companion = companion(path, suffix);
        if companion.exists() {
            let to = aside.with_file_name(format!(
                "{}{suffix}",
                aside.file_name().unwrap().to_string_lossy()
            ));
            std::fs::rename(&companion, to)?;
        }
    }
    Ok(Some(aside))
}
