import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider } from "../payments/stripeProvider.ts";
import { createTestProvider } from "../payments/testProvider.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { startStripeStandIn, type StripeStandIn } from "../testing/stripeStandIn.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";
import { runAdmin } from "./adminCommands.ts";

// Issue 46, item 5: `npm run admin -- refund <purchase>` gives the money back through the provider
// that took it and takes the credit back once, with Stripe's refund webhook arriving after it too.
const WEBHOOK_SECRET = "whsec_test_refund";
let testStore: TestServer;
let stripeStore: TestServer;
let stripeApi: StripeStandIn;
let testPayments: PaymentProvider;
let stripePayments: PaymentProvider;
const sdk = new Stripe("sk_test_unused");

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  testStore = await startTestServer({ paymentsTestMode: true, stripe: { secretKey: undefined, publishableKey: undefined, webhookSecret: undefined, apiBase: undefined } });
  stripeStore = await startTestServer({
    paymentsTestMode: false,
    stripe: { secretKey: "sk_test_refund", publishableKey: "pk_test_refund", webhookSecret: WEBHOOK_SECRET, apiBase: stripeApi.url },
  });
  testPayments = createTestProvider(testStore.db);
  stripePayments = createStripeProvider(stripeStore.config.stripe);
});
afterAll(async () => {
  await testStore?.close();
  await stripeStore?.close();
  await stripeApi?.close();
});

async function admin(server: TestServer, payments: PaymentProvider | null, ...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runAdmin(server.db, ["--operator", "dana", ...argv], (l) => lines.push(l), new Date(), { payments });
  return { code, out: lines.join("\n") };
}

const balance = async (server: TestServer, username: string) => server.db("users").where({ username }).first("coins", "gems");
const auditOf = async (server: TestServer, intentId: string) => (await server.db("admin_audit").where({ action: "refund" }).orderBy("id")).filter((r) => r.details.paymentIntentId === intentId);

async function checkout(c: ApiClient, packageId: string): Promise<{ id: string; clientSecret: string }> {
  const res = await c.post("/api/create-payment-intent", { packageId });
  expect(res.status).toBe(200);
  return { id: res.body.clientSecret.split("_secret_")[0], clientSecret: res.body.clientSecret };
}

/** A completed purchase through the test provider's card step. */
async function boughtWithTestCard(c: ApiClient, packageId: string): Promise<string> {
  const { id, clientSecret } = await checkout(c, packageId);
  expect((await c.post("/api/test-payments/confirm", { clientSecret, cardNumber: "4242424242424242", expiry: "12/39", cvc: "123" })).status).toBe(200);
  expect((await c.post("/api/confirm-purchase", { paymentIntentId: id, packageId })).body.status).toBe("completed");
  return id;
}

/** A completed purchase through Stripe: the card at Stripe, then confirm-purchase captures. */
async function boughtAtStripe(c: ApiClient, packageId: string): Promise<string> {
  const { id } = await checkout(c, packageId);
  stripeApi.pay(id, "approved");
  expect((await c.post("/api/confirm-purchase", { paymentIntentId: id, packageId })).body.status).toBe("completed");
  return id;
}

/** Stripe's charge.refunded event for an intent, as it follows a refund. */
function chargeRefunded(intentId: string, amount: number, refunded: number) {
  const object = { id: `ch_${intentId}`, object: "charge", payment_intent: intentId, amount, amount_refunded: refunded, refunded: refunded >= amount };
  const payload = JSON.stringify({ id: `evt_refund_${intentId}_${refunded}`, object: "event", type: "charge.refunded", data: { object } });
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return fetch(`${stripeStore.url}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload });
}

describe("admin refund, test provider", () => {
  it("refunds by purchase number: the provider's intent reads refunded, the coins go back once, audited", async () => {
    const c = await signedUpClient(testStore, "RefundT1");
    const before = await balance(testStore, "RefundT1");
    const id = await boughtWithTestCard(c, "coins-large"); // $9.99, 120 coins
    expect((await balance(testStore, "RefundT1")).coins).toBe(before.coins + 120);
    const purchase = await testStore.db("purchases").where({ payment_intent_id: id }).first("id");
    const res = await admin(testStore, testPayments, "refund", String(purchase.id));
    expect(res).toMatchObject({ code: 0 });
    expect(res.out).toBe(`Refunded purchase #${purchase.id} (${id}, Coin Chest) of RefundT1: $9.99 refunded through the test provider; took back 120 coins and 0 gems (by dana).`);
    expect(await testStore.db("test_payment_intents").where({ id }).first("status", "amount_refunded")).toEqual({ status: "succeeded", amount_refunded: 999 });
    expect(await balance(testStore, "RefundT1")).toEqual(before);
    expect((await c.get("/api/purchase-history")).body[0]).toMatchObject({ status: "refunded", coinsReversed: 120 });
    const [row] = await auditOf(testStore, id);
    expect(row).toMatchObject({ operator: "dana", action: "refund" });
    expect(row.created_at).toBeInstanceOf(Date);
    expect(row.details).toMatchObject({ purchaseId: purchase.id, userId: expect.any(Number), provider: "test", amountCents: 999, refundedCents: 999, takenCoins: 120, takenGems: 0, alreadyRefundedAtProvider: false });

    // Again, by its payment intent id: refused, nothing taken, nothing written.
    expect(await admin(testStore, testPayments, "refund", id)).toEqual({ code: 1, out: `Purchase #${purchase.id} (${id}) was already fully refunded` });
    expect(await balance(testStore, "RefundT1")).toEqual(before);
    expect(await auditOf(testStore, id)).toHaveLength(1);
    // The first test pays for warming both servers up (sign-up hashing, first statements).
  }, 90_000);

  it("refuses unknown, unpaid and cancelled purchases with a readable reason", async () => {
    expect(await admin(testStore, testPayments, "refund", "pi_test_nothing")).toEqual({ code: 1, out: 'No purchase "pi_test_nothing": give its id (purchases table) or its payment intent id (pi_...)' });
    expect((await admin(testStore, testPayments, "refund", "99999999")).code).toBe(1);
    const c = await signedUpClient(testStore, "RefundT2");
    const pending = await checkout(c, "gems-small");
    const p = await testStore.db("purchases").where({ payment_intent_id: pending.id }).first("id");
    expect(await admin(testStore, testPayments, "refund", pending.id)).toEqual({ code: 1, out: `Purchase #${p.id} (${pending.id}) is still pending (no money taken yet): nothing to refund` });
    // A newer checkout of another package ends this one at the provider.
    await checkout(c, "coins-small");
    await testStore.db("purchases").where({ payment_intent_id: pending.id }).update({ status: "abandoned" });
    expect((await admin(testStore, testPayments, "refund", pending.id)).out).toMatch(/was cancelled before payment \(no money taken\): nothing to refund$/);
    expect(await admin(testStore, null, "refund", pending.id)).toMatchObject({ code: 1 });
    expect(await admin(testStore, testPayments, "refund")).toMatchObject({ code: 2 });
    expect(await auditOf(testStore, pending.id)).toHaveLength(0);
  });

  it("a purchase the player refunded from the test store is already fully refunded", async () => {
    const c = await signedUpClient(testStore, "RefundT3");
    const id = await boughtWithTestCard(c, "gems-small");
    expect((await c.post("/api/test-payments/refund", { paymentIntentId: id })).status).toBe(200);
    expect(await testStore.db("test_payment_intents").where({ id }).first("amount_refunded")).toEqual({ amount_refunded: 199 });
    expect((await admin(testStore, testPayments, "refund", id)).out).toMatch(/was already fully refunded$/);
  });
});

describe("admin refund, Stripe", () => {
  it("refunds through Stripe once; Stripe's charge.refunded webhook afterwards takes nothing more", async () => {
    const c = await signedUpClient(stripeStore, "RefundS1");
    const before = await balance(stripeStore, "RefundS1");
    const id = await boughtAtStripe(c, "coins-huge"); // $39.99, 650 coins
    const res = await admin(stripeStore, stripePayments, "refund", id);
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/\$39\.99 refunded through Stripe; took back 650 coins and 0 gems \(by dana\)\.$/);
    expect(stripeApi.refunds.filter((r) => r.payment_intent === id)).toEqual([expect.objectContaining({ amount: 3999, status: "succeeded" })]);
    const call = stripeApi.requests.find((r) => r.path === "/v1/refunds" && r.form.payment_intent === id);
    expect(call).toMatchObject({ idempotencyKey: `refund-${id}`, auth: "Bearer sk_test_refund" });
    expect(await balance(stripeStore, "RefundS1")).toEqual(before);
    for (let i = 0; i < 2; i++) expect((await chargeRefunded(id, 3999, 3999)).status).toBe(200);
    expect(await balance(stripeStore, "RefundS1")).toEqual(before);
    expect((await c.get("/api/purchase-history")).body[0]).toMatchObject({ status: "refunded", coinsAwarded: 650, coinsReversed: 650 });
    expect((await admin(stripeStore, stripePayments, "refund", id)).out).toMatch(/already fully refunded$/);
    expect(stripeApi.refunds.filter((r) => r.payment_intent === id)).toHaveLength(1);
    expect((await auditOf(stripeStore, id)).map((r) => r.details)).toEqual([expect.objectContaining({ provider: "stripe", refundedCents: 3999, takenCoins: 650 })]);
  });

  it("after a partial refund at Stripe, refunds the rest and takes back the rest of the credit", async () => {
    const c = await signedUpClient(stripeStore, "RefundS2");
    const before = await balance(stripeStore, "RefundS2");
    const id = await boughtAtStripe(c, "coins-huge");
    // A partial refund from Stripe's dashboard, as Stripe records it and reports it.
    stripeApi.refunds.push({ id: "re_dash", object: "refund", payment_intent: id, charge: `ch_${id}`, amount: 2000, status: "succeeded" });
    expect((await chargeRefunded(id, 3999, 2000)).status).toBe(200);
    expect((await balance(stripeStore, "RefundS2")).coins).toBe(before.coins + 650 - 326);
    const res = await admin(stripeStore, stripePayments, "refund", id);
    expect(res.out).toMatch(/\$19\.99 refunded through Stripe; took back 324 coins/);
    expect(await balance(stripeStore, "RefundS2")).toEqual(before);
  });

  it("a payment Stripe had refunded already (the webhook not seen) has its credit taken back; an uncaptured one is refused", async () => {
    const c = await signedUpClient(stripeStore, "RefundS3");
    const before = await balance(stripeStore, "RefundS3");
    const id = await boughtAtStripe(c, "gems-large");
    stripeApi.refunds.push({ id: "re_dash2", object: "refund", payment_intent: id, charge: `ch_${id}`, amount: 899, status: "succeeded" });
    const res = await admin(stripeStore, stripePayments, "refund", id);
    expect(res.out).toMatch(/the Stripe payment had been refunded already; took back 0 coins and 30 gems/);
    expect(await balance(stripeStore, "RefundS3")).toEqual(before);
    expect((await auditOf(stripeStore, id))[0].details).toMatchObject({ alreadyRefundedAtProvider: true, refundedCents: 0 });

    // Authorized at Stripe, the purchase row marked completed by hand: Stripe refuses, so do we.
    const other = await checkout(c, "coins-small");
    stripeApi.pay(other.id, "approved");
    await stripeStore.db("purchases").where({ payment_intent_id: other.id }).update({ status: "completed" });
    expect((await admin(stripeStore, stripePayments, "refund", other.id)).out).toMatch(/took no money for it: nothing to refund$/);
    // A test purchase on a server now set up for Stripe.
    await stripeStore.db("purchases").where({ payment_intent_id: other.id }).update({ test: true });
    expect((await admin(stripeStore, stripePayments, "refund", other.id)).out).toMatch(/was paid through the test provider, but this server is set up for stripe$/);
  });
});
