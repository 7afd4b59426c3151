//! What lies at a catalog's path, looked at before SQLite opens it: only a
//! regular file (or nothing) is opened — a FIFO would block the open for ever, a
//! device or a directory is not a catalog — and the raw SQLite header tells
//! whether a look at the file could leave companion files beside it.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::error::CatalogError;

/// Refuses a path that names anything but a regular file (following links: a
/// link to a FIFO is refused as the FIFO). A missing file, or a link to nothing
/// yet, is fine: the catalog is created there.
pub(crate) fn refuse_special(path: &Path) -> Result<(), CatalogError> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            return Err(CatalogError::Io(format!(
                "cannot open the catalog {}: {e}",
                path.display()
            )))
        }
    };
    if meta.is_file() {
        return Ok(());
    }
    Err(CatalogError::Invalid(format!(
        "{} is {}, not a catalog file; it was left untouched: give the path of a file",
        path.display(),
        contraption_io::kind_of(&meta)
    )))
}

/// The file named `path` with `suffix` added (`-wal`, `-shm`).
pub(crate) fn companion(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(suffix);
    path.with_file_name(name)
}

/// Whether `path` is a SQLite file in WAL mode that no connection has open (no
/// `-wal` and no `-shm` beside it). Any look at such a file through SQLite,
/// even a read-only one, creates both companions; read as immutable instead,
/// nothing is created, and the file alone is the whole database.
pub(crate) fn closed_wal_file(path: &Path) -> bool {
    let mut header = [0u8; 20];
    let read = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut header));
    read.is_ok()
        && header.starts_with(b"SQLite format 3\0")
        && header[18] == 2
        && header[19] == 2
        && !companion(path, "-wal").exists()
        && !companion(path, "-shm").exists()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_and_missing_paths_may_be_catalogs() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.sqlite3");
        assert!(refuse_special(&file).is_ok(), "a missing file is created");
        std::fs::write(&file, b"").unwrap();
        assert!(refuse_special(&file).is_ok());
        let fifo = dir.path().join("pipe");
        rustix::fs::mkfifoat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
        )
        .unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        for (path, kind) in [
            (&fifo, "FIFO"),
            (&link, "FIFO"),
            (&dir.path().to_owned(), "directory"),
            (&PathBuf::from("/dev/null"), "character device"),
        ] {
            let err = refuse_special(path).unwrap_err().to_string();
            assert!(
                err.contains(kind) && err.contains("left untouched"),
                "{err}"
            );
        }
    }

    #[test]
    fn a_closed_wal_file_is_told_from_an_open_one_and_from_rollback_files() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("c.sqlite3");
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.execute_batch("CREATE TABLE t (x)").unwrap();
        assert!(!closed_wal_file(&db), "open: -wal and -shm are there");
        drop(conn);
        assert!(closed_wal_file(&db));
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.pragma_update(None, "journal_mode", "DELETE").unwrap();
        drop(conn);
        assert!(!closed_wal_file(&db), "a rollback-journal file");
        assert!(!closed_wal_file(&dir.path().join("missing")));
    }
}
