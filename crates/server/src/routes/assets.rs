//! The web app's files (`web/`), embedded into the binary: no build step, nothing to install.

use crate::error::ApiError;
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// Every file of `web/`, embedded at build time (`rust-embed`), so that a new file needs no list.
#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[include = "*.html"]
#[include = "*.css"]
#[include = "*.js"]
#[include = "*.svg"]
#[include = "*.json"]
struct Web;

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
pub fn asset(path: &str) -> Option<std::borrow::Cow<'static, [u8]>> {
    Web::get(path).map(|file| file.data)
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
        None => ApiError::not_found(format!("no file {}", path.chars().take(80).collect::<String>())).into_response(),
    }
}

/// The app's page (`/` and `/game/{id}`: the script reads the address).
pub async fn index() -> Response {
    serve("index.html")
}

/// Any other page: the app's page with status 404, so that the app says "Page not found" and
/// links home (a browser shows no bare error page).
pub async fn page_not_found() -> Response {
    let mut response = serve("index.html");
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
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
            assert!(asset(file).is_some(), "web/{file} is not embedded");
        }
        assert_eq!(
            found.len(),
            Web::iter().count(),
            "the embedded files are not those of web/"
        );
        assert_eq!(content_type("a/b.js"), "text/javascript; charset=utf-8");
        assert!(asset("../Cargo.toml").is_none());
    }
}
