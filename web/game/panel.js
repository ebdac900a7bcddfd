// The side panel: players, status, messages, the move input's controls, the game's actions, the legend and
// piece key, and sharing.
import { typedMove } from './typed.js';
import { h, cap, fill } from '../svg.js';
import { legendBox, pieceKey } from '../legend.js';
import { clockLabel, clockWords } from '../clock.js';
import {
  toMove,
  sideName,
  sideIndex,
  isOver,
  myTurn,
  localControl,
  stepwise,
  reviewing,
  holds,
  isPlayer,
  isCreator,
  openSide,
  otherPerson,
} from './state.js';

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
      const active = !v.ending && i === t;
      const thinking = active && v.thinking;
      const won = v.ending && v.ending.winner === s.name;
      let who;
      if (s.seat.kind === 'computer') who = `Computer · level ${s.seat.level}`;
      else if (s.open) who = isCreator(S) ? 'Waiting for your friend…' : 'Waiting for a player…';
      else if (holds(S, i)) who = (s.player && s.player.name) || 'You';
      else who = (s.player && s.player.name) || 'Anonymous player';
      // A person's name leads to their profile.
      if (s.seat.kind !== 'computer' && !s.open && s.player)
        who = h('a', { href: `/player/${encodeURIComponent(s.player.id)}`, class: 'player-link' }, who);
      return h(
        'div',
        { class: `player ${active ? 'to-move' : ''} ${won ? 'winner' : ''}`, id: `player-row-${i}` },
        G.sideGlyph(i),
        h('span', { class: 'player-name' }, cap(s.name)),
        h('span', { class: `player-seat ${s.open ? 'open' : ''}`, id: `player-who-${i}` }, who),
        S.mine.has(i) ? h('span', { class: 'badge you' }, 'you') : null,
        won ? h('span', { class: 'badge won' }, 'won') : null,
        v.rating_changes ? ratingChange(v.rating_changes[i]) : null,
        v.clock ? G.clocks.elements[i] : null,
        thinking ? h('span', { class: 'spinner', title: 'thinking' }) : null,
        active && !thinking ? h('span', { class: 'turn-dot', title: 'to move' }) : null,
      );
    }),
  );
}

/** A player's rating after a rated game: "1662? (+162)", the `?` while it is provisional. */
function ratingChange(c) {
  const sign = c.change > 0 ? '+' : c.change < 0 ? '−' : '±';
  return h(
    'span',
    { class: 'badge rating', title: `Rating ${c.before} before this game, ${c.after} after` },
    `${c.after}${c.provisional ? '?' : ''} (${sign}${Math.abs(c.change)})`,
  );
}

/** A tournament's game: the way back to its standings. */
function tournamentLink(v) {
  if (!v.tournament) return null;
  return h(
    'p',
    { class: 'tournament-back small' },
    h(
      'a',
      { href: `/tournament/${encodeURIComponent(v.tournament.id)}`, id: 'tournament-back' },
      `Back to ${v.tournament.name || 'the tournament'}`,
    ),
  );
}

/** The time control, and why the clocks wait when they do. */
function timeControl(S) {
  const v = S.view;
  if (!v.clock) return null;
  let wait = null;
  if (!v.ending && !v.clock.running)
    wait = v.sides.some((s) => s.open)
      ? 'The clocks start once both players are in and the first move is made.'
      : v.ply === 0
        ? 'The clocks start after the first move.'
        : null;
  return h(
    'p',
    { class: 'time-control small', id: 'time-control', title: clockWords(v.clock.control) },
    h('span', { class: 'muted' }, 'Time control: '),
    h('strong', { id: 'time-control-label' }, clockLabel(v.clock.control)),
    wait ? h('span', { class: 'muted' }, ` · ${wait}`) : null,
  );
}

/** The game's state in a line ("Rated game · Your move, white."). */
function status(S) {
  return (S.view.rated && !S.view.ending ? 'Rated game · ' : '') + statusText(S);
}

function statusText(S) {
  const v = S.view;
  const t = toMove(S);
  if (v.ending) return v.ending.text;
  if (v.thinking) return `${sideName(S, t)} (computer) is thinking…`;
  if (myTurn(S)) return `Your move, ${sideName(S, t)}.`;
  if (v.sides[t].open) return `${sideName(S, t)} to move, once your friend joins.`;
  return `${sideName(S, t)} to move.`;
}

/** For someone who plays no side: they are watching, and how to play instead. */
function watching(S) {
  if (isPlayer(S)) return null;
  return h(
    'p',
    { class: 'watching', id: 'watching' },
    h('strong', {}, 'You are watching.'),
    ' ',
    h('span', { class: 'muted small' }, 'Only the players can move. '),
    h('a', { href: '/', class: 'small' }, 'Start your own game'),
  );
}

/** The invite for the open side, for the game's creator: the link to send, a fresh one on request. */
function inviteBox(G) {
  const S = G.S;
  const open = openSide(S);
  if (open < 0 || !isCreator(S) || isOver(S)) return null;
  const side = sideName(S, open);
  const url = S.invite ? `${location.origin}/game/${S.id}?invite=${encodeURIComponent(S.invite)}` : null;
  return h(
    'div',
    { class: 'invite-box', id: 'invite-box' },
    h('p', {}, h('strong', {}, `Invite a friend to play ${side}`)),
    url
      ? [
          linkRow(G, 'Send this link (it works once):', url, 'invite-link'),
          h(
            'button',
            {
              class: 'ghost small',
              id: 'new-invite',
              onclick: G.newInvite,
              title: 'The link above stops working',
            },
            'New invite link',
          ),
        ]
      : [
          h(
            'p',
            { class: 'small muted' },
            'The invite link is shown on the page where the game was made. Make a new one to send (any older link stops working).',
          ),
          h('button', { class: 'primary', id: 'new-invite', onclick: G.newInvite }, 'New invite link'),
        ],
  );
}

/** A pending takeback request: the opponent answers it, the asker may withdraw it, watchers see it. */
function takebackBox(G) {
  const S = G.S;
  const v = S.view;
  if (!v.takeback) return null;
  const by = sideIndex(S, v.takeback.by);
  if (by < 0) return null;
  const asker = v.sides[by].player;
  const askerName = asker && asker.name ? `${asker.name} (${sideName(S, by)})` : sideName(S, by);
  if (S.mine.has(by) && S.mine.size === 1)
    return h(
      'div',
      { class: 'takeback-box', id: 'takeback-box' },
      h('p', {}, 'You asked to take back your last move. Waiting for an answer…'),
      h(
        'div',
        { class: 'choices' },
        h(
          'button',
          {
            id: 'takeback-withdraw',
            onclick: () => G.answerTakeback(false, 'You withdrew your request.'),
          },
          'Withdraw',
        ),
      ),
    );
  if (S.mine.size && !S.mine.has(by))
    return h(
      'div',
      { class: 'takeback-box ask', id: 'takeback-box' },
      h('p', {}, h('strong', {}, askerName), ' asks to take back their last move.'),
      h(
        'div',
        { class: 'choices' },
        h(
          'button',
          {
            class: 'primary',
            id: 'takeback-accept',
            onclick: () => G.answerTakeback(true, 'You accepted: the move is taken back.'),
          },
          'Accept',
        ),
        h(
          'button',
          { id: 'takeback-decline', onclick: () => G.answerTakeback(false, 'You declined: the game goes on.') },
          'Decline',
        ),
      ),
    );
  return h(
    'p',
    { class: 'takeback-box small muted', id: 'takeback-box' },
    `${askerName} asks to take back their last move.`,
  );
}

/** A rematch of this finished game was started: the way there. */
function rematchNotice(G) {
  const S = G.S;
  const v = S.view;
  if (!v.rematch) return null;
  const href = `/game/${v.rematch}`;
  let text;
  if (!isPlayer(S)) text = 'The players started a rematch.';
  else if (S.rematchBy === 'me') text = 'You started a rematch.';
  else if (S.rematchBy === 'other' && otherPerson(S)) text = 'Your opponent started a rematch.';
  else text = 'A rematch was started.';
  return h(
    'div',
    { class: 'rematch-notice', id: 'rematch-notice' },
    h('p', {}, h('strong', {}, text)),
    h('a', { class: 'button primary', id: 'rematch-go', href }, isPlayer(S) ? 'Go to it' : 'Watch it'),
  );
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

function undoButton(G) {
  const S = G.S;
  const v = S.view;
  // A finished game stays finished (won, drawn, resigned or lost on time): nothing to take back; a
  // rated game takes nothing back at all.
  if (!isPlayer(S) || v.ending || v.rated) return null;
  const canUndo = v.ply > 0;
  if (localControl(S))
    return h(
      'button',
      {
        id: 'undo',
        onclick: G.undo,
        disabled: !canUndo,
        title: 'Take back (to your last turn against the computer)',
      },
      '↶ Undo',
    );
  const nobody = v.sides.some((s) => s.open);
  return h(
    'button',
    {
      id: 'takeback',
      onclick: G.undo,
      disabled: !canUndo || !!v.takeback || nobody,
      title: nobody ? 'Nobody to ask yet: your friend has not joined' : 'Ask your opponent to take back your last move',
    },
    '↶ Ask to take back',
  );
}

function actions(G) {
  const S = G.S;
  const v = S.view;
  const playing = S.mine.size > 0;
  return h(
    'div',
    { class: 'actions' },
    undoButton(G),
    playing
      ? h(
          'button',
          {
            id: 'hint',
            onclick: G.hint,
            disabled: !myTurn(S) || !S.view.hints,
            title: S.view.hints
              ? "The engine's best move, shown on the board"
              : S.view.rated
                ? 'No hints in a rated game'
                : 'No hints in this game: its creator did not allow them in a game between two people',
          },
          '? Hint',
        )
      : null,
    h('button', { id: 'flip', onclick: G.flip, title: 'Turn the board round' }, '⇅ Flip'),
    playing
      ? h('button', { id: 'resign', class: 'danger', onclick: G.resign, disabled: !!v.ending }, '⚑ Resign')
      : null,
    v.ending && isPlayer(S) && !v.rematch && !v.tournament
      ? h('button', { class: 'primary', id: 'rematch', onclick: G.rematch }, '↻ Rematch')
      : null,
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

/**
 * The moves in words, for a game that words them (the view's `move_words`, written by the game: its
 * notation is hard to read). Each beside its notation, the shown one marked; folded until opened.
 */
function movesInWords(G) {
  const S = G.S;
  const v = S.view;
  const words = v.move_words || [];
  if (!words.some(Boolean)) return null;
  const shown = reviewing(S) ? S.review - 1 : v.moves.length - 1;
  return h(
    'details',
    {
      class: 'more move-words',
      id: 'move-words',
      open: S.wordsOpen,
      ontoggle: (e) => (S.wordsOpen = e.target.open),
    },
    h('summary', {}, 'Moves in words'),
    h(
      'ol',
      { class: 'hint-steps small', id: 'move-words-list' },
      words.map((w, i) =>
        h(
          'li',
          { 'data-ply': i + 1, 'aria-current': i === shown ? 'true' : null },
          h('code', {}, v.moves[i]),
          w ? ` — ${w}` : null,
        ),
      ),
    ),
    h(
      'p',
      { class: 'small muted' },
      'How a move is written: ',
      h('a', { href: `/rules/${v.game}` }, 'How to play'),
      '.',
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
  const share = h(
    'div',
    { class: 'share' },
    linkRow(
      G,
      'Watch link (anyone can follow the game, nobody can move with it)',
      `${location.origin}/game/${S.id}`,
      'watch-link',
    ),
  );
  const levels = G.levels();
  // Who plays a side may be changed by whoever holds it (or, for an open side, the game's creator).
  const changeable = v.sides.map((s, i) => !isOver(S) && (holds(S, i) || (s.open && isCreator(S))));
  const seatSelects = changeable.some(Boolean)
    ? h(
        'div',
        { class: 'seat-selects' },
        h('span', { class: 'small muted' }, 'Who plays your side'),
        v.sides.map((s, i) =>
          changeable[i]
            ? h(
                'label',
                { class: 'field small' },
                h('span', {}, cap(s.name)),
                h(
                  'select',
                  { id: `seat-select-${i}`, onchange: (e) => G.setSeat(i, e.target.value) },
                  h('option', { value: 'human', selected: s.seat.kind === 'human' }, s.open ? 'Your friend' : 'Human'),
                  levels.map((l) => h('option', { value: String(l), selected: s.seat.level === l }, `Computer ${l}`)),
                ),
              )
            : null,
        ),
      )
    : null;
  const setup = h('textarea', { id: 'setup-position', rows: 2, placeholder: 'paste a position string' });
  return h(
    'details',
    { class: 'more', open: S.moreOpen, ontoggle: (e) => (S.moreOpen = e.target.open) },
    h('summary', {}, isPlayer(S) ? 'Share, players and position' : 'Share and position'),
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

/** Copies `text`; says whether it worked (the clipboard needs a secure page: else the text is selected). */
function copy(G, text, input) {
  const fallback = () => {
    input.select();
    G.say('Press Ctrl+C (⌘C) to copy the selected link.', 'warn');
  };
  if (!navigator.clipboard || !window.isSecureContext) return fallback();
  navigator.clipboard.writeText(text).then(() => G.say('Link copied.'), fallback);
}

function linkRow(G, label, url, id) {
  const input = h('input', {
    type: 'text',
    readonly: true,
    value: url,
    id,
    'aria-label': label,
    onclick: (e) => e.target.select(),
  });
  return h(
    'div',
    { class: 'link-row' },
    h('span', { class: 'small' }, label),
    input,
    h('button', { class: 'ghost small', id: `copy-${id}`, onclick: () => copy(G, url, input) }, 'Copy'),
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
    tournamentLink(v),
    players(G),
    timeControl(S),
    watching(S),
    h('p', { class: `status ${isOver(S) ? 'over' : ''}`, id: 'status' }, status(S)),
    bits.length ? h('p', { class: 'muted small' }, bits.join(' · ')) : null,
    inviteBox(G),
    takebackBox(G),
    rematchNotice(G),
    G.messageBox,
    hintBox(G),
    G.input.controls(),
    typedMove(G),
    actions(G),
    movesInWords(G),
    legendSection(G),
    more(G),
  );
  updateMessage(S, G.messageBox);
}
