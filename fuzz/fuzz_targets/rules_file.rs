//! The rules-file reader refuses anything, never panics; rules it accepts write back
//! and read again to the same rules (and id), their worst case is within the hard
//! bound, and a short simulation, a candidate drawn under them and a summary cut
//! short by its stop do not panic either.
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
        let w = rules.worst_case();
        assert!(w.steps <= contraption::valid_rules::MAX_STEPS_PER_SEED);
        assert_eq!(w.is_slow(), rules.is_slow());
        // A summary asked to stop after a few looks: bounded work whatever the rules.
        let looks = std::cell::Cell::new(0u32);
        let _ = contraption::summarize_until(&rules, data.len() as u32, || {
            looks.set(looks.get() + 1);
            looks.get() > 3
        });
        assert!(looks.get() <= 4);
    }
});
