// The solo level as this browser last saw it, per language (D23b), for the home
// page's level line only: the server decides the level, from the player profile
// that `create_room` carries (shell/storage.js `loadProfile`). A room's
// `state.solo.reached` is kept here as it is seen, higher or lower.

const KEY = 'dictopia:reached';
/** Sent on `window` when the level seen for a language changes. */
export const LEVEL_EVENT = 'dictopia:level';
const MIN = 8;
const MAX = 20;

export function levels() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || '{}');
    return Object.fromEntries(Object.entries(raw && typeof raw === 'object' ? raw : {})
      .filter(([lang, n]) => /^[a-z]{2}$/.test(lang) && Number.isInteger(n) && n >= MIN && n <= MAX));
  } catch {
    return {};
  }
}

/** The level last seen for a deck, else the first level. */
export const levelIn = (lang) => levels()[lang] || MIN;

/** Keep the level a room of this language reports (`state.solo.reached`). */
export function rememberLevel(lang, level) {
  if (!/^[a-z]{2}$/.test(lang || '') || !Number.isInteger(level)) return;
  const all = levels();
  const next = Math.min(MAX, Math.max(MIN, level));
  if (next === levelIn(lang)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...all, [lang]: next }));
  } catch {
    return; // private mode: the line keeps showing the first level
  }
  // The home page may be kept while a room is shown: its level line redraws.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LEVEL_EVENT));
}

/** The options a solo room is created with; its level is the server's. */
export const createOptions = () => ({ mode: 'solo' });
