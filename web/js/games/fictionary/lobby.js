// Fictionary's own lobby controls (ruling 1b): the bots seated at the table,
// each with its level; the host adds a bot at a level and removes one
// (`add_bot {level}`, `remove_bot {player}`). The rest of the lobby is the shell's.

import { h, srOnly } from '../../shell/dom.js';
import { t } from '../../shell/i18n.js';
import { activePlayers } from '../../shell/common.js';
import { seatRange } from '../../shell/lobby.js';
import { resetJobs } from './jobs.js';

export const LEVELS = ['easy', 'medium', 'hard'];

const levelName = (level) => (LEVELS.includes(level) ? t(`fictionary.bots.levels.${level}`) : String(level));

export function lobbyExtra(ctx) {
  const { state, memo } = ctx;
  if (state.room) resetJobs(state.room); // a game starting here explains each job again
  const host = !!(state.me && state.me.host) && !ctx.tv;
  const bots = activePlayers(state).filter((p) => p.bot);
  if (!host && !bots.length) return null;
  const pending = !!(memo && memo.pending.bots);

  const list = bots.length
    ? h('ul', { class: 'player-list bot-list', testid: 'bot-list' }, bots.map((p) => {
      const name = p.name || t('common.someone');
      return h('li', { class: 'player', dataset: { playerId: p.id, bot: p.bot } },
        h('span', { class: 'player-name', text: name }),
        h('span', { class: 'tag', testid: 'bot-level', text: levelName(p.bot) }),
        host ? h('button', {
          type: 'button',
          class: 'btn btn-small btn-quiet',
          testid: 'remove-bot-btn',
          disabled: pending,
          dataset: { playerId: p.id, focus: `remove-bot-${p.id}` },
          onclick: () => ctx.act('remove_bot', { player: p.id }, { slot: 'bots' }),
        }, t('fictionary.bots.remove'), srOnly(` ${name}`)) : null);
    }))
    : h('p', { class: 'hint', testid: 'bots-none', text: t('fictionary.bots.none') });

  let add = null;
  if (host) {
    const full = activePlayers(state).length >= seatRange(ctx).max;
    const level = memo && LEVELS.includes(memo.botLevel) ? memo.botLevel : 'medium';
    const select = h('select', {
      id: 'bot-level',
      class: 'input',
      testid: 'bot-level-select',
      dataset: { focus: 'bot-level' },
      onchange: (ev) => { if (memo) memo.botLevel = ev.currentTarget.value; },
    }, LEVELS.map((l) => h('option', { value: l, text: levelName(l) })));
    select.value = level;
    add = h('div', { class: 'bot-add' },
      h('div', { class: 'field' }, h('label', { for: 'bot-level', text: t('fictionary.bots.level') }), select),
      h('button', {
        type: 'button',
        class: 'btn',
        testid: 'add-bot-btn',
        dataset: { focus: 'add-bot' },
        disabled: full || pending,
        'aria-describedby': full ? 'bots-full' : null,
        onclick: () => ctx.act('add_bot', { level: select.value }, { slot: 'bots' }),
      }, t('fictionary.bots.add')),
      full ? h('p', { class: 'hint', id: 'bots-full', text: t('fictionary.bots.full') }) : null);
  }
  const error = ctx.errors && ctx.errors.bots;
  return h('section', { class: 'panel bots-panel', testid: 'bots-panel', 'aria-labelledby': 'bots-h' },
    h('h2', { id: 'bots-h', text: t('fictionary.bots.heading') }),
    host ? h('p', { class: 'hint', text: t('fictionary.bots.hint') }) : null,
    list,
    add,
    error ? h('p', { class: 'error', role: 'alert', text: error }) : null);
}
