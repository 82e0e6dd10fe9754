// Issue 48, trade finder: wishlist, spares, matches and the trading rules inside them. Runs on the
// embedded database and, with DATABASE_URL set, on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { points } from "../game/rarity.ts";
import { BACKGROUNDS, SETS, type Card } from "../game/sets.ts";
import { WISHLIST_MAX } from "../game/tradeFinder.ts";
import { ACCEPTED_TRADES_PER_DAY } from "../game/trading.ts";
import { identityWhere } from "../queries/tradeFinder.ts";
import { giveCards, plainCard, stackMismatches } from "../testing/cards.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
let n = 0;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.close());

// Every test starts from no cards, offers, wishes or keeps: matches look at every player.
beforeEach(async () => {
  for (const t of ["trades", "trade_wishes", "card_stacks", "player_blocks", "cards"]) await server.db(t).delete();
  await server.db("users").update({ card_count: 0, total_score: 0, show_in_matches: true, signup_network: null });
});

interface Player {
  client: ApiClient;
  id: number;
  /** Login name: never shown to others. */
  login: string;
  /** Public name. */
  name: string;
}

/** A player old enough to trade (unless fresh), whose public name differs from the login name. */
async function player(opts: { fresh?: boolean } = {}): Promise<Player> {
  const login = `tfLogin${++n}x${Date.now() % 100000}`;
  const client = await signedUpClient(server, login);
  const id = (await server.db("users").where({ username: login }).first("id")).id as number;
  const name = `Shown${n}p${id}`;
  await server.db("users").where({ id }).update({ display_name: name, ...(opts.fresh ? {} : { created_at: new Date(Date.now() - 25 * 3_600_000), set1_packs_opened: 10 }) });
  return { client, id, login, name };
}

const path = (c: Card) => `${encodeURIComponent(c.character)}/${c.background || "_empty_"}/${c.set}/${c.isHolo}/${c.isGlitch}/${c.isDarkHolo}`;
const want = (p: Player, c: Card) => p.client.put(`/api/trade/wishlist/${path(c)}`);
const unwant = (p: Player, c: Card) => p.client.request("DELETE", `/api/trade/wishlist/${path(c)}`);
const keep = (p: Player, c: Card, body: unknown) => p.client.put(`/api/trade/keep/${path(c)}`, body);
const give = (p: Player, c: Card, copies = 1) => giveCards(server.db, p.id, Array.from({ length: copies }, () => c));
const matches = async (p: Player, query = "") => {
  const res = await p.client.get(`/api/trade/matches${query}`);
  expect(res.status).toBe(200);
  return res.body as { matches: Array<{ user: { id: number; displayName: string }; mutual: boolean; wantedCards: number; fair: boolean; pairs: any[] }>; unavailable: string | null };
};
const matchIds = async (p: Player) => (await matches(p)).matches.map((m) => m.user.id);
const offer = (from: Player, to: Player, offered: number, requested: number) =>
  from.client.post("/api/trade/offer", { toUserId: to.id, offeredCardIds: [offered], requestedCardId: requested });

/** Every card the catalogue can make, for the cap test. */
function catalogueCards(): Card[] {
  const out: Card[] = [];
  for (const set of SETS.slice(3)) for (const character of set.characters) for (const b of BACKGROUNDS) out.push({ character, background: b.id, set: set.id, isHolo: false, isGlitch: false, isDarkHolo: false });
  return out;
}

// Set 1 plain cards: cheap ones; a dark-void dark holo of set 7: worth far more than 3x any of them.
const X = plainCard(1, 0);
const Y = plainCard(1, 1);
const Z = plainCard(1, 2);
const RICH: Card = { ...plainCard(7, 9), isDarkHolo: true, background: "darkvoid" };

describe("wishlist", () => {
  it("adds idempotently, refuses cards that do not exist, removes, and counts owners with a spare for trade", async () => {
    const [me, two, one, zeroKeep, hidden] = [await player(), await player(), await player(), await player(), await player()];
    const first = await want(me, X);
    expect(first).toMatchObject({ status: 200, body: { added: true, count: 1, entry: { card: { ...X, points: points(X) }, owners: 0 } } });
    expect(await want(me, X)).toMatchObject({ status: 200, body: { added: false, count: 1 } });
    expect(await want(me, { ...X, character: "nobody" })).toMatchObject({ status: 400, body: { error: MSG.tradeNotACard } });
    expect(await want(me, { ...X, background: "darkvoid" })).toMatchObject({ status: 400, body: { error: MSG.tradeNotACard } });
    expect((await me.client.put(`/api/trade/wishlist/${X.character}/_empty_/1/yes/false/false`)).status).toBe(400);

    await give(two, X, 2); // one spare
    await give(one, X, 1); // keeps its only copy
    await give(zeroKeep, X, 1);
    expect((await keep(zeroKeep, X, { keep: 0 })).status).toBe(200); // its only copy is for trade
    await give(hidden, X, 3);
    await hidden.client.put("/api/trade/finder-settings", { showInMatches: false });
    await give(me, X, 5); // my own copies never count
    const list = await me.client.get("/api/trade/wishlist");
    expect(list).toMatchObject({ status: 200, body: { count: 1, max: WISHLIST_MAX, entries: [{ card: { character: X.character }, owners: 2 }] } });

    expect(await unwant(me, X)).toMatchObject({ status: 200, body: { removed: true } });
    expect(await unwant(me, X)).toMatchObject({ status: 200, body: { removed: false } });
    expect((await me.client.get("/api/trade/wishlist")).body).toMatchObject({ count: 0, entries: [] });
    expect((await server.client().get("/api/trade/wishlist")).status).toBe(401);
  });

  it(`holds at most ${WISHLIST_MAX} cards, even when the last ones arrive in parallel`, async () => {
    const me = await player();
    const cards = catalogueCards();
    expect(cards.length).toBeGreaterThan(WISHLIST_MAX + 10);
    await server.db("trade_wishes").insert(
      cards.slice(0, WISHLIST_MAX - 2).map((c) => ({ user_id: me.id, character: c.character, background: c.background, set: c.set, is_holo: false, is_glitch: false, is_dark_holo: false, points: points({ ...c, isHolo: false, isGlitch: false, isDarkHolo: false }) })),
    );
    const results = await Promise.all(cards.slice(WISHLIST_MAX - 2, WISHLIST_MAX + 6).map((c) => want(me, c)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 200)) expect(r).toMatchObject({ status: 409, body: { error: MSG.tradeWishlistFull } });
    expect(Number((await server.db("trade_wishes").where({ user_id: me.id }).count("* as n").first())!.n)).toBe(WISHLIST_MAX);
    // A card already wanted is still fine at the cap (PUT is idempotent).
    expect(await want(me, cards[0]!)).toMatchObject({ status: 200, body: { added: false, count: WISHLIST_MAX } });
  });
});

describe("spares", () => {
  it("are the copies beyond the kept count, none when not for trade, never the copies in open offers", async () => {
    const [me, other] = [await player(), await player()];
    const xs = await give(me, X, 4);
    await give(me, Y, 1);
    const [theirs] = await give(other, Z, 1);
    const spares = async () => Object.fromEntries(((await me.client.get("/api/trade/spares")).body as any[]).map((s) => [s.card.character, s]));
    expect((await spares())[X.character]).toMatchObject({ copies: 4, keep: 1, notForTrade: false, spare: 3, inOpenOffers: [], card: { points: points(X) } });
    expect((await spares())[Y.character]).toMatchObject({ copies: 1, keep: 1, spare: 0, spareCardId: null });

    expect(await keep(me, X, { keep: 2 })).toMatchObject({ status: 200, body: { keep: 2, notForTrade: false } });
    expect((await spares())[X.character]).toMatchObject({ keep: 2, spare: 2 });
    // Copies in open offers are not spare: 4 copies, keep 2, 1 offered -> 1 spare, a copy not offered.
    expect((await offer(me, other, xs[0]!, theirs!)).status).toBe(201);
    const offered = (await spares())[X.character];
    expect(offered).toMatchObject({ copies: 4, spare: 1, inOpenOffers: [xs[0]] });
    expect(offered.spareCardId).toBe(xs[1]);
    for (const id of xs.slice(1, 3)) expect((await offer(me, other, id, theirs!)).status).toBe(201);
    expect((await spares())[X.character]).toMatchObject({ copies: 4, spare: 0, spareCardId: null, inOpenOffers: xs.slice(0, 3) });
    expect(await keep(me, X, { notForTrade: true })).toMatchObject({ status: 200, body: { keep: 2, notForTrade: true } });
    expect((await spares())[X.character]).toMatchObject({ spare: 0, spareCardId: null });
    // Back to the default.
    expect(await keep(me, X, { keep: 1, notForTrade: false })).toMatchObject({ status: 200 });
    expect(await server.db("card_stacks").where({ user_id: me.id, character: X.character }).first("keep_count", "not_for_trade")).toEqual({ keep_count: 1, not_for_trade: false });

    for (const bad of [{}, { keep: -1 }, { keep: 1.5 }, { keep: 10_000 }, { notForTrade: "yes" }]) expect(await keep(me, X, bad)).toMatchObject({ status: 400, body: { error: MSG.tradeKeepShape } });
    expect(await keep(me, { ...X, set: 9 }, { keep: 2 })).toMatchObject({ status: 400 });
  });
});

describe("matches", () => {
  it("rank mutual players first, then by wanted cards, then fair before lopsided, then the most recently active", async () => {
    const me = await player();
    const [mutual, fair, lopsided, older, newer] = [await player(), await player(), await player(), await player(), await player()];
    await want(me, X);
    await want(me, RICH);
    await give(me, Y, 2); // my spare: one Y
    await give(mutual, X, 2);
    await want(mutual, Y);
    await give(fair, X, 2); // a spare I want; it wants nothing of mine
    await give(lopsided, RICH, 2); // a spare I want, worth far more than my Y
    await give(older, X, 2);
    await give(newer, X, 2);
    const hour = 3_600_000;
    await server.db("users").where({ id: older.id }).update({ updated_at: new Date(Date.now() - 5 * hour) });
    await server.db("users").where({ id: fair.id }).update({ updated_at: new Date(Date.now() - 3 * hour) });
    await server.db("users").where({ id: newer.id }).update({ updated_at: new Date(Date.now() - 1 * hour) });
    await server.db("users").where({ id: lopsided.id }).update({ updated_at: new Date() });

    const body = await matches(me);
    expect(body.unavailable).toBeNull();
    expect(body.matches.map((m) => m.user.id)).toEqual([mutual.id, newer.id, fair.id, older.id, lopsided.id]);
    const [top] = body.matches;
    expect(top).toMatchObject({ user: { id: mutual.id, displayName: mutual.name }, mutual: true, wantedCards: 2, fair: true });
    expect(top!.pairs).toHaveLength(1);
    expect(top!.pairs[0]).toMatchObject({ theirs: { character: X.character, points: points(X) }, mine: { character: Y.character, inOpenOffers: 0 }, theyWantMine: true, fair: true });
    expect(body.matches.at(-1)).toMatchObject({ mutual: false, fair: false, pairs: [{ theirs: { character: RICH.character, isDarkHolo: true }, mine: { character: Y.character }, theyWantMine: false, fair: false }] });

    // Paging.
    expect((await matches(me, "?limit=2&offset=1")).matches.map((m) => m.user.id)).toEqual([newer.id, fair.id]);
    expect((await me.client.get("/api/trade/matches?limit=0")).status).toBe(400);
    expect((await me.client.get("/api/trade/matches?limit=x")).status).toBe(400);

    // One tap: the first pair is a valid offer as it stands.
    const pair = top!.pairs[0];
    expect((await me.client.post("/api/trade/offer", { toUserId: top!.user.id, offeredCardIds: [pair.mine.cardId], requestedCardId: pair.theirs.cardId })).status).toBe(201);
  });

  it("never name a player by login name, anywhere in the trade finder's answers", async () => {
    const [me, other] = [await player(), await player()];
    await want(me, X);
    await give(me, Y, 2);
    await give(other, X, 2);
    await want(other, Y);
    const bodies = [await me.client.get("/api/trade/matches"), await me.client.get("/api/trade/wishlist"), await me.client.get("/api/trade/spares"), await other.client.get("/api/trade/matches")].map((r) => JSON.stringify(r.body));
    expect(bodies[0]).toContain(other.name);
    expect(bodies[3]).toContain(me.name);
    for (const b of bodies) {
      expect(b).not.toContain(other.login);
      expect(b).not.toContain(me.login);
    }
  });

  it("obey every trading rule: unlock on both sides, blocks both ways, the matches switch, the daily limit, same-network lopsided pairs", async () => {
    const me = await player();
    await want(me, X);
    await want(me, RICH);
    await give(me, Y, 2);
    const others: Player[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await player();
      await give(p, X, 2);
      others.push(p);
    }
    const [locked, iBlocked, blocksMe, hidden, busy, sameNet] = others as [Player, Player, Player, Player, Player, Player];
    expect(new Set(await matchIds(me))).toEqual(new Set(others.map((p) => p.id)));

    await server.db("users").where({ id: locked.id }).update({ set1_packs_opened: 9 });
    await server.db("player_blocks").insert([
      { blocker_id: me.id, blocked_id: iBlocked.id },
      { blocker_id: blocksMe.id, blocked_id: me.id },
    ]);
    expect(await hidden.client.put("/api/trade/finder-settings", { showInMatches: false })).toMatchObject({ status: 200, body: { showInMatches: false } });
    expect((await hidden.client.get("/api/trade/finder-settings")).body).toEqual({ showInMatches: false });
    expect((await hidden.client.put("/api/trade/finder-settings", { showInMatches: "no" })).status).toBe(400);
    // The busy player made today's 10 trades (with someone else).
    const filler = await player();
    const [a, b] = [...(await give(busy, Z, 1)), ...(await give(filler, Z, 1))];
    const today = new Date();
    await server.db("trades").insert(
      Array.from({ length: ACCEPTED_TRADES_PER_DAY }, () => ({ from_user_id: busy.id, to_user_id: filler.id, offered_card_id: a, requested_card_id: b, status: "accepted", created_at: today, updated_at: today, expires_at: new Date(today.getTime() + 86400_000), accepted_at: today })),
    );
    // sameNet signed up beside me; its X for my Y is fair, so it stays.
    await server.db("users").whereIn("id", [me.id, sameNet.id]).update({ signup_network: "203.0.113.0/24" });
    await server.db("users").where({ id: sameNet.id }).update({ created_at: new Date(Date.now() - 26 * 3_600_000) });
    expect(await matchIds(me)).toEqual([sameNet.id]);
    expect((await matches(me)).matches.every((m) => m.user.id !== filler.id)).toBe(true);

    // A lopsided pair between the same-network accounts is left out, and the player with it.
    await server.db("cards").where({ user_id: sameNet.id }).delete();
    await give(sameNet, RICH, 2);
    expect(await matchIds(me)).toEqual([]);
    // A stranger holding the same card stays: the rule is about one network.
    const stranger = await player();
    await give(stranger, RICH, 2);
    expect(await matchIds(me)).toEqual([stranger.id]);
    // Accounts a week apart are not suspected.
    await server.db("users").where({ id: sameNet.id }).update({ created_at: new Date(Date.now() - 9 * 86400_000) });
    expect(new Set(await matchIds(me))).toEqual(new Set([stranger.id, sameNet.id]));

    // Me: locked, or at today's limit: no matches, and the reason.
    await server.db("users").where({ id: me.id }).update({ created_at: new Date() });
    expect(await matches(me)).toEqual({ matches: [], unavailable: MSG.tradeLocked });
    await server.db("users").where({ id: me.id }).update({ created_at: new Date(Date.now() - 25 * 3_600_000) });
    await server.db("trades").where({ from_user_id: busy.id }).update({ from_user_id: me.id });
    expect(await matches(me)).toEqual({ matches: [], unavailable: MSG.tradeDailyLimit });
  });

  it("are pending-aware: a copy in an open offer is not spare, on either side, and says so", async () => {
    const [me, other, third] = [await player(), await player(), await player()];
    await want(me, X);
    const ys = await give(me, Y, 3); // two spares
    const [x1, x2] = await give(other, X, 2); // one spare
    const [z] = await give(third, Z, 1);
    expect(await matchIds(me)).toEqual([other.id]);
    // I offer one Y elsewhere: the match shows it, and still offers a free copy.
    expect((await offer(me, third, ys[0]!, z!)).status).toBe(201);
    const [m] = (await matches(me)).matches;
    expect(m!.pairs[0]).toMatchObject({ mine: { character: Y.character, inOpenOffers: 1 } });
    expect(m!.pairs[0].mine.cardId).not.toBe(ys[0]);
    // The other player promises one X elsewhere: with one copy kept, no X is spare any more.
    const [tz] = await give(third, Z, 1);
    expect((await offer(other, third, x1!, tz!)).status).toBe(201);
    expect(await matchIds(me)).toEqual([]);
    expect((await me.client.get("/api/trade/wishlist")).body.entries[0].owners).toBe(0);
    // A received offer asking for their X counts as well; once cancelled, the X is spare again.
    const sent = (await other.client.get("/api/trade/offers")).body as any[];
    expect((await other.client.post(`/api/trade/${sent[0].trade.id}/cancel`)).status).toBe(200);
    expect(await matchIds(me)).toEqual([other.id]);
    const [tz2] = await give(third, Z, 1);
    expect((await offer(third, other, tz2!, x2!)).status).toBe(201);
    expect(await matchIds(me)).toEqual([]);
  });

  it("an accepted trade updates wishes and spares at once: a wanted card received leaves the wishlist", async () => {
    const [me, other] = [await player(), await player()];
    await want(me, X);
    await want(me, Z);
    await give(me, Y, 2);
    await give(other, X, 2);
    await want(other, Y);
    const [m] = (await matches(me)).matches;
    const pair = m!.pairs[0];
    const sent = await offer(me, other, pair.mine.cardId, pair.theirs.cardId);
    expect(sent.status).toBe(201);
    expect((await other.client.post(`/api/trade/${sent.body.trade.id}/accept`)).status).toBe(200);
    expect((await me.client.get("/api/trade/wishlist")).body.entries.map((e: any) => e.card.character)).toEqual([Z.character]);
    expect((await other.client.get("/api/trade/wishlist")).body.entries).toEqual([]);
    const mySpares = (await me.client.get("/api/trade/spares")).body as any[];
    expect(mySpares.find((s) => s.card.character === Y.character)).toMatchObject({ copies: 1, spare: 0 });
    expect(mySpares.find((s) => s.card.character === X.character)).toMatchObject({ copies: 1, spare: 0 });
    expect(await matchIds(me)).toEqual([]);
    expect(await stackMismatches(server.db)).toBe(0);
  });
});

describe("matches pair different cards", () => {
  it("never offer a card for the same card, on either side", async () => {
    const [me, other] = [await player(), await player()];
    await want(me, X);
    await give(me, X, 3);
    await give(other, X, 2);
    await want(other, X);
    expect(await matchIds(me)).toEqual([]);
    // A spare of another card makes the trade.
    await give(me, Y, 2);
    const [m] = (await matches(me)).matches;
    expect(m!.pairs.map((p: any) => [p.theirs.character, p.mine.character])).toEqual([[X.character, Y.character]]);
  });
});

describe("stored stacks", () => {
  const stackOf = (p: Player, c: Card) => server.db("card_stacks").where(identityWhere(p.id, c)).first("multi", "keep_count");
  const removeCopies = (p: Player, c: Card, copies: number) =>
    server.db("cards").whereIn("id", server.db("cards").where(identityWhere(p.id, c)).select("id").limit(copies)).delete();

  it("say whether a player holds 2 or more copies through grants, trades, deletions and deleted accounts, and keep settings for cards not owned yet", async () => {
    const [me, other] = [await player(), await player()];
    // A setting for a card not owned yet waits on its stack.
    expect(await keep(me, X, { keep: 3 })).toMatchObject({ status: 200, body: { keep: 3, notForTrade: false } });
    expect(await stackOf(me, X)).toEqual({ multi: false, keep_count: 3 });
    await give(me, X);
    expect(await stackOf(me, X)).toEqual({ multi: false, keep_count: 3 });
    await give(me, X, 3);
    expect(await stackOf(me, X)).toEqual({ multi: true, keep_count: 3 });
    // A trade: my only Y goes to a player who had one (their second copy), their second Z comes to me.
    const [myY] = await give(me, Y);
    await give(other, Y);
    const [theirZ] = await give(other, Z, 2);
    expect(await stackOf(other, Z)).toMatchObject({ multi: true });
    const sent = await offer(me, other, myY!, theirZ!);
    expect((await other.client.post(`/api/trade/${sent.body.trade.id}/accept`)).status).toBe(200);
    expect(await stackOf(other, Y)).toMatchObject({ multi: true });
    expect(await stackOf(other, Z)).toMatchObject({ multi: false });
    expect((await stackOf(me, Z))?.multi ?? false).toBe(false);
    expect(await stackMismatches(server.db)).toBe(0);
    // Deleting copies down to one clears it, and the setting stays.
    await removeCopies(me, X, 2);
    expect(await stackOf(me, X)).toEqual({ multi: true, keep_count: 3 });
    await removeCopies(me, X, 1);
    expect(await stackOf(me, X)).toEqual({ multi: false, keep_count: 3 });
    expect(await stackMismatches(server.db)).toBe(0);
    // An account deleted with its cards takes its stacks with it (the cascade reaches both).
    const gone = await player();
    await give(gone, X, 2);
    await server.db("users").where({ id: gone.id }).delete();
    expect(Number((await server.db("card_stacks").where({ user_id: gone.id }).count("* as n").first())!.n)).toBe(0);
    expect(await stackMismatches(server.db)).toBe(0);
  });

  it("are kept by the pack itself: a second copy from a pack, and two equal cards in one Open 10, mark their stack", async () => {
    const me = await player();
    // One copy of every plain card of set 1: most cards a pack brings are then a second copy.
    const plain = SETS[0]!.characters.map((_, i) => plainCard(1, i));
    await giveCards(server.db, me.id, plain);
    await server.db("users").where({ id: me.id }).update({ coins: 100 });
    for (const body of [{ set: 1 }, { set: 1 }, { set: 1, count: 10 }]) expect((await me.client.post("/api/open-pack", body)).status).toBe(200);
    // The packs' second copies were raised by the pack's own statement (card_stacks_raise).
    expect(await stackMismatches(server.db)).toBe(0);
    const marked = await server.db("card_stacks").where({ user_id: me.id, multi: true }).count("* as n").first();
    expect(Number(marked!.n)).toBeGreaterThan(0);
  });
});
