//! The scene reader (`contraption simulate`) refuses anything, never panics; a
//! scene it accepts and that fits the field simulates without a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(scene) = contraption::parse_scene(data) {
        let rules = contraption::ValidRules::default();
        if scene.world.validate(&rules).is_ok() {
            let _ = contraption::check_placements(&rules, &scene.world, &scene.placements);
            let options = contraption::SimOptions {
                max_steps: Some(240),
                trajectory_stride: 0,
            };
            let _ = contraption::simulate(&rules, &scene.world, &scene.placements, &options);
        }
    }
});
