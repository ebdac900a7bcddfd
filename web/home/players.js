// Who plays — against the computer, with a friend (an invite link), both sides on this screen, the
// computer against itself, or anyone (a challenge in the lobby) — with what each needs more; and whether
// spectators may watch.
import { h, cap, clear } from '../svg.js';

const WHO = [
  ['computer', 'Against the computer'],
  ['friend', 'With a friend (invite link)'],
  ['local', 'Both sides on this screen'],
  ['computers', 'Computer against computer'],
  ['lobby', 'Anyone (post a challenge)'],
];

/** Draws the choice of who plays into `home.playersBox`; the start button says what it will do. */
export function renderPlayers(home) {
  clear(home.playersBox);
  home.playersBox.append(whoChoices(home), whoDetails(home.form, home.current()));
  home.startButton.textContent = home.form.who === 'lobby' ? 'Post the challenge' : 'Start game';
}

function whoChoices(home) {
  const { form } = home;
  return h(
    'div',
    { class: 'who', role: 'radiogroup', 'aria-label': 'Who plays' },
    WHO.map(([value, text]) =>
      h(
        'label',
        { class: `who-choice ${form.who === value ? 'selected' : ''}` },
        h('input', {
          type: 'radio',
          name: 'who',
          id: `who-${value}`,
          value,
          checked: form.who === value,
          onchange: () => {
            form.who = value;
            renderPlayers(home);
          },
        }),
        h('span', {}, text),
      ),
    ),
  );
}

const field = (label, input) => h('label', { class: 'field stacked' }, h('span', {}, label), input);
const note = (text) => h('p', { class: 'small muted' }, text);
const sideLabel = (g, i) => cap(g.sides[i]) + (i === 0 ? ' (moves first)' : '');

/** What more the chosen way needs: your side, the computer's level, the challenge's colour. */
function whoDetails(form, g) {
  const more = h('div', { class: 'who-details' });
  if (form.who === 'computer') {
    const level = levelSelect(g, 'computer-level', form.level, (l) => (form.level = l));
    more.append(field('You play', sideSelect(form, g)), field('Computer', level));
  } else if (form.who === 'friend') {
    more.append(
      field('You play', sideSelect(form, g)),
      note('You get a link to send to your friend: whoever opens it first plays the other side.'),
      ratedBox(form),
      hintsBox(form),
    );
  } else if (form.who === 'lobby') {
    more.append(
      field('You play', colourSelect(form, g)),
      note('Anyone may accept it under Open challenges; stay here: this page then goes to the game.'),
      ratedBox(form),
      hintsBox(form),
    );
  } else if (form.who === 'local') {
    more.append(note('You play both sides, taking turns at this screen.'));
  } else {
    g.sides.forEach((_, i) =>
      more.append(
        h(
          'label',
          { class: 'field stacked side-field' },
          h('span', { class: 'side-name' }, sideLabel(g, i)),
          levelSelect(g, `level-${i}`, form.levels[i], (l) => (form.levels[i] = l)),
        ),
      ),
    );
  }
  return more;
}

function levelSelect(g, id, value, set) {
  const levels = [];
  for (let l = 1; l <= g.levels; l++) levels.push(l);
  return h(
    'select',
    { id, onchange: (e) => set(Number(e.target.value)) },
    levels.map((l) => h('option', { value: String(l), selected: l === value }, `Level ${l}`)),
  );
}

function sideSelect(form, g) {
  return h(
    'select',
    { id: 'my-side', onchange: (e) => (form.mySide = Number(e.target.value)) },
    g.sides.map((_, i) => h('option', { value: String(i), selected: form.mySide === i }, sideLabel(g, i))),
  );
}

/** The challenger's side: random, or one of the two. */
function colourSelect(form, g) {
  const colours = [
    ['random', 'Random'],
    ['first', sideLabel(g, 0)],
    ['second', sideLabel(g, 1)],
  ];
  return h(
    'select',
    { id: 'challenge-colour', onchange: (e) => (form.colour = e.target.value) },
    colours.map(([value, text]) => h('option', { value, selected: form.colour === value }, text)),
  );
}

/**
 * The game's "public" flag: the game is listed on everyone's home page for spectators. (A challenge is
 * listed in the lobby for everyone either way.)
 */
export function publicBox(form) {
  return flagBox(form, 'public', {
    id: 'public-game',
    label: 'List the game for spectators to watch',
    title: 'The game is listed under Public games on everyone’s home page, for anyone to watch',
    extra: 'spectators',
  });
}

/** A rated game: both players' ratings change at its end; no takebacks and no hints until then. */
function ratedBox(form) {
  return flagBox(form, 'rated', {
    id: 'rated-game',
    label: 'Rated',
    title: "Both players' ratings change at the end; no takebacks, hints or analysis until then",
  });
}

/**
 * Hints in a game between two people: only if its creator allows them (the opponent sees it before joining or
 * accepting). Against the computer they are always there.
 */
function hintsBox(form) {
  return flagBox(form, 'hints', {
    id: 'allow-hints',
    label: 'Allow hints for both players',
    title: 'Both players may ask the engine for its best move; your opponent sees this first',
  });
}

/** A checkbox for the form's flag `key`, labelled, with its explanation as the title. */
function flagBox(form, key, { id, label, title, extra = '' }) {
  return h(
    'label',
    { class: `field checkbox ${extra}`.trim(), title },
    h('input', { type: 'checkbox', id, checked: form[key], onchange: (e) => (form[key] = e.target.checked) }),
    h('span', {}, label),
  );
}
