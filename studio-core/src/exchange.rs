//! Export and share: level files, pictures and share codes, and the import that
//! verifies what it reads.
//!
//! Pure wiring: the bytes written are exactly the engine's `level_file_text`
//! and the render crate's `render_attempt` (the same functions the CLI's `export`
//! and `render` call, so both write identical files); reading is the engine's
//! strict `parse_level_file` followed by `verify` (regenerate and diff). Files are
//! written atomically and read with a bound (`contraption-io`, as the CLI does).

use std::path::Path;

use contraption::level_file::MAX_LEVEL_FILE_BYTES;
use contraption::{
    export_level, level_file_text, new_solution, parse_level_file, share_code, verify, LevelFile,
    LevelFileError, ValidRules, Verification, RULES_VERSION,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::files::FileError;
use crate::files::{self, ReadFailure};
use crate::rules_book::RulesBook;
use crate::slow::{self, SlowRules};

/// Why an export or import failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ExchangeError {
    /// The file was refused; nothing in the studio changed.
    #[error("{path} was refused: {error}")]
    Refused { path: String, error: LevelFileError },
    /// A level file, picture or CSV that could not be read or written.
    #[error("{0}")]
    ExchangeIo(FileError),
    #[error("the picture could not be made: {reason}")]
    Picture { reason: String },
    /// The file embeds slow rules and they were not asked for: nothing was
    /// regenerated (read it again with `allow_slow`).
    #[error("{0}")]
    SlowRules(Box<SlowRules>),
}

/// What a picture shows (the render crate's `Shows`): the level with the bare
/// ball's path and the solving ramp, the puzzle alone, or the sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PictureKind {
    Solution,
    Puzzle,
    Sweep,
}

impl PictureKind {
    pub fn shows(self) -> contraption_render::Shows {
        match self {
            PictureKind::Solution => contraption_render::Shows::Solution,
            PictureKind::Puzzle => contraption_render::Shows::Puzzle,
            PictureKind::Sweep => contraption_render::Shows::Sweep,
        }
    }

    /// The suggested file name's tail: `contraption-42-puzzle.png`.
    pub fn file_suffix(self) -> &'static str {
        match self {
            PictureKind::Solution => "",
            PictureKind::Puzzle => "-puzzle",
            PictureKind::Sweep => "-sweep",
        }
    }
}

/// A file the studio wrote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct WrittenFile {
    pub path: String,
    pub bytes: u32,
}

/// A level file read back and checked: regenerated under the rules it was made
/// under (the ones it embeds, or the default rules).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImportedLevel {
    pub path: String,
    pub file: LevelFile,
    pub verification: Verification,
    /// The id of the file's rules (remembered by the studio: `open_play` can play
    /// the level under them).
    pub rules_id: String,
    /// `v1` for the default rules, else the id.
    pub rules_name: String,
    /// Whether the file's rules are the studio's rules in force.
    pub in_force: bool,
}

/// The share code of a seed under the rules in force, and what it names; none
/// under rules other than the default ones (a share code names a seed of the
/// default rules only: under other rules it would name another level).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SharedSeed {
    /// The code, under the default rules; null under any other rules.
    pub code: Option<String>,
    pub seed: u32,
    pub rules_version: u32,
    /// The rules in force the answer is for (their id).
    pub rules_id: String,
    /// Why there is no code (the engine's words): share the level file instead.
    pub unavailable: Option<String>,
}

/// Writes `bytes` atomically: a crash never leaves half a file where a good one was.
pub(crate) fn write(path: &Path, bytes: &[u8]) -> Result<WrittenFile, ExchangeError> {
    files::write(path, bytes).map_err(ExchangeError::ExchangeIo)?;
    Ok(WrittenFile {
        path: path.display().to_string(),
        bytes: bytes.len() as u32,
    })
}

/// The share code of `seed` under `rules` (the rules in force), the engine's
/// `share_code`: none, and why, unless they are the default rules.
pub fn share(rules: &ValidRules, seed: u32) -> SharedSeed {
    let (code, unavailable) = match share_code(rules, seed) {
        Ok(code) => (Some(code), None),
        Err(e) => (None, Some(e.to_string())),
    };
    SharedSeed {
        code,
        seed,
        rules_version: RULES_VERSION,
        rules_id: rules.id().to_owned(),
        unavailable,
    }
}

/// Writes the level file of `seed` under `rules` (the same bytes as `contraption
/// export` under the same rules; other rules than the default are embedded).
pub fn write_level(
    rules: &ValidRules,
    path: &Path,
    seed: u32,
    daily_key: Option<String>,
) -> Result<WrittenFile, ExchangeError> {
    write(
        path,
        level_file_text(&export_level(rules, seed, daily_key)).as_bytes(),
    )
}

/// Writes the one-file web page that plays the level of `seed` under `rules`,
/// with the level's solving ramp to watch when it has one (the same bytes as
/// `contraption export SEED --html PAGE --solution FILE` with a solution file of
/// that ramp, or without `--solution` for a fallback): made from the seed's
/// level file, never from a play window's state.
pub fn write_page(
    rules: &ValidRules,
    path: &Path,
    seed: u32,
    daily_key: Option<String>,
) -> Result<WrittenFile, ExchangeError> {
    let file = export_level(rules, seed, daily_key);
    let solution = file
        .verdict
        .solution
        .map(|ramp| new_solution(rules, seed, file.level_hash.clone(), vec![ramp]));
    let html = contraption_player_page::level_page(rules, &file, solution.as_ref())
        .expect("the level's own solution is always of its level");
    write(path, html.as_bytes())
}

/// Writes an animated GIF of a run in attempt `attempt` (default: the shipped
/// one) of `seed` under `rules`, at the CLI's default frame rate and scale, as the
/// picture *With solution* draws it: the shipped attempt's run with its solving
/// ramp (the same bytes as `contraption render SEED --animate FILE --solution`
/// with a solution file of that ramp); any other attempt's, or a fallback's, bare
/// ball (the bytes of `contraption render SEED --animate FILE [--attempt K]`).
pub fn write_animation(
    rules: &ValidRules,
    path: &Path,
    seed: u32,
    attempt: Option<u32>,
) -> Result<WrittenFile, ExchangeError> {
    let options = contraption_render::AnimateOptions {
        fps: contraption_render::DEFAULT_FPS,
        scale: contraption_render::DEFAULT_SCALE,
    };
    let file = export_level(rules, seed, None);
    let shipped = attempt.is_none_or(|k| k == file.verdict.shipped_attempt);
    let animation = match file.verdict.solution {
        Some(ramp) if shipped => {
            let solution = new_solution(rules, seed, file.level_hash, vec![ramp]);
            contraption_render::animate_solution(rules, seed, &solution, &options)
        }
        _ => contraption_render::animate_attempt(rules, seed, attempt, &options),
    }
    .map_err(|e| ExchangeError::Picture {
        reason: e.to_string(),
    })?;
    write(path, &animation.gif)
}

/// Writes a PNG of attempt `attempt` of `seed` under `rules` (the same bytes as
/// `contraption render` under the same rules).
pub fn write_picture(
    rules: &ValidRules,
    path: &Path,
    seed: u32,
    attempt: Option<u32>,
    scale: f32,
    kind: PictureKind,
) -> Result<WrittenFile, ExchangeError> {
    let png = contraption_render::render_attempt(rules, seed, attempt, scale, kind.shows())
        .map_err(|e| ExchangeError::Picture {
            reason: e.to_string(),
        })?;
    write(path, &png)
}

/// Reads a level file strictly, then regenerates its seed under its rules and
/// lists any drift; the file's rules go in the book. Rules the file embeds that
/// are slow are refused (`slow_rules`, before any generation, and the book
/// stays as it was) unless `allow_slow`.
pub fn read_level(
    book: &RulesBook,
    path: &Path,
    allow_slow: bool,
) -> Result<ImportedLevel, ExchangeError> {
    let refused = |error| ExchangeError::Refused {
        path: path.display().to_string(),
        error,
    };
    let bytes = files::read(path, MAX_LEVEL_FILE_BYTES).map_err(|e| match e {
        ReadFailure::TooLarge(size) => refused(LevelFileError::TooLarge(
            usize::try_from(size).unwrap_or(usize::MAX),
        )),
        ReadFailure::Io(e) => ExchangeError::ExchangeIo(e),
    })?;
    let file = parse_level_file(&bytes).map_err(refused)?;
    let rules = file
        .made_under()
        .expect("parse_level_file refuses a file without its rules");
    slow::check(&rules, Some(path), allow_slow).map_err(ExchangeError::SlowRules)?;
    let verification = verify(&file);
    let rules_id = book.remember(&rules);
    Ok(ImportedLevel {
        path: path.display().to_string(),
        file,
        verification,
        in_force: rules_id == book.in_force().id(),
        rules_name: rules.name().to_owned(),
        rules_id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_studio_writes_the_cli_s_bytes_and_reads_them_back() {
        let dir = std::env::temp_dir().join(format!("studio-exchange-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("level.json");
        let v1 = ValidRules::default();
        let book = RulesBook::default();
        let written = write_level(
            &v1,
            &path,
            176_112_159,
            Some("contraption:2026-7-28".into()),
        )
        .unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(written.bytes as usize, bytes.len());
        assert_eq!(
            bytes,
            level_file_text(&export_level(
                &contraption::ValidRules::default(),
                176_112_159,
                Some("contraption:2026-7-28".into())
            ))
            .into_bytes()
        );
        let imported = read_level(&book, &path, false).unwrap();
        assert!(imported.verification.identical);
        assert!(imported.in_force);
        assert_eq!(imported.rules_name, "v1");
        assert_eq!(
            imported.file.daily_key.as_deref(),
            Some("contraption:2026-7-28")
        );

        // Tampered: refused with the reason, typed.
        let text = String::from_utf8(bytes).unwrap();
        std::fs::write(&path, text.replacen("\"y\": 8.0", "\"y\": 9.0", 1)).unwrap();
        match read_level(&book, &path, false) {
            Err(ExchangeError::Refused {
                error: LevelFileError::HashMismatch { .. },
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        // Too large: refused before it is read.
        std::fs::write(&path, vec![b' '; MAX_LEVEL_FILE_BYTES + 1]).unwrap();
        assert!(matches!(
            read_level(&book, &path, false),
            Err(ExchangeError::Refused {
                error: LevelFileError::TooLarge(_),
                ..
            })
        ));
        // Pictures are the render crate's bytes.
        let png = dir.join("level.png");
        for kind in [
            PictureKind::Solution,
            PictureKind::Puzzle,
            PictureKind::Sweep,
        ] {
            write_picture(&v1, &png, 42, None, 4.0, kind).unwrap();
            assert_eq!(
                std::fs::read(&png).unwrap(),
                contraption_render::render_attempt(
                    &contraption::ValidRules::default(),
                    42,
                    None,
                    4.0,
                    kind.shows()
                )
                .unwrap()
            );
        }
        assert!(matches!(
            write_picture(&v1, &png, 42, None, 99.0, PictureKind::Sweep),
            Err(ExchangeError::Picture { .. })
        ));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_level_under_other_rules_embeds_them_and_its_rules_are_remembered() {
        let gears =
            contraption::parse_rules_file(include_bytes!("../../rules/gears.json")).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gears-0.json");
        write_level(&gears, &path, 0, None).unwrap();
        // Read in a studio on the default rules: the level keeps its own rules.
        let book = RulesBook::default();
        let imported = read_level(&book, &path, false).unwrap();
        assert!(imported.verification.identical);
        assert!(!imported.in_force);
        assert_eq!(imported.rules_id, gears.id());
        assert_eq!(imported.rules_name, gears.id());
        assert_eq!(imported.file.level_hash, "99eb0a51c3590049");
        assert_eq!(book.get(gears.id()).unwrap(), gears);
        // Read in a studio started with those rules: they are the rules in force.
        let book = RulesBook::new(gears.clone(), None);
        assert!(read_level(&book, &path, false).unwrap().in_force);
    }

    #[test]
    fn share_codes_name_the_seed_and_rules() {
        let s = share(&ValidRules::default(), 42);
        assert_eq!(s.code.as_deref(), Some("CT-000G-0000-5AY0"));
        assert_eq!(s.unavailable, None);
        let parsed = contraption::parse_seed(s.code.as_deref().unwrap()).unwrap();
        assert_eq!(parsed.seed, 42);
    }

    #[test]
    fn no_share_code_under_other_rules_and_the_reason_names_the_level_file() {
        let mut r = ValidRules::default().rules().clone();
        r.generator.max_attempts = 5;
        let custom = ValidRules::new(r).unwrap();
        let s = share(&custom, 42);
        assert_eq!(
            s.code, None,
            "a code would name the default rules' level of seed 42"
        );
        assert_eq!(s.rules_id, custom.id());
        let why = s.unavailable.unwrap();
        assert!(why.contains("level file"), "{why}");
        assert!(why.contains(custom.id()), "{why}");
    }
}
