// Reward progress counters (RULES.md, Rewards): kept per UTC day and UTC week on the player's
// row; a counter of a period that has ended reads and restarts as 0, so no job resets them.

import { dailyPeriod, weeklyPeriod } from "./periods.ts";
import { tierOf } from "./rarity.ts";
import { finishOf, type CardLike } from "./sets.ts";

export interface Progress {
  dailyPeriod: string | null;
  dailyLogins: number;
  dailyPacksOpened: number;
  dailyHolosFound: number;
  weeklyPeriod: string | null;
  weeklyPacksOpened: number;
  weeklyHolosFound: number;
  weeklyLegendariesFound: number;
}

/** The same counters moved into the current periods: those of an ended period restart at 0. */
export function currentProgress(p: Progress, now: Date): Progress {
  const day = dailyPeriod(now);
  const week = weeklyPeriod(now);
  const sameDay = p.dailyPeriod === day;
  const sameWeek = p.weeklyPeriod === week;
  return {
    dailyPeriod: day,
    dailyLogins: sameDay ? p.dailyLogins : 0,
    dailyPacksOpened: sameDay ? p.dailyPacksOpened : 0,
    dailyHolosFound: sameDay ? p.dailyHolosFound : 0,
    weeklyPeriod: week,
    weeklyPacksOpened: sameWeek ? p.weeklyPacksOpened : 0,
    weeklyHolosFound: sameWeek ? p.weeklyHolosFound : 0,
    weeklyLegendariesFound: sameWeek ? p.weeklyLegendariesFound : 0,
  };
}

/** Shiny = any finish but regular (RULES.md: "holo" rewards count every shiny card). */
export const isShiny = (card: CardLike) => finishOf(card) !== "regular";
export const isLegendaryOrBetter = (card: CardLike) => {
  const tier = tierOf(card);
  return tier === "Legendary" || tier === "Mythic";
};

/** After a pack: one more pack today and this week, its shiny and legendary cards counted. */
export function recordPack(p: Progress, cards: readonly CardLike[], now: Date): Progress {
  const c = currentProgress(p, now);
  const shiny = cards.filter(isShiny).length;
  return {
    ...c,
    // Opening a pack is a signed-in visit too.
    dailyLogins: Math.max(c.dailyLogins, 1),
    dailyPacksOpened: c.dailyPacksOpened + 1,
    dailyHolosFound: c.dailyHolosFound + shiny,
    weeklyPacksOpened: c.weeklyPacksOpened + 1,
    weeklyHolosFound: c.weeklyHolosFound + shiny,
    weeklyLegendariesFound: c.weeklyLegendariesFound + cards.filter(isLegendaryOrBetter).length,
  };
}

/** A signed-in visit today (the daily-login reward). */
export function recordVisit(p: Progress, now: Date): Progress {
  const c = currentProgress(p, now);
  return { ...c, dailyLogins: Math.max(c.dailyLogins, 1) };
}

export function progressOf(p: Progress): Progress {
  return {
    dailyPeriod: p.dailyPeriod,
    dailyLogins: p.dailyLogins,
    dailyPacksOpened: p.dailyPacksOpened,
    dailyHolosFound: p.dailyHolosFound,
    weeklyPeriod: p.weeklyPeriod,
    weeklyPacksOpened: p.weeklyPacksOpened,
    weeklyHolosFound: p.weeklyHolosFound,
    weeklyLegendariesFound: p.weeklyLegendariesFound,
  };
}
