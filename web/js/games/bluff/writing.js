// Writing: the word, a big box with a live characters-left count, Enter sends;
// the server's refusal inline; after acceptance "✓ Sent" with the text.

import { h, normalizedLength } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { countdown } from '../../shell/countdown.js';
import { isActivePlayer, namesOf, num, roundLabel, scoresPanel, statusLine } from '../../shell/common.js';
import * as store from '../../shell/storage.js';
import { lastRoundNotice, lateJoinerScreen, watchingNotice, wordBlock } from './common.js';

const MIN = 8;
const MAX = 100;

function counterText(n) {
  if (n === 0) return t('bluff.writing.charsRange', { min: MIN, max: MAX });
  if (n < MIN) return t('bluff.writing.charsMore', { n: MIN - n });
  if (n > MAX) return t('bluff.writing.charsOver', { n: n - MAX });
  return t('bluff.writing.charsLeft', { n: MAX - n });
}

export function readyLine(state) {
  if (!Number.isFinite(state.ready) || !Number.isFinite(state.expected)) return null;
  const dots = [];
  for (let i = 0; i < state.expected; i += 1) {
    dots.push(h('span', { class: `dot${i < state.ready ? ' is-on' : ''}` }));
  }
  // Whom the room is waiting for, as the server names them (writing only).
  const waiting = Array.isArray(state.still_writing) && state.still_writing.length
    ? h('p', { class: 'waiting-for', testid: 'still-writing', text: t('bluff.writing.waitingFor', { names: namesOf(state, state.still_writing) }) })
    : null;
  return h('div', { class: 'progress-line' },
    h('p', { class: 'count', testid: 'ready-count', text: t('bluff.writing.ready', { n: state.ready, of: state.expected }) }),
    h('span', { class: 'dots', 'aria-hidden': 'true' }, dots),
    waiting);
}

export function renderWriting(ctx) {
  const { state, memo } = ctx;
  const me = state.me || {};
  const playing = isActivePlayer(state);
  const timer = countdown(`${state.room}:${state.round}:writing`, state.deadline, { start: state.phase_started_at });

  if (!state.word) return lateJoinerScreen('writing', state, ctx, timer, readyLine(state));

  const ready = readyLine(state);
  if (ready) ready.dataset.patch = 'ready';
  if (timer) timer.dataset.patch = 'timer';
  const parts = [roundLabel(state), wordBlock(state), lastRoundNotice(state), watchingNotice(state, ctx), timer, ready];
  let focus = null;

  if (playing && typeof state.my_entry === 'string') {
    store.saveDraft(state.room, state.round, ''); // accepted: the draft is done
    parts.push(focus = h('div', { class: 'sent', testid: 'entry-sent', role: 'status', tabindex: '-1', dataset: { focus: 'sent' } },
      h('p', { class: 'sent-mark', text: t('bluff.writing.sent') }),
      h('p', { class: 'sent-text', lang: state.lang || null, text: state.my_entry })));
  } else if (playing && !ctx.tv) {
    const pending = !!memo.pending.entry;
    const error = memo.errors.entry || '';
    const count = h('p', { class: 'chars-left', id: 'chars-left', testid: 'chars-left' });
    const errorEl = h('p', { class: 'error', id: 'entry-error', testid: 'entry-error', role: 'alert', text: error });
    const button = h('button', {
      type: 'submit',
      class: 'btn btn-primary btn-big',
      testid: 'submit-btn',
      dataset: { focus: 'submit' },
      disabled: pending,
    }, pending ? t('bluff.writing.sending') : t('bluff.writing.send'));
    const box = h('textarea', {
      id: 'entry',
      class: 'entry',
      testid: 'entry',
      rows: '3',
      lang: state.lang || null,
      autocomplete: 'off',
      autocapitalize: 'sentences',
      enterkeyhint: 'send',
      'aria-describedby': 'chars-left entry-hint entry-error',
      'aria-invalid': error ? 'true' : null,
      dataset: { focus: 'entry' },
    });
    // A half-typed definition survives a reload (sessionStorage, per room and round).
    if (memo.draft === undefined) memo.draft = store.loadDraft(state.room, state.round) || '';
    box.value = memo.draft;
    const refreshCount = () => {
      const n = normalizedLength(box.value);
      count.textContent = counterText(n);
      count.classList.toggle('is-warn', (n > 0 && n < MIN) || n > MAX); // not before typing
      count.classList.toggle('is-low', n >= MIN && MAX - n <= 10);
    };
    refreshCount();
    const send = () => {
      if (memo.pending.entry) return;
      memo.draft = box.value;
      ctx.act('submit', { round: num(state.round), text: box.value }, { slot: 'entry' });
    };
    box.addEventListener('input', () => {
      memo.draft = box.value;
      store.saveDraft(state.room, state.round, box.value);
      refreshCount();
      if (memo.errors.entry) {
        memo.errors.entry = null;
        errorEl.textContent = '';
        box.removeAttribute('aria-invalid');
      }
    });
    box.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing && !ev.ctrlKey && !ev.altKey && !ev.metaKey) {
        ev.preventDefault();
        send();
      }
    });
    parts.push(h('form', {
      class: 'entry-form',
      novalidate: true,
      onsubmit: (ev) => { ev.preventDefault(); send(); },
    },
    h('label', { for: 'entry', class: 'entry-label', text: t('bluff.writing.label') }),
    box,
    h('div', { class: 'entry-meta' },
      count,
      h('p', { class: 'hint', id: 'entry-hint', text: t('bluff.writing.hint') })),
    errorEl,
    button));
    focus = box;
  } else {
    parts.push(statusLine(playing || me.role === 'observer' || ctx.tv ? t('bluff.writing.watching') : t('bluff.writing.notInRound'), { cls: 'status-quiet' }));
    parts.push(scoresPanel(ctx));
  }

  const node = h('section', { class: 'screen screen-writing', 'aria-label': state.word }, parts);
  const shape = JSON.stringify([state.word, state.note, state.my_entry, playing, me.role, !!memo.pending.entry, memo.errors.entry || null]);
  return { node, focus: focus || node.querySelector('[data-testid="word"]'), shape };
}
