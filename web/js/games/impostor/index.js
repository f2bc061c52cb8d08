// Impostor's screens for the shell (docs/impostor.md): one render function
// per phase, the sentence announced when a phase begins, and whether the
// table waits on this device. Its stylesheet sits beside it.

import { t } from '../../shell/i18n.js';
import { nameOf } from '../../shell/common.js';
import { screens, shared } from './screens.js';

export { screens };
export { canTakeSeat, lobbyExtra } from './lobby.js';

if (typeof document !== 'undefined' && !document.querySelector('link[data-game="impostor"]')) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('./impostor.css', import.meta.url).href;
  link.dataset.game = 'impostor';
  document.head.append(link);
}

export function announcement(state) {
  switch (state.phase) {
    case 'deal': return t('impostor.announce.deal', { r: state.round });
    case 'clues': return t('impostor.announce.clues', { name: nameOf(state, state.turn && state.turn.seat) });
    case 'discussion': return t('impostor.announce.discussion');
    case 'voting': return t('impostor.announce.voting');
    case 'guess':
      if (state.guess && state.me && state.guess.by === state.me.id && !shared(state)) return t('impostor.announce.guessYou');
      return t('impostor.announce.guess', { name: nameOf(state, state.guess && state.guess.by) });
    case 'reveal': return t('impostor.announce.reveal');
    default: return null;
  }
}

export function yourTurn(state) {
  const me = state.me || {};
  const seats = Array.isArray(me.seats) ? me.seats : [];
  if (state.phase === 'deal') return shared(state) ? seats.includes(state.dealing) : seats.length > 0 && !me.seen;
  if (state.phase === 'clues') return !shared(state) && !!state.turn && state.turn.seat === me.id;
  if (state.phase === 'voting') return state.can_vote === true || (!!state.ballot && seats.includes(state.ballot.lap_seat));
  if (state.phase === 'guess') return !!state.guess && state.guess.by === me.id && !shared(state);
  if (state.phase === 'judging') return me.judge === true;
  return false;
}
