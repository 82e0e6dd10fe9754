import { useId } from "react";
import type { SpendingLimitDto } from "@contract/spending";
import type { PackageDto } from "@contract/store";
import { limitProblem } from "../../spending/spendingRules";
import { formatNumber } from "../../../lib/format";
import { Button } from "../../../lib/ui/Button";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { Icon } from "../../../lib/ui/Icon";
import { formatDollars, packageAmounts } from "../storeRules";

/** SPEC.md section 2, Store view: the package grid. */
export function PackageGrid({
  packages,
  creatingId,
  disabled,
  onChoose,
  limit,
}: {
  packages: PackageDto[];
  /** RULES.md, Spending limit: packages that would pass it are greyed with the reason. */
  limit?: SpendingLimitDto;
  creatingId: string | null;
  /** No provider, or another package is being prepared. */
  disabled: boolean;
  onChoose: (pkg: PackageDto) => void;
}) {
  return (
    <ul className="store-grid" aria-label="Packages">
      {packages.map((pkg) => (
        <PackageCard
          key={pkg.id}
          pkg={pkg}
          creating={creatingId === pkg.id}
          disabled={disabled || (creatingId !== null && creatingId !== pkg.id)}
          limitReason={limitProblem(limit, Math.round(pkg.priceUsd * 100))}
          onChoose={() => onChoose(pkg)}
        />
      ))}
    </ul>
  );
}

function PackageCard({ pkg, creating, disabled, limitReason, onChoose }: { pkg: PackageDto; creating: boolean; disabled: boolean; limitReason: string | null; onChoose: () => void }) {
  const amounts = packageAmounts(pkg);
  const unit = amounts.kind === "coin" ? "coins" : "gems";
  const reasonId = useId();
  return (
    <li className={`store-pkg store-pkg--${amounts.kind}${pkg.popular ? " is-popular" : ""}${limitReason ? " is-over-limit" : ""}`} aria-label={pkg.name}>
      {pkg.popular && (
        <span className="store-pkg__popular">
          <Icon name="crown" size={14} /> MOST POPULAR
        </span>
      )}
      <div className="store-pkg__top">
        <span className="store-pkg__badges">{pkg.bonus && <span className="store-pkg__bonus">{pkg.bonus}</span>}</span>
        <span className="store-pkg__icon" aria-hidden="true">
          <CurrencyIcon kind={amounts.kind} size={44} />
        </span>
      </div>
      <h3 className="store-pkg__name">{pkg.name}</h3>
      <p className="store-pkg__amount" data-testid="package-amount">
        <span className="store-pkg__base">{formatNumber(amounts.base)}</span>
        {amounts.bonus > 0 && <span className="store-pkg__extra">+{formatNumber(amounts.bonus)}</span>}
        <span className="store-pkg__unit">{unit}</span>
      </p>
      <p className="store-pkg__price">{formatDollars(pkg.priceUsd)}</p>
      <Button
        variant={pkg.popular ? "gold" : "primary"}
        block
        busy={creating}
        busyLabel="Processing..."
        disabled={disabled || limitReason !== null}
        onClick={onChoose}
        aria-label={creating ? undefined : `Purchase ${pkg.name}`}
        aria-describedby={limitReason ? reasonId : undefined}
      >
        Purchase
      </Button>
      {limitReason && (
        <p id={reasonId} className="store-pkg__limit" data-testid="package-limit">
          {limitReason}
        </p>
      )}
    </li>
  );
}
