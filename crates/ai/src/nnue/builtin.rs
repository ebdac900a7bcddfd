//! The nets built into the games ([`arbiter_core::Encoding::builtin_net`]), read and quantised
//! once per process and shared by every search that names `net=builtin`.

use super::network::Network;
use arbiter_core::Encoding;
use std::sync::{Arc, Mutex, PoisonError};

/// The built-in nets read so far, by file name (which carries the hash of the bytes).
static READ: Mutex<Vec<(&'static str, Arc<Network>)>> = Mutex::new(Vec::new());

/// The built-in net of `G`'s `variant`, if it has one. A built-in net that does not read is a
/// bug of the build (the games' tests read every one); the search then keeps the game's own
/// evaluation rather than stop.
pub fn builtin<G: Encoding>(variant: &G::Variant) -> Option<Arc<Network>> {
    let net = G::builtin_net(variant)?;
    let mut read = READ.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, network)) = read.iter().find(|(name, _)| *name == net.name) {
        return Some(network.clone());
    }
    let network = Arc::new(Network::from_bytes(net.bytes, net.name).ok()?);
    read.push((net.name, network.clone()));
    Some(network)
}
