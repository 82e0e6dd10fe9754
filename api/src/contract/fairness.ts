// Fair play (issue 15, RULES.md Beyond SPEC.md): request and response shapes.
import { z } from "zod";
import { CLIENT_SEED_PATTERN } from "../game/fairRandom.ts";
import type { PityStatus, PulledCardRecord } from "../game/pullRecord.ts";
import { isValidSetId, TIERS, type Tier } from "../game/sets.ts";
import { MSG } from "./messages.ts";
import { PULLS_PAGE_MAX } from "./rules.ts";

export interface RevealedSeedDto {
  serverSeed: string;
  serverSeedHash: string;
  /** Packs drawn with this seed (nonces 0 .. packs - 1). */
  packs: number;
  revealedAt: string;
}

export interface FairnessDto {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Newest first; the latest REVEALED_SHOWN. */
  revealed: RevealedSeedDto[];
  /** Older ones exist: pass as `before` to GET /api/fairness/revealed. Null when `revealed` is all. */
  revealedNextBefore: number | null;
}
export const REVEALED_SHOWN = 100;

/** GET /api/fairness/revealed: every revealed seed, a page at a time, newest first. */
export interface RevealedPage {
  revealed: RevealedSeedDto[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}
export const REVEALED_PAGE_MAX = 100;

export interface RotateResponse {
  revealedServerSeed: string;
  revealedServerSeedHash: string;
  serverSeedHash: string;
}

export const ClientSeedBody = z.object({
  clientSeed: z.string({ error: MSG.clientSeedInvalid }).regex(CLIENT_SEED_PATTERN, { error: MSG.clientSeedInvalid }),
});

export interface PullDto {
  id: number;
  set: number;
  openedAt: string;
  cards: PulledCardRecord[];
  serverSeedHash: string;
  /** The server seed once revealed (rotated), so the pack can be checked from its own row; null while it is the current one. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  /** The pity guarantee applied to this pack's third card. */
  pity: boolean;
}

export interface PullsPage {
  pulls: PullDto[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

const optionalInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,16}$/, { error: MSG.badRequest })
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= max, { error: MSG.numberOutOfRange })
    .optional();

export const PullsQuery = z.object({
  before: optionalInt(Number.MAX_SAFE_INTEGER),
  limit: optionalInt(PULLS_PAGE_MAX),
  set: z
    .string()
    .transform(Number)
    .refine((n) => isValidSetId(n), { error: MSG.pullsFilterInvalid })
    .optional(),
  tier: z.enum(TIERS, { error: MSG.pullsFilterInvalid }).optional(),
  serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/, { error: MSG.badRequest }).optional(),
});

export const RevealedQuery = z.object({
  before: optionalInt(Number.MAX_SAFE_INTEGER),
  limit: optionalInt(REVEALED_PAGE_MAX),
});

/** What the luck chart needs: cards per tier and packs, per set, and the pity counters. */
export interface PullSummaryDto {
  sets: Array<{ set: number; packs: number; pityPacks: number; cards: Record<Tier, number> }>;
  pity: PityStatus[];
}
