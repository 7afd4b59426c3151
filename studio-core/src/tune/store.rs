//! The catalog as the tune crate's tally store: every rule set's tally over a
//! seed range kept in the catalog's `tallies` table, so a tune or a sensitivity
//! run computes no rule set twice, in one run, again, or after a restart.

use std::cell::Cell;

use contraption::Tally;
use contraption_catalog::TallyId;
use contraption_tune::{TallyKey, TallyStore};

use crate::catalog::CatalogState;

/// The catalog's tallies, counting what it served and stored. A catalog that
/// cannot be read serves nothing (the tally is computed) and one that cannot
/// be written keeps nothing: neither changes a figure.
pub struct CatalogTallies<'a> {
    state: &'a CatalogState,
    /// Tallies the catalog already held.
    pub hits: &'a Cell<u64>,
    /// Tallies computed and stored.
    pub stored: &'a Cell<u64>,
}

impl<'a> CatalogTallies<'a> {
    pub fn new(state: &'a CatalogState, hits: &'a Cell<u64>, stored: &'a Cell<u64>) -> Self {
        Self {
            state,
            hits,
            stored,
        }
    }
}

fn id(key: &TallyKey) -> TallyId<'_> {
    TallyId {
        rules_id: &key.rules_id,
        from: key.from,
        to: key.to,
        shares: &key.shares,
    }
}

impl TallyStore for CatalogTallies<'_> {
    fn get(&mut self, key: &TallyKey) -> Option<Tally> {
        let t = self.state.with(|c| c.tally(&id(key))).ok().flatten();
        if t.is_some() {
            self.hits.set(self.hits.get() + 1);
        }
        t
    }

    fn put(&mut self, key: &TallyKey, tally: &Tally) {
        if self.state.with(|c| c.put_tally(&id(key), tally)).is_ok() {
            self.stored.set(self.stored.get() + 1);
        }
    }
}
