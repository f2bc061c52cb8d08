// Writing: everyone but the Judge writes a made-up definition, and may send it
// again until all are in (F6). The helpers (F25, F26) guard Send and never
// block: strong language asks "Send anyway?", misspellings offer chips, and on
// a timed table the draft goes by itself 2.5 s before the close.

import { h } from '../../shell/dom.js';
import { fmtList, t } from '../../shell/i18n.js';
import { countdown } from '../../shell/countdown.js';
import { serverNow } from '../../shell/clock.js';
import { num, players } from '../../shell/common.js';
import * as store from '../../shell/storage.js';
import { banner, isJudge, judgeName, mySeat, roundLine, scoreStrip, scoresKey, scoresSheet, wordBlock } from './common.js';
import { hasSpellingList, hasVoices, helperOn, isStrong, misspelled, setHelper, spellingList, suggestions, tidy } from './helpers.js';
import { firstTimeHelp, howToButton } from './jobs.js';
import { lastRounds } from './reveal.js';

const LOW = 15;
const AUTOSEND_MS = 2500;
const autosends = new Map(); // room:round -> timeout id

function readyLine(state) {
  if (!Number.isFinite(state.ready) || !Number.isFinite(state.expected)) return null;
  const names = players(state).filter((p) => p.in === true).map((p) => p.name);
  return h('p', { class: 'count', testid: 'ready-count', dataset: { patch: 'ready' }, text: t('fictionary.writing.ready', { n: state.ready, of: state.expected }) + (names.length ? ` — ✓ ${fmtList(names)}` : '') });
}

function scheduleAutosend(ctx, box) {
  const { state } = ctx;
  const key = `${state.room}:${state.round}`;
  if (!Number.isFinite(state.deadline) || autosends.has(key)) return;
  const wait = state.deadline - AUTOSEND_MS - serverNow();
  if (wait < 0) return;
  autosends.set(key, setTimeout(() => {
    // The spelling check and the strong-language prompt are skipped: time is up.
    if (!helperOn('autosend')) return;
    const draft = ctx.memo.draft ?? box.value;
    if (draft && draft.trim() && tidy(draft, state.lang) !== state.my_entry) {
      ctx.act('submit', { round: num(state.round), text: draft }, { slot: 'entry' });
    }
  }, wait));
}

/**
 * F28: on a phone the page resizes above the keyboard (index.html's
 * `interactive-widget=resizes-content`); while the box has focus, Send is
 * scrolled back into view whenever the visible area changes.
 */
let keepInView = null;
function keepSendInView(box, button) {
  const show = () => {
    if (document.activeElement !== box || !button.isConnected) return;
    requestAnimationFrame(() => button.scrollIntoView({ block: 'nearest' }));
  };
  box.addEventListener('focus', show);
  const target = window.visualViewport || window;
  if (keepInView) target.removeEventListener('resize', keepInView);
  keepInView = show;
  target.addEventListener('resize', show);
}

/** F25: the helpers' Options rows, saved in this browser (the spelling row only where a list exists). */
function helperRows(ctx, lang, timed) {
  const rows = [
    hasSpellingList(lang) ? 'spelling' : null,
    'strong',
    timed ? 'autosend' : null,
    'chime',
  ].filter(Boolean);
  return h('details', { class: 'helpers', testid: 'helpers', open: ctx.memo.helpersOpen ? true : null,
    ontoggle: (ev) => { ctx.memo.helpersOpen = ev.currentTarget.open; } },
  h('summary', { text: t('fictionary.helpers.title') }),
  h('ul', { class: 'helper-list' }, rows.map((name) => h('li', { class: 'choice' },
    h('input', {
      type: 'checkbox', id: `helper-${name}`, testid: `helper-${name}`, checked: helperOn(name),
      onchange: (ev) => { setHelper(name, ev.currentTarget.checked); },
    }),
    h('label', { for: `helper-${name}`, text: t(`fictionary.helpers.${name}`) })))));
}

export function renderWriting(ctx) {
  const { state, memo } = ctx;
  const lang = state.lang || 'en';
  const timer = countdown(`${state.room}:${state.round}:writing`, state.deadline, { start: state.phase_started_at });
  if (timer) timer.dataset.patch = 'timer';
  const seat = mySeat(state);
  const row = players(state).find((p) => p.id === seat);
  const writing = !!seat && !isJudge(state) && !ctx.tv && state.me && state.me.role === 'player' && !!row && row.in !== null;
  const parts = [roundLine(state), wordBlock(state, { ctx }), timer, readyLine(state)];
  if (num(state.ready) > 0 && state.ready === state.expected) parts.push(banner(t('fictionary.banner.allIn')));
  let focus = null;

  if (isJudge(state) && !ctx.tv) {
    parts.push(h('h2', { class: 'screen-title', text: t('fictionary.writing.judgeTitle') }));
    parts.push(h('p', { class: 'truth', testid: 'truth', lang, text: state.truth || '' }));
    parts.push(h('p', { class: 'hint', text: t('fictionary.writing.judgeHint') }));
  } else if (writing) {
    const sent = typeof state.my_entry === 'string' ? state.my_entry : null;
    if (memo.draft === undefined) memo.draft = store.loadDraft(state.room, state.round) || sent || '';
    const max = num(state.max_len, 140);
    const pending = !!memo.pending.entry;
    const count = h('p', { class: 'chars-left', id: 'chars-left', testid: 'chars-left' });
    const box = h('textarea', {
      id: 'entry', class: 'entry', testid: 'entry', rows: '3', lang, autocomplete: 'off',
      autocapitalize: 'sentences', enterkeyhint: 'send', 'aria-describedby': 'chars-left entry-state entry-error',
      dataset: { focus: 'entry' },
    });
    box.value = memo.draft;
    const same = sent !== null && tidy(box.value, lang) === sent;
    const stateLine = h('p', { class: `sent-mark${same ? '' : ' is-changed'}`, id: 'entry-state', testid: 'entry-state', role: 'status',
      text: sent === null ? '' : same ? t('fictionary.writing.sent') : t('fictionary.writing.changed') });
    const refresh = () => {
      const left = max - Array.from(box.value.normalize('NFC').trim().replace(/\s+/gu, ' ')).length;
      count.textContent = t('fictionary.writing.left', { n: left });
      count.classList.toggle('is-low', left <= LOW);
      count.classList.toggle('is-warn', left < 0);
      if (sent !== null) {
        const now = tidy(box.value, lang) === sent;
        stateLine.textContent = now ? t('fictionary.writing.sent') : t('fictionary.writing.changed');
        stateLine.classList.toggle('is-changed', !now);
      }
    };
    refresh();
    const chips = [];
    if (Array.isArray(memo.flagged) && memo.flagged.length) {
      for (const f of memo.flagged) {
        chips.push(h('li', { class: 'spell-word' },
          h('span', { class: 'spell-flag', text: f.word }),
          f.fixes.map((fix) => h('button', {
            type: 'button', class: 'btn btn-quiet chip', testid: 'spell-fix',
            onclick: () => {
              memo.draft = memo.draft.replace(f.word, fix);
              memo.flagged = memo.flagged.filter((x) => x !== f);
              store.saveDraft(state.room, state.round, memo.draft);
              ctx.rerender({ focusKey: 'entry' });
            },
          }, fix))));
      }
    }
    const send = async (force = false) => {
      if (memo.pending.entry) return;
      memo.draft = box.value;
      if (!box.value.trim()) return;
      if (!force && !memo.strongOk && helperOn('strong') && isStrong(box.value, lang)) {
        memo.ask = 'strong';
        memo.strongOk = true;
        ctx.rerender({ focusKey: 'submit' });
        return;
      }
      if (!force && !memo.spellOk && hasSpellingList(lang) && helperOn('spelling')) {
        const list = await spellingList(lang);
        const words = misspelled(box.value, list, state.word).slice(0, 3);
        if (words.length) {
          memo.flagged = words.map((word) => ({ word, fixes: suggestions(word, list) }));
          memo.ask = 'spell';
          memo.spellOk = true;
          ctx.rerender({ focusKey: 'submit' });
          return;
        }
      }
      memo.ask = null;
      memo.flagged = [];
      ctx.act('submit', { round: num(state.round), text: box.value }, { slot: 'entry' });
    };
    box.addEventListener('input', () => {
      memo.draft = box.value;
      store.saveDraft(state.room, state.round, box.value);
      refresh();
    });
    box.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing && !ev.ctrlKey && !ev.altKey && !ev.metaKey) {
        ev.preventDefault();
        send(!!memo.ask);
      }
    });
    const label = memo.ask === 'strong' ? t('fictionary.writing.strongAsk') : memo.ask === 'spell' ? t('fictionary.writing.sendAnyway') : t('fictionary.writing.send');
    const button = h('button', {
      type: 'submit', class: 'btn btn-primary btn-big', testid: 'submit-btn', dataset: { focus: 'submit' },
      disabled: pending || (sent !== null && same),
    }, pending ? t('fictionary.writing.sending') : label);
    parts.push(h('form', { class: 'entry-form', novalidate: true, onsubmit: (ev) => { ev.preventDefault(); send(!!memo.ask); } },
      h('label', { for: 'entry', class: 'entry-label', text: t('fictionary.writing.label') }),
      box,
      h('div', { class: 'entry-meta' }, count, h('p', { class: 'hint', text: t('fictionary.writing.hint') })),
      stateLine,
      memo.ask === 'strong' ? h('p', { class: 'notice', testid: 'strong-ask', role: 'status', text: t('fictionary.writing.strongNote') }) : null,
      chips.length ? h('div', { class: 'spell', testid: 'spell' },
        h('p', { class: 'hint', text: t('fictionary.writing.spellNote') }),
        h('ul', { class: 'spell-list' }, chips),
        h('button', { type: 'button', class: 'btn btn-quiet', testid: 'spell-self', onclick: () => { memo.flagged = []; memo.ask = null; ctx.rerender({ focusKey: 'entry' }); } }, t('fictionary.writing.fixMyself'))) : null,
      h('p', { class: 'error', id: 'entry-error', testid: 'entry-error', role: 'alert', text: memo.errors.entry || '' }),
      button));
    // First-time help below the field, so the word and the field stay in view on a phone.
    parts.push(firstTimeHelp(ctx, 'write'));
    parts.push(helperRows(ctx, lang, Number.isFinite(state.deadline)));
    scheduleAutosend(ctx, box);
    keepSendInView(box, button);
    focus = box;
  } else {
    parts.push(h('p', { class: 'status status-quiet', testid: 'writing-watch', text: t('fictionary.writing.watching', { name: judgeName(state) }) }));
  }
  parts.push(howToButton(ctx));
  parts.push(memo.sheet ? scoresSheet(state, lastRounds(state)) : scoreStrip(state));
  const node = h('section', { class: 'screen screen-writing', 'aria-label': state.word || '' }, parts);
  const shape = JSON.stringify(['writing', state.round, state.word, state.my_entry, writing, !!memo.pending.entry, memo.errors.entry || null, memo.ask || null, (memo.flagged || []).length, state.ready === state.expected, (state.players || []).map((p) => [p.id, p.in, p.away]), !!memo.sheet, !!memo.keySheet, !!memo.howto, memo.job || null, hasVoices(), hasSpellingList(lang)]);
  return { node, focus: focus || node.querySelector('[data-testid="word"]'), shape, onKey: (ev) => scoresKey(ev, ctx) };
}
