//! `contraption simulate FILE [--trajectory N]`.

use std::io::{Read, Write};

use anyhow::{bail, Context, Result};
use contraption::{check_placements, parse_scene, simulate, SimOptions};
use serde_json::json;

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// Simulate a world given as JSON: {"world": ..., "placements": [...]} or a bare world.
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
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        s
    } else {
        std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?
    };
    let scene = parse_scene(text.as_bytes()).with_context(|| format!("{file} is not a world"))?;
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
            eprintln!("note: the game would refuse these placements: {e}");
        }
    }
    Ok(Exit::Success)
}
