// A puzzle page (/puzzles/<set>, /puzzles/<set>/<id>): the position after the opponent's mistake, the solver
// to move. The player enters the solver's moves by clicking, as in a game; after each one the server says
// whether it is right (and answers it) or wrong; at the end, the whole line, the rating change and the way on.
// Rated mode serves puzzles near the player's rating; streak mode the set's puzzles easiest first, until the
// first wrong answer. /puzzles/mine/<game>-<ply> is a position from the player's own games ("learn from your
// mistakes"): checked here, no rating. It knows no game: everything comes from the server.
import { api, me, getDiagram } from '../api.js';
import { h, clear, fill, sleep, reducedMotion, cap } from '../svg.js';
import { Board } from '../board.js';
import { legendBox, pieceKey } from '../legend.js';
import { renderNotFound } from '../notfound.js';
import { createInput } from './input.js';
import { showSolution } from './solution.js';
import { bestStreak, keepStreak } from './streak.js';
import { variantTitle, themeWords, ratingText, changeText } from './words.js';

/** The set name under which the player's own mistakes are offered. */
export const MINE = 'mine';

export async function renderPuzzle(main, set, id) {
  clear(main);
  main.appendChild(h('p', { class: 'loading' }, 'Loading…'));
  let catalog, sets, mistakes;
  try {
    // The player first: an attempt is the player's (their cookie).
    await me();
    [catalog, sets, mistakes] = await Promise.all([
      api('GET', '/catalog'),
      api('GET', '/puzzles'),
      set === MINE ? api('GET', '/puzzles/mine') : null,
    ]);
  } catch (e) {
    fill(main, h('section', { class: 'panel' }, h('h1', {}, 'Puzzles'), h('p', { class: 'error' }, e.message)));
    return;
  }
  const info = set === MINE ? mineInfo(mistakes, id) : sets.sets.find((s) => s.name === set);
  if (!info) return renderNotFound(main, notFoundWords(set));
  const P = createPage(set, info, catalog, mistakes);
  clear(main);
  main.appendChild(layOut(P));
  document.addEventListener('keydown', (e) => onKey(P, e));
  if (set === MINE) return showMistake(P, id);
  if (id) return load(P, `/puzzle/${encodeURIComponent(id)}`);
  loadNext(P);
}

const notFoundWords = (set) =>
  set === MINE
    ? 'That position is not among the mistakes of your analysed games.'
    : `There is no puzzle set called “${set}” here.`;

/** The "set" of the player's mistakes: the game of the one asked for. */
function mineInfo(mistakes, id) {
  const m = (mistakes.mistakes || []).find((x) => mistakeId(x) === id);
  return m ? { name: MINE, game: m.game, options: m.options, themes: [], count: mistakes.mistakes.length } : null;
}

/** A mistake's address part: its game and ply. */
export const mistakeId = (m) => `${m.game_id}-${m.ply}`;

/**
 * The page: its set, the game's sides, the board, the input and the panel's parts. `P.S` is where the
 * player is (also `window.arbiterPuzzle`, for tests): `run` counts the puzzles shown, so that a late answer
 * for an earlier one is dropped.
 */
function createPage(set, info, catalog, mistakes) {
  const game = catalog.games.find((g) => g.name === info.game) || { name: info.game, sides: ['first', 'second'] };
  const query = new URLSearchParams(location.search);
  const S = {
    id: null,
    set,
    status: 'loading', // loading, solving, checking, reply, solved, failed, empty, error
    busy: true,
    mode: 'rated',
    theme: info.themes.some((t) => t.theme === query.get('theme')) ? query.get('theme') : '',
    streak: 0,
    best: bestStreak(set),
    moves: [],
    position: null,
    rating: null,
    change: null,
    solution: null,
    run: 0,
  };
  window.arbiterPuzzle = S;
  const message = h('p', { class: 'message', id: 'puzzle-message', role: 'status', 'aria-live': 'polite' });
  const P = {
    S,
    set,
    info,
    catalog,
    mistakes: mistakes ? mistakes.mistakes || [] : null,
    game,
    title: variantTitle(catalog, info.game, info.options),
    view: null,
    diagram: null,
    legal: null,
    last: null, // the cells of the last move shown
    solution: null,
    board: new Board({ id: 'board', className: 'board', label: 'puzzle board' }),
    task: h('p', { class: 'puzzle-task', id: 'puzzle-task' }),
    context: h('p', { class: 'puzzle-context small', id: 'puzzle-context' }),
    ratings: h('div', { class: 'puzzle-ratings', id: 'puzzle-ratings' }),
    streakBox: h('p', { class: 'puzzle-streak', id: 'puzzle-streak' }),
    controls: h('div', { class: 'turn-controls puzzle-input', id: 'puzzle-input' }),
    message,
    result: h('div', { class: 'puzzle-result', id: 'puzzle-result' }),
    actions: h('div', { class: 'actions puzzle-actions', id: 'puzzle-actions' }),
    legend: h('div', { class: 'puzzle-legend' }),
    modeBox: h('div', { class: 'puzzle-modes' }),
    say: (text, kind = '') => {
      message.textContent = text || '';
      message.className = `message ${kind}`;
    },
  };
  P.input = createInput({
    board: P.board,
    controls: P.controls,
    say: P.say,
    onMove: (notation) => solverMoved(P, notation),
    baseMarks: () => markLast(P),
  });
  S.input = P.input.st; // for tests: the input's state (its partial turn, whether it waits for the server)
  P.board.onCell = (cell) => cellClicked(P, cell);
  P.board.onHover = (cell) => P.input.hover(cell);
  return P;
}

function layOut(P) {
  const mine = P.set === MINE;
  document.title = `${mine ? 'Your mistakes' : `${P.title} puzzles`} · Arbiter`;
  if (!mine) fillModes(P);
  return h(
    'div',
    { class: 'puzzle-page game-page', id: 'puzzle-page', 'data-game': P.info.game },
    h('div', { class: 'board-col' }, h('div', { class: 'board-wrap' }, P.board.svg)),
    h(
      'aside',
      { class: 'side panel puzzle-panel' },
      h(
        'div',
        { class: 'title-row' },
        h('h1', {}, mine ? `Your mistakes: ${P.title}` : `${P.title} puzzles`),
        h('a', { class: 'rules-link', href: '/puzzles', id: 'all-puzzles' }, 'All puzzles'),
      ),
      mine ? null : P.modeBox,
      P.task,
      P.context,
      P.ratings,
      P.streakBox,
      P.controls,
      P.message,
      P.result,
      P.actions,
      P.legend,
    ),
  );
}

/** The rated/streak switch and the theme filter. */
function fillModes(P) {
  const { S } = P;
  const modeButton = (mode, label, title) =>
    h(
      'button',
      {
        class: `mode-button${S.mode === mode ? ' primary' : ''}`,
        id: `puzzle-mode-${mode}`,
        'aria-pressed': S.mode === mode ? 'true' : 'false',
        title,
        onclick: () => switchMode(P, mode),
      },
      label,
    );
  const themes = h(
    'select',
    { id: 'puzzle-theme', onchange: (e) => chooseTheme(P, e.target.value) },
    h('option', { value: '' }, `All themes (${P.info.count})`),
    P.info.themes.map((t) =>
      h('option', { value: t.theme, selected: t.theme === S.theme }, `${themeWords(t.theme)} (${t.count})`),
    ),
  );
  fill(
    P.modeBox,
    h(
      'div',
      { class: 'choices', role: 'group', 'aria-label': 'Mode' },
      modeButton('rated', 'Rated', 'Puzzles near your rating; each first attempt changes it'),
      modeButton('streak', 'Streak', 'Easiest first, until the first wrong answer; no rating'),
    ),
    h('label', { class: 'puzzle-theme' }, 'Theme ', themes),
  );
}

function switchMode(P, mode) {
  if (P.S.mode === mode) return;
  P.S.mode = mode;
  P.S.streak = 0;
  fillModes(P);
  loadNext(P);
}

function chooseTheme(P, theme) {
  P.S.theme = theme;
  P.S.streak = 0;
  loadNext(P);
}

/** The next puzzle of the set for this mode and theme (streak: the one after those solved). */
function loadNext(P) {
  const { S } = P;
  const query = new URLSearchParams({ mode: S.mode });
  if (S.theme) query.set('theme', S.theme);
  if (S.mode === 'streak') query.set('step', String(S.streak));
  return load(P, `/puzzles/${encodeURIComponent(P.set)}/next?${query}`);
}

async function load(P, path) {
  const { S } = P;
  const run = ++S.run;
  Object.assign(S, { status: 'loading', busy: true });
  P.input.close();
  P.say('Loading the puzzle…', 'info');
  let view;
  try {
    view = await api('GET', path);
  } catch (e) {
    if (run !== S.run) return;
    return nothingToShow(P, e);
  }
  if (run !== S.run) return;
  const address = `/puzzles/${encodeURIComponent(P.set)}/${encodeURIComponent(view.id)}`;
  history.replaceState(null, '', S.theme ? `${address}?theme=${encodeURIComponent(S.theme)}` : address);
  showPuzzle(P, view, run);
}

/** No puzzle: none left for this theme, the end of the streak order, or an error. */
function nothingToShow(P, e) {
  const { S } = P;
  P.input.close();
  fill(P.result);
  fill(P.context);
  S.busy = false;
  if (e.code !== 'no_puzzle') {
    S.status = 'error';
    fill(P.task);
    return P.say(e.message, 'error');
  }
  S.status = 'empty';
  P.task.textContent =
    S.mode === 'streak'
      ? `You went through every puzzle of the streak: ${S.streak} in a row!`
      : 'No puzzle is left for you here' + (S.theme ? ' with this theme: choose another.' : '.');
  P.say('');
  fill(
    P.actions,
    S.mode === 'streak' ? h('button', { id: 'puzzle-new-streak', onclick: () => newStreak(P) }, 'New streak') : null,
    h('a', { class: 'button', href: '/puzzles' }, 'Other puzzle sets'),
  );
}

/** The side names: the solver's and the opponent's, with the solver's index (0: the first player). */
function sides(P, solver) {
  const names = P.game.sides;
  const index = names[1] === solver ? 1 : 0;
  return { index, solver: cap(names[index]), opponent: cap(names[1 - index]) };
}

/** Shows a puzzle: the position before the mistake, the mistake played, then the solver's turn. */
async function showPuzzle(P, view, run) {
  const { S, board } = P;
  P.view = view;
  P.sides = sides(P, view.solver);
  P.flipped = P.sides.index === 1;
  P.solution = null;
  Object.assign(S, { id: view.id, status: 'loading', busy: true, moves: [], solution: null, change: null });
  S.position = view.position;
  S.rating = view.player ? view.player.rating : null;
  showTask(P);
  showRatings(P, view.player, view.rating);
  showStreak(P);
  fill(P.result);
  fill(P.actions, giveUpButton(P));
  P.say('');
  const spec = { game: view.game, options: view.options, flipped: P.flipped };
  try {
    // The opponent's mistake is the last move: the position before it, then the move played.
    if (view.before && view.mistake) {
      const before = await getDiagram({ ...spec, position: view.before, move: view.mistake });
      if (run !== S.run) return;
      P.last = null;
      board.clearMarks();
      await board.setDiagram(before, { animate: false });
      showLegend(P, before);
      await sleep(reducedMotion() ? 0 : 450);
      if (run !== S.run) return;
      P.last = (before.move && before.move.info) || null;
      markLast(P);
    }
    const d = await getDiagram({ ...spec, position: view.position });
    if (run !== S.run) return;
    if (!view.before) showLegend(P, d);
    board.clearMarks();
    await board.setDiagram(d, { animate: true });
    if (run !== S.run) return;
    P.diagram = d;
    P.legal = view.legal || d.legal || null;
  } catch (e) {
    S.status = 'error';
    return P.say(`This puzzle could not be shown: ${e.message}`, 'error');
  }
  waitForMove(P);
}

/** "Find the winning move for White", and what happened before. */
function showTask(P) {
  const v = P.view;
  const { solver, opponent } = P.sides;
  const what = v.goal === 'win' ? 'the winning move' : 'the best move';
  P.task.textContent = `Find ${what} for ${solver}.`;
  fill(
    P.context,
    v.mistake ? `${opponent} just played ` : null,
    v.mistake ? h('code', {}, v.mistake) : null,
    v.mistake ? '. ' : null,
    v.moves > 1 ? `The solution takes ${v.moves} moves of yours.` : null,
    v.themes && v.themes.length
      ? h('span', { class: 'puzzle-themes' }, ` Themes: ${v.themes.map(themeWords).join(', ')}.`)
      : null,
  );
}

/** The player's puzzle rating (with the last change) and the puzzle's. */
function showRatings(P, player, puzzleRating) {
  const { S } = P;
  if (!player) return fill(P.ratings);
  const rated = P.view && P.view.rated;
  fill(
    P.ratings,
    h(
      'dl',
      {},
      h(
        'div',
        {},
        h('dt', {}, 'Your puzzle rating'),
        h(
          'dd',
          {
            id: 'puzzle-player-rating',
            title: player.provisional ? 'Provisional: a few more puzzles to be sure' : null,
          },
          ratingText(player),
          S.change !== null
            ? h('span', { class: 'rating-change', id: 'puzzle-rating-change' }, ` ${changeText(S.change)}`)
            : null,
        ),
      ),
      puzzleRating !== undefined && puzzleRating !== null
        ? h('div', {}, h('dt', {}, 'Puzzle'), h('dd', { id: 'puzzle-rating' }, String(Math.round(puzzleRating))))
        : null,
    ),
    h(
      'p',
      { class: 'small muted', id: 'puzzle-rated' },
      S.mode === 'streak'
        ? 'Streak: no rating changes.'
        : rated
          ? S.status === 'solved' || S.status === 'failed'
            ? 'This attempt was rated.'
            : 'This attempt is rated.'
          : 'Not rated: you have tried this puzzle before.',
    ),
  );
}

function showStreak(P) {
  const { S } = P;
  if (S.mode !== 'streak') return fill(P.streakBox);
  fill(
    P.streakBox,
    'Streak ',
    h('strong', { id: 'puzzle-streak-count' }, String(S.streak)),
    ' · best ',
    h('strong', { id: 'puzzle-streak-best' }, String(S.best)),
  );
}

function showLegend(P, d) {
  fill(
    P.legend,
    h(
      'details',
      { class: 'legend-section' },
      h('summary', {}, 'Legend and pieces'),
      legendBox({ ...d, legend: [{ mark: 'last', text: 'the last move' }, ...(d.legend || [])] }),
      pieceKey(d),
    ),
  );
}

/** The last move's cells, marked. */
function markLast(P) {
  const info = P.last;
  if (!info) return;
  for (const c of [info.from, info.to]) if (c) P.board.mark(c, 'last');
}

function giveUpButton(P) {
  return h('button', { id: 'puzzle-give-up', onclick: () => giveUp(P) }, 'View solution');
}

/** The solver's turn: the input opens on the position shown. */
function waitForMove(P) {
  const { S, view } = P;
  S.status = 'solving';
  S.busy = false;
  P.input.open({
    game: view.game,
    options: view.options,
    position: S.position,
    diagram: P.diagram,
    legal: P.legal,
    stepwise: !!view.stepwise,
    side: P.sides.index,
  });
}

function cellClicked(P, cell) {
  const { S } = P;
  if (P.input.click(cell)) return;
  if (S.status === 'reply' || S.status === 'checking') return P.say('A moment: the move is being checked.', 'info');
  if (S.status === 'solved' || S.status === 'failed')
    return P.say('This puzzle is over: step through the solution, or go on to the next one.', 'info');
}

function onKey(P, e) {
  if (e.target.closest && e.target.closest('input, select, textarea')) return;
  if (e.key === 'Escape') return P.input.cancel();
  if (P.solution && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
    e.preventDefault();
    P.solution.step(e.key === 'ArrowLeft' ? -1 : 1);
  }
}

/** Plays a move on the board (its cells marked, the pieces sliding): resolves to the position after it. */
async function playOnBoard(P, position, notation, run) {
  const { board, view } = P;
  const spec = { game: view.game, options: view.options, flipped: P.flipped };
  const explained = await getDiagram({ ...spec, position, move: notation });
  const after = await getDiagram({ ...spec, position: explained.move.after });
  if (run !== P.S.run) return null;
  P.last = explained.move.info || null;
  board.clearMarks();
  markLast(P);
  await board.setDiagram(after, { animate: true });
  P.diagram = after;
  return after;
}

/** The solver entered a move: shown at once, then checked (by the server; a mistake of yours, here). */
async function solverMoved(P, notation) {
  const { S } = P;
  const run = S.run;
  const from = S.position;
  S.status = 'checking';
  S.busy = true;
  S.moves.push(notation);
  fill(P.actions);
  let after;
  try {
    after = await playOnBoard(P, from, notation, run);
    if (!after) return;
    S.position = after.position;
    if (P.set === MINE) return checkMistake(P, notation, after);
    const answer = await api('POST', `/puzzle/${encodeURIComponent(P.view.id)}/attempt`, {
      moves: S.moves,
      give_up: false,
      mode: S.mode,
    });
    if (run !== S.run) return;
    if (answer.status === 'continue') return opponentReplies(P, answer, run);
    finish(P, answer);
  } catch (e) {
    if (run !== S.run) return;
    // Not checked: the move is taken back, and the player may enter it again.
    S.moves.pop();
    S.position = from;
    P.say(e.message, 'error');
    const d = await getDiagram({ game: P.view.game, options: P.view.options, position: from, flipped: P.flipped });
    await P.board.setDiagram(d, { animate: true });
    P.diagram = d;
    fill(P.actions, giveUpButton(P));
    waitForMove(P);
  }
}

/** Right so far: the opponent's answer is played, and the solver moves again. */
async function opponentReplies(P, answer, run) {
  const { S } = P;
  S.status = 'reply';
  P.say(`Right. ${P.sides.opponent} answers ${answer.reply}.`, 'info');
  await sleep(reducedMotion() ? 100 : 500);
  if (run !== S.run) return;
  const d = await playOnBoard(P, S.position, answer.reply, run);
  if (!d) return;
  S.position = d.position;
  P.legal = answer.legal || d.legal || null;
  P.say(`Right. ${P.sides.opponent} answered ${answer.reply}: your move again.`, 'info');
  fill(P.actions, giveUpButton(P));
  waitForMove(P);
}

/** Gives up: the server answers with the solution. */
async function giveUp(P) {
  const { S } = P;
  if (S.busy || S.status !== 'solving') return;
  const run = S.run;
  P.input.close();
  S.busy = true;
  if (P.set === MINE) return finish(P, mistakeAnswer(P, 'failed'), { gaveUp: true });
  try {
    const answer = await api('POST', `/puzzle/${encodeURIComponent(P.view.id)}/attempt`, {
      moves: S.moves,
      give_up: true,
      mode: S.mode,
    });
    if (run === S.run) finish(P, answer, { gaveUp: true });
  } catch (e) {
    P.say(e.message, 'error');
    waitForMove(P);
  }
}

/** Solved or failed: the verdict, the rating change, the whole line and the way on. */
function finish(P, answer, { gaveUp = false } = {}) {
  const { S } = P;
  P.input.close();
  S.status = answer.status;
  S.busy = false;
  S.solution = answer.solution || [];
  const solved = answer.status === 'solved';
  if (answer.player) {
    S.rating = answer.player.rating;
    S.change = answer.rated && answer.player.change !== undefined ? answer.player.change : null;
    showRatings(P, answer.player, answer.puzzle_rating);
  }
  if (S.mode === 'streak' && P.set !== MINE) {
    if (solved) S.streak += 1;
    S.best = keepStreak(P.set, S.streak);
    showStreak(P);
  }
  const wrong = S.moves[S.moves.length - 1];
  const verdict = solved
    ? S.moves.length > 1
      ? 'Solved! You found the whole line.'
      : 'Solved! That is the move.'
    : gaveUp
      ? 'Here is the solution.'
      : `Wrong: ${wrong} is not the move.`;
  const change = S.change !== null ? ` Your rating: ${ratingText(answer.player)} (${changeText(S.change)}).` : '';
  const streakWords = S.mode === 'streak' && P.set !== MINE ? streakEnd(S, solved) : '';
  P.say(verdict + change + streakWords, solved ? 'success' : 'warn');
  fill(
    P.result,
    h(
      'p',
      { class: `puzzle-verdict ${solved ? 'right' : 'wrong'}`, id: 'puzzle-verdict' },
      solved ? '✓ Right' : '✗ Wrong',
    ),
    h('div', { class: 'puzzle-solution-box' }),
  );
  if (S.solution.length) {
    P.solution = showSolution(P.result.lastChild, {
      game: P.view.game,
      options: P.view.options,
      position: P.view.position,
      moves: S.solution,
      flipped: P.flipped,
      solver: P.sides.solver,
      opponent: P.sides.opponent,
      played: solved ? S.solution.length : -1,
      show: (d, info) => {
        P.last = info;
        P.board.clearMarks();
        markLast(P);
        P.board.setDiagram(d, { animate: true });
      },
    });
  }
  fill(P.actions, nextButtons(P, solved));
  const next = document.getElementById('puzzle-next');
  if (next) next.focus({ preventScroll: true });
}

const streakEnd = (S, solved) =>
  solved
    ? ` Streak: ${S.streak}.`
    : ` The streak ends at ${S.streak}${S.streak && S.streak >= S.best ? ' — your best!' : '.'}`;

/** The way on: the next puzzle (or a new streak), a retry (unrated). */
function nextButtons(P, solved) {
  const { S } = P;
  if (P.set === MINE) return mistakeButtons(P);
  const streakOver = S.mode === 'streak' && !solved;
  return [
    streakOver
      ? h('button', { class: 'primary', id: 'puzzle-next', onclick: () => newStreak(P) }, 'New streak')
      : h('button', { class: 'primary', id: 'puzzle-next', onclick: () => loadNext(P) }, 'Next puzzle'),
    S.mode === 'rated'
      ? h(
          'button',
          { id: 'puzzle-retry', title: 'Try it again (not rated)', onclick: () => retry(P) },
          'Retry (unrated)',
        )
      : null,
  ];
}

function newStreak(P) {
  P.S.streak = 0;
  loadNext(P);
}

/** The same puzzle again; the server rates only a first attempt. */
function retry(P) {
  const { S } = P;
  const run = ++S.run;
  S.change = null;
  showPuzzle(P, { ...P.view, rated: false }, run);
}

// ---- learn from your mistakes ----

/** A mistake of the player's shown as a puzzle: find the move the analysis found best. */
async function showMistake(P, id) {
  const { S } = P;
  const m = P.mistakes.find((x) => mistakeId(x) === id);
  P.mistake = m;
  const run = ++S.run;
  const view = {
    id,
    game: m.game,
    options: m.options,
    position: m.position,
    solver: m.solver,
    moves: 1,
    goal: 'advantage',
    themes: [],
    stepwise: !!P.game.stepwise,
    rated: false,
    player: null,
  };
  await showPuzzle(P, view, run);
  fill(
    P.context,
    'In your game ',
    h('a', { href: `/game/${m.game_id}` }, m.game_id),
    ` you played `,
    h('code', {}, m.played),
    ` here (a ${m.mark}). Find a better move.`,
  );
}

/** Right: the move the analysis found best, or one that ends the game at once. */
function checkMistake(P, notation, after) {
  const right = notation === P.mistake.best || !!after.ending;
  finish(P, mistakeAnswer(P, right ? 'solved' : 'failed'));
}

const mistakeAnswer = (P, status) => ({ status, solution: [P.mistake.best], rated: false, player: null });

function mistakeButtons(P) {
  const at = P.mistakes.indexOf(P.mistake);
  const next = P.mistakes[at + 1];
  return [
    next
      ? h(
          'a',
          { class: 'button primary', id: 'puzzle-next', href: `/puzzles/${MINE}/${mistakeId(next)}` },
          'Next mistake',
        )
      : h('a', { class: 'button primary', id: 'puzzle-next', href: '/puzzles' }, 'Back to the puzzles'),
    h('button', { id: 'puzzle-retry', onclick: () => retry(P) }, 'Retry'),
  ];
}
