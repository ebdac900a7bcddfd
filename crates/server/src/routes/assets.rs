//! The web app's files (`web/`), embedded into the binary: no build step, nothing to install.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// Every file of `web/`, by its path under `web/`.
pub const ASSETS: &[(&str, &str)] = &[
    ("index.html", include_str!("../../../../web/index.html")),
    ("app.css", include_str!("../../../../web/app.css")),
    ("app.js", include_str!("../../../../web/app.js")),
    ("api.js", include_str!("../../../../web/api.js")),
    ("home.js", include_str!("../../../../web/home.js")),
    ("game.js", include_str!("../../../../web/game.js")),
    ("svg.js", include_str!("../../../../web/svg.js")),
    ("favicon.svg", include_str!("../../../../web/favicon.svg")),
    ("boards/index.js", include_str!("../../../../web/boards/index.js")),
    ("boards/grid.js", include_str!("../../../../web/boards/grid.js")),
    ("boards/void.js", include_str!("../../../../web/boards/void.js")),
    (
        "boards/attraction.js",
        include_str!("../../../../web/boards/attraction.js"),
    ),
    ("boards/villawar.js", include_str!("../../../../web/boards/villawar.js")),
    ("boards/krux.js", include_str!("../../../../web/boards/krux.js")),
];

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// The embedded file at `path`, if there is one.
pub fn asset(path: &str) -> Option<&'static str> {
    ASSETS.iter().find(|(p, _)| *p == path).map(|(_, body)| *body)
}

fn serve(path: &str) -> Response {
    match asset(path) {
        Some(body) => (
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// The app's page (`/` and `/game/{id}`: the script reads the address).
pub async fn index() -> Response {
    serve("index.html")
}

/// `/static/{*path}`
pub async fn file(Path(path): Path<String>) -> Response {
    serve(&path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn files(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("web/ is readable") {
            let entry = entry.expect("entry");
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.path().is_dir() {
                files(&entry.path(), &format!("{name}/"), out);
            } else {
                out.push(name);
            }
        }
    }

    #[test]
    fn every_web_file_is_embedded() {
        let mut found = Vec::new();
        files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web"), "", &mut found);
        for file in &found {
            assert!(asset(file).is_some(), "web/{file} is not in ASSETS");
        }
        assert_eq!(found.len(), ASSETS.len(), "ASSETS lists a file that web/ does not have");
        assert_eq!(content_type("a/b.js"), "text/javascript; charset=utf-8");
        assert!(asset("../Cargo.toml").is_none());
    }
}
