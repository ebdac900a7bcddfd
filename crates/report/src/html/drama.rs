//! The lead changes and drama section: how the course of a game unfolds, after Cameron Browne.

use super::format::{categories, categories_axis, mean};
use super::{escape, Page, ReportView};
use crate::plots;
use std::fmt::Write;

/// Writes the lead changes and drama section: the definitions (with the report's evaluation
/// scale), a chart of each measure and a table per matchup.
pub(super) fn write(page: &mut Page, view: &ReportView) {
    page.out.push_str("<h2 id=\"drama\">Lead changes and drama</h2>\n");
    definition(page, view);
    lead_change_chart(page, view);
    drama_chart(page, view);
    table(page, view);
}

/// The source of the measures and their definitions, from the first player's view (the sides'
/// names are written as they are).
fn definition(page: &mut Page, view: &ReportView) {
    let [first, second] = [&view.report.sides[0], &view.report.sides[1]];
    let _ = writeln!(
        page.out,
        "<div class=\"definition\"><p>Both follow Cameron Browne's measures of how a game unfolds (C. Browne, \
         <i>Automatic Generation and Evaluation of Recombination Games</i>, PhD thesis, Queensland University of \
         Technology, 2008): the course of a game is read from an evaluation of each position, and a good game lets \
         the lead change hands and lets a player come back from behind. Here the evaluation e is the game's own \
         static heuristic (the one its searches use), taken before every ply from the {first} side's view.</p>\
         <p><b>Leader</b>: {first} where e &gt; 0, {second} where e &lt; 0, none where e = 0. \
         <b>Lead changes</b> of a game: how often the leader differs from the leader at the last position that had \
         one. <b>Lead-change rate</b>: <span class=\"formula\">lead changes / (positions − 1)</span>, the share of \
         chances to change that did.</p>\
         <p><b>Drama</b> of a decided game: with the evaluation normalised to \
         <span class=\"formula\">v = tanh(e / s)</span> (s = {:.3}, the median absolute non-zero evaluation over all \
         games of this report, so that a typical advantage gives |v| ≈ 0.76), the winner trails where v has the \
         loser's sign, by the deficit |v|; drama is the mean deficit over those positions (0 if the winner never \
         trailed). <b>Trailing share</b>: the share of positions in which the eventual winner trailed. Draws have \
         neither.</p></div>",
        view.report.evaluation_scale
    );
}

/// The mean lead-change rate per matchup.
fn lead_change_chart(page: &mut Page, view: &ReportView) {
    let all = &view.all;
    page.figure(
        "lead-changes",
        plots::mean_points(
            "Lead-change rate",
            &categories(all),
            &all.iter().map(|m| m.lead_change_rate).collect::<Vec<_>>(),
            &categories_axis(all, "matchup"),
            "lead changes per ply (0–1)",
            0.0,
        ),
        "Dots: mean lead-change rate per game (lead changes per chance to change); whiskers: 95% interval of \
         the mean. Counts per game are in the table.",
    );
}

/// The mean drama of decided games per matchup (each labelled with how many were decided).
fn drama_chart(page: &mut Page, view: &ReportView) {
    let all = &view.all;
    page.figure(
        "drama",
        plots::mean_points(
            "Drama of decided games",
            &all.iter()
                .map(|m| format!("{} (n={})", m.short, m.drama.n))
                .collect::<Vec<_>>(),
            &all.iter().map(|m| m.drama).collect::<Vec<_>>(),
            "matchup (n = decided games)",
            "drama: winner's mean deficit (0–1)",
            0.0,
        ),
        "Dots: mean drama over decided games; whiskers: 95% interval of the mean.",
    );
}

/// Lead changes, their rate, drama and the trailing share, per matchup.
fn table(page: &mut Page, view: &ReportView) {
    page.out.push_str(
        "<table><tr><th class=\"text\">matchup</th><th>games</th><th>lead changes per game</th>\
         <th>lead-change rate</th><th>decided games</th><th>drama</th><th>trailing share</th></tr>\n",
    );
    for m in &view.report.matchups {
        let _ = writeln!(
            page.out,
            "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&m.label),
            m.games,
            mean(&m.lead_changes, 2),
            mean(&m.lead_change_rate, 3),
            m.drama.n,
            mean(&m.drama, 3),
            mean(&m.trailing, 3)
        );
    }
    page.out.push_str("</table>\n");
}
