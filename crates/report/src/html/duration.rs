//! The duration section: how many plies games last.

use super::format::mean;
use super::{escape, Page, ReportView};
use crate::plots;
use std::fmt::Write;

/// Writes the duration section: the definition, a histogram per player in self-play and a table
/// of every matchup's lengths.
pub(super) fn write(page: &mut Page, view: &ReportView) {
    page.out.push_str("<h2 id=\"duration\">Duration</h2>\n");
    page.definition(
        "<p><b>Plies per game</b>: moves of both sides counted singly, the random opening included. The mean's 95% \
         interval is <span class=\"formula\">mean ± 1.96·sd/√n</span>; the 10–90% range holds the middle 80% of games. \
         Games stopped by the ply limit count at the limit.</p>",
    );
    page.figure(
        "duration",
        plots::histograms(
            "Plies per game in self-play",
            &view
                .self_play
                .iter()
                .map(|m| (m.label.clone(), m.plies_histogram.clone()))
                .collect::<Vec<_>>(),
            "plies per game",
            "games (%)",
        ),
        "Histograms of game length, one per player in self-play, each on its own scale of plies; each bar is \
         the share of that player's games.",
    );
    table(page, view);
}

/// The mean, median, range and extremes of plies per game, per matchup.
fn table(page: &mut Page, view: &ReportView) {
    page.out.push_str(
        "<table><tr><th class=\"text\">matchup</th><th>games</th><th>mean ± 95%</th><th>median</th>\
         <th>10–90% range</th><th>shortest</th><th>longest</th></tr>\n",
    );
    for m in &view.report.matchups {
        let _ = writeln!(
            page.out,
            "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{:.0}</td><td>{:.0}–{:.0}</td><td>{:.0}</td><td>{:.0}</td></tr>",
            escape(&m.label),
            m.plies.n,
            mean(&m.plies, 1),
            m.plies.median,
            m.plies.p10,
            m.plies.p90,
            m.plies.min,
            m.plies.max
        );
    }
    page.out.push_str("</table>\n");
}
