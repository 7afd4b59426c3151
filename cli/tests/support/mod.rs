//! What the command-line tests share: the real `contraption` binary, run with a
//! guard against hangs, and the files they look at.
#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

pub fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("contraption")
}

pub fn cmd(args: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.args(args).env_remove("CONTRAPTION_DB");
    c
}

/// Runs the binary with `args` to its end.
pub fn run(args: &[&str]) -> Output {
    cmd(args).output().unwrap()
}

/// Runs the binary with `args`, which must succeed; its stdout.
pub fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

/// Waits for `child`, failing the test (after killing it) if it has not ended
/// within `limit`: a guard against hangs, not a measure of speed.
pub fn wait_guarded(mut child: Child, limit: Duration) -> Output {
    let deadline = Instant::now() + limit;
    // Drain the pipes meanwhile, so a child writing much is never blocked on them.
    fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Output {
                status,
                stdout: stdout.join().unwrap(),
                stderr: stderr.join().unwrap(),
            };
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the command was still running after {limit:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub fn run_guarded(c: &mut Command) -> Output {
    let child = c
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_guarded(child, Duration::from_secs(120))
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Files in `dir` whose name contains `part`.
pub fn names_with(dir: &Path, part: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(part))
        .collect()
}

pub fn mkfifo(path: &Path) {
    rustix::fs::mkfifoat(
        rustix::fs::CWD,
        path,
        rustix::fs::Mode::from_raw_mode(0o600),
    )
    .unwrap();
}

/// The seeds a scan summary's attempts histogram counts (all of its bins).
pub fn histogram_seeds(summary: &serde_json::Value) -> u64 {
    summary["attempts_histogram"]
        .as_array()
        .expect("an attempts histogram")
        .iter()
        .map(|b| b["seeds"].as_u64().unwrap())
        .sum()
}
