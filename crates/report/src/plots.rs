//! The report's charts, drawn with `plotters` into SVG strings that the page holds inline.
//!
//! Every chart has a title, axis titles with units and a legend beside the plot (never over the
//! data); colours are the Okabe–Ito palette (told apart with colour blindness, and in greys in
//! print), on white. Text is left to the browser's `sans-serif`: the SVG backend needs no fonts.

use crate::stats::{Bins, Proportion, Summary};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A chart as SVG text, or why it could not be drawn.
pub type Plot = Result<String, String>;

/// The Okabe–Ito colours, blue first.
pub const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(240, 228, 66),
    RGBColor(0, 0, 0),
];

/// Neutral grey (draws, reference lines).
pub const GREY: RGBColor = RGBColor(153, 153, 153);

const WIDTH: u32 = 800;
const HEIGHT: u32 = 420;
const LEGEND_WIDTH: u32 = 210;
const TITLE_HEIGHT: u32 = 44;
const FONT: &str = "sans-serif";
const TITLE_SIZE: u32 = 24;
const LABEL_SIZE: u32 = 17;
const DESC_SIZE: u32 = 18;
const LEGEND_SIZE: u32 = 16;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

fn fail<E: std::fmt::Debug>(e: E) -> String {
    format!("the chart could not be drawn: {e:?}")
}

/// The colour of series `i`.
pub fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// How a legend line shows its series.
#[derive(Debug, Clone, Copy)]
pub enum Mark {
    /// A filled box (bars).
    Bar(RGBColor),
    /// A line.
    Line(RGBColor),
    /// A dashed line.
    Dashed(RGBColor),
    /// An interval's whisker.
    Whisker,
    /// A dot.
    Dot(RGBColor),
}

/// A number for an axis: whole numbers without decimals, others with as few as they need.
pub fn tick(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{:.0}", v)
    } else if (v * 10.0 - (v * 10.0).round()).abs() < 1e-9 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// A chart of `size`: its title on top, the legend in a column on the right (if any), and the
/// plot drawn by `draw` in the rest; the SVG gets the title as its accessible name.
fn framed(
    title: &str,
    size: (u32, u32),
    legend: &[(String, Mark)],
    draw: impl FnOnce(&Area) -> Result<(), String>,
) -> Plot {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        root.fill(&WHITE).map_err(fail)?;
        let (head, body) = root.split_vertically(TITLE_HEIGHT);
        head.draw(&Text::new(
            title.to_string(),
            (size.0 as i32 / 2, 12),
            TextStyle::from((FONT, TITLE_SIZE).into_font()).pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(fail)?;
        if legend.is_empty() {
            draw(&body)?;
        } else {
            let (plot, side) = body.split_horizontally(size.0 - LEGEND_WIDTH);
            draw(&plot)?;
            draw_legend(&side, legend)?;
        }
        root.present().map_err(fail)?;
    }
    let label = title.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;");
    Ok(text.replacen("<svg ", &format!("<svg role=\"img\" aria-label=\"{label}\" "), 1))
}

/// The legend: a mark and a name per line, from the top.
fn draw_legend(area: &Area, entries: &[(String, Mark)]) -> Result<(), String> {
    let style = TextStyle::from((FONT, LEGEND_SIZE).into_font())
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center));
    for (i, (name, mark)) in entries.iter().enumerate() {
        let y = 24 + 26 * i as i32;
        let (x0, x1) = (8, 30);
        match *mark {
            Mark::Bar(c) => area.draw(&Rectangle::new([(x0 + 3, y - 7), (x1 - 3, y + 7)], c.filled())),
            Mark::Line(c) => area.draw(&PathElement::new(vec![(x0, y), (x1, y)], c.stroke_width(3))),
            Mark::Dashed(c) => {
                area.draw(&PathElement::new(vec![(x0, y), (x0 + 8, y)], c.stroke_width(2)))
                    .map_err(fail)?;
                area.draw(&PathElement::new(vec![(x1 - 8, y), (x1, y)], c.stroke_width(2)))
            }
            Mark::Whisker => {
                area.draw(&PathElement::new(vec![(19, y - 8), (19, y + 8)], BLACK.stroke_width(2)))
                    .map_err(fail)?;
                area.draw(&PathElement::new(vec![(14, y - 8), (24, y - 8)], BLACK.stroke_width(2)))
                    .map_err(fail)?;
                area.draw(&PathElement::new(vec![(14, y + 8), (24, y + 8)], BLACK.stroke_width(2)))
            }
            Mark::Dot(c) => area.draw(&Circle::new((19, y), 6, c.filled())),
        }
        .map_err(fail)?;
        area.draw(&Text::new(name.clone(), (x1 + 8, y), style.clone()))
            .map_err(fail)?;
    }
    Ok(())
}

/// The label of a category axis tick at `v` (categories sit at 0, 1, 2, …).
fn category(labels: &[String], v: f64) -> String {
    let i = v.round();
    if (v - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len() {
        labels[i as usize].clone()
    } else {
        String::new()
    }
}

/// A category axis: categories at 0, 1, 2, … (asked for `k` labels, plotters puts its ticks on
/// the whole numbers of this range; [`category`] names them).
fn categories_axis(k: usize) -> std::ops::Range<f64> {
    -0.5..k.max(1) as f64 - 0.5
}

/// The value axis of a chart over categories: its range, the width of its label area, and how
/// many labels it has (`None`: plotters' choice).
struct ValueAxis {
    range: std::ops::Range<f64>,
    label_area: u32,
    labels: Option<usize>,
}

impl ValueAxis {
    /// Percentages, 0–100, labelled every 10.
    fn percent() -> ValueAxis {
        ValueAxis {
            range: 0.0..100.0,
            label_area: 64,
            labels: Some(11),
        }
    }
}

/// A chart over categories with its axes drawn: the frame shared by [`proportion_bars`],
/// [`stacked_shares`] and [`mean_points`].
fn category_chart<'a, 'b>(
    area: &'a Area<'b>,
    categories: &[String],
    values: ValueAxis,
    x_desc: &str,
    y_desc: &str,
) -> Result<
    ChartContext<
        'a,
        SVGBackend<'b>,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    String,
> {
    let k = categories.len();
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .x_label_area_size(56)
        .y_label_area_size(values.label_area)
        .build_cartesian_2d(categories_axis(k), values.range)
        .map_err(fail)?;
    let x_label = |v: &f64| category(categories, *v);
    let y_label = |v: &f64| tick(*v);
    let mut mesh = chart.configure_mesh();
    mesh.disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .x_labels(k)
        .x_label_formatter(&x_label);
    if let Some(labels) = values.labels {
        mesh.y_labels(labels);
    }
    mesh.y_label_formatter(&y_label)
        .x_desc(x_desc)
        .y_desc(y_desc)
        .label_style((FONT, LABEL_SIZE))
        .axis_desc_style((FONT, DESC_SIZE))
        .draw()
        .map_err(fail)?;
    Ok(chart)
}

/// An interval's whisker at `x` (in data units, `half` wide) from `low` to `high`.
fn whisker(x: f64, half: f64, low: f64, high: f64) -> Vec<PathElement<(f64, f64)>> {
    let style = BLACK.stroke_width(2);
    vec![
        PathElement::new(vec![(x, low), (x, high)], style),
        PathElement::new(vec![(x - half, low), (x + half, low)], style),
        PathElement::new(vec![(x - half, high), (x + half, high)], style),
    ]
}

/// Percentages with a Wilson interval per category, as bars with whiskers, and a dashed line at
/// `reference` (a share in 0..1) if given.
pub fn proportion_bars(
    title: &str,
    categories: &[String],
    values: &[Proportion],
    x_desc: &str,
    y_desc: &str,
    reference: Option<f64>,
) -> Plot {
    let mut legend = vec![
        ("estimate".to_string(), Mark::Bar(colour(0))),
        ("95% Wilson interval".to_string(), Mark::Whisker),
    ];
    if let Some(r) = reference {
        legend.push((format!("{:.0}%: no advantage", r * 100.0), Mark::Dashed(GREY)));
    }
    framed(title, (WIDTH, HEIGHT), &legend, |area| {
        let k = categories.len();
        let mut chart = category_chart(area, categories, ValueAxis::percent(), x_desc, y_desc)?;
        chart
            .draw_series(values.iter().enumerate().map(|(i, p)| {
                let x = i as f64;
                Rectangle::new([(x - 0.3, 0.0), (x + 0.3, p.p * 100.0)], colour(0).filled())
            }))
            .map_err(fail)?;
        chart
            .draw_series(
                values
                    .iter()
                    .enumerate()
                    .flat_map(|(i, p)| whisker(i as f64, 0.06, p.low * 100.0, p.high * 100.0)),
            )
            .map_err(fail)?;
        if let Some(r) = reference {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(-0.5, r * 100.0), (k as f64 - 0.5, r * 100.0)],
                    8,
                    6,
                    GREY.stroke_width(2),
                ))
                .map_err(fail)?;
        }
        Ok(())
    })
}

/// Shares per category stacked to 100%: `series` are (name, colour, share of each category),
/// bottom first.
pub fn stacked_shares(
    title: &str,
    categories: &[String],
    series: &[(String, RGBColor, Vec<f64>)],
    x_desc: &str,
    y_desc: &str,
) -> Plot {
    // The legend lists the series top first, as they stack.
    let legend: Vec<(String, Mark)> = series
        .iter()
        .rev()
        .map(|(n, c, _)| (n.clone(), Mark::Bar(*c)))
        .collect();
    framed(title, (WIDTH, HEIGHT), &legend, |area| {
        let k = categories.len();
        let mut chart = category_chart(area, categories, ValueAxis::percent(), x_desc, y_desc)?;
        let mut bottoms = vec![0.0; k];
        for (_, c, shares) in series {
            chart
                .draw_series(shares.iter().enumerate().map(|(i, s)| {
                    let x = i as f64;
                    let (y0, y1) = (bottoms[i], bottoms[i] + s * 100.0);
                    bottoms[i] = y1;
                    Rectangle::new([(x - 0.32, y0), (x + 0.32, y1)], c.filled())
                }))
                .map_err(fail)?;
        }
        Ok(())
    })
}

/// Small multiples: one panel per row, each drawn by `draw(i, area, is_last)`, under one title
/// and beside one legend.
fn panels(
    title: &str,
    rows: usize,
    row_height: u32,
    legend: &[(String, Mark)],
    mut draw: impl FnMut(usize, &Area, bool) -> Result<(), String>,
) -> Plot {
    let height = TITLE_HEIGHT + 40 + row_height * rows.max(1) as u32;
    framed(title, (WIDTH, height), legend, |area| {
        let (body, _) = area.split_vertically(height - TITLE_HEIGHT - 4);
        let parts = body.split_evenly((rows.max(1), 1));
        for (i, part) in parts.iter().enumerate().take(rows) {
            draw(i, part, i + 1 == rows)?;
        }
        Ok(())
    })
}

/// One histogram per row (`rows`: name and bins), each on its own plies axis, with the share of
/// that row's games per bin.
pub fn histograms(title: &str, rows: &[(String, Bins)], x_desc: &str, y_desc: &str) -> Plot {
    let legend: Vec<(String, Mark)> = rows
        .iter()
        .enumerate()
        .map(|(i, (name, bins))| {
            (
                format!("{name} (n = {})", bins.counts.iter().sum::<u32>()),
                Mark::Bar(colour(i)),
            )
        })
        .collect();
    panels(title, rows.len(), 180, &legend, |r, panel, last| {
        let (name, bins) = &rows[r];
        let total: u32 = bins.counts.iter().sum();
        let shares: Vec<f64> = bins
            .counts
            .iter()
            .map(|&c| {
                if total == 0 {
                    0.0
                } else {
                    100.0 * f64::from(c) / f64::from(total)
                }
            })
            .collect();
        let top = shares.iter().copied().fold(0.0, f64::max).max(1.0) * 1.1;
        // Bins of one ply are centred on their ply.
        let shift = if bins.width == 1 { 0.5 } else { 0.0 };
        let x_max = f64::from(bins.start + bins.width * bins.counts.len() as u32).max(1.0) - shift;
        let mut chart = ChartBuilder::on(panel)
            .margin_left(12)
            .margin_right(16)
            .margin_top(8)
            .x_label_area_size(if last { 62 } else { 44 })
            .y_label_area_size(64)
            .build_cartesian_2d(-shift..x_max, 0.0..top)
            .map_err(fail)?;
        let desc = if last {
            format!("{x_desc} · {name}, bins of {}", bins.width)
        } else {
            format!("{name}, bins of {}", bins.width)
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(TRANSPARENT)
            .y_labels(4)
            .y_label_formatter(&|v| tick(*v))
            .x_label_formatter(&|v| tick(*v))
            .x_desc(desc)
            .y_desc(y_desc)
            .label_style((FONT, LABEL_SIZE - 1))
            .axis_desc_style((FONT, LABEL_SIZE - 1))
            .draw()
            .map_err(fail)?;
        let c = colour(r);
        chart
            .draw_series(shares.iter().enumerate().map(|(i, &s)| {
                let x0 = f64::from(bins.start + bins.width * i as u32) - shift;
                Rectangle::new([(x0, 0.0), (x0 + f64::from(bins.width), s)], c.filled())
            }))
            .map_err(fail)?;
        Ok(())
    })
}

/// A point of a line with a band: `(x, mean, low, high)`.
pub type BandPoint = (f64, f64, f64, f64);

/// One panel per series, each on its own ply axis: a line of means with a band between two
/// quantiles; `series` are a name and points `(ply, mean, low, high)`.
pub fn lines_with_bands(title: &str, series: &[(String, Vec<BandPoint>)], x_desc: &str, y_desc: &str) -> Plot {
    let mut legend: Vec<(String, Mark)> = series
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (format!("{name}: mean"), Mark::Line(colour(i))))
        .collect();
    legend.push(("10th–90th percentile".into(), Mark::Bar(RGBColor(205, 205, 205))));
    panels(title, series.len(), 200, &legend, |r, panel, last| {
        let (name, points) = &series[r];
        let x_max = points.iter().map(|q| q.0).fold(1.0, f64::max);
        let y_max = points.iter().map(|q| q.3.max(q.1)).fold(1.0, f64::max) * 1.1;
        let mut chart = ChartBuilder::on(panel)
            .margin_left(12)
            .margin_right(16)
            .margin_top(8)
            .x_label_area_size(if last { 62 } else { 44 })
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..x_max, 0.0..y_max)
            .map_err(fail)?;
        chart
            .configure_mesh()
            .light_line_style(TRANSPARENT)
            .y_labels(5)
            .x_label_formatter(&|v| tick(*v))
            .y_label_formatter(&|v| tick(*v))
            .x_desc(if last {
                format!("{x_desc} · {name}")
            } else {
                name.clone()
            })
            .y_desc(y_desc)
            .label_style((FONT, LABEL_SIZE - 1))
            .axis_desc_style((FONT, LABEL_SIZE - 1))
            .draw()
            .map_err(fail)?;
        let c = colour(r);
        if points.len() > 1 {
            let band: Vec<(f64, f64)> = points
                .iter()
                .map(|p| (p.0, p.3))
                .chain(points.iter().rev().map(|p| (p.0, p.2)))
                .collect();
            chart
                .draw_series(std::iter::once(Polygon::new(band, c.mix(0.18).filled())))
                .map_err(fail)?;
        }
        chart
            .draw_series(LineSeries::new(points.iter().map(|p| (p.0, p.1)), c.stroke_width(2)))
            .map_err(fail)?;
        if points.len() == 1 {
            chart
                .draw_series(std::iter::once(Circle::new((points[0].0, points[0].1), 4, c.filled())))
                .map_err(fail)?;
        }
        Ok(())
    })
}

/// Means with their 95% intervals per category, as dots with whiskers; intervals are cut at
/// `floor` (a count or share cannot go below 0).
pub fn mean_points(
    title: &str,
    categories: &[String],
    values: &[Summary],
    x_desc: &str,
    y_desc: &str,
    floor: f64,
) -> Plot {
    let legend = vec![
        ("mean".to_string(), Mark::Dot(colour(0))),
        ("95% interval of the mean".to_string(), Mark::Whisker),
    ];
    framed(title, (WIDTH, HEIGHT), &legend, |area| {
        let top = values.iter().map(|s| s.high.max(s.mean)).fold(0.0, f64::max);
        let top = if top > 0.0 { top * 1.1 } else { 1.0 };
        let axis = ValueAxis {
            range: floor..top,
            label_area: 70,
            labels: None,
        };
        let mut chart = category_chart(area, categories, axis, x_desc, y_desc)?;
        chart
            .draw_series(
                values
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.n > 1)
                    .flat_map(|(i, s)| whisker(i as f64, 0.06, s.low.max(floor), s.high)),
            )
            .map_err(fail)?;
        chart
            .draw_series(
                values
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.n > 0)
                    .map(|(i, s)| Circle::new((i as f64, s.mean), 6, colour(0).filled())),
            )
            .map_err(fail)?;
        Ok(())
    })
}

/// Points on logarithmic axes (both at least 1), with the diagonal `y = x`.
pub fn log_scatter(title: &str, points: &[(f64, f64)], x_desc: &str, y_desc: &str, label: &str) -> Plot {
    let legend = vec![
        (label.to_string(), Mark::Dot(colour(0))),
        ("one sequence per turn".to_string(), Mark::Dashed(GREY)),
    ];
    framed(title, (WIDTH, HEIGHT), &legend, |area| {
        let x_max = points.iter().map(|p| p.0).fold(10.0, f64::max) * 2.0;
        let y_max = points.iter().map(|p| p.1).fold(10.0, f64::max) * 2.0;
        let mut chart = ChartBuilder::on(area)
            .margin(12)
            .x_label_area_size(56)
            .y_label_area_size(84)
            .build_cartesian_2d((1.0..x_max).log_scale(), (1.0..y_max).log_scale())
            .map_err(fail)?;
        chart
            .configure_mesh()
            .light_line_style(TRANSPARENT)
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_label_formatter(&|v| tick(*v))
            .y_label_formatter(&|v| tick(*v))
            .label_style((FONT, LABEL_SIZE))
            .axis_desc_style((FONT, DESC_SIZE))
            .draw()
            .map_err(fail)?;
        let top = x_max.min(y_max);
        chart
            .draw_series(DashedLineSeries::new(
                vec![(1.0, 1.0), (top, top)],
                8,
                6,
                GREY.stroke_width(2),
            ))
            .map_err(fail)?;
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&(x, y)| Circle::new((x.max(1.0), y.max(1.0)), 5, colour(0).mix(0.8).filled())),
            )
            .map_err(fail)?;
        Ok(())
    })
}

/// Horizontal bars, grouped: one group per category (top to bottom), one bar per series in it.
pub fn grouped_bars(title: &str, categories: &[String], series: &[(String, Vec<f64>)], x_desc: &str) -> Plot {
    let k = categories.len().max(1);
    let s = series.len().max(1);
    let height = (TITLE_HEIGHT as usize + 70 + k * (14 * s + 18)).max(240) as u32;
    let legend: Vec<(String, Mark)> = series
        .iter()
        .enumerate()
        .map(|(j, (name, _))| (name.clone(), Mark::Bar(colour(j))))
        .collect();
    framed(title, (WIDTH, height), &legend, |area| {
        let x_max = series.iter().flat_map(|(_, v)| v.iter().copied()).fold(0.0, f64::max);
        let x_max = if x_max > 0.0 { x_max * 1.1 } else { 1.0 };
        let label_width = categories.iter().map(|c| c.len()).max().unwrap_or(4) as u32 * 8 + 20;
        // Categories from the top: category 0 at y = k − 1.
        let names: Vec<String> = categories.iter().rev().cloned().collect();
        let mut chart = ChartBuilder::on(area)
            .margin(12)
            .x_label_area_size(56)
            .y_label_area_size(label_width.clamp(60, 300))
            .build_cartesian_2d(0.0..x_max, categories_axis(k))
            .map_err(fail)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(TRANSPARENT)
            .y_labels(k)
            .y_label_formatter(&|v| category(&names, *v))
            .x_label_formatter(&|v| tick(*v))
            .x_desc(x_desc)
            .label_style((FONT, LABEL_SIZE - 1))
            .axis_desc_style((FONT, DESC_SIZE))
            .draw()
            .map_err(fail)?;
        let band = 0.8 / s as f64;
        for (j, (_, values)) in series.iter().enumerate() {
            let c = colour(j);
            chart
                .draw_series(values.iter().enumerate().map(|(i, &v)| {
                    let top = (k - 1 - i) as f64 + 0.4 - band * j as f64;
                    Rectangle::new([(0.0, top - band * 0.85), (v, top)], c.filled())
                }))
                .map_err(fail)?;
        }
        Ok(())
    })
}

/// Lines with a dot at each point, one per series (`name`, points `(x, y)`), on one linear
/// plot whose y axis starts at 0: a training curve's losses by epoch, for one.
pub fn lines(title: &str, series: &[(String, Vec<(f64, f64)>)], x_desc: &str, y_desc: &str) -> Plot {
    let legend: Vec<(String, Mark)> = series
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (name.clone(), Mark::Line(colour(i))))
        .collect();
    framed(title, (WIDTH, HEIGHT), &legend, |area| {
        let points = || series.iter().flat_map(|(_, p)| p.iter());
        let x_min = points().map(|p| p.0).fold(f64::INFINITY, f64::min).min(0.0);
        let x_max = points().map(|p| p.0).fold(x_min + 1.0, f64::max);
        let y_max = points().map(|p| p.1).filter(|y| y.is_finite()).fold(0.0, f64::max) * 1.1;
        let y_max = if y_max > 0.0 { y_max } else { 1.0 };
        let mut chart = ChartBuilder::on(area)
            .margin(12)
            .x_label_area_size(56)
            .y_label_area_size(84)
            .build_cartesian_2d(x_min..x_max, 0.0..y_max)
            .map_err(fail)?;
        chart
            .configure_mesh()
            .light_line_style(TRANSPARENT)
            .x_labels(((x_max - x_min).round() as usize + 1).min(11))
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_label_formatter(&|v| tick(*v))
            .y_label_formatter(&|v| format!("{v:.3}"))
            .label_style((FONT, LABEL_SIZE))
            .axis_desc_style((FONT, DESC_SIZE))
            .draw()
            .map_err(fail)?;
        for (i, (_, points)) in series.iter().enumerate() {
            let c = colour(i);
            chart
                .draw_series(LineSeries::new(points.iter().copied(), c.stroke_width(2)))
                .map_err(fail)?;
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 4, c.filled())))
                .map_err(fail)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every category gets its label, however many there are.
    #[test]
    fn every_category_is_labelled() {
        for k in 1..=14 {
            let cats: Vec<String> = (0..k).map(|i| format!("c{i}x")).collect();
            let values = vec![Proportion::wilson(1.0, 2); k];
            let svg = proportion_bars("t", &cats, &values, "x", "y", None).unwrap();
            for c in &cats {
                assert!(svg.contains(&format!("\n{c}\n")), "k = {k}: {c} missing");
            }
            let means = vec![Summary::of(&[1.0, 2.0]); k];
            let svg = mean_points("t", &cats, &means, "x", "y", 0.0).unwrap();
            assert!(cats.iter().all(|c| svg.contains(c.as_str())), "k = {k}");
            let svg = grouped_bars("t", &cats, &[("s".into(), vec![1.0; k])], "x").unwrap();
            assert!(cats.iter().all(|c| svg.contains(c.as_str())), "k = {k}");
        }
    }

    #[test]
    fn lines_draw_each_series_with_its_name() {
        let series = vec![
            ("training".to_string(), vec![(1.0, 0.08), (2.0, 0.06), (3.0, 0.05)]),
            (
                "validation".to_string(),
                vec![(0.0, 0.09), (1.0, 0.07), (2.0, 0.065), (3.0, 0.06)],
            ),
        ];
        let svg = lines("Loss by epoch", &series, "epoch", "loss").unwrap();
        assert!(svg.starts_with("<svg role=\"img\" aria-label=\"Loss by epoch\""));
        for text in ["training", "validation", "epoch", "loss"] {
            assert!(svg.contains(text), "{text} missing");
        }
        // a dot per point
        assert_eq!(svg.matches("<circle").count(), 7);
    }

    #[test]
    fn charts_are_svg_with_their_texts() {
        let cats = vec!["R".to_string(), "L1".to_string()];
        let svg = proportion_bars(
            "First player's score",
            &cats,
            &[Proportion::wilson(3.0, 4), Proportion::wilson(1.0, 4)],
            "players",
            "score (%)",
            Some(0.5),
        )
        .unwrap();
        assert!(
            svg.starts_with("<svg role=\"img\" aria-label=\"First player's score\""),
            "{}",
            &svg[..80]
        );
        assert_eq!(tick(20.0), "20");
        assert_eq!(tick(0.5), "0.5");
        assert_eq!(tick(0.25), "0.25");
        assert!(svg.contains("First player&apos;s score") || svg.contains("First player's score"));
        assert!(svg.contains("\nL1\n"), "category labels drawn");
        assert!(svg.contains("95% Wilson interval"));
        let h = histograms(
            "Plies",
            &[("random".into(), Bins::count(&[1, 2, 3], 1, 3))],
            "plies",
            "games (%)",
        )
        .unwrap();
        assert!(h.contains("random (n = 3)"));
        let g = grouped_bars(
            "Pieces",
            &["a".into(), "b".into()],
            &[("x".into(), vec![1.0, 2.0]), ("y".into(), vec![0.0, 3.0])],
            "per game",
        )
        .unwrap();
        assert!(g.contains("<svg"));
        let l = log_scatter("Turns", &[(600.0, 37000.0)], "turns", "sequences", "positions").unwrap();
        assert!(l.contains("<circle"));
    }
}
