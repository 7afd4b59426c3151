//! Long output stopped by `kill -9` while a slow reader holds the pipe nearly
//! full: every line the reader got is whole (each write carries whole lines of
//! at most a pipe buffer, which a pipe takes whole or not at all), so output
//! appended to a file after a resume stays readable line by line.
#![cfg(unix)]

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn a_search_killed_while_a_slow_reader_reads_leaves_only_whole_lines() {
    for round in 0..3 {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("contraption"))
            .args(["search", "true", "0..4000000"])
            .env_remove("CONTRAPTION_DB")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut got = Vec::new();
        let mut piece = [0u8; 777];
        // Read slowly: the pipe stays nearly full, so the writer is often
        // blocked in the middle of a write when it is killed.
        for _ in 0..150 {
            let n = stdout.read(&mut piece).unwrap();
            got.extend_from_slice(&piece[..n]);
            std::thread::sleep(Duration::from_millis(2));
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        stdout.read_to_end(&mut got).unwrap();
        let text = String::from_utf8(got).unwrap();
        assert!(
            text.ends_with('\n'),
            "round {round}: a cut last line: {:?}",
            &text[text.len().saturating_sub(80)..]
        );
        let mut lines = 0;
        for line in text.lines() {
            let row: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| {
                panic!("round {round}: line {lines} is not whole ({e}): {line}")
            });
            assert!(row["seed"].is_u64());
            lines += 1;
        }
        assert!(lines > 100, "round {round}: {lines} lines read");
    }
}
