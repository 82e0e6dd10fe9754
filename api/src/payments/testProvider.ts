import { randomBytes } from "node:crypto";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { WebhookSignatureError, type PaymentIntentInfo, type PaymentProvider } from "./provider.ts";

// The built-in test provider (RULES.md, Store): Stripe's flow with manual capture, the card form
// posted to our own API. The card step authorizes; the server captures or cancels, as with Stripe.
// Intents live in the database so any API process can confirm them.
export const TEST_CARD_OK = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

type Status = "requires_payment_method" | "requires_capture" | "succeeded" | "failed" | "canceled";
type Row = { id: string; client_secret: string; amount_cents: number; currency: string; user_id: number; package_id: string; status: Status; failure_message: string | null };

const STATUS_OF: Record<Status, PaymentIntentInfo["status"]> = {
  requires_payment_method: "pending",
  requires_capture: "authorized",
  succeeded: "succeeded",
  failed: "failed",
  canceled: "failed",
};

function toInfo(r: Row): PaymentIntentInfo {
  return {
    id: r.id,
    status: STATUS_OF[r.status] ?? "pending",
    cancelled: r.status === "canceled",
    amountCents: r.amount_cents,
    currency: r.currency,
    userId: r.user_id,
    packageId: r.package_id,
    failureMessage: r.failure_message,
    clientSecret: r.client_secret,
  };
}

export function createTestProvider(db: Db): PaymentProvider {
  /** Moves the intent `from` one of the states to `patch` (as Stripe would), and answers it as it stands. */
  async function transition(tx: Db | Trx, id: string, from: Status[], patch: Partial<Row>): Promise<PaymentIntentInfo | null> {
    const [moved] = await tx("test_payment_intents").where({ id }).whereIn("status", from).update(patch).returning("*");
    const row: Row | undefined = moved ?? (await tx("test_payment_intents").where({ id }).first());
    return row ? toInfo(row) : null;
  }
  return {
    name: "test",
    publishableKey: null,
    async createIntent({ amountCents, currency, userId, packageId }) {
      const id = `pi_test_${randomBytes(12).toString("hex")}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString("hex")}`;
      await db("test_payment_intents").insert({ id, client_secret: clientSecret, amount_cents: amountCents, currency, user_id: userId, package_id: packageId });
      return { id, clientSecret };
    },
    async retrieveIntent(id) {
      const row = await db("test_payment_intents").where({ id }).first();
      return row ? toInfo(row) : null;
    },
    cancelIntent: (id, tx) => transition(tx ?? db, id, ["requires_payment_method", "requires_capture", "failed"], { status: "canceled", failure_message: MSG.checkoutEnded }),
    captureIntent: (id, tx) => transition(tx ?? db, id, ["requires_capture"], { status: "succeeded", failure_message: null }),
    async refundIntent(id) {
      // As Stripe: the rest of a captured payment goes back once; the intent stays succeeded.
      const { rows } = (await db.raw(
        `UPDATE test_payment_intents t SET amount_refunded = t.amount_cents
         FROM (SELECT id, amount_refunded FROM test_payment_intents WHERE id = ? FOR UPDATE) old
         WHERE t.id = old.id AND t.status = 'succeeded' AND old.amount_refunded < t.amount_cents
         RETURNING t.amount_cents - old.amount_refunded AS refunded`,
        [id],
      )) as { rows: Array<{ refunded: number }> };
      if (rows[0]) return { outcome: "refunded", refundedCents: Number(rows[0].refunded) };
      const row: Row | undefined = await db("test_payment_intents").where({ id }).first();
      if (!row) return { outcome: "unknown" };
      return row.status === "succeeded" ? { outcome: "alreadyRefunded" } : { outcome: "notCaptured" };
    },
    // The test provider sends no webhooks: its card step tells the server itself (routes/store.ts).
    verifyWebhook() {
      throw new WebhookSignatureError("the test provider has no webhooks");
    },
  };
}

export interface TestCardInput {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/**
 * The card step of the test provider: 4242... authorizes the amount, 4000 0000 0000 0002 is
 * declined (and may be tried again with another card, as with Stripe). Nothing is taken here:
 * the server captures after its limit check. The result is stored either way.
 */
export async function confirmTestCard(db: Db, userId: number, input: TestCardInput, now = new Date()): Promise<PaymentIntentInfo> {
  const number = input.cardNumber.replace(/[\s-]/g, "");
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = m ? Number(m[1]) : 0;
  const endOfMonth = m ? new Date(Date.UTC(2000 + Number(m[2]), month, 1)) : new Date(0);
  if (!m || month < 1 || month > 12 || endOfMonth <= now) throw badRequest(MSG.testCardExpiry);
  if (!/^\d{3,4}$/.test(input.cvc.trim())) throw badRequest(MSG.testCardCvc);
  if (number !== TEST_CARD_OK && number !== TEST_CARD_DECLINED) throw badRequest(MSG.testCardUnknown);

  return db.transaction(async (trx) => {
    const row: Row | undefined = await trx("test_payment_intents").where({ client_secret: input.clientSecret, user_id: userId }).forUpdate().first();
    if (!row) throw notFound(MSG.purchaseNotFound);
    if (row.status === "canceled") throw badRequest(MSG.checkoutEnded);
    if (row.status === "succeeded" || row.status === "requires_capture") return toInfo(row);
    const patch: Partial<Row> = number === TEST_CARD_DECLINED ? { status: "failed", failure_message: MSG.testCardDeclined } : { status: "requires_capture", failure_message: null };
    await trx("test_payment_intents").where({ id: row.id }).update(patch);
    return toInfo({ ...row, ...patch });
  });
}
