//! A game in memory: its session, who plays each side, whether the computer is thinking, and the
//! JSON view that clients draw from.

use crate::player::{PlayerId, PlayerRef};
use crate::seat::Seat;
use crate::store::{Ownership, RatingChange, StoredGame};
use crate::time::TimeSource;
use arbiter_core::{ClockState, DynSession, EndReason, MoveInfo, PartialTurn, Player, TimeControl};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

/// A game being played, as kept in memory.
pub struct LiveGame {
    /// The game's id.
    pub id: String,
    /// Who plays each side, by [`Player::index`].
    pub seats: [Seat; 2],
    /// The session with its whole history.
    pub session: Box<dyn DynSession>,
    /// Bumped on every change, so that late computer answers and stale clients are recognised.
    pub version: u64,
    /// The version of the game in the store that this copy shows: every change is stored from it.
    pub stored_version: i64,
    /// A write found the store's game newer than this copy: reload before using it.
    pub stale: bool,
    /// The stop flag of the computer's search in progress, if it is thinking.
    pub thinking: Option<Arc<AtomicBool>>,
    /// The start position string (kept: a session does not give it cheaply).
    pub start: String,
    /// The moves played in canonical notation, kept in step with the session (formatting a whole
    /// history again is slow for Krux, whose canonical notation needs a search per turn).
    pub moves: Vec<String>,
    /// Each move in words, as its game tells it ([`DynSession::move_words`]), in step with
    /// `moves` (kept for the same reason: Krux's words follow the canonical notation's search).
    pub words: Vec<Option<String>>,
    /// The player holding each side (`None`: an open side), by [`Player::index`].
    pub holders: [Option<PlayerRef>; 2],
    /// Who created the game (`None`: a game from before players existed).
    pub creator: Option<PlayerRef>,
    /// Listed to everyone.
    pub public: bool,
    /// The creator allowed the engine's hints in a game between two people.
    pub hints: bool,
    /// A rated game between two people.
    pub rated: bool,
    /// Once rated: each side's rating before and after, by [`Player::index`].
    pub rating_changes: Option<[RatingChange; 2]>,
    /// The SHA-256 of the open side's single-use claim.
    pub invite_hash: Option<String>,
    /// A pending takeback request by that side.
    pub takeback: Option<Player>,
    /// The rematch game's id, once one was started.
    pub rematch: Option<String>,
    /// The clock, for a game with a time control.
    pub clock: Option<ClockState>,
    /// Each move's time left for its mover, in step with `moves`.
    pub left_ms: Vec<Option<u64>>,
    /// The server's time.
    pub time: Arc<dyn TimeSource>,
    /// The arena tournament that paired it.
    pub tournament: Option<TournamentTag>,
}

/// A game's clock in the view, as of `now_ms` (the page ticks it on from there).
#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    /// The time control (`fischer:300+5`, `days:3`).
    pub control: TimeControl,
    /// Each side's time left now, in milliseconds.
    pub left_ms: [u64; 2],
    /// The side to move's clock runs.
    pub running: bool,
    /// When the side to move runs out of time (milliseconds since the epoch), if it runs.
    pub deadline_ms: Option<u64>,
    /// The server's time of this view.
    pub now_ms: u64,
}

/// A live game and the channel that tells its watchers about every change.
pub struct GameEntry {
    state: Mutex<LiveGame>,
    /// Every change as a JSON message (`{"type":"state",…}` or `{"type":"thinking",…}`).
    pub updates: broadcast::Sender<Arc<str>>,
}

impl GameEntry {
    /// Wraps a live game.
    pub fn new(game: LiveGame) -> Arc<GameEntry> {
        let (updates, _) = broadcast::channel(64);
        Arc::new(GameEntry {
            state: Mutex::new(game),
            updates,
        })
    }

    /// Locks the game (never across an `.await`).
    pub fn lock(&self) -> MutexGuard<'_, LiveGame> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Sends a message to every watcher (none listening is fine).
    pub fn publish(&self, message: String) {
        let _ = self.updates.send(Arc::from(message));
    }
}

/// One side in the view.
#[derive(Debug, Clone, Serialize)]
pub struct SideView {
    /// The game's name for the pieces this player moves now (`black`, `violet`…): the other
    /// side's after a swap.
    pub name: &'static str,
    /// The pieces this player moves now, by the start position's order (`first`, `second`): the
    /// board's pieces carry that index. Not the player's own place once the players swapped.
    pub plays: Player,
    /// Who plays it.
    pub seat: Seat,
    /// The person holding it (playing it, or having handed it to the computer); `null` when open.
    pub player: Option<PlayerRef>,
    /// A human side nobody holds yet: the invite claims it.
    pub open: bool,
}

/// A player's rating before and after a rated game, rounded as players see it.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct RatingChangeView {
    /// Before the game.
    pub before: i64,
    /// After it.
    pub after: i64,
    /// The difference.
    pub change: i64,
    /// Still provisional after the game (shown with a `?`).
    pub provisional: bool,
}

impl From<RatingChange> for RatingChangeView {
    fn from(c: RatingChange) -> Self {
        let (before, after) = (c.before.rating.round() as i64, c.after.rating.round() as i64);
        RatingChangeView {
            before,
            after,
            change: after - before,
            provisional: c.after.deviation > arbiter_ai::rating::PROVISIONAL_DEVIATION,
        }
    }
}

/// A pending takeback request.
#[derive(Debug, Clone, Serialize)]
pub struct TakebackView {
    /// The side asking to take back its last move.
    pub by: Player,
}

/// The end of a game in the view.
#[derive(Debug, Clone, Serialize)]
pub struct EndingView {
    /// The winner's side name; absent for a draw.
    pub winner: Option<&'static str>,
    /// Why the game ended.
    pub reason: EndReason,
    /// What happened, told by the game: "White's flagship fell into the void. Black wins."
    pub text: String,
    /// The cells that decided it, to keep in view.
    pub cells: Vec<String>,
}

/// Everything a client needs to draw a game and offer its moves.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: &'static str,
    /// The options string.
    pub options: String,
    /// The start position string.
    pub start: String,
    /// The current position string.
    pub position: String,
    /// The position before the last move (for highlighting it), if any move was played.
    pub previous: Option<String>,
    /// The side to move: `first` or `second`.
    pub to_move: Player,
    /// The two sides, first mover first.
    pub sides: [SideView; 2],
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// Each move in words, in step with `moves` (`null` for a move the game does not word);
    /// absent for a game whose notation is plain (no move has words).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_words: Option<Vec<Option<String>>>,
    /// Plies played.
    pub ply: usize,
    /// The ending, once over.
    pub ending: Option<EndingView>,
    /// The last move's cells (to highlight and animate it), if a move was played.
    pub last: Option<MoveInfo>,
    /// The legal moves with the cells they touch (absent for games built step by step).
    pub legal: Option<Vec<MoveInfo>>,
    /// The empty partial turn, for games built step by step.
    pub turn: Option<PartialTurn>,
    /// The computer is thinking about its move.
    pub thinking: bool,
    /// The change counter (increases with every change).
    pub version: u64,
    /// Who created the game.
    pub creator: Option<PlayerRef>,
    /// Listed to everyone.
    pub public: bool,
    /// May the players ask the engine for a hint? Yes unless another person plays (or is invited
    /// to play) against them and the creator did not allow hints.
    pub hints: bool,
    /// A rated game: no undo, no hints and no analysis until it ends.
    pub rated: bool,
    /// Once a rated game ended: each side's rating before and after, by the sides' order.
    pub rating_changes: Option<[RatingChangeView; 2]>,
    /// The arena tournament that paired it.
    pub tournament: Option<TournamentLink>,
    /// A pending takeback request.
    pub takeback: Option<TakebackView>,
    /// The rematch game's id, once one was started.
    pub rematch: Option<String>,
    /// The clock, for a game with a time control.
    pub clock: Option<ClockView>,
    /// The open side's claim: only in the answer to the request that made it (creation, a new invite).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// The arena tournament a game was paired in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentTag {
    /// The tournament's id.
    pub id: String,
    /// Its name, for the game's page.
    pub name: String,
    /// The pairing's number in the tournament (a player's games count in this order).
    pub seq: i64,
}

/// The tournament in a game's view.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentLink {
    /// The tournament's id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// Who a new game is for, and how it is played.
pub struct NewLiveGame {
    /// Who plays each side.
    pub seats: [Seat; 2],
    /// Who holds each side (`None`: open).
    pub holders: [Option<PlayerRef>; 2],
    /// Who created it.
    pub creator: PlayerRef,
    /// Listed to everyone.
    pub public: bool,
    /// Hints allowed in a game between two people.
    pub hints: bool,
    /// Rated.
    pub rated: bool,
    /// The open side's invite hash.
    pub invite_hash: Option<String>,
    /// The time control.
    pub clock: Option<TimeControl>,
    /// The arena tournament pairing it: its clock runs from the start.
    pub tournament: Option<TournamentTag>,
}

impl LiveGame {
    /// A new game around a session (from its start, a position or a loaded record).
    pub fn new(id: String, session: Box<dyn DynSession>, new: NewLiveGame, time: Arc<dyn TimeSource>) -> LiveGame {
        let record = session.record();
        let words = (0..record.moves.len()).map(|i| session.move_words(i)).collect();
        LiveGame {
            id,
            seats: new.seats,
            session,
            version: 1,
            stored_version: 0,
            stale: false,
            thinking: None,
            start: record.start,
            left_ms: vec![None; record.moves.len()],
            words,
            moves: record.moves,
            holders: new.holders,
            creator: Some(new.creator),
            public: new.public,
            hints: new.hints,
            rated: new.rated,
            rating_changes: None,
            invite_hash: new.invite_hash,
            takeback: None,
            rematch: None,
            clock: new.clock.map(|control| {
                let mut clock = ClockState::new(control);
                if new.tournament.is_some() {
                    clock.start(time.now_ms());
                }
                clock
            }),
            time,
            tournament: new.tournament,
        }
    }

    /// A rated or tournament game: its two people play it to the end (no takeback, no computer
    /// taking a side over), and what it scores counts.
    pub fn played_to_the_end(&self) -> bool {
        self.rated || self.tournament.is_some()
    }

    /// The game as the store keeps it, created `now` (unix seconds).
    pub fn stored(&self, now: i64) -> StoredGame {
        StoredGame {
            id: self.id.clone(),
            game: self.session.game().to_string(),
            options: self.session.options(),
            start: self.start.clone(),
            seats: self.seats,
            resigned: self.resigned().map(str::to_string),
            result: self.result_text(),
            moves: self.moves.clone(),
            left_ms: self.left_ms.clone(),
            played_at: vec![now; self.moves.len()],
            owners: self.ownership(),
            takeback: self.takeback,
            rematch: self.rematch.clone(),
            clock: self.clock,
            timed_out: self.timed_out(),
            hints: self.hints,
            rated: self.rated,
            rating_changes: self.rating_changes.as_ref().and_then(|c| serde_json::to_string(c).ok()),
            outcome: crate::store::outcome_of(self.session.as_ref()).map(str::to_string),
            tournament: self.tournament.as_ref().map(|t| (t.id.clone(), t.seq)),
            created_at: now,
            updated_at: now,
            version: self.stored_version,
        }
    }

    /// The view of the game now.
    pub fn view(&self) -> GameView {
        let s = self.session.as_ref();
        let previous = if s.ply() > 0 {
            let mut before = s.clone_box();
            // Withdraw a resignation first, then take back the last move.
            while before.ply() == s.ply() && before.undo().is_ok() {}
            Some(before.position())
        } else {
            None
        };
        let ending = s.ending().map(|e| {
            let story = s.story().expect("a finished game has a story");
            EndingView {
                winner: e.outcome.winner().map(|p| s.player_name(p)),
                reason: e.reason,
                text: story.text,
                cells: story.cells,
            }
        });
        let stepwise = s.is_stepwise();
        let turn = if stepwise && ending.is_none() {
            s.partial_turn(&[]).and_then(Result::ok)
        } else {
            None
        };
        GameView {
            id: self.id.clone(),
            game: s.game(),
            options: s.options(),
            start: self.start.clone(),
            position: s.position(),
            previous,
            to_move: s.to_move(),
            sides: [Player::First, Player::Second].map(|side| SideView {
                name: s.player_name(side),
                plays: s.plays(side),
                seat: self.seats[side.index()],
                player: self.holders[side.index()].clone(),
                open: self.is_open(side),
            }),
            moves: self.moves.clone(),
            move_words: self.words.iter().any(Option::is_some).then(|| self.words.clone()),
            ply: s.ply(),
            ending,
            last: s.last_move_info(),
            legal: if stepwise { None } else { Some(s.legal_move_infos()) },
            turn,
            thinking: self.thinking.is_some(),
            version: self.version,
            creator: self.creator.clone(),
            public: self.public,
            hints: self.hints_allowed(),
            rated: self.rated,
            rating_changes: self.rating_changes.map(|c| c.map(RatingChangeView::from)),
            tournament: self.tournament.as_ref().map(|t| TournamentLink {
                id: t.id.clone(),
                name: t.name.clone(),
            }),
            takeback: self.takeback.map(|by| TakebackView { by }),
            rematch: self.rematch.clone(),
            clock: self.clock.map(|clock| {
                let now_ms = self.time.now_ms();
                let to_move = s.to_move();
                ClockView {
                    control: clock.control,
                    left_ms: [Player::First, Player::Second].map(|side| clock.left_ms(side, to_move, now_ms)),
                    running: clock.running_since_ms.is_some(),
                    deadline_ms: clock.deadline_ms(to_move),
                    now_ms,
                }
            }),
            invite: None,
        }
    }

    /// May the clock run: the game goes on, the first move was made, and nobody is awaited?
    pub fn clock_may_run(&self) -> bool {
        self.session.ending().is_none()
            && self.session.ply() > 0
            && ![Player::First, Player::Second]
                .into_iter()
                .any(|side| self.is_open(side))
    }

    /// The side to move ran out of time (the game ended on its flag).
    pub fn timed_out(&self) -> bool {
        self.session.ending().is_some_and(|e| e.reason == EndReason::Time)
    }

    /// Is `side` a human side nobody holds?
    pub fn is_open(&self, side: Player) -> bool {
        self.seats[side.index()].level().is_none() && self.holders[side.index()].is_none()
    }

    /// Does `who` hold `side`?
    pub fn holds(&self, who: &PlayerId, side: Player) -> bool {
        self.holders[side.index()].as_ref().is_some_and(|p| &p.id == who)
    }

    /// The sides `who` holds.
    pub fn sides_of(&self, who: &PlayerId) -> Vec<Player> {
        [Player::First, Player::Second]
            .into_iter()
            .filter(|&side| self.holds(who, side))
            .collect()
    }

    /// Why the engine's hints may not be asked for, if they may not: a rated game, or a game
    /// between two people whose creator did not allow them.
    pub fn hints_refusal(&self) -> Option<&'static str> {
        if self.rated {
            Some("no hints in a rated game")
        } else if !self.hints_allowed() {
            Some("no hints in this game: its creator did not allow them in a game between two people")
        } else {
            None
        }
    }

    /// May the engine's hints be asked for? In a game between two people (a human side held by
    /// someone else than another, or open for an invitee) only if the creator allowed them; never
    /// in a rated game.
    pub fn hints_allowed(&self) -> bool {
        if self.rated {
            return false; // and once it is over, there is no move to hint at
        }
        if self.hints {
            return true;
        }
        let humans: Vec<Option<&PlayerRef>> = [Player::First, Player::Second]
            .into_iter()
            .filter(|side| self.seats[side.index()].level().is_none())
            .map(|side| self.holders[side.index()].as_ref())
            .collect();
        match humans.as_slice() {
            [Some(a), Some(b)] => a.id == b.id,
            [_, _] => false, // a side open for an invitee
            _ => true,       // against the computer, or the computer against itself
        }
    }

    /// Does another person play a side of this game (so that an undo must be asked for)?
    pub fn another_person_plays(&self, who: &PlayerId) -> bool {
        [Player::First, Player::Second].into_iter().any(|side| {
            self.seats[side.index()].level().is_none()
                && self.holders[side.index()].as_ref().is_some_and(|p| &p.id != who)
        })
    }

    /// Who it belongs to, as stored.
    pub fn ownership(&self) -> Ownership {
        Ownership {
            creator: self.creator.as_ref().map(|p| p.id.clone()),
            holders: [0, 1].map(|i| self.holders[i].as_ref().map(|p| p.id.clone())),
            public: self.public,
            invite_hash: self.invite_hash.clone(),
        }
    }

    /// The name of the side that resigned, if the game ended by resignation.
    pub fn resigned(&self) -> Option<&'static str> {
        let ending = self.session.ending()?;
        if ending.reason != EndReason::Resignation {
            return None;
        }
        let winner = ending.outcome.winner()?;
        Some(self.session.player_name(winner.opponent()))
    }

    /// The result in words, once over.
    pub fn result_text(&self) -> Option<String> {
        self.session.story().map(|story| story.text)
    }

    /// Stops the computer's search, if it is thinking; its answer will be ignored.
    pub fn stop_thinking(&mut self) {
        if let Some(stop) = self.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The `{"type":"state"}` message of the view now.
    pub fn state_message(&self) -> String {
        Self::state_message_of(&self.view())
    }

    /// The `{"type":"state"}` message of a view.
    pub fn state_message_of(view: &GameView) -> String {
        serde_json::json!({ "type": "state", "state": view }).to_string()
    }
}
