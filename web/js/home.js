// Home: join a room by code, or create one. Built once per page and kept,
// so what the user typed survives; errors are shown inline under the field
// they are about.

import { h } from './dom.js';
import { S } from './strings.js';

let view = null;

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

function build(handlers, { tv }) {
  const code = field({
    id: 'join-code',
    testid: 'join-code',
    label: S.codeLabel,
    hint: S.codeHint,
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
  const joinBtn = h('button', { type: 'submit', class: 'btn btn-primary', testid: 'join-btn', dataset: { focus: 'join-btn' } }, tv ? S.tvBtn : S.joinBtn);
  const joinForm = h('form', {
    class: 'panel home-form',
    novalidate: true,
    'aria-labelledby': 'join-h',
    onsubmit: (ev) => {
      ev.preventDefault();
      handlers.join(code.input.value, joinName.input.value);
    },
  },
  h('h2', { id: 'join-h', text: tv ? S.tvHeading : S.joinHeading }),
  code.el,
  tv ? null : joinName.el,
  joinError,
  joinBtn);

  const createName = nameField('create-name');
  const lang = h('select', { id: 'create-lang', class: 'input', testid: 'create-lang', dataset: { focus: 'create-lang' } },
    S.langs.map((l) => h('option', { value: l.value, lang: l.value, text: l.label })));
  const createError = h('p', { class: 'error', testid: 'create-error', role: 'alert' });
  const createBtn = h('button', { type: 'submit', class: 'btn btn-primary', testid: 'create-btn', dataset: { focus: 'create-btn' } }, S.createBtn);
  const createForm = tv ? null : h('form', {
    class: 'panel home-form',
    novalidate: true,
    'aria-labelledby': 'create-h',
    onsubmit: (ev) => {
      ev.preventDefault();
      handlers.create(createName.input.value, lang.value);
    },
  },
  h('h2', { id: 'create-h', text: S.createHeading }),
  createName.el,
  h('div', { class: 'field' }, h('label', { for: 'create-lang', text: S.langLabel }), lang),
  createError,
  createBtn);

  const message = h('p', { class: 'notice', role: 'status' });
  const node = h('section', { class: 'screen screen-home', 'aria-labelledby': 'home-h' },
    h('h1', { id: 'home-h', class: 'home-title', tabindex: '-1' },
      h('span', { class: 'home-title-main', text: S.appName })),
    h('p', { class: 'tagline', text: S.tagline }),
    message,
    joinForm,
    createForm,
    tv ? null : h('p', { class: 'how', text: S.howToPlay }));
  return { node, code, joinName, createName, lang, joinError, createError, joinBtn, createBtn, message };
}

/**
 * opts: {tv, code, name, message, errors: {code, joinName, join, createName, create}, pending}
 * Returns {node, focus}.
 */
/** A player-name field whose error clears as soon as the name is edited. */
function nameField(id) {
  const name = field({
    id,
    testid: id,
    label: S.nameLabel,
    input: h('input', { type: 'text', class: 'input', autocomplete: 'nickname', maxlength: '40', enterkeyhint: 'go' }),
  });
  name.input.addEventListener('input', () => setError(name, ''));
  return name;
}

export function renderHome(handlers, opts) {
  const first = !view;
  if (first) {
    view = build(handlers, opts);
    if (opts.code) view.code.input.value = opts.code;
    view.joinName.input.value = opts.name || '';
    view.createName.input.value = opts.name || '';
  } else if (opts.code && !view.code.input.value) {
    view.code.input.value = opts.code;
  }
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
