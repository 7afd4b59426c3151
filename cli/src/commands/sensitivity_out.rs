//! What `contraption sensitivity` prints and writes: text, JSON, CSV and the
//! chart (PNG) of a tornado, a response curve or random rule sets.

use anyhow::Result;
use contraption::{FigureName, SeedRange, SideFigures, ValidRules};
use contraption_tune::{Point, Sensitivity, Vary};
use serde::Serialize;

use super::sensitivity::Args;
use crate::exit::Exit;
use crate::output::Out;
use crate::Ctx;

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

#[derive(Serialize)]
pub(super) struct TornadoOut<'a> {
    pub(super) rules_id: &'a str,
    pub(super) from: u64,
    pub(super) to: u64,
    pub(super) figure: &'static str,
    pub(super) tornado: Vec<&'a str>,
    #[serde(flatten)]
    pub(super) sensitivity: &'a Sensitivity,
}

#[derive(Serialize)]
pub(super) struct CurveOut<'a> {
    pub(super) rules_id: &'a str,
    pub(super) from: u64,
    pub(super) to: u64,
    pub(super) field: &'a Vary,
    pub(super) points: &'a [Point],
}

#[derive(Serialize)]
pub(super) struct RandomOut<'a> {
    pub(super) rules_id: &'a str,
    pub(super) from: u64,
    pub(super) to: u64,
    pub(super) sample_seed: u32,
    pub(super) vary: &'a [Vary],
    pub(super) x: &'static str,
    pub(super) y: &'static str,
    pub(super) start: &'a SideFigures,
    pub(super) points: &'a [Point],
}

#[allow(clippy::too_many_arguments)]
pub(super) fn tornado_out(
    ctx: &Ctx,
    out: &mut Out,
    args: &Args,
    start: &ValidRules,
    seeds: SeedRange,
    by: FigureName,
    s: &Sensitivity,
    label: &str,
) -> Result<Exit> {
    let order = s.tornado(by);
    if let Some(path) = &args.csv {
        let mut text = format!("field,value,side,stepped_value,rules_id,refused,{FIGURES_CSV}\n");
        text.push_str(&format!(
            ",,start,,{},,{}\n",
            start.id(),
            figures_csv(Some(&s.start))
        ));
        for &i in &order {
            let e = &s.fields[i];
            for (side, p) in [("down", &e.down), ("up", &e.up)] {
                if let Some(p) = p {
                    text.push_str(&format!(
                        "{},{},{side},{},{}\n",
                        e.field,
                        e.value,
                        p.values[0].value,
                        point_csv(p)
                    ));
                }
            }
        }
        ctx.write_output(path, text.as_bytes())?;
    }
    if let Some(path) = &args.png {
        let bars: Vec<contraption_render::TornadoBar> = order
            .iter()
            .map(|&i| {
                let e = &s.fields[i];
                let at = |p: &Option<Point>| p.as_ref().and_then(|p| p.figure(by));
                contraption_render::TornadoBar {
                    field: &e.field,
                    down_value: e.down.as_ref().map(|p| p.values[0].value),
                    up_value: e.up.as_ref().map(|p| p.values[0].value),
                    down: at(&e.down),
                    up: at(&e.up),
                }
            })
            .collect();
        let title = format!(
            "What each rule does to {} (seeds {seeds}, rules {label}, steps of {}%)",
            by.name(),
            s.step * 100.0
        );
        let png = contraption_render::render_tornado_png(&contraption_render::TornadoFigure {
            title: &title,
            figure: by.name(),
            base: by.of(&s.start),
            bars: &bars,
        })?;
        ctx.write_output(path, &png)?;
    }
    if ctx.json {
        let t = TornadoOut {
            rules_id: start.id(),
            from: seeds.from(),
            to: seeds.to(),
            figure: by.name(),
            tornado: order.iter().map(|&i| s.fields[i].field.as_str()).collect(),
            sensitivity: s,
        };
        out.json(&t)?;
        return Ok(Exit::Success);
    }
    let base = by.of(&s.start);
    let mut text = format!("what each rule does to {} (seeds {seeds}, rules {label}, steps of {}%): {base:.4} under the rules in force\n", by.name(), s.step * 100.0);
    text.push_str(&format!(
        "{:<34} {:>10}  {:<30} {:<30}\n",
        "field", "value", "step down: figure (change)", "step up: figure (change)"
    ));
    for &i in &order {
        let e = &s.fields[i];
        let side = |p: &Option<Point>| match p {
            None => "—".to_owned(),
            Some(p) => match p.figure(by) {
                Some(v) => format!("{}: {v:.4} ({:+.4})", p.values[0].value, v - base),
                None => format!("{}: refused", p.values[0].value),
            },
        };
        text.push_str(&format!(
            "{:<34} {:>10}  {:<30} {:<30}\n",
            e.field,
            e.value,
            side(&e.down),
            side(&e.up)
        ));
    }
    out.text(&text)?;
    Ok(Exit::Success)
}

#[allow(clippy::too_many_arguments)]
pub(super) fn curve_out(
    ctx: &Ctx,
    out: &mut Out,
    args: &Args,
    start: &ValidRules,
    seeds: SeedRange,
    f: &Vary,
    points: &[Point],
    label: &str,
) -> Result<Exit> {
    if let Some(path) = &args.csv {
        let mut text = format!("{},rules_id,refused,{FIGURES_CSV}\n", f.field);
        for p in points {
            text.push_str(&format!("{},{}\n", p.values[0].value, point_csv(p)));
        }
        ctx.write_output(path, text.as_bytes())?;
    }
    if let Some(path) = &args.png {
        let xs: Vec<f64> = points.iter().map(|p| p.values[0].value).collect();
        let ys: Vec<Vec<Option<f64>>> = FigureName::ALL
            .iter()
            .map(|n| points.iter().map(|p| p.figure(*n)).collect())
            .collect();
        let series: Vec<contraption_render::CurveSeries> = FigureName::ALL
            .iter()
            .zip(&ys)
            .map(|(n, ys)| contraption_render::CurveSeries {
                figure: n.name(),
                ys,
            })
            .collect();
        let title = format!(
            "{} from {} to {} (seeds {seeds}, rules {label})",
            f.field, f.lo, f.hi
        );
        let png = contraption_render::render_curves_png(&contraption_render::CurveFigure {
            title: &title,
            field: &f.field,
            xs: &xs,
            series: &series,
        })?;
        ctx.write_output(path, &png)?;
    }
    if ctx.json {
        out.json(&CurveOut {
            rules_id: start.id(),
            from: seeds.from(),
            to: seeds.to(),
            field: f,
            points,
        })?;
        return Ok(Exit::Success);
    }
    let mut text = format!(
        "{} over {} values (seeds {seeds}, rules {label})\n{:>12}",
        f.field,
        points.len(),
        "value"
    );
    for n in FigureName::ALL {
        text.push_str(&format!(" {:>17}", n.name()));
    }
    text.push('\n');
    for p in points {
        text.push_str(&format!("{:>12}", p.values[0].value));
        for n in FigureName::ALL {
            text.push_str(
                &p.figure(n)
                    .map_or_else(|| format!(" {:>17}", "refused"), |v| format!(" {v:>17.4}")),
            );
        }
        text.push('\n');
    }
    out.text(&text)?;
    Ok(Exit::Success)
}

pub(super) fn random_out(
    ctx: &Ctx,
    out: &mut Out,
    args: &Args,
    r: &RandomOut,
    x: FigureName,
    y: FigureName,
    label: &str,
) -> Result<Exit> {
    if let Some(path) = &args.csv {
        let fields: Vec<&str> = r.vary.iter().map(|v| v.field.as_str()).collect();
        let mut text = format!(
            "index,{},rules_id,refused,{FIGURES_CSV}\n",
            fields.join(",")
        );
        for (i, p) in r.points.iter().enumerate() {
            let vs: Vec<String> = p.values.iter().map(|v| v.value.to_string()).collect();
            text.push_str(&format!("{i},{},{}\n", vs.join(","), point_csv(p)));
        }
        ctx.write_output(path, text.as_bytes())?;
    }
    if let Some(path) = &args.png {
        let pts: Vec<[f64; 2]> = r
            .points
            .iter()
            .filter_map(|p| Some([p.figure(x)?, p.figure(y)?]))
            .collect();
        let title = format!(
            "{} random rule sets (seeds {}..{}, from rules {label})",
            r.points.len(),
            r.from,
            r.to
        );
        let png = contraption_render::render_scatter_png(&contraption_render::ScatterFigure {
            title: &title,
            x_name: x.name(),
            y_name: y.name(),
            points: &pts,
            start: Some([x.of(r.start), y.of(r.start)]),
        })?;
        ctx.write_output(path, &png)?;
    }
    if ctx.json {
        out.json(r)?;
        return Ok(Exit::Success);
    }
    let mut text = format!(
        "{} random rule sets (seeds {}..{}, from rules {label}): {} by {}\n",
        r.points.len(),
        r.from,
        r.to,
        x.name(),
        y.name()
    );
    text.push_str(&format!(
        "{:>6} {:>12} {:>12}  values\n",
        "",
        x.name(),
        y.name()
    ));
    text.push_str(&format!(
        "{:>6} {:>12.4} {:>12.4}  (the rules in force)\n",
        "start",
        x.of(r.start),
        y.of(r.start)
    ));
    for (i, p) in r.points.iter().enumerate() {
        let vs: Vec<String> = p
            .values
            .iter()
            .map(|v| format!("{}={}", v.field, v.value))
            .collect();
        match (p.figure(x), p.figure(y)) {
            (Some(a), Some(b)) => {
                text.push_str(&format!("{i:>6} {a:>12.4} {b:>12.4}  {}\n", vs.join(" ")))
            }
            _ => text.push_str(&format!(
                "{i:>6} {:>12} {:>12}  {}\n",
                "refused",
                "",
                vs.join(" ")
            )),
        }
    }
    out.text(&text)?;
    Ok(Exit::Success)
}
