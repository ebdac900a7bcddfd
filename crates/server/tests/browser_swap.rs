//! Browser test (a real headless Chromium against the real server) of the swap rule: offered to
//! the second player after the first move, with its explanation, taken by a click (a button where
//! moves are whole, a step of its own in Krux), after which the page's player moves the first
//! player's pieces under their name.

mod common;

#[path = "common/clicks.rs"]
mod clicks;
#[path = "common/webdriver.rs"]
mod webdriver;

use clicks::{clicks_of, MoveInput};
use common::{first_legal, TestServer};
use serde_json::{json, Value};
use webdriver::*;

const GAME_TURN: &str = "(window.arbiter.step && !window.arbiter.step.busy && window.arbiter.step.turn)";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_second_player_swaps_on_the_page_and_then_moves_the_first_sides_pieces() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    // Krux: White's first turn may be its ring alone.
    for (game, opening) in [("void", None), ("krux", Some("@p"))] {
        let view: Value = t
            .create(json!({
                "game": game,
                "options": "swap=on",
                "players": [{"kind": "human"}, {"kind": "human"}],
            }))
            .await;
        let id = view["id"].as_str().unwrap().to_string();
        let [first, second] = [0, 1].map(|i| view["sides"][i]["name"].as_str().unwrap().to_string());
        assert_eq!(view["options"], "swap=on");
        let opening = opening.map_or_else(|| first_legal(&view), str::to_string);
        let after = t.play(&id, &first, &opening).await;

        let profile = tempfile::tempdir().unwrap();
        let b = open_game_page(&driver, &t, profile.path(), &id).await;
        let button = if game == "krux" {
            ".token-choice[data-token='swap']"
        } else {
            "button[data-move='swap']"
        };
        b.wait_for(&format!("document.querySelector(\"{button}\")"), "the swap offered")
            .await;
        if game == "void" {
            let told = text_of(&b, ".swap-offer").await;
            assert!(
                told.contains(&format!("take over {}'s side", capital(&first))) && told.contains("moves next"),
                "{game}: {told}"
            );
        }
        b.screenshot(&artifact(&format!("swap-offered-{game}.png"))).await;

        let spec = format!("{game}:swap=on");
        let position = after["position"].as_str().unwrap();
        let clicks = clicks_of(&t, &spec, position, "swap").await;
        let input = MoveInput {
            turn: GAME_TURN,
            entered: "window.arbiter.view.ply === 2",
        };
        if game == "krux" {
            input.click_steps(&b, &clicks).await;
        } else {
            b.click_css(button).await;
            b.wait_for(input.entered, "the swap played").await;
        }
        let view = b.eval("return window.arbiter.view").await;
        assert_eq!(view["moves"][1], "swap", "{game}");
        assert_eq!(view["to_move"], "first", "{game}: the first player moves again");
        assert_eq!(
            view["sides"][0]["name"],
            json!(second),
            "{game}: and plays {second} now"
        );
        assert_eq!(view["sides"][0]["plays"], "second", "{game}");
        assert_eq!(view["sides"][1]["name"], json!(first), "{game}");
        assert!(view["position"].as_str().unwrap().ends_with(" swapped"), "{game}");

        // The page's player now moves the second side's pieces: they are the selectable ones.
        let played = "window.arbiter.view.ply === 3";
        let input = MoveInput {
            turn: GAME_TURN,
            entered: played,
        };
        if game == "krux" {
            // Black's piece 2 on its first turn: a ring first.
            b.click_css(".turn-controls .token-choice").await;
            b.wait_for("window.arbiter.step.tokens.length === 1", "ring chosen")
                .await;
            for _ in 0..4 {
                if b.eval("return window.arbiter.step.turn.can_finish").await == json!(true) {
                    break;
                }
                input.step(&b, ".hit.token", ".turn-controls .choice-button").await;
            }
            b.wait_for("window.arbiter.step.turn.can_finish", "turn may end").await;
            b.click_css("#end-turn").await;
        } else {
            b.click_css(".hit.selectable").await;
            input.step(&b, ".hit.dest", ".hit.choice").await;
        }
        b.wait_for(played, "a move of the second side's pieces").await;
        b.screenshot(&artifact(&format!("swap-taken-{game}.png"))).await;
        b.quit().await;
    }
    assert_no_csp_violations(&t).await;
}

/// Krux's new-game form offers its named rule sets among its folded options, with what each is for:
/// the rules text, or the recommended set (the catalog says which options), which the game then has.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn krux_offers_its_rule_sets_on_the_new_game_form() {
    require_chromium();
    let _serial = SERIAL.lock().await;
    let t = TestServer::new().await;
    let driver = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let b = driver.browser(profile.path()).await;
    b.goto(&t.url("/")).await;
    b.click_css("#pick-krux").await;
    let catalog = t.get("/api/catalog").await.1;
    let krux = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "krux")
        .unwrap()
        .clone();
    let sets = krux["rule_sets"].as_array().unwrap();
    let recommended = sets
        .iter()
        .position(|s| s["name"] == "Recommended rules")
        .expect("a recommended set");
    let written = sets
        .iter()
        .position(|s| s["options"] == "")
        .expect("the rules as written");
    // Chosen at first: the recommended set if the measurements recommend it, else the rules text.
    let first = if sets[recommended]["recommended"] == true {
        recommended
    } else {
        written
    };
    let summary = text_of(&b, "#variant-options summary").await;
    assert_eq!(summary, format!("Rules: {}", sets[first]["name"].as_str().unwrap()));
    b.click_css("#variant-options summary").await;
    b.click_css(&format!("#rule-set option[value='{recommended}']")).await;
    b.wait_for(
        "document.querySelector('#variant-options summary').textContent === 'Rules: Recommended rules'",
        "the recommended set chosen",
    )
    .await;
    let about = text_of(&b, "#rule-set-about").await;
    assert_eq!(about, sets[recommended]["about"].as_str().unwrap());
    let recommended_options = sets[recommended]["options"].as_str().unwrap();
    assert_eq!(
        b.eval("return document.getElementById('opt-swap').checked").await,
        json!(recommended_options.split(',').any(|o| o == "swap=on"))
    );
    // Changing one option makes it the player's own choice.
    let other_setup = if recommended_options.contains("setup=facing") {
        "centre"
    } else {
        "facing"
    };
    b.click_css(&format!("#opt-setup option[value='{other_setup}']")).await;
    b.wait_for(
        &format!(
            "document.querySelector('#variant-options summary').textContent.startsWith('Variant: setup {other_setup}')"
        ),
        "a choice of one's own",
    )
    .await;
    assert_eq!(
        b.eval("return document.getElementById('rule-set').value").await,
        json!("custom")
    );
    b.click_css(&format!("#rule-set option[value='{recommended}']")).await;
    b.screenshot(&artifact("krux-rule-sets.png")).await;
    b.click_css("#who-computer").await;
    b.click_css("#start-game").await;
    b.wait_for(
        "location.pathname.startsWith('/game/') && window.arbiter && window.arbiter.view",
        "the game page",
    )
    .await;
    let view = b.eval("return window.arbiter.view").await;
    assert_eq!(view["game"], "krux");
    let mut options: Vec<&str> = view["options"].as_str().unwrap().split(',').collect();
    options.sort();
    let mut expected: Vec<&str> = recommended_options.split(',').collect();
    expected.sort();
    assert!(!expected[0].is_empty(), "the recommended set changes the rules");
    assert_eq!(options, expected, "{view}");
    b.quit().await;
    assert_no_csp_violations(&t).await;
}

fn capital(word: &str) -> String {
    arbiter_core::story::capitalised(word)
}
