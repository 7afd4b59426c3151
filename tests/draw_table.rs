//! The draw table of `docs/rules.md` ("The draws, one by one") is made from the
//! engine: the sites in the order a recorded candidate draws them, each with its
//! mapping and the default rules' range. This test fails when the two differ;
//! `UPDATE_DOCS=1 cargo test --test draw_table` rewrites the table.

use contraption::{record_draws, Draw, Site, ValidRules};

const BEGIN: &str = "<!-- draw-table: begin (made by tests/draw_table.rs) -->\n";
const END: &str = "<!-- draw-table: end -->\n";

fn mapping(d: &Draw, site: Site) -> String {
    let s = &d.span;
    if s.is_constant() {
        return "a constant: no draw".into();
    }
    let m = if s.integer {
        "`min + floor(u · (max − min + 1))`".to_owned()
    } else {
        "`min + u · (max − min)`".to_owned()
    };
    if site.rounded() {
        format!("{m}, rounded to hundredths")
    } else {
        m
    }
}

fn range(d: &Draw) -> String {
    let s = &d.span;
    match (s.is_constant(), s.integer) {
        (true, _) => format!("{}", s.min),
        (false, true) => format!("{} to {}", s.min, s.max),
        (false, false) => format!("{} – {}", s.min, s.max),
    }
}

/// The table, from a default-rules candidate with walls.
fn table() -> String {
    let rules = ValidRules::default();
    let record = record_draws(&rules, 42, 1, &[]).unwrap();
    let draws = &record.attempts[0].draws;
    let mut out = String::from(
        "| order | site | rules field | mapping of `u = raw / 2^32` | default (v1) | what it sets |\n|---|---|---|---|---|---|\n",
    );
    let mut order = 0;
    for d in draws {
        let site = Site::parse(&d.site).expect("a recorded site reads back");
        if site.wall().is_some_and(|n| n > 1) {
            continue;
        }
        order += 1;
        let (name, at) = match site.wall() {
            Some(_) => (
                d.site.replace("walls[1]", "walls[N]"),
                format!("{order} (each wall N)"),
            ),
            None => (d.site.clone(), order.to_string()),
        };
        out += &format!(
            "| {at} | `{name}` | `{}` | {} | {} | {} |\n",
            d.rule,
            mapping(d, site),
            range(d),
            site.describe()
        );
    }
    out
}

#[test]
fn the_draw_table_in_the_rules_doc_is_the_engine_s() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let (head, rest) = doc
        .split_once(BEGIN)
        .expect("docs/rules.md has the table's begin marker");
    let (_, tail) = rest
        .split_once(END)
        .expect("docs/rules.md has the table's end marker");
    let want = format!("{head}{BEGIN}{}{END}{tail}", table());
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path, &want).unwrap();
        return;
    }
    assert!(
        doc == want,
        "docs/rules.md's draw table is not the engine's; run UPDATE_DOCS=1 cargo test --test draw_table\nwant:\n{}",
        table()
    );
}
