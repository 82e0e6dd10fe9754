// Issue 48, trade finder: the wishlist, spares, matches and the matches switch, as query options
// and plain calls. The keys sit under the trading key, so every trade action and trade event that
// reloads trading (features/trading: api.ts, hooks.ts) reloads these too: an accepted trade's
// wanted card leaves the wishlist at once.

import { infiniteQueryOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { CardIdentityDto } from "@contract/cards";
import { MSG } from "@contract/messages";
import type { FinderSettingsDto, MatchesDto, SpareDto, WishlistDto, WishPutDto } from "@contract/tradeFinder";
import { WISHLIST_MAX } from "../../../../api/src/game/tradeFinder";
import { apiRequest } from "../../lib/http";
import { getSession } from "../../lib/session";
import { replaceMirroredSpares, replaceMirroredWishes } from "../../offline/finderMirror";
import { identityPath } from "./finderModel";

/** The same first part as features/trading's key (["trading"]): no import of the trading feature. */
export const finderQueryKey = ["trading", "finder"] as const;
export const wishlistKey = (userId: number) => [...finderQueryKey, "wishlist", userId] as const;
export const sparesKey = (userId: number) => [...finderQueryKey, "spares", userId] as const;
export const matchesKey = (userId: number) => [...finderQueryKey, "matches", userId] as const;
export const finderSettingsKey = (userId: number) => [...finderQueryKey, "settings", userId] as const;
/** Players per page of matches. */
export const MATCHES_PAGE = 20;

export const wishlistQuery = (userId: number) =>
  queryOptions({
    queryKey: wishlistKey(userId),
    queryFn: async ({ signal }) => {
      const list = await apiRequest<WishlistDto>("/trade/wishlist", { fallback: MSG.tradeWishlistLoadFailed, signal });
      // Saved on the device unless the player signed out meanwhile (a sign-out deletes the copy).
      if (getSession().user?.id === userId) void replaceMirroredWishes(userId, list.entries);
      return list;
    },
  });

export const sparesQuery = (userId: number) =>
  queryOptions({
    queryKey: sparesKey(userId),
    queryFn: async ({ signal }) => {
      const spares = await apiRequest<SpareDto[]>("/trade/spares", { fallback: MSG.tradeSparesLoadFailed, signal });
      if (getSession().user?.id === userId) void replaceMirroredSpares(userId, spares);
      return spares;
    },
  });

export const matchesQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: matchesKey(userId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => apiRequest<MatchesDto>(`/trade/matches?limit=${MATCHES_PAGE}&offset=${pageParam}`, { fallback: MSG.tradeMatchesLoadFailed, signal }),
    getNextPageParam: (last, pages) => (last.matches.length < MATCHES_PAGE ? undefined : pages.length * MATCHES_PAGE),
  });

export const finderSettingsQuery = (userId: number) =>
  queryOptions({
    queryKey: finderSettingsKey(userId),
    queryFn: ({ signal }) => apiRequest<FinderSettingsDto>("/trade/finder-settings", { fallback: MSG.tradeFinderSettingsFailed, signal }),
  });

export function putWish(card: CardIdentityDto): Promise<WishPutDto> {
  return apiRequest<WishPutDto>(`/trade/wishlist/${identityPath(card)}`, { method: "PUT", fallback: MSG.tradeWishFailed });
}

export function deleteWish(card: CardIdentityDto): Promise<{ removed: boolean }> {
  return apiRequest<{ removed: boolean }>(`/trade/wishlist/${identityPath(card)}`, { method: "DELETE", fallback: MSG.tradeWishFailed });
}

export function putKeep(card: CardIdentityDto, body: { keep?: number; notForTrade?: boolean }): Promise<{ keep: number; notForTrade: boolean }> {
  return apiRequest(`/trade/keep/${identityPath(card)}`, { method: "PUT", body, fallback: MSG.tradeKeepFailed });
}

export function putFinderSettings(body: FinderSettingsDto): Promise<FinderSettingsDto> {
  return apiRequest<FinderSettingsDto>("/trade/finder-settings", { method: "PUT", body, fallback: MSG.tradeFinderSettingsFailed });
}

/** After a wish or keep change: the lists and the matches read again. */
export function reloadFinder(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: finderQueryKey });
}

/** A wishlist built from the device's copy. */
export function wishlistFromEntries(entries: WishlistDto["entries"]): WishlistDto {
  return { entries, count: entries.length, max: WISHLIST_MAX };
}
