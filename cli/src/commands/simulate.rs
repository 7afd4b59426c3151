//! `contraption simulate FILE [--trajectory N]`.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use contraption::{check_placements, parse_scene, simulate, SimOptions};
use serde_json::json;

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// The largest scene file read: the engine's scene reader's limit (1 MiB).
pub const MAX_SCENE_BYTES: u64 = contraption::scenes::MAX_SCENE_FILE_BYTES as u64;
/// The most placements a scene may hold.
pub const MAX_PLACEMENTS: usize = 64;

/// Simulate a world given as JSON: {"world": ..., "placements": [...]} or a bare
/// world. At most 1 MiB and 64 placements.
#[derive(clap::Args)]
pub struct Args {
    /// A JSON file, or - for standard input.
    file: String,
    /// Include the ball's trajectory, sampled every N steps.
    #[arg(long, value_name = "N")]
    trajectory: Option<u32>,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let file = &args.file;
    let bytes = if file == "-" {
        contraption_io::read_stdin_bounded(MAX_SCENE_BYTES)?
    } else {
        contraption_io::read_file_bounded(Path::new(file), MAX_SCENE_BYTES)?
    };
    let scene = parse_scene(&bytes).with_context(|| format!("{file} is not a world"))?;
    if scene.placements.len() > MAX_PLACEMENTS {
        bail!(
            "{file} has {} placements; a scene has at most {MAX_PLACEMENTS}",
            scene.placements.len()
        );
    }
    scene
        .world
        .validate(&ctx.rules)
        .with_context(|| format!("{file} is not a valid world"))?;
    if let Some(bad) = scene.placements.iter().find(|p| !p.is_finite()) {
        bail!(
            "a {} placement has a coordinate that is not a finite number",
            bad.part.name()
        );
    }
    let problem = check_placements(&ctx.rules, &scene.world, &scene.placements).err();
    let options = SimOptions::with_trajectory(args.trajectory.unwrap_or(0));
    let result = simulate(&ctx.rules, &scene.world, &scene.placements, &options);
    if ctx.json {
        out.json(&json!({
            "outcome": result.outcome,
            "steps": result.steps,
            "closest": result.closest,
            "placement_problem": problem.as_ref().map(|e| e.to_string()),
            "trajectory": result.trajectory,
        }))?;
    } else {
        writeln!(
            out,
            "{} after {} steps; closest approach {:.3}",
            format!("{:?}", result.outcome).to_lowercase(),
            result.steps,
            result.closest
        )?;
        if let Some(e) = problem {
            eprintln!(
                "note: the game would refuse these placements: {}",
                crate::term::printable(&e.to_string())
            );
        }
    }
    Ok(Exit::Success)
}
