//! What long commands share: a progress bar on stderr and Ctrl-C as a request to
//! stop at the next chunk.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};

/// A bar over `len` seeds on stderr (hidden when stderr is not a terminal):
/// `{what} [=====>    ] done/len seeds  52,340 seeds/s  eta 3h  message` (the
/// rate measured over the last seconds, whole seeds a second).
pub fn seeds_bar(what: &str, len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} {what} [{{bar:40}}] {{pos}}/{{len}} seeds  {{rate}}  eta {{eta}}  {{msg}}"
        ))
        .expect("valid template")
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate(state.per_sec()));
            },
        )
        .progress_chars("=> "),
    );
    bar
}

/// The bar's rate: whole seeds a second, thousands grouped (`52,340 seeds/s`).
fn rate(per_sec: f64) -> String {
    format!("{} seeds/s", HumanCount(per_sec as u64))
}

/// A flag Ctrl-C raises. The command looks at it between chunks; a second Ctrl-C
/// while a chunk finishes is the default one and ends the process.
pub fn ctrl_c_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let raised = Arc::clone(&flag);
    let _ = ctrlc::set_handler(move || raised.store(true, Ordering::Relaxed));
    flag
}

/// A bar over `len` candidates on stderr (hidden when stderr is not a terminal):
/// `tuning [=====>    ] done/len candidates  rate  eta  best score`.
pub fn candidates_bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} tuning [{bar:40}] {pos}/{len} candidates  {per_sec}  eta {eta}  {msg}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar
}

/// A bar over the rule sets of a sensitivity run on stderr (hidden when stderr
/// is not a terminal).
pub fn rule_sets_bar() -> ProgressBar {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} running rule sets [{bar:40}] {pos}/{len}  {per_sec}  eta {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar
}

#[cfg(test)]
mod tests {
    use super::rate;

    #[test]
    fn the_rate_is_whole_seeds_a_second_grouped_by_thousands() {
        assert_eq!(rate(0.4), "0 seeds/s");
        assert_eq!(rate(999.9), "999 seeds/s");
        assert_eq!(rate(52_340.7), "52,340 seeds/s");
        assert_eq!(rate(1_234_567.0), "1,234,567 seeds/s");
    }
}
