//! The one-file web player's page: the payload `contraption export --html` (and
//! the studio's "Playable page…") writes into the page, and what the page's
//! engine (this crate compiled to WebAssembly, `web/`) does with it.
//!
//! A page is pinned: its payload names the engine version and the rules (id and
//! whole value) it was made with, and the engine inside the page refuses a payload
//! of another engine or rules version, and a level (its own or one from the URL
//! fragment) made under other rules than the page's. Every level is read with the
//! engine's strict reader and verified (regenerated under the page's rules), so a
//! page plays exactly the level `contraption export` writes, never a stale copy.

use contraption::{
    parse_level_file, parse_solution, replay, verify, LevelFile, LevelFileError, Rules, SimOptions,
    Solution, SolutionError, ValidRules, ENGINE_VERSION, RULES_VERSION,
};
use serde::{Deserialize, Serialize};

use crate::fragment::{fragment_text, FragmentError};
use crate::level::{play_level_with, PlayLevel};
use crate::rules_info::RulesInfo;
use crate::run::{PlayRun, RUN_STRIDE};

/// The `format` of a page payload.
pub const PAGE_FORMAT: &str = "contraption-page";
/// The payload version this engine writes and reads.
pub const PAGE_VERSION: u32 = 1;
/// The element of the page template whose text the payload replaces (the whole
/// element is matched, so the same words elsewhere in the page change nothing).
pub const PAYLOAD_ELEMENT: &str =
    "<script type=\"application/json\" id=\"contraption-page\">__CONTRAPTION_PAGE_PAYLOAD__</script>";

/// What a page carries: its engine and rules, the level it opens with, and the
/// solution it can replay.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PagePayload {
    /// Always `contraption-page`.
    pub format: String,
    pub version: u32,
    /// The engine's version (`contraption::ENGINE_VERSION`) that made the page.
    pub engine: String,
    pub rules_version: u32,
    pub rules_id: String,
    /// The whole rules value the page plays under.
    pub rules: Rules,
    /// The level file the page opens with (`level_file_text`).
    pub level: String,
    pub level_hash: String,
    /// A solution file of that level, replayed by "Watch the solution".
    pub solution: Option<String>,
}

/// Why a page cannot open a level or replay its solution.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PageError {
    #[error("this page is broken: {message}")]
    BadPayload { message: String },
    #[error("this page was made by engine {page} (rules version {page_rules}); its engine is {engine} (rules version {engine_rules})")]
    OtherEngine {
        page: String,
        page_rules: u32,
        engine: String,
        engine_rules: u32,
    },
    #[error("{message}")]
    BadLink { message: String },
    #[error("the level was refused: {message}")]
    BadLevel { message: String },
    #[error("this page plays levels made under rules {page}; the level was made under rules {level} (export it with those rules to play it)")]
    OtherRules { page: String, level: String },
    #[error("the level does not regenerate under the page's rules: {fields} differ")]
    Drift { fields: String },
    #[error("the solution was refused: {message}")]
    BadSolution { message: String },
    #[error("the solution is for seed {solution_seed} (level {solution_level}); this page plays seed {seed} (level {level})")]
    OtherLevel {
        solution_seed: u32,
        solution_level: String,
        seed: u32,
        level: String,
    },
}

/// The payload of a page for `file` (a level file made under `rules`) and, when
/// given, one of its solutions; refused when the solution is not this level's.
pub fn page_payload(
    rules: &ValidRules,
    file: &LevelFile,
    solution: Option<&Solution>,
) -> Result<PagePayload, PageError> {
    if let Some(s) = solution {
        same_level(file, s)?;
    }
    Ok(PagePayload {
        format: PAGE_FORMAT.into(),
        version: PAGE_VERSION,
        engine: ENGINE_VERSION.into(),
        rules_version: RULES_VERSION,
        rules_id: rules.id().into(),
        rules: (**rules).clone(),
        level: contraption::level_file_text(file),
        level_hash: file.level_hash.clone(),
        solution: solution.map(contraption::solution_text),
    })
}

/// The page: `template` (the built player page) with the payload written in, or
/// `None` when the template has no [`PAYLOAD_ELEMENT`] (or more than one). Every
/// `<`, `>` and `&` is escaped, so no text in the payload can end its `<script>` or
/// change how the page around it is parsed.
pub fn page_html(template: &str, payload: &PagePayload) -> Option<String> {
    if template.matches(PAYLOAD_ELEMENT).count() != 1 {
        return None;
    }
    let json = serde_json::to_string(payload).expect("payloads always serialize");
    // `<`, `>` and `&` only ever stand inside JSON strings, where `\u003c` and so on
    // mean the same: the HTML parser then sees no tag, comment or entity at all.
    let json = json
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    let element =
        format!("<script type=\"application/json\" id=\"contraption-page\">{json}</script>");
    Some(template.replacen(PAYLOAD_ELEMENT, &element, 1))
}

fn same_level(file: &LevelFile, s: &Solution) -> Result<(), PageError> {
    if s.seed != file.seed || s.level_hash != file.level_hash || file.edited.is_some() {
        return Err(PageError::OtherLevel {
            solution_seed: s.seed,
            solution_level: s.level_hash.clone(),
            seed: file.seed,
            level: file.level_hash.clone(),
        });
    }
    Ok(())
}

/// A page with its rules checked, ready to open levels.
#[derive(Debug, Clone)]
pub struct Page {
    pub payload: PagePayload,
    pub rules: ValidRules,
}

impl Page {
    /// Reads a payload: its format, engine and rules versions must be this
    /// engine's, its rules valid and named by their id.
    pub fn new(payload_json: &str) -> Result<Self, PageError> {
        let bad = |message: String| PageError::BadPayload { message };
        let value: serde_json::Value = serde_json::from_str(payload_json)
            .map_err(|e| bad(format!("its payload is not JSON: {e}")))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(PAGE_FORMAT) {
            return Err(bad("its payload is not a contraption-page".into()));
        }
        let payload: PagePayload =
            serde_json::from_value(value).map_err(|e| bad(format!("its payload: {e}")))?;
        if payload.version != PAGE_VERSION
            || payload.engine != ENGINE_VERSION
            || payload.rules_version != RULES_VERSION
        {
            return Err(PageError::OtherEngine {
                page: payload.engine,
                page_rules: payload.rules_version,
                engine: ENGINE_VERSION.into(),
                engine_rules: RULES_VERSION,
            });
        }
        let rules = ValidRules::new(payload.rules.clone())
            .map_err(|e| bad(format!("its rules are not valid: {e}")))?;
        if rules.id() != payload.rules_id {
            return Err(bad(format!(
                "it names rules {} but holds rules {}",
                payload.rules_id,
                rules.id()
            )));
        }
        Ok(Self { payload, rules })
    }

    /// The rules as the play code draws with them.
    pub fn info(&self) -> RulesInfo {
        RulesInfo::of(&self.rules, None)
    }

    /// The level the page opens: the one in `fragment` (a URL fragment, `#`
    /// optional; empty for none) or else the page's own. Read strictly, refused
    /// when made under other rules, and verified by regenerating it.
    pub fn open(&self, fragment: &str) -> Result<(LevelFile, PlayLevel), PageError> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let bytes = if fragment.is_empty() {
            self.payload.level.clone().into_bytes()
        } else {
            fragment_text(fragment).map_err(|e: FragmentError| PageError::BadLink {
                message: e.to_string(),
            })?
        };
        let file = parse_level_file(&bytes).map_err(|e: LevelFileError| PageError::BadLevel {
            message: e.to_string(),
        })?;
        if fragment.is_empty() && file.level_hash != self.payload.level_hash {
            return Err(PageError::BadPayload {
                message: format!(
                    "it names level {} but holds level {}",
                    self.payload.level_hash, file.level_hash
                ),
            });
        }
        let level_rules = file
            .made_under()
            .map(|r| r.id().to_owned())
            .unwrap_or_else(|| file.rules_id.clone().unwrap_or_default());
        if level_rules != self.rules.id() {
            return Err(PageError::OtherRules {
                page: self.rules.name().into(),
                level: file
                    .made_under()
                    .map(|r| r.name().to_owned())
                    .unwrap_or(level_rules),
            });
        }
        let check = verify(&file);
        if !check.identical {
            let fields: Vec<&str> = check.drift.iter().map(|d| d.field.as_str()).collect();
            return Err(PageError::Drift {
                fields: fields.join(", "),
            });
        }
        let pins = file.edited.clone().unwrap_or_default();
        let level = play_level_with(&self.rules, self.info(), file.seed, &pins).map_err(|e| {
            PageError::BadLevel {
                message: e.to_string(),
            }
        })?;
        Ok((file, level))
    }

    /// The page's solution, read strictly and replayed by the engine (every step
    /// recorded) on `level` (the level the page opened): `None` when the page has
    /// none; refused when the page opened another level (from its link).
    pub fn solution(&self, level: &PlayLevel) -> Result<Option<(Solution, PlayRun)>, PageError> {
        let Some(text) = &self.payload.solution else {
            return Ok(None);
        };
        self.replay(text.as_bytes(), level).map(Some)
    }

    /// A solution file (the page's own or one the player opens), read strictly
    /// and replayed under the page's rules on `level`, the level the page opened:
    /// one made under other rules is refused, and so is one of another level
    /// (another seed's, or on an edited level the seed's own).
    pub fn replay(
        &self,
        bytes: &[u8],
        level: &PlayLevel,
    ) -> Result<(Solution, PlayRun), PageError> {
        let (solution, run) = self.replay_any(bytes)?;
        if solution.seed != level.seed || solution.level_hash != level.level_hash {
            return Err(PageError::OtherLevel {
                solution_seed: solution.seed,
                solution_level: solution.level_hash,
                seed: level.seed,
                level: level.level_hash.clone(),
            });
        }
        Ok((solution, run))
    }

    fn replay_any(&self, bytes: &[u8]) -> Result<(Solution, PlayRun), PageError> {
        let bad = |e: SolutionError| PageError::BadSolution {
            message: e.to_string(),
        };
        let solution = parse_solution(bytes).map_err(bad)?;
        let made_under = solution.made_under().map(|r| r.id().to_owned());
        if made_under.as_deref() != Some(self.rules.id()) {
            return Err(PageError::OtherRules {
                page: self.rules.name().into(),
                level: made_under.unwrap_or_else(|| solution.rules_id.clone().unwrap_or_default()),
            });
        }
        let result = replay(&solution, &SimOptions::with_trajectory(RUN_STRIDE)).map_err(bad)?;
        let run = PlayRun::new(&self.rules, solution.seed, &solution.placements, result);
        Ok((solution, run))
    }
}
