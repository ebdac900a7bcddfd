// The app's entry: routes the page's path to its page.
//   /               choose and start a game
//   /game/<id>      a game
//   /rules/<game>   how to play, with live diagrams
//   /learn/<game>   a guided first game
//   /report/<game>  the game's report (balance, length, branching…), made on demand
//   /account        your account: keep this player, sign in and out, password
//   /player/<who>   a player's profile: ratings, their course, games
//   /leaderboards   every rating pool's best settled ratings
//   /tournaments    the arena tournaments, and the form that creates one
//   /tournament/<id>  one arena tournament, live: standings, games, Join and Leave
//   /puzzles        the puzzle sets, and the player's own mistakes to learn from
//   /puzzles/<set>[/<id>]  a puzzle to solve (/puzzles/mine/<game>-<ply>: one of the player's mistakes)
//   anything else   "Page not found"
import { renderHome } from './home.js';
import { renderGame } from './game/page.js';
import { renderRules } from './rules.js';
import { renderLearn } from './learn.js';
import { renderReport } from './report.js';
import { renderPuzzles } from './puzzles.js';
import { renderPuzzle } from './puzzle/page.js';
import { renderNotFound } from './notfound.js';
import { renderAccount } from './account.js';
import { renderProfile } from './profile.js';
import { renderLeaderboards } from './leaderboards.js';
import { renderTournaments } from './tournaments.js';
import { renderTournament } from './tournament.js';

const main = document.getElementById('app');
const path = location.pathname;
let m;
if (path === '/' || path === '/index.html') renderHome(main);
else if ((m = path.match(/^\/game\/([A-Za-z0-9]+)\/?$/))) renderGame(main, m[1]);
else if ((m = path.match(/^\/rules\/([a-z0-9_-]+)\/?$/))) renderRules(main, m[1]);
else if ((m = path.match(/^\/learn\/([a-z0-9_-]+)\/?$/))) renderLearn(main, m[1]);
else if ((m = path.match(/^\/report\/([a-z0-9_-]+)\/?$/))) renderReport(main, m[1]);
else if (/^\/account\/?$/.test(path)) renderAccount(main);
else if (/^\/leaderboards\/?$/.test(path)) renderLeaderboards(main);
else if (/^\/tournaments\/?$/.test(path)) renderTournaments(main);
else if ((m = path.match(/^\/tournament\/([A-Za-z0-9_-]+)\/?$/))) renderTournament(main, m[1]);
else if ((m = path.match(/^\/player\/([A-Za-z0-9_-]+)\/?$/))) renderProfile(main, m[1]);
else if ((m = path.match(/^\/puzzles\/?$/))) renderPuzzles(main);
else if ((m = path.match(/^\/puzzles\/([a-z0-9_-]+)(?:\/([A-Za-z0-9_-]+))?\/?$/)))
  renderPuzzle(main, m[1], m[2] || null);
else renderNotFound(main);
