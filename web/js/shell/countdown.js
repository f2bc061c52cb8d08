// Countdown bars that follow the server clock. A bar's full length is the
// phase's length, from `state.phase_started_at` to the deadline, so a page
// that loads or reconnects mid-phase shows the bar as far along as everyone
// else's; without a start time it is the time left when this page first saw
// that deadline. Its seconds are always exact.

import { h } from './dom.js';
import { serverNow } from './clock.js';
import { t } from './i18n.js';

const firstSeen = new Map(); // key -> total ms
let ticker = null;
let onTen = null;

/** Called (once per deadline) when 10 seconds are left. */
export function setTenSecondsHandler(fn) {
  onTen = fn;
}

export function countdown(key, deadline, { label = null, until = null, start = null } = {}) {
  if (!Number.isFinite(deadline)) return null;
  const full = Number.isFinite(start) && start > 0 && start < deadline ? deadline - start : null;
  if (!firstSeen.has(key)) firstSeen.set(key, { total: full ?? Math.max(1000, deadline - serverNow()), warned: false });
  else if (full !== null) firstSeen.get(key).total = full;
  const fill = h('span', { class: 'countdown-fill' });
  const text = h('span', { class: 'countdown-text' });
  const el = h('div', {
    class: 'countdown',
    testid: 'countdown',
    role: 'timer',
    'aria-label': label || t('countdown.timeLeft'),
    dataset: { deadline, start: full !== null ? start : null, key },
  },
  h('span', { class: 'countdown-bar', 'aria-hidden': 'true' }, fill),
  until ? h('span', { class: 'countdown-until', text: until }) : null,
  text);
  update(el);
  if (!ticker) ticker = setInterval(tick, 200);
  return el;
}

function update(el) {
  const deadline = Number(el.dataset.deadline);
  const info = firstSeen.get(el.dataset.key);
  const left = Math.max(0, deadline - serverNow());
  const total = info ? info.total : left || 1;
  el.style.setProperty('--left', Math.min(1, left / total).toFixed(4));
  const secs = Math.ceil(left / 1000);
  el.classList.toggle('is-low', secs <= 10);
  el.classList.toggle('is-up', left <= 0);
  const label = left <= 0 ? t('countdown.timeUp') : t('countdown.seconds', { n: secs });
  const text = el.querySelector('.countdown-text');
  if (text && text.textContent !== label) text.textContent = label;
  if (info && !info.warned && left > 0 && left <= 10_000 && total > 15_000) {
    info.warned = true;
    if (onTen) onTen(el.dataset.key);
  }
}

function tick() {
  const els = document.querySelectorAll('.countdown[data-deadline]');
  if (!els.length) {
    clearInterval(ticker);
    ticker = null;
    return;
  }
  els.forEach(update);
}
