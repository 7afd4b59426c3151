//! The catalog views' commands.

use std::sync::Arc;

use contraption_catalog::{Bookmark, BookmarkCheck, BookmarkInput, BookmarkQuery, SeedPage, Stats};
use studio_core::catalog::{
    self, CalendarMonth, CatalogInfo, CatalogState, ScanEvent, ScanOutcome, SearchEvent,
    SearchOutcome, SeedRequest, Thumbnail,
};
use studio_core::jobs::Jobs;
use tauri::ipc::Channel;
use tauri::State;

use super::{blocking, Reply};

type Catalog<'a> = State<'a, Arc<CatalogState>>;

#[tauri::command]
pub async fn catalog_info(state: Catalog<'_>) -> Reply<CatalogInfo> {
    let s = state.inner().clone();
    blocking(move || s.info()).await
}

/// Scans (or resumes) `from..to`, streaming `ScanEvent`s; cancel with `cancel_job`.
#[tauri::command]
pub async fn start_scan(
    state: Catalog<'_>,
    jobs: State<'_, Arc<Jobs>>,
    from: u64,
    to: u64,
    on_event: Channel<ScanEvent>,
) -> Reply<ScanOutcome> {
    let (s, jobs) = (state.inner().clone(), jobs.inner().clone());
    blocking(move || catalog::run_scan(&s, &jobs, from, to, |e| drop(on_event.send(e)))).await
}

/// Searches (or continues searching) `from..to` for `criteria`, streaming
/// `SearchEvent`s; the matches land in the catalog; cancel with `cancel_job`.
#[tauri::command]
pub async fn start_search(
    state: Catalog<'_>,
    jobs: State<'_, Arc<Jobs>>,
    criteria: String,
    from: u64,
    to: u64,
    on_event: Channel<SearchEvent>,
) -> Reply<SearchOutcome> {
    let (s, jobs) = (state.inner().clone(), jobs.inner().clone());
    blocking(move || {
        catalog::run_search(&s, &jobs, &criteria, from, to, |e| drop(on_event.send(e)))
    })
    .await
}

#[tauri::command]
pub async fn query_seeds(state: Catalog<'_>, query: SeedRequest) -> Reply<SeedPage> {
    let s = state.inner().clone();
    blocking(move || catalog::query(&s, &query)).await
}

/// Statistics over the rows `query_seeds` returns for the same `criteria`.
#[tauri::command]
pub async fn catalog_stats(state: Catalog<'_>, criteria: String) -> Reply<Stats> {
    let s = state.inner().clone();
    blocking(move || catalog::stats(&s, &criteria)).await
}

#[tauri::command]
pub async fn seed_thumbnails(seeds: Vec<u32>) -> Reply<Vec<Thumbnail>> {
    blocking(move || catalog::thumbnails(&seeds)).await
}

#[tauri::command]
pub async fn calendar(year: i32, month: u32) -> Reply<CalendarMonth> {
    blocking(move || catalog::calendar_month(year, month, chrono::Utc::now().date_naive())).await
}

/// The bookmarks matching every part of `query` (words, tag, seed), newest first.
#[tauri::command]
pub async fn list_bookmarks(state: Catalog<'_>, query: BookmarkQuery) -> Reply<Vec<Bookmark>> {
    let s = state.inner().clone();
    blocking(move || catalog::bookmarks(&s, &query)).await
}

/// Refused with `already_bookmarked` when the seed has a bookmark.
#[tauri::command]
pub async fn bookmark_seed(state: Catalog<'_>, seed: u32, input: BookmarkInput) -> Reply<Bookmark> {
    let s = state.inner().clone();
    blocking(move || catalog::add_bookmark(&s, seed, &input)).await
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

#[tauri::command]
pub async fn verify_bookmarks(state: Catalog<'_>) -> Reply<Vec<BookmarkCheck>> {
    let s = state.inner().clone();
    blocking(move || catalog::check_bookmarks(&s)).await
}
