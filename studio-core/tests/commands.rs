//! The command list (`studio_core::ipc`, from which `ui/src/bindings/commands.ts`
//! is generated) is the shell's commands: this test reads every
//! `#[tauri::command]` function in `src-tauri/src/commands/` and fails when a
//! name, an argument (its name, order or type) or a return type differs from
//! the list, or when a function is missing from it or the list names one that
//! is not there. Arguments the shell injects (`State`, `AppHandle`) are not part
//! of the contract; `Reply<T>` returns `T`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use studio_core::ipc::{camel_case, commands};
use syn::{FnArg, GenericArgument, Item, Pat, PathArguments, ReturnType, Type};

/// A signature as text: `name(arg: Type, ...) -> Type`, each type by the last
/// segment of its paths.
type Signatures = BTreeMap<String, String>;

fn commands_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../src-tauri/src/commands")
}

/// `a::b::C<'x, d::E>` → `C<E>`, after the file's type aliases.
fn render(ty: &Type, aliases: &BTreeMap<String, Type>) -> String {
    match ty {
        Type::Path(p) => {
            let last = p.path.segments.last().expect("a path has a segment");
            let name = last.ident.to_string();
            if p.path.segments.len() == 1 {
                if let Some(alias) = aliases.get(&name) {
                    return render(alias, aliases);
                }
            }
            let args: Vec<String> = match &last.arguments {
                PathArguments::AngleBracketed(a) => a
                    .args
                    .iter()
                    .filter_map(|g| match g {
                        GenericArgument::Type(t) => Some(render(t, aliases)),
                        _ => None,
                    })
                    .collect(),
                PathArguments::None => vec![],
                PathArguments::Parenthesized(_) => panic!("unexpected type {name}(..)"),
            };
            if args.is_empty() {
                name
            } else {
                format!("{name}<{}>", args.join(", "))
            }
        }
        Type::Tuple(t) if t.elems.is_empty() => "()".to_owned(),
        Type::Reference(r) => render(&r.elem, aliases),
        _ => panic!("unexpected kind of type in a command (only paths, references and ())"),
    }
}

/// Whether the shell supplies this argument itself (managed state, the app).
fn injected(rendered: &str) -> bool {
    rendered.starts_with("State<") || rendered == "AppHandle"
}

/// The `#[tauri::command]` functions of one file.
fn shell_signatures(module: &str, path: &Path, out: &mut Signatures) {
    let text = fs::read_to_string(path).unwrap();
    let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let aliases: BTreeMap<String, Type> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Type(t) => Some((t.ident.to_string(), (*t.ty).clone())),
            _ => None,
        })
        .collect();
    for item in &file.items {
        let Item::Fn(f) = item else { continue };
        let Some(attr) = f.attrs.iter().find(|a| {
            let segs: Vec<String> = a
                .path()
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            segs == ["tauri", "command"]
        }) else {
            continue;
        };
        // The generated functions pass Tauri's default keys (camel case).
        assert!(
            matches!(attr.meta, syn::Meta::Path(_)),
            "{module}::{}: #[tauri::command] takes no options here (the generator assumes camel-case keys)",
            f.sig.ident
        );
        let mut args = Vec::new();
        for input in &f.sig.inputs {
            let FnArg::Typed(arg) = input else {
                panic!("{module}::{}: a command takes no self", f.sig.ident)
            };
            let ty = render(&arg.ty, &aliases);
            if injected(&ty) {
                continue;
            }
            let Pat::Ident(name) = &*arg.pat else {
                panic!("{module}::{}: arguments are plain names", f.sig.ident)
            };
            args.push(format!("{}: {ty}", name.ident));
        }
        let returns = match &f.sig.output {
            ReturnType::Default => "()".to_owned(),
            ReturnType::Type(_, t) => {
                let r = render(t, &aliases);
                match r.strip_prefix("Reply<") {
                    Some(inner) => inner.strip_suffix('>').unwrap().to_owned(),
                    None => r,
                }
            }
        };
        let name = format!("{module}::{}", f.sig.ident);
        let sig = format!("({}) -> {returns}", args.join(", "));
        assert!(out.insert(name.clone(), sig).is_none(), "{name} twice");
    }
}

fn shell() -> Signatures {
    let mut out = Signatures::new();
    let mut paths: Vec<PathBuf> = fs::read_dir(commands_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    paths.sort();
    for path in paths {
        let module = path.file_stem().unwrap().to_string_lossy().into_owned();
        shell_signatures(&module, &path, &mut out);
    }
    out
}

/// The command list's signatures, rendered the same way.
fn listed() -> Signatures {
    let parse = |text: &str| render(&syn::parse_str::<Type>(text).unwrap(), &BTreeMap::new());
    let mut out = Signatures::new();
    for c in commands() {
        let args: Vec<String> = c
            .arguments
            .iter()
            .map(|a| format!("{}: {}", a.name, parse(a.ty.rust)))
            .collect();
        let name = format!("{}::{}", c.module, c.name);
        let sig = format!("({}) -> {}", args.join(", "), parse(c.returns.rust));
        assert!(
            out.insert(name.clone(), sig).is_none(),
            "{name} twice in the list"
        );
    }
    out
}

#[test]
fn the_command_list_is_the_shells_commands() {
    let (shell, listed) = (shell(), listed());
    assert!(
        shell.len() > 40,
        "expected the shell's commands, got {shell:?}"
    );
    let mut problems = Vec::new();
    for (name, sig) in &shell {
        match listed.get(name) {
            None => problems.push(format!("{name}{sig} is not in the command list")),
            Some(l) if l != sig => {
                problems.push(format!("{name}: the shell has {sig}, the list {l}"))
            }
            Some(_) => {}
        }
    }
    for (name, sig) in &listed {
        if !shell.contains_key(name) {
            problems.push(format!(
                "{name}{sig} is listed but is no #[tauri::command] of src-tauri/src/commands"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "studio-core/src/ipc/command_list.rs and the shell differ (fix the list, then \
         UPDATE_BINDINGS=1 cargo test -p contraption-studio-core --test bindings):\n{}",
        problems.join("\n")
    );
}

#[test]
fn keys_are_taurus_camel_case_and_unique() {
    for c in commands() {
        let keys: std::collections::BTreeSet<String> =
            c.arguments.iter().map(|a| a.key()).collect();
        assert_eq!(
            keys.len(),
            c.arguments.len(),
            "{}: two arguments share a key",
            c.name
        );
    }
    assert_eq!(camel_case("allow_slow"), "allowSlow");
    assert_eq!(camel_case("on_event"), "onEvent");
    assert_eq!(camel_case("seed"), "seed");
}

#[test]
fn the_generated_module_has_a_function_per_command() {
    // The keys each function sends are checked by ui/test/commands.test.ts;
    // here, that every command has its function.
    let ts = studio_core::ipc::typescript();
    for c in commands() {
        assert!(ts.contains(&format!("export function {}(", camel_case(c.name))));
        assert!(
            ts.contains(&format!("return call(\"{}\"", c.name)),
            "{}",
            c.name
        );
    }
    assert!(!ts.contains("bigint"));
}
