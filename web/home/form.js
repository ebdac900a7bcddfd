// The new-game form's choices, and what they ask the server for: the options string, the clock, the seats.
import { cap } from '../svg.js';

// Options every game takes that the form offers as a checkbox, or leaves to the CLI.
export const COMMON_OPTIONS = ['repetition', 'plies', 'swap'];

/** A game's title, from the catalog. */
export const titleOf = (g) => g.title || cap(g.name);

/** A game's sides in words: "White vs Black". */
export const sidesOf = (g) => `${cap(g.sides[0])} vs ${cap(g.sides[1])}`;

/**
 * The choices, starting with game `game`. Who plays: 'computer' (you against it), 'friend' (the other
 * side open for an invite), 'local' (both sides on this screen), 'computers' (the computer against
 * itself) or 'lobby' (a challenge anyone may accept, `colour` being the challenger's side). The clock: ''
 * (none), a control ('fischer:180+2', 'days:3') or 'custom' (`minutes` each plus `increment` seconds a
 * move). `options` holds each game's own options by `<game>.<key>`, the swap rule too (`<game>.swap`: 'on' or '').
 */
export function newForm(game) {
  return {
    game,
    options: {},
    repetition: true,
    who: 'computer',
    mySide: 0,
    level: 2,
    levels: [2, 2],
    public: false,
    hints: false,
    rated: false,
    colour: 'random',
    clock: '',
    minutes: '10',
    increment: '5',
  };
}

/** The options string for game `g`: its options as set (the swap rule when on), repetition when turned off. */
export function optionString(form, g) {
  const options = [];
  for (const key of g.options) {
    const value = form.options[`${g.name}.${key}`];
    if (value) options.push(`${key}=${value}`);
  }
  if (g.options.includes('repetition') && !form.repetition) options.push('repetition=off');
  return options.join(',');
}

/** The chosen clock: `{control}` (undefined for none) or `{error}` for a custom one out of range. */
export function chosenClock(form) {
  if (form.clock !== 'custom') return { control: form.clock || undefined };
  const minutes = Number(String(form.minutes).replace(',', '.'));
  const increment = Number(form.increment || 0);
  const base = Math.round(minutes * 60);
  if (!Number.isFinite(minutes) || base < 10 || base > 86400)
    return { error: 'The time for each side is 10 seconds to 24 hours: 0.25 to 1440 minutes.' };
  if (!Number.isInteger(increment) || increment < 0 || increment > 600)
    return { error: 'The time added after each move is 0 to 600 whole seconds.' };
  return { control: `fischer:${base}+${increment}` };
}

const human = { kind: 'human' };
const computer = (level) => ({ kind: 'computer', level });

/** The seats, the open side and the public, hints and rated flags for the new game's request. */
export function whoPlays(form) {
  const body = { public: form.public };
  if (form.who === 'friend') {
    body.hints = form.hints;
    body.rated = form.rated;
  }
  if (form.who === 'computer')
    body.players = form.mySide === 0 ? [human, computer(form.level)] : [computer(form.level), human];
  else if (form.who === 'computers') body.players = form.levels.map(computer);
  else body.players = [human, human];
  if (form.who === 'friend') body.open = form.mySide === 0 ? 'second' : 'first';
  return body;
}
