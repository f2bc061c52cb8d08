// Impostor's round screens: the deal, clues, discussion, ballots, the guess,
// the reveal and the result sheet, for own phones, one shared phone (`pass`),
// the host's console (`host`) and the board (TV mode, never a card).

import { h } from '../../shell/dom.js';
import { fmtList, fmtNumber, t } from '../../shell/i18n.js';
import { nameOf, namesOf, num, optionsOf, players, roundLabel } from '../../shell/common.js';
import { countdown } from '../../shell/countdown.js';
import { serverNow } from '../../shell/clock.js';
import { resultFrame } from '../../shell/results.js';
import { holdCard } from './card.js';
import { lobbyExtra } from './lobby.js';

// --- who this screen is for ------------------------------------------------------

export const playOf = (s) => optionsOf(s).play || 'phones';
export const shared = (s) => playOf(s) !== 'phones';
const typed = (s) => playOf(s) === 'phones' && (optionsOf(s).clues || 'typed') === 'typed';
const mySeats = (s) => (s.me && Array.isArray(s.me.seats) ? s.me.seats : []);
const isHost = (s, ctx) => !!(s.me && s.me.host) && !ctx.tv;
const holds = (s, seat) => mySeats(s).includes(seat);
const inRound = (s) => !!(s.me && s.me.role === 'player' && mySeats(s).length);

/** Fields for a move made for `seat` from this device (`seat` only when it is another's). */
const forSeat = (s, seat, fields) => (seat && s.me && seat !== s.me.id ? { ...fields, seat } : fields);

function screen(phase, titleText, ...children) {
  const node = h('section', { class: `screen screen-${phase} imp-screen`, testid: `imp-${phase}`, 'aria-labelledby': `${phase}-h` },
    children[0],
    h('h1', { id: `${phase}-h`, class: 'screen-title', tabindex: '-1', dataset: { focus: `${phase}-h` }, text: titleText }),
    children.slice(1));
  return node;
}

function timer(s, key) {
  if (!Number.isFinite(s.deadline)) return null;
  return h('div', { dataset: { patch: 'timer' } }, countdown(`${key}|${s.round}|${s.deadline}`, s.deadline, { start: s.phase_started_at }));
}

function errorLine(ctx, slot) {
  const text = ctx.errors[slot];
  return text ? h('p', { class: 'error', role: 'alert', testid: `error-${slot}`, text }) : null;
}

/** What every seat knows of the round: the category (and grid) when public, the impostor count. */
function roundFacts(s) {
  const facts = [];
  if (s.category) facts.push(h('p', { class: 'imp-fact', testid: 'category', lang: s.lang }, t('impostor.category', { name: s.category })));
  if (Number.isInteger(s.impostors)) facts.push(h('p', { class: 'imp-fact', testid: 'impostor-count', text: t('impostor.impostorCount', { n: s.impostors }) }));
  else if (s.impostors === null && s.phase !== 'reveal') facts.push(h('p', { class: 'imp-fact', text: t('impostor.impostorSurprise') }));
  if (Array.isArray(s.grid) && s.grid.length) {
    facts.push(h('ul', { class: 'imp-grid', testid: 'grid', lang: s.lang, 'aria-label': t('impostor.gridLabel') }, s.grid.map((w) => h('li', { text: w }))));
  }
  return facts.length ? h('div', { class: 'imp-facts' }, facts) : null;
}

// --- "Someone said the word" (I7) ------------------------------------------------

function flagPanel(ctx) {
  const s = ctx.state;
  if (ctx.tv || !['deal', 'clues', 'discussion', 'voting'].includes(s.phase)) return null;
  const order = Array.isArray(s.order) && s.order.length ? s.order : players(s).filter((p) => p.active !== false).map((p) => p.id);
  if (s.flag) {
    const speaker = nameOf(s, s.flag.speaker);
    const by = nameOf(s, s.flag.by);
    const box = h('section', { class: 'panel imp-flag is-paused', testid: 'flag-paused', role: 'alertdialog', 'aria-labelledby': 'flag-h' },
      h('h2', { id: 'flag-h', text: t('impostor.flag.paused') }),
      h('p', { text: t('impostor.flag.claim', { by, speaker }) }),
      h('div', { dataset: { patch: 'flag-timer' } }, countdown(`flag|${s.flag.deadline}`, s.flag.deadline, { label: t('impostor.flag.lapses') })));
    if (isHost(s, ctx)) {
      const pick = h('select', { class: 'imp-select', testid: 'rule-speaker', 'aria-label': t('impostor.flag.who') },
        order.map((id) => h('option', { value: id, selected: id === s.flag.speaker, text: nameOf(s, id) })));
      box.append(pick,
        h('div', { class: 'actions' },
          h('button', { type: 'button', class: 'btn btn-primary', testid: 'rule-confirm', text: t('impostor.flag.confirm'), onclick: () => ctx.act('rule_word', { round: s.round, speaker: pick.value }, { slot: 'flag' }) }),
          h('button', { type: 'button', class: 'btn btn-quiet', testid: 'rule-dismiss', text: t('impostor.flag.dismiss'), onclick: () => ctx.act('rule_word', { round: s.round, speaker: null }, { slot: 'flag' }) })));
    } else {
      box.append(h('p', { class: 'status', text: t('impostor.flag.waitHost') }));
    }
    box.append(errorLine(ctx, 'flag') || '');
    return box;
  }
  const may = shared(s) ? isHost(s, ctx) : inRound(s);
  if (!may) return null;
  const pick = h('select', { class: 'imp-select', testid: 'flag-speaker', 'aria-label': t('impostor.flag.who') },
    order.map((id) => h('option', { value: id, text: nameOf(s, id) })));
  return h('details', { class: 'panel imp-flag', testid: 'flag-panel' },
    h('summary', { text: t('impostor.flag.button') }),
    h('label', { class: 'imp-label', text: t('impostor.flag.who') }),
    pick,
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'btn', testid: 'flag-send', text: t('impostor.flag.send'), onclick: () => ctx.act('flag_word', { round: s.round, speaker: pick.value }, { slot: 'flag' }) }),
      isHost(s, ctx) ? h('button', { type: 'button', class: 'btn btn-quiet', testid: 'rule-direct', text: t('impostor.flag.ruleNow'), onclick: () => ctx.act('rule_word', { round: s.round, speaker: pick.value }, { slot: 'flag' }) }) : null),
    errorLine(ctx, 'flag'));
}

/** On their own phone a seat may look at its card again until the reveal (3a). */
function peekAgain(ctx) {
  const s = ctx.state;
  if (ctx.tv || shared(s) || !inRound(s)) return null;
  return h('details', { class: 'panel imp-again' }, h('summary', { text: t('impostor.card.again') }), holdCard(ctx, s.me.id));
}

// --- the order and the clues -----------------------------------------------------

function cluesList(s) {
  const clues = Array.isArray(s.clues) ? s.clues : [];
  if (!clues.length) return null;
  return h('ol', { class: 'imp-clues', testid: 'clues', lang: s.lang }, clues.map((c) => h('li', { class: `imp-clue${c.missed ? ' is-missed' : ''}` },
    h('span', { class: 'imp-clue-name', text: nameOf(s, c.seat) }),
    h('span', { class: 'imp-clue-text', text: c.text ? c.text : c.missed ? '—' : t('impostor.clues.spoken') }))));
}

function orderList(s) {
  const order = Array.isArray(s.order) ? s.order : [];
  if (!order.length) return null;
  const now = s.turn ? s.turn.seat : null;
  return h('section', { class: 'panel imp-order', 'aria-labelledby': 'order-h' },
    h('h2', { id: 'order-h', text: t('impostor.clues.order') }),
    h('ol', { class: 'imp-order-list', testid: 'order' }, order.map((id) => h('li', {
      class: id === now ? 'is-turn' : null,
      'aria-current': id === now ? 'true' : null,
      text: nameOf(s, id),
    }))));
}

// --- phases ------------------------------------------------------------------------

function renderDeal(ctx) {
  const s = ctx.state;
  let body;
  if (ctx.tv || !inRound(s)) {
    body = h('p', { class: 'status', testid: 'deal-progress', dataset: { patch: 'deal' }, text: t('impostor.deal.progress', { n: num(s.seen), of: num(s.expected) }) });
  } else if (shared(s)) {
    const seat = s.dealing;
    body = seat && holds(s, seat)
      ? h('div', { class: 'imp-deal' },
        h('p', { class: 'imp-pass-to', testid: 'pass-to', text: t('impostor.deal.passTo', { name: nameOf(s, seat) }) }),
        h('p', { class: 'hint', text: t('impostor.deal.holdHint') }),
        holdCard(ctx, seat, { label: t('impostor.card.holdFor', { name: nameOf(s, seat) }), onRelease: () => ctx.act('seen', forSeat(s, seat, { round: s.round }), { slot: 'card' }) }))
      : h('p', { class: 'status', text: t('impostor.deal.progress', { n: num(s.seen), of: num(s.expected) }) });
  } else if (s.me.seen) {
    body = h('div', null,
      h('p', { class: 'status', testid: 'deal-seen', text: t('impostor.deal.seen') }),
      h('p', { class: 'status', dataset: { patch: 'deal' }, text: t('impostor.deal.progress', { n: num(s.seen), of: num(s.expected) }) }),
      holdCard(ctx, s.me.id));
  } else {
    body = h('div', null,
      h('p', { class: 'hint', text: t('impostor.deal.holdHint') }),
      holdCard(ctx, s.me.id, { onRelease: () => ctx.act('seen', { round: s.round }, { slot: 'card' }) }));
  }
  const node = screen('deal', t('impostor.deal.title'), roundLabel(s), roundFacts(s), timer(s, 'deal'), body, errorLine(ctx, 'card'), flagPanel(ctx));
  const shape = `deal|${s.dealing}|${s.me && s.me.seen}|${!!s.flag}`;
  return { node, focus: node.querySelector('[data-testid="hold-card"]') || node.querySelector('#deal-h'), shape };
}

/**
 * The clue box of one turn. Its request, refusal and draft belong to that turn
 * (slot `clue<no>`): a seat with two turns running (the last of lap 1 opens
 * lap 2) starts its second with a fresh box whose button waits on nothing.
 */
function clueForm(ctx) {
  const s = ctx.state;
  const no = s.turn.no;
  const slot = `clue${no}`;
  const draft = ctx.memo.clueDraft && ctx.memo.clueDraft.no === no ? ctx.memo.clueDraft.text : '';
  const input = h('input', {
    type: 'text', class: 'imp-input', testid: 'clue-input', maxlength: '40', autocomplete: 'off', autocapitalize: 'off',
    lang: s.lang, 'aria-label': t('impostor.clues.label'), dataset: { focus: `clue-${no}` }, value: draft,
  });
  const send = () => {
    const text = input.value.trim();
    if (text) ctx.act('clue', { round: s.round, turn: no, text }, { slot });
  };
  input.addEventListener('input', () => { ctx.memo.clueDraft = { no, text: input.value }; });
  input.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); send(); } });
  const refused = ctx.errors[slot];
  return h('form', { class: 'entry-form imp-clue-form', onsubmit: (ev) => { ev.preventDefault(); send(); } },
    h('label', { class: 'imp-label', text: t('impostor.clues.label') }),
    input,
    h('button', { type: 'submit', class: 'btn btn-primary', testid: 'clue-send', disabled: !!ctx.memo.pending[slot], text: t('impostor.clues.send') }),
    refused ? h('p', { class: 'error', role: 'alert', testid: 'error-clue', text: refused }) : null);
}

/** `host` play: the host's console taps each turn on and calls the vote (2c). */
function hostConsole(ctx) {
  const s = ctx.state;
  const turn = s.turn || {};
  const next = turn.next || null; // the server's schedule (5b): null when the clues end
  return h('section', { class: 'panel imp-console', testid: 'host-console', 'aria-labelledby': 'console-h' },
    h('h2', { id: 'console-h', text: t('impostor.console.title') }),
    h('p', { class: 'imp-console-now', testid: 'console-now', text: t('impostor.console.now', { name: nameOf(s, turn.seat) }) }),
    h('p', { class: 'hint', testid: 'console-next', text: next ? t('impostor.console.next', { name: nameOf(s, next) }) : t('impostor.console.last') }),
    h('button', {
      type: 'button', class: 'btn btn-primary btn-big', testid: 'turn-done', dataset: { focus: 'console-next' },
      disabled: !!ctx.memo.pending.turn,
      text: next ? t('impostor.console.nextTurn') : t('impostor.console.endClues'),
      onclick: () => ctx.act('next_turn', { round: s.round, turn: turn.no }, { slot: 'turn' }),
    }));
}

function renderClues(ctx) {
  const s = ctx.state;
  const turn = s.turn || {};
  const giver = nameOf(s, turn.seat);
  const mine = !ctx.tv && holds(s, turn.seat);
  const actions = [];
  let hostPanel = null;
  if (!ctx.tv && !s.flag) {
    if (typed(s) && turn.seat === (s.me && s.me.id)) actions.push(clueForm(ctx));
    else if (!typed(s) && playOf(s) === 'host' && isHost(s, ctx)) hostPanel = hostConsole(ctx);
    else if (!typed(s) && (mine || isHost(s, ctx))) {
      actions.push(h('button', { type: 'button', class: 'btn btn-primary btn-big', testid: 'turn-done', text: t('impostor.clues.done'), onclick: () => ctx.act('next_turn', { round: s.round, turn: turn.no }, { slot: 'turn' }) }));
    }
    if (typed(s) && isHost(s, ctx) && turn.seat !== s.me.id) {
      actions.push(h('button', { type: 'button', class: 'btn btn-quiet', testid: 'turn-skip', text: t('impostor.clues.skip'), onclick: () => ctx.act('next_turn', { round: s.round, turn: turn.no }, { slot: 'turn' }) }));
    }
    const open = optionsOf(s).laps === 'open';
    if (open && num(turn.lap) > 1) {
      if (!shared(s) && inRound(s)) {
        actions.push(h('button', { type: 'button', class: 'btn', testid: 'ready-vote', disabled: !!(s.me && s.me.ready), text: s.me && s.me.ready ? t('impostor.clues.readySent') : t('impostor.clues.ready'), onclick: () => ctx.act('ready_vote', { round: s.round }, { slot: 'turn' }) }));
      }
      if (isHost(s, ctx)) actions.push(h('button', { type: 'button', class: 'btn', testid: 'call-vote', text: t('impostor.discussion.callVote'), onclick: () => ctx.act('call_vote', { round: s.round }, { slot: 'turn' }) }));
    }
  }
  // The giver's own phone says "your turn"; every other screen, and a phone the
  // whole table shares, names the giver.
  const ownTurn = !ctx.tv && !shared(s) && !!s.me && turn.seat === s.me.id;
  const node = screen('clues', ownTurn ? t('impostor.clues.yourTurn') : t('impostor.clues.turnOf', { name: giver }),
    roundLabel(s),
    h('p', { class: 'imp-lap', testid: 'turn', dataset: { seat: turn.seat, no: turn.no }, text: t('impostor.clues.lap', { lap: num(turn.lap, 1) }) }),
    roundFacts(s),
    s.flag ? null : timer(s, 'clue'),
    hostPanel,
    actions.length ? h('div', { class: 'actions imp-actions' }, actions) : null,
    errorLine(ctx, 'turn'),
    optionsOf(s).laps === 'open' && Number.isFinite(s.ready_votes) ? h('p', { class: 'status', dataset: { patch: 'ready' }, text: t('impostor.clues.readyCount', { n: s.ready_votes }) }) : null,
    orderList(s),
    cluesList(s),
    flagPanel(ctx),
    peekAgain(ctx));
  return { node, focus: node.querySelector('[data-testid="clue-input"]') || node.querySelector('[data-testid="host-console"] [data-testid="turn-done"]') || node.querySelector('#clues-h'), shape: `clues|${turn.no}|${!!s.flag}|${s.me && s.me.ready}|${(s.clues || []).length}|${!!ctx.memo.pending.turn}` };
}

function renderDiscussion(ctx) {
  const s = ctx.state;
  const node = screen('discussion', t('impostor.discussion.title'),
    roundLabel(s),
    h('p', { class: 'hint', text: t('impostor.discussion.hint') }),
    roundFacts(s),
    s.flag ? null : timer(s, 'discussion'),
    isHost(s, ctx) && !s.flag ? h('div', { class: 'actions' }, h('button', { type: 'button', class: 'btn btn-primary', testid: 'call-vote', text: t('impostor.discussion.callVote'), onclick: () => ctx.act('call_vote', { round: s.round }, { slot: 'vote' }) })) : null,
    errorLine(ctx, 'vote'),
    cluesList(s),
    flagPanel(ctx),
    peekAgain(ctx));
  return { node, focus: node.querySelector('#discussion-h'), shape: `discussion|${!!s.flag}` };
}

function candidateButtons(ctx, voter, ballot) {
  const s = ctx.state;
  return h('div', { class: 'imp-candidates', role: 'group', 'aria-label': t('impostor.voting.prompt') },
    ballot.candidates.filter((id) => id !== voter).map((id) => h('button', {
      type: 'button', class: 'btn imp-candidate', testid: 'candidate', dataset: { id },
      disabled: !!ctx.memo.pending.vote,
      text: nameOf(s, id),
      onclick: () => ctx.act('vote', forSeat(s, voter, { round: s.round, ballot: ballot.no, target: id }), { slot: 'vote' }),
    })));
}

/**
 * The lap (9c): the phone goes to each seat in turn. Its ballot stays closed
 * until the seat holding the phone opens it, and closes with the vote, so the
 * next one never sees a ballot left open.
 */
function lapBallot(ctx, ballot) {
  const s = ctx.state;
  const seat = ballot.lap_seat;
  const name = nameOf(s, seat);
  const key = `${ballot.no}|${seat}`;
  if (ctx.memo.lapOpen !== key) {
    return h('div', { class: 'imp-lap-ballot', testid: 'lap-closed' },
      h('p', { class: 'imp-pass-to', testid: 'pass-to', text: t('impostor.deal.passTo', { name }) }),
      h('p', { class: 'hint', text: t('impostor.voting.lapHint') }),
      h('button', {
        type: 'button', class: 'btn btn-primary btn-big', testid: 'lap-open', dataset: { focus: `lap-${key}` },
        text: t('impostor.voting.lapOpen', { name }),
        onclick: () => { ctx.memo.lapOpen = key; ctx.rerender(); },
      }));
  }
  return h('div', { class: 'imp-lap-ballot', testid: 'lap-ballot' },
    h('p', { class: 'imp-pass-to', testid: 'lap-for', text: t('impostor.voting.lapFor', { name }) }),
    candidateButtons(ctx, seat, ballot));
}

function pointConsole(ctx, ballot) {
  const s = ctx.state;
  const accused = h('select', { class: 'imp-select', testid: 'point-accused', 'aria-label': t('impostor.voting.accused') },
    ballot.candidates.map((id) => h('option', { value: id, text: nameOf(s, id) })));
  const voters = players(s).filter((p) => p.active !== false).map((p) => p.id);
  const boxes = voters.map((id) => h('label', { class: 'imp-check' },
    h('input', { type: 'checkbox', value: id, testid: 'point-pointer' }), h('span', { text: nameOf(s, id) })));
  const tiedBoxes = ballot.candidates.map((id) => h('label', { class: 'imp-check' },
    h('input', { type: 'checkbox', value: id, testid: 'point-tied' }), h('span', { text: nameOf(s, id) })));
  const checked = (list) => list.map((l) => l.querySelector('input')).filter((i) => i.checked).map((i) => i.value);
  return h('div', { class: 'imp-point', testid: 'point-console' },
    h('p', { class: 'hint', text: t('impostor.voting.pointHint') }),
    h('label', { class: 'imp-label', text: t('impostor.voting.accused') }), accused,
    h('fieldset', { class: 'imp-fieldset' }, h('legend', { text: t('impostor.voting.pointers') }), boxes),
    h('button', { type: 'button', class: 'btn btn-primary', testid: 'point-record', text: t('impostor.voting.record'),
      onclick: () => ctx.act('record_point', { round: s.round, ballot: ballot.no, accused: accused.value, pointers: checked(boxes) }, { slot: 'vote' }) }),
    h('details', { class: 'imp-tied' },
      h('summary', { text: t('impostor.voting.tiedRecord') }),
      h('fieldset', { class: 'imp-fieldset' }, h('legend', { text: t('impostor.voting.tiedWho') }), tiedBoxes),
      h('button', { type: 'button', class: 'btn', testid: 'point-tie', text: t('impostor.voting.recordTie'),
        onclick: () => ctx.act('record_point', { round: s.round, ballot: ballot.no, tied: checked(tiedBoxes) }, { slot: 'vote' }) })));
}

function renderVoting(ctx) {
  const s = ctx.state;
  const ballot = s.ballot || { candidates: [], no: 1, style: 'phones' };
  let body = null;
  if (!ctx.tv && !s.flag) {
    if (ballot.style === 'phones' && s.can_vote) body = candidateButtons(ctx, s.me.id, ballot);
    else if (ballot.style === 'phones' && s.my_vote) body = h('p', { class: 'status', testid: 'my-vote', text: t('impostor.voting.yourVote', { name: nameOf(s, s.my_vote) }) });
    else if (ballot.style === 'lap' && ballot.lap_seat && holds(s, ballot.lap_seat)) body = lapBallot(ctx, ballot);
    else if (ballot.style === 'point' && isHost(s, ctx)) body = pointConsole(ctx, ballot);
  }
  const tally = ballot.style === 'point'
    ? h('p', { class: 'status', text: t('impostor.voting.pointNow') })
    : h('p', { class: 'status', testid: 'votes-in', dataset: { patch: 'votes' }, text: t('impostor.voting.votesIn', { n: num(ballot.votes_in), of: num(ballot.voters) }) });
  const node = screen('voting', ballot.no === 2 ? t('impostor.voting.again') : t('impostor.voting.title'),
    roundLabel(s),
    ballot.no === 2 ? h('p', { class: 'notice', testid: 'second-ballot', text: t('impostor.voting.tiedBetween', { names: fmtList(namesOf(s, ballot.candidates)) }) }) : null,
    ballot.extended ? h('p', { class: 'notice notice-warn', testid: 'extended', text: t('impostor.voting.extended') }) : null,
    s.flag || ballot.style !== 'phones' ? null : timer(s, `vote${ballot.no}`),
    tally,
    body,
    errorLine(ctx, 'vote'),
    cluesList(s),
    flagPanel(ctx),
    peekAgain(ctx));
  const shape = `voting|${ballot.no}|${ballot.lap_seat}|${ctx.memo.lapOpen}|${s.can_vote}|${s.my_vote}|${!!s.flag}|${ballot.extended}`;
  return { node, focus: node.querySelector('[data-testid="candidate"]') || node.querySelector('[data-testid="lap-open"]') || node.querySelector('#voting-h'), shape };
}

function judgeButtons(ctx) {
  const s = ctx.state;
  const judge = s.guess && s.guess.judge;
  if (ctx.tv || !judge || !holds(s, judge)) return null;
  if (playOf(s) === 'phones' && s.phase !== 'judging') return null;
  const rule = (correct) => ctx.act('judge_guess', forSeat(s, judge, { round: s.round, correct }), { slot: 'judge' });
  return h('section', { class: 'panel imp-judge', testid: 'judge', 'aria-labelledby': 'judge-h' },
    h('h2', { id: 'judge-h', text: t('impostor.guess.judgeTitle', { name: nameOf(s, judge) }) }),
    s.guess.word ? h('p', { class: 'imp-judge-word', testid: 'judge-word' },
      t('impostor.guess.wordIs'), ' ', h('strong', { lang: s.lang, text: s.guess.word })) : null,
    s.guess.prematch === 'near' ? h('p', { class: 'hint', text: t('impostor.guess.near') }) : null,
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'btn btn-primary', testid: 'judge-right', text: t('impostor.guess.right'), onclick: () => rule(true) }),
      h('button', { type: 'button', class: 'btn', testid: 'judge-wrong', text: t('impostor.guess.wrong'), onclick: () => rule(false) })),
    errorLine(ctx, 'judge'));
}

function renderGuess(ctx) {
  const s = ctx.state;
  const g = s.guess || {};
  const by = nameOf(s, g.by);
  // The caught impostor's own phone speaks to them, not about them.
  const me = !ctx.tv && !!s.me && g.by === s.me.id && playOf(s) === 'phones';
  let form = null;
  if (me && !g.text) {
    const input = h('input', { type: 'text', class: 'imp-input', testid: 'guess-input', maxlength: '40', autocomplete: 'off', lang: s.lang, 'aria-label': t('impostor.guess.label'), dataset: { focus: 'guess' } });
    const send = () => { if (input.value.trim()) ctx.act('guess', { round: s.round, text: input.value.trim() }, { slot: 'guess' }); };
    form = h('form', { class: 'entry-form', onsubmit: (ev) => { ev.preventDefault(); send(); } },
      h('label', { class: 'imp-label', text: t('impostor.guess.label') }), input,
      h('button', { type: 'submit', class: 'btn btn-primary', testid: 'guess-send', text: t('impostor.guess.send') }),
      errorLine(ctx, 'guess'));
  }
  let status = null;
  if (g.text) status = h('p', { class: 'imp-guess-text', testid: 'guess-text', lang: s.lang, text: t('impostor.guess.said', { text: g.text }) });
  else if (!me) status = h('p', { class: 'status', testid: 'guess-status', text: playOf(s) === 'phones' ? t('impostor.guess.typing', { name: by }) : t('impostor.guess.aloud', { name: by }) });
  const node = screen(s.phase, me ? t('impostor.guess.titleYou') : t('impostor.guess.title', { name: by }),
    roundLabel(s),
    h('p', { class: 'notice', testid: 'accused', text: me ? t('impostor.guess.caughtYou') : t('impostor.guess.caught', { name: by }) }),
    timer(s, s.phase),
    status,
    me && g.text && s.phase === 'judging' ? h('p', { class: 'status', testid: 'guess-judged-by', text: t('impostor.guess.judgedBy', { name: nameOf(s, g.judge) }) }) : null,
    form,
    judgeButtons(ctx),
    cluesList(s));
  return { node, focus: node.querySelector('[data-testid="guess-input"]') || node.querySelector(`#${s.phase}-h`), shape: `${s.phase}|${g.text}` };
}

/** Every screen says what follows the reveal, and when: the next round or the results. */
function nextUp(s, last) {
  if (!Number.isFinite(s.deadline)) return null;
  return h('div', { class: 'imp-next', testid: 'next-up', dataset: { patch: 'timer' } },
    countdown(`reveal|${s.round}|${s.deadline}`, s.deadline, {
      label: last ? t('impostor.reveal.resultsIn') : t('impostor.reveal.nextIn'),
      until: last ? t('impostor.reveal.resultsIn') : t('impostor.reveal.nextIn'),
      start: s.phase_started_at,
    }));
}

const OUTCOMES = ['escaped', 'caught_guessed', 'caught_missed', 'civilian_said', 'tie', 'impostor_said', 'low_turnout', 'void'];

function renderReveal(ctx) {
  const s = ctx.state;
  const r = s.reveal || {};
  const outcome = OUTCOMES.includes(r.outcome) ? r.outcome : 'void';
  const imps = namesOf(s, r.impostors || []);
  const awards = r.awards || {};
  const host = isHost(s, ctx);
  const canGo = Number.isFinite(s.continue_at) ? serverNow() >= s.continue_at : true;
  const guess = r.guess && r.guess.text ? r.guess.text : null;
  const last = s.round >= s.rounds;
  const node = screen('reveal', t(`impostor.reveal.${outcome}`, { names: fmtList(imps), name: nameOf(s, r.accused || (r.said && r.said.speaker)) }),
    roundLabel(s),
    h('dl', { class: 'imp-reveal', testid: 'reveal', dataset: { outcome } },
      h('dt', { text: t('impostor.reveal.word') }), h('dd', { class: 'imp-reveal-word', testid: 'reveal-word', lang: s.lang, text: r.word || '' }),
      h('dt', { text: t('impostor.reveal.category') }), h('dd', { lang: s.lang, text: r.category || '' }),
      h('dt', { text: t('impostor.reveal.impostors', { n: imps.length }) }), h('dd', { testid: 'reveal-impostors', text: fmtList(imps) }),
      r.accused ? [h('dt', { text: t('impostor.reveal.accused') }), h('dd', { text: nameOf(s, r.accused) })] : null,
      guess ? [h('dt', { text: t('impostor.reveal.guess') }), h('dd', { lang: s.lang, text: guess })] : null),
    h('section', { class: 'panel', 'aria-labelledby': 'awards-h' },
      h('h2', { id: 'awards-h', text: t('impostor.reveal.awards') }),
      h('ol', { class: 'scoreboard', testid: 'awards' }, players(s).filter((p) => (r.totals || s.totals || {})[p.id] !== undefined).map((p) => h('li', { class: 'score-row' },
        h('span', { class: 'score-name', text: p.name }),
        h('span', { class: 'score-award', text: num(awards[p.id]) ? `+${fmtNumber(num(awards[p.id]))}` : '' }),
        h('span', { class: 'score-total', text: fmtNumber(num((s.totals || {})[p.id])) }))))),
    host ? null : nextUp(s, last),
    host ? h('div', { class: 'actions action-bar', testid: 'action-bar' },
      nextUp(s, last),
      canGo ? null : h('p', { class: 'hint', testid: 'continue-wait', id: 'continue-wait', text: t('impostor.reveal.waitBeats') }),
      h('button', { type: 'button', class: 'btn btn-primary', testid: 'continue', disabled: !canGo, 'aria-describedby': canGo ? null : 'continue-wait', text: last ? t('impostor.reveal.toResults') : t('impostor.reveal.next'), onclick: () => ctx.act('continue', { round: s.round }, { slot: 'continue' }) }),
      h('button', { type: 'button', class: 'btn btn-quiet', testid: 'end-match', text: t('impostor.reveal.end'), onclick: () => ctx.act('end_match', {}, { slot: 'continue' }) }),
      errorLine(ctx, 'continue')) : null,
    cluesList({ ...s, clues: r.clues }));
  return { node, focus: node.querySelector('#reveal-h'), shape: `reveal|${canGo}`, wake: canGo ? [] : [s.continue_at] };
}

function renderResults(ctx) {
  const s = ctx.state;
  const totals = s.totals || {};
  const scored = { ...s, players: players(s).map((p) => ({ ...p, score: num(totals[p.id]) })), match_seats: Object.keys(totals) };
  const titles = [];
  const tt = s.titles || {};
  if (Array.isArray(tt.best_liar) && tt.best_liar.length) titles.push({ key: 'liar', title: t('impostor.results.bestLiar'), who: fmtList(namesOf(s, tt.best_liar)) });
  if (Array.isArray(tt.sharpest_eye) && tt.sharpest_eye.length) titles.push({ key: 'eye', title: t('impostor.results.sharpestEye'), who: fmtList(namesOf(s, tt.sharpest_eye)) });
  // Between matches the host may change the seats held on this phone (2b).
  return resultFrame({ ...ctx, state: scored }, { titles, extra: isHost(s, ctx) ? [lobbyExtra(ctx)] : [] });
}

/**
 * The redraw rule. The shell patches a screen in place (its [data-patch] parts
 * only) while the render's `shape` is unchanged, and redraws it otherwise. A
 * shape that lists some of a screen's inputs misses the others: "Give clue"
 * stayed greyed on a seat's second turn running, because the end of the first
 * turn's request was not among them. So a screen's shape is what it draws, less
 * its live parts: any other difference (a button enabled, a line added, a turn
 * number) redraws, and the controls always follow the state and the requests.
 */
export function drawn(node) {
  const copy = node.cloneNode(true);
  copy.querySelectorAll('[data-patch]').forEach((part) => part.replaceChildren());
  return copy.outerHTML;
}

const redrawnWhenChanged = (render) => (ctx) => {
  const result = render(ctx);
  return result.shape ? { ...result, shape: `${result.shape}|${drawn(result.node)}` } : result;
};

export const screens = {
  deal: redrawnWhenChanged(renderDeal),
  clues: redrawnWhenChanged(renderClues),
  discussion: redrawnWhenChanged(renderDiscussion),
  voting: redrawnWhenChanged(renderVoting),
  guess: redrawnWhenChanged(renderGuess),
  judging: redrawnWhenChanged(renderGuess),
  reveal: redrawnWhenChanged(renderReveal),
  finished: renderResults,
};
