import { randomUUID } from "node:crypto";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { monthSpending } from "../queries/spending.ts";
import { lockLimitInForce, refuseIfPastLimit } from "./spendingLimitSetter.ts";
import { STORE_CURRENCY } from "../game/store.ts";
import { badRequest, conflict } from "../http/errors.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { findPackage, openCheckoutOf, type OpenCheckout, type PackageRow } from "../queries/purchases.ts";

/** How long an unpaid checkout is picked up again when the player chooses the same package. */
const CHECKOUT_REUSE_MS = 60 * 60 * 1000;
/** A request that finds the slot taken waits this long for the other request's intent. */
const WAIT_FOR_OTHER_MS = 8_000;
const PLACEHOLDER = "reserving:";

/**
 * POST /create-payment-intent: the price comes from the package row, the intent carries the
 * player and package in its metadata, and a pending purchase is recorded under the intent's id.
 *
 * One unpaid checkout per player and package, decided by the database: a unique index over
 * pending purchases lets exactly one request claim the slot (with a placeholder row) and create
 * the intent; every other request at that moment waits for that intent and gets it back. So 60
 * parallel checkouts make one intent, and a player who backs out and picks the package again
 * pays the same one. A checkout that can no longer be paid is retired and the slot taken anew.
 */
export async function startPurchase(db: Db, provider: PaymentProvider, userId: number, packageId: string, now = new Date()): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const pkg = await findPackage(db, packageId, { forSaleOnly: true });
  if (!pkg) throw badRequest(MSG.unknownPackage);
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db.transaction(async (trx): Promise<Array<{ id: number }>> => {
      await checkSpendingLimit(trx, userId, pkg, now);
      return trx("purchases")
        .insert({
          user_id: userId,
          package_id: pkg.id,
          provider: provider.name,
          test: provider.name === "test",
          payment_intent_id: `${PLACEHOLDER}${randomUUID()}`,
          status: "pending",
          amount_cents: pkg.priceCents,
          created_at: now,
        })
        .onConflict(trx.raw("(user_id, package_id) WHERE status = 'pending'"))
        .ignore()
        .returning("id");
    });
    if (claimed.length) return createIntentFor(db, provider, claimed[0]!.id, userId, pkg);

    const open = await waitForIntent(db, userId, pkg.id);
    if (!open) throw conflict(MSG.checkoutBusy);
    const reusable = await payableAgain(provider, open, userId, pkg, now);
    if (reusable) return reusable;
    await db("purchases").where({ id: open.id, status: "pending" }).update({ status: "abandoned" });
  }
  throw conflict(MSG.checkoutBusy);
}

/**
 * RULES.md, Spending limit: refused before any charge when this package would take the month past
 * the player's limit. The player's row is locked first, so parallel checkouts of one player are
 * decided one after the other and each sees the others' reserved amounts: two intents cannot
 * together pass the limit. This package's own open checkout is not counted twice (it is reused).
 */
async function checkSpendingLimit(trx: Trx, userId: number, pkg: PackageRow, now: Date): Promise<void> {
  const limit = await lockLimitInForce(trx, userId, now);
  if (limit === null) return;
  const { paidCents, reservedCents } = await monthSpending(trx, userId, now, { exceptPackage: pkg.id });
  refuseIfPastLimit(limit, paidCents + reservedCents, pkg.priceCents);
}

async function createIntentFor(db: Db, provider: PaymentProvider, purchaseId: number, userId: number, pkg: PackageRow) {
  try {
    const intent = await provider.createIntent({ amountCents: pkg.priceCents, currency: STORE_CURRENCY, userId, packageId: pkg.id });
    await db("purchases").where({ id: purchaseId }).update({ payment_intent_id: intent.id });
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
  } catch (err) {
    // The provider failed: free the slot for the next try.
    await db("purchases").where({ id: purchaseId }).delete();
    throw err;
  }
}

/** The pending checkout of this player and package once its intent exists (another request may be creating it). */
async function waitForIntent(db: Db, userId: number, packageId: string): Promise<OpenCheckout | null> {
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    const open = await openCheckoutOf(db, userId, packageId);
    if (!open) return null; // freed meanwhile: the caller claims it on its next attempt
    if (!open.paymentIntentId.startsWith(PLACEHOLDER)) return open;
    if (Date.now() + delay > deadline) return null;
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** The same player's unpaid intent for this package at today's price, still payable. */
async function payableAgain(provider: PaymentProvider, open: OpenCheckout, userId: number, pkg: PackageRow, now: Date) {
  if (open.provider !== provider.name || now.getTime() - open.createdAt.getTime() > CHECKOUT_REUSE_MS) return null;
  const intent = await provider.retrieveIntent(open.paymentIntentId);
  // A declined or repriced intent is left alone: the player gets a fresh one.
  if (intent?.status !== "pending" || !intent.clientSecret || intent.userId !== userId || intent.amountCents !== pkg.priceCents) return null;
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

/**
 * RULES.md, Spending limit: a limit set or lowered takes effect at once, so the player's unpaid and
 * declined checkouts end with it: their intents are cancelled at the provider (no card can pay them
 * afterwards) and the purchases retired. A checkout made before the change could otherwise still
 * be paid with Stripe, whose card step never passes through this server. The next checkout is
 * checked against the new limit. A payment that lands meanwhile is still credited when it reports.
 */
export async function endOpenCheckouts(db: Db, provider: PaymentProvider, userId: number): Promise<void> {
  const open: Array<{ id: number; payment_intent_id: string }> = await db("purchases")
    .where({ user_id: userId, provider: provider.name })
    .whereIn("status", ["pending", "failed"])
    .whereNot("payment_intent_id", "like", `${PLACEHOLDER}%`)
    .select("id", "payment_intent_id");
  for (const checkout of open) {
    await provider.cancelIntent(checkout.payment_intent_id);
    await db("purchases").where({ id: checkout.id }).whereIn("status", ["pending", "failed"]).update({ status: "abandoned" });
  }
}
