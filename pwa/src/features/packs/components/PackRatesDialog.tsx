import { MSG } from "@contract/messages";
import type { CardSet } from "../../../../../api/src/game/sets";
import { Dialog } from "../../../lib/ui/Dialog";
import { RarityBadge } from "../../../lib/ui/RarityBadge";
import { formatRate, tierRates } from "../packRules";

/** The info popup: each tier's chance per card, computed from the engine (RULES.md). */
export function PackRatesDialog({ set, onClose }: { set: CardSet | null; onClose: () => void }) {
  return (
    <Dialog open={set !== null} onClose={onClose} size="sm" title={set ? MSG.packRatesTitle(set.name) : ""} description={MSG.packRatesNote}>
      {set && (
        <table className="pack-rates">
          <caption className="visually-hidden">{MSG.packRatesTitle(set.name)}</caption>
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col">Chance per card</th>
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
    </Dialog>
  );
}
