//! The play window's commands.

use std::sync::Arc;

use contraption::Placement;
use studio_core::play::{self, Levels, PartCheck, PlayLevel, PlayRun, SolutionFile};
use tauri::{AppHandle, State};

use super::{blocking, Reply};
use crate::dialogs::{self, DialogAnswer, FileKind};
use crate::windows;

const SOLUTION: FileKind = FileKind {
    name: "Contraption solution",
    extension: "json",
};

/// Opens (or focuses) the play window of `seed`; returns its label.
#[tauri::command]
pub async fn open_play(app: AppHandle, seed: u32) -> Reply<String> {
    Ok(windows::open_play(&app, seed)?)
}

#[tauri::command]
pub async fn play_level(levels: State<'_, Arc<Levels>>, seed: u32) -> Reply<PlayLevel> {
    let levels = levels.inner().clone();
    blocking(move || {
        let _ = levels.world(seed); // warm the cache the checks use
        Ok::<_, play::PlayError>(play::play_level(seed))
    })
    .await
}

/// The engine's verdict on `candidate` in place of part `index` (`index ==
/// placements.length` adds one).
#[tauri::command]
pub fn check_part(
    levels: State<'_, Arc<Levels>>,
    seed: u32,
    placements: Vec<Placement>,
    index: u32,
    candidate: Placement,
) -> Reply<PartCheck> {
    let (_, world) = levels.world(seed);
    Ok(play::check_part(
        &world,
        &placements,
        index as usize,
        &candidate,
    )?)
}

#[tauri::command]
pub async fn run_play(
    levels: State<'_, Arc<Levels>>,
    seed: u32,
    placements: Vec<Placement>,
) -> Reply<PlayRun> {
    let levels = levels.inner().clone();
    blocking(move || play::run(seed, &levels.world(seed).1, &placements)).await
}

/// Asks where to save (native dialog), writes the solution and replays it; null
/// when the player cancels the dialog.
#[tauri::command]
pub async fn save_solution(
    app: AppHandle,
    levels: State<'_, Arc<Levels>>,
    answer: State<'_, DialogAnswer>,
    seed: u32,
    placements: Vec<Placement>,
) -> Reply<Option<SolutionFile>> {
    let (levels, answer) = (levels.inner().clone(), answer.inner().clone());
    blocking(move || {
        let (hash, world) = levels.world(seed);
        let solution = play::solution_for(seed, &hash, &world, &placements)?;
        let name = play::default_file_name(seed);
        dialogs::save(&app, &answer, SOLUTION, "Save the solution", name, |p| {
            play::write_solution(p, &solution)
        })
    })
    .await
}

/// Asks which solution to open (native dialog), reads and replays it; null when
/// the player cancels the dialog.
#[tauri::command]
pub async fn open_solution(
    app: AppHandle,
    answer: State<'_, DialogAnswer>,
) -> Reply<Option<SolutionFile>> {
    let answer = answer.inner().clone();
    blocking(move || {
        dialogs::open(
            &app,
            &answer,
            SOLUTION,
            "Open a solution",
            play::read_solution,
        )
    })
    .await
}
