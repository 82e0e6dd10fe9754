import { useQuery } from "@tanstack/react-query";
import { useLivePoll } from "../../live/liveEvents";
import { TRADE_POLL_MS, notificationsQuery } from "./api";

/**
 * Offers waiting for this player's answer, for the installed app's icon badge (issue 47): read
 * only where the icon can show a badge, kept current by the trade events (polled only while the
 * stream is down). A file of its own: the signed-in shell loads it, not the trading screen.
 */
export function useOffersWaiting(enabled: boolean): number {
  const query = useQuery({ ...notificationsQuery(null, null), enabled, refetchInterval: useLivePoll(TRADE_POLL_MS), refetchOnWindowFocus: false });
  return query.data?.receivedOffersCount ?? 0;
}
