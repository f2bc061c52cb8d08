// The lobby: the room code big, a join link with Copy, its QR code, the seats,
// and the host's Start button (disabled with the reason when it can't start).
// The seat list, Start/Take a seat and the join panel are reused by the
// result sheet. A game adds its own lobby controls by exporting
// `lobbyExtra(ctx)` (a node or null; it decides what the host and the others
// see) and may narrow the seat range of a room by exporting `seats(state)`
// (`{min, max}` or null), e.g. a solo room, or keep observers from taking a
// seat by exporting `canTakeSeat(state)` (false: the host adds every seat).

import { h } from './dom.js';
import { fmtNumber, langName, t } from './i18n.js';
import { qrSvg } from './qr.js';
import { activePlayers, gameOf, hostPlayer, players, num } from './common.js';
import { gameModule } from './games.js';
import { optionsPanel } from './options.js';

/** The room's game module, if it is loaded. */
const moduleOf = (ctx) => gameModule(gameOf(ctx.state));

/**
 * Seat range of the room: the game's own for this room (`seats(state)`), else
 * the server's games list, else Dictionary Bluff's.
 */
export function seatRange(ctx) {
  const mod = moduleOf(ctx);
  const own = mod && typeof mod.seats === 'function' ? mod.seats(ctx.state) : null;
  if (own && Number.isInteger(own.min) && Number.isInteger(own.max)) return { min: own.min, max: own.max };
  const g = ctx.gameInfo || {};
  return {
    min: Number.isInteger(g.min_seats) ? g.min_seats : 3,
    max: Number.isInteger(g.max_seats) ? g.max_seats : 12,
  };
}

/** The game's own lobby controls (`lobbyExtra(ctx)`), or null. */
function lobbyExtra(ctx) {
  const mod = moduleOf(ctx);
  return mod && typeof mod.lobbyExtra === 'function' ? mod.lobbyExtra(ctx) || null : null;
}

/** Whether an observer may take a seat here: a game may say no (`canTakeSeat(state)`). */
function canTakeSeat(ctx) {
  const mod = moduleOf(ctx);
  return !(mod && typeof mod.canTakeSeat === 'function' && mod.canTakeSeat(ctx.state) === false);
}

export function joinLink(room) {
  const url = new URL(location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('room', room);
  return url.toString();
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Opened on loopback: phones can't reach this address; say how to serve the LAN. */
export function loopbackWarning() {
  const host = location.hostname;
  if (!(LOOPBACK.has(host) || host.startsWith('127.'))) return null;
  return h('div', { class: 'notice notice-warn', testid: 'loopback-warning', role: 'note' },
    h('p', { text: t('lobby.loopback', { host }) }),
    h('p', null, t('lobby.loopbackHow'), ' ', h('code', { text: 'HOST=0.0.0.0 make run' })));
}

/** "Deck: Spanish" — the room's word deck, its language named in the UI's. */
export const deckText = (state) => t('lobby.deck', { lang: langName(state.lang) });

export const deckLine = (state) => h('p', { class: 'deck-lang', testid: 'deck-lang', text: deckText(state) });

export function joinPanel(ctx, { big = false } = {}) {
  const { state } = ctx;
  const code = String(state.room || '').toUpperCase();
  const link = joinLink(code);
  const copyBtn = ctx.tv ? null : h('button', {
    type: 'button',
    class: 'btn btn-small',
    dataset: { focus: 'copy' },
    onclick: async (ev) => {
      const btn = ev.currentTarget;
      try {
        await navigator.clipboard.writeText(link);
        btn.textContent = t('lobby.copied');
      } catch {
        btn.textContent = t('lobby.copyFailed');
      }
      setTimeout(() => { btn.textContent = t('lobby.copy'); }, 2000);
    },
  }, t('lobby.copy'));
  // The code, then the link and the deck beside the QR code: on a phone the QR
  // code is small and sits next to the link, so the host's Start stays on the
  // first screen; wider screens put it beside both (style.css, .join-panel).
  return h('div', { class: `join-panel${big ? ' is-big' : ''}` },
    h('div', { class: 'code-box' },
      h('p', { class: 'label', 'aria-hidden': 'true', text: t('lobby.roomCodeLabel') }),
      // Screen readers get the code spelled out letter by letter.
      h('p', { class: 'room-code', testid: 'room-code', 'aria-hidden': 'true', text: code }),
      h('p', { class: 'sr-only', text: t('lobby.codeSpelled', { letters: code.split('').join(' ') }) })),
    h('div', { class: 'link-box' },
      h('p', { class: 'label', text: ctx.tv ? t('lobby.tvScan') : t('lobby.joinLinkLabel') }),
      h('p', { class: 'link-row' },
        h('a', { href: link, class: 'join-link', testid: 'join-link', text: link.replace(/^https?:\/\//, '') }),
        copyBtn),
      deckLine(state)),
    h('div', { class: 'qr-box' }, qrSvg(link, t('lobby.qrAlt', { link }))));
}

export function playerList(ctx, { kick = false, scores = false } = {}) {
  const { state } = ctx;
  const meId = state.me && state.me.id;
  const list = players(state);
  return h('ul', { class: 'player-list', testid: 'player-list' },
    list.map((p) => {
      const tags = [];
      if (p.host) tags.push(h('span', { class: 'tag tag-host', text: t('lobby.hostTag') }));
      if (p.id === meId) tags.push(h('span', { class: 'tag tag-you', text: t('lobby.youTag') }));
      if (p.active === false) tags.push(h('span', { class: 'tag', text: t('lobby.leftTag') }));
      else if (p.connected === false) tags.push(h('span', { class: 'tag tag-away', text: t('lobby.awayTag') }));
      // A bot or local seat is the game's to remove (its own lobby controls), not kicked.
      const canKick = kick && p.id !== meId && p.active !== false && !p.bot && !p.local;
      return h('li', {
        class: `player${p.connected === false ? ' is-away' : ''}${p.active === false ? ' is-left' : ''}`,
        dataset: { playerId: p.id },
      },
      h('span', { class: 'player-name', text: p.name || t('common.someone') }),
      tags,
      scores ? h('span', { class: 'player-score', text: fmtNumber(num(p.score)) }) : null,
      canKick ? h('button', {
        type: 'button',
        class: 'kick-btn',
        testid: 'kick-btn',
        dataset: { playerId: p.id, focus: `kick-${p.id}` },
        'aria-label': t('lobby.kick', { name: p.name || t('common.someone') }),
        title: t('lobby.kick', { name: p.name || t('common.someone') }),
        onclick: () => (ctx.confirmKick ? ctx.confirmKick(p) : ctx.act('kick', { player: p.id })),
      }, h('span', { 'aria-hidden': 'true', text: '×' })) : null);
    }));
}

/** Start (host), a waiting line (players) or Take a seat (observers). */
export function startControls(ctx, { again = false } = {}) {
  const { state } = ctx;
  const seated = activePlayers(state).length;
  const me = state.me || {};
  const out = [];
  if (ctx.tv) return out;
  if (me.host) {
    const { min, max } = seatRange(ctx);
    let reason = null;
    if (seated < min) reason = t('lobby.tooFew', { n: min, seated });
    else if (seated > max) reason = t('lobby.tooMany', { n: max, seated });
    out.push(h('button', {
      type: 'button',
      class: 'btn btn-primary btn-big',
      testid: again ? 'play-again-btn' : 'start-btn',
      dataset: { focus: 'start' },
      disabled: !!reason || !!(ctx.memo && ctx.memo.pending.start),
      'aria-describedby': reason ? 'start-reason' : null,
      onclick: () => ctx.act('start_match', {}, { slot: 'start' }),
    }, again ? t('results.playAgain') : t('lobby.start')));
    if (reason) out.push(h('p', { class: 'hint', id: 'start-reason', testid: 'start-reason', text: reason }));
  } else if (me.role === 'observer') {
    out.push(h('p', { class: 'status', testid: 'observer-status', text: again ? t('results.seatForNext') : t('lobby.youAreWatching') }));
    if (seated < seatRange(ctx).max && canTakeSeat(ctx)) {
      out.push(h('button', {
        type: 'button',
        class: 'btn btn-primary',
        testid: 'take-seat-btn',
        dataset: { focus: 'take-seat' },
        onclick: () => ctx.act('take_seat', {}, { slot: 'start' }),
      }, t('lobby.takeSeat')));
    }
  } else {
    const host = hostPlayer(state);
    const name = host && host.name;
    const key = again ? 'results' : 'lobby';
    out.push(h('p', { class: 'status', text: name ? t(`${key}.waitingFor`, { name }) : t(`${key}.waitingForHost`) }));
  }
  const err = ctx.errors.start;
  if (err) out.push(h('p', { class: 'error', role: 'alert', text: err }));
  return out;
}

/**
 * The host's list of who watches (`observer_list`), each with a remove (×)
 * that asks first; a shared screen is marked. Null for everyone else.
 */
export function watchersList(ctx) {
  const list = Array.isArray(ctx.state.observer_list) ? ctx.state.observer_list.filter((o) => o && typeof o.id === 'string') : null;
  if (!list) return null;
  if (!list.length) return h('p', { class: 'hint', testid: 'watchers-none', text: t('watchers.none') });
  return h('ul', { class: 'player-list watcher-list', testid: 'watcher-list' },
    list.map((o) => {
      const name = o.name || t('common.someone');
      return h('li', { class: `player${o.connected === false ? ' is-away' : ''}`, dataset: { playerId: o.id } },
        h('span', { class: 'player-name', text: name }),
        o.screen ? h('span', { class: 'tag', text: t('watchers.screen') }) : null,
        o.connected === false ? h('span', { class: 'tag tag-away', text: t('lobby.awayTag') }) : null,
        h('button', {
          type: 'button',
          class: 'kick-btn',
          testid: 'watcher-kick-btn',
          dataset: { playerId: o.id, focus: `kick-${o.id}` },
          'aria-label': t('watchers.remove', { name }),
          title: t('watchers.remove', { name }),
          onclick: () => ctx.confirmKick({ ...o, watcher: true }),
        }, h('span', { 'aria-hidden': 'true', text: '×' })));
    }));
}

/** The host's panel of who watches, in the lobby (during play: the top bar's button). */
export function watchersPanel(ctx) {
  const list = watchersList(ctx);
  if (!list) return null;
  return h('section', { class: 'panel watchers-panel', testid: 'watchers-panel', 'aria-labelledby': 'watchers-h' },
    h('h2', { id: 'watchers-h', text: t('watchers.heading') }), list);
}

/** "Players (4 of 12)". */
export const playersHeading = (ctx, seated) => t('lobby.players', { n: seated, max: seatRange(ctx).max });

/** "No one watching" / "3 watching". */
export const watchersLine = (n) => (n > 0 ? t('lobby.watching', { n }) : t('lobby.nobodyWatching'));

export function renderLobby(ctx) {
  const { state } = ctx;
  const seated = activePlayers(state).length;
  // The host's Watching panel lists everyone not seated, screens too; a count
  // above it that leaves the TV out would contradict it, so it has the panel
  // alone. Everyone else gets the count (a TV is an observer too, but the
  // server counts only people as watching).
  const watchers = ctx.tv ? null : watchersPanel(ctx);
  const count = watchers ? null : h('p', { class: 'observers', testid: 'observers', text: watchersLine(num(state.observers)) });
  const node = h('section', { class: 'screen screen-lobby', 'aria-labelledby': 'lobby-h' },
    h('h1', { id: 'lobby-h', class: 'screen-title', tabindex: '-1', dataset: { focus: 'lobby-h' }, text: t('lobby.heading') }),
    joinPanel(ctx, { big: ctx.tv }),
    // Start before the loopback warning, in the sticky action bar: the host's button
    // in reach on a phone whatever sits above it (a long title, a big join panel).
    h('div', { class: 'actions action-bar' }, startControls(ctx)),
    loopbackWarning(),
    optionsPanel(ctx),
    h('section', { class: 'panel players-panel', 'aria-labelledby': 'players-h' },
      h('h2', { id: 'players-h', text: playersHeading(ctx, seated) }),
      playerList(ctx, { kick: !ctx.tv && !!(state.me && state.me.host) }),
      count),
    lobbyExtra(ctx),
    watchers);
  const focus = node.querySelector('[data-testid="start-btn"]:not([disabled])')
    || node.querySelector('[data-testid="take-seat-btn"]')
    || node.querySelector('#lobby-h');
  return { node, focus };
}
