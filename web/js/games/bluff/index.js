// Dictionary Bluff's screens for the shell: one render function per phase
// (the lobby is the shell's), the sentence announced when a phase begins, and
// whether the table is waiting on this member (the tab title says so).

import { t } from '../../shell/i18n.js';
import { players } from '../../shell/common.js';
import { renderWriting } from './writing.js';
import { renderVoting } from './voting.js';
import { renderReveal } from './reveal.js';
import { renderResults } from './results.js';

export const screens = {
  writing: renderWriting,
  voting: renderVoting,
  reveal: renderReveal,
  finished: renderResults,
};

/** The polite announcement when `state.phase` begins (null: the shell's own). */
export function announcement(state) {
  const r = state.round;
  switch (state.phase) {
    case 'writing': return state.word ? t('bluff.announce.writing', { r, word: state.word }) : t('bluff.announce.writingNoWord', { r });
    case 'voting': return t('bluff.announce.voting');
    case 'reveal': return t('bluff.announce.reveal');
    default: return null;
  }
}

export function yourTurn(state) {
  if (state.phase === 'writing') {
    const me = players(state).find((p) => state.me && p.id === state.me.id);
    return !!(state.word && state.me && state.me.role === 'player' && me && me.active !== false && state.my_entry == null);
  }
  if (state.phase === 'voting') return state.can_vote === true;
  return false;
}
