//! The Rules and A/B views, shared by the tests that drive them (rules.rs, lab.rs,
//! range.rs): typing into a rules field, a draft with an attempts cap of one, and
//! that draft as a rules file for the CLI.

use std::path::Path;

use contraption::{rules_file_text, Rules, ValidRules};

use crate::Studio;

/// The id of the default rules with `generator.max_attempts` = 1.
pub const ONE_ATTEMPT: &str = "9e63fc90eca2";

/// The attempts cap's field in the Rules view.
pub const ATTEMPTS_FIELD: &str = "#view-rules input[data-path='generator.max_attempts']";

/// Types `text` into an input and commits it: End and Backspaces remove what is
/// there (WebDriver's clear would commit an empty input), Enter commits it.
pub async fn type_and_commit(s: &Studio, css: &str, text: &str) {
    let input = s.find(css).await;
    let erase = "\u{E003}".repeat(12);
    input
        .send_keys(&format!("\u{E010}{erase}{text}\u{E007}"))
        .await
        .expect("type into the input");
}

/// Sets a form control's value and sends the event a user's edit sends (`input`,
/// `change`).
pub async fn set_value(s: &Studio, css: &str, text: &str, event: &str) {
    s.eval(&format!(
        "(() => {{ const el = document.querySelector(\"{css}\"); el.value = '{text}'; el.dispatchEvent(new Event('{event}', {{ bubbles: true }})); return true; }})()"
    ))
    .await;
}

/// Shows the Rules view, with its draft and the rules in force.
pub async fn open_rules_view(s: &Studio) {
    s.click("[data-view='rules']").await;
    s.wait_for(
        "!!document.querySelector('#view-rules[data-draft][data-in-force]')",
        "the Rules view",
    )
    .await;
}

/// In the Rules view, the draft's attempts cap set to 1 (the draft is then
/// [`ONE_ATTEMPT`]).
pub async fn draft_one_attempt(s: &Studio) {
    open_rules_view(s).await;
    type_and_commit(s, ATTEMPTS_FIELD, "1").await;
    s.wait_for(
        &format!("document.querySelector('#view-rules').dataset.draft === '{ONE_ATTEMPT}'"),
        "the new draft",
    )
    .await;
}

/// Shows the A/B view.
pub async fn open_ab_view(s: &Studio) {
    s.click("[data-view='lab']").await;
    s.wait_for("!!document.querySelector('#view-lab')", "the A/B view")
        .await;
}

/// Writes the rules with an attempts cap of one to `path` (a rules file the CLI
/// reads), checking their id.
pub fn write_one_attempt_rules(path: &Path) {
    let mut one = Rules::default();
    one.generator.max_attempts = 1;
    let one = ValidRules::new(one).unwrap();
    assert_eq!(one.id(), ONE_ATTEMPT);
    std::fs::write(path, rules_file_text(&one)).unwrap();
}
