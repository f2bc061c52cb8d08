// First-time help. How to play: in the lobby, open the first time this browser
// sees a Dictopia room (always open on a TV, the table's shared screen), folded
// after that; a button opens it again during a trial. A short card the first
// time each screen is this browser's to play (a trial, a solo trial, the tally,
// the vote) says what to do there; it closes with "Got it" and is not shown
// again. What they say is the rules' (docs/dictopia.md); what the screen shows
// comes from the server.

import { h } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';

const HOWTO_KEY = 'dictopia:howto-seen';
const HINTS_KEY = 'dictopia:hints-seen';
export const HINTS = ['trial', 'soloTrial', 'tally', 'vote'];

function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function write(key, value) {
  try { localStorage.setItem(key, value); } catch { /* storage blocked: shown again next time */ }
}

function hintsSeen() {
  try {
    const seen = JSON.parse(read(HINTS_KEY) || '[]');
    return new Set(Array.isArray(seen) ? seen.filter((x) => HINTS.includes(x)) : []);
  } catch {
    return new Set();
  }
}

/** The points of How to play, in order; solo and a group differ after the trial. */
function howToItems(solo) {
  const common = ['cards', 'points', 'eyes', solo ? 'missionsSolo' : 'missions', 'playLock'];
  return solo ? [...common, 'bigBrother', 'level'] : [...common, 'tally', 'win'];
}

function howToList(solo) {
  return h('ol', { class: 'dt-howto-list' }, howToItems(solo).map((k) => h('li', { text: t(`dictopia.howto.${k}`) })));
}

/** The lobby's How to play, as a <details> the reader can fold; its state kept for the lobby. */
export function lobbyHowTo(ctx) {
  const { state, memo } = ctx;
  if (memo.howtoOpen === undefined) {
    memo.howtoOpen = ctx.tv || read(HOWTO_KEY) !== '1';
    if (!ctx.tv) write(HOWTO_KEY, '1');
  }
  return h('details', {
    class: 'panel dt-howto',
    testid: 'how-to',
    open: memo.howtoOpen,
    ontoggle: (ev) => { memo.howtoOpen = ev.currentTarget.open; },
  },
  h('summary', { class: 'dt-howto-title', text: t('dictopia.howto.title') }),
  howToList(state.mode === 'solo'));
}

/** The button that opens How to play during a trial (never on the TV). */
export function howToButton(ctx) {
  if (ctx.tv) return null;
  return h('button', {
    type: 'button', class: 'btn btn-quiet', testid: 'howto-open', dataset: { focus: 'howto-open' },
    'aria-expanded': ctx.memo.howto ? 'true' : 'false',
    onclick: () => { ctx.memo.howto = !ctx.memo.howto; ctx.rerender({ focusKey: 'howto-open' }); },
  }, t('dictopia.howto.title'));
}

/** How to play during a trial, below its button, once opened. */
export function howToInPlay(ctx) {
  if (ctx.tv || !ctx.memo.howto) return null;
  return h('section', { class: 'panel dt-howto', testid: 'how-to', 'aria-label': t('dictopia.howto.title') },
    howToList(ctx.state.mode === 'solo'));
}

/**
 * The card for this screen the first time this browser plays it; kept on this
 * screen (the memo) until "Got it", and never drawn again after that.
 */
export function firstTimeHint(ctx, name) {
  const { memo } = ctx;
  if (ctx.tv || !HINTS.includes(name)) return null;
  if (memo.hint === undefined) {
    const seen = hintsSeen();
    memo.hint = seen.has(name) ? null : name;
    if (memo.hint) write(HINTS_KEY, JSON.stringify([...seen, name]));
  }
  if (memo.hint !== name || memo.hintClosed) return null;
  return h('section', { class: 'panel dt-hint-card', testid: 'first-hint', dataset: { hint: name }, 'aria-labelledby': `dt-hint-h-${name}` },
    h('h2', { id: `dt-hint-h-${name}`, text: t(`dictopia.hints.${name}.title`) }),
    h('p', { text: t(`dictopia.hints.${name}.body`) }),
    h('button', {
      type: 'button', class: 'btn btn-quiet', testid: 'hint-close', dataset: { focus: 'hint-close' },
      onclick: () => { memo.hintClosed = true; ctx.rerender({ focusKey: 'hand' }); },
    }, t('dictopia.hints.gotIt')));
}
