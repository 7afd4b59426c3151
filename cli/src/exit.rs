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
            eprintln!("error: {}", crate::term::printable_lines(&message(&e)));
            ExitCode::from(Exit::Failure.code())
        }
    }
}

/// The error and its causes in one message, `: ` between them (as `{e:#}`), but
/// a cause the message already ends with is not said again: an error such as
/// `cannot read F: {source}` both says its source and returns it, and the OS's
/// reason would otherwise come twice.
fn message(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let cause = cause.to_string();
        if text.is_empty() {
            text = cause;
        } else if !text.ends_with(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cause_already_said_is_not_said_twice() {
        let os = std::io::Error::from(std::io::ErrorKind::NotFound);
        let read = contraption_io::ReadError::Io {
            path: "my.json".into(),
            source: os,
        };
        let e = anyhow::Error::new(read).context("rules A (my.json)");
        let said = message(&e);
        assert_eq!(
            said,
            format!(
                "rules A (my.json): cannot read my.json: {}",
                std::io::Error::from(std::io::ErrorKind::NotFound)
            )
        );
        assert_eq!(format!("{e:#}").matches("not found").count(), 2, "{e:#}");
        assert_eq!(said.matches("not found").count(), 1, "{said}");
        // Causes that add something are all kept.
        let e = anyhow::anyhow!("inner").context("outer");
        assert_eq!(message(&e), "outer: inner");
    }
}
