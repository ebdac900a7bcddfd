//! The players section: who played, as which agent, and whether its games can be played again.

use super::{escape, Page, ReportView};
use std::fmt::Write;

/// Writes the players section: the random mover and each strength level, with the agent spec
/// as played.
pub(super) fn write(page: &mut Page, view: &ReportView) {
    page.out.push_str("<h2 id=\"players\">Players</h2>\n");
    page.out.push_str(
        "<p>The random mover plays uniformly random legal moves: the baseline beside the search levels. \
         Each level is the game's own strength level as the web app and the CLI play it.</p>\n\
         <table><tr><th class=\"text\">player</th><th class=\"text\">what it is</th>\
         <th class=\"text\">agent as played</th><th class=\"text\">reproducible from the seed</th></tr>\n",
    );
    for l in &view.report.levels {
        let _ = writeln!(
            page.out,
            "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td><td class=\"text\"><code>{}</code></td>\
             <td class=\"text\">{}</td></tr>",
            escape(&l.label),
            escape(&l.description),
            escape(&l.spec),
            if l.deterministic {
                "yes"
            } else {
                "no: it thinks for a time, so results depend on the machine's speed"
            }
        );
    }
    page.out.push_str("</table>\n");
}
