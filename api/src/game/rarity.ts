// Rarity value, tier, points and displayed odds (RULES.md, Rarity value, tier, points).
// Everything is derived from sets.ts once, at module load, so per-card look-ups are O(1).

import {
  BACKGROUNDS,
  FINISH_RARITY_CHANCE,
  FINISH_SCALE,
  SETS,
  TIERS,
  finishOf,
  isValidSetId,
  setById,
  weightTotal,
  type CardLike,
  type CardSet,
  type Finish,
  type Tier,
} from "./sets.ts";

/** A catalogue entry: one per character and finish (regular, holo), 128 in all. */
export interface CatalogueEntry {
  character: string;
  finish: "regular" | "holo";
  rarityValue: number;
  tier: Tier;
  /** Only on holo entries: the values of the same character's glitch and dark holo cards. */
  glitchRarityValue?: number;
  darkHoloRarityValue?: number;
}

interface CharacterRarity {
  readonly value: Readonly<Record<Finish, number>>;
  readonly tier: Readonly<Record<Finish, Tier>>;
}

/** round(num / den) with halves going up, exact for non-negative integers below 2^52. */
function divideRoundHalfUp(num: number, den: number): number {
  const twice = 2 * num + den;
  return (twice - (twice % (2 * den))) / (2 * den);
}

/**
 * round(1 / (fraction x chance)) x multiplier with fraction = weight / total and
 * chance = finishChance / FINISH_SCALE, i.e. round(total x SCALE / (weight x finishChance)).
 * Integers throughout: floats turn the three exact halves (RULES.md) into x.4999...
 */
function exactRarityValue(set: CardSet, weight: number, finish: Finish): number {
  const num = weightTotal(set) * FINISH_SCALE;
  const den = weight * FINISH_RARITY_CHANCE[finish];
  return divideRoundHalfUp(num, den) * set.rarityMultiplier;
}

interface RankedEntry {
  index: number;
  finish: "regular" | "holo";
  value: number;
  /** Probability in units of 1 / (total x SCALE); only compared within one set. */
  chance: number;
}

/** Tiers for each character's regular and holo entry: rank rarest first, cut by the set's counts. */
function tiersBySet(set: CardSet): { regular: Tier[]; holo: Tier[] } {
  const entries: RankedEntry[] = set.weights.flatMap((weight, index) =>
    (["regular", "holo"] as const).map((finish) => ({
      index,
      finish,
      value: exactRarityValue(set, weight, finish),
      chance: weight * FINISH_RARITY_CHANCE[finish],
    })),
  );
  // Ties as catalogue.json's note: lower probability first, then regular before holo.
  // Equal weights still tie (cowgirl1/2); character order settles them, within one tier anyway.
  entries.sort(
    (a, b) =>
      b.value - a.value ||
      a.chance - b.chance ||
      (a.finish === b.finish ? 0 : a.finish === "regular" ? -1 : 1) ||
      a.index - b.index,
  );
  const { Mythic, Legendary, Epic, Rare, Uncommon } = set.tierCounts;
  const cuts: [number, Tier][] = [
    [Mythic, "Mythic"],
    [Mythic + Legendary, "Legendary"],
    [Mythic + Legendary + Epic, "Epic"],
    [Mythic + Legendary + Epic + Rare, "Rare"],
    [Mythic + Legendary + Epic + Rare + Uncommon, "Uncommon"],
  ];
  const regular: Tier[] = [];
  const holo: Tier[] = [];
  entries.forEach((entry, rank) => {
    const tier = cuts.find(([end]) => rank < end)?.[1] ?? "Common";
    (entry.finish === "regular" ? regular : holo)[entry.index] = tier;
  });
  return { regular, holo };
}

function buildSetTable(set: CardSet): Map<string, CharacterRarity> {
  const tiers = tiersBySet(set);
  const table = new Map<string, CharacterRarity>();
  set.characters.forEach((character, i) => {
    const weight = set.weights[i]!;
    const holoTier = tiers.holo[i]!;
    table.set(character, {
      value: {
        regular: exactRarityValue(set, weight, "regular"),
        holo: exactRarityValue(set, weight, "holo"),
        glitch: exactRarityValue(set, weight, "glitch"),
        darkHolo: exactRarityValue(set, weight, "darkHolo"),
      },
      // Glitch and dark holo cards take the tier of the character's holo entry (RULES.md).
      tier: { regular: tiers.regular[i]!, holo: holoTier, glitch: holoTier, darkHolo: holoTier },
    });
  });
  return table;
}

/** Index = set id - 1. */
const RARITY_TABLES: readonly Map<string, CharacterRarity>[] = SETS.map(buildSetTable);

const BACKGROUND_MULTIPLIERS = new Map(BACKGROUNDS.map((b) => [b.id, b.multiplier]));

function cardLabel(card: CardLike): string {
  return `set ${String(card.set)} character ${JSON.stringify(card.character)}`;
}

/** The rarity of the card's character, or undefined (with a warning) for an unknown card. */
function lookup(card: CardLike, caller: string): CharacterRarity | undefined {
  const rarity = isValidSetId(card.set) ? RARITY_TABLES[card.set - 1]?.get(card.character) : undefined;
  if (!rarity) console.warn(`${caller}: unknown card (${cardLabel(card)})`);
  return rarity;
}

/** Rarity value; unknown set or character: a warning and 0 (RULES.md). */
export function rarityValue(card: CardLike): number {
  return lookup(card, "rarityValue")?.value[finishOf(card)] ?? 0;
}

/** Tier; an unknown card warns and counts as Common, matching its rarity value of 0. */
export function tierOf(card: CardLike): Tier {
  return lookup(card, "tierOf")?.tier[finishOf(card)] ?? "Common";
}

/** No background: x1. An unknown background warns and counts as none. */
export function backgroundMultiplier(background: string | null | undefined): number {
  if (!background) return 1;
  const multiplier = BACKGROUND_MULTIPLIERS.get(background);
  if (multiplier === undefined) {
    console.warn(`backgroundMultiplier: unknown background ${JSON.stringify(background)}`);
    return 1;
  }
  return multiplier;
}

/** round(rarity value x background multiplier). Exact: the multipliers are whole or halves. */
export function points(card: CardLike): number {
  return Math.round(rarityValue(card) * backgroundMultiplier(card.background));
}

/** A set's catalogue in character order, regular before holo. Other numbers mean set 7 (SPEC). */
export function catalogue(setId: number): CatalogueEntry[] {
  const set = setById(setId);
  const table = RARITY_TABLES[set.id - 1]!;
  return set.characters.flatMap((character): CatalogueEntry[] => {
    const { value, tier } = table.get(character)!;
    return [
      { character, finish: "regular", rarityValue: value.regular, tier: tier.regular },
      {
        character,
        finish: "holo",
        rarityValue: value.holo,
        tier: tier.holo,
        glitchRarityValue: value.glitch,
        darkHoloRarityValue: value.darkHolo,
      },
    ];
  });
}

/**
 * Chance (in percent) that a pull lands in each tier, summed from the engine's own tables:
 * fraction x 0.9 for the regular tier, fraction x 0.1 for the holo tier (holo, glitch and
 * dark holo). Rounded half up to `decimals`; exact rational arithmetic before that.
 * Sets 1-6 are exact at 3 decimals; set 7 (weights sum to 99.95) needs rounding.
 */
export function displayedOdds(setId: number, decimals = 4): Record<Tier, number> {
  const set = setById(setId);
  const table = RARITY_TABLES[set.id - 1]!;
  // Numerators over total x SCALE; BigInt so any number of decimals stays exact.
  const regularShare = BigInt(FINISH_RARITY_CHANCE.regular);
  const shinyShare = BigInt(FINISH_SCALE - FINISH_RARITY_CHANCE.regular); // holo, glitch, dark holo
  const byTier = new Map<Tier, bigint>(TIERS.map((t) => [t, 0n]));
  set.characters.forEach((character, i) => {
    const weight = BigInt(set.weights[i]!);
    const { tier } = table.get(character)!;
    byTier.set(tier.regular, byTier.get(tier.regular)! + weight * regularShare);
    byTier.set(tier.holo, byTier.get(tier.holo)! + weight * shinyShare);
  });
  const den = BigInt(weightTotal(set) * FINISH_SCALE);
  const scale = 10n ** BigInt(decimals);
  const odds = {} as Record<Tier, number>;
  for (const tier of TIERS) {
    const num = byTier.get(tier)! * 100n * scale;
    const rounded = (2n * num + den) / (2n * den);
    odds[tier] = Number(rounded) / Number(scale);
  }
  return odds;
}
