// Pieces of Fictionary's screens: the word with its respelling and speaker,
// the score strip (★ Judge, ✓ in, away), banners, and the scores sheet (S).

import { h, srOnly } from '../../shell/dom.js';
import { fmtNumber, t } from '../../shell/i18n.js';
import { nameOf, num, players } from '../../shell/common.js';
import { canSpeak, hasVoices, sayWord, waitForVoices } from './helpers.js';

export const meId = (state) => (state.me && state.me.id) || null;
/** The seat this member plays or watches as theirs (a sitter's seat too). */
export const mySeat = (state) => (typeof state.seat === 'string' ? state.seat : null);
export const isJudge = (state) => !!state.judge && state.judge === mySeat(state);
export const judgeName = (state) => (state.judge ? nameOf(state, state.judge) : '');
export const seated = (state) => !!mySeat(state) && state.me && state.me.role === 'player';

export function roundLine(state) {
  const r = num(state.round);
  if (r <= 0) return null;
  const extra = num(state.tiebreaks) > 0 ? ` · ${t('fictionary.round.tiebreak')}` : '';
  return h('p', { class: 'round-label', testid: 'round-label', text: `${t('fictionary.round.label', { r, target: num(state.target, 10) })}${extra}` });
}

/**
 * The word, its note, its respelling (a button opening the pronunciation key)
 * and the speaker (F27). With `ctx`, the key opens as a sheet under the word
 * and the speaker appears once the browser's voices are in (none after 2.5 s:
 * no speaker).
 */
export function wordBlock(state, { speaker = true, ctx = null, word = state.word, note = state.note, respell = state.respell, say = state.say } = {}) {
  const lang = state.lang || null;
  const memo = ctx ? ctx.memo : null;
  const parts = [h('h1', { class: 'word', testid: 'word', tabindex: '-1', dataset: { focus: 'word' }, lang, text: word || '' })];
  if (respell) {
    parts.push(h('button', {
      type: 'button',
      class: 'btn btn-quiet respell',
      testid: 'respell',
      dataset: { focus: 'respell' },
      'aria-expanded': memo ? (memo.keySheet ? 'true' : 'false') : null,
      'aria-controls': memo && memo.keySheet ? 'key-sheet' : null,
      // The visible text starts the name (axe: label in name); screen readers
      // then hear the plain respelling.
      title: t('fictionary.word.respellLabel', { respell }),
      onclick: () => {
        if (!memo) return;
        memo.keySheet = !memo.keySheet;
        ctx.rerender({ focusKey: memo.keySheet ? 'key-close' : 'respell' });
      },
    }, `\\${respell}\\`, srOnly(` ${t('fictionary.word.plain', { plain: say || respell.replace(/-/g, ' ').toLowerCase() })}`)));
  }
  if (speaker && word && hasVoices()) {
    parts.push(h('button', {
      type: 'button',
      class: 'btn btn-quiet speak',
      testid: 'speak',
      dataset: { focus: 'speak' },
      title: t('fictionary.word.say', { word }),
      onclick: () => sayWord(word, state.lang, say),
    }, t('fictionary.word.sayBtn')));
  } else if (speaker && word && ctx && canSpeak()) {
    waitForVoices().then((ok) => { if (ok) ctx.rerender({}); });
  }
  const sheet = respell && memo && memo.keySheet ? keySheet(state, ctx, { word, respell, say }) : null;
  return h('div', { class: 'word-block' },
    h('div', { class: 'word-line' }, parts),
    note ? h('p', { class: 'note', testid: 'note', lang, text: note }) : null,
    sheet);
}

/** The pronunciation key's own sheet (F27): how to read a respelling, with this word's. */
function keySheet(state, ctx, { word, respell, say }) {
  return h('section', { class: 'panel key-sheet', id: 'key-sheet', testid: 'key-sheet', 'aria-labelledby': 'key-h' },
    h('h2', { id: 'key-h', text: t('fictionary.key.title') }),
    h('p', { class: 'key-word', lang: state.lang || null }, h('strong', { text: word || '' }), ` \\${respell}\\`),
    h('ul', { class: 'key-list' },
      h('li', { text: t('fictionary.key.stress') }),
      h('li', { text: t('fictionary.key.hyphens') }),
      h('li', { text: t('fictionary.key.letters') }),
      say ? h('li', { text: t('fictionary.key.plain', { plain: say }) }) : null),
    h('button', {
      type: 'button', class: 'btn btn-quiet', testid: 'key-close', dataset: { focus: 'key-close' },
      onclick: () => { ctx.memo.keySheet = false; ctx.rerender({ focusKey: 'respell' }); },
    }, t('fictionary.key.close')));
}

/** The score strip: marks, names, scores; ★ the Judge, ✓ in, away. */
export function scoreStrip(state, totals = null) {
  const scoreOf = (p) => (totals && p.id in totals ? totals[p.id] : num(p.score));
  const me = mySeat(state);
  const rows = players(state);
  return h('ol', { class: 'scoreboard score-strip', testid: 'score-strip', 'aria-label': t('fictionary.scores.title') }, rows.map((p) => {
    const marks = [];
    if (p.judge) marks.push(t('fictionary.scores.judgeMark'));
    if (p.in === true) marks.push(t('fictionary.scores.inMark'));
    if (p.away) marks.push(t('fictionary.scores.away'));
    else if (p.covered) marks.push(t('fictionary.scores.covered'));
    else if (p.bot) marks.push(t('fictionary.scores.bot'));
    return h('li', { class: `score-row${p.id === me ? ' is-me' : ''}${p.away || p.connected === false ? ' is-away' : ''}`, dataset: { player: p.id } },
      h('span', { class: 'score-name', title: p.name || null, text: p.name || t('common.someone') }),
      h('span', { class: 'score-award', text: marks.join(' ') }),
      h('span', { class: 'score-total', testid: 'score-total', text: fmtNumber(scoreOf(p)) }));
  }));
}

/** A line of news or a prompt ("You found the real one", "Vote for the real one."): styled as
 * a notice in the accent colour, never as the shell's red error banner. */
export const banner = (text, testid = 'banner') => (text ? h('p', { class: 'notice news', testid, role: 'status', text }) : null);

/** A keyboard shortcut's cue, e.g. " (S)": shown only where there is a keyboard and a
 * fine pointer (fictionary.css); the control carries it as aria-keyshortcuts too. */
export const keyCue = (key) => h('span', { class: 'key-cue', 'aria-hidden': 'true', text: ` (${key})` });

/** The scores sheet (key S): each round's points by seat, then the totals. */
export function scoresSheet(state, rounds, totals = null) {
  const list = players(state);
  const scoreOf = (p) => (totals && p.id in totals ? totals[p.id] : num(p.score));
  const history = Array.isArray(rounds) ? rounds : [];
  return h('section', { class: 'panel scores-sheet', testid: 'scores-sheet', 'aria-labelledby': 'sheet-h' },
    h('h2', { id: 'sheet-h', text: t('fictionary.scores.sheet') }),
    h('div', { class: 'table-wrap' }, h('table', { class: 'sheet' },
      h('thead', null, h('tr', null,
        h('th', { scope: 'col', text: t('fictionary.scores.round') }),
        list.map((p) => h('th', { scope: 'col', class: 'sheet-name', text: p.name || '' })))),
      h('tbody', null,
        history.map((r) => h('tr', null,
          h('th', { scope: 'row', lang: state.lang || null, text: `${num(r.round)}. ${r.word || ''}` }),
          list.map((p) => h('td', { text: fmtNumber(num(r.awards && r.awards[p.id])) })))),
        h('tr', { class: 'sheet-total' },
          h('th', { scope: 'row', text: t('fictionary.scores.total') }),
          list.map((p) => h('td', { text: fmtNumber(scoreOf(p)) })))))));
}

/** Key S toggles the scores sheet on any round screen; returns true when handled. */
export function scoresKey(ev, ctx) {
  if ((ev.key === 's' || ev.key === 'S') && !ev.ctrlKey && !ev.altKey && !ev.metaKey) {
    const a = document.activeElement;
    if (a && a.matches && a.matches('textarea, input')) return false;
    ctx.memo.sheet = !ctx.memo.sheet;
    ctx.rerender({});
    return true;
  }
  return false;
}

export function sheetToggle(ctx) {
  return h('button', {
    type: 'button',
    class: 'btn btn-quiet',
    testid: 'scores-toggle',
    'aria-expanded': ctx.memo.sheet ? 'true' : 'false',
    'aria-keyshortcuts': 'S',
    onclick: () => { ctx.memo.sheet = !ctx.memo.sheet; ctx.rerender({}); },
  }, t('fictionary.scores.toggle'), keyCue('S'));
}
