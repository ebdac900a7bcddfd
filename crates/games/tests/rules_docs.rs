//! The rules for players that every game carries (`docs/rules/<game>.md` and `.json`): every
//! diagram's position parses, every worked example is legal and leads exactly to the position
//! the text gives, the Markdown and the manifest name the same diagrams, the guided first game is
//! legal move by move, and nothing points outside the repository.

use arbiter_core::rules_docs::{RulesManifest, TutorialSide};
use std::collections::BTreeSet;

fn images(markdown: &str, game: &str) -> BTreeSet<String> {
    let prefix = format!("](img/{game}-");
    markdown
        .match_indices(&prefix)
        .map(|(i, _)| {
            let rest = &markdown[i + prefix.len()..];
            rest[..rest.find(".svg)").expect("an image ends with .svg)")].to_string()
        })
        .collect()
}

#[test]
fn every_game_has_rules_with_checked_diagrams_and_tutorial() {
    let registry = arbiter_games::registry();
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        let (markdown, manifest) = game.rules().unwrap_or_else(|| panic!("{name} has no rules"));
        assert!(
            !markdown.contains("../shared") && !markdown.contains("shared/rules"),
            "{name}: points outside"
        );
        let manifest = RulesManifest::parse(manifest).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ids: BTreeSet<String> = manifest.diagrams.iter().map(|d| d.id.clone()).collect();
        assert_eq!(ids.len(), manifest.diagrams.len(), "{name}: diagram ids are unique");
        assert_eq!(
            images(markdown, name),
            ids,
            "{name}: the text's images and the manifest's diagrams"
        );
        let mut examples = 0;
        for d in &manifest.diagrams {
            let mut session = game
                .new_session(&d.options, Some(&d.position))
                .unwrap_or_else(|e| panic!("{name} diagram {}: {e}", d.id));
            assert!(!d.caption.is_empty(), "{name} diagram {}", d.id);
            match (&d.example, &d.after) {
                (Some(mv), Some(after)) => {
                    examples += 1;
                    session
                        .play(mv)
                        .unwrap_or_else(|e| panic!("{name} diagram {}: {mv}: {e}", d.id));
                    assert_eq!(&session.position(), after, "{name} diagram {}: after {mv}", d.id);
                }
                (None, None) => {}
                _ => panic!(
                    "{name} diagram {}: an example needs both the move and the position after it",
                    d.id
                ),
            }
        }
        assert!(examples >= 1, "{name}: the worked examples are diagrams");
        let t = &manifest.tutorial;
        let mut session = game
            .new_session(&t.options, t.position.as_deref())
            .unwrap_or_else(|e| panic!("{name} tutorial: {e}"));
        assert!(t.steps.len() >= 4, "{name}: a tutorial of a few moves");
        assert!(
            t.steps.iter().any(|s| s.by == TutorialSide::You),
            "{name}: the learner plays"
        );
        for (i, step) in t.steps.iter().enumerate() {
            assert!(!step.say.is_empty(), "{name} tutorial step {i}");
            session
                .play(&step.mv)
                .unwrap_or_else(|e| panic!("{name} tutorial step {i} ({}): {e}", step.mv));
        }
    }
}
