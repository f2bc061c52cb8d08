// Pieces every game's screens share: the players of a snapshot, numbers,
// the round label, a status line and the seats with their totals.

import { h } from './dom.js';
import { fmtNumber, t } from './i18n.js';

export const players = (state) => (Array.isArray(state.players) ? state.players.filter((p) => p && typeof p.id === 'string') : []);

export const activePlayers = (state) => players(state).filter((p) => p.active !== false);

export const hostPlayer = (state) => players(state).find((p) => p.host) || null;

export const num = (x, fallback = 0) => (Number.isFinite(x) ? x : fallback);

/** Name of a player id, from the snapshot's players list. */
export function nameOf(state, id) {
  const p = players(state).find((x) => x.id === id);
  return p && typeof p.name === 'string' && p.name ? p.name : t('common.someone');
}

export const namesOf = (state, ids) => (Array.isArray(ids) ? ids.map((id) => nameOf(state, id)) : []);

/** The game a snapshot is for (`bluff` when the server does not say). */
export const gameOf = (state) => (state && typeof state.game === 'string' && state.game ? state.game : 'bluff');

/** The room's options (an object; empty when the server sends none). */
export const optionsOf = (state) => (state && state.options && typeof state.options === 'object' && !Array.isArray(state.options) ? state.options : {});

/** "Round 3 of 6", or "Round 3" in a game that plays to a target (`rounds: null`). */
export function roundText(state) {
  const r = num(state.round);
  if (!(r > 0)) return '';
  return state.rounds === null ? t('top.round', { r }) : t('top.roundOf', { r, n: num(state.rounds, 6) });
}

export function roundLabel(state) {
  const text = roundText(state);
  return text ? h('p', { class: 'round-label', text }) : null;
}

export function statusLine(text, { testid = null, cls = '' } = {}) {
  return h('p', { class: `status ${cls}`.trim(), testid, text });
}

/** The seats with their match totals, for screens with nothing to do. */
export function scoresPanel(ctx) {
  const list = players(ctx.state).slice().sort((a, b) => num(b.score) - num(a.score));
  if (!list.length) return null;
  const meId = ctx.state.me && ctx.state.me.id;
  return h('section', { class: 'panel', 'aria-labelledby': 'seat-scores-h' },
    h('h2', { id: 'seat-scores-h', text: t('common.scores') }),
    h('ol', { class: 'scoreboard' }, list.map((p) => h('li', {
      class: `score-row${p.id === meId ? ' is-me' : ''}${p.connected === false ? ' is-away' : ''}`,
    },
    h('span', { class: 'score-name', text: p.name || t('common.someone') }),
    h('span', { class: 'score-award', text: p.active === false ? t('lobby.leftTag') : p.connected === false ? t('lobby.awayTag') : '' }),
    h('span', { class: 'score-total', text: fmtNumber(num(p.score)) })))));
}

/** Whether this member holds an active seat in the room. */
export function isActivePlayer(state) {
  const me = state.me || {};
  const mine = players(state).find((p) => p.id === me.id);
  return me.role === 'player' && Boolean(mine) && mine.active !== false;
}
