//! Entering moves on a page as a person does, for the browser tests of the game page and the puzzle page:
//! what the server says a person clicks for a move (`/api/diagram?move=…`), the cells of a whole move
//! clicked, the steps of a turn built step by step taken one at a time (a choice among several steps on one
//! cell, a step with no cell, "End turn").

#![allow(dead_code)]

use crate::common::TestServer;
use crate::webdriver::Browser;
use serde_json::{json, Value};

/// Percent-encodes a query parameter.
pub fn enc(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The server's Diagram of a position of `game` (`name` or `name:options`), with a move's clicks when
/// `mv` is given.
pub async fn diagram(t: &TestServer, game: &str, position: Option<&str>, mv: Option<&str>) -> Value {
    let mut path = format!("/api/diagram?game={}", enc(game));
    if let Some(p) = position {
        path += &format!("&position={}", enc(p));
    }
    if let Some(m) = mv {
        path += &format!("&move={}", enc(m));
    }
    let (status, body) = t.get(&path).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// What a person clicks for `notation` in `position` of `game` (`name` or `name:options`), as the server says.
pub async fn clicks_of(t: &TestServer, game: &str, position: &str, notation: &str) -> Vec<Value> {
    let d = diagram(t, game, Some(position), Some(notation)).await;
    d["move"]["clicks"].as_array().expect("clicks").clone()
}

/// A page's move input, as the JavaScript expressions the clicks wait on.
pub struct MoveInput<'a> {
    /// The turn being built step by step (a PartialTurn) once the input is ready for another step; falsy
    /// while it waits for the server (or where moves are whole).
    pub turn: &'a str,
    /// True once the move is entered.
    pub entered: &'a str,
}

impl MoveInput<'_> {
    /// Clicks the cells of a whole move (`clicks`), until the move is entered; waits for it.
    pub async fn click_cells(&self, b: &Browser, clicks: &[Value]) {
        let entered = self.entered;
        for click in clicks {
            if b.eval(&format!("return !!({entered})")).await == json!(true) {
                break;
            }
            let cell = click["cell"].as_str().expect("a cell");
            b.click_css(&format!(".hit[data-cell='{cell}']")).await;
        }
        b.wait_for(entered, "the move entered").await;
    }

    /// Takes one step of the turn: clicks `css` (a marked cell, a step's button), then `choice` when the
    /// page offers it (several steps on the clicked cell; where moves are whole, several moves to it); waits
    /// until the step is taken or the move entered.
    pub async fn step(&self, b: &Browser, css: &str, choice: &str) {
        let (turn, entered) = (self.turn, self.entered);
        let done = b
            .eval(&format!("const t = {turn}; return t ? t.tokens.length : 0"))
            .await
            .as_u64()
            .unwrap();
        let progressed = format!("({entered}) || (({turn}) && ({turn}).tokens.length > {done})");
        b.click_css(css).await;
        let quoted = serde_json::to_string(choice).unwrap();
        let offered = b
            .wait_for(
                &format!("({progressed}) || document.querySelector({quoted})"),
                "the step taken or offered",
            )
            .await;
        if offered.is_object() {
            b.click_css(choice).await;
        }
        b.wait_for(&progressed, "the step taken").await;
    }

    /// Enters a turn step by step by its `clicks` (each a step's token, on a cell or on a button), then
    /// "End turn" unless a step won by itself; waits until the move is entered.
    pub async fn click_steps(&self, b: &Browser, clicks: &[Value]) {
        let (turn, entered) = (self.turn, self.entered);
        for click in clicks {
            let token = click["token"].as_str().expect("a step's token");
            let css = match click["cell"].as_str() {
                Some(cell) => format!(".hit[data-cell='{cell}']"),
                None => format!(".token-choice[data-token='{token}']"),
            };
            self.step(b, &css, &format!(".choice-button[data-token='{token}']"))
                .await;
        }
        let state = b
            .wait_for(
                &format!(
                    "(({entered}) && 'entered') \
                     || (({turn}) && !({turn}).won && ({turn}).can_finish && 'finish')"
                ),
                "the turn entered",
            )
            .await;
        if state == json!("finish") {
            b.click_css("#end-turn").await;
        }
        b.wait_for(entered, "the turn entered").await;
    }
}
