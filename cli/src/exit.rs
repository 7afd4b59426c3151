//! Exit codes: what a script can rely on.

use std::process::ExitCode;

/// How a command ended. Usage errors exit with 2 (clap's own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// 0: done.
    Success,
    /// 1: an error or refused input (the reason is on stderr).
    Failure,
    /// 3: a level drifted from the current rules (`verify`, `bookmarks check`), or
    /// two rules files differ (`rules diff`); the report is on stdout.
    Drifted,
    /// 4: a replayed solution ran but missed the goal; the report is on stdout.
    Missed,
    /// 130: stopped by Ctrl-C before the end (`search`); what was done is on
    /// stdout and, with `--resume`, in the checkpoint.
    Interrupted,
}

impl Exit {
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Failure => 1,
            Exit::Drifted => 3,
            Exit::Missed => 4,
            Exit::Interrupted => 130,
        }
    }
}

/// Turns a command's result into the process's exit code, printing an error on
/// stderr. A closed stdout (`contraption scan … | head`) is the reader's choice and
/// ends the process quietly with success.
pub fn finish(result: anyhow::Result<Exit>) -> ExitCode {
    match result {
        Ok(exit) => ExitCode::from(exit.code()),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // The message may quote user data (a path, seed text, a value read
            // from a file or a catalog): escaped, never raw.
            eprintln!("error: {}", crate::term::printable_lines(&format!("{e:#}")));
            ExitCode::from(Exit::Failure.code())
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    use std::io::ErrorKind::BrokenPipe;
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == BrokenPipe)
            // serde_json keeps the io::Error inside its own error.
            || cause
                .downcast_ref::<serde_json::Error>()
                .is_some_and(|json| json.io_error_kind() == Some(BrokenPipe))
    })
}
