//! The scatter of random rule sets: a dot where each lands, one bigger dot with
//! a number for rule sets on one spot, the starting rules marked, bad input
//! refused.

use super::super::scatter::{at, frame, groups, paint, radius, JOIN, MAX_SCATTER_POINTS};
use super::*;

const PTS: [[f64; 2]; 6] = [
    [3.0, 8.0],
    [4.5, 6.0],
    [2.0, 11.0],
    [3.6, 4.2],
    [2.4, 9.1],
    [4.1, 10.5],
];

fn figure(points: &[[f64; 2]]) -> ScatterFigure<'_> {
    ScatterFigure {
        title: "6 random rule sets (seeds 0..2000, from rules v1)",
        x_name: "mean_walls",
        y_name: "mean_solving",
        points,
        start: Some([3.12, 8.9]),
    }
}

#[test]
fn each_rule_set_is_a_dot_where_its_figures_are_and_the_start_is_marked() {
    let fig = figure(&PTS);
    let bytes = render_scatter_png(&fig).unwrap();
    assert_eq!(bytes, render_scatter_png(&figure(&PTS)).unwrap());
    let img = decode(&bytes);
    let f = frame(&fig);
    assert_eq!((img.w, img.h), (CHART_WIDTH, f.bottom() + 44));
    for p in PTS {
        let (x, y) = at(&f, p);
        assert_eq!(img.at(x, y), rgb(POINT), "{p:?}");
        // A single rule set's dot: radius 3.
        assert_eq!(img.at(x + 2, y), rgb(POINT), "{p:?}");
        assert_ne!(img.at(x + 5, y), rgb(POINT), "{p:?}");
    }
    assert_eq!(
        img.patches(POINT),
        PTS.len() + 2,
        "a dot each, two in the legend"
    );
    let (sx, sy) = at(&f, [3.12, 8.9]);
    assert_eq!(img.at(sx, sy), rgb(UP));
    assert_eq!(img.at(sx + 7, sy), rgb(UP), "the start's cross");
    assert_eq!(img.at(sx, sy - 7), rgb(UP));
    // The axes cover every point and the start, with room round them.
    assert!(f.x.0 < 2.0 && f.x.1 > 4.5 && f.y.0 < 4.2 && f.y.1 > 11.0);
}

#[test]
fn rule_sets_on_one_spot_make_one_bigger_dot_with_their_number() {
    let mut pts = PTS.to_vec();
    // Four more on the first point, and one a pixel beside it.
    pts.extend([[3.0, 8.0]; 4]);
    let f = frame(&figure(&pts));
    let one_px = (f.x.1 - f.x.0) / f64::from(f.w);
    pts.push([3.0 + one_px, 8.0]);
    let fig = figure(&pts);
    let f = frame(&fig);
    let g = groups(&fig, &f);
    assert_eq!(g.len(), PTS.len(), "{g:?}");
    assert_eq!(g[0], (at(&f, [3.0, 8.0]), 6), "the fullest first");
    let (p, t) = paint(&fig).unwrap();
    let img = decode(&p.pixmap.encode_png().unwrap());
    let (x, y) = g[0].0;
    let r = radius(6);
    assert!(r > radius(1) + 3.0);
    assert_eq!(img.at(x + r as u32 - 1, y), rgb(POINT), "a bigger dot");
    assert!(has_text(&t, "6"), "how many beside it");
    assert_eq!(img.patches(POINT), PTS.len() + 2);
    assert_texts_apart(&t, img.w, img.h);
    // Further than JOIN pixels away: a dot of its own.
    let mut apart = PTS.to_vec();
    apart.push([3.0 + f64::from(JOIN + 2) * one_px, 8.0]);
    let fig = figure(&apart);
    assert_eq!(groups(&fig, &frame(&fig)).len(), PTS.len() + 1);
}

#[test]
fn many_crowded_rule_sets_keep_their_labels_apart() {
    // 400 rule sets on a 20 × 20 lattice of spots, a few on each.
    let pts: Vec<[f64; 2]> = (0..400)
        .map(|i| [f64::from(i % 10), f64::from((i / 10) % 10) * 0.1])
        .collect();
    let (p, t) = paint(&figure(&pts)).unwrap();
    assert_texts_apart(&t, p.pixmap.width(), p.pixmap.height());
    assert!(has_text(&t, "4"), "each spot holds four");
}

#[test]
fn scatter_input_is_checked() {
    let fig = figure(&PTS);
    // The starting rules alone: drawn, with a note.
    let (_, t) = paint(&ScatterFigure { points: &[], ..fig }).unwrap();
    assert!(has_text(&t, "no rule set gave both figures"));
    assert!(matches!(
        render_scatter_png(&ScatterFigure {
            points: &[],
            start: None,
            ..fig
        }),
        Err(RenderError::Shape(_))
    ));
    assert!(render_scatter_png(&ScatterFigure { start: None, ..fig }).is_ok());
    for bad in [[1.0, f64::INFINITY], [f64::NAN, 1.0]] {
        assert!(matches!(
            render_scatter_png(&ScatterFigure {
                points: &[bad],
                ..fig
            }),
            Err(RenderError::NotFinite(_))
        ));
    }
    assert!(matches!(
        render_scatter_png(&ScatterFigure {
            start: Some([f64::NAN, 0.0]),
            ..fig
        }),
        Err(RenderError::NotFinite(_))
    ));
    let many = vec![[0.0, 0.0]; MAX_SCATTER_POINTS + 1];
    assert!(matches!(
        render_scatter_png(&ScatterFigure {
            points: &many,
            ..fig
        }),
        Err(RenderError::TooMany { .. })
    ));
    // One value everywhere still has axes.
    assert!(render_scatter_png(&ScatterFigure {
        points: &[[1.0, 1.0]; 3],
        start: Some([1.0, 1.0]),
        ..fig
    })
    .is_ok());
}
