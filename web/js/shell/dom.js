// Tiny DOM builder. Text always goes in through text nodes (never innerHTML),
// so player-written text can never become markup.

/**
 * h('button', {class: 'btn', testid: 'start-btn', onclick: fn}, 'Start')
 * Props: `class`, `text`, `testid`, `dataset` {..}, `style` {--var: value}
 * (set through element.style.setProperty, CSP-safe), `on<event>` listeners,
 * booleans (true sets an empty attribute, false/null/undefined skip), and
 * any other attribute by name.
 */
export function h(tag, props, ...children) {
  const el = tag.includes(':')
    ? document.createElementNS('http://www.w3.org/2000/svg', tag.split(':')[1])
    : document.createElement(tag);
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') el.setAttribute('class', value);
      else if (key === 'text') el.textContent = String(value);
      else if (key === 'testid') el.dataset.testid = value;
      else if (key === 'dataset') for (const [k, v] of Object.entries(value)) { if (v != null) el.dataset[k] = String(v); }
      else if (key === 'style') for (const [k, v] of Object.entries(value)) el.style.setProperty(k, String(v));
      else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
      else if (key === 'value' && 'value' in el) el.value = value;
      else el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false || child === '') continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace all children of `el`. */
export function replaceChildren(el, ...children) {
  while (el.firstChild) el.removeChild(el.firstChild);
  append(el, children);
}

/** An element only screen readers see. */
export const srOnly = (text) => h('span', { class: 'sr-only', text });

/** Count Unicode code points (not UTF-16 units). */
export const codePoints = (text) => Array.from(text).length;

/** The length the server counts: NFC, trimmed, runs of whitespace as one space (RULES 3a). */
export function normalizedLength(text) {
  const t = String(text || '').normalize('NFC').trim().replace(/\s+/gu, ' ');
  return codePoints(t);
}

/** Shorten text to about `max` code points at a word boundary, with an ellipsis. */
export function shorten(text, max = 40) {
  const chars = Array.from(String(text || ''));
  if (chars.length <= max) return chars.join('');
  let cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.5) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,.;:!?-]+$/u, '')}…`;
}

export const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
