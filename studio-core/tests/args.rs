//! The studio's command line: one clap parser for every flag, answered without a
//! display (the shell parses before it starts GTK).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::error::ErrorKind;
use studio_core::args::StudioArgs;

fn parse(args: &[&str]) -> Result<StudioArgs, clap::Error> {
    let mut all = vec!["contraption-studio"];
    all.extend_from_slice(args);
    StudioArgs::try_parse_with_version(all, "9.8.7")
}

#[test]
fn every_flag_in_both_spellings() {
    assert_eq!(parse(&[]).unwrap(), StudioArgs::default());
    let a = parse(&[
        "--catalog",
        "/tmp/x.db",
        "--dialog-answer=/tmp/a.json",
        "--shared-memory-renderer",
    ])
    .unwrap();
    assert_eq!(a.catalog, Some(PathBuf::from("/tmp/x.db")));
    assert_eq!(a.dialog_answer, Some(PathBuf::from("/tmp/a.json")));
    assert!(a.shared_memory_renderer);
    let b = parse(&["--catalog=/tmp/y.db", "--dialog-answer", "/tmp/b.png"]).unwrap();
    assert_eq!(b.catalog, Some(PathBuf::from("/tmp/y.db")));
    assert_eq!(b.dialog_answer, Some(PathBuf::from("/tmp/b.png")));
    assert!(!b.shared_memory_renderer);
}

#[test]
fn help_and_version_are_answers_and_mistakes_are_errors() {
    let help = parse(&["--help"]).unwrap_err();
    assert_eq!(help.kind(), ErrorKind::DisplayHelp);
    assert_eq!(help.exit_code(), 0);
    let text = help.render().to_string();
    for flag in [
        "--catalog",
        "--dialog-answer",
        "--profile <DIR>",
        "--shared-memory-renderer",
        "--version",
    ] {
        assert!(text.contains(flag), "{flag} in {text}");
    }
    let version = parse(&["--version"]).unwrap_err();
    assert_eq!(version.kind(), ErrorKind::DisplayVersion);
    assert_eq!(version.exit_code(), 0);
    assert_eq!(version.render().to_string(), "contraption-studio 9.8.7\n");
    for bad in [&["--catalgo", "x"][..], &["--catalog"], &["stray"]] {
        let e = parse(bad).unwrap_err();
        assert_eq!(e.exit_code(), 2, "{bad:?}");
    }
}

#[test]
fn the_catalog_path_comes_from_the_flag_then_the_environment_then_the_data_directory() {
    let dir = Path::new("/data/dev.contraption.studio");
    let none = parse(&[]).unwrap();
    let flag = parse(&["--catalog", "/tmp/x.db"]).unwrap();
    let env = || Some(OsString::from("/tmp/env.db"));
    assert_eq!(
        flag.catalog_path(env(), dir),
        PathBuf::from("/tmp/x.db"),
        "the flag wins"
    );
    assert_eq!(none.catalog_path(env(), dir), PathBuf::from("/tmp/env.db"));
    assert_eq!(
        none.catalog_path(Some(OsString::new()), dir),
        dir.join("catalog.sqlite3"),
        "an empty variable is not set"
    );
    assert_eq!(none.catalog_path(None, dir), dir.join("catalog.sqlite3"));
    // An empty path is a mistake, not a default.
    assert_eq!(parse(&["--catalog="]).unwrap_err().exit_code(), 2);
}

#[test]
fn the_rules_draft_is_kept_where_the_flag_says_else_in_the_data_directory() {
    let dir = Path::new("/data/dev.contraption.studio");
    assert_eq!(
        parse(&[]).unwrap().rules_draft_path(dir),
        dir.join("rules-draft.json")
    );
    assert_eq!(
        parse(&["--rules-draft", "/tmp/d.json"])
            .unwrap()
            .rules_draft_path(dir),
        PathBuf::from("/tmp/d.json")
    );
}

#[test]
fn a_profile_holds_the_catalog_the_draft_the_view_settings_and_the_web_data() {
    let data = Path::new("/data/dev.contraption.studio");
    let env = || Some(OsString::from("/tmp/env.db"));
    let p = parse(&["--profile", "/tmp/p1"]).unwrap();
    assert_eq!(p.profile, Some(PathBuf::from("/tmp/p1")));
    let dir = Path::new("/tmp/p1");
    assert_eq!(p.profile_dir(data), dir);
    assert_eq!(
        p.catalog_path(env(), data),
        dir.join("catalog.sqlite3"),
        "a profile isolates the catalog from $CONTRAPTION_DB too"
    );
    assert_eq!(p.catalog_path(None, data), dir.join("catalog.sqlite3"));
    assert_eq!(p.rules_draft_path(data), dir.join("rules-draft.json"));
    assert_eq!(p.view_settings_path(data), dir.join("view-settings.json"));
    assert_eq!(p.webview_data_dir(data), dir);
    // Nothing of a profiled run is in the data directory.
    for path in [
        p.catalog_path(env(), data),
        p.rules_draft_path(data),
        p.view_settings_path(data),
        p.webview_data_dir(data),
    ] {
        assert!(!path.starts_with(data), "{}", path.display());
    }
}

#[test]
fn catalog_and_rules_draft_still_name_their_own_file_in_a_profile() {
    let data = Path::new("/data/dev.contraption.studio");
    let p = parse(&[
        "--profile=/tmp/p2",
        "--catalog",
        "/tmp/x.db",
        "--rules-draft",
        "/tmp/d.json",
    ])
    .unwrap();
    assert_eq!(
        p.catalog_path(Some(OsString::from("/tmp/env.db")), data),
        PathBuf::from("/tmp/x.db")
    );
    assert_eq!(p.rules_draft_path(data), PathBuf::from("/tmp/d.json"));
    assert_eq!(
        p.view_settings_path(data),
        Path::new("/tmp/p2/view-settings.json")
    );
    assert_eq!(p.webview_data_dir(data), Path::new("/tmp/p2"));
}

#[test]
fn without_a_profile_everything_stays_in_the_data_directory() {
    let data = Path::new("/data/dev.contraption.studio");
    let none = parse(&[]).unwrap();
    assert_eq!(none.profile_dir(data), data);
    assert_eq!(none.catalog_path(None, data), data.join("catalog.sqlite3"));
    assert_eq!(none.rules_draft_path(data), data.join("rules-draft.json"));
    assert_eq!(
        none.view_settings_path(data),
        data.join("view-settings.json")
    );
    // Where Tauri puts the web data by default on Linux (the app's data directory).
    assert_eq!(none.webview_data_dir(data), data);
    // An empty profile is a mistake, not a default.
    assert_eq!(parse(&["--profile="]).unwrap_err().exit_code(), 2);
    assert_eq!(parse(&["--profile"]).unwrap_err().exit_code(), 2);
}

#[test]
fn a_relative_profile_is_made_absolute_for_the_web_data_only() {
    let data = Path::new("/data/dev.contraption.studio");
    let p = parse(&["--profile", "runs/p3"]).unwrap();
    let cwd = std::env::current_dir().unwrap();
    assert_eq!(p.webview_data_dir(data), cwd.join("runs/p3"));
    assert!(p.webview_data_dir(data).is_absolute());
    // The files are opened as given, relative to the working directory.
    assert_eq!(
        p.catalog_path(None, data),
        Path::new("runs/p3/catalog.sqlite3")
    );
}

#[test]
fn the_profile_directory_is_made_before_any_window_or_refused_with_the_reason() {
    let tmp = std::env::temp_dir().join(format!("studio-args-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let nested = tmp.join("a/b");
    let p = parse(&["--profile", nested.to_str().unwrap()]).unwrap();
    p.prepare_profile().unwrap();
    assert!(nested.is_dir());
    p.prepare_profile().unwrap();
    let file = tmp.join("a-file");
    std::fs::write(&file, b"x").unwrap();
    let e = parse(&["--profile", file.to_str().unwrap()])
        .unwrap()
        .prepare_profile()
        .unwrap_err();
    assert!(
        e.starts_with(&format!("cannot use the profile {}: ", file.display())),
        "{e}"
    );
    parse(&[]).unwrap().prepare_profile().unwrap();
    std::fs::remove_dir_all(&tmp).unwrap();
}
