//! `contraption share SEED-OR-CODE`.

use std::io::Write;

use anyhow::{anyhow, Result};
use contraption::{
    encode_share_code, parse_seed, share_code, SeedSource, ShareCode, RULES_VERSION,
};
use serde_json::json;

use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

/// The share code of a seed, or what a share code names. Share codes name levels
/// of the default rules only: under other rules (--rules) a seed is refused (share
/// the level file from `contraption export`, which embeds its rules).
#[derive(clap::Args)]
pub struct Args {
    /// A seed, or a share code (CT-XXXX-XXXX-XXXX) to decode.
    #[arg(allow_hyphen_values = true)]
    text: String,
}

pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let parsed = parse_seed(&args.text).map_err(|e| anyhow!("{e}"))?;
    let (code, encoded) = match parsed.source {
        SeedSource::ShareCode { rules_version, .. } => {
            let code = ShareCode {
                seed: parsed.seed,
                rules_version,
            };
            if !ctx.rules.is_default() {
                eprintln!(
                    "note: a share code names a level of the default rules (v1); --rules does not apply to it"
                );
            }
            (code, encode_share_code(code)?)
        }
        // A seed: its code under the rules in force (refused for rules other
        // than the default ones, which a share code cannot name).
        _ => (
            ShareCode {
                seed: parsed.seed,
                rules_version: RULES_VERSION,
            },
            share_code(&ctx.rules, parsed.seed)?,
        ),
    };
    if ctx.json {
        out.json(&json!({
            "code": encoded,
            "seed": code.seed,
            "rules_version": code.rules_version,
            "current_rules": code.rules_version == RULES_VERSION,
        }))?;
    } else {
        writeln!(
            out,
            "{encoded}  seed {}  rules v{}",
            code.seed, code.rules_version
        )?;
        if code.rules_version != RULES_VERSION {
            writeln!(
                out,
                "warning: made with rules v{}; this engine has rules v{RULES_VERSION}, so the level may differ",
                code.rules_version,
            )?;
        }
    }
    Ok(Exit::Success)
}
