import { useState, type ReactNode } from "react";
import type { CardDto } from "@contract/cards";
import type { TradeRecordDto } from "@contract/trades";
import { messageOf } from "../../../lib/http";
import type { QueryOfflineView } from "../../../lib/queryOffline";
import { Button } from "../../../lib/ui/Button";
import { Dialog } from "../../../lib/ui/Dialog";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { useNow } from "../../../lib/useNow";
import type { useTradeActions } from "../hooks";
import { expiryOf, playerName, tradeBalance } from "../tradingModel";
import { ConfirmTradeButton, TradeValues } from "./TradeBalance";
import { cardPoints, TradePair } from "./TradeCard";

type Actions = ReturnType<typeof useTradeActions>;
interface TabProps {
  offers: TradeRecordDto[];
  /** The offers query as an offline-aware view: offline, nothing is loading or failing. */
  view: QueryOfflineView;
  actions: Actions;
}

const dateOf = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

function OffersState({ view, empty, count }: { view: QueryOfflineView; empty: string; count: number }) {
  if (view.loading) return <p className="trading__note" role="status">Loading offers...</p>;
  if (view.error) return <ErrorBanner>{messageOf(view.error, "Failed to load trade offers")}</ErrorBanner>;
  if (view.missing) return <OfflineState view={view} />;
  return (
    <>
      <OfflineState view={view} />
      {count === 0 && (
        <div className="trading__empty">
          <Icon name="trading" size={32} />
          <p className="trading__empty-title">{empty}</p>
        </div>
      )}
    </>
  );
}

function Expiry({ expiresAt, now }: { expiresAt: string; now: number }) {
  const e = expiryOf(expiresAt, now);
  return (
    <span className={`offer__expiry${e.warning ? " is-warning" : ""}`}>
      <Icon name="hourglass" size={14} />
      {e.label}
    </span>
  );
}

/** One pending offer: its two cards, the other player, the date and the countdown, then actions. */
function OfferItem({ left, right, partner, date, expiresAt, now, children }: { left: [CardDto, string]; right: [CardDto, string]; partner: string; date: string; expiresAt: string; now: number; children: ReactNode }) {
  return (
    <li className="offer">
      <TradePair left={left} right={right} />
      <div className="offer__info">
        <p className="offer__partner">{partner}</p>
        <p className="offer__date">{date}</p>
        <Expiry expiresAt={expiresAt} now={now} />
        {children}
      </div>
    </li>
  );
}

/** 'Your Outgoing Trade Offers': pending offers the player sent, each with Cancel. */
export function SentOffersTab({ offers, view, actions }: TabProps) {
  const now = useNow(30_000).getTime();
  return (
    <section aria-labelledby="sent-title">
      <h2 id="sent-title" className="trading__title">
        Your Outgoing Trade Offers
      </h2>
      <OffersState view={view} count={offers.length} empty="No sent offers" />
      <ul className="offers">
        {offers.map((o) => (
          <OfferItem
            key={o.trade.id}
            left={[o.offeredCards[0]!, "You Offer"]}
            right={[o.requestedCard, "You Get"]}
            partner={`To ${playerName(o.toUser)}`}
            date={`Sent ${dateOf(o.trade.createdAt)}`}
            expiresAt={o.trade.expiresAt}
            now={now}
          >
            <Button variant="danger" size="sm" disabled={view.offline} busy={actions.busyId === o.trade.id} busyLabel="Cancelling..." onClick={() => void actions.cancel(o.trade.id)}>
              Cancel
            </Button>
          </OfferItem>
        ))}
      </ul>
    </section>
  );
}

/** What accepting would give and get, in points. */
function acceptBalance(offer: TradeRecordDto) {
  return tradeBalance(cardPoints(offer.requestedCard), cardPoints(offer.offeredCards[0]!));
}

/** 'Incoming Trade Offers': pending offers to the player, with Accept (confirmed) and Decline. */
export function ReceivedOffersTab({ offers, view, actions }: TabProps) {
  const now = useNow(30_000).getTime();
  const [confirming, setConfirming] = useState<TradeRecordDto | null>(null);
  const accept = () => {
    const offer = confirming;
    setConfirming(null);
    if (offer) void actions.accept(offer);
  };
  return (
    <section aria-labelledby="received-title">
      <h2 id="received-title" className="trading__title">
        Incoming Trade Offers
      </h2>
      <OffersState view={view} count={offers.length} empty="No pending offers" />
      <ul className="offers">
        {offers.map((o) => {
          const expired = expiryOf(o.trade.expiresAt, now).expired;
          const busy = actions.busyId === o.trade.id;
          return (
            <OfferItem
              key={o.trade.id}
              left={[o.offeredCards[0]!, "They Offer"]}
              right={[o.requestedCard, "For Your"]}
              partner={`From ${playerName(o.fromUser)}`}
              date={`Received ${dateOf(o.trade.createdAt)}`}
              expiresAt={o.trade.expiresAt}
              now={now}
            >
              <div className="offer__actions">
                <Button variant="primary" size="sm" disabled={expired || busy || view.offline} busy={busy} busyLabel="Working..." onClick={() => setConfirming(o)}>
                  Accept
                </Button>
                <Button variant="ghost" size="sm" disabled={busy || view.offline} onClick={() => void actions.decline(o.trade.id, { announce: true })}>
                  Decline
                </Button>
              </div>
            </OfferItem>
          );
        })}
      </ul>

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Confirm Trade"
        description="Are you sure you want to accept this trade? This action cannot be undone."
        size="md"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            {confirming && <ConfirmTradeButton balance={acceptBalance(confirming)} label="Yes, Accept Trade" onConfirm={accept} disabled={view.offline} />}
          </>
        }
      >
        {confirming && (
          <TradePair left={[confirming.requestedCard, "You will give"]} right={[confirming.offeredCards[0]!, "You will receive"]} className="trade-swap">
            <p className="trade-swap__partner">
              Trading with <strong>{playerName(confirming.fromUser)}</strong>
            </p>
            <TradeValues balance={acceptBalance(confirming)} />
          </TradePair>
        )}
      </Dialog>
    </section>
  );
}
