// First-time help (F28): How to play opens the first time this browser plays
// Fictionary; the first time each job is yours in a game (choose, write, spot
// the real one; none for reading out) a card explains it, at the start of that
// phase, so always after any reveal. Both close with "Got it"; How to play
// opens again from its button.

import { h } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { num } from '../../shell/common.js';

export const JOBS = ['choose', 'write', 'vote'];
const HOWTO_KEY = 'fictionary:howto-seen';
const jobsKey = (room) => `fictionary:jobs:${room}`;

function read(store, key) {
  try { return store.getItem(key); } catch { return null; }
}
function write(store, key, value) {
  try { store.setItem(key, value); } catch { /* storage blocked: shown again next time */ }
}

/** The jobs already explained in this room's current game: {round, seen}. */
function seenJobs(room) {
  try {
    const v = JSON.parse(read(sessionStorage, jobsKey(room)) || 'null');
    if (v && Array.isArray(v.seen) && Number.isFinite(v.round)) return v;
  } catch { /* a corrupt entry starts afresh */ }
  return { round: 0, seen: [] };
}

/** A game is over (lobby, result sheet): the next game explains each job again. */
export function resetJobs(room) {
  try { sessionStorage.removeItem(jobsKey(room)); } catch { /* ignore */ }
}

/**
 * The help this screen opens with: How to play (first time in this browser)
 * and the job's card (first time this job is yours in this game). Marked as
 * seen when first drawn; it stays on this screen until closed.
 */
export function firstTimeHelp(ctx, job) {
  const { state, memo } = ctx;
  if (ctx.tv || !state.room) return null;
  if (!memo.helpDecided) {
    memo.helpDecided = true;
    if (read(localStorage, HOWTO_KEY) !== '1') {
      write(localStorage, HOWTO_KEY, '1');
      memo.howto = true;
    }
    if (JOBS.includes(job)) {
      const round = num(state.round);
      let rec = seenJobs(state.room);
      if (round < rec.round) rec = { round: 0, seen: [] }; // a new game in this room
      if (!rec.seen.includes(job)) {
        rec.seen.push(job);
        memo.job = job;
      }
      rec.round = round;
      write(sessionStorage, jobsKey(state.room), JSON.stringify(rec));
    }
  }
  const jobNext = () => memo.job === job && JOBS.includes(job);
  const close = (what) => () => {
    memo[what] = false;
    // After How to play, focus goes to the job's card when it comes next.
    ctx.rerender({ focusKey: what === 'howto' ? (jobNext() ? 'job-close' : 'howto-open') : 'word' });
  };
  // One card at a time, so the word stays in view on a phone: the job's card once How to
  // play is closed.
  const parts = [];
  if (memo.howto) parts.push(howTo(close('howto')));
  else if (jobNext()) {
    parts.push(h('section', { class: 'panel job-card', testid: 'job-card', dataset: { job }, 'aria-labelledby': 'job-h' },
      h('h2', { id: 'job-h', text: t(`fictionary.jobs.${job}.title`) }),
      h('p', { text: t(`fictionary.jobs.${job}.body`) }),
      h('button', { type: 'button', class: 'btn btn-quiet', testid: 'job-close', dataset: { focus: 'job-close' }, onclick: close('job') }, t('fictionary.jobs.gotIt'))));
  }
  return parts.length ? parts : null;
}

function howTo(onClose) {
  return h('section', { class: 'panel how-to', testid: 'how-to', 'aria-labelledby': 'howto-h' },
    h('h2', { id: 'howto-h', text: t('fictionary.howto.title') }),
    h('ol', { class: 'howto-list' },
      ['judge', 'write', 'vote', 'score', 'win'].map((k) => h('li', { text: t(`fictionary.howto.${k}`) }))),
    h('p', { class: 'hint keys-hint', text: t('fictionary.howto.keys') }),
    h('button', { type: 'button', class: 'btn btn-quiet', testid: 'howto-close', dataset: { focus: 'howto-close' }, onclick: onClose }, t('fictionary.jobs.gotIt')));
}

/** The button that opens How to play again. */
export function howToButton(ctx) {
  if (ctx.tv) return null;
  return h('button', {
    type: 'button', class: 'btn btn-quiet', testid: 'howto-open', dataset: { focus: 'howto-open' },
    'aria-expanded': ctx.memo.howto ? 'true' : 'false',
    onclick: () => { ctx.memo.howto = !ctx.memo.howto; ctx.rerender({ focusKey: ctx.memo.howto ? 'howto-close' : 'howto-open' }); },
  }, t('fictionary.howto.open'));
}
