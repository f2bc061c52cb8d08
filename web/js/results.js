// The result sheet: winners (a shared win said as such), the final totals,
// each round's word, truth and best bluff, and Play again / Take a seat.

import { h } from './dom.js';
import { S, joinNames } from './strings.js';
import { namesOf, nameOf, num, players } from './common.js';
import { startControls, playerList } from './lobby.js';

function winnersLine(state) {
  const ids = Array.isArray(state.winners) ? state.winners.filter((x) => typeof x === 'string') : [];
  const names = namesOf(state, ids);
  if (names.length === 1) return S.winnerOne(names[0]);
  if (names.length > 1) return S.winnerShared(joinNames(names));
  return S.noWinner;
}

function totalsTable(state) {
  const winners = new Set(Array.isArray(state.winners) ? state.winners : []);
  const rows = players(state).slice().sort((a, b) => num(b.score) - num(a.score));
  let rank = 0;
  let prev = null;
  const meId = state.me && state.me.id;
  return h('table', { class: 'totals' },
    h('caption', { class: 'sr-only', text: S.totalsHeading }),
    h('thead', null, h('tr', null,
      h('th', { scope: 'col', text: S.rankCol }),
      h('th', { scope: 'col', text: S.nameCol }),
      h('th', { scope: 'col', class: 'num', text: S.scoreCol }))),
    h('tbody', null, rows.map((p, i) => {
      if (num(p.score) !== prev) { rank = i + 1; prev = num(p.score); }
      return h('tr', { class: `${winners.has(p.id) ? 'is-winner' : ''}${p.id === meId ? ' is-me' : ''}`.trim() || null },
        h('td', { text: String(rank) }),
        h('th', { scope: 'row' }, winners.has(p.id) ? h('span', { class: 'star', 'aria-hidden': 'true', text: '★ ' }) : null,
          p.name || S.someone,
          p.active === false ? h('span', { class: 'tag', text: S.leftTag }) : null),
        h('td', { class: 'num', text: num(p.score).toLocaleString(S.locale) }));
    })));
}

function historyList(state) {
  const items = (Array.isArray(state.history) ? state.history : []).filter((x) => x && typeof x === 'object');
  if (!items.length) return null;
  return h('section', { class: 'panel history', testid: 'history', 'aria-labelledby': 'history-h' },
    h('h2', { id: 'history-h', text: S.historyHeading }),
    h('ol', { class: 'history-list' }, items.map((r, i) => {
      const best = r.best_bluff && typeof r.best_bluff === 'object' ? r.best_bluff : null;
      return h('li', { class: 'history-item' },
        h('h3', { class: 'history-word', lang: state.lang || null },
          h('span', { class: 'history-num', text: `${i + 1}. ` }), typeof r.word === 'string' ? r.word : ''),
        h('p', null, h('span', { class: 'label', text: `${S.historyTruth}: ` }),
          h('span', { lang: state.lang || null, text: typeof r.truth === 'string' ? r.truth : '' })),
        best && typeof best.text === 'string'
          ? h('p', null, h('span', { class: 'label', text: `${S.historyBest}: ` }),
            h('span', { class: 'quote', lang: state.lang || null, text: `“${best.text}”` }),
            h('span', { class: 'by', text: ` ${S.historyBestBy(nameOf(state, best.writer), num(best.fooled))}` }))
          : h('p', { class: 'muted', text: S.historyNoBluff }));
    })));
}

export function renderResults(ctx) {
  const { state } = ctx;
  const winners = Array.isArray(state.winners) ? state.winners : [];
  const node = h('section', { class: 'screen screen-results', testid: 'results', 'aria-labelledby': 'results-h' },
    h('h1', { id: 'results-h', class: 'screen-title', tabindex: '-1', dataset: { focus: 'results-h' }, text: S.resultsHeading }),
    h('p', { class: `winners${winners.length > 1 ? ' is-shared' : ''}`, testid: 'winners', text: winnersLine(state) }),
    h('section', { class: 'panel', 'aria-labelledby': 'totals-h' },
      h('h2', { id: 'totals-h', text: S.totalsHeading }),
      totalsTable(state)),
    historyList(state),
    h('div', { class: 'actions' }, startControls(ctx, { again: true })),
    state.me && state.me.host && !ctx.tv
      ? h('details', { class: 'panel seats' },
        h('summary', { text: S.playersHeading(players(state).filter((p) => p.active !== false).length) }),
        playerList(ctx, { kick: true }))
      : null);
  return { node, focus: node.querySelector('#results-h') };
}
