import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newFairnessColumns } from "../lib/fairSeeds.ts";
import { createTestDb, type TestDb } from "../testing/testDb.ts";
import { analyzeChangedTables } from "./embeddedAnalyze.ts";
import { embeddedRun } from "../testing/embeddedRun.ts";

let test: TestDb;
beforeAll(async () => {
  test = await createTestDb();
});
afterAll(() => test.destroy());

async function addPlayer(name: string): Promise<number> {
  const [user] = await test.db("users")
    .insert({ username: name, password_hash: "x", age_confirmed_at: new Date(), terms_accepted_at: new Date(), coins: 10, last_coin_generation: new Date(), ...newFairnessColumns() })
    .returning("id");
  return user.id as number;
}

const addCards = (userId: number, n: number) =>
  test.db.raw(
    `INSERT INTO cards (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points)
     SELECT ?, 'c' || (g % 97), 'b' || (g % 31), 1, g % 7 = 0, false, false, 10 FROM generate_series(1, ?) g`,
    [userId, n],
  );

// A player's whole collection, as a prepared statement whose plan PostgreSQL caches.
const PREPARE_COLLECTION = `PREPARE collection_of(int) AS SELECT id FROM cards WHERE user_id = $1`;
const rowsEstimate = (plan: Array<{ "QUERY PLAN": string }>) => Number(/rows=(\d+)/.exec(plan[0]!["QUERY PLAN"])![1]);

describe.runIf(embeddedRun)("the embedded database's own analyze", () => {
  it("keeps a cached plan following a growing collection", async () => {
    const db = test.db;
    const owner = await addPlayer("Grower");
    await addCards(owner, 20);
    await analyzeChangedTables(db);
    await db.raw(PREPARE_COLLECTION);
    // The first executions are planned each time; then PostgreSQL settles on a cached generic plan.
    for (let i = 0; i < 6; i++) await db.raw(`EXECUTE collection_of(${owner})`);
    const estimate = async () => rowsEstimate((await db.raw(`EXPLAIN EXECUTE collection_of(${owner})`)).rows);
    expect(await estimate()).toBeLessThan(100);

    await addCards(owner, 20_000);
    expect(await analyzeChangedTables(db)).toContain("cards");
    // Planned again for a collection of ~20,000 cards (it would still plan for 20 without the analyze).
    expect(await estimate()).toBeGreaterThan(1_000);
    await db.raw("DEALLOCATE collection_of");
  });

  it("leaves a table alone while its size holds, however often its rows change", async () => {
    const db = test.db;
    const player = await addPlayer("Updater");
    await analyzeChangedTables(db);
    for (let i = 0; i < 200; i++) await db("users").where({ id: player }).increment("coins", 1);
    expect(await analyzeChangedTables(db)).toEqual([]);
    await addCards(player, 5_000); // more than 50 + 10% of the ~20,000 rows the test before left
    // card_stacks grows with the cards (its triggers add a stack per new player and card).
    expect((await analyzeChangedTables(db)).filter((t) => t !== "card_stacks")).toEqual(["cards"]);
    expect(await analyzeChangedTables(db)).toEqual([]);
  });
});

describe.skipIf(embeddedRun)("on a PostgreSQL server", () => {
  it("leaves analyzing to autovacuum", async () => {
    await addCards(await addPlayer("ServerGrower"), 5_000);
    expect(await analyzeChangedTables(test.db)).toEqual([]);
  });
});
