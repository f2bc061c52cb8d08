// The screen controller: which screen is up, a full redraw of it from each
// snapshot (patching only the live parts while its shape is unchanged), focus,
// announcements, the top bar, and in-room actions with their refusals shown
// where they were made. The session (session.js) owns the seat and the
// snapshots; the room's game (games.js) owns the round screens.

import { serverNow } from './clock.js';
import { h, replaceChildren } from './dom.js';
import { LANG_NAMES, UI_LANGS, fmtNumber, lang, pickLang, setLang, t } from './i18n.js';
import { errorText } from './errors.js';
import * as store from './storage.js';
import { gameOf, hostPlayer, roundText } from './common.js';
import { gameModule, knownGame, loadGame } from './games.js';
import { renderHome } from './home.js';
import { deckText, joinLink, renderLobby, watchersList } from './lobby.js';
import { CODE_RE } from './session.js';
import { confirmDialog } from './dialog.js';
import { qrSvg } from './qr.js';
import { buzz, isMuted, play, setMuted } from './sound.js';

const $ = (sel) => document.querySelector(sel);
const ROUND_PHASES_OFF = ['lobby', 'finished'];

export class Controller {
  constructor(session, { tv = false, code = '' } = {}) {
    this.session = session;
    this.tv = tv;
    this.memoKey = null;
    this.memo = null; // per room/phase/round: drafts, selections, pending flags, errors
    this.shape = null;
    this.onKey = null;
    this.wakeTimer = null;
    this.lastAnnounced = null;
    this.home = { message: '', errors: {}, pending: null, code: CODE_RE.test(code) ? code : '' };
    this.switching = null; // the UI language being loaded
    this.hostSeen = null; // {room, id}: the host of the last snapshot
    this.hostNotice = null; // {name, me, until}: "Ben is now the host"
    this.wasYourTurn = false;
    this.watchers = null; // the host's dialog of who watches, while it is open
    this.roomShown = null; // the room of the last room screen drawn
    this.announceTimer = null;
    const watchersBtn = $('#watchers-btn');
    if (watchersBtn) watchersBtn.addEventListener('click', () => this.openWatchers());
  }

  // --- the UI language ---------------------------------------------------------

  /** The user's pick, else the room's language, else (before a room) the browser's. */
  wantedLang() {
    const chosen = store.loadUiLang();
    if (UI_LANGS.includes(chosen)) return chosen;
    const s = this.session.state;
    if (this.session.room && s && UI_LANGS.includes(s.lang)) return s.lang;
    return pickLang(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
  }

  /** Load the wanted language if it is not the current one, then redraw. */
  followLang() {
    const want = this.wantedLang();
    if (want === lang() || want === this.switching) return;
    this.switching = want;
    setLang(want).then(() => {
      if (this.switching !== want) return;
      this.switching = null;
      this.staticTexts();
      this.shape = null; // every text may have changed
      this.render();
    });
  }

  /** The texts of index.html that live outside the screen. */
  staticTexts() {
    $('.skip-link').textContent = t('app.skipLink');
    $('#leave-btn').textContent = t('top.leave');
    this.muteButton();
    $('#lang-label').textContent = t('app.language');
    const select = $('#lang-switch');
    if (!select.options.length) {
      UI_LANGS.forEach((l) => select.append(h('option', { value: l, lang: l, text: LANG_NAMES[l] })));
    }
    select.value = lang();
  }

  muteButton() {
    const btn = $('#mute-btn');
    const muted = isMuted();
    btn.setAttribute('aria-pressed', muted ? 'true' : 'false');
    btn.setAttribute('aria-label', t('top.mute'));
    btn.title = muted ? t('top.soundOff') : t('top.soundOn');
    // A speaker drawn in SVG (no emoji font needed), with waves or a cross.
    const path = (d) => h('svg:path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    btn.replaceChildren(h('svg:svg', { viewBox: '0 0 24 24', width: '20', height: '20', 'aria-hidden': 'true', focusable: 'false' },
      h('svg:path', { d: 'M4 9h4l5-4v14l-5-4H4z', fill: 'currentColor' }),
      muted ? [path('M17 9l5 6'), path('M22 9l-5 6')] : [path('M16.5 8.5a5 5 0 0 1 0 7'), path('M19 6a8.5 8.5 0 0 1 0 12')]));
  }

  toggleMute() {
    setMuted(!isMuted());
    this.muteButton();
  }

  /** Leave asks first, and says what leaving means (RULES 1d). */
  async confirmLeave() {
    const s = this.session.state;
    const code = this.session.room || '';
    const me = s && s.me ? s.me : {};
    let body = t('leave.bodyWatching');
    if (s && me.role === 'player' && !ROUND_PHASES_OFF.includes(s.phase)) body = t('leave.bodyMatch');
    else if (s && me.role === 'player' && s.phase === 'lobby') body = t('leave.bodyLobby');
    const ok = await confirmDialog({
      title: t('leave.title', { code }),
      body,
      confirm: t('leave.confirm'),
      cancel: t('leave.cancel'),
    });
    if (ok && this.session.room === code) this.session.leave();
    else $('#leave-btn').focus();
  }

  /** The host's remove-player (×) asks first too; so does removing someone who watches. */
  async confirmKick(player) {
    const s = this.session.state;
    const name = player.name || t('common.someone');
    const inMatch = s && !ROUND_PHASES_OFF.includes(s.phase);
    if (this.watchers) this.watchers.close();
    let body = inMatch ? t('kick.bodyMatch', { name }) : t('kick.body', { name });
    if (player.watcher) body = t('kick.bodyWatcher', { name });
    const ok = await confirmDialog({
      title: t('kick.title', { name }),
      body,
      confirm: t('kick.confirm'),
      cancel: t('leave.cancel'),
    });
    if (ok) this.act('kick', { player: player.id });
  }

  // --- who watches: the host's list, reachable during play -------------------------

  /** The host's watchers (whoever is in `observer_list`) in a dialog, from the top bar. */
  openWatchers() {
    const s = this.session.state;
    if (!s || !Array.isArray(s.observer_list) || this.watchers) return;
    const list = h('div', { class: 'watchers-body' });
    const close = h('button', { type: 'button', class: 'btn', testid: 'watchers-close' }, t('watchers.close'));
    const dialog = h('dialog', { class: 'dialog dialog-watchers', testid: 'watchers-dialog', 'aria-labelledby': 'watchers-dialog-h' },
      h('h2', { id: 'watchers-dialog-h', text: t('watchers.heading') }),
      list,
      h('div', { class: 'dialog-buttons' }, close));
    close.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      if (this.watchers === dialog) this.watchers = null;
      dialog.remove();
      const btn = $('#watchers-btn');
      if (btn && !btn.hidden && !document.querySelector('dialog[open]')) btn.focus();
    });
    this.watchers = dialog;
    this.fillWatchers();
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
  }

  /** Redraw the open dialog's list when the host's list changed. */
  fillWatchers() {
    const dialog = this.watchers;
    const s = this.session.state;
    if (!dialog) return;
    if (!s || !Array.isArray(s.observer_list) || this.session.elsewhere) { dialog.close(); return; }
    const key = JSON.stringify([s.observer_list, lang()]);
    if (dialog.dataset.key === key) return;
    dialog.dataset.key = key;
    const body = dialog.querySelector('.watchers-body');
    const focused = body.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
    body.replaceChildren(watchersList({ state: s, confirmKick: (p) => this.confirmKick(p) }));
    const again = focused && body.querySelector(`[data-focus="${CSS.escape(focused)}"]`);
    if (again) again.focus();
    else if (focused) dialog.querySelector('[data-testid="watchers-close"]').focus();
  }

  /** The top bar's button to the host's list of who watches: during play, when someone does. */
  watchersButton() {
    const btn = $('#watchers-btn');
    if (!btn) return;
    const s = this.session.state;
    const list = s && this.session.inRoom && !this.session.elsewhere && !this.tv && Array.isArray(s.observer_list) ? s.observer_list : null;
    const show = !!(list && list.length && s.phase !== 'lobby');
    btn.hidden = !show;
    if (!show) return;
    // "2 watching": the name holds the count the button shows (axe: a visible
    // label must be part of the accessible name).
    const label = t('lobby.watching', { n: list.length });
    if (btn.getAttribute('aria-label') === label) return;
    btn.setAttribute('aria-label', label);
    btn.title = t('watchers.button');
    const eye = h('svg:svg', { viewBox: '0 0 24 24', width: '20', height: '20', 'aria-hidden': 'true', focusable: 'false' },
      h('svg:path', { d: 'M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linejoin': 'round' }),
      h('svg:circle', { cx: '12', cy: '12', r: '3', fill: 'currentColor' }));
    btn.replaceChildren(eye, h('span', { class: 'watchers-count', text: fmtNumber(list.length) }));
  }

  /** Whoever holds the host role now; a change is said to everyone (RULES 1a). */
  noteHost(s) {
    const host = hostPlayer(s);
    const seen = this.hostSeen;
    this.hostSeen = host ? { room: s.room, id: host.id } : null;
    if (!host || !seen || seen.room !== s.room || seen.id === host.id) return;
    const me = !!(s.me && s.me.id === host.id);
    this.hostNotice = { name: host.name || t('common.someone'), me, until: Date.now() + 12_000 };
    this.announce(me ? t('host.youAreHost') : t('host.newHost', { name: host.name || t('common.someone') }));
  }

  /** On a TV during play: the room code, a small QR code and the deck, so latecomers find the room. */
  tvCorner(s) {
    const box = $('#tv-join');
    if (!this.tv || !s || s.phase === 'lobby') {
      if (box.firstChild) box.replaceChildren();
      box.hidden = true;
      return;
    }
    const code = String(s.room || '');
    const key = `${code}|${s.lang}|${lang()}`;
    box.hidden = false;
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    const link = joinLink(code);
    box.replaceChildren(
      h('div', { class: 'tv-join-text' },
        h('p', { class: 'tv-join-code', testid: 'tv-room-code', text: code }),
        h('p', { class: 'tv-join-link', text: link.replace(/^https?:\/\//, '') }),
        h('p', { class: 'tv-join-deck', testid: 'deck-lang', text: deckText(s) })),
      h('div', { class: 'tv-join-qr', testid: 'tv-qr' }, qrSvg(link, t('lobby.qrAlt', { link }))));
  }

  pickLang(choice) {
    if (!UI_LANGS.includes(choice)) return;
    store.saveUiLang(choice);
    this.followLang();
  }

  // --- small UI pieces that live outside the screen ------------------------------

  setBanner(text) {
    const el = $('#banner');
    if (el.textContent !== text) el.textContent = text;
  }

  announce(text) {
    const el = $('#announce');
    el.textContent = '';
    // A fresh text node after a tick makes screen readers read it even if repeated.
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => { el.textContent = text; }, 50);
  }

  /**
   * A room this page had not shown yet: what was said before it (home's "You
   * left room QXZT.", the last room's phase) is no longer true there, and a
   * screen reader reading the live region must not meet it in the new lobby.
   */
  enteredRoom(room) {
    if (this.roomShown === room) return;
    this.roomShown = room;
    clearTimeout(this.announceTimer);
    $('#announce').textContent = '';
    this.lastAnnounced = null; // its first screen is a first load: the focus says it
  }

  say(text) {
    const el = $('#reveal-live');
    if (el.textContent !== text) el.textContent = text;
  }

  gameName() {
    const s = this.session.state;
    return s ? t(`games.${gameOf(s)}.name`) : t('app.name');
  }

  updateHeader() {
    const s = this.session.state;
    const inRoom = this.session.inRoom;
    $('.brand-name').textContent = this.gameName();
    $('#room-chip').textContent = inRoom ? t('top.roomChip', { code: this.session.room }) : '';
    $('#round-chip').textContent = this.tv && s && !ROUND_PHASES_OFF.includes(s.phase) ? roundText(s) : '';
    $('#leave-btn').hidden = !inRoom || this.tv || this.session.elsewhere;
    $('#lang-switch').value = lang();
    this.watchersButton();
    this.fillWatchers();
  }

  yourTurn() {
    const s = this.session.state;
    const mod = s && gameModule(gameOf(s));
    return !!(s && !this.tv && mod && mod.yourTurn(s));
  }

  // --- focus -----------------------------------------------------------------------

  static captureFocus() {
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
  static restoreFocus(root, f) {
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

  // --- rendering ---------------------------------------------------------------

  setPhase(phase, round = null) {
    const main = $('#main');
    main.dataset.phase = phase;
    if (round === null) delete main.dataset.round;
    else main.dataset.round = String(round);
    document.body.dataset.phase = phase;
  }

  /** A screen with one line (joining, loading the game). */
  waitScreen(phase, text) {
    this.setPhase(phase);
    this.onKey = null;
    this.shape = null;
    this.memoKey = null;
    replaceChildren($('#screen'), h('section', { class: 'screen screen-wait' },
      h('h1', { class: 'screen-title', text })));
  }

  render(opts = {}) {
    clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    this.followLang();
    this.updateHeader();
    const { session } = this;

    if (!session.seat && !(this.tv && session.room)) {
      this.renderHome(opts);
      return;
    }
    if (session.elsewhere) {
      this.elsewhereScreen();
      return;
    }
    const s = session.state;
    if (!s) {
      this.waitScreen('connecting', t('conn.joiningRoom', { code: session.room || '' }));
      return;
    }
    const slug = gameOf(s);
    if (!knownGame(slug)) {
      this.waitScreen('connecting', t('conn.unknownGame'));
      return;
    }
    const mod = gameModule(slug);
    if (!mod) {
      this.waitScreen('connecting', t('conn.loadingGame'));
      loadGame(slug).then(() => this.render(), () => setTimeout(() => this.render(), 2000));
      return;
    }
    this.renderRoom(s, mod, opts);
  }

  /** Another window resumed this seat: say so, and offer to take it back here. */
  elsewhereScreen() {
    this.setPhase('elsewhere');
    this.onKey = null;
    this.shape = null;
    this.memoKey = null;
    this.say('');
    this.tvCorner(null);
    const heading = h('h1', { id: 'elsewhere-h', class: 'screen-title', tabindex: '-1', text: t('elsewhere.title') });
    const button = h('button', {
      type: 'button',
      class: 'btn btn-primary btn-big',
      testid: 'take-back-btn',
      onclick: () => this.session.takeBack(),
    }, t('elsewhere.takeBack'));
    const node = h('section', { class: 'screen screen-elsewhere', testid: 'elsewhere', 'aria-labelledby': 'elsewhere-h' },
      heading,
      h('p', { class: 'status', text: t('elsewhere.body') }),
      h('div', { class: 'actions' }, button));
    const first = !document.querySelector('[data-testid="elsewhere"]');
    replaceChildren($('#screen'), node);
    if (first) {
      heading.focus({ preventScroll: true });
      this.announce(t('elsewhere.title'));
    }
    document.title = t('elsewhere.title');
  }

  renderHome(opts) {
    const { session } = this;
    this.setPhase('home');
    this.onKey = null;
    this.memoKey = null;
    this.shape = null;
    this.say('');
    const screen = $('#screen');
    const errors = {};
    for (const [k, v] of Object.entries(this.home.errors)) errors[k] = v && typeof v === 'object' ? errorText(v) : v;
    const r = renderHome({
      join: (code, name) => this.joinRoom(code, name),
      create: (name, deck, game, options) => this.createRoom(name, deck, game, options),
    }, {
      tv: this.tv,
      games: Array.isArray(session.games) ? session.games : null,
      settled: !!session.gamesSettled,
      code: this.home.code,
      name: store.loadName(),
      message: this.home.message ? t(this.home.message, this.home.params || {}) : '',
      errors,
      pending: this.home.pending,
    });
    if (screen.firstChild !== r.node) {
      // A rebuilt home (new language) keeps the focus where it was: on the
      // same field, or outside the screen (the language switch).
      const active = document.activeElement;
      const outside = active && active !== document.body && !screen.contains(active);
      const hadFocus = Controller.captureFocus();
      replaceChildren(screen, r.node);
      if (!outside && !(hadFocus && Controller.restoreFocus(screen, hadFocus)) && r.focus) {
        r.focus.focus({ preventScroll: true });
      }
    }
    if (opts.focusField) {
      const f = r.focusField(opts.focusField);
      if (f) f.focus();
    }
    document.title = t('app.name');
  }

  renderRoom(s, mod, opts) {
    const screen = $('#screen');
    const main = $('#main');
    const phase = s.phase === 'lobby' || mod.screens[s.phase] ? s.phase : 'lobby';
    const key = `${s.room}|${phase}|${s.round}`;
    const changed = key !== this.memoKey;
    if (changed) {
      this.memoKey = key;
      this.memo = { errors: {}, pending: {} };
      this.shape = null;
    }
    const focus = changed ? null : Controller.captureFocus();
    const ctx = {
      state: s,
      tv: this.tv,
      gameInfo: this.session.gameInfo(gameOf(s)),
      memo: this.memo,
      errors: this.memo.errors,
      act: (action, fields, o) => this.act(action, fields, o),
      confirmKick: (player) => this.confirmKick(player),
      say: (text) => this.say(text),
      rerender: (o) => this.render(o),
    };
    this.enteredRoom(s.room);
    this.setPhase(phase, Number.isFinite(s.round) ? s.round : 0);
    if (phase !== 'reveal') this.say('');
    this.noteHost(s);
    this.tvCorner(s);
    const result = (phase === 'lobby' ? renderLobby : mod.screens[phase])(ctx);
    if (this.memo.errors.general) {
      result.node.prepend(h('p', { class: 'error', role: 'alert', text: this.memo.errors.general }));
    }
    const notice = this.hostNotice;
    if (notice && notice.until > Date.now()) {
      result.node.prepend(h('p', { class: 'notice', testid: 'host-notice', role: 'status', text: notice.me ? t('host.youAreHost') : t('host.newHost', { name: notice.name }) }));
      result.wake = [...(result.wake || []), serverNow() + (notice.until - Date.now())];
      result.shape = result.shape ? `${result.shape}|host:${notice.name}` : result.shape;
    }

    // Same shape as on screen: patch the live parts only, so typing, IME
    // composition and a half-done tap are not disturbed.
    if (!changed && result.shape && result.shape === this.shape && screen.firstChild) {
      result.node.querySelectorAll('[data-patch]').forEach((fresh) => {
        const old = screen.querySelector(`[data-patch="${fresh.dataset.patch}"]`);
        if (old) old.replaceWith(fresh);
      });
    } else {
      replaceChildren(screen, result.node);
      this.shape = result.shape || null;
      if (changed) {
        window.scrollTo(0, 0);
        if (result.focus) result.focus.focus({ preventScroll: true });
        if (!result.focus || document.activeElement !== result.focus) main.focus({ preventScroll: true });
        this.phaseAnnouncement(s, phase, mod);
      } else if (opts.focusKey) {
        Controller.restoreFocus(screen, { key: opts.focusKey });
      } else if (!Controller.restoreFocus(screen, focus) && result.focus) {
        // The focused control is gone (e.g. the entry was accepted): focus what replaced it.
        result.focus.focus({ preventScroll: true });
      }
    }
    this.onKey = result.onKey || null;

    const wake = (result.wake || []).filter(Number.isFinite);
    if (wake.length) {
      const next = Math.min(...wake);
      this.wakeTimer = setTimeout(() => this.render(), Math.max(0, next - serverNow()) + 30);
    }
    const turn = this.yourTurn();
    if (turn && !this.wasYourTurn) buzz(); // a short vibration on phones, where allowed
    this.wasYourTurn = turn;
    document.title = turn
      ? t('app.yourTurnTitle', { game: this.gameName() })
      : t('app.roomTitle', { game: this.gameName(), code: this.session.room });
  }

  phaseAnnouncement(s, phase, mod) {
    const key = `${phase}|${s.round}`;
    if (this.lastAnnounced === null) { this.lastAnnounced = key; return; } // first load: the focus says enough
    if (this.lastAnnounced === key) return;
    this.lastAnnounced = key;
    play('phase');
    const text = phase === 'lobby' ? t('announce.lobby') : mod.announcement(s) || (phase === 'finished' ? t('announce.finished') : null);
    if (text) this.announce(text);
  }

  // --- actions -------------------------------------------------------------------

  /** Send an in-room action; its refusal lands in memo.errors[slot]. */
  act(action, fields = {}, { slot = 'general' } = {}) {
    const memo = this.memo;
    const game = this.session.state ? gameOf(this.session.state) : null;
    memo.pending[slot] = true;
    memo.errors[slot] = null;
    this.render();
    return this.session.request(action, fields).then(
      () => {
        if (this.memo === memo) {
          memo.pending[slot] = false;
          this.render();
        }
      },
      (err) => {
        memo.pending[slot] = false;
        const shown = this.session.refused(err);
        if (shown && this.memo === memo) {
          memo.errors[slot] = errorText(shown, game);
          this.render();
        }
      },
    );
  }

  async joinRoom(rawCode, rawName) {
    const code = String(rawCode || '').trim().toUpperCase();
    const name = String(rawName || '').trim();
    const errors = {};
    this.home.errors = errors;
    this.home.message = '';
    if (!CODE_RE.test(code)) errors.code = t('home.codeInvalid');
    if (!name && !this.tv) errors.joinName = t('home.nameMissing');
    if (Object.keys(errors).length) {
      this.render({ focusField: errors.code ? 'code' : 'joinName' });
      return;
    }
    if (this.tv) { this.session.tvJoin(code); return; }
    this.home.pending = 'join';
    this.render();
    try {
      await this.session.join(code, name);
    } catch (err) {
      if (err.code === 'room_not_found') errors.code = err;
      else if (err.code === 'name_taken' || err.code === 'invalid_name') errors.joinName = err;
      else errors.join = err;
      this.home.pending = null;
      this.render({ focusField: errors.code ? 'code' : errors.joinName ? 'joinName' : null });
      return;
    }
    this.home.pending = null;
  }

  async createRoom(rawName, deck, game, options = null) {
    const name = String(rawName || '').trim();
    const errors = {};
    this.home.errors = errors;
    this.home.message = '';
    if (!name) {
      errors.createName = t('home.nameMissing');
      this.render({ focusField: 'createName' });
      return;
    }
    this.home.pending = 'create';
    this.render();
    try {
      await this.session.create(name, deck, game, options);
    } catch (err) {
      if (err.code === 'invalid_name' || err.code === 'name_taken') errors.createName = err;
      else errors.create = err;
      this.home.pending = null;
      this.render({ focusField: errors.createName ? 'createName' : null });
      return;
    }
    this.home.pending = null;
  }

  /** The session went home: show the message, forget the form's state. */
  wentHome({ message, params, errors }) {
    this.memoKey = null;
    this.roomShown = null; // coming back to the same room is entering it anew
    this.hostSeen = null;
    this.hostNotice = null;
    this.tvCorner(null);
    this.home.message = message || '';
    this.home.params = params || {};
    this.home.errors = errors || {};
    this.home.pending = null;
    this.home.code = '';
    this.render();
    const heading = document.querySelector('#home-h');
    if (heading && !(errors && Object.keys(errors).length)) heading.focus();
    if (message) this.announce(t(message, params || {}));
  }
}
