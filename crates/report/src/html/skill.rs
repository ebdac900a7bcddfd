//! The skill section: each player against the next stronger one, the level ladder.

use super::format::{categories, categories_axis, prop};
use super::{escape, Page, ReportView};
use crate::metrics::MatchupMetrics;
use crate::plots;
use std::fmt::Write;

/// Writes the skill section: the definition, then the stronger side's score on each step of the
/// ladder as a chart and a table (or a note that there is no ladder).
pub(super) fn write(page: &mut Page, view: &ReportView) {
    page.out.push_str("<h2 id=\"skill\">Skill: the level ladder</h2>\n");
    page.definition(
        "<p><b>Decisiveness of skill</b>: each player against the next stronger one, colours alternating and each \
         random opening played once with each colour. The stronger side's score <span class=\"formula\">(W + D/2) / n</span> \
         has a Wilson interval; a game where skill decides scores well above 50% at every step. The Elo difference \
         is <span class=\"formula\">−400·log10(1/S − 1)</span> at the score and at the interval's ends.</p>",
    );
    let ladder = &view.ladder;
    if ladder.is_empty() {
        page.out
            .push_str("<p class=\"note\">No ladder: the report played no level.</p>\n");
        return;
    }
    page.figure(
        "ladder",
        plots::proportion_bars(
            "The stronger side's score on the level ladder",
            &categories(ladder),
            &ladder.iter().map(|m| m.b_score).collect::<Vec<_>>(),
            &categories_axis(ladder, "weaker-stronger (R = random, Ln = level n)"),
            "stronger side's score (%)",
            Some(0.5),
        ),
        "Bars: the stronger player's score against the weaker; whiskers: 95% Wilson interval; dashed: 50%.",
    );
    table(page, ladder);
}

/// The stronger side's results, score and Elo difference on each step of the ladder.
fn table(page: &mut Page, ladder: &[&MatchupMetrics]) {
    page.out.push_str(
        "<table><tr><th class=\"text\">weaker vs stronger</th><th>games</th><th>stronger wins</th><th>draws</th>\
         <th>stronger losses</th><th>stronger side's score (95% interval)</th><th>Elo difference (95% interval)</th></tr>\n",
    );
    for m in ladder {
        let _ = writeln!(
            page.out,
            "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&m.label),
            m.games,
            m.b.wins,
            m.b.draws,
            m.b.losses,
            prop(&m.b_score),
            elo_difference(m)
        );
    }
    page.out.push_str("</table>\n");
}

/// The stronger side's Elo advantage with its interval; a sweep has no finite score, so only the
/// interval's finite end is told.
fn elo_difference(m: &MatchupMetrics) -> String {
    if m.b_score.p >= 1.0 {
        format!("a clean sweep: at least {:+.0}", m.b_elo[1])
    } else if m.b_score.p <= 0.0 {
        format!("swept by the weaker side: at most {:+.0}", m.b_elo[2])
    } else {
        format!("{:+.0} ({:+.0} to {:+.0})", m.b_elo[0], m.b_elo[1], m.b_elo[2])
    }
}
