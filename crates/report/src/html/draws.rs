//! The draws and endings section: how often games are drawn, who wins the rest, and why games
//! ended.

use super::format::{categories, categories_axis, prop, share};
use super::{escape, Page, ReportView};
use crate::metrics::MatchupMetrics;
use crate::plots::{self, GREY};
use std::fmt::Write;

/// Writes the draws and endings section: the definitions, the results of self-play, the endings
/// of every matchup as a chart and as a table.
pub(super) fn write(page: &mut Page, view: &ReportView) {
    page.out.push_str("<h2 id=\"draws\">Draws and endings</h2>\n");
    page.definition(
        "<p><b>Draw rate</b>: <span class=\"formula\">D / n</span>, with its Wilson interval. <b>Ending reasons</b>: \
         <i>board</i> — the position itself ended the game (a win, or a draw the rules declare); <i>repetition</i> — \
         the same position for the third time; <i>ply_limit</i> — the report's ply limit was reached (a draw: such \
         games did not finish); <i>resignation</i> — a player resigned or forfeited.</p>",
    );
    results_chart(page, view);
    endings_chart(page, view);
    endings_table(page, view);
}

/// The shares of games won by each side and drawn, per player in self-play.
fn results_chart(page: &mut Page, view: &ReportView) {
    let [first, second] = [&view.report.sides[0], &view.report.sides[1]];
    let self_play = &view.self_play;
    let shares = |count: fn(&MatchupMetrics) -> u32| self_play.iter().map(|m| share(count(m), m.games)).collect();
    page.figure(
        "self-play-results",
        plots::stacked_shares(
            "Results in self-play",
            &categories(self_play),
            &[
                (format!("{first} wins"), plots::colour(0), shares(|m| m.first.wins)),
                ("draws".into(), GREY, shares(|m| m.first.draws)),
                (format!("{second} wins"), plots::colour(1), shares(|m| m.first.losses)),
            ],
            &categories_axis(self_play, "player on both sides"),
            "games (%)",
        ),
        "Share of games won by each side and drawn, per player in self-play.",
    );
}

/// Every ending reason met in any matchup, in alphabetical order (one colour each).
fn ending_reasons(view: &ReportView) -> Vec<String> {
    let mut reasons: Vec<String> = view
        .report
        .matchups
        .iter()
        .flat_map(|m| m.reasons.iter().map(|r| r.reason.clone()))
        .collect();
    reasons.sort();
    reasons.dedup();
    reasons
}

/// The share of a matchup's games that ended for `reason`, won or drawn.
fn reason_share(m: &MatchupMetrics, reason: &str) -> f64 {
    let k = m
        .reasons
        .iter()
        .find(|r| r.reason == reason)
        .map(|r| r.decisive + r.drawn)
        .unwrap_or(0);
    share(k, m.games)
}

/// The shares of games by ending reason, for every matchup.
fn endings_chart(page: &mut Page, view: &ReportView) {
    let all = &view.all;
    let series = ending_reasons(view)
        .into_iter()
        .enumerate()
        .map(|(i, reason)| {
            let shares = all.iter().map(|m| reason_share(m, &reason)).collect();
            (reason, plots::colour(i + 2), shares)
        })
        .collect::<Vec<_>>();
    page.figure(
        "endings",
        plots::stacked_shares(
            "How games ended",
            &categories(all),
            &series,
            &categories_axis(all, "matchup"),
            "games (%)",
        ),
        "Share of games by ending reason, for every matchup (ladder matchups are weaker-stronger).",
    );
}

/// Draws and the ending reasons, won and drawn, per matchup.
fn endings_table(page: &mut Page, view: &ReportView) {
    page.out.push_str(
        "<table><tr><th class=\"text\">matchup</th><th>games</th><th>draws (95% interval)</th>\
         <th class=\"text\">ending reasons: won / drawn</th></tr>\n",
    );
    for m in &view.report.matchups {
        let reasons = m
            .reasons
            .iter()
            .map(|r| format!("{}: {} / {}", r.reason, r.decisive, r.drawn))
            .collect::<Vec<_>>()
            .join("; ");
        let _ = writeln!(
            page.out,
            "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td class=\"text\">{}</td></tr>",
            escape(&m.label),
            m.games,
            prop(&m.draws),
            escape(&reasons)
        );
    }
    page.out.push_str("</table>\n");
}
