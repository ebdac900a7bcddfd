// Time controls and clocks: the choices the forms offer, the words for a control, a time left as a clock
// shows it, and the game page's two clocks, ticking down locally from the server's view.
import { h } from './svg.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Under this much time left a clock shows tenths, in red. */
export const LOW_MS = 10 * SECOND;

/** The preset controls the forms offer: minutes + seconds a move, then days per move. */
export const PRESETS = [
  ['fischer:60+0', '1 min + 0 · bullet'],
  ['fischer:180+2', '3 min + 2 s · blitz'],
  ['fischer:300+3', '5 min + 3 s · blitz'],
  ['fischer:600+5', '10 min + 5 s · rapid'],
  ['fischer:900+10', '15 min + 10 s · rapid'],
];
export const CORRESPONDENCE = [1, 2, 3, 7];

/** A control's parts: `{kind: 'fischer', base, increment}` (seconds), `{kind: 'days', days}`, or null. */
export function parseControl(control) {
  if (!control) return null;
  let m = /^fischer:(\d+)(?:\+(\d+))?$/.exec(control);
  if (m) return { kind: 'fischer', base: Number(m[1]), increment: Number(m[2] || 0) };
  m = /^days:(\d+)$/.exec(control);
  if (m) return { kind: 'days', days: Number(m[1]) };
  return null;
}

/** A duration in seconds with its units, short: "15 s", "5 min", "1 min 30 s", "2 h", "1 h 30 min". */
function shortTime(seconds) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [];
  if (h) parts.push(`${h} h`);
  if (m) parts.push(`${m} min`);
  if (s || !parts.length) parts.push(`${s} s`);
  return parts.join(' ');
}

/** A duration in seconds in words: "15 seconds", "5 minutes", "1 minute 30 seconds", "2 hours". */
function longTime(seconds) {
  const unit = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [];
  if (h) parts.push(unit(h, 'hour'));
  if (m) parts.push(unit(m, 'minute'));
  if (s || !parts.length) parts.push(unit(s, 'second'));
  return parts.join(' ');
}

/**
 * A control in short, every number with its unit: "5 min + 3 s", "15 s + 0", "3 days per move";
 * "No clock" for none. (The API's own spelling, `fischer:300+3`, is for programs.)
 */
export function clockLabel(control) {
  const c = parseControl(control);
  if (!c) return control ? String(control) : 'No clock';
  if (c.kind === 'days') return `${c.days} ${c.days === 1 ? 'day' : 'days'} per move`;
  return `${shortTime(c.base)} + ${c.increment ? `${c.increment} s` : '0'}`;
}

/** A control in words: "5 minutes each, plus 3 seconds a move". */
export function clockWords(control) {
  const c = parseControl(control);
  if (!c) return clockLabel(control);
  if (c.kind === 'days') return `Correspondence: at most ${clockLabel(control)}`;
  const base = longTime(c.base);
  return c.increment
    ? `${base} each, plus ${c.increment} ${c.increment === 1 ? 'second' : 'seconds'} a move`
    : `${base} each, no time added`;
}

const two = (n) => String(n).padStart(2, '0');

/**
 * Time left as a clock shows it: "2 d 03 h" and "5 h 07 m" by correspondence, "1:02:03" over an hour,
 * "04:59", and "00:09.3" (tenths) under 10 seconds. The shown time never rounds up.
 */
export function formatLeft(ms, days = false) {
  ms = Math.max(0, Math.floor(ms));
  if (days && ms >= DAY) return `${Math.floor(ms / DAY)} d ${two(Math.floor((ms % DAY) / HOUR))} h`;
  if (days && ms >= HOUR) return `${Math.floor(ms / HOUR)} h ${two(Math.floor((ms % HOUR) / MINUTE))} m`;
  const s = Math.floor(ms / SECOND);
  if (ms >= HOUR) return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  const shown = `${two(Math.floor(s / 60))}:${two(s % 60)}`;
  return ms < LOW_MS ? `${shown}.${Math.floor((ms % SECOND) / 100)}` : shown;
}

/**
 * Time left in words, for screen readers (as `formatLeft` shows it, never rounded up): "4 minutes 59
 * seconds", "1 hour 2 minutes 3 seconds", "9.3 seconds" under 10 seconds, "2 days 3 hours" by correspondence.
 */
export function leftWords(ms, days = false) {
  ms = Math.max(0, Math.floor(ms));
  const unit = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days && ms >= DAY) {
    const hours = Math.floor((ms % DAY) / HOUR);
    return [unit(Math.floor(ms / DAY), 'day'), hours ? unit(hours, 'hour') : null].filter(Boolean).join(' ');
  }
  if (ms < LOW_MS) return `${Math.floor(ms / SECOND)}.${Math.floor((ms % SECOND) / 100)} seconds`;
  return longTime(Math.floor(ms / SECOND));
}

/**
 * The game page's two clocks (elements kept across the panel's redraws). `set(view)` takes each view;
 * the side to move's clock, when it runs, is ticked down from the view's `left_ms` by the time passed
 * since the view arrived (the browser's own clock may be off: only elapsed time counts). `onZero` is
 * called once when a running clock reaches zero without the game having ended (the server ends it).
 */
export function createClocks(onZero = () => {}) {
  const elements = [0, 1].map((i) =>
    h('span', { class: 'clock', id: `clock-${i}`, role: 'timer', 'aria-live': 'off' }),
  );
  let clock = null; // the view's clock
  let toMove = 0;
  let over = false;
  let version = -1;
  let arrived = 0; // performance.now() when that clock arrived
  let timer = null;
  let zeroTold = false;

  const ticking = () => !!clock && clock.running && !over;
  /** Side `i`'s time left now. */
  const left = (i) => {
    if (!clock) return 0;
    const ms = clock.left_ms[i];
    return ticking() && i === toMove ? Math.max(0, ms - (performance.now() - arrived)) : ms;
  };

  const draw = () => {
    clearTimeout(timer);
    timer = null;
    if (!clock) return;
    const days = parseControl(clock.control)?.kind === 'days';
    for (const i of [0, 1]) {
      const ms = left(i);
      const e = elements[i];
      const text = formatLeft(ms, days);
      if (e.textContent !== text) e.textContent = text;
      e.classList.toggle('running', ticking() && i === toMove);
      e.classList.toggle('low', ms < LOW_MS);
      e.classList.toggle('flagged', ms === 0);
      e.dataset.ms = String(Math.round(ms));
    }
    if (!ticking()) return;
    const ms = left(toMove);
    if (ms <= 0) {
      if (!zeroTold) {
        zeroTold = true;
        onZero();
      }
      return;
    }
    // Wake when the shown time changes: every tenth under 10 s, else at the next whole second.
    const wait = ms < LOW_MS ? (ms % 100) + 1 : Math.min(1000, (ms % 1000) + 1);
    timer = setTimeout(draw, wait);
  };

  return {
    elements,
    left,
    /** The clocks now, to be read out: `{left: [ms, ms], days, running}` (`running`: the side whose clock runs, or -1); null without a clock. */
    reading() {
      if (!clock) return null;
      const days = parseControl(clock.control)?.kind === 'days';
      return { left: [left(0), left(1)], days, running: ticking() ? toMove : -1 };
    },
    /** Takes the clock of a new view (an older reading of the same version is ignored). */
    set(view) {
      const next = view.clock;
      if (clock && next && view.version === version && next.now_ms < clock.now_ms) return;
      if (view.version !== version) zeroTold = false;
      clock = next || null;
      version = view.version;
      toMove = view.to_move === 'first' ? 0 : 1;
      over = !!view.ending;
      arrived = performance.now();
      draw();
    },
  };
}
