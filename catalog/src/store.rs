//! Opening the catalog: migrations, and what to do with a file that is not ours.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode};

use crate::error::CatalogError;

/// `PRAGMA application_id` of our files: "CTR1".
pub const APPLICATION_ID: i32 = 0x4354_5231;
/// The newest schema (`PRAGMA user_version`) this code knows.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Migration `i` takes the schema from version `i` to `i + 1`. Never edit one that
/// has shipped: add a new one.
const MIGRATIONS: &[&str] = &[r#"
CREATE TABLE seeds (
    seed          INTEGER PRIMARY KEY,
    rules_version INTEGER NOT NULL,
    shipped       TEXT    NOT NULL,
    attempts      INTEGER NOT NULL,
    fallback      INTEGER NOT NULL,
    pre_solved    INTEGER NOT NULL,
    solving       INTEGER NOT NULL,
    solving_mask  BLOB    NOT NULL,
    walls         INTEGER NOT NULL,
    ramps         INTEGER NOT NULL,
    fans          INTEGER NOT NULL,
    bumpers       INTEGER NOT NULL,
    level_hash    TEXT    NOT NULL
);
CREATE INDEX seeds_by_attempts ON seeds(attempts);
CREATE INDEX seeds_by_solving ON seeds(solving);
CREATE TABLE scans (
    id            INTEGER PRIMARY KEY,
    from_seed     INTEGER NOT NULL,
    to_seed       INTEGER NOT NULL,
    next_seed     INTEGER NOT NULL,
    rules_version INTEGER NOT NULL,
    state         TEXT    NOT NULL
);
CREATE TABLE bookmarks (
    id            INTEGER PRIMARY KEY,
    seed          INTEGER NOT NULL,
    note          TEXT    NOT NULL,
    tags          TEXT    NOT NULL,
    level_hash    TEXT    NOT NULL,
    rules_version INTEGER NOT NULL,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX bookmarks_by_seed ON bookmarks(seed);
"#];

/// The catalog: one SQLite connection.
pub struct Catalog {
    pub(crate) conn: Connection,
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

enum OpenError {
    /// Not ours, or damaged: move it aside.
    Unusable(String),
    /// Anything else (permissions, a newer schema): report, touch nothing.
    Fatal(CatalogError),
}

impl From<rusqlite::Error> for OpenError {
    fn from(e: rusqlite::Error) -> Self {
        match e.sqlite_error_code() {
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => {
                OpenError::Unusable(e.to_string())
            }
            _ => OpenError::Fatal(e.into()),
        }
    }
}

impl Catalog {
    /// Opens (or creates) the catalog at `path`. A file that is not a SQLite
    /// database, belongs to another program, or is damaged is renamed to
    /// `<name>.unusable-<n>` and a fresh catalog is created.
    pub fn open(path: &Path) -> Result<Opened, CatalogError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        match Self::try_open(path) {
            Ok(catalog) => Ok(Opened {
                catalog,
                moved_aside: None,
                reason: None,
            }),
            Err(OpenError::Fatal(e)) => Err(e),
            Err(OpenError::Unusable(reason)) => {
                let aside = move_aside(path)?;
                let catalog = Self::try_open(path).map_err(|e| match e {
                    OpenError::Fatal(e) => e,
                    OpenError::Unusable(r) => CatalogError::Io(r),
                })?;
                Ok(Opened {
                    catalog,
                    moved_aside: Some(aside),
                    reason: Some(reason),
                })
            }
        }
    }

    /// A catalog that lives in memory only (tests, previews).
    pub fn in_memory() -> Result<Catalog, CatalogError> {
        let conn = Connection::open_in_memory()?;
        let mut c = Catalog { conn };
        c.migrate().map_err(|e| match e {
            OpenError::Fatal(e) => e,
            OpenError::Unusable(r) => CatalogError::Database(r),
        })?;
        Ok(c)
    }

    fn try_open(path: &Path) -> Result<Catalog, OpenError> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        let app_id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
        let objects: i64 =
            conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
        if app_id != APPLICATION_ID && !(app_id == 0 && objects == 0) {
            return Err(OpenError::Unusable(format!(
                "it is a SQLite database of another program (application id {app_id:#x})"
            )));
        }
        let check: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
        if check != "ok" {
            return Err(OpenError::Unusable(format!("it is damaged ({check})")));
        }
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let mut c = Catalog { conn };
        c.migrate()?;
        Ok(c)
    }

    fn migrate(&mut self) -> Result<(), OpenError> {
        let version: i64 = self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version > SCHEMA_VERSION {
            return Err(OpenError::Fatal(CatalogError::NewerSchema {
                found: version,
                supported: SCHEMA_VERSION,
            }));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            let tx = self.conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", i as i64 + 1)?;
            tx.pragma_update(None, "application_id", APPLICATION_ID)?;
            tx.commit()?;
        }
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

/// Renames `path` (and its `-wal`/`-shm` companions) to the first free
/// `<name>.unusable-<n>`.
fn move_aside(path: &Path) -> Result<PathBuf, CatalogError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "catalog".into());
    let aside = (1..)
        .map(|n| path.with_file_name(format!("{name}.unusable-{n}")))
        .find(|p| !p.exists())
        .expect("some name is free");
    std::fs::rename(path, &aside)?;
    for suffix in ["-wal", "-shm"] {
        let companion = path.with_file_name(format!("{name}{suffix}"));
        if companion.exists() {
            let to = aside.with_file_name(format!(
                "{}{suffix}",
                aside.file_name().unwrap().to_string_lossy()
            ));
            std::fs::rename(&companion, to)?;
        }
    }
    Ok(aside)
}
