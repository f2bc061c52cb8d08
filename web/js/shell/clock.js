// Server clock estimate. Every countdown and reveal beat is timed in server
// epoch milliseconds; `serverNow()` maps the local clock onto it.
//
// From each pong: rtt = now - t; offset = server_now - (t + rtt / 2). The
// sample with the lowest rtt (of the recent ones) wins: its midpoint guess is
// the tightest. Before the first pong, the `server_now` of a snapshot gives a
// rough offset.

const WINDOW = 12;
const samples = [];
let rough = null;

export function addPong(t, serverNow, receivedAt = Date.now()) {
  if (!Number.isFinite(t) || !Number.isFinite(serverNow)) return;
  const rtt = receivedAt - t;
  if (rtt < 0 || rtt > 60_000) return;
  samples.push({ rtt, offset: serverNow - (t + rtt / 2) });
  if (samples.length > WINDOW) samples.shift();
}

export function noteSnapshot(serverNow) {
  if (Number.isFinite(serverNow)) rough = serverNow - Date.now();
}

export function offset() {
  if (samples.length) {
    let best = samples[0];
    for (const s of samples) if (s.rtt < best.rtt) best = s;
    return best.offset;
  }
  return rough ?? 0;
}

export const serverNow = () => Date.now() + offset();
