import { useEffect, useRef, type KeyboardEvent } from "react";
import { MSG } from "@contract/messages";
import { useQueryOffline } from "../../../lib/queryOffline";
import { useSignedInUser } from "../../../lib/session";
import { NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { useOnlineStatus } from "../../../lib/useOnlineStatus";
import { useTradeActions, useTradeOffers, type TradeBadges } from "../hooks";
import type { TradeTab } from "../tradingModel";
import { BrowseTab } from "./BrowseTab";
import { HistoryTab } from "./HistoryTab";
import { MatchesTab } from "./MatchesTab";
import { WishlistTab } from "./WishlistTab";
import { ReceivedOffersTab, SentOffersTab } from "./OfferTabs";
import "./trading.css";

const TABS: readonly { id: TradeTab; label: string; badge?: keyof TradeBadges; tone?: string }[] = [
  { id: "browse", label: "Browse Cards" },
  { id: "matches", label: "Matches" },
  { id: "wishlist", label: "Wishlist" },
  { id: "sent", label: "Sent Offers", badge: "sent", tone: "blue" },
  { id: "received", label: "Received Offers", badge: "received", tone: "red" },
  { id: "history", label: "History", badge: "history", tone: "green" },
];

/** SPEC.md section 2, 'Card Trading Marketplace': four tabs with their count badges, and issue 48's Matches and Wishlist. */
export function TradingScreen({ tab, onTabChange }: { tab: TradeTab; onTabChange: (tab: TradeTab) => void }) {
  const me = useSignedInUser();
  const { offers, sent, received, badges } = useTradeOffers(me.id, tab);
  const actions = useTradeActions(me.id);
  const offersView = useQueryOffline(offers);
  const online = useOnlineStatus();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  // Phones scroll the row of six tabs sideways: the open one stays in view.
  useEffect(() => {
    tabRefs.current[tab]?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [tab]);

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(i + step + TABS.length) % TABS.length]!;
    onTabChange(next.id);
    tabRefs.current[next.id]?.focus();
  };

  return (
    <section className="trading" aria-labelledby="trading-title">
      <header className="trading__head">
        <h1 id="trading-title" className="screen-title">Card Trading Marketplace</h1>
        <p className="screen-lede">Swap one of your cards for one of another collector's. Offers stay open for 7 days.</p>
      </header>

      {!online && (
        <NoticeBanner icon="offline" className="trading__offline">
          {MSG.tradeOffline}
        </NoticeBanner>
      )}
      {/* RULES.md, anti-farming: said before the player picks a card, not only when an offer fails. */}
      {me.tradingLocked && <NoticeBanner icon="info">{MSG.tradeLocked}. Until then you can browse the market and read offers.</NoticeBanner>}

      <div className="trading__tabs" role="tablist" aria-label="Trading" onKeyDown={onKeyDown}>
        {TABS.map((t) => {
          const count = t.badge ? badges[t.badge] : 0;
          const selected = t.id === tab;
          return (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`trade-tab-${t.id}`}
              aria-controls={`trade-panel-${t.id}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              className={`trading__tab${selected ? " is-active" : ""}`}
              onClick={() => onTabChange(t.id)}
            >
              <TabLabel label={t.label} />
              {count > 0 && (
                <span className={`trading__badge is-${t.tone}`} aria-label={`${count} new`}>
                  {count > 99 ? "99+" : count}
                </span>
              )}
            </button>
          );
        })}
      </div>

      <div className="trading__panel" role="tabpanel" id={`trade-panel-${tab}`} aria-labelledby={`trade-tab-${tab}`}>
        {tab === "browse" && <BrowseTab send={actions.send} online={online} />}
        {tab === "sent" && <SentOffersTab offers={sent} view={offersView} actions={actions} />}
        {tab === "received" && <ReceivedOffersTab offers={received} view={offersView} actions={actions} />}
        {tab === "history" && <HistoryTab />}
        {tab === "matches" && <MatchesTab send={actions.send} online={online} />}
        {tab === "wishlist" && <WishlistTab online={online} />}
      </div>
    </section>
  );
}

/** 'Received Offers': on phones only the first word shows (all four tabs fit one row); the rest stays for screen readers. */
function TabLabel({ label }: { label: string }) {
  const [first, ...rest] = label.split(" ");
  return (
    <span>
      {first}
      {rest.length > 0 && <span className="trading__tab-more"> {rest.join(" ")}</span>}
    </span>
  );
}
