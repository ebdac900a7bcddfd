//! The method and limits section: how the games were played and what the figures can and cannot
//! tell.

use super::{Page, ReportView};
use std::fmt::Write;

/// Writes the method and limits section.
pub(super) fn write(page: &mut Page, view: &ReportView) {
    page.out.push_str("<h2 id=\"method\">Method and limits</h2>\n<ul>\n");
    let _ = writeln!(
        page.out,
        "<li>Self-play: game i of every matchup opens with the same {} random plies (games 2k and 2k+1 share an \
         opening, so each opening is played with both colours); an opening ply that would let the opponent win at once \
         is drawn again. Games end by the rules, by threefold repetition where the game has it, or as a draw at the \
         ply limit.</li>",
        view.report.config.opening_plies
    );
    page.out.push_str(
        "<li>Records: every game is cached in <code>games/</code> beside this page; running the same command again \
         resumes and plays only what is missing, and more games extend the cache.</li>\n\
         <li>Reproducibility: games are deterministic given the seed for the random mover and levels budgeted by \
         depth or iterations; levels that think for a time depend on the machine's speed and load.</li>\n\
         <li>Intervals: proportions use Wilson's score interval, means the normal approximation; with few games the \
         intervals are wide and the normal approximation rough.</li>\n\
         <li>Evaluation: lead changes and drama rely on the game's static heuristic, which is only an estimate of \
         who is ahead (it can swing during exchanges).</li>\n\
         <li>Game facts are read generically from the game's board pictures, move descriptions, step-by-step \
         input and ending texts; facts that none of these show (for example a full row-by-row score table for a \
         game scored by rows) are not computed.</li>\n</ul>\n",
    );
}
