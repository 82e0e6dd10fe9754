import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { MSG } from "@contract/messages";
import { formatNumber } from "../../../lib/format";
import { useQueryOffline } from "../../../lib/queryOffline";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { collectionQueryOptions } from "../../../offline/collectionQuery";
import { finderKey, inOfferKeys } from "../../tradeFinder/finderModel";
import { useSpares } from "../../tradeFinder/hooks";
import "../../tradeFinder/components/tradeFinder.css";
import { groupOwnCards, playerName, tradeBalance, type OwnCardGroup } from "../tradingModel";
import { SendOfferDialog } from "./SendOfferDialog";
import type { TradeTarget } from "./BrowseTab";
import { cardLabel, cardPoints, TradeCard } from "./TradeCard";

type SendOffer = (toUserId: number, offeredCardId: number, requestedCardId: number) => Promise<boolean>;

/** 'Choose Your Card to Offer': the player's cards, spares and close values first; then 'Confirm Trade'. */
export function OfferPicker({ target, onBack, send, online }: { target: TradeTarget; onBack: () => void; send: SendOffer; online: boolean }) {
  const me = useSignedInUser();
  const collection = useQuery(collectionQueryOptions(me.id));
  const view = useQueryOffline(collection);
  const asked = cardPoints(target.card);
  const groups = useMemo(() => groupOwnCards(collection.data ?? [], asked), [collection.data, asked]);
  // Issue 48: kinds with a copy already in one of my pending offers say so.
  const inOffer = inOfferKeys(useSpares(me.id).data);
  const [chosen, setChosen] = useState<OwnCardGroup | null>(null);
  const [sending, setSending] = useState(false);
  const partner = playerName(target.owner);
  const top = useRef<HTMLDivElement>(null);
  // The owner was picked far down the market: start the picker at its top. (Braces: newer
  // browsers return a promise from scrollIntoView, which React would take for a cleanup.)
  useEffect(() => {
    top.current?.scrollIntoView({ block: "start" });
  }, []);

  const confirm = async () => {
    if (!chosen || !online) return;
    setSending(true);
    const ok = await send(target.owner.id, chosen.card.id, target.card.id);
    setSending(false);
    if (ok) {
      setChosen(null);
      onBack();
    }
  };

  return (
    <div className="offer-picker" ref={top}>
      <div className="offer-picker__bar">
        <Button variant="ghost" icon={<Icon name="arrowLeft" size={18} />} onClick={onBack}>
          Back to Browse
        </Button>
        <p className="offer-picker__with">
          Trading with <strong>{partner}</strong>
        </p>
      </div>
      <div className="offer-picker__intro">
        <TradeCard card={target.card} caption="You want" size="sm" />
        <div>
          <h2>Choose Your Card to Offer</h2>
          <p>Pick one of your cards. {partner} can accept or decline your offer within 7 days.</p>
          <p className="offer-picker__asked">
            Their card is worth <strong>{formatNumber(asked)} pts</strong>. Your spares and cards of similar value come first.
          </p>
        </div>
      </div>

      <OfflineState view={view} />
      {view.loading && (
        <p className="trading__note" role="status">
          Loading your cards...
        </p>
      )}
      {collection.isSuccess && groups.length === 0 && (
        <div className="trading__empty">
          <Icon name="packs" size={32} />
          <p className="trading__empty-title">No cards to offer yet</p>
          <p>Open a pack first, then come back to trade.</p>
        </div>
      )}
      <ul className="offer-picker__grid">
        {groups.map((g) => {
          const balance = tradeBalance(g.card.points, asked);
          const offered = inOffer.has(finderKey(g.card));
          return (
            <li key={g.key}>
              <button
                type="button"
                className="offer-picker__card"
                onClick={() => setChosen(g)}
                aria-label={`Offer ${cardLabel(g.card)}${g.count > 1 ? `, you have ${g.count}` : ""}${balance.uneven ? ", worth over 3 times their card" : ""}${offered ? `, ${MSG.tradeInOffer}` : ""}`}
              >
                <TradeCard card={g.card} size="sm" />
                {g.count > 1 && <span className="offer-picker__count">x{formatNumber(g.count)}</span>}
                {offered && (
                  <span className="in-offer offer-picker__in-offer" aria-hidden="true">
                    {MSG.tradeInOffer}
                  </span>
                )}
                {balance.uneven && (
                  <span className="offer-picker__uneven" aria-hidden="true">
                    {Number.isFinite(balance.ratio) ? `${formatNumber(Math.round(balance.ratio))}x` : "!"} their card
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>

      <SendOfferDialog draft={chosen && { give: chosen.card, get: { ...target.card, points: asked }, partner }} onClose={() => setChosen(null)} onConfirm={() => void confirm()} sending={sending} online={online} />
    </div>
  );
}
