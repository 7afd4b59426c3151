//! Cancellable background jobs: an id and a cancel flag per running job. A job is
//! forgotten when its `Job` handle is dropped, however the work ended.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// The running jobs of the app (the shell keeps one in its managed state).
#[derive(Debug, Default)]
pub struct Jobs {
    next: AtomicU32,
    running: Mutex<BTreeMap<u32, Arc<AtomicBool>>>,
}

/// A running job: its id (what `cancel_job` takes) and its cancel flag.
#[derive(Debug)]
pub struct Job {
    pub id: u32,
    cancel: Arc<AtomicBool>,
    jobs: Arc<Jobs>,
}

impl Job {
    /// Set once the job was asked to stop.
    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.cancel
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.jobs.lock().remove(&self.id);
    }
}

impl Jobs {
    /// Registers a new job.
    pub fn start(self: &Arc<Self>) -> Job {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let cancel = Arc::new(AtomicBool::new(false));
        self.lock().insert(id, cancel.clone());
        Job {
            id,
            cancel,
            jobs: self.clone(),
        }
    }

    /// Asks job `id` to stop; false when no such job is running.
    pub fn cancel(&self, id: u32) -> bool {
        match self.lock().get(&id) {
            Some(flag) => {
                flag.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Ids of the running jobs, ascending.
    pub fn running(&self) -> Vec<u32> {
        self.lock().keys().copied().collect()
    }

    fn lock(&self) -> MutexGuard<'_, BTreeMap<u32, Arc<AtomicBool>>> {
        // A panic while holding this lock cannot leave the map inconsistent.
        self.running.lock().unwrap_or_else(|e| e.into_inner())
    }
}
