// A QR code of a link as an SVG built with DOM calls (no markup strings),
// from the vendored qrcode-generator (MIT, see vendor/qrcode-generator/).

import qrcode from '../../vendor/qrcode-generator/qrcode.mjs';
import { h } from './dom.js';

export function qrSvg(text, label) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const margin = 4;
  const size = n + margin * 2;
  let d = '';
  for (let r = 0; r < n; r += 1) {
    for (let c = 0; c < n; c += 1) {
      if (qr.isDark(r, c)) d += `M${c + margin} ${r + margin}h1v1h-1z`;
    }
  }
  return h('svg:svg', {
    class: 'qr',
    testid: 'qr',
    viewBox: `0 0 ${size} ${size}`,
    role: 'img',
    'aria-label': label,
    'shape-rendering': 'crispEdges',
  },
  h('svg:title', { text: label }),
  h('svg:rect', { width: size, height: size, fill: '#fff' }),
  h('svg:path', { d, fill: '#000' }));
}
