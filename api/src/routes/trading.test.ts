import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { MAX_PENDING_SENT } from "../game/trading.ts";
import { giveCards, plainCard, scoreLedger } from "../testing/cards.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
let n = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// After every test: no card appeared or vanished, and every kept total matches the cards.
let cardsBefore = 0;
const snapshotCards = async () => (cardsBefore = (await scoreLedger(server.db)).cards);
afterEach(async () => {
  const ledger = await scoreLedger(server.db);
  expect(ledger.mismatches).toBe(0);
  expect(ledger.cards).toBe(cardsBefore);
});

interface Player {
  client: ApiClient;
  id: number;
  name: string;
  cards: number[];
}

/** Lets an account trade (RULES.md: a day old and 10 packs opened). */
const season = (id: number) => server.db("users").where({ id }).update({ created_at: new Date(Date.now() - 25 * 3_600_000), set1_packs_opened: 10 });

/** A signed-up player, old enough to trade, holding plain cards of the given set (one per character index). */
async function player(set: number, count = 3, opts: { fresh?: boolean } = {}): Promise<Player> {
  const name = `Trader${++n}`;
  const client = await signedUpClient(server, name);
  const id = (await server.db("users").where({ username: name }).first("id")).id;
  if (!opts.fresh) await season(id);
  const cards = await giveCards(server.db, id, Array.from({ length: count }, (_, i) => plainCard(set, i)));
  await snapshotCards();
  return { client, id, name, cards };
}

const offer = (from: Player, to: Player, offered = from.cards[0]!, requested = to.cards[0]!) =>
  from.client.post("/api/trade/offer", { toUserId: to.id, offeredCardIds: [offered], requestedCardId: requested });
const ownerOf = async (cardId: number) => (await server.db("cards").where({ id: cardId }).first("user_id")).user_id;

describe("sending offers", () => {
  it("offers one own card for one of the other player's, and both see it", async () => {
    const [a, b] = [await player(1), await player(2)];
    const res = await offer(a, b);
    expect(res).toMatchObject({ status: 201, body: { trade: { fromUserId: a.id, toUserId: b.id, status: "pending" } } });
    const sent = (await a.client.get("/api/trade/offers")).body;
    const received = (await b.client.get("/api/trade/offers")).body;
    expect(sent).toEqual(received);
    expect(sent).toHaveLength(1);
    const record = sent[0];
    expect(record.offeredCards.map((c: { id: number }) => c.id)).toEqual([a.cards[0]]);
    expect(record.requestedCard.id).toBe(b.cards[0]);
    expect(record.fromUser).toEqual({ username: a.name, displayName: a.name });
    expect(record.toUser).toEqual({ username: b.name, displayName: b.name });
    const lifetime = new Date(record.trade.expiresAt).getTime() - new Date(record.trade.createdAt).getTime();
    expect(lifetime).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it("refuses offers that break the rules, with texts a player understands, changing nothing", async () => {
    const [a, b, c] = [await player(1), await player(2), await player(3)];
    const cases: Array<[Promise<{ status: number; body: unknown }>, number, string]> = [
      [offer(a, a, a.cards[0], a.cards[1]), 400, MSG.tradeSelf],
      [offer(a, b, b.cards[1], b.cards[0]), 400, MSG.tradeOfferedNotYours],
      [offer(a, b, a.cards[0], c.cards[0]), 400, MSG.tradeRequestedNotTheirs],
      [a.client.post("/api/trade/offer", { toUserId: b.id, offeredCardIds: [a.cards[0], a.cards[1]], requestedCardId: b.cards[0] }), 400, MSG.tradeOfferShape],
      [a.client.post("/api/trade/offer", { toUserId: b.id, offeredCardIds: [], requestedCardId: b.cards[0] }), 400, MSG.tradeOfferShape],
      [a.client.post("/api/trade/offer", { toUserId: "x", offeredCardIds: [a.cards[0]], requestedCardId: b.cards[0] }), 400, MSG.tradeOfferShape],
      [a.client.post("/api/trade/offer", { toUserId: 999999, offeredCardIds: [a.cards[0]], requestedCardId: b.cards[0] }), 404, MSG.tradeRecipientMissing],
      // Past PostgreSQL's integer ids: refused as a malformed offer, not a database error.
      [a.client.post("/api/trade/offer", { toUserId: b.id, offeredCardIds: [2 ** 31], requestedCardId: b.cards[0] }), 400, MSG.tradeOfferShape],
      [a.client.post("/api/trade/offer", { toUserId: 2 ** 53, offeredCardIds: [a.cards[0]], requestedCardId: b.cards[0] }), 400, MSG.tradeOfferShape],
      [server.client().post("/api/trade/offer", { toUserId: b.id, offeredCardIds: [a.cards[0]], requestedCardId: b.cards[0] }), 401, MSG.notAuthenticated],
    ];
    for (const [call, status, error] of cases) expect(await call).toMatchObject({ status, body: { error } });
    expect(Number((await server.db("trades").where({ from_user_id: a.id }).count("* as n").first())?.n)).toBe(0);
    expect((await offer(a, b)).status).toBe(201);
    expect(await offer(a, b)).toMatchObject({ status: 409, body: { error: MSG.tradeDuplicate } });
  });

  it(`allows at most ${MAX_PENDING_SENT} pending offers, even when they arrive at once`, async () => {
    const a = await player(1, MAX_PENDING_SENT + 10);
    const b = await player(2);
    const results = await Promise.all(a.cards.map((card) => offer(a, b, card, b.cards[0])));
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_PENDING_SENT);
    for (const r of results.filter((x) => x.status !== 201)) expect(r).toMatchObject({ status: 409, body: { error: MSG.tradeTooManyPending } });
    // Cancelling one frees a place.
    const one = (await a.client.get("/api/trade/offers")).body[0];
    expect((await a.client.post(`/api/trade/${one.trade.id}/cancel`)).status).toBe(200);
    const unsent = a.cards.find((card) => !results.some((r, i) => r.status === 201 && a.cards[i] === card))!;
    expect((await offer(a, b, unsent, b.cards[0])).status).toBe(201);
  });
});

describe("answering offers", () => {
  it("the recipient accepts: the cards swap, scores move, both histories show it", async () => {
    const [a, b] = [await player(1), await player(7)];
    const { body } = await offer(a, b);
    expect(await a.client.post(`/api/trade/${body.trade.id}/accept`)).toMatchObject({ status: 403, body: { error: MSG.tradeOnlyRecipient } });
    const res = await b.client.post(`/api/trade/${body.trade.id}/accept`);
    expect(res).toMatchObject({ status: 200, body: { trade: { status: "accepted" } } });
    expect(await ownerOf(a.cards[0]!)).toBe(b.id);
    expect(await ownerOf(b.cards[0]!)).toBe(a.id);
    const aCollection = (await a.client.get("/api/collection")).body.map((c: { id: number }) => c.id);
    expect(aCollection).toContain(b.cards[0]);
    expect(aCollection).not.toContain(a.cards[0]);
    for (const p of [a, b]) {
      const history = (await p.client.get("/api/trade/executed-history")).body;
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ trade: { id: body.trade.id, status: "accepted" }, fromUser: { username: a.name }, toUser: { username: b.name } });
      expect((await p.client.get("/api/trade/offers")).body).toEqual([]);
    }
    expect(await b.client.post(`/api/trade/${body.trade.id}/accept`)).toMatchObject({ status: 409, body: { error: MSG.tradeNotPending } });
  });

  it("only the recipient declines, only the sender cancels, strangers see nothing", async () => {
    const [a, b, c] = [await player(1), await player(2), await player(3)];
    const first = (await offer(a, b)).body.trade.id;
    expect(await a.client.post(`/api/trade/${first}/decline`)).toMatchObject({ status: 403, body: { error: MSG.tradeOnlyRecipient } });
    expect(await b.client.post(`/api/trade/${first}/cancel`)).toMatchObject({ status: 403, body: { error: MSG.tradeOnlySender } });
    expect(await c.client.post(`/api/trade/${first}/accept`)).toMatchObject({ status: 404, body: { error: MSG.tradeNotFound } });
    expect(await c.client.post(`/api/trade/nope/accept`)).toMatchObject({ status: 404, body: { error: MSG.tradeNotFound } });
    expect(await b.client.post(`/api/trade/${first}/decline`)).toMatchObject({ status: 200, body: { trade: { status: "declined" } } });
    expect(await a.client.post(`/api/trade/${first}/cancel`)).toMatchObject({ status: 409, body: { error: MSG.tradeNotPending } });
    const second = (await offer(a, b)).body.trade.id;
    expect(await a.client.post(`/api/trade/${second}/cancel`)).toMatchObject({ status: 200, body: { trade: { status: "cancelled" } } });
    // History holds every finished offer, cancelled ones too (issue 14), newest first, on both sides.
    for (const side of [a, b]) expect((await side.client.get("/api/trade/executed-history")).body.map((h: { trade: { status: string } }) => h.trade.status)).toEqual(["cancelled", "declined"]);
    expect(await ownerOf(a.cards[0]!)).toBe(a.id);
  });

  it("an offer expires 7 days after creation: it cannot be accepted and reads as expired", async () => {
    const [a, b] = [await player(1), await player(2)];
    const id = (await offer(a, b)).body.trade.id;
    await server.db("trades").where({ id }).update({ created_at: new Date(Date.now() - 8 * 86400_000), expires_at: new Date(Date.now() - 86400_000) });
    expect(await b.client.post(`/api/trade/${id}/accept`)).toMatchObject({ status: 409, body: { error: MSG.tradeExpired } });
    expect((await b.client.get("/api/trade/offers")).body).toEqual([]);
    expect((await a.client.get("/api/trade/executed-history")).body).toMatchObject([{ trade: { id, status: "expired" } }]);
    expect(await ownerOf(b.cards[0]!)).toBe(b.id);
    // The expired offer no longer counts against the pending limit or as a duplicate.
    expect((await offer(a, b)).status).toBe(201);
  });

  it("counts offers waiting, own offers still open since the Sent tab was viewed, trades since History was viewed", async () => {
    const [a, b] = [await player(1, 5), await player(2, 5)];
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await offer(a, b, a.cards[i], b.cards[i])).body.trade.id);
    const [accepted, declined, cancelled, expired] = ids;
    expect((await b.client.get("/api/trade/notifications")).body).toEqual({ receivedOffersCount: 5, sentOffersCount: 0, historyCount: 0 });
    expect((await a.client.get("/api/trade/notifications")).body).toEqual({ receivedOffersCount: 0, sentOffersCount: 5, historyCount: 0 });
    await b.client.post(`/api/trade/${accepted}/accept`);
    await b.client.post(`/api/trade/${declined}/decline`);
    await a.client.post(`/api/trade/${cancelled}/cancel`);
    await server.db("trades").where({ id: expired }).update({ expires_at: new Date(Date.now() - 1000) });
    // Issue 44: the Sent badge counts only the offer still open, as the Sent tab lists it.
    expect((await a.client.get("/api/trade/notifications")).body).toEqual({ receivedOffersCount: 0, sentOffersCount: 1, historyCount: 1 });
    const later = new Date(Date.now() + 1000).toISOString();
    expect((await a.client.get(`/api/trade/notifications?lastSentView=${later}&lastHistoryView=${later}`)).body).toEqual({ receivedOffersCount: 0, sentOffersCount: 0, historyCount: 0 });
    for (const outOfRange of ["0000-01-01", "-000001-01-01T00:00:00Z", "+200000-01-01T00:00:00Z"]) {
      const res = await a.client.get(`/api/trade/notifications?lastSentView=${encodeURIComponent(outOfRange)}`);
      expect(res, outOfRange).toMatchObject({ status: 400, body: { error: MSG.dateOutOfRange } });
    }
  });
});

describe("the market", () => {
  it("lists unique cards with copies held, and their owners with counts", async () => {
    const [a, b] = [await player(6, 2), await player(6, 1)];
    const cards = (await a.client.get("/api/trade/cards")).body as Array<{ character: string; set: number; count: number; background: string; isHolo: boolean }>;
    const first = plainCard(6, 0);
    expect(cards.find((c) => c.character === first.character && c.set === 6 && c.background === "" && !c.isHolo)).toMatchObject({ count: 2 });
    const owners = await a.client.get(`/api/trade/cards/${first.character}/_empty_/6/false/false/false/owners`);
    expect(owners.status).toBe(200);
    expect(owners.body.map((o: { user: { id: number }; count: number }) => [o.user.id, o.count]).sort()).toEqual([[a.id, 1], [b.id, 1]].sort());
    expect(owners.body[0].card).toMatchObject({ character: first.character, set: 6 });
    expect((await a.client.get(`/api/trade/cards/nobody/_empty_/6/false/false/false/owners`)).body).toEqual([]);
    expect(await a.client.get(`/api/trade/cards/${first.character}/_empty_/9/false/false/false/owners`)).toMatchObject({ status: 400 });
    expect(await a.client.get(`/api/trade/cards/${first.character}/_empty_/6/yes/false/false/owners`)).toMatchObject({ status: 400 });
  });
});

describe("the market and blocks", () => {
  it("leaves the players I blocked out of a card's owners, for me only, until I unblock them", async () => {
    const [a, b] = [await player(6, 1), await player(6, 1)];
    const first = plainCard(6, 0);
    const path = `/api/trade/cards/${first.character}/_empty_/6/false/false/false/owners`;
    const ownerIds = async (p: typeof a) => ((await p.client.get(path)).body as Array<{ user: { id: number } }>).map((o) => o.user.id);
    expect(await ownerIds(a)).toContain(b.id);
    expect((await a.client.post("/api/blocks", { userId: b.id })).status).toBe(201);
    expect(await ownerIds(a)).not.toContain(b.id);
    expect(await ownerIds(a)).toContain(a.id);
    // The blocked player still sees the blocker: a block stays its maker's private choice.
    expect(await ownerIds(b)).toContain(a.id);
    expect((await a.client.request("DELETE", `/api/blocks/${b.id}`)).status).toBe(204);
    expect(await ownerIds(a)).toContain(b.id);
  });
});

describe("at the same time", () => {
  it("accept and cancel of one offer: exactly one wins", async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await player(1, 1), await player(2, 1)];
      const id = (await offer(a, b)).body.trade.id;
      const [accepted, cancelled] = await Promise.all([b.client.post(`/api/trade/${id}/accept`), a.client.post(`/api/trade/${id}/cancel`)]);
      expect([accepted.status, cancelled.status].filter((s) => s === 200)).toHaveLength(1);
      const loser = accepted.status === 200 ? cancelled : accepted;
      expect(loser).toMatchObject({ status: 409, body: { error: MSG.tradeNotPending } });
      const swapped = (await ownerOf(a.cards[0]!)) === b.id;
      expect(swapped).toBe(accepted.status === 200);
      expect(await ownerOf(b.cards[0]!)).toBe(swapped ? a.id : b.id);
    }
  });

  it("two offers giving away the same card, accepted at once: exactly one trade happens", async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b, c] = [await player(1, 1), await player(2, 1), await player(3, 1)];
      const toB = (await offer(a, b)).body.trade.id;
      const toC = (await offer(a, c)).body.trade.id;
      const results = await Promise.all([b.client.post(`/api/trade/${toB}/accept`), c.client.post(`/api/trade/${toC}/accept`)]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.find((r) => r.status !== 200)).toMatchObject({ status: 409, body: { error: MSG.tradeOfferedGone } });
      const winner = results[0]!.status === 200 ? b : c;
      expect(await ownerOf(a.cards[0]!)).toBe(winner.id);
      expect(await ownerOf(winner.cards[0]!)).toBe(a.id);
    }
  });

  it("a card traded away fails the other offers that name it, cleanly", async () => {
    const [a, b, c] = [await player(1, 1), await player(2, 1), await player(3, 1)];
    const aGivesToB = (await offer(a, b)).body.trade.id;
    const cWantsAsCard = (await offer(c, a)).body.trade.id; // asks for a's card
    const cOffersForBsCard = (await offer(c, b, c.cards[0], b.cards[0])).body.trade.id;
    expect((await b.client.post(`/api/trade/${aGivesToB}/accept`)).status).toBe(200);
    // a no longer owns the card c asked for; b no longer owns the card c asked b for.
    expect(await a.client.post(`/api/trade/${cWantsAsCard}/accept`)).toMatchObject({ status: 409, body: { error: MSG.tradeRequestedGone } });
    expect(await b.client.post(`/api/trade/${cOffersForBsCard}/accept`)).toMatchObject({ status: 409, body: { error: MSG.tradeRequestedGone } });
    // The PWA then declines them; that still works.
    expect((await a.client.post(`/api/trade/${cWantsAsCard}/decline`)).status).toBe(200);
    expect(await ownerOf(c.cards[0]!)).toBe(c.id);
  });

  it("the accept errors carry the words the PWA's auto-decline looks for", () => {
    expect(MSG.tradeOfferedGone).toMatch(/no longer available/);
    expect(MSG.tradeOfferedGone).toMatch(/offered cards/i);
    expect(MSG.tradeRequestedGone).toMatch(/don't own/);
  });
});

describe("anti-farming (RULES.md, Trading)", () => {
  it("a fresh account can neither send nor accept until it is a day old and has opened 10 packs", async () => {
    const [fresh, old] = [await player(1, 2, { fresh: true }), await player(2, 2)];
    // The account says so before any offer is tried (the trading screen shows it).
    expect((await fresh.client.get("/api/user")).body.tradingLocked).toBe(true);
    expect((await old.client.get("/api/user")).body.tradingLocked).toBe(false);
    expect(await offer(fresh, old)).toMatchObject({ status: 403, body: { error: MSG.tradeLocked } });
    const sent = await offer(old, fresh);
    expect(sent.status).toBe(201);
    expect(await fresh.client.post(`/api/trade/${sent.body.trade.id}/accept`)).toMatchObject({ status: 403, body: { error: MSG.tradeLocked } });
    expect(await ownerOf(old.cards[0]!)).toBe(old.id);
    // A day old but only 9 packs: still locked.
    await server.db("users").where({ id: fresh.id }).update({ created_at: new Date(Date.now() - 25 * 3_600_000), set1_packs_opened: 4, set2_packs_opened: 5 });
    expect((await fresh.client.post(`/api/trade/${sent.body.trade.id}/accept`)).status).toBe(403);
    await server.db("users").where({ id: fresh.id }).update({ set3_packs_opened: 1 });
    expect((await fresh.client.post(`/api/trade/${sent.body.trade.id}/accept`)).status).toBe(200);
  });

  it("at most 10 accepted trades a day per player, even when 14 accepts arrive at once", async () => {
    const hub = await player(1, 14);
    const others = [];
    for (let i = 0; i < 14; i++) others.push(await player(2, 1));
    const offers = [];
    for (const [i, o] of others.entries()) offers.push((await offer(o, hub, o.cards[0], hub.cards[i])).body.trade.id);
    const results = await Promise.all(offers.map((id) => hub.client.post(`/api/trade/${id}/accept`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 429, body: { error: MSG.tradeDailyLimit } });
    // The cap holds for the other side too: the hub cannot accept trades offered to a capped player...
    const fresh = await player(3, 1);
    // Which ten trades won the race is up to the database: ask which cards the hub holds now.
    const hubCards = (await server.db("cards").where({ user_id: hub.id }).orderBy("id").select("id")).map((c: { id: number }) => c.id);
    const toOther = (await offer(fresh, hub, fresh.cards[0], hubCards[0])).body.trade.id;
    expect((await hub.client.post(`/api/trade/${toOther}/accept`)).status).toBe(429);
    // ...and a player whose partner is capped hears it.
    const fromHub = (await offer(hub, fresh, hubCards[1], fresh.cards[0])).body.trade.id;
    expect(await fresh.client.post(`/api/trade/${fromHub}/accept`)).toMatchObject({ status: 429, body: { error: MSG.tradeOtherDailyLimit } });
  });
});

describe("lopsided trades between accounts from one network", () => {
  it("are refused when both signed up from one /24 within 7 days; fair ones and other networks pass", async () => {
    const proxied = await startTestServer({ trustProxy: 1 });
    try {
      const from = (ip: string) => ({ "X-Forwarded-For": ip });
      const signUp = async (name: string, ip: string) => {
        const client = proxied.client();
        const res = await client.post("/api/auth/register", { username: name, password: "violet-harbour-42", displayName: name, ageConfirmed: true, termsAccepted: true }, from(ip));
        expect(res.status).toBe(201);
        const id = res.body.user.id as number;
        await proxied.db("users").where({ id }).update({ created_at: new Date(Date.now() - 25 * 3_600_000), set1_packs_opened: 10 });
        return { client, id };
      };
      const main = await signUp("MainAcct", "203.0.113.5");
      const alt = await signUp("AltAcct", "203.0.113.77");
      const stranger = await signUp("Stranger", "198.51.100.4");
      const [cheap] = await giveCards(proxied.db, main.id, [plainCard(1, 0)]);
      const [altBest, altCheap] = await giveCards(proxied.db, alt.id, [{ ...plainCard(7, 9), isDarkHolo: true, background: "darkvoid" }, plainCard(1, 1)]);
      const [strangerBest] = await giveCards(proxied.db, stranger.id, [{ ...plainCard(7, 9), isDarkHolo: true, background: "darkvoid" }]);
      const ask = (who: { client: ApiClient }, to: number, offered: number, requested: number) =>
        who.client.post("/api/trade/offer", { toUserId: to, offeredCardIds: [offered], requestedCardId: requested });
      // The main account asks its alt for the alt's best card in exchange for a cheap one.
      expect(await ask(main, alt.id, cheap!, altBest!)).toMatchObject({ status: 403, body: { error: MSG.tradeUnevenSameNetwork } });
      // An even swap between them is fine; so is the same lopsided ask of a stranger (who may decline).
      expect((await ask(main, alt.id, cheap!, altCheap!)).status).toBe(201);
      expect((await ask(main, stranger.id, cheap!, strangerBest!)).status).toBe(201);
      // Accounts a week apart are not suspected.
      await proxied.db("users").where({ id: alt.id }).update({ created_at: new Date(Date.now() - 9 * 24 * 3_600_000) });
      expect((await ask(main, alt.id, cheap!, altBest!)).status).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});
