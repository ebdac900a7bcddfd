//! Hints in games between two people: only where the creator allowed them, said in the game's view
//! (and a challenge's, before anyone accepts it); against the computer, or alone at both sides,
//! always.

mod common;

use common::{code, first_legal, TestServer};
use serde_json::{json, Value};

const HUMANS: fn() -> Value = || json!([{"kind": "human"}, {"kind": "human"}]);

/// A Void game between the test's player (black, the creator) and a friend (white, by invite),
/// created with `extra` fields; the view before the friend joins, and the friend's token.
async fn with_a_friend(t: &TestServer, extra: Value) -> (Value, String) {
    let mut body = json!({"game": "void", "players": HUMANS(), "open": "white"});
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let view = t.create(body).await;
    let (friend, _) = t
        .claim_as_new_player(view["id"].as_str().unwrap(), &view["invite"])
        .await;
    (view, friend)
}

#[tokio::test]
async fn hints_between_two_people_only_where_the_creator_allowed_them() {
    let t = TestServer::new().await;
    // Not allowed (the default): refused to both players, before and after the friend joins.
    let (view, friend) = with_a_friend(&t, json!({})).await;
    assert_eq!(view["hints"], false, "the invitee sees it before joining");
    let id = view["id"].as_str().unwrap();
    let hint = format!("/api/games/{id}/hint");
    let (s, e) = t.get(&hint).await;
    assert_eq!((s, code(&e)), (403, "hints_off"), "{e}");
    assert!(
        e["error"]["message"].as_str().unwrap().contains("did not allow them"),
        "{e}"
    );
    t.play(id, "black", &first_legal(&view)).await;
    let (s, e) = t.send_as(Some(&friend), "GET", &hint, None).await;
    assert_eq!((s, code(&e)), (403, "hints_off"), "{e}");
    assert_eq!(t.view(id).await["hints"], false);

    // Allowed: both players get hints.
    let (view, friend) = with_a_friend(&t, json!({"hints": true})).await;
    assert_eq!(view["hints"], true);
    let id = view["id"].as_str().unwrap();
    let hint = format!("/api/games/{id}/hint");
    let (s, h) = t.get(&hint).await;
    assert_eq!(s, 200, "{h}");
    t.play(id, "black", h["best"].as_str().unwrap()).await;
    let (s, h) = t.send_as(Some(&friend), "GET", &hint, None).await;
    assert_eq!(s, 200, "{h}");

    // Alone at both sides, or against the computer: always.
    for players in [HUMANS(), json!([{"kind": "human"}, {"kind": "computer", "level": 1}])] {
        let view = t.create(json!({"game": "void", "players": players})).await;
        assert_eq!(view["hints"], true);
        let (s, h) = t
            .get(&format!("/api/games/{}/hint", view["id"].as_str().unwrap()))
            .await;
        assert_eq!(s, 200, "{h}");
    }
}

#[tokio::test]
async fn a_challenge_says_whether_its_game_allows_hints_and_the_game_keeps_it() {
    let t = TestServer::new().await;
    for allowed in [false, true] {
        let (s, challenge) = t
            .post(
                "/api/challenges",
                json!({"game": "void", "colour": "first", "hints": allowed}),
            )
            .await;
        assert_eq!(s, 200, "{challenge}");
        assert_eq!(challenge["hints"], allowed);
        let taker = t.new_player().await;
        let (_, listed) = t.send_as(Some(&taker), "GET", "/api/challenges", None).await;
        let shown = listed
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == challenge["id"])
            .expect("listed")
            .clone();
        assert_eq!(shown["hints"], allowed, "seen before accepting");
        let accept = format!("/api/challenges/{}/accept", challenge["id"].as_str().unwrap());
        let (s, game) = t.send_as(Some(&taker), "POST", &accept, None).await;
        assert_eq!(s, 200, "{game}");
        assert_eq!(game["hints"], allowed);
        let (s, e) = t
            .get(&format!("/api/games/{}/hint", game["id"].as_str().unwrap()))
            .await;
        if allowed {
            assert_eq!(s, 200, "{e}");
        } else {
            assert_eq!((s, code(&e)), (403, "hints_off"));
        }
    }
}
