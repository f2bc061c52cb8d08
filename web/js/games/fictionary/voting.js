// Voting: the cards, numbered (keys 1–9 pick, then "Vote for N"; cards 10–12
// by Tab or arrows). A vote can change until the close (F10). The Judge sees
// the real one marked and has the read-aloud view (R): one card at a time,
// stepped with a tap, Space or the arrows (F15, F28).

import { h, srOnly } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { countdown } from '../../shell/countdown.js';
import { num } from '../../shell/common.js';
import { banner, isJudge, keyCue, judgeName, roundLine, scoreStrip, scoresKey, scoresSheet, wordBlock } from './common.js';
import { hasVoices } from './helpers.js';
import { firstTimeHelp, howToButton } from './jobs.js';
import { lastRounds } from './reveal.js';

function cardsOf(state) {
  return (Array.isArray(state.ballot) ? state.ballot : [])
    .filter((c) => c && typeof c.id === 'string')
    .map((c, i) => ({ id: c.id, n: num(c.n, i + 1), text: typeof c.text === 'string' ? c.text : null, mine: c.mine === true, truth: c.truth === true }));
}

/**
 * The Judge's Read aloud (F15): the word first, each card big and numbered,
 * the word again last with "Now, which is the real one?". Anyone may see this
 * screen, so it never marks the real one. Steps: 0 the word, 1…k the cards,
 * k+1 the word again.
 */
function readAloud(ctx, cards) {
  const { state, memo } = ctx;
  const last = cards.length + 1;
  const i = Math.min(Math.max(num(memo.readAt), 0), last);
  const card = i >= 1 && i <= cards.length ? cards[i - 1] : null;
  const step = (d) => { memo.readAt = Math.min(Math.max(i + d, 0), last); ctx.rerender({ focusKey: 'read-card' }); };
  const lang = state.lang || null;
  const face = card
    ? [h('span', { class: 'card-num', text: String(card.n) }),
      h('span', { class: 'card-text big', lang, text: card.text || '' })]
    : [h('span', { class: 'card-word big', lang, text: state.word || '' }),
      i === last ? h('span', { class: 'read-ask', text: t('fictionary.voting.readAsk') }) : null];
  const counter = card ? t('fictionary.voting.readOf', { n: card.n, of: cards.length })
    : i === 0 ? t('fictionary.voting.readWord') : t('fictionary.voting.readEnd');
  return h('section', { class: 'panel read-aloud', testid: 'read-aloud', dataset: { step: i }, 'aria-labelledby': 'read-h' },
    h('h2', { id: 'read-h', text: t('fictionary.voting.readTitle') }),
    h('p', { class: 'count', testid: 'read-count', 'aria-live': 'polite', text: counter }),
    h('button', {
      type: 'button', class: 'card read-card', testid: 'read-card', dataset: { focus: 'read-card' },
      'aria-describedby': 'read-tip',
      onclick: () => step(i === last ? -last : 1),
    }, face),
    h('p', { class: 'hint', id: 'read-tip', text: t('fictionary.voting.readTip') }),
    h('div', { class: 'read-nav' },
      h('button', { type: 'button', class: 'btn', testid: 'read-prev', disabled: i === 0, onclick: () => step(-1) }, t('fictionary.voting.prev')),
      h('button', { type: 'button', class: 'btn', testid: 'read-next', disabled: i === last, onclick: () => step(1) }, t('fictionary.voting.next')),
      h('button', { type: 'button', class: 'btn btn-quiet', testid: 'read-close', onclick: () => { memo.reading = false; ctx.rerender({ focusKey: 'read-open' }); } }, t('fictionary.voting.readClose'))));
}

export function renderVoting(ctx) {
  const { state, memo } = ctx;
  const timer = countdown(`${state.room}:${state.round}:voting`, state.deadline, { start: state.phase_started_at });
  if (timer) timer.dataset.patch = 'timer';
  const cards = cardsOf(state);
  const judging = isJudge(state) && !ctx.tv;
  const canVote = state.can_vote === true && !ctx.tv;
  const myVote = typeof state.my_vote === 'string' ? state.my_vote : null;
  if (memo.selected && !cards.some((c) => c.id === memo.selected && !c.mine)) memo.selected = null;
  const selected = canVote ? cards.find((c) => c.id === memo.selected) || null : null;
  const pending = !!memo.pending.vote;
  const select = (id) => { memo.selected = id; ctx.rerender({ focusKey: `card-${id}` }); };
  const vote = () => {
    if (!canVote || pending || !selected || selected.id === myVote) return;
    ctx.act('vote', { round: num(state.round), option: selected.id }, { slot: 'vote' });
  };
  // First-time help under the word (never above it), so the word stays in view on a phone.
  const parts = [roundLine(state), wordBlock(state, { ctx }), canVote ? firstTimeHelp(ctx, 'vote') : null, timer,
    h('p', { class: 'count', testid: 'votes-in', dataset: { patch: 'votes' }, text: t('fictionary.voting.votesIn', { n: num(state.votes_in), of: num(state.voters) }) })];
  if (canVote && !myVote) parts.push(banner(t('fictionary.banner.vote')));
  if (!state.shown && !judging) parts.push(h('p', { class: 'notice', testid: 'read-out-note', text: t('fictionary.voting.listen', { name: judgeName(state) }) }));
  if (judging && memo.reading) parts.push(readAloud(ctx, cards));
  else if (judging) {
    parts.push(h('p', { class: 'hint', text: state.shown ? t('fictionary.voting.judgeShown') : t('fictionary.voting.judgeRead') }));
    parts.push(h('button', { type: 'button', class: 'btn', testid: 'read-open', dataset: { focus: 'read-open' }, 'aria-keyshortcuts': 'R', onclick: () => { memo.reading = true; memo.readAt = 0; ctx.rerender({ focusKey: 'read-card' }); } }, t('fictionary.voting.readOpen'), keyCue('R')));
  }
  const list = cards.map((c) => {
    const inner = [
      h('span', { class: 'card-num' }, srOnly(`${t('fictionary.voting.card')} `), String(c.n)),
      h('span', { class: 'card-body' },
        h('span', { class: 'card-text', lang: state.lang || null, text: c.text === null ? t('fictionary.voting.hidden', { n: c.n }) : c.text }),
        c.mine ? h('span', { class: 'tag tag-mine', text: t('fictionary.voting.yours') }) : null,
        c.truth ? h('span', { class: 'tag tag-truth', testid: 'truth-mark', text: t('fictionary.voting.real') }) : null,
        c.id === myVote ? h('span', { class: 'tag tag-vote', text: t('fictionary.voting.yourVote') }) : null),
    ];
    const cls = `card${c.mine ? ' is-mine' : ''}${c.id === myVote ? ' is-chosen' : ''}${selected && selected.id === c.id ? ' is-selected' : ''}`;
    const common = { class: cls, testid: 'ballot-option', dataset: { optionId: c.id, index: c.n, focus: `card-${c.id}` } };
    if (canVote) {
      return h('li', null, h('button', {
        ...common, type: 'button', 'aria-pressed': selected && selected.id === c.id ? 'true' : 'false', disabled: c.mine,
        onclick: () => { if (!c.mine && memo.selected !== c.id) select(c.id); },
      }, inner));
    }
    return h('li', null, h('div', common, inner));
  });
  if (!(judging && memo.reading)) parts.push(h('ol', { class: `ballot${canVote ? ' is-live' : ''}${cards.length > 6 ? ' is-many' : ''}`, testid: 'ballot', 'aria-label': t('fictionary.voting.cards') }, list));
  if (canVote) {
    const voteLabel = selected && selected.id !== myVote ? t('fictionary.voting.voteFor', { n: selected.n }) : myVote ? t('fictionary.voting.change') : t('fictionary.voting.pick');
    parts.push(h('div', { class: 'vote-bar' },
      memo.errors.vote ? h('p', { class: 'error', role: 'alert', testid: 'vote-error', text: memo.errors.vote }) : null,
      h('button', { type: 'button', class: 'btn btn-primary btn-big', testid: 'vote-btn', dataset: { focus: 'vote' }, disabled: !selected || selected.id === myVote || pending, onclick: vote }, voteLabel)));
  }
  parts.push(howToButton(ctx));
  parts.push(memo.sheet ? scoresSheet(state, lastRounds(state)) : scoreStrip(state));
  const node = h('section', { class: 'screen screen-voting', 'aria-label': state.word || '' }, parts);
  const onKey = (ev) => {
    if (ev.ctrlKey || ev.altKey || ev.metaKey) return false;
    if (judging && (ev.key === 'r' || ev.key === 'R')) { memo.reading = !memo.reading; memo.readAt = 0; ctx.rerender({ focusKey: memo.reading ? 'read-card' : 'read-open' }); return true; }
    if (judging && memo.reading && [' ', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'].includes(ev.key)) {
      const d = ev.key === 'ArrowLeft' || ev.key === 'ArrowUp' ? -1 : 1;
      memo.readAt = Math.min(Math.max(num(memo.readAt) + d, 0), cards.length + 1);
      ctx.rerender({ focusKey: 'read-card' });
      return true;
    }
    if (canVote && /^[1-9]$/.test(ev.key)) {
      const c = cards.find((x) => x.n === Number(ev.key));
      if (c && !c.mine) { select(c.id); return true; }
      return false;
    }
    if (canVote && ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft'].includes(ev.key)) {
      // Ruling 28a: every card, 10–12 included, is reached with the arrows (or Tab) and Enter.
      const live = [...document.querySelectorAll('button[data-testid="ballot-option"]:not([disabled])')];
      if (!live.length) return false;
      const at = live.indexOf(document.activeElement);
      const d = ev.key === 'ArrowUp' || ev.key === 'ArrowLeft' ? -1 : 1;
      const next = at < 0 ? live[d > 0 ? 0 : live.length - 1] : live[Math.min(Math.max(at + d, 0), live.length - 1)];
      next.focus();
      return true;
    }
    if (canVote && ev.key === 'Enter' && selected) {
      const a = document.activeElement;
      if (a && a.dataset && a.dataset.testid === 'ballot-option' && a.dataset.optionId !== selected.id) return false;
      vote();
      return true;
    }
    return scoresKey(ev, ctx);
  };
  const focus = judging && memo.reading ? node.querySelector('[data-testid="read-card"]')
    : canVote ? (selected && node.querySelector(`[data-option-id="${CSS.escape(selected.id)}"]`)) || node.querySelector('button[data-testid="ballot-option"]:not([disabled])')
      : node.querySelector('[data-testid="word"]');
  const shape = JSON.stringify(['voting', state.round, cards, canVote, myVote, memo.selected, pending, memo.errors.vote || null, !!memo.reading, memo.readAt, state.shown, !!memo.sheet, !!memo.keySheet, !!memo.howto, memo.job || null, hasVoices()]);
  return { node, focus, onKey, shape };
}
