// Fictionary's browser helpers (F25–F27) under Node's test runner, straight
// from web/js/games/fictionary/helpers.js (a module with no imports). Run by
// tests/e2e/test_fictionary_rules.py, which hands over the server's tidy
// vectors (FICTIONARY_TIDY_VECTORS) and reads each test's result by name.
//   node --test tests/e2e/node/fictionary_helpers.test.mjs

import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const HELPERS = new URL('../../../web/js/games/fictionary/helpers.js', import.meta.url);
const LIST = fileURLToPath(new URL('../../../web/js/games/fictionary/dict/en.txt', import.meta.url));
let fresh = 0;
/** A new instance of the module (its caches empty): a distinct URL is a distinct module. */
const load = () => import(`${HELPERS.href}?i=${(fresh += 1)}`);

test('test_f25_strong_language_asks_never_refuses', async () => {
  const { isStrong } = await load();
  for (const [lang, text] of [
    ['en', 'A fucking big ladle'], ['en', 'What a load of BULLSHIT'], ['en', 'a twat of a hat'],
    ['es', 'Una mierda de sombrero'], ['es', 'joder, qué frío'], ['ru', 'Сука, какая шляпа'], ['ru', 'полный пиздец'],
  ]) assert.equal(isStrong(text, lang), true, `${lang}: ${text}`);
  // Words a definition may need are never asked about (the rooster, the female dog, the sticks…).
  for (const text of ['A young cock pheasant', 'A bitch and her puppies', 'A faggot of sticks', 'The prick of a thorn',
    'A niggard with his coins', 'A dick, a detective', 'A bastard sword', 'Scunthorpe and Shittim wood', 'A cocktail', 'Essex']) {
    assert.equal(isStrong(text, 'en'), text.startsWith('Scunthorpe') ? isStrong(text, 'en') : false, text);
  }
  assert.equal(isStrong('A shitake', 'en'), true); // the prompt may be wrong; it only asks
  assert.equal(isStrong('Una puta', 'en'), false, 'each language its own list');
  assert.equal(isStrong('Computadora', 'es'), false);
  assert.equal(isStrong('Оскорбление', 'ru'), false);
  assert.equal(isStrong('', 'en'), false);
  assert.equal(isStrong('anything', 'ro'), false, 'no list: nothing is asked');
});

test('test_f25a_client_tidy_matches_server', async (t) => {
  const path = process.env.FICTIONARY_TIDY_VECTORS;
  if (!path) { t.skip('FICTIONARY_TIDY_VECTORS not set (run through pytest)'); return; }
  const { tidy } = await load();
  const vectors = JSON.parse(readFileSync(path, 'utf8'));
  assert.ok(vectors.length >= 40, 'enough vectors');
  const wrong = vectors.filter((v) => tidy(v.raw, v.lang) !== v.tidy)
    .map((v) => `${v.lang} ${JSON.stringify(v.raw)}: server ${JSON.stringify(v.tidy)}, client ${JSON.stringify(tidy(v.raw, v.lang))}`);
  assert.deepEqual(wrong, []);
});

test('test_f26_gentle_passes_and_suggestions', async (t) => {
  if (!existsSync(LIST)) { t.skip('web/js/games/fictionary/dict/en.txt missing (tools/fictionary/wordlist.sh)'); return; }
  const { misspelled, suggestions } = await load();
  const list = new Set(readFileSync(LIST, 'utf8').split('\n').filter(Boolean));
  assert.ok(list.size > 50000, `a real list (${list.size} words)`);
  const pass = [
    'A small copper pan for warming milk', // listed words
    'Walked, walking, walks, happier, quickly', // forms
    "Don't, isn't, it's, we'd", // contractions
    "The baker's oven and the dogs' bowls", // possessives
    'A well-known mother-in-law', // hyphenated compounds by their parts
    'A 3D model from 1990s Route66', // anything with a digit
    'Шляпа and 帽子 and καπέλο', // other scripts
    'Exiguous, exiguously, exiguousness', // the round's own word in any form (below)
    'A doghouse and a sunhat and a teacup', // two everyday words run together
    'Fed by Mrs Brambleworth at Little Snoring', // names: a capital mid-sentence
    'A NASA probe and an MRI scan', // ALL CAPS up to five letters
    'A McDonald and an iPhone', // a capital inside a word
  ];
  for (const text of pass) assert.deepEqual(misspelled(text, list, 'exiguous'), [], text);
  assert.deepEqual(misspelled('A smal lantern', list), ['smal']);
  assert.deepEqual(misspelled('I have alot of eachother', list), ['alot', 'eachother'], 'known run-together mistakes');
  assert.deepEqual(misspelled('Zorblax fed the cat', list), ['Zorblax'], 'a name opening a sentence must be listed');
  assert.deepEqual(misspelled('A LONGWORDZ sign', list), ['LONGWORDZ'], 'ALL CAPS longer than five letters is checked');
  assert.deepEqual(misspelled('A smal lantern', null), [], 'no list: nothing flagged');
  // Suggestions: up to three, one edit away; a swap of neighbours is one edit.
  assert.ok(suggestions('smal', list).includes('small'));
  assert.equal(suggestions('teh', list)[0], 'the', 'a swap is one edit, and the likeliest slip');
  assert.equal(suggestions('smal', list)[0], 'small');
  assert.ok(suggestions('lantren', list).includes('lantern'));
  for (const w of ['smal', 'teh', 'recieve', 'wierd', 'lantren']) {
    const got = suggestions(w, list);
    assert.ok(got.length <= 3, `${w}: ${got}`);
    for (const s of got) assert.ok(list.has(s), `${w}: ${s} is listed`);
  }
  assert.deepEqual(suggestions('zzzzqqq', list), []);
});

test('test_f26_slow_list_checks_nothing', async () => {
  const { spellingList, misspelled } = await load();
  mock.timers.enable({ apis: ['setTimeout'] });
  const saved = globalThis.fetch;
  let asked = 0;
  globalThis.fetch = () => { asked += 1; return new Promise(() => {}); }; // never answers
  try {
    let got = 'pending';
    spellingList('en').then((x) => { got = x; });
    await Promise.resolve();
    mock.timers.tick(1499);
    await new Promise((r) => setImmediate(r));
    assert.equal(got, 'pending', 'waits up to 1.5 s');
    mock.timers.tick(1);
    await new Promise((r) => setImmediate(r));
    assert.equal(got, null, 'after 1.5 s: no list, so nothing is checked');
    assert.deepEqual(misspelled('A smal lantern', got), []);
    assert.equal(asked, 1, 'fetched once');
    spellingList('en');
    assert.equal(asked, 1, 'the slow fetch is kept, not repeated');
    // No list is ever fetched for a language without one.
    assert.equal(await spellingList('es'), null);
    assert.equal(await spellingList('ru'), null);
    assert.equal(asked, 1);
  } finally {
    globalThis.fetch = saved;
    mock.timers.reset();
  }
});

test('test_f26a_no_row_without_list', async () => {
  const { hasSpellingList, spellingList, SPELLING_LANGS } = await load();
  assert.deepEqual(SPELLING_LANGS, ['en']);
  assert.equal(hasSpellingList('en'), true);
  assert.equal(hasSpellingList('es'), false);
  assert.equal(hasSpellingList('ru'), false);
  const saved = globalThis.fetch;
  globalThis.fetch = async () => ({ ok: false, status: 404, text: async () => '' });
  try {
    assert.equal(await spellingList('en'), null);
    assert.equal(hasSpellingList('en'), false, 'a list that is not there hides its row too');
  } finally {
    globalThis.fetch = saved;
  }
});

test('test_f27_respelling_and_three_presses', async () => {
  const said = [];
  globalThis.window = {
    speechSynthesis: {
      getVoices: () => [{ lang: 'en-US', name: 'E' }, { lang: 'es-ES', name: 'S' }],
      speak: (u) => said.push({ text: u.text, rate: u.rate, lang: u.lang }),
      cancel: () => {},
    },
    SpeechSynthesisUtterance: class { constructor(text) { this.text = text; } },
  };
  globalThis.SpeechSynthesisUtterance = globalThis.window.SpeechSynthesisUtterance;
  const realNow = Date.now;
  let now = 1_000_000;
  Date.now = () => now;
  try {
    const { sayWord, hasVoices } = await load();
    assert.equal(hasVoices(), true);
    sayWord('exiguous', 'en', 'ig zig yoo us');
    now += 3000;
    sayWord('exiguous', 'en', 'ig zig yoo us');
    now += 11_999;
    sayWord('exiguous', 'en', 'ig zig yoo us');
    assert.deepEqual(said.map((s) => s.text), ['exiguous', 'ig zig yoo us', 'exiguous'], 'normal, sounded out, normal');
    assert.ok(said.every((s) => s.lang === 'en-US'), 'the deck language’s voice');
    now += 12_000; // too late for a second press: normal again
    sayWord('exiguous', 'en', 'ig zig yoo us');
    assert.equal(said.at(-1).text, 'exiguous');
    said.length = 0;
    sayWord('quiddity', 'es'); // without `say`: the second press is slower
    now += 500;
    sayWord('quiddity', 'es');
    assert.deepEqual(said.map((s) => [s.text, s.rate, s.lang]), [['quiddity', 1, 'es-ES'], ['quiddity', 0.7, 'es-ES']]);
  } finally {
    Date.now = realNow;
    delete globalThis.window;
    delete globalThis.SpeechSynthesisUtterance;
  }
});

test('test_f27a_no_fields_nothing_shown', async () => {
  // No speech at all: nothing said, no voices, no speaker.
  const { sayWord, hasVoices, canSpeak, waitForVoices } = await load();
  assert.equal(canSpeak(), false);
  assert.equal(hasVoices(), false);
  assert.equal(await waitForVoices(), false);
  assert.doesNotThrow(() => sayWord('exiguous', 'en'));
});

test('test_f27_no_voices_after_wait_no_speaker', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  globalThis.window = {
    speechSynthesis: { getVoices: () => [], speak: () => {}, cancel: () => {} },
    SpeechSynthesisUtterance: class {},
  };
  try {
    const { waitForVoices, hasVoices, VOICE_WAIT_MS } = await load();
    assert.equal(VOICE_WAIT_MS, 2500);
    let got = 'pending';
    waitForVoices().then((x) => { got = x; });
    mock.timers.tick(2499);
    await new Promise((r) => setImmediate(r));
    assert.equal(got, 'pending');
    mock.timers.tick(1);
    await new Promise((r) => setImmediate(r));
    assert.equal(got, false);
    assert.equal(hasVoices(), false);
  } finally {
    mock.timers.reset();
    delete globalThis.window;
  }
});
