import { memo, useId } from "react";
import { MSG } from "@contract/messages";
import type { UserDto } from "@contract/user";
import { CARDS_PER_PACK, type CardSet, type PackCount } from "../../../../../api/src/game/sets";

const BULK: PackCount = 10;
import { formatNumber } from "../../../lib/format";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { Icon } from "../../../lib/ui/Icon";
import { catalogueSize, fundsProblem, openedCounterKey, pityOf, shortfallText } from "../packRules";
import { PackArt } from "./PackArt";

interface PackCardProps {
  set: CardSet;
  user: UserDto;
  opening: boolean;
  /** Offline: every pack waits for the network (the screen says why once, above the grid). */
  offline: boolean;
  onOpen: (set: CardSet, count?: PackCount) => void;
  onShowRates: (set: CardSet) => void;
}

/**
 * One pack: the clickable artwork tile, the name with its cost badge, card count, rates button and 'Opening...'.
 * Memoised: a tap re-renders the tapped pack only, not all seven (the tap's own task, issue 11).
 */
export const PackCard = memo(function PackCard({ set, user, opening, offline, onOpen, onShowRates }: PackCardProps) {
  const problemId = useId();
  const bulkWhyId = useId();
  const problem = fundsProblem(user, set);
  const currency = set.currency === "gems" ? "gem" : "coin";
  const costLabel = `${set.packCost} ${set.packCost === 1 ? currency : `${currency}s`}`;
  const disabled = opening || offline || problem !== null;
  const opened = user[openedCounterKey(set.id)];
  const pity = pityOf(user, set.id);
  const bulkShortfall = shortfallText(user, set, BULK);
  const bulkCost = set.packCost * BULK;

  return (
    <article className={["pack-card", `pack-card--set${set.id}`, disabled && "is-unavailable", opening && "is-opening"].filter(Boolean).join(" ")}>
      <div className="pack-card__stage">
        <button
          type="button"
          className="pack-card__tile"
          onClick={() => onOpen(set)}
          disabled={disabled}
          aria-label={`Open ${set.name} pack for ${costLabel}`}
          aria-describedby={problem ? problemId : undefined}
          aria-busy={opening || undefined}
        >
          <PackArt set={set} />
          <span className="pack-card__foil" aria-hidden="true" />
          {!disabled && (
            <span className="pack-card__cta" aria-hidden="true">
              <Icon name="sparkles" size={16} /> Open
            </span>
          )}
          {problem && !opening && (
            <span className="pack-card__lock" aria-hidden="true">
              <Icon name="lock" size={16} /> Need {set.packCost}
              <CurrencyIcon kind={currency} size={16} />
            </span>
          )}
          {opening && (
            <span className="pack-card__opening" role="status">
              <span className="pack-card__spinner" aria-hidden="true" />
              {MSG.packOpening}
            </span>
          )}
        </button>
        <button type="button" className="pack-card__info" onClick={() => onShowRates(set)} aria-label={MSG.packRatesTitle(set.name)} aria-haspopup="dialog">
          <Icon name="info" size={18} />
        </button>
      </div>
      <div className="pack-card__body">
        {/* The price sits beside the name, not on the art: at a phone's tile width the badge in the
            art's top corner covered the pack's wordmark (issue 44). */}
        <div className="pack-card__title">
          <h2 className="pack-card__name">{set.name}</h2>
          <span className={`pack-card__cost pack-card__cost--${currency}`}>
            <CurrencyIcon kind={currency} size={18} />
            <span aria-hidden="true">{set.packCost}</span>
            <span className="visually-hidden">Costs {costLabel}</span>
          </span>
        </div>
        <p className="pack-card__meta">
          <span>{CARDS_PER_PACK} cards per pack</span>
          <span className="pack-card__meta-sep" aria-hidden="true">
            {" · "}
          </span>
          <span>{catalogueSize(set.id)} cards in set</span>
        </p>
        {opened > 0 && <p className="pack-card__opened">Opened {formatNumber(opened)}×</p>}
        {pity && (
          <p className="pack-card__pity" data-testid="pack-pity">
            <Icon name="fair" size={14} /> {pity.guaranteedWithin === 1 ? MSG.pityNext : MSG.pityWithin(pity.guaranteedWithin)}
          </p>
        )}
        {problem && (
          <p id={problemId} className="pack-card__problem">
            {problem}
          </p>
        )}
        {/* RULES.md, Bulk open: ten at once. One the player cannot pay stays, disabled, and says
            what is missing (issue 44: it used to vanish). The price is a price: the currency's
            icon first, in its own chip, not a second bare "10" after "Open 10". */}
        <div className="pack-card__bulk-row">
          <button
            type="button"
            className="pack-card__bulk"
            onClick={() => onOpen(set, BULK)}
            disabled={opening || offline || bulkShortfall !== null}
            aria-label={`Open 10 ${set.name} packs for ${bulkCost} ${currency}s`}
            aria-describedby={bulkShortfall ? bulkWhyId : undefined}
          >
            <Icon name="packs" size={16} /> Open 10
            <span className="pack-card__bulk-cost" aria-hidden="true">
              <CurrencyIcon kind={currency} size={14} />
              {formatNumber(bulkCost)}
            </span>
          </button>
          {bulkShortfall && (
            <p id={bulkWhyId} className="pack-card__bulk-why">
              {bulkShortfall}
            </p>
          )}
        </div>
      </div>
    </article>
  );
});
