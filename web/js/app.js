// The page: a session (seat, snapshots, connection) and a screen controller,
// wired together. Everything else lives in js/shell/ and js/games/<slug>/.

import { Session } from './shell/session.js';
import { Controller } from './shell/controller.js';
import { setTenSecondsHandler } from './shell/countdown.js';
import { setLang, t } from './shell/i18n.js';
import { play } from './shell/sound.js';

const params = new URLSearchParams(location.search);
const urlRoom = (params.get('room') || '').trim().toUpperCase();
const tv = params.get('tv') === '1' || params.get('tv') === 'true';

const session = new Session({ tv });
const screen = new Controller(session, { tv, code: urlRoom });

function setUrl(room) {
  const q = new URLSearchParams();
  if (room) q.set('room', room);
  if (tv) q.set('tv', '1');
  const s = q.toString();
  history.replaceState(null, '', `${location.pathname}${s ? `?${s}` : ''}`);
}

async function init() {
  document.documentElement.classList.toggle('tv', tv);
  await setLang(screen.wantedLang());
  screen.staticTexts();

  document.querySelector('#leave-btn').addEventListener('click', () => screen.confirmLeave());
  document.querySelector('#mute-btn').addEventListener('click', () => screen.toggleMute());
  document.querySelector('#lang-switch').addEventListener('change', (ev) => screen.pickLang(ev.currentTarget.value));
  setTenSecondsHandler(() => {
    play('ten');
    if (screen.yourTurn()) screen.announce(t('announce.tenSeconds'));
  });
  document.addEventListener('keydown', (ev) => {
    if (!screen.onKey || ev.defaultPrevented) return;
    const target = ev.target;
    if (target && target.matches && target.matches('input, textarea, select, [contenteditable]')) return;
    if (screen.onKey(ev)) ev.preventDefault();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && session.state) screen.render();
  });

  session.addEventListener('open', () => screen.setBanner(''));
  session.addEventListener('close', () => screen.setBanner(t(session.conn.everOpened ? 'conn.reconnecting' : 'conn.connecting')));
  session.addEventListener('seat', () => {
    screen.home.pending = null;
    setUrl(session.room);
    if (!session.state) screen.render();
  });
  session.addEventListener('state', () => screen.render());
  session.addEventListener('games', () => screen.render()); // the picker, the options form
  session.addEventListener('home', (ev) => {
    setUrl(null);
    screen.wentHome(ev.detail);
  });

  screen.setBanner(t('conn.connecting'));
  session.start(urlRoom);
  if (session.inRoom) setUrl(session.room);
  screen.render();
}

init();
