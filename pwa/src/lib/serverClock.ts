// The server's clock, as seen from this device. Coin, reward and battle countdowns compare the
// server's times (nextCoinAt, resetTime) with "now": on a phone whose clock is minutes off, the
// coin timer read "due" and asked for the user data every 5 s without end, or counted minutes the
// server had already passed. Every API answer's Date header says the server's time.

/** A device clock this close to the server's is left alone: the header has whole seconds. */
const MIN_SKEW_MS = 3000;
/** A new estimate replaces the current one only when it differs by more (the header's jitter). */
const MIN_CHANGE_MS = 1500;

let offsetMs = 0;

/**
 * Notes the Date header of an answer to a request sent at `sentAt` and read at `receivedAt`
 * (device ms). The server stamped some moment within its whole second, in the round trip.
 */
export function noteServerDate(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  const server = Date.parse(dateHeader ?? "");
  if (!Number.isFinite(server) || receivedAt < sentAt) return;
  const estimate = server + 500 - (sentAt + receivedAt) / 2;
  const next = Math.abs(estimate) >= MIN_SKEW_MS ? estimate : 0;
  if (Math.abs(next - offsetMs) > MIN_CHANGE_MS || (next === 0) !== (offsetMs === 0)) offsetMs = next;
}

/** Now by the server's clock, in ms since the epoch. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
