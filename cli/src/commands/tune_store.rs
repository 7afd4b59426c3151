//! The tune's resume file: every tally a tune or sensitivity run computed, one
//! JSON line each, appended as it is computed (so an interrupted run loses at
//! most the one in progress) and read back to resume, so nothing is computed
//! twice. A tally is kept under its rules id, seed range and share criteria, so
//! one file serves any later run that meets the same rule sets.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use contraption::Tally;
use contraption_tune::{TallyKey, TallyStore};
use serde::{Deserialize, Serialize};

/// A resume file is at most this large.
const MAX_RESUME_BYTES: u64 = 512 << 20;
/// The first line of every resume file.
const HEADER: &str = "{\"contraption_tallies\":1}";

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    rules_id: String,
    from: u64,
    to: u64,
    shares: String,
    tally: Tally,
}

/// Tallies from and to a resume file (or only in memory without one).
pub struct FileStore {
    kept: BTreeMap<TallyKey, Tally>,
    file: Option<(File, PathBuf)>,
    /// Tallies read back from the file.
    pub read: usize,
    failed: Option<String>,
}

impl FileStore {
    /// Only in memory.
    pub fn memory() -> Self {
        FileStore {
            kept: BTreeMap::new(),
            file: None,
            read: 0,
            failed: None,
        }
    }

    /// The store a `--resume` argument asks for: its file, or memory alone.
    pub fn for_arg(path: Option<&Path>) -> Result<Self> {
        match path {
            Some(p) => Self::open(p),
            None => Ok(Self::memory()),
        }
    }

    /// Reads `path` (if it exists) and appends to it from now on. A last line cut
    /// short (a run killed while writing it) is left out; any other line that is
    /// not a tally refuses the file.
    pub fn open(path: &Path) -> Result<Self> {
        let shown = crate::term::path(path);
        let mut kept = BTreeMap::new();
        let mut ends_clean = true;
        if path.exists() {
            let bytes = contraption_io::read_file_bounded(path, MAX_RESUME_BYTES)
                .with_context(|| format!("cannot read the resume file {shown}"))?;
            let text = String::from_utf8(bytes)
                .with_context(|| format!("{shown} is not a resume file (not UTF-8 text)"))?;
            ends_clean = text.is_empty() || text.ends_with('\n');
            let mut lines = text.split_inclusive('\n').enumerate();
            match lines.next() {
                None => {}
                Some((_, first)) if first.trim_end() == HEADER => {}
                Some(_) => {
                    bail!("{shown} is not a tune resume file (its first line is not {HEADER})")
                }
            }
            for (i, raw) in lines {
                let complete = raw.ends_with('\n');
                match serde_json::from_str::<Line>(raw.trim_end()) {
                    Ok(l) => {
                        kept.insert(
                            TallyKey {
                                rules_id: l.rules_id,
                                from: l.from,
                                to: l.to,
                                shares: l.shares,
                            },
                            l.tally,
                        );
                    }
                    Err(_) if !complete => break,
                    Err(e) => bail!("{shown}, line {}: not a tally ({e})", i + 1),
                }
            }
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open the resume file {shown} to append"))?;
        let fresh = file.metadata().map(|m| m.len() == 0).unwrap_or(false);
        if fresh {
            writeln!(file, "{HEADER}").with_context(|| format!("cannot write {shown}"))?;
        } else if !ends_clean {
            // A last line cut short is ended, so the next tally starts a line.
            writeln!(file).with_context(|| format!("cannot write {shown}"))?;
        }
        let read = kept.len();
        Ok(FileStore {
            kept,
            file: Some((file, path.to_owned())),
            read,
            failed: None,
        })
    }

    /// A write to the resume file that failed, if any.
    pub fn check(&self) -> Result<()> {
        match &self.failed {
            Some(e) => bail!("{e}"),
            None => Ok(()),
        }
    }
}

impl TallyStore for FileStore {
    fn get(&mut self, key: &TallyKey) -> Option<Tally> {
        self.kept.get(key).cloned()
    }

    fn put(&mut self, key: &TallyKey, tally: &Tally) {
        self.kept.insert(key.clone(), tally.clone());
        if let (Some((file, path)), None) = (&mut self.file, &self.failed) {
            let line = Line {
                rules_id: key.rules_id.clone(),
                from: key.from,
                to: key.to,
                shares: key.shares.clone(),
                tally: tally.clone(),
            };
            let mut text = serde_json::to_string(&line).expect("a tally serializes");
            text.push('\n');
            if let Err(e) = file.write_all(text.as_bytes()).and_then(|()| file.flush()) {
                self.failed = Some(format!(
                    "cannot append to the resume file {}: {e}",
                    crate::term::path(path)
                ));
            }
        }
    }
}
