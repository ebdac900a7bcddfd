// The server's JSON API and live updates.

/** An error answered by the API: `code` is stable, `message` is for people. */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** Calls the API; resolves to the JSON answer or rejects with an ApiError. */
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch('/api' + path, init);
  } catch (e) {
    throw new ApiError('network', `Cannot reach the server (${e.message}). Is it still running?`, 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    /* not JSON */
  }
  if (!response.ok) {
    const err = (data && data.error) || {};
    const message = err.message || `The server answered ${response.status} ${response.statusText}.`;
    throw new ApiError(err.code || 'http_' + response.status, message, response.status);
  }
  return data;
}

/**
 * Watches a game over a WebSocket: `onMessage` gets every message ({type:"state"|"thinking"|"error"});
 * reconnects after a drop. Returns a function that stops watching.
 */
export function watch(id, onMessage, onStatus = () => {}) {
  let socket = null;
  let stopped = false;
  let retry = 500;
  const open = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(id)}/ws`);
    socket.onopen = () => {
      retry = 500;
      onStatus(true);
    };
    socket.onmessage = (event) => {
      try {
        onMessage(JSON.parse(event.data));
      } catch (_) {
        /* ignore junk */
      }
    };
    socket.onclose = () => {
      onStatus(false);
      if (!stopped) setTimeout(open, (retry = Math.min(retry * 2, 8000)));
    };
  };
  open();
  return () => {
    stopped = true;
    if (socket) socket.close();
  };
}

/** A game spec from a game name and its options string (`villawar` + `size=10` = `villawar:size=10`). */
export function gameSpec(game, options) {
  return options ? `${game}:${options}` : game;
}

const diagrams = new Map();
const DIAGRAM_CACHE = 300;

/**
 * The Diagram of a position (`GET /api/diagram`), cached: `{game, options, position, flipped, move}`
 * (`position` absent = the start position; `move` adds the move's clicks and the position after it).
 */
export function getDiagram({ game, options = '', position = null, flipped = false, move = null }) {
  const query = new URLSearchParams({ game: gameSpec(game, options) });
  if (position) query.set('position', position);
  if (flipped) query.set('flipped', 'true');
  if (move) query.set('move', move);
  const path = `/diagram?${query}`;
  let answer = diagrams.get(path);
  if (!answer) {
    answer = api('GET', path);
    answer.catch(() => diagrams.delete(path));
    if (diagrams.size >= DIAGRAM_CACHE) diagrams.delete(diagrams.keys().next().value);
    diagrams.set(path, answer);
  }
  return answer;
}

/** The partial turn after `tokens` from any position (games built step by step), with no game stored. */
export function getPartialTurn({ game, options = '', position = null, tokens = [] }) {
  const body = { game: gameSpec(game, options), tokens };
  if (position) body.position = position;
  return api('POST', '/turn', body);
}
