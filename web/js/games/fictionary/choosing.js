// Choosing: the Judge picks one of five words (keys 1–5); everyone else sees
// who is choosing, the last round's reveal line and the scores.

import { h } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { countdown } from '../../shell/countdown.js';
import { num } from '../../shell/common.js';
import { isJudge, judgeName, roundLine, scoreStrip, scoresKey, scoresSheet, sheetToggle } from './common.js';
import { lastRounds } from './reveal.js';
import { firstTimeHelp, howToButton } from './jobs.js';

export function renderChoosing(ctx) {
  const { state, memo } = ctx;
  const timer = countdown(`${state.room}:${state.round}:choosing`, state.deadline, { start: state.phase_started_at });
  if (timer) timer.dataset.patch = 'timer';
  const offer = Array.isArray(state.offer) ? state.offer.filter((o) => o && typeof o.word === 'string') : [];
  const judging = isJudge(state) && offer.length > 0 && !ctx.tv;
  const pending = !!memo.pending.choose;
  const choose = (i) => {
    if (pending) return;
    ctx.act('choose', { round: num(state.round), word: i }, { slot: 'choose' });
  };
  const parts = [roundLine(state), timer];
  let focus = null;
  if (judging) {
    parts.push(h('h1', { id: 'choose-h', class: 'screen-title', tabindex: '-1', text: t('fictionary.choosing.title') }));
    parts.push(h('p', { class: 'hint' }, h('span', { class: 'key-cue' }, `${t('fictionary.choosing.keys')} `), t('fictionary.choosing.hint')));
    parts.push(h('ol', { class: 'ballot offer', testid: 'offer' }, offer.map((o, i) => h('li', null, h('button', {
      type: 'button',
      class: 'card offer-card',
      testid: 'offer-word',
      dataset: { index: i + 1, focus: `offer-${i}` },
      disabled: pending,
      onclick: () => choose(i),
    },
    h('span', { class: 'card-num', text: String(i + 1) }),
    h('span', { class: 'card-body' },
      h('span', { class: 'card-word', lang: state.lang || null, text: o.word }),
      o.respell ? h('span', { class: 'respell', text: ` \\${o.respell}\\` }) : null,
      o.note ? h('span', { class: 'card-text note', lang: state.lang || null, text: o.note }) : null))))));
    if (memo.errors.choose) parts.push(h('p', { class: 'error', role: 'alert', text: memo.errors.choose }));
    // First-time help below the five, so the Judge's words stay in view on a phone.
    parts.push(firstTimeHelp(ctx, 'choose'));
  } else {
    parts.push(h('h1', { id: 'choose-h', class: 'screen-title', tabindex: '-1', testid: 'choosing-status', text: t('fictionary.choosing.waiting', { name: judgeName(state) }) }));
  }
  const last = state.last && typeof state.last === 'object' ? state.last : null;
  if (last && typeof last.truth === 'string') {
    parts.push(h('p', { class: 'status status-quiet', testid: 'last-line', lang: state.lang || null, text: t('fictionary.choosing.last', { word: last.word || '', truth: last.truth }) }));
  }
  parts.push(h('div', { class: 'sheet-buttons' }, sheetToggle(ctx), howToButton(ctx)));
  parts.push(memo.sheet ? scoresSheet(state, lastRounds(state)) : scoreStrip(state));
  const node = h('section', { class: 'screen screen-choosing', 'aria-labelledby': 'choose-h' }, parts);
  focus = judging ? node.querySelector('[data-testid="offer-word"]') : node.querySelector('#choose-h');
  const onKey = (ev) => {
    if (judging && /^[1-5]$/.test(ev.key) && !ev.ctrlKey && !ev.altKey && !ev.metaKey) {
      const i = Number(ev.key) - 1;
      if (i < offer.length) { choose(i); return true; }
    }
    return scoresKey(ev, ctx);
  };
  const shape = JSON.stringify(['choosing', state.round, offer.map((o) => o.word), judging, pending, memo.errors.choose || null, !!memo.sheet, !!memo.howto, memo.job || null, (state.players || []).map((p) => [p.id, p.score, p.in, p.away, p.judge])]);
  return { node, focus, onKey, shape };
}
