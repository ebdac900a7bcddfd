//! Options as users write them (`key=value,key=value`): game options, agent specs and engine
//! options share this one syntax.

use crate::Error;
use std::collections::BTreeMap;
use std::fmt;

/// Options as written by a user: `key=value` pairs separated by commas (`size=10,repetition=off`).
///
/// Each consumer takes the keys it knows ([`OptionMap::take`]); whatever is left over is an
/// unknown option and rejected by [`OptionMap::finish`], so typos never pass silently.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OptionMap {
    entries: BTreeMap<String, String>,
}

impl OptionMap {
    /// Parses `key=value,key=value`; the empty string gives no options.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let entries = key_values(text)
            .map_err(Error::Options)?
            .into_iter()
            .map(|(key, value)| (key.to_string(), value.to_string()))
            .collect();
        Ok(OptionMap { entries })
    }

    /// Whether `key` is given.
    pub fn has(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// Removes and returns the value of `key`.
    pub fn take(&mut self, key: &str) -> Option<String> {
        self.entries.remove(key)
    }

    /// Removes `key` and parses it as an on/off flag ([`switch`]).
    pub fn take_flag(&mut self, key: &str) -> Result<Option<bool>, Error> {
        self.take(key)
            .map(|value| switch(key, &value).map_err(|e| Error::Options(format!("option {e}"))))
            .transpose()
    }

    /// Removes `key` and parses it as a whole number.
    pub fn take_number(&mut self, key: &str) -> Result<Option<u32>, Error> {
        match self.take(key) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| Error::Options(format!("option '{key}' must be a whole number, not '{v}'"))),
        }
    }

    /// Fails if any key was not taken by a consumer.
    pub fn finish(self, game: &str, known: &[&str]) -> Result<(), Error> {
        match self.entries.keys().next() {
            None => Ok(()),
            Some(key) => Err(Error::Options(format!(
                "unknown option '{key}' for {game} (known: {})",
                known.join(", ")
            ))),
        }
    }
}

/// `options` with a ply limit of `max_plies` added unless they set one (`plies=`): a game that
/// programs play to the end (reports, batches, studies) must end.
pub fn with_ply_limit(options: &str, max_plies: u32) -> Result<String, Error> {
    let mut map = OptionMap::parse(options)?;
    if map.take("plies").is_some() {
        return Ok(options.to_string());
    }
    Ok(if options.is_empty() {
        format!("plies={max_plies}")
    } else {
        format!("{options},plies={max_plies}")
    })
}

/// Splits `key=value,key=value` into its pairs: the one syntax of game options, agent specs and
/// engine options. Spaces around parts, keys and values are ignored and empty parts skipped; a
/// part without `=`, an empty key or value, and a key given twice (in any case) are refused.
pub fn key_values(text: &str) -> Result<Vec<(&str, &str)>, String> {
    key_values_in(text.split(','))
}

/// [`key_values`] over parts already split (where commas may also appear quoted).
pub fn key_values_in<'a>(parts: impl IntoIterator<Item = &'a str>) -> Result<Vec<(&'a str, &'a str)>, String> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for part in parts.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| format!("'{part}' is not of the form key=value"))?;
        if key.is_empty() || value.is_empty() {
            return Err(format!("'{part}' has an empty key or value"));
        }
        if pairs.iter().any(|(k, _)| k.eq_ignore_ascii_case(key)) {
            return Err(format!("'{key}' is given twice"));
        }
        pairs.push((key, value));
    }
    Ok(pairs)
}

/// An on/off value, the same wherever one is asked for: `on`, `true`, `yes`, `1` or `off`,
/// `false`, `no`, `0`.
pub fn switch(key: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(format!("'{key}' must be on or off, not '{value}'")),
    }
}

/// The history rules a [`crate::Session`] applies: they are not part of any position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryRules {
    /// The third occurrence of a position (board and side to move) is a draw.
    pub repetition: bool,
    /// After this many plies the game is drawn.
    pub ply_limit: Option<u32>,
}

impl Default for HistoryRules {
    fn default() -> Self {
        HistoryRules {
            repetition: true,
            ply_limit: None,
        }
    }
}

impl HistoryRules {
    /// The option keys read by [`HistoryRules::take_from`].
    pub const KEYS: [&'static str; 2] = ["repetition", "plies"];

    /// Takes `repetition=on|off` and `plies=N` from the map.
    pub fn take_from(map: &mut OptionMap) -> Result<Self, Error> {
        let mut rules = HistoryRules::default();
        if let Some(r) = map.take_flag("repetition")? {
            rules.repetition = r;
        }
        match map.take_number("plies")? {
            Some(0) => return Err(Error::Options("option 'plies' must be at least 1".into())),
            limit => rules.ply_limit = limit,
        }
        Ok(rules)
    }
}

impl fmt::Display for HistoryRules {
    /// Writes only what differs from the defaults, in option syntax.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if !self.repetition {
            parts.push("repetition=off".to_string());
        }
        if let Some(n) = self.ply_limit {
            parts.push(format!("plies={n}"));
        }
        f.write_str(&parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ply_limit_is_added_unless_one_is_set() {
        assert_eq!(with_ply_limit("", 400).unwrap(), "plies=400");
        assert_eq!(with_ply_limit("size=6", 50).unwrap(), "size=6,plies=50");
        assert_eq!(with_ply_limit("plies=90", 50).unwrap(), "plies=90");
        assert!(with_ply_limit("size", 50).is_err());
    }

    #[test]
    fn parses_and_rejects() {
        let mut m = OptionMap::parse("size=10, repetition=off").unwrap();
        assert_eq!(m.take("size").as_deref(), Some("10"));
        let rules = HistoryRules::take_from(&mut m).unwrap();
        assert!(!rules.repetition);
        assert!(m.finish("x", &[]).is_ok());
        assert!(OptionMap::parse("size").is_err());
        assert!(OptionMap::parse("size=1,size=2").is_err());
        assert!(OptionMap::parse("=3").is_err());
        let mut m = OptionMap::parse("plies=abc").unwrap();
        assert!(HistoryRules::take_from(&mut m).is_err());
        let m = OptionMap::parse("colour=red").unwrap();
        let err = m.finish("void", &["repetition"]).unwrap_err();
        assert!(err.to_string().contains("unknown option 'colour'"));
    }

    #[test]
    fn displays_non_defaults_only() {
        assert_eq!(HistoryRules::default().to_string(), "");
        let r = HistoryRules {
            repetition: false,
            ply_limit: Some(9),
        };
        assert_eq!(r.to_string(), "repetition=off,plies=9");
    }
}
