/** Closed-loop load: each client sends its next request when the previous one answers. */
export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export async function runLoad(opts: {
  clients: number;
  seconds: number;
  request: (client: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + opts.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const ok = await opts.request(client).catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { requests: latencies.length, errors, seconds, perSecond: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99) };
}

export function printTable(rows: Array<Record<string, string | number>>): void {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]!);
  const cell = (v: string | number) => (typeof v === "number" ? (Number.isInteger(v) ? v.toLocaleString("en-US") : v.toFixed(2)) : v);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(cell(r[c] ?? "")).length)));
  const line = (vals: string[]) => "| " + vals.map((v, i) => v.padEnd(widths[i]!)).join(" | ") + " |";
  console.log(line(cols));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows) console.log(line(cols.map((c) => String(cell(r[c] ?? "")))));
}

import http from "node:http";

// node:http with a keep-alive agent: Node's fetch tops out at a few hundred requests per second
// here, which would measure the load generator instead of the server.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function httpCall(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "GET", headers: opts.headers, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

export function closeAgent() {
  agent.destroy();
}
