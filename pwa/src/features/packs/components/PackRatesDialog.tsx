import { Link } from "@tanstack/react-router";
import type { PityDto } from "@contract/cards";
import { MSG } from "@contract/messages";
import { PITY_PACKS } from "../../../../../api/src/game/pity";
import type { CardSet } from "../../../../../api/src/game/sets";
import { Icon } from "../../../lib/ui/Icon";
import { Dialog } from "../../../lib/ui/Dialog";
import { RarityBadge } from "../../../lib/ui/RarityBadge";
import { formatRate, tierRates } from "../packRules";

/** The info popup: each tier's chance per card, computed from the engine (RULES.md). */
export function PackRatesDialog({ set, pity, onClose }: { set: CardSet | null; pity: PityDto | null; onClose: () => void }) {
  return (
    <Dialog open={set !== null} onClose={onClose} size="sm" title={set ? MSG.packRatesTitle(set.name) : ""} description={MSG.packRatesNote}>
      {set && pity && (
        <p className="pack-rates__pity">
          <Icon name="fair" size={16} /> {pity.guaranteedWithin === 1 ? MSG.pityNext : MSG.pityWithin(pity.guaranteedWithin)} ({MSG.pityRule(PITY_PACKS)})
        </p>
      )}
      {set && (
        <table className="pack-rates">
          <caption className="visually-hidden">{MSG.packRatesTitle(set.name)}</caption>
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col">{MSG.oddsBeforeGuarantee}</th>
            </tr>
          </thead>
          <tbody>
            {/* Rarest first: the tiers players hunt for lead the list. */}
            {[...tierRates(set.id)].reverse().map(({ tier, percent }) => (
              <tr key={tier} className={`pack-rates__row rarity-${tier.toLowerCase()}`}>
                <th scope="row">
                  <RarityBadge tier={tier} />
                </th>
                <td>
                  <div className="pack-rates__cell">
                    <span className="pack-rates__bar" aria-hidden="true">
                      <span style={{ width: `${Math.max(2, Math.min(100, percent))}%` }} />
                    </span>
                    <span className="pack-rates__value">{formatRate(percent)}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {set && (
        <p className="pack-rates__fair">
          <Link to="/fairness" className="text-link" onClick={onClose}>
            Every pull is provably fair: check yours
          </Link>
        </p>
      )}
    </Dialog>
  );
}
