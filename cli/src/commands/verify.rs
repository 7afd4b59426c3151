//! `contraption verify FILE`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use contraption::{parse_level_file, verify};

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// Check a level file: refuse malformed or tampered files, regenerate its seed and
/// list any drift. Exit 0 when identical, 1 when refused, 3 when the rules drifted.
#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let file = &args.file;
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let level =
        parse_level_file(&bytes).with_context(|| format!("{} was refused", file.display()))?;
    let v = verify(&level);
    if ctx.json {
        out.json(&v)?;
    } else if v.identical {
        writeln!(
            out,
            "{}: seed {} regenerates identically with rules v{} (level {})",
            file.display(),
            v.seed,
            v.rules_version,
            v.regenerated_hash
        )?;
    } else {
        writeln!(
            out,
            "{}: seed {} drifted: the file (rules v{}, level {}) differs from rules v{} (level {}) in {} field(s):",
            file.display(),
            v.seed,
            v.file_rules_version,
            v.file_hash,
            v.rules_version,
            v.regenerated_hash,
            v.drift.len()
        )?;
        for d in &v.drift {
            writeln!(out, "  {}: {} -> {}", d.field, d.file, d.now)?;
        }
    }
    if v.identical {
        Ok(Exit::Success)
    } else {
        eprintln!("error: the level drifted from the current rules");
        Ok(Exit::Drifted)
    }
}
