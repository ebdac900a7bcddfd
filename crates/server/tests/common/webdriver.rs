//! Browser-test helpers on top of the `fantoccini` WebDriver client: chromedriver and Chromium start-up,
//! and the few page operations the browser tests use.

#![allow(dead_code)]

use crate::common::TestServer;
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A page element.
pub use fantoccini::elements::Element;

/// Where Debian puts Chromium and its driver.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Debian's chromedriver.
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// How long `find` waits for an element to appear.
const FIND_TIMEOUT: Duration = Duration::from_secs(10);
/// How often waits poll the page.
const POLL: Duration = Duration::from_millis(50);

/// Are Chromium and chromedriver installed?
pub fn available() -> bool {
    Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists()
}

/// A running chromedriver, killed on drop.
pub struct Driver {
    child: Child,
    pub url: String,
}

impl Drop for Driver {
    /// Ends chromedriver and every browser it started (they share its process group), also after a failure.
    fn drop(&mut self) {
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Driver {
    /// Starts chromedriver on a free port and waits until it accepts connections.
    pub async fn start() -> Driver {
        let port = free_port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return driver;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("chromedriver did not become ready");
    }

    /// Opens a headless Chromium with a fresh profile.
    pub async fn browser(&self, profile: &Path) -> Browser {
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1400,950",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([format!("--user-data-dir={}", profile.display())])
        .collect::<Vec<_>>();
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
            // Keeps the console's messages for `Browser::console`.
            "goog:loggingPrefs": {"browser": "ALL"}
        });
        let caps = caps.as_object().expect("capabilities object").clone();
        // chromedriver speaks plain HTTP on localhost: no TLS needed.
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&self.url)
            .await
            .unwrap_or_else(|e| panic!("new session: {e}"));
        Browser { client }
    }
}

/// chromedriver's command for the browser's log (the console's messages, failed loads), which
/// WebDriver itself does not have.
#[derive(Debug)]
struct BrowserLog;

impl fantoccini::wd::WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &reqwest::Url,
        session_id: Option<&str>,
    ) -> Result<reqwest::Url, <reqwest::Url as std::str::FromStr>::Err> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &reqwest::Url) -> (axum::http::Method, Option<String>) {
        (axum::http::Method::POST, Some(r#"{"type":"browser"}"#.to_string()))
    }
}

/// One browser session.
pub struct Browser {
    client: Client,
}

impl Browser {
    /// Goes to a URL.
    pub async fn goto(&self, url: &str) {
        self.client
            .goto(url)
            .await
            .unwrap_or_else(|e| panic!("goto {url}: {e}"));
    }

    /// Sets a cookie for the site at `base` (the browser goes there first: a cookie belongs to the page's
    /// site). HttpOnly, as the server sets its own.
    pub async fn set_cookie(&self, base: &str, name: &str, value: &str) {
        self.goto(&format!("{base}/static/favicon.svg")).await;
        // chromedriver wants the domain spelled out (the page's host).
        let host = base
            .split("://")
            .nth(1)
            .and_then(|rest| rest.split([':', '/']).next())
            .unwrap_or("127.0.0.1")
            .to_string();
        let cookie = fantoccini::cookies::Cookie::parse(format!(
            "{name}={value}; Domain={host}; Path=/; HttpOnly; SameSite=Lax"
        ))
        .unwrap_or_else(|e| panic!("the cookie {name}: {e}"));
        self.client
            .add_cookie(cookie)
            .await
            .unwrap_or_else(|e| panic!("setting the cookie {name} failed: {e}"));
    }

    /// The page's current address.
    pub async fn url(&self) -> String {
        self.client
            .current_url()
            .await
            .unwrap_or_else(|e| panic!("current url: {e}"))
            .to_string()
    }

    /// Runs a script (its `return` value comes back).
    pub async fn eval(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Every element matching a CSS selector.
    pub async fn find_all(&self, css: &str) -> Vec<Element> {
        self.client
            .find_all(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("find_all {css}: {e}"))
    }

    /// Waits for an element matching `css` and returns it.
    pub async fn find(&self, css: &str) -> Element {
        self.client
            .wait()
            .at_most(FIND_TIMEOUT)
            .every(POLL)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element matches {css}: {e}"))
    }

    /// Clicks an element as a user would (scrolls it into view, real pointer events).
    pub async fn click(&self, element: &Element) {
        element.click().await.unwrap_or_else(|e| panic!("click failed: {e}"));
    }

    /// Types into the form `form`'s fields (`[name, text]`) and submits it.
    pub async fn fill_and_submit(&self, form: &str, fields: &[(&str, &str)]) {
        for (name, text) in fields {
            self.find(&format!("#{form} input[name='{name}']"))
                .await
                .send_keys(text)
                .await
                .expect("typing");
        }
        self.click_css(&format!("#{form} button[type='submit']")).await;
    }

    /// Finds and clicks; finds again if the page redrew the element in between. An element under
    /// something else (the sticky top bar, after the page scrolled) is brought to the middle of the window
    /// and clicked again.
    pub async fn click_css(&self, css: &str) {
        for _ in 0..5 {
            let e = self.find(css).await;
            match e.click().await {
                Ok(()) => return,
                Err(e) if e.is_stale_element_reference() => tokio::time::sleep(POLL).await,
                Err(e) if e.to_string().contains("element click intercepted") => {
                    let css = serde_json::to_string(css).expect("a string");
                    self.eval(&format!(
                        "const e = document.querySelector({css}); if (e) e.scrollIntoView({{block: 'center'}}); return null"
                    ))
                    .await;
                    tokio::time::sleep(POLL).await;
                }
                Err(e) => panic!("click on {css} failed: {e}"),
            }
        }
        panic!("{css} kept being redrawn or covered: no click");
    }

    /// Moves the mouse over an element (hover effects).
    pub async fn hover(&self, element: &Element) {
        let mouse = MouseActions::new("mouse".to_string()).then(PointerAction::MoveToElement {
            element: element.clone(),
            duration: Some(Duration::ZERO),
            x: 0.0,
            y: 0.0,
        });
        self.client
            .perform_actions(mouse)
            .await
            .unwrap_or_else(|e| panic!("hover failed: {e}"));
    }

    /// Clicks with the mouse at the point (x, y) of the window (CSS pixels from its top left corner,
    /// rounded: WebDriver takes whole pixels), whatever element is there: a press and a release, as a
    /// person's click.
    pub async fn click_at(&self, x: f64, y: f64) {
        let (x, y) = (x.round(), y.round());
        let mouse = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveTo {
                duration: Some(Duration::ZERO),
                x,
                y,
            })
            .then(PointerAction::Down {
                button: fantoccini::actions::MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: fantoccini::actions::MOUSE_BUTTON_LEFT,
            });
        self.client
            .perform_actions(mouse)
            .await
            .unwrap_or_else(|e| panic!("click at ({x}, {y}) failed: {e}"));
    }

    /// Accepts a confirm dialog (waiting a little for it to open).
    pub async fn accept_alert(&self) {
        for _ in 0..50 {
            match self.client.accept_alert().await {
                Ok(()) => return,
                Err(e) if e.is_no_such_alert() => tokio::time::sleep(POLL).await,
                Err(e) => panic!("accepting the dialog failed: {e}"),
            }
        }
        panic!("no dialog to accept");
    }

    /// Waits until `script` (an expression) is truthy; returns its value.
    pub async fn wait_for(&self, expression: &str, what: &str) -> Value {
        let script = format!("try {{ return ({expression}); }} catch (e) {{ return null; }}");
        for _ in 0..600 {
            let v = self.eval(&script).await;
            if !(v.is_null() || v == json!(false) || v == json!(0) || v == json!("")) {
                return v;
            }
            tokio::time::sleep(POLL).await;
        }
        panic!("timed out waiting for {what} ({expression})");
    }

    /// Resizes the browser window (the page's viewport in headless Chromium).
    pub async fn set_size(&self, width: u32, height: u32) {
        self.client
            .set_window_size(width, height)
            .await
            .unwrap_or_else(|e| panic!("resizing the window failed: {e}"));
    }

    /// The bounding box `[left, top, width, height]` of the first element matching `css`, if any.
    pub async fn rect(&self, css: &str) -> Option<[f64; 4]> {
        let css = serde_json::to_string(css).expect("a string");
        let v = self
            .eval(&format!(
                "const e = document.querySelector({css}); if (!e) return null; \
                 const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height];"
            ))
            .await;
        let a = v.as_array()?;
        Some([0, 1, 2, 3].map(|i| a[i].as_f64().unwrap_or(0.0)))
    }

    /// Saves a PNG screenshot of the window.
    pub async fn screenshot(&self, path: &Path) {
        let png = self
            .client
            .screenshot()
            .await
            .unwrap_or_else(|e| panic!("screenshot failed: {e}"));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("artifact dir");
        }
        std::fs::write(path, png).expect("screenshot written");
    }

    /// The console's messages and failed loads since the last call, as `LEVEL message` (`SEVERE`
    /// for errors).
    pub async fn console(&self) -> Vec<String> {
        let log = self
            .client
            .issue_cmd(BrowserLog)
            .await
            .unwrap_or_else(|e| panic!("reading the browser's log failed: {e}"));
        log.as_array()
            .map(|entries| {
                entries
                    .iter()
                    .map(|e| {
                        format!(
                            "{} {}",
                            e["level"].as_str().unwrap_or("?"),
                            e["message"].as_str().unwrap_or("")
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Ends the session (closes the browser).
    pub async fn quit(self) {
        self.client
            .close()
            .await
            .unwrap_or_else(|e| panic!("closing the session failed: {e}"));
    }
}

// What every browser test file shares.

/// One browser test at a time: the machine is small.
pub static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn artifact(name: &str) -> PathBuf {
    workspace().join("test-artifacts").join(name)
}

/// Browser tests need Chromium; `scripts/test.sh` installs it. Without it they fail, saying so.
pub fn require_chromium() {
    assert!(
        available(),
        "chromium and chromedriver are missing: run scripts/test.sh (apt-get install chromium chromium-driver)"
    );
}

/// Fails with the reports when a page of the test broke the Content-Security-Policy.
pub async fn assert_no_csp_violations(t: &TestServer) {
    // Reports are sent after the fact: give the browser a moment.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let (status, reports) = t.get("/api/csp-reports").await;
    assert_eq!(status, 200);
    assert_eq!(reports["count"], 0, "the app broke its own policy: {reports}");
}

/// A browser whose player is the one with `token` (its cookie), at `path`.
pub async fn browser_as(
    driver: &Driver,
    t: &TestServer,
    token: &str,
    profile: &std::path::Path,
    path: &str,
) -> Browser {
    let b = driver.browser(profile).await;
    b.set_cookie(&t.base, "arbiter_token", token).await;
    b.goto(&t.url(path)).await;
    b
}

/// A new player with a name: their token.
pub async fn named_player(t: &TestServer, name: &str) -> String {
    let token = t.new_player().await;
    let (status, body) = t
        .send_as(Some(&token), "POST", "/api/me", Some(json!({"name": name})))
        .await;
    assert_eq!(status, 200, "{body}");
    token
}

/// The text of an element, once it has some.
pub async fn text_of(b: &Browser, css: &str) -> String {
    let css = serde_json::to_string(css).unwrap();
    b.wait_for(
        &format!("document.querySelector({css}) && document.querySelector({css}).textContent"),
        css.as_str(),
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

/// A browser whose player is the test server's (its cookie), on the page of game `id`, once live.
pub async fn open_game_page(driver: &Driver, t: &TestServer, profile: &std::path::Path, id: &str) -> Browser {
    let b = driver.browser(profile).await;
    b.set_cookie(&t.base, "arbiter_token", &t.token).await;
    b.goto(&t.url(&format!("/game/{id}"))).await;
    live_page(&b).await;
    b
}

/// Waits until the game page is live (view, WebSocket, board).
pub async fn live_page(b: &Browser) {
    b.wait_for(
        "window.arbiter && window.arbiter.view && window.arbiter.connected && window.arbiter.diagram",
        "live page",
    )
    .await;
}

/// Waits until the home page knows its player and its lobby is live.
pub async fn lobby_live(b: &Browser) {
    b.wait_for(
        "window.arbiterHome && window.arbiterHome.me && window.arbiterHome.lobby.connected && window.arbiterHome.lobby.loaded",
        "the live lobby",
    )
    .await;
}

/// axe-core's violations of WCAG 2.1 A and AA on the page as it is now (axe-core from npm, injected
/// by WebDriver): each `{id, impact, help, nodes: [{target, failureSummary}]}`. Panics unless axe
/// ran and checked rules that pass (so an empty list means checked, not skipped).
pub async fn axe_violations(b: &Browser) -> Vec<Value> {
    let path = workspace().join("node_modules/axe-core/axe.min.js");
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (scripts/test.sh installs axe-core with npm ci)",
            path.display()
        )
    });
    b.eval(&format!("{source}\nreturn null")).await;
    let result = b
        .eval(
            "return axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})
               .then(r => ({passes: r.passes.length, violations: r.violations.map(v => ({id: v.id, impact: v.impact,
                 help: v.help, nodes: v.nodes.slice(0, 5).map(n => ({target: n.target,
                 failureSummary: n.failureSummary}))}))}))",
        )
        .await;
    let passes = result["passes"].as_u64().unwrap_or(0);
    assert!(passes > 5, "axe-core did not run its rules: {result}");
    result["violations"]
        .as_array()
        .cloned()
        .unwrap_or_else(|| panic!("axe-core's answer: {result}"))
}
