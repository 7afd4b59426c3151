//! mulberry32: the game's only source of randomness.
//!
//! A bit-for-bit port of the JavaScript original:
//! ```js
//! function mulberry32(a) { return function() {
//!   let t = a += 0x6D2B79F5;
//!   t = Math.imul(t ^ t >>> 15, t | 1);
//!   t ^= t + Math.imul(t ^ t >>> 7, t | 61);
//!   return ((t ^ t >>> 14) >>> 0) / 4294967296; }; }
//! ```
//! `Math.imul` is a wrapping 32-bit multiply, `>>>` a logical shift, `+` on the
//! state wraps at 2^32 because the result is stored back through `imul`/`^`.

/// The increment added to the state before every draw.
pub const MULBERRY32_INCREMENT: u32 = 0x6D2B_79F5;

/// A mulberry32 stream. Cloning it forks the stream at its current position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mulberry32 {
    state: u32,
}

impl Mulberry32 {
    /// A stream seeded exactly as `mulberry32(seed)` in JavaScript.
    pub fn new(seed: u32) -> Self {
        Self { state: seed }
    }

    /// The current 32-bit state (the value the next draw will increment).
    pub fn state(&self) -> u32 {
        self.state
    }

    /// The next raw 32-bit output.
    pub fn next_u32(&mut self) -> u32 {
        self.state = self.state.wrapping_add(MULBERRY32_INCREMENT);
        let mut t = self.state;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        t ^ (t >> 14)
    }

    /// Skips `draws` draws: the stream is then where `draws` calls of
    /// [`Mulberry32::next_u32`] would leave it (each draw only adds the
    /// increment to the state, so a skip is one multiply).
    pub fn skip(&mut self, draws: u32) {
        self.state = self
            .state
            .wrapping_add(draws.wrapping_mul(MULBERRY32_INCREMENT));
    }

    /// The next draw in [0, 1), exactly `u32 / 2^32` as the game computes it.
    pub fn next_f64(&mut self) -> f64 {
        f64::from(self.next_u32()) / 4_294_967_296.0
    }

    /// `lo + draw * (hi - lo)`: a uniform value in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + self.next_f64() * (hi - lo)
    }

    /// `lo + floor(draw * n)`: a uniform integer in `lo..lo + n`.
    pub fn int(&mut self, lo: u32, n: u32) -> u32 {
        lo + (self.next_f64() * f64::from(n)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_42_matches_the_javascript_original() {
        let mut r = Mulberry32::new(42);
        assert_eq!(r.next_f64(), 0.6011037519201636);
        assert_eq!(r.next_f64(), 0.44829055899754167);
        assert_eq!(r.next_f64(), 0.8524657934904099);
    }

    #[test]
    fn state_wraps_around() {
        let mut r = Mulberry32::new(u32::MAX);
        r.next_u32();
        assert_eq!(r.state(), MULBERRY32_INCREMENT - 1);
    }

    #[test]
    fn a_skip_lands_where_the_draws_would() {
        for (seed, n) in [
            (0, 0),
            (42, 1),
            (7, 27),
            (u32::MAX, 1000),
            (123_456, 70_000),
        ] {
            let mut drawn = Mulberry32::new(seed);
            for _ in 0..n {
                drawn.next_u32();
            }
            let mut skipped = Mulberry32::new(seed);
            skipped.skip(n);
            assert_eq!(skipped, drawn, "seed {seed}, {n} draws");
            assert_eq!(skipped.next_u32(), drawn.next_u32());
        }
    }

    #[test]
    fn draws_stay_in_unit_interval() {
        let mut r = Mulberry32::new(0);
        for _ in 0..10_000 {
            let v = r.next_f64();
            assert!((0.0..1.0).contains(&v));
        }
    }

    #[test]
    fn int_covers_its_range() {
        let mut r = Mulberry32::new(7);
        let mut seen = [false; 3];
        for _ in 0..200 {
            let v = r.int(2, 3);
            assert!((2..5).contains(&v));
            seen[(v - 2) as usize] = true;
        }
        assert!(seen.iter().all(|s| *s));
    }
}
