//! The tornado chart: bars where their figures are, none for a missing step,
//! texts apart, bad input refused.

use super::super::tornado::{bar_rows, frame, paint, MAX_BARS, ROW, TOP};
use super::*;
use crate::range::range_palette::{DIM, TEXT};

/// Eight fields as `contraption sensitivity --seeds 0..300` gives them for
/// mean_solving (base 4.0767): changes either way, a field with no step down,
/// a refused step, a step that changes nothing, a long name.
fn eight() -> Vec<TornadoBar<'static>> {
    let bar = |field, dv, d, uv, u| TornadoBar {
        field,
        down_value: dv,
        up_value: uv,
        down: d,
        up: u,
    };
    vec![
        bar(
            "walls.center_x.max",
            Some(82.8),
            Some(4.0667),
            Some(100.0),
            Some(4.6167),
        ),
        bar(
            "walls.count.min",
            Some(1.0),
            Some(4.5333),
            Some(3.0),
            Some(3.7433),
        ),
        bar(
            "ball.start_y",
            Some(7.2),
            Some(4.4),
            Some(8.8),
            Some(4.1633),
        ),
        bar(
            "goal.width",
            Some(12.6),
            Some(3.9067),
            Some(15.4),
            Some(4.3733),
        ),
        bar(
            "walls.count.max",
            Some(4.0),
            Some(4.1833),
            Some(6.0),
            Some(3.8167),
        ),
        bar(
            "parts.bumper.count.min",
            None,
            None,
            Some(2.0),
            Some(4.2133),
        ),
        bar("field.width", Some(90.0), None, Some(110.0), Some(4.0567)),
        bar(
            "a.field.with.a.name.much.longer.than.any.in.the.rules.today",
            Some(0.0000004),
            Some(4.0767),
            Some(1296.125),
            Some(4.0767),
        ),
    ]
}

fn figure<'a>(bars: &'a [TornadoBar<'a>]) -> TornadoFigure<'a> {
    TornadoFigure {
        title: "What each rule does to mean_solving (seeds 0..300, rules v1, steps of 10%)",
        figure: "mean_solving",
        base: 4.0767,
        bars,
    }
}

#[test]
fn tornado_bytes_are_the_same_every_time_and_the_height_follows_the_rows() {
    let bars = eight();
    let fig = figure(&bars);
    let bytes = render_tornado_png(&fig).unwrap();
    let again = eight();
    assert_eq!(bytes, render_tornado_png(&figure(&again)).unwrap());
    let img = decode(&bytes);
    assert_eq!((img.w, img.h), (CHART_WIDTH, TOP + 8 * ROW + 44));
    let one = render_tornado_png(&TornadoFigure {
        bars: &bars[..1],
        ..fig
    })
    .unwrap();
    assert_eq!(decode(&one).h, TOP + ROW + 44);
}

#[test]
fn each_step_is_a_bar_on_its_side_of_the_base_line_ending_at_its_figure() {
    let bars = eight();
    let fig = figure(&bars);
    let img = decode(&render_tornado_png(&fig).unwrap());
    let f = frame(&fig);
    let bx = f.px(fig.base).round() as u32;
    // The base line runs through every row.
    for i in 0..bars.len() as u32 {
        assert_eq!(img.at(bx, TOP + i * ROW + 2), rgb(TEXT), "row {i}");
    }
    let mut drawn = 0;
    for (i, b) in bars.iter().enumerate() {
        for (k, at, hex) in [(0, b.down, DOWN), (1, b.up, UP)] {
            let value = if k == 0 { b.down_value } else { b.up_value };
            let (Some(v), Some(at)) = (value, at) else {
                continue;
            };
            let rows = bar_rows(i, k);
            let mid = (rows.start + rows.end) / 2;
            let end = f.px(at).round() as u32;
            let what = format!("{} step {k} to {v}", b.field);
            if at < fig.base {
                // Left of the line, from its figure to the line, nothing right of it.
                let l = end.min(bx - 1);
                assert_eq!(img.at(l, mid), rgb(hex), "{what}");
                assert_eq!(img.at(bx - 1, mid), rgb(hex), "{what}");
                assert_ne!(img.at(l - 1, mid), rgb(hex), "{what}");
                assert_eq!(img.count(hex, bx..CHART_WIDTH, rows.clone()), 0, "{what}");
                let full = (bx - l) as usize * rows.len();
                assert_eq!(img.count(hex, 0..bx, rows), full, "{what}: a solid bar");
            } else {
                let r = end.max(bx + 2);
                assert_eq!(img.at(bx + 1, mid), rgb(hex), "{what}");
                assert_eq!(img.at(r - 1, mid), rgb(hex), "{what}");
                assert_ne!(img.at(r, mid), rgb(hex), "{what}");
                assert_eq!(img.count(hex, 0..bx + 1, rows.clone()), 0, "{what}");
            }
            drawn += 1;
        }
    }
    assert_eq!(drawn, 14, "16 steps less a missing one and a refused one");
    // The first field's down step lowers the figure (blue left of the line), its
    // up step raises it (orange right of it).
    assert!(img.count(DOWN, 0..bx, bar_rows(0, 0)) > 0);
    assert!(img.count(UP, bx..CHART_WIDTH, bar_rows(0, 1)) > 100);
}

#[test]
fn the_tornado_has_one_patch_of_colour_per_bar_and_one_in_the_legend() {
    let bars = eight();
    let img = decode(&render_tornado_png(&figure(&bars)).unwrap());
    let downs = bars
        .iter()
        .filter(|b| b.down_value.is_some() && b.down.is_some())
        .count();
    let ups = bars
        .iter()
        .filter(|b| b.up_value.is_some() && b.up.is_some())
        .count();
    assert_eq!((downs, ups), (6, 8));
    assert_eq!(img.patches(DOWN), downs + 1);
    assert_eq!(img.patches(UP), ups + 1);
}

#[test]
fn a_missing_step_draws_a_dash_and_a_refused_one_says_so_with_no_bar() {
    let bars = eight();
    let fig = figure(&bars);
    let (p, t) = paint(&fig).unwrap();
    let img = decode(&p.pixmap.encode_png().unwrap());
    let f = frame(&fig);
    let bx = f.px(fig.base).round() as u32;
    // Row 5 has no step down: no blue in its strip, a dash right of the line.
    let rows = bar_rows(5, 0);
    assert_eq!(img.count(DOWN, 0..CHART_WIDTH, rows.clone()), 0);
    assert_eq!(
        img.count(DIM, bx + 6..bx + 14, rows.start + 4..rows.start + 5),
        8
    );
    // Row 6's step down was refused: no blue, and its value with "refused".
    assert_eq!(img.count(DOWN, 0..CHART_WIDTH, bar_rows(6, 0)), 0);
    assert!(has_text(&t, "90: refused"));
    // Labels: the stepped value and the figure there.
    assert!(has_text(&t, "82.8: 4.0667") && has_text(&t, "100: 4.6167"));
    assert!(
        has_text(&t, "4e-7: 4.0767"),
        "a tiny value keeps its exponent"
    );
    assert!(has_text(&t, "4.0767"), "the base's value over its line");
}

#[test]
fn tornado_texts_do_not_overlap_and_stay_on_the_page() {
    let bars = eight();
    let (p, t) = paint(&figure(&bars)).unwrap();
    assert_texts_apart(&t, p.pixmap.width(), p.pixmap.height());
    // The long name is cut, and still clear of the widest label on its left.
    assert!(t
        .0
        .iter()
        .any(|p| p.text.ends_with("..") && p.text.len() == 44));
    // Every bar going left, as far as it can: labels still clear of the names.
    let left: Vec<TornadoBar> = bars
        .iter()
        .map(|b| TornadoBar {
            down: Some(1.0),
            up: Some(1.5),
            down_value: Some(123456.789),
            up_value: Some(-0.000123),
            ..*b
        })
        .collect();
    let (p, t) = paint(&figure(&left)).unwrap();
    assert_texts_apart(&t, p.pixmap.width(), p.pixmap.height());
}

#[test]
fn tornado_input_is_checked() {
    let bars = eight();
    let fig = figure(&bars);
    assert_eq!(
        render_tornado_png(&TornadoFigure { bars: &[], ..fig }),
        Err(RenderError::Shape("a tornado needs at least one field"))
    );
    assert!(matches!(
        render_tornado_png(&TornadoFigure {
            base: f64::NAN,
            ..fig
        }),
        Err(RenderError::NotFinite(_))
    ));
    for bad in [
        TornadoBar {
            down: Some(f64::NAN),
            ..bars[0]
        },
        TornadoBar {
            up_value: Some(f64::INFINITY),
            ..bars[0]
        },
    ] {
        let one = [bad];
        assert!(matches!(
            render_tornado_png(&TornadoFigure { bars: &one, ..fig }),
            Err(RenderError::NotFinite(_))
        ));
    }
    let most = vec![bars[0]; MAX_BARS];
    assert!(render_tornado_png(&TornadoFigure { bars: &most, ..fig }).is_ok());
    let many = vec![bars[0]; MAX_BARS + 1];
    assert!(matches!(
        render_tornado_png(&TornadoFigure { bars: &many, ..fig }),
        Err(RenderError::TooMany { .. })
    ));
    // Every step changing nothing still draws (the axis about the base).
    let flat = [TornadoBar {
        down: Some(fig.base),
        up: Some(fig.base),
        ..bars[0]
    }];
    assert!(render_tornado_png(&TornadoFigure { bars: &flat, ..fig }).is_ok());
}
