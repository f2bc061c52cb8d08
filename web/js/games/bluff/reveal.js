// The reveal as a show, played beat by beat in server time on every screen
// together (the beats come from the server): each lie and decoy in turn, the
// least-voted first — who fell for it, then who wrote it — then the truth,
// then the round's points, then the totals. A page that arrives late (or
// prefers reduced motion) jumps to each beat's end state; only the beats this
// page sees happen are animated. One plain sentence per beat goes to the
// aria-live caption (`say`). The host may continue from 6 s, or jump to the
// last frame and hold it (`hold`) until the 20 s backstop.

import { h, prefersReducedMotion, shorten, srOnly } from '../../shell/dom.js';
import { fmtList, fmtNumber, t } from '../../shell/i18n.js';
import { serverNow } from '../../shell/clock.js';
import { countdown } from '../../shell/countdown.js';
import { nameOf, namesOf, num, players, roundLabel } from '../../shell/common.js';
import { play } from '../../shell/sound.js';
import { lastRoundNotice, watchingNotice, wordBlock } from './common.js';

const joinNames = fmtList;
const quoted = (text) => t('bluff.reveal.quoted', { text });

const CUES = ['voters', 'writer', 'truth', 'awards', 'totals'];
// How far the estimated server clock may run ahead of the server's own (clock.js).
const CLOCK_MARGIN_MS = 250;
const COUNT_MS = 900;

function cleanReveal(rv) {
  const options = (Array.isArray(rv.options) ? rv.options : [])
    .filter((o) => o && typeof o.id === 'string')
    .map((o, i) => ({
      id: o.id,
      index: i + 1,
      text: typeof o.text === 'string' ? o.text : '',
      kind: o.kind === 'truth' || o.kind === 'fallback' ? o.kind : 'bluff',
      writers: Array.isArray(o.writers) ? o.writers.filter((x) => typeof x === 'string') : [],
      voters: Array.isArray(o.voters) ? o.voters.filter((x) => typeof x === 'string') : [],
    }));
  const ids = new Set(options.map((o) => o.id));
  const beats = (Array.isArray(rv.beats) ? rv.beats : [])
    .filter((b) => b && Number.isFinite(b.at) && CUES.includes(b.cue))
    .filter((b) => (b.cue === 'voters' || b.cue === 'writer' ? ids.has(b.option) : true))
    .map((b, i) => ({ ...b, i }))
    .sort((a, b) => a.at - b.at || a.i - b.i);
  const obj = (x) => (x && typeof x === 'object' && !Array.isArray(x) ? x : {});
  return {
    word: typeof rv.word === 'string' ? rv.word : '',
    note: typeof rv.note === 'string' ? rv.note : '',
    truth: typeof rv.truth === 'string' ? rv.truth : '',
    aliases: Array.isArray(rv.aliases) ? rv.aliases.filter((x) => typeof x === 'string') : [],
    options,
    truthWriters: (Array.isArray(rv.truth_writers) ? rv.truth_writers : []).filter((w) => w && typeof w.player === 'string'),
    groups: (Array.isArray(rv.groups) ? rv.groups : []).filter((g) => g && Array.isArray(g.writers)),
    skipped: Array.isArray(rv.skipped) ? rv.skipped.filter((x) => typeof x === 'string') : [],
    awards: obj(rv.awards),
    totals: obj(rv.totals),
    beats,
  };
}

/** The plain sentence a beat says. */
export function sentence(state, rv, beat) {
  const names = (ids) => joinNames(namesOf(state, ids));
  const option = rv.options.find((o) => o.id === beat.option);
  switch (beat.cue) {
    case 'voters':
      if (!option) return '';
      return option.voters.length
        ? t('bluff.say.fellFor', { names: names(option.voters), text: shorten(option.text), n: option.voters.length })
        : t('bluff.say.nobodyFell', { text: shorten(option.text) });
    case 'writer':
      if (!option) return '';
      return option.kind === 'fallback'
        ? t('bluff.say.decoy', { text: shorten(option.text) })
        : t('bluff.say.writtenBy', { text: shorten(option.text), names: names(option.writers) });
    case 'truth': {
      const truth = rv.options.find((o) => o.kind === 'truth');
      const text = shorten(rv.truth || (truth && truth.text) || '', 80);
      const line = truth && truth.voters.length
        ? t('bluff.say.truthFound', { text, names: names(truth.voters) })
        : t('bluff.say.truthNobody', { text });
      const writers = rv.truthWriters.map((w) => t('bluff.say.truthWriters', { names: nameOf(state, w.player), text: shorten(w.text || rv.truth) }));
      return [line, ...writers].join(' ');
    }
    case 'awards': {
      const list = Object.entries(rv.awards)
        .filter(([, pts]) => Number.isFinite(pts) && pts > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([id, pts]) => t('bluff.say.award', { name: nameOf(state, id), pts }));
      const parts = [list.length ? t('bluff.say.awards', { list: list.join(', ') }) : t('bluff.say.nobodyScored')];
      for (const g of rv.groups) parts.push(t('bluff.say.group', { names: names(g.writers) }));
      if (rv.skipped.length) parts.push(t('bluff.say.skipped', { names: names(rv.skipped) }));
      return parts.join(' ');
    }
    case 'totals': {
      const rows = Object.entries(rv.totals).filter(([, x]) => Number.isFinite(x));
      if (!rows.length) return t('bluff.say.noTotals');
      const top = Math.max(...rows.map(([, x]) => x));
      if (top <= 0) return t('bluff.say.nobodyYet');
      const leaders = rows.filter(([, x]) => x === top).map(([id]) => nameOf(state, id));
      return t(leaders.length === 1 ? 'bluff.say.leads' : 'bluff.say.shareLead', { names: joinNames(leaders), n: top });
    }
    default:
      return '';
  }
}

/** This member's own line: what the round gave them, and why. */
function myPayoff(state, rv) {
  const me = state.me && state.me.id;
  if (!me || !(me in rv.awards)) return null;
  const pts = num(rv.awards[me]);
  if (rv.truthWriters.some((w) => w.player === me)) return t('bluff.reveal.youWroteTruth', { pts });
  const lines = [];
  const truth = rv.options.find((o) => o.kind === 'truth');
  if (truth && truth.voters.includes(me)) lines.push(t('bluff.reveal.youFound', { pts: 1000 }));
  const myBluff = rv.options.find((o) => o.kind === 'bluff' && o.writers.includes(me));
  if (myBluff && myBluff.voters.length) lines.push(t('bluff.reveal.youFooled', { names: joinNames(namesOf(state, myBluff.voters)), pts: 500 * myBluff.voters.length }));
  if (!lines.length) return pts > 0 ? t('bluff.reveal.youScored', { pts }) : t('bluff.reveal.youNothing');
  return lines.join(' · ');
}

/** Count the totals up from their value before the round (not with reduced motion). */
function countUp(node) {
  const els = [...node.querySelectorAll('.score-total[data-from]')];
  if (!els.length) return;
  const start = performance.now();
  const step = (now) => {
    const k = Math.min(1, (now - start) / COUNT_MS);
    const ease = 1 - (1 - k) ** 3;
    for (const el of els) {
      const from = Number(el.dataset.from);
      const to = Number(el.dataset.to);
      el.textContent = fmtNumber(Math.round(from + (to - from) * ease));
    }
    if (k < 1 && node.isConnected) requestAnimationFrame(step);
    else els.forEach((el) => { el.textContent = fmtNumber(Number(el.dataset.to)); delete el.dataset.from; });
  };
  requestAnimationFrame(step);
}

export function scoreboard(state, rv, { showAwards, showTotals, animAwards, animTotals }) {
  const inMatch = Object.keys(rv.totals).length ? new Set(Object.keys(rv.totals)) : null;
  const rows = players(state).filter((p) => !inMatch || inMatch.has(p.id)).map((p) => {
    const award = Number.isFinite(rv.awards[p.id]) ? rv.awards[p.id] : null;
    const total = Number.isFinite(rv.totals[p.id]) ? rv.totals[p.id] : num(p.score);
    const before = total - (award || 0);
    return { p, award, total, before, shown: showTotals ? total : before };
  }).filter((r) => r.p.active !== false || r.award !== null || r.total > 0);
  rows.sort((a, b) => b.shown - a.shown);
  const meId = state.me && state.me.id;
  return h('ol', { class: 'scoreboard', testid: 'scoreboard' },
    rows.map((r) => h('li', { class: `score-row${r.p.id === meId ? ' is-me' : ''}`, dataset: { playerId: r.p.id } },
      h('span', { class: 'score-name', text: r.p.name || t('common.someone') }),
      showAwards && r.award !== null
        ? h('span', { class: `score-award${r.award > 0 ? ' is-plus' : ''}${animAwards ? ' anim-pop' : ''}`, testid: 'score-award', text: `+${fmtNumber(r.award)}` })
        : h('span', { class: 'score-award' }),
      h('span', {
        class: `score-total${animTotals ? ' anim-count' : ''}`,
        testid: 'score-total',
        dataset: animTotals && r.before !== r.total ? { from: r.before, to: r.total } : {},
        text: fmtNumber(animTotals ? r.before : r.shown),
      }))));
}

export function renderReveal(ctx) {
  const { state, memo } = ctx;
  const raw = state.reveal && typeof state.reveal === 'object' ? state.reveal : null;
  const rv = cleanReveal(raw || {});
  const now = serverNow();
  // An old snapshot without beats shows everything at once.
  const reached = rv.beats.length ? rv.beats.filter((b) => b.at <= now) : [{ cue: 'truth' }, { cue: 'awards' }, { cue: 'totals' }];
  const count = reached.length;
  const showDone = !rv.beats.length || count === rv.beats.length;

  // Only beats this page sees happen animate; the first sight jumps.
  if (memo.shownBeats === undefined) memo.shownBeats = count;
  const calm = prefersReducedMotion() || document.hidden;
  const freshBeats = calm ? [] : reached.slice(memo.shownBeats);
  const fresh = (cue, option = null) => freshBeats.some((b) => b.cue === cue && (option === null || b.option === option));
  memo.shownBeats = Math.max(memo.shownBeats, count);
  if (count > 0 && memo.said !== count) {
    memo.said = count;
    ctx.say(sentence(state, rv, reached[count - 1]));
  }
  if (fresh('truth')) play('sting');
  const seen = (cue, option = null) => reached.some((b) => b.cue === cue && (option === null || b.option === option));
  const truthOut = seen('truth');
  const current = count > 0 && reached[count - 1].option && !truthOut ? reached[count - 1].option : null;

  const cards = rv.options.map((o) => {
    const isTruth = o.kind === 'truth';
    const votersOut = isTruth ? truthOut : truthOut || seen('voters', o.id);
    const writerOut = !isTruth && (truthOut || seen('writer', o.id));
    let stage = 'waiting';
    if (isTruth && truthOut) stage = 'truth';
    else if (writerOut) stage = 'writer';
    else if (votersOut) stage = 'voters';
    const by = [];
    if (writerOut) {
      const a = fresh('writer', o.id) ? ' anim-in' : '';
      if (o.kind === 'bluff' && o.writers.length) by.push(h('p', { class: `card-by${a}`, testid: 'card-by', text: t('bluff.reveal.writtenBy', { names: joinNames(namesOf(state, o.writers)) }) }));
      else by.push(h('p', { class: `card-by is-decoy${a}`, testid: 'card-by', text: t('bluff.reveal.decoy') }));
    }
    const voters = votersOut
      ? h('div', { class: `voters-line${(isTruth ? fresh('truth') : fresh('voters', o.id)) ? ' anim-in' : ''}` },
        h('span', { class: 'voters-label', text: isTruth ? t('bluff.reveal.foundBy') : t('bluff.reveal.fellFor') }),
        h('ul', { class: 'voters', 'aria-label': isTruth ? t('bluff.reveal.foundBy') : t('bluff.reveal.fellFor') },
          o.voters.length
            ? o.voters.map((id) => h('li', { class: 'chip', text: nameOf(state, id) }))
            : [h('li', { class: 'chip is-none', text: t('bluff.reveal.noVotes') })]))
      : null;
    return h('li', {
      class: `card reveal-card is-${stage}${isTruth && truthOut ? ' is-truth' : ''}${truthOut && !isTruth ? ' is-fake' : ''}${current === o.id ? ' is-current' : ''}`,
      testid: 'reveal-option',
      'aria-current': current === o.id ? 'true' : null,
      dataset: { optionId: o.id, index: o.index, stage, kind: truthOut || writerOut ? o.kind : null },
    },
    h('span', { class: 'card-num' }, srOnly(`${t('bluff.voting.card')} `), String(o.index)),
    h('div', { class: 'card-body' },
      isTruth && truthOut ? h('span', { class: `stamp${fresh('truth') ? ' anim-stamp' : ''}`, testid: 'true-stamp', text: t('bluff.reveal.trueStamp') }) : null,
      h('span', { class: 'card-text', lang: state.lang || null, text: o.text }),
      voters,
      by));
  });

  const notes = [];
  if (truthOut) {
    for (const w of rv.truthWriters) notes.push(h('li', { text: t('bluff.reveal.truthWriters', { names: nameOf(state, w.player), text: w.text || rv.truth }) }));
    if (rv.aliases.length) notes.push(h('li', { lang: state.lang || null, text: t('bluff.reveal.alsoAccepted', { list: rv.aliases.map(quoted) }) }));
  }
  if (seen('awards')) {
    for (const g of rv.groups) {
      const texts = Array.isArray(g.texts) ? g.texts.filter((x) => typeof x === 'string') : [];
      const names = joinNames(namesOf(state, g.writers));
      notes.push(h('li', { text: texts[0] ? t('bluff.reveal.group', { names, text: texts[0] }) : t('bluff.reveal.groupNoText', { names }) }));
    }
    if (rv.skipped.length) notes.push(h('li', { text: t('bluff.reveal.skipped', { names: joinNames(namesOf(state, rv.skipped)) }) }));
  }

  const me = state.me || {};
  const inRound = !!(me.id && me.id in rv.awards);
  const payoff = seen('awards') ? myPayoff(state, rv) : null;
  const now2 = serverNow();
  // The server's clock is only estimated here: offer Continue a moment after the
  // server will accept it, never a moment before (a `too_early` refusal).
  const continueAt = Number.isFinite(state.continue_at) ? state.continue_at + CLOCK_MARGIN_MS : null;
  const canContinue = continueAt === null || now2 >= continueAt;
  const last = num(state.round) >= num(state.rounds, 6) || state.last_round === true;
  const showTotals = seen('totals');

  const board = scoreboard(state, rv, {
    showAwards: seen('awards'),
    showTotals,
    animAwards: fresh('awards'),
    animTotals: fresh('totals'),
  });
  const parts = [
    roundLabel(state),
    wordBlock(state, { word: rv.word || state.word, note: rv.note || state.note }),
    lastRoundNotice(state),
    watchingNotice(state, ctx),
    h('ol', { class: `ballot reveal-ballot${rv.options.length > 6 ? ' is-many' : ''}${rv.options.length > 10 ? ' is-crowded' : ''}`, 'aria-label': t('bluff.reveal.heading') }, cards),
    notes.length ? h('ul', { class: 'reveal-notes', testid: 'reveal-notes' }, notes) : null,
    h('section', { class: 'panel scores-panel', 'aria-labelledby': 'scores-h' },
      h('h2', { id: 'scores-h', text: t('common.scores') }),
      board),
  ];

  // The sticky bar: this member's points line, the host's controls, the clock.
  const bar = [];
  if (inRound && !ctx.tv) {
    bar.push(h('p', {
      class: `payoff${payoff && fresh('awards') ? ' anim-pop' : ''}${payoff ? '' : ' is-waiting'}`,
      testid: 'my-points',
      role: 'status',
      text: payoff || t('bluff.reveal.pointsSoon'),
    }));
  }
  if (me.host && !ctx.tv) {
    const buttons = [h('button', {
      type: 'button',
      class: 'btn btn-primary',
      testid: 'continue-btn',
      dataset: { focus: 'continue' },
      disabled: !canContinue || !!memo.pending.continue,
      'aria-describedby': canContinue ? null : 'continue-wait',
      onclick: () => ctx.act('continue', { round: num(state.round) }, { slot: 'continue' }),
    }, last ? t('bluff.reveal.results') : t('bluff.reveal.next'))];
    if (!showDone) {
      buttons.push(h('button', {
        type: 'button',
        class: 'btn',
        testid: 'hold-btn',
        dataset: { focus: 'hold' },
        disabled: !!memo.pending.hold,
        onclick: () => ctx.act('hold', { round: num(state.round) }, { slot: 'continue' }),
      }, t('bluff.reveal.hold')));
    }
    bar.push(h('div', { class: 'bar-buttons' }, buttons));
    if (!canContinue) bar.push(h('p', { class: 'hint', id: 'continue-wait', text: t('bluff.reveal.continueWait') }));
    if (memo.errors.continue) bar.push(h('p', { class: 'error', role: 'alert', text: memo.errors.continue }));
  }
  const autoNext = last ? t('bluff.reveal.autoResults') : t('bluff.reveal.autoNext');
  bar.push(countdown(`${state.room}:${state.round}:reveal`, state.deadline, { label: autoNext, until: autoNext, start: state.phase_started_at }));
  parts.push(h('div', { class: 'actions action-bar', testid: 'action-bar' }, bar));

  // On a TV: the cards on the left; the scores, the notes and the clock beside them.
  const body = ctx.tv
    ? [h('div', { class: 'tv-main' }, parts.slice(0, 5)), h('div', { class: 'tv-side' }, parts[6], parts[5], parts[7])]
    : parts;
  const node = h('section', { class: `screen screen-reveal${rv.options.length > 6 ? ' is-many' : ''}`, testid: 'reveal', 'aria-label': t('bluff.reveal.heading') }, body);
  if (fresh('totals')) setTimeout(() => countUp(node), 0);

  const wake = [];
  for (const b of rv.beats) if (b.at > now) wake.push(b.at);
  if (Number.isFinite(state.continue_at) && state.continue_at + CLOCK_MARGIN_MS > now) {
    wake.push(state.continue_at + CLOCK_MARGIN_MS);
  }
  const focus = node.querySelector('[data-testid="word"]');
  return { node, focus, wake };
}
