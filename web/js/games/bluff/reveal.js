// The reveal, played beat by beat in server time on every screen together:
// votes → writers → truth → awards → totals. A page that arrives late (or
// prefers reduced motion) jumps to each beat's end state; only the beats this
// page sees happen get an animation. One plain sentence per beat goes to the
// aria-live caption (`say`).

import { h, prefersReducedMotion, shorten, srOnly } from '../../shell/dom.js';
import { fmtList, fmtNumber, t } from '../../shell/i18n.js';
import { serverNow } from '../../shell/clock.js';
import { countdown } from '../../shell/countdown.js';
import { nameOf, namesOf, num, players, roundLabel } from '../../shell/common.js';
import { wordBlock } from './common.js';

const joinNames = fmtList;
const quoted = (text) => t('bluff.reveal.quoted', { text });

const CUES = ['votes', 'writers', 'truth', 'awards', 'totals'];
// How far the estimated server clock may run ahead of the server's own (clock.js).
const CLOCK_MARGIN_MS = 250;

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
  const beats = (Array.isArray(rv.beats) ? rv.beats : [])
    .filter((b) => b && Number.isFinite(b.at) && CUES.includes(b.cue))
    .sort((a, b) => a.at - b.at);
  const obj = (x) => (x && typeof x === 'object' && !Array.isArray(x) ? x : {});
  return {
    word: typeof rv.word === 'string' ? rv.word : '',
    note: typeof rv.note === 'string' ? rv.note : '',
    truth: typeof rv.truth === 'string' ? rv.truth : '',
    aliases: Array.isArray(rv.aliases) ? rv.aliases.filter((x) => typeof x === 'string') : [],
    options,
    truthWriters: (Array.isArray(rv.truth_writers) ? rv.truth_writers : []).filter((t) => t && typeof t.player === 'string'),
    groups: (Array.isArray(rv.groups) ? rv.groups : []).filter((g) => g && Array.isArray(g.writers)),
    skipped: Array.isArray(rv.skipped) ? rv.skipped.filter((x) => typeof x === 'string') : [],
    awards: obj(rv.awards),
    totals: obj(rv.totals),
    beats,
  };
}

/** The plain sentence a beat says. */
export function sentence(state, rv, cue) {
  const names = (ids) => joinNames(namesOf(state, ids));
  switch (cue) {
    case 'votes': {
      const chosen = rv.options.filter((o) => o.voters.length).sort((a, b) => b.voters.length - a.voters.length);
      return chosen.length
        ? chosen.map((o) => t('bluff.say.chose', { names: names(o.voters), text: shorten(o.text) })).join(' ')
        : t('bluff.say.nobodyVoted');
    }
    case 'writers': {
      const parts = [];
      for (const o of rv.options) {
        if (o.kind === 'bluff' && o.writers.length) parts.push(t('bluff.say.writtenBy', { text: shorten(o.text), names: names(o.writers) }));
        else if (o.kind === 'fallback') parts.push(t('bluff.say.decoy', { text: shorten(o.text) }));
      }
      for (const g of rv.groups) parts.push(t('bluff.say.group', { names: names(g.writers) }));
      if (rv.skipped.length) parts.push(t('bluff.say.skipped', { names: names(rv.skipped) }));
      return parts.length ? parts.join(' ') : t('bluff.say.noBluffs');
    }
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
      return list.length ? t('bluff.say.awards', { list: list.join(', ') }) : t('bluff.say.nobodyScored');
    }
    case 'totals': {
      const rows = Object.entries(rv.totals).filter(([, t]) => Number.isFinite(t));
      if (!rows.length) return t('bluff.say.noTotals');
      const top = Math.max(...rows.map(([, t]) => t));
      const leaders = rows.filter(([, t]) => t === top).map(([id]) => nameOf(state, id));
      return t(leaders.length === 1 ? 'bluff.say.leads' : 'bluff.say.shareLead', { names: joinNames(leaders), n: top });
    }
    default:
      return '';
  }
}

function myPayoff(state, rv) {
  const me = state.me && state.me.id;
  if (!me || !(me in rv.awards)) return null;
  const pts = num(rv.awards[me]);
  if (rv.truthWriters.some((t) => t.player === me)) return t('bluff.reveal.youWroteTruth', { pts });
  const lines = [];
  const truth = rv.options.find((o) => o.kind === 'truth');
  if (truth && truth.voters.includes(me)) lines.push(t('bluff.reveal.youFound', { pts: 1000 }));
  const myBluff = rv.options.find((o) => o.kind === 'bluff' && o.writers.includes(me));
  if (myBluff && myBluff.voters.length) lines.push(t('bluff.reveal.youFooled', { names: joinNames(namesOf(state, myBluff.voters)), pts: 500 * myBluff.voters.length }));
  if (!lines.length) return pts > 0 ? t('bluff.reveal.youScored', { pts }) : t('bluff.reveal.youNothing');
  return lines.join(' · ');
}

export function scoreboard(state, rv, { showAwards, showTotals, animAwards, animTotals }) {
  const rows = players(state).map((p) => {
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
        ? h('span', { class: `score-award${r.award > 0 ? ' is-plus' : ''}${animAwards ? ' anim-pop' : ''}`, text: `+${fmtNumber(r.award)}` })
        : h('span', { class: 'score-award' }),
      h('span', { class: `score-total${animTotals ? ' anim-count' : ''}`, text: fmtNumber(r.shown) }))));
}

export function renderReveal(ctx) {
  const { state, memo } = ctx;
  const raw = state.reveal && typeof state.reveal === 'object' ? state.reveal : null;
  const rv = cleanReveal(raw || {});
  const now = serverNow();
  const reachedBeats = rv.beats.length ? rv.beats.filter((b) => b.at <= now) : CUES.map((cue) => ({ cue, at: 0 }));
  const reached = new Set(reachedBeats.map((b) => b.cue));
  const count = reachedBeats.length;

  // Only beats this page sees happen animate; the first sight jumps.
  if (memo.shownBeats === undefined) memo.shownBeats = count;
  const calm = prefersReducedMotion() || document.hidden;
  const fresh = new Set(calm ? [] : reachedBeats.slice(memo.shownBeats).map((b) => b.cue));
  memo.shownBeats = Math.max(memo.shownBeats, count);
  if (count > 0 && memo.said !== count) {
    memo.said = count;
    ctx.say(sentence(state, rv, reachedBeats[count - 1].cue));
  }
  const seen = (cue) => reached.has(cue);
  const anim = (cue, name) => (fresh.has(cue) ? ` ${name}` : '');

  const cards = rv.options.map((o) => {
    const isTruth = o.kind === 'truth' && seen('truth');
    const by = [];
    if (seen('writers')) {
      if (o.kind === 'bluff' && o.writers.length) by.push(h('p', { class: `card-by${anim('writers', 'anim-in')}`, text: t('bluff.reveal.writtenBy', { names: joinNames(namesOf(state, o.writers)) }) }));
      else if (o.kind === 'fallback') by.push(h('p', { class: `card-by is-decoy${anim('writers', 'anim-in')}`, text: t('bluff.reveal.decoy') }));
    }
    const voters = seen('votes')
      ? h('ul', { class: `voters${anim('votes', 'anim-in')}`, 'aria-label': t('bluff.reveal.chosenBy') },
        o.voters.length
          ? o.voters.map((id) => h('li', { class: 'chip', text: nameOf(state, id) }))
          : [h('li', { class: 'chip is-none', text: t('bluff.reveal.noVotes') })])
      : null;
    return h('li', {
      class: `card reveal-card${isTruth ? ' is-truth' : ''}${seen('truth') && !isTruth ? ' is-fake' : ''}`,
      testid: 'reveal-option',
      dataset: { optionId: o.id, index: o.index, kind: seen('truth') ? o.kind : null },
    },
    h('span', { class: 'card-num' }, srOnly(`${t('bluff.voting.card')} `), String(o.index)),
    h('div', { class: 'card-body' },
      isTruth ? h('span', { class: `stamp${anim('truth', 'anim-stamp')}`, text: t('bluff.reveal.trueStamp') }) : null,
      h('span', { class: 'card-text', lang: state.lang || null, text: o.text }),
      by,
      voters));
  });

  const notes = [];
  if (seen('truth')) {
    for (const w of rv.truthWriters) notes.push(h('li', { class: anim('truth', 'anim-in').trim() || null, text: t('bluff.reveal.truthWriters', { names: nameOf(state, w.player), text: w.text || rv.truth }) }));
  }
  if (seen('writers')) {
    for (const g of rv.groups) {
      const texts = Array.isArray(g.texts) ? g.texts.filter((x) => typeof x === 'string') : [];
      const names = joinNames(namesOf(state, g.writers));
      notes.push(h('li', { text: texts[0] ? t('bluff.reveal.group', { names, text: texts[0] }) : t('bluff.reveal.groupNoText', { names }) }));
    }
    if (rv.skipped.length) notes.push(h('li', { text: t('bluff.reveal.skipped', { names: joinNames(namesOf(state, rv.skipped)) }) }));
  }
  if (seen('truth') && rv.aliases.length) notes.push(h('li', { lang: state.lang || null, text: t('bluff.reveal.alsoAccepted', { list: rv.aliases.map(quoted) }) }));

  const payoff = seen('awards') ? myPayoff(state, rv) : null;
  const me = state.me || {};
  const now2 = serverNow();
  // The server's clock is only estimated here: offer Continue a moment after the
  // server will accept it, never a moment before (a `too_early` refusal).
  const continueAt = Number.isFinite(state.continue_at) ? state.continue_at + CLOCK_MARGIN_MS : null;
  const canContinue = continueAt === null || now2 >= continueAt;
  const last = num(state.round) >= num(state.rounds, 6);

  const parts = [
    roundLabel(state),
    wordBlock(state, { word: rv.word || state.word, note: rv.note || state.note }),
    h('ol', { class: `ballot reveal-ballot${rv.options.length > 6 ? ' is-many' : ''}`, 'aria-label': t('bluff.reveal.heading') }, cards),
    notes.length ? h('ul', { class: 'reveal-notes' }, notes) : null,
    payoff ? h('p', { class: `payoff${anim('awards', 'anim-pop')}`, role: 'status', text: payoff }) : null,
    h('section', { class: 'panel scores-panel', 'aria-labelledby': 'scores-h' },
      h('h2', { id: 'scores-h', text: t('common.scores') }),
      scoreboard(state, rv, {
        showAwards: seen('awards'),
        showTotals: seen('totals'),
        animAwards: fresh.has('awards'),
        animTotals: fresh.has('totals'),
      })),
  ];
  const actions = [];
  if (me.host && !ctx.tv) {
    actions.push(h('button', {
      type: 'button',
      class: 'btn btn-primary btn-big',
      testid: 'continue-btn',
      dataset: { focus: 'continue' },
      disabled: !canContinue || !!memo.pending.continue,
      'aria-describedby': canContinue ? null : 'continue-wait',
      onclick: () => ctx.act('continue', { round: num(state.round) }, { slot: 'continue' }),
    }, last ? t('bluff.reveal.results') : t('bluff.reveal.next')));
    if (!canContinue) actions.push(h('p', { class: 'hint', id: 'continue-wait', text: t('bluff.reveal.continueWait') }));
    if (memo.errors.continue) actions.push(h('p', { class: 'error', role: 'alert', text: memo.errors.continue }));
  }
  actions.push(countdown(`${state.room}:${state.round}:reveal`, state.deadline, { label: t('bluff.reveal.autoNext'), until: t('bluff.reveal.autoNext'), start: state.phase_started_at }));
  parts.push(h('div', { class: 'actions' }, actions));

  const node = h('section', { class: `screen screen-reveal${rv.options.length > 6 ? ' is-many' : ''}`, testid: 'reveal', 'aria-label': t('bluff.reveal.heading') }, parts);

  const wake = [];
  for (const b of rv.beats) if (b.at > now) wake.push(b.at);
  if (Number.isFinite(state.continue_at) && state.continue_at + CLOCK_MARGIN_MS > now) {
    wake.push(state.continue_at + CLOCK_MARGIN_MS);
  }
  const focus = node.querySelector('[data-testid="word"]');
  return { node, focus, wake };
}
