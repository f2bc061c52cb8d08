// The session: one connection, this tab's seat in a room (room code + token),
// the last `state` snapshot, and the games the server offers. It knows nothing
// about screens; it says what changed with events:
//
//   'state'    a new snapshot (or the seat changed and there is none yet, or
//              the seat went to another window: `elsewhere`)
//   'home'     the seat is gone: {message, errors} for the home page
//   'games'    the server's games list arrived (or is known to be missing)
//   'open' / 'close'   the connection
//
// Flow: load → connect → (stored token for this room? `resume` : home) →
// `welcome` stores {player, token} → each `state` is kept. On reconnect the
// token is sent again with `resume`; a fresh snapshot follows. Every `welcome`
// carries a new token (a resume rotates it), which replaces the stored one.
// When another window resumes this seat, this one is told `resumed_elsewhere`:
// it stops (`elsewhere`) and never resumes on its own, which would take the
// seat back and forth between the two; `takeBack()` does it on request.

import { Connection } from './net.js';
import { noteSnapshot, serverNow } from './clock.js';
import * as store from './storage.js';
import { knownGame } from './games.js';

export const CODE_RE = /^[A-Z]{4}$/;
// A phase whose deadline passed this long ago with no new snapshot since: ask
// the server to catch up (`sync`, docs/protocol.md), once per deadline.
const SYNC_GRACE_MS = 2000;
const UNTIMED_PHASES = ['lobby', 'finished'];

const deadlineKey = (s) => `${s.room}|${s.round}|${s.phase}|${s.deadline}`;

export class Session extends EventTarget {
  constructor({ tv = false } = {}) {
    super();
    this.conn = new Connection();
    this.tv = tv;
    this.room = null; // the room this tab is in
    this.seat = null; // {player, token}
    this.state = null; // last snapshot
    this.games = undefined; // undefined: not asked yet; null: the server has no list; else the list
    this.lastJson = null;
    this.lastStateAt = 0; // serverNow() when the last snapshot arrived
    this.syncTimer = null;
    this.syncedFor = null; // the deadline a `sync` was sent for
    this.tvJoining = false;
    this.elsewhere = false; // this seat was resumed in another window
  }

  get inRoom() {
    return !!(this.seat && this.room);
  }

  emit(type, detail = null) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  /** Pick up this tab's room (the URL's, else this session's) and connect. */
  start(urlRoom) {
    const sessionRoom = (store.loadSessionRoom() || '').toUpperCase();
    const room = CODE_RE.test(urlRoom) ? urlRoom : CODE_RE.test(sessionRoom) ? sessionRoom : null;
    const seat = room ? store.loadSeat(room, this.tv) : null;
    if (room && (seat || this.tv)) this.room = room;
    if (room && seat) this.seat = seat;

    const conn = this.conn;
    conn.addEventListener('open', () => {
      this.emit('open');
      if (this.games === undefined) this.askGames();
      if (this.elsewhere) return; // only the user takes the seat back
      if (this.inRoom) this.resume();
      else if (this.tv && this.room) this.tvJoin(this.room);
    });
    conn.addEventListener('close', () => this.emit('close'));
    conn.addEventListener('message', (ev) => this.onMessage(ev.detail));
    conn.start();
  }

  request(action, fields = {}) {
    return this.conn.request(action, fields);
  }

  /**
   * `games` lists the games, their seats, languages and options. A server
   * without it answers `bad_request`: then there is only Dictionary Bluff.
   */
  async askGames() {
    this.games = null;
    try {
      const reply = await this.request('games');
      this.setGames(reply && reply.games);
    } catch (err) {
      if (err && (err.code === 'disconnected' || err.code === 'timeout')) this.games = undefined; // ask again
      else this.setGames(null);
    }
  }

  setGames(list) {
    // Only the games this client has screens for can be played here.
    const games = Array.isArray(list)
      ? list.filter((g) => g && typeof g.slug === 'string' && knownGame(g.slug))
      : null;
    this.games = games && games.length ? games : null;
    this.gamesSettled = true; // the home page's form has its final shape
    this.emit('games');
  }

  /** The server's entry for a game (seats, languages, options), or null. */
  gameInfo(slug) {
    return (Array.isArray(this.games) && this.games.find((g) => g.slug === slug)) || null;
  }

  /** With the token this browser last held in the room, if any (a removed device stays out). */
  join(room, name) {
    store.saveName(name);
    const token = store.loadLastToken(room);
    return this.request('join_room', token ? { room, name, token } : { room, name });
  }

  /**
   * `game` only when the server listed games (today's server refuses unknown
   * fields); with it, the game's own `options` picked on the home page. The
   * browser's `profile` goes with every room (a game that remembers nothing
   * per player ignores it).
   */
  create(name, lang, game, options = null) {
    store.saveName(name);
    const fields = { name, lang };
    if (game && this.games) {
      fields.game = game;
      if (options && typeof options === 'object' && Object.keys(options).length) fields.options = options;
    }
    const profile = store.loadProfile();
    if (profile) fields.profile = profile;
    return this.request('create_room', fields);
  }

  /**
   * TV mode joins as an observer. `observer: true` is an addition to the
   * protocol's join_room (a TV must not take a seat); a server that refuses
   * the extra field gets a plain join_room. A taken name gets a suffix.
   */
  async tvJoin(code) {
    if (this.tvJoining) return;
    this.tvJoining = true;
    this.room = code;
    let name = 'TV';
    let observerField = true;
    try {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        try {
          const fields = observerField ? { room: code, name, observer: true } : { room: code, name };
          const token = store.loadLastToken(code);
          await this.request('join_room', token ? { ...fields, token } : fields);
          return;
        } catch (err) {
          if (err.code === 'name_taken') name = `TV ${Math.floor(100 + Math.random() * 900)}`;
          else if (err.code === 'bad_request' && observerField) observerField = false;
          else if (err.code === 'disconnected' || err.code === 'timeout') return; // retried on reconnect
          else {
            this.room = null;
            this.emit('home', { message: '', errors: { code: err } });
            return;
          }
        }
      }
    } finally {
      this.tvJoining = false;
    }
  }

  async resume() {
    const { room, seat } = this;
    if (!room || !seat) return;
    try {
      await this.request('resume', { room, token: seat.token });
    } catch (err) {
      if (this.room !== room) return;
      if (err.code === 'kicked') this.kickedOut();
      else if (err.code === 'resumed_elsewhere') this.movedAway();
      else if (err.code === 'bad_token' || err.code === 'not_in_room') this.goHome('home.seatLost');
      else if (err.code === 'room_not_found') this.goHome('home.roomGone');
      // disconnected / timeout / rate_limited: the next connection tries again
    }
  }

  /**
   * What an in-room refusal means for the seat. Returns the error to show
   * where the action was made, or null when the seat is gone (home instead).
   */
  refused(err) {
    if (err && err.code === 'kicked') { this.kickedOut(); return null; }
    if (err && err.code === 'resumed_elsewhere') { this.movedAway(); return null; }
    if (err && err.code === 'bad_token') { this.goHome('home.seatLost'); return null; }
    if (err && err.code === 'not_in_room') {
      // This connection lost its membership: rebind it; the user can try again.
      this.resume();
      return { code: 'disconnected' };
    }
    return err;
  }

  /** Forget the seat and go home; `message` is a catalogue key (or '') with its `params`. */
  goHome(message = '', params = {}) {
    if (this.room) store.forgetSeat(this.room, this.tv);
    store.forgetSessionRoom();
    this.room = null;
    this.seat = null;
    this.state = null;
    this.lastJson = null;
    this.elsewhere = false;
    clearTimeout(this.syncTimer);
    this.syncTimer = null;
    this.emit('home', { message, params, errors: {} });
  }

  /** Another window resumed this seat: stop here until the user takes it back. */
  movedAway() {
    if (!this.seat || this.elsewhere) return;
    this.elsewhere = true;
    clearTimeout(this.syncTimer);
    this.syncTimer = null;
    this.emit('state');
  }

  /**
   * Take the seat back from the other window: resume with the newest token
   * this browser holds for the room (the other window stored the one its
   * resume was given), on a fresh connection, since this one is refused.
   */
  takeBack() {
    if (!this.elsewhere || !this.room) return;
    const seat = store.loadSeat(this.room, this.tv);
    if (!seat) { this.goHome('home.seatLost'); return; }
    this.seat = seat;
    this.elsewhere = false;
    this.state = null;
    this.lastJson = null;
    this.emit('state');
    this.conn.restart(); // on open: resume
  }

  kickedOut() {
    this.goHome('home.kicked');
    this.conn.restart();
  }

  async leave() {
    const code = this.room;
    const leaving = this.request('leave').catch(() => {});
    this.goHome('home.left', { code });
    await Promise.race([leaving, new Promise((r) => setTimeout(r, 2000))]);
    // A fresh connection carries no membership of the old room.
    this.conn.restart();
  }

  // --- server messages -------------------------------------------------------------

  onMessage(msg) {
    switch (msg.type) {
      case 'welcome': this.onWelcome(msg); break;
      case 'state': this.onState(msg); break;
      case 'games': this.setGames(msg.games); break;
      case 'error':
        // Unsolicited errors (answers to requests are handled by the request).
        if (msg.code === 'kicked' && this.seat) this.kickedOut();
        else if (msg.code === 'resumed_elsewhere') this.movedAway();
        break;
      default: break;
    }
  }

  onWelcome(msg) {
    const room = typeof msg.room === 'string' ? msg.room.toUpperCase() : null;
    if (!room || typeof msg.player !== 'string' || typeof msg.token !== 'string' || !msg.token) return;
    if (this.room && this.room !== room && this.seat) return; // a stale welcome for another room
    this.room = room;
    this.seat = { player: msg.player, token: msg.token };
    this.elsewhere = false;
    store.saveSeat(room, this.tv, this.seat);
    store.saveLastToken(room, msg.token);
    store.saveSessionRoom(room);
    this.emit('seat');
  }

  onState(msg) {
    if (!this.inRoom || this.elsewhere) return;
    if (typeof msg.room !== 'string' || msg.room.toUpperCase() !== this.room) return;
    if (typeof msg.phase !== 'string') return;
    noteSnapshot(Number(msg.server_now));
    this.lastStateAt = serverNow();
    const json = JSON.stringify({ ...msg, server_now: 0 });
    if (json !== this.lastJson) {
      this.lastJson = json;
      this.state = msg;
      this.emit('state');
    }
    this.armSync();
  }

  // --- catching up when a timer was lost -------------------------------------------

  /**
   * Timers on the server normally close each phase. If the countdown has run
   * out by SYNC_GRACE_MS and no snapshot came since, send `sync` once for that
   * deadline: the server closes the phase and answers with a fresh `state`.
   */
  armSync() {
    clearTimeout(this.syncTimer);
    this.syncTimer = null;
    const s = this.state;
    if (!s || !this.seat || UNTIMED_PHASES.includes(s.phase) || !Number.isFinite(s.deadline)) return;
    const key = deadlineKey(s);
    if (this.syncedFor === key) return;
    const due = Math.max(s.deadline, this.lastStateAt) + SYNC_GRACE_MS;
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      const now = this.state;
      if (!now || deadlineKey(now) !== key || this.syncedFor === key) return;
      if (serverNow() < Math.max(now.deadline, this.lastStateAt) + SYNC_GRACE_MS - 50) { this.armSync(); return; }
      if (!this.conn.open) return; // the resume after reconnecting brings a fresh snapshot
      this.syncedFor = key;
      this.request('sync').catch(() => {});
    }, Math.max(0, due - serverNow()) + 20);
  }
}
