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
        "--shared-memory-renderer",
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
