//! The branching factor section: how many legal moves a player faces, by ply and per game.

use super::format::mean;
use super::{escape, Page, ReportView};
use crate::metrics::MatchupMetrics;
use crate::plots;
use std::fmt::Write;

/// Writes the branching factor section (without its token sequences, see
/// [`super::sequences`]): the definition, legal moves by ply in self-play and a table per matchup.
pub(super) fn write(page: &mut Page, view: &ReportView) {
    page.out.push_str("<h2 id=\"branching\">Branching factor</h2>\n");
    page.definition(
        "<p><b>Branching factor</b>: the number of legal moves (distinct turns) in a position. <b>By ply</b>: its \
         mean over the games that reached that ply, with the band between the 10th and 90th percentiles. \
         <b>Per game</b>: each game's mean over its positions, then the mean over games with a 95% interval.</p>",
    );
    by_ply_chart(page, view);
    table(page, view);
}

/// The games a ply must be reached by for the chart to show it: half of them, so that the last
/// few long games do not draw the line alone.
fn min_games(m: &MatchupMetrics) -> usize {
    (m.games as usize).div_ceil(2).max(1)
}

/// Legal moves by ply, one panel per player in self-play.
fn by_ply_chart(page: &mut Page, view: &ReportView) {
    page.figure(
        "branching",
        plots::lines_with_bands(
            "Legal moves by ply in self-play",
            &view
                .self_play
                .iter()
                .map(|m| {
                    (
                        m.label.clone(),
                        m.branching_by_ply
                            .iter()
                            .filter(|b| b.n >= min_games(m))
                            .map(|b| (f64::from(b.ply), b.mean, b.p10, b.p90))
                            .collect(),
                    )
                })
                .collect::<Vec<_>>(),
            "ply (0 = start position)",
            "legal moves in the position",
        ),
        "One panel per player in self-play, each on its own scale of plies. Lines: the mean number of legal \
         moves at each ply; bands: 10th to 90th percentile. A line stops where fewer than half of its games are \
         still going.",
    );
}

/// Legal moves per position (mean of the game means) and at the start, per matchup.
fn table(page: &mut Page, view: &ReportView) {
    page.out.push_str(
        "<table><tr><th class=\"text\">matchup</th><th>games</th><th>legal moves per position: mean of game means ± 95%</th>\
         <th>at the start</th></tr>\n",
    );
    for m in &view.report.matchups {
        let _ = writeln!(
            page.out,
            "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&m.label),
            m.branching.n,
            mean(&m.branching, 1),
            m.branching_by_ply
                .first()
                .map(|b| format!("{:.0}", b.mean))
                .unwrap_or_default()
        );
    }
    page.out.push_str("</table>\n");
}
