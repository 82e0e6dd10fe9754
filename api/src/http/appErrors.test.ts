import { describe, expect, it } from "vitest";
import type { Context } from "koa";
import type { Logger } from "../logger.ts";
import { logAppError } from "./errors.ts";

function recordingLogger() {
  const lines: { msg: string; fields?: Record<string, unknown> }[] = [];
  const log: Logger = { info: () => {}, warn: () => {}, error: (msg, fields) => lines.push({ msg, fields }), flush: () => {} };
  return { log, lines };
}

const ctx = { path: "/cards/c1.webp", method: "GET" } as Context;

describe("errors after a response started", () => {
  it("does not log a player who closed the tab mid-download", () => {
    const { log, lines } = recordingLogger();
    for (const code of ["ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "EPIPE", "ECONNABORTED"]) {
      logAppError(log)(Object.assign(new Error("gone"), { code }), ctx);
    }
    expect(lines).toEqual([]);
  });

  it("logs any other failure as one structured line with the request it broke", () => {
    const { log, lines } = recordingLogger();
    logAppError(log)(Object.assign(new Error("disk read failed"), { code: "EIO" }), ctx);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "response failed", fields: { path: "/cards/c1.webp", method: "GET", err: { message: "disk read failed" } } });
  });
});
