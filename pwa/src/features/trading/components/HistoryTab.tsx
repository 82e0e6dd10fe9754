import { messageOf } from "../../../lib/http";
import { useQueryOffline } from "../../../lib/queryOffline";
import { useSignedInUser } from "../../../lib/session";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { useTradeHistory } from "../hooks";
import { historyBadge, playerName, sidesOf } from "../tradingModel";
import { TradePair } from "./TradeCard";

const dateOf = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

/** 'Completed Trades': accepted, declined and expired offers the player was part of. */
export function HistoryTab() {
  const me = useSignedInUser();
  const history = useTradeHistory();
  const view = useQueryOffline(history);
  const entries = history.data ?? [];
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="trading__title">
        Completed Trades
      </h2>
      {view.loading && (
        <p className="trading__note" role="status">
          Loading trade history...
        </p>
      )}
      {view.error && <ErrorBanner>{messageOf(view.error, "Failed to load trade history")}</ErrorBanner>}
      <OfflineState view={view} />
      {history.isSuccess && entries.length === 0 && (
        <div className="trading__empty">
          <Icon name="clock" size={32} />
          <p className="trading__empty-title">No trade history</p>
        </div>
      )}
      <ul className="offers">
        {entries.map((r) => {
          const { gave, got, partner } = sidesOf(r, me.id);
          const badge = historyBadge(r.trade.status);
          // An offer that ran out changed when it expired, not when it was last written.
          const when = r.trade.status === "expired" || r.trade.status === "pending" ? r.trade.expiresAt : r.trade.updatedAt;
          return (
            <li key={r.trade.id} className="offer is-history">
              <span className={`offer__badge is-${badge.toLowerCase()}`}>{badge}</span>
              {/* SPEC.md: 'You Gave' / 'You Got' on every entry (the badge says whether the swap happened). */}
              <TradePair left={[gave, "You Gave"]} right={[got, "You Got"]} />
              <div className="offer__info">
                <p className="offer__partner">
                  With <strong>{playerName(partner)}</strong>
                </p>
                <p className="offer__date">
                  {badge} {dateOf(when)}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
