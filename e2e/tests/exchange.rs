//! End-to-end tests of sharing, exporting and importing levels in the real window.
//!
//! The native GTK dialogs cannot be driven through WebDriver, so the studio is
//! started with `--dialog-answer PATH`: the shell's export and import commands take
//! PATH as the dialog's answer without showing it. Everything after the dialog —
//! the engine's level-file text, the render crate's PNG, the strict reader and the
//! verification, the web player's page — is the code a designer runs; the files are compared byte for byte
//! with what the CLI writes.

use std::path::PathBuf;
use std::process::Command;

use contraption::{encode_share_code, ShareCode};
use contraption_e2e::{binary, cli_json, Studio};

const DAILY: &str = "2026-7-28";
const DAILY_SEED: u64 = 176_112_159;

fn cli_to_file(args: &[&str]) {
    let status = Command::new(binary("CLI_BIN", "contraption"))
        .args(args)
        .status()
        .expect("run the CLI");
    assert!(status.success(), "contraption {args:?} failed");
}

async fn click(s: &Studio, css: &str) {
    s.find(css)
        .await
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

/// Waits for the card's status to change to `kind` after an action.
async fn wait_status(s: &Studio, kind: &str) {
    s.wait_for(
        &format!("document.getElementById('exchange-status').dataset.kind === '{kind}'"),
        &format!("an exchange status of kind {kind}"),
    )
    .await;
}

async fn reset_status(s: &Studio) {
    s.eval("(document.getElementById('exchange-status').dataset.kind = 'none', true)")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn share_export_and_import_round_trip() {
    let dir = std::env::temp_dir().join(format!("studio-exchange-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let answer: PathBuf = dir.join("answer.json");
    let answer_s = answer.to_string_lossy().into_owned();
    let s = Studio::launch_with(&["--dialog-answer", &answer_s]).await;

    s.type_seed(DAILY).await;
    s.wait_seed(DAILY_SEED).await;

    // The share code is the CLI's.
    let code = cli_json(&["share", &DAILY_SEED.to_string(), "--json"])["code"]
        .as_str()
        .unwrap()
        .to_owned();
    s.wait_for(
        &format!("document.getElementById('share-code').textContent === '{code}'"),
        "the share code",
    )
    .await;

    // The sweep picture: the render crate's bytes, as `contraption render --sweep`.
    click(&s, "#export-sweep").await;
    wait_status(&s, "ok").await;
    let cli_png = dir.join("cli.png");
    cli_to_file(&[
        "render",
        DAILY,
        "--sweep",
        "--scale",
        "6",
        "-o",
        cli_png.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read(&answer).unwrap(),
        std::fs::read(&cli_png).unwrap()
    );

    // The puzzle picture: the bytes of `contraption render --puzzle`.
    reset_status(&s).await;
    click(&s, "#export-puzzle").await;
    wait_status(&s, "ok").await;
    let cli_puzzle = dir.join("cli-puzzle.png");
    cli_to_file(&[
        "render",
        DAILY,
        "--puzzle",
        "--scale",
        "6",
        "-o",
        cli_puzzle.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read(&answer).unwrap(),
        std::fs::read(&cli_puzzle).unwrap()
    );
    assert_ne!(
        std::fs::read(&cli_puzzle).unwrap(),
        std::fs::read(&cli_png).unwrap()
    );

    // The animation (the shipped attempt's run with its solving ramp): the same
    // bytes as `contraption render --animate --solution` with that ramp's file.
    reset_status(&s).await;
    click(&s, "#export-animation").await;
    wait_status(&s, "ok").await;
    let rules = contraption::ValidRules::default();
    let level = contraption::export_level(&rules, DAILY_SEED as u32, None);
    let ramp = level
        .verdict
        .solution
        .expect("the daily level ships a ramp");
    let solution = contraption::new_solution(&rules, level.seed, level.level_hash, vec![ramp]);
    let sol = dir.join("shipped.solution.json");
    std::fs::write(&sol, contraption::solution_text(&solution)).unwrap();
    let cli_gif = dir.join("cli.gif");
    let (gif_s, sol_s) = (cli_gif.to_str().unwrap(), sol.to_str().unwrap());
    cli_to_file(&["render", DAILY, "--animate", gif_s, "--solution", sol_s]);
    let gif = std::fs::read(&answer).unwrap();
    assert!(gif.starts_with(b"GIF89a"), "an animated GIF");
    assert_eq!(gif, std::fs::read(&cli_gif).unwrap());

    // The playable page, with the level's ramp to watch: the same bytes as
    // `contraption export --html --solution` with that ramp's file.
    reset_status(&s).await;
    click(&s, "#export-page").await;
    wait_status(&s, "ok").await;
    let cli_page = dir.join("cli.html");
    let page_s = cli_page.to_str().unwrap();
    cli_to_file(&["export", DAILY, "--html", page_s, "--solution", sol_s]);
    let page = std::fs::read(&answer).unwrap();
    assert!(page.starts_with(b"<!doctype html>"), "a web page");
    assert_eq!(page, std::fs::read(&cli_page).unwrap());

    // The level file: the same bytes as `contraption export`.
    reset_status(&s).await;
    click(&s, "#export-level").await;
    wait_status(&s, "ok").await;
    let cli_level = dir.join("cli.json");
    cli_to_file(&["export", DAILY, "-o", cli_level.to_str().unwrap()]);
    let exported = std::fs::read_to_string(&answer).unwrap();
    assert_eq!(exported, std::fs::read_to_string(&cli_level).unwrap());
    s.screenshot("exchange-exported").await;

    // Import it back: identical.
    reset_status(&s).await;
    click(&s, "#import-level").await;
    wait_status(&s, "ok").await;
    assert_eq!(
        s.eval("document.getElementById('import-result').dataset.identical")
            .await,
        "true"
    );
    s.screenshot("exchange-imported").await;

    // A tampered file is refused with its reason, and nothing else changes.
    std::fs::write(&answer, exported.replacen("\"y\": 8.0", "\"y\": 9.0", 1)).unwrap();
    reset_status(&s).await;
    click(&s, "#import-level").await;
    wait_status(&s, "error").await;
    let text = s
        .eval("document.getElementById('exchange-status').textContent")
        .await;
    assert!(text.as_str().unwrap().contains("does not match"), "{text}");
    assert_eq!(
        s.eval("document.body.dataset.seed").await,
        DAILY_SEED.to_string()
    );
    s.screenshot("exchange-refused").await;

    // A file from older rules (consistent: its file hash recomputed, as another
    // engine would have written it) shows its drift, field by field.
    let mut older = contraption::parse_level_file(exported.as_bytes()).unwrap();
    older.rules_version = 0;
    older.file_hash = Some(older.computed_file_hash());
    std::fs::write(&answer, contraption::level_file_text(&older)).unwrap();
    reset_status(&s).await;
    click(&s, "#import-level").await;
    wait_status(&s, "drift").await;
    assert_eq!(
        s.eval("document.getElementById('import-result').dataset.identical")
            .await,
        "false"
    );
    let fields = s
        .eval("[...document.querySelectorAll('#import-result table.drift td:first-child')].map(td => td.textContent)")
        .await;
    assert_eq!(fields, serde_json::json!(["rules_version"]));
    s.screenshot("exchange-drift").await;

    // A share code from other rules opens its seed with a visible warning.
    let old = encode_share_code(ShareCode {
        seed: 42,
        rules_version: 0,
    })
    .unwrap();
    s.type_seed(&old).await;
    s.wait_seed(42).await;
    // The import's result belonged to the seed it was made for: another seed shows none.
    assert_eq!(
        s.eval("document.getElementById('import-result') === null && document.getElementById('exchange-status').textContent.trim() === ''")
            .await,
        true,
        "the import result stays after switching seeds"
    );
    s.wait_for(
        "!document.getElementById('rules-warning').hidden && document.getElementById('rules-warning').textContent.includes('rules v0')",
        "the rules warning",
    )
    .await;
    s.screenshot("exchange-other-rules").await;
    // The warning is the seed's: it stays while that seed is shown, in every view.
    s.find(".viewtab[data-view='calendar']")
        .await
        .click()
        .await
        .unwrap();
    s.wait_for("document.body.dataset.view === 'calendar'", "the calendar")
        .await;
    assert_eq!(
        s.eval("document.getElementById('rules-warning').hidden")
            .await,
        false
    );
    s.find(".viewtab[data-view='inspector']")
        .await
        .click()
        .await
        .unwrap();
    // The current rules' code clears it.
    s.type_seed(&code).await;
    s.wait_seed(DAILY_SEED).await;
    s.wait_for(
        "document.getElementById('rules-warning').hidden",
        "the warning to go",
    )
    .await;
    // Back on the seed the file was imported with: the old result does not come back.
    assert_eq!(
        s.eval("document.getElementById('import-result') === null")
            .await,
        true
    );
    s.close().await;
    std::fs::remove_dir_all(&dir).ok();
}
