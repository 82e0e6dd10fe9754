import { MSG } from "@contract/messages";
import type { PackageDto, PurchaseResultDto } from "@contract/store";
import { formatNumber } from "../../../lib/format";
import { Button } from "../../../lib/ui/Button";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { awardedParts, formatCents } from "../storeRules";

/** SPEC.md section 2: 'Purchase Successful' listing the package and what it credited. */
export function PurchaseSuccess({ pkg, result, onDone, headingRef }: { pkg: PackageDto; result: PurchaseResultDto; onDone: () => void; headingRef: React.Ref<HTMLHeadingElement> }) {
  const pending = result.status === "pending";
  // A pending payment has not credited yet: show what it will credit.
  const parts = pending ? awardedParts({ coinsAwarded: pkg.coinsCredited, gemsAwarded: pkg.gemsCredited }) : awardedParts(result.purchase);
  return (
    <section className="store-success" aria-labelledby="store-success-title">
      <span className="store-success__badge" aria-hidden="true">
        <Icon name="check" size={40} />
      </span>
      <h2 id="store-success-title" ref={headingRef} tabIndex={-1}>
        Purchase Successful
      </h2>
      {pending && <NoticeBanner icon="info">{MSG.paymentPending}</NoticeBanner>}
      <dl className="store-success__list">
        <div>
          <dt>Package</dt>
          <dd>{result.purchase.packageDetails.name || pkg.name}</dd>
        </div>
        {parts.map((p) => (
          <div key={p.kind}>
            <dt>{p.kind === "coin" ? "Coins" : "Gems"}</dt>
            <dd className="store-success__amount">
              <CurrencyIcon kind={p.kind} size={20} /> +{formatNumber(p.amount)}
            </dd>
          </div>
        ))}
        <div>
          <dt>Paid</dt>
          <dd>{formatCents(result.purchase.amountUsd)}</dd>
        </div>
      </dl>
      {!pending && (
        <p className="store-success__balance">
          New balance: <CurrencyIcon kind="coin" size={16} /> {formatNumber(result.newCoinCount)} <span className="visually-hidden">coins</span>
          <span aria-hidden="true"> · </span>
          <CurrencyIcon kind="gem" size={16} /> {formatNumber(result.newGemCount)} <span className="visually-hidden">gems</span>
        </p>
      )}
      <Button variant="primary" onClick={onDone} icon={<Icon name="store" size={18} />}>
        Back to Packages
      </Button>
    </section>
  );
}
