//! What each rule does, saved: the tornado, the response curves and the random
//! rule sets as PNG (the render crate's charts, drawn from the same data and
//! titles as `contraption sensitivity --png`) and as CSV (one row per rule set,
//! the columns `contraption sensitivity --csv` writes).

use std::path::Path;

use contraption::{FigureName, SideFigures};
use contraption_render::{
    render_curves_png, render_scatter_png, render_tornado_png, CurveFigure, CurveSeries,
    ScatterFigure, TornadoBar, TornadoFigure,
};
use contraption_tune::Point;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::run::lock;
use super::{Result, TuneSession, TuneViewError, WhatResult};
use crate::exchange::WrittenFile;

/// Which chart of the last sensitivity runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WhatChart {
    /// The last tornado, ordered by (and showing) `figure`.
    Tornado { figure: FigureName },
    /// The last response curve (every figure, small multiples).
    Curve,
    /// The last random rule sets on `x` and `y`.
    Random { x: FigureName, y: FigureName },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ChartFormat {
    Png,
    Csv,
}

impl WhatChart {
    /// The file name a save dialog proposes.
    pub fn file_name(self, format: ChartFormat) -> String {
        let ext = match format {
            ChartFormat::Png => "png",
            ChartFormat::Csv => "csv",
        };
        match self {
            WhatChart::Tornado { figure } => format!("contraption-tornado-{}.{ext}", figure.name()),
            WhatChart::Curve => format!("contraption-curve.{ext}"),
            WhatChart::Random { x, y } => {
                format!("contraption-random-{}-{}.{ext}", x.name(), y.name())
            }
        }
    }
}

const FIGURES_CSV: &str = "fallback_rate,pre_solved_share,no_solution_share,mean_attempts,mean_solving,mean_walls,mean_ramps,mean_fans,mean_bumpers,mean_gears";

fn figures_csv(f: Option<&SideFigures>) -> String {
    let v: Vec<String> = FigureName::ALL
        .iter()
        .map(|n| f.map(|f| n.of(f).to_string()).unwrap_or_default())
        .collect();
    v.join(",")
}

fn csv_text(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

fn point_csv(p: &Point) -> String {
    format!(
        "{},{},{}",
        p.rules_id,
        csv_text(p.refused.as_deref().unwrap_or("")),
        figures_csv(p.figures.as_ref())
    )
}

fn drawn(r: std::result::Result<Vec<u8>, contraption_render::RenderError>) -> Result<Vec<u8>> {
    r.map_err(|e| TuneViewError::ChartFailed {
        message: e.to_string(),
    })
}

/// The bytes of `chart` as `format`, from the last run of its kind.
pub fn chart_bytes(
    session: &TuneSession,
    chart: WhatChart,
    format: ChartFormat,
) -> Result<Vec<u8>> {
    let kept = lock(&session.what);
    let (result, name) = match chart {
        WhatChart::Tornado { .. } => (&kept.tornado, "tornado chart"),
        WhatChart::Curve => (&kept.curve, "response curve"),
        WhatChart::Random { .. } => (&kept.random, "random rule sets"),
    };
    let none = || TuneViewError::NoChart { chart: name.into() };
    let result = result.as_ref().ok_or_else(none)?;
    let csv = format == ChartFormat::Csv;
    match (chart, result) {
        (
            WhatChart::Tornado { figure },
            WhatResult::Tornado {
                rules_id,
                rules_name,
                seeds,
                sensitivity: s,
                ..
            },
        ) => {
            let order = s.tornado(figure);
            if csv {
                let mut text =
                    format!("field,value,side,stepped_value,rules_id,refused,{FIGURES_CSV}\n");
                text.push_str(&format!(
                    ",,start,,{rules_id},,{}\n",
                    figures_csv(Some(&s.start))
                ));
                for &i in &order {
                    let e = &s.fields[i];
                    for (side, p) in [("down", &e.down), ("up", &e.up)] {
                        if let Some(p) = p {
                            let v = p.values[0].value;
                            text.push_str(&format!(
                                "{},{},{side},{v},{}\n",
                                e.field,
                                e.value,
                                point_csv(p)
                            ));
                        }
                    }
                }
                return Ok(text.into_bytes());
            }
            let at = |p: &Option<Point>| p.as_ref().and_then(|p| p.figure(figure));
            let bars: Vec<TornadoBar> = order
                .iter()
                .map(|&i| {
                    let e = &s.fields[i];
                    TornadoBar {
                        field: &e.field,
                        down_value: e.down.as_ref().map(|p| p.values[0].value),
                        up_value: e.up.as_ref().map(|p| p.values[0].value),
                        down: at(&e.down),
                        up: at(&e.up),
                    }
                })
                .collect();
            let title = format!(
                "What each rule does to {} (seeds {}..{}, rules {rules_name}, steps of {}%)",
                figure.name(),
                seeds.from,
                seeds.to,
                s.step * 100.0
            );
            drawn(render_tornado_png(&TornadoFigure {
                title: &title,
                figure: figure.name(),
                base: figure.of(&s.start),
                bars: &bars,
            }))
        }
        (
            WhatChart::Curve,
            WhatResult::Curve {
                rules_name,
                seeds,
                field: f,
                points,
                ..
            },
        ) => {
            if csv {
                let mut text = format!("{},rules_id,refused,{FIGURES_CSV}\n", f.field);
                for p in points {
                    text.push_str(&format!("{},{}\n", p.values[0].value, point_csv(p)));
                }
                return Ok(text.into_bytes());
            }
            let xs: Vec<f64> = points.iter().map(|p| p.values[0].value).collect();
            let ys: Vec<Vec<Option<f64>>> = FigureName::ALL
                .iter()
                .map(|n| points.iter().map(|p| p.figure(*n)).collect())
                .collect();
            let series: Vec<CurveSeries> = FigureName::ALL
                .iter()
                .zip(&ys)
                .map(|(n, ys)| CurveSeries {
                    figure: n.name(),
                    ys,
                })
                .collect();
            let title = format!(
                "{} from {} to {} (seeds {}..{}, rules {rules_name})",
                f.field, f.lo, f.hi, seeds.from, seeds.to
            );
            drawn(render_curves_png(&CurveFigure {
                title: &title,
                field: &f.field,
                xs: &xs,
                series: &series,
            }))
        }
        (
            WhatChart::Random { x, y },
            WhatResult::Random {
                rules_name,
                seeds,
                vary,
                start,
                points,
                ..
            },
        ) => {
            if csv {
                let fields: Vec<&str> = vary.iter().map(|v| v.field.as_str()).collect();
                let mut text = format!(
                    "index,{},rules_id,refused,{FIGURES_CSV}\n",
                    fields.join(",")
                );
                for (i, p) in points.iter().enumerate() {
                    let vs: Vec<String> = p.values.iter().map(|v| v.value.to_string()).collect();
                    text.push_str(&format!("{i},{},{}\n", vs.join(","), point_csv(p)));
                }
                return Ok(text.into_bytes());
            }
            let pts: Vec<[f64; 2]> = points
                .iter()
                .filter_map(|p| Some([p.figure(x)?, p.figure(y)?]))
                .collect();
            let title = format!(
                "{} random rule sets (seeds {}..{}, from rules {rules_name})",
                points.len(),
                seeds.from,
                seeds.to
            );
            drawn(render_scatter_png(&ScatterFigure {
                title: &title,
                x_name: x.name(),
                y_name: y.name(),
                points: &pts,
                start: Some([x.of(start), y.of(start)]),
            }))
        }
        _ => Err(none()),
    }
}

/// Writes `chart` as `format` to `path` (atomically).
pub fn write_chart(
    session: &TuneSession,
    chart: WhatChart,
    format: ChartFormat,
    path: &Path,
) -> Result<WrittenFile> {
    let bytes = chart_bytes(session, chart, format)?;
    crate::files::write(path, &bytes)?;
    Ok(WrittenFile {
        path: path.display().to_string(),
        bytes: bytes.len() as u32,
    })
}
