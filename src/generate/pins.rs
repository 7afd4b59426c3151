//! Pins: a designer's "what if" on the draws of a seed. A pin sets one value of
//! one attempt (`1:goal.x=40`), replaces the raw 32-bit output of one draw
//! (`1:goal.x=raw:2147483648`), or keeps or drops one drawn wall (`2:walls[3]=drop`).
//! The stream is consumed as the drawing asks, so a pinned count shifts every later
//! draw; every other pin leaves the stream's positions as they were.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::generate::draws::{parse_wall_ref, Site};
use crate::world::model::WorldError;

/// At most this many pins are read.
pub const MAX_PINS: usize = 256;

/// What a pin sets.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PinTo {
    /// The value the site takes (inside its range; a whole number for a count).
    Value(f64),
    /// The raw 32-bit output the site's draw maps (not for a constant).
    Raw(u32),
    /// Whether the wall is kept, whatever the generator's rules say of it.
    Keep(bool),
}

/// One pin: an attempt (1-based), a site (`goal.x`, `walls[2].length`, or a wall,
/// `walls[3]`, for [`PinTo::Keep`]) and what it sets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Pin {
    pub attempt: u32,
    pub site: String,
    pub to: PinTo,
}

/// Why pins were refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PinError {
    #[error("'{text}' is not a pin: {expected}")]
    Malformed { text: String, expected: String },
    #[error("'{site}' is not a site; sites are ball.start_x, goal.x, goal.y, walls.count, walls[N].center_x, walls[N].center_y, walls[N].length, walls[N].angle, parts.ramp.count, parts.fan.count, parts.bumper.count, parts.gear.count, and walls[N] to keep or drop a wall")]
    UnknownSite { site: String },
    #[error("at most {max} pins, not {count}")]
    TooMany { count: usize, max: usize },
    #[error("attempt {attempt} does not exist; the rules draw at most {max} attempts")]
    NoSuchAttempt { attempt: u32, max: u32 },
    #[error("{site} of attempt {attempt} is pinned twice")]
    Duplicate { attempt: u32, site: String },
    #[error("attempt {attempt} draws no {site}{detail}")]
    NotDrawn {
        attempt: u32,
        site: String,
        detail: String,
    },
    #[error("{site} is the constant {value} under these rules: it takes no draw, so it has no raw value to pin")]
    Constant { site: String, value: f64 },
    #[error("{site} is drawn from {min} to {max}; {value} is outside that range")]
    OutOfRange {
        site: String,
        value: f64,
        min: f64,
        max: f64,
    },
    #[error("{site} is a count; {value} is not a whole number")]
    NotWhole { site: String, value: f64 },
    #[error("a wall is kept or dropped ({site}=keep or drop); it has no value to set")]
    WallValue { site: String },
    #[error("{site} is a value; only a wall (walls[N]) is kept or dropped")]
    KeepValue { site: String },
    #[error("the pinned candidate of attempt {attempt} is not a valid level: {error}")]
    InvalidLevel { attempt: u32, error: WorldError },
}

/// What a pin's site names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Value(Site),
    Wall(u32),
}

impl Pin {
    /// The site the pin names, checked against what it sets.
    pub fn target(&self) -> Result<Target, PinError> {
        let keep = matches!(self.to, PinTo::Keep(_));
        if let Some(site) = Site::parse(&self.site) {
            return match keep {
                true => Err(PinError::KeepValue {
                    site: self.site.clone(),
                }),
                false => Ok(Target::Value(site)),
            };
        }
        match parse_wall_ref(&self.site) {
            Some((n, None)) if keep => Ok(Target::Wall(n)),
            Some((_, None)) => Err(PinError::WallValue {
                site: self.site.clone(),
            }),
            _ => Err(PinError::UnknownSite {
                site: self.site.clone(),
            }),
        }
    }

    /// Reads `ATTEMPT:SITE=VALUE`, `ATTEMPT:SITE=raw:N` or `ATTEMPT:walls[N]=keep|drop`.
    pub fn parse(text: &str) -> Result<Pin, PinError> {
        let malformed = |expected: &str| PinError::Malformed {
            text: text.to_owned(),
            expected: expected.to_owned(),
        };
        let (attempt, rest) = text
            .trim()
            .split_once(':')
            .ok_or_else(|| malformed("expected ATTEMPT:SITE=VALUE, e.g. 1:goal.x=40"))?;
        let attempt: u32 = attempt
            .trim()
            .parse()
            .ok()
            .filter(|a| *a >= 1)
            .ok_or_else(|| malformed("the attempt is a whole number from 1"))?;
        let (site, value) = rest
            .split_once('=')
            .ok_or_else(|| malformed("expected SITE=VALUE after the attempt"))?;
        let value = value.trim();
        let to = if value == "keep" || value == "drop" {
            PinTo::Keep(value == "keep")
        } else if let Some(raw) = value.strip_prefix("raw:") {
            PinTo::Raw(
                raw.trim()
                    .parse()
                    .map_err(|_| malformed("a raw draw is a whole number from 0 to 4294967295"))?,
            )
        } else {
            let v: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| malformed("the value is a finite number, raw:N, keep or drop"))?;
            PinTo::Value(v)
        };
        let pin = Pin {
            attempt,
            site: site.trim().to_owned(),
            to,
        };
        pin.target()?;
        Ok(pin)
    }
}

impl fmt::Display for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}=", self.attempt, self.site)?;
        match self.to {
            PinTo::Value(v) => write!(f, "{v}"),
            PinTo::Raw(r) => write!(f, "raw:{r}"),
            PinTo::Keep(true) => write!(f, "keep"),
            PinTo::Keep(false) => write!(f, "drop"),
        }
    }
}

/// Checks what can be checked before drawing: the count, every site, every
/// attempt against `max_attempts`, no site pinned twice. Returns the targets.
pub fn check_pins(pins: &[Pin], max_attempts: u32) -> Result<Vec<Target>, PinError> {
    if pins.len() > MAX_PINS {
        return Err(PinError::TooMany {
            count: pins.len(),
            max: MAX_PINS,
        });
    }
    let mut targets: Vec<(u32, Target)> = Vec::with_capacity(pins.len());
    for pin in pins {
        let target = pin.target()?;
        if pin.attempt == 0 || pin.attempt > max_attempts {
            return Err(PinError::NoSuchAttempt {
                attempt: pin.attempt,
                max: max_attempts,
            });
        }
        if let PinTo::Value(v) = pin.to {
            if !v.is_finite() {
                return Err(PinError::Malformed {
                    text: pin.to_string(),
                    expected: "the value is a finite number".into(),
                });
            }
        }
        if targets.contains(&(pin.attempt, target)) {
            return Err(PinError::Duplicate {
                attempt: pin.attempt,
                site: pin.site.clone(),
            });
        }
        targets.push((pin.attempt, target));
    }
    Ok(targets.into_iter().map(|(_, t)| t).collect())
}
