// Sound cues and a short buzz, made in the page (Web Audio, no files): a
// phase change, 10 seconds left, the reveal's sting. A mute switch in the top
// bar is remembered (localStorage). Each cue is also dispatched on `window` as
// a `cue` event ({name, muted}), so the page (and its tests) can follow them.

import * as store from './storage.js';

let audio = null;

function context() {
  if (audio) return audio;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  try { audio = new Ctx(); } catch { audio = null; }
  return audio;
}

// Browsers start audio only after a gesture: wake the context on the first one.
function unlock() {
  const ctx = context();
  if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
}
['pointerdown', 'keydown'].forEach((type) => window.addEventListener(type, unlock, { passive: true }));

// name -> notes [frequency Hz, start s, length s]
const CUES = {
  phase: [[523, 0, 0.12], [784, 0.12, 0.16]],
  ten: [[880, 0, 0.08], [880, 0.18, 0.08]],
  sting: [[392, 0, 0.14], [523, 0.12, 0.14], [659, 0.24, 0.14], [1046, 0.36, 0.35]],
};

export const isMuted = () => store.loadMuted();

export function setMuted(muted) {
  store.saveMuted(muted);
}

export function play(name) {
  const notes = CUES[name];
  if (!notes) return;
  const muted = isMuted();
  window.dispatchEvent(new CustomEvent('cue', { detail: { name, muted } }));
  if (muted || document.hidden) return;
  const ctx = context();
  if (!ctx || ctx.state !== 'running') return;
  const t0 = ctx.currentTime + 0.02;
  for (const [freq, at, len] of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'triangle';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.18, t0 + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + len + 0.05);
  }
}

/** A short vibration (phones that allow it); the mute switch silences it too. */
export function buzz() {
  if (isMuted() || typeof navigator.vibrate !== 'function') return;
  try { navigator.vibrate([60, 40, 60]); } catch { /* not allowed here */ }
}
