//! The part bodies the UI draws and hit-tests with (`ui/src/play/parts.ts`'s
//! `body`, a copy of `Placement::body` in TypeScript) against the engine's:
//! `tests/data/placement_bodies.json` holds placements of every kind at many
//! angles under two part geometries (the default rules' and a changed one) with
//! the body `Placement::body` builds for each, and `ui/test/play.test.ts` checks
//! its geometry against that file.
//!
//! This test computes the file again through the engine's public API and fails
//! when the committed one differs (a stale fixture): refresh it with
//! `UPDATE_FIXTURES=1 cargo test -p contraption-engine --test placement_fixture`.

use contraption::{PartKind, Placement, Rules, Spin, ValidRules};
use serde_json::{json, Value};

const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/placement_bodies.json"
);

/// The default rules and rules whose every part size differs from them.
fn geometries() -> Vec<(&'static str, ValidRules)> {
    let mut changed = Rules::default();
    changed.parts.ramp.length = 13.5;
    changed.parts.ramp.radius = 1.25;
    changed.parts.fan.housing = 11.0;
    changed.parts.fan.radius = 0.5;
    changed.parts.bumper.radius = 2.5;
    changed.parts.gear.radius = 7.75;
    vec![
        ("default", ValidRules::new(Rules::default()).unwrap()),
        ("changed", ValidRules::new(changed).unwrap()),
    ]
}

fn placements() -> Vec<Placement> {
    let angles = [
        -std::f64::consts::PI,
        -2.5,
        -std::f64::consts::FRAC_PI_2,
        -0.7,
        -1e-9,
        0.0,
        0.4,
        0.8,
        1.2,
        std::f64::consts::FRAC_PI_2,
        2.9,
        std::f64::consts::PI,
    ];
    let spots = [(50.0, 60.0), (0.0, 0.0), (13.25, 97.125)];
    let mut all = Vec::new();
    for kind in [
        PartKind::Ramp,
        PartKind::Fan,
        PartKind::Bumper,
        PartKind::Gear,
    ] {
        for (i, &angle) in angles.iter().enumerate() {
            let (x, y) = spots[i % spots.len()];
            let mut p = Placement::ramp(x, y, angle);
            p.part = kind;
            if kind == PartKind::Gear {
                p.spin = Some(if i % 2 == 0 {
                    Spin::Clockwise
                } else {
                    Spin::CounterClockwise
                });
            }
            all.push(p);
        }
    }
    all
}

/// The fixture as the engine computes it now.
fn fixture() -> Value {
    let geometries: Vec<Value> = geometries()
        .into_iter()
        .map(|(name, rules)| {
            let parts = &rules.parts;
            let cases: Vec<Value> = placements()
                .into_iter()
                .map(|p| {
                    let b = p.body(parts);
                    json!({
                        "placement": serde_json::to_value(p).unwrap(),
                        "body": { "ax": b.a.x, "ay": b.a.y, "bx": b.b.x, "by": b.b.y, "radius": b.radius },
                    })
                })
                .collect();
            json!({
                "name": name,
                // The fields of the UI's `PlayRules` that `body` reads.
                "rules": {
                    "ramp_length": parts.ramp.length,
                    "ramp_radius": parts.ramp.radius,
                    "fan_housing": parts.fan.housing,
                    "fan_radius": parts.fan.radius,
                    "bumper_radius": parts.bumper.radius,
                    "gear_radius": parts.gear.radius,
                },
                "cases": cases,
            })
        })
        .collect();
    json!({
        "about": "Placement::body of the engine for the UI's test (ui/test/play.test.ts); written by tests/placement_fixture.rs under UPDATE_FIXTURES=1",
        "geometries": geometries,
    })
}

#[test]
fn the_committed_placement_fixture_is_the_engine_s_bodies() {
    let text = serde_json::to_string_pretty(&fixture()).unwrap() + "\n";
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(PATH, &text).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(PATH).unwrap_or_default();
    assert!(
        committed == text,
        "{PATH} is not what the engine computes now; refresh it with \
         UPDATE_FIXTURES=1 cargo test -p contraption-engine --test placement_fixture"
    );
}

#[test]
fn the_fixture_covers_every_kind_under_both_geometries() {
    let f = fixture();
    for g in f["geometries"].as_array().unwrap() {
        for kind in ["ramp", "fan", "bumper", "gear"] {
            let n = g["cases"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["placement"]["part"] == kind)
                .count();
            assert!(n >= 10, "{} has {n} {kind} cases", g["name"]);
        }
    }
    // The two geometries differ in every field the UI reads.
    let (a, b) = (&f["geometries"][0]["rules"], &f["geometries"][1]["rules"]);
    for (k, v) in a.as_object().unwrap() {
        assert_ne!(v, &b[k], "{k}");
    }
}
