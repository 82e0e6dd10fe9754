// Store packages (RULES.md, Store): what a package credits. The base amount plus its bonus
// percentage, rounded down, so '50 +10%' credits 55 coins. Pure.

export interface PackageAmounts {
  type: "coins" | "gems";
  coins: number;
  gems: number;
  bonusPercentage: number;
}

const withBonus = (base: number, pct: number) => base + Math.floor((base * pct) / 100);

export function creditOf(pkg: PackageAmounts): { coins: number; gems: number } {
  return { coins: withBonus(pkg.coins, pkg.bonusPercentage), gems: withBonus(pkg.gems, pkg.bonusPercentage) };
}

/** Stripe's client secret is '<intent id>_secret_<random>'; the PWA sends the id part back. */
export function intentIdFromClientSecret(clientSecret: string): string {
  return clientSecret.split("_secret_")[0] ?? "";
}

export const STORE_CURRENCY = "usd";
