//! Every registered game with and without the swap rule: the registry's entry for a game picks
//! the plain game or [`WithSwap`] by the options' `swap` key, so that every tool (sessions,
//! records, perft, proofs, playouts) offers the rule without knowing it.

use super::{swap_requested, WithSwap, SWAP};
use crate::dynamic::GameType;
use crate::playout::PlayoutStats;
use crate::{DynGameType, DynSession, Error, FullGame, GameRecord, Levels, PuzzleSet, Variant};
use std::time::Duration;

/// A game's registry entry: the game, and the game with the swap rule.
pub struct Swappable<G: FullGame> {
    plain: GameType<G>,
    swap: GameType<WithSwap<G>>,
    /// The game's option choices and `swap`'s (made once, when the registry is built).
    choices: &'static [(&'static str, &'static [&'static str])],
}

impl<G: FullGame> Default for Swappable<G> {
    fn default() -> Self {
        let choices: Vec<_> = G::Variant::CHOICES
            .iter()
            .copied()
            .chain([(SWAP, &["off", "on"][..])])
            .collect();
        Swappable {
            plain: GameType::default(),
            swap: GameType::default(),
            choices: Box::leak(choices.into_boxed_slice()),
        }
    }
}

impl<G: FullGame> Swappable<G> {
    /// The plain game or the game with the swap rule, as the options say.
    fn pick(&self, options: &str) -> Result<&dyn DynGameType, Error> {
        Ok(if swap_requested(options)? {
            &self.swap
        } else {
            &self.plain
        })
    }
}

impl<G: FullGame> DynGameType for Swappable<G> {
    fn name(&self) -> &'static str {
        self.plain.name()
    }
    fn option_choices(&self) -> &'static [(&'static str, &'static [&'static str])] {
        self.choices
    }
    fn blurb(&self) -> &'static str {
        self.plain.blurb()
    }
    fn stepwise(&self) -> bool {
        self.plain.stepwise()
    }
    fn rules(&self) -> Option<(&'static str, &'static str)> {
        self.plain.rules()
    }
    fn puzzle_sets(&self) -> &'static [PuzzleSet] {
        self.plain.puzzle_sets()
    }
    fn rule_sets(&self) -> &'static [crate::RuleSet] {
        self.plain.rule_sets()
    }
    fn option_keys(&self) -> Vec<&'static str> {
        self.plain.option_keys()
    }
    fn strength_levels(&self) -> &'static Levels {
        self.plain.strength_levels()
    }
    fn signature(&self) -> &'static [(&'static str, u32)] {
        self.plain.signature()
    }
    fn eval_weights(&self) -> &'static [(&'static str, f64)] {
        self.plain.eval_weights()
    }
    fn check_options(&self, options: &str) -> Result<(), Error> {
        self.pick(options)?.check_options(options)
    }
    fn start_position(&self, options: &str) -> Result<String, Error> {
        self.pick(options)?.start_position(options)
    }
    fn new_session(&self, options: &str, position: Option<&str>) -> Result<Box<dyn DynSession>, Error> {
        self.pick(options)?.new_session(options, position)
    }
    fn load_record(&self, record: &GameRecord) -> Result<Box<dyn DynSession>, Error> {
        self.pick(&record.options)?.load_record(record)
    }
    fn perft(&self, options: &str, position: Option<&str>, depth: usize) -> Result<u64, Error> {
        self.pick(options)?.perft(options, position, depth)
    }
    fn divide(
        &self,
        options: &str,
        position: Option<&str>,
        depth: usize,
        threads: usize,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Vec<(String, u64)>, Error> {
        self.pick(options)?.divide(options, position, depth, threads, progress)
    }
    fn forced_win(
        &self,
        options: &str,
        position: Option<&str>,
        max_plies: u32,
        method: crate::proof::ProofMethod,
        threads: usize,
        progress: &mut dyn FnMut(u32, usize, usize),
    ) -> Result<crate::proof::Proof, Error> {
        self.pick(options)?
            .forced_win(options, position, max_plies, method, threads, progress)
    }
    fn playouts_count(
        &self,
        options: &str,
        position: Option<&str>,
        seed: u64,
        ply_cap: u32,
        count: u64,
    ) -> Result<PlayoutStats, Error> {
        self.pick(options)?
            .playouts_count(options, position, seed, ply_cap, count)
    }
    fn playouts(
        &self,
        options: &str,
        position: Option<&str>,
        seed: u64,
        ply_cap: u32,
        budget: Duration,
    ) -> Result<PlayoutStats, Error> {
        self.pick(options)?.playouts(options, position, seed, ply_cap, budget)
    }
}
