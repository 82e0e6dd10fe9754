import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A local stand-in for the few Stripe endpoints the store uses (create, retrieve, capture and
// cancel a PaymentIntent, refund it), so tests run the real `stripe` SDK over HTTP without the network. It
// keeps Stripe's rules: with capture_method manual an approved card leaves the intent
// requires_capture and only a capture takes the money; a cancelled or captured intent cannot be
// paid, captured or cancelled again (400 payment_intent_unexpected_state); a request repeated
// with the same Idempotency-Key gets the first answer again; only a captured intent can be
// refunded, up to what is left of it (400 charge_already_refunded once nothing is).

export interface StandInIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  capture_method: "automatic" | "manual";
  amount_capturable: number;
  amount_received: number;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; type: string } | null;
}

export interface StripeStandIn {
  url: string;
  intents: Map<string, StandInIntent>;
  /** Refunds made, in order (Stripe's Refund objects, trimmed). */
  refunds: Array<{ id: string; object: "refund"; payment_intent: string; charge: string; amount: number; status: "succeeded" }>;
  /** Requests seen, for asserting what the server asked Stripe for. */
  requests: Array<{ method: string; path: string; form: Record<string, string>; auth: string | undefined; idempotencyKey: string | undefined }>;
  /**
   * The card step at Stripe: approved (requires_capture for a manual intent, succeeded otherwise)
   * or declined (requires_payment_method with an error, payable again). Throws, as Stripe refuses,
   * for an intent that is cancelled, captured or already authorized.
   */
  pay(id: string, outcome: "approved" | "declined"): StandInIntent;
  /**
   * Holds the requests whose path ends with `suffix` ("/payment_intents", "/cancel") until the
   * returned function is called: a call to Stripe in flight, for races.
   */
  hold(suffix: string): () => void;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const requests: StripeStandIn["requests"] = [];
  const refunds: StripeStandIn["refunds"] = [];
  const idempotent = new Map<string, { status: number; json: unknown }>();
  const holds: Array<{ suffix: string; released: Promise<void> }> = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", async () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = (req.url ?? "").split("?")[0]!;
      requests.push({ method: req.method ?? "", path, form, auth: req.headers.authorization, idempotencyKey: req.headers["idempotency-key"] as string | undefined });
      const held = holds.find((h) => path.endsWith(h.suffix));
      if (held) await held.released;
      const key = req.method === "POST" ? (req.headers["idempotency-key"] as string | undefined) : undefined;
      const replay = key ? idempotent.get(`${path} ${key}`) : undefined;
      const send = (status: number, json: unknown) => {
        if (key && !replay) idempotent.set(`${path} ${key}`, { status, json: structuredClone(json) });
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${randomBytes(4).toString("hex")}` });
        res.end(JSON.stringify(json));
      };
      if (replay) return send(replay.status, replay.json);
      const unexpected = (intent: StandInIntent) =>
        send(400, { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: `This PaymentIntent's status is ${intent.status}.` } });
      if (req.method === "POST" && path === "/v1/payment_intents") {
        const id = `pi_${randomBytes(8).toString("hex")}`;
        const metadata = Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith("metadata[") ? [[k.slice(9, -1), v]] : [])));
        const intent: StandInIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          currency: form.currency ?? "usd",
          status: "requires_payment_method",
          capture_method: form.capture_method === "manual" ? "manual" : "automatic",
          amount_capturable: 0,
          amount_received: 0,
          client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
          metadata,
          last_payment_error: null,
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
      if (req.method === "POST" && cancel) {
        const intent = intents.get(cancel[1]!);
        if (!intent) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${cancel[1]}'` } });
        if (intent.status === "succeeded" || intent.status === "canceled") return unexpected(intent);
        Object.assign(intent, { status: "canceled", amount_capturable: 0 });
        return send(200, intent);
      }
      const capture = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path);
      if (req.method === "POST" && capture) {
        const intent = intents.get(capture[1]!);
        if (!intent) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${capture[1]}'` } });
        if (intent.status !== "requires_capture") return unexpected(intent);
        Object.assign(intent, { status: "succeeded", amount_received: intent.amount, amount_capturable: 0 });
        return send(200, intent);
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const intent = intents.get(form.payment_intent ?? "");
        if (!intent) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${form.payment_intent}'` } });
        if (intent.status !== "succeeded") return send(400, { error: { type: "invalid_request_error", message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.` } });
        const left = intent.amount_received - refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
        if (left <= 0) return send(400, { error: { type: "invalid_request_error", code: "charge_already_refunded", message: `Charge ch_${intent.id} has already been refunded.` } });
        const amount = form.amount ? Number(form.amount) : left;
        if (amount > left) return send(400, { error: { type: "invalid_request_error", code: "amount_too_large", message: "Refund amount is greater than unrefunded amount on charge." } });
        const refund = { id: `re_${randomBytes(8).toString("hex")}`, object: "refund" as const, payment_intent: intent.id, charge: `ch_${intent.id}`, amount, status: "succeeded" as const };
        refunds.push(refund);
        return send(200, refund);
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === "GET" && m) {
        const intent = intents.get(m[1]!);
        return intent ? send(200, intent) : send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${m[1]}'` } });
      }
      send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    intents,
    refunds,
    requests,
    pay(id, outcome) {
      const intent = intents.get(id)!;
      if (intent.status !== "requires_payment_method") throw new Error(`payment_intent_unexpected_state: this PaymentIntent's status is ${intent.status}`);
      if (outcome === "declined") Object.assign(intent, { last_payment_error: { type: "card_error", message: "Your card was declined." } });
      else if (intent.capture_method === "manual") Object.assign(intent, { status: "requires_capture", amount_capturable: intent.amount, last_payment_error: null });
      else Object.assign(intent, { status: "succeeded", amount_received: intent.amount, last_payment_error: null });
      return structuredClone(intent);
    },
    hold(suffix) {
      let release!: () => void;
      const hold = { suffix, released: new Promise<void>((r) => (release = r)) };
      holds.push(hold);
      return () => {
        holds.splice(holds.indexOf(hold), 1);
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The event Stripe sends for an intent as it stands (an authorization, a capture, a decline, a cancellation). */
export const eventTypeOf = (intent: StandInIntent): string =>
  intent.status === "requires_capture"
    ? "payment_intent.amount_capturable_updated"
    : intent.status === "canceled"
      ? "payment_intent.canceled"
      : intent.last_payment_error
        ? "payment_intent.payment_failed"
        : "payment_intent.succeeded";

const sdk = new Stripe("sk_test_unused");

/** Stripe's webhook call: the event signed with the endpoint's secret by the SDK's own test helper. */
export function sendWebhook(serverUrl: string, secret: string, intent: StandInIntent, opts: { type?: string; tamper?: boolean } = {}) {
  const payload = JSON.stringify({ id: `evt_${intent.id}_${intent.status}`, object: "event", type: opts.type ?? eventTypeOf(intent), data: { object: intent } });
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret });
  const body = opts.tamper ? payload.replace(`"amount":${intent.amount}`, `"amount":${intent.amount + 1}`) : payload;
  // Stripe calls from its own servers: no Origin, no session.
  return fetch(`${serverUrl}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
}
