// Plain words for the protocol's refusals, looked up by `code` (and `reason`
// for invalid_text / invalid_name), never by the server's English `message`,
// which is only the last resort for a code this client has no words for.

import { has, t } from './i18n.js';

/**
 * A sentence for an `error` (or a local failure such as `timeout`). A game's
 * own catalogue (`<slug>.errors.*`, `<slug>.reasons.*`) is asked first.
 */
export function errorText(err, game = null) {
  if (!err || typeof err !== 'object') return t('errors.unknown');
  const { code, reason } = err;
  const keys = [];
  if (reason && (code === 'invalid_text' || code === 'invalid_name')) {
    const kind = code === 'invalid_text' ? 'text' : 'name';
    if (game) keys.push(`${game}.reasons.${kind}.${reason}`);
    keys.push(`reasons.${kind}.${reason}`);
  }
  // A game's own words for its code's reason (Dictopia's bad_word: card_reused).
  if (reason && game) keys.push(`${game}.reasons.${code}.${reason}`);
  if (code) {
    if (game) keys.push(`${game}.errors.${code}`);
    keys.push(`errors.${code}`);
  }
  const key = keys.find((k) => has(k));
  if (key) return t(key);
  if (typeof err.message === 'string' && err.message) return err.message;
  return t('errors.unknown');
}
