// One WebSocket to the game, JSON frames both ways (docs/protocol.md).
//
// - The URL comes from `config.json` ({websocket_url}) or falls back to
//   ws(s)://<host>/ws.
// - On close or error it reconnects with backoff: 0.5 s doubling to 8 s, with
//   jitter; coming back online or to the tab retries at once.
// - `request(action, fields)` tags the message with a fresh `req` id and
//   resolves on the matching `ok` (rejects on the matching `error`).
// - `ping {t}` on every connect and every 15 s feeds the clock estimate.

import { addPong } from './clock.js';

const PING_EVERY = 15_000;
const BASE_DELAY = 500;
const MAX_DELAY = 8_000;
const REQUEST_TIMEOUT = 15_000;

async function resolveUrl() {
  const fallback = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
  try {
    const res = await fetch('config.json', { cache: 'no-store' });
    if (!res.ok) return fallback;
    const config = await res.json();
    const url = config && typeof config.websocket_url === 'string' ? config.websocket_url.trim() : '';
    return /^wss?:\/\//i.test(url) ? url : fallback;
  } catch {
    return fallback;
  }
}

export class Connection extends EventTarget {
  constructor() {
    super();
    this.url = null;
    this.ws = null;
    this.attempt = 0;
    this.seq = 0;
    this.pending = new Map();
    this.waiters = [];
    this.pingTimer = null;
    this.retryTimer = null;
    this.everOpened = false;
  }

  get open() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  async start() {
    this.url = await resolveUrl();
    this.connect();
    const retryNow = () => {
      if (!this.open && (!this.ws || this.ws.readyState !== WebSocket.CONNECTING)) {
        this.attempt = 0;
        this.connect();
      }
    };
    window.addEventListener('online', retryNow);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') retryNow();
    });
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.addEventListener('open', () => {
      if (this.ws !== ws) return;
      this.attempt = 0;
      this.everOpened = true;
      this.ping();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.ping(), PING_EVERY);
      this.dispatchEvent(new Event('open'));
      const waiters = this.waiters.splice(0);
      for (const w of waiters) w.resolve();
    });
    ws.addEventListener('message', (ev) => {
      if (this.ws !== ws) return;
      this.onFrame(ev.data);
    });
    ws.addEventListener('error', () => {
      // A close event follows; make sure of it.
      try { ws.close(); } catch { /* already closing */ }
    });
    ws.addEventListener('close', () => {
      if (this.ws !== ws) return;
      this.forgetSocket();
      this.dispatchEvent(new Event('close'));
      this.scheduleReconnect();
    });
  }

  /** Stop pinging and fail every request still waiting on the socket that is gone. */
  forgetSocket() {
    this.ws = null;
    clearInterval(this.pingTimer);
    this.pingTimer = null;
    for (const [req, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject({ code: 'disconnected', action: p.action, req });
    }
    this.pending.clear();
  }

  /** Drop the current socket (and its membership) and connect afresh. */
  restart() {
    const ws = this.ws;
    this.forgetSocket();
    if (ws) {
      try { ws.close(); } catch { /* already closed */ }
    }
    this.attempt = 0;
    this.connect();
  }

  scheduleReconnect() {
    if (this.retryTimer) return;
    const base = Math.min(MAX_DELAY, BASE_DELAY * 2 ** this.attempt);
    const delay = base * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  onFrame(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') return;
    if (msg.type === 'pong') {
      addPong(Number(msg.t), Number(msg.server_now));
      return;
    }
    if ((msg.type === 'ok' || msg.type === 'error') && typeof msg.req === 'string' && this.pending.has(msg.req)) {
      const p = this.pending.get(msg.req);
      this.pending.delete(msg.req);
      clearTimeout(p.timer);
      if (msg.type === 'ok') p.resolve(msg);
      else p.reject({ ...msg, action: p.action });
      // Errors answering a request are handled by whoever sent it.
      if (msg.type === 'error') return;
    }
    // `welcome` and `games` answer a request without an `ok`: they settle the
    // pending join-type request, or the pending `games` request.
    const answers = { welcome: ['create_room', 'join_room', 'resume'], games: ['games'] }[msg.type];
    if (answers) {
      for (const [req, p] of this.pending) {
        if (answers.includes(p.action)) {
          this.pending.delete(req);
          clearTimeout(p.timer);
          p.resolve(msg);
        }
      }
    }
    this.dispatchEvent(new CustomEvent('message', { detail: msg }));
  }

  ping() {
    this.sendRaw({ action: 'ping', t: Date.now() });
  }

  sendRaw(obj) {
    if (!this.open) return false;
    try {
      this.ws.send(JSON.stringify(obj));
      return true;
    } catch {
      return false;
    }
  }

  waitOpen(ms = REQUEST_TIMEOUT) {
    if (this.open) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const w = { resolve: () => { clearTimeout(timer); resolve(); } };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject({ code: 'timeout' });
      }, ms);
      this.waiters.push(w);
    });
  }

  /** Send an action with a fresh `req`; resolves on `ok`/`welcome`, rejects on `error`. */
  async request(action, fields = {}) {
    await this.waitOpen();
    this.seq += 1;
    const req = `r${this.seq}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.pending.delete(req)) reject({ code: 'timeout', action, req });
      }, REQUEST_TIMEOUT);
      this.pending.set(req, { resolve, reject, action, timer });
      if (!this.sendRaw({ ...fields, action, req })) {
        this.pending.delete(req);
        clearTimeout(timer);
        reject({ code: 'disconnected', action, req });
      }
    });
  }
}
