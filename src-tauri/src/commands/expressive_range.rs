//! The A/B view's expressive range: the joint counts of two metrics over a stored
//! range under A and B, and the figure saved as PNG.

use std::sync::Arc;

use contraption::expressive_range::Metric;
use studio_core::ab::{self, AbRules};
use studio_core::catalog::CatalogState;
use studio_core::exchange::WrittenFile;
use studio_core::expressive_range::{self, RangeReport};
use studio_core::rules_book::RulesBook;
use studio_core::rules_draft::DraftStore;
use tauri::{AppHandle, State};

use super::{blocking, Reply};
use crate::dialogs::{self, DialogAnswer, FileKind};

const PNG: FileKind = FileKind {
    name: "PNG picture",
    extension: "png",
};

/// The exact counts of `x` × `y` per seed of `from..to` as stored under A and B.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn ab_expressive_range(
    state: State<'_, Arc<CatalogState>>,
    book: State<'_, Arc<RulesBook>>,
    draft: State<'_, Arc<DraftStore>>,
    a: AbRules,
    b: AbRules,
    from: u64,
    to: u64,
    x: Metric,
    y: Metric,
) -> Reply<RangeReport> {
    let s = state.inner().clone();
    let (ra, rb) = (ab::resolve(a, &book, &draft), ab::resolve(b, &book, &draft));
    blocking(move || expressive_range::range_report(&s, &ra, &rb, from, to, x, y)).await
}

/// Asks where to save the expressive-range figure (the bytes of `contraption
/// compare A B FROM..TO --png FILE --x X --y Y`), then writes it; null when cancelled.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn export_expressive_range_png(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
    state: State<'_, Arc<CatalogState>>,
    book: State<'_, Arc<RulesBook>>,
    draft: State<'_, Arc<DraftStore>>,
    a: AbRules,
    b: AbRules,
    from: u64,
    to: u64,
    x: Metric,
    y: Metric,
) -> Reply<Option<WrittenFile>> {
    let (answer, s) = (answer.inner().clone(), state.inner().clone());
    let (ra, rb) = (ab::resolve(a, &book, &draft), ab::resolve(b, &book, &draft));
    let name = format!(
        "contraption-range-{from}-{to}-{}-{}.png",
        x.name(),
        y.name()
    );
    blocking(move || {
        dialogs::save(
            &app,
            &answer,
            PNG,
            "Save the expressive range as PNG",
            name,
            |p| expressive_range::write_range_png(&s, &ra, &rb, from, to, x, y, p),
        )
    })
    .await
}
