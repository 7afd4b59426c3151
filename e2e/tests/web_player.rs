//! The one-file web player in a real browser: headless Chromium (Debian's
//! `chromium`) driven through `chromedriver` (WebDriver), the page opened from
//! `file://` as `contraption export --html` writes it.
//!
//! - the parts of a known solution placed through the page (the hint, placed
//!   exactly), run: the ball reaches the goal in exactly the steps `contraption
//!   replay` reports, and its final position is the native engine's bit for bit;
//! - the page's own solution ("Watch the solution") replays the same;
//! - a level in the URL fragment (`contraption export --link`) is the CLI's level
//!   for that seed; one made under other rules is refused with the reason;
//! - the engine inside the page computes the golden files' texts byte for byte
//!   (seeds 0..=999's levels under the default rules and under rules/gears.json);
//! - the page makes no request (no resource entry, no CSP violation);
//! - screenshots at 1440×900 and a phone's 390×844.
//!
//! Needs `chromium` and `chromedriver` on the PATH (scripts/setup.sh installs
//! them) and the release CLI (scripts/test.sh builds it).

use std::path::{Path, PathBuf};

use contraption::{
    export_level, new_solution, simulate, solution_text, Placement, SimOptions, ValidRules,
};
use contraption_e2e::chromium::{browser, click, eval, screenshot, wait, Driver};
use contraption_e2e::{binary, cli_json, root};
use fantoccini::Client;
use serde_json::{json, Value};

fn url(page: &Path, fragment: &str) -> String {
    format!("file://{}{fragment}", page.display())
}

fn cli(args: &[&str]) -> Value {
    cli_json(args)
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The run the page shows: its outcome, steps and final ball position (the bits of x and y).
async fn result(c: &Client) -> (String, u64, [u64; 2]) {
    wait(c, "document.getElementById('play-result')?.dataset.outcome && document.getElementById('play-result').dataset.final", "a run's result").await;
    let r = eval(c, "(() => { const d = document.getElementById('play-result').dataset; return [d.outcome, Number(d.steps), JSON.parse(d.final)]; })()").await;
    (
        r[0].as_str().unwrap().to_owned(),
        r[1].as_u64().unwrap(),
        [0, 1].map(|i| r[2][i].as_f64().expect("a coordinate").to_bits()),
    )
}

/// Nothing left the page: no resource fetched, no CSP violation.
async fn no_requests(c: &Client) {
    let entries = eval(
        c,
        "performance.getEntriesByType('resource').map((e) => e.name)",
    )
    .await;
    assert_eq!(entries, json!([]), "the page fetched something");
    let csp = eval(c, "window.__cspViolations ?? 'no record'").await;
    assert_eq!(csp, json!([]), "content-security-policy violations");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_web_player_plays_levels_bit_for_bit_in_chromium() {
    let dir = tempfile_dir();
    let rules = ValidRules::default();
    let seed = 42;
    let file = export_level(&rules, seed, None);
    let ramp = file
        .verdict
        .solution
        .expect("seed 42 ships a ramp solution");
    let solution = new_solution(&rules, seed, file.level_hash.clone(), vec![ramp]);
    let sol = write(&dir, "42.solution.json", &solution_text(&solution));
    let page = dir.join("42.html");
    let made = cli(&[
        "export",
        "42",
        "--html",
        page.to_str().unwrap(),
        "--solution",
        sol.to_str().unwrap(),
    ]);
    assert_eq!(made["level_hash"], file.level_hash.as_str());
    // The references: the CLI's replay (steps) and the native engine (the final position).
    let replayed = cli(&["--json", "replay", sol.to_str().unwrap()]);
    let native = simulate(
        &rules,
        &file.level,
        &[ramp],
        &SimOptions::with_trajectory(1),
    );
    assert_eq!(replayed["outcome"], "goal");
    assert_eq!(replayed["steps"].as_u64(), Some(u64::from(native.steps)));
    let last = native.trajectory.last().unwrap();
    let final_bits = [last[0].to_bits(), last[1].to_bits()];

    let driver = Driver::start();
    let c = browser(&driver, 1440, 900, false).await;
    c.goto(&url(&page, "")).await.unwrap();
    wait(&c, "document.body.dataset.levelHash", "the page's level").await;
    assert_eq!(eval(&c, "document.body.dataset.seed").await, "42");
    assert_eq!(
        eval(&c, "document.body.dataset.levelHash").await,
        file.level_hash.as_str()
    );
    assert_eq!(eval(&c, "document.body.dataset.rules").await, rules.id());
    let engine = eval(&c, "JSON.parse(document.body.dataset.engine)").await;
    assert_eq!(engine["engine"], contraption::ENGINE_VERSION);

    // The known solution placed through the page (the hint, placed exactly), run.
    click(&c, "#play-hint").await;
    for stage in [2, 3] {
        click(&c, "#hint-more").await;
        wait(
            &c,
            &format!("document.getElementById('hint-panel').dataset.stage === '{stage}'"),
            "the next hint stage",
        )
        .await;
    }
    click(&c, "#hint-place").await;
    wait(
        &c,
        "!document.getElementById('part-panel').hidden",
        "the hint placed",
    )
    .await;
    assert_eq!(
        parts(&c).await,
        vec![ramp],
        "the page's parts are the solution's"
    );
    screenshot(&c, "web-player-1440x900-placed").await;
    click(&c, "#play-run").await;
    let (outcome, steps, final_pos) = result(&c).await;
    assert_eq!(outcome, "goal");
    assert_eq!(
        steps,
        replayed["steps"].as_u64().unwrap(),
        "steps as contraption replay reports them"
    );
    assert_eq!(final_pos, final_bits, "the final position bit for bit");
    wait(
        &c,
        "document.body.dataset.state === 'finished'",
        "the run played to its end",
    )
    .await;
    screenshot(&c, "web-player-1440x900-goal").await;

    // Undo and reset work on the page as in the window.
    click(&c, "#play-reset").await;
    click(&c, "#play-undo").await;
    wait(
        &c,
        "document.body.dataset.parts === '[]'",
        "the part undone",
    )
    .await;

    // The page's own solution, watched.
    click(&c, "#play-watch").await;
    let (outcome, steps, final_pos) = result(&c).await;
    assert_eq!((outcome.as_str(), steps), ("goal", u64::from(native.steps)));
    assert_eq!(final_pos, final_bits);
    assert_eq!(parts(&c).await, vec![ramp]);
    no_requests(&c).await;

    // The engine inside the page computes the golden files byte for byte.
    for name in ["level_hashes", "report_digest"] {
        same_as_golden(&c, &format!("tests/golden/{name}.txt"), name).await;
    }

    // A level in the fragment: the CLI's level for seed 7.
    let link = cli(&["export", "7", "--link"]);
    let seven = cli(&["export", "7"]);
    c.goto(&url(&page, link["link"].as_str().unwrap()))
        .await
        .unwrap();
    wait(
        &c,
        "document.body.dataset.seed === '7'",
        "seed 7 from the link",
    )
    .await;
    assert_eq!(
        eval(&c, "document.body.dataset.levelHash").await,
        seven["level_hash"]
    );
    assert_eq!(
        eval(&c, "document.getElementById('play-watch')").await,
        Value::Null,
        "no Watch the solution: the page's solution is of its own level"
    );
    no_requests(&c).await;

    // An edited level (pinned draws) from a link: played, marked EDITED, and its
    // solution cannot be saved (a solution file names a seed's own level).
    let edited = cli(&["export", "42", "--pin", "1:goal.x=40", "--link"]);
    c.goto(&url(&page, edited["link"].as_str().unwrap()))
        .await
        .unwrap();
    let hash = edited["level_hash"].as_str().unwrap();
    wait(
        &c,
        &format!("document.body.dataset.levelHash === '{hash}'"),
        "the edited level",
    )
    .await;
    assert_eq!(eval(&c, "document.body.dataset.edited").await, "1");
    assert!(eval(&c, "!!document.getElementById('play-edited')").await == json!(true));
    assert_eq!(
        eval(&c, "document.getElementById('play-save').disabled").await,
        true
    );

    // A level made under other rules is refused, with why.
    let gears = root().join("rules/gears.json");
    let other = cli(&["--rules", gears.to_str().unwrap(), "export", "7", "--link"]);
    c.goto(&url(&page, other["link"].as_str().unwrap()))
        .await
        .unwrap();
    wait(
        &c,
        "document.getElementById('play-file')?.textContent.includes('made under rules')",
        "the refusal",
    )
    .await;
    let note = eval(&c, "document.getElementById('play-file').textContent").await;
    assert!(
        note.as_str().unwrap().contains(&format!(
            "made under rules {}",
            other["rules_id"].as_str().unwrap()
        )),
        "{note}"
    );
    assert_eq!(
        eval(&c, "document.body.dataset.levelHash ?? null").await,
        Value::Null,
        "no level opened"
    );
    c.close().await.unwrap();

    // A page under other rules computes their golden files too.
    let gpage = dir.join("gears.html");
    cli(&[
        "--rules",
        gears.to_str().unwrap(),
        "export",
        "3",
        "--html",
        gpage.to_str().unwrap(),
    ]);
    let c = browser(&driver, 390, 844, true).await;
    c.goto(&url(&gpage, "")).await.unwrap();
    wait(
        &c,
        "document.body.dataset.levelHash",
        "the gears page's level",
    )
    .await;
    for name in ["level_hashes", "report_digest", "gear_runs"] {
        same_as_golden(&c, &format!("tests/golden/gears/{name}.txt"), name).await;
    }
    // The phone-sized page, with a level from a link.
    c.goto(&url(&page, link["link"].as_str().unwrap()))
        .await
        .unwrap();
    wait(
        &c,
        "document.body.dataset.seed === '7'",
        "seed 7 on a phone",
    )
    .await;
    assert_eq!(eval(&c, "innerWidth").await, 390, "a phone's viewport");
    let wide = eval(&c, "[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1).map((e) => e.id || e.className).slice(0, 5)").await;
    assert_eq!(wide, json!([]), "nothing sticks out of a phone's screen");
    screenshot(&c, "web-player-390x844").await;
    c.close().await.unwrap();
    std::fs::remove_dir_all(&dir).ok();
}

/// The parts placed on the page, as the page's state holds them.
async fn parts(c: &Client) -> Vec<Placement> {
    serde_json::from_value(eval(c, "JSON.parse(document.body.dataset.parts)").await)
        .expect("placements")
}

/// The page's engine computes the golden file `file` (its text `name`) byte for byte.
async fn same_as_golden(c: &Client, file: &str, name: &str) {
    let want = std::fs::read_to_string(root().join(file)).unwrap();
    assert!(
        golden(c, name).await == want,
        "{file} differs in Chromium's wasm engine"
    );
}

async fn golden(c: &Client, name: &str) -> String {
    let v = c
        .execute_async(
            "const [name, done] = arguments; window.__contraptionGolden(name).then(done, (e) => done('error: ' + e.message));",
            vec![json!(name)],
        )
        .await
        .expect("the page's golden text");
    v.as_str().unwrap().to_owned()
}

fn tempfile_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("contraption-web-player-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let _ = binary("CLI_BIN", "contraption");
    dir
}
