import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../db/knex.ts";
import { newFairnessColumns } from "../lib/fairSeeds.ts";
import { createTestDb, type TestDb } from "../testing/testDb.ts";
import { scoreLedger } from "../testing/cards.ts";
import { openPackFor } from "./packOpener.ts";

let test: TestDb;
beforeAll(async () => {
  test = await createTestDb();
});
afterAll(() => test.destroy());

async function playerWithCoins(db: Db, name: string, coins: number) {
  const [user] = await db("users")
    .insert({ username: name, password_hash: "x", age_confirmed_at: new Date(), terms_accepted_at: new Date(), coins, last_coin_generation: new Date(), ...newFairnessColumns() })
    .returning("id");
  const sessionId = `s-${name}`;
  await db("sessions").insert({ id: sessionId, user_id: user.id, data: "{}", expires_at: new Date(Date.now() + 3_600_000) });
  return { userId: user.id as number, sessionId };
}

const outcomes = (results: PromiseSettledResult<unknown>[]) => ({
  opened: results.filter((r) => r.status === "fulfilled").length,
  refused: results.filter((r) => r.status === "rejected" && (r.reason as { status?: number }).status === 400).length,
});

describe("openPackFor under packs of one player at once", () => {
  it("pays for exactly the packs a balance covers within one process", async () => {
    const opener = await playerWithCoins(test.db, "OneProc", 10);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => openPackFor(test.db, opener, 1)));
    expect(outcomes(results)).toEqual({ opened: 10, refused: 20 });
    expect(await scoreLedger(test.db)).toMatchObject({ mismatches: 0 });
  });

  // Several API processes (WEB_CONCURRENCY, or machines) on one PostgreSQL: each has its own
  // pool and its own view of the player, so their packs race in the database itself.
  it.runIf(!!process.env.DATABASE_URL)("pays for exactly the packs a balance covers across processes", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${(await test.db.raw("SELECT current_database() AS name")).rows[0].name}`;
    const others = [createDb({ databaseUrl: url.toString(), poolMax: 4 }), createDb({ databaseUrl: url.toString(), poolMax: 4 })];
    try {
      const opener = await playerWithCoins(test.db, "ManyProc", 100);
      const dbs = [test.db, ...others];
      // Each process opens one pack first, so each holds its own (soon stale) guess of the player.
      for (const db of dbs) await openPackFor(db, opener, 1);
      await test.db("users").where({ id: opener.userId }).update({ coins: 10, last_coin_generation: new Date() });
      const results = await Promise.allSettled(Array.from({ length: 45 }, (_, i) => openPackFor(dbs[i % dbs.length]!, opener, 1)));
      expect(outcomes(results)).toEqual({ opened: 10, refused: 35 });
      const user = await test.db("users").where({ id: opener.userId }).first("coins");
      expect(user.coins).toBe(0);
      expect(await scoreLedger(test.db)).toMatchObject({ mismatches: 0 });
    } finally {
      await Promise.all(others.map((db) => db.destroy()));
    }
  });
});
