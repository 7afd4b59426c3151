//! Tallies: a rule set's counts over a seed range (the engine's targets
//! [`Tally`], kept as JSON), keyed by the rules id, the range and the share
//! criteria counted (their canonical texts joined by ` ; `, empty when none), so
//! the studio's tunes and sensitivity runs never compute a rule set twice, in
//! one run, again, or after a restart. A tally stored under another rules
//! version of the engine is not read back (it is replaced when computed again).

use contraption::{Tally, RULES_VERSION};
use rusqlite::{params, OptionalExtension};

use crate::error::CatalogError;
use crate::store::Catalog;

/// Which tally: the rules, the seeds `from..to` (`to` excluded) and the share
/// criteria counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TallyId<'a> {
    pub rules_id: &'a str,
    pub from: u64,
    pub to: u64,
    pub shares: &'a str,
}

impl Catalog {
    /// The tally stored for `id` under this engine's rules version, if any.
    pub fn tally(&self, id: &TallyId<'_>) -> Result<Option<Tally>, CatalogError> {
        let text: Option<String> = self
            .conn
            .prepare_cached(
                "SELECT tally FROM tallies WHERE rules_id = ?1 AND from_seed = ?2 \
                 AND to_seed = ?3 AND shares = ?4 AND rules_version = ?5",
            )?
            .query_row(
                params![
                    id.rules_id,
                    id.from as i64,
                    id.to as i64,
                    id.shares,
                    RULES_VERSION
                ],
                |r| r.get(0),
            )
            .optional()?;
        text.map(|t| {
            serde_json::from_str(&t).map_err(|e| CatalogError::damaged(format!("a tally: {e}")))
        })
        .transpose()
    }

    /// Stores `tally` for `id` (replacing any tally of another rules version).
    pub fn put_tally(&self, id: &TallyId<'_>, tally: &Tally) -> Result<(), CatalogError> {
        let text = serde_json::to_string(tally)
            .map_err(|e| CatalogError::Invalid(format!("a tally: {e}")))?;
        self.conn
            .prepare_cached(
                "INSERT OR REPLACE INTO tallies (rules_id, from_seed, to_seed, shares, \
                 rules_version, tally) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                id.rules_id,
                id.from as i64,
                id.to as i64,
                id.shares,
                RULES_VERSION,
                text
            ])?;
        Ok(())
    }

    /// How many tallies are stored (under any rules and version).
    pub fn tally_count(&self) -> Result<u64, CatalogError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM tallies", [], |r| r.get(0))?;
        Ok(n.max(0) as u64)
    }
}
