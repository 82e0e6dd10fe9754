import { useEffect, useRef, useState, type MutableRefObject } from "react";
import { MSG } from "@contract/messages";
import type { Stripe } from "@stripe/stripe-js";
import { CardError, type CardConfirmer } from "../hooks";

// Stripe Elements (SPEC.md section 7: the provider's own script, loaded from its host) with the
// postal code hidden. Loaded only when the store needs it, once per publishable key.

let loaded: { key: string; stripe: Promise<Stripe | null> } | null = null;
function stripeFor(key: string): Promise<Stripe | null> {
  if (loaded?.key !== key) loaded = { key, stripe: import("@stripe/stripe-js").then((m) => m.loadStripe(key)) };
  return loaded.stripe;
}

const STYLE = {
  base: { color: "#f5f2ff", fontSize: "16px", iconColor: "#a78bfa", "::placeholder": { color: "#918ab3" } },
  invalid: { color: "#ff9aad", iconColor: "#ff4d6d" },
};

/** The card element; while mounted, `confirmer` pays an intent's client secret with it. */
export function StripeCardField({ publishableKey, confirmer, labelId }: { publishableKey: string; confirmer: MutableRefObject<CardConfirmer | null>; labelId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [cardError, setCardError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    stripeFor(publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe || !host.current) return setState("failed");
        const elements = stripe.elements();
        const card = elements.create("card", { hidePostalCode: true, style: STYLE });
        card.on("change", (e) => setCardError(e.error?.message ?? null));
        card.on("ready", () => setState("ready"));
        card.mount(host.current);
        destroy = () => card.destroy();
        confirmer.current = async (clientSecret) => {
          const element = elements.getElement("card");
          if (!element) throw new CardError(MSG.cardInfoNotFound);
          const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: element } });
          if (error) throw new CardError(error.message || MSG.paymentFailed);
          // Authorized (manual capture): the server captures after its spending-limit check.
          if (paymentIntent?.status !== "requires_capture" && paymentIntent?.status !== "succeeded") throw new CardError(MSG.paymentFailed);
        };
      })
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      confirmer.current = null;
      destroy?.();
    };
  }, [publishableKey, confirmer]);

  return (
    <div className="store-card">
      <div ref={host} className="store-card__stripe" role="group" aria-labelledby={labelId} />
      {state === "loading" && <p className="store-card__hint">Loading the secure card form...</p>}
      {state === "failed" && (
        <p className="store-card__error" role="alert">
          {MSG.paymentsUnavailable}
        </p>
      )}
      {cardError && (
        <p className="store-card__error" role="alert">
          {cardError}
        </p>
      )}
    </div>
  );
}
