import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { SEED_PACKAGES } from "../db/seed.ts";
import { creditOf } from "../game/store.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// The built-in test provider (RULES.md, Store). The Stripe path has its own file.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ paymentsTestMode: true, stripe: { secretKey: undefined, publishableKey: undefined, webhookSecret: undefined, apiBase: undefined } });
});
afterAll(() => server?.close());

const balance = async (username: string) => server.db("users").where({ username }).first("coins", "gems");
const card = (cardNumber: string, clientSecret: string) => ({ clientSecret, cardNumber, expiry: "12/39", cvc: "123" });
const OK = "4242 4242 4242 4242";
const DECLINED = "4000 0000 0000 0002";

async function buy(client: ApiClient, packageId: string, cardNumber = OK) {
  const intent = await client.post("/api/create-payment-intent", { packageId });
  expect(intent.status).toBe(200);
  const paid = await client.post("/api/test-payments/confirm", card(cardNumber, intent.body.clientSecret));
  const paymentIntentId = intent.body.clientSecret.split("_secret_")[0];
  return { intent, paid, paymentIntentId, confirm: () => client.post("/api/confirm-purchase", { paymentIntentId, packageId }) };
}

describe("the store", () => {
  it("lists the seeded packages with dollar prices and what each credits", async () => {
    const res = await server.client().get("/api/packages");
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual(SEED_PACKAGES.map((p) => p.id));
    const chest = res.body.find((p: { id: string }) => p.id === "coins-large");
    expect(chest).toMatchObject({ name: "Coin Chest", type: "coins", coins: 100, priceUsd: 9.99, popular: true, bonus: "20% Bonus", bonusPercentage: 20, coinsCredited: 120, gemsCredited: 0 });
    expect(res.body.find((p: { id: string }) => p.id === "gems-large")).toMatchObject({ gems: 25, gemsCredited: 30, priceUsd: 8.99 });
    expect((await server.client().get("/api/config")).body.payments).toEqual({ provider: "test", publishableKey: null });
  });

  it("buys a package with the test card: credited from the package row once, in the history", async () => {
    const c = await signedUpClient(server, "Buyer");
    const before = await balance("Buyer");
    const { paid, confirm } = await buy(c, "coins-medium");
    expect(paid).toMatchObject({ status: 200, body: { status: "succeeded" } });
    const done = await confirm();
    const credit = creditOf({ type: "coins", coins: 50, gems: 0, bonusPercentage: 10 });
    expect(done).toMatchObject({ status: 200, body: { status: "completed", newCoinCount: before.coins + credit.coins, purchase: { status: "completed", coinsAwarded: 55, amountUsd: 499 } } });
    // Confirming again changes nothing.
    expect((await confirm()).status).toBe(200);
    expect(await balance("Buyer")).toEqual({ coins: before.coins + 55, gems: before.gems });
    const history = (await c.get("/api/purchase-history")).body;
    expect(history).toMatchObject([{ status: "completed", amountUsd: 499, coinsAwarded: 55, gemsAwarded: 0, packageDetails: { name: "Coin Sack" } }]);
  });

  it("applies the regeneration due before crediting: 45 coins with 5 due and a 120-coin chest make 170", async () => {
    const c = await signedUpClient(server, "CapBuyer");
    await server.db("users").where({ username: "CapBuyer" }).update({ coins: 45, last_coin_generation: new Date(Date.now() - 5.5 * 30 * 60_000) });
    const { confirm } = await buy(c, "coins-large");
    expect(await confirm()).toMatchObject({ status: 200, body: { newCoinCount: 170 } });
    expect((await balance("CapBuyer")).coins).toBe(170);
  });

  it("credits once when many confirmations arrive at once", async () => {
    const c = await signedUpClient(server, "Hasty");
    const before = await balance("Hasty");
    const { confirm } = await buy(c, "gems-large");
    const results = await Promise.all(Array.from({ length: 20 }, confirm));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await balance("Hasty")).toEqual({ coins: before.coins, gems: before.gems + 30 });
  });

  it("a declined card credits nothing and the purchase reads as failed", async () => {
    const c = await signedUpClient(server, "Declined");
    const before = await balance("Declined");
    const { paid, confirm } = await buy(c, "coins-huge", DECLINED);
    expect(paid).toMatchObject({ status: 402, body: { error: MSG.testCardDeclined } });
    expect(await confirm()).toMatchObject({ status: 402, body: { error: MSG.testCardDeclined } });
    expect(await balance("Declined")).toEqual(before);
    expect((await c.get("/api/purchase-history")).body).toMatchObject([{ status: "failed", coinsAwarded: 0, amountUsd: 3999 }]);
  });

  it("refuses bad input and other players' payments with texts a player can read", async () => {
    const c = await signedUpClient(server, "Careful");
    const other = await signedUpClient(server, "Other");
    expect(await c.post("/api/create-payment-intent", { packageId: "coins-free" })).toMatchObject({ status: 400, body: { error: MSG.unknownPackage } });
    expect(await c.post("/api/create-payment-intent", {})).toMatchObject({ status: 400, body: { error: MSG.unknownPackage } });
    expect(await server.client().post("/api/create-payment-intent", { packageId: "coins-small" })).toMatchObject({ status: 401 });
    const { body } = await c.post("/api/create-payment-intent", { packageId: "coins-small" });
    const id = body.clientSecret.split("_secret_")[0];
    expect(await c.post("/api/test-payments/confirm", card("1234 5678 9012 3456", body.clientSecret))).toMatchObject({ status: 400, body: { error: MSG.testCardUnknown } });
    expect(await c.post("/api/test-payments/confirm", { ...card(OK, body.clientSecret), expiry: "01/20" })).toMatchObject({ status: 400, body: { error: MSG.testCardExpiry } });
    expect(await c.post("/api/test-payments/confirm", { ...card(OK, body.clientSecret), cvc: "1" })).toMatchObject({ status: 400, body: { error: MSG.testCardCvc } });
    // Another player can neither pay nor claim this intent.
    expect(await other.post("/api/test-payments/confirm", card(OK, body.clientSecret))).toMatchObject({ status: 404, body: { error: MSG.purchaseNotFound } });
    expect((await c.post("/api/test-payments/confirm", card(OK, body.clientSecret))).status).toBe(200);
    const before = await balance("Other");
    expect(await other.post("/api/confirm-purchase", { paymentIntentId: id, packageId: "coins-small" })).toMatchObject({ status: 403, body: { error: MSG.purchaseNotYours } });
    expect(await c.post("/api/confirm-purchase", { paymentIntentId: id, packageId: "coins-huge" })).toMatchObject({ status: 400, body: { error: MSG.purchasePackageMismatch } });
    expect(await c.post("/api/confirm-purchase", { paymentIntentId: "pi_nope", packageId: "coins-small" })).toMatchObject({ status: 404, body: { error: MSG.purchaseNotFound } });
    expect(await balance("Other")).toEqual(before);
    // The card step's answer captured it for its owner (as Stripe's webhook would), once.
    expect((await c.get("/api/purchase-history")).body).toMatchObject([{ status: "completed", coinsAwarded: 10 }]);
  });

  it("gives back an unpaid checkout of the same package; any other checkout ends the earlier ones", async () => {
    const c = await signedUpClient(server, "Browser");
    const intentFor = async (packageId: string) => (await c.post("/api/create-payment-intent", { packageId })).body.clientSecret as string;
    const pending = async () => Number((await server.db("purchases").join("users", "users.id", "purchases.user_id").where({ username: "Browser", status: "pending" }).count("* as n").first())?.n);
    const first = await intentFor("coins-small");
    expect(await intentFor("coins-small")).toBe(first);
    expect(await pending()).toBe(1);
    // Another package is another checkout, and the first one ends (it cannot be paid any more).
    expect(await intentFor("gems-small")).not.toBe(first);
    expect(await pending()).toBe(1);
    expect(await c.post("/api/test-payments/confirm", card(OK, first))).toMatchObject({ status: 400, body: { error: MSG.checkoutEnded } });
    // A declined intent is not offered again: the next try starts fresh.
    const retry = await intentFor("coins-small");
    expect((await c.post("/api/test-payments/confirm", card(DECLINED, retry))).status).toBe(402);
    const second = await intentFor("coins-small");
    expect(second).not.toBe(retry);
    // Nor one made at an older price.
    await server.db("packages").where({ id: "coins-small" }).update({ price_cents: 129 });
    try {
      expect(await intentFor("coins-small")).not.toBe(second);
    } finally {
      await server.db("packages").where({ id: "coins-small" }).update({ price_cents: 99 });
    }
    // Another player never gets this player's checkout.
    const other = await signedUpClient(server, "Browser2");
    expect((await other.post("/api/create-payment-intent", { packageId: "gems-small" })).body.clientSecret).not.toBe(await intentFor("gems-small"));
  });

  it("60 checkouts of one package at once make one intent and one pending purchase; the rest wait for it or are limited", async () => {
    const c = await signedUpClient(server, "Clicker");
    const results = await Promise.all(Array.from({ length: 60 }, () => c.post("/api/create-payment-intent", { packageId: "coins-medium" })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.body.clientSecret)).size).toBe(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 429, body: { error: MSG.tooManyAttempts } });
    const userId = (await server.db("users").where({ username: "Clicker" }).first("id")).id;
    expect(await server.db("test_payment_intents").where({ user_id: userId })).toHaveLength(1);
    expect(await server.db("purchases").where({ user_id: userId, status: "pending" })).toHaveLength(1);
  });

  it("test purchases are marked; the test refund takes the credit back once and the history says Refunded", async () => {
    const c = await signedUpClient(server, "TestRefund");
    const before = await balance("TestRefund");
    const { confirm, paymentIntentId } = await buy(c, "coins-large");
    expect((await confirm()).status).toBe(200);
    expect((await c.get("/api/purchase-history")).body[0]).toMatchObject({ status: "completed", test: true, coinsAwarded: 120, paymentIntentId });
    // Another player cannot refund it.
    const other = await signedUpClient(server, "NotMine");
    expect(await other.post("/api/test-payments/refund", { paymentIntentId })).toMatchObject({ status: 404, body: { error: MSG.purchaseNotFound } });
    const refunds = await Promise.all(Array.from({ length: 5 }, () => c.post("/api/test-payments/refund", { paymentIntentId })));
    expect(refunds.every((r) => r.status === 200)).toBe(true);
    expect(await balance("TestRefund")).toEqual(before);
    expect((await c.get("/api/purchase-history")).body[0]).toMatchObject({ status: "refunded", coinsReversed: 120 });
    expect(await confirm()).toMatchObject({ status: 409, body: { error: MSG.purchaseReversed } });
  });

  it("the price charged is the package row's, even after an operator changes it", async () => {
    const c = await signedUpClient(server, "Repriced");
    await server.db("packages").where({ id: "coins-small" }).update({ price_cents: 149 });
    try {
      const { intent } = await buy(c, "coins-small");
      const row = await server.db("test_payment_intents").where({ client_secret: intent.body.clientSecret }).first();
      expect(row.amount_cents).toBe(149);
      expect((await c.get("/api/purchase-history")).body[0].amountUsd).toBe(149);
    } finally {
      await server.db("packages").where({ id: "coins-small" }).update({ price_cents: 99 });
    }
  });
});

describe("without a payment provider (production, no keys)", () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startTestServer({ paymentsTestMode: false, production: true, stripe: { secretKey: undefined, publishableKey: undefined, webhookSecret: undefined, apiBase: undefined } });
  });
  afterAll(() => prod?.close());

  it("says payments are unavailable and never offers the test card", async () => {
    const c = await signedUpClient(prod, "NoPay");
    expect((await c.get("/api/config")).body.payments).toEqual({ provider: null, publishableKey: null });
    expect(await c.post("/api/create-payment-intent", { packageId: "coins-small" })).toMatchObject({ status: 503, body: { error: MSG.paymentsUnavailable } });
    expect((await c.post("/api/test-payments/confirm", card(OK, "pi_x_secret_y"))).status).toBe(404);
    expect((await c.get("/api/packages")).body).toHaveLength(SEED_PACKAGES.length);
  });
});
