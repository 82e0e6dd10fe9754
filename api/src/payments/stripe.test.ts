import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { sendWebhook, startStripeStandIn, type StandInIntent, type StripeStandIn } from "../testing/stripeStandIn.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// The Stripe path for real: the `stripe` SDK talks to a local stand-in, and webhooks carry
// signatures made by the SDK's own test helper.
const WEBHOOK_SECRET = "whsec_test_foilbound";
let stripeApi: StripeStandIn;
let server: TestServer;
const sdk = new Stripe("sk_test_unused");

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  server = await startTestServer({
    paymentsTestMode: false,
    stripe: { secretKey: "sk_test_foilbound", publishableKey: "pk_test_foilbound", webhookSecret: WEBHOOK_SECRET, apiBase: stripeApi.url },
  });
});
afterAll(async () => {
  await server?.close();
  await stripeApi?.close();
});

const balance = async (username: string) => server.db("users").where({ username }).first("coins", "gems");

function webhook(intent: StandInIntent, opts: { type?: string; secret?: string; tamper?: boolean } = {}) {
  return sendWebhook(server.url, opts.secret ?? WEBHOOK_SECRET, intent, opts);
}

/** A signed Stripe event about a charge or a dispute of a payment intent. */
function chargeEvent(type: "charge.refunded" | "charge.dispute.created" | "charge.dispute.closed", intentId: string, amount: number, reversed: number, disputeStatus = "needs_response") {
  const object =
    type === "charge.refunded"
      ? { id: `ch_${intentId}`, object: "charge", payment_intent: intentId, amount, amount_refunded: reversed, refunded: reversed >= amount }
      : { id: `dp_${intentId}`, object: "dispute", payment_intent: intentId, charge: `ch_${intentId}`, amount: reversed, status: disputeStatus };
  const payload = JSON.stringify({ id: `evt_${type}_${intentId}_${reversed}`, object: "event", type, data: { object } });
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return fetch(`${server.url}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload });
}

async function startBuying(client: ApiClient, packageId: string) {
  const res = await client.post("/api/create-payment-intent", { packageId });
  expect(res.status).toBe(200);
  const id = res.body.clientSecret.split("_secret_")[0] as string;
  return { id, confirm: () => client.post("/api/confirm-purchase", { paymentIntentId: id, packageId }) };
}

describe("Stripe payments", () => {
  it("creates the PaymentIntent with the package row's price and the player and package in its metadata", async () => {
    const c = await signedUpClient(server, "StripeA");
    const { id } = await startBuying(c, "coins-large");
    const created = stripeApi.requests.find((r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.form["metadata[packageId]"] === "coins-large");
    expect(created?.form).toMatchObject({ amount: "999", currency: "usd", capture_method: "manual", "metadata[packageId]": "coins-large" });
    expect(created?.auth).toBe("Bearer sk_test_foilbound");
    expect(stripeApi.intents.get(id)?.metadata.userId).toBe(String((await server.db("users").where({ username: "StripeA" }).first("id")).id));
    expect((await c.get("/api/config")).body.payments).toEqual({ provider: "stripe", publishableKey: "pk_test_foilbound" });
    expect((await c.get("/api/purchase-history")).body).toMatchObject([{ status: "pending", amountUsd: 999, packageDetails: { name: "Coin Chest" } }]);
  });

  it("choosing the same package again reuses the unpaid PaymentIntent; a declined one is replaced", async () => {
    const c = await signedUpClient(server, "StripeAgain");
    const creates = () => stripeApi.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents").length;
    const before = creates();
    const { id } = await startBuying(c, "gems-small");
    expect((await startBuying(c, "gems-small")).id).toBe(id);
    expect(creates()).toBe(before + 1);
    expect((await c.get("/api/purchase-history")).body).toHaveLength(1);
    stripeApi.pay(id, "declined");
    expect((await startBuying(c, "gems-small")).id).not.toBe(id);
    expect(creates()).toBe(before + 2);
  });

  it("confirm before payment is pending; the authorization's webhook captures and credits once; replays and a later confirm do not", async () => {
    const c = await signedUpClient(server, "StripeB");
    const before = await balance("StripeB");
    const { id, confirm } = await startBuying(c, "coins-large");
    expect(await confirm()).toMatchObject({ status: 202, body: { status: "pending" } });
    expect(await balance("StripeB")).toEqual(before);
    const intent = stripeApi.pay(id, "approved");
    expect(intent.status).toBe("requires_capture");
    for (let i = 0; i < 3; i++) expect((await webhook(intent)).status).toBe(200);
    expect(stripeApi.intents.get(id)).toMatchObject({ status: "succeeded", amount_received: 999 });
    expect(await balance("StripeB")).toEqual({ coins: before.coins + 120, gems: before.gems });
    // Stripe's payment_intent.succeeded follows the capture: nothing more.
    expect((await webhook(stripeApi.intents.get(id)!)).status).toBe(200);
    expect(await balance("StripeB")).toEqual({ coins: before.coins + 120, gems: before.gems });
    expect(await confirm()).toMatchObject({ status: 200, body: { status: "completed", newCoinCount: before.coins + 120 } });
    expect(await balance("StripeB")).toEqual({ coins: before.coins + 120, gems: before.gems });
  });

  it("confirm after the card captures and credits; the webhooks arriving afterwards do not credit again", async () => {
    const c = await signedUpClient(server, "StripeC");
    const before = await balance("StripeC");
    const { id, confirm } = await startBuying(c, "gems-small");
    const intent = stripeApi.pay(id, "approved");
    expect(await confirm()).toMatchObject({ status: 200, body: { status: "completed", newGemCount: before.gems + 5 } });
    expect(stripeApi.intents.get(id)!.status).toBe("succeeded");
    // The authorization's event, late, then the capture's.
    expect((await webhook(intent)).status).toBe(200);
    expect((await webhook(stripeApi.intents.get(id)!)).status).toBe(200);
    expect(await balance("StripeC")).toEqual({ coins: before.coins, gems: before.gems + 5 });
  });

  it("a refund takes the credit back once, however often it arrives; partial refunds add up", async () => {
    const c = await signedUpClient(server, "Refunded");
    const before = await balance("Refunded");
    const { id, confirm } = await startBuying(c, "coins-huge"); // $39.99, 650 coins
    stripeApi.pay(id, "approved");
    expect((await confirm()).status).toBe(200);
    expect((await balance("Refunded")).coins).toBe(before.coins + 650);
    // Half refunded, then the rest; each event twice.
    for (let i = 0; i < 2; i++) expect((await chargeEvent("charge.refunded", id, 3999, 2000)).status).toBe(200);
    expect((await balance("Refunded")).coins).toBe(before.coins + 650 - 326);
    for (let i = 0; i < 2; i++) expect((await chargeEvent("charge.refunded", id, 3999, 3999)).status).toBe(200);
    expect((await balance("Refunded")).coins).toBe(before.coins);
    expect((await c.get("/api/purchase-history")).body[0]).toMatchObject({ status: "refunded", coinsAwarded: 650, coinsReversed: 650, test: false });
    // A late success webhook or confirm never credits a refunded payment again.
    expect((await webhook(stripeApi.intents.get(id)!)).status).toBe(200);
    expect(await confirm()).toMatchObject({ status: 409, body: { error: MSG.purchaseReversed } });
    expect((await balance("Refunded")).coins).toBe(before.coins);
  });

  it("a dispute takes the coins back even below zero, and a negative balance cannot open packs", async () => {
    const c = await signedUpClient(server, "Disputer");
    const { id, confirm } = await startBuying(c, "coins-huge");
    stripeApi.pay(id, "approved");
    expect((await confirm()).status).toBe(200);
    // The coins were spent before the chargeback.
    await server.db("users").where({ username: "Disputer" }).update({ coins: 20 });
    expect((await chargeEvent("charge.dispute.created", id, 3999, 3999)).status).toBe(200);
    expect((await chargeEvent("charge.dispute.created", id, 3999, 3999)).status).toBe(200);
    expect((await balance("Disputer")).coins).toBe(20 - 650);
    expect((await c.get("/api/purchase-history")).body[0]).toMatchObject({ status: "disputed", coinsReversed: 650 });
    expect(await c.post("/api/open-pack", { set: 1 })).toMatchObject({ status: 400, body: { error: MSG.notEnoughCoins } });
    expect((await c.get("/api/user")).body.coins).toBe(20 - 650);
    // The dispute is won: the coins come back once, however often Stripe says so; a lost one changes nothing.
    expect((await chargeEvent("charge.dispute.closed", id, 3999, 3999, "lost")).status).toBe(200);
    expect((await balance("Disputer")).coins).toBe(20 - 650);
    for (let i = 0; i < 2; i++) expect((await chargeEvent("charge.dispute.closed", id, 3999, 3999, "won")).status).toBe(200);
    expect((await balance("Disputer")).coins).toBe(20);
    expect((await c.get("/api/purchase-history")).body[0]).toMatchObject({ status: "completed", coinsReversed: 0 });
  });

  it("a signed cancellation of a payment already credited takes the credit back, once", async () => {
    const c = await signedUpClient(server, "Cancelled");
    const before = await balance("Cancelled");
    const { id, confirm } = await startBuying(c, "coins-large");
    const paid = stripeApi.pay(id, "approved");
    expect((await confirm()).status).toBe(200);
    expect((await balance("Cancelled")).coins).toBe(before.coins + 120);
    for (let i = 0; i < 2; i++) expect((await webhook({ ...paid, status: "canceled" }, { type: "payment_intent.canceled" })).status).toBe(200);
    expect(await balance("Cancelled")).toEqual(before);
    expect((await c.get("/api/purchase-history")).body[0]).toMatchObject({ status: "refunded", coinsReversed: 120 });
  });

  it("a refund that arrives before the authorization leaves nothing credited and nothing captured", async () => {
    const c = await signedUpClient(server, "Backwards");
    const before = await balance("Backwards");
    const { id, confirm } = await startBuying(c, "coins-large");
    expect((await chargeEvent("charge.refunded", id, 999, 999)).status).toBe(200);
    const intent = stripeApi.pay(id, "approved");
    expect((await webhook(intent)).status).toBe(200);
    expect((await confirm()).status).toBe(409);
    expect(await balance("Backwards")).toEqual(before);
    // The card's hold is released.
    expect(stripeApi.intents.get(id)!.status).toBe("canceled");
  });

  it("many confirmations and webhooks at once credit once", async () => {
    const c = await signedUpClient(server, "StripeD");
    const before = await balance("StripeD");
    const { id, confirm } = await startBuying(c, "coins-huge");
    const intent = stripeApi.pay(id, "approved");
    await Promise.all([...Array.from({ length: 15 }, confirm), ...Array.from({ length: 15 }, () => webhook(intent))]);
    expect(await balance("StripeD")).toEqual({ coins: before.coins + 650, gems: before.gems });
    expect(stripeApi.intents.get(id)).toMatchObject({ status: "succeeded", amount_received: 3999 });
    // Every capture call is the same capture (one idempotency key per intent).
    const keys = new Set(stripeApi.requests.filter((r) => r.path === `/v1/payment_intents/${id}/capture`).map((r) => r.idempotencyKey));
    expect([...keys]).toEqual([`capture-${id}`]);
  });

  it("refuses a bad signature or a tampered body, crediting nothing", async () => {
    const c = await signedUpClient(server, "StripeE");
    const before = await balance("StripeE");
    const { id } = await startBuying(c, "coins-large");
    const intent = stripeApi.pay(id, "approved");
    for (const res of [await webhook(intent, { secret: "whsec_wrong" }), await webhook(intent, { tamper: true })]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: MSG.webhookSignature });
    }
    const unsigned = await fetch(`${server.url}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(unsigned.status).toBe(400);
    expect(await balance("StripeE")).toEqual(before);
  });

  it("a declined payment is recorded as failed and credits nothing; another player's intent is refused", async () => {
    const c = await signedUpClient(server, "StripeF");
    const thief = await signedUpClient(server, "StripeThief");
    const before = await balance("StripeF");
    const { id, confirm } = await startBuying(c, "coins-small");
    const declined = stripeApi.pay(id, "declined");
    expect((await webhook(declined, { type: "payment_intent.payment_failed" })).status).toBe(200);
    expect(await confirm()).toMatchObject({ status: 402, body: { error: "Your card was declined." } });
    expect((await c.get("/api/purchase-history")).body).toMatchObject([{ status: "failed" }]);
    // Paid with another card later: it completes.
    stripeApi.pay(id, "approved");
    expect(await thief.post("/api/confirm-purchase", { paymentIntentId: id, packageId: "coins-small" })).toMatchObject({ status: 403, body: { error: MSG.purchaseNotYours } });
    expect(await confirm()).toMatchObject({ status: 200, body: { status: "completed" } });
    expect(await balance("StripeF")).toEqual({ coins: before.coins + 10, gems: before.gems });
    expect(await c.post("/api/confirm-purchase", { paymentIntentId: "pi_unknown", packageId: "coins-small" })).toMatchObject({ status: 404, body: { error: MSG.purchaseNotFound } });
  });

  it("an intent whose amount does not match the package credits nothing", async () => {
    const c = await signedUpClient(server, "StripeG");
    const before = await balance("StripeG");
    const { id, confirm } = await startBuying(c, "coins-large");
    const intent = stripeApi.intents.get(id)!;
    intent.amount = 1; // e.g. changed on the provider's side
    stripeApi.pay(id, "approved");
    expect(await confirm()).toMatchObject({ status: 400, body: { error: MSG.purchaseAmountMismatch } });
    expect((await webhook(stripeApi.intents.get(id)!)).status).toBe(200); // acknowledged, logged, not credited
    expect(await balance("StripeG")).toEqual(before);
    expect(stripeApi.intents.get(id)!.status).toBe("requires_capture"); // never captured
  });
});
