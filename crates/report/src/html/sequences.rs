//! The end of the branching factor section for games entered step by step: distinct turns
//! against the token sequences that enter them.

use super::format::mean;
use super::{escape, Page, ReportView};
use crate::plots;
use crate::stats::Summary;
use crate::trace::SequenceSample;
use std::fmt::Write;

/// A sampled position with the label of the matchup whose game it was taken from.
type Sample<'a> = (&'a str, &'a SequenceSample);

/// Writes the distinct turns and token sequences subsection, if the report sampled any position
/// (only games entered step by step have them).
pub(super) fn write(page: &mut Page, view: &ReportView) {
    let samples = distinct_samples(view);
    if samples.is_empty() {
        return;
    }
    page.out.push_str("<h3>Distinct turns and token sequences</h3>\n");
    page.definition(
        "<p>This game's turns are entered step by step, and many orders of steps can reach the same turn. \
         <b>Distinct turns</b> are the legal moves (turns told apart by their result); <b>token sequences</b> are \
         all sequences of steps that make up a complete turn (every way of entering one), counted by walking \
         the game's step-by-step input. A sequence count marked ≥ stopped at the budget of partial turns \
         visited per position and is a lower bound.</p>",
    );
    page.figure(
        "token-sequences",
        plots::log_scatter(
            "Token sequences against distinct turns",
            &samples
                .iter()
                .map(|(_, s)| (f64::from(s.turns), s.sequences as f64))
                .collect::<Vec<_>>(),
            "distinct turns (logarithmic)",
            "token sequences (logarithmic)",
            &format!("sampled positions (n = {})", samples.len()),
        ),
        "Each point is one sampled position; the dashed diagonal marks one sequence per turn.",
    );
    ratio_summary(page, &samples);
    table(page, &samples);
}

/// Each sampled position once (matchups share their openings), with the first matchup that
/// sampled it.
fn distinct_samples<'a>(view: &ReportView<'a>) -> Vec<Sample<'a>> {
    let mut samples: Vec<Sample> = Vec::new();
    for m in &view.report.matchups {
        for s in &m.sequences {
            if !samples.iter().any(|(_, t)| t.position == s.position) {
                samples.push((&m.label, s));
            }
        }
    }
    samples
}

/// One sentence: token sequences per distinct turn over the sampled positions.
fn ratio_summary(page: &mut Page, samples: &[Sample]) {
    let ratio = Summary::of(
        &samples
            .iter()
            .map(|(_, s)| s)
            .filter(|s| s.turns > 0)
            .map(|s| s.sequences as f64 / f64::from(s.turns))
            .collect::<Vec<_>>(),
    );
    let _ = writeln!(
        page.out,
        "<p>Over {} sampled positions, token sequences per distinct turn: {} (median {:.0}).</p>",
        ratio.n,
        mean(&ratio, 1),
        ratio.median
    );
}

/// Every sampled position: its turns, its sequences (a lower bound where capped) and their ratio.
fn table(page: &mut Page, samples: &[Sample]) {
    page.out.push_str(
        "<table><tr><th class=\"text\">game of</th><th>ply</th><th>distinct turns</th><th>token sequences</th>\
         <th>sequences per turn</th></tr>\n",
    );
    for (label, s) in samples {
        let _ = writeln!(
            page.out,
            "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}{}</td><td>{:.1}</td></tr>",
            escape(label),
            s.ply,
            s.turns,
            if s.capped { "≥ " } else { "" },
            s.sequences,
            s.sequences as f64 / f64::from(s.turns.max(1))
        );
    }
    page.out.push_str("</table>\n");
}
