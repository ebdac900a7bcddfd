//! How figures and labels read on the page: proportions and means with their intervals, shares,
//! chart categories, file-name-safe names.

use crate::metrics::MatchupMetrics;
use crate::stats::{Proportion, Summary};

/// "70% (55–82%)".
pub(super) fn prop(p: &Proportion) -> String {
    format!("{:.0}% ({:.0}–{:.0}%)", p.p * 100.0, p.low * 100.0, p.high * 100.0)
}

/// "7.2 ± 0.4" with `digits` decimals.
pub(super) fn mean(s: &Summary, digits: usize) -> String {
    if s.n == 0 {
        return "–".into();
    }
    if s.n == 1 {
        return format!("{:.digits$}", s.mean);
    }
    format!("{:.digits$} ± {:.digits$}", s.mean, s.half_width())
}

/// `k` of `n` as a fraction, 0 when there is nothing to share.
pub(super) fn share(k: u32, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        f64::from(k) / f64::from(n)
    }
}

/// Makes `text` safe as a file name: lower-case letters, digits and dashes.
pub(super) fn slug(text: &str) -> String {
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

/// The word with its first letter in upper case (for the page's title).
pub(super) fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// Category labels: `L3`, with its sample size (`L3 (n=40)`) only when the sizes differ, so that
/// many categories stay readable side by side.
pub(super) fn categories(matchups: &[&MatchupMetrics]) -> Vec<String> {
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
pub(super) fn categories_axis(matchups: &[&MatchupMetrics], what: &str) -> String {
    match matchups.first() {
        Some(m) if matchups.iter().all(|o| o.games == m.games) => format!("{what}; n = {} games each", m.games),
        _ => format!("{what}; n = games"),
    }
}
