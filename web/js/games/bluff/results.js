// Dictionary Bluff's result sheet: the shell's frame, plus each round's word,
// truth and best bluff.

import { h } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { nameOf, num } from '../../shell/common.js';
import { resultFrame } from '../../shell/results.js';

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

export const renderResults = (ctx) => resultFrame(ctx, { extra: [historyList(ctx.state)] });
