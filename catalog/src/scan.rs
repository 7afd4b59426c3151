//! Scans: summarise a seed range on all cores, committing a chunk at a time, so a
//! scan holds memory flat, can be cancelled between chunks, and resumes where a
//! cancelled or killed one stopped.
//!
//! One runner at a time per scan: a runner holds a lease on the scan's row (an
//! owner token with its process id, and an expiry renewed with every committed
//! chunk). A second runner of the same scan — another process, or another thread
//! of the studio — waits, reporting the first one's progress, and ends when the
//! scan is done; it takes the scan over when the first is cancelled, when its
//! process is gone, or when its lease has not been renewed for
//! [`LEASE_SECONDS`]. Every chunk is committed only while the lease is still
//! held, together with the scan's new position.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rayon::prelude::*;
use rusqlite::{params, OptionalExtension, TransactionBehavior};
use serde::{Deserialize, Serialize};

use contraption::{summarize_until, ValidRules, RULES_VERSION};

use crate::error::CatalogError;
use crate::lease::{holder_may_be_alive, owner_token, unix_now, Heartbeat};
use crate::seeds::put_rows;
use crate::store::Catalog;

/// Seeds summarised and committed together.
pub const SCAN_CHUNK: u64 = 256;
/// How often a waiting runner looks at the scan again.
const WAIT_POLL: Duration = Duration::from_millis(200);

/// Where a scan is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ScanState {
    /// Started and not finished: running now, or killed (resume it).
    Running,
    Cancelled,
    Done,
}

/// A scan of seeds `from..to` (to excluded); seeds `from..next` are stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScanRecord {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub from: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub to: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub next: u64,
    pub rules_version: u32,
    /// The id of the rules the scan generates under.
    pub rules_id: String,
    pub state: ScanState,
}

/// Progress after each committed chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScanProgress {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub scan_id: i64,
    /// Seeds of the range stored so far.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub done: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total: u64,
}

/// How a run of a scan ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ScanEnd {
    Done,
    Cancelled,
}

fn state_name(s: ScanState) -> &'static str {
    match s {
        ScanState::Running => "running",
        ScanState::Cancelled => "cancelled",
        ScanState::Done => "done",
    }
}

/// What happens while a scan runs, for [`Catalog::run_scan_reporting`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScanEvent {
    /// Seeds stored so far (by this runner, or by the one it waits for).
    Progress(ScanProgress),
    /// Another runner holds the scan (its owner token: `pid:…`); this one waits.
    Waiting { holder: String },
}

/// How a run of a scan ended, and how many seeds this runner summarised itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScanRun {
    pub end: ScanEnd,
    pub computed: u64,
}

/// A scans row as stored, before it is trusted.
struct RawScan {
    id: i64,
    from: i64,
    to: i64,
    next: i64,
    rules_version: i64,
    state: String,
    lease_owner: Option<String>,
    lease_until: Option<i64>,
    rules_id: String,
}

fn read_raw(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawScan> {
    Ok(RawScan {
        id: r.get(0)?,
        from: r.get(1)?,
        to: r.get(2)?,
        next: r.get(3)?,
        rules_version: r.get(4)?,
        state: r.get(5)?,
        lease_owner: r.get(6)?,
        lease_until: r.get(7)?,
        rules_id: r.get(8)?,
    })
}

impl RawScan {
    /// The row as a record, if it keeps the rules every row we write keeps:
    /// `0 ≤ from < to ≤ 2^32`, `from ≤ next ≤ to`, a known state, a done scan
    /// complete, a rules version that is a u32, a rules id of 12 hex digits.
    fn validate(&self) -> Result<ScanRecord, CatalogError> {
        let id = self.id;
        let bad = |why: String| CatalogError::damaged(format!("scan {id} {why}"));
        if !(0 <= self.from && self.from < self.to && self.to <= 1 << 32) {
            return Err(bad(format!(
                "has the range {}..{}, not one within 0..4294967296",
                self.from, self.to
            )));
        }
        if !(self.from <= self.next && self.next <= self.to) {
            return Err(bad(format!(
                "is at seed {}, outside its range {}..{}",
                self.next, self.from, self.to
            )));
        }
        let state = match self.state.as_str() {
            "running" => ScanState::Running,
            "cancelled" => ScanState::Cancelled,
            "done" => ScanState::Done,
            other => return Err(bad(format!("has the unknown state {other:?}"))),
        };
        if state == ScanState::Done && self.next != self.to {
            return Err(bad(format!(
                "is marked done at seed {} before the end of {}..{}",
                self.next, self.from, self.to
            )));
        }
        let rules_version = u32::try_from(self.rules_version)
            .map_err(|_| bad(format!("has the rules version {}", self.rules_version)))?;
        if !is_rules_id(&self.rules_id) {
            return Err(bad(format!("has the rules id {:?}", self.rules_id)));
        }
        Ok(ScanRecord {
            id,
            from: self.from as u64,
            to: self.to as u64,
            next: self.next as u64,
            rules_version,
            rules_id: self.rules_id.clone(),
            state,
        })
    }
}

const SCAN_COLUMNS: &str =
    "id, from_seed, to_seed, next_seed, rules_version, state, lease_owner, lease_until, rules_id";

/// What a rules id looks like: 12 lowercase hex digits.
pub(crate) fn is_rules_id(id: &str) -> bool {
    id.len() == 12 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// What a runner found when it asked for a scan.
enum Claim {
    /// It holds the lease now.
    Held(ScanRecord),
    /// The scan is done.
    Done(ScanRecord),
    /// Another runner holds it.
    Busy(ScanRecord, String),
}

impl Catalog {
    /// The scan of `from..to` under `rules` to continue: an unfinished one of the
    /// same range, rules and rules version if there is one, else a new one (the
    /// same range under other rules is another scan). Looking and creating are one
    /// transaction, so two processes starting the same range share one scan.
    pub fn begin_scan(
        &mut self,
        rules: &ValidRules,
        from: u64,
        to: u64,
    ) -> Result<ScanRecord, CatalogError> {
        if from >= to || to > 1 << 32 {
            return Err(CatalogError::Invalid(format!(
                "{from}..{to} is not a seed range (FROM < TO ≤ 4294967296)"
            )));
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let existing = tx
            .query_row(
                &format!(
                    "SELECT {SCAN_COLUMNS} FROM scans WHERE from_seed = ?1 AND to_seed = ?2 \
                     AND rules_version = ?3 AND rules_id = ?4 AND state <> 'done' \
                     ORDER BY id DESC LIMIT 1"
                ),
                params![from as i64, to as i64, RULES_VERSION, rules.id()],
                read_raw,
            )
            .optional()?;
        let scan = match existing {
            Some(raw) => raw.validate()?,
            None => {
                tx.execute(
                    "INSERT INTO scans (from_seed, to_seed, next_seed, rules_version, rules_id, state) \
                     VALUES (?1, ?2, ?1, ?3, ?4, 'running')",
                    params![from as i64, to as i64, RULES_VERSION, rules.id()],
                )?;
                ScanRecord {
                    id: tx.last_insert_rowid(),
                    from,
                    to,
                    next: from,
                    rules_version: RULES_VERSION,
                    rules_id: rules.id().to_owned(),
                    state: ScanState::Running,
                }
            }
        };
        tx.commit()?;
        Ok(scan)
    }

    fn raw_scan(&self, id: i64) -> Result<RawScan, CatalogError> {
        self.conn
            .query_row(
                &format!("SELECT {SCAN_COLUMNS} FROM scans WHERE id = ?1"),
                [id],
                read_raw,
            )
            .optional()?
            .ok_or(CatalogError::NoSuchScan(id))
    }

    /// One scan by id. A row that breaks the catalog's rules (a position outside
    /// its range, an unknown state...) is reported as damaged, not trusted.
    pub fn scan(&self, id: i64) -> Result<ScanRecord, CatalogError> {
        self.raw_scan(id)?.validate()
    }

    /// Every scan, newest first.
    pub fn scans(&self) -> Result<Vec<ScanRecord>, CatalogError> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {SCAN_COLUMNS} FROM scans ORDER BY id DESC"
        ))?;
        let rows = stmt.query_map([], read_raw)?;
        let mut scans = Vec::new();
        for raw in rows {
            scans.push(raw?.validate()?);
        }
        Ok(scans)
    }

    /// The ids of the unfinished scans a runner holds now (its lease has not
    /// expired and its process may be alive): running. An unfinished `running`
    /// scan that is not among them was interrupted (its runner was killed).
    pub fn held_scans(&self) -> Result<Vec<i64>, CatalogError> {
        let mut stmt = self.conn.prepare(
            "SELECT id, lease_owner, lease_until FROM scans \
             WHERE state = 'running' AND lease_owner IS NOT NULL ORDER BY id DESC",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<i64>>(2)?,
            ))
        })?;
        let now = unix_now();
        let mut held = Vec::new();
        for row in rows {
            let (id, owner, until) = row?;
            if until.is_some_and(|u| u >= now) && holder_may_be_alive(&owner) {
                held.push(id);
            }
        }
        Ok(held)
    }

    /// Runs (or continues) a scan until it is done or `cancel` is set. Each chunk of
    /// `SCAN_CHUNK` seeds is summarised on all cores under `rules` (the scan's own:
    /// other rules are refused) and committed with the scan's new position in one
    /// transaction; `progress` is called after each. When another runner holds the
    /// scan, this one waits for it (see the module).
    pub fn run_scan(
        &mut self,
        rules: &ValidRules,
        id: i64,
        cancel: &AtomicBool,
        mut progress: impl FnMut(&ScanProgress),
    ) -> Result<ScanEnd, CatalogError> {
        self.run_scan_reporting(rules, id, cancel, |event| {
            if let ScanEvent::Progress(p) = event {
                progress(&p)
            }
        })
        .map(|run| run.end)
    }

    /// [`Catalog::run_scan`], also saying when it waits for another runner and
    /// how many seeds it summarised itself.
    pub fn run_scan_reporting(
        &mut self,
        rules: &ValidRules,
        id: i64,
        cancel: &AtomicBool,
        mut on: impl FnMut(ScanEvent),
    ) -> Result<ScanRun, CatalogError> {
        let scan = self.scan(id)?;
        if scan.rules_version != RULES_VERSION {
            return Err(CatalogError::Invalid(format!(
                "scan {id} was made with rules version {}; start a new scan",
                scan.rules_version
            )));
        }
        if scan.rules_id != rules.id() {
            return Err(CatalogError::Invalid(format!(
                "scan {id} generates under the rules with id {}, not these rules ({}); run it with its own rules",
                scan.rules_id,
                rules.id()
            )));
        }
        let me = owner_token();
        let mut computed = 0;
        let mut waiting_for: Option<String> = None;
        loop {
            match self.claim(id, &me)? {
                Claim::Done(scan) => {
                    on(ScanEvent::Progress(progress_of(&scan)));
                    return Ok(ScanRun {
                        end: ScanEnd::Done,
                        computed,
                    });
                }
                Claim::Held(scan) => {
                    waiting_for = None;
                    let run = self.run_held(rules, &scan, &me, cancel, &mut on, &mut computed);
                    match run {
                        Ok(Some(end)) => return Ok(ScanRun { end, computed }),
                        // The lease was taken over (this runner stalled): wait.
                        Ok(None) => continue,
                        Err(e) => {
                            let _ = self.release(id, &me, None);
                            return Err(e);
                        }
                    }
                }
                Claim::Busy(scan, holder) => {
                    if waiting_for.as_deref() != Some(holder.as_str()) {
                        on(ScanEvent::Waiting {
                            holder: holder.clone(),
                        });
                        waiting_for = Some(holder);
                    }
                    on(ScanEvent::Progress(progress_of(&scan)));
                    if cancel.load(Ordering::Relaxed) {
                        // The other runner goes on; this one only stops waiting.
                        return Ok(ScanRun {
                            end: ScanEnd::Cancelled,
                            computed,
                        });
                    }
                    std::thread::sleep(WAIT_POLL);
                }
            }
        }
    }

    /// Takes the scan's lease if it is free, expired, or its holder is gone.
    fn claim(&mut self, id: i64, me: &str) -> Result<Claim, CatalogError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let raw = tx
            .query_row(
                &format!("SELECT {SCAN_COLUMNS} FROM scans WHERE id = ?1"),
                [id],
                read_raw,
            )
            .optional()?
            .ok_or(CatalogError::NoSuchScan(id))?;
        let scan = raw.validate()?;
        if scan.state == ScanState::Done {
            return Ok(Claim::Done(scan));
        }
        let now = unix_now();
        if let Some(holder) = raw.lease_owner.filter(|h| h != me) {
            let live = raw.lease_until.is_some_and(|until| until >= now);
            if live && holder_may_be_alive(&holder) {
                return Ok(Claim::Busy(scan, holder));
            }
        }
        tx.execute(
            "UPDATE scans SET state = 'running', lease_owner = ?2, lease_until = ?3 WHERE id = ?1",
            params![id, me, now + self.lease_seconds],
        )?;
        tx.commit()?;
        Ok(Claim::Held(ScanRecord {
            state: ScanState::Running,
            ..scan
        }))
    }

    /// Runs a scan whose lease this runner holds. `None` when the lease was lost.
    fn run_held(
        &mut self,
        rules: &ValidRules,
        scan: &ScanRecord,
        me: &str,
        cancel: &AtomicBool,
        on: &mut impl FnMut(ScanEvent),
        computed: &mut u64,
    ) -> Result<Option<ScanEnd>, CatalogError> {
        let id = scan.id;
        let mut next = scan.next;
        on(ScanEvent::Progress(progress_of(&ScanRecord {
            next,
            ..scan.clone()
        })));
        // `None` when the scan is cancelled meanwhile: every seed's summary
        // looks at the flag between simulations, so a cancel is heard within
        // one simulation however slow the rules.
        let summarise = |a: u64, b: u64| -> Option<Vec<_>> {
            (a..b)
                .into_par_iter()
                .map(|s| summarize_until(rules, s as u32, || cancel.load(Ordering::Relaxed)))
                .collect()
        };
        // The lease is renewed while the chunks are summarised, however long
        // one takes; it stops when this run ends (dropped on every return).
        let _heartbeat = Heartbeat::start(&self.conn, id, me, self.lease_seconds);
        let lease_seconds = self.lease_seconds;
        let mut rows = summarise(next, (next + SCAN_CHUNK).min(scan.to));
        while next < scan.to {
            let Some(chunk) = rows.filter(|_| !cancel.load(Ordering::Relaxed)) else {
                return Ok(self
                    .release(id, me, Some(ScanState::Cancelled))?
                    .then_some(ScanEnd::Cancelled));
            };
            let end = (next + SCAN_CHUNK).min(scan.to);
            // The next chunk is summarised on all cores while this one is committed
            // (it is thrown away if the scan stops), so no core waits for SQLite.
            let conn = &mut self.conn;
            let (following, held) = rayon::join(
                || summarise(end, (end + SCAN_CHUNK).min(scan.to)),
                || -> Result<bool, CatalogError> {
                    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
                    // The position moves, and the lease is renewed, only while it is ours.
                    let held = tx.execute(
                        "UPDATE scans SET next_seed = ?2, lease_until = ?3 WHERE id = ?1 AND lease_owner = ?4",
                        params![id, end as i64, unix_now() + lease_seconds, me],
                    )?;
                    if held == 0 {
                        return Ok(false);
                    }
                    put_rows(&tx, rules.id(), &chunk)?;
                    tx.commit()?;
                    Ok(true)
                },
            );
            if !held? {
                return Ok(None);
            }
            *computed += end - next;
            next = end;
            rows = following;
            on(ScanEvent::Progress(progress_of(&ScanRecord {
                next,
                ..scan.clone()
            })));
        }
        Ok(self
            .release(id, me, Some(ScanState::Done))?
            .then_some(ScanEnd::Done))
    }

    /// Gives the lease back (setting `state` if given). False when it was not held.
    fn release(&self, id: i64, me: &str, state: Option<ScanState>) -> Result<bool, CatalogError> {
        let n = self.conn.execute(
            "UPDATE scans SET state = coalesce(?3, state), lease_owner = NULL, lease_until = NULL \
             WHERE id = ?1 AND lease_owner = ?2",
            params![id, me, state.map(state_name)],
        )?;
        Ok(n == 1)
    }
}

fn progress_of(scan: &ScanRecord) -> ScanProgress {
    ScanProgress {
        scan_id: scan.id,
        done: scan.next - scan.from,
        total: scan.to - scan.from,
    }
}
