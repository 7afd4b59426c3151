//! The worlds the catalog views draw: seed thumbnails and the daily calendar.
//! Each is the world the game ships for the seed (`generate` in game mode) under
//! the rules in force; the UI draws them with the one `RulesInfo` from the
//! `rules` command.

use contraption::calendar::{self, DailyEntry};
use contraption::{generate, GenerateOptions, ValidRules, World};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{CatalogViewError, Result};

/// At most this many thumbnails per request.
pub const MAX_THUMBNAILS: usize = 256;

/// A seed's shipped world, for a thumbnail.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Thumbnail {
    pub seed: u32,
    pub world: World,
}

/// The shipped world of each seed under `rules` (game mode: what a player gets), in order.
pub fn thumbnails(rules: &ValidRules, seeds: &[u32]) -> Result<Vec<Thumbnail>> {
    if seeds.len() > MAX_THUMBNAILS {
        return Err(CatalogViewError::TooManyThumbnails {
            asked: seeds.len(),
            max: MAX_THUMBNAILS,
        });
    }
    Ok(seeds
        .iter()
        .map(|&seed| Thumbnail {
            seed,
            world: shipped_world(rules, seed),
        })
        .collect())
}

/// The world the game ships for `seed` under `rules` (game mode: what a player gets).
fn shipped_world(rules: &ValidRules, seed: u32) -> World {
    generate(rules, seed, &GenerateOptions::game())
        .shipped
        .world
}

/// One month of daily seeds (UTC), each with its shipped world.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CalendarMonth {
    pub year: i32,
    pub month: u32,
    /// 0 = Monday … 6 = Sunday, for the 1st of the month.
    pub first_weekday: u32,
    /// Today's date in UTC, `YYYY-MM-DD`.
    pub today: String,
    /// The rules the days were generated under (`v1` or the rules id) and their id.
    pub rules_name: String,
    pub rules_id: String,
    pub days: Vec<CalendarDay>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CalendarDay {
    pub entry: DailyEntry,
    pub world: World,
}

/// The calendar's `year`-`month` (`calendar::month`) under `rules`, with thumbnails.
pub fn calendar_month(
    rules: &ValidRules,
    year: i32,
    month: u32,
    today: chrono::NaiveDate,
) -> Result<CalendarMonth> {
    use chrono::Datelike;
    let entries =
        calendar::month(rules, year, month).ok_or(CatalogViewError::NoSuchMonth { year, month })?;
    let first = chrono::NaiveDate::from_ymd_opt(year, month, 1)
        .ok_or(CatalogViewError::NoSuchMonth { year, month })?;
    Ok(CalendarMonth {
        year,
        month,
        first_weekday: first.weekday().num_days_from_monday(),
        today: today.format("%Y-%m-%d").to_string(),
        rules_name: rules.name().to_string(),
        rules_id: rules.id().to_string(),
        days: entries
            .into_iter()
            .map(|entry| CalendarDay {
                world: shipped_world(rules, entry.seed),
                entry,
            })
            .collect(),
    })
}
