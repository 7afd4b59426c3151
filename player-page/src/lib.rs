//! The one-file web player: the built page (the studio's play code with its
//! engine compiled to WebAssembly, all inlined; see `ui/vite.web.config.ts`) and
//! the page of one level, made from the level's file (never from a play window's
//! state) with, when given, one of its solutions to watch.

use contraption::{LevelFile, Solution, ValidRules};
use contraption_play::{page_html, page_payload, PageError};

/// The built page, with its payload still to be written in.
pub const TEMPLATE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../ui/dist-web/player.html"
));

/// The page that plays `file` (a level file made under `rules`), with `solution`
/// to watch; refused when the solution is not of that level.
pub fn level_page(
    rules: &ValidRules,
    file: &LevelFile,
    solution: Option<&Solution>,
) -> Result<String, PageError> {
    let payload = page_payload(rules, file, solution)?;
    Ok(page_html(TEMPLATE, &payload).expect("the built page holds its payload element once"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use contraption::export_level;
    use contraption_play::{Page, PAYLOAD_ELEMENT};

    #[test]
    fn the_built_page_holds_its_payload_element_once_and_forbids_every_request() {
        assert_eq!(TEMPLATE.matches(PAYLOAD_ELEMENT).count(), 1);
        // Its Content-Security-Policy allows nothing to be fetched (the browser
        // test checks that nothing is).
        assert!(TEMPLATE.contains(
            "content=\"default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval';"
        ));
        assert!(!TEMPLATE.contains("<script type=\"module\" crossorigin src="));
        assert!(!TEMPLATE.contains("<link rel=\"stylesheet\""));
    }

    #[test]
    fn a_level_page_carries_a_payload_the_pages_engine_opens() {
        let rules = ValidRules::default();
        let file = export_level(&rules, 42, None);
        let html = level_page(&rules, &file, None).unwrap();
        let open = "<script type=\"application/json\" id=\"contraption-page\">";
        let start = html.find(open).unwrap() + open.len();
        let end = start + html[start..].find("</script>").unwrap();
        let page = Page::new(&html[start..end]).unwrap();
        let (opened, _) = page.open("").unwrap();
        assert_eq!(opened, file);
    }
}
