import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { MSG } from "@contract/messages";
import type { TradeRecordDto } from "@contract/trades";
import { ApiError } from "../../lib/http";
import { readStored, writeStored } from "../../lib/storage";
import { useToast } from "../../lib/ui/Toasts";
import { refreshUserData } from "../../lib/userData";
import { collectionQueryKey, collectionQueryOptions } from "../../offline/collectionQuery";
import { useLivePoll } from "../../live/liveEvents";
import { TRADE_POLL_MS, answerOffer, historyKey, historyQuery, notificationsQuery, offersKey, offersQuery, sendOffer, tradingKey } from "./api";
import { lastViewKey, meansCardsGone, splitOffers, unseenReceived, type TradeTab } from "./tradingModel";
import { serverNow } from "../../lib/serverClock";

const AUTO_DECLINE_DELAY_MS = 1_500;
const OFFER_SENT_TOAST_MS = 3_000;
const AUTO_DECLINE_TOAST_MS = 4_000;

type ViewedTab = "sent" | "received" | "history";

/** The per-player 'last viewed' times (SPEC.md section 3), kept on the device. */
function useLastViews(userId: number) {
  const read = useCallback(() => {
    const get = (tab: ViewedTab) => readStored<string>(lastViewKey(userId, tab)) ?? null;
    return { sent: get("sent"), received: get("received"), history: get("history") };
  }, [userId]);
  const [views, setViews] = useState(read);
  useEffect(() => setViews(read()), [read]);
  const markViewed = useCallback(
    (tab: ViewedTab) => {
      // Compared with the server's times of offers and trades: the server's clock, not the device's.
      const now = new Date(serverNow()).toISOString();
      writeStored(lastViewKey(userId, tab), now);
      setViews((old) => ({ ...old, [tab]: now }));
    },
    [userId],
  );
  return { views, markViewed };
}

export interface TradeBadges {
  sent: number;
  received: number;
  history: number;
}

/**
 * Offers and tab badges. Opening a tab resets its badge; the open tab shows none, and leaving it
 * marks what it showed as seen.
 */
export function useTradeOffers(userId: number, openTab: TradeTab) {
  const { views, markViewed } = useLastViews(userId);
  const poll = useLivePoll(TRADE_POLL_MS);
  const offers = useQuery({ ...offersQuery, refetchInterval: poll });
  const notifications = useQuery({ ...notificationsQuery(views.sent, views.history), refetchInterval: poll });
  const { sent, received } = splitOffers(offers.data ?? [], userId);

  useEffect(() => {
    if (openTab !== "sent" && openTab !== "received" && openTab !== "history") return;
    markViewed(openTab);
    // Leaving the tab counts as having seen everything it showed.
    return () => markViewed(openTab);
  }, [openTab, markViewed]);

  const badges: TradeBadges = {
    sent: openTab === "sent" ? 0 : (notifications.data?.sentOffersCount ?? 0),
    received: openTab === "received" ? 0 : unseenReceived(received, views.received),
    history: openTab === "history" ? 0 : (notifications.data?.historyCount ?? 0),
  };
  return { offers, sent, received, badges };
}

/** After a trade changes hands: collection, user data, offers and history reload; others hear of it. */
async function afterTradeCompleted(queryClient: QueryClient, userId: number) {
  window.dispatchEvent(new Event("trade-executed"));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: tradingKey }),
    refreshUserData(queryClient),
  ]);
  const offers = queryClient.getQueryData<TradeRecordDto[]>(offersKey) ?? [];
  const { sent, received } = splitOffers(offers, userId);
  const history = queryClient.getQueryData<TradeRecordDto[]>(historyKey)?.length ?? 0;
  window.dispatchEvent(new CustomEvent("trade-completed", { detail: { sent: sent.length, received: received.length, history } }));
}

/** SPEC.md section 8: every accept, decline, cancel and send path with its toast. */
export function useTradeActions(userId: number) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busyId, setBusyId] = useState<number | null>(null);

  const reloadOffers = useCallback(() => queryClient.invalidateQueries({ queryKey: tradingKey }), [queryClient]);

  // `announce`: the player pressed Decline and gets a toast either way (issue 13); the automatic
  // declines after a failed accept already said why in their own toast.
  const decline = useCallback(
    async (tradeId: number, { announce = false }: { announce?: boolean } = {}) => {
      setBusyId(tradeId);
      try {
        await answerOffer(tradeId, "decline", "Failed to decline trade");
        if (announce) toast(MSG.tradeDeclined, { variant: "success" });
      } catch (err) {
        console.warn(err instanceof Error ? err.message : "Failed to decline trade");
        if (announce) toast(MSG.tradeDeclineFailed, { variant: "error" });
      } finally {
        setBusyId(null);
        await reloadOffers();
      }
    },
    [reloadOffers, toast],
  );

  const accept = useCallback(
    async (offer: TradeRecordDto) => {
      const tradeId = offer.trade.id;
      setBusyId(tradeId);
      try {
        // The player's own card must still be theirs: checked against a fresh collection first.
        const mine = await queryClient.fetchQuery({ ...collectionQueryOptions(userId), staleTime: 0 });
        if (!mine.some((c) => c.id === offer.requestedCard.id)) {
          toast(MSG.tradeAutoDeclinedMine, { variant: "error", durationMs: AUTO_DECLINE_TOAST_MS });
          await new Promise((r) => window.setTimeout(r, AUTO_DECLINE_DELAY_MS));
          await decline(tradeId);
          return;
        }
      } catch {
        // Collection unreachable: the server's own check below still protects the trade.
      }
      try {
        await answerOffer(tradeId, "accept", MSG.tradeAcceptNetwork);
        toast(MSG.tradeAccepted, { variant: "success" });
        await afterTradeCompleted(queryClient, userId);
      } catch (err) {
        if (err instanceof ApiError && err.isNetworkError) {
          toast(MSG.tradeAcceptNetwork, { variant: "error" });
        } else if (err instanceof ApiError && meansCardsGone(err.message)) {
          toast(MSG.tradeAutoDeclinedTheirs, { variant: "error", durationMs: AUTO_DECLINE_TOAST_MS });
          await decline(tradeId);
        } else {
          toast(MSG.tradeAcceptFailed(err instanceof Error ? err.message : "Unknown error"), { variant: "error" });
          await reloadOffers();
        }
      } finally {
        setBusyId(null);
      }
    },
    [decline, queryClient, reloadOffers, toast, userId],
  );

  const cancel = useCallback(
    async (tradeId: number) => {
      setBusyId(tradeId);
      try {
        await answerOffer(tradeId, "cancel", MSG.tradeCancelNetwork);
        toast(MSG.tradeCancelled, { variant: "success" });
      } catch (err) {
        const text = err instanceof ApiError && err.isNetworkError ? MSG.tradeCancelNetwork : MSG.tradeCancelFailed(err instanceof Error ? err.message : undefined);
        toast(text, { variant: "error" });
      } finally {
        setBusyId(null);
        await reloadOffers();
      }
    },
    [reloadOffers, toast],
  );

  const send = useCallback(
    async (toUserId: number, offeredCardId: number, requestedCardId: number): Promise<boolean> => {
      try {
        await sendOffer({ toUserId, offeredCardIds: [offeredCardId], requestedCardId });
        toast(MSG.tradeOfferSent, { variant: "success", durationMs: OFFER_SENT_TOAST_MS });
        await reloadOffers();
        return true;
      } catch (err) {
        // SPEC.md's exact text; the server's reason (e.g. trading not unlocked yet) on a line below it.
        const reason = err instanceof ApiError && !err.isNetworkError && err.message !== MSG.tradeOfferFailed ? err.message : undefined;
        toast(MSG.tradeOfferFailed, { variant: "error", detail: reason });
        return false;
      }
    },
    [reloadOffers, toast],
  );

  return { accept, decline, cancel, send, busyId };
}

/** History, reloaded whenever a trade is executed anywhere in the app. */
export function useTradeHistory() {
  const queryClient = useQueryClient();
  const history = useQuery(historyQuery);
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: historyKey });
    window.addEventListener("trade-executed", reload);
    return () => window.removeEventListener("trade-executed", reload);
  }, [queryClient]);
  return history;
}
