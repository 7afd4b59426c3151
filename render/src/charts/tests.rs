use super::*;
use crate::range::rgb;

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let d = png::Decoder::new(bytes);
    let mut r = d.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size()];
    let info = r.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn pixel(img: &(u32, u32, Vec<u8>), x: u32, y: u32) -> [u8; 3] {
    let i = ((y * img.0 + x) * 4) as usize;
    [img.2[i], img.2[i + 1], img.2[i + 2]]
}

fn count(
    img: &(u32, u32, Vec<u8>),
    hex: &str,
    rows: std::ops::Range<u32>,
    cols: std::ops::Range<u32>,
) -> usize {
    let c = rgb(hex);
    rows.flat_map(|y| cols.clone().map(move |x| (x, y)))
        .filter(|&(x, y)| pixel(img, x, y) == c)
        .count()
}

fn bars() -> Vec<TornadoBar<'static>> {
    vec![
        TornadoBar {
            field: "walls.count.max",
            down_value: Some(4.0),
            up_value: Some(6.0),
            down: Some(2.5),
            up: Some(3.6),
        },
        TornadoBar {
            field: "generator.max_attempts",
            down_value: Some(36.0),
            up_value: None,
            down: Some(3.1),
            up: None,
        },
        TornadoBar {
            field: "goal.x.min",
            down_value: Some(9.0),
            up_value: Some(11.0),
            down: None,
            up: Some(3.2),
        },
    ]
}

#[test]
fn the_tornado_draws_each_step_on_its_side_of_the_base_and_no_bar_for_a_missing_step() {
    let b = bars();
    let fig = TornadoFigure {
        title: "What each rule does to mean_walls",
        figure: "mean_walls",
        base: 3.12,
        bars: &b,
    };
    let bytes = render_tornado_png(&fig).unwrap();
    assert_eq!(
        bytes,
        render_tornado_png(&fig).unwrap(),
        "the same bytes every time"
    );
    let img = decode(&bytes);
    let f = tornado::frame(&fig);
    assert_eq!(img.0, CHART_WIDTH);
    let base = f.px(3.12).round() as u32;
    let row = |i: u32, k: u32| {
        let top = tornado::TOP + i * tornado::ROW + 5 + k * 11;
        top..top + 9
    };
    // Row 0: down (2.5 < base) is blue left of the base, up (3.6) orange right of it.
    assert!(count(&img, DOWN, row(0, 0), 0..base) > 100);
    assert_eq!(count(&img, DOWN, row(0, 0), base + 1..CHART_WIDTH), 0);
    let up_end = f.px(3.6).round() as u32;
    assert!(count(&img, UP, row(0, 1), base + 1..up_end) as u32 >= (up_end - base - 2) * 9);
    assert_eq!(count(&img, UP, row(0, 1), 0..base), 0);
    // Row 1: no step up, so no orange; row 2: the step down was refused, no blue.
    assert_eq!(count(&img, UP, row(1, 1), 0..CHART_WIDTH), 0);
    assert_eq!(count(&img, DOWN, row(2, 0), 0..CHART_WIDTH), 0);
    assert!(count(&img, UP, row(2, 1), base..CHART_WIDTH) > 0);
    // Bad input is refused.
    let bad = TornadoFigure {
        base: f64::NAN,
        ..fig
    };
    assert!(matches!(
        render_tornado_png(&bad),
        Err(RenderError::NotFinite(_))
    ));
    let many = vec![b[0]; tornado::MAX_BARS + 1];
    assert!(render_tornado_png(&TornadoFigure { bars: &many, ..fig }).is_err());
    // No rows at all still draws the frame and the base line.
    assert!(render_tornado_png(&TornadoFigure { bars: &[], ..fig }).is_ok());
}

#[test]
fn response_curves_draw_one_panel_per_figure_with_a_dot_per_value() {
    let xs = [2.0, 3.0, 4.0, 5.0];
    let a = [Some(1.0), Some(2.0), None, Some(4.0)];
    let b = [Some(0.5), Some(0.25), Some(0.125), Some(0.0)];
    let s = [
        CurveSeries {
            figure: "mean_walls",
            ys: &a,
        },
        CurveSeries {
            figure: "fallback_rate",
            ys: &b,
        },
        CurveSeries {
            figure: "mean_solving",
            ys: &b,
        },
    ];
    let fig = CurveFigure {
        title: "walls.count.max from 2 to 5",
        field: "walls.count.max",
        xs: &xs,
        series: &s,
    };
    let bytes = render_curves_png(&fig).unwrap();
    assert_eq!(bytes, render_curves_png(&fig).unwrap());
    let img = decode(&bytes);
    assert_eq!(
        img.1,
        curves::TOP + 2 * curves::PANEL_H + 16,
        "three panels make two rows"
    );
    for (k, series) in s.iter().enumerate() {
        let f = curves::panel(&fig, k);
        for (x, y) in xs.iter().zip(series.ys) {
            let (px, py) = (f.px(*x).round() as u32, y.map(|y| f.py(y).round() as u32));
            match py {
                Some(py) => assert_eq!(pixel(&img, px, py), rgb(POINT), "panel {k} at x {x}"),
                None => assert_eq!(
                    count(&img, POINT, f.top..f.top + f.h, px - 1..px + 2),
                    0,
                    "a refused point breaks the line"
                ),
            }
        }
    }
    let unordered = [3.0, 2.0, 4.0, 5.0];
    assert!(render_curves_png(&CurveFigure {
        xs: &unordered,
        ..fig
    })
    .is_err());
    assert!(
        render_curves_png(&CurveFigure {
            xs: &xs[..3],
            ..fig
        })
        .is_err(),
        "a y per x"
    );
    assert!(render_curves_png(&CurveFigure {
        xs: &[],
        series: &[],
        ..fig
    })
    .is_err());
}

#[test]
fn the_scatter_puts_each_rule_set_where_its_figures_are_and_marks_the_start() {
    let pts = [[3.0, 8.0], [4.5, 6.0], [2.0, 11.0]];
    let fig = ScatterFigure {
        title: "3 random rule sets",
        x_name: "mean_walls",
        y_name: "mean_solving",
        points: &pts,
        start: Some([3.12, 8.9]),
    };
    let bytes = render_scatter_png(&fig).unwrap();
    assert_eq!(bytes, render_scatter_png(&fig).unwrap());
    let img = decode(&bytes);
    let f = scatter::frame(&fig);
    for [x, y] in pts {
        assert_eq!(
            pixel(&img, f.px(x).round() as u32, f.py(y).round() as u32),
            rgb(POINT)
        );
    }
    assert_eq!(
        pixel(&img, f.px(3.12).round() as u32, f.py(8.9).round() as u32),
        rgb(UP)
    );
    let bad = [[1.0, f64::INFINITY]];
    assert!(render_scatter_png(&ScatterFigure {
        points: &bad,
        ..fig
    })
    .is_err());
}

#[test]
fn ticks_are_nice_numbers_inside_the_range() {
    assert_eq!(
        ticks(0.0, 1.0, 5).0,
        vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]
    );
    let (t, step) = ticks(2.87, 3.41, 5);
    assert_eq!(step, 0.2, "0.54 / 5 is above 0.1");
    assert!(t.iter().all(|v| (2.87..=3.41).contains(v)) && t.len() == 3);
    assert_eq!(fmt_tick(0.6000000000000001, 0.2), "0.6");
    assert_eq!(fmt_tick(200.0, 50.0), "200");
    assert_eq!(fmt_value(3.5), "3.5");
    assert_eq!(fmt_value(-0.00004), "-4e-5");
    assert_eq!(fmt_value(9e-10), "9e-10");
    assert_eq!(fmt_value(0.00004999), "4.999e-5");
    assert_eq!(fmt_value(-0.00001 + 0.00001), "0");
}
