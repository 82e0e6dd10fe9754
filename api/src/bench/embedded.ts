// The embedded database's row of the API half (issue 11, point 5): open-pack with no
// DATABASE_URL (PGlite in ./data, as `npm start` runs for a player on their own machine), beside
// the Koa floor (GET /api/health) of the same server in the same run. Needs no PostgreSQL, so
// BENCH_API_ONLY=embedded runs it alone.
import { rmSync } from "node:fs";
import { openDb } from "../db/knex.ts";
import { formatSpread, repeat, spread, verdict, type BenchRow } from "./rows.ts";
import { measured, signUp, startServerProcess, type Measured, type ServerProcess } from "./server.ts";
import { runWrk, type WrkResult } from "./wrk.ts";

export interface EmbeddedBenchOptions {
  seconds: number;
  repeats: number;
  embeddedClients: number;
  port: number;
  log?: (line: string) => void;
}


const fmt = (values: number[], unit: string, digits = 0) => formatSpread(spread(values), unit, digits);

export async function runEmbeddedBench(opts: EmbeddedBenchOptions): Promise<BenchRow[]> {
  const say = opts.log ?? ((line: string) => console.error(line));
  const dataDir = `/tmp/foilbound-bench-embedded-${process.pid}`;
  const servers: ServerProcess[] = [];
  const stopAll = async () => {
    for (const s of servers.splice(0)) await s.stop();
  };
  try {
    rmSync(dataDir, { recursive: true, force: true });
    const emEnv = { DATABASE_URL: "", DATA_DIR: dataDir, SESSION_SECRET: "bench-secret", LOG_REQUESTS: "0" };
    const signingUp = await startServerProcess(emEnv, opts.port);
    servers.push(signingUp);
    const emCookies: string[] = [];
    for (let i = 0; i < opts.embeddedClients; i++) emCookies.push(await signUp(signingUp.url, `em${i}`));
    await stopAll();
    // Coins through the embedded database itself, while no server holds its folder.
    const emDb = await openDb({ dataDir });
    await emDb("users").update({ coins: 1_000_000_000 });
    await emDb.destroy();
    const embedded = await startServerProcess(emEnv, opts.port);
    servers.push(embedded);
    const health = () =>
      measured(embedded, () =>
        runWrk({ url: `${embedded.url}/api/health`, cookies: [""], origin: embedded.url, connections: opts.embeddedClients, seconds: Math.max(2, Math.round(opts.seconds / 2)) }),
      );
    const emOpen = () =>
      measured(embedded, () =>
        runWrk({ url: `${embedded.url}/api/open-pack`, method: "POST", body: '{"set":1}', cookies: emCookies, origin: embedded.url, connections: opts.embeddedClients, seconds: opts.seconds }),
      );
    await emOpen(); // warm-up: JIT, prepared statements, PGlite's caches
    const floor: Measured[] = [];
    const em: Measured[] = [];
    await repeat(opts.repeats, async (r) => {
      floor.push(await health());
      em.push(await emOpen());
      say(`embedded round ${r + 1}: health ${floor.at(-1)!.perSecond.toFixed(0)}/s; open-pack ${em.at(-1)!.perSecond.toFixed(0)}/s, p99 ${em.at(-1)!.p99.toFixed(1)} ms, ${em.at(-1)!.cpuMsPerRequest.toFixed(2)} ms CPU/req`);
    });
    return [
      {
        benchmark: `open-pack on the embedded database (PGlite), ${opts.embeddedClients} clients`,
        result: `${fmt(em.map((m) => m.perSecond), " packs/s")}, p99 ${fmt(em.map((m) => m.p99), " ms", 1)}, ${fmt(em.map((m) => m.cpuMsPerRequest), " ms CPU/req", 2)}${errorsNote(em)}`,
        baseline: `issue 11: ~300 packs/s, 3.2 ms CPU/req; Koa floor (GET /api/health) ${fmt(floor.map((m) => m.perSecond), "/s")}`,
        target: ">= 600 packs/s",
        verdict: verdict(spread(em.map((m) => m.perSecond)).median >= 600 && em.every((m) => m.errors === 0)),
      },
    ];
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const errorsNote = (runs: WrkResult[]) => {
  const errors = runs.reduce((s, m) => s + m.errors, 0);
  return errors ? ` (${errors} errors)` : "";
};
