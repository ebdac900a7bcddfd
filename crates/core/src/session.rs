//! A game in progress with its history (undo, repetition, ply limit, resignation); the position
//! type knows nothing of its past. `dynamic.rs` puts it behind `dyn` for the interfaces.

use crate::{
    EndReason, Ending, Error, Game, GameRecord, HistoryRules, Outcome, Player, Presentation, RecordResult, Variant,
};
use rustc_hash::FxHashMap;

/// A game in progress with its history: undo, threefold repetition, ply limit and resignation.
///
/// The position type knows nothing of its past; everything that needs the past lives here.
#[derive(Debug, Clone)]
pub struct Session<G: Game> {
    rules: HistoryRules,
    /// `positions[i]` is the position after `i` plies; never empty.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    /// A resignation or a flag fall ending the game apart from the board: who, and which.
    forfeit: Option<(Player, EndReason)>,
    /// How often each repetition key occurs in `positions`, kept by `play` and `undo`. The keys
    /// are Zobrist hashes already, so a fast hasher serves.
    seen: FxHashMap<u64, u32>,
    /// Reused for the legality check of `play`.
    scratch: Vec<G::Move>,
    /// The legal moves of the current position as last listed by [`Session::list_moves`], so
    /// that one of them can be played without checking it again; emptied by every change.
    listed: Vec<G::Move>,
}

impl<G: Game> Session<G> {
    /// A session from the variant's start position.
    pub fn new(variant: &G::Variant, rules: HistoryRules) -> Self {
        Self::from_game(G::new(variant), rules)
    }

    /// A session from a given position.
    pub fn from_game(start: G, rules: HistoryRules) -> Self {
        let mut seen = FxHashMap::default();
        seen.insert(start.repetition_key(), 1);
        Session {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            forfeit: None,
            seen,
            scratch: Vec::new(),
            listed: Vec::new(),
        }
    }

    /// The history rules in force.
    pub fn rules(&self) -> HistoryRules {
        self.rules
    }

    /// The options string that recreates this session's variant and rules (`size=10,plies=200`).
    pub fn options(&self) -> String {
        let parts = [self.current().variant().to_options(), self.rules.to_string()];
        parts
            .iter()
            .filter(|p| !p.is_empty())
            .cloned()
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The position now.
    pub fn current(&self) -> &G {
        self.positions.last().expect("a session always has its start position")
    }

    /// Every position so far, the start first and the current one last.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The position the session started from.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The moves played so far, in notation.
    pub fn notations(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&mv, before)| before.format_move(mv))
            .collect()
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// How many times the current position (board and side to move) has occurred.
    pub fn occurrences(&self) -> usize {
        self.seen
            .get(&self.current().repetition_key())
            .map_or(0, |&n| n as usize)
    }

    /// The ending, if the game is over, by the board or by a history rule.
    pub fn ending(&self) -> Option<Ending> {
        if let Some((loser, reason)) = self.forfeit {
            // Out of time against a side that could not win any more: a draw, by the game's rule.
            let outcome = if reason == EndReason::Time && !self.current().can_win(loser.opponent()) {
                Outcome::Draw
            } else {
                Outcome::Win(loser.opponent())
            };
            return Some(Ending { outcome, reason });
        }
        if let Some(outcome) = self.current().outcome() {
            return Some(Ending {
                outcome,
                reason: EndReason::Board,
            });
        }
        if self.rules.repetition && self.occurrences() >= 3 {
            return Some(Ending {
                outcome: Outcome::Draw,
                reason: EndReason::Repetition,
            });
        }
        if self.rules.ply_limit.is_some_and(|limit| self.ply() >= limit as usize) {
            return Some(Ending {
                outcome: Outcome::Draw,
                reason: EndReason::PlyLimit,
            });
        }
        None
    }

    /// The legal moves now: none once the game is over, whatever ended it.
    pub fn legal_moves(&self, moves: &mut Vec<G::Move>) {
        if self.ending().is_some() {
            moves.clear();
        } else {
            self.current().legal_moves(moves);
        }
    }

    /// Plays a move, checking that it is legal now.
    pub fn play(&mut self, mv: G::Move) -> Result<(), Error> {
        if self.ending().is_some() {
            return Err(Error::GameOver);
        }
        let mut legal = std::mem::take(&mut self.scratch);
        self.current().legal_moves(&mut legal);
        let is_legal = legal.contains(&mv);
        self.scratch = legal;
        if !is_legal {
            return Err(Error::bad_move(&format!("{mv:?}"), "not a legal move here"));
        }
        self.push(mv);
        Ok(())
    }

    /// Plays a legal move (checked by the caller).
    fn push(&mut self, mv: G::Move) {
        self.listed.clear();
        let mut next = self.current().clone();
        next.play(mv);
        *self.seen.entry(next.repetition_key()).or_insert(0) += 1;
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Lists the legal moves now (none once the game is over) and remembers them, so that
    /// [`Session::play_listed`] can play one without generating them again.
    pub fn list_moves(&mut self) -> &[G::Move] {
        let mut listed = std::mem::take(&mut self.listed);
        self.legal_moves(&mut listed);
        self.listed = listed;
        &self.listed
    }

    /// Lists the legal moves now, as [`Session::list_moves`] does, and returns them with the
    /// position they belong to (without copying the position).
    pub fn list_moves_with_position(&mut self) -> (&G, &[G::Move]) {
        self.list_moves();
        (self.current(), &self.listed)
    }

    /// The `index`-th move of the last [`Session::list_moves`], if the session has not changed.
    pub fn listed_move(&self, index: usize) -> Option<G::Move> {
        self.listed.get(index).copied()
    }

    /// Plays the `index`-th move of the last [`Session::list_moves`], if the session has not
    /// changed since: a move known to be legal, played without checking it again.
    pub fn play_listed(&mut self, index: usize) -> Result<(), Error> {
        let mv = *self
            .listed
            .get(index)
            .ok_or_else(|| Error::Invalid(format!("no listed move {index}: list the moves of this position first")))?;
        self.push(mv);
        Ok(())
    }

    /// Parses and plays a move in notation, returning its canonical notation.
    pub fn play_text(&mut self, text: &str) -> Result<String, Error> {
        let mv = self.parse_text(text)?;
        let canonical = self.current().format_move(mv);
        self.play_parsed(mv)?;
        Ok(canonical)
    }

    /// Parses and plays a move in notation, without writing its canonical notation (a search in
    /// Krux), for loops that do not need it.
    pub fn play_text_without_notation(&mut self, text: &str) -> Result<(), Error> {
        let mv = self.parse_text(text)?;
        self.play_parsed(mv)
    }

    fn parse_text(&self, text: &str) -> Result<G::Move, Error> {
        if self.ending().is_some() {
            return Err(Error::GameOver);
        }
        self.current().parse_move(text)
    }

    /// Plays a parsed move, checked against the legal moves unless parsing checked it.
    fn play_parsed(&mut self, mv: G::Move) -> Result<(), Error> {
        if G::PARSE_CHECKS_LEGALITY {
            self.push(mv);
            Ok(())
        } else {
            self.play(mv)
        }
    }

    /// Takes back the last move (or withdraws a resignation).
    pub fn undo(&mut self) -> Result<(), Error> {
        self.listed.clear();
        if self.forfeit.take().is_some() {
            return Ok(());
        }
        if self.moves.pop().is_none() {
            return Err(Error::Invalid("nothing to undo: no move has been played".into()));
        }
        let undone = self
            .positions
            .pop()
            .expect("one position per move and the start")
            .repetition_key();
        if let Some(count) = self.seen.get_mut(&undone) {
            *count -= 1;
            if *count == 0 {
                self.seen.remove(&undone);
            }
        }
        Ok(())
    }

    /// `player` resigns (concedes); the opponent wins.
    pub fn resign(&mut self, player: Player) -> Result<(), Error> {
        if self.ending().is_some() {
            return Err(Error::GameOver);
        }
        self.listed.clear();
        self.forfeit = Some((player, EndReason::Resignation));
        Ok(())
    }

    /// The side to move ran out of time: it loses, or the game is drawn when the opponent could
    /// not win any more ([`Game::can_win`]).
    pub fn time_out(&mut self) -> Result<(), Error> {
        if self.ending().is_some() {
            return Err(Error::GameOver);
        }
        self.listed.clear();
        self.forfeit = Some((self.current().to_move(), EndReason::Time));
        Ok(())
    }

    /// Replays a record (made with `variant` and `rules`), checking every move and the result.
    pub fn from_record(record: &GameRecord, variant: &G::Variant, rules: HistoryRules) -> Result<Self, Error> {
        if record.game != G::NAME {
            return Err(Error::Invalid(format!(
                "the record is of {}, not {}",
                record.game,
                G::NAME
            )));
        }
        let start = G::from_position(variant, &record.start)?;
        let mut session = Session::from_game(start, rules);
        for (i, text) in record.moves.iter().enumerate() {
            session
                .play_text(text)
                .map_err(|e| Error::Invalid(format!("move {} of the record: {e}", i + 1)))?;
        }
        if let Some(result) = &record.result {
            if result.reason == EndReason::Resignation {
                let winner = result
                    .winner
                    .as_deref()
                    .and_then(|name| session.current().parse_side(name))
                    .ok_or_else(|| Error::Invalid("a resignation needs a winner".into()))?;
                session.resign(winner.opponent())?;
            }
            if result.reason == EndReason::Time {
                session.time_out()?;
            }
        }
        let claimed = record.result.as_ref().map(|r| (r.winner.clone(), r.reason));
        let actual = session.ending().map(|e| {
            (
                e.outcome.winner().map(|p| session.current().side_name(p).to_string()),
                e.reason,
            )
        });
        if claimed != actual {
            return Err(Error::Invalid(format!(
                "the record's result {claimed:?} does not follow from its moves ({actual:?})"
            )));
        }
        Ok(session)
    }
}

impl<G: Presentation> Session<G> {
    /// The game record: start, options, moves and result (told in words: hence the presentation).
    pub fn record(&self) -> GameRecord {
        GameRecord {
            game: G::NAME.to_string(),
            options: self.options(),
            start: self.start().position(),
            moves: self.notations(),
            result: self.ending().map(|e| RecordResult {
                winner: e.outcome.winner().map(|p| self.current().side_name(p).to_string()),
                reason: e.reason,
                text: self.story().map(|story| story.text),
            }),
            clock: None,
        }
    }
}
