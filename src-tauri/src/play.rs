//! Play mode: one seed's shipped level in a window of its own, parts placed by the
//! player, and the engine's `simulate` for every run.
//!
//! Like `api`, this only wires the UI to the engine: the level is
//! `generate(seed)`'s shipped world, placements are judged by the engine's
//! `check_placement` / `check_placements` (the UI never decides legality), a run
//! is `simulate(world, placements, with_trajectory(1))` (every fixed step, which
//! the UI interpolates at the display's frame rate), hints are the sweep's solving
//! placements, and solution files are the engine's format (`new_solution`,
//! `solution_text`, `parse_solution`, `replay`). The functions take plain
//! arguments so tests can call them without a window; `commands.rs`-style
//! adapters (with the dialogs) are at the bottom.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

use contraption::rules::{
    BALL_RADIUS, BUMPER_RADIUS, DT, FAN_HALF_WIDTH, FAN_HOUSING, FAN_RADIUS, FAN_REACH,
    FIELD_HEIGHT, FIELD_WIDTH, GEAR_RADIUS, MAX_STEPS, RAMP_LENGTH, RAMP_RADIUS, RULES_VERSION,
    WALL_RADIUS,
};
use contraption::world::{check_placement, check_placements, PartKind, PlacementError};
use contraption::{
    generate, new_solution, parse_solution, replay, simulate, solution_text, GenerateOptions,
    Inventory, Outcome, Placement, SimOptions, SimResult, Solution, SolutionError, SweepResult,
    ValidRules, World,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A run records every fixed step, so the UI can interpolate between any two.
pub const RUN_STRIDE: u32 = 1;

/// The constants the play window draws and animates with, copied from
/// `contraption::rules` so the UI never hard-codes one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayRules {
    pub rules_version: u32,
    pub field_width: f64,
    pub field_height: f64,
    pub ball_radius: f64,
    pub wall_radius: f64,
    pub ramp_length: f64,
    pub ramp_radius: f64,
    pub fan_housing: f64,
    pub fan_radius: f64,
    pub fan_reach: f64,
    pub fan_half_width: f64,
    pub bumper_radius: f64,
    pub gear_radius: f64,
    /// The engine's fixed step, in seconds (1/120).
    pub dt: f64,
    /// The step budget of one run.
    pub max_steps: u32,
}

impl PlayRules {
    pub fn current() -> Self {
        Self {
            rules_version: RULES_VERSION,
            field_width: FIELD_WIDTH,
            field_height: FIELD_HEIGHT,
            ball_radius: BALL_RADIUS,
            wall_radius: WALL_RADIUS,
            ramp_length: RAMP_LENGTH,
            ramp_radius: RAMP_RADIUS,
            fan_housing: FAN_HOUSING,
            fan_radius: FAN_RADIUS,
            fan_reach: FAN_REACH,
            fan_half_width: FAN_HALF_WIDTH,
            bumper_radius: BUMPER_RADIUS,
            gear_radius: GEAR_RADIUS,
            dt: DT,
            max_steps: MAX_STEPS,
        }
    }
}

/// A level to play: the seed's shipped world and the sweep's solving ramps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayLevel {
    pub seed: u32,
    pub level_hash: String,
    pub world: World,
    /// Whether the generator shipped its fallback (no single ramp solves it).
    pub fallback: bool,
    /// Every placement of the shipped attempt's sweep that reaches the goal, in
    /// sweep order (inspector mode: all 144 were simulated).
    pub hints: Vec<Placement>,
    pub rules: PlayRules,
}

/// The engine's verdict on one part: `None` when it may go there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PartCheck {
    pub ok: bool,
    /// The engine's reason in words (its `Display`), when refused.
    pub message: Option<String>,
    pub error: Option<PlacementError>,
}

impl PartCheck {
    fn from(result: Result<(), PlacementError>) -> Self {
        match result {
            Ok(()) => Self {
                ok: true,
                message: None,
                error: None,
            },
            Err(e) => Self {
                ok: false,
                message: Some(e.to_string()),
                error: Some(e),
            },
        }
    }
}

/// How many parts of each kind a set of placements uses.
pub fn parts_used(placements: &[Placement]) -> Inventory {
    let mut used = Inventory::default();
    for p in placements {
        match p.part {
            PartKind::Ramp => used.ramp += 1,
            PartKind::Fan => used.fan += 1,
            PartKind::Bumper => used.bumper += 1,
            PartKind::Gear => used.gear += 1,
        }
    }
    used
}

/// One run of the engine on the player's parts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayRun {
    pub seed: u32,
    pub placements: Vec<Placement>,
    /// `simulate(world, placements, with_trajectory(1))`: the start and the ball's
    /// centre after every step.
    pub result: SimResult,
    /// Simulated seconds until the outcome (`steps × dt`).
    pub seconds: f64,
    pub parts_used: Inventory,
}

/// A solution file written or read by the play window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SolutionFile {
    pub path: String,
    pub solution: Solution,
    /// The engine's replay of the solution (`contraption::solution::replay`).
    pub run: PlayRun,
}

/// Everything the play commands can refuse or fail with.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlayError {
    /// The engine refused the placements.
    #[error("{error}")]
    Placement { error: PlacementError },
    /// The engine refused the solution file.
    #[error("{error}")]
    Solution { error: SolutionError },
    #[error("could not {action} {path}: {message}")]
    Io {
        action: String,
        path: String,
        message: String,
    },
    #[error("part {index} does not exist; {count} parts are placed")]
    NoSuchPart { index: u32, count: u32 },
    #[error("the dialog could not return a file path")]
    Dialog,
    #[error("the play window could not be opened: {message}")]
    Window { message: String },
    #[error("the background worker stopped unexpectedly")]
    WorkerFailed,
}

/// What a failed play command returns to the UI: the typed error and its message
/// (the same shape as `CommandError`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayCommandError {
    pub message: String,
    pub error: PlayError,
}

impl From<PlayError> for PlayCommandError {
    fn from(error: PlayError) -> Self {
        Self {
            message: error.to_string(),
            error,
        }
    }
}

/// Shipped worlds by seed, so checks while dragging do not regenerate the level.
#[derive(Default)]
pub struct Levels {
    worlds: Mutex<BTreeMap<u32, (String, World)>>,
}

impl Levels {
    /// The shipped level hash and world of `seed` (the engine's game-mode `generate`).
    pub fn world(&self, seed: u32) -> (String, World) {
        if let Some(w) = self.worlds.lock().unwrap().get(&seed) {
            return w.clone();
        }
        let shipped = generate(&ValidRules::default(), seed, &GenerateOptions::game()).shipped;
        let entry = (shipped.level_hash, shipped.world);
        let mut worlds = self.worlds.lock().unwrap();
        if worlds.len() > 64 {
            worlds.clear();
        }
        worlds.insert(seed, entry.clone());
        entry
    }
}

/// The level of `seed` as the game ships it, with the sweep's solving ramps.
pub fn play_level(seed: u32) -> PlayLevel {
    let report = generate(&ValidRules::default(), seed, &GenerateOptions::inspector());
    let shipped_attempt = report.shipped_attempt();
    let hints = shipped_attempt
        .sweep
        .as_ref()
        .map(|s| {
            s.placements
                .iter()
                .filter(|e| e.result == SweepResult::Goal)
                .map(|e| Placement::ramp(e.x, e.y, e.angle))
                .collect()
        })
        .unwrap_or_default();
    PlayLevel {
        seed,
        level_hash: report.shipped.level_hash.clone(),
        world: report.shipped.world.clone(),
        fallback: report.shipped.fallback,
        hints,
        rules: PlayRules::current(),
    }
}

/// Whether `candidate` may stand in place of part `index` (0-based; `index ==
/// placements.len()` adds a new part) next to the other parts: the engine's
/// `check_placement` against the world and every other part, then the inventory
/// count as `check_placements` words it. Part numbers in the reason are the
/// player's (1-based positions in `placements`).
pub fn check_part(
    world: &World,
    placements: &[Placement],
    index: usize,
    candidate: &Placement,
) -> Result<PartCheck, PlayError> {
    if index > placements.len() {
        return Err(PlayError::NoSuchPart {
            index: index as u32 + 1,
            count: placements.len() as u32,
        });
    }
    let others: Vec<Placement> = placements
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != index)
        .map(|(_, p)| *p)
        .collect();
    let result =
        check_placement(&ValidRules::default(), world, &others, candidate).map_err(|e| match e {
            // `other` numbers the parts without the moved one; give the player's number.
            PlacementError::OverlapsPart { part, other } => PlacementError::OverlapsPart {
                part,
                other: if other > index { other + 1 } else { other },
            },
            e => e,
        });
    let result = result.and_then(|()| {
        let wanted = others.iter().filter(|p| p.part == candidate.part).count() as u32 + 1;
        let granted = world.inventory.count(candidate.part);
        if wanted > granted {
            Err(PlacementError::NotInInventory {
                part: candidate.part.name().to_owned(),
                granted,
                wanted,
            })
        } else {
            Ok(())
        }
    });
    Ok(PartCheck::from(result))
}

/// Runs the player's parts: refused unless `check_placements` accepts them (the
/// rules the solution replay applies), then `simulate` with every step recorded.
pub fn run(seed: u32, world: &World, placements: &[Placement]) -> Result<PlayRun, PlayError> {
    let rules = ValidRules::default();
    check_placements(&rules, world, placements).map_err(|error| PlayError::Placement { error })?;
    let result = simulate(
        &rules,
        world,
        placements,
        &SimOptions::with_trajectory(RUN_STRIDE),
    );
    Ok(play_run(seed, placements, result))
}

fn play_run(seed: u32, placements: &[Placement], result: SimResult) -> PlayRun {
    PlayRun {
        seed,
        placements: placements.to_vec(),
        seconds: f64::from(result.steps) * DT,
        parts_used: parts_used(placements),
        result,
    }
}

/// The solution the play window saves for `placements` on `seed`: the engine's
/// `new_solution` with the current rules and level hash. Illegal placements are
/// refused (the file could never replay).
pub fn solution_for(
    seed: u32,
    level_hash: &str,
    world: &World,
    placements: &[Placement],
) -> Result<Solution, PlayError> {
    let rules = ValidRules::default();
    check_placements(&rules, world, placements).map_err(|error| PlayError::Placement { error })?;
    Ok(new_solution(
        &rules,
        seed,
        level_hash.to_owned(),
        placements.to_vec(),
    ))
}

fn io_error(action: &str, path: &Path, e: std::io::Error) -> PlayError {
    PlayError::Io {
        action: action.to_owned(),
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// Writes the solution file (`solution_text`) and replays what was written.
pub fn write_solution(path: &Path, solution: &Solution) -> Result<SolutionFile, PlayError> {
    std::fs::write(path, solution_text(solution)).map_err(|e| io_error("write", path, e))?;
    read_solution(path)
}

/// Reads a solution file strictly and replays it with the engine's `replay`
/// (another rules version or level, or illegal placements, are refused).
pub fn read_solution(path: &Path) -> Result<SolutionFile, PlayError> {
    let bytes = std::fs::read(path).map_err(|e| io_error("read", path, e))?;
    let solution = parse_solution(&bytes).map_err(|error| PlayError::Solution { error })?;
    let result = replay(&solution, &SimOptions::with_trajectory(RUN_STRIDE))
        .map_err(|error| PlayError::Solution { error })?;
    Ok(SolutionFile {
        path: path.display().to_string(),
        run: play_run(solution.seed, &solution.placements, result),
        solution,
    })
}

/// Whether a run reached the goal.
pub fn won(run: &PlayRun) -> bool {
    run.result.outcome == Outcome::Goal
}

/// The file name the save dialog proposes.
pub fn default_file_name(seed: u32) -> String {
    format!("contraption-{seed}.solution.json")
}

pub use crate::dialogs::DialogAnswer;

/// The label of the play window of `seed`.
pub fn window_label(seed: u32) -> String {
    format!("play-{seed}")
}

/// The page of the play window of `seed`.
pub fn window_url(seed: u32) -> String {
    format!("play.html?seed={seed}")
}

/// Tauri commands of the play window.
pub mod commands {
    use std::sync::Arc;

    use contraption::Placement;
    use tauri::{AppHandle, Manager, State, WebviewUrl, WebviewWindowBuilder};

    use super::*;
    use crate::dialogs::{open_path, save_path, FileKind};

    const SOLUTION: FileKind<'static> = FileKind {
        name: "Contraption solution",
        extension: "json",
    };

    type Reply<T> = Result<T, PlayCommandError>;

    async fn blocking<T: Send + 'static>(
        f: impl FnOnce() -> Result<T, PlayError> + Send + 'static,
    ) -> Reply<T> {
        tauri::async_runtime::spawn_blocking(f)
            .await
            .map_err(|_| PlayError::WorkerFailed)?
            .map_err(PlayCommandError::from)
    }

    /// Opens (or focuses) the play window of `seed`; returns its label.
    #[tauri::command]
    pub async fn open_play(app: AppHandle, seed: u32) -> Reply<String> {
        let label = window_label(seed);
        if let Some(w) = app.get_webview_window(&label) {
            let _ = w.unminimize();
            let _ = w.set_focus();
            return Ok(label);
        }
        WebviewWindowBuilder::new(&app, &label, WebviewUrl::App(window_url(seed).into()))
            .title(format!("Play seed {seed} — Contraption Level Studio"))
            .inner_size(1280.0, 900.0)
            .min_inner_size(900.0, 640.0)
            .build()
            .map_err(|e| PlayError::Window {
                message: e.to_string(),
            })?;
        Ok(label)
    }

    #[tauri::command]
    pub async fn play_level(levels: State<'_, Arc<Levels>>, seed: u32) -> Reply<PlayLevel> {
        let levels = levels.inner().clone();
        blocking(move || {
            let level = super::play_level(seed);
            // Warm the cache the checks use.
            let _ = levels.world(seed);
            Ok(level)
        })
        .await
    }

    #[tauri::command]
    pub fn check_part(
        levels: State<'_, Arc<Levels>>,
        seed: u32,
        placements: Vec<Placement>,
        index: u32,
        candidate: Placement,
    ) -> Reply<PartCheck> {
        let (_, world) = levels.world(seed);
        super::check_part(&world, &placements, index as usize, &candidate)
            .map_err(PlayCommandError::from)
    }

    #[tauri::command]
    pub async fn run_play(
        levels: State<'_, Arc<Levels>>,
        seed: u32,
        placements: Vec<Placement>,
    ) -> Reply<PlayRun> {
        let levels = levels.inner().clone();
        blocking(move || {
            let (_, world) = levels.world(seed);
            super::run(seed, &world, &placements)
        })
        .await
    }

    /// Asks where to save (native dialog), writes the solution and replays it.
    /// `None` when the player cancels the dialog.
    #[tauri::command]
    pub async fn save_solution(
        app: AppHandle,
        levels: State<'_, Arc<Levels>>,
        answer: State<'_, DialogAnswer>,
        seed: u32,
        placements: Vec<Placement>,
    ) -> Reply<Option<SolutionFile>> {
        let levels = levels.inner().clone();
        let answer = answer.inner().clone();
        blocking(move || {
            let (hash, world) = levels.world(seed);
            let solution = solution_for(seed, &hash, &world, &placements)?;
            let path = save_path(
                &app,
                &answer,
                "Save the solution",
                SOLUTION,
                default_file_name(seed),
            )
            .map_err(|_| PlayError::Dialog)?;
            path.map(|p| write_solution(&p, &solution)).transpose()
        })
        .await
    }

    /// Asks which solution to open (native dialog), reads and replays it.
    /// `None` when the player cancels the dialog.
    #[tauri::command]
    pub async fn open_solution(
        app: AppHandle,
        answer: State<'_, DialogAnswer>,
    ) -> Reply<Option<SolutionFile>> {
        let answer = answer.inner().clone();
        blocking(move || {
            let path = open_path(&app, &answer, "Open a solution", SOLUTION)
                .map_err(|_| PlayError::Dialog)?;
            path.map(|p| read_solution(&p)).transpose()
        })
        .await
    }
}
