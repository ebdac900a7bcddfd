//! The game facts section: counts read from what each game shows its players (pieces lost,
//! falls, changes of kind, steps, choices), the step that won and the endings in words.

use super::format::{mean, prop, slug};
use super::{escape, Page, ReportView};
use crate::metrics::{Fact, MatchupMetrics, Share};
use crate::plots;
use std::fmt::Write;

/// A group of facts (`Pieces lost per game`) with the names counted in it, both in the order
/// self-play first met them.
type FactGroup<'a> = (&'a str, Vec<&'a str>);

/// Writes the game facts section: the definition, each group of facts as a chart and a table,
/// the kind of step that won, and the endings in words.
pub(super) fn write(page: &mut Page, view: &ReportView) {
    page.out.push_str("<h2 id=\"facts\">Game facts</h2>\n");
    page.definition(
        "<p>Read from what the game shows its players, counted per game: <b>pieces lost</b> — a kind of piece of a \
         side whose count on the board went down in a move (pieces in the board picture, by the name the game gives \
         them); <b>changed kind</b> — one kind of a side went down while another of the same side went up in the \
         same move; <b>fell</b> — the piece on a cell the move names as falling (the game's own word: into a hole, towards or into \
         the void, or removed), whether or not it leaves the board; \
         <b>moves acting on other pieces</b> — the cells a move names as attacked, captured, pushed or converted; \
         for step-by-step games, the <b>steps</b> of turns by kind, the <b>choices made by button</b> (not on a \
         cell) and the kind of step that <b>won</b>. Figures are means per game with 95% intervals.</p>",
    );
    let groups = fact_groups(&view.self_play);
    if groups.is_empty() {
        page.out
            .push_str("<p class=\"note\">No piece left the board or changed in these games.</p>\n");
    }
    for (group, names) in &groups {
        let _ = writeln!(page.out, "<h3>{}</h3>", escape(group));
        // A chart while it stays readable; the table has everything.
        if names.len() <= 12 {
            group_chart(page, &view.self_play, group, names);
        }
        group_table(page, &view.self_play, group, names);
    }
    endings(page, &view.report.matchups);
}

/// The groups of facts of the self-play matchups, each with its names, in the order first met.
fn fact_groups<'a>(self_play: &[&'a MatchupMetrics]) -> Vec<FactGroup<'a>> {
    let mut groups: Vec<FactGroup> = Vec::new();
    for f in self_play.iter().flat_map(|m| &m.facts) {
        let at = match groups.iter().position(|(g, _)| *g == f.group) {
            Some(at) => at,
            None => {
                groups.push((&f.group, Vec::new()));
                groups.len() - 1
            }
        };
        let names = &mut groups[at].1;
        if !names.contains(&f.name.as_str()) {
            names.push(&f.name);
        }
    }
    groups
}

/// A matchup's fact `name` of `group`, if it counted one.
fn fact_of<'a>(m: &'a MatchupMetrics, group: &str, name: &str) -> Option<&'a Fact> {
    m.facts.iter().find(|f| f.group == group && f.name == name)
}

/// Bars of the mean count per game, one colour per player in self-play.
fn group_chart(page: &mut Page, self_play: &[&MatchupMetrics], group: &str, names: &[&str]) {
    let series = self_play
        .iter()
        .map(|m| {
            let means = names
                .iter()
                .map(|n| fact_of(m, group, n).map(|f| f.per_game.mean).unwrap_or(0.0))
                .collect();
            (format!("{} (n={})", m.label, m.games), means)
        })
        .collect::<Vec<_>>();
    page.figure(
        &format!("facts-{}", slug(group)),
        plots::grouped_bars(
            group,
            &names.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
            &series,
            "mean per game",
        ),
        "Bars: the mean count per game, one colour per player in self-play; intervals in the table.",
    );
}

/// The mean count per game with its interval, a row per fact and a column per player in self-play.
fn group_table(page: &mut Page, self_play: &[&MatchupMetrics], group: &str, names: &[&str]) {
    page.out.push_str("<table><tr><th class=\"text\">per game</th>");
    for m in self_play {
        let _ = write!(page.out, "<th>{} (n={})</th>", escape(&m.label), m.games);
    }
    page.out.push_str("</tr>\n");
    for name in names {
        let _ = write!(page.out, "<tr><td class=\"text\">{}</td>", escape(name));
        for m in self_play {
            let cell = fact_of(m, group, name)
                .map(|f| mean(&f.per_game, 2))
                .unwrap_or_else(|| "0".into());
            let _ = write!(page.out, "<td>{cell}</td>");
        }
        page.out.push_str("</tr>\n");
    }
    page.out.push_str("</table>\n");
}

/// How games were won and ended: the kind of step that won (step-by-step games only) and the
/// game's own account of each ending.
fn endings(page: &mut Page, matchups: &[MatchupMetrics]) {
    if matchups.iter().any(|m| !m.winning_steps.is_empty()) {
        page.out.push_str("<h3>The step that won</h3>\n<p>Over games won on the board, the kind of the step after which the winning turn had won.</p>\n");
        share_table(page, matchups, |m| &m.winning_steps, "winning step");
    }
    page.out.push_str(
        "<h3>Endings in words</h3>\n<p>The game's own account of each ending, with numbers replaced by #; \
         the numbers' means follow in order (for example the counts on the row that decided a game scored by rows).</p>\n",
    );
    share_table(page, matchups, |m| &m.stories, "ending");
}

/// A table of shares of games (`field` of each matchup), with the means of their numbers when
/// any share has numbers.
fn share_table(
    page: &mut Page,
    matchups: &[MatchupMetrics],
    field: impl Fn(&MatchupMetrics) -> &Vec<Share>,
    what: &str,
) {
    let numbered = matchups.iter().any(|m| field(m).iter().any(|s| !s.numbers.is_empty()));
    let _ = writeln!(
        page.out,
        "<table><tr><th class=\"text\">matchup</th><th class=\"text\">{}</th><th>games</th><th>share (95% interval)</th>{}</tr>",
        escape(what),
        if numbered { "<th class=\"text\">its numbers: mean each</th>" } else { "" }
    );
    for m in matchups {
        for s in field(m) {
            let numbers = if numbered {
                format!("<td class=\"text\">{}</td>", escape(&share_numbers(s)))
            } else {
                String::new()
            };
            let _ = writeln!(
                page.out,
                "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td><td>{:.0} of {}</td><td>{}</td>{numbers}</tr>",
                escape(&m.label),
                escape(&s.name),
                s.share.successes,
                s.share.n,
                prop(&s.share),
            );
        }
    }
    page.out.push_str("</table>\n");
}

/// The means of a share's numbers, slot by slot: "3.0, 1.5".
fn share_numbers(s: &Share) -> String {
    s.numbers
        .iter()
        .map(|n| format!("{:.1}", n.mean))
        .collect::<Vec<_>>()
        .join(", ")
}
