//! Edited level files (schema version 3): a seed's pinned candidate says it was
//! edited, follows the JSON Schema, reads back, verifies against its own content
//! (the pins applied again, the candidate judged again), and any edit of it —
//! its pins, its level, its version — is refused or shows as drift.

use contraption::{
    export_edited_level, level_file_text, parse_level_file, parse_rules_file, verify, what_if,
    LevelFileError, Pin, ValidRules, Verdict,
};
use serde_json::Value;

fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/level.schema.json"
    ))
    .unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

fn pins(texts: &[&str]) -> Vec<Pin> {
    texts.iter().map(|t| Pin::parse(t).unwrap()).collect()
}

#[test]
fn an_edited_level_says_so_reads_back_and_verifies_against_its_pins() {
    let validator = schema();
    let gears = parse_rules_file(include_bytes!("../rules/gears.json")).unwrap();
    let mut exported = 0;
    for rules in [ValidRules::default(), gears] {
        for (seed, p) in [
            (42, vec!["1:goal.x=30"]),
            (7, vec!["2:walls.count=5", "2:goal.y=raw:0"]),
            (1234, vec!["1:walls[1]=drop"]),
        ] {
            let p = pins(&p);
            let Ok(file) = export_edited_level(&rules, seed, &p) else {
                continue; // a pin this seed does not draw (walls[1] of an attempt with none)
            };
            exported += 1;
            assert_eq!(file.schema_version, 3);
            assert_eq!(file.edited.as_deref(), Some(&p[..]));
            let w = what_if(&rules, seed, &p, 0).unwrap();
            assert_eq!(file.level, w.candidate.world);
            assert_eq!(file.verdict.shipped_attempt, w.candidate.index);
            assert!(file.verdict.reason.starts_with("edited: attempt"));
            assert_eq!(
                file.verdict.solution.is_some(),
                w.candidate.verdict == Verdict::Accepted
            );
            let text = level_file_text(&file);
            let json: Value = serde_json::from_str(&text).unwrap();
            assert!(validator.is_valid(&json), "{text}");
            let read = parse_level_file(text.as_bytes()).unwrap();
            assert_eq!(read, file);
            let v = verify(&read);
            assert!(v.identical, "{:?}", v.drift);
        }
    }
    assert!(exported >= 4, "only {exported} of the six cases exported");
}

#[test]
fn an_edited_level_s_edits_are_refused_or_drift() {
    let file = export_edited_level(&ValidRules::default(), 42, &pins(&["1:goal.x=30"])).unwrap();
    let text = level_file_text(&file);
    let edit = |f: fn(&mut Value)| {
        let mut v: Value = serde_json::from_str(&text).unwrap();
        f(&mut v);
        serde_json::to_vec(&v).unwrap()
    };
    // Another pin without a new file hash: refused.
    let other = edit(|v| v["edited"][0]["to"]["value"] = 31.0.into());
    assert!(matches!(
        parse_level_file(&other),
        Err(LevelFileError::FileHashMismatch { .. })
    ));
    // Version 2 with pins, version 3 without: refused.
    let two = edit(|v| v["schema_version"] = 2.into());
    assert!(
        matches!(parse_level_file(&two), Err(LevelFileError::Malformed(m)) if m.contains("edited"))
    );
    let bare = edit(|v| {
        v.as_object_mut().unwrap().remove("edited");
    });
    assert!(
        matches!(parse_level_file(&bare), Err(LevelFileError::Malformed(m)) if m.contains("edited"))
    );
    // A consistent file whose pins say something else drifts.
    let mut moved = file.clone();
    moved.edited = Some(pins(&["1:goal.x=31"]));
    moved.file_hash = Some(moved.computed_file_hash());
    let v = verify(&parse_level_file(level_file_text(&moved).as_bytes()).unwrap());
    assert!(!v.identical);
    assert!(
        v.drift.iter().any(|d| d.field.starts_with("level.goal")),
        "{:?}",
        v.drift
    );
    // Pins this engine refuses drift too, with the reason.
    let mut refused = file.clone();
    refused.edited = Some(pins(&["1:goal.x=99"]));
    refused.file_hash = Some(refused.computed_file_hash());
    let v = verify(&parse_level_file(level_file_text(&refused).as_bytes()).unwrap());
    assert!(
        v.drift.iter().any(|d| d.now.contains("refused")),
        "{:?}",
        v.drift
    );
    assert!(export_edited_level(&ValidRules::default(), 42, &[]).is_err());
}

/// A consistent file whose pins this engine refuses can say anything in its
/// reason: it is drift all the same (the refusal has no pins to match).
#[test]
fn a_forged_file_with_refused_pins_never_verifies() {
    let file = export_edited_level(&ValidRules::default(), 42, &pins(&["1:goal.x=30"])).unwrap();
    let mut forged = file.clone();
    forged.edited = Some(pins(&["1:goal.x=5"]));
    forged.level.goal.center.y = 20.0;
    forged.level_hash = contraption::level_hash(&forged.level);
    forged.verdict.reason =
        "the pins are refused: goal.x is drawn from 10 to 90; 5 is outside that range".into();
    forged.file_hash = Some(forged.computed_file_hash());
    let read = parse_level_file(level_file_text(&forged).as_bytes()).unwrap();
    let v = verify(&read);
    assert!(!v.identical);
    assert!(v.drift.iter().any(|d| d.field == "edited"), "{:?}", v.drift);
}

/// Pins a reader can tell are wrong without the seed — outside the rules'
/// attempts, pinned twice, a site not written as the engine writes it — make
/// the file malformed, not drift.
#[test]
fn an_edited_file_with_malformed_pins_is_refused() {
    let file = export_edited_level(&ValidRules::default(), 42, &pins(&["1:goal.x=30"])).unwrap();
    let bad = |edit: fn(&mut Vec<Pin>)| {
        let mut f = file.clone();
        edit(f.edited.as_mut().unwrap());
        f.file_hash = Some(f.computed_file_hash());
        parse_level_file(level_file_text(&f).as_bytes())
    };
    let attempts = [0, 41, u32::MAX];
    for a in attempts {
        let r = match a {
            0 => bad(|p| p[0].attempt = 0),
            41 => bad(|p| p[0].attempt = 41),
            _ => bad(|p| p[0].attempt = u32::MAX),
        };
        assert!(
            matches!(r, Err(LevelFileError::Malformed(m)) if m.contains("pins")),
            "{a}"
        );
    }
    let twice = bad(|p| p.push(p[0].clone()));
    assert!(matches!(twice, Err(LevelFileError::Malformed(m)) if m.contains("twice")));
    for site in ["walls[01]", "walls[+1]", " goal.x", "gœal.x"] {
        let mut f = file.clone();
        f.edited.as_mut().unwrap()[0].site = site.into();
        f.file_hash = Some(f.computed_file_hash());
        let r = parse_level_file(level_file_text(&f).as_bytes());
        assert!(matches!(r, Err(LevelFileError::Malformed(_))), "{site}");
    }
    assert!(Pin::parse("1:walls[01]=drop").is_err());
    assert!(Pin::parse("1:walls[+1].length=20").is_err());
}
