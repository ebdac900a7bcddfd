// /account: keep this browser's player with a username and a password, sign in as that player on
// another device, sign out (here or everywhere), change the password, delete the account.
import { api, me } from './api.js';
import { h, clear } from './svg.js';

export async function renderAccount(main) {
  clear(main);
  document.title = 'Your account · Arbiter';
  const status = h('p', { class: 'message', id: 'account-message', role: 'status', 'aria-live': 'polite' });
  const say = (text, kind = '') => {
    status.textContent = text;
    status.className = `message ${kind}`;
  };
  const page = h('div', { class: 'account-page' });
  main.appendChild(page);
  let player;
  try {
    player = await me();
  } catch (e) {
    page.appendChild(
      h('section', { class: 'panel' }, h('h1', {}, 'Your account'), h('p', { class: 'error' }, e.message)),
    );
    return;
  }
  const sections = player.username ? signedIn(player, say) : anonymous(player, say);
  page.append(
    h(
      'section',
      { class: 'panel' },
      h('h1', {}, 'Your account'),
      h(
        'p',
        {},
        player.username
          ? `You are signed in as ${player.username}${player.name && player.name !== player.username ? ` (shown as ${player.name})` : ''}.`
          : 'This browser is an anonymous player: clearing its cookies, or another device, makes you someone new. An account keeps you: the same games and seats wherever you sign in.',
      ),
      status,
      h(
        'p',
        {},
        h(
          'a',
          { href: `/player/${encodeURIComponent(player.username || player.id)}`, id: 'profile-link' },
          'Your profile',
        ),
        ' · ',
        h('a', { href: '/leaderboards' }, 'Leaderboards'),
        ' · ',
        h('a', { href: '/tournaments' }, 'Tournaments'),
        ' · ',
        h('a', { href: '/' }, 'Back to the home page'),
      ),
    ),
    ...sections,
  );
}

/** A form of labelled fields (`[name, label, autocomplete]`) with one button; `submit(values)` runs on submit. */
function form(id, fields, button, submit, say) {
  const inputs = {};
  const node = h(
    'form',
    { id, class: 'account-form' },
    fields.map(([name, label, autocomplete]) => {
      inputs[name] = h('input', {
        type: name === 'username' ? 'text' : 'password',
        name,
        id: `${id}-${name}`,
        autocomplete,
        required: true,
        spellcheck: 'false',
        autocapitalize: 'none',
      });
      return h('label', { class: 'field stacked', for: `${id}-${name}` }, h('span', {}, label), inputs[name]);
    }),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, button)),
  );
  node.addEventListener('submit', async (e) => {
    e.preventDefault();
    const values = Object.fromEntries(Object.entries(inputs).map(([k, input]) => [k, input.value]));
    node.querySelector('button').disabled = true;
    try {
      await submit(values);
    } catch (err) {
      say(err.serverMessage ? `${cap(err.serverMessage)}.` : err.message, 'error');
    } finally {
      node.querySelector('button').disabled = false;
    }
  });
  return node;
}

const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Goes home once the answer is in (the cookie changed: the whole app must read it again). */
const home = () => location.assign('/');

function anonymous(player, say) {
  const keep = form(
    'create-account',
    [
      ['username', 'Username', 'username'],
      ['password', 'Password', 'new-password'],
    ],
    'Create account',
    async ({ username, password }) => {
      const made = await api('POST', '/account', { username, password });
      say(`Account created: sign in as ${made.username} on any device.`);
      setTimeout(() => location.reload(), 600);
    },
    say,
  );
  const signIn = form(
    'sign-in',
    [
      ['username', 'Username', 'username'],
      ['password', 'Password', 'current-password'],
    ],
    'Sign in',
    async ({ username, password }) => {
      await api('POST', '/login', { username, password });
      home();
    },
    say,
  );
  return [
    h(
      'section',
      { class: 'panel' },
      h('h2', {}, 'Keep this player'),
      h(
        'p',
        { class: 'small muted' },
        'A username (3–20 letters a–z, digits, _ or -) and a password of 8 characters or more. Your games stay yours.',
      ),
      keep,
    ),
    h(
      'section',
      { class: 'panel' },
      h('h2', {}, 'Sign in'),
      h(
        'p',
        { class: 'small muted' },
        'Already have an account? Signing in makes this browser that player; the anonymous player it is now is left behind, with its games.',
      ),
      signIn,
    ),
  ];
}

function signedIn(player, say) {
  const change = form(
    'change-password',
    [
      ['current', 'Password now', 'current-password'],
      ['new', 'New password', 'new-password'],
    ],
    'Change password',
    async ({ current, new: next }) => {
      await api('POST', '/account/password', { current, new: next });
      say('Password changed. Your other devices are signed out.');
    },
    say,
  );
  const remove = form(
    'delete-account',
    [['password', 'Password', 'current-password']],
    'Delete account',
    async ({ password }) => {
      if (
        !window.confirm('Delete your account? Nobody can be this player again; your games stay, as "deleted player".')
      )
        return;
      await api('POST', '/account/delete', { password });
      home();
    },
    say,
  );
  remove.querySelector('button').className = 'danger';
  const signOut = async (path) => {
    try {
      await api('POST', path);
      home();
    } catch (e) {
      say(e.message, 'error');
    }
  };
  return [
    h(
      'section',
      { class: 'panel' },
      h('h2', {}, 'Sign out'),
      h(
        'p',
        { class: 'small muted' },
        'Signing out here leaves your other devices signed in; "everywhere" signs out all of them, this one too.',
      ),
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', id: 'sign-out', onclick: () => signOut('/logout') }, 'Sign out'),
        h(
          'button',
          { type: 'button', id: 'sign-out-everywhere', onclick: () => signOut('/logout/everywhere') },
          'Sign out everywhere',
        ),
      ),
    ),
    h('section', { class: 'panel' }, h('h2', {}, 'Change password'), change),
    h(
      'section',
      { class: 'panel' },
      h('h2', {}, 'Delete account'),
      h(
        'p',
        { class: 'small muted' },
        `Your games stay, played by "deleted player"; the username ${player.username} becomes free.`,
      ),
      remove,
    ),
  ];
}
