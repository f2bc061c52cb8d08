// The card (rulings 3a, 4a): it comes only as the `peek` reply, is shown while
// a finger (or a key) is down and forgotten on release. Both roles' cards have
// the same layout, size and animation; an impostor's word line reads
// "Impostor" in the word's style, and under `none` its category line reads "?".
//
// The shell's session hands `card` messages to no one, so they are picked up
// where the connection dispatches every message (Connection.prototype below).

import { h } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { Connection } from '../../shell/net.js';

let held = null; // {round, seat, box}: the card being held, if any

const base = EventTarget.prototype.dispatchEvent;
if (!Object.hasOwn(Connection.prototype, 'dispatchEvent')) {
  Connection.prototype.dispatchEvent = function dispatchEvent(event) {
    const msg = event && event.type === 'message' ? event.detail : null;
    if (msg && msg.type === 'card') cardArrived(msg);
    return base.call(this, event);
  };
}

function cardArrived(msg) {
  if (!held || msg.round !== held.round || msg.seat !== held.seat || !msg.card) return;
  fill(held.box, msg.card);
}

function fill(box, card) {
  const category = card.category || '?';
  const word = card.word || t('impostor.card.impostor');
  const grid = Array.isArray(card.grid) ? card.grid : [];
  const parts = [
    h('p', { class: 'imp-card-category', text: category }),
    h('p', { class: 'imp-card-word', testid: 'card-word', text: word }),
  ];
  if (grid.length) parts.push(h('ul', { class: 'imp-card-grid' }, grid.map((w) => h('li', { text: w }))));
  box.replaceChildren(...parts);
  box.classList.add('is-open');
  box.closest('.imp-card').dataset.open = 'true';
}

function forget() {
  if (!held) return;
  const { box } = held;
  held = null;
  box.replaceChildren(h('p', { class: 'imp-card-closed', text: t('impostor.card.closed') }));
  box.classList.remove('is-open');
  const card = box.closest('.imp-card');
  if (card) card.dataset.open = 'false';
}

/**
 * The hold-to-see card for one seat. `onRelease` runs after the first release
 * that followed a shown card (the deal's `seen`).
 */
export function holdCard(ctx, seat, { label, onRelease = null } = {}) {
  const { state } = ctx;
  const box = h('div', { class: 'imp-card-face', 'aria-live': 'polite' },
    h('p', { class: 'imp-card-closed', text: t('impostor.card.closed') }));
  const press = (ev) => {
    if (ev) ev.preventDefault();
    if (held) return;
    held = { round: state.round, seat, box, pressed: Date.now() };
    const fields = { round: state.round };
    if (state.me && seat !== state.me.id) fields.seat = seat;
    ctx.act('peek', fields, { slot: 'card' });
  };
  const release = () => {
    if (!held || held.seat !== seat) return;
    const wasOpen = box.classList.contains('is-open');
    forget();
    if (wasOpen && onRelease) onRelease();
  };
  const btn = h('button', {
    type: 'button',
    class: 'btn btn-primary btn-big imp-hold',
    testid: 'hold-card',
    dataset: { focus: `hold-${seat}` },
    onpointerdown: press,
    onpointerup: release,
    onpointerleave: release,
    onpointercancel: release,
    onblur: release,
    onkeydown: (ev) => { if ((ev.key === ' ' || ev.key === 'Enter') && !ev.repeat) press(ev); },
    onkeyup: (ev) => { if (ev.key === ' ' || ev.key === 'Enter') release(); },
    oncontextmenu: (ev) => ev.preventDefault(),
    text: label || t('impostor.card.hold'),
  });
  return h('div', { class: 'imp-card', testid: 'card', dataset: { open: 'false', seat } }, box, btn);
}
