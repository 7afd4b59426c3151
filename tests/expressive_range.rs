//! The expressive-range binning against the fixture the UI's test reads too
//! (`tests/data/expressive_range.json`, `ui/test/range.test.ts`): both sides bin
//! the same counts into the same cells.

use contraption::expressive_range::{Axis, Bin, RangeGrid};
use serde::Deserialize;

#[derive(Deserialize)]
struct Expected {
    x_bins: Vec<[u32; 2]>,
    y_bins: Vec<[u32; 2]>,
    /// `[x bin, y bin, A, B, B − A]` of every non-empty cell.
    cells: Vec<[i64; 5]>,
    max_count: u64,
    max_diff: u64,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    x: Axis,
    y: Axis,
    a: Vec<[u64; 3]>,
    b: Vec<[u64; 3]>,
    expected: Expected,
}

#[derive(Deserialize)]
struct Fixture {
    cases: Vec<Case>,
}

#[test]
fn the_shared_fixture_bins_as_expected() {
    let text = include_str!("data/expressive_range.json");
    let fixture: Fixture = serde_json::from_str(text).unwrap();
    assert!(fixture.cases.len() >= 3);
    for c in fixture.cases {
        let g = RangeGrid::of(&c.x, &c.y, &c.a, &c.b);
        let pairs = |b: &[Bin]| b.iter().map(|b| [b.lo, b.hi]).collect::<Vec<_>>();
        assert_eq!(pairs(&g.x_bins), c.expected.x_bins, "{}", c.name);
        assert_eq!(pairs(&g.y_bins), c.expected.y_bins, "{}", c.name);
        let nx = g.x_bins.len();
        let mut cells = Vec::new();
        for (k, ((&a, &b), &d)) in g.a.iter().zip(&g.b).zip(&g.diff).enumerate() {
            if a != 0 || b != 0 {
                cells.push([(k % nx) as i64, (k / nx) as i64, a as i64, b as i64, d]);
            }
        }
        assert_eq!(cells, c.expected.cells, "{}", c.name);
        assert_eq!(g.max_count(), c.expected.max_count, "{}", c.name);
        assert_eq!(g.max_diff(), c.expected.max_diff, "{}", c.name);
    }
}
