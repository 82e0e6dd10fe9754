import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * wrk as the load generator (~0.06 ms of CPU per request, against ~0.65 ms for a Node client, so
 * on 2 shared cores it measures the server, not itself). A Lua script spreads requests over
 * players: each wrk thread cycles through its own share of the cookies, so requests in flight
 * are different players, as pgbench's clients are different accounts.
 */
export interface WrkResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx answers plus socket errors. */
  errors: number;
  /** Of those, the answers that were not 2xx or 3xx (a 429 from a rate limit, a 500). */
  non2xx: number;
  seconds: number;
}

export interface WrkRun {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  cookies: string[];
  origin: string;
  connections: number;
  seconds: number;
  threads?: number;
}

const lua = (run: WrkRun, threads: number) => `
local cookies = { ${run.cookies.map((c) => JSON.stringify(c)).join(", ")} }
local threads = ${threads}
local next_id = 0
function setup(thread)
  thread:set("tid", next_id)
  next_id = next_id + 1
end
function init(args)
  mine = {}
  for i = tid + 1, #cookies, threads do mine[#mine + 1] = cookies[i] end
  if #mine == 0 then mine = cookies end
  n = 0
end
function request()
  n = n % #mine + 1
  return wrk.format(${JSON.stringify(run.method ?? "GET")}, nil, {
    ["Cookie"] = mine[n],
    ["Origin"] = ${JSON.stringify(run.origin)},
    ["Content-Type"] = "application/json",
  }, ${run.body ? JSON.stringify(run.body) : "nil"})
end
`;

let dir: string | null = null;

export function runWrk(run: WrkRun): Promise<WrkResult> {
  const threads = run.threads ?? Math.min(2, run.connections);
  dir ??= mkdtempSync(path.join(tmpdir(), "foilbound-wrk-"));
  const script = path.join(dir, `run-${Date.now()}-${randomUUID()}.lua`);
  writeFileSync(script, lua(run, threads));
  const args = ["-t", String(threads), "-c", String(run.connections), "-d", `${run.seconds}s`, "--latency", "--timeout", "10s", "-s", script, run.url];
  return new Promise((resolve, reject) => {
    execFile("wrk", args, { encoding: "utf8" }, (err, out) => {
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${out}`));
      resolve(parseWrk(out));
    });
  });
}

const ms = (value: string, unit: string) => Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);

export function parseWrk(out: string): WrkResult {
  const requests = Number(/(\d+) requests in ([\d.]+)(\w+)/.exec(out)?.[1] ?? NaN);
  const dur = /\d+ requests in ([\d.]+)(ms|s|m)/.exec(out);
  const seconds = dur ? Number(dur[1]) * (dur[2] === "ms" ? 0.001 : dur[2] === "m" ? 60 : 1) : NaN;
  const pct = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(out);
    return m ? ms(m[1]!, m[2]!) : NaN;
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((s, v) => s + Number(v), 0) : 0;
  return {
    requests,
    seconds,
    perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: pct("50"),
    p99: pct("99"),
    errors: non2xx + socketErrors,
    non2xx,
  };
}
