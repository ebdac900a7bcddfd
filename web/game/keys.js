// The game page by keyboard: the board's arrow keys (board.js does the moving) with the words said for each
// cell, the buttons under the board — the text board, reading the clocks — and the page's shortcut for the
// clocks (Alt+C anywhere, or C on the board). It knows no game: the words come from the Diagram (the
// pieces' names, the legend's words for the marks) and the view.
import { h } from '../svg.js';
import { leftWords } from '../clock.js';
import { pieceWord } from '../input.js';
import { sideName, playerOfPieces } from './state.js';
import { say } from './typed.js';
import { createTextBoard } from './textboard.js';

/** How to use the board by keyboard, in words (the board's description, shown while it has the focus). */
export const BOARD_HELP =
  'Arrow keys move between the cells; Enter or Space acts as a click on the cell (select a piece, then where it goes); ' +
  'Escape clears the selection; Alt+C (or C on the board) reads the clocks.';

// The words for the app's own marks, when neither the legend nor the move input words them.
const MARK_WORDS = {
  last: 'last move',
  selected: 'selected',
  active: 'the piece moving this turn',
  choose: 'to choose',
  hint: "the engine's suggestion",
  decisive: 'what decided the game',
  dest: 'can move here',
  target: 'target',
  fall: 'falls',
};

/** What a mark on a cell means: the legend's words, the move input's, or the app's. */
function markWords(G, mark) {
  const d = G.board.diagram;
  const entry = [...((d && d.legend) || []), ...G.input.legendExtra()].find((e) => e.mark === mark);
  return (entry && entry.text) || MARK_WORDS[mark] || mark;
}

/** A piece in words: its side and name ("White villager"), "yours" when this player holds one side of two. */
function pieceWords(S, piece) {
  const player = playerOfPieces(S, piece.side);
  const yours = S.mine.size === 1 && S.mine.has(player) ? ' (yours)' : '';
  return `${sideName(S, player)} ${pieceWord(piece)}${yours}`;
}

/** What is said when the keyboard's cursor comes to `cell`: the cell, what stands on it, its marks. */
export function describeCell(G, cell) {
  const { S, board } = G;
  const piece = board.pieceAt(cell);
  const words = [cell, piece ? pieceWords(S, piece) : 'empty'];
  const marks = board.marksAt(cell);
  for (const mark of marks) {
    const w = markWords(G, mark);
    if (!words.includes(w)) words.push(w);
  }
  if (board.hitClassesOf(cell).includes('selectable') && !marks.includes('selected')) words.push('can move');
  if (G.input.describe) words.push(...G.input.describe(cell));
  return words.join(', ');
}

/** Says both sides' time left in the page's live region. */
export function readClocks(G) {
  const S = G.S;
  const v = S.view;
  if (!v) return;
  const r = G.clocks.reading();
  if (!r) return say(G, 'This game has no clock.');
  const you = (i) => (S.mine.size === 1 && S.mine.has(i) ? ' (you)' : '');
  const each = [0, 1].map((i) => `${sideName(S, i)}${you(i)} ${leftWords(r.left[i], r.days)}`);
  let state;
  if (r.running >= 0) state = `${sideName(S, r.running)}'s clock is running.`;
  else if (v.ending) state = 'The game is over.';
  else if (v.ply === 0) state = 'The clocks start after the first move.';
  else state = 'The clocks are stopped.';
  say(G, `Time left: ${each.join(', ')}. ${state}`);
}

/** Is this key the clocks' shortcut: Alt+C anywhere, or C alone on the board? */
function clockKey(G, e) {
  if (e.ctrlKey || e.metaKey) return false;
  const c = e.code === 'KeyC' || (e.key && e.key.toLowerCase() === 'c');
  if (e.altKey) return c;
  return c && !e.shiftKey && e.target === G.board.svg;
}

/**
 * Makes the board a keyboard's (one tab stop, the arrow keys, Enter) and makes what goes under it: the
 * help, the cursor's live region, the buttons (text board, clocks) and the text board. `G.textBoard` and
 * `G.updateKeys()` (after each render) are set. Returns the nodes to put under the board.
 */
export function installKeys(G) {
  const help = h('p', { class: 'board-help small muted', id: 'board-help' }, `Keyboard: ${BOARD_HELP}`);
  const cursorSay = G.board.useKeys({
    label: 'Game board: arrow keys and Enter to play',
    helpId: 'board-help',
    describe: (cell) => describeCell(G, cell),
  });
  G.textBoard = createTextBoard(G);
  const clocks = h(
    'button',
    {
      type: 'button',
      class: 'ghost small',
      id: 'read-clocks',
      'aria-keyshortcuts': 'Alt+C',
      title: 'Says both times left (Alt+C)',
      onclick: () => readClocks(G),
      hidden: true,
    },
    'Read clocks',
  );
  const tools = h('div', { class: 'board-tools', id: 'board-tools' }, G.textBoard.button, clocks);
  G.updateKeys = () => {
    clocks.hidden = !(G.S.view && G.S.view.clock);
  };
  document.addEventListener('keydown', (e) => {
    if (!G.S.view || !clockKey(G, e)) return;
    e.preventDefault();
    e.stopPropagation();
    readClocks(G);
  });
  return { help, cursorSay, tools, textBoard: G.textBoard.section };
}
