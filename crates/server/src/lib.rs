//! The Arbiter web app: `arbiter serve`.
//!
//! An HTTP + WebSocket API (axum) over every game of the registry, games stored move by move in SQLite
//! (WAL mode) or PostgreSQL (shared by any number of server instances; see [`store`]), and the
//! browser app of `web/` embedded into the binary.
//! The server knows no game: it speaks [`arbiter_core::DynSession`] strings and the core's data —
//! moves as [`arbiter_core::MoveInfo`], boards as [`arbiter_core::Drawing`], step-by-step turns as
//! [`arbiter_core::PartialTurn`], endings as [`arbiter_core::Story`] — which each game crate fills.
//! Game reports ([`reports`]) are made on demand by `arbiter-report`, one at a time, and kept on disk.

#![warn(missing_docs)]

pub mod account;
pub mod allocator;
pub mod app;
pub mod arena;
pub mod auth;
pub mod computer;
pub mod config;
pub mod connections;
pub mod error;
pub mod extract;
pub mod limits;
pub mod live;
pub mod player;
pub mod reports;
pub mod routes;
pub mod seat;
pub mod security;
pub mod server;
pub mod service;
pub mod state;
pub mod store;
pub mod time;
pub mod workers;

pub use config::{Games, ReportSettings, ServeConfig};
pub use connections::ConnectionLimits;
pub use error::ApiError;
pub use limits::Limits;
pub use seat::Seat;
pub use server::{serve, serve_blocking, start, start_with_time, RunningServer};
pub use store::DbLocation;
pub use time::{ManualTime, SystemTimeSource, TimeSource};
