//! The studio's command line, parsed by clap before anything touches the display,
//! so `--help`, `--version` and a mistyped flag answer without a window.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::{CommandFactory, FromArgMatches, Parser};

use crate::rules_book::{RulesBook, RulesFileFailure};

/// The environment variable that names the catalog file when `--catalog` is not given.
pub const CATALOG_ENV: &str = "CONTRAPTION_DB";

/// The catalog's file name in a profile or the app's data directory.
pub const CATALOG_FILE: &str = "catalog.sqlite3";

/// Contraption Level Studio: inspect, browse and play the levels of the Contraption generator.
#[derive(Debug, Clone, Default, PartialEq, Eq, Parser)]
#[command(name = "contraption-studio")]
pub struct StudioArgs {
    /// The catalog file to open (created when missing). Default: catalog.sqlite3
    /// in the profile (--profile DIR), else $CONTRAPTION_DB, else catalog.sqlite3
    /// in the app's data directory.
    #[arg(long, value_name = "PATH")]
    pub catalog: Option<PathBuf>,

    /// Answer every file dialog with PATH instead of showing it (for automated tests:
    /// the native dialogs cannot be driven through WebDriver).
    #[arg(long, value_name = "PATH")]
    pub dialog_answer: Option<PathBuf>,

    /// Keep everything this studio remembers in DIR (created when missing) instead
    /// of the app's data directory: the catalog (DIR/catalog.sqlite3), the Rules
    /// draft (DIR/rules-draft.json), the remembered view settings
    /// (DIR/view-settings.json) and the window's own web data (WebKit's storage and
    /// cache). --catalog and --rules-draft still name their own file. Two studios
    /// with two profiles share nothing.
    #[arg(long, value_name = "DIR")]
    pub profile: Option<PathBuf>,

    /// The rules to inspect and play under: a rules file (`contraption-rules`, at
    /// most 64 KiB). Default: the default rules (v1). A file the engine refuses
    /// stops the studio before it opens, with the engine's reason.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,

    /// Use the --rules FILE even when its rules are slow (one seed over the
    /// everyday work budget at the very worst); without it such a file stops the
    /// studio with the figures.
    #[arg(long)]
    pub allow_slow: bool,

    /// The file the Rules view keeps its draft in (created on the first edit).
    /// Default: rules-draft.json in the profile, else in the app's data directory.
    #[arg(long, value_name = "PATH")]
    pub rules_draft: Option<PathBuf>,

    /// Use WebKitGTK's shared-memory renderer even with a GPU or under WebDriver.
    #[arg(long)]
    pub shared_memory_renderer: bool,
}

impl StudioArgs {
    /// Parses `args` (the program name first). `--help` and `--version` come back
    /// as errors whose `exit()` prints them and ends the process with status 0;
    /// other errors print the usage and end it with status 2.
    pub fn try_parse_with_version(
        args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
        version: &'static str,
    ) -> Result<Self, clap::Error> {
        let matches = Self::command()
            .version(version)
            .try_get_matches_from(args)?;
        Self::from_arg_matches(&matches)
    }

    /// Creates the `--profile` directory (and its parents) when missing, before
    /// any window: a path that cannot be a directory is refused with the reason.
    pub fn prepare_profile(&self) -> Result<(), String> {
        match &self.profile {
            Some(dir) => std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot use the profile {}: {e}", dir.display())),
            None => Ok(()),
        }
    }

    /// The directory this studio keeps what it remembers in: `--profile DIR`, else
    /// `data_dir` (the app's data directory, where the default user's data is).
    /// The webview's own data (WebKit's storage and cache) goes here too.
    pub fn profile_dir(&self, data_dir: &Path) -> PathBuf {
        self.profile
            .clone()
            .unwrap_or_else(|| data_dir.to_path_buf())
    }

    /// The directory WebKit keeps the windows' web data in (local storage,
    /// caches, cookies): [`Self::profile_dir`], made absolute (WebKit is handed
    /// it as a string; every window of the studio gets the same one).
    pub fn webview_data_dir(&self, data_dir: &Path) -> PathBuf {
        let dir = self.profile_dir(data_dir);
        std::path::absolute(&dir).unwrap_or(dir)
    }

    /// The catalog file: `--catalog PATH`, else `catalog.sqlite3` in `--profile DIR`,
    /// else `env_db` ($CONTRAPTION_DB) when set and not empty, else `catalog.sqlite3`
    /// in `data_dir` (the app's data directory, the same one the CLI's default
    /// names). A profile is not left for the variable: it isolates the catalog too.
    pub fn catalog_path(&self, env_db: Option<OsString>, data_dir: &Path) -> PathBuf {
        if let Some(p) = &self.catalog {
            return p.clone();
        }
        if let Some(dir) = &self.profile {
            return dir.join(CATALOG_FILE);
        }
        match env_db {
            Some(p) if !p.is_empty() => PathBuf::from(p),
            _ => data_dir.join(CATALOG_FILE),
        }
    }

    /// The Rules view's draft file: `--rules-draft PATH`, else `rules-draft.json` in
    /// the profile directory ([`Self::profile_dir`]).
    pub fn rules_draft_path(&self, data_dir: &Path) -> PathBuf {
        self.rules_draft.clone().unwrap_or_else(|| {
            self.profile_dir(data_dir)
                .join(crate::rules_draft::DRAFT_FILE)
        })
    }

    /// The remembered view settings: `view-settings.json` in the profile directory
    /// ([`Self::profile_dir`]).
    pub fn view_settings_path(&self, data_dir: &Path) -> PathBuf {
        self.profile_dir(data_dir)
            .join(crate::settings::VIEW_SETTINGS_FILE)
    }

    /// The rules book: the rules of `--rules FILE` in force (read with a bound,
    /// strictly, validated; slow rules only with `--allow-slow`), or the default
    /// rules without the flag.
    pub fn rules_book(&self) -> Result<RulesBook, RulesFileFailure> {
        RulesBook::from_file(self.rules.as_deref(), self.allow_slow)
    }
}
