//! Adversarial checks of the goal-only shortcuts (the free-fall proof of
//! `src/sim/free_fall.rs` and the slow-loop end of `run_from`): whatever the rules
//! (any valid gravity, step rate, field size, restitution, passes, slop, rest),
//! `PartRunner::reaches_goal` answers exactly `simulate(..).outcome == Goal`.
//!
//! Random rules, worlds (walls, parts already placed) and one more part put on the
//! bare ball's path, so the goal-only run is the one taken; goals put against the
//! path (edges and corners through a step or a segment, nudged by 0 to 2e-6);
//! slow balls (loops); balls kicked fast by a bumper they start on (fast whatever
//! the gravity). `GOAL_ONLY_CASES=n` sets the number of cases of each random test.
//! Each random test also checks that its generator made both kinds of case: at
//! least one in 40 reaches the goal and at least one in 40 does not (a generator
//! that never puts the goal on the ball's way would otherwise pass every check).
//!
//! With gravity below about 1e-9 units/s² (valid rules), the proof's parabola
//! roots written `(-b + sqrt(b² - 4ac)) / 2a` cancelled for a fast falling ball
//! (`b ≫ a`): the exit and box windows came out a few steps long, and a ball on
//! its way to the goal was declared clear. The proof now takes that root as
//! `-2c / (b + sqrt(b² - 4ac))` for `b ≥ 0`;
//! `tiny_gravity_kicked_ball_reaches_the_goal_in_both_paths` and the
//! `kicked_balls_*` tests below failed before.

use contraption::{
    simulate, Compiled, Goal, Inventory, PartKind, PartRunner, Placement, Rules, SimOptions,
    ValidRules, Vec2, Wall, World,
};

/// `reaches_goal` for `part` on `base` (no placement check) and the plain answer.
fn both(rules: &ValidRules, world: &World, placed: &[Placement], part: &Placement) -> (bool, bool) {
    let mut base = Compiled::new(rules, world);
    for p in placed {
        base.add(p);
    }
    let (_, trace) = base.run_traced(&SimOptions::default());
    let mut runner = PartRunner::new(&base, &trace);
    let quick = runner.reaches_goal(part, part.body(&rules.parts), || true);
    let mut all = placed.to_vec();
    all.push(*part);
    let plain = simulate(rules, world, &all, &SimOptions::default());
    (quick, plain.outcome == contraption::Outcome::Goal)
}

fn bumper(x: f64, y: f64) -> Placement {
    let mut p = Placement::ramp(x, y, 0.0);
    p.part = PartKind::Bumper;
    p
}

/// Tiny (valid) gravity: a bumper kicks the ball up, a ceiling sends it down and
/// on in a straight line into the goal. The proof's roots, computed as
/// `(-b + sqrt(b² - 4ac)) / 2a` with `a` tiny, cancel to 0.
#[test]
fn tiny_gravity_kicked_ball_reaches_the_goal_in_both_paths() {
    for gravity in [1e-6, 1e-10, 1e-12, 1e-13, 1e-14, 1e-20] {
        let mut r = Rules::default();
        r.physics.gravity = gravity;
        r.walls.restitution = 1.0;
        r.walls.friction = 0.0;
        let rules = ValidRules::new(r).unwrap();
        let world = World {
            ball: Vec2::new(21.0, 94.0),
            goal: Goal::new(Vec2::new(46.0, 140.0)),
            walls: vec![Wall {
                a: Vec2::new(0.0, 40.0),
                b: Vec2::new(100.0, 40.0),
            }],
            inventory: Inventory::default(),
        };
        let (quick, plain) = both(&rules, &world, &[], &bumper(20.0, 100.0));
        let full = simulate(
            &rules,
            &world,
            &[bumper(20.0, 100.0)],
            &SimOptions::default(),
        );
        eprintln!(
            "gravity {gravity:e}: quick {quick}, plain {plain} ({:?} at {})",
            full.outcome, full.steps
        );
        assert_eq!(quick, plain, "gravity {gravity:e}");
    }
}

/// splitmix64: the test's own stream (any seed reproduces a case).
struct Rng(u64);

impl Rng {
    fn u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    /// Log-uniform in `lo..hi` (both > 0).
    fn log(&mut self, lo: f64, hi: f64) -> f64 {
        (lo.ln() + (hi.ln() - lo.ln()) * self.unit())
            .exp()
            .clamp(lo, hi)
    }
    fn int(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.u64() % u64::from(hi - lo + 1)) as u32
    }
    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
    /// A ratio in 0..=1 with its ends common.
    fn ratio(&mut self) -> f64 {
        match self.int(0, 5) {
            0 => 0.0,
            1 => 1.0,
            _ => self.unit(),
        }
    }
}

/// Random valid rules: any field size, gravity from `10^g_lo` to 10^4 units/s²,
/// any step rate, top speed up to the tunnelling bound, any restitution ≤ 1.
fn random_rules(rng: &mut Rng, g_lo: f64, max_steps_hi: u32) -> ValidRules {
    let mut r = Rules::default();
    let w = rng.log(20.0, 1000.0);
    let h = rng.log(20.0, 1000.0);
    r.field.width = w;
    r.field.height = h;
    r.field.side_restitution = rng.ratio();
    r.ball.radius = rng.log(0.1, (w * 0.45).min(20.0));
    r.ball.start_y = h / 2.0;
    let mid = |v: f64| (v / 2.0 * 100.0).round() / 100.0;
    r.ball.start_x.min = mid(w);
    r.ball.start_x.max = mid(w);
    r.goal.x.min = mid(w);
    r.goal.x.max = mid(w);
    r.goal.y.min = mid(h);
    r.goal.y.max = mid(h);
    r.walls.center_x.min = 0.0;
    r.walls.center_x.max = w;
    r.walls.center_y.min = 0.0;
    r.walls.center_y.max = h;
    r.sweep.xs = (1..=4).map(|i| w * f64::from(i) / 5.0).collect();
    r.sweep.ys = (1..=4).map(|i| h * f64::from(i) / 5.0).collect();
    r.sweep.angles = vec![-0.7, 0.4];
    r.sweep.nearly_trivial_solving = 1;
    r.physics.gravity = 10f64.powf(rng.range(g_lo, 4.0));
    r.physics.steps_per_second = rng.log(10.0, 10_000.0) as u32;
    r.physics.bounce_threshold = if rng.chance(0.3) {
        0.0
    } else {
        rng.range(0.0, 50.0)
    };
    r.physics.contact_passes = rng.int(1, 16);
    r.physics.contact_slop = match rng.int(0, 2) {
        0 => 0.0,
        1 => 1e-9,
        _ => rng.range(0.0, 0.001),
    };
    r.simulation.max_steps = rng.int(50, max_steps_hi);
    r.simulation.rest_speed = rng.range(0.0, 10.0);
    r.simulation.rest_steps = rng.int(1, 200);
    r.simulation.top_exit_y = -rng.log(1e-3, 1e5);
    r.walls.radius = rng.log(0.05, 10.0);
    r.walls.restitution = rng.ratio();
    r.walls.friction = rng.range(0.0, 2.0);
    r.parts.ramp.length = rng.log(0.5, w.min(1000.0));
    r.parts.ramp.radius = rng.log(0.05, 20.0);
    r.parts.ramp.restitution = rng.ratio();
    r.parts.ramp.friction = rng.range(0.0, 2.0);
    r.parts.fan.radius = rng.log(0.05, 20.0);
    r.parts.bumper.radius = rng.log(0.5, 20.0);
    r.parts.bumper.restitution = rng.ratio();
    r.parts.gear.radius = rng.log(0.5, 20.0);
    r.parts.gear.restitution = rng.ratio();
    r.parts.gear.friction = rng.range(0.0, 2.0);
    let bound = (r.ball.radius + r.thinnest_solid_radius()) * f64::from(r.physics.steps_per_second);
    r.physics.max_speed = (bound * rng.range(0.05, 0.999)).min(100_000.0);
    r.parts.bumper.kick = rng.range(0.0, r.physics.max_speed * 1.5).min(100_000.0);
    r.parts.gear.surface_speed = rng.range(0.0, r.physics.max_speed);
    r.generator.max_attempts = rng.int(1, 6);
    ValidRules::new(r).expect("random rules are valid")
}

fn random_part(rng: &mut Rng, w: f64, h: f64, fans: bool) -> Placement {
    let kinds = [
        PartKind::Ramp,
        PartKind::Bumper,
        PartKind::Gear,
        PartKind::Fan,
    ];
    let kind = kinds[rng.int(0, if fans { 3 } else { 2 }) as usize];
    let mut p = Placement::ramp(rng.range(0.0, w), rng.range(0.0, h), rng.range(-1.6, 1.6));
    p.part = kind;
    if kind == PartKind::Gear && rng.chance(0.8) {
        p.spin = Some(if rng.chance(0.5) {
            contraption::Spin::Clockwise
        } else {
            contraption::Spin::CounterClockwise
        });
    }
    p
}

fn random_world(rng: &mut Rng, rules: &ValidRules) -> World {
    let (w, h, r) = (rules.field.width, rules.field.height, rules.ball.radius);
    let ball = Vec2::new(rng.range(r, w - r), rng.range(0.0, h));
    let gw = rng.log(1.0, 100.0);
    let gh = rng.log(1.0, 100.0);
    let center = if rng.chance(0.6) {
        // Somewhere under the start: often on the ball's way.
        Vec2::new(
            (ball.x + rng.range(-0.3, 0.3) * w).clamp(0.0, w),
            rng.range(ball.y, h),
        )
    } else {
        Vec2::new(rng.range(0.0, w), rng.range(0.0, h))
    };
    let walls = (0..rng.int(0, 6))
        .map(|_| {
            let c = Vec2::new(rng.range(0.0, w), rng.range(0.0, h));
            let len = rng.range(0.0, w / 2.0);
            let a = rng.range(-1.6, 1.6);
            let (dx, dy) = (a.cos() * len / 2.0, a.sin() * len / 2.0);
            Wall {
                a: Vec2::new(c.x - dx, c.y - dy),
                b: Vec2::new(c.x + dx, c.y + dy),
            }
        })
        .collect();
    World {
        ball,
        goal: Goal {
            center,
            width: gw,
            height: gh,
        },
        walls,
        inventory: Inventory::default(),
    }
}

fn cases(default: u64) -> u64 {
    std::env::var("GOAL_ONLY_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What a random test's cases gave: the mismatches (with their gravity), and how
/// many reached the goal under `simulate` and how many did not.
#[derive(Default)]
struct Cases {
    bad: Vec<(String, f64)>,
    goals: u64,
    misses: u64,
}

impl Cases {
    /// One case: the goal-only answer `quick` against the plain one.
    fn record(&mut self, rules: &ValidRules, seed: u64, salt: u64, quick: bool, plain: bool) {
        if plain {
            self.goals += 1;
        } else {
            self.misses += 1;
        }
        if quick != plain {
            let gravity = rules.physics.gravity;
            self.bad.push((
                format!("seed {seed} (salt {salt:#x}): quick {quick}, plain {plain}, gravity {gravity:e}"),
                gravity,
            ));
        }
    }

    /// No mismatch, and both outcomes occurred, each in at least one case in 40
    /// (with the default case counts the rarest is about one in 13).
    fn check(&self, what: &str) {
        let cases = self.goals + self.misses;
        let worst = self.bad.iter().map(|b| b.1).fold(0.0, f64::max);
        eprintln!(
            "{what}: {cases} cases, {} reach the goal, {} do not, {} mismatches (largest gravity {worst:e})",
            self.goals,
            self.misses,
            self.bad.len()
        );
        let shown: Vec<&str> = self.bad.iter().take(20).map(|b| b.0.as_str()).collect();
        assert!(
            self.bad.is_empty(),
            "{} mismatches: {shown:#?}",
            self.bad.len()
        );
        let least = (cases / 40).max(1);
        assert!(
            self.goals >= least,
            "{what}: only {} of {cases} cases reach the goal (at least {least} expected)",
            self.goals
        );
        assert!(
            self.misses >= least,
            "{what}: only {} of {cases} cases miss the goal (at least {least} expected)",
            self.misses
        );
    }
}

/// Random rules (gravity from `10^g_lo`), worlds and parts: the goal-only answer
/// is the plain one.
fn brute(g_lo: f64, n: u64, salt: u64) -> Cases {
    let mut out = Cases::default();
    for seed in 0..n {
        let mut rng = Rng(seed ^ salt);
        let rules = random_rules(&mut rng, g_lo, 20_000);
        let world = random_world(&mut rng, &rules);
        let (w, h) = (rules.field.width, rules.field.height);
        let placed: Vec<Placement> = (0..rng.int(0, 4))
            .map(|_| random_part(&mut rng, w, h, seed % 10 == 0))
            .collect();
        let part = random_part(&mut rng, w, h, false);
        let (quick, plain) = both(&rules, &world, &placed, &part);
        out.record(&rules, seed, salt, quick, plain);
    }
    out
}

#[test]
fn random_rules_worlds_and_parts_sane_gravity() {
    brute(-3.0, cases(3000), 0x5A5E).check("random_rules_worlds_and_parts_sane_gravity");
}

#[test]
fn random_rules_worlds_and_parts_any_gravity() {
    brute(-20.0, cases(3000), 0xE7E7).check("random_rules_worlds_and_parts_any_gravity");
}

/// The part placed on the bare ball's path (so the goal-only run is taken), and
/// the goal box placed against the with-part path: an edge or a corner at a step's
/// position or on a segment between two steps, nudged by 0 or a few ulps to
/// 1e-6, in or out. The goal does not change the ball's path before it is reached.
fn grazing(g_lo: f64, n: u64, salt: u64) -> Cases {
    let mut out = Cases::default();
    for seed in 0..n {
        let mut rng = Rng(seed ^ salt);
        let rules = random_rules(&mut rng, g_lo, 20_000);
        let mut world = random_world(&mut rng, &rules);
        let (w, h) = (rules.field.width, rules.field.height);
        world.goal.center = Vec2::new(-1e6, -1e6);
        let placed: Vec<Placement> = (0..rng.int(0, 3))
            .map(|_| random_part(&mut rng, w, h, false))
            .collect();
        let bare = simulate(&rules, &world, &placed, &SimOptions::with_trajectory(1));
        let t = &bare.trajectory;
        let at = t[rng.int(0, t.len() as u32 - 1) as usize];
        let mut part = random_part(&mut rng, w, h, false);
        part.x = at[0] + rng.range(-3.0, 3.0) * rules.ball.radius;
        part.y = at[1] + rng.range(-3.0, 3.0) * rules.ball.radius;
        let mut all = placed.clone();
        all.push(part);
        let run = simulate(&rules, &world, &all, &SimOptions::with_trajectory(1));
        let t = &run.trajectory;
        if t.len() < 3 {
            continue;
        }
        for _ in 0..4 {
            let i = rng.int(1, t.len() as u32 - 1) as usize;
            let (p, q) = (t[i - 1], t[i]);
            let s = if rng.chance(0.5) { 1.0 } else { rng.unit() };
            let pt = [p[0] + (q[0] - p[0]) * s, p[1] + (q[1] - p[1]) * s];
            let nudge = match rng.int(0, 4) {
                0 => 0.0,
                1 => 1e-13,
                2 => 1e-9,
                3 => 1e-7,
                _ => 2e-6,
            } * if rng.chance(0.5) { 1.0 } else { -1.0 };
            let gw = rng.log(1.0, 100.0);
            let gh = rng.log(1.0, 100.0);
            // The point on one edge (or a corner) of the box, nudged outwards.
            let sx = [-1.0, 0.0, 1.0][rng.int(0, 2) as usize];
            let sy = if sx == 0.0 {
                [-1.0, 1.0][rng.int(0, 1) as usize]
            } else {
                [-1.0, 0.0, 1.0][rng.int(0, 2) as usize]
            };
            let mut g = world.clone();
            g.goal = Goal {
                center: Vec2::new(
                    pt[0] - sx * (gw / 2.0 + nudge),
                    pt[1] - sy * (gh / 2.0 + nudge),
                ),
                width: gw,
                height: gh,
            };
            let (quick, plain) = both(&rules, &g, &placed, &part);
            out.record(&rules, seed, salt, quick, plain);
        }
    }
    out
}

#[test]
fn goal_grazing_the_path_sane_gravity() {
    grazing(-3.0, cases(2000), 0x6A2E).check("goal_grazing_the_path_sane_gravity");
}

/// Slow balls: a long rest (or none), high bounce thresholds, gears and bumpers,
/// the part on the bare path: the slow-loop end gives the plain answer.
#[test]
fn slow_balls_loop_or_roll_on() {
    let n = cases(3000);
    let mut out = Cases::default();
    for seed in 0..n {
        let mut rng = Rng(seed ^ 0x510E);
        let mut r = random_rules(&mut rng, -3.0, 20_000).into_rules();
        r.simulation.rest_steps = match rng.int(0, 2) {
            0 => r.simulation.max_steps,
            1 => rng.int(1, 5),
            _ => rng.int(1, r.simulation.max_steps),
        };
        r.simulation.rest_speed = rng.log(1e-6, 100.0);
        r.physics.bounce_threshold = rng.log(1e-3, 500.0);
        let rules = ValidRules::new(r).expect("valid");
        let mut world = random_world(&mut rng, &rules);
        let (w, h) = (rules.field.width, rules.field.height);
        let placed: Vec<Placement> = (0..rng.int(0, 4))
            .map(|_| random_part(&mut rng, w, h, seed % 7 == 0))
            .collect();
        let bare = simulate(&rules, &world, &placed, &SimOptions::with_trajectory(1));
        let t = &bare.trajectory;
        let at = t[rng.int(0, t.len() as u32 - 1) as usize];
        let mut part = random_part(&mut rng, w, h, false);
        part.x = at[0] + rng.range(-2.0, 2.0) * rules.ball.radius;
        part.y = at[1] + rng.range(0.0, 3.0) * rules.ball.radius;
        // The goal somewhere along the with-part path, or anywhere.
        let mut all = placed.clone();
        all.push(part);
        let run = simulate(&rules, &world, &all, &SimOptions::with_trajectory(1));
        if rng.chance(0.7) {
            let p = run.trajectory[rng.int(0, run.trajectory.len() as u32 - 1) as usize];
            world.goal.center = Vec2::new(
                p[0] + rng.range(-1.0, 1.0) * world.goal.width,
                p[1] + rng.range(-1.0, 1.0) * world.goal.height,
            );
        }
        let (quick, plain) = both(&rules, &world, &placed, &part);
        out.record(&rules, seed, 0x510E, quick, plain);
    }
    out.check("slow_balls_loop_or_roll_on");
}

/// Balls kicked by a bumper they start on (so fast whatever the gravity), bounced
/// back by a ceiling, a part on their path and the goal on the with-part path.
fn kicked(g_lo: f64, g_hi: f64, n: u64, salt: u64) -> Cases {
    let mut out = Cases::default();
    for seed in 0..n {
        let mut rng = Rng(seed ^ salt);
        let mut r = random_rules(&mut rng, 0.0, 20_000).into_rules();
        r.physics.gravity = 10f64.powf(rng.range(g_lo, g_hi));
        if rng.chance(0.5) {
            r.walls.restitution = 1.0;
            r.walls.friction = 0.0;
        }
        r.parts.bumper.kick = r.physics.max_speed * rng.range(0.05, 1.0);
        let rules = ValidRules::new(r).expect("valid");
        let mut world = random_world(&mut rng, &rules);
        let (w, h) = (rules.field.width, rules.field.height);
        world.walls.truncate(rng.int(0, 2) as usize);
        let top = rng.range(0.0, world.ball.y);
        world.walls.push(Wall {
            a: Vec2::new(-w, top),
            b: Vec2::new(2.0 * w, top),
        });
        let reach = rules.ball.radius + rules.parts.bumper.radius;
        let (d, a) = (reach * rng.range(0.3, 0.99), rng.range(0.2, 2.9));
        let mut placed = vec![bumper(
            world.ball.x + d * a.cos(),
            world.ball.y + d * a.sin(),
        )];
        if rng.chance(0.3) {
            placed.push(random_part(&mut rng, w, h, false));
        }
        let bare = simulate(&rules, &world, &placed, &SimOptions::with_trajectory(1));
        let t = &bare.trajectory;
        let at = t[rng.int(0, t.len() as u32 - 1) as usize];
        let mut part = random_part(&mut rng, w, h, false);
        part.x = at[0] + rng.range(-3.0, 3.0) * rules.ball.radius;
        part.y = at[1] + rng.range(-3.0, 3.0) * rules.ball.radius;
        let mut all = placed.clone();
        all.push(part);
        let run = simulate(&rules, &world, &all, &SimOptions::with_trajectory(1));
        let p = run.trajectory[rng.int(0, run.trajectory.len() as u32 - 1) as usize];
        world.goal.center = Vec2::new(
            p[0] + rng.range(-0.6, 0.6) * world.goal.width,
            p[1] + rng.range(-0.6, 0.6) * world.goal.height,
        );
        let (quick, plain) = both(&rules, &world, &placed, &part);
        out.record(&rules, seed, salt, quick, plain);
    }
    out
}

#[test]
fn kicked_balls_any_gravity() {
    kicked(-20.0, 4.0, cases(3000), 0xC1C).check("kicked_balls_any_gravity");
}

#[test]
fn kicked_balls_sane_gravity() {
    kicked(-3.0, 4.0, cases(3000), 0xC2C).check("kicked_balls_sane_gravity");
}

#[test]
fn kicked_balls_small_gravity() {
    kicked(-11.0, -5.0, cases(3000), 0xC3C).check("kicked_balls_small_gravity");
}
