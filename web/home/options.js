// A game's own options: one or two are shown as they are (a board size); more (a variant's setup and
// rules) are folded under one line that says which are chosen. Then the repetition and swap-rule checkboxes (the
// swap rule among the folded options where they are folded).
import { h, cap, clear } from '../svg.js';
import { COMMON_OPTIONS } from './form.js';

const VARIANTS_FOLDED = 3;

/** Draws the chosen game's options into `home.optionsBox`. */
export function renderOptions(home) {
  const box = home.optionsBox;
  clear(box);
  const g = home.current();
  const keys = g.options.filter((k) => !COMMON_OPTIONS.includes(k));
  const summary = h('summary', {});
  const summarize = () => {
    summary.textContent = variantWords(home.form, g, keys);
  };
  const fields = h(
    'div',
    { class: 'option-fields' },
    keys.map((key) => optionField(home.form, g, key, summarize)),
  );
  const folded = keys.length >= VARIANTS_FOLDED;
  // The swap rule: a checkbox after repetition's, or among the variant's options where those are folded.
  const swap = g.options.includes('swap') ? swapBox(home.form, summarize) : null;
  if (swap && folded) fields.appendChild(swap);
  if (keys.length && !folded) box.appendChild(fields);
  if (folded) {
    summarize();
    const variants = h(
      'details',
      { class: 'variant-options', id: 'variant-options', open: home.variantsOpen },
      summary,
      fields,
    );
    variants.addEventListener('toggle', () => (home.variantsOpen = variants.open));
    box.appendChild(variants);
  }
  if (g.options.includes('repetition')) box.appendChild(repetitionBox(home.form));
  if (swap && !folded) box.appendChild(swap);
}

/** The folded line: "Variant: hole 2, freeze on", or "Variant: default". */
function variantWords(form, g, keys) {
  const value = (k) => form.options[`${g.name}.${k}`];
  const list = keys.filter(value).map((k) => `${k} ${value(k)}`);
  if (form.swap) list.push('swap rule');
  return `Variant: ${list.length ? list.join(', ') : 'default'}`;
}

/** One option: a list when the catalog has its values, else a text box; empty means the default. */
function optionField(form, g, key, summarize) {
  const choices = (g.option_choices || g.option_values || {})[key];
  const value = form.options[`${g.name}.${key}`] || '';
  const set = (e) => {
    form.options[`${g.name}.${key}`] = e.target.value.trim();
    summarize();
  };
  const input = choices
    ? h(
        'select',
        { id: `opt-${key}`, onchange: set },
        h('option', { value: '' }, 'default'),
        choices.map((c) => h('option', { value: String(c), selected: String(c) === value }, String(c))),
      )
    : h('input', { type: 'text', id: `opt-${key}`, value, placeholder: 'default', size: 6, onchange: set });
  return h('label', { class: 'field stacked' }, h('span', {}, cap(key)), input);
}

function repetitionBox(form) {
  const rep = h('input', {
    type: 'checkbox',
    id: 'opt-repetition',
    checked: form.repetition,
    onchange: (e) => (form.repetition = e.target.checked),
  });
  return h('label', { class: 'field checkbox' }, rep, h('span', {}, 'Threefold repetition draws'));
}

function swapBox(form, summarize) {
  const swap = h('input', {
    type: 'checkbox',
    id: 'opt-swap',
    checked: form.swap,
    onchange: (e) => {
      form.swap = e.target.checked;
      summarize();
    },
  });
  return h(
    'label',
    {
      class: 'field checkbox',
      title: 'A fair start: after the first move, the second player may take over that side instead of answering',
    },
    swap,
    h('span', {}, 'Swap rule'),
  );
}
