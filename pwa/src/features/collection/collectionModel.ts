// The collection binder as pure data: the player's cards grouped by identity, the catalogue
// entries they are still missing, set progress, filters and totals (SPEC.md section 2,
// Collection screen; RULES.md: progress counts the 128 catalogue entries, regular and holo).

import type { CardDto } from "@contract/cards";
import { catalogue } from "../../../../api/src/game/rarity";
import { points as pointsOf, tierOf } from "../../../../api/src/game/rarity";
import { SETS, finishOf, type Finish, type SetId, type Tier } from "../../../../api/src/game/sets";
import { compareKeys } from "../../lib/format";

/** One tile of the binder: a kind of card the player owns (with how many), or a missing entry. */
export interface CollectionItem {
  key: string;
  set: SetId;
  character: string;
  background: string;
  finish: Finish;
  tier: Tier;
  points: number;
  owned: boolean;
  /** Copies owned (0 for a missing entry). */
  count: number;
  /** One owned copy, for the inspector (the newest). */
  sample: CardDto | null;
}

export type StatusFilter = "all" | "collected" | "missing";
export type SetFilter = "all" | SetId;

export interface SetProgress {
  set: SetId;
  name: string;
  collected: number;
  total: number;
  percent: number;
}

export interface CollectionModel {
  items: CollectionItem[];
  totalPoints: number;
  cardCount: number;
  progress: SetProgress[];
  /** Sets the player owns a card of, for the set filter (SPEC.md: one option per set owned). */
  ownedSets: SetId[];
}

const identityKey = (c: { set: number; character: string; background: string; finish: Finish }) => `${c.set}|${c.character}|${c.background}|${c.finish}`;
/** A catalogue entry is the character's regular or holo card; glitch and dark holo fill the holo entry. */
const entryOf = (finish: Finish): "regular" | "holo" => (finish === "regular" ? "regular" : "holo");
const FINISH_ORDER: Record<Finish, number> = { regular: 0, holo: 1, glitch: 2, darkHolo: 3 };

export function buildCollection(cards: readonly CardDto[]): CollectionModel {
  const groups = new Map<string, CollectionItem>();
  let totalPoints = 0;
  for (const card of cards) {
    const finish = finishOf(card);
    const background = card.background ?? "";
    const key = identityKey({ set: card.set, character: card.character, background, finish });
    const points = card.points ?? pointsOf(card);
    totalPoints += points;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      if (group.sample && card.id > group.sample.id) group.sample = card;
    } else {
      groups.set(key, { key, set: card.set as SetId, character: card.character, background, finish, tier: tierOf(card), points, owned: true, count: 1, sample: card });
    }
  }

  // Binder order: set by set, the catalogue's order within a set (regular before holo), each
  // entry followed by the owned kinds that fill it, strongest first; missing entries in place.
  const byEntry = new Map<string, CollectionItem[]>();
  for (const item of groups.values()) {
    const entryKey = `${item.set}|${item.character}|${entryOf(item.finish)}`;
    byEntry.set(entryKey, [...(byEntry.get(entryKey) ?? []), item]);
  }
  const items: CollectionItem[] = [];
  const progress: SetProgress[] = [];
  for (const set of SETS) {
    let collected = 0;
    const entries = catalogue(set.id);
    for (const entry of entries) {
      const owned = byEntry.get(`${set.id}|${entry.character}|${entry.finish}`);
      if (owned?.length) {
        collected += 1;
        items.push(...owned.sort((a, b) => b.points - a.points || FINISH_ORDER[a.finish] - FINISH_ORDER[b.finish] || compareKeys(a.background, b.background)));
      } else {
        const finish: Finish = entry.finish;
        const card = { character: entry.character, set: set.id, isHolo: finish === "holo", isGlitch: false, isDarkHolo: false, background: "" };
        items.push({ key: `missing|${identityKey({ ...card, finish })}`, set: set.id, character: entry.character, background: "", finish, tier: entry.tier, points: pointsOf(card), owned: false, count: 0, sample: null });
      }
    }
    progress.push({ set: set.id, name: set.name, collected, total: entries.length, percent: Math.round((collected / entries.length) * 100) });
  }
  const ownedSets = SETS.filter((s) => progress.find((p) => p.set === s.id)!.collected > 0).map((s) => s.id);
  return { items, totalPoints, cardCount: cards.length, progress, ownedSets };
}

export function filterItems(items: readonly CollectionItem[], set: SetFilter, status: StatusFilter): CollectionItem[] {
  return items.filter((item) => (set === "all" || item.set === set) && (status === "all" || (status === "collected") === item.owned));
}

/** SPEC.md section 2: 'Set label: unique collected/total • percent%'. */
export function progressLabel(p: SetProgress): string {
  return `${p.name}: ${p.collected}/${p.total} • ${p.percent}%`;
}

export const GRID_SIZES = [1, 2, 3, 4, 5] as const;
export type GridSize = (typeof GRID_SIZES)[number];

/** SPEC.md section 5: the grid size is clamped to 1-5. */
export function clampGridSize(value: unknown): GridSize {
  const n = Math.round(Number(value));
  return (Number.isFinite(n) ? Math.min(5, Math.max(1, n)) : 3) as GridSize;
}

/** Smallest tile width per grid size: 1 shows the biggest cards, 5 the most. */
const TILE_MIN_WIDTH: Record<GridSize, number> = { 1: 280, 2: 200, 3: 150, 4: 118, 5: 92 };

/**
 * Columns for a grid this wide. A narrow screen still gets at least as many columns as the size
 * says (issue 13: on phones sizes 3, 4 and 5 all gave 3 columns).
 */
export function columnsFor(width: number, size: GridSize, gap: number): number {
  const fit = Math.max(1, Math.floor((width + gap) / (TILE_MIN_WIDTH[size] + gap)));
  return Math.max(fit, size);
}

/** A slice of the binder's rows, first and last included. */
export interface RowRange {
  first: number;
  last: number;
}

/**
 * The rows to draw in the next frame: every row on screen at once (never a blank space), and
 * towards the rows wanted around them (`wanted`, the screen plus its overscan) at most one more
 * row above and one below per frame. A flick that moved the slice by two rows drew both in one
 * frame: ~140 layout objects, frames of 45-65 ms at 4x CPU. Rows no longer wanted go at once.
 * A slice that no longer touches the drawn one starts from the screen's rows alone.
 */
export function nextRowRange(drawn: RowRange | null, onScreen: RowRange, wanted: RowRange): RowRange {
  if (!drawn || drawn.last < wanted.first - 1 || drawn.first > wanted.last + 1) return onScreen;
  const first = wanted.first >= drawn.first ? wanted.first : Math.max(wanted.first, Math.min(onScreen.first, drawn.first - 1));
  const last = wanted.last <= drawn.last ? wanted.last : Math.min(wanted.last, Math.max(onScreen.last, drawn.last + 1));
  return { first, last };
}
