// Dictopia's screens for the shell: the warm-up, the trial (the hand of letter
// cards, the word row, eyes against the target, missions, Speed), the tally
// with its denounce and dispute buttons, the vote, the score beats, the result
// sheet, and in solo Big Brother with the level. The lobby is the shell's;
// the home page's group-or-solo choice is create.js.

import { h, srOnly } from '../../shell/dom.js';
import { fmtNumber, t } from '../../shell/i18n.js';
import { countdown } from '../../shell/countdown.js';
import { isActivePlayer, nameOf, num, players, roundLabel, scoresPanel, statusLine } from '../../shell/common.js';
import { resultFrame } from '../../shell/results.js';
import { serverNow } from '../../shell/clock.js';
import { rememberLevel } from './level.js';
import { firstTimeHint, howToButton, howToInPlay, lobbyHowTo } from './help.js';

export { createChoices, createOptions, seats } from './create.js';

/**
 * `mode` is chosen at create_room; the server says when it may still change (the
 * host plays alone: `mode_switchable`). Otherwise it is shown, not offered.
 */
export const fixedOptions = (state) => (state && state.mode_switchable === true ? [] : ['mode']);

/** The lobby's How to play (help.js). */
export const lobbyExtra = (ctx) => lobbyHowTo(ctx);

// The game's own stylesheet (the shell's CSP allows 'self').
if (typeof document !== 'undefined' && !document.querySelector('link[data-game="dictopia"]')) {
  document.head.appendChild(h('link', { rel: 'stylesheet', href: new URL('./dictopia.css', import.meta.url).href, dataset: { game: 'dictopia' } }));
}

const arr = (x) => (Array.isArray(x) ? x : []);
const mine = (state) => state.me && state.me.id;
const isHost = (state, ctx) => !!(state.me && state.me.host) && !ctx.tv;

function eyesMarks(n) {
  return h('span', { class: 'dt-eyes', 'aria-hidden': 'true', text: '●'.repeat(num(n)) || '○' });
}

/** One letter as a card face: the letter, its eyes as dots, and words for screen readers. */
function faceLabel(face, lang) {
  return [
    h('span', { class: 'dt-letter', lang, text: face.letter }),
    eyesMarks(face.eyes),
    srOnly(` ${t('dictopia.card.eyes', { n: num(face.eyes) })}`),
  ];
}

function targetBlock(state) {
  if (!Number.isFinite(state.target)) return null;
  return h('p', { class: 'dt-target', testid: 'target' },
    h('span', { class: 'dt-target-label', text: t('dictopia.target.label') }),
    h('strong', { class: 'dt-target-n', text: fmtNumber(state.target) }),
    h('span', { class: 'dt-eyes', 'aria-hidden': 'true', text: '●' }));
}

/**
 * This trial's missions. During the trial a player's claim sits on the mission's own
 * card (`claim(m)`), near the top of the screen, so never under the sticky action
 * bar; it is offered only where the server says `play` accepts it (`claimable`).
 */
function missionCards(state, claim = null) {
  const list = arr(state.missions);
  if (!list.length) return h('p', { class: 'dt-missions-none muted', testid: 'missions', text: t('dictopia.missions.none') });
  return h('ul', { class: 'dt-missions', testid: 'missions', 'aria-label': t('dictopia.missions.heading') },
    list.map((m) => h('li', { class: `dt-mission dt-check-${m.check}`, dataset: { mission: m.id } },
      h('span', { class: 'dt-mission-text', lang: state.lang || null, text: m.text }),
      h('span', { class: 'dt-mission-bonus', text: t('dictopia.missions.bonus', { n: num(m.bonus) }) }),
      m.check === 'vote' ? h('span', { class: 'tag', text: t('dictopia.missions.byVote') }) : null,
      claim && m.claimable === true ? claim(m) : null)));
}

function timerFor(state, phase) {
  const timer = countdown(`${state.room}:${state.round}:${phase}`, state.deadline, { start: state.phase_started_at, label: t('dictopia.clock') });
  if (timer) timer.dataset.patch = 'timer';
  return timer;
}

function header(state, phase, claim = null) {
  return [roundLabel(state), levelLine(state), targetBlock(state), missionCards(state, claim), timerFor(state, phase)];
}

// --- forming a word -------------------------------------------------------------------------

/** The word row as [[card, face]], kept in the screen's memo until sent. */
function wordOf(ctx, key = 'word') {
  const { state, memo } = ctx;
  if (!Array.isArray(memo[key])) memo[key] = arr(key === 'word' ? state.my_word : null).map((p) => [p[0], p[1]]);
  return memo[key];
}

function liveCount(hand, word, target) {
  const eyes = word.reduce((s, [c, f]) => s + num(hand[c] && hand[c].faces[f].eyes), 0);
  // Targets are 4-12 (D2b); the warm-up has none.
  const aimed = Number.isFinite(target) && target > 0;
  const hit = aimed && eyes === target;
  return h('p', { class: `dt-live${hit ? ' is-hit' : ''}`, testid: 'live-count', role: 'status' },
    aimed ? t('dictopia.word.live', { n: word.length, eyes, target }) : t('dictopia.word.liveFree', { n: word.length, eyes }),
    hit ? h('span', { class: 'tag tag-hit', text: t('dictopia.word.hit') }) : null);
}

function builder(ctx, { key = 'word', frozen = false } = {}) {
  const { state } = ctx;
  const hand = arr(state.my_hand);
  const word = wordOf(ctx, key);
  const used = new Set(word.map(([c]) => c));
  const lang = state.lang || null;
  const redraw = (focusKey) => ctx.rerender({ focusKey });
  const add = (c, f) => {
    if (frozen || used.has(c)) return;
    word.push([c, f]);
    // The pressed card is now in the row and disabled: keep the keyboard in the
    // hand, on the same face of the next free card, else on Play.
    const free = hand.map((_, i) => i).filter((i) => i !== c && !used.has(i));
    const next = free.find((i) => i > c) ?? free[0];
    redraw(next !== undefined ? `hand-${next}-${f}` : key === 'word' ? 'play' : 'hand');
  };
  const take = (i) => { if (!frozen) { word.splice(i, 1); redraw(word.length ? `row-${Math.min(i, word.length - 1)}` : 'hand'); } };
  const move = (from, to) => {
    if (frozen || to < 0 || to >= word.length || from === to) return;
    const [x] = word.splice(from, 1);
    word.splice(to, 0, x);
    redraw(`row-${to}`);
  };

  // On a phone the hand is two rows at most (D23a: 20 cards fill two rows): six
  // columns up to 12 cards, then half the hand per row; the word row uses the same
  // columns (dictopia.css).
  const columns = { '--dt-cols': Math.max(6, Math.ceil(hand.length / 2)) };
  const row = h('ol', { class: 'dt-row', testid: 'word-row', 'aria-label': t('dictopia.word.row'), style: columns },
    word.map(([c, f], i) => {
      const face = hand[c] ? hand[c].faces[f] : { letter: '?', eyes: 0 };
      return h('li', null, h('button', {
        type: 'button',
        class: 'dt-card dt-placed',
        testid: 'row-card',
        draggable: frozen ? null : 'true',
        disabled: frozen,
        dataset: { index: i + 1, focus: `row-${i}` },
        'aria-label': t('dictopia.word.placed', { letter: face.letter, place: i + 1, n: num(face.eyes) }),
        onclick: () => take(i),
        onkeydown: (ev) => {
          if (ev.key === 'ArrowLeft') { ev.preventDefault(); move(i, i - 1); }
          if (ev.key === 'ArrowRight') { ev.preventDefault(); move(i, i + 1); }
        },
        ondragstart: (ev) => { ev.dataTransfer.setData('text/plain', String(i)); },
        ondragover: (ev) => ev.preventDefault(),
        ondrop: (ev) => { ev.preventDefault(); move(Number(ev.dataTransfer.getData('text/plain')), i); },
      }, faceLabel(face, lang)));
    }));

  const cards = h('ul', { class: 'dt-hand', testid: 'hand', 'aria-label': t('dictopia.hand.label'), dataset: { focus: 'hand' }, tabindex: '-1', style: columns },
    hand.map((card, c) => h('li', { class: `dt-handcard${used.has(c) ? ' is-used' : ''}`, dataset: { card: c } },
      card.faces.map((face, f) => h('button', {
        type: 'button',
        class: `dt-card dt-face dt-face-${f}`,
        testid: 'hand-face',
        disabled: frozen || used.has(c),
        dataset: { card: c, face: f, letter: face.letter, focus: `hand-${c}-${f}` },
        'aria-label': t('dictopia.hand.face', { letter: face.letter, n: num(face.eyes) }),
        onclick: () => add(c, f),
      }, faceLabel(face, lang))))));

  // The hint follows the hand, so that on a phone the cards come first above the bar;
  // screen readers hear it with the hand.
  const hint = frozen ? null : h('p', { class: 'hint dt-hint', id: `dt-hint-${key}`, text: t('dictopia.hand.hint') });
  if (hint) cards.setAttribute('aria-describedby', hint.id);
  return { word, nodes: [liveCount(hand, word, state.target), row, cards, hint] };
}

// --- the trial ------------------------------------------------------------------------------

/** "2 of 3 players have a word on file (1 locked)"; alone in solo, it says nothing new. */
function progress(state) {
  if (!Number.isFinite(state.expected) || state.mode === 'solo') return null;
  return h('p', { class: 'count', testid: 'trial-progress', dataset: { patch: 'progress' } },
    t('dictopia.trial.progress', { n: num(state.submitted), of: num(state.expected), locked: num(state.locked) }));
}

function speedLine(state) {
  if (!arr(state.missions).some((m) => m.id === 'speed')) return null;
  return h('p', { class: `dt-speed-holder${state.speed_by ? ' is-taken' : ''}`, testid: 'speed-holder', role: 'status' },
    state.speed_by ? t('dictopia.speed.heldBy', { name: nameOf(state, state.speed_by) }) : t('dictopia.speed.free'));
}

/** A claim on the mission's card: ticked, it goes with the next Play (D9b). */
function claimBox(ctx) {
  const { memo } = ctx;
  return (m) => h('label', { class: 'dt-claim' },
    h('input', {
      type: 'checkbox',
      testid: 'claim',
      checked: memo.claims.has(m.id),
      dataset: { mission: m.id, focus: `claim-${m.id}` },
      onchange: (ev) => {
        if (ev.target.checked) memo.claims.add(m.id); else memo.claims.delete(m.id);
        ctx.rerender({ focusKey: `claim-${m.id}` }); // Play says again whether this is on file
      },
    }),
    h('span', { text: t('dictopia.claims.claim') }));
}

function renderTrial(ctx) {
  const { state, memo } = ctx;
  const playing = isActivePlayer(state) && Array.isArray(state.my_hand) && !ctx.tv;
  const lockedNow = state.my_locked === true;
  if (!memo.claims) memo.claims = new Set(arr(state.my_claims));
  const parts = [...header(state, 'trial', playing && !lockedNow ? claimBox(ctx) : null), progress(state), speedLine(state)];
  let focus = null;
  if (playing) {
    const { word, nodes } = builder(ctx, { frozen: lockedNow });
    const claims = [...memo.claims].sort();
    // On file means this word with these claims: a changed claim needs Play again.
    const sent = Array.isArray(state.my_word) && JSON.stringify(state.my_word) === JSON.stringify(word)
      && JSON.stringify(arr(state.my_claims).slice().sort()) === JSON.stringify(claims);
    const pending = !!memo.pending.word;
    const play = () => ctx.act('play', { round: num(state.round), cards: word.map((p) => [p[0], p[1]]), claims }, { slot: 'word' });
    const speed = arr(state.missions).some((m) => m.id === 'speed');
    parts.push(...nodes, firstTimeHint(ctx, state.mode === 'solo' ? 'soloTrial' : 'trial'),
      memo.errors.word ? h('p', { class: 'error', role: 'alert', testid: 'word-error', text: memo.errors.word }) : null,
      lockedNow
        ? h('p', { class: 'status status-done', testid: 'locked-note', text: t('dictopia.word.lockedNote', { word: state.my_letters || '' }) })
        : h('div', { class: 'actions action-bar dt-actions', testid: 'action-bar' },
          h('button', { type: 'button', class: 'btn btn-primary', testid: 'play-btn', disabled: pending || !word.length, dataset: { focus: 'play' }, onclick: play },
            sent ? t('dictopia.word.sent') : t('dictopia.word.play')),
          h('button', { type: 'button', class: 'btn', testid: 'lock-btn', disabled: !state.my_word || !sent || pending, onclick: () => ctx.act('lock', { round: num(state.round) }, { slot: 'word' }) }, t('dictopia.word.lock')),
          speed ? h('button', { type: 'button', class: 'btn btn-speed', testid: 'speed-btn', disabled: !!state.speed_by || !state.my_word || !sent || pending, onclick: () => ctx.act('touch_speed', { round: num(state.round) }, { slot: 'word' }) }, t('dictopia.speed.touch')) : null),
      state.my_letters ? h('p', { class: 'muted', testid: 'my-word', text: t('dictopia.word.onFile', { word: state.my_letters, n: num(state.plays_left) }) }) : null,
      howToButton(ctx), howToInPlay(ctx));
    focus = '[data-testid="hand-face"]:not([disabled])';
  } else {
    parts.push(statusLine(ctx.tv ? t('dictopia.trial.tv') : t('dictopia.trial.watching'), { cls: 'status-quiet' }), scoresPanel(ctx));
  }
  const node = h('section', { class: `screen dt-screen dt-trial${ctx.tv ? ' is-tv' : ''}`, testid: 'dictopia-trial', 'aria-label': t('dictopia.trial.heading') }, parts);
  const shape = JSON.stringify([state.round, state.my_word, state.my_locked, state.my_claims, state.speed_by, state.missions, memo.word, [...memo.claims], memo.pending.word, memo.errors.word, !!memo.howto, !!memo.hintClosed]);
  return { node, focus: (focus && node.querySelector(focus)) || node.querySelector('[data-testid="target"]'), shape };
}

// --- the warm-up ----------------------------------------------------------------------------

function renderWarmup(ctx) {
  const { state, memo } = ctx;
  const w = state.warmup || {};
  const playing = isActivePlayer(state) && Array.isArray(state.my_hand) && !ctx.tv;
  const met = new Set(arr(w.mine && w.mine.met));
  const parts = [h('h1', { class: 'screen-title', tabindex: '-1', text: t('dictopia.warmup.heading') }), timerFor(state, 'warmup'),
    h('p', { class: 'count', testid: 'warmup-progress', text: t('dictopia.warmup.progress', { n: num(w.met_two), of: num(w.expected) }) })];
  const challenges = arr(w.challenges);
  if (playing) {
    const { word, nodes } = builder(ctx, { key: 'warm' });
    parts.push(...nodes, h('ul', { class: 'dt-challenges' }, challenges.map((c) => h('li', null,
      h('button', { type: 'button', class: `btn${met.has(c.id) ? ' is-done' : ''}`, testid: 'challenge-btn', disabled: met.has(c.id) || !word.length, onclick: () => ctx.act('warmup_play', { challenge: c.id, cards: word.map((p) => [p[0], p[1]]) }, { slot: 'warm' }) },
        met.has(c.id) ? '✓ ' : '', h('span', { lang: state.lang || null, text: c.text }))))),
    w.mine && w.mine.last ? h('p', { class: 'status', role: 'status', testid: 'warmup-result', text: t(`dictopia.warmup.result.${w.mine.last.result}`, { word: w.mine.last.letters || '' }) }) : null,
    memo.errors.warm ? h('p', { class: 'error', role: 'alert', text: memo.errors.warm }) : null);
  } else {
    parts.push(h('ul', { class: 'dt-challenges' }, challenges.map((c) => h('li', { lang: state.lang || null, text: c.text }))));
  }
  if (isHost(state, ctx)) parts.push(h('button', { type: 'button', class: 'btn', testid: 'continue-btn', onclick: () => ctx.act('continue', { round: num(state.round) }) }, t('dictopia.continue')));
  const node = h('section', { class: 'screen dt-screen dt-warmup', testid: 'dictopia-warmup' }, parts);
  return { node, focus: node.querySelector('h1'), shape: JSON.stringify([w.mine, memo.warm, memo.errors.warm]) };
}

// --- the tally and the vote -----------------------------------------------------------------

const MISSION_MARK = { met: '✓', missed: '✗', claimed: '?', disputed: '⚑', pending: '…' };

function wordRow(state, ctx, w, { tally = false, tag = 'li' } = {}) {
  const me = mine(state);
  const own = w.player === me;
  const canAct = tally && isActivePlayer(state) && !ctx.tv && !own;
  const strict = state.settings && state.settings.validation === 'strict';
  const titles = Object.fromEntries(arr(state.missions).map((m) => [m.id, m.text]));
  const den = w.denunciation;
  return h(tag, { class: `dt-wordrow${own ? ' is-me' : ''}${w.speed ? ' has-speed' : ''}`, testid: 'word-line', dataset: { player: w.player } },
    h('p', { class: 'dt-who', text: nameOf(state, w.player) }),
    w.letters
      ? h('p', { class: 'dt-word', lang: state.lang || null }, w.cards.map((f) => h('span', { class: 'dt-card dt-mini' }, faceLabel(f, state.lang || null))))
      : h('p', { class: 'muted', text: t('dictopia.tally.noWord') }),
    h('p', { class: 'dt-facts', text: t('dictopia.tally.facts', { n: arr(w.cards).length, eyes: num(w.eyes), target: num(state.target) }) }),
    w.speed ? h('p', { class: 'tag tag-speed', text: t('dictopia.speed.card') }) : null,
    h('ul', { class: 'dt-outcomes' }, Object.entries(w.missions || {}).map(([id, status]) => h('li', { class: `dt-outcome is-${status}` },
      `${MISSION_MARK[status] || ''} `, h('span', { lang: state.lang || null, text: titles[id] || id }), ` · ${t(`dictopia.status.${status}`)}`,
      canAct && status === 'claimed' ? h('button', { type: 'button', class: 'btn btn-small', testid: 'dispute-btn', dataset: { mission: id }, onclick: () => ctx.act('dispute', { round: num(state.round), player: w.player, mission: id }) }, t('dictopia.tally.dispute')) : null))),
    w.denounced_by ? h('p', { class: 'dt-denounced', text: t('dictopia.tally.denouncedBy', { name: nameOf(state, w.denounced_by) }) }) : null,
    den ? h('p', { class: `dt-denunciation is-${den.result}`, text: den.result === 'listed' ? t('dictopia.tally.listed', { spellings: arr(den.spellings).join(', ') }) : t('dictopia.tally.toVote') }) : null,
    w.listed === true || w.listed === false ? h('p', { class: 'muted', text: w.listed ? t('dictopia.score.listed') : t('dictopia.score.unlisted') }) : null,
    canAct && !strict && w.letters && !w.denounced_by
      ? h('button', { type: 'button', class: 'btn btn-danger btn-small', testid: 'denounce-btn', dataset: { player: w.player }, onclick: () => ctx.act('denounce', { round: num(state.round), player: w.player }) }, t('dictopia.tally.denounce'))
      : null);
}

function renderTally(ctx) {
  const { state, memo } = ctx;
  const passed = new Set(arr(state.passed));
  const canPass = isActivePlayer(state) && !ctx.tv && !passed.has(mine(state));
  const parts = [...header(state, 'tally'),
    h('h1', { class: 'screen-title', tabindex: '-1', text: t('dictopia.tally.heading') }),
    canPass ? firstTimeHint(ctx, 'tally') : null,
    h('p', { class: 'count', testid: 'passed-count', text: t('dictopia.tally.passed', { n: passed.size }) }),
    h('ol', { class: 'dt-words', testid: 'words' }, arr(state.words).map((w) => wordRow(state, ctx, w, { tally: true })))];
  if (canPass) parts.push(h('div', { class: 'actions action-bar', testid: 'action-bar' }, h('button', { type: 'button', class: 'btn btn-primary', testid: 'pass-btn', onclick: () => ctx.act('pass', { round: num(state.round) }) }, t('dictopia.tally.pass'))));
  const node = h('section', { class: `screen dt-screen dt-tally${ctx.tv ? ' is-tv' : ''}`, testid: 'dictopia-tally' }, parts);
  return { node, focus: node.querySelector('h1'), shape: JSON.stringify([state.words, state.passed, !!memo.hintClosed]) };
}

function renderVote(ctx) {
  const { state, memo } = ctx;
  const voter = isActivePlayer(state) && !ctx.tv;
  const verdicts = state.my_verdicts || {};
  const titles = Object.fromEntries(arr(state.missions).map((m) => [m.id, m.text]));
  const items = arr(state.items).map((item) => {
    const given = verdicts[String(item.id)];
    const question = item.kind === 'validity'
      ? t('dictopia.vote.validity', { word: item.letters || '', name: nameOf(state, item.player) })
      : t('dictopia.vote.mission', { word: item.letters || '', name: nameOf(state, item.player), mission: titles[item.mission] || item.mission });
    const answer = (verdict) => ctx.act('judge', { round: num(state.round), item: item.id, verdict });
    return h('li', { class: 'dt-item', testid: 'vote-item', dataset: { item: item.id } },
      h('p', { class: 'dt-question', text: question }),
      voter && given === undefined
        ? h('div', { class: 'dt-verdicts', role: 'group', 'aria-label': question },
          h('button', { type: 'button', class: 'btn', testid: 'yes-btn', onclick: () => answer(true) }, t('dictopia.vote.yes')),
          h('button', { type: 'button', class: 'btn', testid: 'no-btn', onclick: () => answer(false) }, t('dictopia.vote.no')))
        : voter ? h('p', { class: 'status status-done', text: given === undefined ? t('dictopia.vote.waiting') : given ? t('dictopia.vote.saidYes') : t('dictopia.vote.saidNo') }) : null);
  });
  const parts = [...header(state, 'vote'), h('h1', { class: 'screen-title', tabindex: '-1', text: t('dictopia.vote.heading') }),
    voter ? firstTimeHint(ctx, 'vote') : null,
    h('p', { class: 'count', testid: 'verdicts-in', dataset: { patch: 'verdicts' }, text: t('dictopia.vote.in', { n: num(state.verdicts_in), of: num(state.voters) }) }),
    h('ol', { class: 'dt-items' }, items)];
  const node = h('section', { class: `screen dt-screen dt-vote${ctx.tv ? ' is-tv' : ''}`, testid: 'dictopia-vote' }, parts);
  return { node, focus: node.querySelector('[data-testid="yes-btn"]') || node.querySelector('h1'), shape: JSON.stringify([state.items, verdicts, !!memo.hintClosed]) };
}

// --- the score ------------------------------------------------------------------------------

const HOW = { auto: 'auto', dict: 'dict', undisputed: 'undisputed', vote: 'vote', tie: 'tie', speed: 'speed' };

function beatsShown(state) {
  const now = serverNow();
  return new Set(arr(state.score && state.score.beats).filter((b) => b.at <= now).map((b) => b.beat));
}

function breakdown(state, player, line) {
  const titles = Object.fromEntries(arr(state.missions).map((m) => [m.id, m.text]));
  if (line.void) return h('p', { class: 'dt-void', text: t(`dictopia.void.${line.void}`) });
  return h('ul', { class: 'dt-breakdown', testid: 'breakdown', dataset: { player } },
    h('li', { text: t('dictopia.score.letters', { n: num(line.letters) }) }), // "4 letters: +4"
    h('li', { text: line.eyes_bonus ? t('dictopia.score.eyesHit', { eyes: num(line.eyes) }) : t('dictopia.score.eyesMissed', { eyes: num(line.eyes), target: num(state.target) }) }),
    arr(line.missions).map((m) => h('li', null, h('span', { lang: state.lang || null, text: titles[m.id] || m.id }), ` +${num(m.bonus)} (${t(`dictopia.how.${HOW[m.how] || 'auto'}`)})`)));
}

function bigBrother(state) {
  const bb = state.big_brother;
  if (!bb) return null;
  return h('section', { class: 'panel dt-bb', testid: 'big-brother', 'aria-labelledby': 'bb-h' },
    h('h2', { id: 'bb-h', text: t('dictopia.bb.heading') }),
    h('ul', { class: 'dt-breakdown' },
      h('li', { text: t('dictopia.bb.unused', { n: num(bb.unused_eyes) }) }),
      h('li', { text: t('dictopia.bb.eyesBonus', { n: num(bb.missed_eyes_bonus) }) }),
      h('li', { text: t('dictopia.bb.missions', { n: arr(bb.missed_missions).reduce((s, m) => s + num(m.bonus), 0) }) })),
    h('p', { class: 'dt-total', text: t('dictopia.bb.total', { trial: num(bb.trial), total: num(bb.total) }) }));
}

function levelLine(state) {
  if (!state.solo) return null;
  return h('p', { class: 'dt-level', testid: 'solo-level', text: t('dictopia.solo.level', { n: num(state.solo.level), best: num(state.solo.reached) }) });
}

function renderScore(ctx) {
  const { state } = ctx;
  const score = state.score || {};
  const lines = score.lines || {};
  const shown = beatsShown(state);
  const rows = arr(state.words).map((w) => {
    const line = lines[w.player] || {};
    return h('li', { class: 'dt-scoreline', testid: 'score-line', dataset: { player: w.player } },
      wordRow(state, ctx, w, { tag: 'div' }),
      breakdown(state, w.player, line),
      h('p', { class: 'dt-total', text: t('dictopia.score.trial', { trial: num(line.trial), total: num(line.total) }) }));
  });
  const canContinue = isHost(state, ctx) && Number.isFinite(state.continue_at);
  const parts = [roundLabel(state), targetBlock(state), missionCards(state), timerFor(state, 'score'), levelLine(state),
    h('h1', { class: 'screen-title', tabindex: '-1', text: t('dictopia.score.heading') }),
    h('ol', { class: `dt-scores${shown.size ? '' : ' is-early'}`, testid: 'scores' }, rows),
    state.mode === 'solo' ? bigBrother(state) : null,
    canContinue ? h('div', { class: 'actions action-bar', testid: 'action-bar' },
      h('button', { type: 'button', class: 'btn btn-primary', testid: 'continue-btn', onclick: () => ctx.act('continue', { round: num(state.round) }) }, t('dictopia.continue'))) : null];
  const node = h('section', { class: `screen dt-screen dt-score${ctx.tv ? ' is-tv' : ''}`, testid: 'dictopia-score' }, parts);
  return { node, focus: node.querySelector('h1'), shape: JSON.stringify([state.round, score, state.big_brother]) };
}

// --- the result sheet -----------------------------------------------------------------------

function history(state) {
  const items = arr(state.history);
  if (!items.length) return null;
  return h('section', { class: 'panel history', testid: 'history', 'aria-labelledby': 'dt-history-h' },
    h('h2', { id: 'dt-history-h', text: t('dictopia.results.history') }),
    h('ol', null, items.map((r, i) => h('li', null, t('dictopia.results.trial', { n: i + 1, target: num(r.target) })))));
}

const BIG_BROTHER = 'big_brother';

/**
 * The server's final order (`standings`: D20a, and Big Brother beside the player in
 * solo), each row named: a seat by its player's name, Big Brother in the UI's words.
 */
function standingsRows(state) {
  const seats = new Map(players(state).map((p) => [p.id, p]));
  return arr(state.standings).map((row) => {
    const seat = seats.get(row.id);
    const name = row.id === BIG_BROTHER ? t('dictopia.bb.heading') : nameOf(state, row.id);
    return { ...(seat || {}), id: row.id, name, score: num(row.total), rank: num(row.rank, 1) };
  });
}

/** Solo: won (the next match deals one card more), tied (a full tie is no win), or lost. */
function soloNotice(state) {
  const solo = state.solo;
  if (!solo || typeof solo.beaten !== 'boolean') return null;
  const me = arr(state.standings).find((row) => row.id === mine(state));
  const key = solo.beaten ? 'won' : me && me.rank === 1 ? 'tied' : 'lost';
  return h('p', { class: 'notice', testid: 'solo-result', text: t(`dictopia.solo.${key}`, { n: num(solo.beaten ? solo.reached : solo.level) }) });
}

function renderFinished(ctx) {
  const { state } = ctx;
  if (state.solo && typeof state.solo.beaten === 'boolean') rememberLevel(state.lang, num(state.solo.reached, 8));
  const rows = standingsRows(state);
  return resultFrame(ctx, { extra: [bigBrother(state), history(state)], notice: soloNotice(state), standings: rows.length ? rows : null });
}

export const screens = {
  warmup: renderWarmup,
  trial: renderTrial,
  tally: renderTally,
  vote: renderVote,
  score: renderScore,
  finished: renderFinished,
};

export function announcement(state) {
  switch (state.phase) {
    case 'trial': return t('dictopia.announce.trial', { r: num(state.round), target: num(state.target) });
    case 'tally': return t('dictopia.announce.tally');
    case 'vote': return t('dictopia.announce.vote');
    case 'score': return t('dictopia.announce.score');
    default: return null;
  }
}

export function yourTurn(state) {
  if (!isActivePlayer(state)) return false;
  if (state.phase === 'trial') return state.my_locked !== true;
  if (state.phase === 'tally') return !arr(state.passed).includes(mine(state));
  if (state.phase === 'vote') return arr(state.items).some((i) => !(String(i.id) in (state.my_verdicts || {})));
  return false;
}
