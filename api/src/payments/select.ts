import type { Config } from "../config.ts";
import type { Db } from "../db/knex.ts";
import type { PaymentProvider } from "./provider.ts";
import { createStripeProvider } from "./stripeProvider.ts";
import { createTestProvider } from "./testProvider.ts";

/** Stripe when its secret key is set; else the test provider where allowed; else no payments. */
export function selectPaymentProvider(config: Config, db: Db): PaymentProvider | null {
  if (config.stripe.secretKey) return createStripeProvider(config.stripe);
  if (config.paymentsTestMode) return createTestProvider(db);
  return null;
}
