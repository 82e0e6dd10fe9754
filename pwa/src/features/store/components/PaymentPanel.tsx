import { useId, useRef, useState, type FormEvent } from "react";
import { MSG } from "@contract/messages";
import type { PackageDto, PaymentsConfigDto } from "@contract/store";
import { formatNumber } from "../../../lib/format";
import { Button } from "../../../lib/ui/Button";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { payWithTestCard, type CardConfirmer } from "../hooks";
import { formatDollars, packageAmounts } from "../storeRules";
import { StripeCardField } from "./StripeCardField";
import { EMPTY_TEST_CARD, TestCardFields, type TestCard } from "./TestCardFields";

/** SPEC.md section 2: 'Complete Your Purchase' with the card form, the terms checkbox and Pay. */
export function PaymentPanel({
  pkg,
  payments,
  processing,
  error,
  onBack,
  onPay,
  onFail,
  headingRef,
  online,
}: {
  pkg: PackageDto;
  payments: PaymentsConfigDto;
  processing: boolean;
  error: string | null;
  onBack: () => void;
  onPay: (confirm: CardConfirmer) => void;
  onFail: (text: string) => void;
  headingRef: React.Ref<HTMLHeadingElement>;
  /** Offline, Pay waits for the network (the screen's note says why). */
  online: boolean;
}) {
  const [accepted, setAccepted] = useState(false);
  const [card, setCard] = useState<TestCard>(EMPTY_TEST_CARD);
  const stripeConfirmer = useRef<CardConfirmer | null>(null);
  const cardLabelId = useId();
  const termsHintId = useId();
  const amounts = packageAmounts(pkg);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!accepted || processing || !online) return;
    if (payments.provider === "stripe") {
      const confirm = stripeConfirmer.current;
      if (!confirm) return onFail(MSG.cardInfoNotFound);
      return onPay(confirm);
    }
    if (!card.cardNumber.trim()) return onFail(MSG.cardInfoNotFound);
    const entered = { ...card };
    onPay((clientSecret) => payWithTestCard(clientSecret, entered));
  };

  return (
    <section className="store-pay" aria-labelledby="store-pay-title">
      <div className="store-pay__bar">
        <Button variant="ghost" size="sm" icon={<Icon name="arrowLeft" size={18} />} onClick={onBack} disabled={processing}>
          Back to Packages
        </Button>
      </div>
      <h2 id="store-pay-title" ref={headingRef} tabIndex={-1}>
        Complete Your Purchase
      </h2>

      <div className="store-pay__layout">
        <div className="store-summary" aria-label="Order summary" role="group">
          <div className="store-summary__pkg">
            <CurrencyIcon kind={amounts.kind} size={40} />
            <p className="store-summary__name">{pkg.name}</p>
            {pkg.bonus && <span className="store-pkg__bonus">{pkg.bonus}</span>}
          </div>
          <dl>
            <div className="store-summary__line">
              <dt>{amounts.kind === "coin" ? "Coins" : "Gems"}</dt>
              <dd>
                {formatNumber(amounts.base)}
                {amounts.bonus > 0 && <span className="store-pkg__extra"> +{formatNumber(amounts.bonus)} bonus</span>}
              </dd>
            </div>
            <div className="store-summary__line store-summary__total">
              <dt>Total</dt>
              <dd>{formatDollars(pkg.priceUsd)}</dd>
            </div>
          </dl>
        </div>

        <form className="store-pay__form" onSubmit={submit} noValidate aria-labelledby="store-pay-title">
          <h3 id={cardLabelId} className="store-pay__label">
            <Icon name="lock" size={16} /> Card details
          </h3>
          {payments.provider === "stripe" && payments.publishableKey ? (
            <StripeCardField publishableKey={payments.publishableKey} confirmer={stripeConfirmer} labelId={cardLabelId} />
          ) : (
            <TestCardFields card={card} onChange={setCard} disabled={processing} />
          )}

          <div className="store-terms">
            <label className="store-terms__check">
              <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} disabled={processing} aria-describedby={termsHintId} />
              <span>
                I agree to the{" "}
                <a href="/terms" target="_blank" rel="noopener">
                  Terms of Service
                </a>{" "}
                and{" "}
                <a href="/privacy" target="_blank" rel="noopener">
                  Privacy Policy
                </a>
              </span>
            </label>
            <p id={termsHintId} className={`store-terms__hint${accepted ? " is-met" : ""}`}>
              {MSG.termsRequiredForPurchase}
            </p>
          </div>

          <ErrorBanner>{error}</ErrorBanner>

          <Button type="submit" variant="gold" size="lg" block busy={processing} busyLabel="Processing..." disabled={!accepted || !online} icon={<Icon name="lock" size={18} />}>
            Pay {formatDollars(pkg.priceUsd)}
          </Button>
        </form>
      </div>
    </section>
  );
}
