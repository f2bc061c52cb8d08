// Fictionary's writing helpers (F25–F27), all in the browser and none of them
// blocking: the server's tidy (F7, so "✓ Sent" compares like with like), the
// strong-language prompt, the spelling check and the word said aloud.

const QUOTES = {
  all: ['"', "'", '“', '”', '‘', '’', '`'],
  es: ['«', '»', '„', '‚'],
  ru: ['«', '»', '„', '‚'],
};

/** F7 and ruling 7a, without the refusals: what the server would keep. */
export function tidy(text, lang = 'en') {
  let s = String(text || '').normalize('NFC').trim().replace(/\s+/gu, ' ');
  const quotes = new Set([...QUOTES.all, ...(QUOTES[lang] || [])]);
  let changed = true;
  while (changed && s) {
    changed = false;
    const first = Array.from(s)[0];
    const chars = Array.from(s);
    const last = chars[chars.length - 1];
    if (quotes.has(first)) { s = chars.slice(1).join('').trim(); changed = true; continue; }
    if (quotes.has(last)) { s = chars.slice(0, -1).join('').trim(); changed = true; }
  }
  if (s) {
    const chars = Array.from(s);
    if (chars[0] !== chars[0].toUpperCase() && chars[0] === chars[0].toLowerCase()) chars[0] = chars[0].toUpperCase();
    s = chars.join('');
    const dropped = s.replace(/[.\s]+$/u, '');
    if (dropped) s = dropped;
  }
  return s;
}

// F25: words with no innocent sense. English leaves out the words a definition
// may need (cock, bitch, prick, dick, bastard, …); es and ru likewise.
const STRONG = {
  en: /\b(fuck\w*|shit\w*|cunt\w*|motherfuck\w*|twat\w*|wank\w*|asshole\w*|arsehole\w*|bullshit\w*|nigger\w*|slut\w*|whore\w*)\b/iu,
  es: /(?<![\p{L}])(joder|jodid[oa]s?|coñ[oa]s?|puta|putas|putos?|gilipollas|cabr[oó]n(es)?|mierdas?|cojones|pendej[oa]s?|chingad[oa]s?|verga)(?![\p{L}])/iu,
  ru: /(?<![\p{L}])(бля\p{L}*|хуй\p{L}*|хуе\p{L}*|хуя\p{L}*|пизд\p{L}*|еба\p{L}*|ебл\p{L}*|ёба\p{L}*|сука|суки|мудак\p{L}*|гандон\p{L}*)(?![\p{L}])/iu,
};

export const isStrong = (text, lang = 'en') => !!(STRONG[lang] && STRONG[lang].test(String(text || '')));

// --- F26: the spelling check (English only, ruling 26a) ----------------------------

const LIST_WAIT_MS = 1500;
const lists = new Map(); // lang -> Promise<Set|null>
const RUN_TOGETHER_MISTAKES = new Set(['alot', 'eachother']);

/** The word list, fetched once when someone writes; null when missing or slower than 1.5 s. */
export function spellingList(lang) {
  if (!SPELLING_LANGS.includes(lang)) return Promise.resolve(null);
  if (!lists.has(lang)) {
    const url = new URL(`./dict/${lang}.txt`, import.meta.url);
    const load = fetch(url).then((r) => (r.ok ? r.text() : null)).then((text) => {
      if (!text) { noteMissingList(lang); return null; }
      return new Set(text.split('\n').filter(Boolean));
    }).catch(() => { noteMissingList(lang); return null; });
    lists.set(lang, load);
  }
  const slow = new Promise((resolve) => { setTimeout(() => resolve(undefined), LIST_WAIT_MS); });
  return Promise.race([lists.get(lang), slow]).then((x) => (x === undefined ? null : x));
}

const SUFFIXES = ['s', 'es', 'ed', 'd', 'ing', 'ly', 'er', 'ers', 'est', 'ies', 'ied'];

function listed(word, list) {
  if (list.has(word)) return true;
  for (const suf of SUFFIXES) {
    if (word.length > suf.length + 2 && word.endsWith(suf)) {
      const stem = word.slice(0, -suf.length);
      if (list.has(stem) || list.has(`${stem}e`) || list.has(`${stem}y`)) return true;
      if (stem.length > 2 && stem.at(-1) === stem.at(-2) && list.has(stem.slice(0, -1))) return true;
    }
  }
  return false;
}

/** Flagged words of `text` (gentle: names, digits, other scripts, the round's word all pass). */
export function misspelled(text, list, roundWord = '') {
  if (!list) return [];
  const own = String(roundWord || '').toLowerCase();
  const out = [];
  const source = String(text || '');
  const tokens = [...source.matchAll(/[\p{L}\p{N}'’-]+/gu)];
  tokens.forEach((m) => {
    const raw = m[0];
    const opening = /^[\s"'“‘(«„]*$/u.test(source.slice(0, m.index)) || /[.!?¡¿…][\s"'”’)»]*$/u.test(source.slice(0, m.index).trimEnd());
    if (/\p{N}/u.test(raw) || /[^\p{Script=Latin}'’-]/u.test(raw)) return;
    const token = raw.replace(/[’]/g, "'").replace(/'s$/i, '').replace(/^'+|'+$/g, '');
    if (!token) return;
    if (!opening && /^\p{Lu}\p{Ll}/u.test(token)) return; // a name mid-sentence
    if (/^\p{Lu}{1,5}$/u.test(token)) return; // ALL CAPS up to five letters
    if (/\p{Ll}\p{Lu}/u.test(token)) return; // a capital inside a word (McDonald, iPhone)
    if (token.includes("'")) return; // contractions
    const parts = token.toLowerCase().split('-').filter(Boolean);
    const bad = parts.some((w) => {
      if (own && (w === own || w.startsWith(own) || own.startsWith(w) && w.length >= 4)) return false;
      if (listed(w, list)) return false;
      if (RUN_TOGETHER_MISTAKES.has(w)) return true;
      for (let k = 2; k <= w.length - 2; k += 1) if (list.has(w.slice(0, k)) && list.has(w.slice(k)) && k >= 3 && w.length - k >= 3) return false;
      return true;
    });
    if (bad && !out.includes(raw)) out.push(raw);
  });
  return out;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Up to three words one edit away (a swap of neighbours is one edit). With no
 * word counts to rank "everyday" and "commonest" by, the likelier slip comes
 * first: a swap, then a missing letter, a wrong letter, an extra letter; then
 * the same first letter, the closest length.
 */
export function suggestions(word, list) {
  const w = String(word || '').toLowerCase();
  if (!list || !w) return [];
  const rank = new Map(); // candidate -> kind of edit (0 swap, 1 insert, 2 replace, 3 delete)
  const add = (x, kind) => { if (x !== w && (!rank.has(x) || rank.get(x) > kind)) rank.set(x, kind); };
  for (let i = 0; i <= w.length; i += 1) {
    const a = w.slice(0, i);
    const b = w.slice(i);
    if (b) add(a + b.slice(1), 3);
    if (b.length > 1) add(a + b[1] + b[0] + b.slice(2), 0);
    for (const c of LETTERS) {
      if (b) add(a + c + b.slice(1), 2);
      add(a + c + b, 1);
    }
  }
  return [...rank.keys()].filter((x) => list.has(x))
    .sort((x, y) => rank.get(x) - rank.get(y)
      || (x[0] === w[0] ? 0 : 1) - (y[0] === w[0] ? 0 : 1)
      || Math.abs(x.length - w.length) - Math.abs(y.length - w.length)
      || x.localeCompare(y))
    .slice(0, 3);
}

/** The languages with a spelling list (ruling 26a); the Options row shows only for these. */
export const SPELLING_LANGS = ['en'];
const missingLists = new Set(); // a list that answered "not found": its row hides too

/** Whether this table's language has a spelling list (none yet for es and ru). */
export const hasSpellingList = (lang) => SPELLING_LANGS.includes(lang) && !missingLists.has(lang);

/** Note a list that is not there (a 404 or a failed fetch), so its Options row hides. */
export function noteMissingList(lang) { missingLists.add(lang); }

// --- F25: the helpers' Options rows, saved in this browser ---------------------------

export const HELPERS = ['spelling', 'strong', 'autosend', 'chime'];
const HELPER_DEFAULTS = { spelling: true, strong: true, autosend: true, chime: false };
const helperKey = (name) => `fictionary:helper:${name}`;

/** A helper's setting: on by default (the chime off), as saved in this browser. */
export function helperOn(name) {
  try {
    const v = typeof localStorage !== 'undefined' ? localStorage.getItem(helperKey(name)) : null;
    if (v === '1') return true;
    if (v === '0') return false;
  } catch { /* storage blocked: the default */ }
  return HELPER_DEFAULTS[name] ?? true;
}

export function setHelper(name, on) {
  try { localStorage.setItem(helperKey(name), on ? '1' : '0'); } catch { /* storage blocked */ }
}

// --- F27: the word said aloud --------------------------------------------------------

const VOICE_LANG = { en: 'en-US', es: 'es-ES', ru: 'ru-RU' };
const AGAIN_MS = 12000;
export const VOICE_WAIT_MS = 2500;
let presses = { word: null, n: 0, at: 0 };

export const canSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';

let voicesKnown = null; // null: not yet known; then true or false for good
let voicesWaiting = null;

/** Whether the speaker is drawn: speech with at least one voice (known now, or after 2.5 s). */
export function hasVoices() {
  if (!canSpeak()) return false;
  if (voicesKnown !== null) return voicesKnown;
  try { if (window.speechSynthesis.getVoices().length) voicesKnown = true; } catch { voicesKnown = false; }
  return voicesKnown === true;
}

/** Resolves true once voices are there, false after 2.5 s without any (then never asked again). */
export function waitForVoices() {
  if (!canSpeak()) return Promise.resolve(false);
  if (hasVoices()) return Promise.resolve(true);
  if (voicesKnown === false) return Promise.resolve(false);
  if (!voicesWaiting) {
    voicesWaiting = new Promise((resolve) => {
      const synth = window.speechSynthesis;
      const done = (ok) => {
        if (voicesKnown === null) voicesKnown = ok;
        clearInterval(poll);
        clearTimeout(timer);
        if (synth.removeEventListener) synth.removeEventListener('voiceschanged', check);
        resolve(voicesKnown);
      };
      const check = () => { if (synth.getVoices().length) done(true); };
      const poll = setInterval(check, 250);
      const timer = setTimeout(() => done(false), VOICE_WAIT_MS);
      if (synth.addEventListener) synth.addEventListener('voiceschanged', check);
    });
  }
  return voicesWaiting;
}

/** Say the word: the first press normally, a second within 12 s sounded out, a third normally. */
export function sayWord(word, lang, sayText = null) {
  if (!canSpeak() || !word) return;
  const now = Date.now();
  presses = presses.word === word && now - presses.at < AGAIN_MS && presses.n < 3 ? { word, n: presses.n + 1, at: now } : { word, n: 1, at: now };
  const slow = presses.n === 2;
  const u = new SpeechSynthesisUtterance(slow && sayText ? sayText : word);
  u.lang = VOICE_LANG[lang] || lang || 'en-US';
  u.rate = slow && !sayText ? 0.7 : 1;
  const voice = window.speechSynthesis.getVoices().find((v) => v.lang === u.lang);
  if (voice) u.voice = voice;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(u);
}

// --- F28: the optional chime ------------------------------------------------------------

let chimed = null; // the turn last rung for
let audio = null;

/**
 * With the chime on (Options, off by default) and this tab hidden, two soft
 * notes once per turn. Dispatches `fictionary-chime` on window (for tests);
 * a browser that will not play audio in a hidden tab stays silent.
 */
export function chimeWhenHidden(turn) {
  if (typeof document === 'undefined' || !document.hidden || chimed === turn || !helperOn('chime')) return false;
  chimed = turn;
  window.dispatchEvent(new CustomEvent('fictionary-chime', { detail: { turn } }));
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return true;
    audio = audio || new Ctx();
    const t0 = audio.currentTime + 0.02;
    [[660, 0], [880, 0.16]].forEach(([freq, at]) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.15, t0 + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + 0.35);
    });
  } catch { /* no audio here */ }
  return true;
}
