// A game's own options: one or two are shown as they are (a board size); more (a variant's setup and
// rules) are folded under one line that says which are chosen. Then the repetition and swap-rule checkboxes (the
// swap rule among the folded options where they are folded). A game with named rule sets ("Recommended rules")
// offers them first among its folded options, the recommended one chosen until the player chooses.
import { h, cap, clear } from '../svg.js';
import { COMMON_OPTIONS } from './form.js';

const VARIANTS_FOLDED = 3;

/** Draws the chosen game's options into `home.optionsBox`. */
export function renderOptions(home) {
  const box = home.optionsBox;
  clear(box);
  const g = home.current();
  const keys = g.options.filter((k) => !COMMON_OPTIONS.includes(k));
  home.ruleSetsSeen = home.ruleSetsSeen || {};
  if (!home.ruleSetsSeen[g.name]) {
    home.ruleSetsSeen[g.name] = true;
    const recommended = (g.rule_sets || []).find((r) => r.recommended);
    if (recommended) applyRuleSet(home.form, g, recommended);
  }
  const summary = h('summary', {});
  let ruleBox = null;
  const summarize = () => {
    summary.textContent = variantWords(home.form, g, keys);
    if (ruleBox) {
      const fresh = ruleSetField(home, g);
      ruleBox.replaceWith(fresh);
      ruleBox = fresh;
    }
  };
  const fields = h(
    'div',
    { class: 'option-fields' },
    keys.map((key) => optionField(home.form, g, key, summarize)),
  );
  const folded = keys.length >= VARIANTS_FOLDED;
  // The swap rule: a checkbox after repetition's, or among the variant's options where those are folded.
  const swap = g.options.includes('swap') ? swapBox(home.form, g, summarize) : null;
  if (swap && folded) fields.appendChild(swap);
  if ((g.rule_sets || []).length) {
    ruleBox = ruleSetField(home, g);
    fields.prepend(ruleBox);
  }
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

/** The folded line: "Rules: Recommended rules", "Variant: hole 2, freeze on", or "Variant: default". */
function variantWords(form, g, keys) {
  const set = chosenRuleSet(form, g);
  if (set) return `Rules: ${set.name}`;
  const value = (k) => form.options[`${g.name}.${k}`];
  const list = keys.filter(value).map((k) => `${k} ${value(k)}`);
  if (value('swap')) list.push('swap rule');
  return `Variant: ${list.length ? list.join(', ') : 'default'}`;
}

/** The game's own options as chosen (the swap rule too), as sorted `key=value` words. */
function chosenWords(form, g) {
  return g.options
    .filter((k) => k !== 'repetition' && k !== 'plies')
    .map((k) => [k, form.options[`${g.name}.${k}`]])
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join(',');
}

/** The rule set the chosen options are exactly, if any. */
function chosenRuleSet(form, g) {
  const chosen = chosenWords(form, g);
  return (g.rule_sets || []).find((r) => r.options.split(',').filter(Boolean).sort().join(',') === chosen) || null;
}

/** Sets the game's own options (and the swap rule) to those of rule set `set`. */
function applyRuleSet(form, g, set) {
  for (const key of g.options) if (key !== 'repetition' && key !== 'plies') delete form.options[`${g.name}.${key}`];
  for (const pair of set.options.split(',').filter(Boolean)) {
    const [key, value] = pair.split('=');
    form.options[`${g.name}.${key}`] = value;
  }
}

/** The rule sets as a list, with what the chosen one is for; choosing one redraws the options. */
function ruleSetField(home, g) {
  const chosen = chosenRuleSet(home.form, g);
  const select = h(
    'select',
    {
      id: 'rule-set',
      onchange: (e) => {
        const set = g.rule_sets[Number(e.target.value)];
        if (set) applyRuleSet(home.form, g, set);
        home.variantsOpen = true;
        renderOptions(home);
      },
    },
    g.rule_sets.map((r, i) =>
      h('option', { value: String(i), selected: r === chosen }, r.recommended ? `${r.name} (recommended)` : r.name),
    ),
    chosen ? null : h('option', { value: 'custom', selected: true }, 'Your own choice (below)'),
  );
  return h(
    'div',
    { class: 'rule-set' },
    h('label', { class: 'field stacked' }, h('span', {}, 'Rules'), select),
    h(
      'p',
      { class: 'small muted', id: 'rule-set-about' },
      chosen ? chosen.about : 'The options below, as you set them.',
    ),
  );
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

function swapBox(form, g, summarize) {
  const swap = h('input', {
    type: 'checkbox',
    id: 'opt-swap',
    checked: !!form.options[`${g.name}.swap`],
    onchange: (e) => {
      form.options[`${g.name}.swap`] = e.target.checked ? 'on' : '';
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
