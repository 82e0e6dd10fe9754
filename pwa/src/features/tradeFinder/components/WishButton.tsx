import { useState } from "react";
import { MSG } from "@contract/messages";
import { BACKGROUNDS } from "../../../../../api/src/game/sets";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { Icon } from "../../../lib/ui/Icon";
import { SelectField } from "../../../lib/ui/SelectField";
import { useWishlist, useWishToggle } from "../hooks";
import { backgroundChoices, finderKey, identityOfKind, needsBackgroundChoice, wishedKeys, type CardKind } from "../finderModel";
import "./tradeFinder.css";

/**
 * "Add to wishlist" / "On your wishlist" for one kind of card (issue 48): the collection's
 * inspector (owned and missing cards) and the pack reveal. A missing card of a set whose cards
 * always carry a background asks which background first. Offline it says changes need a connection.
 */
export function WishButton({ kind, size = "md" }: { kind: CardKind; size?: "sm" | "md" | "lg" }) {
  const me = useSignedInUser();
  const wishlist = useWishlist(me.id);
  const { toggle, busyKey, online } = useWishToggle(me.id);
  const choose = needsBackgroundChoice(kind);
  const [background, setBackground] = useState(BACKGROUNDS[0]!.id);
  const card = identityOfKind(choose ? { ...kind, background } : kind);
  const key = finderKey(card);
  const wished = wishedKeys(wishlist.data?.entries).has(key);
  return (
    <div className="wish">
      {choose && (
        <SelectField label={MSG.tradeWishBackground} value={background} onChange={setBackground}>
          {backgroundChoices().map((b) => (
            <option key={b.value} value={b.value}>
              {b.label}
            </option>
          ))}
        </SelectField>
      )}
      <Button
        size={size}
        variant={wished ? "primary" : "secondary"}
        className={`wish__button${wished ? " is-wished" : ""}`}
        aria-pressed={wished}
        icon={<Icon name="heart" size={18} />}
        busy={busyKey === key}
        busyLabel="Saving..."
        disabled={!online || wishlist.data === undefined}
        onClick={() => void toggle(card, wished)}
      >
        {wished ? MSG.tradeWishOn : MSG.tradeWishAdd}
      </Button>
      {!online && <p className="wish__note">{MSG.tradeFinderOffline}</p>}
    </div>
  );
}
