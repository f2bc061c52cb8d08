// Fictionary's screens for the shell: one render function per phase (the
// lobby is the shell's, with the bots' controls from lobby.js), the sentence
// announced when a phase begins, and whether the table is waiting on this
// member ("● Your turn" in the title).

import { t } from '../../shell/i18n.js';
import { players } from '../../shell/common.js';
import { renderChoosing } from './choosing.js';
import { renderWriting } from './writing.js';
import { renderVoting } from './voting.js';
import { renderReveal } from './reveal.js';
import { renderResults } from './results.js';
import { isJudge, judgeName, mySeat } from './common.js';
import { chimeWhenHidden } from './helpers.js';

export { lobbyExtra } from './lobby.js';

export const screens = {
  choosing: renderChoosing,
  writing: renderWriting,
  voting: renderVoting,
  reveal: renderReveal,
  finished: renderResults,
};

export function announcement(state) {
  switch (state.phase) {
    case 'choosing': return isJudge(state) ? t('fictionary.announce.chooseYou') : t('fictionary.announce.choosing', { name: judgeName(state) });
    case 'writing': return t('fictionary.announce.writing', { word: state.word || '' });
    case 'voting': return t('fictionary.announce.voting');
    case 'reveal': return t('fictionary.announce.reveal');
    default: return null;
  }
}

/** Whether the table waits on this member ("● Your turn"); rings the optional chime when the tab is hidden. */
export function yourTurn(state) {
  const turn = waitsOnMe(state);
  if (turn) chimeWhenHidden(`${state.room}|${state.phase}|${state.round}`);
  return turn;
}

function waitsOnMe(state) {
  const seat = mySeat(state);
  if (!seat || !state.me || state.me.role !== 'player') return false;
  const row = players(state).find((p) => p.id === seat);
  if (state.phase === 'choosing') return isJudge(state) && Array.isArray(state.offer) && state.offer.length > 0;
  if (state.phase === 'writing') return !isJudge(state) && !!row && row.in === false;
  if (state.phase === 'voting') return state.can_vote === true && !state.my_vote;
  return false;
}
