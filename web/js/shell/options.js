// The room's game options in the lobby (and on the result sheet): a form for
// the host built from the game's option schema (the server's `games` answer:
// `{name, default, choices}`), a plain list for everyone else. Labels come
// from the catalogue (`games.<slug>.options.<name>.label`, `….choices.<value>`),
// falling back to the raw name and value. Each change is one `set_options`.
// A game's module may export `fixedOptions` (names set at `create_room`, e.g.
// Dictopia's `mode`), or a function of the state giving them (the server may say
// when such an option can still change): the host sees those as text, not as a choice.

import { h } from './dom.js';
import { fmtNumber, t, tOr } from './i18n.js';
import { gameOf, optionsOf } from './common.js';
import { gameModule } from './games.js';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The options a form can offer: those with a list of allowed values. A
 * free-form option (`choices: []`, e.g. Dictopia's `custom_missions`) is set
 * by the game's own screens or not at all: never shown.
 */
function schema(info) {
  const list = info && Array.isArray(info.options) ? info.options : [];
  return list
    .filter((o) => o && typeof o.name === 'string' && o.name)
    .filter((o) => !(Array.isArray(o.choices) && o.choices.length === 0))
    .map((o) => {
      let choices = Array.isArray(o.choices) ? o.choices : null;
      if (!choices && typeof o.default === 'boolean') choices = [true, false];
      return { name: o.name, default: o.default, choices };
    })
    .filter((o) => o.choices && o.choices.length);
}

export const optionLabel = (slug, name) => tOr(`games.${slug}.options.${name}.label`, name);

export function choiceLabel(slug, name, value) {
  const raw = typeof value === 'number' ? fmtNumber(value) : String(value);
  return tOr(`games.${slug}.options.${name}.choices.${String(value)}`, raw);
}

/** Null when the server has no option schema for this game (today's server). */
export function optionsPanel(ctx) {
  const { state, memo } = ctx;
  const slug = gameOf(state);
  const opts = schema(ctx.gameInfo);
  if (!opts.length) return null;
  const current = optionsOf(state);
  const draft = (memo && memo.optionsDraft) || {};
  const pending = !!(memo && memo.pending.options);
  const valueOf = (o) => {
    if (pending && o.name in draft) return draft[o.name];
    return o.name in current ? current[o.name] : o.default;
  };
  const host = !!(state.me && state.me.host) && !ctx.tv;
  const heading = h('h2', { id: 'options-h', text: t('lobby.optionsHeading') });

  if (!host) {
    return h('section', { class: 'panel options-panel', testid: 'options', 'aria-labelledby': 'options-h' },
      heading,
      h('dl', { class: 'options-list' }, opts.map((o) => [
        h('dt', { text: optionLabel(slug, o.name) }),
        h('dd', { text: choiceLabel(slug, o.name, valueOf(o)) }),
      ])));
  }

  const mod = gameModule(slug);
  const named = mod && typeof mod.fixedOptions === 'function' ? mod.fixedOptions(state) : mod && mod.fixedOptions;
  const fixed = new Set(Array.isArray(named) ? named : []);
  const fixedRows = opts.filter((o) => fixed.has(o.name));
  const rows = opts.filter((o) => !fixed.has(o.name)).map((o) => {
    const id = `option-${o.name}`;
    const value = valueOf(o);
    const select = h('select', {
      id,
      class: 'input',
      testid: 'option',
      dataset: { option: o.name, focus: id },
      onchange: (ev) => {
        const picked = o.choices[Number(ev.currentTarget.value)];
        memo.optionsDraft = { ...(memo.optionsDraft || {}), [o.name]: picked };
        ctx.act('set_options', { options: { [o.name]: picked } }, { slot: 'options' });
      },
    }, o.choices.map((c, i) => h('option', { value: String(i), text: choiceLabel(slug, o.name, c) })));
    const index = o.choices.findIndex((c) => same(c, value));
    select.value = String(index >= 0 ? index : 0);
    return h('div', { class: 'field' }, h('label', { for: id, text: optionLabel(slug, o.name) }), select);
  });
  const error = memo && memo.errors.options;
  return h('section', { class: 'panel options-panel', testid: 'options', 'aria-labelledby': 'options-h' },
    heading,
    fixedRows.length ? h('dl', { class: 'options-list' }, fixedRows.map((o) => [
      h('dt', { text: optionLabel(slug, o.name) }),
      h('dd', { testid: 'option-fixed', dataset: { option: o.name }, text: choiceLabel(slug, o.name, valueOf(o)) }),
    ])) : null,
    rows,
    error ? h('p', { class: 'error', role: 'alert', text: error }) : null);
}
