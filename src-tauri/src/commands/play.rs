//! The play window's commands. Each names the window's rules by id (`rules`):
//! the rules in force, or those of a level or solution file (`RulesBook`).

use std::sync::Arc;

use contraption::{Pin, Placement};
use studio_core::play::{self, Levels, PartCheck, PlayError, PlayLevel, PlayRun, SolutionFile};
use studio_core::rules_book::RulesBook;
use studio_core::slow::SlowFiles;
use tauri::{AppHandle, State};

use super::{blocking, Reply};
use crate::dialogs::{self, DialogAnswer, FileKind};
use crate::windows;

const SOLUTION: FileKind = FileKind {
    name: "Contraption solution",
    extension: "json",
};

/// Opens (or focuses) the play window of `seed` under the rules `rules` (an id;
/// the rules in force when absent); returns its label.
#[tauri::command]
pub async fn open_play(
    app: AppHandle,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    rules: Option<String>,
) -> Reply<String> {
    let id = match rules {
        Some(id) => book.get(&id).map_err(PlayError::from)?.id().to_owned(),
        None => book.in_force().id().to_owned(),
    };
    let in_force = id == book.in_force().id();
    Ok(windows::open_play(&app, seed, &id, in_force)?)
}

#[tauri::command]
pub async fn play_level(
    levels: State<'_, Arc<Levels>>,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    rules: String,
    pins: Vec<Pin>,
) -> Reply<PlayLevel> {
    let (levels, book) = (levels.inner().clone(), book.inner().clone());
    blocking(move || {
        let valid = book.get(&rules)?;
        levels.world(&valid, seed, &pins)?; // warm the cache the checks use
        play::play_level_with(&valid, book.info_of(&rules)?, seed, &pins)
    })
    .await
}

/// The engine's verdict on `candidate` in place of part `index` (`index ==
/// placements.length` adds one).
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub fn check_part(
    levels: State<'_, Arc<Levels>>,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    rules: String,
    pins: Vec<Pin>,
    placements: Vec<Placement>,
    index: u32,
    candidate: Placement,
) -> Reply<PartCheck> {
    let valid = book.get(&rules).map_err(PlayError::from)?;
    let (_, world) = levels.world(&valid, seed, &pins)?;
    Ok(play::check_part(
        &valid,
        &world,
        &placements,
        index as usize,
        &candidate,
    )?)
}

#[tauri::command]
pub async fn run_play(
    levels: State<'_, Arc<Levels>>,
    book: State<'_, Arc<RulesBook>>,
    seed: u32,
    rules: String,
    pins: Vec<Pin>,
    placements: Vec<Placement>,
) -> Reply<PlayRun> {
    let (levels, book) = (levels.inner().clone(), book.inner().clone());
    blocking(move || {
        let valid = book.get(&rules)?;
        play::run(
            &valid,
            seed,
            &levels.world(&valid, seed, &pins)?.1,
            &placements,
        )
    })
    .await
}

/// Asks where to save (native dialog), writes the solution (embedding the rules
/// unless they are the default ones) and replays it; null when the player
/// cancels the dialog. An edited level (pins) has no solution file:
/// `edited_solution`.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn save_solution(
    app: AppHandle,
    levels: State<'_, Arc<Levels>>,
    book: State<'_, Arc<RulesBook>>,
    answer: State<'_, DialogAnswer>,
    seed: u32,
    rules: String,
    pins: Vec<Pin>,
    placements: Vec<Placement>,
) -> Reply<Option<SolutionFile>> {
    let (levels, book, answer) = (
        levels.inner().clone(),
        book.inner().clone(),
        answer.inner().clone(),
    );
    blocking(move || {
        if !pins.is_empty() {
            return Err(PlayError::EditedSolution.into());
        }
        let valid = book.get(&rules).map_err(PlayError::from)?;
        let (hash, world) = levels.world(&valid, seed, &pins)?;
        let solution = play::solution_for(&valid, seed, &hash, &world, &placements)?;
        let name = play::default_file_name(seed);
        dialogs::save(&app, &answer, SOLUTION, "Save the solution", name, |p| {
            play::write_solution(&book, p, &solution)
        })
    })
    .await
}

/// Asks which solution to open (native dialog), reads and replays it under its
/// own rules (remembered for the window); null when the player cancels the dialog.
/// Slow rules are refused (`slow_rules`) unless `allow_slow` names the file
/// refused for them: it is read again, without a dialog.
#[tauri::command]
pub async fn open_solution(
    app: AppHandle,
    book: State<'_, Arc<RulesBook>>,
    answer: State<'_, DialogAnswer>,
    slow: State<'_, Arc<SlowFiles>>,
    allow_slow: Option<String>,
) -> Reply<Option<SolutionFile>> {
    let (book, answer, slow) = (
        book.inner().clone(),
        answer.inner().clone(),
        slow.inner().clone(),
    );
    blocking(move || {
        dialogs::open_allowing_slow(
            &app,
            &answer,
            &slow,
            SOLUTION,
            "Open a solution",
            allow_slow,
            |p, allow| play::read_solution(&book, p, allow),
        )
    })
    .await
}
