//! `contraption-golden NAME` prints the text of `tests/golden/NAME.txt` as the engine
//! computes it here, byte for byte, and nothing else on stdout.
//!
//! Built for `wasm32-wasip1` and run by `tests/wasm/run.mjs` (Node's `node:wasi`),
//! it checks the golden files on a second instruction set, compiler back end and
//! runtime; `scripts/test.sh` compares its output with the files. It builds for any
//! target the engine builds for, so a port can run the same check natively.
//!
//! The texts are the ones `tests/golden.rs` checks: both include the same module.

#[path = "../../golden_texts/mod.rs"]
mod golden_texts;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name] = args.as_slice() else {
        eprintln!(
            "usage: contraption-golden NAME\n  NAME: one of {}",
            golden_texts::NAMES.join(", ")
        );
        return ExitCode::from(2);
    };
    let Some(text) = golden_texts::text(name) else {
        eprintln!(
            "contraption-golden: no golden text named {name:?} (known: {})",
            golden_texts::NAMES.join(", ")
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
