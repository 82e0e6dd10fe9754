// The one table of card sets, finishes and backgrounds (SPEC.md sections 3 and 9, RULES.md).
// Read by the server and by the PWA, so it stays plain data: no node imports, no zod.

export const CARDS_PER_PACK = 3;
/** RULES.md, Bulk open: one request opens 1 or 10 packs of one set. */
export const PACK_COUNTS = [1, 10] as const;
export type PackCount = (typeof PACK_COUNTS)[number];

/** Tiers from lowest to highest; the index is the tier's rank. */
export const TIERS = ["Common", "Uncommon", "Rare", "Epic", "Legendary", "Mythic"] as const;
export type Tier = (typeof TIERS)[number];

export type SetId = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export type Currency = "coins" | "gems";

/** Which cards of a set carry a background (RULES.md, One pull, step 3). */
export type BackgroundRule = "always" | "glitchOnly" | "never";

/** Number of catalogue entries in each tier, rarest first; Common takes the rest. */
export interface TierCounts {
  readonly Mythic: number;
  readonly Legendary: number;
  readonly Epic: number;
  readonly Rare: number;
  readonly Uncommon: number;
}

export interface CardSet {
  readonly id: SetId;
  readonly name: string;
  readonly characters: readonly string[];
  /** Drop weights x 100 as integers (47.5% -> 4750), in character order, so sums are exact. */
  readonly weights: readonly number[];
  readonly packCost: number;
  readonly currency: Currency;
  readonly rarityMultiplier: number;
  readonly tierCounts: TierCounts;
  readonly backgrounds: BackgroundRule;
}

const numbered = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

export const SETS: readonly CardSet[] = [
  {
    id: 1,
    name: "Velvet Night",
    characters: numbered("velvetnight", 6),
    weights: [1500, 3000, 4750, 500, 200, 50],
    packCost: 1,
    currency: "coins",
    rarityMultiplier: 1,
    tierCounts: { Mythic: 1, Legendary: 2, Epic: 2, Rare: 2, Uncommon: 2 },
    backgrounds: "glitchOnly",
  },
  {
    id: 2,
    name: "Bathhouse",
    characters: numbered("bathhouse", 10),
    weights: [2800, 1800, 1400, 1200, 1000, 800, 500, 340, 120, 40],
    packCost: 1,
    currency: "coins",
    rarityMultiplier: 1,
    tierCounts: { Mythic: 1, Legendary: 2, Epic: 4, Rare: 4, Uncommon: 4 },
    backgrounds: "glitchOnly",
  },
  {
    id: 3,
    name: "Winterlust",
    characters: numbered("winterlust", 14),
    weights: [2740, 2300, 1800, 1000, 500, 450, 400, 300, 200, 160, 80, 40, 20, 10],
    packCost: 1,
    currency: "coins",
    rarityMultiplier: 1,
    tierCounts: { Mythic: 1, Legendary: 4, Epic: 5, Rare: 5, Uncommon: 6 },
    backgrounds: "never",
  },
  {
    id: 4,
    name: "Cowgirl",
    characters: numbered("cowgirl", 5),
    weights: [4600, 4600, 390, 390, 20],
    packCost: 3,
    currency: "coins",
    rarityMultiplier: 3,
    tierCounts: { Mythic: 1, Legendary: 1, Epic: 2, Rare: 2, Uncommon: 2 },
    backgrounds: "always",
  },
  {
    id: 5,
    name: "Bedroom Fun",
    characters: numbered("bedroomfun", 18),
    weights: [2670, 1600, 1100, 750, 650, 550, 400, 350, 320, 300, 280, 260, 240, 220, 200, 80, 20, 10],
    packCost: 2,
    currency: "coins",
    rarityMultiplier: 2,
    tierCounts: { Mythic: 1, Legendary: 5, Epic: 6, Rare: 7, Uncommon: 8 },
    backgrounds: "always",
  },
  {
    id: 6,
    name: "Pool Maiden",
    characters: numbered("poolmaiden", 6),
    weights: [5045, 2600, 1600, 500, 240, 15],
    packCost: 2,
    currency: "coins",
    rarityMultiplier: 2,
    tierCounts: { Mythic: 1, Legendary: 2, Epic: 2, Rare: 2, Uncommon: 2 },
    backgrounds: "always",
  },
  {
    // RULES.md: 5 characters; the weights sum to 99.95 and are normalised by that sum.
    id: 7,
    name: "Sharkbite",
    characters: numbered("sharkbite", 5),
    weights: [7740, 1400, 675, 145, 35],
    packCost: 5,
    currency: "gems",
    rarityMultiplier: 10,
    tierCounts: { Mythic: 1, Legendary: 1, Epic: 2, Rare: 2, Uncommon: 2 },
    backgrounds: "always",
  },
];

/** For the API: only 1-7 name a set. */
export function isValidSetId(id: unknown): id is SetId {
  return typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= SETS.length;
}

/** SPEC.md section 9: "any other number counts as set 7". */
export function setById(id: number): CardSet {
  const set = isValidSetId(id) ? SETS[id - 1] : undefined;
  return set ?? SETS[6]!;
}

/** Sum of a set's integer weights: the denominator of every character fraction. */
export function weightTotal(set: CardSet): number {
  return set.weights.reduce((sum, w) => sum + w, 0);
}

// ---- Finishes ------------------------------------------------------------------------------

export const FINISHES = ["regular", "holo", "glitch", "darkHolo"] as const;
export type Finish = (typeof FINISHES)[number];

/** How a finish is written for players (nameplates, labels, exports). */
export const FINISH_LABELS: Readonly<Record<Finish, string>> = { regular: "Regular", holo: "Holo", glitch: "Glitch", darkHolo: "Dark Holo" };

/** Denominator of the finish tables below: chances are in basis points (1% = 100). */
export const FINISH_SCALE = 10_000;

/**
 * How often a pull gets each finish: one roll, mutually exclusive (RULES.md, One pull, step 2).
 * Holo here is the plain holo finish only; all shiny finishes together are 10%.
 */
export const FINISH_PULL_CHANCE: Readonly<Record<Finish, number>> = {
  regular: 9000,
  holo: 400,
  glitch: 500,
  darkHolo: 100,
};

/**
 * The chance each finish stands for in the rarity value formula (RULES.md): holo counts as the
 * whole 10% shiny share, which is why it differs from the pull chance above.
 */
export const FINISH_RARITY_CHANCE: Readonly<Record<Finish, number>> = {
  regular: 9000,
  holo: 1000,
  glitch: 500,
  darkHolo: 100,
};

/** The fields that identify a kind of card (SPEC.md section 3). */
export interface Card {
  character: string;
  background: string;
  set: number;
  isHolo: boolean;
  isGlitch: boolean;
  isDarkHolo: boolean;
}

/** What the rules need to read from a stored card; isDarkHolo is optional in older payloads. */
export interface CardLike {
  character: string;
  set: number;
  isHolo: boolean;
  isGlitch: boolean;
  isDarkHolo?: boolean | null;
  background?: string | null;
}

/** The card's one finish. The database forbids two flags; if both came anyway the rarer wins. */
export function finishOf(card: Pick<CardLike, "isHolo" | "isGlitch" | "isDarkHolo">): Finish {
  if (card.isDarkHolo) return "darkHolo";
  if (card.isGlitch) return "glitch";
  if (card.isHolo) return "holo";
  return "regular";
}

// ---- Backgrounds ---------------------------------------------------------------------------

export type BackgroundRarity = Exclude<Tier, "Mythic">;

export interface Background {
  /** Stored on the card and used as the asset name. */
  readonly id: string;
  readonly name: string;
  /** Weight in percent; the weights sum to 100. */
  readonly weight: number;
  readonly rarity: BackgroundRarity;
  readonly multiplier: number;
}

export const BACKGROUNDS: readonly Background[] = [
  { id: "cyber", name: "Cyber", weight: 20, rarity: "Common", multiplier: 1 },
  { id: "grey", name: "Grey", weight: 10, rarity: "Common", multiplier: 1 },
  { id: "green", name: "Green", weight: 10, rarity: "Common", multiplier: 1 },
  { id: "blue", name: "Blue", weight: 10, rarity: "Common", multiplier: 1 },
  { id: "red", name: "Red", weight: 10, rarity: "Common", multiplier: 1 },
  { id: "chromatic", name: "Chromatic", weight: 10, rarity: "Common", multiplier: 1 },
  { id: "neonblocks", name: "Neon Blocks", weight: 15, rarity: "Uncommon", multiplier: 1.5 },
  { id: "space", name: "Space", weight: 9, rarity: "Rare", multiplier: 2 },
  { id: "rainbowgalaxy", name: "Rainbow Galaxy", weight: 5, rarity: "Epic", multiplier: 3 },
  { id: "darkvoid", name: "Dark Void", weight: 1, rarity: "Legendary", multiplier: 5 },
];

/** The value of `background` on a card that has none. */
export const NO_BACKGROUND = "";

export function backgroundById(id: string): Background | undefined {
  return BACKGROUNDS.find((b) => b.id === id);
}

/** Whether a card of this set and finish gets a background. */
export function hasBackground(set: CardSet, finish: Finish): boolean {
  if (set.backgrounds === "always") return true;
  if (set.backgrounds === "glitchOnly") return finish === "glitch";
  return false;
}
