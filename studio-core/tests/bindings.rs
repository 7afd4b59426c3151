//! The TypeScript types in `ui/src/bindings/` are generated from the Rust types
//! that cross the IPC boundary, and `commands.ts` (a typed function per command)
//! from the command list (`studio-core/src/ipc/command_list.rs`). This test regenerates them and fails when the
//! committed files are stale. To refresh them:
//!
//!     UPDATE_BINDINGS=1 cargo test -p contraption-studio-core --test bindings

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use contraption::{DrawRecord, GenerationReport, ParsedSeed, Pin, SeedError};
use contraption_catalog::{Bookmark, BookmarkCheck, BookmarkInput, BookmarkQuery, SeedPage, Stats};
use contraption_tune::NumericField;
use studio_core::ab::{AbEvent, AbOutcome, AbReport, AbRules, WouldChange};
use studio_core::catalog::{
    CalendarMonth, CatalogInfo, ChartTable, ComparedSeed, RangeSummary, ScanEvent, ScanOutcome,
    SearchEvent, SearchOutcome, SeedRequest, Thumbnail,
};
use studio_core::draft_vs_in_force::SeedComparison;
use studio_core::draws::PinnedSeed;
use studio_core::exchange::{ImportedLevel, PictureKind, SharedSeed, WrittenFile};
use studio_core::expressive_range::RangeReport;
use studio_core::inspect::{Inspection, PlacementTrajectory};
use studio_core::play::{PartCheck, PlayLevel, PlayRun, SolutionFile};
use studio_core::rules::RulesInfo;
use studio_core::rules_draft::{RuleFieldInfo, RulesDraft};
use studio_core::settings::ViewSettings;
use studio_core::sweep_job::{JobSummary, SweepEvent};
use studio_core::tune::{
    ChartFormat, TargetsCheck, TuneEvent, TuneRequest, TuneResult, WhatChart, WhatEvent,
    WhatRequest, WhatResult,
};
use studio_core::CommandError;
use ts_rs::TS;

/// Every type a command takes or returns, or a channel carries (each export also
/// writes the types it refers to).
fn export_all(dir: &Path) {
    // The one error of every command, and the one rules type.
    CommandError::export_all_to(dir).unwrap();
    RulesInfo::export_all_to(dir).unwrap();
    RuleFieldInfo::export_all_to(dir).unwrap();
    RulesDraft::export_all_to(dir).unwrap();
    SeedComparison::export_all_to(dir).unwrap();
    // Draws, pins and edited levels.
    DrawRecord::export_all_to(dir).unwrap();
    Pin::export_all_to(dir).unwrap();
    PinnedSeed::export_all_to(dir).unwrap();
    // Inspector.
    ParsedSeed::export_all_to(dir).unwrap();
    SeedError::export_all_to(dir).unwrap();
    Inspection::export_all_to(dir).unwrap();
    GenerationReport::export_all_to(dir).unwrap();
    PlacementTrajectory::export_all_to(dir).unwrap();
    SweepEvent::export_all_to(dir).unwrap();
    JobSummary::export_all_to(dir).unwrap();
    // Exchange.
    SharedSeed::export_all_to(dir).unwrap();
    WrittenFile::export_all_to(dir).unwrap();
    PictureKind::export_all_to(dir).unwrap();
    ImportedLevel::export_all_to(dir).unwrap();
    // Play.
    PlayLevel::export_all_to(dir).unwrap();
    PartCheck::export_all_to(dir).unwrap();
    PlayRun::export_all_to(dir).unwrap();
    SolutionFile::export_all_to(dir).unwrap();
    // Catalog.
    CatalogInfo::export_all_to(dir).unwrap();
    ScanEvent::export_all_to(dir).unwrap();
    ScanOutcome::export_all_to(dir).unwrap();
    SeedRequest::export_all_to(dir).unwrap();
    SearchEvent::export_all_to(dir).unwrap();
    SearchOutcome::export_all_to(dir).unwrap();
    SeedPage::export_all_to(dir).unwrap();
    Stats::export_all_to(dir).unwrap();
    Thumbnail::export_all_to(dir).unwrap();
    CalendarMonth::export_all_to(dir).unwrap();
    ChartTable::export_all_to(dir).unwrap();
    RangeSummary::export_all_to(dir).unwrap();
    ComparedSeed::export_all_to(dir).unwrap();
    Bookmark::export_all_to(dir).unwrap();
    BookmarkInput::export_all_to(dir).unwrap();
    BookmarkQuery::export_all_to(dir).unwrap();
    BookmarkCheck::export_all_to(dir).unwrap();
    // The A/B over a range.
    AbRules::export_all_to(dir).unwrap();
    AbEvent::export_all_to(dir).unwrap();
    AbOutcome::export_all_to(dir).unwrap();
    AbReport::export_all_to(dir).unwrap();
    WouldChange::export_all_to(dir).unwrap();
    RangeReport::export_all_to(dir).unwrap();
    // The remembered view settings.
    ViewSettings::export_all_to(dir).unwrap();
    // The Tune view: targets, fields, a tune, what each rule does.
    TargetsCheck::export_all_to(dir).unwrap();
    NumericField::export_all_to(dir).unwrap();
    TuneRequest::export_all_to(dir).unwrap();
    TuneEvent::export_all_to(dir).unwrap();
    TuneResult::export_all_to(dir).unwrap();
    WhatRequest::export_all_to(dir).unwrap();
    WhatEvent::export_all_to(dir).unwrap();
    WhatResult::export_all_to(dir).unwrap();
    WhatChart::export_all_to(dir).unwrap();
    ChartFormat::export_all_to(dir).unwrap();
}

fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ts") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            files.insert(name, fs::read_to_string(&path).unwrap());
        }
    }
    files
}

#[test]
fn committed_bindings_are_current() {
    let committed_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ui/src/bindings");
    let fresh_dir = std::env::temp_dir().join(format!("studio-bindings-{}", std::process::id()));
    let _ = fs::remove_dir_all(&fresh_dir);
    fs::create_dir_all(&fresh_dir).unwrap();
    export_all(&fresh_dir);
    // The commands' functions, from the command list.
    fs::write(
        fresh_dir.join("commands.ts"),
        studio_core::ipc::typescript(),
    )
    .unwrap();
    let fresh = read_dir(&fresh_dir);
    let _ = fs::remove_dir_all(&fresh_dir);
    assert!(
        fresh.len() > 20,
        "expected the whole IPC contract, got {fresh:?}"
    );
    // 64-bit integers cross as JSON numbers and are typed as such (`#[ts(type =
    // "number")]`), so the UI never converts them.
    let bigint: Vec<_> = fresh
        .iter()
        .filter(|(_, text)| text.contains("bigint"))
        .map(|(name, _)| name)
        .collect();
    assert!(bigint.is_empty(), "bigint in {bigint:?}");

    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        let _ = fs::remove_dir_all(&committed_dir);
        fs::create_dir_all(&committed_dir).unwrap();
        for (name, text) in &fresh {
            fs::write(committed_dir.join(name), text).unwrap();
        }
        return;
    }

    let committed = read_dir(&committed_dir);
    let missing: Vec<_> = fresh
        .keys()
        .filter(|k| !committed.contains_key(*k))
        .collect();
    let extra: Vec<_> = committed
        .keys()
        .filter(|k| !fresh.contains_key(*k))
        .collect();
    let changed: Vec<_> = fresh
        .iter()
        .filter(|(k, v)| committed.get(*k).is_some_and(|c| c != *v))
        .map(|(k, _)| k)
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty() && changed.is_empty(),
        "ui/src/bindings is stale (missing {missing:?}, extra {extra:?}, changed {changed:?}); \
         run UPDATE_BINDINGS=1 cargo test -p contraption-studio-core --test bindings"
    );
}
