// The screen controller: which screen is up, a full redraw of it from each
// snapshot (patching only the live parts while its shape is unchanged), focus,
// announcements, the top bar, and in-room actions with their refusals shown
// where they were made. The session (session.js) owns the seat and the
// snapshots; the room's game (games.js) owns the round screens.

import { serverNow } from './clock.js';
import { h, replaceChildren } from './dom.js';
import { LANG_NAMES, UI_LANGS, lang, pickLang, setLang, t } from './i18n.js';
import { errorText } from './errors.js';
import * as store from './storage.js';
import { gameOf } from './common.js';
import { gameModule, knownGame, loadGame } from './games.js';
import { renderHome } from './home.js';
import { renderLobby } from './lobby.js';
import { CODE_RE } from './session.js';

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
    $('#lang-label').textContent = t('app.language');
    const select = $('#lang-switch');
    if (!select.options.length) {
      UI_LANGS.forEach((l) => select.append(h('option', { value: l, lang: l, text: LANG_NAMES[l] })));
    }
    select.value = lang();
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
    setTimeout(() => { el.textContent = text; }, 50);
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
    $('#round-chip').textContent = this.tv && s && Number.isFinite(s.round) && s.round > 0 && !ROUND_PHASES_OFF.includes(s.phase)
      ? t('top.roundOf', { r: s.round, n: Number.isFinite(s.rounds) ? s.rounds : 6 }) : '';
    $('#leave-btn').hidden = !inRoom || this.tv;
    $('#lang-switch').value = lang();
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
      create: (name, deck, game) => this.createRoom(name, deck, game),
    }, {
      tv: this.tv,
      games: Array.isArray(session.games) ? session.games : null,
      code: this.home.code,
      name: store.loadName(),
      message: this.home.message ? t(this.home.message) : '',
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
      say: (text) => this.say(text),
      rerender: (o) => this.render(o),
    };
    this.setPhase(phase, Number.isFinite(s.round) ? s.round : 0);
    if (phase !== 'reveal') this.say('');
    const result = (phase === 'lobby' ? renderLobby : mod.screens[phase])(ctx);
    if (this.memo.errors.general) {
      result.node.prepend(h('p', { class: 'error', role: 'alert', text: this.memo.errors.general }));
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
    document.title = this.yourTurn()
      ? t('app.yourTurnTitle', { game: this.gameName() })
      : t('app.roomTitle', { game: this.gameName(), code: this.session.room });
  }

  phaseAnnouncement(s, phase, mod) {
    const key = `${phase}|${s.round}`;
    if (this.lastAnnounced === null) { this.lastAnnounced = key; return; } // first load: the focus says enough
    if (this.lastAnnounced === key) return;
    this.lastAnnounced = key;
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

  async createRoom(rawName, deck, game) {
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
      await this.session.create(name, deck, game);
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
  wentHome({ message, errors }) {
    this.memoKey = null;
    this.home.message = message || '';
    this.home.errors = errors || {};
    this.home.pending = null;
    this.home.code = '';
    this.render();
    const heading = document.querySelector('#home-h');
    if (heading && !(errors && Object.keys(errors).length)) heading.focus();
    if (message) this.announce(t(message));
  }
}
