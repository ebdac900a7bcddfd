// The board of each game, by registry name. A board module exports:
//   parse(position)            -> { pieces: Map(cell -> {side: 0|1, kind, label}), toMove }
//   layout(position, flipped)  -> { viewBox, cells, center(cell), unit, drawBackground(g), cellShape(cell, attrs, g),
//                                   drawPiece(g, cell, piece, sides) }
//   choiceCell(info)           -> the cell that tells apart moves with the same from and to
//   describe(piece)            -> a word for the piece ("bomber")
//   hover(g, cell, parsed, layout) (optional) -> draws a hover aid
import void_ from './void.js';
import attraction from './attraction.js';
import villawar from './villawar.js';
import krux from './krux.js';

export const BOARDS = { void: void_, attraction, villawar, krux };

/** Fill, outline and text colour of a side by its name. */
export function sideStyle(name) {
  switch (name) {
    case 'white':
      return { fill: '#f5f7fc', stroke: '#1b2140', ink: '#1b2140' };
    case 'black':
      return { fill: '#1b2140', stroke: '#f5f7fc', ink: '#f5f7fc' };
    case 'violet':
      return { fill: '#8e6cf0', stroke: '#2b1d63', ink: '#ffffff' };
    case 'red':
      return { fill: '#e0475b', stroke: '#5c1420', ink: '#ffffff' };
    default:
      return { fill: '#cccccc', stroke: '#333333', ink: '#111111' };
  }
}

/** Short descriptions for the home page. */
export const BLURBS = {
  void: 'Five rings around the void. Move, then attack: send the enemy flagship into the void.',
  krux: 'Six numbered pieces with rings of power on a 7×7 board with a hole. Push, pull, carry, jump or switch a foe into it.',
  attraction: 'Stones orbit each other. Chain orbits, push with gravity, and fill the far row first.',
  villawar: 'Villagers jump their own lines and become warriors; warriors capture. The farthest villagers win.',
};
