//! Share & export's Playable page… and Animation…: the studio writes the CLI's
//! bytes (the web player's page of the level file with its solving ramp to
//! watch; the render crate's GIF of the shipped level solved by its ramp, or of
//! another attempt's bare ball).

use contraption::{export_level, new_solution, ValidRules};
use contraption_render::{animate_attempt, animate_solution, AnimateOptions};
use studio_core::exchange::{write_animation, write_page};

fn options() -> AnimateOptions {
    AnimateOptions {
        fps: contraption_render::DEFAULT_FPS,
        scale: contraption_render::DEFAULT_SCALE,
    }
}

#[test]
fn the_playable_page_is_the_page_of_the_seeds_level_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("page.html");
    let rules = ValidRules::default();
    let daily = Some("contraption:2026-7-28".to_owned());
    let written = write_page(&rules, &path, 176_112_159, daily.clone()).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(written.bytes as usize, bytes.len());
    let file = export_level(&rules, 176_112_159, daily);
    let ramp = file.verdict.solution.unwrap();
    let solution = new_solution(&rules, file.seed, file.level_hash.clone(), vec![ramp]);
    let page = contraption_player_page::level_page(&rules, &file, Some(&solution)).unwrap();
    assert_eq!(
        bytes,
        page.into_bytes(),
        "the page with the level's solution to watch"
    );
}

#[test]
fn the_animation_is_the_shipped_level_solved_or_another_attempts_bare_ball() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.gif");
    let rules = ValidRules::default();
    // Seed 42 ships attempt 1 with a solving ramp.
    write_animation(&rules, &path, 42, None).unwrap();
    let file = export_level(&rules, 42, None);
    let ramp = file.verdict.solution.unwrap();
    let solution = new_solution(&rules, 42, file.level_hash.clone(), vec![ramp]);
    let solved = animate_solution(&rules, 42, &solution, &options())
        .unwrap()
        .gif;
    assert_eq!(std::fs::read(&path).unwrap(), solved);
    write_animation(&rules, &path, 42, Some(file.verdict.shipped_attempt)).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), solved);
    let bare = animate_attempt(&rules, 42, None, &options()).unwrap().gif;
    assert_ne!(solved, bare, "the solved run is not the bare ball's");
    // Seed 1671 ships a later attempt: its first attempt's bare ball.
    let late = export_level(&rules, 1671, None);
    assert!(late.verdict.shipped_attempt > 1);
    write_animation(&rules, &path, 1671, Some(1)).unwrap();
    let first = animate_attempt(&rules, 1671, Some(1), &options())
        .unwrap()
        .gif;
    assert_eq!(std::fs::read(&path).unwrap(), first);
    // An attempt the seed does not have: refused, typed.
    assert!(write_animation(&rules, &path, 42, Some(99)).is_err());
}
