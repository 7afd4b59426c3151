//! Opening the catalog: what to do with a file that may not be ours, creation and
//! migrations as one serialised step, and read-only opening.
//!
//! A file is looked at read-only first, so a newer or foreign file is left byte
//! for byte as it was. Creating or migrating a catalog happens inside one
//! `BEGIN IMMEDIATE` transaction that reads the application id and schema version
//! again, so any number of processes (the studio, several CLI commands) can open
//! a catalog that does not exist yet at the same moment: one creates it, the
//! others wait and find it made. A file is moved aside only when it is certainly
//! not ours: not SQLite, another program's application id, or damaged — never on
//! a busy or locked error, and never a database without an application id that
//! holds tables (it is refused and left untouched instead).

mod aside;
mod migrations;
mod probe;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, TransactionBehavior};

use crate::error::CatalogError;
use crate::file_check::refuse_special;
use crate::job::LEASE_SECONDS;

use aside::move_aside;
use migrations::MIGRATIONS;
pub use migrations::SCHEMA_VERSION;
use probe::{
    probe, query_only_connection, retry_busy, Header, OpenError, Probe, Verdict, BUSY_TIMEOUT,
};

/// `PRAGMA application_id` of our files: "CTR1".
pub const APPLICATION_ID: i32 = 0x4354_5231;

/// The catalog: one SQLite connection.
pub struct Catalog {
    pub(crate) conn: Connection,
    /// How long the job leases this connection takes last, in seconds.
    pub(crate) lease_seconds: i64,
}

/// An opened catalog, and whether an unusable file had to be moved aside first.
pub struct Opened {
    pub catalog: Catalog,
    /// Where the unusable file went.
    pub moved_aside: Option<PathBuf>,
    /// Why it was unusable.
    pub reason: Option<String>,
}

/// The default catalog file: `$CONTRAPTION_DB` if set, else `catalog.sqlite3` in the
/// studio's data directory (`$XDG_DATA_HOME/dev.contraption.studio`, usually
/// `~/.local/share/dev.contraption.studio`), shared by the studio and the CLI.
pub fn default_path() -> PathBuf {
    if let Some(p) = std::env::var_os("CONTRAPTION_DB") {
        return PathBuf::from(p);
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    data.join("dev.contraption.studio").join("catalog.sqlite3")
}

impl Catalog {
    fn with(conn: Connection) -> Catalog {
        Catalog {
            conn,
            lease_seconds: LEASE_SECONDS,
        }
    }

    /// Sets how long the job leases (scans', searches') this connection takes last (seconds, at
    /// least 1; [`LEASE_SECONDS`] unless set). A runner's heartbeat renews its
    /// lease every third of that while it works. For tests and tools that need
    /// a lease shorter than the work of one chunk.
    pub fn set_lease_seconds(&mut self, seconds: i64) {
        self.lease_seconds = seconds.max(1);
    }

    /// Opens (or creates) the catalog at `path` for reading and writing. A file
    /// that is not a SQLite database, belongs to another program (a different
    /// non-zero application id), or is damaged is renamed to `<name>.unusable-<n>`
    /// and a fresh catalog is created. A newer schema, or a database without an
    /// application id that holds tables, is refused and left byte for byte as it
    /// was. Safe to call from several processes at once on a file that does not
    /// exist yet.
    pub fn open(path: &Path) -> Result<Opened, CatalogError> {
        refuse_special(path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                CatalogError::Io(format!("{}: cannot make its folder: {e}", path.display()))
            })?;
        }
        let mut moved: Option<(PathBuf, String)> = None;
        // A few rounds at most: after moving a file aside, or finding that another
        // process moved it first.
        for _ in 0..4 {
            match Self::try_open(path) {
                Ok(catalog) => {
                    let (moved_aside, reason) =
                        moved.map_or((None, None), |(a, r)| (Some(a), Some(r)));
                    return Ok(Opened {
                        catalog,
                        moved_aside,
                        reason,
                    });
                }
                Err(OpenError::Unusable(reason)) => {
                    if moved.is_some() {
                        return Err(CatalogError::Io(reason));
                    }
                    if let Some(aside) = move_aside(path)? {
                        moved = Some((aside, reason));
                    }
                }
                Err(e) => return Err(e.into_catalog_error()),
            }
        }
        Err(CatalogError::Io(format!(
            "{} kept changing while it was opened; try again",
            path.display()
        )))
    }

    /// Opens the catalog at `path` for reading only, when it is ours and current:
    /// nothing is written, so this works in a read-only directory or on a
    /// read-only file. A missing, empty, older or unusable file goes through
    /// [`Catalog::open`] (created, migrated or moved aside as there).
    pub fn open_read_only(path: &Path) -> Result<Opened, CatalogError> {
        refuse_special(path)?;
        let probed = retry_busy(|| probe(path));
        match probed {
            Ok(Probe::Usable(probe_conn, Verdict::Ours(SCHEMA_VERSION))) => {
                // Where the file can be written, an ordinary connection that is
                // only allowed to query: on closing it tidies up the WAL's `-wal`
                // and `-shm` files as any other; elsewhere, the read-only look.
                let conn = match query_only_connection(path) {
                    Ok(conn) => conn,
                    Err(_) => {
                        probe_conn.pragma_update(None, "query_only", true)?;
                        probe_conn
                    }
                };
                Ok(Opened {
                    catalog: Catalog::with(conn),
                    moved_aside: None,
                    reason: None,
                })
            }
            Ok(other) => {
                // Missing, empty or older: the ordinary open creates or migrates it.
                drop(other);
                Self::open(path)
            }
            Err(OpenError::Unusable(_)) => Self::open(path),
            Err(e) => Err(e.into_catalog_error()),
        }
    }

    /// A catalog that lives in memory only (tests, previews).
    pub fn in_memory() -> Result<Catalog, CatalogError> {
        let conn = Connection::open_in_memory()?;
        let mut c = Catalog::with(conn);
        c.create_or_migrate(Path::new(":memory:"))
            .map_err(OpenError::into_catalog_error)?;
        Ok(c)
    }

    fn try_open(path: &Path) -> Result<Catalog, OpenError> {
        // Look first, read-only: a file that is not ours is not changed by looking.
        if let Probe::Usable(conn, _) = retry_busy(|| probe(path))? {
            drop(conn);
        }
        let conn = Connection::open(path)?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        let mut c = Catalog::with(conn);
        retry_busy(|| {
            let mode: String =
                c.conn
                    .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(OpenError::Fatal(CatalogError::Database(format!(
                    "the catalog's journal could not be switched to WAL (it is {mode})"
                ))));
            }
            Ok(())
        })?;
        c.conn.pragma_update(None, "synchronous", "NORMAL")?;
        c.conn.pragma_update(None, "foreign_keys", "ON")?;
        retry_busy(|| c.create_or_migrate(path))?;
        Ok(c)
    }

    /// Creates or migrates the schema in one `BEGIN IMMEDIATE` transaction, after
    /// reading the header again inside it: of several processes opening a new
    /// file at once, one creates the tables and the others find them.
    fn create_or_migrate(&mut self, path: &Path) -> Result<(), OpenError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let header = Header::read(&tx)?;
        let from = match header.verdict(path) {
            Ok(Verdict::Empty) => 0,
            Ok(Verdict::Ours(v)) => v,
            // It was looked at read-only before: it changed since. Touch nothing.
            Err(OpenError::Unusable(reason)) => {
                return Err(OpenError::Fatal(CatalogError::Invalid(format!(
                    "{} changed while it was opened ({reason}); it was left untouched",
                    path.display()
                ))))
            }
            Err(e) => return Err(e),
        };
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(from as usize) {
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", i as i64 + 1)?;
            tx.pragma_update(None, "application_id", APPLICATION_ID)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The open file's `PRAGMA application_id` (ours is [`APPLICATION_ID`]).
    pub fn application_id(&self) -> Result<i32, CatalogError> {
        Ok(self
            .conn
            .pragma_query_value(None, "application_id", |r| r.get(0))?)
    }

    /// The schema version of the open file.
    pub fn schema_version(&self) -> Result<i64, CatalogError> {
        Ok(self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?)
    }
}
