//! A runner's lease on a job's row: who holds it (an owner token with the
//! process id), until when, and the heartbeat that keeps it while the runner
//! works — renewed every third of its length from its own connection, whatever
//! the work costs, so a step that takes longer than the lease (slow rules) is
//! never taken for a hung runner. Every job table has the columns
//! `lease_owner` (TEXT) and `lease_until` (INTEGER, Unix seconds).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection};

/// A job's lease (a scan's, a search's) lasts this long after it was last
/// renewed (by its runner's heartbeat, or a committed step).
pub const LEASE_SECONDS: i64 = 30;

pub(crate) fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// This runner's owner token: the process id (so a waiting process can tell a
/// holder that is gone) and a number unique within the process.
pub(crate) fn owner_token() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    format!(
        "{}:{nanos}:{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// Whether the process named in a lease's owner token may still be running. Only
/// a certainly ended process (on Linux: no `/proc/<pid>`) lets a lease go before it
/// expires; a process of another PID namespace may look ended, which costs at most
/// one chunk done twice (the first runner loses the lease at its next commit).
pub(crate) fn holder_may_be_alive(owner: &str) -> bool {
    let Some(pid) = owner.split(':').next().and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    if pid == std::process::id() {
        return true;
    }
    if cfg!(target_os = "linux") {
        std::path::Path::new(&format!("/proc/{pid}")).exists()
    } else {
        true
    }
}

/// A job row's lease as stored: its holder's owner token, and until when.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Lease {
    pub(crate) owner: Option<String>,
    pub(crate) until: Option<i64>,
}

impl Lease {
    /// Reads `lease_owner` and `lease_until` from columns `at` and `at + 1`.
    pub(crate) fn read(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Lease> {
        Ok(Lease {
            owner: r.get(at)?,
            until: r.get(at + 1)?,
        })
    }

    /// Who has the lease now: its lease has not expired and its process may
    /// be alive.
    pub(crate) fn holder(&self) -> Option<&str> {
        let holder = self.owner.as_deref()?;
        let live = self.until.is_some_and(|until| until >= unix_now());
        (live && holder_may_be_alive(holder)).then_some(holder)
    }

    /// [`Lease::holder`], unless that is `me`.
    pub(crate) fn held_by_other(&self, me: &str) -> Option<&str> {
        self.holder().filter(|h| *h != me)
    }
}

/// Renews the lease of the job `id` in `table` held by `owner` every third of `lease_seconds`
/// until dropped, from a connection of its own to the catalog file. It stops by
/// itself when the lease is no longer `owner`'s (taken over, released).
pub(crate) struct Heartbeat {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Heartbeat {
    /// Starts the heartbeat, or `None` for a catalog with no file (in memory:
    /// one connection, one process, no one to take the lease over).
    pub(crate) fn start(
        conn: &Connection,
        table: &'static str,
        id: i64,
        owner: &str,
        lease_seconds: i64,
    ) -> Option<Self> {
        let path = conn.path().filter(|p| !p.is_empty())?.to_owned();
        let owner = owner.to_owned();
        let beat = Duration::from_millis((lease_seconds.max(1) as u64 * 1000) / 3);
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name(format!("{table} {id} lease"))
            .spawn(move || {
                let Ok(conn) = Connection::open(&path) else {
                    return;
                };
                if conn.busy_timeout(beat).is_err() {
                    return;
                }
                // Disconnected (the runner dropped us) or told to stop: end.
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(beat) {
                    let renewed = conn.execute(
                        &format!(
                            "UPDATE {table} SET lease_until = ?2 WHERE id = ?1 AND lease_owner = ?3"
                        ),
                        params![id, unix_now() + lease_seconds, owner],
                    );
                    // Busy: try again at the next beat. Not ours any more: stop.
                    if matches!(renewed, Ok(0)) {
                        return;
                    }
                }
            })
            .ok()?;
        Some(Heartbeat {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Heartbeat {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
