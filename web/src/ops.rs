//! The requests the page's script makes, answered with the play crate.

use std::cell::RefCell;

use contraption::{new_solution, solution_text, Placement, ENGINE_VERSION, RULES_VERSION};
use contraption_play::{check_part, run, Page, PlayLevel, PlayRun};
use serde::Deserialize;
use serde_json::{json, Value};

/// The page as opened: its payload and the level it plays now.
struct Open {
    page: Page,
    level: PlayLevel,
}

thread_local! {
    static OPEN: RefCell<Option<Open>> = const { RefCell::new(None) };
}

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    /// The engine's version and rules version.
    Version,
    /// Reads the payload and opens its level, or the fragment's.
    Open {
        payload: String,
        fragment: String,
    },
    CheckPart {
        placements: Vec<Placement>,
        index: u32,
        candidate: Placement,
    },
    Run {
        placements: Vec<Placement>,
    },
    /// The page's own solution, replayed (`null` when it has none).
    Solution,
    /// A solution file the player opened, replayed under the page's rules.
    Replay {
        text: String,
    },
    /// The solution file of the player's parts (for "Save…").
    SolutionText {
        placements: Vec<Placement>,
    },
    /// The text of the golden file `name` (`tests/golden/NAME.txt`) under the open
    /// page's rules: the browser test compares it with the file byte for byte.
    Golden {
        name: String,
    },
}

fn error(kind: &str, message: String) -> Value {
    json!({ "error": { "message": message, "error": { "kind": kind } } })
}

fn typed<E: std::fmt::Display + serde::Serialize>(e: E) -> Value {
    json!({ "error": { "message": e.to_string(), "error": e } })
}

/// The engine's refusal of the player's parts, as the studio's `placement` error.
fn refused_placements(e: contraption::PlacementError) -> Value {
    json!({ "error": { "message": e.to_string(), "error": { "kind": "placement", "error": e } } })
}

/// Runs `f` on the open page, or says none is open.
fn with_open(f: impl FnOnce(&Open) -> Value) -> Value {
    OPEN.with(|o| match &*o.borrow() {
        Some(open) => f(open),
        None => error("no_level", "no level is open".into()),
    })
}

fn replayed(page: &Page, path: &str, (solution, run): (contraption::Solution, PlayRun)) -> Value {
    json!({ "path": path, "rules_id": page.rules.id(), "solution": solution, "run": run })
}

/// The reply (JSON text) to one request (JSON bytes).
pub fn answer(request: &[u8]) -> String {
    let reply = match serde_json::from_slice::<Request>(request) {
        Err(e) => error(
            "bad_request",
            format!("the page's request is not understood: {e}"),
        ),
        Ok(r) => reply(r),
    };
    reply.to_string()
}

fn reply(request: Request) -> Value {
    match request {
        Request::Version => {
            json!({ "ok": { "engine": ENGINE_VERSION, "rules_version": RULES_VERSION } })
        }
        Request::Open { payload, fragment } => {
            let opened = Page::new(&payload).and_then(|page| {
                let (_, level) = page.open(&fragment)?;
                Ok(Open { page, level })
            });
            match opened {
                Err(e) => {
                    // Nothing stays open of a page that failed to open.
                    OPEN.with(|o| *o.borrow_mut() = None);
                    typed(e)
                }
                Ok(open) => {
                    let reply = json!({ "ok": open.level });
                    OPEN.with(|o| *o.borrow_mut() = Some(open));
                    reply
                }
            }
        }
        Request::CheckPart {
            placements,
            index,
            candidate,
        } => with_open(|o| {
            match check_part(
                &o.page.rules,
                &o.level.world,
                &placements,
                index as usize,
                &candidate,
            ) {
                Ok(check) => json!({ "ok": check }),
                Err(e) => error("no_such_part", e.to_string()),
            }
        }),
        Request::Run { placements } => {
            with_open(
                |o| match run(&o.page.rules, o.level.seed, &o.level.world, &placements) {
                    Ok(r) => json!({ "ok": r }),
                    Err(e) => refused_placements(e),
                },
            )
        }
        Request::Solution => with_open(|o| match o.page.solution(&o.level) {
            Ok(None) => json!({ "ok": null }),
            Ok(Some(s)) => json!({ "ok": replayed(&o.page, "the page's solution", s) }),
            Err(e) => typed(e),
        }),
        Request::Replay { text } => with_open(|o| match o.page.replay(text.as_bytes(), &o.level) {
            Ok(s) => json!({ "ok": replayed(&o.page, "the opened solution", s) }),
            Err(e) => typed(e),
        }),
        Request::Golden { name } => {
            with_open(|o| match crate::golden_texts::text(&name, &o.page.rules) {
                Some(text) => json!({ "ok": text }),
                None => error("bad_request", format!("no golden file is named {name}")),
            })
        }
        Request::SolutionText { placements } => with_open(|o| {
            if o.level.edited.is_some() {
                return error("edited_solution", "a solution of an edited level cannot be saved: a solution file names a seed's own level".into());
            }
            match contraption::check_placements(&o.page.rules, &o.level.world, &placements) {
                Err(e) => refused_placements(e),
                Ok(()) => {
                    let s = new_solution(
                        &o.page.rules,
                        o.level.seed,
                        o.level.level_hash.clone(),
                        placements,
                    );
                    json!({ "ok": solution_text(&s) })
                }
            }
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use contraption::{export_level, ValidRules};
    use contraption_play::page_payload;

    fn ask(v: Value) -> Value {
        serde_json::from_str(&answer(v.to_string().as_bytes())).unwrap()
    }

    #[test]
    fn the_page_opens_checks_runs_and_replays_through_json() {
        let rules = ValidRules::default();
        let file = export_level(&rules, 42, None);
        let ramp = file.verdict.solution.unwrap();
        let sol = new_solution(&rules, 42, file.level_hash.clone(), vec![ramp]);
        let payload =
            serde_json::to_string(&page_payload(&rules, &file, Some(&sol)).unwrap()).unwrap();
        assert_eq!(
            ask(json!({"op": "run", "placements": []}))["error"]["error"]["kind"],
            "no_level"
        );
        let level = ask(json!({"op": "open", "payload": payload, "fragment": ""}));
        assert_eq!(level["ok"]["level_hash"], file.level_hash.as_str());
        let check =
            ask(json!({"op": "check_part", "placements": [], "index": 0, "candidate": ramp}));
        assert_eq!(check["ok"]["ok"], true);
        let far = ask(json!({"op": "check_part", "placements": [], "index": 3, "candidate": ramp}));
        assert_eq!(far["error"]["error"]["kind"], "no_such_part");
        let r = ask(json!({"op": "run", "placements": [ramp]}));
        let plain = run(&rules, 42, &file.level, &[ramp]).unwrap();
        assert_eq!(r["ok"], serde_json::to_value(&plain).unwrap());
        let s = ask(json!({"op": "solution"}));
        assert_eq!(s["ok"]["run"], serde_json::to_value(&plain).unwrap());
        let text = ask(json!({"op": "solution_text", "placements": [ramp]}));
        assert_eq!(text["ok"], solution_text(&sol));
        let again = ask(json!({"op": "replay", "text": text["ok"]}));
        assert_eq!(again["ok"]["solution"], serde_json::to_value(&sol).unwrap());
        let bad = ask(json!({"op": "open", "payload": "{}", "fragment": ""}));
        assert_eq!(bad["error"]["error"]["kind"], "bad_payload");
        let after = ask(json!({"op": "run", "placements": []}));
        assert_eq!(
            after["error"]["error"]["kind"], "no_level",
            "a failed open leaves nothing open"
        );
        assert_eq!(
            ask(json!({"op": "nope"}))["error"]["error"]["kind"],
            "bad_request"
        );
    }
}
