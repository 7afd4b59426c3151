//! The IPC contract's commands, from the one command list (`command_list.rs`):
//! each command's name, arguments and return type, with their TypeScript types
//! from ts-rs, and the TypeScript module the UI calls them through
//! (`ui/src/bindings/commands.ts`, kept current by `tests/bindings.rs`).

use std::collections::BTreeSet;
use std::marker::PhantomData;

use ts_rs::{Dependency, TypeVisitor, TS};

#[macro_use]
mod command_list;
mod typescript;

pub use typescript::typescript;

// The types the command list names, in scope for its expansion below.
#[allow(unused_imports)]
use crate::{
    ab::{AbEvent, AbOutcome, AbReport, AbRules, WouldChange},
    catalog::{
        CalendarMonth, CatalogInfo, ChartTable, ComparedSeed, RangeSummary, ScanEvent, ScanOutcome,
        SearchEvent, SearchOutcome, SeedRequest, Thumbnail,
    },
    draft_vs_in_force::SeedComparison,
    draws::PinnedSeed,
    exchange::{ImportedLevel, PictureKind, SharedSeed, WrittenFile},
    expressive_range::RangeReport,
    inspect::{Inspection, PlacementTrajectory},
    play::{PartCheck, PlayLevel, PlayRun, SolutionFile},
    rules::RulesInfo,
    rules_draft::{RuleFieldInfo, RulesDraft},
    settings::ViewSettings,
    sweep_job::{JobSummary, SweepEvent},
    tune::{
        ChartFormat, TargetsCheck, TuneEvent, TuneRequest, TuneResult, WhatChart, WhatEvent,
        WhatRequest, WhatResult,
    },
};
#[allow(unused_imports)]
use contraption::{expressive_range::Metric, DrawRecord, ParsedSeed, Pin, Placement, SummaryKind};
#[allow(unused_imports)]
use contraption_catalog::{Bookmark, BookmarkCheck, BookmarkInput, BookmarkQuery, SeedPage, Stats};
#[allow(unused_imports)]
use contraption_tune::NumericField;

/// An argument that streams `E` events to the UI (the shell's `tauri::ipc::Channel<E>`).
pub struct Channel<E>(PhantomData<E>);

/// A type as the UI sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IpcType {
    /// The Rust type as the command list writes it (e.g. `Option<String>`).
    pub rust: &'static str,
    /// Its TypeScript type (a channel's: the type of its events).
    pub ts: String,
    /// Whether it is a `Channel` of events.
    pub channel: bool,
    /// The bindings it names (file stems in `ui/src/bindings/`).
    pub imports: BTreeSet<String>,
}

/// How a type of the command list crosses the IPC boundary.
pub trait Crossing {
    fn ipc_type(rust: &'static str) -> IpcType;
}

/// Collects the exported bindings a type names (itself, its type arguments).
struct Imports(BTreeSet<String>);

impl TypeVisitor for Imports {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if let Some(dep) = Dependency::from_ty::<T>() {
            let stem = dep.output_path.with_extension("");
            self.0.insert(stem.to_string_lossy().into_owned());
        }
        T::visit_generics(self);
    }
}

impl<T: TS + 'static> Crossing for T {
    fn ipc_type(rust: &'static str) -> IpcType {
        let mut imports = Imports(BTreeSet::new());
        imports.visit::<T>();
        IpcType {
            rust,
            // 64-bit integers cross as JSON numbers and stay far below 2^53 (the
            // bindings type them `number` too, `#[ts(type = "number")]`).
            ts: T::name().replace("bigint", "number"),
            channel: false,
            imports: imports.0,
        }
    }
}

impl<E: TS + 'static> Crossing for Channel<E> {
    fn ipc_type(rust: &'static str) -> IpcType {
        IpcType {
            channel: true,
            ..E::ipc_type(rust)
        }
    }
}

/// One argument of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Argument {
    /// Its name in Rust (snake case).
    pub name: &'static str,
    pub ty: IpcType,
}

impl Argument {
    /// Its key on the wire: Tauri's camel case of the Rust name.
    pub fn key(&self) -> String {
        camel_case(self.name)
    }
}

/// One command of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The file of `src-tauri/src/commands/` that holds it.
    pub module: &'static str,
    pub name: &'static str,
    pub arguments: Vec<Argument>,
    /// What it returns when it succeeds.
    pub returns: IpcType,
}

/// `snake_case` → `snakeCase` (Tauri's renaming of command arguments).
pub fn camel_case(name: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

macro_rules! command_table {
    ($($module:ident :: $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty),* $(,)?) => {
        vec![$(Command {
            module: stringify!($module),
            name: stringify!($name),
            arguments: vec![$(Argument {
                name: stringify!($arg),
                ty: <$ty as Crossing>::ipc_type(stringify!($ty)),
            }),*],
            returns: <$ret as Crossing>::ipc_type(stringify!($ret)),
        }),*]
    };
}

/// Every command, in the list's order.
pub fn commands() -> Vec<Command> {
    studio_commands!(command_table)
}

/// Every command's name, in the list's order.
pub const COMMAND_NAMES: &[&str] = studio_commands!(command_names);
