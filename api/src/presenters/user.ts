import type { UserDto } from "../contract/user.ts";
import { nextCoinAt } from "../game/coins.ts";
import { dailyPeriod, weeklyPeriod } from "../game/periods.ts";
import { pityStatus } from "../game/pullRecord.ts";
import { canTrade, TRADE_UNLOCK, type TradeUnlock } from "../game/trading.ts";
import { SETS } from "../game/sets.ts";
import type { User } from "../models/User.ts";

/** The player's own view of their account. Counters of a past period read as 0. */
export function presentUser(user: User, now: Date, unlock: TradeUnlock = TRADE_UNLOCK): UserDto {
  const daily = user.dailyPeriod === dailyPeriod(now);
  const weekly = user.weeklyPeriod === weeklyPeriod(now);
  const last = new Date(user.lastCoinGeneration);
  return {
    id: user.id,
    username: user.username,
    replitUsername: user.username,
    displayName: user.displayName,
    email: user.email,
    hasPassword: user.passwordHash !== null,
    coins: user.coins,
    gems: user.gems,
    lastCoinGeneration: last.toISOString(),
    nextCoinAt: nextCoinAt({ coins: user.coins, lastCoinGeneration: last })?.toISOString() ?? null,
    dailyPacksOpened: daily ? user.dailyPacksOpened : 0,
    dailyHolosFound: daily ? user.dailyHolosFound : 0,
    weeklyLegendariesFound: weekly ? user.weeklyLegendariesFound : 0,
    weeklyHolosFound: weekly ? user.weeklyHolosFound : 0,
    weeklyPacksOpened: weekly ? user.weeklyPacksOpened : 0,
    set1PacksOpened: user.set1PacksOpened,
    set2PacksOpened: user.set2PacksOpened,
    set3PacksOpened: user.set3PacksOpened,
    set4PacksOpened: user.set4PacksOpened,
    set5PacksOpened: user.set5PacksOpened,
    set6PacksOpened: user.set6PacksOpened,
    set7PacksOpened: user.set7PacksOpened,
    totalScore: user.totalScore,
    cardCount: user.cardCount,
    createdAt: new Date(user.createdAt).toISOString(),
    pity: SETS.map((s) => pityStatus(s.id, user[`set${s.id as 1}Pity`] ?? 0)),
    tradingLocked: !canTrade({ createdAt: new Date(user.createdAt), packsOpened: SETS.reduce((sum, s) => sum + user[`set${s.id as 1}PacksOpened`], 0) }, now, unlock),
  };
}
