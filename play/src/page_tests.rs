//! The page's engine: it opens the level `contraption export` writes, refuses what
//! is not that level or not under its rules, and replays the level's solutions.

use contraption::{
    export_level, level_file_text, new_solution, parse_rules_file, solution_text, Placement,
    ValidRules,
};

use crate::fragment::level_fragment;
use crate::page::{page_html, page_payload, Page, PageError, PAYLOAD_ELEMENT};

fn gears() -> ValidRules {
    let text = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/gears.json")).unwrap();
    parse_rules_file(&text).unwrap()
}

fn page_of(rules: &ValidRules, seed: u32, solution: Option<&contraption::Solution>) -> Page {
    let file = export_level(rules, seed, None);
    let payload = page_payload(rules, &file, solution).unwrap();
    Page::new(&serde_json::to_string(&payload).unwrap()).unwrap()
}

#[test]
fn a_page_opens_its_own_level_as_the_seed_ships_it() {
    for rules in [ValidRules::default(), gears()] {
        for seed in [0, 42, 1671] {
            let page = page_of(&rules, seed, None);
            let (file, level) = page.open("").unwrap();
            let shipped = export_level(&rules, seed, None);
            assert_eq!(file, shipped);
            assert_eq!(level.level_hash, shipped.level_hash);
            assert_eq!(level.world, shipped.level);
            assert_eq!(level.rules.rules_id, rules.id());
        }
    }
}

#[test]
fn a_level_in_the_fragment_is_the_clis_level_for_its_seed() {
    let page = page_of(&ValidRules::default(), 42, None);
    let other = export_level(&ValidRules::default(), 7, None);
    let (file, level) = page.open(&format!("#{}", level_fragment(&other))).unwrap();
    assert_eq!(file, other);
    assert_eq!(level.seed, 7);
    assert_eq!(level.world, other.level);
}

#[test]
fn a_level_made_under_other_rules_is_refused_by_name() {
    let page = page_of(&ValidRules::default(), 42, None);
    let other = export_level(&gears(), 7, None);
    match page.open(&level_fragment(&other)) {
        Err(PageError::OtherRules { page, level }) => {
            assert_eq!(page, "v1");
            assert_eq!(level, gears().name());
        }
        e => panic!("{e:?}"),
    }
    let e = page.open(&level_fragment(&other)).unwrap_err().to_string();
    assert!(e.contains("made under rules"), "{e}");
}

#[test]
fn an_edited_or_broken_level_is_refused() {
    let page = page_of(&ValidRules::default(), 42, None);
    let mut file = export_level(&ValidRules::default(), 7, None);
    file.level.goal.center.x += 1.0;
    assert!(matches!(
        page.open(&level_fragment(&file)),
        Err(PageError::BadLevel { .. })
    ));
    assert!(matches!(
        page.open("level=1.AAAA"),
        Err(PageError::BadLink { .. })
    ));
    assert!(matches!(
        page.open("nothing"),
        Err(PageError::BadLink { .. })
    ));
}

#[test]
fn a_payload_of_another_engine_or_with_its_rules_changed_is_refused() {
    let rules = ValidRules::default();
    let file = export_level(&rules, 42, None);
    let mut payload = page_payload(&rules, &file, None).unwrap();
    payload.engine = "0.0.0-other".into();
    let e = Page::new(&serde_json::to_string(&payload).unwrap()).unwrap_err();
    assert!(matches!(e, PageError::OtherEngine { .. }), "{e:?}");
    let mut payload = page_payload(&rules, &file, None).unwrap();
    payload.rules.physics.gravity += 1.0;
    let e = Page::new(&serde_json::to_string(&payload).unwrap()).unwrap_err();
    assert!(e.to_string().contains("names rules"), "{e}");
    assert!(matches!(Page::new("{}"), Err(PageError::BadPayload { .. })));
}

#[test]
fn the_pages_solution_replays_as_the_engine_replays_it() {
    let rules = ValidRules::default();
    let file = export_level(&rules, 42, None);
    let ramp = file
        .verdict
        .solution
        .expect("seed 42 ships a ramp solution");
    let solution = new_solution(&rules, 42, file.level_hash.clone(), vec![ramp]);
    let page = page_of(&rules, 42, Some(&solution));
    let (_, level) = page.open("").unwrap();
    let (s, run) = page.solution(&level).unwrap().unwrap();
    assert_eq!(s, solution);
    let plain = crate::run(&rules, 42, &file.level, &[ramp]).unwrap();
    assert_eq!(run, plain);
    assert!(crate::won(&run));
    // A solution of another level is refused when the page is made.
    let other = new_solution(
        &rules,
        7,
        "0".repeat(64),
        vec![Placement::ramp(50.0, 50.0, 0.0)],
    );
    assert!(matches!(
        page_payload(&rules, &file, Some(&other)),
        Err(PageError::OtherLevel { .. })
    ));
    // ...and one the player opens under other rules is refused by name.
    let g = gears();
    let gfile = export_level(&g, 42, None);
    let gsol = new_solution(&g, 42, gfile.level_hash.clone(), vec![]);
    let e = page
        .replay(solution_text(&gsol).as_bytes(), &level)
        .unwrap_err();
    assert!(matches!(e, PageError::OtherRules { .. }), "{e:?}");
}

#[test]
fn the_payload_is_written_into_the_template_and_cannot_end_its_script() {
    let rules = ValidRules::default();
    let file = export_level(&rules, 42, None);
    let mut payload = page_payload(&rules, &file, None).unwrap();
    payload.solution = Some("</script><script>alert(1)</script>".into());
    let template = format!("<p>__CONTRAPTION_PAGE_PAYLOAD__</p>{PAYLOAD_ELEMENT}");
    let html = page_html(&template, &payload).unwrap();
    assert_eq!(html.matches("</script>").count(), 1, "{html}");
    let open = "<p>__CONTRAPTION_PAGE_PAYLOAD__</p><script type=\"application/json\" id=\"contraption-page\">";
    assert!(
        html.starts_with(open),
        "only the element is replaced: {html}"
    );
    let inner = html.trim_start_matches(open).trim_end_matches("</script>");
    let back: crate::PagePayload = serde_json::from_str(inner).unwrap();
    assert_eq!(back, payload);
    assert_eq!(back.level, level_file_text(&file));
    assert_eq!(page_html("<p>no element</p>", &payload), None);
    let twice = format!("{PAYLOAD_ELEMENT}{PAYLOAD_ELEMENT}");
    assert_eq!(page_html(&twice, &payload), None);
}

#[test]
fn on_an_edited_level_a_solution_of_the_seeds_own_level_is_refused() {
    let rules = ValidRules::default();
    let pins = vec![contraption::Pin::parse("1:goal.x=40").unwrap()];
    let edited = contraption::export_edited_level(&rules, 42, &pins).unwrap();
    let page = page_of(&rules, 42, None);
    let (_, level) = page.open(&level_fragment(&edited)).unwrap();
    assert!(level.edited.is_some());
    assert_eq!(level.level_hash, edited.level_hash);
    let own = export_level(&rules, 42, None);
    let ramp = own.verdict.solution.unwrap();
    let solution = new_solution(&rules, 42, own.level_hash.clone(), vec![ramp]);
    match page.replay(solution_text(&solution).as_bytes(), &level) {
        Err(PageError::OtherLevel { seed, level: l, .. }) => {
            assert_eq!((seed, l), (42, edited.level_hash.clone()));
        }
        e => panic!("{e:?}"),
    }
    // ...and the page's own solution, of the seed's level, is refused there too.
    let with = page_of(&rules, 42, Some(&solution));
    let (_, on_edited) = with.open(&level_fragment(&edited)).unwrap();
    assert!(matches!(
        with.solution(&on_edited),
        Err(PageError::OtherLevel { .. })
    ));
    let (_, own_level) = with.open("").unwrap();
    assert!(with.solution(&own_level).unwrap().is_some());
}

#[test]
fn a_payload_naming_another_level_than_it_holds_is_refused() {
    let rules = ValidRules::default();
    let file = export_level(&rules, 42, None);
    let mut payload = page_payload(&rules, &file, None).unwrap();
    payload.level_hash = "0".repeat(16);
    let page = Page::new(&serde_json::to_string(&payload).unwrap()).unwrap();
    assert!(matches!(page.open(""), Err(PageError::BadPayload { .. })));
}
