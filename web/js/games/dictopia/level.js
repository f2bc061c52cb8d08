// The solo level, remembered per browser and per language (D23b): the browser
// keeps `{lang: level}` in localStorage and sends it as the `reached` option
// (`["en:12", "fr:9"]`) when it creates a solo room.

const KEY = 'dictopia:reached';
/** Sent on `window` when this browser reaches a new level. */
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

/** This browser's level for a deck: what it reached there, else the first level. */
export const levelIn = (lang) => levels()[lang] || MIN;

/** Never lowers a level: a loss keeps it (D23a). */
export function rememberLevel(lang, level) {
  if (!/^[a-z]{2}$/.test(lang || '') || !Number.isInteger(level)) return;
  const all = levels();
  const next = Math.min(MAX, Math.max(MIN, level, all[lang] || MIN));
  if (next === all[lang] || (next === MIN && !all[lang])) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...all, [lang]: next }));
  } catch {
    return; // private mode: the level is not remembered
  }
  // The home page may be kept while a room is shown: its level line redraws.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LEVEL_EVENT));
}

/** The options a solo room is created with: this browser's levels. */
export const createOptions = () => ({ mode: 'solo', reached: Object.entries(levels()).map(([lang, n]) => `${lang}:${n}`) });
