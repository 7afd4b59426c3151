//! The rules the studio runs under, as the UI sees them: `RulesInfo` (defined in
//! the play crate, `contraption-play`, which the web player shares).

pub use contraption_play::RulesInfo;
