// Pieces shared by the in-room screens.

import { h } from './dom.js';
import { S } from './strings.js';

/** Name of a player id, from the snapshot's players list. */
export function nameOf(state, id) {
  const players = Array.isArray(state.players) ? state.players : [];
  const p = players.find((x) => x && x.id === id);
  return p && typeof p.name === 'string' && p.name ? p.name : S.someone;
}

export const namesOf = (state, ids) => (Array.isArray(ids) ? ids.map((id) => nameOf(state, id)) : []);

export const players = (state) => (Array.isArray(state.players) ? state.players.filter((p) => p && typeof p.id === 'string') : []);

export const activePlayers = (state) => players(state).filter((p) => p.active !== false);

export const hostPlayer = (state) => players(state).find((p) => p.host) || null;

export const num = (x, fallback = 0) => (Number.isFinite(x) ? x : fallback);

/** The word and its note, in the deck's language. */
export function wordBlock(state, { word = state.word, note = state.note } = {}) {
  return h('div', { class: 'word-block' },
    h('h1', { class: 'word', testid: 'word', tabindex: '-1', dataset: { focus: 'word' }, lang: state.lang || null, text: word || '' }),
    note ? h('p', { class: 'note', testid: 'note', lang: state.lang || null, text: note }) : null);
}

export function roundLabel(state) {
  const r = num(state.round);
  const n = num(state.rounds, 6);
  return r > 0 ? h('p', { class: 'round-label', text: S.roundOf(r, n) }) : null;
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
    h('h2', { id: 'seat-scores-h', text: S.scoresHeading }),
    h('ol', { class: 'scoreboard' }, list.map((p) => h('li', {
      class: `score-row${p.id === meId ? ' is-me' : ''}${p.connected === false ? ' is-away' : ''}`,
    },
    h('span', { class: 'score-name', text: p.name || S.someone }),
    h('span', { class: 'score-award', text: p.active === false ? S.leftTag : p.connected === false ? S.awayTag : '' }),
    h('span', { class: 'score-total', text: num(p.score).toLocaleString(S.locale) })))));
}

/** Whether this member holds an active seat in the room. */
export function isActivePlayer(state) {
  const me = state.me || {};
  const mine = players(state).find((p) => p.id === me.id);
  return me.role === 'player' && Boolean(mine) && mine.active !== false;
}

/** What a late joiner sees of a round until its reveal: the clock, the progress, the scores. */
export function lateJoinerScreen(phase, state, ctx, timer, progress) {
  const node = h('section', { class: `screen screen-${phase}`, 'aria-labelledby': 'late-h' },
    roundLabel(state),
    h('h1', { id: 'late-h', class: 'screen-title', tabindex: '-1', dataset: { focus: 'late-h' }, text: S.lateJoiner }),
    timer,
    progress,
    scoresPanel(ctx));
  return { node, focus: node.querySelector('#late-h') };
}
