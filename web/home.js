// The home page: choose a game, its options, a clock and who plays (the computer, a friend through an
// invite link, both sides on this screen, or anyone: a challenge in the lobby); load a record; the open
// challenges, live; your games and public games to watch.
// Everything about the games (names, sides, blurbs, options, levels, pictures) comes from the server.
// `home` is the page: the catalog, the form's choices and the parts that web/home/ draws and reads.
import { api, me } from './api.js';
import { h, clear } from './svg.js';
import { createLobby } from './lobby.js';
import { newForm, titleOf } from './home/form.js';
import { gameCards, selectGame } from './home/cards.js';
import { renderPlayers, publicBox } from './home/players.js';
import { renderClock } from './home/clock.js';
import { nameBox, showName } from './home/name.js';
import { startButton, setupBox } from './home/start.js';
import { listYourGames, listPublicGames } from './home/lists.js';

export async function renderHome(main) {
  clear(main);
  let catalog;
  try {
    catalog = await api('GET', '/catalog');
  } catch (e) {
    main.appendChild(h('section', { class: 'panel' }, h('h1', {}, 'Arbiter'), h('p', { class: 'error' }, e.message)));
    return;
  }
  document.title = `Arbiter — play ${inWords(catalog.games.map(titleOf))}`;
  const home = createHome(catalog);
  main.appendChild(layOut(home));
  selectGame(home, home.form.game);
  renderClock(home);
  const player = await whoAmI(home);
  home.lobby = openLobby(home, player);
  // For tests and the curious: who this browser is, the lobby, and whether the lists are in.
  window.arbiterHome = { me: player, form: home.form, lobby: home.lobby.state, listed: false };
  await Promise.all([listYourGames(home.yours, catalog, player), listPublicGames(home.publicGames, catalog)]);
  window.arbiterHome.listed = true;
}

/** "A, B and C". */
function inWords(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names.join('');
}

/** The page's state and its parts, the game in the address (`?game=`) chosen first. */
function createHome(catalog) {
  const wanted = new URLSearchParams(location.search).get('game');
  const initial = catalog.games.find((g) => g.name === wanted) || catalog.games[0];
  const form = newForm(initial.name);
  const home = {
    catalog,
    form,
    current: () => catalog.games.find((g) => g.name === form.game),
    ...messageLine(),
    about: h('p', { class: 'game-about', id: 'game-about', 'aria-live': 'polite' }),
    optionsBox: h('div', { class: 'options' }),
    variantsOpen: false,
    playersBox: h('div', { class: 'players-choice' }),
    clockBox: h('div', { class: 'clock-choice' }),
    clockNote: h('p', { class: 'small muted', id: 'clock-words' }),
    savedName: '',
    yours: h('div', { class: 'recent', id: 'your-games' }, h('p', { class: 'muted small' }, 'Loading…')),
    publicGames: h('div', { class: 'recent', id: 'public-games' }),
    lobbySlot: h('div', { class: 'lobby-slot' }),
    lobby: null,
  };
  home.cards = gameCards(home);
  home.startButton = startButton(home);
  return home;
}

/** The message under the start button: `say(text, kind, more)`, `more` being the server's own words. */
function messageLine() {
  const message = h('p', { class: 'message', id: 'home-message', role: 'status' });
  const details = h('div', { class: 'message-details' });
  const say = (text, kind = '', more = null) => {
    message.textContent = text || '';
    message.className = `message ${kind}`;
    details.replaceChildren();
    if (more)
      details.appendChild(
        h('details', { class: 'small muted' }, h('summary', {}, 'What the server said'), h('code', {}, more)),
      );
  };
  return { message, details, say };
}

/** The new-game panel, then your name, the lobby and the lists. */
function layOut(home) {
  return h(
    'div',
    { class: 'home' },
    h(
      'section',
      { class: 'panel new-game' },
      h('h1', {}, 'Play a game'),
      home.cards,
      home.about,
      h(
        'div',
        { class: 'new-game-form' },
        h('h2', {}, 'Who plays'),
        home.playersBox,
        h('h2', {}, 'Options'),
        h('div', { class: 'settings' }, home.optionsBox, home.clockBox),
        publicBox(home.form),
      ),
      h('div', { class: 'actions' }, home.startButton),
      home.message,
      home.details,
      setupBox(home),
    ),
    h(
      'div',
      { class: 'home-lists' },
      h('section', { class: 'panel you' }, h('h2', {}, 'Your name'), nameBox(home)),
      home.lobbySlot,
      h('section', { class: 'panel' }, h('h2', {}, 'Your games'), home.yours),
      h('section', { class: 'panel' }, h('h2', {}, 'Public games'), home.publicGames),
    ),
  );
}

/** This browser's player (null when the server cannot tell), its name shown. */
async function whoAmI(home) {
  try {
    const player = await me();
    showName(home, player.name, player.username || null);
    return player;
  } catch (e) {
    home.say(`${e.message} You can still watch games.`, 'error');
    return null;
  }
}

/** The lobby, in its place: "Post a challenge" there switches the form to a challenge. */
function openLobby(home, player) {
  const lobby = createLobby({
    catalog: home.catalog,
    player,
    onPost: () => {
      home.form.who = 'lobby';
      renderPlayers(home);
      home.playersBox.scrollIntoView({ block: 'nearest' });
      home.say('Choose the game, its options, the clock and your side, then post the challenge.');
    },
  });
  home.lobbySlot.replaceWith(lobby.section);
  return lobby;
}
