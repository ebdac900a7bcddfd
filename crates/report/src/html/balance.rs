//! The balance section: the first player's score in self-play, where a fair game scores 50%.

use super::format::{categories, categories_axis, prop};
use super::{escape, Page, ReportView};
use crate::{balance_verdict, plots};
use std::fmt::Write;

/// Writes the balance section: the score's definition, its chart and a table with a verdict per
/// player.
pub(super) fn write(page: &mut Page, view: &ReportView) {
    page.out.push_str("<h2 id=\"balance\">Balance</h2>\n");
    page.definition(
        "<p><b>First player's score</b> in self-play (the same player on both sides): \
         <span class=\"formula\">S = (W + D/2) / n</span>, where W is the first player's wins, D the draws and n the games. \
         A fair game scores 50%. The 95% interval is Wilson's score interval \
         <span class=\"formula\">(S + z²/2n ± z·√(S(1−S)/n + z²/4n²)) / (1 + z²/n)</span>, z = 1.96, \
         with draws counted as half a win; \"± x%\" is half its width. The verdict names an advantage only when the \
         interval excludes 50%.</p>",
    );
    let self_play = &view.self_play;
    page.figure(
        "balance",
        plots::proportion_bars(
            "First player's score in self-play",
            &categories(self_play),
            &self_play.iter().map(|m| m.first_score).collect::<Vec<_>>(),
            &categories_axis(self_play, "player on both sides (R = random, Ln = level n)"),
            "first player's score (%)",
            Some(0.5),
        ),
        "Bars: the first player's score; whiskers: its 95% Wilson interval; dashed: 50%, a fair game.",
    );
    table(page, view);
}

/// Wins, draws and losses of each self-play, the score and its verdict.
fn table(page: &mut Page, view: &ReportView) {
    let [first, second] = [&view.report.sides[0], &view.report.sides[1]];
    let _ = writeln!(
        page.out,
        "<table><tr><th class=\"text\">players</th><th>games</th><th>{f} wins</th><th>draws</th><th>{s} wins</th>\
         <th>first player's score (95% interval)</th><th class=\"text\">verdict</th></tr>",
        f = escape(first),
        s = escape(second)
    );
    for m in &view.self_play {
        let _ = writeln!(
            page.out,
            "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"text\">{}</td></tr>",
            escape(&m.label),
            m.games,
            m.first.wins,
            m.first.draws,
            m.first.losses,
            prop(&m.first_score),
            escape(&balance_verdict(&m.first_score, first, second))
        );
    }
    page.out.push_str("</table>\n");
}
