import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { rankQueryKey } from "../lib/rank";
import { getSession } from "../lib/session";
import { useOnlineStatus } from "../lib/useOnlineStatus";
import { refreshUserData } from "../lib/userData";
import { noticeInBackground } from "./backgroundNotices";
import { onLiveEvent } from "./liveEvents";
import { openLiveStream } from "./liveStream";

let servedVersion: string | null = null;

/**
 * Rank reads an event causes, at most one per this long: while many play, nearly every batch of
 * moves spans a low score, and a read every 2 s from every such tab would cost more than the poll
 * it replaces. The first move is shown at once; later ones within the gap share one read at its end.
 */
const RANK_READ_GAP_MS = 30_000;
let lastRankRead = 0;
let rankReadTimer: number | undefined;
function readRankSoon(read: () => void): void {
  if (rankReadTimer !== undefined) return;
  const wait = lastRankRead + RANK_READ_GAP_MS - Date.now();
  const go = () => {
    rankReadTimer = undefined;
    lastRankRead = Date.now();
    read();
  };
  if (wait <= 0) go();
  else rankReadTimer = window.setTimeout(go, wait);
}

/** A new version is served: the service worker looks for it now (the update prompt follows). */
function checkForUpdate(): void {
  void navigator.serviceWorker?.getRegistration().then((r) => r?.update()).catch(() => undefined);
}

/** The reactions that belong to no single feature: balances, rank, versions, gaps, background notices. */
function installCoreHandlers(userId: number): () => void {
  const offs = [
    onLiveEvent("hello", ({ version }) => {
      if (servedVersion && servedVersion !== version) checkForUpdate();
      servedVersion = version;
    }),
    onLiveEvent("deploy", ({ version }) => {
      if (version !== servedVersion) checkForUpdate();
    }),
    onLiveEvent("coins", ({ full }, queryClient) => {
      void refreshUserData(queryClient);
      if (full) noticeInBackground("Your coins are full", "Open a pack before they stop regenerating.", "coins-full");
    }),
    onLiveEvent("reward", (_, queryClient) => {
      void refreshUserData(queryClient);
      noticeInBackground("Rewards are ready", "A new reward period has started: claim yours.", "rewards");
    }),
    onLiveEvent("trade", ({ kind, by }, queryClient) => {
      void refreshUserData(queryClient);
      if (kind === "received") noticeInBackground("New trade offer", `${by ?? "A player"} sent you a trade offer.`, "trade-received");
    }),
    onLiveEvent("rank", ({ low, high, movers }, queryClient) => {
      // This player's own pack alone: its own refresh after the pack has read the rank already.
      if (movers?.length === 1 && movers[0] === userId) return;
      // Only a player whose score lies in the span that moved can have a new place.
      const score = getSession().user?.totalScore;
      if (score === undefined || (score >= low && score <= high)) readRankSoon(() => void queryClient.invalidateQueries({ queryKey: rankQueryKey(userId) }));
    }),
    onLiveEvent("resync", (_, queryClient) => {
      // Events were missed: everything shown is read again.
      void queryClient.invalidateQueries();
    }),
  ];
  return () => {
    offs.forEach((off) => off());
    window.clearTimeout(rankReadTimer);
    rankReadTimer = undefined;
  };
}

/**
 * Issue 47: one event stream for this tab while signed in and online (mount once, in the
 * signed-in shell). Offline it is closed; back online it resumes after the last event it applied.
 */
export function useLiveStream(userId: number): void {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  useEffect(() => installCoreHandlers(userId), [userId]);
  useEffect(() => {
    if (!online || typeof EventSource === "undefined") return;
    return openLiveStream(queryClient);
  }, [online, queryClient, userId]);
}
