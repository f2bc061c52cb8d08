// Home: join a room by code, or create one. Built once per page and kept,
// so what the user typed survives; errors are shown inline under the field
// they are about.
//
// A game picked in the picker is loaded (`loadGame`); its module may add its
// own choices to the create form: `createChoices(ctx)` returns a node (ctx:
// `deck()` the picked deck, `onDeck(fn)` called when it changes, `memo` kept
// while the page lives), and `createOptions(form)` the `options` that
// `create_room` carries (null or {} for none).

import { h, replaceChildren } from './dom.js';
import { LANG_NAMES, has, lang, t, tOr } from './i18n.js';
import { loadGame } from './games.js';

let view = null;
const choiceMemos = new Map(); // slug -> what the game's own choices remember across rebuilds

function field({ id, label, hint, testid, input }) {
  const error = h('p', { class: 'error', id: `${id}-error`, testid: `${testid}-error`, role: 'alert' });
  input.id = id;
  input.dataset.testid = testid;
  input.dataset.focus = id;
  input.setAttribute('aria-describedby', [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(' '));
  return {
    el: h('div', { class: 'field' },
      h('label', { for: id, text: label }),
      input,
      hint ? h('p', { class: 'hint', id: `${id}-hint`, text: hint }) : null,
      error),
    error,
    input,
  };
}

function setError(f, text) {
  f.error.textContent = text || '';
  if (text) f.input.setAttribute('aria-invalid', 'true');
  else f.input.removeAttribute('aria-invalid');
}

const DEFAULT_DECKS = ['en', 'es', 'ru'];

/** The games the picker offers: the server's list, or null (Dictionary Bluff only). */
const pickable = (games) => (Array.isArray(games) && games.length > 1 ? games : null);

function deckOptions(select, langs, keep) {
  const list = langs && langs.length ? langs : DEFAULT_DECKS;
  const want = list.includes(keep) ? keep : list.includes(lang()) ? lang() : list.includes('en') ? 'en' : list[0];
  replaceChildren(select, list.map((l) => h('option', { value: l, lang: l, text: LANG_NAMES[l] || l })));
  select.value = want;
}

const taglineOf = (slug) => (has(`games.${slug}.tagline`) ? t(`games.${slug}.tagline`) : '');

/**
 * The games as radio cards, each with its tagline. On a phone the cards show
 * only the names, two to a row, and the picked game's tagline is said once
 * below them (`picked-tagline`), so Create room stays on the first screen.
 */
function gamePicker(games, onPick) {
  const picked = h('p', { class: 'game-picked-tagline', testid: 'picked-tagline', 'aria-hidden': 'true', text: taglineOf(games[0].slug) });
  return h('fieldset', { class: 'field game-picker', testid: 'game-picker' },
    h('legend', { text: t('home.gameLabel') }),
    h('div', { class: 'game-choices' },
      games.map((g, i) => h('label', { class: 'game-choice', dataset: { game: g.slug } },
        h('input', {
          type: 'radio',
          name: 'create-game',
          value: g.slug,
          testid: 'game-option',
          dataset: { focus: `game-${g.slug}` },
          checked: i === 0,
          // The tagline stays the radio's description where it is not drawn.
          'aria-describedby': taglineOf(g.slug) ? `game-tagline-${g.slug}` : null,
          onchange: () => {
            picked.textContent = taglineOf(g.slug);
            onPick(g.slug);
          },
        }),
        h('span', { class: 'game-choice-text' },
          h('span', { class: 'game-choice-name', text: tOr(`games.${g.slug}.name`, g.slug) }),
          taglineOf(g.slug) ? h('span', { class: 'game-choice-tagline', id: `game-tagline-${g.slug}`, text: taglineOf(g.slug) }) : null)))),
    picked);
}

function build(handlers, { tv, games, folded }) {
  const code = field({
    id: 'join-code',
    testid: 'join-code',
    label: t('home.codeLabel'),
    hint: t('home.codeHint'),
    input: h('input', {
      type: 'text',
      class: 'input input-code',
      maxlength: '4',
      autocomplete: 'off',
      autocapitalize: 'characters',
      autocorrect: 'off',
      spellcheck: 'false',
      enterkeyhint: 'next',
    }),
  });
  code.input.addEventListener('input', () => {
    const pos = code.input.selectionStart;
    code.input.value = code.input.value.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 4);
    try { code.input.setSelectionRange(pos, pos); } catch { /* not a text field any more */ }
    setError(code, '');
  });
  const joinName = nameField('join-name');
  const joinError = h('p', { class: 'error', testid: 'join-error', role: 'alert' });
  const joinBtn = h('button', { type: 'submit', class: 'btn btn-primary', testid: 'join-btn', dataset: { focus: 'join-btn' } }, tv ? t('home.tvBtn') : t('home.joinBtn'));
  const joinForm = h('form', {
    class: 'panel home-form',
    novalidate: true,
    'aria-labelledby': 'join-h',
    onsubmit: (ev) => {
      ev.preventDefault();
      handlers.join(code.input.value, joinName.input.value);
    },
  },
  h('h2', { id: 'join-h', text: tv ? t('home.tvHeading') : t('home.joinHeading') }),
  code.el,
  tv ? null : joinName.el,
  joinError,
  joinBtn);

  const choices = pickable(games);
  const picked = { game: choices ? choices[0].slug : 'bluff' };
  const langsOf = (slug) => {
    const g = choices && choices.find((x) => x.slug === slug);
    return g && Array.isArray(g.langs) ? g.langs.filter((l) => typeof l === 'string') : null;
  };
  const createName = nameField('create-name');
  const deck = h('select', { id: 'create-lang', class: 'input', testid: 'create-lang', dataset: { focus: 'create-lang' } });
  deckOptions(deck, langsOf(picked.game), null);
  // The picked game's own choices (createChoices), shown once its module is in.
  const own = { slug: null, mod: null, deckListeners: [] };
  const choicesSlot = h('div', { class: 'create-choices', testid: 'create-choices' });
  const deckChanged = () => own.deckListeners.forEach((fn) => fn(deck.value));
  deck.addEventListener('change', deckChanged);
  // A deck the player picked stays when the game changes; else the new game's
  // deck in the UI language, if it has one (a Romanian page, a Romanian deck).
  deck.addEventListener('change', () => { deck.dataset.chosen = 'true'; });
  const showChoices = (slug) => {
    own.slug = slug;
    own.mod = null;
    own.deckListeners = [];
    replaceChildren(choicesSlot);
    if (!choices) return;
    loadGame(slug).then((mod) => {
      if (own.slug !== slug) return; // another game was picked meanwhile
      own.mod = mod;
      if (typeof mod.createChoices !== 'function') return;
      if (!choiceMemos.has(slug)) choiceMemos.set(slug, {});
      const node = mod.createChoices({
        deck: () => deck.value,
        onDeck: (fn) => own.deckListeners.push(fn),
        memo: choiceMemos.get(slug),
      });
      if (node) replaceChildren(choicesSlot, node);
    }, () => { /* no screens for it here: no choices either */ });
  };
  const ownOptions = (form) => {
    const mod = own.slug === picked.game ? own.mod : null;
    const options = mod && typeof mod.createOptions === 'function' ? mod.createOptions(form) : null;
    return options && typeof options === 'object' && Object.keys(options).length ? options : null;
  };
  const picker = choices ? gamePicker(choices, (slug) => {
    picked.game = slug;
    deckOptions(deck, langsOf(slug), deck.dataset.chosen ? deck.value : null);
    showChoices(slug);
  }) : null;
  const createError = h('p', { class: 'error', testid: 'create-error', role: 'alert' });
  const createBtn = h('button', { type: 'submit', class: 'btn btn-primary', testid: 'create-btn', dataset: { focus: 'create-btn' } }, t('home.createBtn'));
  const createForm = tv ? null : h('form', {
    class: 'panel home-form',
    novalidate: true,
    'aria-labelledby': 'create-h',
    onsubmit: (ev) => {
      ev.preventDefault();
      const game = choices ? picked.game : null;
      handlers.create(createName.input.value, deck.value, game, game ? ownOptions(ev.currentTarget) : null);
    },
  },
  h('h2', { id: 'create-h', text: t('home.createHeading') }),
  createName.el,
  picker,
  h('div', { class: 'field field-row' }, h('label', { for: 'create-lang', text: t('home.deckLabel') }), deck),
  choicesSlot,
  createError,
  createBtn);

  const message = h('p', { class: 'notice', testid: 'home-message', role: 'status' });
  // Opened from a join link: the join form first, "start a new game" folded away.
  const create = createForm && folded
    ? h('details', { class: 'create-fold', testid: 'create-fold' },
      h('summary', { class: 'btn btn-quiet', text: t('home.createInstead') }),
      createForm)
    : createForm;
  // Opened from a join link (or on a TV): joining first. Else whoever opens the
  // page is most likely the one starting a game for the table (the others come
  // by the link or the QR code): the create form first, so Create room is on a
  // phone's first screen, and the join form right below it.
  const forms = folded || !create ? [joinForm, create] : [create, joinForm];
  const node = h('section', { class: 'screen screen-home', 'aria-labelledby': 'home-h' },
    h('h1', { id: 'home-h', class: 'home-title', tabindex: '-1' },
      h('span', { class: 'home-title-main', text: choices ? t('app.name') : t('games.bluff.name') })),
    h('p', { class: 'tagline', text: choices ? '' : t('games.bluff.tagline') }),
    message,
    forms,
    tv || choices ? null : h('p', { class: 'how', text: t('games.bluff.how') }));
  /** Pick a game (and a deck) as a rebuilt page had them. */
  const restore = (game, deckValue) => {
    const radio = picker && picker.querySelector(`input[value="${CSS.escape(game)}"]`);
    if (radio) {
      radio.checked = true;
      picked.game = game;
      deckOptions(deck, langsOf(game), deckValue);
    } else if ([...deck.options].some((o) => o.value === deckValue)) {
      deck.value = deckValue;
    }
    if (choices) showChoices(picked.game);
  };
  if (choices) showChoices(picked.game);
  return { node, code, joinName, createName, lang: deck, picked, restore, joinError, createError, joinBtn, createBtn, message };
}

/**
/** A player-name field whose error clears as soon as the name is edited. */
function nameField(id) {
  const name = field({
    id,
    testid: id,
    label: t('home.nameLabel'),
    input: h('input', { type: 'text', class: 'input', autocomplete: 'nickname', maxlength: '40', enterkeyhint: 'go' }),
  });
  name.input.addEventListener('input', () => setError(name, ''));
  return name;
}

/**
 * opts: {tv, games, code, name, message, errors: {code, joinName, join, createName, create}, pending}
 * Returns {node, focus, focusField}. Built once and kept (what the user typed
 * survives), rebuilt with the typing kept when the language or the games change.
 */
export function renderHome(handlers, opts) {
  const folded = !!opts.code && !opts.tv;
  const key = `${lang()}|${JSON.stringify(opts.games || null)}|${folded}`;
  if (!view || view.key !== key) {
    const before = view;
    view = build(handlers, { ...opts, folded });
    view.key = key;
    view.code.input.value = before ? before.code.input.value : opts.code || '';
    view.joinName.input.value = before ? before.joinName.input.value : opts.name || '';
    view.createName.input.value = before ? before.createName.input.value : opts.name || '';
    if (before) view.restore(before.picked.game, before.lang.value);
  } else if (opts.code && !view.code.input.value) {
    view.code.input.value = opts.code;
  }
  // Tests (and nothing else) wait for this: the form is rebuilt once the games list is in.
  view.node.dataset.games = opts.settled ? 'settled' : 'asking';
  const e = opts.errors || {};
  setError(view.code, e.code);
  setError(view.joinName, e.joinName);
  setError(view.createName, e.createName);
  view.joinError.textContent = e.join || '';
  view.createError.textContent = e.create || '';
  view.message.textContent = opts.message || '';
  view.joinBtn.disabled = opts.pending === 'join';
  view.createBtn.disabled = opts.pending === 'create';
  let focus = view.node.querySelector('#home-h');
  if (opts.tv) focus = view.code.input;
  else if (view.code.input.value.length === 4) focus = view.joinName.input;
  return { node: view.node, focus, focusField: (name) => (view[name] ? view[name].input : null) };
}
