import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { UserDto } from "@contract/user";
import { COIN_CAP } from "../../../../api/src/game/coins";
import { serverNow } from "../../lib/serverClock";
import { refreshUserData } from "../../lib/userData";
/** SPEC.md section 4: a due coin refreshes user data at most once per 5 s. */
const REFRESH_THROTTLE_MS = 5000;

export type CoinTimerState = { kind: "full" } | { kind: "counting"; msLeft: number } | { kind: "due" };

/** The countdown to the next regenerated coin, ticking each second. */
export function useCoinTimer(user: Pick<UserDto, "coins" | "nextCoinAt">): CoinTimerState {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => serverNow());
  const lastRefresh = useRef(0);
  const full = user.coins >= COIN_CAP || user.nextCoinAt === null;
  const dueAt = user.nextCoinAt ? Date.parse(user.nextCoinAt) : NaN;
  const msLeft = dueAt - now;

  useEffect(() => {
    if (full) return;
    const timer = window.setInterval(() => setNow(serverNow()), 1000);
    return () => window.clearInterval(timer);
  }, [full]);

  const due = !full && !(msLeft > 0);
  useEffect(() => {
    if (!due || Date.now() - lastRefresh.current < REFRESH_THROTTLE_MS) return;
    lastRefresh.current = Date.now();
    void refreshUserData(queryClient);
  }, [due, now, queryClient]);

  if (full) return { kind: "full" };
  return due ? { kind: "due" } : { kind: "counting", msLeft };
}
