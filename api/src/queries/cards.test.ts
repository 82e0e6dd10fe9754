import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Card } from "../models/Card.ts";
import { presentCard, type CardRow } from "../presenters/card.ts";
import { giveCards, plainCard } from "../testing/cards.ts";
import { createTestDb, type TestDb } from "../testing/testDb.ts";
import { collectionPages } from "./cards.ts";

let server: TestDb;
beforeAll(async () => {
  server = await createTestDb();
});
afterAll(() => server?.destroy());

/** A player straight into the database (no sign-in needed here): its id. */
const newPlayer = async (username: string): Promise<number> =>
  (
    await server.db("users")
      .insert({ username, password_hash: "x", age_confirmed_at: new Date(), terms_accepted_at: new Date(), server_seed: "0".repeat(64), server_seed_hash: "0".repeat(64), client_seed: "test" })
      .returning("id")
  )[0].id;

describe("collectionPages", () => {
  it("gives every card of the player once, newest first, in pages", async () => {
    const [me, other] = [await newPlayer("Paged"), await newPlayer("Elsewhere")];
    // Interleaved with another player's cards, as on a real server.
    for (let i = 0; i < 7; i++) {
      await giveCards(server.db, me, [plainCard(1 + (i % 7), i)]);
      await giveCards(server.db, other, [plainCard(2, i)]);
    }
    const pages: number[][] = [];
    for await (const page of collectionPages(server.db, me, 3)) pages.push(page.map((c) => c.id));
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const ids = (await server.db("cards").where({ user_id: me }).orderBy("id", "desc").select("id")).map((r: { id: number }) => r.id);
    expect(pages.flat()).toEqual(ids);
    const empty: unknown[] = [];
    for await (const page of collectionPages(server.db, await newPlayer("NoCards"))) empty.push(page);
    expect(empty).toEqual([]);
  });

  it("gives each card as the model does: presented alike, a time with microseconds included", async () => {
    const me = await newPlayer("Shiny");
    const ids = await giveCards(server.db, me, [plainCard(2, 1), { ...plainCard(5, 3), isHolo: true }, { ...plainCard(7, 2), background: "Space", isDarkHolo: true }]);
    await server.db("cards").where({ id: ids[0] }).update({ opened_at: server.db.raw(`'2026-11-28 06:48:45.877999+00'::timestamptz`) });
    const paged: CardRow[] = [];
    for await (const page of collectionPages(server.db, me, 2)) paged.push(...page);
    const models = await Card.query(server.db).where("user_id", me).orderBy("id", "desc");
    expect(paged.map(presentCard)).toEqual(models.map(presentCard));
    expect(presentCard(paged.at(-1)!).openedAt).toBe("2026-11-28T06:48:45.877Z");
  });

  it("leaves out a card traded away between its pages", async () => {
    const [me, taker] = [await newPlayer("Trader"), await newPlayer("Taker")];
    const ids = await giveCards(server.db, me, [1, 2, 3, 4].map((n) => plainCard(1, n)));
    const read = collectionPages(server.db, me, 2);
    const first = (await read.next()).value as CardRow[];
    expect(first.map((c) => c.id)).toEqual([ids[3], ids[2]]);
    await server.db("cards").where({ id: ids[0] }).update({ user_id: taker });
    const rest = (await read.next()).value as CardRow[];
    expect(rest.map((c) => c.id)).toEqual([ids[1]]);
    expect((await read.next()).done).toBe(true);
  });

  it("lets other players' statements run between its pages (the embedded database runs one at a time)", async () => {
    const me = await newPlayer("BigBinder");
    await giveCards(server.db, me, Array.from({ length: 2000 }, (_, i) => plainCard(1 + (i % 7), i)));
    const log: string[] = [];
    const listener = (q: { sql: string }) => log.push(/string_agg|ANY\(/.test(q.sql) ? "collection" : "other");
    server.db.on("query", listener);
    try {
      const reading = (async () => {
        for await (const page of collectionPages(server.db, me)) void page;
      })();
      // Another request's statements, sent as the read begins.
      const theirs = (async () => {
        for (let i = 0; i < 3; i++) await server.db("users").where({ username: "BigBinder" }).first("coins");
      })();
      await Promise.all([reading, theirs]);
    } finally {
      server.db.off("query", listener);
    }
    const first = log.indexOf("collection");
    const last = log.lastIndexOf("collection");
    expect(log.filter((s) => s === "collection")).toHaveLength(1 + 2000 / 500);
    expect(log.slice(first, last).includes("other")).toBe(true);
  });
});
