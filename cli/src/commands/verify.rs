//! `contraption verify FILE`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use contraption::level_file::MAX_LEVEL_FILE_BYTES;
use contraption::{parse_level_file, verify};

use crate::exit::Exit;
use crate::output::Out;
use crate::term;
use crate::Ctx;

/// Check a level file: refuse malformed or tampered files, regenerate its seed and
/// list any drift. Exit 0 when identical, 1 when refused, 3 when the rules drifted.
/// The file is regenerated under the rules it names or embeds; with --rules, those
/// must be the file's rules (else it is refused).
#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let file = &args.file;
    let bytes = contraption_io::read_file_bounded(file, MAX_LEVEL_FILE_BYTES as u64)?;
    let level =
        parse_level_file(&bytes).with_context(|| format!("{} was refused", file.display()))?;
    crate::args::check_embedded_rules(ctx, file, level.made_under().as_ref())?;
    if let Some(embedded) = level.made_under() {
        crate::args::refuse_slow(
            &embedded,
            &format!("the rules embedded in {}", crate::term::path(file)),
            ctx.allow_slow,
        )?;
    }
    let v = verify(&level);
    let name = term::path(file);
    if ctx.json {
        out.json(&v)?;
    } else if let (true, Some(pins)) = (v.identical, &level.edited) {
        let pins: Vec<String> = pins.iter().map(|p| p.to_string()).collect();
        writeln!(
            out,
            "{}: an edited level (attempt {} of seed {} with {}): its pins give the same candidate and verdict again with rules {} (level {})",
            name,
            level.verdict.shipped_attempt,
            v.seed,
            pins.join(", "),
            crate::rules_label(&v.rules_id),
            v.regenerated_hash
        )?;
    } else if v.identical {
        writeln!(
            out,
            "{}: seed {} regenerates identically with rules {} (level {})",
            name,
            v.seed,
            crate::rules_label(&v.rules_id),
            v.regenerated_hash
        )?;
    } else {
        writeln!(
            out,
            "{}: seed {} drifted: the file (rules v{}, level {}) differs from rules v{}{} (level {}) in {} field(s):",
            name,
            v.seed,
            v.file_rules_version,
            term::printable(&v.file_hash),
            v.rules_version,
            if v.rules_id == contraption::DEFAULT_RULES_ID {
                String::new()
            } else {
                format!(" with rules {}", v.rules_id)
            },
            v.regenerated_hash,
            v.drift.len()
        )?;
        for d in &v.drift {
            writeln!(
                out,
                "  {}: {} -> {}",
                term::printable(&d.field.to_string()),
                term::printable(&d.file.to_string()),
                term::printable(&d.now.to_string())
            )?;
        }
    }
    if v.identical {
        Ok(Exit::Success)
    } else {
        eprintln!("error: the level drifted from the current rules");
        Ok(Exit::Drifted)
    }
}
