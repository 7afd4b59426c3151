//! House rules of the Rust code that a reviewer should not have to check by eye
//! (the twin of `ui/test/house.test.ts`):
//! - the engine's `src/` is concept folders in one reading order, and a file in a
//!   folder imports only from its own folder and the ones before it (by full path:
//!   `crate::<folder>::…`, never through the root's re-exports);
//! - no hand-written source file of any crate is over 400 lines (the e2e
//!   harness's library included; tests, benches, fuzz targets and generated files
//!   apart).
//!
//! Each rule is also run on a planted violation, so a checker that finds nothing
//! cannot pass.

use std::fs;
use std::path::{Path, PathBuf};

/// The engine's folders, bottom to top: the reading order of `src/lib.rs`.
const ORDER: [&str; 8] = [
    "base", "seed", "world", "rules", "sim", "generate", "files", "analysis",
];

/// Longest hand-written source file, in lines.
const MAX_LINES: usize = 400;

/// Directories of the workspace that hold tests, benches, fuzz targets or other
/// people's code rather than crate sources.
const NOT_SOURCES: [&str; 7] = [
    "target",
    "node_modules",
    "tests",
    "benches",
    "fuzz",
    "ui",
    ".git",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    let mut entries: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// Every `crate::<name>` a file of folder `folder` names against the order: a
/// later folder, or a name that is not a folder (a root re-export hides where
/// an item lives). One line per finding: `file:line: crate::name`.
fn imports_against_order(src: &Path, order: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for file in rust_files(src) {
        let rel = file.strip_prefix(src).unwrap();
        let Some(folder) = rel.components().next().and_then(|c| c.as_os_str().to_str()) else {
            continue;
        };
        if rel.components().count() < 2 {
            continue; // lib.rs: the re-exports
        }
        let level = order
            .iter()
            .position(|f| *f == folder)
            .unwrap_or_else(|| panic!("src/{folder}/ is not a folder of the reading order"));
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let mut rest = line;
            while let Some(at) = rest.find("crate::") {
                let before = rest[..at].chars().next_back();
                rest = &rest[at + "crate::".len()..];
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                    continue; // `$crate::`, `contraption_crate::`…
                }
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let ok = order
                    .iter()
                    .position(|f| *f == name)
                    .is_some_and(|l| l <= level);
                if !ok {
                    found.push(format!("{}:{}: crate::{name}", rel.display(), n + 1));
                }
            }
        }
    }
    found
}

/// The source directories of the workspace's crates: every `src/` under `root`
/// whose parent holds a `Cargo.toml`, outside the test, bench and fuzz trees.
fn crate_sources(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        if dir.join("Cargo.toml").is_file() && dir.join("src").is_dir() {
            out.push(dir.join("src"));
        }
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap_or("");
            if path.is_dir() && !NOT_SOURCES.contains(&name) && name != "src" {
                stack.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Hand-written files over `max` lines under `dirs`, as `path: lines`. A file
/// that says `@generated` in its first lines is not hand-written.
fn long_files(root: &Path, dirs: &[PathBuf], max: usize) -> Vec<String> {
    let mut long = Vec::new();
    for dir in dirs {
        for file in rust_files(dir) {
            let text = fs::read_to_string(&file).unwrap();
            let generated = text.lines().take(5).any(|l| l.contains("@generated"));
            let lines = text.lines().count();
            if !generated && lines > max {
                let rel = file.strip_prefix(root).unwrap_or(&file);
                long.push(format!("{}: {lines}", rel.display()));
            }
        }
    }
    long
}

#[test]
fn lib_declares_the_folders_in_reading_order() {
    let lib = fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    assert_eq!(declared, ORDER);
    // Nothing but the folders and lib.rs at the top of src/.
    let top: Vec<String> = fs::read_dir(root().join("src"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n != "lib.rs")
        .collect();
    for name in &top {
        assert!(
            ORDER.contains(&name.as_str()),
            "src/{name} is neither lib.rs nor a folder of the reading order"
        );
    }
}

#[test]
fn no_engine_file_imports_against_the_reading_order() {
    assert_eq!(
        imports_against_order(&root().join("src"), &ORDER),
        Vec::<String>::new()
    );
}

#[test]
fn no_hand_written_source_file_is_over_400_lines() {
    let dirs = crate_sources(&root());
    // The walk finds the crates it should (a walk that finds none checks nothing).
    for krate in [
        "src",
        "cli/src",
        "catalog/src",
        "tune/src",
        "studio-core/src",
        "src-tauri/src",
        "e2e/src",
    ] {
        assert!(
            dirs.contains(&root().join(krate)),
            "{krate} was not looked at"
        );
    }
    assert_eq!(long_files(&root(), &dirs, MAX_LINES), Vec::<String>::new());
}

/// A scratch tree under the target directory, made afresh for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("house-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn an_upward_import_and_a_root_re_export_are_found() {
    let src = scratch("imports").join("src");
    for folder in ["low", "high"] {
        fs::create_dir_all(src.join(folder)).unwrap();
    }
    fs::write(src.join("lib.rs"), "pub use crate::high::Thing;\n").unwrap();
    fs::write(
        src.join("low/a.rs"),
        "use crate::low::b::B;\nuse crate::high::x::X;\n/// See [`crate::Thing`].\nmacro_rules! m { () => { $crate::high::y } }\n",
    )
    .unwrap();
    fs::write(
        src.join("high/x.rs"),
        "use crate::low::a::A;\nuse crate::high::x::X;\n",
    )
    .unwrap();
    assert_eq!(
        imports_against_order(&src, &["low", "high"]),
        ["low/a.rs:2: crate::high", "low/a.rs:3: crate::Thing"]
    );
}

#[test]
fn a_401_line_file_is_found_and_a_generated_one_is_not() {
    let root = scratch("lines");
    let src = root.join("krate/src");
    fs::create_dir_all(&src).unwrap();
    fs::write(root.join("krate/Cargo.toml"), "").unwrap();
    fs::write(src.join("long.rs"), "//\n".repeat(401)).unwrap();
    fs::write(src.join("fits.rs"), "//\n".repeat(400)).unwrap();
    fs::write(
        src.join("made.rs"),
        format!("// @generated\n{}", "//\n".repeat(500)),
    )
    .unwrap();
    fs::create_dir_all(root.join("krate/tests")).unwrap();
    fs::write(root.join("krate/tests/big.rs"), "//\n".repeat(900)).unwrap();
    let dirs = crate_sources(&root);
    assert_eq!(dirs, std::slice::from_ref(&src));
    assert_eq!(
        long_files(&root, &dirs, MAX_LINES),
        ["krate/src/long.rs: 401"]
    );
}
