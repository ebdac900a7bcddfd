// How the puzzle pages say things: a game variant as the other pages print it, a theme, a rating.
import { cap } from '../svg.js';

/** A game's title and options as the home page's lists print them ("Villawar (size=6)"). */
export function variantTitle(catalog, game, options) {
  const g = catalog && catalog.games.find((x) => x.name === game);
  return ((g && g.title) || cap(game)) + (options ? ` (${options})` : '');
}

/** A theme's name in words ("flagship-falls" → "flagship falls"). */
export const themeWords = (theme) => String(theme).replace(/[-_]+/g, ' ');

/** A rating, rounded, with "?" while it is provisional (too few attempts to trust). */
export const ratingText = (player) => `${Math.round(player.rating)}${player.provisional ? '?' : ''}`;

/** A rating change: "+12", "−8", "±0". */
export function changeText(change) {
  const n = Math.round(change);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}
