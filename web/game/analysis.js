// The analysis of the game (the server's engine, every position): asked for with "Analyse", its
// progress over the game's WebSocket, then a graph of the first player's win chance (click it to go to
// a move), each move's mark in the move list, the best move on the board and its line, stepped through
// on the board. The marks and chances come from the server; nothing here knows a game.
import { h, el, cap } from '../svg.js';
import { api, getDiagram } from '../api.js';
import { isComputer, isOver, reviewing } from './state.js';
import { markHint } from './drawing.js';

/** Lichess's glyphs for the marks. */
const GLYPHS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const NAMES = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };

const percent = (p) => `${Math.round(p * 100)}%`;

/** Gives the page its analysis: `G.loadAnalysis`, `G.analysisSection`, `G.moveMark`, `G.analysisMarks`. */
export function installAnalysis(G) {
  const S = G.S;
  S.analysis = null; // the server's answer: {status, progress, plies, game_plies, analysis}
  S.bestMoves = new Map(); // position string -> {info, clicks} of the best move there (null while it loads)
  S.variation = null; // the engine's line stepped through: {ply, index, positions}
  G.loadAnalysis = () => load(G);
  G.analysisSection = () => section(G);
  G.moveMark = (i) => moveMark(S, i);
  G.analysisMarks = (board) => drawBest(G, board);
  G.onAnalysisMessage = (msg) => {
    if (msg.status === 'running' && S.analysis) {
      S.analysis = { ...S.analysis, status: 'running', progress: [msg.done, msg.total] };
      G.render();
    } else if (msg.status === 'failed') {
      G.say(`The analysis stopped: ${msg.message}`, 'error');
      load(G);
    } else load(G);
  };
}

/** May this game be analysed now? Once over; with the computer, at any time. */
export const analysable = (S) => isOver(S) || S.view.sides.some((_, i) => isComputer(S, i));

async function load(G) {
  const S = G.S;
  if (!analysable(S) || S.analysisLoading) return;
  S.analysisLoading = true;
  try {
    S.analysis = await api('GET', `/games/${S.id}/analysis`);
  } catch (e) {
    if (e.status !== 409) G.fail(e);
  } finally {
    S.analysisLoading = false;
  }
  G.render();
}

async function start(G) {
  const S = G.S;
  try {
    S.analysis = await api('POST', `/games/${S.id}/analysis`, {});
  } catch (e) {
    return G.fail(e);
  }
  G.render();
}

async function cancel(G) {
  try {
    G.S.analysis = await api('DELETE', `/games/${G.S.id}/analysis`);
  } catch (e) {
    return G.fail(e);
  }
  G.render();
}

/** The analysed move `i` (0-based), if the analysis covers it. */
const analysedMove = (S, i) => {
  const a = S.analysis && S.analysis.analysis;
  return a && a.moves[i] && a.moves[i].played === S.view.moves[i] ? a.moves[i] : null;
};

/** Move `i`'s mark for the move list: {glyph, name, text} or null. */
function moveMark(S, i) {
  const m = analysedMove(S, i);
  if (!m || !m.mark) return null;
  return {
    mark: m.mark,
    glyph: GLYPHS[m.mark],
    text: `${NAMES[m.mark]}: ${cap(m.mover)}'s chance ${percent(m.before)} → ${percent(m.after)}; best was ${m.best}`,
  };
}

/** The ply whose position the board shows. */
const shownPly = (S) => (reviewing(S) ? S.review : S.view.ply);

/** The analysis of the shown position, if any. */
function shownAnalysis(S) {
  const a = S.analysis && S.analysis.analysis;
  if (!a || S.variation) return null;
  const p = a.positions[shownPly(S)];
  return p && p.position === (reviewing(S) ? S.positions.list[S.review] : S.view.position) ? p : null;
}

/** Draws the best move of the shown position on the board, as the hint is drawn (fetched once). */
function drawBest(G, board) {
  const S = G.S;
  const p = shownAnalysis(S);
  if (!p || !p.best) return;
  if (!S.bestMoves.has(p.position)) {
    S.bestMoves.set(p.position, null);
    getDiagram({ game: S.view.game, options: S.view.options, position: p.position, move: p.best })
      .then((d) => {
        S.bestMoves.set(p.position, d.move ? { info: d.move.info, clicks: d.move.clicks } : null);
        G.drawMarks();
      })
      .catch(() => {});
    return;
  }
  const best = S.bestMoves.get(p.position);
  if (best) markHint(board, best);
}

/** Steps the board through the engine's line from the shown position: `index` moves into it. */
async function stepLine(G, p, ply, index) {
  const S = G.S;
  if (index <= 0) {
    S.variation = null;
    return G.render();
  }
  const positions = [p.position];
  try {
    for (const mv of p.pv.slice(0, index)) {
      const d = await getDiagram({
        game: S.view.game,
        options: S.view.options,
        position: positions[positions.length - 1],
        move: mv,
      });
      positions.push(d.move.after);
    }
  } catch (e) {
    return G.fail(e);
  }
  S.variation = { ply, index, positions, pv: p.pv, from: p };
  G.render();
}

/** The graph of the first player's win chance over the game: a click goes to that move. */
function graph(G, a) {
  const S = G.S;
  const n = a.positions.length - 1;
  const W = 300;
  const H = 90;
  const x = (ply) => (n === 0 ? W / 2 : (ply / n) * W);
  const y = (chance) => H - chance * H;
  const svg = el('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'analysis-graph',
    id: 'analysis-graph',
    role: 'img',
    'aria-label': `${cap(S.view.sides[0].name)}'s win chance over the game; click to go to a move`,
  });
  el('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'graph-first' }, svg);
  el('rect', { x: 0, y: H / 2, width: W, height: H / 2, class: 'graph-second' }, svg);
  const points = a.positions.map((p, i) => `${x(i).toFixed(1)},${y(p.first_chance).toFixed(1)}`);
  el('polygon', { points: `0,${H} ${points.join(' ')} ${x(n)},${H}`, class: 'graph-area' }, svg);
  el('polyline', { points: points.join(' '), class: 'graph-line' }, svg);
  el('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'graph-mid' }, svg);
  a.moves.forEach((m, i) => {
    if (!m.mark) return;
    el('circle', { cx: x(i + 1), cy: y(a.positions[i + 1].first_chance), r: 3.5, class: `graph-dot ${m.mark}` }, svg);
  });
  const shown = shownPly(S);
  if (shown <= n) el('line', { x1: x(shown), x2: x(shown), y1: 0, y2: H, class: 'graph-now' }, svg);
  svg.addEventListener('click', (e) => {
    const box = svg.getBoundingClientRect();
    const ply = Math.max(0, Math.min(n, Math.round(((e.clientX - box.left) / box.width) * n)));
    S.variation = null;
    G.review(ply);
  });
  return svg;
}

/** What the engine says of the shown position: its chance, best move and line (with steps through it). */
function positionLine(G) {
  const S = G.S;
  if (S.variation) {
    const v = S.variation;
    return h(
      'div',
      { class: 'analysis-line', id: 'analysis-line' },
      h(
        'p',
        { class: 'small' },
        `The engine's line, ${v.index} of ${v.pv.length} moves in: `,
        h('code', {}, v.pv.slice(0, v.index).join(' ')),
      ),
      h(
        'div',
        { class: 'review-buttons' },
        h(
          'button',
          { onclick: () => stepLine(G, v.from, v.ply, v.index - 1), 'aria-label': 'Back one move in the line' },
          '◀',
        ),
        h(
          'button',
          {
            onclick: () => stepLine(G, v.from, v.ply, v.index + 1),
            disabled: v.index >= v.pv.length,
            'aria-label': 'On one move in the line',
          },
          '▶',
        ),
        h('button', { id: 'leave-line', onclick: () => stepLine(G, v.from, v.ply, 0) }, 'Leave the line'),
      ),
    );
  }
  const p = shownAnalysis(S);
  if (!p) return null;
  const ply = shownPly(S);
  const chance = p.to_move === null ? null : p.first_chance;
  return h(
    'div',
    { class: 'analysis-line', id: 'analysis-line' },
    h(
      'p',
      { class: 'small' },
      chance === null
        ? 'The game is over here.'
        : [
            `${cap(S.view.sides[0].name)}: ${percent(chance)} to win · best `,
            h('code', { id: 'analysis-best' }, p.best),
            ' (marked on the board)',
          ],
    ),
    p.pv.length
      ? h(
          'p',
          { class: 'small muted' },
          'Line: ',
          h('code', {}, p.pv.join(' ')),
          ' ',
          h('button', { class: 'small', id: 'step-line', onclick: () => stepLine(G, p, ply, 1) }, 'Step through it'),
        )
      : null,
  );
}

/** Each player's marks and mean loss. */
function summary(a) {
  return h(
    'ul',
    { class: 'analysis-summary small', id: 'analysis-summary' },
    a.players.map((p) =>
      h(
        'li',
        {},
        h('strong', {}, `${cap(p.player)}: `),
        `${p.inaccuracies} inaccuracies, ${p.mistakes} mistakes, ${p.blunders} blunders · `,
        `mean loss ${(p.average_loss * 100).toFixed(1)} points`,
      ),
    ),
  );
}

/** The analysis section under the move list (nothing where the game may not be analysed yet). */
function section(G) {
  const S = G.S;
  if (!S.view || !analysable(S)) return null;
  const A = S.analysis;
  const parts = [h('h2', {}, 'Analysis')];
  if (!A) parts.push(h('p', { class: 'muted small' }, 'Loading…'));
  else if (A.status === 'running') {
    const [done, total] = A.progress || [0, 0];
    parts.push(
      h(
        'p',
        { class: 'small', id: 'analysis-progress' },
        `The engine is going through the game: ${done} of ${total || '…'} positions `,
        h('progress', { max: total || 1, value: done }),
        ' ',
        h('button', { class: 'small', id: 'cancel-analysis', onclick: () => cancel(G) }, 'Cancel'),
      ),
    );
  }
  const a = A && A.analysis;
  if (a) {
    parts.push(graph(G, a), positionLine(G), summary(a));
    if (A.plies < A.game_plies && A.status !== 'running')
      parts.push(h('p', { class: 'muted small' }, `The analysis covers the first ${A.plies} moves.`));
  }
  if (A && A.status !== 'running' && (!a || A.plies < A.game_plies))
    parts.push(
      h(
        'button',
        { class: 'primary', id: 'analyse', onclick: () => start(G) },
        a ? 'Analyse again' : 'Analyse the game',
      ),
    );
  if (A && !A.analysis && A.status === 'none')
    parts.push(
      h(
        'p',
        { class: 'muted small' },
        'The engine searches every position, then marks each move by the win chance it gave away.',
      ),
    );
  parts.push(
    h(
      'button',
      {
        class: 'small',
        id: 'try-moves',
        onclick: () => tryFromHere(G),
        title: 'A new private game from the shown position, in which you play both sides',
      },
      'Try moves from here',
    ),
  );
  return h('section', { class: 'analysis', id: 'analysis', 'aria-label': 'Analysis' }, parts);
}

/** A free board: a new private game from the shown position, both sides the player's, the game untouched. */
async function tryFromHere(G) {
  const S = G.S;
  const position = S.variation
    ? S.variation.positions[S.variation.index]
    : reviewing(S)
      ? S.positions.list[S.review]
      : S.view.position;
  try {
    const view = await api('POST', '/games', {
      game: S.view.game,
      options: S.view.options,
      position,
      players: [{ kind: 'human' }, { kind: 'human' }],
    });
    window.location.href = `/game/${view.id}`;
  } catch (e) {
    G.fail(e);
  }
}
