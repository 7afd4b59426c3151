//! The catalog views' commands.

use std::sync::Arc;

use contraption::SummaryKind;
use contraption_catalog::{Bookmark, BookmarkCheck, BookmarkInput, BookmarkQuery, SeedPage, Stats};
use studio_core::catalog::{
    self, CalendarMonth, CatalogInfo, CatalogState, ScanEvent, ScanOutcome, SearchEvent,
    SearchOutcome, SeedRequest, Thumbnail,
};
use studio_core::jobs::Jobs;
use studio_core::rules_book::RulesBook;
use tauri::ipc::Channel;
use tauri::State;

use super::{blocking, Reply};

type Catalog<'a> = State<'a, Arc<CatalogState>>;
/// The rules in force: every catalog view reads and writes under them.
type Book<'a> = State<'a, Arc<RulesBook>>;

#[tauri::command]
pub async fn catalog_info(state: Catalog<'_>, book: Book<'_>) -> Reply<CatalogInfo> {
    let (s, rules) = (state.inner().clone(), book.in_force());
    blocking(move || s.info(&rules)).await
}

/// Scans (or resumes) `from..to` under the rules in force, streaming `ScanEvent`s;
/// cancel with `cancel_job`.
#[tauri::command]
pub async fn start_scan(
    state: Catalog<'_>,
    book: Book<'_>,
    jobs: State<'_, Arc<Jobs>>,
    from: u64,
    to: u64,
    on_event: Channel<ScanEvent>,
) -> Reply<ScanOutcome> {
    let (s, jobs, rules) = (state.inner().clone(), jobs.inner().clone(), book.in_force());
    blocking(move || catalog::run_scan(&s, &jobs, &rules, from, to, |e| drop(on_event.send(e))))
        .await
}

/// Searches (or continues searching) `from..to` for `criteria` under the rules in
/// force, fast unless `summary` is `full` (the whole range's totals), streaming
/// `SearchEvent`s; the matches land in the catalog; cancel with `cancel_job`.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn start_search(
    state: Catalog<'_>,
    book: Book<'_>,
    jobs: State<'_, Arc<Jobs>>,
    criteria: String,
    summary: Option<SummaryKind>,
    from: u64,
    to: u64,
    on_event: Channel<SearchEvent>,
) -> Reply<SearchOutcome> {
    let (s, jobs, rules) = (state.inner().clone(), jobs.inner().clone(), book.in_force());
    blocking(move || {
        catalog::run_search(&s, &jobs, &rules, &criteria, summary, from, to, |e| {
            drop(on_event.send(e))
        })
    })
    .await
}

#[tauri::command]
pub async fn query_seeds(
    state: Catalog<'_>,
    book: Book<'_>,
    query: SeedRequest,
) -> Reply<SeedPage> {
    let (s, rules) = (state.inner().clone(), book.in_force());
    blocking(move || catalog::query(&s, &rules, &query)).await
}

/// Statistics over the rows `query_seeds` returns for the same `criteria`.
#[tauri::command]
pub async fn catalog_stats(state: Catalog<'_>, book: Book<'_>, criteria: String) -> Reply<Stats> {
    let (s, rules) = (state.inner().clone(), book.in_force());
    blocking(move || catalog::stats(&s, &rules, &criteria)).await
}

#[tauri::command]
pub async fn seed_thumbnails(book: Book<'_>, seeds: Vec<u32>) -> Reply<Vec<Thumbnail>> {
    let rules = book.in_force();
    blocking(move || catalog::thumbnails(&rules, &seeds)).await
}

#[tauri::command]
pub async fn calendar(book: Book<'_>, year: i32, month: u32) -> Reply<CalendarMonth> {
    let rules = book.in_force();
    let today = chrono::Utc::now().date_naive();
    blocking(move || catalog::calendar_month(&rules, year, month, today)).await
}

/// The bookmarks matching every part of `query` (words, tag, seed), newest first.
#[tauri::command]
pub async fn list_bookmarks(state: Catalog<'_>, query: BookmarkQuery) -> Reply<Vec<Bookmark>> {
    let s = state.inner().clone();
    blocking(move || catalog::bookmarks(&s, &query)).await
}

/// Bookmarks `seed` under the rules in force; refused with `already_bookmarked`
/// when the seed has a bookmark under them.
#[tauri::command]
pub async fn bookmark_seed(
    state: Catalog<'_>,
    book: Book<'_>,
    seed: u32,
    input: BookmarkInput,
) -> Reply<Bookmark> {
    let (s, rules) = (state.inner().clone(), book.in_force());
    blocking(move || catalog::add_bookmark(&s, &rules, seed, &input)).await
}

#[tauri::command]
pub async fn edit_bookmark(state: Catalog<'_>, id: i64, input: BookmarkInput) -> Reply<Bookmark> {
    let s = state.inner().clone();
    blocking(move || catalog::update_bookmark(&s, id, &input)).await
}

#[tauri::command]
pub async fn remove_bookmark(state: Catalog<'_>, id: i64) -> Reply<()> {
    let s = state.inner().clone();
    blocking(move || catalog::delete_bookmark(&s, id)).await
}

/// Regenerates the seeds bookmarked under the rules in force; reports the changed levels.
#[tauri::command]
pub async fn verify_bookmarks(state: Catalog<'_>, book: Book<'_>) -> Reply<Vec<BookmarkCheck>> {
    let (s, rules) = (state.inner().clone(), book.in_force());
    blocking(move || catalog::check_bookmarks(&s, &rules)).await
}
