//! The HTTP routes: the JSON API, the WebSocket and the web app's files.

pub mod accounts;
pub mod assets;
pub mod catalog;
pub mod diagram;
pub mod games;
pub mod lobby;
pub mod players;
pub mod puzzles;
pub mod ratings;
pub mod reports;
pub mod rules;
pub mod ws;
