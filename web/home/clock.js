// The time control of a new game: none, a preset, a custom one (told back in words, or refused, as it is
// typed) or correspondence.
import { h, clear } from '../svg.js';
import { PRESETS, CORRESPONDENCE, clockLabel, clockWords } from '../clock.js';
import { chosenClock } from './form.js';

/** Draws the clock choice into `home.clockBox`. */
export function renderClock(home) {
  const { form, clockBox } = home;
  clear(clockBox);
  clockBox.appendChild(h('label', { class: 'field stacked' }, h('span', {}, 'Time control'), clockSelect(home)));
  if (form.clock === 'custom') clockBox.appendChild(customClock(home));
  clockBox.appendChild(home.clockNote);
  updateClockNote(home);
}

function clockSelect(home) {
  const { form } = home;
  const choice = (value, text) => h('option', { value, selected: form.clock === value }, text);
  return h(
    'select',
    {
      id: 'clock-choice',
      onchange: (e) => {
        form.clock = e.target.value;
        renderClock(home);
      },
    },
    choice('', 'No clock'),
    h(
      'optgroup',
      { label: 'Minutes each + seconds a move' },
      PRESETS.map(([value, text]) => choice(value, text)),
      choice('custom', 'Custom…'),
    ),
    h(
      'optgroup',
      { label: 'Correspondence' },
      CORRESPONDENCE.map((d) => choice(`days:${d}`, clockLabel(`days:${d}`))),
    ),
  );
}

/** Minutes each and seconds a move, for a custom clock. */
function customClock(home) {
  const { form } = home;
  const number = (id, key, attrs) =>
    h('input', {
      type: 'number',
      id,
      value: form[key],
      inputmode: 'decimal',
      ...attrs,
      oninput: (e) => {
        form[key] = e.target.value.trim();
        updateClockNote(home);
      },
    });
  return h(
    'div',
    { class: 'custom-clock' },
    h(
      'label',
      { class: 'field' },
      h('span', {}, 'Minutes each'),
      number('clock-minutes', 'minutes', { min: 0.25, max: 1440, step: 'any' }),
    ),
    h(
      'label',
      { class: 'field' },
      h('span', {}, '+ seconds a move'),
      number('clock-increment', 'increment', { min: 0, max: 600, step: 1 }),
    ),
  );
}

function updateClockNote(home) {
  const c = chosenClock(home.form);
  const note = home.clockNote;
  // The presets say themselves in words; a custom clock is told back (or refused) as it is typed.
  note.className = `small ${c.error ? 'error' : 'muted'}${home.form.clock === 'custom' ? '' : ' none'}`;
  note.textContent = c.error || (c.control ? clockWords(c.control) + '.' : 'No clock: take your time.');
}
