import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Card } from "../models/Card.ts";
import { giveCards, plainCard } from "../testing/cards.ts";
import { signedUpClient, startTestServer, type TestServer } from "../testing/testServer.ts";
import { collectionPages } from "./cards.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const idOf = async (username: string) => (await server.db("users").where({ username }).first("id")).id as number;

describe("collectionPages", () => {
  it("gives every card of the player once, newest first, in pages", async () => {
    await signedUpClient(server, "Paged");
    await signedUpClient(server, "Elsewhere");
    const [me, other] = [await idOf("Paged"), await idOf("Elsewhere")];
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
    await signedUpClient(server, "NoCards");
    for await (const page of collectionPages(server.db, await idOf("NoCards"))) empty.push(page);
    expect(empty).toEqual([]);
  });

  it("leaves out a card traded away between its pages", async () => {
    await signedUpClient(server, "Trader");
    await signedUpClient(server, "Taker");
    const [me, taker] = [await idOf("Trader"), await idOf("Taker")];
    const ids = await giveCards(server.db, me, [1, 2, 3, 4].map((n) => plainCard(1, n)));
    const read = collectionPages(server.db, me, 2);
    const first = (await read.next()).value as Card[];
    expect(first.map((c) => c.id)).toEqual([ids[3], ids[2]]);
    await server.db("cards").where({ id: ids[0] }).update({ user_id: taker });
    const rest = (await read.next()).value as Card[];
    expect(rest.map((c) => c.id)).toEqual([ids[1]]);
    expect((await read.next()).done).toBe(true);
  });

  it("lets other players' statements run between its pages (the embedded database runs one at a time)", async () => {
    await signedUpClient(server, "BigBinder");
    const me = await idOf("BigBinder");
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
