// The game page: the board, click-by-click input, the move list and every game action, kept live over a WebSocket.
import { api, watch } from './api.js';
import { el, h, cap, clear } from './svg.js';
import { BOARDS, sideStyle } from './boards/index.js';
import { RINGS } from './boards/krux.js';

const SEATS_KEY = (id) => `arbiter.seats.${id}`;

/** Remembers which sides (indices) this browser plays in game `id`. */
export function rememberSeats(id, sides) {
  try {
    localStorage.setItem(SEATS_KEY(id), JSON.stringify(sides));
  } catch (_) {
    /* private mode: the choice lasts for this page only */
  }
}

function loadSeats(id) {
  try {
    const v = JSON.parse(localStorage.getItem(SEATS_KEY(id)) || 'null');
    return Array.isArray(v) ? v : null;
  } catch (_) {
    return null;
  }
}

const CHOICE_PROMPT = {
  void: 'Attack? Click a marked target — the pieces that would fall are marked — or click the destination again to move without attacking.',
  attraction: 'Push? Click where the pushed stone should land, or click the destination again to stop there.',
};

export async function renderGame(main, id) {
  const S = {
    id,
    view: null,
    board: null,
    mine: new Set(),
    flipped: null,
    selected: null,
    choice: null, // { from, to, candidates }
    hoverCell: null,
    krux: { tokens: [], turn: null, options: null, busy: false },
    hint: null,
    message: null,
    thinkingInfo: null,
    connected: false,
    lastVersion: -1,
    review: null, // the ply shown while reviewing the game, or null for the live position
    positions: null, // { version, list } fetched for reviewing
  };
  window.arbiter = S; // for tests and the curious

  clear(main);
  const svg = el('svg', { class: 'board', id: 'board', role: 'img', 'aria-label': 'game board' });
  const banner = h('div', { class: 'banner hidden', id: 'banner', role: 'status' });
  const boardWrap = h('div', { class: 'board-wrap' }, svg, banner);
  const side = h('aside', { class: 'side panel' });
  main.appendChild(h('div', { class: 'game-page' }, boardWrap, side));

  const urlSide = new URLSearchParams(location.search).get('as');

  // ---- data ---------------------------------------------------------------------------------------------
  const setView = (view) => {
    if (!view || view.version < S.lastVersion) return;
    const changed = !S.view || S.view.ply !== view.ply || S.view.version !== view.version;
    S.lastVersion = view.version;
    const first = !S.view;
    S.view = view;
    S.board = BOARDS[view.game];
    document.title = `${cap(view.game)} — ${view.ending ? view.ending.text : `${cap(view.sides[view.to_move === 'first' ? 0 : 1].name)} to move`} · Arbiter`;
    if (first) initSeats();
    if (changed) {
      S.selected = null;
      S.choice = null;
      S.hint = null;
      if (!view.thinking) S.thinkingInfo = null;
      S.krux.tokens = [];
      S.krux.turn = view.turn || null;
      S.krux.options = null;
      S.review = null;
    }
    render();
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
    if (S.flipped === null) S.flipped = defaultFlip();
  };

  const defaultFlip = () => {
    const v = S.view;
    // The board shows the first player at the bottom (Void: Black; grids: rank 1), unless we play only the second.
    return S.mine.size === 1 && S.mine.has(1) && v.sides[1].seat.kind === 'human';
  };

  const refresh = async () => {
    try {
      setView(await api('GET', `/games/${id}`));
    } catch (e) {
      say(e.message, 'error');
    }
  };

  const say = (text, kind = 'info') => {
    S.message = text ? { text, kind } : null;
    renderMessage();
  };

  // ---- helpers ------------------------------------------------------------------------------------------
  const toMove = () => (S.view.to_move === 'first' ? 0 : 1);
  const sideName = (i) => S.view.sides[i].name;
  const isComputer = (i) => S.view.sides[i].seat.kind === 'computer';
  const over = () => !!S.view.ending;
  const myTurn = () => !over() && S.review === null && S.mine.has(toMove()) && !isComputer(toMove());
  const stepwise = () => !S.view.legal;
  const localControl = () => S.view.sides.every((s, i) => s.seat.kind === 'computer' || S.mine.has(i));
  const reviewing = () => S.review !== null && S.positions && S.positions.version === S.view.version;
  const shownPosition = () => (reviewing() ? S.positions.list[S.review] : S.view.position);
  const shownPrevious = () => (reviewing() ? (S.review > 0 ? S.positions.list[S.review - 1] : null) : S.view.previous);
  const parsed = () => S.board.parse(shownPosition());

  const legalFrom = (cell) => (S.view.legal || []).filter((m) => m.from === cell);

  const play = async (notation) => {
    say(null);
    try {
      setView(await api('POST', `/games/${id}/moves`, { move: notation, side: sideName(toMove()), ply: S.view.ply }));
    } catch (e) {
      say(e.message, 'error');
      refresh();
    }
  };

  // ---- clicks (whole-move games) ------------------------------------------------------------------------
  const whyNotMyTurn = () => {
    if (over()) return `The game is over: ${S.view.ending.text}.`;
    const t = toMove();
    if (S.mine.size === 0) return `You are watching. To play, choose a side under “You play”.`;
    if (isComputer(t)) return `It is ${cap(sideName(t))}'s turn: the computer is thinking.`;
    return `It is ${cap(sideName(t))}'s turn: wait for your opponent's move.`;
  };

  const clickCell = (cell) => {
    if (!S.view) return;
    if (S.review !== null) return say('You are looking at an earlier position: click “Back to the game” to play.', 'warn');
    if (!myTurn()) return say(whyNotMyTurn(), 'warn');
    if (stepwise()) return kruxClick(cell);
    const pieces = parsed().pieces;
    const piece = pieces.get(cell);
    const t = toMove();
    if (S.choice) {
      const pick = S.choice.candidates.find((m) => S.board.choiceCell(m) === cell);
      if (pick) return play(pick.notation);
      if (cell === S.choice.from) {
        S.choice = null;
        S.selected = null;
        say(null);
        return render();
      }
      if (!(piece && piece.side === t)) return say(CHOICE_PROMPT[S.view.game] || 'Choose one of the marked cells.', 'warn');
      S.choice = null;
    }
    if (S.selected && cell !== S.selected) {
      const moves = legalFrom(S.selected).filter((m) => m.to === cell);
      if (moves.length === 1) return play(moves[0].notation);
      if (moves.length > 1) {
        S.choice = { from: S.selected, to: cell, candidates: moves };
        say(CHOICE_PROMPT[S.view.game] || 'This move can be made in several ways: choose one.', 'info');
        return render();
      }
    }
    if (piece && piece.side === t) {
      if (S.selected === cell) {
        S.selected = null;
        say(null);
        return render();
      }
      const moves = legalFrom(cell);
      if (!moves.length) {
        S.selected = null;
        render();
        return say(`This ${S.board.describe(piece)} on ${cell} has no legal move.`, 'warn');
      }
      S.selected = cell;
      say(null);
      return render();
    }
    if (S.selected) {
      const p = pieces.get(S.selected);
      const dests = [...new Set(legalFrom(S.selected).map((m) => m.to))];
      return say(
        `The ${S.board.describe(p)} on ${S.selected} cannot go to ${cell}. It can go to: ${dests.join(', ')}.`,
        'warn',
      );
    }
    if (piece) return say(`That ${S.board.describe(piece)} is ${cap(sideName(piece.side))}'s; you play ${cap(sideName(t))}.`, 'warn');
    return say(`Select one of ${cap(sideName(t))}'s pieces first.`, 'warn');
  };

  // ---- Krux: token by token -----------------------------------------------------------------------------
  const tokenCell = (token) => {
    const m = /([a-g][1-7])$/.exec(token);
    return m ? m[1] : null;
  };
  const TOKEN_WORDS = { R: 'Repel', A: 'Attract', P: 'Pick up', D: 'Drop', J: 'Jump to', X: 'Switch with' };
  const tokenLabel = (token) => {
    if (token.startsWith('@')) {
      const r = RINGS[token[1]];
      return `${cap(r.name)} ring (${r.power})`;
    }
    if (/^[a-g][1-7]$/.test(token)) return `Step to ${token}`;
    const word = TOKEN_WORDS[token[0]] || token[0];
    const cell = token.slice(1);
    const piece = kruxPieceAt(cell);
    if ('RAPX'.includes(token[0]) && piece) return `${word} ${piece.label} on ${cell}`;
    if (token === 'Dd4') return 'Drop into the hole (d4)';
    return `${word} ${cell}`;
  };
  const kruxPieceAt = (cell) => {
    const turn = S.krux.turn;
    if (!turn) return null;
    return turn.pieces.find((p) => p.cell === cell) || null;
  };

  const pushToken = async (token) => {
    if (S.krux.busy) return;
    S.krux.busy = true;
    const tokens = [...S.krux.tokens, token];
    try {
      const turn = await api('POST', `/games/${id}/turn`, { tokens });
      S.krux.tokens = tokens;
      S.krux.turn = turn;
      S.krux.options = null;
      say(null);
      if (turn.won) {
        S.krux.busy = false;
        return play(turn.notation);
      }
    } catch (e) {
      say(e.message, 'error');
    }
    S.krux.busy = false;
    render();
  };

  const popToken = async () => {
    if (!S.krux.tokens.length) return;
    const tokens = S.krux.tokens.slice(0, -1);
    try {
      S.krux.turn = await api('POST', `/games/${id}/turn`, { tokens });
      S.krux.tokens = tokens;
      S.krux.options = null;
    } catch (e) {
      say(e.message, 'error');
    }
    render();
  };

  const kruxClick = (cell) => {
    const turn = S.krux.turn;
    if (!turn) return;
    const options = turn.next.filter((t) => tokenCell(t) === cell);
    if (options.length === 1) return pushToken(options[0]);
    if (options.length > 1) {
      S.krux.options = { cell, tokens: options };
      say(`Several things can be done on ${cell}: choose one.`, 'info');
      return render();
    }
    const active = turn.pieces.find((p) => p.label === turn.active);
    if (turn.next.length && turn.next.every((t) => t.startsWith('@')))
      return say(`Piece ${turn.active} moves for the first time: choose its ring first (buttons on the right).`, 'warn');
    if (!turn.next.length) return say('Nothing more can be done this turn: click “End turn”.', 'warn');
    const piece = kruxPieceAt(cell);
    if (cell === 'd4') return say('The hole is not a square a piece can stand on.', 'warn');
    if (piece && piece.label === turn.active) return say(`Piece ${turn.active} is the one moving: click where it should go or what it should act on.`, 'info');
    const reasons = [];
    if (!piece && turn.frozen) reasons.push(`piece ${turn.active} has been next to an opponent piece this turn, so it may not step`);
    else if (!piece && turn.steps >= 3) reasons.push('all 3 steps are used');
    if (piece && turn.actions >= 2) reasons.push('both actions are used');
    const where = active && active.cell ? ` from ${active.cell}` : '';
    return say(
      `No legal step or action of piece ${turn.active}${where} involves ${cell}` + (reasons.length ? `: ${reasons.join('; ')}.` : '.'),
      'warn',
    );
  };

  const endTurn = () => {
    const turn = S.krux.turn;
    if (!turn) return;
    if (!turn.can_finish) return say(turn.blocked || 'The turn cannot end yet.', 'warn');
    play(turn.notation);
  };

  // ---- actions ------------------------------------------------------------------------------------------
  const undo = async () => {
    try {
      setView(await api('POST', `/games/${id}/undo`));
      say('Move taken back.');
    } catch (e) {
      say(e.message, 'error');
    }
  };
  const resign = async () => {
    const t = toMove();
    const who = S.mine.size === 1 ? [...S.mine][0] : t;
    if (!confirmAction(`Resign for ${cap(sideName(who))}?`)) return;
    try {
      setView(await api('POST', `/games/${id}/resign`, { side: sideName(who) }));
      say(null);
    } catch (e) {
      say(e.message, 'error');
    }
  };
  const confirmAction = (question) => (window.arbiterNoConfirm ? true : window.confirm(question));
  const hint = async () => {
    say('Asking the engine…');
    try {
      const r = await api('GET', `/games/${id}/hint`);
      S.hint = r.best;
      say(`Hint: ${r.best}`, 'hint');
      render();
    } catch (e) {
      say(e.message, 'error');
    }
  };
  const review = async (ply) => {
    const v = S.view;
    if (ply === null || ply >= v.ply) {
      S.review = null;
      return render();
    }
    if (!S.positions || S.positions.version !== v.version) {
      try {
        S.positions = { version: v.version, list: await api('GET', `/games/${id}/positions`) };
      } catch (e) {
        return say(e.message, 'error');
      }
    }
    S.review = Math.max(0, ply);
    S.selected = null;
    S.choice = null;
    render();
  };

  const startNew = async (position) => {
    const v = S.view;
    try {
      const body = { game: v.game, options: v.options, players: v.sides.map((x) => x.seat) };
      if (position) body.position = position;
      const created = await api('POST', '/games', body);
      rememberSeats(created.id, [...S.mine].length ? [...S.mine] : created.sides.map((x, i) => (x.seat.kind === 'human' ? i : -1)).filter((i) => i >= 0));
      location.href = `/game/${created.id}`;
    } catch (e) {
      say(e.message, 'error');
    }
  };
  const flip = () => {
    S.flipped = !S.flipped;
    render();
  };
  const toggleSeat = (i) => {
    if (S.mine.has(i)) S.mine.delete(i);
    else S.mine.add(i);
    rememberSeats(id, [...S.mine]);
    render();
  };
  const setSeat = async (i, value) => {
    const players = S.view.sides.map((s) => s.seat);
    players[i] = value === 'human' ? { kind: 'human' } : { kind: 'computer', level: Number(value) };
    try {
      setView(await api('POST', `/games/${id}/players`, { players }));
    } catch (e) {
      say(e.message, 'error');
    }
  };

  // ---- rendering ----------------------------------------------------------------------------------------
  const render = () => {
    renderBoard();
    renderSide();
    renderBanner();
  };

  const renderBanner = () => {
    const v = S.view;
    if (v.ending) {
      banner.className = 'banner';
      banner.id = 'banner';
      clear(banner);
      banner.appendChild(h('strong', {}, v.ending.text));
      banner.appendChild(h('span', {}, `after ${v.ply} ${v.ply === 1 ? 'ply' : 'plies'}`));
    } else banner.className = 'banner hidden';
  };

  function renderBoard() {
    const v = S.view;
    const board = S.board;
    const lay = board.layout(shownPosition(), S.flipped);
    clear(svg);
    svg.setAttribute('viewBox', lay.viewBox);
    svg.dataset.game = v.game;
    svg.dataset.ply = v.ply;
    const layer = (cls) => el('g', { class: cls }, svg);
    const bg = layer('layer-bg');
    const under = layer('layer-under');
    const pieceLayer = layer('layer-pieces');
    const top = layer('layer-over');
    const hoverLayer = layer('layer-hover');
    const hits = layer('layer-hits');
    lay.drawBackground(bg);

    const current = parsed();
    // the last move: every cell whose content changed
    if (shownPrevious()) {
      const before = board.parse(shownPrevious()).pieces;
      const changed = new Set();
      for (const [cell, p] of before) {
        const q = current.pieces.get(cell);
        if (!q || q.side !== p.side || q.kind !== p.kind || q.label !== p.label || q.ring !== p.ring) changed.add(cell);
      }
      for (const cell of current.pieces.keys()) if (!before.has(cell)) changed.add(cell);
      for (const cell of changed) lay.cellShape(cell, { class: 'mark-last' }, under);
    }

    // pieces: Krux draws its partial turn
    const styles = v.sides.map((s) => sideStyle(s.name));
    let pieces = current.pieces;
    if (stepwise() && S.krux.turn && !over() && !reviewing()) {
      pieces = new Map();
      for (const p of S.krux.turn.pieces) {
        if (p.cell) pieces.set(p.cell, { side: p.owner === 'first' ? 0 : 1, kind: 'piece', label: p.label, ring: p.ring });
      }
    }
    const t = toMove();
    const interactive = myTurn();
    const sel = S.selected;
    const dests = new Map();
    if (interactive && !stepwise() && sel && !S.choice) {
      for (const m of legalFrom(sel)) {
        if (!dests.has(m.to)) dests.set(m.to, []);
        dests.get(m.to).push(m);
      }
    }
    if (sel) lay.cellShape(sel, { class: 'mark-selected' }, under);
    if (S.hint && v.legal) {
      const m = v.legal.find((x) => x.notation === S.hint);
      if (m) for (const c of [m.from, m.to]) if (c) lay.cellShape(c, { class: 'mark-hint' }, under);
    }
    // the active Krux piece
    if (stepwise() && S.krux.turn && !over()) {
      const a = S.krux.turn.pieces.find((p) => p.label === S.krux.turn.active);
      if (a && a.cell) lay.cellShape(a.cell, { class: 'mark-active' }, under);
    }
    for (const [cell, p] of pieces) {
      const g = lay.drawPiece(pieceLayer, cell, p, styles[p.side]);
      g.setAttribute('data-piece-cell', cell);
    }
    // destinations
    const r = lay.unit;
    for (const [cell, moves] of dests) {
      const [x, y] = lay.center(cell);
      if (pieces.has(cell)) el('circle', { cx: x, cy: y, r: r * 0.42, class: 'mark-dest-ring' }, top);
      else el('circle', { cx: x, cy: y, r: r * 0.16, class: 'mark-dest' }, top);
      if (moves.some((m) => (m.falls || []).length)) el('circle', { cx: x, cy: y, r: r * 0.3, class: 'mark-dest-attack' }, top);
    }
    // a move with several forms: the cells that choose it, their targets and falls
    if (S.choice) {
      const c = S.choice;
      lay.cellShape(c.to, { class: 'mark-selected' }, under);
      const single = c.candidates.filter((m) => board.choiceCell(m) !== c.to);
      for (const m of c.candidates) {
        const cell = board.choiceCell(m);
        const [x, y] = lay.center(cell);
        if (cell === c.to) {
          el('circle', { cx: x, cy: y, r: r * 0.16, class: 'mark-dest' }, top);
          continue;
        }
        crosshair(top, x, y, r * 0.42);
        if (v.game === 'attraction') arrow(top, lay.center(c.to), [x, y]);
      }
      S.singleChoice = single.length === 1 ? single[0] : null;
    }
    // Krux: where the next tokens act
    if (interactive && stepwise() && S.krux.turn) {
      for (const token of S.krux.turn.next) {
        const cell = tokenCell(token);
        if (!cell) continue;
        const [x, y] = lay.center(cell);
        const k = /^[a-g]/.test(token) ? 'step' : token[0];
        if (k === 'step') el('circle', { cx: x, cy: y, r: r * 0.14, class: 'mark-dest' }, top);
        else if (k === 'J') el('circle', { cx: x, cy: y, r: r * 0.22, class: 'mark-jump' }, top);
        else if (k === 'D') el('rect', { x: x - r * 0.18, y: y - r * 0.18, width: r * 0.36, height: r * 0.36, class: 'mark-drop' }, top);
        else el('circle', { cx: x, cy: y, r: r * 0.47, class: `mark-action mark-action-${k}` }, top);
      }
      if (S.krux.options) lay.cellShape(S.krux.options.cell, { class: 'mark-selected' }, under);
    }
    S.hoverCtx = { layer: hoverLayer, lay, dests, pieces };
    renderHover();
    // hit areas on top, with classes that say what a click does
    for (const cell of lay.cells) {
      const classes = ['hit'];
      const p = pieces.get(cell);
      if (interactive && !stepwise()) {
        if (S.choice && S.choice.candidates.some((m) => board.choiceCell(m) === cell)) classes.push('choice');
        if (dests.has(cell)) classes.push('dest');
        if (p && p.side === t && legalFrom(cell).length) classes.push('selectable');
      }
      if (interactive && stepwise() && S.krux.turn && S.krux.turn.next.some((tk) => tokenCell(tk) === cell)) classes.push('token');
      if (p) classes.push('has-piece');
      lay.cellShape(cell, { class: classes.join(' '), 'data-cell': cell }, hits);
    }
  }

  function renderHover() {
    const ctx = S.hoverCtx;
    if (!ctx) return;
    const { layer, lay, dests, pieces } = ctx;
    clear(layer);
    const r = lay.unit;
    const board = S.board;
    if (S.choice) {
      const c = S.choice;
      const shown = S.hoverCell ? c.candidates.find((m) => board.choiceCell(m) === S.hoverCell) : S.singleChoice;
      if (shown) for (const f of shown.falls || []) falling(layer, lay.center(f), r);
    }
    if (!S.hoverCell) return;
    if (board.hover) board.hover(layer, S.hoverCell, { pieces }, lay);
    if (dests.has(S.hoverCell)) {
      const m = dests.get(S.hoverCell)[0];
      for (const p of m.path || []) {
        if (p === m.to) continue;
        const [x, y] = lay.center(p);
        el('circle', { cx: x, cy: y, r: r * 0.08, class: 'mark-path' }, layer);
      }
      if (dests.get(S.hoverCell).length === 1) {
        for (const c of m.targets || []) {
          if (c === m.to && !(m.falls || []).includes(c)) continue;
          const [x, y] = lay.center(c);
          el('circle', { cx: x, cy: y, r: r * 0.46, class: 'mark-affected' }, layer);
        }
        for (const f of m.falls || []) falling(layer, lay.center(f), r);
      }
    }
  }

  const crosshair = (g, x, y, r) => {
    el('circle', { cx: x, cy: y, r, class: 'mark-target' }, g);
    el('path', { d: `M${x - r * 1.2},${y} h${r * 0.5} M${x + r * 1.2},${y} h${-r * 0.5} M${x},${y - r * 1.2} v${r * 0.5} M${x},${y + r * 1.2} v${-r * 0.5}`, class: 'mark-target' }, g);
  };
  const falling = (g, [x, y], r) => {
    el('circle', { cx: x, cy: y, r: r * 0.46, class: 'mark-fall' }, g);
  };
  const arrow = (g, [x1, y1], [x2, y2]) => {
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const ex = x2 - ux * 18;
    const ey = y2 - uy * 18;
    el('path', { d: `M${x1},${y1} L${ex},${ey}`, class: 'mark-arrow' }, g);
    el('path', { d: `M${x2},${y2} L${ex - uy * 10},${ey + ux * 10} L${ex + uy * 10},${ey - ux * 10} Z`, class: 'mark-arrow-head' }, g);
  };

  // ---- side panel ---------------------------------------------------------------------------------------
  const messageBox = h('p', { class: 'message', id: 'message', role: 'status', 'aria-live': 'polite' });
  const renderMessage = () => {
    if (S.message) {
      messageBox.textContent = S.message.text;
      messageBox.className = `message ${S.message.kind}`;
    } else {
      messageBox.textContent = '';
      messageBox.className = 'message';
    }
  };

  function renderSide() {
    const v = S.view;
    clear(side);
    const t = toMove();
    side.appendChild(
      h('div', { class: 'title-row' }, h('h1', {}, cap(v.game)), v.options ? h('span', { class: 'badge' }, v.options) : null, h('span', { class: `conn ${S.connected ? 'on' : 'off'}`, title: S.connected ? 'live' : 'reconnecting…' })),
    );
    // players
    const players = h('div', { class: 'players' });
    v.sides.forEach((s, i) => {
      const style = sideStyle(s.name);
      const seat = s.seat.kind === 'human' ? 'Human' : `Computer · level ${s.seat.level}`;
      const active = !v.ending && i === t;
      const thinking = active && v.thinking;
      players.appendChild(
        h(
          'div',
          { class: `player ${active ? 'to-move' : ''}`, id: `player-row-${i}` },
          h('span', { class: 'side-chip', style: `background:${style.fill};border-color:${style.stroke}` }),
          h('span', { class: 'player-name' }, cap(s.name)),
          h('span', { class: 'player-seat' }, seat),
          S.mine.has(i) && s.seat.kind === 'human' ? h('span', { class: 'badge you' }, 'you') : null,
          thinking ? h('span', { class: 'spinner', title: 'thinking' }) : null,
          active && !thinking ? h('span', { class: 'turn-dot', title: 'to move' }) : null,
        ),
      );
    });
    side.appendChild(players);
    // status
    let status;
    if (v.ending) status = v.ending.text + '.';
    else if (v.thinking) status = `${cap(sideName(t))} (computer) is thinking…`;
    else if (myTurn()) status = `Your move, ${cap(sideName(t))}.`;
    else status = `${cap(sideName(t))} to move.`;
    side.appendChild(h('p', { class: 'status', id: 'status' }, status));
    if (v.thinking && S.thinkingInfo) {
      const info = S.thinkingInfo;
      const bits = [];
      if (info.depth !== undefined) bits.push(`depth ${info.depth}`);
      if (info.nodes !== undefined) bits.push(`${info.nodes} nodes`);
      if (info.pv && info.pv.length) bits.push(`pv ${info.pv.slice(0, 4).join(' ')}`);
      if (bits.length) side.appendChild(h('p', { class: 'muted small' }, bits.join(' · ')));
    }
    if (reviewing()) {
      side.appendChild(
        h('div', { class: 'review-bar', id: 'review-bar' },
          h('span', {}, S.review === 0 ? 'Start position' : `After move ${S.review}: ${v.moves[S.review - 1]}`),
          h('button', { onclick: () => review(S.review - 1), disabled: S.review === 0, title: 'Previous (←)' }, '◀'),
          h('button', { onclick: () => review(S.review + 1), title: 'Next (→)' }, '▶'),
          h('button', { class: 'primary', onclick: () => review(null) }, 'Back to the game')),
      );
    }
    side.appendChild(messageBox);
    renderMessage();

    // move-specific controls
    const controls = h('div', { class: 'controls' });
    if (myTurn() && !stepwise()) {
      const pass = (v.legal || []).find((m) => m.notation === 'pass');
      if (pass) controls.appendChild(h('button', { class: 'primary', id: 'pass', onclick: () => play('pass') }, 'Pass (no legal move)'));
      if (S.choice) {
        controls.appendChild(h('p', { class: 'small' }, `Ways to play ${S.choice.from}–${S.choice.to}:`));
        const row = h('div', { class: 'choices' });
        for (const m of S.choice.candidates) row.appendChild(h('button', { class: 'choice-button', 'data-move': m.notation, onclick: () => play(m.notation) }, m.notation));
        row.appendChild(h('button', { class: 'ghost', onclick: () => { S.choice = null; S.selected = null; render(); } }, 'Cancel'));
        controls.appendChild(row);
      }
    }
    if (myTurn() && stepwise() && S.krux.turn) controls.appendChild(kruxControls());
    side.appendChild(controls);

    // actions
    const canUndo = v.ply > 0 || (v.ending && v.ending.reason === 'resignation');
    const actions = h(
      'div',
      { class: 'actions' },
      localControl() ? h('button', { id: 'undo', onclick: undo, disabled: !canUndo, title: 'Take back (to your last turn against the computer)' }, '↶ Undo') : null,
      h('button', { id: 'hint', onclick: hint, disabled: !myTurn(), title: "The engine's best move" }, '? Hint'),
      h('button', { id: 'flip', onclick: flip, title: 'Turn the board round' }, '⇅ Flip'),
      S.mine.size ? h('button', { id: 'resign', class: 'danger', onclick: resign, disabled: !!v.ending }, '⚑ Resign') : null,
      v.ending ? h('button', { class: 'primary', id: 'rematch', onclick: () => startNew(null) }, '↻ Play again') : null,
      h('a', { class: 'button', id: 'new-game', href: '/' }, '+ New game'),
      h('a', { class: 'button', id: 'download', href: `/api/games/${id}/record`, download: `arbiter-${v.game}-${id}.json` }, '⤓ Record'),
    );
    side.appendChild(actions);

    side.appendChild(legend(v.game));

    // moves
    side.appendChild(h('h2', {}, 'Moves'));
    const list = h('ol', { class: 'move-list', id: 'move-list' });
    for (let i = 0; i < v.moves.length; i += 2) {
      list.appendChild(
        h(
          'li',
          {},
          moveCell(i),
          i + 1 < v.moves.length ? moveCell(i + 1) : null,
        ),
      );
    }
    if (!v.moves.length) list.appendChild(h('li', { class: 'muted' }, 'No moves yet.'));
    side.appendChild(list);
    list.scrollTop = list.scrollHeight;

    // seats and sharing
    const seatsBox = h('div', { class: 'seats' }, h('span', { class: 'small' }, 'You play:'));
    v.sides.forEach((s, i) => {
      if (s.seat.kind !== 'human') return;
      seatsBox.appendChild(
        h('label', { class: 'chip' }, h('input', { type: 'checkbox', id: `seat-${i}`, checked: S.mine.has(i), onchange: () => toggleSeat(i) }), cap(s.name)),
      );
    });
    const share = h('div', { class: 'share' });
    const base = `${location.origin}/game/${id}`;
    v.sides.forEach((s) => {
      if (s.seat.kind === 'human') share.appendChild(linkRow(`Invite to play ${cap(s.name)}`, `${base}?as=${s.name}`));
    });
    share.appendChild(linkRow('Watch', `${base}?as=watch`));
    const seatSelects = h('div', { class: 'seat-selects' });
    v.sides.forEach((s, i) => {
      seatSelects.appendChild(
        h(
          'label',
          { class: 'field small' },
          h('span', {}, cap(s.name)),
          h(
            'select',
            { onchange: (e) => setSeat(i, e.target.value) },
            h('option', { value: 'human', selected: s.seat.kind === 'human' }, 'Human'),
            [1, 2, 3, 4, 5, 6].map((l) => h('option', { value: String(l), selected: s.seat.level === l }, `Computer ${l}`)),
          ),
        ),
      );
    });
    side.appendChild(
      h('details', { class: 'more', open: S.moreOpen, ontoggle: (e) => (S.moreOpen = e.target.open) }, h('summary', {}, 'Share, players and position'), seatsBox, share, seatSelects,
        h('label', { class: 'field small' }, h('span', {}, 'Position'), h('input', { type: 'text', readonly: true, value: v.position, id: 'position-string', onclick: (e) => e.target.select() })),
        h('label', { class: 'field small column' }, h('span', {}, 'Set up a position (same game and players)'),
          h('textarea', { id: 'setup-position', rows: 2, placeholder: 'paste a position string' })),
        h('button', { id: 'setup-start', onclick: () => {
          const text = document.getElementById('setup-position').value.trim();
          if (!text) return say('Paste a position string first.', 'warn');
          startNew(text);
        } }, 'Start from this position')),
    );
  }

  const moveCell = (i) => {
    const v = S.view;
    const shown = reviewing() ? S.review - 1 : v.moves.length - 1;
    return h('button', { class: `mv ${i === shown ? 'last' : ''}`, 'data-ply': i + 1, title: 'Show the position after this move', onclick: () => review(i + 1) }, v.moves[i]);
  };

  const LEGENDS = {
    void: [['dest', 'can move here'], ['target', 'attack target'], ['fall', 'would fall'], ['last', 'last move']],
    attraction: [['dest', 'can move here'], ['target', 'push: where the stone lands'], ['orbit', 'orbit of the stone under the mouse'], ['last', 'last move']],
    villawar: [['dest', 'can jump here'], ['fall', 'removed or captured'], ['last', 'last move']],
    krux: [['dest', 'step'], ['jump', 'jump'], ['action', 'repel / attract'], ['pickup', 'pick up'], ['drop', 'drop'], ['switch', 'switch'], ['last', 'last turn']],
  };
  const legend = (game) =>
    h('div', { class: 'legend' }, (LEGENDS[game] || []).map(([k, label]) => h('span', { class: 'legend-item' }, h('i', { class: `swatch swatch-${k}` }), label)));

  const linkRow = (label, url) =>
    h('div', { class: 'link-row' }, h('span', { class: 'small' }, label), h('input', { type: 'text', readonly: true, value: url, onclick: (e) => e.target.select() }),
      h('button', { class: 'ghost small', onclick: () => navigator.clipboard && navigator.clipboard.writeText(url).then(() => say('Link copied.')) }, 'Copy'));

  function kruxControls() {
    const turn = S.krux.turn;
    const box = h('div', { class: 'krux-controls' });
    const used = `Steps ${turn.steps}/3 · actions ${turn.actions}/2${turn.frozen ? ' · frozen (next to an opponent)' : ''}`;
    box.appendChild(h('p', { class: 'small' }, `Piece ${turn.active} is moving. ${used}`));
    box.appendChild(h('p', { class: 'turn-so-far' }, 'Turn so far: ', h('code', { id: 'turn-notation' }, turn.notation)));
    const carried = turn.pieces.find((p) => p.carried);
    if (carried) box.appendChild(h('p', { class: 'small' }, `Carrying piece ${carried.label}: drop it on a marked square.`));
    const rings = turn.next.filter((tk) => tk.startsWith('@'));
    if (rings.length) {
      box.appendChild(h('p', { class: 'small' }, `Choose the ring for piece ${turn.active}:`));
      box.appendChild(
        h('div', { class: 'choices' }, rings.map((tk) => h('button', { class: `ring-button ring-${tk[1]}`, 'data-token': tk, onclick: () => pushToken(tk) }, tokenLabel(tk)))),
      );
    }
    if (S.krux.options) {
      box.appendChild(
        h('div', { class: 'choices' }, S.krux.options.tokens.map((tk) => h('button', { class: 'choice-button', 'data-token': tk, onclick: () => pushToken(tk) }, tokenLabel(tk)))),
      );
    }
    const others = turn.next.filter((tk) => !tk.startsWith('@'));
    if (others.length) {
      box.appendChild(
        h('details', { class: 'all-tokens', open: S.tokensOpen, ontoggle: (e) => (S.tokensOpen = e.target.open) }, h('summary', {}, `All ${others.length} legal next steps and actions`),
          h('div', { class: 'choices' }, others.map((tk) => h('button', { class: 'token-button', 'data-token': tk, onclick: () => pushToken(tk) }, tokenLabel(tk))))),
      );
    }
    box.appendChild(
      h(
        'div',
        { class: 'choices' },
        h('button', { class: 'primary', id: 'end-turn', onclick: endTurn, disabled: !turn.can_finish, title: turn.blocked || 'Play this turn' }, turn.tokens.length ? 'End turn' : 'End turn (do nothing)'),
        h('button', { id: 'undo-token', onclick: popToken, disabled: !turn.tokens.length }, 'Undo step'),
        h('button', { class: 'ghost', id: 'reset-turn', onclick: () => { S.krux.tokens = []; S.krux.turn = S.view.turn; S.krux.options = null; render(); }, disabled: !turn.tokens.length }, 'Reset'),
      ),
    );
    return box;
  }

  // ---- events -------------------------------------------------------------------------------------------
  svg.addEventListener('click', (e) => {
    const target = e.target.closest('[data-cell]');
    if (target) clickCell(target.getAttribute('data-cell'));
  });
  svg.addEventListener('mouseover', (e) => {
    const target = e.target.closest('[data-cell]');
    const cell = target ? target.getAttribute('data-cell') : null;
    if (cell !== S.hoverCell) {
      S.hoverCell = cell;
      if (S.view) renderHover();
    }
  });
  svg.addEventListener('mouseleave', () => {
    S.hoverCell = null;
    if (S.view) renderHover();
  });
  document.addEventListener('keydown', (e) => {
    if (e.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) return;
    if (e.key === 'ArrowLeft' && S.view && S.view.ply > 0) {
      review((S.review === null ? S.view.ply : S.review) - 1);
      return;
    }
    if (e.key === 'ArrowRight' && S.review !== null) {
      review(S.review + 1);
      return;
    }
    if (e.key === 'Escape') {
      S.selected = null;
      S.choice = null;
      S.krux.options = null;
      render();
    }
  });

  // ---- start --------------------------------------------------------------------------------------------
  let first;
  try {
    first = await api('GET', `/games/${id}`);
  } catch (e) {
    clear(main);
    main.appendChild(h('div', { class: 'panel' }, h('h1', {}, 'Game not found'), h('p', { class: 'error' }, e.message), h('a', { class: 'button', href: '/' }, 'New game')));
    return;
  }
  setView(first);
  watch(
    id,
    (msg) => {
      if (msg.type === 'state') setView(msg.state);
      else if (msg.type === 'thinking') {
        S.thinkingInfo = msg.info;
      } else if (msg.type === 'error') say(`The computer could not move: ${msg.message}`, 'error');
    },
    (connected) => {
      S.connected = connected;
      if (S.view) renderSide();
      if (connected) refresh();
    },
  );
}
