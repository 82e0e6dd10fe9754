import { MSG } from "@contract/messages";
import type { CardDto } from "@contract/cards";
import type { QueryOfflineView } from "../../../lib/queryOffline";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { RarityBadge } from "../../../lib/ui/RarityBadge";
import { battleRevealCard, cardName, cardSummary } from "../battleCards";
import { CardArt } from "../../../lib/ui/CardArt";
import { finishLabel } from "../../../effects/tiers";
import { formatNumber } from "../../../lib/format";

interface ChampionsListProps {
  champions: CardDto[] | undefined;
  /** The champions query as an offline-aware view (loading only online). */
  view: QueryOfflineView;
  error: string | null;
}

/** 'Your Champions': the top 5 battle cards, numbered #1 to #5 (SPEC.md section 2). */
export function ChampionsList({ champions, view, error }: ChampionsListProps) {
  return (
    <section className="champions" aria-labelledby="champions-title">
      <h2 id="champions-title" className="champions__title">
        Your Champions
      </h2>
      <OfflineState view={view} />
      {view.missing ? null : view.loading && !champions ? (
        <p className="champions__note">{MSG.battleChampionsLoading}</p>
      ) : error && !champions ? (
        <p className="champions__note">{error}</p>
      ) : !champions || champions.length === 0 ? (
        <p className="champions__note champions__note--empty">{MSG.battleNoChampions}</p>
      ) : (
        <ol className="champions__grid">
          {champions.map((card, i) => {
            const reveal = battleRevealCard(card, `champion-${card.id}`);
            return (
              <li key={card.id} className={`champion tier-${reveal.tier.toLowerCase()}`}>
                <span className="visually-hidden">{`#${i + 1} ${cardSummary(card)}`}</span>
                <span className="champion__rank" aria-hidden="true">
                  #{i + 1}
                </span>
                <CardArt card={reveal} />
                <div className="champion__info" aria-hidden="true">
                  <span className="champion__name">
                    {cardName(card)}
                    {reveal.finish !== "regular" && <span className="champion__finish"> · {finishLabel(reveal.finish)}</span>}
                  </span>
                  <RarityBadge tier={reveal.tier} />
                  <span className="champion__points">{formatNumber(card.points)} pts</span>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
