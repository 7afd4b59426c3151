//! The catalog's schema: the migrations that make it, one version at a time,
//! and the tables each version has.

use rusqlite::Connection;

/// The newest schema (`PRAGMA user_version`) this code knows.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Migration `i` takes the schema from version `i` to `i + 1`. Never edit one that
/// has shipped: add a new one.
pub(super) const MIGRATIONS: &[&str] = &[
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
    // One job protocol (issue 23): a search holds a lease on its row as a scan
    // does (migration 2), so two runners of one search never compute a batch
    // twice. Existing searches get no lease (free to claim); nothing else changes.
    r#"
ALTER TABLE searches ADD COLUMN lease_owner TEXT;
ALTER TABLE searches ADD COLUMN lease_until INTEGER;
"#,
    // Staged searches (issue 25): a search says what it adds up over its range,
    // `full` (every seed's row: the totals) or `fast` (each seed decided with
    // the least work: the seeds decided at each stage, JSON). Existing
    // searches are `full`, with nothing decided; nothing else changes.
    r#"
ALTER TABLE searches ADD COLUMN summary TEXT NOT NULL DEFAULT 'full';
ALTER TABLE searches ADD COLUMN decided TEXT NOT NULL
    DEFAULT '{"layout":0,"generator":0,"sweep":0,"full":0}';
"#,
    // Tallies (issue 27): a rule set's counts over a seed range (the targets'
    // `Tally`, JSON), keyed by the rules id, the range and the share criteria it
    // counts, so a tune or a sensitivity run, again or resumed after a cancel or
    // a restart, computes no rule set twice. The engine's rules version is kept:
    // a tally of another version is never read back. Nothing else changes.
    r#"
CREATE TABLE tallies (
    rules_id      TEXT    NOT NULL,
    from_seed     INTEGER NOT NULL,
    to_seed       INTEGER NOT NULL,
    shares        TEXT    NOT NULL,
    rules_version INTEGER NOT NULL,
    tally         TEXT    NOT NULL,
    PRIMARY KEY (rules_id, from_seed, to_seed, shares)
) WITHOUT ROWID;
"#,
];

/// The tables schema version `version` has (every migration up to it made them).
fn tables_of(version: i64) -> &'static [&'static str] {
    match version {
        v if v <= 0 => &[],
        1..=3 => &["seeds", "scans", "bookmarks"],
        4..=6 => &["seeds", "scans", "bookmarks", "searches", "search_matches"],
        _ => &[
            "seeds",
            "scans",
            "bookmarks",
            "searches",
            "search_matches",
            "tallies",
        ],
    }
}

/// The first table of schema version `version` that the file does not hold.
pub(super) fn missing_table(
    conn: &Connection,
    version: i64,
) -> rusqlite::Result<Option<&'static str>> {
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
