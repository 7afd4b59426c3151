//! One protocol for every long job the catalog keeps (scans, searches; later,
//! e.g., a rules tuner with one row per candidate): a job is a row of its own
//! table with a range of units `from..to` done in order up to `next`, a state
//! ([`ScanState`]) and a lease (`lease_owner`, `lease_until`). Its work is done
//! a step at a time; each step's results are committed with the job's new
//! position in one transaction, so a cancelled or killed job resumes where it
//! stopped.
//!
//! One runner at a time per job: a runner **claims** the row's lease (an owner
//! token with its process id, and an expiry), keeps it with a **heartbeat**
//! from its own connection while it works, commits a step only while the lease
//! is still its own, and **finishes** by giving the lease back with the state
//! `done` or `cancelled`. A second runner of the same job — another process,
//! or another thread of the studio — **waits**, reporting the first one's
//! progress, and ends when the job is done; it takes the job over when the
//! first is cancelled, when its process is gone, or when its lease has not
//! been renewed for [`LEASE_SECONDS`]. Cancelling a wait leaves the other
//! runner's job alone. A runner that lost its lease stops writing and waits.
//!
//! A kind of job says what its row is and how one step is computed and stored
//! ([`Job`]); [`run`] is the rest, the same for every kind.

mod lease;
mod row;
mod state;

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rusqlite::{params, Connection, Transaction, TransactionBehavior};

use crate::error::CatalogError;
use crate::store::Catalog;

pub use lease::LEASE_SECONDS;
pub(crate) use lease::{owner_token, unix_now, Heartbeat, Lease};
pub(crate) use row::{all, check_position, one, Position, StoredJob};
pub use state::{ScanEnd, ScanState};

/// How often a waiting runner looks at the job again.
const WAIT_POLL: Duration = Duration::from_millis(200);

/// What happens while a job runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobEvent<P> {
    /// Where the job is (after this runner's step, or the one it waits for).
    Progress(P),
    /// Another runner holds the job (its owner token: `pid:…`); this one waits.
    Waiting { holder: String },
}

/// How a run of a job ended, and how many units (seeds) this runner computed
/// and committed itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JobRun {
    pub end: ScanEnd,
    pub computed: u64,
    /// Units this runner computed but could not commit: another runner had
    /// taken the job over meanwhile (this one looked hung), so that work is
    /// done twice. 0 while the heartbeat keeps the lease.
    pub lost: u64,
}

/// The events of a run as only its progress, for the runners that report
/// nothing else.
pub(crate) fn progress_only<P>(mut progress: impl FnMut(&P)) -> impl FnMut(JobEvent<P>) {
    move |event| {
        if let JobEvent::Progress(p) = event {
            progress(&p)
        }
    }
}

/// One kind of job: its table, its row, and its step.
pub(crate) trait Job: Sync {
    /// The job's row, read and checked.
    type Record: Clone + Send + Sync;
    /// The job's row as stored.
    type Stored: StoredJob<Record = Self::Record>;
    /// What one step computed, to be stored.
    type Step: Send;
    /// What a runner reports as it goes.
    type Progress;

    /// Units (seeds) of one step.
    const STEP: u64;

    fn progress(record: &Self::Record) -> Self::Progress;
    /// Computes the units `span`, outside any transaction; `None` when
    /// `cancel` is set meanwhile.
    fn compute(&self, span: Range<u64>, cancel: &AtomicBool) -> Option<Self::Step>;
    /// Stores a computed step and the job's new position in `tx` (the lease is
    /// held), returning the record after it.
    fn store(
        &self,
        tx: &Transaction<'_>,
        record: &Self::Record,
        span: Range<u64>,
        step: Self::Step,
    ) -> Result<Self::Record, CatalogError>;
}

/// What a runner found when it asked for a job.
enum Claim<R> {
    /// It holds the lease now; the units left to do.
    Held(R, Range<u64>),
    /// The job is done.
    Done(R),
    /// Another runner holds it.
    Busy(R, String),
}

/// The unfinished job to continue, as `find` sees it, or a new one from
/// `start`: looking and creating are one transaction, so two processes
/// starting the same job share one row.
pub(crate) fn find_or_start<T>(
    conn: &mut Connection,
    find: impl FnOnce(&Transaction<'_>) -> Result<Option<T>, CatalogError>,
    start: impl FnOnce(&Transaction<'_>) -> Result<T, CatalogError>,
) -> Result<T, CatalogError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let job = match find(&tx)? {
        Some(job) => job,
        None => start(&tx)?,
    };
    tx.commit()?;
    Ok(job)
}

/// The ids of the unfinished jobs of a kind that a runner holds now (its
/// lease has not expired and its process may be alive), newest first. An
/// unfinished `running` job that is not among them was interrupted.
pub(crate) fn held<S: StoredJob>(conn: &Connection) -> Result<Vec<i64>, CatalogError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT id, lease_owner, lease_until FROM {} \
         WHERE state = ?1 AND lease_owner IS NOT NULL ORDER BY id DESC",
        S::TABLE
    ))?;
    let rows = stmt.query_map([ScanState::Running.as_str()], |r| {
        Ok((r.get::<_, i64>(0)?, Lease::read(r, 1)?))
    })?;
    let mut ids = Vec::new();
    for row in rows {
        let (id, lease) = row?;
        if lease.holder().is_some() {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// Runs (or continues) job `id` until it is done or `cancel` is set: claims
/// it, or waits while another runner holds it (see the module).
pub(crate) fn run<J: Job>(
    catalog: &mut Catalog,
    job: &J,
    id: i64,
    cancel: &AtomicBool,
    on: &mut impl FnMut(JobEvent<J::Progress>),
) -> Result<JobRun, CatalogError> {
    let me = owner_token();
    let mut tally = JobRun {
        end: ScanEnd::Cancelled,
        computed: 0,
        lost: 0,
    };
    let mut waiting_for: Option<String> = None;
    loop {
        match claim::<J>(catalog, id, &me)? {
            Claim::Done(record) => {
                on(JobEvent::Progress(J::progress(&record)));
                let end = ScanEnd::Done;
                return Ok(JobRun { end, ..tally });
            }
            Claim::Held(record, left) => {
                waiting_for = None;
                match run_held(
                    catalog,
                    job,
                    (id, record, left),
                    &me,
                    cancel,
                    on,
                    &mut tally,
                ) {
                    Ok(Some(end)) => return Ok(JobRun { end, ..tally }),
                    // The lease was taken over (this runner stalled): wait.
                    Ok(None) => continue,
                    Err(e) => {
                        let _ = release(&catalog.conn, J::Stored::TABLE, id, &me, None);
                        return Err(e);
                    }
                }
            }
            Claim::Busy(record, holder) => {
                if waiting_for.as_deref() != Some(holder.as_str()) {
                    on(JobEvent::Waiting {
                        holder: holder.clone(),
                    });
                    waiting_for = Some(holder);
                }
                on(JobEvent::Progress(J::progress(&record)));
                if cancel.load(Ordering::Relaxed) {
                    // The other runner goes on; this one only stops waiting.
                    let end = ScanEnd::Cancelled;
                    return Ok(JobRun { end, ..tally });
                }
                std::thread::sleep(WAIT_POLL);
            }
        }
    }
}

/// Takes the job's lease if it is free, expired, or its holder is gone.
fn claim<J: Job>(
    catalog: &mut Catalog,
    id: i64,
    me: &str,
) -> Result<Claim<J::Record>, CatalogError> {
    let lease_until = unix_now() + catalog.lease_seconds;
    let tx = catalog
        .conn
        .transaction_with_behavior(TransactionBehavior::Immediate)?;
    let stored = row::stored::<J::Stored>(&tx, id)?;
    let (record, at) = stored.checked()?;
    if at.state == ScanState::Done {
        return Ok(Claim::Done(record));
    }
    if let Some(holder) = stored.lease().held_by_other(me) {
        return Ok(Claim::Busy(record, holder.to_owned()));
    }
    tx.execute(
        &format!(
            "UPDATE {} SET state = ?2, lease_owner = ?3, lease_until = ?4 WHERE id = ?1",
            J::Stored::TABLE
        ),
        params![id, ScanState::Running.as_str(), me, lease_until],
    )?;
    // The record as claimed (running).
    let record = row::one::<J::Stored>(&tx, id)?;
    tx.commit()?;
    Ok(Claim::Held(record, at.next..at.to))
}

/// Runs a job whose lease this runner holds, a step at a time: the next step
/// is computed on all cores while this one is committed (it is thrown away if
/// the job stops), so no core waits for SQLite. `None` when the lease was lost.
fn run_held<J: Job>(
    catalog: &mut Catalog,
    job: &J,
    (id, mut record, left): (i64, J::Record, Range<u64>),
    me: &str,
    cancel: &AtomicBool,
    on: &mut impl FnMut(JobEvent<J::Progress>),
    tally: &mut JobRun,
) -> Result<Option<ScanEnd>, CatalogError> {
    let lease_seconds = catalog.lease_seconds;
    on(JobEvent::Progress(J::progress(&record)));
    let span_after = |next: u64, to: u64| next..(next + J::STEP).min(to);
    // The lease is renewed while the steps are computed, however long one
    // takes; it stops when this run ends (dropped on every return).
    let _heartbeat = Heartbeat::start(&catalog.conn, J::Stored::TABLE, id, me, lease_seconds);
    let Range { start, end: to } = left;
    let mut span = span_after(start, to);
    let mut step = job.compute(span.clone(), cancel);
    while !span.is_empty() {
        let Some(done) = step.filter(|_| !cancel.load(Ordering::Relaxed)) else {
            return Ok(release(
                &catalog.conn,
                J::Stored::TABLE,
                id,
                me,
                Some(ScanState::Cancelled),
            )?
            .then_some(ScanEnd::Cancelled));
        };
        let following = span_after(span.end, to);
        let conn = &mut catalog.conn;
        let (next_step, stored) = rayon::join(
            || job.compute(following.clone(), cancel),
            || -> Result<Option<J::Record>, CatalogError> {
                let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
                // The position moves, and the lease is renewed, only while it is ours.
                let held = tx.execute(
                    &format!(
                        "UPDATE {} SET lease_until = ?2 WHERE id = ?1 AND lease_owner = ?3",
                        J::Stored::TABLE
                    ),
                    params![id, unix_now() + lease_seconds, me],
                )?;
                if held == 0 {
                    return Ok(None);
                }
                let after = job.store(&tx, &record, span.clone(), done)?;
                tx.commit()?;
                Ok(Some(after))
            },
        );
        let Some(after) = stored? else {
            tally.lost += span.end - span.start;
            return Ok(None);
        };
        tally.computed += span.end - span.start;
        record = after;
        span = following;
        step = next_step;
        on(JobEvent::Progress(J::progress(&record)));
    }
    Ok(release(
        &catalog.conn,
        J::Stored::TABLE,
        id,
        me,
        Some(ScanState::Done),
    )?
    .then_some(ScanEnd::Done))
}

/// Gives the lease back (setting `state` if given). False when it was not held.
fn release(
    conn: &Connection,
    table: &str,
    id: i64,
    me: &str,
    state: Option<ScanState>,
) -> Result<bool, CatalogError> {
    let n = conn.execute(
        &format!(
            "UPDATE {table} SET state = coalesce(?3, state), lease_owner = NULL, \
             lease_until = NULL WHERE id = ?1 AND lease_owner = ?2"
        ),
        params![id, me, state.map(ScanState::as_str)],
    )?;
    Ok(n == 1)
}
