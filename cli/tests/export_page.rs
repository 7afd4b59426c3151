//! `contraption export SEED --html PAGE [--solution FILE]` and `--link`: the page
//! carries the level file `export` writes (and the solution given), the same bytes
//! on every run; a solution of another level or other rules is refused with
//! nothing written; the link holds the level file itself.

use std::path::{Path, PathBuf};

use contraption::{export_level, new_solution, parse_level_file, solution_text, ValidRules};
use contraption_play::{fragment_text, Page};
use serde_json::Value;

mod support;
use support::{ok, run, stderr};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn gears() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/gears.json")
}

/// The payload the page carries (the text of its `contraption-page` element).
fn payload(html: &str) -> &str {
    let open = "<script type=\"application/json\" id=\"contraption-page\">";
    let start = html.find(open).expect("the payload element") + open.len();
    &html[start..start + html[start..].find("</script>").unwrap()]
}

#[test]
fn a_page_plays_the_exported_level_and_is_the_same_bytes_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.html"), dir.path().join("b.html"));
    let said: Value = serde_json::from_str(&ok(&["export", "42", "--html", s(&a)])).unwrap();
    ok(&["export", "42", "--html", s(&b)]);
    let html = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        html.as_bytes(),
        std::fs::read(&b).unwrap(),
        "the same bytes"
    );
    assert_eq!(said["page"]["bytes"].as_u64(), Some(html.len() as u64));
    assert_eq!(said["page"]["solution"], false);
    assert_eq!(said["engine"], contraption::ENGINE_VERSION);
    let page = Page::new(payload(&html)).unwrap();
    assert_eq!(
        page.payload.level,
        ok(&["export", "42"]),
        "the level file export writes"
    );
    let (file, level) = page.open("").unwrap();
    assert_eq!(said["level_hash"], file.level_hash.as_str());
    assert_eq!(level.seed, 42);
    assert!(page.solution(&level).unwrap().is_none());
}

#[test]
fn a_page_under_other_rules_carries_them_and_its_solution_replays() {
    let dir = tempfile::tempdir().unwrap();
    let rules = contraption::parse_rules_file(&std::fs::read(gears()).unwrap()).unwrap();
    let file = export_level(&rules, 7, None);
    let sol = dir.path().join("7.solution.json");
    let placements = file.verdict.solution.into_iter().collect();
    let solution = new_solution(&rules, 7, file.level_hash.clone(), placements);
    std::fs::write(&sol, solution_text(&solution)).unwrap();
    let page_path = dir.path().join("7.html");
    let g = gears();
    let args = [
        "--rules",
        s(&g),
        "export",
        "7",
        "--html",
        s(&page_path),
        "--solution",
        s(&sol),
    ];
    let said: Value = serde_json::from_str(&ok(&args)).unwrap();
    assert_eq!(said["page"]["solution"], true);
    assert_eq!(said["rules_id"], rules.id());
    let html = std::fs::read_to_string(&page_path).unwrap();
    let page = Page::new(payload(&html)).unwrap();
    assert_eq!(page.rules.id(), rules.id());
    let (_, level) = page.open("").unwrap();
    let (replayed, _) = page.solution(&level).unwrap().unwrap();
    assert_eq!(replayed, solution);
}

#[test]
fn a_solution_of_another_level_or_rules_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let rules = ValidRules::default();
    let other = export_level(&rules, 43, None);
    let sol = dir.path().join("43.solution.json");
    let solution = new_solution(&rules, 43, other.level_hash.clone(), vec![]);
    std::fs::write(&sol, solution_text(&solution)).unwrap();
    let page = dir.path().join("42.html");
    let out = run(&["export", "42", "--html", s(&page), "--solution", s(&sol)]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("the solution is for seed 43"),
        "{}",
        stderr(&out)
    );
    assert!(!page.exists(), "nothing written");
    // Made under other rules than those in force.
    let g = gears();
    let out = run(&[
        "--rules",
        s(&g),
        "export",
        "43",
        "--html",
        s(&page),
        "--solution",
        s(&sol),
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("rules"), "{}", stderr(&out));
    assert!(!page.exists(), "nothing written");
    // --solution needs --html; --html and -o must differ.
    assert_eq!(
        run(&["export", "42", "--solution", s(&sol)]).status.code(),
        Some(2)
    );
    let out = run(&["export", "42", "--html", s(&page), "-o", s(&page)]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("name one file"), "{}", stderr(&out));
    assert!(!page.exists(), "nothing written");
}

#[test]
fn the_link_holds_the_level_file_export_writes() {
    let said: Value = serde_json::from_str(&ok(&["export", "1671", "--link"])).unwrap();
    assert!(said["page"].is_null());
    let link = said["link"].as_str().unwrap();
    assert!(link.starts_with("#level=1."), "{link}");
    assert!(link.len() < 1000, "{} characters", link.len());
    let text = fragment_text(link).unwrap();
    assert_eq!(
        String::from_utf8(text.clone()).unwrap(),
        serde_json::to_string(&parse_level_file(ok(&["export", "1671"]).as_bytes()).unwrap())
            .unwrap()
    );
    assert_eq!(parse_level_file(&text).unwrap().seed, 1671);
}
