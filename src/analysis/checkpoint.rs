//! A search checkpoint: which search (criteria, rules, range), how far it got,
//! how many seeds matched, and the totals of every seed searched — so a stopped
//! `contraption search … --resume FILE` continues to the same matches and the
//! same summary. The file proves itself: `checksum` is the SHA-256 of its
//! canonical content ([`content_checksum`]), so any edit is refused, and it is
//! read with the strict reader (bounded, no repeated keys, no unknown fields).
//! Pure: bytes in, value out.

use serde::{Deserialize, Serialize};

use crate::analysis::staged::{Decided, SummaryKind};
use crate::analysis::totals::Totals;
use crate::base::canonical::content_checksum;
use crate::base::strict_json::{self, JsonError};
use crate::seed::range::SeedRange;

/// The `kind` of a checkpoint file.
pub const CHECKPOINT_KIND: &str = "contraption-search-checkpoint";
/// The version written now: version 2 carries the checksum (1 did not).
pub const CHECKPOINT_VERSION: u32 = 2;
/// The largest checkpoint read (a real one is a few KiB).
pub const MAX_CHECKPOINT_BYTES: usize = 64 * 1024;

/// What a checkpoint file holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchCheckpoint {
    pub kind: String,
    pub version: u32,
    /// The criteria in their canonical form.
    pub criteria: String,
    pub rules_id: String,
    pub from: u64,
    pub to: u64,
    /// The first seed not searched yet.
    pub next: u64,
    pub matches: u64,
    /// A staged search's (`fast`, the default) or a full one's. Written only
    /// for a fast one, so a full search's checkpoint reads as before.
    #[serde(default = "full", skip_serializing_if = "SummaryKind::is_full")]
    pub summary: SummaryKind,
    /// The totals of `from..next` (a full search's; empty for a fast one).
    pub totals: Totals,
    /// Where each seed of `from..next` was decided (a fast search's).
    #[serde(default, skip_serializing_if = "Decided::is_empty")]
    pub decided: Decided,
    /// [`content_checksum`] of the checkpoint with this field empty.
    #[serde(default)]
    pub checksum: String,
}

/// Why bytes are not a checkpoint to continue from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckpointError {
    #[error("it is not a search checkpoint ({0})")]
    Json(#[from] JsonError),
    #[error("it is not a search checkpoint")]
    NotACheckpoint,
    #[error("it is a search checkpoint of version {found} (this version writes {CHECKPOINT_VERSION}, with a checksum); remove it to start the search over")]
    Version { found: u32 },
    #[error("it was changed since it was written (its checksum does not match its content); remove it to start over")]
    Changed,
    #[error("it is damaged (its position and totals disagree); remove it to start over")]
    Inconsistent,
}

impl SearchCheckpoint {
    /// A search of `from..to` for `criteria` (canonical text) under the rules
    /// `rules_id`, not started.
    pub fn new(
        criteria: String,
        rules_id: String,
        from: u64,
        to: u64,
        summary: SummaryKind,
    ) -> Self {
        SearchCheckpoint {
            kind: CHECKPOINT_KIND.to_owned(),
            version: CHECKPOINT_VERSION,
            criteria,
            rules_id,
            from,
            to,
            next: from,
            matches: 0,
            summary,
            totals: Totals::default(),
            decided: Decided::default(),
            checksum: String::new(),
        }
    }

    /// The checksum of this content (whatever `checksum` holds now).
    pub fn checksum_now(&self) -> String {
        content_checksum(&SearchCheckpoint {
            checksum: String::new(),
            ..self.clone()
        })
    }
}

/// The file's text: pretty JSON with the checksum of its content, a final newline.
pub fn checkpoint_text(checkpoint: &SearchCheckpoint) -> String {
    let sealed = SearchCheckpoint {
        checksum: checkpoint.checksum_now(),
        ..checkpoint.clone()
    };
    let mut text = serde_json::to_string_pretty(&sealed).expect("checkpoints serialize");
    text.push('\n');
    text
}

fn full() -> SummaryKind {
    SummaryKind::Full
}

/// Reads a checkpoint strictly and checks it: its kind and version, its
/// checksum, and that its position, match count and totals agree.
pub fn parse_checkpoint(bytes: &[u8]) -> Result<SearchCheckpoint, CheckpointError> {
    let c: SearchCheckpoint = strict_json::from_slice(bytes, MAX_CHECKPOINT_BYTES)?;
    if c.kind != CHECKPOINT_KIND {
        return Err(CheckpointError::NotACheckpoint);
    }
    if c.version != CHECKPOINT_VERSION {
        return Err(CheckpointError::Version { found: c.version });
    }
    if c.checksum != c.checksum_now() {
        return Err(CheckpointError::Changed);
    }
    let (counted, other) = match c.summary {
        SummaryKind::Full => (c.totals.seeds, c.decided.seeds()),
        SummaryKind::Fast => (c.decided.seeds(), c.totals.seeds),
    };
    let consistent = SeedRange::new(c.from, c.to).is_ok()
        && (c.from..=c.to).contains(&c.next)
        && counted == c.next - c.from
        && other == 0
        && c.matches <= counted;
    if !consistent {
        return Err(CheckpointError::Inconsistent);
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SearchCheckpoint {
        let rules = crate::rules::valid::ValidRules::default();
        let mut c = SearchCheckpoint::new(
            "walls = 5".into(),
            rules.id().into(),
            10,
            50,
            SummaryKind::Full,
        );
        for seed in 10..30 {
            let row = crate::generate::summary::summarize(&rules, seed);
            c.matches += u64::from(row.walls == 5);
            c.totals.add(&row);
        }
        c.next = 30;
        c
    }

    #[test]
    fn a_checkpoint_reads_back_as_written() {
        let c = sample();
        let back = parse_checkpoint(checkpoint_text(&c).as_bytes()).unwrap();
        assert_eq!(
            back,
            SearchCheckpoint {
                checksum: c.checksum_now(),
                ..c
            }
        );
    }

    #[test]
    fn edits_old_versions_and_other_files_are_refused() {
        let text = checkpoint_text(&sample());
        let edited = text.replace("\"next\": 30", "\"next\": 31");
        assert_eq!(
            parse_checkpoint(edited.as_bytes()),
            Err(CheckpointError::Changed)
        );
        // Resealed after an edit that breaks the bookkeeping: inconsistent.
        let mut c = sample();
        c.matches = c.totals.seeds + 1;
        assert_eq!(
            parse_checkpoint(checkpoint_text(&c).as_bytes()),
            Err(CheckpointError::Inconsistent)
        );
        let old = text.replace("\"version\": 2", "\"version\": 1");
        assert_eq!(
            parse_checkpoint(old.as_bytes()),
            Err(CheckpointError::Version { found: 1 })
        );
        assert!(matches!(
            parse_checkpoint(b"{\"seed\": 1}"),
            Err(CheckpointError::Json(_))
        ));
        let other = text.replace(CHECKPOINT_KIND, "contraption-level");
        assert_eq!(
            parse_checkpoint(other.as_bytes()),
            Err(CheckpointError::NotACheckpoint)
        );
    }

    #[test]
    fn a_full_search_s_checkpoint_is_written_as_before_and_a_fast_one_keeps_its_stages() {
        let full = checkpoint_text(&sample());
        assert!(
            !full.contains("summary") && !full.contains("decided"),
            "{full}"
        );
        let rules = crate::rules::valid::ValidRules::default();
        let criteria = crate::analysis::criteria::parse_criteria("walls = 5").unwrap();
        let mut c = SearchCheckpoint::new(
            "walls = 5".into(),
            rules.id().into(),
            10,
            50,
            SummaryKind::Fast,
        );
        for seed in 10..30 {
            let d =
                crate::analysis::staged::search_seed(&rules, seed, &criteria, || false).unwrap();
            c.matches += u64::from(d.row.is_some());
            c.decided.add(d.stage);
        }
        c.next = 30;
        let text = checkpoint_text(&c);
        assert!(text.contains("\"summary\": \"fast\""), "{text}");
        let back = parse_checkpoint(text.as_bytes()).unwrap();
        assert_eq!((back.summary, back.decided), (SummaryKind::Fast, c.decided));
        // A fast checkpoint whose stages do not add up to its position.
        let mut short = c.clone();
        short.decided.layout += 1;
        assert_eq!(
            parse_checkpoint(checkpoint_text(&short).as_bytes()),
            Err(CheckpointError::Inconsistent)
        );
        // Totals in a fast checkpoint (or stages in a full one) are refused too.
        let mut both = c;
        both.totals.seeds = 1;
        assert_eq!(
            parse_checkpoint(checkpoint_text(&both).as_bytes()),
            Err(CheckpointError::Inconsistent)
        );
    }
}
