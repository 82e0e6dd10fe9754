import type { PackageDto, PurchaseHistoryItemDto } from "../contract/store.ts";
import { creditOf } from "../game/store.ts";
import type { PackageRow, PurchaseRow } from "../queries/purchases.ts";

export function presentPackage(p: PackageRow): PackageDto {
  const credit = creditOf(p);
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    coins: p.coins,
    gems: p.gems,
    priceUsd: p.priceCents / 100,
    popular: p.popular,
    bonus: p.bonus,
    bonusPercentage: p.bonusPercentage,
    coinsCredited: credit.coins,
    gemsCredited: credit.gems,
  };
}

export function presentPurchase(p: PurchaseRow): PurchaseHistoryItemDto {
  return {
    id: p.id,
    // An abandoned checkout never reaches the history; were it asked for, it reads as failed.
    status: p.status === "abandoned" ? "failed" : p.status,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.completedAt?.toISOString() ?? null,
    amountUsd: p.amountCents,
    gemsAwarded: p.gemsAwarded,
    coinsAwarded: p.coinsAwarded,
    packageDetails: { name: p.packageName },
    coinsReversed: p.coinsReversed,
    gemsReversed: p.gemsReversed,
    test: p.test,
    paymentIntentId: p.paymentIntentId,
  };
}
