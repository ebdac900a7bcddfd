//! The HTTP routes: the JSON API, the WebSocket and the web app's files.

pub mod assets;
pub mod catalog;
pub mod games;
pub mod ws;
