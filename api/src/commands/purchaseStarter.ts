import { randomUUID } from "node:crypto";
import { MSG } from "../contract/messages.ts";
import type { Db, Trx } from "../db/knex.ts";
import { monthSpending } from "../queries/spending.ts";
import { lockLimitInForce, refuseIfPastLimit } from "./spendingLimitSetter.ts";
import { STORE_CURRENCY } from "../game/store.ts";
import { badRequest, conflict } from "../http/errors.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { findPackage, openCheckoutOf, openCheckoutsOf, staleCheckouts, type OpenCheckout, type PackageRow } from "../queries/purchases.ts";

/** How long an unpaid checkout is picked up again when the player chooses the same package. */
const CHECKOUT_REUSE_MS = 60 * 60 * 1000;
/** An authorization not captured by then is released by the sweep (RULES.md: reserved until captured or cancelled). */
export const STALE_CHECKOUT_MS = 24 * 60 * 60 * 1000;
/** A request that finds the slot taken waits this long for the other request's intent. */
const WAIT_FOR_OTHER_MS = 8_000;
const PLACEHOLDER = "reserving:";

/**
 * POST /create-payment-intent: the price comes from the package row, the intent carries the
 * player and package in its metadata, and a pending purchase is recorded under the intent's id.
 *
 * Open checkouts stay honest (RULES.md, Spending limit): under the player's row lock, a checkout
 * first ends the player's other uncaptured checkouts at the provider (a declined one, one of another
 * package, one of any age), then checks the month's captured total against the limit. One unpaid
 * checkout per player and package, decided by the database: a unique index over pending purchases
 * lets exactly one request claim the slot (with a placeholder row) and create the intent; every
 * other request at that moment waits for that intent and gets it back. So 60 parallel checkouts
 * make one intent, and a player who backs out and picks the package again pays the same one.
 */
export async function startPurchase(db: Db, provider: PaymentProvider, userId: number, packageId: string, now = new Date()): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const pkg = await findPackage(db, packageId, { forSaleOnly: true });
  if (!pkg) throw badRequest(MSG.unknownPackage);
  for (let attempt = 0; attempt < 3; attempt++) {
    const step = await db.transaction(async (trx): Promise<{ claimed: number } | { open: OpenCheckout }> => {
      const limit = await lockLimitInForce(trx, userId, now);
      const open = await openCheckoutsOf(trx, userId, provider.name);
      const same = open.find((c) => c.packageId === pkg.id && c.status === "pending" && now.getTime() - c.createdAt.getTime() <= CHECKOUT_REUSE_MS);
      for (const checkout of open) if (checkout !== same) await endCheckout(trx, provider, checkout);
      const { paidCents } = await monthSpending(trx, userId, now, { exceptPackage: pkg.id });
      refuseIfPastLimit(limit, paidCents, pkg.priceCents);
      if (same) return { open: same };
      const [claimed] = await trx("purchases")
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
        .returning("id");
      return { claimed: claimed!.id };
    });
    if ("claimed" in step) return createIntentFor(db, provider, step.claimed, userId, pkg);

    const open = step.open.paymentIntentId.startsWith(PLACEHOLDER) ? await waitForIntent(db, userId, pkg.id) : step.open;
    if (!open) continue; // freed meanwhile (or still being made): claim it anew
    const reusable = await payableAgain(provider, open, userId, pkg);
    if (reusable) return reusable;
    await db.transaction(async (trx) => {
      await lockLimitInForce(trx, userId, now);
      const still = (await openCheckoutsOf(trx, userId, provider.name)).find((c) => c.id === open.id);
      if (still) await endCheckout(trx, provider, still);
    });
  }
  throw conflict(MSG.checkoutBusy);
}

/**
 * Ends a checkout that was not captured: its intent is cancelled at the provider (no card can pay
 * it afterwards, an authorization is released) and the purchase stops reserving. One being created
 * by another request (a placeholder) is ended too: that request cancels its intent when it comes.
 * Called with the player's row locked. A payment captured meanwhile is left for its settlement.
 */
async function endCheckout(trx: Trx, provider: PaymentProvider, checkout: OpenCheckout): Promise<void> {
  if (!checkout.paymentIntentId.startsWith(PLACEHOLDER)) {
    const after = await provider.cancelIntent(checkout.paymentIntentId, trx);
    if (after?.status === "succeeded") return;
  }
  // A declined attempt keeps reading Failed in the history; an unpaid one leaves it.
  const status = checkout.status === "failed" ? "failed" : "abandoned";
  await trx("purchases").where({ id: checkout.id }).whereIn("status", ["pending", "failed"]).update({ status, ended_at: trx.fn.now() });
}

async function createIntentFor(db: Db, provider: PaymentProvider, purchaseId: number, userId: number, pkg: PackageRow) {
  let intent: { id: string; clientSecret: string };
  try {
    intent = await provider.createIntent({ amountCents: pkg.priceCents, currency: STORE_CURRENCY, userId, packageId: pkg.id });
  } catch (err) {
    // The provider failed: free the slot for the next try.
    await db("purchases").where({ id: purchaseId, status: "pending" }).delete();
    throw err;
  }
  const recorded = await db("purchases").where({ id: purchaseId, status: "pending" }).update({ payment_intent_id: intent.id });
  if (!recorded) {
    // Ended while the provider made the intent (a newer checkout, a lower limit): it must not stay payable.
    await provider.cancelIntent(intent.id);
    await db("purchases").where({ id: purchaseId }).update({ payment_intent_id: intent.id, ended_at: db.fn.now() });
    throw conflict(MSG.checkoutEnded);
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

/** The pending checkout of this player and package once its intent exists (another request may be creating it). */
async function waitForIntent(db: Db, userId: number, packageId: string): Promise<OpenCheckout | null> {
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    const open = await openCheckoutOf(db, userId, packageId);
    if (!open) return null;
    if (!open.paymentIntentId.startsWith(PLACEHOLDER)) return open;
    if (Date.now() + delay > deadline) throw conflict(MSG.checkoutBusy);
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** The same player's unpaid intent for this package at today's price, no card tried on it yet. */
async function payableAgain(provider: PaymentProvider, open: OpenCheckout, userId: number, pkg: PackageRow) {
  const intent = await provider.retrieveIntent(open.paymentIntentId);
  if (intent?.status !== "pending" || !intent.clientSecret || intent.userId !== userId || intent.amountCents !== pkg.priceCents) return null;
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

/**
 * RULES.md, Spending limit: a limit set or lowered takes effect at once, so the player's open
 * checkouts end with it (called after the new limit is written). With Stripe the card step never
 * passes through this server; the capture's own check refuses anything past the limit whatever
 * happens here, and this releases the holds and stops the store offering what cannot be taken.
 */
export async function endOpenCheckouts(db: Db, provider: PaymentProvider, userId: number): Promise<void> {
  await db.transaction(async (trx) => {
    await lockLimitInForce(trx, userId, new Date());
    for (const checkout of await openCheckoutsOf(trx, userId, provider.name)) await endCheckout(trx, provider, checkout);
  });
}

/**
 * The periodic sweep: checkouts neither captured nor ended within STALE_CHECKOUT_MS are ended at the
 * provider, so no authorization holds a player's card for days (Stripe keeps one up to 7 days).
 */
export async function sweepStaleCheckouts(db: Db, provider: PaymentProvider, now = new Date()): Promise<number> {
  let ended = 0;
  for (const stale of await staleCheckouts(db, provider.name, new Date(now.getTime() - STALE_CHECKOUT_MS), 200)) {
    await db.transaction(async (trx) => {
      await lockLimitInForce(trx, stale.userId, now);
      const checkout = (await openCheckoutsOf(trx, stale.userId, provider.name)).find((c) => c.paymentIntentId === stale.paymentIntentId);
      if (checkout) {
        await endCheckout(trx, provider, checkout);
        ended++;
      }
    });
  }
  return ended;
}
