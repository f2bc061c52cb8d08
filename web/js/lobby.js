// The lobby: the room code big, a join link with Copy, its QR code, the seats,
// and the host's Start button (disabled with the reason when it can't start).
// The seat list, Start/Take a seat and the join panel are reused by the
// result sheet.

import { h } from './dom.js';
import { S } from './strings.js';
import { qrSvg } from './qr.js';
import { activePlayers, hostPlayer, players, num } from './common.js';

export function joinLink(room) {
  const url = new URL(location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('room', room);
  return url.toString();
}

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
        btn.textContent = S.copied;
      } catch {
        btn.textContent = S.copyFailed;
      }
      setTimeout(() => { btn.textContent = S.copyBtn; }, 2000);
    },
  }, S.copyBtn);
  return h('div', { class: `join-panel${big ? ' is-big' : ''}` },
    h('div', { class: 'code-box' },
      h('p', { class: 'label', 'aria-hidden': 'true', text: S.roomCodeLabel }),
      // Screen readers get the code spelled out letter by letter.
      h('p', { class: 'room-code', testid: 'room-code', 'aria-hidden': 'true', text: code }),
      h('p', { class: 'sr-only', text: `${S.roomCodeLabel}: ${code.split('').join(' ')}` }),
      ctx.tv ? h('p', { class: 'label', text: S.tvScan }) : h('p', { class: 'label', text: S.joinLinkLabel }),
      h('p', { class: 'link-row' },
        h('a', { href: link, class: 'join-link', testid: 'join-link', text: link.replace(/^https?:\/\//, '') }),
        copyBtn)),
    h('div', { class: 'qr-box' }, qrSvg(link, S.qrAlt(link))));
}

export function playerList(ctx, { kick = false, scores = false } = {}) {
  const { state } = ctx;
  const meId = state.me && state.me.id;
  const list = players(state);
  return h('ul', { class: 'player-list', testid: 'player-list' },
    list.map((p) => {
      const tags = [];
      if (p.host) tags.push(h('span', { class: 'tag tag-host', text: S.hostTag }));
      if (p.id === meId) tags.push(h('span', { class: 'tag tag-you', text: S.youTag }));
      if (p.active === false) tags.push(h('span', { class: 'tag', text: S.leftTag }));
      else if (p.connected === false) tags.push(h('span', { class: 'tag tag-away', text: S.awayTag }));
      const canKick = kick && p.id !== meId && p.active !== false;
      return h('li', {
        class: `player${p.connected === false ? ' is-away' : ''}${p.active === false ? ' is-left' : ''}`,
        dataset: { playerId: p.id },
      },
      h('span', { class: 'player-name', text: p.name || S.someone }),
      tags,
      scores ? h('span', { class: 'player-score', text: num(p.score).toLocaleString(S.locale) }) : null,
      canKick ? h('button', {
        type: 'button',
        class: 'kick-btn',
        testid: 'kick-btn',
        dataset: { playerId: p.id, focus: `kick-${p.id}` },
        'aria-label': S.kickLabel(p.name || S.someone),
        title: S.kickLabel(p.name || S.someone),
        onclick: () => ctx.act('kick', { player: p.id }),
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
    let reason = null;
    if (seated < 3) reason = S.startReasonFew(seated);
    else if (seated > 12) reason = S.startReasonMany(seated);
    out.push(h('button', {
      type: 'button',
      class: 'btn btn-primary btn-big',
      testid: again ? 'play-again-btn' : 'start-btn',
      dataset: { focus: 'start' },
      disabled: !!reason || !!(ctx.memo && ctx.memo.pending.start),
      'aria-describedby': reason ? 'start-reason' : null,
      onclick: () => ctx.act('start_match', {}, { slot: 'start' }),
    }, again ? S.playAgainBtn : S.startBtn));
    if (reason) out.push(h('p', { class: 'hint', id: 'start-reason', testid: 'start-reason', text: reason }));
  } else if (me.role === 'observer') {
    out.push(h('p', { class: 'status', text: S.youAreWatching }));
    if (seated < 12) {
      out.push(h('button', {
        type: 'button',
        class: 'btn btn-primary',
        testid: 'take-seat-btn',
        dataset: { focus: 'take-seat' },
        onclick: () => ctx.act('take_seat', {}, { slot: 'start' }),
      }, S.takeSeatBtn));
    }
  } else {
    const host = hostPlayer(state);
    out.push(h('p', { class: 'status', text: again ? S.waitingRematch(host && host.name) : S.waitingForHost(host && host.name) }));
  }
  const err = ctx.errors.start;
  if (err) out.push(h('p', { class: 'error', role: 'alert', text: err }));
  return out;
}

export function renderLobby(ctx) {
  const { state } = ctx;
  const seated = activePlayers(state).length;
  const node = h('section', { class: 'screen screen-lobby', 'aria-labelledby': 'lobby-h' },
    h('h1', { id: 'lobby-h', class: 'screen-title', tabindex: '-1', dataset: { focus: 'lobby-h' }, text: S.lobbyHeading }),
    joinPanel(ctx, { big: ctx.tv }),
    h('div', { class: 'actions' }, startControls(ctx)),
    h('section', { class: 'panel players-panel', 'aria-labelledby': 'players-h' },
      h('h2', { id: 'players-h', text: S.playersHeading(seated) }),
      playerList(ctx, { kick: !ctx.tv && !!(state.me && state.me.host) }),
      h('p', { class: 'observers', text: S.observers(num(state.observers)) })));
  const focus = node.querySelector('[data-testid="start-btn"]:not([disabled])')
    || node.querySelector('[data-testid="take-seat-btn"]')
    || node.querySelector('#lobby-h');
  return { node, focus };
}
