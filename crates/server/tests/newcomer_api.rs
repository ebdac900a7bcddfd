//! What a newcomer meets through the API: a finished game stays finished (no undo after a
//! resignation or a win, against the computer or a person), resigning against the computer needs
//! no side named, and a game whose notation is hard to read (Krux) sends its moves in words.

mod common;

use common::{code, first_legal, TestServer};
use serde_json::{json, Value};

const HUMANS: fn() -> Value = || json!([{"kind": "human"}, {"kind": "human"}]);
const AGAINST_THE_COMPUTER: fn() -> Value = || json!([{"kind": "human"}, {"kind": "computer", "level": 1}]);

/// White's 1 (green) on d6 next to Black's 2 on d5: `Jd6` shoves 2 into the hole and wins.
const KRUX_WIN_IN_ONE: &str = "......6/...1g.../...2.../...*.../......./......./5.34... 1";
/// White's 1 wears blue, 3 green: 5's first turn, with the pink ring left.
const KRUX_PINK_FOR_5: &str = "....642/......./......./...*.../......./......./1b3g5.... 5";

fn id_of(view: &Value) -> String {
    view["id"].as_str().expect("an id").to_string()
}

/// A refusal of an undo or a takeback because the game is over: 409 `game_over`, said so.
fn assert_game_over(status: u16, body: &Value) {
    assert_eq!((status, code(body)), (409, "game_over"), "{body}");
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("the game is over: "), "{message}");
}

/// Against the computer, `{}` resigns the caller's own side: they hold the computer's side too
/// (they handed it over), but only one side is a person's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_against_the_computer_needs_no_side() {
    let t = TestServer::new().await;
    // The person plays first (Void: black).
    let view = t
        .create(json!({"game": "void", "players": AGAINST_THE_COMPUTER()}))
        .await;
    let id = id_of(&view);
    let (s, v) = t.post(&format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["ending"]["reason"], "resignation");
    assert_eq!(v["ending"]["winner"], "white", "black, the person, resigned");
    // The person plays second: the computer moves first, then `{}` resigns white.
    let view = t
        .create(json!({"game": "void", "players": [{"kind": "computer", "level": 1}, {"kind": "human"}]}))
        .await;
    let id = id_of(&view);
    t.wait_for_ply(&id, 1).await;
    let (s, v) = t.post(&format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["ending"]["winner"], "black", "white, the person, resigned");
    // Holding two sides that people play: say which.
    let view = t.create(json!({"game": "void", "players": HUMANS()})).await;
    let id = id_of(&view);
    let (s, e) = t.post(&format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!((s, code(&e)), (400, "bad_side"), "{e}");
    assert!(t.view(&id).await["ending"].is_null());
}

/// An undo after resigning against the computer is refused, and the resignation stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_undo_after_resigning_against_the_computer() {
    let t = TestServer::new().await;
    let view = t
        .create(json!({"game": "void", "players": AGAINST_THE_COMPUTER()}))
        .await;
    let id = id_of(&view);
    t.play(&id, "black", &first_legal(&view)).await;
    t.wait_for_ply(&id, 2).await;
    let (s, resigned) = t
        .post(&format!("/api/games/{id}/resign"), json!({"side": "black"}))
        .await;
    assert_eq!(s, 200, "{resigned}");
    let (s, e) = t.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_game_over(s, &e);
    let after = t.view(&id).await;
    assert_eq!(after["ending"], resigned["ending"], "the resignation stays");
    assert_eq!(after["ply"], 2);
}

/// A game won on the board against the computer cannot be undone either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_undo_after_winning_against_the_computer() {
    let t = TestServer::new().await;
    let view = t
        .create(json!({"game": "krux", "position": KRUX_WIN_IN_ONE, "players": AGAINST_THE_COMPUTER()}))
        .await;
    let id = id_of(&view);
    let won = t.play(&id, "white", "Jd6").await;
    assert_eq!(won["ending"]["winner"], "white", "{won}");
    let (s, e) = t.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_game_over(s, &e);
    let after = t.view(&id).await;
    assert_eq!(after["ending"], won["ending"]);
    assert_eq!((after["ply"].as_u64(), &after["position"]), (Some(1), &won["position"]));
}

/// Between two people, a finished game cannot be taken back: neither player may ask.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_takeback_request_once_a_game_between_people_is_over() {
    let t = TestServer::new().await;
    let view = t
        .create(json!({"game": "void", "players": HUMANS(), "open": "white"}))
        .await;
    let id = id_of(&view);
    let g = |path: &str| format!("/api/games/{id}{path}");
    let friend = t.new_player().await;
    let (s, v) = t
        .send_as(
            Some(&friend),
            "POST",
            &g("/claim"),
            Some(json!({"invite": view["invite"]})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let v = t.play(&id, "black", &first_legal(&v)).await;
    let (s, v) = t
        .send_as(
            Some(&friend),
            "POST",
            &g("/moves"),
            Some(json!({"move": first_legal(&v)})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, resigned) = t.send_as(Some(&friend), "POST", &g("/resign"), Some(json!({}))).await;
    assert_eq!((s, &resigned["ending"]["winner"]), (200, &json!("black")), "{resigned}");
    for token in [None, Some(friend.as_str())] {
        let (s, e) = match token {
            None => t.post(&g("/undo"), json!({})).await,
            Some(token) => t.send_as(Some(token), "POST", &g("/undo"), None).await,
        };
        assert_game_over(s, &e);
    }
    let after = t.view(&id).await;
    assert!(after["takeback"].is_null(), "no request was made: {after}");
    assert_eq!(after["ending"], resigned["ending"]);
}

/// Krux's moves come with their words, in step with the moves: after a move, after a restart (the
/// game replayed from the store), in a game loaded from its record, and gone with an undo. The
/// turn entered with two steps that change nothing is listed, and worded, without them. A game
/// whose notation is plain sends no words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn krux_moves_come_with_their_words() {
    let mut t = TestServer::new().await;
    let view = t
        .create(json!({"game": "krux", "position": KRUX_PINK_FOR_5, "players": HUMANS()}))
        .await;
    let id = id_of(&view);
    assert!(view.get("move_words").is_none(), "no moves, no words: {view}");
    let played = t.play(&id, "white", "@p,Xb1,b2,Xa1,b1,a1").await;
    let words = "Piece 5 (White) takes the pink ring, switches places with piece 3 on b1, steps to b2, \
                 then switches places with piece 1 on a1.";
    assert_eq!(played["moves"], json!(["@p,Xb1,b2,Xa1"]));
    assert_eq!(played["move_words"], json!([words]));
    let played = t.play(&id, "black", "@g").await;
    let both = json!([words, "Piece 6 (Black) takes the green ring."]);
    assert_eq!(played["move_words"], both);

    t.restart().await;
    let replayed = t.view(&id).await;
    assert_eq!(replayed["move_words"], both, "words after a restart");
    let (_, record) = t.get(&format!("/api/games/{id}/record")).await;
    let loaded = t.create(json!({"record": record, "players": HUMANS()})).await;
    assert_eq!(loaded["move_words"], both, "words of a loaded record");

    let (s, undone) = t.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(s, 200, "{undone}");
    assert_eq!(undone["move_words"], json!([words]));

    // The diagram's move explained says it in words too.
    let (s, d) = t
        .get(&format!(
            "/api/diagram?game=krux&position={}&move=@p,Xb1,b2,Xa1,b1,a1",
            KRUX_PINK_FOR_5.replace('/', "%2F").replace(' ', "%20")
        ))
        .await;
    assert_eq!(s, 200, "{d}");
    assert_eq!(d["move"]["words"], json!(words));

    let void = t.create(json!({"game": "void", "players": HUMANS()})).await;
    let void = t.play(&id_of(&void), "black", &first_legal(&void)).await;
    assert!(void.get("move_words").is_none(), "{void}");
}
