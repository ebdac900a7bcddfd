//! The report as one standalone HTML page: no scripts, no external files, charts as inline SVG,
//! every metric defined with its formula next to its figures; readable on screen and in print.

use crate::metrics::{is_self_play, Fact, MatchupMetrics};
use crate::plots::{self, Plot, GREY};
use crate::selfplay::MatchupKind;
use crate::stats::{Proportion, Summary};
use crate::{balance_verdict, Report};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Escapes text for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = r#"
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  max-width: 62rem; margin: 0 auto; padding: 1.5rem 1.25rem 4rem; line-height: 1.5; color: #1a1a1a; background: #fff; }
h1 { font-size: 1.9rem; margin-bottom: 0.2rem; }
h2 { margin-top: 2.6rem; border-bottom: 2px solid #0072b2; padding-bottom: 0.2rem; }
h3 { margin-top: 1.8rem; }
.lead { color: #444; margin-top: 0; }
.headlines { background: #f3f7fb; border-left: 4px solid #0072b2; padding: 0.8rem 1rem 0.8rem 2rem; }
.definition { background: #fafafa; border: 1px solid #ddd; border-radius: 4px; padding: 0.6rem 0.9rem; font-size: 0.95rem; }
.formula { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; white-space: nowrap; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.92rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.55rem; text-align: right; vertical-align: top; }
td { white-space: nowrap; }
td.text { white-space: normal; }
th { background: #eef2f6; }
td.text, th.text { text-align: left; }
figure { margin: 1rem 0; page-break-inside: avoid; break-inside: avoid; }
figure svg { max-width: 100%; height: auto; display: block; border: 1px solid #e3e3e3; }
figcaption { font-size: 0.9rem; color: #444; margin-top: 0.3rem; }
.note { color: #555; font-size: 0.9rem; }
.error { color: #b00020; }
nav ol { columns: 2; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  nav { display: none; }
  h2 { page-break-after: avoid; break-after: avoid; }
  figure svg { border: none; }
  a { color: inherit; text-decoration: none; }
}
"#;

/// "70% (55–82%)".
fn prop(p: &Proportion) -> String {
    format!("{:.0}% ({:.0}–{:.0}%)", p.p * 100.0, p.low * 100.0, p.high * 100.0)
}

/// "7.2 ± 0.4" with `digits` decimals.
fn mean(s: &Summary, digits: usize) -> String {
    if s.n == 0 {
        return "–".into();
    }
    if s.n == 1 {
        return format!("{:.digits$}", s.mean);
    }
    format!("{:.digits$} ± {:.digits$}", s.mean, s.half_width())
}

/// A chart of the page, also kept on its own so that it can be written as an SVG file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// A file-name-safe name (`balance`, `duration`, `facts-pieces-lost`).
    pub name: String,
    /// The chart as SVG text.
    pub svg: String,
}

/// Makes `text` safe as a file name: lower-case letters, digits and dashes.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

fn figure(out: &mut String, figures: &mut Vec<Figure>, name: &str, plot: Plot, caption: &str) {
    match plot {
        Ok(svg) => {
            let _ = writeln!(
                out,
                "<figure id=\"fig-{name}\">{svg}<figcaption>{}</figcaption></figure>",
                escape(caption)
            );
            figures.push(Figure {
                name: name.to_string(),
                svg,
            });
        }
        Err(e) => {
            let _ = writeln!(out, "<p class=\"error\">{}</p>", escape(&e));
        }
    }
}

fn definition(out: &mut String, html: &str) {
    let _ = writeln!(out, "<div class=\"definition\">{html}</div>");
}

/// Category labels: `L3`, with its sample size (`L3 (n=40)`) only when the sizes differ, so that
/// many categories stay readable side by side.
fn categories(matchups: &[&MatchupMetrics]) -> Vec<String> {
    let same = matchups.windows(2).all(|w| w[0].games == w[1].games);
    matchups
        .iter()
        .map(|m| {
            if same {
                m.short.clone()
            } else {
                format!("{} (n={})", m.short, m.games)
            }
        })
        .collect()
}

/// The axis description for [`categories`]: `what` and how many games each category has.
fn categories_axis(matchups: &[&MatchupMetrics], what: &str) -> String {
    match matchups.first() {
        Some(m) if matchups.iter().all(|o| o.games == m.games) => format!("{what}; n = {} games each", m.games),
        _ => format!("{what}; n = games"),
    }
}

/// The page for a report.
pub fn page(report: &Report) -> String {
    page_and_figures(report).0
}

/// The page for a report, and its charts one by one (for `plots/*.svg`).
pub fn page_and_figures(report: &Report) -> (String, Vec<Figure>) {
    let mut out = String::new();
    let mut figures = Vec::new();
    let title = format!("{} — game report", capitalised(&report.game));
    let self_play: Vec<&MatchupMetrics> = report.matchups.iter().filter(|m| is_self_play(m)).collect();
    let ladder: Vec<&MatchupMetrics> = report
        .matchups
        .iter()
        .filter(|m| m.matchup.kind == MatchupKind::Ladder)
        .collect();
    let [first, second] = [&report.sides[0], &report.sides[1]];
    let c = &report.config;
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    let _ = writeln!(
        out,
        "<p class=\"lead\">Self-play of Arbiter's engines: {} games per matchup; options <code>{}</code>; \
         {} random opening plies (none that lets the opponent win at once); seed {}{}. \
         The {first} side moves first. Written by <code>arbiter report</code>.</p>",
        c.games,
        escape(&report.options),
        c.opening_plies,
        c.seed,
        c.seconds_per_move
            .map(|s| format!("; levels that think by time given {s} s per move"))
            .unwrap_or_default()
    );
    out.push_str("<ul class=\"headlines\">\n");
    for line in &report.headlines {
        let _ = writeln!(out, "<li>{}</li>", escape(line));
    }
    out.push_str("</ul>\n");
    out.push_str(
        "<nav><ol><li><a href=\"#players\">Players</a></li><li><a href=\"#balance\">Balance</a></li>\
         <li><a href=\"#draws\">Draws and endings</a></li><li><a href=\"#duration\">Duration</a></li>\
         <li><a href=\"#branching\">Branching factor</a></li><li><a href=\"#skill\">Skill: the level ladder</a></li>\
         <li><a href=\"#drama\">Lead changes and drama</a></li><li><a href=\"#facts\">Game facts</a></li>\
         <li><a href=\"#method\">Method and limits</a></li></ol></nav>\n",
    );

    // Players.
    out.push_str("<h2 id=\"players\">Players</h2>\n");
    out.push_str(
        "<p>The random mover plays uniformly random legal moves: the baseline beside the search levels. \
         Each level is the game's own strength level as the web app and the CLI play it.</p>\n\
         <table><tr><th class=\"text\">player</th><th class=\"text\">what it is</th>\
         <th class=\"text\">agent as played</th><th class=\"text\">reproducible from the seed</th></tr>\n",
    );
    for l in &report.levels {
        let _ = writeln!(
            out,
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
    out.push_str("</table>\n");

    // Balance.
    out.push_str("<h2 id=\"balance\">Balance</h2>\n");
    definition(
        &mut out,
        "<p><b>First player's score</b> in self-play (the same player on both sides): \
         <span class=\"formula\">S = (W + D/2) / n</span>, where W is the first player's wins, D the draws and n the games. \
         A fair game scores 50%. The 95% interval is Wilson's score interval \
         <span class=\"formula\">(S + z²/2n ± z·√(S(1−S)/n + z²/4n²)) / (1 + z²/n)</span>, z = 1.96, \
         with draws counted as half a win; \"± x%\" is half its width. The verdict names an advantage only when the \
         interval excludes 50%.</p>",
    );
    figure(
        &mut out,
        &mut figures,
        "balance",
        plots::proportion_bars(
            "First player's score in self-play",
            &categories(&self_play),
            &self_play.iter().map(|m| m.first_score).collect::<Vec<_>>(),
            &categories_axis(&self_play, "player on both sides (R = random, Ln = level n)"),
            "first player's score (%)",
            Some(0.5),
        ),
        "Bars: the first player's score; whiskers: its 95% Wilson interval; dashed: 50%, a fair game.",
    );
    let _ = writeln!(
        out,
        "<table><tr><th class=\"text\">players</th><th>games</th><th>{f} wins</th><th>draws</th><th>{s} wins</th>\
         <th>first player's score (95% interval)</th><th class=\"text\">verdict</th></tr>",
        f = escape(first),
        s = escape(second)
    );
    for m in &self_play {
        let _ = writeln!(
            out,
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
    out.push_str("</table>\n");

    // Draws and endings.
    out.push_str("<h2 id=\"draws\">Draws and endings</h2>\n");
    definition(
        &mut out,
        "<p><b>Draw rate</b>: <span class=\"formula\">D / n</span>, with its Wilson interval. <b>Ending reasons</b>: \
         <i>board</i> — the position itself ended the game (a win, or a draw the rules declare); <i>repetition</i> — \
         the same position for the third time; <i>ply_limit</i> — the report's ply limit was reached (a draw: such \
         games did not finish); <i>resignation</i> — a player resigned or forfeited.</p>",
    );
    figure(
        &mut out,
        &mut figures,
        "self-play-results",
        plots::stacked_shares(
            "Results in self-play",
            &categories(&self_play),
            &[
                (
                    format!("{first} wins"),
                    plots::colour(0),
                    self_play.iter().map(|m| share(m.first.wins, m.games)).collect(),
                ),
                (
                    "draws".into(),
                    GREY,
                    self_play.iter().map(|m| share(m.first.draws, m.games)).collect(),
                ),
                (
                    format!("{second} wins"),
                    plots::colour(1),
                    self_play.iter().map(|m| share(m.first.losses, m.games)).collect(),
                ),
            ],
            &categories_axis(&self_play, "player on both sides"),
            "games (%)",
        ),
        "Share of games won by each side and drawn, per player in self-play.",
    );
    let reasons: Vec<String> = {
        let mut r: Vec<String> = report
            .matchups
            .iter()
            .flat_map(|m| m.reasons.iter().map(|r| r.reason.clone()))
            .collect();
        r.sort();
        r.dedup();
        r
    };
    let all: Vec<&MatchupMetrics> = report.matchups.iter().collect();
    figure(
        &mut out,
        &mut figures,
        "endings",
        plots::stacked_shares(
            "How games ended",
            &categories(&all),
            &reasons
                .iter()
                .enumerate()
                .map(|(i, reason)| {
                    (
                        reason.clone(),
                        plots::colour(i + 2),
                        all.iter()
                            .map(|m| {
                                let k = m
                                    .reasons
                                    .iter()
                                    .find(|r| &r.reason == reason)
                                    .map(|r| r.decisive + r.drawn)
                                    .unwrap_or(0);
                                share(k, m.games)
                            })
                            .collect(),
                    )
                })
                .collect::<Vec<_>>(),
            &categories_axis(&all, "matchup"),
            "games (%)",
        ),
        "Share of games by ending reason, for every matchup (ladder matchups are weaker-stronger).",
    );
    out.push_str(
        "<table><tr><th class=\"text\">matchup</th><th>games</th><th>draws (95% interval)</th>\
         <th class=\"text\">ending reasons: won / drawn</th></tr>\n",
    );
    for m in &report.matchups {
        let reasons = m
            .reasons
            .iter()
            .map(|r| format!("{}: {} / {}", r.reason, r.decisive, r.drawn))
            .collect::<Vec<_>>()
            .join("; ");
        let _ = writeln!(
            out,
            "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td class=\"text\">{}</td></tr>",
            escape(&m.label),
            m.games,
            prop(&m.draws),
            escape(&reasons)
        );
    }
    out.push_str("</table>\n");

    // Duration.
    out.push_str("<h2 id=\"duration\">Duration</h2>\n");
    definition(
        &mut out,
        "<p><b>Plies per game</b>: moves of both sides counted singly, the random opening included. The mean's 95% \
         interval is <span class=\"formula\">mean ± 1.96·sd/√n</span>; the 10–90% range holds the middle 80% of games. \
         Games stopped by the ply limit count at the limit.</p>",
    );
    figure(
        &mut out,
        &mut figures,
        "duration",
        plots::histograms(
            "Plies per game in self-play",
            &self_play
                .iter()
                .map(|m| (m.label.clone(), m.plies_histogram.clone()))
                .collect::<Vec<_>>(),
            "plies per game",
            "games (%)",
        ),
        "Histograms of game length, one per player in self-play, each on its own scale of plies; each bar is \
         the share of that player's games.",
    );
    out.push_str(
        "<table><tr><th class=\"text\">matchup</th><th>games</th><th>mean ± 95%</th><th>median</th>\
         <th>10–90% range</th><th>shortest</th><th>longest</th></tr>\n",
    );
    for m in &report.matchups {
        let _ = writeln!(
            out,
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
    out.push_str("</table>\n");

    // Branching.
    out.push_str("<h2 id=\"branching\">Branching factor</h2>\n");
    definition(
        &mut out,
        "<p><b>Branching factor</b>: the number of legal moves (distinct turns) in a position. <b>By ply</b>: its \
         mean over the games that reached that ply, with the band between the 10th and 90th percentiles. \
         <b>Per game</b>: each game's mean over its positions, then the mean over games with a 95% interval.</p>",
    );
    let min_games = |m: &MatchupMetrics| (m.games as usize).div_ceil(2).max(1);
    figure(
        &mut out,
        &mut figures,
        "branching",
        plots::lines_with_bands(
            "Legal moves by ply in self-play",
            &self_play
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
    out.push_str(
        "<table><tr><th class=\"text\">matchup</th><th>games</th><th>legal moves per position: mean of game means ± 95%</th>\
         <th>at the start</th></tr>\n",
    );
    for m in &report.matchups {
        let _ = writeln!(
            out,
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
    out.push_str("</table>\n");
    // Each sampled position once (matchups share their openings).
    let mut samples: Vec<(&str, &crate::trace::SequenceSample)> = Vec::new();
    for m in &report.matchups {
        for s in &m.sequences {
            if !samples.iter().any(|(_, t)| t.position == s.position) {
                samples.push((&m.label, s));
            }
        }
    }
    if !samples.is_empty() {
        out.push_str("<h3>Distinct turns and token sequences</h3>\n");
        definition(
            &mut out,
            "<p>This game's turns are entered step by step, and many orders of steps can reach the same turn. \
             <b>Distinct turns</b> are the legal moves (turns told apart by their result); <b>token sequences</b> are \
             all sequences of steps that make up a complete turn (every way of entering one), counted by walking \
             the game's step-by-step input. A sequence count marked ≥ stopped at the budget of partial turns \
             visited per position and is a lower bound.</p>",
        );
        figure(
            &mut out,
            &mut figures,
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
        let ratio = Summary::of(
            &samples
                .iter()
                .map(|(_, s)| s)
                .filter(|s| s.turns > 0)
                .map(|s| s.sequences as f64 / f64::from(s.turns))
                .collect::<Vec<_>>(),
        );
        let _ = writeln!(
            out,
            "<p>Over {} sampled positions, token sequences per distinct turn: {} (median {:.0}).</p>",
            ratio.n,
            mean(&ratio, 1),
            ratio.median
        );
        out.push_str(
            "<table><tr><th class=\"text\">game of</th><th>ply</th><th>distinct turns</th><th>token sequences</th>\
             <th>sequences per turn</th></tr>\n",
        );
        for (label, s) in &samples {
            let _ = writeln!(
                out,
                "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}{}</td><td>{:.1}</td></tr>",
                escape(label),
                s.ply,
                s.turns,
                if s.capped { "≥ " } else { "" },
                s.sequences,
                s.sequences as f64 / f64::from(s.turns.max(1))
            );
        }
        out.push_str("</table>\n");
    }

    // Skill.
    out.push_str("<h2 id=\"skill\">Skill: the level ladder</h2>\n");
    definition(
        &mut out,
        "<p><b>Decisiveness of skill</b>: each player against the next stronger one, colours alternating and each \
         random opening played once with each colour. The stronger side's score <span class=\"formula\">(W + D/2) / n</span> \
         has a Wilson interval; a game where skill decides scores well above 50% at every step. The Elo difference \
         is <span class=\"formula\">−400·log10(1/S − 1)</span> at the score and at the interval's ends.</p>",
    );
    if ladder.is_empty() {
        out.push_str("<p class=\"note\">No ladder: the report played no level.</p>\n");
    } else {
        figure(
            &mut out,
            &mut figures,
            "ladder",
            plots::proportion_bars(
                "The stronger side's score on the level ladder",
                &categories(&ladder),
                &ladder.iter().map(|m| m.b_score).collect::<Vec<_>>(),
                &categories_axis(&ladder, "weaker-stronger (R = random, Ln = level n)"),
                "stronger side's score (%)",
                Some(0.5),
            ),
            "Bars: the stronger player's score against the weaker; whiskers: 95% Wilson interval; dashed: 50%.",
        );
        out.push_str(
            "<table><tr><th class=\"text\">weaker vs stronger</th><th>games</th><th>stronger wins</th><th>draws</th>\
             <th>stronger losses</th><th>stronger side's score (95% interval)</th><th>Elo difference (95% interval)</th></tr>\n",
        );
        for m in &ladder {
            let elo = if m.b_score.p >= 1.0 {
                format!("a clean sweep: at least {:+.0}", m.b_elo[1])
            } else if m.b_score.p <= 0.0 {
                format!("swept by the weaker side: at most {:+.0}", m.b_elo[2])
            } else {
                format!("{:+.0} ({:+.0} to {:+.0})", m.b_elo[0], m.b_elo[1], m.b_elo[2])
            };
            let _ = writeln!(
                out,
                "<tr><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&m.label),
                m.games,
                m.b.wins,
                m.b.draws,
                m.b.losses,
                prop(&m.b_score),
                elo
            );
        }
        out.push_str("</table>\n");
    }

    // Drama.
    out.push_str("<h2 id=\"drama\">Lead changes and drama</h2>\n");
    let _ = writeln!(
        out,
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
        report.evaluation_scale
    );
    figure(
        &mut out,
        &mut figures,
        "lead-changes",
        plots::mean_points(
            "Lead-change rate",
            &categories(&all),
            &all.iter().map(|m| m.lead_change_rate).collect::<Vec<_>>(),
            &categories_axis(&all, "matchup"),
            "lead changes per ply (0–1)",
            0.0,
        ),
        "Dots: mean lead-change rate per game (lead changes per chance to change); whiskers: 95% interval of \
         the mean. Counts per game are in the table.",
    );
    figure(
        &mut out,
        &mut figures,
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
    out.push_str(
        "<table><tr><th class=\"text\">matchup</th><th>games</th><th>lead changes per game</th>\
         <th>lead-change rate</th><th>decided games</th><th>drama</th><th>trailing share</th></tr>\n",
    );
    for m in &report.matchups {
        let _ = writeln!(
            out,
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
    out.push_str("</table>\n");

    // Facts.
    out.push_str("<h2 id=\"facts\">Game facts</h2>\n");
    definition(
        &mut out,
        "<p>Read from what the game shows its players, counted per game: <b>pieces lost</b> — a kind of piece of a \
         side whose count on the board went down in a move (pieces in the board picture, by the name the game gives \
         them); <b>changed kind</b> — one kind of a side went down while another of the same side went up in the \
         same move; <b>fell</b> — the piece on a cell the move names as falling (the game's own word: into a hole, towards or into \
         the void, or removed), whether or not it leaves the board; \
         <b>moves acting on other pieces</b> — the cells a move names as attacked, captured, pushed or converted; \
         for step-by-step games, the <b>steps</b> of turns by kind, the <b>choices made by button</b> (not on a \
         cell) and the kind of step that <b>won</b>. Figures are means per game with 95% intervals.</p>",
    );
    let mut groups: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut order: Vec<&str> = Vec::new();
    for m in &self_play {
        for f in &m.facts {
            let names = groups.entry(f.group.as_str()).or_default();
            if !order.contains(&f.group.as_str()) {
                order.push(f.group.as_str());
            }
            if !names.contains(&f.name.as_str()) {
                names.push(f.name.as_str());
            }
        }
    }
    if order.is_empty() {
        out.push_str("<p class=\"note\">No piece left the board or changed in these games.</p>\n");
    }
    for group in order {
        let names = &groups[group];
        let _ = writeln!(out, "<h3>{}</h3>", escape(group));
        let find = |m: &MatchupMetrics, name: &str| -> Option<Fact> {
            m.facts.iter().find(|f| f.group == group && f.name == name).cloned()
        };
        // A chart while it stays readable; the table has everything.
        if names.len() <= 12 {
            figure(
                &mut out,
                &mut figures,
                &format!("facts-{}", slug(group)),
                plots::grouped_bars(
                    group,
                    &names.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
                    &self_play
                        .iter()
                        .map(|m| {
                            (
                                format!("{} (n={})", m.label, m.games),
                                names
                                    .iter()
                                    .map(|n| find(m, n).map(|f| f.per_game.mean).unwrap_or(0.0))
                                    .collect(),
                            )
                        })
                        .collect::<Vec<_>>(),
                    "mean per game",
                ),
                "Bars: the mean count per game, one colour per player in self-play; intervals in the table.",
            );
        }
        out.push_str("<table><tr><th class=\"text\">per game</th>");
        for m in &self_play {
            let _ = write!(out, "<th>{} (n={})</th>", escape(&m.label), m.games);
        }
        out.push_str("</tr>\n");
        for name in names {
            let _ = write!(out, "<tr><td class=\"text\">{}</td>", escape(name));
            for m in &self_play {
                let cell = find(m, name)
                    .map(|f| mean(&f.per_game, 2))
                    .unwrap_or_else(|| "0".into());
                let _ = write!(out, "<td>{cell}</td>");
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n");
    }
    if report.matchups.iter().any(|m| !m.winning_steps.is_empty()) {
        out.push_str("<h3>The step that won</h3>\n<p>Over games won on the board, the kind of the step after which the winning turn had won.</p>\n");
        share_table(&mut out, &report.matchups, |m| &m.winning_steps, "winning step");
    }
    out.push_str(
        "<h3>Endings in words</h3>\n<p>The game's own account of each ending, with numbers replaced by #; \
         the numbers' means follow in order (for example the counts on the row that decided a game scored by rows).</p>\n",
    );
    share_table(&mut out, &report.matchups, |m| &m.stories, "ending");

    // Method.
    out.push_str("<h2 id=\"method\">Method and limits</h2>\n<ul>\n");
    let _ = writeln!(
        out,
        "<li>Self-play: game i of every matchup opens with the same {} random plies (games 2k and 2k+1 share an \
         opening, so each opening is played with both colours); an opening ply that would let the opponent win at once \
         is drawn again. Games end by the rules, by threefold repetition where the game has it, or as a draw at the \
         ply limit.</li>",
        c.opening_plies
    );
    out.push_str(
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
    out.push_str("</body>\n</html>\n");
    (out, figures)
}

fn share(k: u32, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        f64::from(k) / f64::from(n)
    }
}

fn share_table(
    out: &mut String,
    matchups: &[MatchupMetrics],
    field: impl Fn(&MatchupMetrics) -> &Vec<crate::metrics::Share>,
    what: &str,
) {
    let numbered = matchups.iter().any(|m| field(m).iter().any(|s| !s.numbers.is_empty()));
    let _ = writeln!(
        out,
        "<table><tr><th class=\"text\">matchup</th><th class=\"text\">{}</th><th>games</th><th>share (95% interval)</th>{}</tr>",
        escape(what),
        if numbered { "<th class=\"text\">its numbers: mean each</th>" } else { "" }
    );
    for m in matchups {
        for s in field(m) {
            let numbers = s
                .numbers
                .iter()
                .map(|n| format!("{:.1}", n.mean))
                .collect::<Vec<_>>()
                .join(", ");
            let numbers = if numbered {
                format!("<td class=\"text\">{}</td>", escape(&numbers))
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td><td>{:.0} of {}</td><td>{}</td>{numbers}</tr>",
                escape(&m.label),
                escape(&s.name),
                s.share.successes,
                s.share.n,
                prop(&s.share),
            );
        }
    }
    out.push_str("</table>\n");
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(capitalised("krux"), "Krux");
    }
}
