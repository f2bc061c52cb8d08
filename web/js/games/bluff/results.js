// Dictionary Bluff's result sheet: the shell's frame, plus each round's word,
// truth and best bluff.

import { h } from '../../shell/dom.js';
import { fmtList, t } from '../../shell/i18n.js';
import { nameOf, namesOf, num } from '../../shell/common.js';
import { matchPlayers, resultFrame } from '../../shell/results.js';

/**
 * Fun titles from the match's facts, shared on ties: Best liar (most players
 * fooled), Sharpest eye (most truths found). A title nobody earned is left out.
 */
export function titles(state) {
  const rounds = (Array.isArray(state.history) ? state.history : []).filter((x) => x && typeof x === 'object');
  const seats = new Set(matchPlayers(state).map((p) => p.id));
  const fooled = {};
  const found = {};
  for (const r of rounds) {
    for (const [id, n] of Object.entries(r.fooled && typeof r.fooled === 'object' ? r.fooled : {})) {
      if (seats.has(id) && Number.isFinite(n)) fooled[id] = (fooled[id] || 0) + n;
    }
    for (const id of Array.isArray(r.found) ? r.found : []) if (seats.has(id)) found[id] = (found[id] || 0) + 1;
  }
  const best = (counts) => {
    const top = Math.max(0, ...Object.values(counts));
    return { top, ids: top > 0 ? Object.keys(counts).filter((id) => counts[id] === top) : [] };
  };
  const out = [];
  const liar = best(fooled);
  if (liar.ids.length) out.push({ key: 'liar', title: t('bluff.results.bestLiar'), who: t('bluff.results.fooledN', { names: fmtList(namesOf(state, liar.ids)), n: liar.top }) });
  const eye = best(found);
  if (eye.ids.length) out.push({ key: 'eye', title: t('bluff.results.sharpestEye'), who: t('bluff.results.foundN', { names: fmtList(namesOf(state, eye.ids)), n: eye.top }) });
  return out;
}

function historyList(state) {
  const items = (Array.isArray(state.history) ? state.history : []).filter((x) => x && typeof x === 'object');
  if (!items.length) return null;
  return h('section', { class: 'panel history', testid: 'history', 'aria-labelledby': 'history-h' },
    h('h2', { id: 'history-h', text: t('bluff.results.history') }),
    h('ol', { class: 'history-list' }, items.map((r, i) => {
      const best = r.best_bluff && typeof r.best_bluff === 'object' ? r.best_bluff : null;
      return h('li', { class: 'history-item' },
        h('h3', { class: 'history-word', lang: state.lang || null },
          h('span', { class: 'history-num', text: `${i + 1}. ` }), typeof r.word === 'string' ? r.word : ''),
        h('p', null, h('span', { class: 'label', text: `${t('bluff.results.truth')} ` }),
          h('span', { lang: state.lang || null, text: typeof r.truth === 'string' ? r.truth : '' })),
        best && typeof best.text === 'string'
          ? h('p', null, h('span', { class: 'label', text: `${t('bluff.results.best')} ` }),
            h('span', { class: 'quote', lang: state.lang || null, text: t('bluff.reveal.quoted', { text: best.text }) }),
            h('span', { class: 'by', text: ` ${t('bluff.results.bestBy', { name: nameOf(state, best.writer), n: num(best.fooled) })}` }))
          : h('p', { class: 'muted', text: t('bluff.results.noBluff') }));
    })));
}

export const renderResults = (ctx) => resultFrame(ctx, {
  extra: [historyList(ctx.state)],
  titles: titles(ctx.state),
  notice: ctx.state.ended_early === true ? h('p', { class: 'notice', testid: 'ended-early', text: t('bluff.results.endedEarly') }) : null,
});
