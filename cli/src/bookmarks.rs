//! `contraption bookmarks`: the studio's bookmarks from the command line.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use clap::Subcommand;
use contraption::ParsedSeed;
use contraption_catalog::BookmarkInput;

#[derive(Subcommand)]
pub enum Action {
    /// Bookmark a seed with a note and tags.
    Add {
        #[arg(value_parser = crate::seed_arg, allow_hyphen_values = true)]
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
    /// Regenerate every bookmarked seed and report which levels changed
    /// (exit 3 when any did).
    Check,
}

/// Runs an action; returns what to print and whether `check` found changes.
pub fn run(action: Action, path: &Path, json: bool) -> Result<(String, bool)> {
    let mut catalog = crate::scan::open_catalog(path)?;
    let mut out = String::new();
    let mut changed = false;
    match action {
        Action::Add { seed, note, tags } => {
            let b = catalog.add_bookmark(seed.seed, &BookmarkInput { note, tags })?;
            if json {
                out = crate::json_text(&b)?;
            } else {
                writeln!(
                    out,
                    "bookmark {} on seed {} (level {})",
                    b.id, b.seed, b.level_hash
                )?;
            }
        }
        Action::Edit { id, note, tags } => {
            let b = catalog.update_bookmark(id, &BookmarkInput { note, tags })?;
            if json {
                out = crate::json_text(&b)?;
            } else {
                writeln!(out, "bookmark {} updated", b.id)?;
            }
        }
        Action::Remove { id } => {
            catalog.delete_bookmark(id)?;
            if !json {
                writeln!(out, "bookmark {id} removed")?;
            } else {
                out = crate::json_text(&serde_json::json!({ "removed": id }))?;
            }
        }
        Action::List { search } => {
            let list = catalog.bookmarks(search.as_deref())?;
            if json {
                out = crate::json_text(&list)?;
            } else {
                for b in &list {
                    writeln!(
                        out,
                        "{:>4}  seed {:<10}  rules v{}  level {}  [{}]  {}",
                        b.id,
                        b.seed,
                        b.rules_version,
                        b.level_hash,
                        b.tags.join(", "),
                        b.note
                    )?;
                }
            }
        }
        Action::Check => {
            let checks = catalog.check_bookmarks()?;
            changed = checks.iter().any(|c| c.changed);
            if json {
                out = crate::json_text(&checks)?;
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
                                c.bookmark.level_hash,
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
    Ok((out, changed))
}
