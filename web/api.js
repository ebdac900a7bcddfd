// The server's JSON API and live updates.

/** An error answered by the API: `code` is stable, `message` is for people. */
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** Seconds in a `Retry-After` header (absent or unreadable: null). */
function retryAfter(response) {
  const n = Number(response.headers.get('retry-after'));
  return Number.isFinite(n) && n > 0 ? Math.ceil(n) : null;
}

/** Words for a refusal that every page may meet: who you are (401), what you may do (403), too many (429). */
function plainWords(status, code, message, retry) {
  if (status === 429 || code === 'rate_limited') {
    const wait = retry ? `${retry} second${retry === 1 ? '' : 's'}` : 'a minute';
    return `Too many requests from your address: please wait ${wait} and try again.`;
  }
  if (status === 401 && code === 'unauthorized')
    return 'The server does not know who you are (your player cookie is missing or unknown here). Reload the page to get a new one; cookies must be allowed for this site.';
  if (status === 403 && code === 'forbidden')
    return 'Only the player of that side may do that: you do not play it in this game.';
  return message;
}

/**
 * Calls the API; resolves to the JSON answer or rejects with an ApiError (its message is for people;
 * `serverMessage` keeps the server's own words).
 */
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
    const raw = err.message || `The server answered ${response.status} ${response.statusText}.`;
    const code = err.code || 'http_' + response.status;
    const retry = retryAfter(response);
    const e = new ApiError(code, plainWords(response.status, code, raw, retry), response.status);
    e.serverMessage = raw;
    e.retryAfter = retry;
    throw e;
  }
  return data;
}

let mePromise = null;

/**
 * The player this browser is (`{id, name, username}`): `GET /api/me`, or, the first time (401), a new anonymous
 * player (`POST /api/players`, which sets the cookie every later request carries). Asked once per page;
 * a failure is not kept, so that a later call tries again.
 */
export function me() {
  if (!mePromise) {
    mePromise = (async () => {
      try {
        return await api('GET', '/me');
      } catch (e) {
        if (e.status !== 401) throw e;
      }
      const player = await api('POST', '/players', {});
      return { id: player.id, name: player.name };
    })();
    mePromise.catch(() => (mePromise = null));
  }
  return mePromise;
}

/** Sets this player's display name (remembered by the server); resolves to the player. */
export async function rename(name) {
  const player = await api('POST', '/me', { name });
  mePromise = Promise.resolve(player);
  return player;
}

/**
 * A WebSocket to `path` that reconnects after a drop (waiting longer each time, up to 8 s): `onMessage`
 * gets every message, parsed; `onStatus(true|false)` each (re)connection and drop. Returns a function that
 * closes it for good.
 */
function liveSocket(path, onMessage, onStatus) {
  let socket = null;
  let stopped = false;
  let retry = 500;
  const open = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}${path}`);
    socket.onopen = () => {
      retry = 500;
      onStatus(true);
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (_) {
        return; // ignore junk
      }
      onMessage(message);
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

/**
 * Watches a game over a WebSocket: `onMessage` gets every message ({type:"state"|"thinking"|"error"});
 * reconnects after a drop. Returns a function that stops watching.
 */
export function watch(id, onMessage, onStatus = () => {}) {
  return liveSocket(`/api/games/${encodeURIComponent(id)}/ws`, onMessage, onStatus);
}

/**
 * Watches the lobby: `onMessage` gets `{type:"challenges", challenges}` on connecting and after every
 * change, and `{type:"accepted", challenge, game, by}` when a challenge is accepted; reconnects after a
 * drop. Returns a function that stops watching.
 */
export function watchLobby(onMessage, onStatus = () => {}) {
  return liveSocket('/api/lobby/ws', onMessage, onStatus);
}

/**
 * Watches arena tournament `id`: `onMessage` gets `{type:"tournament", tournament}` on connecting and after
 * every change; reconnects after a drop. Returns a function that stops watching.
 */
export function watchTournament(id, onMessage, onStatus = () => {}) {
  return liveSocket(`/api/tournaments/${encodeURIComponent(id)}/ws`, onMessage, onStatus);
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
