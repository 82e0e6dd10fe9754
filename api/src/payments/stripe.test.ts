import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { startStripeStandIn, type StandInIntent, type StripeStandIn } from "../testing/stripeStandIn.ts";
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
  const payload = JSON.stringify({ id: `evt_${intent.id}`, object: "event", type: opts.type ?? "payment_intent.succeeded", data: { object: intent } });
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  const body = opts.tamper ? payload.replace(`"amount":${intent.amount}`, `"amount":${intent.amount + 1}`) : payload;
  // Stripe calls from its own servers: no Origin, no session.
  return fetch(`${server.url}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
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
    expect(created?.form).toMatchObject({ amount: "999", currency: "usd", "metadata[packageId]": "coins-large" });
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

  it("confirm before payment is pending; the webhook credits once; replays and a later confirm do not", async () => {
    const c = await signedUpClient(server, "StripeB");
    const before = await balance("StripeB");
    const { id, confirm } = await startBuying(c, "coins-large");
    expect(await confirm()).toMatchObject({ status: 202, body: { status: "pending" } });
    expect(await balance("StripeB")).toEqual(before);
    const intent = stripeApi.pay(id, "succeeded");
    for (let i = 0; i < 3; i++) expect((await webhook(intent)).status).toBe(200);
    expect(await balance("StripeB")).toEqual({ coins: before.coins + 120, gems: before.gems });
    expect(await confirm()).toMatchObject({ status: 200, body: { status: "completed", newCoinCount: before.coins + 120 } });
    expect(await balance("StripeB")).toEqual({ coins: before.coins + 120, gems: before.gems });
  });

  it("confirm after payment credits; the webhook arriving afterwards does not credit again", async () => {
    const c = await signedUpClient(server, "StripeC");
    const before = await balance("StripeC");
    const { id, confirm } = await startBuying(c, "gems-small");
    const intent = stripeApi.pay(id, "succeeded");
    expect(await confirm()).toMatchObject({ status: 200, body: { status: "completed", newGemCount: before.gems + 5 } });
    expect((await webhook(intent)).status).toBe(200);
    expect(await balance("StripeC")).toEqual({ coins: before.coins, gems: before.gems + 5 });
  });

  it("many confirmations and webhooks at once credit once", async () => {
    const c = await signedUpClient(server, "StripeD");
    const before = await balance("StripeD");
    const { id, confirm } = await startBuying(c, "coins-huge");
    const intent = stripeApi.pay(id, "succeeded");
    await Promise.all([...Array.from({ length: 15 }, confirm), ...Array.from({ length: 15 }, () => webhook(intent))]);
    expect(await balance("StripeD")).toEqual({ coins: before.coins + 650, gems: before.gems });
  });

  it("refuses a bad signature or a tampered body, crediting nothing", async () => {
    const c = await signedUpClient(server, "StripeE");
    const before = await balance("StripeE");
    const { id } = await startBuying(c, "coins-large");
    const intent = stripeApi.pay(id, "succeeded");
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
    stripeApi.pay(id, "succeeded");
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
    stripeApi.pay(id, "succeeded");
    expect(await confirm()).toMatchObject({ status: 400, body: { error: MSG.purchaseAmountMismatch } });
    expect((await webhook(intent)).status).toBe(200); // acknowledged, logged, not credited
    expect(await balance("StripeG")).toEqual(before);
  });
});
