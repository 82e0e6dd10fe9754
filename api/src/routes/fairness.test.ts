import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FairnessDto, PullDto, PullsPage, RevealedPage } from "../contract/fairness.ts";
import { MSG } from "../contract/messages.ts";
import { PITY_PACKS } from "../game/fairRandom.ts";
import { tierOf } from "../game/rarity.ts";
import { finishOf, type Card } from "../game/sets.ts";
import { newServerSeed } from "../lib/fairSeeds.ts";
import { independentPack } from "../testing/independentPack.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const give = (username: string, coins: number, gems = 0) =>
  server.db("users").where({ username }).update({ coins, gems, last_coin_generation: new Date() });
const open = async (c: ApiClient, set = 1) => {
  const res = await c.post("/api/open-pack", { set });
  expect(res.status).toBe(200);
  return res.body;
};
const identity = (c: Pick<Card, "character" | "background" | "isHolo" | "isGlitch" | "isDarkHolo">) => ({
  character: c.character,
  background: c.background,
  finish: finishOf(c),
});
async function allPulls(c: ApiClient, query = ""): Promise<PullDto[]> {
  const pulls: PullDto[] = [];
  let before: number | null = null;
  do {
    const res: { status: number; body: PullsPage } = await c.get(`/api/pulls?limit=100${query}${before ? `&before=${before}` : ""}`);
    expect(res.status).toBe(200);
    pulls.push(...res.body.pulls);
    before = res.body.nextBefore;
  } while (before);
  return pulls;
}
const isLegendaryOrBetter = (tier: string) => tier === "Legendary" || tier === "Mythic";

describe("provably fair pulls through the API", () => {
  it("commits before the pack, draws with the committed seed, and the revealed seed recomputes every pack", async () => {
    const c = await signedUpClient(server, "FairOne");
    await give("FairOne", 50, 100);
    const before: FairnessDto = (await c.get("/api/fairness")).body;
    expect(before.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(before).toMatchObject({ nonce: 0, revealed: [] });

    const answers = [];
    for (const set of [1, 2, 4, 7, 1]) answers.push({ set, ...(await open(c, set)) });
    answers.forEach((a, i) => expect(a.pull).toEqual({ serverSeedHash: before.serverSeedHash, clientSeed: before.clientSeed, nonce: i }));
    expect((await c.get("/api/fairness")).body.nonce).toBe(5);

    const rotated = await c.post("/api/fairness/rotate");
    expect(rotated.status).toBe(200);
    expect(rotated.body.revealedServerSeedHash).toBe(before.serverSeedHash);
    expect(sha256(rotated.body.revealedServerSeed)).toBe(before.serverSeedHash);
    expect(rotated.body.serverSeedHash).not.toBe(before.serverSeedHash);

    const after: FairnessDto = (await c.get("/api/fairness")).body;
    expect(after).toMatchObject({ serverSeedHash: rotated.body.serverSeedHash, clientSeed: before.clientSeed, nonce: 0 });
    expect(after.revealed).toEqual([
      { serverSeed: rotated.body.revealedServerSeed, serverSeedHash: before.serverSeedHash, packs: 5, revealedAt: expect.any(String) },
    ]);
    // Recomputed by RULES.md's text, written again with node:crypto: the cards the player got.
    for (const a of answers) {
      const expected = independentPack(rotated.body.revealedServerSeed, a.pull.clientSeed, a.pull.nonce, a.set);
      expect(a.cards.map(identity)).toEqual(expected.map(identity));
    }
    // And the history holds the same packs, with the same commitment.
    const history = await allPulls(c, `&serverSeedHash=${before.serverSeedHash}`);
    expect(history.map((p) => p.nonce)).toEqual([4, 3, 2, 1, 0]);
    for (const p of history) {
      const expected = independentPack(rotated.body.revealedServerSeed, p.clientSeed, p.nonce, p.set);
      expect(p.cards.map((card) => ({ character: card.character, background: card.background, finish: card.finish }))).toEqual(expected.map(identity));
      expect(p.cards.map((card) => card.tier)).toEqual(expected.map(tierOf));
    }
    // The next pack uses the new commitment from nonce 0.
    expect((await open(c)).pull).toEqual({ serverSeedHash: rotated.body.serverSeedHash, clientSeed: before.clientSeed, nonce: 0 });
  });

  it("lets the player choose a client seed of 1-64 printable characters, and refuses anything else unchanged", async () => {
    const c = await signedUpClient(server, "SeedPicker");
    const start: FairnessDto = (await c.get("/api/fairness")).body;
    for (const bad of ["", "x".repeat(65), "naïve", "🍀", "tab\there", "nul\u0000", 42, null]) {
      const res = await c.put("/api/fairness/client-seed", { clientSeed: bad });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: bad === "nul\u0000" ? expect.any(String) : MSG.clientSeedInvalid });
    }
    expect((await c.get("/api/fairness")).body).toEqual(start);
    const res = await c.put("/api/fairness/client-seed", { clientSeed: "my lucky seed #7!" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clientSeed: "my lucky seed #7!", serverSeedHash: start.serverSeedHash, nonce: 0 });
    expect((await open(c)).pull.clientSeed).toBe("my lucky seed #7!");
  });

  it("needs a session for every fairness call", async () => {
    const anon = server.client();
    for (const [method, path] of [["GET", "/api/fairness"], ["POST", "/api/fairness/rotate"], ["PUT", "/api/fairness/client-seed"], ["GET", "/api/pulls"], ["GET", "/api/pulls/summary"], ["GET", "/api/export/collection.csv"], ["GET", "/api/export/pulls.json"]] as const) {
      const res = await anon.request(method, path, method === "GET" ? undefined : { clientSeed: "a" });
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ error: MSG.notAuthenticated });
    }
  });
});

describe("every revealed seed stays reachable (issue 45)", () => {
  it("pages through more than 100 revealed seeds, oldest included, and every pack carries its own once revealed", async () => {
    const c = await signedUpClient(server, "Rotator");
    await give("Rotator", 50);
    const { id: userId } = await server.db("users").where({ username: "Rotator" }).first("id");
    // The first three seeds through the API: two packs each, then a rotation.
    const oldest: Array<{ serverSeed: string; serverSeedHash: string }> = [];
    for (let i = 0; i < 3; i++) {
      await open(c);
      await open(c);
      const rotated = (await c.post("/api/fairness/rotate")).body;
      oldest.push({ serverSeed: rotated.revealedServerSeed, serverSeedHash: rotated.revealedServerSeedHash });
    }
    // 110 more, written as a rotation writes them (the API takes 30 seed changes a minute).
    await server.db("fairness_reveals").insert(
      Array.from({ length: 110 }, (_, i) => {
        const seed = newServerSeed();
        return { user_id: userId, server_seed: seed.serverSeed, server_seed_hash: seed.serverSeedHash, packs: 0, revealed_at: new Date(Date.now() + i) };
      }),
    );
    // And the newest through the API again, with a pack.
    await open(c);
    const newest = (await c.post("/api/fairness/rotate")).body;

    const fairness: FairnessDto = (await c.get("/api/fairness")).body;
    expect(fairness.revealed).toHaveLength(100);
    expect(fairness.revealed[0]).toMatchObject({ serverSeed: newest.revealedServerSeed, packs: 1 });
    expect(fairness.revealedNextBefore).toEqual(expect.any(Number));
    // The first page again, from the paging route itself.
    expect((await c.get("/api/fairness/revealed")).body).toEqual({ revealed: fairness.revealed, nextBefore: fairness.revealedNextBefore });
    const all = [...fairness.revealed];
    for (let before = fairness.revealedNextBefore; before; ) {
      const page: RevealedPage = (await c.get(`/api/fairness/revealed?limit=5&before=${before}`)).body;
      expect(page.revealed.length).toBeGreaterThan(0);
      all.push(...page.revealed);
      before = page.nextBefore;
    }
    expect(all).toHaveLength(114);
    expect(new Set(all.map((r) => r.serverSeedHash)).size).toBe(114);
    // The oldest seeds come last, and the first pack ever opened recomputes from its seed.
    expect(all.slice(-3).map((r) => ({ serverSeed: r.serverSeed, serverSeedHash: r.serverSeedHash }))).toEqual([...oldest].reverse());
    const pulls = await allPulls(c);
    const firstPack = pulls.at(-1)!;
    expect(firstPack).toMatchObject({ serverSeedHash: oldest[0]!.serverSeedHash, nonce: 0 });
    expect(firstPack.cards.map((card) => [card.character, card.background, card.finish])).toEqual(
      independentPack(all.at(-1)!.serverSeed, firstPack.clientSeed, 0, 1).map((card) => [card.character, card.background, finishOf(card)]),
    );

    // Every pack carries its revealed seed; the current seed's packs do not.
    await open(c);
    const withCurrent = await allPulls(c);
    expect(withCurrent).toHaveLength(8);
    expect(withCurrent[0]!.serverSeed).toBeNull();
    for (const p of withCurrent.slice(1)) {
      expect(sha256(p.serverSeed!)).toBe(p.serverSeedHash);
      expect(p.cards.map((card) => [card.character, card.background, card.finish])).toEqual(
        independentPack(p.serverSeed!, p.clientSeed, p.nonce, p.set, { pity: p.pity }).map((card) => [card.character, card.background, finishOf(card)]),
      );
    }
    // So does the export, one row per card.
    const exported: Array<{ pullId: number; serverSeed: string }> = (await c.get("/api/export/pulls.json")).body;
    expect(exported).toHaveLength(24);
    for (const row of exported) expect(row.serverSeed).toBe(withCurrent.find((p) => p.id === row.pullId)!.serverSeed ?? "");

    // Another player's cursor shows them nothing of this player's.
    const other = await signedUpClient(server, "Snooper");
    expect((await other.get(`/api/fairness/revealed?before=${fairness.revealedNextBefore}`)).body).toEqual({ revealed: [], nextBefore: null });
    expect((await other.get("/api/pulls")).body.pulls).toEqual([]);
    for (const bad of ["limit=0", "limit=101", "before=0", "before=x", "before=99999999999999999999"]) {
      const res = await c.get(`/api/fairness/revealed?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect((await server.client().get("/api/fairness/revealed")).status).toBe(401);
  });
});

describe("pity", () => {
  it("gives the 40th dry pack a Legendary or better, verifiably, and counts again from 0", async () => {
    const c = await signedUpClient(server, "PityPlayer");
    await give("PityPlayer", 100);
    // Many players at once: each starts 39 packs dry, so the next pack is the 40th.
    for (let round = 0; round < 8; round++) {
      await server.db("users").where({ username: "PityPlayer" }).update({ set2_pity: PITY_PACKS - 1 });
      const user = (await c.get("/api/user")).body;
      expect(user.pity[1]).toEqual({ set: 2, packsSinceLegendary: PITY_PACKS - 1, guaranteedWithin: 1 });
      const pack = await open(c, 2);
      expect(pack.cards.some((card: { tier: string }) => isLegendaryOrBetter(card.tier))).toBe(true);
      expect(pack.pity).toEqual({ set: 2, packsSinceLegendary: 0, guaranteedWithin: PITY_PACKS });
    }
    const { revealedServerSeed } = (await c.post("/api/fairness/rotate")).body;
    const pulls = await allPulls(c);
    expect(pulls).toHaveLength(8);
    for (const p of pulls) {
      expect(p.pity).toBe(true);
      const expected = independentPack(revealedServerSeed, p.clientSeed, p.nonce, p.set, { pity: true });
      expect(p.cards.map((card) => card.tier)).toEqual(expected.map(tierOf));
    }
  });

  it("counts packs since the last Legendary or Mythic per set, resets on one, and shows the guarantee", async () => {
    const c = await signedUpClient(server, "PityCounter");
    await give("PityCounter", 60);
    let counter = 0;
    for (let i = 0; i < 60; i++) {
      const pack = await open(c, 1);
      counter = pack.cards.some((card: { tier: string }) => isLegendaryOrBetter(card.tier)) ? 0 : counter + 1;
      expect(pack.pity).toEqual({ set: 1, packsSinceLegendary: counter, guaranteedWithin: PITY_PACKS - counter });
    }
    const user = (await c.get("/api/user")).body;
    expect(user.pity[0].packsSinceLegendary).toBe(counter);
    expect(user.pity[2]).toEqual({ set: 3, packsSinceLegendary: 0, guaranteedWithin: PITY_PACKS });
    const summary = (await c.get("/api/pulls/summary")).body;
    expect(summary.pity[0].packsSinceLegendary).toBe(counter);
    expect(summary.sets).toHaveLength(1);
    expect(summary.sets[0].packs).toBe(60);
    expect(Object.values(summary.sets[0].cards as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(180);
  });
});

describe("GET /api/pulls", () => {
  it("pages newest first and filters by set and tier", async () => {
    const c = await signedUpClient(server, "Historian");
    await give("Historian", 30, 20);
    for (const set of [1, 1, 2, 1, 7, 2, 1]) await open(c, set);
    const all = await allPulls(c);
    expect(all.map((p) => p.set)).toEqual([1, 2, 7, 1, 2, 1, 1]);
    const first = (await c.get("/api/pulls?limit=3")).body as PullsPage;
    expect(first.pulls.map((p) => p.id)).toEqual(all.slice(0, 3).map((p) => p.id));
    const second = (await c.get(`/api/pulls?limit=3&before=${first.nextBefore}`)).body as PullsPage;
    expect(second.pulls.map((p) => p.id)).toEqual(all.slice(3, 6).map((p) => p.id));
    const last = (await c.get(`/api/pulls?limit=3&before=${second.nextBefore}`)).body as PullsPage;
    expect(last).toEqual({ pulls: [all[6]], nextBefore: null });

    expect((await allPulls(c, "&set=2")).map((p) => p.id)).toEqual(all.filter((p) => p.set === 2).map((p) => p.id));
    const withCommon = await allPulls(c, "&tier=Common");
    expect(withCommon.map((p) => p.id)).toEqual(all.filter((p) => p.cards.some((card) => card.tier === "Common")).map((p) => p.id));
    for (const p of all) expect(new Date(p.openedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    for (const bad of ["set=9", "set=x", "tier=Shiny", "limit=0", "limit=101", "before=-1", "before=99999999999999999999"]) {
      const res = await c.get(`/api/pulls?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  it("shows a player only their own packs", async () => {
    const a = await signedUpClient(server, "OwnPullsA");
    const b = await signedUpClient(server, "OwnPullsB");
    await open(a);
    expect((await b.get("/api/pulls")).body).toEqual({ pulls: [], nextBefore: null });
    const hash = (await a.get("/api/fairness")).body.serverSeedHash;
    expect((await b.get(`/api/pulls?serverSeedHash=${hash}`)).body.pulls).toEqual([]);
  });
});

describe("exports", () => {
  it("downloads the collection and the pull history as CSV and JSON, one row per card", async () => {
    const c = await signedUpClient(server, "Exporter");
    await give("Exporter", 10);
    await server.db("users").where({ username: "Exporter" }).update({ client_seed: "=HYPERLINK(\"x\")" });
    for (let i = 0; i < 4; i++) await open(c, 1);
    const collection = (await c.get("/api/collection")).body;

    const csv = await c.get("/api/export/collection.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="foilbound-collection.csv"');
    const lines = (csv.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Card ID,Set,Card,Character,Finish,Background,Tier,Points,Opened At");
    expect(lines).toHaveLength(1 + collection.length);
    expect(lines.slice(1).map((l) => Number(l.split(",")[0])).sort((x, y) => x - y)).toEqual(collection.map((card: { id: number }) => card.id).sort((x: number, y: number) => x - y));
    expect(lines[1]).toMatch(/^\d+,Velvet Night,Velvet Night #\d,velvetnight\d,(Regular|Holo|Glitch|Dark Holo),[A-Za-z ]*,(Common|Uncommon|Rare|Epic|Legendary|Mythic),\d+,\d{4}-/);

    const json = await c.get("/api/export/collection.json");
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    expect(json.body).toHaveLength(collection.length);
    expect(json.body[0]).toEqual({
      cardId: expect.any(Number), set: "Velvet Night", card: expect.stringMatching(/^Velvet Night #\d$/), character: expect.any(String),
      finish: expect.any(String), background: expect.any(String), tier: expect.any(String), points: expect.any(Number), openedAt: expect.any(String),
    });

    const pulls = await c.get("/api/export/pulls.csv");
    const pullLines = (pulls.body as string).trimEnd().split("\r\n");
    expect(pullLines[0]).toBe("Pack ID,Opened At,Set,Card In Pack,Card,Character,Finish,Background,Tier,Points,Server Seed Hash,Client Seed,Nonce,Pity Applied,Server Seed (Revealed)");
    expect(pullLines).toHaveLength(1 + 12);
    // A formula-looking client seed stays text in a spreadsheet.
    expect(pullLines[1]).toContain(`,"'=HYPERLINK(""x"")",0,false`);
    const pullsJson = (await c.get("/api/export/pulls.json")).body;
    expect(pullsJson).toHaveLength(12);
    expect(pullsJson.map((r: { nonce: number }) => r.nonce)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
    expect(pullsJson[0]).toMatchObject({ cardInPack: 1, clientSeed: '=HYPERLINK("x")', pity: false, set: "Velvet Night" });

    expect((await c.get("/api/export/other.csv")).status).toBe(404);
  });

  it("streams a collection larger than one page", async () => {
    const c = await signedUpClient(server, "BigExporter");
    const user = await server.db("users").where({ username: "BigExporter" }).first("id");
    await server.db.raw(
      `INSERT INTO cards (user_id, character, background, "set", is_holo, is_glitch, is_dark_holo, points)
       SELECT ?, 'velvetnight1', '', 1, false, false, false, 1 FROM generate_series(1, 2500)`,
      [user.id],
    );
    const csv = await c.get("/api/export/collection.csv");
    expect((csv.body as string).trimEnd().split("\r\n")).toHaveLength(2501);
    expect((await c.get("/api/export/collection.json")).body).toHaveLength(2500);
  });
});

describe("packs racing rotations", () => {
  it("never shares a nonce, and every pack recomputes from the seed it was committed under", async () => {
    const c = await signedUpClient(server, "Racer");
    await give("Racer", 100);
    const calls: Array<Promise<{ status: number; body: any }>> = [];
    for (let i = 0; i < 40; i++) {
      calls.push(c.post("/api/open-pack", { set: 1 }));
      if (i % 8 === 3) calls.push(c.post("/api/fairness/rotate"));
    }
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    await c.post("/api/fairness/rotate"); // reveal the last seed too
    const fairness: FairnessDto = (await c.get("/api/fairness")).body;
    expect(fairness.revealed).toHaveLength(6);
    const seeds = new Map(fairness.revealed.map((r) => [r.serverSeedHash, r]));

    const pulls = await allPulls(c);
    expect(pulls).toHaveLength(40);
    const keys = new Set(pulls.map((p) => `${p.serverSeedHash}:${p.nonce}`));
    expect(keys.size).toBe(40);
    for (const seed of fairness.revealed) {
      const nonces = pulls.filter((p) => p.serverSeedHash === seed.serverSeedHash).map((p) => p.nonce).sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: seed.packs }, (_, i) => i));
    }
    for (const p of pulls) {
      const seed = seeds.get(p.serverSeedHash);
      expect(seed, "every pack's commitment is one of the revealed seeds").toBeDefined();
      expect(p.cards.map((card) => [card.character, card.background, card.finish])).toEqual(
        independentPack(seed!.serverSeed, p.clientSeed, p.nonce, 1, { pity: p.pity }).map((card) => [card.character, card.background, finishOf(card)]),
      );
    }
    // What each answer said it was drawn with is what the history holds, cards included.
    for (const a of answers.filter((x) => x.body.pull)) {
      const p = pulls.find((x) => x.serverSeedHash === a.body.pull.serverSeedHash && x.nonce === a.body.pull.nonce)!;
      expect(a.body.cards.map(identity)).toEqual(p.cards.map((card) => ({ character: card.character, background: card.background, finish: card.finish })));
    }
  });
});
