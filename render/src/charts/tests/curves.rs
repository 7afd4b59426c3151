//! Response curves: one panel per figure, a dot per value where its figure is,
//! a red cross and no line where rules were refused, bad input refused.

use super::super::curves::{paint, panel, refused_at, MAX_PANELS, PANEL_H, PANEL_W, TOP};
use super::*;
use crate::range::range_palette::FRAME;

const XS: [f64; 5] = [2.0, 3.0, 4.0, 5.0, 6.0];
const WALLS: [Option<f64>; 5] = [Some(2.1), Some(2.6), None, Some(3.4), Some(3.9)];
const FALLBACK: [Option<f64>; 5] = [Some(0.5), Some(0.25), None, Some(0.06), Some(0.0)];
const SOLVING: [Option<f64>; 5] = [Some(9.5), Some(7.25), None, Some(5.0), Some(4.125)];
const NONE: [Option<f64>; 5] = [None; 5];

fn series() -> [CurveSeries<'static>; 3] {
    [
        CurveSeries {
            figure: "mean_walls",
            ys: &WALLS,
        },
        CurveSeries {
            figure: "fallback_rate",
            ys: &FALLBACK,
        },
        CurveSeries {
            figure: "mean_solving",
            ys: &SOLVING,
        },
    ]
}

fn figure<'a>(s: &'a [CurveSeries<'a>]) -> CurveFigure<'a> {
    CurveFigure {
        title: "walls.count.max from 2 to 6 (seeds 0..2000, rules v1)",
        field: "walls.count.max",
        xs: &XS,
        series: s,
    }
}

#[test]
fn curves_have_one_panel_per_figure_two_a_row() {
    let s = series();
    let fig = figure(&s);
    let bytes = render_curves_png(&fig).unwrap();
    assert_eq!(bytes, render_curves_png(&figure(&series())).unwrap());
    let img = decode(&bytes);
    assert_eq!((img.w, img.h), (CHART_WIDTH, TOP + 2 * PANEL_H + 8));
    for k in 0..3 {
        let f = panel(&fig, k);
        let mid = f.top + f.h / 2 + 3;
        assert_eq!(img.at(f.left, mid), rgb(FRAME), "panel {k}'s left border");
        assert_eq!(
            img.at(f.right(), mid),
            rgb(FRAME),
            "panel {k}'s right border"
        );
    }
    // The fourth place is empty.
    let (left, top) = (PANEL_W + 70, TOP + PANEL_H + 22);
    assert_eq!(img.at(left, top + 40), rgb(PAGE));
    // Ten figures: five rows.
    let ten = [s[0]; 10];
    let img = decode(
        &render_curves_png(&CurveFigure {
            series: &ten,
            ..fig
        })
        .unwrap(),
    );
    assert_eq!(img.h, TOP + 5 * PANEL_H + 8);
}

#[test]
fn each_value_is_a_dot_where_its_figure_is_and_a_refused_one_a_cross_with_no_line() {
    let s = series();
    let fig = figure(&s);
    let (p, t) = paint(&fig).unwrap();
    let img = decode(&p.pixmap.encode_png().unwrap());
    let mut dots = 0;
    for (k, series) in s.iter().enumerate() {
        let f = panel(&fig, k);
        for (&x, y) in XS.iter().zip(series.ys) {
            let px = f.px(x).round() as u32;
            match y {
                Some(y) => {
                    let py = f.py(*y).round() as u32;
                    assert_eq!(img.at(px, py), rgb(POINT), "panel {k} at x {x}");
                    dots += 1;
                }
                None => {
                    let (cx, cy) = refused_at(&f, x);
                    assert!(img.count(REFUSED, cx - 3..cx + 4, cy - 3..cy + 4) > 0);
                    // Nothing but the page and the grid in that column, above the cross.
                    let c = (f.top + 1..cy - 4)
                        .filter(|&y| ![rgb(PAGE), rgb(GRID)].contains(&img.at(px, y)))
                        .count();
                    assert_eq!(c, 0, "panel {k}: a refused value breaks the line");
                }
            }
        }
        // A line joins neighbouring values: halfway from the first to the second.
        let (a, b) = (series.ys[0].unwrap(), series.ys[1].unwrap());
        let (mx, my) = (
            ((f.px(XS[0]) + f.px(XS[1])) / 2.0) as u32,
            ((f.py(a) + f.py(b)) / 2.0) as u32,
        );
        let near =
            (my - 1..my + 2).any(|y| img.at(mx, y) != rgb(PAGE) && img.at(mx, y) != rgb(GRID));
        assert!(near, "panel {k}: a line between the first two dots");
        assert!(has_text(&t, series.figure), "panel {k}'s title");
    }
    assert_eq!(dots, 12);
    assert_eq!(
        img.patches(POINT),
        dots + 1,
        "a dot per value, and the legend's"
    );
    assert_eq!(
        img.patches(REFUSED),
        3 + 1,
        "a cross per panel, and the legend's"
    );
    assert_texts_apart(&t, img.w, img.h);
}

#[test]
fn a_figure_refused_everywhere_has_crosses_and_a_note_and_counts_stay_above_zero() {
    let s = [
        CurveSeries {
            figure: "mean_gears",
            ys: &NONE,
        },
        CurveSeries {
            figure: "fallback_rate",
            ys: &FALLBACK,
        },
    ];
    let fig = figure(&s);
    let (p, t) = paint(&fig).unwrap();
    let img = decode(&p.pixmap.encode_png().unwrap());
    let f = panel(&fig, 0);
    assert_eq!(img.count(POINT, f.left..f.right(), f.top..f.bottom()), 0);
    assert_eq!(img.patches(REFUSED), XS.len() + 1 + 1);
    assert!(has_text(&t, "refused at every value"));
    // A share of 0 sits on the axis: the range does not reach below 0.
    let f = panel(&fig, 1);
    assert_eq!(f.y.0, 0.0);
    assert_eq!(f.py(0.0).round() as u32, f.bottom());
    assert_texts_apart(&t, img.w, img.h);
}

#[test]
fn curve_input_is_checked() {
    let s = series();
    let fig = figure(&s);
    let shape = |f: CurveFigure| matches!(render_curves_png(&f), Err(RenderError::Shape(_)));
    assert!(shape(CurveFigure { xs: &[], ..fig }));
    assert!(shape(CurveFigure { series: &[], ..fig }));
    assert!(shape(CurveFigure {
        xs: &[3.0, 2.0, 4.0, 5.0, 6.0],
        ..fig
    }));
    assert!(
        shape(CurveFigure {
            xs: &XS[..4],
            ..fig
        }),
        "a y per x"
    );
    assert!(matches!(
        render_curves_png(&CurveFigure {
            xs: &[2.0, 3.0, f64::NAN, 5.0, 6.0],
            ..fig
        }),
        Err(RenderError::NotFinite(_))
    ));
    let inf = [Some(1.0), Some(f64::INFINITY), None, None, None];
    let bad = [CurveSeries {
        figure: "mean_walls",
        ys: &inf,
    }];
    assert!(matches!(
        render_curves_png(&CurveFigure {
            series: &bad,
            ..fig
        }),
        Err(RenderError::NotFinite(_))
    ));
    let many = vec![s[0]; MAX_PANELS + 1];
    assert!(matches!(
        render_curves_png(&CurveFigure {
            series: &many,
            ..fig
        }),
        Err(RenderError::TooMany { .. })
    ));
    // Repeated x values (a whole field rounded) and a single value still draw.
    assert!(render_curves_png(&CurveFigure {
        xs: &[2.0, 2.0, 3.0, 3.0, 4.0],
        ..fig
    })
    .is_ok());
    let one = [CurveSeries {
        figure: "mean_walls",
        ys: &[Some(3.0)],
    }];
    assert!(render_curves_png(&CurveFigure {
        xs: &[7.0],
        series: &one,
        ..fig
    })
    .is_ok());
}
