import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DBError, Model, UniqueViolationError } from "objection";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateLatest, openDb, pgliteOf, type Db } from "./knex.ts";
import { PgliteOnThread } from "./pgliteOnThread.ts";
import { runPrepared } from "./prepared.ts";
import { embeddedRun } from "../testing/embeddedRun.ts";

const COUNT_NOTES = { name: "count_notes", text: "SELECT count(*) AS n FROM notes" };

// What `npm start` runs on: the embedded database in a data folder, on a thread of its own.
// (Every other API test uses an in-memory database on the test's own thread.)
describe.runIf(embeddedRun)("the embedded database of a data folder", () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "foilbound-thread-"));
    db = await openDb({ dataDir: dir });
    await migrateLatest(db);
    await db.raw(`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL UNIQUE, n bigint)`);
  }, 180_000); // a new folder: initdb, slow on a busy machine
  afterAll(async () => {
    await db?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs on its own thread and answers as PGlite does (int8 as numbers)", async () => {
    expect(pgliteOf(db)).toBeInstanceOf(PgliteOnThread);
    await db("notes").insert({ body: "first", n: 2 ** 40 });
    expect(await db("notes").where({ body: "first" }).first()).toMatchObject({ body: "first", n: 2 ** 40 });
    expect(await runPrepared(db, COUNT_NOTES, [])).toEqual([{ n: 1 }]);
  });

  it("passes PostgreSQL's error fields through (the callers branch on the code)", async () => {
    const err = await db("notes").insert({ body: "first" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "23505", constraint: "notes_body_key" });
    // Classified through objection as on PostgreSQL: the API answers 409 for a taken name (racing
    // sign-ups), 503 for another database error, not 500.
    class Note extends Model {
      static override tableName = "notes";
    }
    expect(await Note.query(db).insert({ body: "first" }).catch((e: unknown) => e)).toBeInstanceOf(UniqueViolationError);
    expect(await Note.query(db).whereRaw("1 / 0 = 1").catch((e: unknown) => e)).toBeInstanceOf(DBError);
    await expect(runPrepared(db, { name: "broken", text: "SELECT no_such_column FROM notes" }, [])).rejects.toMatchObject({ code: "42703" });
    // The failed PREPARE is forgotten: a later statement of that name is prepared again.
    expect(await runPrepared(db, COUNT_NOTES, [])).toEqual([{ n: 1 }]);
  });

  it("never runs a prepared statement inside a transaction knex has open: it waits for the end", async () => {
    let counted: Promise<unknown> | undefined;
    await db
      .transaction(async (trx) => {
        await trx("notes").insert({ body: "not kept" });
        counted = runPrepared(db, COUNT_NOTES, []);
        // Give the statement every chance to slip in before the rollback.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await counted).toEqual([{ n: 1 }]);
  });

  it("fails statements at once, never hangs them, once its thread has died", async () => {
    const other = mkdtempSync(path.join(tmpdir(), "foilbound-thread-"));
    const crashing = await openDb({ dataDir: other });
    try {
      await crashing.raw("SELECT 1");
      const onThread = pgliteOf(crashing) as unknown as { worker: { terminate(): Promise<number> } };
      await onThread.worker.terminate(); // as a crash of the thread would
      await expect(crashing.raw("SELECT 1")).rejects.toThrow(/thread stopped/);
      await expect(runPrepared(crashing, COUNT_NOTES, [])).rejects.toThrow(/thread stopped/);
    } finally {
      await crashing.destroy().catch(() => {});
      rmSync(other, { recursive: true, force: true });
    }
  }, 180_000); // a new folder: initdb, slow on a busy machine

  it("keeps its data when closed and opened again", async () => {
    await db.destroy();
    db = await openDb({ dataDir: dir });
    expect(await db("notes").pluck("body")).toEqual(["first"]);
  });
});
