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
