//! `contraption bookmarks`: the studio's bookmarks from the command line.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Subcommand;
use contraption::ParsedSeed;
use contraption_catalog::BookmarkInput;

use crate::exit::Exit;
use crate::output::Out;
use crate::term::printable;
use crate::Ctx;

/// Bookmarked seeds, in the studio's catalog (or --db PATH).
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
    /// The catalog file (default: the studio's, or $CONTRAPTION_DB).
    #[arg(long, global = true, value_name = "PATH")]
    db: Option<PathBuf>,
}

#[derive(Subcommand)]
pub enum Action {
    /// Bookmark a seed with a note and tags, under the rules in force (one
    /// bookmark per seed and rules).
    Add {
        #[arg(value_parser = crate::args::seed, allow_hyphen_values = true)]
        seed: ParsedSeed,
        #[arg(long, default_value = "")]
        note: String,
        /// A tag (repeat for several).
        #[arg(long = "tag")]
        tags: Vec<String>,
    },
    /// List bookmarks, newest first, optionally only those matching a search.
    List {
        #[arg(long)]
        search: Option<String>,
    },
    /// Replace a bookmark's note and tags.
    Edit {
        id: i64,
        #[arg(long, default_value = "")]
        note: String,
        #[arg(long = "tag")]
        tags: Vec<String>,
    },
    /// Delete a bookmark.
    Remove { id: i64 },
    /// Regenerate every seed bookmarked under the rules in force and report which
    /// levels changed (exit 3 when any did).
    Check,
}

/// Runs an action; `check` exits with [`Exit::Drifted`] when a level changed.
pub fn run(args: Args, ctx: &Ctx, out: &mut Out) -> Result<Exit> {
    let path = args.db.unwrap_or_else(contraption_catalog::default_path);
    let mut catalog = match args.action {
        Action::List { .. } | Action::Check => crate::args::open_catalog_read_only(&path)?,
        _ => crate::args::open_catalog(&path)?,
    };
    let json = ctx.json;
    let mut changed = false;
    match args.action {
        Action::Add { seed, note, tags } => {
            let b = catalog.add_bookmark(&ctx.rules, seed.seed, &BookmarkInput { note, tags })?;
            if json {
                out.json(&b)?;
            } else {
                writeln!(
                    out,
                    "bookmark {} on seed {} under rules {} (level {})",
                    b.id,
                    b.seed,
                    crate::rules_label(&b.rules_id),
                    printable(&b.level_hash)
                )?;
            }
        }
        Action::Edit { id, note, tags } => {
            let b = catalog.update_bookmark(id, &BookmarkInput { note, tags })?;
            if json {
                out.json(&b)?;
            } else {
                writeln!(out, "bookmark {} updated", b.id)?;
            }
        }
        Action::Remove { id } => {
            catalog.delete_bookmark(id)?;
            if !json {
                writeln!(out, "bookmark {id} removed")?;
            } else {
                out.json(&serde_json::json!({ "removed": id }))?;
            }
        }
        Action::List { search } => {
            let list = catalog.bookmarks(search.as_deref())?;
            if json {
                out.json(&list)?;
            } else {
                for b in &list {
                    writeln!(
                        out,
                        "{:>4}  seed {:<10}  rules {}  level {}  [{}]  {}",
                        b.id,
                        b.seed,
                        printable(&crate::rules_label(&b.rules_id)),
                        printable(&b.level_hash),
                        b.tags
                            .iter()
                            .map(|t| printable(t))
                            .collect::<Vec<_>>()
                            .join(", "),
                        printable(&b.note)
                    )?;
                }
            }
        }
        Action::Check => {
            let checks = catalog.check_bookmarks(&ctx.rules)?;
            let others = catalog
                .bookmarks(None)?
                .iter()
                .filter(|b| b.rules_id != ctx.rules.id())
                .count();
            if others > 0 {
                eprintln!(
                    "note: {others} bookmark(s) of other rules were not checked; check them with --rules and their rules file"
                );
            }
            changed = checks.iter().any(|c| c.changed);
            if json {
                out.json(&checks)?;
            } else {
                for c in &checks {
                    writeln!(
                        out,
                        "{:>4}  seed {:<10}  {}",
                        c.bookmark.id,
                        c.bookmark.seed,
                        if c.changed {
                            format!(
                                "CHANGED: level {} (rules v{}) is now {} (rules v{})",
                                printable(&c.bookmark.level_hash),
                                c.bookmark.rules_version,
                                c.current_hash,
                                c.current_rules_version
                            )
                        } else {
                            format!("unchanged (level {})", c.current_hash)
                        }
                    )?;
                }
                let n = checks.iter().filter(|c| c.changed).count();
                writeln!(out, "{n} of {} bookmarked levels changed", checks.len())?;
            }
        }
    }
    if changed {
        eprintln!("error: the level drifted from the current rules");
        Ok(Exit::Drifted)
    } else {
        Ok(Exit::Success)
    }
}
