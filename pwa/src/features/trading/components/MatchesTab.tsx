import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { MSG } from "@contract/messages";
import type { MatchDto, MatchPairDto } from "@contract/tradeFinder";
import { messageOf } from "../../../lib/http";
import { useQueryOffline } from "../../../lib/queryOffline";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { matchesQuery } from "../../tradeFinder/api";
import { offerOfPair } from "../../tradeFinder/finderModel";
import { tradeBalance } from "../tradingModel";
import { SendOfferDialog } from "./SendOfferDialog";
import { TradePair } from "./TradeCard";
import "../../tradeFinder/components/tradeFinder.css";

type SendOffer = (toUserId: number, offeredCardId: number, requestedCardId: number) => Promise<boolean>;

interface PendingOffer {
  match: MatchDto;
  pair: MatchPairDto;
}

/**
 * Issue 48, Matches: players holding spares I want, best first as the server ranks them, each
 * card pair one tap from a pre-filled offer. An uneven pair asks first, as every offer does.
 */
export function MatchesTab({ send, online }: { send: SendOffer; online: boolean }) {
  const me = useSignedInUser();
  const matches = useInfiniteQuery(matchesQuery(me.id));
  const view = useQueryOffline(matches);
  const [confirming, setConfirming] = useState<PendingOffer | null>(null);
  const [sendingKey, setSendingKey] = useState<string | null>(null);
  const pages = matches.data?.pages ?? [];
  const unavailable = pages[0]?.unavailable ?? null;
  const list = pages.flatMap((p) => p.matches);

  const sendPair = async ({ match, pair }: PendingOffer) => {
    const offer = offerOfPair(match.user.id, pair);
    setSendingKey(pairKey(match, pair));
    // send() shows the toasts and reloads trading, the matches with it.
    const ok = await send(offer.toUserId, offer.offeredCardId, offer.requestedCardId);
    setSendingKey(null);
    if (ok) setConfirming(null);
  };
  const offer = (pending: PendingOffer) => {
    if (tradeBalance(pending.pair.mine.points, pending.pair.theirs.points).uneven) setConfirming(pending);
    else void sendPair(pending);
  };

  return (
    <section aria-labelledby="matches-title">
      <h2 id="matches-title" className="trading__title">
        {MSG.tradeMatchesTitle}
      </h2>
      {view.loading && (
        <p className="trading__note" role="status">
          {MSG.tradeMatchesLoading}
        </p>
      )}
      {view.error && (
        <ErrorBanner>
          {messageOf(view.error, MSG.tradeMatchesLoadFailed)}{" "}
          <Button variant="ghost" size="sm" onClick={() => void matches.refetch()}>
            Try Again
          </Button>
        </ErrorBanner>
      )}
      <OfflineState view={view} />
      {unavailable && <NoticeBanner icon="info">{unavailable}</NoticeBanner>}
      {matches.isSuccess && !unavailable && list.length === 0 && (
        <div className="trading__empty">
          <Icon name="heart" size={32} />
          <p className="trading__empty-title">{MSG.tradeMatchesEmpty}</p>
        </div>
      )}
      <ul className="matches">
        {list.map((m) => (
          <MatchItem key={m.user.id} match={m} onOffer={offer} sendingKey={sendingKey} online={online} />
        ))}
      </ul>
      {matches.hasNextPage && (
        <Button variant="secondary" className="market__more" busy={matches.isFetchingNextPage} busyLabel="Loading..." onClick={() => void matches.fetchNextPage()}>
          {MSG.tradeMatchesMore}
        </Button>
      )}

      <SendOfferDialog
        draft={confirming && { give: confirming.pair.mine, get: confirming.pair.theirs, partner: confirming.match.user.displayName }}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && void sendPair(confirming)}
        sending={sendingKey !== null}
        online={online}
      />
    </section>
  );
}

const pairKey = (m: MatchDto, p: MatchPairDto) => `${m.user.id}:${p.theirs.cardId}:${p.mine.cardId}`;

/** One player: public name only, "Wants yours too" when mutual, a fairness mark, the card pairs. */
function MatchItem({ match, onOffer, sendingKey, online }: { match: MatchDto; onOffer: (p: PendingOffer) => void; sendingKey: string | null; online: boolean }) {
  const titleId = `match-${match.user.id}`;
  return (
    <li className="match" aria-labelledby={titleId}>
      <div className="match__head">
        <h3 id={titleId} className="match__name">
          {match.user.displayName}
        </h3>
        {match.mutual && (
          <span className="match__mark is-mutual">
            <Icon name="heart" size={14} />
            {MSG.tradeWantsYoursToo}
          </span>
        )}
        <FairMark fair={match.fair} />
      </div>
      <ul className="match__pairs">
        {match.pairs.map((pair) => {
          const key = pairKey(match, pair);
          return (
            <li key={key} className="match-pair">
              <TradePair left={[pair.theirs, MSG.tradeTheirCard]} right={[pair.mine, MSG.tradeYourCard]} className="offer__cards match-pair__cards" />
              <div className="match-pair__info">
                <FairMark fair={pair.fair} />
                {pair.theyWantMine && <span className="match__mark is-wanted">{MSG.tradeTheyWantIt}</span>}
                {pair.mine.inOpenOffers > 0 && <span className="in-offer">{MSG.tradeInOffer}</span>}
                <Button
                  size="sm"
                  variant="primary"
                  icon={<Icon name="trading" size={16} />}
                  disabled={!online || (sendingKey !== null && sendingKey !== key)}
                  busy={sendingKey === key}
                  busyLabel="Sending..."
                  onClick={() => onOffer({ match, pair })}
                  aria-label={`${MSG.tradeOfferThis} with ${match.user.displayName}`}
                >
                  {MSG.tradeOfferThis}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

function FairMark({ fair }: { fair: boolean }) {
  return <span className={`match__mark ${fair ? "is-fair" : "is-uneven"}`}>{fair ? MSG.tradeFair : MSG.tradeUnevenMark}</span>;
}
