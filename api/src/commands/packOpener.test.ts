import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../db/knex.ts";
import { CARDS_PER_PACK } from "../game/sets.ts";
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
    const others = [createDb({ databaseUrl: test.url, poolMax: 4 }), createDb({ databaseUrl: test.url, poolMax: 4 })];
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

describe("openPackFor as a collection grows", () => {
  // The new-card check must look up each drawn card, not read the whole collection: PostgreSQL
  // chose to hash all of a player's cards every pack when its statistics were missing or stale
  // (a new server, autovacuum behind), and packs slowed down as collections grew.
  it("reads at most two of the player's cards per card drawn, at 3,000 cards", async () => {
    // A database of its own with one connection: PostgreSQL's read counters are per table, and a
    // connection of this file's shared database flushes its pending counts up to 10 s after going
    // idle, so another test's reads of cards could land between the two readings below (it did
    // once under CI's load: 31 rows for 30 cards drawn).
    const own = await createTestDb({ poolMax: 1 });
    const db = own.db;
    try {
      const opener = await playerWithCoins(db, "Hoarder", 1_000_000);
      await openPackFor(db, opener, 1);
      // 3,000 copies of what the first pack drew, never analysed.
      await db.raw(
        `INSERT INTO cards (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points)
         SELECT user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points FROM cards, generate_series(1, 1000) WHERE user_id = ?`,
        [opener.userId],
      );
      // Past PostgreSQL's first five executions of a prepared statement, when it may switch plans.
      for (let i = 0; i < 8; i++) await openPackFor(db, opener, 1);
      const before = await cardRowsRead(db);
      const packs = 10;
      for (let i = 0; i < packs; i++) await openPackFor(db, opener, 1);
      // Two per card: the probe counts the copies held before up to 2 (new, or a second copy for
      // the card stacks). A pack's worth of slack: a count of the warm-up's can still land after
      // the first reading (31 rows for 30 cards, once on PostgreSQL and once on PGlite under CI's
      // load). The plan this guards against reads every one of the 3,000 cards on every pack.
      expect((await cardRowsRead(db)) - before).toBeLessThanOrEqual((packs + 1) * CARDS_PER_PACK * 2);
    } finally {
      await own.destroy();
    }
  });
});

/** Rows of cards read through any index or by scanning, as PostgreSQL counts them. */
async function cardRowsRead(db: Db): Promise<number> {
  await db.raw("SELECT pg_stat_force_next_flush()");
  await db.raw("SELECT 1"); // the flush happens at the end of the next statement's transaction
  await db.raw("SELECT pg_stat_clear_snapshot()");
  const { rows } = await db.raw(
    `SELECT coalesce((SELECT sum(idx_tup_read) FROM pg_stat_user_indexes WHERE relname = 'cards'), 0)
          + coalesce((SELECT seq_tup_read FROM pg_stat_user_tables WHERE relname = 'cards'), 0) AS n`,
  );
  return Number(rows[0].n);
}
