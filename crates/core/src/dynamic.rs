//! The object-safe layer: any game behind one interface that speaks strings and serde structs,
//! for the CLI, the server, the engine protocol and bindings.

use crate::drawing::Drawing;
use crate::perft;
use crate::playout::{run_playouts, run_playouts_count, PlayoutStats};
use crate::stepwise::{Click, PartialTurn, StepActions};
use crate::swap::SWAP;
use crate::{Ending, Error, FullGame, GameRecord, HistoryRules, Levels, OptionMap, Player, Session, Story, Variant};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::marker::PhantomData;
use std::time::Duration;

/// A move as the cells it touches, so that a front end can highlight and animate it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveInfo {
    /// Canonical notation.
    pub notation: String,
    /// The cell the moving piece starts on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The cell it ends on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Cells passed on the way (one route where several exist).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<String>,
    /// Cells of the pieces attacked, captured, pushed or converted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
    /// Cells whose pieces fall, are removed or enter a hole or void as a result.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub falls: Vec<String>,
    /// The cell that tells this move apart from others with the same `from` and `to` (Void's
    /// attack target, where Attraction's pushed stone lands); `None` when those two suffice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<String>,
}

/// A legal move explained for a front end: its cells, the position after it, how to enter it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveDetails {
    /// The cells it touches.
    pub info: MoveInfo,
    /// The position string after it.
    pub after: String,
    /// The clicks (or steps) that enter it, in order.
    pub clicks: Vec<Click>,
    /// The move in words ([`crate::Presentation::describe_move`]), for a game whose notation is hard to read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
}

/// A game session of any game, by strings.
pub trait DynSession: Send + Sync {
    /// The registry name of the game.
    fn game(&self) -> &'static str;
    /// The options in option syntax.
    fn options(&self) -> String;
    /// The options that make it another game (its variant: board, setup, rules, the swap rule),
    /// without the history rules (repetition, ply limit); empty for the default game.
    fn variant_options(&self) -> String;
    /// The current position string.
    fn position(&self) -> String;
    /// A text diagram of the current position.
    fn diagram(&self) -> String;
    /// The side to move.
    fn to_move(&self) -> Player;
    /// The name of the side a player moves now ([`crate::Game::side_name`]: the game's name for
    /// it, the other side's after a swap).
    fn player_name(&self, player: Player) -> &'static str;
    /// The player who moves the side of that name now (`black`, `white`, …).
    fn parse_player(&self, name: &str) -> Option<Player>;
    /// The side whose pieces a player moves now ([`crate::Game::plays`]: the other after a swap).
    fn plays(&self, player: Player) -> Player;
    /// The ending, if over.
    fn ending(&self) -> Option<Ending>;
    /// Legal moves in canonical notation (none once the game is over).
    fn legal_moves(&self) -> Vec<String>;
    /// Legal moves with the cells they touch.
    fn legal_move_infos(&self) -> Vec<MoveInfo>;
    /// Plays a move given in notation; returns its canonical notation.
    fn play(&mut self, text: &str) -> Result<String, Error>;
    /// Plays a move given in notation, as [`DynSession::play`] does, without writing its
    /// canonical notation (a search in Krux), for loops that do not need it.
    fn play_without_notation(&mut self, text: &str) -> Result<(), Error>;
    /// Takes back the last move (or a resignation).
    fn undo(&mut self) -> Result<(), Error>;
    /// A side resigns.
    fn resign(&mut self, player: Player) -> Result<(), Error>;

    /// The side to move ran out of time (a loss, or a draw if the opponent could not win).
    fn time_out(&mut self) -> Result<(), Error>;
    /// Plies played.
    fn ply(&self) -> usize;
    /// Moves played, in notation.
    fn moves(&self) -> Vec<String>;
    /// The game record.
    fn record(&self) -> GameRecord;
    /// A random legal move, reproducible by `seed`.
    fn random_move(&self, seed: u64) -> Option<String>;
    /// The heuristic value for the side to move.
    fn evaluate(&self) -> i32;
    /// The evaluation's terms for the side to move ([`crate::Heuristics::eval_terms`]), appended to `out`.
    fn eval_terms(&self, out: &mut Vec<f64>);
    /// The evaluation's units per unit of the win chance's logistic ([`crate::Heuristics::win_chance_scale`]).
    fn win_chance_scale(&self) -> f64;
    /// Do heuristic scores predict results ([`crate::Heuristics::SCORES_PREDICT_RESULTS`])?
    fn scores_predict_results(&self) -> bool;
    /// The board picture of the current position, turned round when `flipped`.
    fn drawing(&self, flipped: bool) -> Drawing;
    /// The ending in words with its decisive cells, once over.
    fn story(&self) -> Option<Story>;
    /// The cells of the last move, seen from the position before it.
    fn last_move_info(&self) -> Option<MoveInfo>;
    /// The `index`-th move played (from 0) in words ([`crate::Presentation::describe_move`]); `None` for a game
    /// whose notation is plain, or past the last move.
    fn move_words(&self, index: usize) -> Option<String>;
    /// Turns are entered step by step ([`DynSession::partial_turn`]).
    fn is_stepwise(&self) -> bool;
    /// The themes of a puzzle solved by `line` from the current position
    /// ([`crate::Presentation::puzzle_themes`]); an error names the first illegal move of the line.
    fn puzzle_themes(&self, line: &[String]) -> Result<Vec<&'static str>, Error>;
    /// The partial turn after `steps` from the current position (step-by-step games only).
    fn partial_turn(&self, steps: &[String]) -> Option<Result<PartialTurn, Error>>;
    /// A move legal now, explained: its cells, the position after it, the clicks that enter it.
    fn move_details(&self, text: &str) -> Result<MoveDetails, Error>;
    /// The observation tensor's shape: planes × rows × columns ([`crate::Encoding::observe`]).
    fn observation_shape(&self) -> [usize; 3];
    /// The current position as an observation tensor, written into `out` (resized to fit).
    fn observe(&self, out: &mut Vec<f32>);
    /// The shape of each player's view: planes × rows × columns ([`crate::Encoding::observe_as`]).
    fn perspective_shape(&self) -> [usize; 3];
    /// The current position as `viewer` sees it, written into `out` (resized to fit).
    fn observe_as(&self, viewer: Player, out: &mut Vec<f32>);
    /// The learned evaluation built in for this game's variant ([`crate::Encoding::builtin_net`]).
    fn builtin_net(&self) -> Option<crate::BuiltinNet>;
    /// The size of the fixed action space ([`crate::Encoding::action_space`]).
    fn num_actions(&self) -> usize;
    /// The action of a move legal now (whole-move games), or of a step (step-by-step games,
    /// which do not check it against a turn: see [`DynSession::step_actions`]).
    fn action_of(&self, text: &str) -> Result<usize, Error>;
    /// The legal move (whole-move games) or the step (step-by-step games; `None` for the end of
    /// a turn) that an action names.
    fn move_of_action(&self, action: usize) -> Result<Option<String>, Error>;
    /// The actions of the moves legal now (whole-move games).
    fn legal_actions(&self) -> Vec<usize>;
    /// Step-by-step games: the actions legal after `steps` of the turn in progress — its next
    /// steps, and the end of the turn (the last action) when it may end — and whether they won.
    fn step_actions(&self, steps: &[String]) -> Result<StepActions, Error>;
    /// Lists the legal moves now into the session (see [`Session::list_moves`]) and their
    /// notation keys ([`crate::Presentation::notation_key`]) into `keys`; `false`, with nothing listed, for a
    /// game without notation keys.
    fn list_move_keys(&mut self, keys: &mut Vec<usize>) -> bool;
    /// The notation of the `index`-th move of the last [`DynSession::list_move_keys`].
    fn listed_notation(&self, index: usize) -> Option<String>;
    /// Plays the `index`-th move of the last [`DynSession::list_move_keys`], if the session has
    /// not changed since, without checking it again.
    fn play_listed(&mut self, index: usize) -> Result<(), Error>;
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn DynSession>;
    /// For downcasting to the typed `Session<G>`.
    fn as_any(&self) -> &dyn Any;
    /// For downcasting to the typed `Session<G>`.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<G: FullGame> DynSession for Session<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }
    fn options(&self) -> String {
        Session::options(self)
    }
    fn variant_options(&self) -> String {
        self.current().variant().to_options()
    }
    fn position(&self) -> String {
        self.current().position()
    }
    fn diagram(&self) -> String {
        self.current().diagram()
    }
    fn to_move(&self) -> Player {
        self.current().to_move()
    }
    fn player_name(&self, player: Player) -> &'static str {
        self.current().side_name(player)
    }
    fn parse_player(&self, name: &str) -> Option<Player> {
        self.current().parse_side(name)
    }
    fn plays(&self, player: Player) -> Player {
        self.current().plays(player)
    }
    fn ending(&self) -> Option<Ending> {
        Session::ending(self)
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        Session::legal_moves(self, &mut moves);
        moves.into_iter().map(|m| self.current().format_move(m)).collect()
    }
    fn legal_move_infos(&self) -> Vec<MoveInfo> {
        let mut moves = Vec::new();
        Session::legal_moves(self, &mut moves);
        moves.into_iter().map(|m| self.current().move_info(m)).collect()
    }
    fn play(&mut self, text: &str) -> Result<String, Error> {
        self.play_text(text)
    }
    fn play_without_notation(&mut self, text: &str) -> Result<(), Error> {
        self.play_text_without_notation(text)
    }
    fn undo(&mut self) -> Result<(), Error> {
        Session::undo(self)
    }
    fn resign(&mut self, player: Player) -> Result<(), Error> {
        Session::resign(self, player)
    }

    fn time_out(&mut self) -> Result<(), Error> {
        Session::time_out(self)
    }
    fn ply(&self) -> usize {
        Session::ply(self)
    }
    fn moves(&self) -> Vec<String> {
        self.notations()
    }
    fn record(&self) -> GameRecord {
        Session::record(self)
    }
    fn random_move(&self, seed: u64) -> Option<String> {
        if self.ending().is_some() {
            return None;
        }
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut buffer = Vec::new();
        self.current()
            .random_move(&mut rng, &mut buffer)
            .map(|m| self.current().format_move(m))
    }
    fn evaluate(&self) -> i32 {
        self.current().evaluate()
    }
    fn win_chance_scale(&self) -> f64 {
        self.current().win_chance_scale()
    }
    fn scores_predict_results(&self) -> bool {
        G::SCORES_PREDICT_RESULTS
    }
    fn eval_terms(&self, out: &mut Vec<f64>) {
        self.current().eval_terms(out)
    }
    fn drawing(&self, flipped: bool) -> Drawing {
        self.current().drawing(flipped)
    }
    fn story(&self) -> Option<Story> {
        Session::story(self)
    }
    fn last_move_info(&self) -> Option<MoveInfo> {
        let &mv = self.moves().last()?;
        Some(self.positions()[self.ply() - 1].move_info(mv))
    }
    fn move_words(&self, index: usize) -> Option<String> {
        let &mv = self.moves().get(index)?;
        self.positions()[index].describe_move(mv)
    }
    fn is_stepwise(&self) -> bool {
        G::STEPWISE
    }
    fn puzzle_themes(&self, line: &[String]) -> Result<Vec<&'static str>, Error> {
        let start = self.current();
        let mut position = start.clone();
        let mut moves = Vec::with_capacity(line.len());
        for text in line {
            if position.outcome().is_some() {
                return Err(Error::GameOver);
            }
            let mv = position.parse_move(text)?;
            position.play(mv);
            moves.push(mv);
        }
        Ok(start.puzzle_themes(&moves))
    }
    fn partial_turn(&self, steps: &[String]) -> Option<Result<PartialTurn, Error>> {
        self.current().partial_turn(steps)
    }
    fn move_details(&self, text: &str) -> Result<MoveDetails, Error> {
        if self.ending().is_some() {
            return Err(Error::GameOver);
        }
        let position = self.current();
        let mv = position.parse_move(text)?;
        let mut after = position.clone();
        after.play(mv);
        Ok(MoveDetails {
            info: position.move_info(mv),
            after: after.position(),
            clicks: position.move_clicks(mv),
            words: position.describe_move(mv),
        })
    }
    fn observation_shape(&self) -> [usize; 3] {
        G::observation_shape(&self.current().variant())
    }
    fn observe(&self, out: &mut Vec<f32>) {
        let [p, r, c] = DynSession::observation_shape(self);
        out.clear();
        out.resize(p * r * c, 0.0);
        self.current().observe(out);
    }
    fn perspective_shape(&self) -> [usize; 3] {
        G::perspective_shape(&self.current().variant())
    }
    fn observe_as(&self, viewer: Player, out: &mut Vec<f32>) {
        let [p, r, c] = DynSession::perspective_shape(self);
        out.clear();
        out.resize(p * r * c, 0.0);
        self.current().observe_as(viewer, out);
    }
    fn builtin_net(&self) -> Option<crate::BuiltinNet> {
        G::builtin_net(&self.current().variant())
    }
    fn num_actions(&self) -> usize {
        G::action_space(&self.current().variant())
    }
    fn action_of(&self, text: &str) -> Result<usize, Error> {
        let none = || Error::bad_move(text, format!("{} has no action for it", G::NAME));
        if G::STEPWISE {
            return G::action_of_step(text.trim()).ok_or_else(none);
        }
        let mv = self.current().parse_move(text)?;
        self.current().action_of_move(mv).ok_or_else(none)
    }
    fn move_of_action(&self, action: usize) -> Result<Option<String>, Error> {
        let space = DynSession::num_actions(self);
        if action >= space {
            return Err(Error::bad_move(
                &action.to_string(),
                format!("actions of {} are 0 to {}", G::NAME, space.saturating_sub(1)),
            ));
        }
        if G::STEPWISE {
            return Ok(G::step_of_action(action));
        }
        let mut moves = Vec::new();
        Session::legal_moves(self, &mut moves);
        let position = self.current();
        moves
            .into_iter()
            .find(|&mv| position.action_of_move(mv) == Some(action))
            .map(|mv| Some(position.format_move(mv)))
            .ok_or_else(|| Error::bad_move(&action.to_string(), "no legal move has this action now"))
    }
    fn legal_actions(&self) -> Vec<usize> {
        let mut moves = Vec::new();
        Session::legal_moves(self, &mut moves);
        let position = self.current();
        let mut actions: Vec<usize> = moves.into_iter().filter_map(|mv| position.action_of_move(mv)).collect();
        actions.sort_unstable();
        actions
    }
    fn step_actions(&self, steps: &[String]) -> Result<StepActions, Error> {
        if self.ending().is_some() {
            return Ok(StepActions::default());
        }
        self.current()
            .step_actions(steps)
            .unwrap_or_else(|| Err(Error::Invalid(format!("{} moves are whole moves, not steps", G::NAME))))
    }
    fn list_move_keys(&mut self, keys: &mut Vec<usize>) -> bool {
        keys.clear();
        let (position, moves) = self.list_moves_with_position();
        for &mv in moves {
            match position.notation_key(mv) {
                Some(key) => keys.push(key),
                None => {
                    keys.clear();
                    return false;
                }
            }
        }
        true
    }
    fn listed_notation(&self, index: usize) -> Option<String> {
        self.listed_move(index).map(|mv| self.current().format_move(mv))
    }
    fn play_listed(&mut self, index: usize) -> Result<(), Error> {
        Session::play_listed(self, index)
    }
    fn clone_box(&self) -> Box<dyn DynSession> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A game type of the registry: creates sessions and runs the typed whole-game tools.
pub trait DynGameType: Send + Sync {
    /// The registry name.
    fn name(&self) -> &'static str;
    /// The values of option keys that have a short list of them.
    fn option_choices(&self) -> &'static [(&'static str, &'static [&'static str])];
    /// One line for players choosing a game.
    fn blurb(&self) -> &'static str;
    /// Turns are entered step by step.
    fn stepwise(&self) -> bool;
    /// The rules for players (Markdown) and their diagrams and tutorial (JSON), if any.
    fn rules(&self) -> Option<(&'static str, &'static str)>;
    /// The game's shipped puzzle sets ([`crate::Presentation::PUZZLES`]).
    fn puzzle_sets(&self) -> &'static [crate::PuzzleSet];
    /// The named sets of options players choose between ([`crate::Presentation::RULE_SETS`]).
    fn rule_sets(&self) -> &'static [crate::RuleSet];
    /// Every option key the game accepts.
    fn option_keys(&self) -> Vec<&'static str>;
    /// The game's strength levels ([`crate::Heuristics::STRENGTH_LEVELS`]).
    fn strength_levels(&self) -> &'static Levels;
    /// The game's share of the bench signature ([`crate::Heuristics::SIGNATURE`]).
    fn signature(&self) -> &'static [(&'static str, u32)];
    /// The evaluation's terms and their weights ([`crate::Heuristics::EVAL_WEIGHTS`]); empty if untunable.
    fn eval_weights(&self) -> &'static [(&'static str, f64)];
    /// Checks an options string.
    fn check_options(&self, options: &str) -> Result<(), Error>;
    /// The start position for the options.
    fn start_position(&self, options: &str) -> Result<String, Error>;
    /// A new session from the start or from a position string.
    fn new_session(&self, options: &str, position: Option<&str>) -> Result<Box<dyn DynSession>, Error>;
    /// A session replayed from a record.
    fn load_record(&self, record: &GameRecord) -> Result<Box<dyn DynSession>, Error>;
    /// perft from the start or a position.
    fn perft(&self, options: &str, position: Option<&str>, depth: usize) -> Result<u64, Error>;
    /// perft split by first move; `progress(done, total)` after each root move.
    fn divide(
        &self,
        options: &str,
        position: Option<&str>,
        depth: usize,
        threads: usize,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Vec<(String, u64)>, Error>;
    /// Can the side to move force a win within `max_plies` (see [`crate::proof`]), searched by `method`
    /// on `threads` threads?
    /// `progress(horizon, done, total)` follows the first moves of each horizon.
    fn forced_win(
        &self,
        options: &str,
        position: Option<&str>,
        max_plies: u32,
        method: crate::proof::ProofMethod,
        threads: usize,
        progress: &mut dyn FnMut(u32, usize, usize),
    ) -> Result<crate::proof::Proof, Error>;
    /// Exactly `count` random playouts from the start or a position.
    fn playouts_count(
        &self,
        options: &str,
        position: Option<&str>,
        seed: u64,
        ply_cap: u32,
        count: u64,
    ) -> Result<PlayoutStats, Error>;
    /// Random playouts for `budget` from the start or a position.
    fn playouts(
        &self,
        options: &str,
        position: Option<&str>,
        seed: u64,
        ply_cap: u32,
        budget: Duration,
    ) -> Result<PlayoutStats, Error>;
}

/// The [`DynGameType`] of a static game `G`.
pub struct GameType<G: FullGame>(PhantomData<fn() -> G>);

impl<G: FullGame> Default for GameType<G> {
    fn default() -> Self {
        GameType(PhantomData)
    }
}

impl<G: FullGame> GameType<G> {
    /// Splits an options string into the game's variant and the history rules.
    pub fn parse_options(options: &str) -> Result<(G::Variant, HistoryRules), Error> {
        let mut map = OptionMap::parse(options)?;
        let variant = G::Variant::take_from(&mut map)?;
        let rules = HistoryRules::take_from(&mut map)?;
        // `swap=on` was read by the variant where the game is played with the swap rule
        // ([`crate::swap::SwapOn`]); here it can only be off.
        if map.take_flag(SWAP)? == Some(true) {
            return Err(Error::Options(format!(
                "{} is played with the swap rule through the registry, not here",
                G::NAME
            )));
        }
        let known: Vec<&str> = G::Variant::KEYS
            .iter()
            .chain(HistoryRules::KEYS.iter())
            .chain([SWAP].iter())
            .copied()
            .collect();
        map.finish(G::NAME, &known)?;
        Ok((variant, rules))
    }

    /// The position for options and an optional position string. A variant given explicitly in
    /// the options must agree with the position (`size=10` with an 8×8 board is an error).
    pub fn game(options: &str, position: Option<&str>) -> Result<(G, HistoryRules), Error> {
        let (variant, rules) = Self::parse_options(options)?;
        let game = match position {
            Some(p) => G::from_position(&variant, p)?,
            None => G::new(&variant),
        };
        let map = OptionMap::parse(options)?;
        if G::Variant::KEYS.iter().any(|k| map.has(k)) && game.variant() != variant {
            return Err(Error::Options(format!(
                "the position does not fit the options '{options}' (it is a {} position{})",
                G::NAME,
                match game.variant().to_options() {
                    o if o.is_empty() => " of the default variant".to_string(),
                    o => format!(" with {o}"),
                }
            )));
        }
        Ok((game, rules))
    }
}

impl<G: FullGame> DynGameType for GameType<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn strength_levels(&self) -> &'static Levels {
        &G::STRENGTH_LEVELS
    }
    fn eval_weights(&self) -> &'static [(&'static str, f64)] {
        G::EVAL_WEIGHTS
    }
    fn signature(&self) -> &'static [(&'static str, u32)] {
        G::SIGNATURE
    }
    fn option_choices(&self) -> &'static [(&'static str, &'static [&'static str])] {
        G::Variant::CHOICES
    }
    fn blurb(&self) -> &'static str {
        G::BLURB
    }
    fn stepwise(&self) -> bool {
        G::STEPWISE
    }
    fn rules(&self) -> Option<(&'static str, &'static str)> {
        G::RULES
    }
    fn puzzle_sets(&self) -> &'static [crate::PuzzleSet] {
        G::PUZZLES
    }
    fn rule_sets(&self) -> &'static [crate::RuleSet] {
        G::RULE_SETS
    }
    fn option_keys(&self) -> Vec<&'static str> {
        G::Variant::KEYS
            .iter()
            .chain(HistoryRules::KEYS.iter())
            .chain([SWAP].iter())
            .copied()
            .collect()
    }
    fn check_options(&self, options: &str) -> Result<(), Error> {
        Self::parse_options(options).map(|_| ())
    }
    fn start_position(&self, options: &str) -> Result<String, Error> {
        Ok(Self::game(options, None)?.0.position())
    }
    fn new_session(&self, options: &str, position: Option<&str>) -> Result<Box<dyn DynSession>, Error> {
        let (game, rules) = Self::game(options, position)?;
        Ok(Box::new(Session::from_game(game, rules)))
    }
    fn load_record(&self, record: &GameRecord) -> Result<Box<dyn DynSession>, Error> {
        let (variant, rules) = Self::parse_options(&record.options)?;
        Ok(Box::new(Session::<G>::from_record(record, &variant, rules)?))
    }
    fn perft(&self, options: &str, position: Option<&str>, depth: usize) -> Result<u64, Error> {
        Ok(perft::perft(&Self::game(options, position)?.0, depth))
    }
    fn divide(
        &self,
        options: &str,
        position: Option<&str>,
        depth: usize,
        threads: usize,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Vec<(String, u64)>, Error> {
        Ok(perft::divide(
            &Self::game(options, position)?.0,
            depth,
            threads,
            progress,
        ))
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
        let (game, _) = Self::game(options, position)?;
        if game.outcome().is_some() {
            return Err(Error::GameOver);
        }
        Ok(crate::proof::forced_win_by(method, &game, max_plies, threads, progress))
    }
    fn playouts_count(
        &self,
        options: &str,
        position: Option<&str>,
        seed: u64,
        ply_cap: u32,
        count: u64,
    ) -> Result<PlayoutStats, Error> {
        let (game, _) = Self::game(options, position)?;
        let mut rng = SmallRng::seed_from_u64(seed);
        Ok(run_playouts_count(&game, &mut rng, ply_cap, count))
    }
    fn playouts(
        &self,
        options: &str,
        position: Option<&str>,
        seed: u64,
        ply_cap: u32,
        budget: Duration,
    ) -> Result<PlayoutStats, Error> {
        let (game, _) = Self::game(options, position)?;
        let mut rng = SmallRng::seed_from_u64(seed);
        Ok(run_playouts(&game, &mut rng, ply_cap, budget))
    }
}
