// The game page: puts together the board, the move input (whole moves or step by step), the panel, the
// move list and the live connection. It knows no game: everything game-specific comes from the server.
import { api, getDiagram } from '../api.js';
import { h, cap, clear, fill } from '../svg.js';
import { Board, glyphPicture } from '../board.js';
import { aidsFor } from '../boards/index.js';
import {
  createState,
  rememberSeats,
  loadSeats,
  toMove,
  sideName,
  myTurn,
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

export { rememberSeats };

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

  const urlSide = new URLSearchParams(location.search).get('as');

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
    const changed = first || S.view.ply !== view.ply || S.view.version !== view.version;
    S.lastVersion = view.version;
    S.view = view;
    document.title = `${cap(view.game)} — ${view.ending ? view.ending.text : `${cap(view.sides[toMove(S)].name)} to move`} · Arbiter`;
    if (first) {
      initSeats();
      G.input = stepwise(S) ? createStepInput(G) : createMoveInput(G);
      S.input = G.input.st;
      if (stepwise(S)) S.step = G.input.st;
    }
    if (changed) {
      G.input.reset();
      S.hint = null;
      if (!view.thinking) S.thinkingInfo = null;
      S.review = null;
    }
    G.render();
  };

  const initSeats = () => {
    const v = S.view;
    let seats = loadSeats(id);
    if (urlSide) {
      const i = v.sides.findIndex((s) => s.name === urlSide);
      if (i >= 0) seats = [i];
      else if (urlSide === 'watch') seats = [];
    }
    S.mine = new Set(seats || []);
    if (seats) rememberSeats(id, [...S.mine]);
    // The first player is drawn at the bottom, unless this browser plays only the second.
    if (S.flipped === null) S.flipped = S.mine.size === 1 && S.mine.has(1) && v.sides[1].seat.kind === 'human';
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
    const n = (c && (c.levels || c.max_level)) || 0;
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
      G.setView(await api('POST', `/games/${id}/undo`));
      G.say('Move taken back.');
    } catch (e) {
      G.fail(e);
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
  G.startNew = async (position) => {
    const v = S.view;
    try {
      const body = { game: v.game, options: v.options, players: v.sides.map((x) => x.seat) };
      if (position) body.position = position;
      const created = await api('POST', '/games', body);
      const mine = [...S.mine].length
        ? [...S.mine]
        : created.sides.map((x, i) => (x.seat.kind === 'human' ? i : -1)).filter((i) => i >= 0);
      rememberSeats(created.id, mine);
      location.href = `/game/${created.id}`;
    } catch (e) {
      G.fail(e);
    }
  };
  G.flip = () => {
    S.flipped = !S.flipped;
    G.render();
  };
  G.toggleSeat = (i) => {
    if (S.mine.has(i)) S.mine.delete(i);
    else S.mine.add(i);
    rememberSeats(id, [...S.mine]);
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
  /** Brings the board to the shown position (fetching its Diagram), then draws the marks. */
  const showBoard = async () => {
    const position = shownPosition(S);
    const flipped = !!S.flipped;
    const pieces = reviewing(S) ? null : G.input.pieces ? G.input.pieces() : null;
    if (S.shown && S.shown.position === position && S.shown.flipped === flipped) {
      if (G.input.pieces) board.setDiagram(S.diagram, { pieces, animate: true });
      G.drawMarks();
      return;
    }
    const request = ++boardRequest;
    let diagram;
    try {
      diagram = await getDiagram({ game: S.view.game, options: S.view.options, position, flipped });
    } catch (e) {
      return G.fail(e);
    }
    if (request !== boardRequest) return;
    const legendWasEmpty = !S.diagram;
    const animate = !!S.shown && S.shown.flipped === flipped;
    S.diagram = diagram;
    S.shown = { position, flipped };
    S.animating = true;
    board
      .setDiagram(diagram, { pieces: reviewing(S) ? null : G.input.pieces ? G.input.pieces() : null, animate })
      .then(() => {
        if (request === boardRequest) S.animating = false;
      });
    G.drawMarks();
    if (legendWasEmpty) G.renderPanel();
    else {
      const old = side.querySelector('#legend-section');
      if (old) old.replaceWith(legendSection(G));
    }
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
    fill(
      banner,
      h('strong', { id: 'ending-text' }, v.ending.text),
      h('span', { class: 'banner-plies' }, `after ${v.ply} ${v.ply === 1 ? 'ply' : 'plies'}`),
      h('button', { class: 'primary small', onclick: () => G.startNew(null) }, '↻ Play again'),
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
  board.onCell = (cell) => {
    if (!S.view) return;
    if (S.review !== null)
      return G.say('You are looking at an earlier position: click “Back to the game” to play.', 'warn');
    if (!myTurn(S)) return G.say(whyNotMyTurn(S), 'warn');
    G.input.click(cell);
  };
  document.addEventListener('keydown', (e) => {
    if (reviewer.onKey(e)) return;
    if (e.key === 'Escape' && S.view) {
      G.input.reset();
      G.say(null);
      G.render();
    }
  });

  // ---- start --------------------------------------------------------------------------------------
  let first;
  try {
    first = await api('GET', `/games/${id}`);
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
      if (S.catalog && !S.catalog.levels) S.catalog.levels = catalog.max_level;
      G.renderPanel();
    })
    .catch(() => {});
  G.setView(first);
  startLive(G);
}
