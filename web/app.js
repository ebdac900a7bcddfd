// The app's entry: the home page at `/`, a game at `/game/<id>`.
import { renderHome } from './home.js';
import { renderGame } from './game.js';

const main = document.getElementById('app');
const match = location.pathname.match(/^\/game\/([A-Za-z0-9]+)\/?$/);
if (match) renderGame(main, match[1]);
else renderHome(main);
