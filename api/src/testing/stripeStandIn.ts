import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the few Stripe endpoints the store uses (create, retrieve and cancel a
// PaymentIntent), so tests run the real `stripe` SDK over HTTP without the network.

export interface StandInIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; type: string } | null;
}

export interface StripeStandIn {
  url: string;
  intents: Map<string, StandInIntent>;
  /** Requests seen, for asserting what the server asked Stripe for. */
  requests: Array<{ method: string; path: string; form: Record<string, string>; auth: string | undefined }>;
  /** Simulates the card step: succeeded, or declined (requires_payment_method with an error). */
  pay(id: string, outcome: "succeeded" | "declined"): StandInIntent;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const requests: StripeStandIn["requests"] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = (req.url ?? "").split("?")[0]!;
      requests.push({ method: req.method ?? "", path, form, auth: req.headers.authorization });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${randomBytes(4).toString("hex")}` });
        res.end(JSON.stringify(json));
      };
      if (req.method === "POST" && path === "/v1/payment_intents") {
        const id = `pi_${randomBytes(8).toString("hex")}`;
        const metadata = Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith("metadata[") ? [[k.slice(9, -1), v]] : [])));
        const intent: StandInIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          currency: form.currency ?? "usd",
          status: "requires_payment_method",
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
        if (intent.status === "succeeded" || intent.status === "canceled") {
          return send(400, { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: `This PaymentIntent's status is ${intent.status}.` } });
        }
        intent.status = "canceled";
        return send(200, intent);
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
    requests,
    pay(id, outcome) {
      const intent = intents.get(id)!;
      if (outcome === "succeeded") Object.assign(intent, { status: "succeeded", last_payment_error: null });
      else Object.assign(intent, { status: "requires_payment_method", last_payment_error: { type: "card_error", message: "Your card was declined." } });
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
