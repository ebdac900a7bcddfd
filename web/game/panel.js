// The side panel: players, status, messages, the move input's controls, the game's actions, the legend and
// piece key, and sharing.
import { h, cap, fill } from '../svg.js';
import { legendBox, pieceKey } from '../legend.js';
import { toMove, sideName, isOver, myTurn, localControl, stepwise, reviewing } from './state.js';

/** The message line (kept across renders so that screen readers hear changes). */
export function messageLine(S) {
  const box = h('p', { class: 'message', id: 'message', role: 'status', 'aria-live': 'polite' });
  updateMessage(S, box);
  return box;
}

export function updateMessage(S, box) {
  box.textContent = S.message ? S.message.text : '';
  box.className = `message ${S.message ? S.message.kind : ''}`;
}

function players(G) {
  const S = G.S;
  const v = S.view;
  const t = toMove(S);
  return h(
    'div',
    { class: 'players' },
    v.sides.map((s, i) => {
      const seat = s.seat.kind === 'human' ? 'Human' : `Computer · level ${s.seat.level}`;
      const active = !v.ending && i === t;
      const thinking = active && v.thinking;
      const won = v.ending && v.ending.winner === s.name;
      return h(
        'div',
        { class: `player ${active ? 'to-move' : ''} ${won ? 'winner' : ''}`, id: `player-row-${i}` },
        G.sideGlyph(i),
        h('span', { class: 'player-name' }, cap(s.name)),
        h('span', { class: 'player-seat' }, seat),
        S.mine.has(i) && s.seat.kind === 'human' ? h('span', { class: 'badge you' }, 'you') : null,
        won ? h('span', { class: 'badge won' }, 'won') : null,
        thinking ? h('span', { class: 'spinner', title: 'thinking' }) : null,
        active && !thinking ? h('span', { class: 'turn-dot', title: 'to move' }) : null,
      );
    }),
  );
}

function status(S) {
  const v = S.view;
  const t = toMove(S);
  if (v.ending) return v.ending.text;
  if (v.thinking) return `${sideName(S, t)} (computer) is thinking…`;
  if (myTurn(S)) return `Your move, ${sideName(S, t)}.`;
  return `${sideName(S, t)} to move.`;
}

function hintBox(G) {
  const S = G.S;
  if (!S.hint || !myTurn(S)) return null;
  const steps = (S.hint.clicks || []).map((c) => c.label).filter(Boolean);
  return h(
    'div',
    { class: 'hint-box', id: 'hint-box' },
    h('p', {}, h('strong', {}, 'Hint: '), h('code', {}, S.hint.notation), ' — marked on the board.'),
    steps.length > 1
      ? h(
          'ol',
          { class: 'hint-steps small' },
          steps.map((s) => h('li', {}, s)),
        )
      : null,
    h(
      'div',
      { class: 'choices' },
      h('button', { class: 'primary', id: 'play-hint', onclick: () => G.play(S.hint.notation) }, 'Play it'),
      h('button', { class: 'ghost', onclick: () => G.clearHint() }, 'Hide'),
    ),
  );
}

function actions(G) {
  const S = G.S;
  const v = S.view;
  const canUndo = v.ply > 0 || (v.ending && v.ending.reason === 'resignation');
  return h(
    'div',
    { class: 'actions' },
    localControl(S)
      ? h(
          'button',
          {
            id: 'undo',
            onclick: G.undo,
            disabled: !canUndo,
            title: 'Take back (to your last turn against the computer)',
          },
          '↶ Undo',
        )
      : null,
    h(
      'button',
      { id: 'hint', onclick: G.hint, disabled: !myTurn(S), title: "The engine's best move, shown on the board" },
      '? Hint',
    ),
    h('button', { id: 'flip', onclick: G.flip, title: 'Turn the board round' }, '⇅ Flip'),
    S.mine.size
      ? h('button', { id: 'resign', class: 'danger', onclick: G.resign, disabled: !!v.ending }, '⚑ Resign')
      : null,
    v.ending ? h('button', { class: 'primary', id: 'rematch', onclick: () => G.startNew(null) }, '↻ Play again') : null,
    h('a', { class: 'button', id: 'new-game', href: '/' }, '+ New game'),
    h(
      'a',
      {
        class: 'button',
        id: 'download',
        href: `/api/games/${S.id}/record`,
        download: `arbiter-${v.game}-${S.id}.json`,
      },
      '⤓ Record',
    ),
  );
}

/** Legend and piece key, from the shown Diagram and the marks in use. */
export function legendSection(G) {
  const S = G.S;
  const d = S.diagram;
  if (!d) return h('div', { class: 'legend-section', id: 'legend-section' });
  const extra = [...G.input.legendExtra()];
  if (S.view.ending && (S.view.ending.cells || []).length && !reviewing(S))
    extra.push({ mark: 'decisive', text: 'what decided the game' });
  if (S.hint && myTurn(S)) extra.push({ mark: 'hint', text: 'the hint' });
  if (!stepwise(S) && (S.view.legal || []).some((m) => (m.path || []).length))
    extra.push({ mark: 'path', text: 'the way there (point at a destination)' });
  const key = pieceKey(d);
  return h(
    'details',
    {
      class: 'legend-section',
      id: 'legend-section',
      open: S.legendOpen,
      ontoggle: (e) => (S.legendOpen = e.target.open),
    },
    h('summary', {}, 'Legend and pieces'),
    legendBox(d, extra),
    key,
  );
}

function more(G) {
  const S = G.S;
  const v = S.view;
  const seatsBox = h('div', { class: 'seats' }, h('span', { class: 'small' }, 'You play:'));
  v.sides.forEach((s, i) => {
    if (s.seat.kind !== 'human') return;
    seatsBox.appendChild(
      h(
        'label',
        { class: 'chip' },
        h('input', { type: 'checkbox', id: `seat-${i}`, checked: S.mine.has(i), onchange: () => G.toggleSeat(i) }),
        cap(s.name),
      ),
    );
  });
  const share = h('div', { class: 'share' });
  const base = `${location.origin}/game/${S.id}`;
  v.sides.forEach((s) => {
    if (s.seat.kind === 'human') share.appendChild(linkRow(G, `Invite to play ${cap(s.name)}`, `${base}?as=${s.name}`));
  });
  share.appendChild(linkRow(G, 'Watch', `${base}?as=watch`));
  const levels = G.levels();
  const seatSelects = h(
    'div',
    { class: 'seat-selects' },
    v.sides.map((s, i) =>
      h(
        'label',
        { class: 'field small' },
        h('span', {}, cap(s.name)),
        h(
          'select',
          { id: `seat-select-${i}`, onchange: (e) => G.setSeat(i, e.target.value) },
          h('option', { value: 'human', selected: s.seat.kind === 'human' }, 'Human'),
          levels.map((l) => h('option', { value: String(l), selected: s.seat.level === l }, `Computer ${l}`)),
        ),
      ),
    ),
  );
  const setup = h('textarea', { id: 'setup-position', rows: 2, placeholder: 'paste a position string' });
  return h(
    'details',
    { class: 'more', open: S.moreOpen, ontoggle: (e) => (S.moreOpen = e.target.open) },
    h('summary', {}, 'Share, players and position'),
    seatsBox,
    share,
    seatSelects,
    h(
      'label',
      { class: 'field small column' },
      h('span', {}, 'Position'),
      h('input', {
        type: 'text',
        readonly: true,
        value: v.position,
        id: 'position-string',
        onclick: (e) => e.target.select(),
      }),
    ),
    h('label', { class: 'field small column' }, h('span', {}, 'Set up a position (same game and players)'), setup),
    h(
      'button',
      {
        id: 'setup-start',
        onclick: () => {
          const text = setup.value.trim();
          if (!text) return G.say('Paste a position string first.', 'warn');
          G.startNew(text);
        },
      },
      'Start from this position',
    ),
  );
}

function linkRow(G, label, url) {
  return h(
    'div',
    { class: 'link-row' },
    h('span', { class: 'small' }, label),
    h('input', { type: 'text', readonly: true, value: url, onclick: (e) => e.target.select() }),
    h(
      'button',
      {
        class: 'ghost small',
        onclick: () => navigator.clipboard && navigator.clipboard.writeText(url).then(() => G.say('Link copied.')),
      },
      'Copy',
    ),
  );
}

/** Draws the whole panel into `side`. */
export function renderPanel(G, side) {
  const S = G.S;
  const v = S.view;
  const title = (S.catalog && S.catalog.title) || cap(v.game);
  const bits = [];
  const info = S.thinkingInfo;
  if (v.thinking && info) {
    if (info.depth !== undefined) bits.push(`depth ${info.depth}`);
    if (info.nodes !== undefined) bits.push(`${info.nodes} nodes`);
    if (info.pv && info.pv.length) bits.push(`pv ${info.pv.slice(0, 4).join(' ')}`);
  }
  fill(
    side,
    h(
      'div',
      { class: 'title-row' },
      h('h1', {}, title),
      v.options ? h('span', { class: 'badge' }, v.options) : null,
      h('a', { class: 'rules-link', id: 'rules-link', href: `/rules/${v.game}` }, 'How to play'),
      h('span', { class: `conn ${S.connected ? 'on' : 'off'}`, title: S.connected ? 'live' : 'reconnecting…' }),
    ),
    players(G),
    h('p', { class: `status ${isOver(S) ? 'over' : ''}`, id: 'status' }, status(S)),
    bits.length ? h('p', { class: 'muted small' }, bits.join(' · ')) : null,
    G.messageBox,
    hintBox(G),
    G.input.controls(),
    actions(G),
    legendSection(G),
    more(G),
  );
  updateMessage(S, G.messageBox);
}
