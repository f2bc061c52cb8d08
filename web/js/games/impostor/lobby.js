// Impostor's own lobby controls (ruling 2b): in `pass` and `host` play one
// device holds every seat. The host adds the seats by name (`add_seat {name}`)
// and removes them (`remove_seat {player}`); everyone else sees who plays and
// that the host's phone holds the seats. In `phones` play there is nothing to add.

import { h, srOnly } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { activePlayers, optionsOf } from '../../shell/common.js';
import { seatRange } from '../../shell/lobby.js';

const sharedPhone = (state) => ['pass', 'host'].includes(optionsOf(state).play);

/** In `pass`/`host` the seats are the host's to add: nobody takes one (2b). */
export const canTakeSeat = (state) => !sharedPhone(state);

export function lobbyExtra(ctx) {
  const { state, memo } = ctx;
  if (!sharedPhone(state)) return null;
  const host = !!(state.me && state.me.host) && !ctx.tv;
  const local = activePlayers(state).filter((p) => p.local);
  const pending = !!(memo && memo.pending.seats);
  const mode = optionsOf(state).play;

  const list = local.length
    ? h('ul', { class: 'player-list seat-list', testid: 'local-seats' }, local.map((p) => {
      const name = p.name || t('common.someone');
      return h('li', { class: 'player', dataset: { playerId: p.id } },
        h('span', { class: 'player-name', text: name }),
        host ? h('button', {
          type: 'button',
          class: 'btn btn-small btn-quiet',
          testid: 'remove-seat-btn',
          disabled: pending,
          dataset: { playerId: p.id, focus: `remove-seat-${p.id}` },
          onclick: () => ctx.act('remove_seat', { player: p.id }, { slot: 'seats' }),
        }, t('impostor.seats.remove'), srOnly(` ${name}`)) : null);
    }))
    : h('p', { class: 'hint', testid: 'local-seats-none', text: t('impostor.seats.none') });

  let add = null;
  if (host) {
    const full = activePlayers(state).length >= seatRange(ctx).max;
    const input = h('input', {
      id: 'seat-name',
      type: 'text',
      class: 'input',
      testid: 'seat-name',
      maxlength: '24',
      autocomplete: 'off',
      enterkeyhint: 'done',
      dataset: { focus: 'seat-name' },
      value: (memo && memo.seatDraft) || '',
      'aria-describedby': full ? 'seats-full' : null,
      oninput: (ev) => { if (memo) memo.seatDraft = ev.currentTarget.value; },
    });
    const send = () => {
      const name = input.value.trim();
      if (!name) { input.focus(); return; }
      if (memo) memo.seatDraft = name;
      ctx.act('add_seat', { name }, { slot: 'seats' }).then(() => {
        // Accepted: the field empties for the next name; refused, it keeps the name to fix.
        if (memo && !memo.errors.seats) {
          memo.seatDraft = '';
          ctx.rerender({ focusKey: 'seat-name' });
        }
      });
    };
    add = h('form', {
      class: 'bot-add seat-add',
      testid: 'seat-add',
      onsubmit: (ev) => { ev.preventDefault(); if (!full && !pending) send(); },
    },
    h('div', { class: 'field' }, h('label', { for: 'seat-name', text: t('impostor.seats.name') }), input),
    h('button', {
      type: 'submit',
      class: 'btn',
      testid: 'add-seat-btn',
      dataset: { focus: 'add-seat' },
      disabled: full || pending,
    }, t('impostor.seats.add')),
    full ? h('p', { class: 'hint', id: 'seats-full', text: t('impostor.seats.full') }) : null);
  }
  const error = ctx.errors && ctx.errors.seats;
  return h('section', { class: 'panel bots-panel seats-panel', testid: 'seats-panel', 'aria-labelledby': 'seats-h' },
    h('h2', { id: 'seats-h', text: t('impostor.seats.heading') }),
    h('p', { class: 'hint', text: host ? t(`impostor.seats.hint.${mode}`) : t('impostor.seats.observe') }),
    list,
    add,
    error ? h('p', { class: 'error', role: 'alert', testid: 'seats-error', text: error }) : null);
}
