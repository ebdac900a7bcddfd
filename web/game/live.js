// The live connection: every change of the game arrives over a WebSocket, which reconnects after a drop.
import { watch } from '../api.js';
import { analysable } from './analysis.js';

export function startLive(G) {
  const S = G.S;
  return watch(
    S.id,
    (msg) => {
      if (msg.type === 'state') {
        G.setView(msg.state);
        // The game just ended (or the page has not asked yet): its analysis may be asked for now.
        if (!S.analysis && analysable(S)) G.loadAnalysis();
      } else if (msg.type === 'analysis') G.onAnalysisMessage(msg);
      else if (msg.type === 'thinking') S.thinkingInfo = msg.info;
      else if (msg.type === 'error' && msg.code === 'rate_limited')
        G.say('Too many requests from your address: the server skipped an update; the next change brings it.', 'warn');
      else if (msg.type === 'error') G.say(`The computer could not move: ${msg.message}`, 'error');
    },
    (connected) => {
      const was = S.connected;
      S.connected = connected;
      if (connected) {
        // Whatever went wrong with the connection is over.
        if (S.message && S.message.network) G.say(null);
        G.refresh();
      } else if (was) {
        G.say('Lost the connection to the server: reconnecting…', 'error', { network: true });
      }
      G.renderPanel();
    },
  );
}
