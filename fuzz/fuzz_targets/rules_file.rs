//! The rules-file reader refuses anything, never panics; rules it accepts write back
//! and read again to the same rules (and id), and a short simulation and a candidate
//! drawn under them do not panic either.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(rules) = contraption::parse_rules_file(data) {
        let text = contraption::rules_file_text(&rules);
        let again = contraption::parse_rules_file(text.as_bytes()).unwrap();
        assert_eq!(again, rules);
        assert_eq!(again.id(), rules.id());
        let mut rng = contraption::Mulberry32::new(data.len() as u32);
        let world = contraption::draw_candidate(&rules, &mut rng);
        assert!(world.validate(&rules).is_ok());
        let options = contraption::SimOptions {
            max_steps: Some(240),
            trajectory_stride: 0,
        };
        let _ = contraption::simulate(&rules, &world, &[], &options);
    }
});
