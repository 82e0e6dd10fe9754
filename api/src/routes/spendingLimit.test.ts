import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSpendingLimit, spendingLimitOf } from "../commands/spendingLimitSetter.ts";
import { MSG } from "../contract/messages.ts";
import { LIMIT_DELAY_MS } from "../game/spendingLimit.ts";
import { startStripeStandIn, type StripeStandIn } from "../testing/stripeStandIn.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// Issue 16, RULES.md Spending limit: set, lowered at once, raised after 24 hours, and enforced by
// the server before any charge, with both payment providers, also against parallel checkouts.

let testStore: TestServer;
let stripeStore: TestServer;
let stripeApi: StripeStandIn;
beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  [testStore, stripeStore] = await Promise.all([
    startTestServer({ paymentsTestMode: true, stripe: { secretKey: undefined, publishableKey: undefined, webhookSecret: undefined, apiBase: undefined } }),
    startTestServer({ paymentsTestMode: false, stripe: { secretKey: "sk_test_foilbound", publishableKey: "pk_test_foilbound", webhookSecret: "whsec_test", apiBase: stripeApi.url } }),
  ]);
});
afterAll(async () => {
  await Promise.all([testStore?.close(), stripeStore?.close()]);
  await stripeApi?.close();
});

const userId = async (server: TestServer, username: string) => (await server.db("users").where({ username }).first("id")).id as number;
const setLimit = (c: ApiClient, monthlyLimitCents: number | null) => c.put("/api/user/spending-limit", { monthlyLimitCents });

describe("GET and PUT /api/user/spending-limit", () => {
  it("starts with no limit, sets and lowers at once, and refuses anything but whole dollars", async () => {
    const c = await signedUpClient(testStore, "Limiter");
    expect((await c.get("/api/user/spending-limit")).body).toEqual({ monthlyLimitCents: null, spentThisMonthCents: 0, pending: null });
    expect((await setLimit(c, 2000)).body).toEqual({ monthlyLimitCents: 2000, spentThisMonthCents: 0, pending: null });
    expect((await setLimit(c, 1000)).body).toMatchObject({ monthlyLimitCents: 1000, pending: null });
    for (const bad of [0, 50, 150, -100, 1.5, 10_000_100, "2000", undefined]) {
      const res = await c.put("/api/user/spending-limit", { monthlyLimitCents: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body).toEqual({ error: MSG.spendingLimitInvalid });
    }
    expect((await c.get("/api/user/spending-limit")).body.monthlyLimitCents).toBe(1000);
  });

  it("raises or removes a limit only after 24 hours (clock injected)", async () => {
    const c = await signedUpClient(testStore, "Raiser");
    const id = await userId(testStore, "Raiser");
    const t0 = new Date("2026-11-25T12:00:00Z");
    await setSpendingLimit(testStore.db, id, 1000, t0);
    const raised = await setSpendingLimit(testStore.db, id, 5000, t0);
    expect(raised).toEqual({ monthlyLimitCents: 1000, spentThisMonthCents: 0, pending: { monthlyLimitCents: 5000, effectiveAt: new Date(t0.getTime() + LIMIT_DELAY_MS).toISOString() } });
    expect((await spendingLimitOf(testStore.db, id, new Date(t0.getTime() + LIMIT_DELAY_MS - 1000))).monthlyLimitCents).toBe(1000);
    expect(await spendingLimitOf(testStore.db, id, new Date(t0.getTime() + LIMIT_DELAY_MS))).toMatchObject({ monthlyLimitCents: 5000, pending: null });
    // Through the API (today's clock): removal waits too.
    await setLimit(c, 300);
    const removed = (await setLimit(c, null)).body;
    expect(removed.monthlyLimitCents).toBe(300);
    expect(removed.pending.monthlyLimitCents).toBeNull();
    expect(new Date(removed.pending.effectiveAt).getTime() - Date.now()).toBeGreaterThan(LIMIT_DELAY_MS - 60_000);
  });
});

describe("checkouts against the limit", () => {
  it("test provider: refuses a package that would pass the limit before any charge, and counts only paid purchases", async () => {
    const c = await signedUpClient(testStore, "TestLimited");
    await setLimit(c, 1000);
    // $4.99, paid: $5.01 left.
    const first = await c.post("/api/create-payment-intent", { packageId: "coins-medium" });
    expect(first.status).toBe(200);
    await c.post("/api/test-payments/confirm", { clientSecret: first.body.clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" });
    const paymentIntentId = first.body.clientSecret.split("_secret_")[0];
    expect((await c.post("/api/confirm-purchase", { paymentIntentId, packageId: "coins-medium" })).body.status).toBe("completed");
    expect((await c.get("/api/user/spending-limit")).body.spentThisMonthCents).toBe(499);
    // $9.99 would take the month to $14.98: refused, and no purchase row appears.
    const before = await testStore.db("purchases").where({ user_id: await userId(testStore, "TestLimited") }).count("* as n").first();
    const refused = await c.post("/api/create-payment-intent", { packageId: "coins-large" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: MSG.spendingLimitPassed("$10") });
    const after = await testStore.db("purchases").where({ user_id: await userId(testStore, "TestLimited") }).count("* as n").first();
    expect(Number(after?.n)).toBe(Number(before?.n));
    // $1.99 fits.
    expect((await c.post("/api/create-payment-intent", { packageId: "gems-small" })).status).toBe(200);
  });

  it("test provider: a card charge is refused too when it would pass the limit, whenever the checkout was made", async () => {
    const card = (clientSecret: string, cardNumber: string) => ({ clientSecret, cardNumber, expiry: "12/39", cvc: "123" });
    const intentOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;
    // A declined checkout, then the same package bought: the declined one, paid later with a good
    // card, would take the month to $9.98 against $5.
    const c = await signedUpClient(testStore, "LateCard");
    await setLimit(c, 500);
    const declined = (await c.post("/api/create-payment-intent", { packageId: "coins-medium" })).body.clientSecret as string;
    expect((await c.post("/api/test-payments/confirm", card(declined, "4000000000000002"))).status).toBe(402);
    const paid = (await c.post("/api/create-payment-intent", { packageId: "coins-medium" })).body.clientSecret as string;
    expect((await c.post("/api/test-payments/confirm", card(paid, "4242424242424242"))).status).toBe(200);
    expect((await c.post("/api/confirm-purchase", { paymentIntentId: intentOf(paid), packageId: "coins-medium" })).body.status).toBe("completed");
    const late = await c.post("/api/test-payments/confirm", card(declined, "4242424242424242"));
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: MSG.spendingLimitPassed("$5") });
    expect((await testStore.db("test_payment_intents").where({ id: intentOf(declined) }).first()).status).toBe("failed");
    expect((await c.post("/api/confirm-purchase", { paymentIntentId: intentOf(declined), packageId: "coins-medium" })).status).toBe(402);
    expect((await c.get("/api/user/spending-limit")).body.spentThisMonthCents).toBe(499);

    // A $39.99 checkout made with no limit, then the limit lowered to $1: the checkout has ended.
    const d = await signedUpClient(testStore, "LoweredLimit");
    const open = (await d.post("/api/create-payment-intent", { packageId: "coins-huge" })).body.clientSecret as string;
    await setLimit(d, 100);
    const refused = await d.post("/api/test-payments/confirm", card(open, "4242424242424242"));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: MSG.checkoutEnded });
    expect((await d.post("/api/confirm-purchase", { paymentIntentId: intentOf(open), packageId: "coins-huge" })).body).toEqual({ error: MSG.checkoutEnded });
    expect((await d.get("/api/user")).body.coins).toBe(10);
    expect((await d.get("/api/user/spending-limit")).body.spentThisMonthCents).toBe(0);
  });

  it("Stripe: a limit set or lowered ends the open checkouts at Stripe, so none can be paid past it; raising one ends none", async () => {
    const c = await signedUpClient(stripeStore, "StripeLowered");
    const id = await userId(stripeStore, "StripeLowered");
    const huge = (await c.post("/api/create-payment-intent", { packageId: "coins-huge" })).body.paymentIntentId as string;
    const small = (await c.post("/api/create-payment-intent", { packageId: "gems-small" })).body.paymentIntentId as string;
    await setLimit(c, 100);
    // Stripe's card step never passes through the server: the intents themselves are cancelled.
    expect(stripeApi.intents.get(huge)!.status).toBe("canceled");
    expect(stripeApi.intents.get(small)!.status).toBe("canceled");
    expect(await stripeStore.db("purchases").where({ user_id: id }).pluck("status")).toEqual(["abandoned", "abandoned"]);
    // A new checkout is checked against the new limit ($1.99 > $1), and one that fits is made.
    expect((await c.post("/api/create-payment-intent", { packageId: "gems-small" })).body).toEqual({ error: MSG.spendingLimitPassed("$1") });
    // Raising a limit waits 24 hours (RULES.md) and ends no checkout.
    const r = await signedUpClient(stripeStore, "StripeRaised");
    await setLimit(r, 1000);
    const fits = (await r.post("/api/create-payment-intent", { packageId: "gems-small" })).body.paymentIntentId as string;
    const cancels = () => stripeApi.requests.filter((q) => q.path.endsWith("/cancel")).length;
    const before = cancels();
    await setLimit(r, 5000);
    expect(cancels()).toBe(before);
    expect(stripeApi.intents.get(fits)!.status).toBe("requires_payment_method");
  });

  it("Stripe: refuses before asking Stripe for an intent", async () => {
    const c = await signedUpClient(stripeStore, "StripeLimited");
    await setLimit(c, 500);
    const asked = stripeApi.requests.length;
    const refused = await c.post("/api/create-payment-intent", { packageId: "coins-large" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: MSG.spendingLimitPassed("$5") });
    expect(stripeApi.requests.length).toBe(asked);
    expect((await c.post("/api/create-payment-intent", { packageId: "coins-medium" })).status).toBe(200);
  });

  it("parallel checkouts cannot together pass the limit", async () => {
    for (const server of [testStore, stripeStore]) {
      const name = `Parallel${server === testStore ? "Test" : "Stripe"}`;
      const c = await signedUpClient(server, name);
      await setLimit(c, 1000);
      // Four packages of $4.99, $9.99, $1.99 and $8.99 at once: unpaid checkouts hold their amount.
      const results = await Promise.all(["coins-medium", "coins-large", "gems-small", "gems-large"].map((packageId) => c.post("/api/create-payment-intent", { packageId })));
      const accepted = await server.db("purchases").where({ user_id: await userId(server, name), status: "pending" }).sum("amount_cents as total").first();
      expect(Number(accepted?.total)).toBeLessThanOrEqual(1000);
      expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0);
      expect(results.filter((r) => r.status !== 200).every((r) => r.status === 400 && r.body.error === MSG.spendingLimitPassed("$10"))).toBe(true);
    }
  });
});
