import type { PullSummaryDto } from "@contract/fairness";
import { formatNumber } from "../../../lib/format";
import { rarityClass } from "../../../lib/rarity";
import { RarityBadge } from "../../../lib/ui/RarityBadge";
import { formatExpected as fmt, luckByTier, totalPacks, verdictOf, type TierLuck } from "../luck";

const VERDICT_TEXT = { above: "luckier than expected", below: "below the expected range", within: "within the expected range" } as const;

/**
 * Cards per tier against the displayed odds: per tier its own scale (Commons count in hundreds,
 * Mythics in fractions), the expected range as a band, the expectation as a tick, the player's
 * count as the bar. Every row says the same in words for screen readers and small screens.
 */
export function LuckChart({ summary }: { summary: PullSummaryDto }) {
  const packs = totalPacks(summary);
  return (
    <figure className="luck" aria-labelledby="luck-title">
      <figcaption id="luck-title" className="luck__title">
        Your luck in {formatNumber(packs)} {packs === 1 ? "pack" : "packs"}
        <span className="luck__legend" aria-hidden="true">
          <span className="luck__key luck__key--bar" /> your cards <span className="luck__key luck__key--band" /> expected range (95%){" "}
          <span className="luck__key luck__key--tick" /> expected
        </span>
      </figcaption>
      <ul className="luck__rows">
        {[...luckByTier(summary)].reverse().map((t) => (
          <LuckRow key={t.tier} luck={t} />
        ))}
      </ul>
      <p className="luck__note">Expected counts use the odds per card, before the guarantee; the guarantee adds a few Legendary and Mythic cards.</p>
    </figure>
  );
}

function LuckRow({ luck }: { luck: TierLuck }) {
  const max = Math.max(luck.high, luck.actual, 1) * 1.15;
  const x = (n: number) => (n / max) * 100;
  const verdict = verdictOf(luck);
  const words = `${luck.tier}: ${formatNumber(luck.actual)} ${luck.actual === 1 ? "card" : "cards"}, expected ${fmt(luck.expected)} (${fmt(luck.low)} to ${fmt(luck.high)}), ${VERDICT_TEXT[verdict]}`;
  return (
    <li className={`luck__row ${rarityClass(luck.tier)} is-${verdict}`} data-testid="luck-row">
      <span className="luck__label">
        <RarityBadge tier={luck.tier} />
      </span>
      <svg className="luck__svg" viewBox="0 0 100 16" preserveAspectRatio="none" role="img" aria-label={words}>
        <rect className="luck__track" x="0" y="2" width="100" height="12" rx="2" />
        <rect className="luck__band" x={x(luck.low)} y="0" width={Math.max(0.5, x(luck.high) - x(luck.low))} height="16" />
        <rect className="luck__bar" x="0" y="4" width={x(luck.actual)} height="8" rx="1.5" />
        <rect className="luck__tick" x={x(luck.expected) - 0.4} y="0" width="0.8" height="16" />
      </svg>
      <span className="luck__figures" aria-hidden="true">
        <strong>{formatNumber(luck.actual)}</strong> <span className="luck__expected">/ {fmt(luck.expected)} expected</span>
      </span>
    </li>
  );
}
