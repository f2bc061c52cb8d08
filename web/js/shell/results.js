// The result sheet's frame, the same for every game: the winners (a shared
// win said as such), the final totals, then the game's own sections (`extra`),
// Play again / Take a seat, the host's options and seats.

import { h } from './dom.js';
import { fmtList, fmtNumber, t } from './i18n.js';
import { activePlayers, namesOf, num, players } from './common.js';
import { playerList, playersHeading, startControls } from './lobby.js';
import { optionsPanel } from './options.js';

function winnersLine(state) {
  const ids = Array.isArray(state.winners) ? state.winners.filter((x) => typeof x === 'string') : [];
  const names = namesOf(state, ids);
  if (names.length === 1) return t('results.winnerOne', { name: names[0] });
  if (names.length > 1) return t('results.winnerShared', { names: fmtList(names) });
  return t('results.noWinner');
}

function totalsTable(state) {
  const winners = new Set(Array.isArray(state.winners) ? state.winners : []);
  const rows = players(state).slice().sort((a, b) => num(b.score) - num(a.score));
  let rank = 0;
  let prev = null;
  const meId = state.me && state.me.id;
  return h('table', { class: 'totals' },
    h('caption', { class: 'sr-only', text: t('results.totals') }),
    h('thead', null, h('tr', null,
      h('th', { scope: 'col', text: t('results.rankCol') }),
      h('th', { scope: 'col', text: t('results.nameCol') }),
      h('th', { scope: 'col', class: 'num', text: t('results.scoreCol') }))),
    h('tbody', null, rows.map((p, i) => {
      if (num(p.score) !== prev) { rank = i + 1; prev = num(p.score); }
      return h('tr', { class: `${winners.has(p.id) ? 'is-winner' : ''}${p.id === meId ? ' is-me' : ''}`.trim() || null },
        h('td', { text: fmtNumber(rank) }),
        h('th', { scope: 'row' }, winners.has(p.id) ? h('span', { class: 'star', 'aria-hidden': 'true', text: '★ ' }) : null,
          p.name || t('common.someone'),
          p.active === false ? h('span', { class: 'tag', text: t('lobby.leftTag') }) : null),
        h('td', { class: 'num', text: fmtNumber(num(p.score)) }));
    })));
}

/** The whole sheet; `extra` are the game's own sections, after the totals. */
export function resultFrame(ctx, { extra = [] } = {}) {
  const { state } = ctx;
  const winners = Array.isArray(state.winners) ? state.winners : [];
  const host = !!(state.me && state.me.host) && !ctx.tv;
  const node = h('section', { class: 'screen screen-results', testid: 'results', 'aria-labelledby': 'results-h' },
    h('h1', { id: 'results-h', class: 'screen-title', tabindex: '-1', dataset: { focus: 'results-h' }, text: t('results.heading') }),
    h('p', { class: `winners${winners.length > 1 ? ' is-shared' : ''}`, testid: 'winners', text: winnersLine(state) }),
    h('section', { class: 'panel', 'aria-labelledby': 'totals-h' },
      h('h2', { id: 'totals-h', text: t('results.totals') }),
      totalsTable(state)),
    extra,
    h('div', { class: 'actions' }, startControls(ctx, { again: true })),
    host ? optionsPanel(ctx) : null,
    host
      ? h('details', { class: 'panel seats' },
        h('summary', { text: playersHeading(ctx, activePlayers(state).length) }),
        playerList(ctx, { kick: true }))
      : null);
  return { node, focus: node.querySelector('#results-h') };
}
