import { randomBytes } from "node:crypto";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { WebhookSignatureError, type PaymentIntentInfo, type PaymentProvider } from "./provider.ts";
import { lockLimitInForce, refuseIfPastLimit } from "../commands/spendingLimitSetter.ts";
import { chargedNotCreditedCents, monthSpending } from "../queries/spending.ts";

// The built-in test provider (RULES.md, Store): the same flow as Stripe, with the card form
// posted to our own API. Intents live in the database so any API process can confirm them.
export const TEST_CARD_OK = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

type Row = { id: string; client_secret: string; amount_cents: number; currency: string; user_id: number; package_id: string; status: string; failure_message: string | null };

function toInfo(r: Row): PaymentIntentInfo {
  return {
    id: r.id,
    status: r.status === "succeeded" ? "succeeded" : r.status === "failed" || r.status === "canceled" ? "failed" : "pending",
    amountCents: r.amount_cents,
    currency: r.currency,
    userId: r.user_id,
    packageId: r.package_id,
    failureMessage: r.failure_message,
    clientSecret: r.client_secret,
  };
}

export function createTestProvider(db: Db): PaymentProvider {
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
    async cancelIntent(id) {
      await db("test_payment_intents").where({ id }).whereNot({ status: "succeeded" }).update({ status: "canceled", failure_message: MSG.checkoutEnded });
    },
    // The test provider sends no webhooks; confirm-purchase is its only path.
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
 * The card step of the test provider: 4242... pays, 4000 0000 0000 0002 is declined. The result
 * is stored either way (a decline is an answer, not an error); the caller reports it.
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
    // The player's row first (as a checkout does): one charge of this player at a time.
    const limit = await lockLimitInForce(trx, userId, now);
    const row: Row | undefined = await trx("test_payment_intents").where({ client_secret: input.clientSecret, user_id: userId }).forUpdate().first();
    if (!row) throw notFound(MSG.purchaseNotFound);
    if (row.status === "succeeded") return toInfo(row);
    if (row.status === "canceled") throw badRequest(MSG.checkoutEnded);
    const declined = number === TEST_CARD_DECLINED;
    // RULES.md, Spending limit: refused before any charge. Checked here too, not only when the
    // checkout was made: a declined checkout paid later with another card, or one made before the
    // limit was lowered, took the month past the limit (found in an audit: $9.98 against $5).
    if (!declined && limit !== null) {
      const { paidCents } = await monthSpending(trx, userId, now);
      refuseIfPastLimit(limit, paidCents + (await chargedNotCreditedCents(trx, userId)), row.amount_cents);
    }
    const patch = declined ? { status: "failed", failure_message: MSG.testCardDeclined } : { status: "succeeded", failure_message: null };
    await trx("test_payment_intents").where({ id: row.id }).update(patch);
    return toInfo({ ...row, ...patch });
  });
}
