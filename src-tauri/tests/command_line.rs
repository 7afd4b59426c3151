//! The studio's command line answers without a display: the arguments are parsed
//! before GTK starts, so `--help`, `--version` and mistakes never need a window.

use std::process::{Command, Output};

fn studio(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_contraption-studio"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the studio binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn help_prints_every_flag_and_exits_0_without_a_display() {
    let out = studio(&["--help"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout {stdout}\nstderr {stderr}"
    );
    assert!(stdout.starts_with("Contraption Level Studio"), "{stdout}");
    for flag in [
        "--catalog <PATH>",
        "--dialog-answer <PATH>",
        "--profile <DIR>",
        "--shared-memory-renderer",
        "--rules <FILE>",
        "--allow-slow",
        "--version",
    ] {
        assert!(stdout.contains(flag), "{flag} in {stdout}");
    }
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn version_prints_the_crate_version_and_exits_0_without_a_display() {
    let out = studio(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!("contraption-studio {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn a_mistyped_flag_is_a_usage_error_without_a_display() {
    let out = studio(&["--catalgo", "x.db"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("unexpected argument '--catalgo'"),
        "{stderr}"
    );
    assert!(!stderr.to_lowercase().contains("gtk"), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_rules_file_the_engine_refuses_stops_the_studio_before_any_window() {
    let dir = std::env::temp_dir().join(format!("studio-rules-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad-rules.json");
    let good = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/gears.json"))
        .unwrap();
    let bad = good.replacen("\"gravity\": 200.0", "\"gravity\": -200.0", 1);
    assert_ne!(bad, good);
    std::fs::write(&path, bad).unwrap();
    let out = studio(&["--rules", path.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "contraption-studio: cannot use the rules file {}: the rules are not valid: \
             physics.gravity is -200; it must be greater than 0 and at most 10000\n",
            path.display()
        )
    );
    assert!(out.stdout.is_empty());
    let out = studio(&["--rules", "/nonexistent/rules.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr)
        .starts_with("contraption-studio: cannot use the rules file /nonexistent/rules.json: "));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn slow_rules_stop_the_studio_before_any_window_unless_allowed() {
    let dir = std::env::temp_dir().join(format!("studio-slow-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("walls64.json");
    // The default rules with 64 walls: over the everyday budget by the estimate.
    let v1 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/gears.json"))
        .unwrap();
    let slow = v1.replacen("\"max\": 5\n", "\"max\": 64\n", 1);
    assert_ne!(slow, v1, "the walls' count in rules/gears.json");
    std::fs::write(&path, slow).unwrap();
    let out = studio(&["--rules", path.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "contraption-studio: cannot use the rules file {}: these rules are slow (worst case of one seed: ",
            path.display()
        )),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("; start with --allow-slow to use them anyway\n"),
        "{stderr}"
    );
    assert!(!stderr.to_lowercase().contains("gtk"), "{stderr}");
    assert!(out.stdout.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_profile_that_cannot_be_a_directory_stops_the_studio_before_any_window() {
    let dir = std::env::temp_dir().join(format!("studio-profile-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("not-a-directory");
    std::fs::write(&file, b"a file").unwrap();
    let out = studio(&["--profile", file.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "contraption-studio: cannot use the profile {}: ",
            file.display()
        )),
        "{stderr}"
    );
    assert!(!stderr.to_lowercase().contains("gtk"), "{stderr}");
    assert_eq!(std::fs::read(&file).unwrap(), b"a file");
    std::fs::remove_dir_all(&dir).ok();
}
