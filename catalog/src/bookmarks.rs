//! Bookmarks: a seed with a note and tags, the rules it was bookmarked under (by
//! id), and the level hash and rules version it had when saved, so `check` can
//! tell which bookmarked levels the engine changed. A seed has one bookmark per
//! rules: seed 42 under the default rules and under `rules/gears.json` are two
//! levels.

use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use contraption::{generate, GenerateOptions, ValidRules, RULES_VERSION};

use crate::error::CatalogError;
use crate::store::Catalog;

/// Longest note, in characters.
pub const MAX_NOTE_CHARS: usize = 4000;
/// Most tags on one bookmark, and the longest tag.
pub const MAX_TAGS: usize = 16;
pub const MAX_TAG_CHARS: usize = 40;
/// Longest search text, in characters.
pub const MAX_SEARCH_CHARS: usize = 200;

/// A saved bookmark.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bookmark {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    pub seed: u32,
    pub note: String,
    pub tags: Vec<String>,
    /// The level hash the seed had when the bookmark was saved.
    pub level_hash: String,
    pub rules_version: u32,
    /// The id of the rules the seed was bookmarked under.
    pub rules_id: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    pub updated_at: String,
}

/// What a person edits: the note and the tags.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BookmarkInput {
    pub note: String,
    pub tags: Vec<String>,
}

/// Which bookmarks to list; every part given must hold.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct BookmarkQuery {
    /// Words (split at spaces and commas), each of which must appear in the note,
    /// in a tag or in the seed's decimal digits; case-insensitive for ASCII.
    pub search: Option<String>,
    /// A tag the bookmark must carry (whole tag, case-insensitive for ASCII).
    pub tag: Option<String>,
    /// Only the bookmarks of this seed.
    pub seed: Option<u32>,
}

impl BookmarkQuery {
    /// The search words, each as a `LIKE` pattern with `%`, `_` and `\` taken literally.
    fn patterns(&self) -> Result<Vec<String>, CatalogError> {
        let Some(search) = self.search.as_deref() else {
            return Ok(Vec::new());
        };
        if search.chars().count() > MAX_SEARCH_CHARS {
            return Err(CatalogError::Invalid(format!(
                "a search has at most {MAX_SEARCH_CHARS} characters"
            )));
        }
        Ok(search
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| {
                let escaped = w
                    .replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_");
                format!("%{escaped}%")
            })
            .collect())
    }
}

/// A bookmark regenerated under its rules with this engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BookmarkCheck {
    pub bookmark: Bookmark,
    pub current_hash: String,
    pub current_rules_version: u32,
    /// The seed now makes a different level than when it was bookmarked.
    pub changed: bool,
}

impl BookmarkInput {
    /// Trims the note and tags, drops empty and repeated tags, enforces the limits.
    fn clean(&self) -> Result<(String, Vec<String>), CatalogError> {
        let note = self.note.trim().to_owned();
        if note.chars().count() > MAX_NOTE_CHARS {
            return Err(CatalogError::Invalid(format!(
                "a note has at most {MAX_NOTE_CHARS} characters"
            )));
        }
        let mut tags: Vec<String> = Vec::new();
        for t in &self.tags {
            let t = t.trim();
            if t.is_empty() || tags.iter().any(|x| x == t) {
                continue;
            }
            if t.chars().count() > MAX_TAG_CHARS {
                return Err(CatalogError::Invalid(format!(
                    "a tag has at most {MAX_TAG_CHARS} characters"
                )));
            }
            if t.chars().any(|c| c.is_control()) {
                return Err(CatalogError::Invalid(
                    "a tag cannot hold control characters".into(),
                ));
            }
            tags.push(t.to_owned());
        }
        if tags.len() > MAX_TAGS {
            return Err(CatalogError::Invalid(format!(
                "a bookmark has at most {MAX_TAGS} tags"
            )));
        }
        Ok((note, tags))
    }
}

const COLUMNS: &str =
    "id, seed, note, tags, level_hash, rules_version, created_at, updated_at, rules_id";

fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Bookmark> {
    let tags: String = r.get(3)?;
    Ok(Bookmark {
        id: r.get(0)?,
        seed: r.get(1)?,
        note: r.get(2)?,
        // Tags that do not read back are damaged data, not an empty list.
        tags: serde_json::from_str(&tags).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(3, rusqlite::types::Type::Text, e.into())
        })?,
        level_hash: r.get(4)?,
        rules_version: r.get(5)?,
        created_at: r.get(6)?,
        updated_at: r.get(7)?,
        rules_id: r.get(8)?,
    })
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn current_hash(rules: &ValidRules, seed: u32) -> String {
    generate(rules, seed, &GenerateOptions::game())
        .shipped
        .level_hash
}

impl Catalog {
    /// Bookmarks `seed` under `rules`, storing the level hash it has now. A seed
    /// has one bookmark per rules: a second is refused with `AlreadyBookmarked`
    /// naming the first.
    pub fn add_bookmark(
        &mut self,
        rules: &ValidRules,
        seed: u32,
        input: &BookmarkInput,
    ) -> Result<Bookmark, CatalogError> {
        let (note, tags) = input.clean()?;
        let existing = |conn: &rusqlite::Connection| -> rusqlite::Result<Option<i64>> {
            conn.query_row(
                "SELECT id FROM bookmarks WHERE rules_id = ?1 AND seed = ?2 ORDER BY id LIMIT 1",
                params![rules.id(), seed],
                |r| r.get(0),
            )
            .optional()
        };
        if let Some(id) = existing(&self.conn)? {
            return Err(CatalogError::AlreadyBookmarked { seed, id });
        }
        // The level is generated before the write lock is taken: under slow rules
        // it can take seconds, and no other writer (a scan, the studio, another
        // add) waits for it.
        let level_hash = current_hash(rules, seed);
        let at = now();
        // IMMEDIATE: the write lock is taken (waiting out other writers) before the
        // check, so no other process can bookmark the seed in between, and a read
        // never has to be upgraded to a write (which SQLite refuses without waiting).
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        if let Some(id) = existing(&tx)? {
            return Err(CatalogError::AlreadyBookmarked { seed, id });
        }
        tx.execute(
            &format!(
                "INSERT INTO bookmarks ({}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7)",
                &COLUMNS[4..]
            ),
            params![
                seed,
                note,
                serde_json::to_string(&tags).expect("strings serialize"),
                level_hash,
                RULES_VERSION,
                at,
                rules.id()
            ],
        )?;
        let id = tx.last_insert_rowid();
        tx.commit()?;
        self.bookmark(id)
    }

    /// One bookmark.
    pub fn bookmark(&self, id: i64) -> Result<Bookmark, CatalogError> {
        self.conn
            .query_row(
                &format!("SELECT {COLUMNS} FROM bookmarks WHERE id = ?1"),
                [id],
                read,
            )
            .optional()?
            .ok_or(CatalogError::NoSuchBookmark(id))
    }

    /// Replaces a bookmark's note and tags.
    pub fn update_bookmark(
        &mut self,
        id: i64,
        input: &BookmarkInput,
    ) -> Result<Bookmark, CatalogError> {
        let (note, tags) = input.clean()?;
        let n = self.conn.execute(
            "UPDATE bookmarks SET note = ?2, tags = ?3, updated_at = ?4 WHERE id = ?1",
            params![
                id,
                note,
                serde_json::to_string(&tags).expect("strings serialize"),
                now()
            ],
        )?;
        if n == 0 {
            return Err(CatalogError::NoSuchBookmark(id));
        }
        self.bookmark(id)
    }

    /// Deletes a bookmark.
    pub fn delete_bookmark(&mut self, id: i64) -> Result<(), CatalogError> {
        match self
            .conn
            .execute("DELETE FROM bookmarks WHERE id = ?1", [id])?
        {
            0 => Err(CatalogError::NoSuchBookmark(id)),
            _ => Ok(()),
        }
    }

    /// Bookmarks, newest first; with `search`, those matching every word of it
    /// (see [`BookmarkQuery::search`]).
    pub fn bookmarks(&self, search: Option<&str>) -> Result<Vec<Bookmark>, CatalogError> {
        self.find_bookmarks(&BookmarkQuery {
            search: search.map(str::to_owned),
            ..BookmarkQuery::default()
        })
    }

    /// The bookmarks that match `query`, newest first.
    pub fn find_bookmarks(&self, query: &BookmarkQuery) -> Result<Vec<Bookmark>, CatalogError> {
        use rusqlite::types::Value;
        let mut conditions = Vec::new();
        let mut values: Vec<Value> = Vec::new();
        for pattern in query.patterns()? {
            values.push(Value::Text(pattern));
            let n = values.len();
            // `json_each` only over valid JSON, so one damaged row cannot fail a search.
            conditions.push(format!(
                "(note LIKE ?{n} ESCAPE '\\' OR CAST(seed AS TEXT) LIKE ?{n} ESCAPE '\\' \
                 OR CASE WHEN json_valid(tags) THEN EXISTS (SELECT 1 FROM json_each(bookmarks.tags) \
                 WHERE json_each.value LIKE ?{n} ESCAPE '\\') ELSE 0 END)"
            ));
        }
        if let Some(tag) = query.tag.as_deref().map(str::trim) {
            if tag.chars().count() > MAX_TAG_CHARS {
                return Err(CatalogError::Invalid(format!(
                    "a tag has at most {MAX_TAG_CHARS} characters"
                )));
            }
            values.push(Value::Text(tag.to_owned()));
            let n = values.len();
            conditions.push(format!(
                "CASE WHEN json_valid(tags) THEN EXISTS (SELECT 1 FROM json_each(bookmarks.tags) \
                 WHERE lower(json_each.value) = lower(?{n})) ELSE 0 END"
            ));
        }
        if let Some(seed) = query.seed {
            values.push(Value::Integer(i64::from(seed)));
            conditions.push(format!("seed = ?{}", values.len()));
        }
        let clause = if conditions.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", conditions.join(" AND "))
        };
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {COLUMNS} FROM bookmarks{clause} ORDER BY id DESC"
        ))?;
        let rows = stmt.query_map(rusqlite::params_from_iter(values), read)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Regenerates every seed bookmarked under `rules` and says which levels
    /// changed. Bookmarks of other rules are not checked here: check them with
    /// their own rules.
    pub fn check_bookmarks(&self, rules: &ValidRules) -> Result<Vec<BookmarkCheck>, CatalogError> {
        Ok(self
            .bookmarks(None)?
            .into_iter()
            .filter(|b| b.rules_id == rules.id())
            .map(|b| {
                let now = current_hash(rules, b.seed);
                BookmarkCheck {
                    changed: now != b.level_hash,
                    current_hash: now,
                    current_rules_version: RULES_VERSION,
                    bookmark: b,
                }
            })
            .collect())
    }
}
