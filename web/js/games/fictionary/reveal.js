// The reveal (F12): six kinds of beat, played in server time on every screen
// at once. Each beat shows its end state once reached (a late arrival or
// reduced motion sees them all at once); each says one plain line to the
// aria-live caption, in the UI language (ruling 12b).

import { h } from '../../shell/dom.js';
import { fmtList, t } from '../../shell/i18n.js';
import { serverNow } from '../../shell/clock.js';
import { nameOf, namesOf, num, players } from '../../shell/common.js';
import { banner, mySeat, roundLine, scoreStrip, scoresKey, scoresSheet, wordBlock } from './common.js';

const CUES = ['votes', 'author', 'authors', 'real', 'judge', 'totals'];

export function revealOf(x) {
  if (!x || typeof x !== 'object') return null;
  return {
    round: num(x.round),
    word: typeof x.word === 'string' ? x.word : '',
    truth: typeof x.truth === 'string' ? x.truth : '',
    judge: typeof x.judge === 'string' ? x.judge : null,
    options: (Array.isArray(x.options) ? x.options : []).filter((o) => o && typeof o.id === 'string'),
    beats: (Array.isArray(x.beats) ? x.beats : []).filter((b) => b && CUES.includes(b.cue) && Number.isFinite(b.at)),
    awards: x.awards && typeof x.awards === 'object' ? x.awards : {},
    totals: x.totals && typeof x.totals === 'object' ? x.totals : {},
  };
}

/**
 * The rounds a screen can show on the scores sheet during play: the last reveal's.
 * During a reveal, this round's points only once its `totals` beat is reached
 * (`upTo`: that beat); before it the sheet shows the totals the rows are sent.
 */
export function lastRounds(state, upTo = undefined) {
  if (state.reveal && upTo === null) return [];
  const rv = revealOf(state.reveal || state.last);
  return rv ? [{ round: rv.round, word: rv.word, awards: rv.awards }] : [];
}

/** The totals a reveal's `totals` beat carries, by seat (numbers only). */
function beatTotals(beat) {
  const out = {};
  if (beat && beat.totals && typeof beat.totals === 'object') {
    for (const [id, v] of Object.entries(beat.totals)) out[id] = num(v);
  }
  return out;
}

/** The plain line of a beat (F12's sentences, with names). */
export function sentence(state, beat) {
  const names = (ids) => fmtList(namesOf(state, ids));
  switch (beat.cue) {
    case 'votes': return t('fictionary.say.votes');
    case 'author': {
      const fooled = Array.isArray(beat.fooled) ? beat.fooled : [];
      return t('fictionary.say.author', { option: num(beat.n), writers: names(beat.writers), names: names(fooled) });
    }
    case 'authors': return t('fictionary.say.authors', { ns: fmtList((beat.ns || []).map(String)), n: (beat.ns || []).length });
    case 'real': {
      const found = Array.isArray(beat.found) ? beat.found : [];
      return found.length ? t('fictionary.say.real', { option: num(beat.n), names: names(found) }) : t('fictionary.say.realNobody', { option: num(beat.n) });
    }
    case 'judge': return t('fictionary.say.judge', { name: nameOf(state, beat.judge), n: num(beat.points) });
    case 'totals': {
      // The beat's own totals: the rows' scores stay those before this round until it ends.
      const totals = beatTotals(beat);
      const rows = players(state).filter((p) => p.id in totals).sort((a, b) => totals[b.id] - totals[a.id]);
      const top = rows.length ? totals[rows[0].id] : 0;
      return t('fictionary.say.totals', { names: names(rows.filter((p) => totals[p.id] === top).map((p) => p.id)), n: top });
    }
    default: return '';
  }
}

export function renderReveal(ctx) {
  const { state, memo } = ctx;
  const rv = revealOf(state.reveal);
  if (!rv) return { node: h('section', { class: 'screen' }, roundLine(state)) };
  const now = serverNow();
  // Skip (F28) jumps this screen to every beat's end state; the table's reveal runs on.
  const reached = memo.skip ? rv.beats : rv.beats.filter((b) => b.at <= now);
  const more = reached.length < rv.beats.length;
  const me = mySeat(state);
  const seen = (cue) => reached.some((b) => b.cue === cue);
  const authorOf = new Map(); // n -> beat, once its author beat is reached
  for (const b of reached) if (b.cue === 'author') authorOf.set(num(b.n), b);
  const idle = new Set(reached.filter((b) => b.cue === 'authors').flatMap((b) => b.ns || []));
  const lines = reached.map((b) => sentence(state, b));
  if (lines.length && memo.said !== lines.length) {
    memo.said = lines.length;
    ctx.say(lines[lines.length - 1]);
  }
  let note = null;
  const mineFooled = reached.filter((b) => b.cue === 'author' && (b.writers || []).includes(me));
  if (mineFooled.length) note = t('fictionary.banner.fooled', { names: fmtList(namesOf(state, mineFooled.flatMap((b) => b.fooled || []))) });
  const realBeat = reached.find((b) => b.cue === 'real');
  if (realBeat && (realBeat.found || []).includes(me)) note = t('fictionary.banner.found');

  const cards = rv.options.map((o) => {
    const n = num(o.n);
    const isReal = o.kind === 'truth';
    const told = isReal ? seen('real') : authorOf.has(n) || idle.has(n);
    const stage = !told ? 'waiting' : isReal ? 'truth' : 'writer';
    const voters = Array.isArray(o.voters) ? o.voters : [];
    return h('li', null, h('div', {
      class: `card reveal-card is-${stage}`, testid: 'reveal-card', dataset: { stage, index: n }, 'aria-current': told && (authorOf.get(n) === reached.at(-1) || (isReal && reached.at(-1)?.cue === 'real')) ? 'true' : null,
    },
    h('span', { class: 'card-num', text: String(n) }),
    h('span', { class: 'card-body' },
      h('span', { class: 'card-text', lang: state.lang || null, text: o.text || '' }),
      told && isReal ? h('span', { class: 'tag tag-truth', text: t('fictionary.voting.real') }) : null,
      told && !isReal ? h('span', { class: 'by', text: t('fictionary.reveal.by', { names: fmtList(namesOf(state, o.writers || [])) }) }) : null,
      seen('votes') && voters.length ? h('span', { class: 'voters', text: t('fictionary.reveal.voters', { names: fmtList(namesOf(state, voters)) }) }) : null)));
  });
  const parts = [roundLine(state), wordBlock(state, { speaker: false, ctx }), banner(note, 'reveal-banner'),
    h('ol', { class: 'ballot reveal', testid: 'reveal' }, cards),
    h('ol', { class: 'beat-lines', testid: 'beat-lines' }, lines.map((l) => h('li', { text: l }))),
    more && !ctx.tv ? h('button', {
      type: 'button', class: 'btn btn-quiet', testid: 'reveal-skip', dataset: { focus: 'reveal-skip' },
      onclick: () => { memo.skip = true; ctx.rerender({ focusKey: 'word' }); },
    }, t('fictionary.reveal.skip')) : null];
  if (seen('totals')) {
    parts.push(h('ul', { class: 'awards', testid: 'awards' }, Object.entries(rv.awards).filter(([, v]) => num(v) > 0)
      .map(([id, v]) => h('li', { text: t('fictionary.reveal.award', { name: nameOf(state, id), n: num(v) }) }))));
  }
  // New totals only from the totals beat on (F12): until then the rows' scores, which the
  // server sends as they stood before this round.
  const totalsBeat = reached.find((b) => b.cue === 'totals') || null;
  const totals = totalsBeat ? beatTotals(totalsBeat) : null;
  parts.push(memo.sheet ? scoresSheet(state, lastRounds(state, totalsBeat), totals) : scoreStrip(state, totals));
  const node = h('section', { class: 'screen screen-reveal', 'aria-label': rv.word, dataset: { beats: reached.length } }, parts);
  const wake = rv.beats.filter((b) => b.at > now).map((b) => b.at);
  return {
    node,
    focus: node.querySelector('[data-testid="word"]'),
    wake,
    onKey: (ev) => scoresKey(ev, ctx),
    shape: JSON.stringify(['reveal', rv.round, reached.length, !!memo.sheet, !!memo.keySheet, more]),
  };
}
