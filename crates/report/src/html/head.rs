//! The top of the page: the document's head with its style sheet, the title, the lead paragraph
//! with the settings, the headlines and the table of contents.

use super::format::capitalised;
use super::{escape, Page, ReportView};
use std::fmt::Write;

/// The page's only style sheet (the page loads nothing): plain on screen, no navigation in print.
const STYLE: &str = r#"
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  max-width: 62rem; margin: 0 auto; padding: 1.5rem 1.25rem 4rem; line-height: 1.5; color: #1a1a1a; background: #fff; }
h1 { font-size: 1.9rem; margin-bottom: 0.2rem; }
h2 { margin-top: 2.6rem; border-bottom: 2px solid #0072b2; padding-bottom: 0.2rem; }
h3 { margin-top: 1.8rem; }
.lead { color: #444; margin-top: 0; }
.headlines { background: #f3f7fb; border-left: 4px solid #0072b2; padding: 0.8rem 1rem 0.8rem 2rem; }
.definition { background: #fafafa; border: 1px solid #ddd; border-radius: 4px; padding: 0.6rem 0.9rem; font-size: 0.95rem; }
.formula { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; white-space: nowrap; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.92rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.55rem; text-align: right; vertical-align: top; }
td { white-space: nowrap; }
td.text { white-space: normal; }
th { background: #eef2f6; }
td.text, th.text { text-align: left; }
figure { margin: 1rem 0; page-break-inside: avoid; break-inside: avoid; }
figure svg { max-width: 100%; height: auto; display: block; border: 1px solid #e3e3e3; }
figcaption { font-size: 0.9rem; color: #444; margin-top: 0.3rem; }
.note { color: #555; font-size: 0.9rem; }
.error { color: #b00020; }
nav ol { columns: 2; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  nav { display: none; }
  h2 { page-break-after: avoid; break-after: avoid; }
  figure svg { border: none; }
  a { color: inherit; text-decoration: none; }
}
"#;

/// Writes everything above the first section.
pub(super) fn write(page: &mut Page, view: &ReportView) {
    title(page, view);
    lead(page, view);
    headlines(page, view);
    contents(page);
}

/// The document's head (title and style) and the page's title.
fn title(page: &mut Page, view: &ReportView) {
    let title = format!("{} — game report", capitalised(&view.report.game));
    let _ = write!(
        page.out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
}

/// What was played, with which settings: enough to run the same report again.
fn lead(page: &mut Page, view: &ReportView) {
    let report = view.report;
    let c = &report.config;
    let _ = writeln!(
        page.out,
        "<p class=\"lead\">Self-play of Arbiter's engines: {} games per matchup; options <code>{}</code>; \
         {} random opening plies (none that lets the opponent win at once); seed {}{}. \
         The {} side moves first. Written by <code>arbiter report</code>.</p>",
        c.games,
        escape(&report.options),
        c.opening_plies,
        c.seed,
        c.seconds_per_move
            .map(|s| format!("; levels that think by time given {s} s per move"))
            .unwrap_or_default(),
        report.sides[0]
    );
}

/// The main findings, one line each, as the report worked them out.
fn headlines(page: &mut Page, view: &ReportView) {
    page.out.push_str("<ul class=\"headlines\">\n");
    for line in &view.report.headlines {
        let _ = writeln!(page.out, "<li>{}</li>", escape(line));
    }
    page.out.push_str("</ul>\n");
}

/// Links to the sections (hidden in print).
fn contents(page: &mut Page) {
    page.out.push_str(
        "<nav><ol><li><a href=\"#players\">Players</a></li><li><a href=\"#balance\">Balance</a></li>\
         <li><a href=\"#draws\">Draws and endings</a></li><li><a href=\"#duration\">Duration</a></li>\
         <li><a href=\"#branching\">Branching factor</a></li><li><a href=\"#skill\">Skill: the level ladder</a></li>\
         <li><a href=\"#drama\">Lead changes and drama</a></li><li><a href=\"#facts\">Game facts</a></li>\
         <li><a href=\"#method\">Method and limits</a></li></ol></nav>\n",
    );
}
