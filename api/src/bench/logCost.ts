import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Context } from "koa";
import { requestLog } from "../http/requestLog.ts";
import { createLogger } from "../logger.ts";

/**
 * The request log's own CPU per request, in this process: the middleware and the logger writing
 * to a file in their batches, as the server's stdout does under a process manager. Steadier than
 * the throughput of a logged server against an unlogged one, which on 2 shared cores swings by
 * more than the log costs (two unlogged servers differ by 20-40% run to run here).
 */
export async function requestLogMicrosPerRequest(requests = 200_000): Promise<number> {
  const file = path.join(tmpdir(), `foilbound-log-cost-${process.pid}.log`);
  const fd = openSync(file, "w");
  try {
    const log = createLogger({ write: (chunk) => void writeSync(fd, chunk) });
    const middleware = requestLog(log);
    const next = async () => {};
    const ctx = { method: "POST", path: "/api/open-pack", status: 200, state: { session: { userId: 4242 } } } as unknown as Context;
    for (let i = 0; i < 20_000; i++) await middleware(ctx, next); // warm-up (JIT)
    const start = process.cpuUsage();
    for (let i = 0; i < requests; i++) await middleware(ctx, next);
    log.flush();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / requests;
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}
