// Which screens play a room: `state.game` (absent: `bluff`) picks a folder of
// screens under js/games/. Adding a game is one line here.

import { addGameCatalogue } from './i18n.js';

const GAMES = {
  bluff: () => import('../games/bluff/index.js'),
  impostor: () => import('../games/impostor/index.js'),
  fictionary: () => import('../games/fictionary/index.js'),
  dictopia: () => import('../games/dictopia/index.js'),
};

const ready = new Map(); // slug -> module, once its catalogue is in
const loading = new Map(); // slug -> promise

export const knownGame = (slug) => Object.hasOwn(GAMES, slug);

/** The game's module if it is loaded (its catalogue too), else null. */
export const gameModule = (slug) => ready.get(slug) || null;

/** Load a game's screens and its catalogue; resolves to the module. */
export function loadGame(slug) {
  if (!knownGame(slug)) return Promise.reject(new Error(`unknown game ${slug}`));
  if (!loading.has(slug)) {
    loading.set(slug, (async () => {
      const mod = await GAMES[slug]();
      await addGameCatalogue(slug, new URL(`../games/${slug}/i18n/`, import.meta.url));
      ready.set(slug, mod);
      return mod;
    })().catch((error) => {
      loading.delete(slug); // try again on the next snapshot
      throw error;
    }));
  }
  return loading.get(slug);
}
