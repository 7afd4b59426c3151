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

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};

use crate::error::CatalogError;
use crate::file_check::{closed_wal_file, companion, refuse_special};
use crate::lease::LEASE_SECONDS;

/// `PRAGMA application_id` of our files: "CTR1".
pub const APPLICATION_ID: i32 = 0x4354_5231;
/// The newest schema (`PRAGMA user_version`) this code knows.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// How long an open waits for other processes holding the catalog's locks.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// Migration `i` takes the schema from version `i` to `i + 1`. Never edit one that
/// has shipped: add a new one.
const MIGRATIONS: &[&str] = &[
    r#"
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
"#,
    r#"
ALTER TABLE scans ADD COLUMN lease_owner TEXT;
ALTER TABLE scans ADD COLUMN lease_until INTEGER;
"#,
    // Rules as data: every scan, seed row and bookmark names the rules it was made
    // under by their id. Rows made before are the default rules' (v1, id
    // 010786ff88f4: the only rules there were). Seed rows are keyed by (rules id,
    // seed), so the same seed under two rules is two rows, and they record the
    // gears a level grants. Every row is copied; none is lost.
    r#"
CREATE TABLE seeds_by_rules (
    rules_id      TEXT    NOT NULL,
    seed          INTEGER NOT NULL,
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
    gears         INTEGER NOT NULL DEFAULT 0,
    level_hash    TEXT    NOT NULL,
    PRIMARY KEY (rules_id, seed)
);
INSERT INTO seeds_by_rules (rules_id, seed, rules_version, shipped, attempts, fallback,
    pre_solved, solving, solving_mask, walls, ramps, fans, bumpers, gears, level_hash)
SELECT '010786ff88f4', seed, rules_version, shipped, attempts, fallback, pre_solved,
    solving, solving_mask, walls, ramps, fans, bumpers, 0, level_hash FROM seeds;
DROP TABLE seeds;
ALTER TABLE seeds_by_rules RENAME TO seeds;
CREATE INDEX seeds_by_attempts ON seeds(rules_id, attempts);
CREATE INDEX seeds_by_solving ON seeds(rules_id, solving);
ALTER TABLE scans ADD COLUMN rules_id TEXT NOT NULL DEFAULT '010786ff88f4';
ALTER TABLE bookmarks ADD COLUMN rules_id TEXT NOT NULL DEFAULT '010786ff88f4';
DROP INDEX bookmarks_by_seed;
CREATE INDEX bookmarks_by_seed ON bookmarks(rules_id, seed);
"#,
    // Searches (issue 11): a search's criteria (canonical text), rules, range,
    // position, match count and totals (JSON), so a stopped one continues; the
    // seeds it found are rows of `seeds`, linked here. Nothing else changes.
    r#"
CREATE TABLE searches (
    id            INTEGER PRIMARY KEY,
    criteria      TEXT    NOT NULL,
    rules_id      TEXT    NOT NULL,
    from_seed     INTEGER NOT NULL,
    to_seed       INTEGER NOT NULL,
    next_seed     INTEGER NOT NULL,
    matches       INTEGER NOT NULL,
    state         TEXT    NOT NULL,
    totals        TEXT    NOT NULL,
    created_at    TEXT    NOT NULL
);
CREATE TABLE search_matches (
    search_id     INTEGER NOT NULL REFERENCES searches(id),
    seed          INTEGER NOT NULL,
    PRIMARY KEY (search_id, seed)
) WITHOUT ROWID;
"#,
];

/// The catalog: one SQLite connection.
pub struct Catalog {
    pub(crate) conn: Connection,
    /// How long the scan leases this connection takes last, in seconds.
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

enum OpenError {
    /// Certainly not ours (not SQLite, another program's, damaged): move it aside.
    Unusable(String),
    /// Another process holds a lock: try again (until the timeout).
    Busy(String),
    /// Anything else (permissions, a newer schema): report, touch nothing.
    Fatal(CatalogError),
}

impl OpenError {
    fn into_catalog_error(self) -> CatalogError {
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
struct Header {
    application_id: i32,
    user_version: i64,
    objects: i64,
}

/// What to do with a file, from its header.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// Nothing in it yet: ours to create.
    Empty,
    /// Ours, at this schema version (≤ ours).
    Ours(i64),
}

impl Header {
    fn read(conn: &Connection) -> rusqlite::Result<Header> {
        Ok(Header {
            application_id: conn.pragma_query_value(None, "application_id", |r| r.get(0))?,
            user_version: conn.pragma_query_value(None, "user_version", |r| r.get(0))?,
            objects: conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?,
        })
    }

    fn verdict(self, path: &Path) -> Result<Verdict, OpenError> {
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

/// The tables schema version `version` has (every migration up to it made them).
fn tables_of(version: i64) -> &'static [&'static str] {
    match version {
        v if v <= 0 => &[],
        1..=3 => &["seeds", "scans", "bookmarks"],
        _ => &["seeds", "scans", "bookmarks", "searches", "search_matches"],
    }
}

/// The first table of schema version `version` that the file does not hold.
fn missing_table(conn: &Connection, version: i64) -> rusqlite::Result<Option<&'static str>> {
    for &table in tables_of(version) {
        let n: i64 = conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
            [table],
            |r| r.get(0),
        )?;
        if n == 0 {
            return Ok(Some(table));
        }
    }
    Ok(None)
}

/// A look at an existing file through a read-only connection: changes nothing.
enum Probe {
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
fn retry_busy<T>(mut step: impl FnMut() -> Result<T, OpenError>) -> Result<T, OpenError> {
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

fn probe(path: &Path) -> Result<Probe, OpenError> {
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
fn query_only_connection(path: &Path) -> rusqlite::Result<Connection> {
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

impl Catalog {
    fn with(conn: Connection) -> Catalog {
        Catalog {
            conn,
            lease_seconds: LEASE_SECONDS,
        }
    }

    /// Sets how long the scan leases this connection takes last (seconds, at
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
fn move_aside(path: &Path) -> Result<Option<PathBuf>, CatalogError> {
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
