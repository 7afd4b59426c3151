//! `contraption-golden NAME` prints the text of `tests/golden/NAME.txt` as the engine
//! computes it here, byte for byte, and nothing else on stdout.
//! `contraption-golden NAME -` reads a rules file on standard input (at most
//! 64 KiB, checked as every rules file is) and prints the text under those rules:
//! `contraption-golden gear_runs - < rules/gears.json` is
//! `tests/golden/gears/gear_runs.txt`.
//!
//! Built for `wasm32-wasip1` and run by `tests/wasm/run.mjs` (Node's `node:wasi`),
//! it checks the golden files on a second instruction set, compiler back end and
//! runtime; `scripts/golden-wasm.sh` compares its output with the files. It builds
//! for any target the engine builds for, so a port can run the same check natively.
//!
//! The texts are the ones `tests/golden.rs` checks: both include the same module.

#[path = "../../golden_texts/mod.rs"]
mod golden_texts;

use std::io::{Read, Write};
use std::process::ExitCode;

use contraption::rules_file::MAX_RULES_FILE_BYTES;
use contraption::{parse_rules_file, ValidRules};

fn usage() -> ExitCode {
    eprintln!(
        "usage: contraption-golden NAME [-]\n  NAME: one of {} (the default rules' files), or {} under other rules\n  -: read a rules file on standard input and compute the text under those rules",
        golden_texts::NAMES.join(", "),
        golden_texts::RULES_NAMES.join(", ")
    );
    ExitCode::from(2)
}

/// A rules file from standard input, bounded before it is parsed.
fn rules_from_stdin() -> Result<ValidRules, String> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_RULES_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the rules on standard input: {e}"))?;
    parse_rules_file(&bytes).map_err(|e| format!("the rules on standard input: {e}"))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (name, rules) = match args.as_slice() {
        [name] => (name, ValidRules::default()),
        [name, dash] if dash == "-" => match rules_from_stdin() {
            Ok(rules) => (name, rules),
            Err(e) => {
                eprintln!("contraption-golden: {e}");
                return ExitCode::from(2);
            }
        },
        _ => return usage(),
    };
    let Some(text) = golden_texts::text(name, &rules) else {
        eprintln!(
            "contraption-golden: no golden text named {name:?} (known: {})",
            golden_texts::RULES_NAMES.join(", ")
        );
        return ExitCode::from(2);
    };
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        eprintln!("contraption-golden: cannot write the text: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
