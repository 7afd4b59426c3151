//! Tallies kept in the catalog: stored and read back equal, keyed by the rules
//! id, the range and the share criteria (a different key finds nothing), kept
//! across reopening the file, and a replaced tally is the newest one.

use contraption::{summarize, Criteria, Tally, ValidRules};
use contraption_catalog::{Catalog, TallyId};

fn tally_of(rules: &ValidRules, seeds: std::ops::Range<u32>, criteria: &[Criteria]) -> Tally {
    let mut t = Tally::new(criteria);
    for s in seeds {
        t.add(&summarize(rules, s), criteria);
    }
    t
}

#[test]
fn a_tally_is_read_back_under_its_key_only() {
    let c = Catalog::in_memory().unwrap();
    let rules = ValidRules::default();
    let criteria = vec![contraption::parse_criteria("solving >= 3").unwrap()];
    let tally = tally_of(&rules, 0..40, &criteria);
    let id = TallyId {
        rules_id: rules.id(),
        from: 0,
        to: 40,
        shares: "solving >= 3",
    };
    assert_eq!(c.tally(&id).unwrap(), None);
    c.put_tally(&id, &tally).unwrap();
    assert_eq!(c.tally(&id).unwrap(), Some(tally.clone()));
    assert_eq!(c.tally_count().unwrap(), 1);
    for other in [
        TallyId {
            to: 41,
            ..id.clone()
        },
        TallyId {
            from: 1,
            ..id.clone()
        },
        TallyId {
            shares: "",
            ..id.clone()
        },
        TallyId {
            rules_id: "000000000000",
            ..id.clone()
        },
    ] {
        assert_eq!(c.tally(&other).unwrap(), None, "{other:?}");
    }
    // Replaced: the newest is kept, still one row.
    let fewer = tally_of(&rules, 0..10, &criteria);
    c.put_tally(&id, &fewer).unwrap();
    assert_eq!(c.tally(&id).unwrap(), Some(fewer));
    assert_eq!(c.tally_count().unwrap(), 1);
}

#[test]
fn tallies_outlive_the_connection() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    let rules = ValidRules::default();
    let tally = tally_of(&rules, 5..25, &[]);
    let id = TallyId {
        rules_id: rules.id(),
        from: 5,
        to: 25,
        shares: "",
    };
    Catalog::open(&path)
        .unwrap()
        .catalog
        .put_tally(&id, &tally)
        .unwrap();
    let again = Catalog::open(&path).unwrap().catalog;
    assert_eq!(again.tally(&id).unwrap(), Some(tally));
}

#[test]
fn migration_7_adds_the_tallies_to_a_version_6_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalog.sqlite3");
    drop(Catalog::open(&path).unwrap());
    {
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.execute_batch("DROP TABLE tallies; PRAGMA user_version = 6;")
            .unwrap();
    }
    let c = Catalog::open(&path).unwrap().catalog;
    assert_eq!(
        c.schema_version().unwrap(),
        contraption_catalog::SCHEMA_VERSION
    );
    assert_eq!(c.tally_count().unwrap(), 0);
}
