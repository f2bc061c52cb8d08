// The result sheet (F23): the shell's frame (winners, totals, Play again),
// the best bluff of the game, each round's word and real definition, and the
// scores sheet round by round.

import { h } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { nameOf, num } from '../../shell/common.js';
import { resultFrame } from '../../shell/results.js';
import { scoresSheet } from './common.js';
import { resetJobs } from './jobs.js';

function bestBluff(state) {
  const b = state.best_bluff && typeof state.best_bluff === 'object' ? state.best_bluff : null;
  if (!b || typeof b.text !== 'string') return null;
  return h('section', { class: 'panel best-bluff', testid: 'best-bluff', 'aria-labelledby': 'best-h' },
    h('h2', { id: 'best-h', text: t('fictionary.results.best') }),
    h('p', { class: 'quote', lang: state.lang || null, text: t('fictionary.results.quoted', { text: b.text }) }),
    h('p', { class: 'by', text: t('fictionary.results.bestBy', { name: nameOf(state, b.writer), n: num(b.fooled), r: num(b.round) }) }));
}

function words(state) {
  const rounds = Array.isArray(state.history) ? state.history.filter((r) => r && typeof r === 'object') : [];
  if (!rounds.length) return null;
  return h('section', { class: 'panel history', testid: 'history', 'aria-labelledby': 'words-h' },
    h('h2', { id: 'words-h', text: t('fictionary.results.words') }),
    h('ol', { class: 'history-list' }, rounds.map((r) => h('li', { class: 'history-item' },
      h('h3', { class: 'history-word', lang: state.lang || null, text: `${num(r.round)}. ${r.word || ''}` }),
      h('p', { lang: state.lang || null, text: r.truth || '' })))));
}

export function renderResults(ctx) {
  resetJobs(ctx.state.room); // the next game explains each job again
  return resultFrame(ctx, {
    extra: [bestBluff(ctx.state), scoresSheet(ctx.state, ctx.state.history), words(ctx.state)],
    titles: [],
    notice: ctx.state.abandoned === true ? h('p', { class: 'notice', testid: 'abandoned', text: t('fictionary.results.abandoned') }) : null,
  });
}
