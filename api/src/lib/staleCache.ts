/**
 * A value computed once however many requests ask at the same moment, and served stale while
 * the next one is computed. How long a value stays fresh may depend on how long it took:
 * a cheap listing (fresh for 0 ms) is recomputed on every read and so is always exact; an
 * expensive one is reused for a while. For read-only listings that may lag a few seconds
 * (the trading market); never for balances or ownership.
 */
export function staleWhileRevalidate<T>(
  maxAgeMs: number | ((computeMs: number) => number),
  compute: () => Promise<T>,
  clock: () => number = Date.now,
): { get(): Promise<T>; clear(): void } {
  let value: { data: T; freshUntil: number; cheap: boolean } | null = null;
  let inFlight: Promise<T> | null = null;
  const refresh = (): Promise<T> => {
    if (!inFlight) {
      const started = clock();
      inFlight = compute()
        .then((data) => {
          const age = typeof maxAgeMs === "number" ? maxAgeMs : maxAgeMs(clock() - started);
          value = { data, freshUntil: clock() + age, cheap: age <= 0 };
          return data;
        })
        .finally(() => (inFlight = null));
    }
    return inFlight;
  };
  return {
    async get() {
      if (!value || value.cheap) return refresh();
      if (clock() >= value.freshUntil) refresh().catch(() => undefined);
      return value.data;
    },
    clear() {
      value = null;
    },
  };
}

/** Freshness for listings: exact while computing takes under 100 ms, then 20 times the cost, at most a minute. */
export const freshForCostOf = (computeMs: number): number => (computeMs < 100 ? 0 : Math.min(60_000, computeMs * 20));
