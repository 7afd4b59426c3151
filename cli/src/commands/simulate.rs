//! `contraption simulate FILE [--trajectory N]`.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use contraption::{check_placements, simulate, Scene, SimOptions};
use serde_json::json;

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// The largest scene file read (a world has at most 64 walls; this leaves room
/// for generous formatting).
pub const MAX_SCENE_BYTES: u64 = 1 << 20;
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
    let text = String::from_utf8(bytes).with_context(|| format!("{file} is not UTF-8 text"))?;
    let scene = read_scene(&text).with_context(|| format!("{file} is not a world"))?;
    if scene.placements.len() > MAX_PLACEMENTS {
        bail!(
            "{file} has {} placements; a scene has at most {MAX_PLACEMENTS}",
            scene.placements.len()
        );
    }
    scene
        .world
        .validate()
        .with_context(|| format!("{file} is not a valid world"))?;
    if let Some(bad) = scene.placements.iter().find(|p| !p.is_finite()) {
        bail!(
            "a {} placement has a coordinate that is not a finite number",
            bad.part.name()
        );
    }
    let problem = check_placements(&scene.world, &scene.placements).err();
    let options = SimOptions::with_trajectory(args.trajectory.unwrap_or(0));
    let result = simulate(&scene.world, &scene.placements, &options);
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

/// A scene (an object with a `world` key), or a bare world with no placements.
fn read_scene(text: &str) -> Result<Scene> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    if value.get("world").is_some() {
        Ok(serde_json::from_value(value)?)
    } else {
        Ok(Scene {
            world: serde_json::from_value(value)?,
            placements: Vec::new(),
        })
    }
}
