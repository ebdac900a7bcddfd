// The game page: puts together the board, the move input (whole moves or step by step), the panel, the
// move list and the live connection. It knows no game: everything game-specific comes from the server.
// `G` is the page: its state `G.S` and what its parts call on each other — the view (view.js), the
// player's actions (actions.js), the board (drawing.js) and joining by invite (invite.js).
import { announcer } from './typed.js';
import { api, me } from '../api.js';
import { h, clear, fill } from '../svg.js';
import { Board } from '../board.js';
import { createState, loadInvite, takeNote, isPlayer } from './state.js';
import { createReview } from './review.js';
import { renderPanel, messageLine, updateMessage } from './panel.js';
import { startLive } from './live.js';
import { createClocks } from '../clock.js';
import { installView } from './view.js';
import { installActions } from './actions.js';
import { installBoard } from './drawing.js';
import { takeInviteFromAddress, useInvite } from './invite.js';
import { installAnalysis } from './analysis.js';
import { installKeys } from './keys.js';
import { createNextGame } from './next.js';

export async function renderGame(main, id) {
  const S = createState(id);
  window.arbiter = S;
  const G = { S };
  const { banner, movesCol, side } = layOut(main, G);
  const inviteCode = takeInviteFromAddress();
  installMessages(G);
  installView(G);
  installActions(G);
  installAnalysis(G);
  const reviewer = createReview(G);
  G.review = reviewer.review;
  installBoard(G, reviewer, side);
  G.renderPanel = () => {
    if (S.view) renderPanel(G, side);
  };
  G.render = () => {
    renderBanner(G, banner);
    G.renderPanel();
    reviewer.renderMoves(movesCol);
    G.showBoard();
    G.updateKeys();
    G.nextGame.update();
  };
  document.addEventListener('keydown', (e) => {
    if (reviewer.onKey(e)) return;
    if (e.key === 'Escape' && S.view) {
      G.input.reset();
      G.say(null);
      G.render();
    }
  });
  await openGame(main, G, inviteCode);
}

/** Lays out the page (board, move list, side panel); makes the board, the message line and the clocks. */
function layOut(main, G) {
  clear(main);
  G.board = new Board({ id: 'board', label: 'game board' });
  const banner = h('div', { class: 'banner hidden', id: 'banner', role: 'status' });
  // The board by keyboard, with its help, the buttons under it and the text board (kept across renders).
  const keys = installKeys(G);
  G.nextGame = createNextGame(G);
  const boardCol = h(
    'div',
    { class: 'board-col' },
    banner,
    G.nextGame.box,
    h('div', { class: 'board-wrap' }, G.board.svg, keys.help, keys.cursorSay),
    keys.tools,
    keys.textBoard,
  );
  const movesCol = h('section', { class: 'moves-col panel', 'aria-label': 'Moves' });
  const side = h('aside', { class: 'side panel' });
  main.appendChild(h('div', { class: 'game-page' }, boardCol, movesCol, side));
  G.messageBox = messageLine(G.S);
  G.announceBox = announcer();
  main.appendChild(G.announceBox);
  // The clocks tick on the page; when the running one reaches zero the server ends the game and tells
  // every page: should that news not come, the page asks.
  G.clocks = createClocks(() =>
    setTimeout(() => {
      if (G.S.view && !G.S.view.ending) G.refresh();
    }, 2000),
  );
  return { banner, movesCol, side };
}

/** `G.say` puts a message on the message line (`network`: about the connection); `G.fail` an error's. */
function installMessages(G) {
  G.say = (text, kind = 'info', { network = false } = {}) => {
    G.S.message = text ? { text, kind, network } : null;
    updateMessage(G.S, G.messageBox);
  };
  G.fail = (e) => G.say(e.message, 'error', { network: e.code === 'network' });
}

/** The banner above the board once the game is over: how it ended, and the way to the rematch. */
function renderBanner(G, banner) {
  const S = G.S;
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
  // A tournament pairs its players' next games itself: no rematch there.
  else if (isPlayer(S) && !v.tournament)
    next = h('button', { class: 'primary small', id: 'banner-rematch', onclick: G.rematch }, '↻ Rematch');
  fill(
    banner,
    h('strong', { id: 'ending-text' }, v.ending.text),
    h('span', { class: 'banner-plies' }, `after ${v.ply} ${v.ply === 1 ? 'ply' : 'plies'}`),
    next,
  );
}

/** Loads the game (joining it with the invite from the address, if any), then shows it and goes live. */
async function openGame(main, G, inviteCode) {
  const S = G.S;
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
    first = await api('GET', `/games/${S.id}`);
    if (inviteCode) ({ view: first, joined } = await useInvite(S, first, inviteCode, meProblem));
    else S.invite = loadInvite(S.id);
  } catch (e) {
    showLoadError(main, e);
    return;
  }
  api('GET', '/catalog')
    .then((catalog) => {
      S.catalog = catalog.games.find((g) => g.name === S.view.game) || null;
      G.renderPanel();
    })
    .catch(() => {});
  G.setView(first);
  G.loadAnalysis();
  const note = takeNote(S.id);
  if (joined) G.say(joined.text, joined.kind);
  else if (note) G.say(note, 'info');
  else if (meProblem) G.say(`${meProblem.message} You can watch this game.`, 'error');
  startLive(G);
}

/** In place of the page: the game is not there, or could not be loaded. */
function showLoadError(main, e) {
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
}
