//! The expressive range figure's colours, cells and picture.

use super::*;
use contraption::expressive_range::Metric;
use contraption::{summarize, Rules, ValidRules};

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(bytes);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    assert_eq!(info.color_type, png::ColorType::Rgba);
    (info.width, info.height, buf)
}

#[test]
fn colours_run_from_low_to_high_and_zero_is_neutral() {
    assert_eq!(count_rgb(0, 9), rgb(range_palette::EMPTY));
    assert_eq!(count_rgb(1, 9), rgb(range_palette::COUNT_LO));
    assert_eq!(count_rgb(9, 9), rgb(range_palette::COUNT_HI));
    assert_eq!(count_rgb(1, 1), rgb(range_palette::COUNT_HI));
    assert_eq!(diff_rgb(0, 4, true), rgb(range_palette::NEUTRAL));
    assert_eq!(diff_rgb(0, 4, false), rgb(range_palette::EMPTY));
    assert_eq!(diff_rgb(4, 4, true), rgb(range_palette::MORE));
    assert_eq!(diff_rgb(-4, 4, true), rgb(range_palette::FEWER));
    // Halfway: each channel halfway, rounded.
    assert_eq!(count_rgb(5, 9), [0x3a, 0x8c, 0x85]);
}

#[test]
fn every_cell_has_the_colour_of_its_count() {
    let a = ValidRules::default();
    let mut capped = Rules::default();
    capped.generator.max_attempts = 1;
    let b = ValidRules::new(capped).unwrap();
    let mut counts = RangeCounts::new(Metric::Walls, Metric::Ramps, a.rules(), b.rules());
    for s in 0..60 {
        counts.add(&summarize(&a, s), &summarize(&b, s));
    }
    let fig = RangeFigure {
        counts: &counts,
        a_name: "v1",
        b_name: "one attempt",
        from: 0,
        to: 60,
    };
    let bytes = render_range_png(&fig).unwrap();
    assert_eq!(bytes, render_range_png(&fig).unwrap(), "deterministic");
    let (w, h, px) = decode(&bytes);
    assert_eq!((w, h), (layout::WIDTH, layout::HEIGHT));
    let at = |x: u32, y: u32| {
        let k = ((y * w + x) * 4) as usize;
        [px[k], px[k + 1], px[k + 2]]
    };
    let g = counts.grid();
    let (nx, ny) = (g.x_bins.len(), g.y_bins.len());
    // The axes fitted to the values seen: walls 1..=5 (none of these seeds has
    // none), ramps 1..=2.
    assert_eq!((g.x_bins[0].lo, g.x_bins[nx - 1].hi), (1, 5));
    assert_eq!((nx, ny), (5, 2));
    for j in 0..ny {
        for i in 0..nx {
            let k = j * nx + i;
            let want = [
                count_rgb(g.a[k], g.max_count()),
                count_rgb(g.b[k], g.max_count()),
                diff_rgb(g.diff[k], g.max_diff(), g.a[k] + g.b[k] > 0),
            ];
            for (p, want) in want.iter().enumerate() {
                let [x0, y0, x1, y1] = cell_rect(p as u32, i, j, nx, ny);
                // The cell's centre and a corner.
                assert_eq!(
                    at((x0 + x1) / 2, (y0 + y1) / 2),
                    *want,
                    "panel {p} cell {i},{j}"
                );
                assert_eq!(at(x0 + 1, y1 - 2), *want, "panel {p} cell {i},{j}");
            }
        }
    }
    // Some cell is full and the difference is not all zero.
    assert!(g.diff.iter().any(|&d| d != 0));
}

#[test]
fn no_solving_placement_is_a_column_of_its_own() {
    // One attempt: many seeds ship a level no sweep placement solves.
    let a = ValidRules::default();
    let mut capped = Rules::default();
    capped.generator.max_attempts = 1;
    let b = ValidRules::new(capped).unwrap();
    let mut counts = RangeCounts::new(Metric::Solving, Metric::Walls, a.rules(), b.rules());
    let sums: Vec<_> = (0..60)
        .map(|s| (summarize(&a, s), summarize(&b, s)))
        .collect();
    for (x, y) in &sums {
        counts.add(x, y);
    }
    let g = counts.grid();
    let (nx, ny) = (g.x_bins.len(), g.y_bins.len());
    assert_eq!(g.x_bins[0], Bin { lo: 0, hi: 0 });
    assert_eq!(g.x_bins[1].lo, 1);
    assert!(g.x_bins[1].hi > 1, "a wide axis: {:?}", g.x_bins);
    // The first column holds the seeds of B with no solving placement, and
    // only those; the second those with 1 to its end.
    let column = |i: usize| (0..ny).map(|j| g.b[j * nx + i]).sum::<u64>();
    let of_b = |lo: u32, hi: u32| {
        sums.iter()
            .filter(|(_, y)| (lo..=hi).contains(&y.solving))
            .count() as u64
    };
    assert!(of_b(0, 0) > 0 && of_b(1, 1) > 0);
    assert_eq!(column(0), of_b(0, 0));
    assert_eq!(column(1), of_b(1, g.x_bins[1].hi));
    // The picture paints those columns from the same bins.
    let fig = RangeFigure {
        counts: &counts,
        a_name: "v1",
        b_name: "one attempt",
        from: 0,
        to: 60,
    };
    let (w, _, px) = decode(&render_range_png(&fig).unwrap());
    let at = |x: u32, y: u32| {
        let k = ((y * w + x) * 4) as usize;
        [px[k], px[k + 1], px[k + 2]]
    };
    for i in [0, 1] {
        for j in 0..ny {
            let [x0, y0, x1, y1] = cell_rect(1, i, j, nx, ny);
            assert_eq!(
                at((x0 + x1) / 2, (y0 + y1) / 2),
                count_rgb(g.b[j * nx + i], g.max_count()),
                "B cell {i},{j}"
            );
        }
    }
}

#[test]
fn cells_tile_the_plot() {
    for (nx, ny) in [(1, 1), (21, 20), (24, 24), (6, 2)] {
        let first = cell_rect(1, 0, 0, nx, ny);
        let last = cell_rect(1, nx - 1, ny - 1, nx, ny);
        assert_eq!(first[0], layout::plot_left(1));
        assert_eq!(first[3], layout::PLOT_TOP + layout::PLOT_H);
        assert_eq!(last[2], layout::plot_left(1) + layout::PLOT_W);
        assert_eq!(last[1], layout::PLOT_TOP);
    }
}
