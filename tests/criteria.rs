//! The criteria language: printing and reading back agree, and meaning survives.

mod common;

use common::strategies::{criteria, summary};
use contraption::parse_criteria;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The printed form reads back to criteria that keep exactly the same seeds,
    /// and the text printed from what was read is a fixed point (canonical).
    #[test]
    fn printing_and_reading_agree(c in criteria(), rows in proptest::collection::vec(summary(), 8)) {
        let text = c.to_string();
        let back = parse_criteria(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        for r in &rows {
            prop_assert_eq!(c.matches(r), back.matches(r), "{}", text);
        }
        let canonical = back.to_string();
        let again = parse_criteria(&canonical).map_err(|e| TestCaseError::fail(format!("{canonical}: {e}")))?;
        prop_assert_eq!(again.to_string(), canonical);
    }

    /// Arbitrary text is read or refused, never a panic; a refusal points inside it.
    #[test]
    fn any_text_is_read_or_refused(text in "[a-z_ 0-9()<>=!.&|≤≥-]{0,80}") {
        if let Err(e) = parse_criteria(&text) {
            prop_assert!(e.at <= text.len());
        }
    }
}
