// Dictopia's own choices on the home page: with friends or solo against Big
// Brother (D21). Solo shows the level this browser last saw for the picked
// deck (level.js); the room is created with `mode: "solo"`, and the server
// plays the level its player profile reached.

import { h } from '../../shell/dom.js';
import { LANG_NAMES, t } from '../../shell/i18n.js';
import { LEVEL_EVENT, createOptions as soloOptions, levelIn } from './level.js';

const NAME = 'dictopia-mode';

// The home form's level line is drawn once and may be kept while a room is
// shown: a win there (LEVEL_EVENT) or in another tab (storage) redraws it.
let redrawLevel = () => {};
if (typeof window !== 'undefined') {
  window.addEventListener(LEVEL_EVENT, () => redrawLevel());
  window.addEventListener('storage', () => redrawLevel());
}

export function createChoices(ctx) {
  const memo = ctx.memo || {};
  const level = h('p', { class: 'hint', id: 'dictopia-level', testid: 'home-solo-level', 'aria-live': 'polite' });
  const showLevel = () => {
    const solo = memo.mode === 'solo';
    level.hidden = !solo;
    const deck = ctx.deck();
    level.textContent = solo ? t('dictopia.create.level', { n: levelIn(deck), lang: LANG_NAMES[deck] || deck }) : '';
  };
  const radio = (mode) => h('label', { class: 'choice' },
    h('input', {
      type: 'radio',
      name: NAME,
      value: mode,
      testid: 'dictopia-mode',
      dataset: { focus: `dictopia-${mode}` },
      checked: (memo.mode === 'solo' ? 'solo' : 'group') === mode,
      'aria-describedby': mode === 'solo' ? 'dictopia-level' : null,
      onchange: () => { memo.mode = mode; showLevel(); },
    }),
    h('span', { text: t(`dictopia.create.${mode}`) }));
  if (ctx.onDeck) ctx.onDeck(showLevel);
  redrawLevel = showLevel;
  showLevel();
  return h('fieldset', { class: 'field', testid: 'dictopia-choices' },
    h('legend', { text: t('dictopia.create.modeLabel') }),
    radio('group'),
    radio('solo'),
    level);
}

/** Solo: `{mode: "solo"}`; with friends nothing (group is the default). */
export function createOptions(form) {
  const picked = form && form.querySelector(`input[name="${NAME}"]:checked`);
  return picked && picked.value === 'solo' ? soloOptions() : null;
}

/** A solo room seats one (D1a); a group room the games list's range. */
export const seats = (state) => (state && state.mode === 'solo' ? { min: 1, max: 1 } : null);
