// The controller: one connection, the seat (room + token), the last `state`
// snapshot, and a full redraw of the current screen from each snapshot.
//
// Flow: load → connect → (stored token for this room? `resume` : home) →
// `welcome` stores {player, token} → each `state` redraws. On reconnect the
// token is sent again with `resume` and the snapshot redraws everything.

import { Connection } from './net.js';
import { noteSnapshot, serverNow } from './clock.js';
import { h, replaceChildren } from './dom.js';
import { S, errorText } from './strings.js';
import * as store from './storage.js';
import { setTenSecondsHandler } from './countdown.js';
import { renderHome } from './home.js';
import { renderLobby } from './lobby.js';
import { renderWriting } from './writing.js';
import { renderVoting } from './voting.js';
import { renderReveal } from './reveal.js';
import { renderResults } from './results.js';

const PHASES = {
  lobby: renderLobby,
  writing: renderWriting,
  voting: renderVoting,
  reveal: renderReveal,
  finished: renderResults,
};
const CODE_RE = /^[A-Z]{4}$/;
// A phase whose deadline passed this long ago with no new snapshot since: ask
// the server to catch up (`sync`, docs/protocol.md), once per deadline.
const SYNC_GRACE_MS = 2000;
const TIMED_PHASES = ['writing', 'voting', 'reveal'];

const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);
const urlRoom = (params.get('room') || '').trim().toUpperCase();
const tv = params.get('tv') === '1' || params.get('tv') === 'true';

const app = {
  conn: new Connection(),
  tv,
  room: null, // the room this tab is in
  seat: null, // {player, token}
  state: null, // last snapshot
  lastJson: null,
  memoKey: null,
  memo: null, // per room/phase/round: drafts, selections, pending flags, errors
  shape: null,
  home: { message: '', errors: {}, pending: null, code: CODE_RE.test(urlRoom) ? urlRoom : '' },
  onKey: null,
  wakeTimer: null,
  tvJoining: false,
  lastAnnounced: null,
  lastStateAt: 0, // serverNow() when the last snapshot arrived
  syncTimer: null,
  syncedFor: null, // the deadline a `sync` was sent for
};

// --- small UI pieces that live outside the screen ------------------------------

function setBanner(text) {
  const el = $('#banner');
  if (el.textContent !== text) el.textContent = text;
}

function announce(text) {
  const el = $('#announce');
  el.textContent = '';
  // A fresh text node after a tick makes screen readers read it even if repeated.
  setTimeout(() => { el.textContent = text; }, 50);
}

function say(text) {
  const el = $('#reveal-live');
  if (el.textContent !== text) el.textContent = text;
}

function setUrl(room) {
  const q = new URLSearchParams();
  if (room) q.set('room', room);
  if (tv) q.set('tv', '1');
  const s = q.toString();
  history.replaceState(null, '', `${location.pathname}${s ? `?${s}` : ''}`);
}

function updateHeader() {
  const s = app.state;
  const inRoom = !!(app.seat && app.room);
  const chip = $('#room-chip');
  chip.textContent = inRoom ? S.roomChip(app.room) : '';
  const round = $('#round-chip');
  round.textContent = tv && s && Number.isFinite(s.round) && s.round > 0 && ['writing', 'voting', 'reveal'].includes(s.phase)
    ? S.roundOf(s.round, Number.isFinite(s.rounds) ? s.rounds : 6) : '';
  const leave = $('#leave-btn');
  leave.hidden = !inRoom || tv;
}

function yourTurn(s) {
  if (!s || tv) return false;
  if (s.phase === 'writing') {
    const me = (s.players || []).find((p) => p && s.me && p.id === s.me.id);
    return !!(s.word && s.me && s.me.role === 'player' && me && me.active !== false && s.my_entry == null);
  }
  if (s.phase === 'voting') return s.can_vote === true;
  return false;
}

// --- rendering ---------------------------------------------------------------

function captureFocus() {
  const a = document.activeElement;
  if (!a || a === document.body || !a.dataset || !a.dataset.focus) return null;
  const f = { key: a.dataset.focus };
  if (typeof a.selectionStart === 'number') {
    f.start = a.selectionStart;
    f.end = a.selectionEnd;
    f.scroll = a.scrollTop;
  }
  return f;
}

/** Put focus back on the element with the same data-focus key; false if it is gone. */
function restoreFocus(root, f) {
  if (!f) return true;
  const el = root.querySelector(`[data-focus="${CSS.escape(f.key)}"]`);
  if (!el || el.disabled) return false;
  if (el === document.activeElement) return true;
  el.focus({ preventScroll: true });
  if (document.activeElement !== el) return false;
  if (f.start !== undefined && typeof el.setSelectionRange === 'function') {
    try {
      el.setSelectionRange(f.start, f.end);
      el.scrollTop = f.scroll;
    } catch { /* ignore */ }
  }
  return true;
}

function homeHandlers() {
  return {
    join: (code, name) => joinRoom(code, name),
    create: (name, lang) => createRoom(name, lang),
  };
}

function render(opts = {}) {
  clearTimeout(app.wakeTimer);
  app.wakeTimer = null;
  const main = $('#main');
  const screen = $('#screen');
  updateHeader();

  if (!app.seat && !(tv && app.room)) {
    main.dataset.phase = 'home';
    delete main.dataset.round;
    document.body.dataset.phase = 'home';
    app.onKey = null;
    app.memoKey = null;
    app.shape = null;
    say('');
    const r = renderHome(homeHandlers(), {
      tv,
      code: app.home.code,
      name: store.loadName(),
      message: app.home.message,
      errors: app.home.errors,
      pending: app.home.pending,
    });
    if (screen.firstChild !== r.node) {
      replaceChildren(screen, r.node);
      if (r.focus) r.focus.focus({ preventScroll: true });
    }
    if (opts.focusField) {
      const f = r.focusField(opts.focusField);
      if (f) f.focus();
    }
    document.title = S.appName;
    return;
  }

  if (!app.state) {
    main.dataset.phase = 'connecting';
    delete main.dataset.round;
    document.body.dataset.phase = 'connecting';
    app.onKey = null;
    replaceChildren(screen, h('section', { class: 'screen screen-wait' },
      h('h1', { class: 'screen-title', text: S.joiningRoom(app.room || '') })));
    return;
  }

  const s = app.state;
  const phase = PHASES[s.phase] ? s.phase : 'lobby';
  const key = `${s.room}|${phase}|${s.round}`;
  const changed = key !== app.memoKey;
  if (changed) {
    app.memoKey = key;
    app.memo = { errors: {}, pending: {} };
    app.shape = null;
  }
  const focus = changed ? null : captureFocus();
  const ctx = {
    state: s,
    tv,
    memo: app.memo,
    errors: app.memo.errors,
    act,
    say,
    rerender: (o) => render(o),
  };
  main.dataset.phase = phase;
  main.dataset.round = String(Number.isFinite(s.round) ? s.round : 0);
  document.body.dataset.phase = phase;
  if (phase !== 'reveal') say('');
  const result = PHASES[phase](ctx);
  if (app.memo.errors.general) {
    result.node.prepend(h('p', { class: 'error', role: 'alert', text: app.memo.errors.general }));
  }

  // Same shape as on screen: patch the live parts only, so typing, IME
  // composition and a half-done tap are not disturbed.
  if (!changed && result.shape && result.shape === app.shape && screen.firstChild) {
    result.node.querySelectorAll('[data-patch]').forEach((fresh) => {
      const old = screen.querySelector(`[data-patch="${fresh.dataset.patch}"]`);
      if (old) old.replaceWith(fresh);
    });
  } else {
    replaceChildren(screen, result.node);
    app.shape = result.shape || null;
    if (changed) {
      window.scrollTo(0, 0);
      if (result.focus) result.focus.focus({ preventScroll: true });
      if (!result.focus || document.activeElement !== result.focus) main.focus({ preventScroll: true });
      phaseAnnouncement(s, phase);
    } else if (opts.focusKey) {
      restoreFocus(screen, { key: opts.focusKey });
    } else if (!restoreFocus(screen, focus) && result.focus) {
      // The focused control is gone (e.g. the entry was accepted): focus what replaced it.
      result.focus.focus({ preventScroll: true });
    }
  }
  app.onKey = result.onKey || null;

  const wake = (result.wake || []).filter(Number.isFinite);
  if (wake.length) {
    const next = Math.min(...wake);
    app.wakeTimer = setTimeout(() => render(), Math.max(0, next - serverNow()) + 30);
  }
  document.title = yourTurn(s) ? S.yourTurnTitle : `${S.appName} · ${app.room}`;
}

function phaseAnnouncement(s, phase) {
  const key = `${phase}|${s.round}`;
  if (app.lastAnnounced === null) { app.lastAnnounced = key; return; } // first load: the focus says enough
  if (app.lastAnnounced === key) return;
  app.lastAnnounced = key;
  if (phase === 'writing') announce(S.announceWriting(s.round, s.word));
  else if (phase === 'voting') announce(S.announceVoting);
  else if (phase === 'reveal') announce(S.announceReveal);
  else if (phase === 'finished') announce(S.announceFinished);
  else if (phase === 'lobby') announce(S.announceLobby);
}

// --- catching up when a timer was lost -------------------------------------------

const deadlineKey = (s) => `${s.room}|${s.round}|${s.phase}|${s.deadline}`;

/**
 * Timers on the server normally close each phase. If the countdown has run
 * out by SYNC_GRACE_MS and no snapshot came since, send `sync` once for that
 * deadline: the server closes the phase and answers with a fresh `state`.
 */
function armSync() {
  clearTimeout(app.syncTimer);
  app.syncTimer = null;
  const s = app.state;
  if (!s || !app.seat || !TIMED_PHASES.includes(s.phase) || !Number.isFinite(s.deadline)) return;
  const key = deadlineKey(s);
  if (app.syncedFor === key) return;
  const due = Math.max(s.deadline, app.lastStateAt) + SYNC_GRACE_MS;
  app.syncTimer = setTimeout(() => {
    app.syncTimer = null;
    const now = app.state;
    if (!now || deadlineKey(now) !== key || app.syncedFor === key) return;
    if (serverNow() < Math.max(now.deadline, app.lastStateAt) + SYNC_GRACE_MS - 50) { armSync(); return; }
    if (!app.conn.open) return; // the resume after reconnecting brings a fresh snapshot
    app.syncedFor = key;
    app.conn.request('sync').catch(() => {});
  }, Math.max(0, due - serverNow()) + 20);
}

// --- actions -------------------------------------------------------------------

/** Send an in-room action; its refusal lands in memo.errors[slot]. */
function act(action, fields = {}, { slot = 'general' } = {}) {
  const memo = app.memo;
  memo.pending[slot] = true;
  memo.errors[slot] = null;
  render();
  return app.conn.request(action, fields).then(
    () => {
      if (app.memo === memo) {
        memo.pending[slot] = false;
        render();
      }
    },
    (err) => {
      memo.pending[slot] = false;
      if (err && err.code === 'kicked') { kickedOut(); return; }
      if (err && err.code === 'not_in_room') {
        // This connection lost its membership: rebind it; the user can try again.
        resume();
        err = { code: 'disconnected' };
      }
      if (err && err.code === 'bad_token') { seatLost(S.seatLostHome); return; }
      if (app.memo === memo) {
        memo.errors[slot] = errorText(err);
        render();
      }
    },
  );
}

async function joinRoom(rawCode, rawName) {
  const code = String(rawCode || '').trim().toUpperCase();
  const name = String(rawName || '').trim();
  app.home.errors = {};
  app.home.message = '';
  if (!CODE_RE.test(code)) app.home.errors.code = S.codeInvalid;
  if (!name && !tv) app.home.errors.joinName = S.nameMissing;
  if (Object.keys(app.home.errors).length) {
    render({ focusField: app.home.errors.code ? 'code' : 'joinName' });
    return;
  }
  if (tv) { tvJoin(code); return; }
  store.saveName(name);
  app.home.pending = 'join';
  render();
  try {
    await app.conn.request('join_room', { room: code, name });
  } catch (err) {
    const text = errorText(err);
    if (err.code === 'room_not_found') app.home.errors.code = text;
    else if (err.code === 'name_taken' || err.code === 'invalid_name') app.home.errors.joinName = text;
    else app.home.errors.join = text;
    app.home.pending = null;
    render({ focusField: app.home.errors.code ? 'code' : app.home.errors.joinName ? 'joinName' : null });
    return;
  }
  app.home.pending = null;
}

async function createRoom(rawName, lang) {
  const name = String(rawName || '').trim();
  app.home.errors = {};
  app.home.message = '';
  if (!name) {
    app.home.errors.createName = S.nameMissing;
    render({ focusField: 'createName' });
    return;
  }
  store.saveName(name);
  app.home.pending = 'create';
  render();
  try {
    await app.conn.request('create_room', { name, lang: ['en', 'es', 'ru'].includes(lang) ? lang : 'en' });
  } catch (err) {
    const text = errorText(err);
    if (err.code === 'invalid_name' || err.code === 'name_taken') app.home.errors.createName = text;
    else app.home.errors.create = text;
    app.home.pending = null;
    render({ focusField: app.home.errors.createName ? 'createName' : null });
    return;
  }
  app.home.pending = null;
}

/**
 * TV mode joins as an observer. `observer: true` is an addition to the
 * protocol's join_room (a TV must not take a seat); a server that refuses
 * the extra field gets a plain join_room. A taken name gets a suffix.
 */
async function tvJoin(code) {
  if (app.tvJoining) return;
  app.tvJoining = true;
  app.room = code;
  let name = 'TV';
  let observerField = true;
  try {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      try {
        await app.conn.request('join_room', observerField ? { room: code, name, observer: true } : { room: code, name });
        return;
      } catch (err) {
        if (err.code === 'name_taken') name = `TV ${Math.floor(100 + Math.random() * 900)}`;
        else if (err.code === 'bad_request' && observerField) observerField = false;
        else if (err.code === 'disconnected' || err.code === 'timeout') return; // retried on reconnect
        else {
          app.room = null;
          app.home.errors = { code: errorText(err) };
          app.home.code = '';
          setUrl(null);
          render();
          return;
        }
      }
    }
  } finally {
    app.tvJoining = false;
  }
}

async function resume() {
  const { room, seat } = app;
  if (!room || !seat) return;
  try {
    await app.conn.request('resume', { room, token: seat.token });
  } catch (err) {
    if (app.room !== room) return;
    if (err.code === 'kicked') kickedOut();
    else if (err.code === 'bad_token' || err.code === 'not_in_room') seatLost(S.seatLostHome);
    else if (err.code === 'room_not_found') seatLost(S.roomGoneHome);
    // disconnected / timeout / rate_limited: the next connection tries again
  }
}

function goHome(message) {
  if (app.room) store.forgetSeat(app.room, tv);
  store.forgetSessionRoom();
  app.room = null;
  app.seat = null;
  app.state = null;
  app.lastJson = null;
  app.memoKey = null;
  clearTimeout(app.syncTimer);
  app.syncTimer = null;
  app.home.message = message || '';
  app.home.errors = {};
  app.home.pending = null;
  app.home.code = '';
  setUrl(null);
  render();
  const heading = document.querySelector('#home-h');
  if (heading) heading.focus();
  if (message) announce(message);
}

function kickedOut() {
  goHome(S.kickedHome);
  app.conn.restart();
}

function seatLost(message) {
  goHome(message);
}

async function leave() {
  const leaving = app.conn.request('leave').catch(() => {});
  goHome('');
  await Promise.race([leaving, new Promise((r) => setTimeout(r, 2000))]);
  // A fresh connection carries no membership of the old room.
  app.conn.restart();
}

// --- server messages ---------------------------------------------------------------

function onWelcome(msg) {
  const room = typeof msg.room === 'string' ? msg.room.toUpperCase() : null;
  if (!room || typeof msg.player !== 'string' || typeof msg.token !== 'string' || !msg.token) return;
  if (app.room && app.room !== room && app.seat) return; // a stale welcome for another room
  app.room = room;
  app.seat = { player: msg.player, token: msg.token };
  store.saveSeat(room, tv, app.seat);
  store.saveSessionRoom(room);
  app.home.pending = null;
  setUrl(room);
  if (!app.state) render();
}

function onState(msg) {
  if (!app.seat || !app.room) return;
  if (typeof msg.room !== 'string' || msg.room.toUpperCase() !== app.room) return;
  if (typeof msg.phase !== 'string') return;
  noteSnapshot(Number(msg.server_now));
  app.lastStateAt = serverNow();
  const json = JSON.stringify({ ...msg, server_now: 0 });
  if (json !== app.lastJson) {
    app.lastJson = json;
    app.state = msg;
    render();
  }
  armSync();
}

function onMessage(msg) {
  switch (msg.type) {
    case 'welcome': onWelcome(msg); break;
    case 'state': onState(msg); break;
    case 'error':
      // Unsolicited errors (answers to requests are handled by the request).
      if (msg.code === 'kicked' && app.seat) kickedOut();
      break;
    default: break;
  }
}

// --- start -------------------------------------------------------------------------

function init() {
  document.documentElement.classList.toggle('tv', tv);
  document.documentElement.lang = S.locale;
  $('.brand-name').textContent = S.appName;
  $('.skip-link').textContent = S.skipLink;
  $('#leave-btn').textContent = S.leaveBtn;
  $('#leave-btn').addEventListener('click', () => leave());
  setTenSecondsHandler(() => { if (yourTurn(app.state)) announce(S.tenSeconds); });

  document.addEventListener('keydown', (ev) => {
    if (!app.onKey || ev.defaultPrevented) return;
    const t = ev.target;
    if (t && t.matches && t.matches('input, textarea, select, [contenteditable]')) return;
    if (app.onKey(ev)) ev.preventDefault();
  });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible' && app.state) render(); });

  // Which room is this tab in? The URL first, else this session's room.
  const sessionRoom = (store.loadSessionRoom() || '').toUpperCase();
  const room = CODE_RE.test(urlRoom) ? urlRoom : CODE_RE.test(sessionRoom) ? sessionRoom : null;
  const seat = room ? store.loadSeat(room, tv) : null;
  if (room && seat) {
    app.room = room;
    app.seat = seat;
    setUrl(room);
  } else if (room && tv) {
    app.room = room;
  }

  const conn = app.conn;
  conn.addEventListener('open', () => {
    setBanner('');
    if (app.seat && app.room) resume();
    else if (tv && app.room && !app.seat) tvJoin(app.room);
  });
  conn.addEventListener('close', () => setBanner(conn.everOpened ? S.reconnecting : S.connecting));
  conn.addEventListener('message', (ev) => onMessage(ev.detail));
  setBanner(S.connecting);
  render();
  conn.start();
}

init();
