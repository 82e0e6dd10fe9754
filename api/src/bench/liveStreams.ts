// The live events rows (issue 47, deliverable 6), on PostgreSQL with two API processes, A and B:
// - streams held: N idle `GET /api/events` streams opened on B (raw sockets, so the bench's own
//   HTTP client costs nothing), all of them answered and still open when one chat message posted
//   on A reaches every one; B's memory per stream is its resident memory after them, less before,
//   over N (a fresh B per round, so an earlier round's freed memory is not counted as new);
// - chat to stream: with M streams open on B, the time from a chat post sent to A until a probe
//   stream on B has the message, one post every 200 ms from players in turn (the chat allows 5 per
//   10 s each). Baseline, same run: PostgreSQL's own NOTIFY to LISTEN time between two connections.
// 3 rounds each, min/median/max. BENCH_API_ONLY=live runs these rows alone.
import net from "node:net";
import { readFileSync, rmSync } from "node:fs";
import knex from "knex";
import pg from "pg";
import { formatSpread, repeat, spread, verdict, type BenchRow } from "./rows.ts";
import { signUp, startServerProcess, type ServerProcess } from "./server.ts";

export interface LiveBenchOptions {
  adminUrl: string;
  repeats: number;
  port: number;
  log?: (line: string) => void;
}

export const HELD_STREAMS = Number(process.env.BENCH_LIVE_STREAMS || 5000);
export const LATENCY_STREAMS = 2000;
const LATENCY_POSTS = 60;
const POST_EVERY_MS = 200;
const LISTENERS = 20;
const POSTERS = 16;
const OPEN_BATCH = 250;

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

interface RawStream {
  socket: net.Socket;
  hello: boolean;
  /** Texts seen so far (a tail, so a marker split across packets is still found). */
  tail: string;
  seen: Set<string>;
}

/** Opens `n` event streams with the given cookies in turn, in batches; resolves when every one has its hello. */
async function openStreams(port: number, cookies: string[], n: number, markers: string[]): Promise<RawStream[]> {
  const streams: RawStream[] = [];
  for (let i = 0; i < n; i += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, n - i) }, (_, j) => {
      const cookie = cookies[(i + j) % cookies.length]!;
      return new Promise<RawStream>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1");
        const s: RawStream = { socket, hello: false, tail: "", seen: new Set() };
        socket.setEncoding("utf8");
        socket.on("data", (chunk: string) => {
          const text = s.tail + chunk;
          if (!s.hello && text.includes("event: hello")) {
            s.hello = true;
            resolve(s);
          }
          for (const m of markers) if (text.includes(m)) s.seen.add(m);
          s.tail = text.slice(-200);
        });
        socket.on("error", reject);
        socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`);
      });
    });
    streams.push(...(await Promise.all(batch)));
  }
  return streams;
}

const closeAll = (streams: RawStream[]) => streams.forEach((s) => s.socket.destroy());

async function postChat(url: string, cookie: string, message: string): Promise<number> {
  const res = await fetch(`${url}/api/chat/messages`, { method: "POST", headers: { "Content-Type": "application/json", Origin: url, Cookie: cookie }, body: JSON.stringify({ message }) });
  await res.text();
  return res.status;
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

/** PostgreSQL's own NOTIFY to LISTEN time, the floor of a chat event's trip. */
async function notifyBaseline(url: string): Promise<number> {
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Client({ connectionString: url });
  await listener.connect();
  await sender.connect();
  try {
    await listener.query("LISTEN bench_baseline");
    const times: number[] = [];
    for (let i = 0; i < LATENCY_POSTS; i++) {
      const got = new Promise<void>((resolve) => listener.once("notification", () => resolve()));
      const started = performance.now();
      await sender.query(`NOTIFY bench_baseline, '${i}'`);
      await got;
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
    return p95(times);
  } finally {
    await listener.end();
    await sender.end();
  }
}

export async function runLiveBench(opts: LiveBenchOptions): Promise<BenchRow[]> {
  const say = opts.log ?? ((line: string) => console.error(line));
  const dbName = `foilbound_bench_live_${Date.now().toString(36)}`;
  const admin = knex({ client: "pg", connection: opts.adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${dbName}`);
  const benchUrl = new URL(opts.adminUrl);
  benchUrl.pathname = `/${dbName}`;
  const url = benchUrl.toString();
  const dataDir = `/tmp/foilbound-bench-live-${process.pid}`;
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, SESSION_SECRET: "bench-secret", LOG_REQUESTS: "0", WEB_CONCURRENCY: "1" };
  const servers: ServerProcess[] = [];
  try {
    const a = await startServerProcess(env, opts.port);
    servers.push(a);
    const listeners: string[] = [];
    for (let i = 0; i < LISTENERS; i++) listeners.push(await signUp(a.url, `live${i}`));
    const posters: string[] = [];
    for (let i = 0; i < POSTERS; i++) posters.push(await signUp(a.url, `poster${i}`));

    const held = await repeat(opts.repeats, async () => {
      const b = await startServerProcess(env, opts.port + 1);
      try {
        // Warm: the hub's LISTEN, the route's modules and JIT, before the resident memory is read.
        closeAll(await openStreams(opts.port + 1, listeners, 50, []));
        await new Promise((r) => setTimeout(r, 1000));
        const before = rssBytes(b.pid);
        const marker = `held-${Date.now()}`;
        const streams = await openStreams(opts.port + 1, listeners, HELD_STREAMS, [marker]);
        await new Promise((r) => setTimeout(r, 2000));
        const after = rssBytes(b.pid);
        await postChat(a.url, posters[0]!, marker);
        await until(() => streams.every((s) => s.seen.has(marker)), 30_000);
        const reached = streams.filter((s) => s.seen.has(marker) && !s.socket.destroyed).length;
        closeAll(streams);
        say(`live: ${reached}/${HELD_STREAMS} streams held and reached, ${((after - before) / HELD_STREAMS / 1024).toFixed(1)} kB each`);
        return { reached, perStreamKb: (after - before) / HELD_STREAMS / 1024 };
      } finally {
        await b.stop();
      }
    });

    const latency = await repeat(opts.repeats, async () => {
      const b = await startServerProcess(env, opts.port + 1);
      try {
        const markers = Array.from({ length: LATENCY_POSTS }, (_, i) => `probe-${Date.now()}-${i}`);
        const crowd = await openStreams(opts.port + 1, listeners, LATENCY_STREAMS - 1, []);
        const [probe] = await openStreams(opts.port + 1, listeners, 1, markers);
        const baseline = await notifyBaseline(url);
        const times: number[] = [];
        for (let i = 0; i < LATENCY_POSTS; i++) {
          const started = performance.now();
          const status = await postChat(a.url, posters[i % POSTERS]!, markers[i]!);
          if (status !== 201) throw new Error(`chat post answered ${status}`);
          const arrived = await until(() => probe!.seen.has(markers[i]!), 10_000);
          times.push(arrived ? performance.now() - started : 10_000);
          await new Promise((r) => setTimeout(r, Math.max(0, POST_EVERY_MS - (performance.now() - started))));
        }
        closeAll([...crowd, probe!]);
        say(`live: chat to stream p95 ${p95(times).toFixed(1)} ms with ${LATENCY_STREAMS} streams (NOTIFY floor ${baseline.toFixed(1)} ms)`);
        return { p95: p95(times), baseline };
      } finally {
        await b.stop();
      }
    });

    const perStream = spread(held.map((h) => h.perStreamKb));
    const reached = spread(held.map((h) => h.reached));
    const late = spread(latency.map((l) => l.p95));
    const floor = spread(latency.map((l) => l.baseline));
    return [
      {
        benchmark: `live events: idle streams one API process holds (PostgreSQL), each reached by a chat message`,
        result: formatSpread(reached, " streams", 0),
        baseline: "-",
        target: `>= 5,000 streams`,
        verdict: verdict(reached.min >= 5000),
      },
      {
        benchmark: `live events: memory per idle stream (resident, ${HELD_STREAMS} streams)`,
        result: formatSpread(perStream, " kB", 1),
        baseline: "-",
        target: `<= 20 kB`,
        verdict: verdict(perStream.max <= 20),
      },
      {
        benchmark: `live events: chat post on process A to the event on a stream of process B, p95, ${LATENCY_STREAMS} streams open on B`,
        result: `${formatSpread(late, " ms", 1)} = ${(late.median / Math.max(0.1, floor.median)).toFixed(1)}x baseline`,
        baseline: `${formatSpread(floor, " ms", 1)} PostgreSQL NOTIFY to LISTEN, p95`,
        target: `<= 250 ms`,
        verdict: verdict(late.max <= 250),
      },
    ];
  } finally {
    for (const s of servers.splice(0)) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printRows } = await import("./rows.ts");
  printRows(await runLiveBench({ adminUrl: process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres", repeats: Number(process.env.BENCH_REPEATS || 3), port: Number(process.env.BENCH_PORT || 3522) }));
}
