// Voting: numbered cards (keys 1–9 pick, Enter votes; or tap a card, then
// Vote), your own bluff marked and not votable, the votes-in count.

import { h, srOnly } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { countdown } from '../../shell/countdown.js';
import { isActivePlayer, num, roundLabel, statusLine } from '../../shell/common.js';
import { lastRoundNotice, lateJoinerScreen, watchingNotice, wordBlock } from './common.js';

function votesLine(state) {
  if (!Number.isFinite(state.votes_in) || !Number.isFinite(state.voters)) return null;
  const dots = [];
  for (let i = 0; i < state.voters; i += 1) dots.push(h('span', { class: `dot${i < state.votes_in ? ' is-on' : ''}` }));
  return h('div', { class: 'progress-line' },
    h('p', { class: 'count', testid: 'votes-in', text: t('bluff.voting.votesIn', { n: state.votes_in, of: state.voters }) }),
    h('span', { class: 'dots', 'aria-hidden': 'true' }, dots));
}

function options(state) {
  return (Array.isArray(state.ballot) ? state.ballot : [])
    .filter((o) => o && typeof o.id === 'string')
    .map((o, i) => ({ id: o.id, text: typeof o.text === 'string' ? o.text : '', mine: o.mine === true, index: i + 1 }));
}

export function renderVoting(ctx) {
  const { state, memo } = ctx;
  const me = state.me || {};
  const timer = countdown(`${state.room}:${state.round}:voting`, state.deadline, { start: state.phase_started_at });
  const ballot = options(state);

  if (!Array.isArray(state.ballot)) return lateJoinerScreen('voting', state, ctx, timer, votesLine(state));

  const activePlayer = isActivePlayer(state);
  const canVote = state.can_vote === true && !ctx.tv;
  const myVote = typeof state.my_vote === 'string' ? state.my_vote : null;
  const chosen = ballot.find((o) => o.id === myVote) || null;
  if (memo.selected && !ballot.some((o) => o.id === memo.selected && !o.mine)) memo.selected = null;
  const selected = canVote ? ballot.find((o) => o.id === memo.selected) || null : null;
  const pending = !!memo.pending.vote;

  let status;
  if (canVote) status = statusLine(t('bluff.voting.prompt'), { cls: 'status-prompt' });
  else if (myVote) status = statusLine(chosen ? t('bluff.voting.voteInChose', { n: chosen.index }) : t('bluff.voting.voteIn'), { cls: 'status-done' });
  else if (activePlayer && typeof state.my_entry === 'string' && !ctx.tv) status = statusLine(t('bluff.voting.truthWriter'), { cls: 'status-done' });
  else status = statusLine(t('bluff.voting.watching'), { cls: 'status-quiet' });

  const select = (id) => {
    memo.selected = id;
    memo.errors.vote = null;
    ctx.rerender({ focusKey: `opt-${id}` });
  };
  const vote = () => {
    if (!canVote || pending) return;
    const pick = ballot.find((o) => o.id === memo.selected && !o.mine);
    if (!pick) return;
    ctx.act('vote', { round: num(state.round), option: pick.id }, { slot: 'vote' });
  };

  const cards = ballot.map((o) => {
    const inner = [
      h('span', { class: 'card-num' }, srOnly(`${t('bluff.voting.card')} `), String(o.index)),
      h('span', { class: 'card-body' },
        h('span', { class: 'card-text', lang: state.lang || null, text: o.text }),
        o.mine ? h('span', { class: 'tag tag-mine', text: t('bluff.voting.yourBluff') }) : null,
        o.id === myVote ? h('span', { class: 'tag tag-vote', text: t('bluff.voting.yourVote') }) : null),
    ];
    const cls = `card${o.mine ? ' is-mine' : ''}${o.id === myVote ? ' is-chosen' : ''}${selected && selected.id === o.id ? ' is-selected' : ''}`;
    const common = {
      class: cls,
      testid: 'ballot-option',
      dataset: { optionId: o.id, index: o.index, focus: `opt-${o.id}` },
    };
    if (canVote) {
      return h('li', null, h('button', {
        ...common,
        type: 'button',
        'aria-pressed': selected && selected.id === o.id ? 'true' : 'false',
        disabled: o.mine,
        onclick: () => {
          if (o.mine || memo.pending.vote) return;
          if (memo.selected === o.id) return;
          select(o.id);
        },
      }, inner));
    }
    return h('li', null, h('div', common, inner));
  });

  const votes = votesLine(state);
  if (votes) votes.dataset.patch = 'votes';
  if (timer) timer.dataset.patch = 'timer';
  const parts = [
    roundLabel(state),
    wordBlock(state),
    lastRoundNotice(state),
    watchingNotice(state, ctx),
    timer,
    votes,
    status,
    canVote ? h('p', { class: 'hint keys-hint', text: t('bluff.voting.keysHint') }) : null,
    h('ol', { class: `ballot${canVote ? ' is-live' : ''}${ballot.length > 6 ? ' is-many' : ''}${ballot.length > 10 ? ' is-crowded' : ''}`, testid: 'ballot', 'aria-label': t('bluff.voting.prompt') }, cards),
  ];
  if (canVote) {
    parts.push(h('div', { class: 'vote-bar' },
      memo.errors.vote ? h('p', { class: 'error', role: 'alert', testid: 'vote-error', text: memo.errors.vote }) : null,
      h('button', {
        type: 'button',
        class: 'btn btn-primary btn-big',
        testid: 'vote-btn',
        dataset: { focus: 'vote' },
        disabled: !selected || pending,
        onclick: vote,
      }, selected ? t('bluff.voting.voteFor', { n: selected.index }) : t('bluff.voting.pickCard'))));
  }

  const node = h('section', { class: 'screen screen-voting', 'aria-label': state.word || t('bluff.voting.prompt') }, parts);

  const onKey = (ev) => {
    if (!canVote) return false;
    if (/^[1-9]$/.test(ev.key) && !ev.ctrlKey && !ev.altKey && !ev.metaKey) {
      const o = ballot[Number(ev.key) - 1];
      if (o && !o.mine) {
        select(o.id);
        return true;
      }
      return false;
    }
    if (ev.key === 'Enter' && memo.selected) {
      const a = document.activeElement;
      const onCard = a && a.dataset && a.dataset.testid === 'ballot-option';
      const onOtherControl = a && a !== document.body && !onCard && a.matches('button, a, input, textarea, select');
      if (onOtherControl) return false;
      if (onCard && a.dataset.optionId !== memo.selected) return false; // Enter picks that card
      vote();
      return true;
    }
    return false;
  };

  status.tabIndex = -1;
  status.dataset.focus = 'status';
  const focus = canVote
    ? (selected && node.querySelector(`[data-option-id="${CSS.escape(selected.id)}"]`))
      || node.querySelector('button[data-testid="ballot-option"]:not([disabled])')
    : status;
  const shape = JSON.stringify([state.word, ballot, canVote, myVote, me.role, state.my_entry, memo.selected, pending, memo.errors.vote || null]);
  return { node, focus, onKey, shape };
}
