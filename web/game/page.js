// The game page: puts together the board, the move input (whole moves or step by step), the panel, the
// move list and the live connection. It knows no game: everything game-specific comes from the server.
import { api, getDiagram, me } from '../api.js';
import { h, cap, clear, fill } from '../svg.js';
import { Board, glyphPicture } from '../board.js';
import { aidsFor } from '../boards/index.js';
import {
  createState,
  rememberInvite,
  loadInvite,
  takeNote,
  toMove,
  sideName,
  sideIndex,
  myTurn,
  mySides,
  holds,
  isPlayer,
  openSide,
  stepwise,
  reviewing,
  shownPosition,
  whyNotMyTurn,
} from './state.js';
import { createMoveInput } from './moves.js';
import { createStepInput } from './steps.js';
import { createReview } from './review.js';
import { renderPanel, messageLine, updateMessage, legendSection } from './panel.js';
import { startLive } from './live.js';
import { createClocks } from '../clock.js';

export async function renderGame(main, id) {
  const S = createState(id);
  window.arbiter = S;
  const G = { S };

  clear(main);
  const board = new Board({ id: 'board', label: 'game board' });
  G.board = board;
  const banner = h('div', { class: 'banner hidden', id: 'banner', role: 'status' });
  const boardCol = h('div', { class: 'board-col' }, banner, h('div', { class: 'board-wrap' }, board.svg));
  const movesCol = h('section', { class: 'moves-col panel', 'aria-label': 'Moves' });
  const side = h('aside', { class: 'side panel' });
  main.appendChild(h('div', { class: 'game-page' }, boardCol, movesCol, side));
  G.messageBox = messageLine(S);
  // The clocks tick on the page; when the running one reaches zero the server ends the game and tells
  // every page: should that news not come, the page asks.
  G.clocks = createClocks(() =>
    setTimeout(() => {
      if (S.view && !S.view.ending) G.refresh();
    }, 2000),
  );

  // An invite in the address is used once, then taken out of the address (and of the history).
  const params = new URLSearchParams(location.search);
  const inviteCode = params.get('invite');
  if (params.has('invite') || params.has('as')) {
    params.delete('invite');
    params.delete('as');
    const rest = params.toString();
    history.replaceState(history.state, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
  }

  // ---- messages and errors ------------------------------------------------------------------------
  G.say = (text, kind = 'info', { network = false } = {}) => {
    S.message = text ? { text, kind, network } : null;
    updateMessage(S, G.messageBox);
  };
  G.fail = (e) => G.say(e.message, 'error', { network: e.code === 'network' });

  // ---- the view -----------------------------------------------------------------------------------
  G.setView = (view) => {
    if (!view || view.version < S.lastVersion) return;
    const first = !S.view;
    const before = S.view;
    const changed = first || S.view.ply !== view.ply || S.view.version !== view.version;
    S.lastVersion = view.version;
    S.view = view;
    G.clocks.set(view);
    updateSeats();
    const now = view.ending ? view.ending.text : myTurn(S) ? 'Your move' : `${sideName(S, toMove(S))} to move`;
    document.title = `${cap(view.game)} — ${now} · Arbiter`;
    if (first) {
      G.input = stepwise(S) ? createStepInput(G) : createMoveInput(G);
      S.input = G.input.st;
      if (stepwise(S)) S.step = G.input.st;
    } else {
      takebackNews(before, view);
      joinNews(before, view);
    }
    if (changed) {
      G.input.reset();
      S.hint = null;
      if (!view.thinking) S.thinkingInfo = null;
      S.review = null;
    }
    if (view.rematch && !S.rematchBy) findRematchBy(view.rematch);
    G.render();
  };

  /** The sides this player holds come from the server, with every view (an invite claimed, a seat changed). */
  const updateSeats = () => {
    const v = S.view;
    S.mine = mySides(S);
    // The first player is drawn at the bottom, unless this player holds only the second.
    if (!S.flippedByHand) S.flipped = S.mine.size === 1 && S.mine.has(1);
    // Once nobody's seat is open, the invite is spent.
    if (openSide(S) < 0 && S.invite) {
      S.invite = null;
      rememberInvite(id, null);
    }
    if (openSide(S) >= 0 && v.invite) {
      S.invite = v.invite;
      rememberInvite(id, v.invite);
    }
  };

  /** Tells the asker how their takeback request ended (the answer comes with the opponent's view). */
  const takebackNews = (before, view) => {
    const asked = before.takeback;
    if (!asked || view.takeback) return;
    const by = sideIndex(S, asked.by);
    if (S.takebackAnswered) {
      S.takebackAnswered = false;
      return;
    }
    if (view.ply > before.ply) return; // a move cleared it
    if (S.mine.has(by) && S.mine.size === 1) {
      if (view.ply < before.ply) G.say('Your opponent accepted: your last move is taken back.', 'info');
      else G.say('Your opponent declined to take back your move.', 'warn');
    } else if (S.mine.size && view.ply === before.ply) {
      G.say('Your opponent withdrew the request to take back.', 'info');
    }
  };

  /** Tells the creator that their friend took the open seat. */
  const joinNews = (before, view) => {
    const i = before.sides.findIndex((s) => s.open);
    if (i < 0 || view.sides[i].open || !view.sides[i].player || holds(S, i)) return;
    if (!(S.me && view.creator && view.creator.id === S.me.id)) return;
    const who = view.sides[i].player.name || 'Your friend';
    G.say(`${who} joined the game and plays ${sideName(S, i)}.`, 'info');
  };

  /** Who started the rematch: the page says "your opponent started a rematch" only when they did. */
  const findRematchBy = async (rematchId) => {
    S.rematchBy = 'unknown';
    try {
      const other = await api('GET', `/games/${rematchId}`);
      S.rematchBy = S.me && other.creator && other.creator.id === S.me.id ? 'me' : 'other';
    } catch (_) {
      S.rematchBy = 'other';
    }
    G.render();
  };

  G.refresh = async () => {
    try {
      G.setView(await api('GET', `/games/${id}`));
    } catch (e) {
      G.fail(e);
    }
  };

  G.levels = () => {
    const c = S.catalog;
    const n = (c && c.levels) || 0;
    const list = [];
    for (let l = 1; l <= n; l++) list.push(l);
    // Keep a level in use even if the catalog is not known yet.
    for (const s of S.view.sides)
      if (s.seat.kind === 'computer' && !list.includes(s.seat.level)) list.push(s.seat.level);
    return list.sort((a, b) => a - b);
  };

  /** A small picture of a side's piece (its first on the board, else in the piece key), for the players list. */
  G.sideGlyph = (i) => {
    const d = S.diagram;
    const piece = d && [...(d.pieces || []), ...(d.key || [])].find((p) => p.side === i);
    if (piece && d.glyphs[piece.glyph]) return h('span', { class: 'side-glyph' }, glyphPicture(d, piece.glyph, 26));
    return h('span', { class: `side-chip side-${i}` });
  };

  // ---- actions ------------------------------------------------------------------------------------
  G.play = async (notation) => {
    G.say(null);
    try {
      G.setView(
        await api('POST', `/games/${id}/moves`, {
          move: notation,
          side: S.view.sides[toMove(S)].name,
          ply: S.view.ply,
        }),
      );
    } catch (e) {
      G.fail(e);
      G.refresh();
    }
  };
  G.undo = async () => {
    try {
      const view = await api('POST', `/games/${id}/undo`);
      G.setView(view);
      G.say(view.takeback ? 'You asked your opponent to take back your last move.' : 'Move taken back.');
    } catch (e) {
      G.fail(e);
    }
  };
  /** Answers a takeback request: accept or decline it (the opponent), or withdraw it (the asker). */
  G.answerTakeback = async (accept, words) => {
    S.takebackAnswered = true;
    try {
      G.setView(await api('POST', `/games/${id}/takeback`, { accept }));
      G.say(words);
    } catch (e) {
      S.takebackAnswered = false;
      G.fail(e);
      G.refresh();
    }
  };
  G.rematch = async () => {
    G.say('Starting the rematch…');
    try {
      const created = await api('POST', `/games/${id}/rematch`);
      location.href = `/game/${created.id}`;
    } catch (e) {
      G.fail(e);
      G.refresh();
    }
  };
  /** A new invite link for the open side (the creator only; the old link stops working). */
  G.newInvite = async () => {
    try {
      const answer = await api('POST', `/games/${id}/invite`);
      S.invite = answer.invite;
      rememberInvite(id, answer.invite);
      G.say('Here is a new invite link. Any older link no longer works.');
      G.render();
    } catch (e) {
      if (e.code === 'no_open_seat') G.say('Nobody can be invited any more: the seat is taken.', 'warn');
      else G.fail(e);
      G.refresh();
    }
  };
  const confirmAction = (question) => (window.arbiterNoConfirm ? true : window.confirm(question));
  G.resign = async () => {
    const who = S.mine.size === 1 ? [...S.mine][0] : toMove(S);
    if (!confirmAction(`Resign for ${sideName(S, who)}?`)) return;
    try {
      G.setView(await api('POST', `/games/${id}/resign`, { side: S.view.sides[who].name }));
      G.say(null);
    } catch (e) {
      G.fail(e);
    }
  };
  G.hint = async () => {
    G.say('Asking the engine…');
    const version = S.view.version;
    try {
      const r = await api('GET', `/games/${id}/hint`);
      const d = await getDiagram({
        game: S.view.game,
        options: S.view.options,
        position: S.view.position,
        move: r.best,
      });
      if (S.view.version !== version) return;
      // The hint is a whole move from the position as it stands: drop a move half entered.
      G.input.reset();
      S.hint = { notation: r.best, info: d.move ? d.move.info : null, clicks: d.move ? d.move.clicks : [] };
      G.say(null);
      G.render();
    } catch (e) {
      G.fail(e);
    }
  };
  G.clearHint = () => {
    S.hint = null;
    G.render();
  };
  /** A new game with this game's options and players: a side another person plays is left open for them. */
  G.startNew = async (position) => {
    const v = S.view;
    try {
      await me();
      const body = { game: v.game, options: v.options, players: v.sides.map((x) => x.seat), public: v.public };
      if (v.clock) body.clock = v.clock.control;
      const others = v.sides.map((s, i) => i).filter((i) => v.sides[i].seat.kind === 'human' && !holds(S, i));
      if (isPlayer(S) && others.length === 1) body.open = others[0] === 0 ? 'first' : 'second';
      if (position) body.position = position;
      const created = await api('POST', '/games', body);
      if (created.invite) rememberInvite(created.id, created.invite);
      location.href = `/game/${created.id}`;
    } catch (e) {
      G.fail(e);
    }
  };
  G.flip = () => {
    S.flipped = !S.flipped;
    S.flippedByHand = true;
    G.render();
  };
  G.setSeat = async (i, value) => {
    const players = S.view.sides.map((s) => s.seat);
    players[i] = value === 'human' ? { kind: 'human' } : { kind: 'computer', level: Number(value) };
    try {
      G.setView(await api('POST', `/games/${id}/players`, { players }));
    } catch (e) {
      G.fail(e);
    }
  };

  const reviewer = createReview(G);
  G.review = reviewer.review;

  // ---- drawing ------------------------------------------------------------------------------------
  let boardRequest = 0;
  let boardDrawn = 0;
  /** Clicks made while the board was still on its way to the view's position (played once it is there). */
  let heldClicks = [];
  /** Is the board still showing another position than the one to show (its Diagram on its way)? */
  const boardBehind = () => !S.shown || S.shown.position !== shownPosition(S) || S.shown.flipped !== !!S.flipped;
  /** Brings the board to the shown position (fetching its Diagram), then draws the marks. */
  const showBoard = async () => {
    const position = shownPosition(S);
    const flipped = !!S.flipped;
    const pieces = reviewing(S) ? null : G.input.pieces ? G.input.pieces() : null;
    if (S.shown && S.shown.position === position && S.shown.flipped === flipped) {
      boardRequest += 1; // a Diagram still on its way is for a position no longer to show
      if (G.input.pieces) board.setDiagram(S.diagram, { pieces, animate: true });
      G.drawMarks();
      releaseClicks(false);
      return;
    }
    const request = ++boardRequest;
    let diagram;
    try {
      diagram = await getDiagram({ game: S.view.game, options: S.view.options, position, flipped });
    } catch (e) {
      heldClicks = [];
      return G.fail(e);
    }
    if (request !== boardRequest) return;
    const legendWasEmpty = !S.diagram;
    const animate = !!S.shown && S.shown.flipped === flipped;
    S.diagram = diagram;
    S.shown = { position, flipped };
    S.animating = true;
    const drawn = ++boardDrawn;
    board
      .setDiagram(diagram, { pieces: reviewing(S) ? null : G.input.pieces ? G.input.pieces() : null, animate })
      .then(() => {
        if (drawn === boardDrawn) S.animating = false;
      });
    G.drawMarks();
    if (legendWasEmpty) G.renderPanel();
    else {
      const old = side.querySelector('#legend-section');
      if (old) old.replaceWith(legendSection(G));
    }
    releaseClicks(true);
  };

  /**
   * Plays the clicks held while the board was behind, now that it shows the view: each counts for the
   * piece that was clicked, where it stands now (`follow`: the board has just moved its pieces); the
   * player is acting, so the slide ends at once.
   */
  const releaseClicks = (follow) => {
    if (!heldClicks.length) return;
    const held = heldClicks.map((cell) => (follow ? board.followed(cell) : cell));
    heldClicks = [];
    board.finishAnimation();
    for (const cell of held) cellClicked(cell);
  };

  /** Draws every mark: last move, decisive cells, hint, and the move input's marks. */
  G.drawMarks = () => {
    if (!S.diagram || !S.view) return;
    board.clearMarks();
    const info = reviewer.lastInfo();
    if (info) for (const c of [info.from, info.to]) if (c) board.mark(c, 'last');
    const live = !reviewing(S);
    if (live && S.view.ending) for (const c of S.view.ending.cells || []) board.mark(c, 'decisive');
    if (live && S.hint && myTurn(S)) {
      const hi = S.hint.info || {};
      const cells = new Set((S.hint.clicks || []).map((c) => c.cell).filter(Boolean));
      if (hi.from) cells.add(hi.from);
      if (hi.to) cells.add(hi.to);
      for (const c of cells) board.mark(c, 'hint');
      // A turn built step by step is shown by its squares: an arrow from start to end could cut
      // across squares the turn never visits.
      const stepwise = (S.hint.clicks || []).some((c) => c.token);
      if (hi.from && hi.to && !stepwise) board.arrow(hi.from, hi.to, 'mark-hint');
    }
    if (live) G.input.marks(board);
    board.setHits(live ? (cell) => G.input.hitClasses(cell) : null);
    drawHover();
  };

  const drawHover = () => {
    board.clearHover();
    if (!S.view || reviewing(S)) return;
    G.input.hover(board, board.hoverCell);
    const aids = aidsFor(S.view.game);
    if (aids.hover && board.hoverCell) aids.hover(board, board.hoverCell);
  };
  board.onHover = () => drawHover();

  const renderBanner = () => {
    const v = S.view;
    if (!v.ending) {
      banner.className = 'banner hidden';
      fill(banner);
      return;
    }
    banner.className = `banner ${v.ending.winner ? 'win' : 'draw'}`;
    let next = null;
    if (v.rematch)
      next = h(
        'a',
        { class: 'button primary small', href: `/game/${v.rematch}` },
        isPlayer(S) ? 'Go to the rematch' : 'Watch the rematch',
      );
    else if (isPlayer(S))
      next = h('button', { class: 'primary small', id: 'banner-rematch', onclick: G.rematch }, '↻ Rematch');
    fill(
      banner,
      h('strong', { id: 'ending-text' }, v.ending.text),
      h('span', { class: 'banner-plies' }, `after ${v.ply} ${v.ply === 1 ? 'ply' : 'plies'}`),
      next,
    );
  };

  G.renderPanel = () => {
    if (S.view) renderPanel(G, side);
  };
  G.render = () => {
    renderBanner();
    G.renderPanel();
    reviewer.renderMoves(movesCol);
    showBoard();
  };

  // ---- input --------------------------------------------------------------------------------------
  // (A click while pieces slide ends the slide first: see Board.)
  const cellClicked = (cell) => {
    if (!S.view) return;
    if (S.review !== null)
      return G.say('You are looking at an earlier position: click “Back to the game” to play.', 'warn');
    if (!myTurn(S)) return G.say(whyNotMyTurn(S), 'warn');
    // The view changed but the board does not show it yet (its Diagram on its way, a slow machine): the
    // click waits for it, else it would be read against pieces that have moved since.
    if (boardBehind()) {
      heldClicks = [...heldClicks, cell].slice(-2);
      return;
    }
    G.input.click(cell);
  };
  board.onCell = cellClicked;
  document.addEventListener('keydown', (e) => {
    if (reviewer.onKey(e)) return;
    if (e.key === 'Escape' && S.view) {
      G.input.reset();
      G.say(null);
      G.render();
    }
  });

  // ---- start --------------------------------------------------------------------------------------
  // Who this browser is: the sides it holds are those whose player is this one.
  let meProblem = null;
  try {
    S.me = await me();
  } catch (e) {
    meProblem = e;
  }
  let first;
  let joined = null;
  try {
    first = await api('GET', `/games/${id}`);
    if (inviteCode) ({ view: first, joined } = await useInvite(first, inviteCode, meProblem));
    else S.invite = loadInvite(id);
  } catch (e) {
    clear(main);
    main.appendChild(
      h(
        'div',
        { class: 'panel not-found' },
        h('h1', {}, e.status === 404 ? 'Game not found' : 'The game could not be loaded'),
        h('p', { class: 'error' }, e.message),
        h('a', { class: 'button', href: '/' }, 'Start a new game'),
      ),
    );
    return;
  }
  api('GET', '/catalog')
    .then((catalog) => {
      S.catalog = catalog.games.find((g) => g.name === S.view.game) || null;
      G.renderPanel();
    })
    .catch(() => {});
  G.setView(first);
  const note = takeNote(id);
  if (joined) G.say(joined.text, joined.kind);
  else if (note) G.say(note, 'info');
  else if (meProblem) G.say(`${meProblem.message} You can watch this game.`, 'error');
  startLive(G);

  /** Claims the open side with the invite from the address; says what happened. */
  async function useInvite(view, code, problem) {
    const watching = ' You are watching the game.';
    if (problem) return { view, joined: { text: `Could not join: ${problem.message}${watching}`, kind: 'error' } };
    const held = view.sides.some((s) => s.player && s.player.id === S.me.id);
    if (held) {
      // The creator opened their own link: keep it to show, do not take the friend's seat.
      if (view.creator && view.creator.id === S.me.id && view.sides.some((s) => s.open)) {
        // The link this browser made last is the newest one it knows (an old link may have been replaced).
        S.invite = loadInvite(id) || code;
        rememberInvite(id, S.invite);
        return {
          view,
          joined: { text: 'This is your own invite link: send it to the friend you want to play with.', kind: 'info' },
        };
      }
      return { view, joined: { text: 'You already play in this game.', kind: 'info' } };
    }
    try {
      const claimed = await api('POST', `/games/${id}/claim`, { invite: code });
      const i = claimed.sides.findIndex((s) => s.player && s.player.id === S.me.id);
      const side = i >= 0 ? ` You play ${cap(claimed.sides[i].name)}.` : '';
      return { view: claimed, joined: { text: `You joined the game.${side}`, kind: 'info' } };
    } catch (e) {
      let text;
      if (e.code === 'bad_invite')
        text = 'This invite link does not work: it is wrong, or a newer link replaced it. Ask for a new link.';
      else if (e.code === 'no_open_seat') text = 'This invite link was already used: both seats are taken.';
      else if (e.code === 'already_playing')
        return { view, joined: { text: 'You already play in this game.', kind: 'info' } };
      else if (e.status === 404) throw e;
      else text = `Could not join the game: ${e.message}`;
      return { view, joined: { text: text + watching, kind: 'error' } };
    }
  }
}
