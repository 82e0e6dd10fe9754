// The store's checkout under load (issue 43): POST /create-payment-intent through the built-in test
// provider, each request choosing another package than the player's last, so it ends that checkout
// at the provider and checks the spending limit under the player's row lock before making its own.
// Timed from Node (a checkout is milliseconds; the client's ~0.6 ms is in both figures alike), with
// the same players' GET /api/user/spending-limit as the baseline. The checkout rate (12 a minute a
// player) is respected: each round signs up its own players.
import { formatSpread, repeat, spread, type BenchRow } from "./rows.ts";
import type { ServerProcess } from "./server.ts";

const PACKAGES = ["coins-small", "gems-small"] as const;

interface Timing {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

async function timed(clients: string[], url: string, steps: number, request: (cookie: string, step: number) => Promise<Response>): Promise<Timing> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (cookie) => {
      for (let step = 0; step < steps; step++) {
        const t0 = performance.now();
        const res = await request(cookie, step);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures };
}

export async function benchCheckout(
  server: ServerProcess,
  opts: { clients: number; repeats: number; signUpMany: (url: string, prefix: string, n: number) => Promise<string[]> },
): Promise<BenchRow> {
  const headers = (cookie: string) => ({ "Content-Type": "application/json", Origin: server.url, Cookie: cookie });
  const checkouts: Timing[] = [];
  const reads: Timing[] = [];
  await repeat(opts.repeats + 1, async (round) => {
    const cookies = await opts.signUpMany(server.url, `co${round}_${Date.now().toString(36).slice(-4)}_`, opts.clients);
    // A limit, so every checkout reads the month's total against it.
    await Promise.all(cookies.map((cookie) => fetch(`${server.url}/api/user/spending-limit`, { method: "PUT", headers: headers(cookie), body: JSON.stringify({ monthlyLimitCents: 10_000 }) })));
    const read = await timed(cookies, server.url, 10, (cookie) => fetch(`${server.url}/api/user/spending-limit`, { headers: headers(cookie) }));
    const checkout = await timed(cookies, server.url, 10, (cookie, step) =>
      fetch(`${server.url}/api/create-payment-intent`, { method: "POST", headers: headers(cookie), body: JSON.stringify({ packageId: PACKAGES[step % 2] }) }),
    );
    if (round === 0) return; // warm-up
    reads.push(read);
    checkouts.push(checkout);
  });
  const ms = (values: number[]) => formatSpread(spread(values), " ms");
  const failures = checkouts.reduce((n, t) => n + t.failures, 0);
  return {
    benchmark: `checkout (POST /create-payment-intent, test provider, each ending the player's previous one), ${opts.clients} clients`,
    result: `p50 ${ms(checkouts.map((t) => t.p50))}, p99 ${ms(checkouts.map((t) => t.p99))}, ${formatSpread(spread(checkouts.map((t) => t.perSecond)), "/s", 0)}${failures ? `, ${failures} failed` : ""}`,
    baseline: `GET /user/spending-limit, same players: p50 ${ms(reads.map((t) => t.p50))}, p99 ${ms(reads.map((t) => t.p99))}`,
    target: "-",
    verdict: failures ? "MISSED" : "-",
  };
}
