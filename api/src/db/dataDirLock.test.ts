import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../config.ts";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "./dataDirLock.ts";

const freshDir = () => mkdtempSync(path.join(tmpdir(), "foilbound-lock-"));

describe("one process per embedded data folder", () => {
  it("takes a free folder, writes its pid, and frees it on release", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses a folder whose owner is alive, naming the owner", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_FILE), "4242\n");
    expect(() => lockDataDir(dir, (pid) => pid === 4242)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, () => true)).toThrow(/pid 4242/);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe("4242");
  });

  it("takes over a stale lock (its process is gone, or it names this very pid after a restart)", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_FILE), "4242\n");
    lockDataDir(dir, () => false).release();
    writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\n`);
    const lock = lockDataDir(dir, () => true);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    lock.release();
    writeFileSync(path.join(dir, LOCK_FILE), "not a pid");
    lockDataDir(dir, () => true).release();
  });

  it("a second server on the same DATA_DIR exits at once with a clear message and writes no database", () => {
    const dir = freshDir();
    // This test process plays the first server: it is alive and holds the lock.
    const first = lockDataDir(dir);
    try {
      const second = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT_DIR, "api/src/main.ts")], {
        cwd: ROOT_DIR,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", PORT: "0", SESSION_SECRET: "x".repeat(32) },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`in use by another Foilbound process (pid ${process.pid})`);
      expect(existsSync(path.join(dir, "pglite"))).toBe(false);
      expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    } finally {
      first.release();
    }
  });
});

describe("the embedded database and its lock", () => {
  it("frees the folder when the database is closed, so a server can start on it from the same tool", async () => {
    const { createDb } = await import("./knex.ts");
    const dir = freshDir();
    const db = createDb({ dataDir: dir });
    await db.raw("SELECT 1");
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    await db.destroy();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});
