//! The error union the UI receives (`StudioError`, each part's error tagged by
//! `kind`) tells every case apart: no two enums send the same kind, but for
//! `slow_rules`, which is one refusal with one payload (`SlowRules`) that three
//! parts send and the UI answers with one confirmation whoever sent it
//! (`StudioError::is_slow_rules`, `ui/src/lib/slow-rules.ts`).

use std::collections::BTreeMap;

use studio_core::error::error_kinds;
use studio_core::StudioError;
use ts_rs::TS;

#[test]
fn every_kind_of_the_union_is_distinct() {
    let kinds = error_kinds();
    let mut seen: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (enum_name, kind) in &kinds {
        seen.entry(kind).or_default().push(enum_name);
    }
    let shared: Vec<_> = seen
        .iter()
        .filter(|(kind, enums)| enums.len() > 1 && **kind != "slow_rules")
        .collect();
    assert!(
        shared.is_empty(),
        "kinds sent by more than one case: {shared:?}"
    );
    for file_kind in [
        "play_io",
        "exchange_io",
        "catalog_io",
        "rules_io",
        "settings_io",
    ] {
        assert!(
            seen.contains_key(file_kind),
            "{file_kind} missing from {kinds:?}"
        );
    }
}

#[test]
fn the_kinds_are_read_from_every_member_of_the_union() {
    // `error_kinds` names each member of the union; a member added to
    // `StudioError` without it would go unchecked.
    let members: Vec<String> = StudioError::inline()
        .split(" | ")
        .map(|m| m.trim().to_owned())
        .collect();
    let mut listed: Vec<String> = error_kinds().into_iter().map(|(e, _)| e).collect();
    listed.dedup();
    assert_eq!(members, listed);
    assert!(error_kinds().len() > 30, "{:?}", error_kinds());
}

#[test]
fn slow_rules_is_one_case_wherever_it_is_sent() {
    use studio_core::exchange::ExchangeError;
    use studio_core::play::PlayError;
    use studio_core::rules_draft::RulesDraftError;
    let senders: Vec<String> = error_kinds()
        .into_iter()
        .filter(|(_, k)| k == "slow_rules")
        .map(|(e, _)| e)
        .collect();
    assert_eq!(senders, ["PlayError", "ExchangeError", "RulesDraftError"]);
    let case = r#"{ "kind": "slow_rules" } & SlowRules"#;
    for union in [
        PlayError::inline(),
        ExchangeError::inline(),
        RulesDraftError::inline(),
    ] {
        assert!(union.split(" | ").any(|c| c == case), "{union}");
    }
}
