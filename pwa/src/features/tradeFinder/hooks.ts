import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { CardIdentityDto } from "@contract/cards";
import { MSG } from "@contract/messages";
import type { SpareDto, WishlistDto } from "@contract/tradeFinder";
import { ApiError } from "../../lib/http";
import { useToast } from "../../lib/ui/Toasts";
import { useOnlineStatus } from "../../lib/useOnlineStatus";
import { useMirroredSpares, useMirroredWishes } from "../../offline/finderMirror";
import { deleteWish, putKeep, putWish, reloadFinder, sparesKey, sparesQuery, wishlistFromEntries, wishlistKey, wishlistQuery } from "./api";
import { finderKey, mirroredList, withWish, withoutWish, type MirroredList } from "./finderModel";

/** The player's wanted cards: the server's list, or the copy on this device (issue 48, offline). */
export function useWishlist(userId: number): MirroredList<WishlistDto> & { retry: () => void } {
  const online = useOnlineStatus();
  const query = useQuery({ ...wishlistQuery(userId), retry: online ? 2 : false });
  const readDevice = query.data === undefined && (!online || query.isError);
  const entries = useMirroredWishes(userId, readDevice);
  const saved = entries === undefined ? undefined : entries === null ? null : wishlistFromEntries(entries);
  return { ...mirroredList(query, online, saved), retry: () => void query.refetch() };
}

/** The player's cards with keep settings and spares: the server's list, or the device's copy. */
export function useSpares(userId: number, enabled = true): MirroredList<SpareDto[]> & { retry: () => void } {
  const online = useOnlineStatus();
  const query = useQuery({ ...sparesQuery(userId), enabled, retry: online ? 2 : false });
  const readDevice = enabled && query.data === undefined && (!online || query.isError);
  return { ...mirroredList(query, online, useMirroredSpares(userId, readDevice)), retry: () => void query.refetch() };
}

/** A change refused for the missing network says so plainly (as trading does). */
function failureText(err: unknown, fallback: string): { text: string; detail?: string } {
  if (err instanceof ApiError && err.isNetworkError) return { text: MSG.tradeFinderOffline };
  const reason = err instanceof Error && err.message !== fallback ? err.message : undefined;
  return { text: fallback, detail: reason };
}

/**
 * Adds or removes a wanted card. Offline the change is refused with a note, never queued: the
 * wishlist on screen is the server's. The list updates from the server's answer, then the
 * matches read again.
 */
export function useWishToggle(userId: number) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const online = useOnlineStatus();
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const toggle = useCallback(
    async (card: CardIdentityDto, wished: boolean): Promise<boolean> => {
      if (!online) {
        toast(MSG.tradeFinderOffline, { variant: "error" });
        return false;
      }
      const key = finderKey(card);
      setBusyKey(key);
      try {
        if (wished) {
          await deleteWish(card);
          queryClient.setQueryData<WishlistDto>(wishlistKey(userId), (old) => (old ? { ...old, entries: withoutWish(old.entries, card), count: Math.max(0, old.count - 1) } : old));
          toast(MSG.tradeWishRemoved, { variant: "success" });
        } else {
          const put = await putWish(card);
          queryClient.setQueryData<WishlistDto>(wishlistKey(userId), (old) => (old ? { ...old, entries: withWish(old.entries, put.entry), count: put.count } : old));
          toast(MSG.tradeWishAdded, { variant: "success" });
        }
        void reloadFinder(queryClient);
        return true;
      } catch (err) {
        const { text, detail } = failureText(err, MSG.tradeWishFailed);
        // The server's own reason (the 200-card cap) is the message to read.
        toast(detail ?? text, { variant: "error" });
        return false;
      } finally {
        setBusyKey(null);
      }
    },
    [online, queryClient, toast, userId],
  );
  return { toggle, busyKey, online };
}

/** Sets how many copies of a card to keep, or "Not for trade". Refused offline like wishes. */
export function useKeepSetter(userId: number) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const online = useOnlineStatus();
  const [busy, setBusy] = useState(false);
  const save = useCallback(
    async (card: CardIdentityDto, body: { keep?: number; notForTrade?: boolean }): Promise<boolean> => {
      if (!online) {
        toast(MSG.tradeFinderOffline, { variant: "error" });
        return false;
      }
      setBusy(true);
      try {
        const saved = await putKeep(card, body);
        const key = finderKey(card);
        queryClient.setQueryData<SpareDto[]>(sparesKey(userId), (old) => old?.map((s) => (finderKey(s.card) === key ? { ...s, ...saved } : s)));
        toast(MSG.tradeKeepSaved, { variant: "success" });
        void reloadFinder(queryClient);
        return true;
      } catch (err) {
        const { text, detail } = failureText(err, MSG.tradeKeepFailed);
        toast(text, { variant: "error", detail });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [online, queryClient, toast, userId],
  );
  return { save, busy, online };
}
