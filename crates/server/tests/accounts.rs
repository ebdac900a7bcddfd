//! Accounts: an anonymous player keeps their identity with a username and a password, signs in on
//! another device as the same player, signs out (one device or all), changes the password, deletes
//! the account; sign-ins never tell which usernames exist, and password checks are limited per
//! address and per account.

mod common;

use arbiter_server::Limits;
use common::{client_with_token, code, TestServer};
use serde_json::{json, Value};

const HUMANS: fn() -> Value = || json!([{"kind": "human"}, {"kind": "human"}]);

/// Signs in from a new device: the answer's status, body, and the token it gave.
async fn sign_in(t: &TestServer, username: &str, password: &str) -> (u16, Value, Option<String>) {
    let (s, body) = t
        .send_as(
            None,
            "POST",
            "/api/login",
            Some(json!({"username": username, "password": password})),
        )
        .await;
    let token = body["token"].as_str().map(str::to_string);
    (s, body, token)
}

async fn me(t: &TestServer, token: &str) -> (u16, Value) {
    t.send_as(Some(token), "GET", "/api/me", None).await
}

#[tokio::test]
async fn a_player_with_an_account_is_the_same_player_on_another_device() {
    let t = TestServer::new().await;
    let game = t.create(json!({"game": "void", "players": HUMANS()})).await;
    let (s, mine) = t.get("/api/me").await;
    assert_eq!((s, &mine["username"]), (200, &Value::Null), "anonymous: {mine}");

    let (s, made) = t
        .post(
            "/api/account",
            json!({"username": "Ada_L", "password": "analytical engine"}),
        )
        .await;
    assert_eq!(s, 200, "{made}");
    assert_eq!(made["username"], "Ada_L");
    assert_eq!(made["name"], "Ada_L", "a player without a name takes the username");
    assert_eq!(made["id"], mine["id"]);

    // Another device: any spelling that looks the same finds the account.
    let (s, signed, second) = sign_in(&t, "ada_l", "analytical engine").await;
    assert_eq!(s, 200, "{signed}");
    let second = second.expect("a token");
    assert_ne!(second, t.token, "each device its own token");
    assert_eq!(signed["id"], mine["id"]);
    let (s, there) = me(&t, &second).await;
    assert_eq!((s, &there["username"]), (200, &json!("Ada_L")), "{there}");
    // The same games, and the seats are theirs there too.
    let (_, games) = t.send_as(Some(&second), "GET", "/api/games?mine=true", None).await;
    let ids: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["id"].as_str())
        .collect();
    assert!(ids.contains(&game["id"].as_str().unwrap()), "{games}");
    let id = game["id"].as_str().unwrap();
    let mv = common::first_legal(&game);
    let (s, played) = t
        .send_as(
            Some(&second),
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"move": mv})),
        )
        .await;
    assert_eq!(s, 200, "{played}");
    // The sign-in answer sets the cookie too (HttpOnly, as the first one).
    let response = reqwest::Client::new()
        .post(t.url("/api/login"))
        .json(&json!({"username": "Ada_L", "password": "analytical engine"}))
        .send()
        .await
        .unwrap();
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(
        cookie.starts_with("arbiter_token=") && cookie.contains("HttpOnly"),
        "{cookie}"
    );
}

#[tokio::test]
async fn bad_accounts_are_refused_with_reasons() {
    let t = TestServer::new().await;
    let account = |username: &str, password: &str| json!({"username": username, "password": password});
    for (body, status, expected) in [
        (account("ab", "long enough"), 400, "bad_username"),
        (account("Аda", "long enough"), 400, "bad_username"),
        (account("ada", "short"), 400, "bad_password"),
        (account("adalovelace", "AdaLovelace"), 400, "bad_password"),
        (json!({"username": "ada"}), 400, "bad_request_body"),
    ] {
        let (s, e) = t.post("/api/account", body.clone()).await;
        assert_eq!((s, code(&e)), (status, expected), "{body}: {e}");
        assert!(!e["error"]["message"].as_str().unwrap().is_empty());
    }
    let (s, e) = t
        .send_as(None, "POST", "/api/account", Some(account("ada", "long enough")))
        .await;
    assert_eq!(
        (s, code(&e)),
        (401, "unauthorized"),
        "an account is made for a player: {e}"
    );
    let (s, _) = t.post("/api/account", account("Ada", "long enough")).await;
    assert_eq!(s, 200);
    let (s, e) = t.post("/api/account", account("Grace", "long enough")).await;
    assert_eq!((s, code(&e)), (409, "has_account"), "{e}");
    // Taken, also in another spelling that looks the same.
    let other = t.new_player().await;
    for taken in ["ada", "ADA"] {
        let (s, e) = t
            .send_as(
                Some(&other),
                "POST",
                "/api/account",
                Some(account(taken, "long enough")),
            )
            .await;
        assert_eq!((s, code(&e)), (409, "username_taken"), "{taken}: {e}");
    }
    let (s, _) = t
        .send_as(
            Some(&other),
            "POST",
            "/api/account",
            Some(account("Adam", "long enough")),
        )
        .await;
    assert_eq!(s, 200);
    // Signing out an anonymous player would lose them.
    let anonymous = t.new_player().await;
    let (s, e) = t.send_as(Some(&anonymous), "POST", "/api/logout", None).await;
    assert_eq!((s, code(&e)), (409, "no_account"), "{e}");
    assert_eq!(me(&t, &anonymous).await.0, 200, "still there");
}

#[tokio::test]
async fn a_sign_in_never_tells_whether_the_username_exists() {
    let t = TestServer::new().await;
    t.post("/api/account", json!({"username": "ada", "password": "long enough"}))
        .await;
    let (s1, wrong, _) = sign_in(&t, "ada", "not the password").await;
    let (s2, unknown, _) = sign_in(&t, "nobody-here", "not the password").await;
    let (s3, malformed, _) = sign_in(&t, "x", "not the password").await;
    assert_eq!((s1, s2, s3), (401, 401, 401));
    assert_eq!(wrong, unknown);
    assert_eq!(wrong, malformed);
    assert_eq!(code(&wrong), "bad_login");
}

#[tokio::test]
async fn signing_out_revokes_one_device_or_all() {
    let t = TestServer::new().await;
    t.post("/api/account", json!({"username": "ada", "password": "long enough"}))
        .await;
    let (_, _, laptop) = sign_in(&t, "ada", "long enough").await;
    let (_, _, phone) = sign_in(&t, "ada", "long enough").await;
    let (laptop, phone) = (laptop.unwrap(), phone.unwrap());
    assert_eq!(me(&t, &laptop).await.0, 200);

    // The laptop signs out: its token is refused at once; the others still work.
    let (s, body) = t.send_as(Some(&laptop), "POST", "/api/logout", None).await;
    assert_eq!(s, 200, "{body}");
    let (s, e) = me(&t, &laptop).await;
    assert_eq!((s, code(&e)), (401, "unauthorized"), "{e}");
    assert_eq!(me(&t, &phone).await.0, 200);
    assert_eq!(me(&t, &t.token).await.0, 200, "the first device's token");

    // The phone signs out everywhere: every token is refused, the first one too.
    let (s, body) = t.send_as(Some(&phone), "POST", "/api/logout/everywhere", None).await;
    assert_eq!(s, 200, "{body}");
    for token in [&phone, &t.token] {
        assert_eq!(me(&t, token).await.0, 401);
    }
    // Signing in again works, and is the same player.
    let (s, again, _) = sign_in(&t, "ada", "long enough").await;
    assert_eq!((s, &again["username"]), (200, &json!("ada")));
}

#[tokio::test]
async fn a_new_password_signs_out_the_other_devices() {
    let t = TestServer::new().await;
    t.post("/api/account", json!({"username": "ada", "password": "first password"}))
        .await;
    let (_, _, other) = sign_in(&t, "ada", "first password").await;
    let other = other.unwrap();
    let change = |current: &str, new: &str| json!({"current": current, "new": new});
    let (s, e) = t
        .post("/api/account/password", change("wrong one!", "second password"))
        .await;
    assert_eq!((s, code(&e)), (403, "wrong_password"), "{e}");
    let (s, e) = t.post("/api/account/password", change("first password", "short")).await;
    assert_eq!((s, code(&e)), (400, "bad_password"), "{e}");
    let (s, body) = t
        .post("/api/account/password", change("first password", "second password"))
        .await;
    assert_eq!(s, 200, "{body}");
    assert_eq!(me(&t, &t.token).await.0, 200, "this device stays signed in");
    assert_eq!(me(&t, &other).await.0, 401, "the others are signed out");
    assert_eq!(sign_in(&t, "ada", "first password").await.0, 401);
    assert_eq!(sign_in(&t, "ada", "second password").await.0, 200);
}

#[tokio::test]
async fn a_deleted_account_leaves_its_games_to_a_deleted_player() {
    let t = TestServer::new().await;
    t.post("/api/account", json!({"username": "ada", "password": "long enough"}))
        .await;
    let game = t.create(json!({"game": "void", "players": HUMANS()})).await;
    let id = game["id"].as_str().unwrap();
    let (_, _, other) = sign_in(&t, "ada", "long enough").await;
    let (s, e) = t.post("/api/account/delete", json!({"password": "wrong one!"})).await;
    assert_eq!((s, code(&e)), (403, "wrong_password"), "{e}");
    let (s, body) = t.post("/api/account/delete", json!({"password": "long enough"})).await;
    assert_eq!(s, 200, "{body}");
    for token in [&t.token, &other.unwrap()] {
        assert_eq!(me(&t, token).await.0, 401);
    }
    assert_eq!(sign_in(&t, "ada", "long enough").await.0, 401);
    // The game stays, with the name kept for deleted players, which nobody may choose.
    let viewer = t.new_player().await;
    let (s, view) = t.send_as(Some(&viewer), "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(s, 200);
    let names: Vec<&str> = view["sides"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|side| side["player"]["name"].as_str())
        .collect();
    assert!(names.contains(&"deleted player"), "{view}");
    let (s, e) = t
        .send_as(
            Some(&viewer),
            "POST",
            "/api/me",
            Some(json!({"name": "Deleted Player"})),
        )
        .await;
    assert_eq!((s, code(&e)), (400, "bad_name"), "{e}");
    // The username is free again.
    let (s, _) = t
        .send_as(
            Some(&viewer),
            "POST",
            "/api/account",
            Some(json!({"username": "ada", "password": "long enough"})),
        )
        .await;
    assert_eq!(s, 200);
}

/// A guesser with many addresses (behind the trusted proxy) is slowed per account: five password
/// checks at once, then 429; another account is not slowed; one address is slowed on its own.
#[tokio::test]
async fn password_checks_are_limited_per_account_and_per_address() {
    let mut t = TestServer::with(
        arbiter_server::service::DEFAULT_CACHE_GAMES,
        Limits {
            logins_per_minute: Some(8),
            logins_per_account_per_hour: Some(20),
            ..Limits::none()
        },
    )
    .await;
    t.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    t.restart().await;
    t.post("/api/account", json!({"username": "ada", "password": "long enough"}))
        .await;
    let attempt = |from: String, username: &'static str| {
        let url = t.url("/api/login");
        async move {
            let r = reqwest::Client::new()
                .post(url)
                .header("x-forwarded-for", from)
                .json(&json!({"username": username, "password": "a guess at it"}))
                .send()
                .await
                .unwrap();
            let status = r.status().as_u16();
            let retry = r.headers().get("retry-after").is_some();
            (status, retry)
        }
    };
    for i in 0..5 {
        assert_eq!(attempt(format!("198.51.100.{i}"), "ada").await.0, 401, "attempt {i}");
    }
    let (status, retry) = attempt("198.51.100.77".into(), "ada").await;
    assert_eq!(
        (status, retry),
        (429, true),
        "the sixth guess at one account, from a new address"
    );
    assert_eq!(attempt("198.51.100.78".into(), "bob").await.0, 401, "another account");
    // One address: eight checks a minute, whatever the accounts.
    let mut statuses = Vec::new();
    for name in ["usr1", "usr2", "usr3", "usr4", "usr5", "usr6", "usr7", "usr8", "usr9"] {
        statuses.push(attempt("203.0.113.9".into(), name).await.0);
    }
    assert_eq!(statuses, [401, 401, 401, 401, 401, 401, 401, 401, 429]);
    let client = client_with_token(&t.token);
    assert_eq!(
        client.get(t.url("/api/me")).send().await.unwrap().status().as_u16(),
        200
    );
}
