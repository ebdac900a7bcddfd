//! The report as one standalone HTML page: no scripts, no external files, charts as inline SVG,
//! every metric defined with its formula next to its figures; readable on screen and in print.
//!
//! Each section of the page is written by its own module below, in the order the page shows
//! them; [`page_and_figures`] only strings them together.

mod balance;
mod branching;
mod drama;
mod draws;
mod duration;
mod facts;
mod format;
mod head;
mod method;
mod players;
mod sequences;
mod skill;

use crate::metrics::{is_self_play, MatchupMetrics};
use crate::plots::Plot;
use crate::selfplay::MatchupKind;
use crate::Report;
use std::fmt::Write;

/// Escapes text for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A chart of the page, also kept on its own so that it can be written as an SVG file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// A file-name-safe name (`balance`, `duration`, `facts-pieces-lost`).
    pub name: String,
    /// The chart as SVG text.
    pub svg: String,
}

/// The report with its matchups grouped as the sections show them, worked out once for all.
struct ReportView<'a> {
    /// The whole report.
    report: &'a Report,
    /// The self-play matchups (balance, results, duration, facts).
    self_play: Vec<&'a MatchupMetrics>,
    /// The ladder matchups, weaker against stronger (skill).
    ladder: Vec<&'a MatchupMetrics>,
    /// Every matchup (endings, lead changes, drama).
    all: Vec<&'a MatchupMetrics>,
}

impl<'a> ReportView<'a> {
    /// Groups the report's matchups.
    fn of(report: &'a Report) -> Self {
        ReportView {
            report,
            self_play: report.matchups.iter().filter(|m| is_self_play(m)).collect(),
            ladder: report
                .matchups
                .iter()
                .filter(|m| m.matchup.kind == MatchupKind::Ladder)
                .collect(),
            all: report.matchups.iter().collect(),
        }
    }
}

/// The page as it is written: its HTML so far and its charts so far, which the sections append to.
#[derive(Default)]
struct Page {
    /// The HTML written so far.
    out: String,
    /// The charts shown so far, in the page's order.
    figures: Vec<Figure>,
}

impl Page {
    /// Shows a chart with its caption and keeps it for `plots/<name>.svg`; a chart that could not
    /// be drawn leaves its error in the page instead, so that the rest of the report still shows.
    fn figure(&mut self, name: &str, plot: Plot, caption: &str) {
        match plot {
            Ok(svg) => {
                let _ = writeln!(
                    self.out,
                    "<figure id=\"fig-{name}\">{svg}<figcaption>{}</figcaption></figure>",
                    escape(caption)
                );
                self.figures.push(Figure {
                    name: name.to_string(),
                    svg,
                });
            }
            Err(e) => {
                let _ = writeln!(self.out, "<p class=\"error\">{}</p>", escape(&e));
            }
        }
    }

    /// A metric's definition box (`html` is written as is).
    fn definition(&mut self, html: &str) {
        let _ = writeln!(self.out, "<div class=\"definition\">{html}</div>");
    }
}

/// The page for a report.
pub fn page(report: &Report) -> String {
    page_and_figures(report).0
}

/// The page for a report, and its charts one by one (for `plots/*.svg`).
pub fn page_and_figures(report: &Report) -> (String, Vec<Figure>) {
    let view = ReportView::of(report);
    let mut page = Page::default();
    head::write(&mut page, &view);
    players::write(&mut page, &view);
    balance::write(&mut page, &view);
    draws::write(&mut page, &view);
    duration::write(&mut page, &view);
    branching::write(&mut page, &view);
    sequences::write(&mut page, &view);
    skill::write(&mut page, &view);
    drama::write(&mut page, &view);
    facts::write(&mut page, &view);
    method::write(&mut page, &view);
    page.out.push_str("</body>\n</html>\n");
    (page.out, page.figures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(format::capitalised("krux"), "Krux");
    }
}
