import { useState } from "react";
import type { TradeRecordDto } from "@contract/trades";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { Dialog } from "../../../lib/ui/Dialog";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { useNow } from "../../../lib/useNow";
import type { useTradeActions } from "../hooks";
import { expiryOf, playerName } from "../tradingModel";
import { TradeCard } from "./TradeCard";

type Actions = ReturnType<typeof useTradeActions>;
interface TabProps {
  offers: TradeRecordDto[];
  loading: boolean;
  error: Error | null;
  actions: Actions;
}

const dateOf = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

function OffersState({ loading, error, empty, count }: { loading: boolean; error: Error | null; empty: string; count: number }) {
  if (loading) return <p className="trading__note" role="status">Loading offers...</p>;
  if (error) return <ErrorBanner>{messageOf(error, "Failed to load trade offers")}</ErrorBanner>;
  if (count === 0)
    return (
      <div className="trading__empty">
        <Icon name="trading" size={32} />
        <p className="trading__empty-title">{empty}</p>
      </div>
    );
  return null;
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

/** 'Your Outgoing Trade Offers': pending offers the player sent, each with Cancel. */
export function SentOffersTab({ offers, loading, error, actions }: TabProps) {
  const now = useNow(30_000).getTime();
  return (
    <section aria-labelledby="sent-title">
      <h2 id="sent-title" className="trading__title">
        Your Outgoing Trade Offers
      </h2>
      <OffersState loading={loading} error={error} count={offers.length} empty="No sent offers" />
      <ul className="offers">
        {offers.map((o) => (
          <li key={o.trade.id} className="offer">
            <div className="offer__cards">
              <TradeCard card={o.offeredCards[0]!} caption="You Offer" size="sm" />
              <Icon name="trading" size={24} className="offer__arrow" />
              <TradeCard card={o.requestedCard} caption="You Get" size="sm" />
            </div>
            <div className="offer__info">
              <p className="offer__partner">
                To <strong>{playerName(o.toUser)}</strong>
              </p>
              <p className="offer__date">Sent {dateOf(o.trade.createdAt)}</p>
              <Expiry expiresAt={o.trade.expiresAt} now={now} />
              <Button variant="danger" size="sm" busy={actions.busyId === o.trade.id} busyLabel="Cancelling..." onClick={() => void actions.cancel(o.trade.id)}>
                Cancel
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Incoming Trade Offers': pending offers to the player, with Accept (confirmed) and Decline. */
export function ReceivedOffersTab({ offers, loading, error, actions }: TabProps) {
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
      <OffersState loading={loading} error={error} count={offers.length} empty="No pending offers" />
      <ul className="offers">
        {offers.map((o) => {
          const expired = expiryOf(o.trade.expiresAt, now).expired;
          const busy = actions.busyId === o.trade.id;
          return (
            <li key={o.trade.id} className="offer">
              <div className="offer__cards">
                <TradeCard card={o.offeredCards[0]!} caption="They Offer" size="sm" />
                <Icon name="trading" size={24} className="offer__arrow" />
                <TradeCard card={o.requestedCard} caption="For Your" size="sm" />
              </div>
              <div className="offer__info">
                <p className="offer__partner">
                  From <strong>{playerName(o.fromUser)}</strong>
                </p>
                <p className="offer__date">Received {dateOf(o.trade.createdAt)}</p>
                <Expiry expiresAt={o.trade.expiresAt} now={now} />
                <div className="offer__actions">
                  <Button variant="primary" size="sm" disabled={expired || busy} busy={busy} busyLabel="Working..." onClick={() => setConfirming(o)}>
                    Accept
                  </Button>
                  <Button variant="ghost" size="sm" disabled={busy} onClick={() => void actions.decline(o.trade.id)}>
                    Decline
                  </Button>
                </div>
              </div>
            </li>
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
            <Button variant="primary" onClick={accept}>
              Yes, Accept Trade
            </Button>
          </>
        }
      >
        {confirming && (
          <div className="trade-swap">
            <TradeCard card={confirming.requestedCard} caption="You will give" size="sm" />
            <Icon name="trading" size={28} className="trade-swap__arrow" />
            <TradeCard card={confirming.offeredCards[0]!} caption="You will receive" size="sm" />
            <p className="trade-swap__partner">
              Trading with <strong>{playerName(confirming.fromUser)}</strong>
            </p>
          </div>
        )}
      </Dialog>
    </section>
  );
}
