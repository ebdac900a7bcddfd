// Starting: a new game (from the start, a pasted position or a loaded record) or a challenge posted to
// the lobby; what the server refused, in words.
import { api, me } from '../api.js';
import { h } from '../svg.js';
import { rememberInvite } from '../game/state.js';
import { chosenClock, optionString, whoPlays } from './form.js';
import { saveName } from './name.js';

/** The start button: starts the game chosen, or posts the challenge. */
export function startButton(home) {
  return h(
    'button',
    { class: 'primary big', id: 'start-game', type: 'button', onclick: () => startChosen(home) },
    'Start game',
  );
}

/** Where to start from: a position string or a game record, pasted or loaded from a file. */
export function setupBox(home) {
  home.positionInput = h('textarea', {
    id: 'setup-position',
    rows: 2,
    placeholder: 'Paste a position string (or a game record) to start from it (optional)',
  });
  const recordInput = h('input', { type: 'file', id: 'load-record', accept: 'application/json,.json' });
  recordInput.addEventListener('change', async () => {
    const file = recordInput.files[0];
    if (file) startRecord(home, await file.text(), file.name);
  });
  return h(
    'details',
    { class: 'setup' },
    h('summary', {}, 'Start from a position or a saved record'),
    home.positionInput,
    h('label', { class: 'field file' }, h('span', {}, 'Load a game record (JSON)'), recordInput),
  );
}

/** What the start button does with the form as it is. */
function startChosen(home) {
  const { form, say } = home;
  const options = optionString(form, home.current());
  const clock = chosenClock(form);
  if (clock.error) return say(clock.error, 'error');
  const position = home.positionInput.value.trim();
  if (form.who === 'lobby') {
    if (position) return say('A challenge starts from the start position: clear the position box to post it.', 'warn');
    return post(home, {
      game: form.game,
      options,
      clock: clock.control,
      colour: form.colour,
      public: form.public,
      hints: form.hints,
      rated: form.rated,
    });
  }
  if (position.startsWith('{')) return startRecord(home, position, 'The pasted text');
  start(home, { game: form.game, options, position: position || undefined, clock: clock.control });
}

/** Creates the game (`what`: the record's name, when it starts from one) and goes to it. */
async function start(home, body, what = null) {
  const { say } = home;
  say('Starting…');
  try {
    // The game belongs to this browser's player: make sure the server knows it (and its name) first.
    await me();
    if (!(await saveName(home))) return;
    const view = await api('POST', '/games', { ...body, ...whoPlays(home.form) });
    if (view.invite) rememberInvite(view.id, view.invite);
    location.href = `/game/${view.id}`;
  } catch (e) {
    const refusal = e.code === 'network' || [401, 403, 429].includes(e.status);
    if (what && !refusal) say(recordProblem(what, e), 'error', e.serverMessage || e.message);
    else say(e.message, 'error');
  }
}

function startRecord(home, text, name) {
  let record;
  try {
    record = JSON.parse(text);
  } catch (_) {
    return home.say(`${name} is not a game record: it is not valid JSON.`, 'error');
  }
  if (!record || typeof record !== 'object' || Array.isArray(record)) {
    return home.say(`${name} is not a game record: a record is a JSON object with "game" and "moves".`, 'error');
  }
  start(home, { record }, name);
}

/** Posts a challenge to the lobby; it is listed there until someone accepts it (or it is cancelled). */
async function post(home, body) {
  const { say } = home;
  say('Posting your challenge…');
  try {
    await me();
    if (!(await saveName(home))) return;
    const challenge = await api('POST', '/challenges', body);
    if (home.lobby) home.lobby.add(challenge);
    say('Challenge posted: it is under Open challenges. This page goes to the game when someone accepts it.');
  } catch (e) {
    if (e.code === 'too_many_challenges')
      say('You have too many open challenges: cancel one under Open challenges first.', 'warn', e.serverMessage);
    else if (e.status === 404) say('This server has no lobby.', 'error');
    else say(e.message, 'error', e.serverMessage && e.serverMessage !== e.message ? e.serverMessage : null);
  }
}

/** A record that the server refused: a short sentence, with the server's own words kept for the curious. */
function recordProblem(name, e) {
  const raw = e.message || '';
  const technical =
    e.code === 'bad_request_body' ||
    e.code === 'bad_json' ||
    raw.length > 160 ||
    /line \d+ column \d+|invalid type|unknown field|missing field|unknown variant|expected `/.test(raw);
  return technical
    ? `${name} is not a game record Arbiter can read: a record is a JSON object with "game", "options", "start" and "moves".`
    : `${name}: ${raw}`;
}
