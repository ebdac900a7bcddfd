//! Players: anonymous identities that hold seats. A player is known by a long random secret (the
//! token), carried by a cookie in the browser or a `Bearer` header for API clients; the server keeps
//! only the token's SHA-256, so a leaked database does not let anyone act for a player.

use rand::Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};
use unicode_normalization::char::{is_combining_mark, is_public_assigned};
use unicode_normalization::UnicodeNormalization;
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

/// The name of the cookie that carries the token in the browser.
pub const TOKEN_COOKIE: &str = "arbiter_token";

/// The longest display name.
pub const MAX_NAME: usize = 24;

/// The name of a player whose account was deleted (kept for it: nobody may choose it).
pub const DELETED_NAME: &str = "deleted player";

/// A player's public id (`p` and 10 characters); safe to show, unlike the token.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct PlayerId(pub String);

/// A player as others see them: the id and the display name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerRef {
    /// The public id.
    pub id: PlayerId,
    /// The display name, if they chose one.
    pub name: Option<String>,
}

fn random_text(len: usize, alphabet: &[u8]) -> String {
    let mut rng = rand::rng();
    (0..len)
        .map(|_| alphabet[rng.random_range(0..alphabet.len())] as char)
        .collect()
}

/// A new public player id.
pub fn new_player_id() -> PlayerId {
    PlayerId(format!("p{}", random_text(10, b"abcdefghijkmnpqrstuvwxyz23456789")))
}

/// A new secret: 256 random bits as 64 hex digits (tokens and invites alike).
pub fn new_secret() -> String {
    random_text(64, b"0123456789abcdef")
}

/// The hex SHA-256 of a secret: what is stored and looked up.
pub fn secret_hash(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Is this shaped like one of our secrets (so that junk never reaches the database)?
pub fn well_formed_secret(secret: &str) -> bool {
    secret.len() == 64 && secret.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Checks a display name and returns it as stored: NFKC-normalised (so fullwidth `Ａｌｉｃｅ` is
/// `Alice`), trimmed, runs of spaces folded to one, and then 1 to [`MAX_NAME`] characters. Names are
/// shown to opponents and in the lobby, so beyond "letters, digits, spaces and `-_.'`" the rules keep
/// a name from passing for another ([UTS #39](https://www.unicode.org/reports/tr39/), with the data
/// of `unicode-security`):
///
/// - Letters, digits and combining marks must have `Identifier_Status=Allowed`: the scripts and
///   characters in common modern use. That is a whitelist, so invisible, default-ignorable, format,
///   control, private-use and unassigned characters never get through (`refusal` only picks the
///   message). The price: the scripts UTS #31 calls "limited use" (Cherokee, Canadian syllabics,
///   N'Ko, Adlam, Tifinagh, Vai, Syriac, ...) and obsolete or technical letters (the click `ǃ`) are
///   refused too. Those scripts hold some of the best Latin look-alikes (Cherokee `Ꭺ Ᏼ Ꮯ`, Lisu
///   `ꓐ ꓑ ꓒ`), and UTS #39's mixed-script levels are only defined over allowed characters.
/// - A combining mark must sit on a letter or digit, and the same mark may not repeat (`é` with a
///   second acute looks like `é`).
/// - Scripts may mix no more than UTS #39 "highly restrictive" allows: one script with common
///   characters (digits, `-_.'`), or Latin with Han and Hiragana/Katakana, with Han and Bopomofo, or
///   with Han and Hangul. So `Аlice` (Cyrillic `А`) is refused and `山田Taro` is fine.
/// - Whole-script look-alikes are allowed: a name all in Cyrillic letters that look Latin (`Вера`,
///   `Рома`) is an ordinary Russian name far more often than a disguise, and names are not unique
///   anyway.
///
/// Names need not be unique: the player id, not the name, is who a player is.
pub fn validate_name(input: &str) -> Result<String, String> {
    // Far beyond any name even before normalisation: don't normalise a whole request body to say so.
    let raw_count = input.trim().chars().count();
    if raw_count > 8 * MAX_NAME {
        return Err(format!("a name has 1 to {MAX_NAME} characters, not {raw_count}"));
    }
    let normal: String = input.nfkc().collect();
    let name = normal
        .trim()
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME {
        return Err(format!("a name has 1 to {MAX_NAME} characters, not {count}"));
    }
    // Messages show the character as typed (U+3164 HANGUL FILLER is U+1160 after NFKC), escaped.
    let typed = |c: char| {
        let raw = input
            .chars()
            .find(|&r| r == c || std::iter::once(r).nfkc().any(|n| n == c))
            .unwrap_or(c);
        raw.escape_default().to_string()
    };
    if let Some((c, message)) = name.chars().find_map(|c| refusal(c).map(|m| (c, m))) {
        return Err(message.replace("{c}", &typed(c)));
    }
    check_marks(&name).map_err(|(c, message)| message.replace("{c}", &typed(c)))?;
    check_scripts(&name)?;
    if name.to_lowercase() == DELETED_NAME {
        return Err(format!("'{DELETED_NAME}' is kept for deleted accounts"));
    }
    Ok(name)
}

/// Why a character (after NFKC) may not be in a name, as a message with `{c}` for the character;
/// `None` if it may. Whatever is not allowed is refused; the order only picks the clearest message.
fn refusal(c: char) -> Option<&'static str> {
    if matches!(c, ' ' | '-' | '_' | '.' | '\'') {
        return None;
    }
    if c.is_control() {
        return Some("a name may not contain control characters ({c})");
    }
    if is_invisible(c) {
        return Some("a name may not contain invisible characters ({c})");
    }
    // The private-use planes and block, fixed by Unicode's stability policy.
    if matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}') {
        return Some("a name may not contain private-use characters ({c})");
    }
    if !is_public_assigned(c) {
        return Some("a name may not contain unassigned characters ({c})");
    }
    let letter = c.is_alphanumeric() || is_combining_mark(c);
    match (letter, c.identifier_allowed()) {
        (true, true) => None,
        (true, false) => Some("a name may have letters in common use only, not {c}"),
        (false, _) => Some("a name may have letters, digits, spaces and - _ . ' only, not {c}"),
    }
}

/// Characters that show as nothing or as blank space (other than the plain space).
fn is_invisible(c: char) -> bool {
    c.identifier_type() == Some(IdentifierType::Default_Ignorable)
        // Default-ignorable too, but typed as deprecated or not yet assigned.
        || matches!(c, '\u{2060}'..='\u{206F}' | '\u{FFF0}'..='\u{FFF8}' | '\u{E0000}'..='\u{E0FFF}')
        // Blank without being ignorable: braille pattern blank, musical symbol null notehead.
        || matches!(c, '\u{2800}' | '\u{1D159}')
        // Spaces NFKC does not make plain (U+1680), line and paragraph separators.
        || c.is_whitespace()
}

/// Combining marks (seen decomposed): each on a letter or digit (directly or over other marks), and
/// never the same mark twice in a row. The error is the mark and a message with `{c}` for it.
fn check_marks(name: &str) -> Result<(), (char, &'static str)> {
    let mut previous: Option<char> = None;
    for c in name.nfd() {
        if is_combining_mark(c) {
            match previous {
                Some(p) if p == c => return Err((c, "a name may not repeat a combining mark ({c})")),
                Some(p) if p.is_alphanumeric() || is_combining_mark(p) => {}
                _ => return Err((c, "a name may have a combining mark ({c}) only on a letter")),
            }
        }
        previous = Some(c);
    }
    Ok(())
}

/// UTS #39 mixed-script check (every character is allowed by now).
fn check_scripts(name: &str) -> Result<(), String> {
    // Spaces are common to all scripts but not identifier characters, which would make any name
    // with a space "unrestricted"; `-_.'` are allowed and common.
    let letters: String = name.chars().filter(|&c| c != ' ').collect();
    let level = letters.as_str().detect_restriction_level();
    if level > RestrictionLevel::HighlyRestrictive {
        let scripts = script_names(&letters);
        return Err(match scripts.as_slice() {
            [] | [_] => "a name may not mix scripts".to_string(),
            [init @ .., last] => format!("a name may not mix scripts ({} and {last})", init.join(", ")),
        });
    }
    Ok(())
}

/// The scripts of some text's letters, by first appearance: those of characters in one script, then
/// one for each character of several scripts none of which is listed yet (`ー` is Hiragana and
/// Katakana; an Arabic-Indic digit is Arabic, Thaana, ...).
fn script_names(text: &str) -> Vec<&'static str> {
    let sets: Vec<_> = text
        .chars()
        .map(|c| AugmentedScriptSet::for_char(c).base)
        .filter(|s| !s.is_common() && !s.is_inherited() && !s.is_empty())
        .collect();
    let mut names: Vec<&'static str> = Vec::new();
    for set in sets.iter().filter(|s| s.len() == 1) {
        let name = set.iter().next().map_or("", |s| s.full_name());
        if !names.contains(&name) {
            names.push(name);
        }
    }
    for set in sets.iter().filter(|s| s.len() > 1) {
        if !set.iter().any(|s| names.contains(&s.full_name())) {
            names.extend(set.iter().next().map(|s| s.full_name()));
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_random_and_hashed() {
        let a = new_secret();
        assert!(well_formed_secret(&a));
        assert_ne!(a, new_secret());
        assert_eq!(secret_hash(&a).len(), 64);
        assert_ne!(secret_hash(&a), a);
        assert!(!well_formed_secret("short"));
    }

    /// The message for a refused name (panics if it is accepted).
    fn refused(name: &str) -> String {
        match validate_name(name) {
            Ok(ok) => panic!("{name:?} was accepted as {ok:?}"),
            Err(message) => message,
        }
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(validate_name("  Ann  Lee ").unwrap(), "Ann Lee");
        assert_eq!(validate_name("Zoë-O'Neil").unwrap(), "Zoë-O'Neil");
        assert_eq!(validate_name("a.b_c").unwrap(), "a.b_c");
        assert_eq!(validate_name("123").unwrap(), "123");
        assert!(validate_name("").is_err());
        assert!(validate_name(&"x".repeat(25)).is_err());
        assert!(validate_name("<script>").unwrap_err().contains('<'));
        assert!(validate_name("a\nb").is_err());
    }

    #[test]
    fn names_are_nfkc_normalised_then_counted() {
        // Fullwidth, mathematical bold, circled and halfwidth forms become the plain ones.
        assert_eq!(
            validate_name("\u{FF21}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}").unwrap(),
            "Alice"
        );
        assert_eq!(validate_name("\u{1D400}lice").unwrap(), "Alice");
        assert_eq!(validate_name("\u{24B6}lice").unwrap(), "Alice");
        assert_eq!(
            validate_name("\u{FF71}\u{FF98}\u{FF7D}").unwrap(),
            "\u{30A2}\u{30EA}\u{30B9}"
        );
        // A decomposed accent is composed: 4 characters.
        assert_eq!(validate_name("Jose\u{301}").unwrap(), "Jos\u{E9}");
        // Ideographic and no-break spaces are spaces: trimmed and folded.
        assert_eq!(
            validate_name("\u{3000}Ann\u{3000}\u{A0}Lee\u{3000}").unwrap(),
            "Ann Lee"
        );
        assert_eq!(refused("\u{3000}\u{3000}"), "a name has 1 to 24 characters, not 0");
        // The length is counted after normalisation and folding.
        assert!(validate_name(&"\u{FF58}".repeat(24)).is_ok());
        assert!(validate_name(&format!("{}  {}", "x".repeat(12), "x".repeat(11))).is_ok());
        // U+FDFA ARABIC LIGATURE SALLALLAHOU ALAYHE WASALLAM is 18 characters under NFKC.
        assert_eq!(validate_name("\u{FDFA}").unwrap().chars().count(), 18);
        assert_eq!(refused("\u{FDFA}\u{FDFA}"), "a name has 1 to 24 characters, not 36");
        assert_eq!(refused(&"x".repeat(500)), "a name has 1 to 24 characters, not 500");
    }

    #[test]
    fn invisible_names_are_refused() {
        // The finding: three U+3164 HANGUL FILLER (shown as typed, not as NFKC's U+1160).
        assert_eq!(
            refused("\u{3164}\u{3164}\u{3164}"),
            "a name may not contain invisible characters (\\u{3164})"
        );
        let invisibles = concat!(
            "\u{115F}\u{1160}\u{FFA0}\u{200B}\u{200C}\u{200D}\u{200E}\u{200F}\u{202E}\u{2060}\u{2061}",
            "\u{2062}\u{2063}\u{2064}\u{2065}\u{206A}\u{FEFF}\u{AD}\u{34F}\u{180E}\u{FE00}\u{FE0F}",
            "\u{E0100}\u{E0001}\u{E0041}\u{E007F}\u{2800}\u{1D159}\u{2028}\u{2029}\u{1680}",
        );
        for invisible in invisibles.chars() {
            let message = refused(&format!("Al{invisible}ice"));
            assert!(
                message.starts_with("a name may not contain invisible characters ("),
                "{invisible:?}: {message}"
            );
            assert!(!message.contains(invisible), "never echoed raw: {invisible:?}");
            // Alone, too (where trimming does not take it away, as it does U+2028 and U+1680).
            if !invisible.is_whitespace() {
                assert!(refused(&invisible.to_string()).contains("invisible"), "{invisible:?}");
            }
        }
    }

    #[test]
    fn control_private_use_and_unassigned_characters_are_refused() {
        assert_eq!(refused("a\nb"), "a name may not contain control characters (\\n)");
        assert_eq!(refused("a\tb"), "a name may not contain control characters (\\t)");
        assert_eq!(refused("a\u{0}b"), "a name may not contain control characters (\\u{0})");
        assert_eq!(
            refused("a\u{85}b"),
            "a name may not contain control characters (\\u{85})"
        );
        assert_eq!(
            refused("a\u{7F}b"),
            "a name may not contain control characters (\\u{7f})"
        );
        assert_eq!(
            refused("\u{E000}Bob"),
            "a name may not contain private-use characters (\\u{e000})"
        );
        assert_eq!(
            refused("Bob\u{F0000}"),
            "a name may not contain private-use characters (\\u{f0000})"
        );
        assert_eq!(
            refused("Bob\u{10FFFD}"),
            "a name may not contain private-use characters (\\u{10fffd})"
        );
        // Noncharacters: never assigned.
        assert_eq!(
            refused("Bob\u{FDD0}"),
            "a name may not contain unassigned characters (\\u{fdd0})"
        );
        assert_eq!(
            refused("Bob\u{FFFF}"),
            "a name may not contain unassigned characters (\\u{ffff})"
        );
    }

    #[test]
    fn letters_must_be_in_common_use_and_punctuation_stays_as_it_was() {
        // Cherokee (a "limited use" script), the Latin click letter (technical).
        assert_eq!(
            refused("\u{13A0}\u{13B3}"),
            "a name may have letters in common use only, not \\u{13a0}"
        );
        assert_eq!(
            refused("\u{1C3}Xoo"),
            "a name may have letters in common use only, not \\u{1c3}"
        );
        // Identifier characters, but not ours: colon, middle dot, katakana middle dot, right quote.
        for (name, shown) in [
            ("a:b", ":"),
            ("a\u{B7}b", "\\u{b7}"),
            ("\u{30B8}\u{30E7}\u{30F3}\u{30FB}\u{30B9}\u{30DF}\u{30B9}", "\\u{30fb}"),
            ("O\u{2019}Neil", "\\u{2019}"),
            ("Bob!", "!"),
            ("\u{1F600}", "\\u{1f600}"),
        ] {
            assert_eq!(
                refused(name),
                format!("a name may have letters, digits, spaces and - _ . ' only, not {shown}")
            );
        }
    }

    #[test]
    fn combining_marks_sit_on_letters_once() {
        // Names that need marks NFKC does not compose: Devanagari virama, Thai tone marks.
        for name in [
            "\u{905}\u{930}\u{94D}\u{91C}\u{941}\u{928}",
            "\u{E2A}\u{E21}\u{E28}\u{E31}\u{E01}\u{E14}\u{E34}\u{E4C}",
            "Nguy\u{1EC5}n",
        ] {
            assert_eq!(validate_name(name).unwrap(), name);
        }
        assert_eq!(
            refused("\u{301}Bob"),
            "a name may have a combining mark (\\u{301}) only on a letter"
        );
        assert_eq!(
            refused("Bob \u{301}x"),
            "a name may have a combining mark (\\u{301}) only on a letter"
        );
        assert_eq!(
            refused("Bob-\u{301}"),
            "a name may have a combining mark (\\u{301}) only on a letter"
        );
        // NFKC makes this "Jos\u{E9}\u{301}": it looks like "José".
        assert_eq!(
            refused("Jose\u{301}\u{301}"),
            "a name may not repeat a combining mark (\\u{301})"
        );
    }

    #[test]
    fn scripts_may_not_mix_beyond_highly_restrictive() {
        // The finding: a Cyrillic А before "lice".
        assert_eq!(
            refused("\u{410}lice"),
            "a name may not mix scripts (Cyrillic and Latin)"
        );
        assert_eq!(refused("\u{3A9}mega"), "a name may not mix scripts (Greek and Latin)");
        assert_eq!(
            refused("Dmitr\u{438}\u{439}"),
            "a name may not mix scripts (Latin and Cyrillic)"
        );
        assert_eq!(
            refused("\u{418}\u{432}\u{430}\u{43D} Ivan"),
            "a name may not mix scripts (Cyrillic and Latin)"
        );
        // Latin with an Arabic-Indic digit; Latin with Arabic (moderately restrictive).
        assert_eq!(refused("Bob\u{663}"), "a name may not mix scripts (Latin and Arabic)");
        assert_eq!(
            refused("Bob \u{645}\u{62D}\u{645}\u{62F}"),
            "a name may not mix scripts (Latin and Arabic)"
        );
        // Japanese kana with Hangul.
        assert_eq!(
            refused("\u{3084}\u{307E}\u{3060}\u{AE40}"),
            "a name may not mix scripts (Hiragana and Hangul)"
        );
        for name in [
            "Zo\u{EB}-O'Neil",
            "Ann Lee",
            "Jos\u{E9}",
            "\u{414}\u{43C}\u{438}\u{442}\u{440}\u{438}\u{439}", // Дмитрий
            "\u{414}\u{43C}\u{438}\u{442}\u{440}\u{438}\u{439}2", // Дмитрий2: digits go with any script
            "\u{418}\u{432}\u{430}\u{43D}-\u{41F}\u{435}\u{442}\u{440}\u{43E}\u{432}", // Иван-Петров
            "\u{3A9}\u{3BC}\u{3AD}\u{3B3}\u{3B1}",               // Ωμέγα
            "\u{5C71}\u{7530}\u{592A}\u{90CE}",                  // 山田太郎
            "\u{5C71}\u{7530}\u{305F}\u{308D}\u{3046}",          // 山田たろう: Han + Hiragana
            "\u{5C71}\u{7530}Taro",                              // Latin + Han
            "\u{3084}\u{307E}\u{3060} Taro",                     // Latin + Hiragana
            "\u{AE40}\u{6C11}\u{79C0} Kim",                      // Latin + Hangul + Han
            "\u{645}\u{62D}\u{645}\u{62F}7",                     // محمد7
            "\u{5D3}\u{5D5}\u{5D3}",                             // דוד
            "\u{10DC}\u{10D8}\u{10DC}\u{10DD}",                  // ნინო
        ] {
            assert_eq!(validate_name(name).unwrap(), name);
        }
    }

    #[test]
    fn whole_script_look_alikes_are_ordinary_names() {
        // All in one script, so no mix: common Russian, Greek and Armenian names that happen to be
        // made of letters that look Latin.
        for name in [
            "\u{412}\u{435}\u{440}\u{430}", // Вера
            "\u{420}\u{43E}\u{43C}\u{430}", // Рома
            "\u{421}\u{43E}\u{441}\u{43E}", // Сосо
            "\u{392}\u{39F}\u{392}",        // ΒΟΒ
        ] {
            assert_eq!(validate_name(name).unwrap(), name);
        }
        for name in [
            "\u{410}\u{43D}\u{43D}\u{430}",                             // Анна
            "\u{421}\u{435}\u{440}\u{433}\u{435}\u{439}",               // Сергей
            "\u{3A3}\u{3C9}\u{3BA}\u{3C1}\u{3AC}\u{3C4}\u{3B7}\u{3C2}", // Σωκράτης
            "\u{30A8}\u{30EA}",                                         // エリ
        ] {
            assert_eq!(validate_name(name).unwrap(), name);
        }
    }
}
