import { useEffect, useId, useState } from "react";
import { MSG } from "@contract/messages";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { useKeepSetter, useSpares } from "../hooks";
import { identityOfKind, parseKeep, spareOf, sparesAfter, type CardKind } from "../finderModel";
import "./tradeFinder.css";

/**
 * Issue 48, spares: how many copies of an owned card to keep out of trading (1 unless set), and
 * "Not for trade". Copies in an open offer are never spare, and say so. Offline the controls are
 * disabled; the wish button above them says why.
 */
export function KeepControls({ kind }: { kind: CardKind }) {
  const me = useSignedInUser();
  const spares = useSpares(me.id);
  const card = identityOfKind(kind);
  const spare = spareOf(spares.data, card);
  const { save, busy, online } = useKeepSetter(me.id);
  const [keepText, setKeepText] = useState("");
  const keepId = useId();
  useEffect(() => {
    if (spare) setKeepText(String(spare.keep));
  }, [spare?.keep]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!spare) return spares.loading ? <p className="keep__note">{MSG.tradeKeepLoading}</p> : null;
  const keep = parseKeep(keepText);
  const changed = keep !== null && keep !== spare.keep;
  const spareNow = sparesAfter(spare, keep ?? spare.keep, spare.notForTrade);
  return (
    <form
      className="keep"
      aria-label="Trade settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) void save(card, { keep });
      }}
    >
      <div className="keep__row">
        <label htmlFor={keepId}>{MSG.tradeKeepLabel}</label>
        <input id={keepId} className="keep__input" type="number" inputMode="numeric" min={0} max={9999} value={keepText} onChange={(e) => setKeepText(e.target.value)} disabled={!online || busy} aria-invalid={keep === null} />
        <Button type="submit" size="sm" variant="secondary" disabled={!changed || !online} busy={busy} busyLabel="Saving...">
          {MSG.tradeKeepSave}
        </Button>
      </div>
      <label className="keep__check">
        <input type="checkbox" checked={spare.notForTrade} disabled={!online || busy} onChange={(e) => void save(card, { notForTrade: e.target.checked })} />
        <span>{MSG.tradeNotForTrade}</span>
      </label>
      <p className="keep__note" role="status">
        {MSG.tradeSpareCount(spareNow)}
        {spare.inOpenOffers.length > 0 && <span className="in-offer">{MSG.tradeInOffer}</span>}
      </p>
    </form>
  );
}
