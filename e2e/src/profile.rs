//! Each launch's profile: the one a test names, or a fresh temporary one the
//! harness removes once the studio has quit.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The profile `args` name (`--profile DIR` or `--profile=DIR`), if any.
pub(crate) fn named_profile(args: &[&str]) -> Option<PathBuf> {
    args.iter().enumerate().find_map(|(i, a)| {
        if *a == "--profile" {
            args.get(i + 1).map(PathBuf::from)
        } else {
            a.strip_prefix("--profile=").map(PathBuf::from)
        }
    })
}

/// A fresh, empty directory for one launch's profile.
pub(crate) fn fresh_profile() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "contraption-e2e-profile-{}-{n}",
            std::process::id()
        ));
        match std::fs::create_dir(&dir) {
            Ok(()) => return dir,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => panic!("cannot make a profile {}: {e}", dir.display()),
        }
    }
}

/// Whether a process runs with `profile` as its `--profile` (its command line, in
/// /proc): the studio lives on for a moment after its WebDriver session ends.
pub(crate) fn studio_running_in(profile: &Path) -> bool {
    let dir = profile.as_os_str().as_encoded_bytes();
    let joined = [b"--profile=".as_slice(), dir].concat();
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return false;
    };
    procs.filter_map(Result::ok).any(|p| {
        std::fs::read(p.path().join("cmdline")).is_ok_and(|c| {
            let args: Vec<&[u8]> = c.split(|b| *b == 0).collect();
            args.windows(2)
                .any(|w| w[0] == b"--profile".as_slice() && w[1] == dir)
                || args.contains(&joined.as_slice())
        })
    })
}

/// Waits (up to 10 s) until the studio running in `profile` has quit, then
/// removes the profile when the harness made it (again if the studio's last
/// writes recreated it).
pub(crate) fn studio_gone(profile: &Path, remove: bool) {
    let start = Instant::now();
    while studio_running_in(profile) && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    if remove {
        for _ in 0..5 {
            let _ = std::fs::remove_dir_all(profile);
            std::thread::sleep(Duration::from_millis(100));
            if !profile.exists() {
                break;
            }
        }
    }
}
