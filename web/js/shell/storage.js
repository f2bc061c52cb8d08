// Seats survive a reload: localStorage keeps {player, token} per room code
// (a TV screen keeps its own, so a laptop can be both a player and the TV);
// sessionStorage remembers which room this tab is in. Storage may be
// unavailable (private mode), so every access is guarded.

const SEAT = (room, tv) => `bluff:seat:${tv ? 'tv:' : ''}${room}`;
const SESSION_ROOM = 'bluff:room';
const NAME = 'bluff:name';

function get(store, key) {
  try { return store.getItem(key); } catch { return null; }
}
function set(store, key, value) {
  try { store.setItem(key, value); } catch { /* storage full or blocked */ }
}
function remove(store, key) {
  try { store.removeItem(key); } catch { /* ignore */ }
}

export function loadSeat(room, tv) {
  if (!room) return null;
  try {
    const seat = JSON.parse(get(localStorage, SEAT(room, tv)) || 'null');
    if (seat && typeof seat.token === 'string' && seat.token && typeof seat.player === 'string') return seat;
  } catch { /* corrupt entry */ }
  return null;
}
export const saveSeat = (room, tv, seat) =>
  set(localStorage, SEAT(room, tv), JSON.stringify({ player: seat.player, token: seat.token }));
export const forgetSeat = (room, tv) => remove(localStorage, SEAT(room, tv));

// The last token this browser held in each room, kept after the seat is gone:
// `join_room` carries it, so a device the host removed is known again.
const LAST_TOKENS = 'bluff:last-tokens';
const LAST_TOKENS_KEPT = 20;
function lastTokens() {
  try {
    const map = JSON.parse(get(localStorage, LAST_TOKENS) || '{}');
    return map && typeof map === 'object' && !Array.isArray(map) ? map : {};
  } catch { return {}; }
}
export function loadLastToken(room) {
  const token = lastTokens()[room];
  return typeof token === 'string' && token ? token : null;
}
export function saveLastToken(room, token) {
  const map = lastTokens();
  delete map[room];
  map[room] = token; // the newest last, so the oldest go first
  const rooms = Object.keys(map);
  rooms.slice(0, Math.max(0, rooms.length - LAST_TOKENS_KEPT)).forEach((r) => delete map[r]);
  set(localStorage, LAST_TOKENS, JSON.stringify(map));
}

export const loadSessionRoom = () => get(sessionStorage, SESSION_ROOM);
export const saveSessionRoom = (room) => set(sessionStorage, SESSION_ROOM, room);
export const forgetSessionRoom = () => remove(sessionStorage, SESSION_ROOM);

export const loadName = () => get(localStorage, NAME) || '';
export const saveName = (name) => set(localStorage, NAME, name);

// The UI language this browser's user picked (wins over the room's language).
const UI_LANG = 'bluff:ui-lang';
export const loadUiLang = () => get(localStorage, UI_LANG) || '';
export const saveUiLang = (lang) => set(localStorage, UI_LANG, lang);

// Sound cues and vibration off (the top bar's mute switch).
const MUTED = 'bluff:muted';
export const loadMuted = () => get(localStorage, MUTED) === '1';
export const saveMuted = (muted) => set(localStorage, MUTED, muted ? '1' : '0');

// A half-typed definition survives a reload: per room and round, this tab only.
const DRAFT = (room, round) => `bluff:draft:${room}:${round}`;
export const loadDraft = (room, round) => get(sessionStorage, DRAFT(room, round));
export const saveDraft = (room, round, text) => (text
  ? set(sessionStorage, DRAFT(room, round), text)
  : remove(sessionStorage, DRAFT(room, round)));

// The player profile (Dictopia's D23b): a secret of 128 random bits, as 32 hex
// digits, made once and kept in this browser. `create_room` carries it; the
// server keeps only its SHA-256, with what a game remembers per player (the
// solo level). Where storage is blocked there is no profile: nothing is remembered.
const PROFILE = 'bluff:profile';
const PROFILE_SHAPE = /^[0-9a-f]{32}$/;
export function loadProfile() {
  const kept = get(localStorage, PROFILE);
  if (kept && PROFILE_SHAPE.test(kept)) return kept;
  if (typeof crypto === 'undefined' || !crypto.getRandomValues) return null;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const made = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  set(localStorage, PROFILE, made);
  return get(localStorage, PROFILE) === made ? made : null;
}
