// The UI's words: one JSON catalogue per language for the shell
// (web/i18n/<lang>.json) and one per game (web/js/games/<slug>/i18n/<lang>.json,
// merged under the key prefix `<slug>.`). English is loaded too, as the
// fallback for a key a translation lacks (the catalogue test keeps that from
// happening).
//
// A catalogue is nested JSON. A leaf is a string with `{placeholders}`, or a
// plural object keyed by Intl.PluralRules categories (`one`, `few`, `many`,
// `other`), chosen by the parameter `n`. Numbers are formatted with the UI
// locale (Russian "1 000", English "1,000"), arrays as a list ("Ana, Ben and
// Cy").

export const UI_LANGS = ['en', 'es', 'ru', 'ro', 'fr'];
export const DEFAULT_LANG = 'en';

// Each language's own name, the same in every UI language: the pickers (the
// UI language switch, the deck list) show these, as a reader looks for their
// own language by the name they know.
export const LANG_NAMES = {
  en: 'English',
  es: 'Español',
  ru: 'Русский',
  ro: 'Română',
  fr: 'Français',
};

const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];
const SHELL_BASE = new URL('../../i18n/', import.meta.url);

const sources = [{ prefix: '', base: SHELL_BASE }]; // the shell, then each game's
const loaded = new Map(); // `${base}|${lang}` -> flat {key: leaf}
let current = DEFAULT_LANG;
let table = {};
let fallback = {};
let numberFormat = new Intl.NumberFormat(DEFAULT_LANG);
let listFormat = null;
let pluralRules = new Intl.PluralRules(DEFAULT_LANG);
let displayNames = null;

export const isPlural = (value) => !!value && typeof value === 'object' && !Array.isArray(value)
  && typeof value.other === 'string' && Object.keys(value).every((k) => PLURAL_CATEGORIES.includes(k));

/** Nested catalogue → {'a.b.c': leaf}; a plural object is one leaf. */
export function flatten(tree, prefix = '', out = {}) {
  for (const [key, value] of Object.entries(tree || {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || isPlural(value)) out[path] = value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
  }
  return out;
}

async function fetchCatalogue(base, lang) {
  const id = `${base}|${lang}`;
  if (loaded.has(id)) return loaded.get(id);
  let flat = {};
  try {
    const res = await fetch(new URL(`${lang}.json`, base));
    if (res.ok) flat = flatten(await res.json());
  } catch { /* offline: the keys show as themselves, or in English */ }
  loaded.set(id, flat);
  return flat;
}

async function build(lang) {
  const merged = {};
  for (const { prefix, base } of sources) {
    const flat = await fetchCatalogue(base, lang);
    for (const [k, v] of Object.entries(flat)) merged[prefix ? `${prefix}.${k}` : k] = v;
  }
  return merged;
}

async function reload() {
  const [mine, english] = await Promise.all([build(current), build(DEFAULT_LANG)]);
  table = mine;
  fallback = english;
}

/** Switch the UI language; resolves once its catalogues are in. */
export async function setLang(lang) {
  const next = UI_LANGS.includes(lang) ? lang : DEFAULT_LANG;
  current = next;
  await reload();
  if (current !== next) return; // a later switch won
  numberFormat = new Intl.NumberFormat(next);
  pluralRules = new Intl.PluralRules(next);
  listFormat = typeof Intl.ListFormat === 'function'
    ? new Intl.ListFormat(next, { style: 'long', type: 'conjunction' })
    : null;
  displayNames = namesIn(next);
  document.documentElement.lang = next;
}

/** A game's own catalogue, under `<slug>.`; loaded for the current language. */
export async function addGameCatalogue(slug, base) {
  if (!sources.some((s) => s.prefix === slug)) sources.push({ prefix: slug, base });
  await reload();
}

export const lang = () => current;

/** Intl.DisplayNames for languages in `uiLang`, or null where the browser lacks it. */
function namesIn(uiLang) {
  try {
    return typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([uiLang], { type: 'language' }) : null;
  } catch {
    return null;
  }
}

/**
 * A language named in the UI's language, for a sentence ("Mazo: inglés",
 * "Deck: Spanish"); the language's own name where the browser can't say it.
 */
export function langName(code) {
  const raw = String(code || '');
  if (!raw) return '';
  let name = null;
  try {
    name = displayNames ? displayNames.of(raw) : null;
  } catch { /* not a language code: said as it came */ }
  if (name && name !== raw) return name;
  return LANG_NAMES[raw] || raw;
}

export const fmtNumber = (n) => numberFormat.format(n);

/** ["Ana", "Ben", "Cy"] → "Ana, Ben and Cy" in the UI language. */
export function fmtList(items) {
  const list = items.filter((x) => x !== null && x !== undefined && x !== '').map(String);
  if (list.length <= 1) return list.join('');
  if (listFormat) return listFormat.format(list);
  return list.join(', ');
}

export const has = (key) => key in table || key in fallback;

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (typeof value === 'number' && Number.isFinite(value)) return fmtNumber(value);
    if (Array.isArray(value)) return fmtList(value);
    return value === null || value === undefined ? '' : String(value);
  });
}

/**
 * The text of `key` in the UI language: `{name}`-style placeholders filled from
 * `params`, the plural form chosen by `params.n`. A missing key shows as itself.
 */
export function t(key, params = {}) {
  let value = key in table ? table[key] : fallback[key];
  if (value === undefined) return key;
  if (typeof value === 'object') {
    const n = Number(params.n);
    const category = Number.isFinite(n) ? pluralRules.select(n) : 'other';
    value = value[category] ?? value.other;
  }
  return fill(value, params);
}

/** `key` if the catalogue has it, else `raw` (for labels the server names). */
export const tOr = (key, raw, params) => (has(key) ? t(key, params) : String(raw));

/** The best UI language for a list like navigator.languages. */
export function pickLang(candidates) {
  for (const c of candidates || []) {
    const base = String(c || '').toLowerCase().split('-')[0];
    if (UI_LANGS.includes(base)) return base;
  }
  return DEFAULT_LANG;
}
