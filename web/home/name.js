// Your display name, kept by the server: the people you play see it.
import { me, rename } from '../api.js';
import { h } from '../svg.js';

/** The name box (`home.nameInput` with its Save button): Enter or Save saves the name. */
export function nameBox(home) {
  home.nameInput = h('input', {
    type: 'text',
    id: 'display-name',
    maxlength: 24,
    placeholder: 'Anonymous',
    autocomplete: 'nickname',
    'aria-label': 'Your name',
  });
  home.nameInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') saveName(home);
  });
  return h(
    'div',
    { class: 'name-box' },
    h(
      'div',
      { class: 'field' },
      home.nameInput,
      h('button', { type: 'button', id: 'save-name', onclick: () => saveName(home) }, 'Save'),
    ),
    h('p', { class: 'small muted' }, 'Shown to the people you play with. Optional.'),
    (home.accountLine = h('p', { class: 'small', id: 'account-line' })),
  );
}

/** Shows the name the server keeps, and whether this player has an account (`username`). */
export function showName(home, name, username) {
  home.savedName = name || '';
  home.nameInput.value = home.savedName;
  if (username === undefined) return;
  home.accountLine.replaceChildren(
    ...(username
      ? [`Signed in as ${username}. `, h('a', { href: '/account' }, 'Your account')]
      : [h('a', { href: '/account' }, 'Sign in'), ', or keep this player on other devices with an account.']),
  );
}

/** Saves the name typed, if it changed; resolves to false when the server refused it. */
export async function saveName(home) {
  const name = home.nameInput.value.trim();
  if (name === home.savedName) return true;
  if (!name) {
    home.say('A name needs 1 to 24 characters. Your old name stays.', 'warn');
    home.nameInput.value = home.savedName;
    return true;
  }
  try {
    await me();
    const player = await rename(name);
    showName(home, player.name);
    home.say(`Saved: others see you as ${home.savedName}.`);
    return true;
  } catch (e) {
    if (e.code === 'bad_name') home.say(`That name cannot be used: ${e.serverMessage || e.message}.`, 'error');
    else home.say(e.message, 'error');
    return false;
  }
}
