//! Argument types shared by several commands: seeds, seed ranges, catalogs.

use std::path::Path;

use anyhow::{bail, Context, Result};
use contraption::rules_file::MAX_RULES_FILE_BYTES;
use contraption::{parse_rules_file, parse_seed, ParsedSeed, SeedRange, ValidRules};

/// clap value parser for a SEED in any form a person types.
pub fn seed(text: &str) -> Result<ParsedSeed, String> {
    parse_seed(text).map_err(|e| crate::term::printable(&e.to_string()).into_owned())
}

/// Reads a rules file (at most 64 KiB, a regular file) and validates it; the error
/// names the field, its value and what is allowed.
pub fn load_rules(path: &Path) -> Result<ValidRules> {
    let bytes = contraption_io::read_file_bounded(path, MAX_RULES_FILE_BYTES as u64)?;
    parse_rules_file(&bytes)
        .with_context(|| format!("{} was refused as a rules file", crate::term::path(path)))
}

/// A rules argument: `v1` for the default rules, else a rules file (read and
/// validated as [`load_rules`] does).
pub fn rules_arg(text: &Path) -> Result<ValidRules> {
    if text == Path::new(contraption::DEFAULT_RULES_NAME) {
        return Ok(ValidRules::default());
    }
    load_rules(text)
}

/// Refuses slow rules (one seed over the everyday work budget at the very worst)
/// unless `allowed` (`--allow-slow`); `what` names where they came from.
pub fn refuse_slow(rules: &ValidRules, what: &str, allowed: bool) -> Result<()> {
    if rules.is_slow() && !allowed {
        bail!(
            "{what}: these rules are slow ({}); run with --allow-slow to use them anyway",
            rules.worst_case().describe()
        );
    }
    Ok(())
}

/// Where `path` leads: the file itself when it exists (through links), else its
/// directory's real path joined with its name.
fn resolved(path: &Path) -> Option<std::path::PathBuf> {
    std::fs::canonicalize(path).ok().or_else(|| {
        let name = path.file_name()?;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        Some(std::fs::canonicalize(dir).ok()?.join(name))
    })
}

/// Refuses two outputs that name one file: the same path as given, or two
/// paths that lead to one file (a link, `./x` and `x`), existing or not yet.
pub fn refuse_one_file(a: (&str, &Path), b: (&str, &Path)) -> Result<()> {
    let same = resolved(a.1).is_some_and(|c| resolved(b.1).is_some_and(|p| p == c));
    if a.1 == b.1 || same {
        bail!(
            "{} and {} name one file ({}); give each its own",
            a.0,
            b.0,
            crate::term::path(a.1)
        );
    }
    Ok(())
}

/// Parses `FROM..TO` (TO excluded, at most 2^32), as the engine's [`SeedRange`]
/// reads it.
pub fn parse_range(text: &str) -> Result<(u64, u64)> {
    let range = SeedRange::parse(text)?;
    Ok((range.from(), range.to()))
}

/// Opens a catalog, saying on stderr when an unusable file had to be moved aside.
pub fn open_catalog(path: &Path) -> Result<contraption_catalog::Catalog> {
    report_opened(contraption_catalog::Catalog::open(path)?, path)
}

/// Opens a catalog for a command that only reads it: read-only when the file is
/// ours and current, so it works in a read-only directory and changes nothing.
pub fn open_catalog_read_only(path: &Path) -> Result<contraption_catalog::Catalog> {
    report_opened(contraption_catalog::Catalog::open_read_only(path)?, path)
}

fn report_opened(
    opened: contraption_catalog::Opened,
    path: &Path,
) -> Result<contraption_catalog::Catalog> {
    if let (Some(aside), Some(reason)) = (&opened.moved_aside, &opened.reason) {
        eprintln!(
            "warning: {} could not be used ({}); it was moved to {} and a new catalog was created",
            crate::term::path(path),
            crate::term::printable(reason),
            crate::term::path(aside)
        );
    }
    Ok(opened.catalog)
}

/// A file that embeds its rules (a level or solution file) is judged under them;
/// `--rules FILE` there is only a claim about them, refused when it is wrong.
pub fn check_embedded_rules(
    ctx: &crate::Ctx,
    what: &Path,
    embedded: Option<&ValidRules>,
) -> Result<()> {
    let Some(given) = &ctx.rules_file else {
        return Ok(());
    };
    let Some(embedded) = embedded else {
        return Ok(());
    };
    if embedded.id() != ctx.rules.id() {
        bail!(
            "{} was made under rules {} (id {}), not the rules of {} (id {}); it is checked under its own rules: leave out --rules",
            crate::term::path(what),
            embedded.name(),
            embedded.id(),
            crate::term::path(given),
            ctx.rules.id()
        );
    }
    Ok(())
}

/// clap value parser for a pin (`1:goal.x=40`, `1:goal.x=raw:123`, `2:walls[3]=drop`).
pub fn pin(text: &str) -> Result<contraption::Pin, String> {
    contraption::Pin::parse(text).map_err(|e| crate::term::printable(&e.to_string()).into_owned())
}

/// A solution file named on the command line (`replay`, `render --animate`,
/// `export --solution`): read with its bound and strictly; the rules it embeds
/// must be the `--rules` file's when one is given, and slow ones are refused
/// unless `--allow-slow`.
pub fn read_solution(ctx: &crate::Ctx, file: &Path) -> Result<contraption::Solution> {
    let bytes = contraption_io::read_file_bounded(
        file,
        contraption::solution::MAX_SOLUTION_FILE_BYTES as u64,
    )?;
    let solution = contraption::parse_solution(&bytes)
        .with_context(|| format!("{} was refused", file.display()))?;
    check_embedded_rules(ctx, file, solution.made_under().as_ref())?;
    if let Some(embedded) = solution.made_under() {
        refuse_slow(
            &embedded,
            &format!("the rules embedded in {}", crate::term::path(file)),
            ctx.allow_slow,
        )?;
    }
    Ok(solution)
}
