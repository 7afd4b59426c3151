//! Cancellable background jobs: an id and a cancel flag per running job.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// The running jobs of the app (Tauri managed state).
#[derive(Debug, Default)]
pub struct Jobs {
    next: AtomicU32,
    running: Mutex<HashMap<u32, Arc<AtomicBool>>>,
}

impl Jobs {
    /// Registers a new job and returns its id and cancel flag.
    pub fn start(&self) -> (u32, Arc<AtomicBool>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let flag = Arc::new(AtomicBool::new(false));
        self.lock().insert(id, flag.clone());
        (id, flag)
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

    /// Forgets a job that ended.
    pub fn finish(&self, id: u32) {
        self.lock().remove(&id);
    }

    /// Ids of the running jobs, ascending.
    pub fn running(&self) -> Vec<u32> {
        let mut ids: Vec<u32> = self.lock().keys().copied().collect();
        ids.sort_unstable();
        ids
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u32, Arc<AtomicBool>>> {
        // A panic while holding this lock cannot leave the map inconsistent.
        self.running.lock().unwrap_or_else(|e| e.into_inner())
    }
}
