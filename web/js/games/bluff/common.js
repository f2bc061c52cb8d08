// Pieces of Dictionary Bluff's round screens: the word block and what a late
// joiner sees until the reveal.

import { h } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { roundLabel, scoresPanel } from '../../shell/common.js';

/** The word and its note, in the deck's language. */
export function wordBlock(state, { word = state.word, note = state.note } = {}) {
  return h('div', { class: 'word-block' },
    h('h1', { class: 'word', testid: 'word', tabindex: '-1', dataset: { focus: 'word' }, lang: state.lang || null, text: word || '' }),
    note ? h('p', { class: 'note', testid: 'note', lang: state.lang || null, text: note }) : null);
}

/** Fewer than 3 active players: this round is the match's last (docs/rules.md). */
export function lastRoundNotice(state) {
  if (state.last_round !== true) return null;
  return h('p', { class: 'notice notice-warn', testid: 'last-round', role: 'status', text: t('bluff.lastRound') });
}

/** An observer's plain line: watching this match, a seat for the next one (RULES 1b). */
export function watchingNotice(state, ctx) {
  if (ctx.tv || !state.me || state.me.role !== 'observer') return null;
  return h('p', { class: 'notice', testid: 'watching-notice', text: t('bluff.watchingMatch') });
}

/** What a late joiner sees of a round until its reveal: the clock, the progress, the scores. */
export function lateJoinerScreen(phase, state, ctx, timer, progress) {
  const node = h('section', { class: `screen screen-${phase}`, 'aria-labelledby': 'late-h' },
    roundLabel(state),
    h('h1', { id: 'late-h', class: 'screen-title', tabindex: '-1', dataset: { focus: 'late-h' }, text: t('bluff.writing.lateJoiner') }),
    watchingNotice(state, ctx),
    timer,
    progress,
    scoresPanel(ctx));
  return { node, focus: node.querySelector('#late-h') };
}
