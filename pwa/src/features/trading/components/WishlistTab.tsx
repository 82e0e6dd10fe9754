import { Link } from "@tanstack/react-router";
import { MSG } from "@contract/messages";
import { OWNERS_COUNT_CAP } from "@contract/rules";
import type { WishDto } from "@contract/tradeFinder";
import { messageOf } from "../../../lib/http";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { finderKey } from "../../tradeFinder/finderModel";
import { useWishlist, useWishToggle } from "../../tradeFinder/hooks";
import { cardLabel, TradeCard } from "./TradeCard";

/**
 * Issue 48, Wishlist: every wanted card with how many players could trade it, and Remove. Offline
 * it shows the device's copy and says changes wait for the network.
 */
export function WishlistTab({ online }: { online: boolean }) {
  const me = useSignedInUser();
  const wishlist = useWishlist(me.id);
  const { toggle, busyKey } = useWishToggle(me.id);
  const list = wishlist.data;
  return (
    <section aria-labelledby="wishlist-title">
      <div className="wishlist__head">
        <h2 id="wishlist-title" className="trading__title">
          {MSG.tradeWishlistTitle}
        </h2>
        {list && <p className="wishlist__count">{MSG.tradeWishlistCount(list.count, list.max)}</p>}
      </div>
      {wishlist.loading && (
        <p className="trading__note" role="status">
          {MSG.tradeWishlistLoading}
        </p>
      )}
      {wishlist.error && (
        <ErrorBanner>
          {messageOf(wishlist.error, MSG.tradeWishlistLoadFailed)}{" "}
          <Button variant="ghost" size="sm" onClick={wishlist.retry}>
            Try Again
          </Button>
        </ErrorBanner>
      )}
      <OfflineState view={{ offline: !online, loading: false, error: null, lastKnown: !online && !!list, missing: wishlist.missing }} />
      {!online && <p className="trading__note wishlist__offline">{MSG.tradeFinderOffline}</p>}
      {list && list.entries.length === 0 && (
        <div className="trading__empty">
          <Icon name="heart" size={32} />
          <p className="trading__empty-title">{MSG.tradeWishlistEmptyTitle}</p>
          <p>{MSG.tradeWishlistEmpty}</p>
          <Link to="/collection" className="text-link">
            {MSG.tradeWishlistToCollection}
          </Link>
        </div>
      )}
      <ul className="wishlist">
        {list?.entries.map((entry) => (
          <WishItem key={finderKey(entry.card)} entry={entry} busy={busyKey === finderKey(entry.card)} online={online} onRemove={() => void toggle(entry.card, true)} />
        ))}
      </ul>
    </section>
  );
}

function WishItem({ entry, busy, online, onRemove }: { entry: WishDto; busy: boolean; online: boolean; onRemove: () => void }) {
  return (
    <li className="wish-item">
      <TradeCard card={entry.card} size="sm" />
      <p className={`wish-item__owners${entry.owners > 0 ? " has-owners" : ""}`}>{MSG.tradeWishOwners(entry.owners, entry.owners >= OWNERS_COUNT_CAP)}</p>
      <Button size="sm" variant="ghost" icon={<Icon name="close" size={16} />} disabled={!online} busy={busy} busyLabel="Removing..." onClick={onRemove} aria-label={MSG.tradeWishRemoveLabel(cardLabel(entry.card))}>
        {MSG.tradeWishRemove}
      </Button>
    </li>
  );
}
