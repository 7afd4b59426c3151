//! The studio's docs state no count or list by hand: `docs/studio/ipc.md` holds
//! generated blocks (the commands with their arguments and return types, the
//! capability grants, the error kinds), and this test regenerates them and fails
//! when the committed ones differ. It also checks that the notes table names
//! exactly the listed commands and that no prose of `docs/studio*` states a
//! number of commands or grants outside a generated block. Refresh with
//!
//!     UPDATE_BINDINGS=1 cargo test -p contraption-studio-core --test docs

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use studio_core::error::error_kinds;
use studio_core::ipc::{commands, IpcType};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn ipc_doc() -> PathBuf {
    root().join("docs/studio/ipc.md")
}

/// A type in a Markdown table cell.
fn cell(t: &IpcType) -> String {
    let ts = if t.channel {
        format!("Channel<{}>", t.ts)
    } else {
        t.ts.clone()
    };
    format!("`{}`", ts.replace('|', "\\|"))
}

fn commands_block() -> String {
    let list = commands();
    let mut out = format!(
        "{} commands, in the order of the list (`studio-core/src/ipc/command_list.rs`); each \
         is the function of the same name in camel case in `ui/src/bindings/commands.ts`, and \
         every one fails with `CommandError`.\n\n\
         | command | in `src-tauri/src/commands/` | arguments | returns |\n|---|---|---|---|\n",
        list.len()
    );
    for c in &list {
        let args: Vec<String> = c
            .arguments
            .iter()
            .map(|a| format!("`{}`: {}", a.key(), cell(&a.ty)))
            .collect();
        let args = if args.is_empty() {
            "—".to_owned()
        } else {
            args.join(", ")
        };
        out.push_str(&format!(
            "| `{}` | `{}.rs` | {args} | {} |\n",
            c.name,
            c.module,
            cell(&c.returns)
        ));
    }
    out
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn grants_block() -> String {
    let all: Vec<&str> = commands().iter().map(|c| c.name).collect();
    let mut paths: Vec<PathBuf> = fs::read_dir(root().join("src-tauri/capabilities"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut rows = String::new();
    let mut total = 0;
    for path in &paths {
        let cap = json(path);
        let granted: BTreeSet<String> = cap["permissions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                p.as_str()
                    .unwrap()
                    .trim_start_matches("allow-")
                    .replace('-', "_")
            })
            .collect();
        total += granted.len();
        let windows: Vec<String> = cap["windows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| format!("`{}`", w.as_str().unwrap()))
            .collect();
        let what = if granted.len() * 2 > all.len() {
            let not: Vec<String> = all
                .iter()
                .filter(|c| !granted.contains(**c))
                .map(|c| format!("`{c}`"))
                .collect();
            format!("all but {}", not.join(", "))
        } else {
            let only: Vec<String> = all
                .iter()
                .filter(|c| granted.contains(**c))
                .map(|c| format!("`{c}`"))
                .collect();
            only.join(", ")
        };
        rows.push_str(&format!(
            "| `{}` | {} | {} | {what} |\n",
            path.file_name().unwrap().to_string_lossy(),
            windows.join(", "),
            granted.len()
        ));
    }
    format!(
        "{total} grants in {} capability files (`src-tauri/capabilities/`), each of one \
         command's own permission (`allow-<command>`); no other permission is granted.\n\n\
         | capability file | windows | commands | which |\n|---|---|---|---|\n{rows}",
        paths.len()
    )
}

fn errors_block() -> String {
    let kinds = error_kinds();
    let mut out = format!(
        "{} kinds, tagged `kind`, in the union's order:\n\n| enum | kinds |\n|---|---|\n",
        kinds.len()
    );
    let mut enums: Vec<String> = kinds.iter().map(|(e, _)| e.clone()).collect();
    enums.dedup();
    for e in enums {
        let of: Vec<String> = kinds
            .iter()
            .filter(|(x, _)| *x == e)
            .map(|(_, k)| format!("`{k}`"))
            .collect();
        out.push_str(&format!("| `{e}` | {} |\n", of.join(", ")));
    }
    out
}

/// `text` with the block between `<!-- generated:NAME -->` and
/// `<!-- /generated:NAME -->` replaced by `body`.
fn with_block(text: &str, name: &str, body: &str) -> String {
    let (open, close) = (
        format!("<!-- generated:{name} -->\n"),
        format!("<!-- /generated:{name} -->"),
    );
    let start = text
        .find(&open)
        .unwrap_or_else(|| panic!("ipc.md has no {open}"))
        + open.len();
    let end = text[start..]
        .find(&close)
        .unwrap_or_else(|| panic!("ipc.md has no {close}"))
        + start;
    format!("{}{body}{}", &text[..start], &text[end..])
}

#[test]
fn the_ipc_docs_generated_blocks_are_current() {
    let path = ipc_doc();
    let committed = fs::read_to_string(&path).unwrap();
    let mut fresh = with_block(&committed, "commands", &commands_block());
    fresh = with_block(&fresh, "grants", &grants_block());
    fresh = with_block(&fresh, "errors", &errors_block());
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        fs::write(&path, &fresh).unwrap();
        return;
    }
    assert!(
        fresh == committed,
        "docs/studio/ipc.md's generated blocks are stale; run \
         UPDATE_BINDINGS=1 cargo test -p contraption-studio-core --test docs"
    );
}

#[test]
fn the_notes_name_exactly_the_listed_commands() {
    let text = fs::read_to_string(ipc_doc()).unwrap();
    let start = text
        .find("| command | notes |")
        .expect("ipc.md has the notes table");
    let noted: Vec<String> = text[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.split('`').nth(1).unwrap().to_owned())
        .collect();
    let noted_set: BTreeSet<&str> = noted.iter().map(String::as_str).collect();
    assert_eq!(noted_set.len(), noted.len(), "a command noted twice");
    let listed: BTreeSet<&str> = commands().iter().map(|c| c.name).collect();
    assert_eq!(noted_set, listed);
}

/// The prose outside generated blocks, of every `docs/studio*` page.
fn prose() -> Vec<(PathBuf, String)> {
    let mut pages = vec![root().join("docs/studio.md")];
    for e in fs::read_dir(root().join("docs/studio")).unwrap() {
        pages.push(e.unwrap().path());
    }
    pages
        .into_iter()
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            let mut out = String::new();
            let mut inside = false;
            for line in text.lines() {
                if line.starts_with("<!-- generated:") {
                    inside = true;
                } else if line.starts_with("<!-- /generated:") {
                    inside = false;
                } else if !inside {
                    out.push_str(line);
                    out.push('\n');
                }
            }
            (p, out)
        })
        .collect()
}

#[test]
fn no_prose_counts_commands_or_grants() {
    let mut found = Vec::new();
    for (page, text) in prose() {
        let words: Vec<&str> = text.split_whitespace().collect();
        for (i, pair) in words.windows(2).enumerate() {
            let number = pair[0].trim_matches(|c: char| !c.is_ascii_digit());
            let noun = pair[1].trim_matches(|c: char| !c.is_alphanumeric());
            let counted = !number.is_empty() && number.chars().all(|c| c.is_ascii_digit());
            if counted && matches!(noun, "commands" | "grants" | "kinds" | "capabilities") {
                found.push(format!("{}: {} {}", page.display(), pair[0], pair[1]));
            }
            // "grants 45 of them"
            let of = words.get(i + 2).is_some_and(|w| *w == "of");
            if pair[0] == "grants" && pair[1].starts_with(|c: char| c.is_ascii_digit()) && of {
                found.push(format!("{}: {} {}", page.display(), pair[0], pair[1]));
            }
        }
    }
    assert!(
        found.is_empty(),
        "counts belong in generated blocks: {found:?}"
    );
}
