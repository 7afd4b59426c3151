//! Looking at a file before it is opened for writing, through a read-only
//! connection that changes nothing: whose it is (its header), whether it is
//! damaged or half-made, and what an open that failed means (move it aside,
//! wait, or report).

use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::{Connection, ErrorCode, OpenFlags};

use crate::error::CatalogError;
use crate::file_check::{closed_wal_file, companion};

use super::migrations::{missing_table, SCHEMA_VERSION};
use super::APPLICATION_ID;

/// How long an open waits for other processes holding the catalog's locks.
pub(super) const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

pub(super) enum OpenError {
    /// Certainly not ours (not SQLite, another program's, damaged): move it aside.
    Unusable(String),
    /// Another process holds a lock: try again (until the timeout).
    Busy(String),
    /// Anything else (permissions, a newer schema): report, touch nothing.
    Fatal(CatalogError),
}

impl OpenError {
    pub(super) fn into_catalog_error(self) -> CatalogError {
        match self {
            OpenError::Fatal(e) => e,
            OpenError::Busy(e) => CatalogError::Database(format!(
                "the catalog stayed locked by another process for {}s: {e}",
                BUSY_TIMEOUT.as_secs()
            )),
            OpenError::Unusable(r) => CatalogError::Database(r),
        }
    }
}

impl From<rusqlite::Error> for OpenError {
    fn from(e: rusqlite::Error) -> Self {
        if is_busy(&e) {
            OpenError::Busy(e.to_string())
        } else if is_not_a_database(&e) {
            OpenError::Unusable(e.to_string())
        } else {
            OpenError::Fatal(e.into())
        }
    }
}

/// What a file holds, read in one transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Header {
    application_id: i32,
    user_version: i64,
    objects: i64,
}

/// What to do with a file, from its header.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Nothing in it yet: ours to create.
    Empty,
    /// Ours, at this schema version (≤ ours).
    Ours(i64),
}

impl Header {
    pub(super) fn read(conn: &Connection) -> rusqlite::Result<Header> {
        Ok(Header {
            application_id: conn.pragma_query_value(None, "application_id", |r| r.get(0))?,
            user_version: conn.pragma_query_value(None, "user_version", |r| r.get(0))?,
            objects: conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?,
        })
    }

    pub(super) fn verdict(self, path: &Path) -> Result<Verdict, OpenError> {
        match self {
            Header {
                application_id: APPLICATION_ID,
                user_version,
                ..
            } if user_version > SCHEMA_VERSION => Err(OpenError::Fatal(CatalogError::NewerSchema {
                found: user_version,
                supported: SCHEMA_VERSION,
            })),
            // Ours, but not one table made (a half-made or crafted file): there
            // is nothing to keep, so it is made in place.
            Header {
                application_id: APPLICATION_ID,
                objects: 0,
                ..
            } => Ok(Verdict::Empty),
            Header {
                application_id: APPLICATION_ID,
                user_version,
                ..
            } => Ok(Verdict::Ours(user_version.max(0))),
            Header {
                application_id: 0,
                objects: 0,
                ..
            } => Ok(Verdict::Empty),
            Header {
                application_id: 0, ..
            } => Err(OpenError::Fatal(CatalogError::Invalid(format!(
                "{} is a SQLite database without the catalog's application id that already holds tables \
                 (another program's?); it was left untouched: choose another catalog file",
                path.display()
            )))),
            Header { application_id, .. } => Err(OpenError::Unusable(format!(
                "it is a SQLite database of another program (application id {application_id:#x})"
            ))),
        }
    }
}

/// A look at an existing file through a read-only connection: changes nothing.
pub(super) enum Probe {
    /// No file there yet.
    Missing,
    /// Ours or empty; the read-only connection, and the file's identity.
    Usable(Connection, Verdict),
    /// The read-only look failed for another reason (it needs a rollback, the
    /// directory cannot hold a `-shm`...): let the read-write open decide.
    Unknown,
}

fn is_not_a_database(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

/// Runs `step` again while another process holds a lock (the busy timeout does
/// not cover every lock SQLite takes, e.g. the switch to WAL), up to the timeout.
pub(super) fn retry_busy<T>(
    mut step: impl FnMut() -> Result<T, OpenError>,
) -> Result<T, OpenError> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(2);
    loop {
        match step() {
            Err(OpenError::Busy(_)) if start.elapsed() < BUSY_TIMEOUT => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(100));
            }
            other => return other,
        }
    }
}

/// `path` as an SQLite URI that opens it immutable: for a WAL catalog in a
/// directory where no `-shm` file can be made (a read-only directory), which
/// SQLite cannot open read-only otherwise.
fn immutable_uri(path: &Path) -> Option<String> {
    use std::fmt::Write;
    let absolute = std::path::absolute(path).ok()?;
    let mut uri = String::from("file:");
    for &b in absolute.to_str()?.as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            uri.push(b as char);
        } else {
            let _ = write!(uri, "%{b:02X}");
        }
    }
    uri.push_str("?immutable=1");
    Some(uri)
}

pub(super) fn probe(path: &Path) -> Result<Probe, OpenError> {
    // A WAL file no one has open: even a read-only look through SQLite would make
    // its `-wal` and `-shm`, left beside a file that may then be refused.
    if closed_wal_file(path) {
        if let Some(uri) = immutable_uri(path) {
            return probe_with(path, Some(&uri));
        }
    }
    match probe_with(path, None)? {
        // A read-only directory: SQLite cannot make the `-shm` file a WAL reader
        // needs. With no `-wal` file (a catalog closed cleanly), the file alone is
        // the whole catalog and can be read as immutable.
        Probe::Unknown if !companion(path, "-wal").exists() => match immutable_uri(path) {
            Some(uri) => probe_with(path, Some(&uri)),
            None => Ok(Probe::Unknown),
        },
        found => Ok(found),
    }
}

fn probe_with(path: &Path, uri: Option<&str>) -> Result<Probe, OpenError> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Probe::Missing),
        Err(e) => return Err(OpenError::Fatal(e.into())),
        Ok(_) => {}
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let opened = match uri {
        Some(uri) => Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI),
        None => Connection::open_with_flags(path, flags),
    };
    let conn = match opened {
        Ok(conn) => conn,
        Err(e) if is_not_a_database(&e) => return Err(OpenError::Unusable(e.to_string())),
        Err(_) => return Ok(Probe::Unknown),
    };
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let look = || -> Result<Result<Verdict, OpenError>, rusqlite::Error> {
        let tx = conn.unchecked_transaction()?;
        let header = Header::read(&tx)?;
        let verdict = match header.verdict(path) {
            Ok(v) => v,
            Err(e) => return Ok(Err(e)),
        };
        let check: String = tx.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
        let missing = match verdict {
            Verdict::Ours(version) => missing_table(&tx, version)?,
            Verdict::Empty => None,
        };
        tx.finish()?;
        if check != "ok" {
            return Ok(Err(OpenError::Unusable(format!("it is damaged ({check})"))));
        }
        if let (Some(table), Verdict::Ours(version)) = (missing, &verdict) {
            return Ok(Err(OpenError::Unusable(format!(
                "it is half-made: schema version {version} without its table `{table}`"
            ))));
        }
        Ok(Ok(verdict))
    };
    match look() {
        Ok(Ok(verdict)) => Ok(Probe::Usable(conn, verdict)),
        Ok(Err(e)) => Err(e),
        Err(e) if is_not_a_database(&e) || is_busy(&e) => Err(e.into()),
        Err(_) => Ok(Probe::Unknown),
    }
}

/// A connection to an existing catalog that cannot write to it (`query_only`),
/// checked with a first read.
pub(super) fn query_only_connection(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "query_only", true)?;
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    })?;
    Ok(conn)
}
