// The result sheet's frame, the same for every game: the winners (a shared
// win said as such), the final totals, then the game's own sections (`extra`),
// Play again / Take a seat, the host's options and seats. A game whose server
// ranks the match itself (ties broken beyond the total, or a rival who holds no
// seat, like Dictopia's Big Brother) passes those rows as `standings`.

import { h } from './dom.js';
import { fmtList, fmtNumber, t } from './i18n.js';
import { activePlayers, namesOf, num, players } from './common.js';
import { playerList, playersHeading, startControls } from './lobby.js';
import { optionsPanel } from './options.js';

function winnersLine(state, standings) {
  const ids = Array.isArray(state.winners) ? state.winners.filter((x) => typeof x === 'string') : [];
  const ranked = new Map((standings || []).map((row) => [row.id, row.name]));
  const names = ids.map((id) => ranked.get(id) || namesOf(state, [id])[0]);
  if (names.length === 1) return t('results.winnerOne', { name: names[0] });
  if (names.length > 1) return t('results.winnerShared', { names: fmtList(names) });
  return t('results.noWinner');
}

/** The seats of the match: a seat taken after it ended is not on its sheet. */
export function matchPlayers(state) {
  const seats = Array.isArray(state.match_seats) ? new Set(state.match_seats) : null;
  return players(state).filter((p) => !seats || seats.has(p.id));
}

/**
 * The sheet's rows, best first, each with the place the podium and the totals
 * table both show: the game's `standings` ({id, name, score, rank}) as the server
 * ranked them (a rival who holds no seat, like Dictopia's Big Brother, among them);
 * else the match's seats with the server's `ranks` when the game sends them; else
 * one more than the seats with more points. Ties share a place and the next place
 * skips (3, 3, 3, 0 place 1, 1, 1, 4), so "Place 2" never sits beside a "4".
 */
function rankedRows(state, standings) {
  if (Array.isArray(standings)) return standings.map((p) => ({ p, rank: num(p.rank, 1) }));
  const sent = state.ranks && typeof state.ranks === 'object' ? state.ranks : null;
  const seats = matchPlayers(state);
  const rank = (p) => (sent && Number.isFinite(sent[p.id])
    ? sent[p.id]
    : 1 + seats.filter((q) => num(q.score) > num(p.score)).length);
  return seats.map((p) => ({ p, rank: rank(p) })).sort((a, b) => a.rank - b.rank);
}

/** Places 1–3 (ties share a place), each with its players, best first. */
function places(rows) {
  const out = [];
  for (const { p, rank } of rows) {
    if (rank > 3) break;
    const last = out[out.length - 1];
    if (last && last.rank === rank) last.players.push(p);
    else out.push({ rank, score: num(p.score), players: [p] });
  }
  return out;
}

/** The podium: places 1–3, and under it the game's fun titles ({title, names}). */
function podium(rows, titles) {
  const steps = places(rows);
  if (!steps.length) return null;
  return h('section', { class: 'podium-wrap', 'aria-labelledby': 'podium-h' },
    h('h2', { id: 'podium-h', class: 'sr-only', text: t('results.podium') }),
    h('ol', { class: 'podium', testid: 'podium' }, steps.map((step) => h('li', { class: `podium-step is-${step.rank}`, dataset: { rank: step.rank } },
      h('span', { class: 'podium-place', text: t('results.place', { n: step.rank }) }),
      h('span', { class: 'podium-names', text: fmtList(step.players.map((p) => p.name || t('common.someone'))) }),
      h('span', { class: 'podium-score', text: t('common.points', { n: step.score }) })))),
    titles && titles.length
      ? h('ul', { class: 'titles', testid: 'titles' }, titles.map((x) => h('li', { class: 'title-item', dataset: { title: x.key } },
        h('span', { class: 'title-name', text: x.title }),
        h('span', { class: 'title-who', text: x.who }))))
      : null);
}

function totalsTable(state, rows) {
  const winners = new Set(Array.isArray(state.winners) ? state.winners : []);
  const meId = state.me && state.me.id;
  return h('table', { class: 'totals' },
    h('caption', { class: 'sr-only', text: t('results.totals') }),
    h('thead', null, h('tr', null,
      h('th', { scope: 'col', text: t('results.rankCol') }),
      h('th', { scope: 'col', text: t('results.nameCol') }),
      h('th', { scope: 'col', class: 'num', text: t('results.scoreCol') }))),
    h('tbody', null, rows.map(({ p, rank }) => {
      return h('tr', { dataset: { rank }, class: `${winners.has(p.id) ? 'is-winner' : ''}${p.id === meId ? ' is-me' : ''}`.trim() || null },
        h('td', { text: fmtNumber(rank) }),
        h('th', { scope: 'row' }, winners.has(p.id) ? h('span', { class: 'star', 'aria-hidden': 'true', text: '★ ' }) : null,
          p.name || t('common.someone'),
          p.active === false ? h('span', { class: 'tag', text: t('lobby.leftTag') }) : null),
        h('td', { class: 'num', text: fmtNumber(num(p.score)) }));
    })));
}

/** The whole sheet; `extra` are the game's own sections, after the totals. */
export function resultFrame(ctx, { extra = [], titles = [], notice = null, standings = null } = {}) {
  const { state } = ctx;
  const rows = rankedRows(state, standings);
  const winners = Array.isArray(state.winners) ? state.winners : [];
  const host = !!(state.me && state.me.host) && !ctx.tv;
  const node = h('section', { class: 'screen screen-results', testid: 'results', 'aria-labelledby': 'results-h' },
    h('h1', { id: 'results-h', class: 'screen-title', tabindex: '-1', dataset: { focus: 'results-h' }, text: t('results.heading') }),
    h('p', { class: `winners${winners.length > 1 ? ' is-shared' : ''}`, testid: 'winners', text: winnersLine(state, standings) }),
    notice,
    podium(rows, titles),
    h('div', { class: 'actions action-bar', testid: 'action-bar' }, startControls(ctx, { again: true })),
    h('section', { class: 'panel totals-panel', 'aria-labelledby': 'totals-h' },
      h('h2', { id: 'totals-h', text: t('results.totals') }),
      totalsTable(state, rows)),
    extra,
    host ? optionsPanel(ctx) : null,
    host
      ? h('details', { class: 'panel seats' },
        h('summary', { text: playersHeading(ctx, activePlayers(state).length) }),
        playerList(ctx, { kick: true }))
      : null);
  return { node, focus: node.querySelector('#results-h') };
}
