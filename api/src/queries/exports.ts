import type { Db } from "../db/knex.ts";
import { tierOf } from "../game/rarity.ts";
import type { PulledCardRecord } from "../game/pullRecord.ts";
import { backgroundById, FINISH_LABELS, finishOf, setById } from "../game/sets.ts";
import { presentPull, pullRowsOf } from "./pulls.ts";
import { cardOfRow } from "../db/cardIdentity.ts";

// The player's data as downloads (issue 15): read in keyset pages, so an export of 100,000 cards
// holds one page in memory at a time, whatever the size.
const PAGE = 1000;

/** The columns that describe one card, shared by both files. */
interface CardColumns {
  set: string;
  card: string;
  character: string;
  finish: string;
  background: string;
  tier: string;
  points: number;
}

export type CardExportRow = { cardId: number } & CardColumns & { openedAt: string };

export type PullExportRow = { pullId: number; openedAt: string; cardInPack: number } & CardColumns & {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  pity: boolean;
  /** Empty until the seed is revealed (rotated). */
  serverSeed: string;
};

function cardColumns(setId: number, c: PulledCardRecord): CardColumns {
  const set = setById(setId);
  return {
    set: set.name,
    card: `${set.name} #${set.characters.indexOf(c.character) + 1}`,
    character: c.character,
    finish: FINISH_LABELS[c.finish],
    background: c.background ? (backgroundById(c.background)?.name ?? c.background) : "",
    tier: c.tier,
    points: c.points,
  };
}

/** The rows of one player's table after `after` by id, a page at a time. */
async function* keysetPages<R extends { id: number | string }>(page: (after: number) => Promise<R[]>): AsyncGenerator<R> {
  let after = 0;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function* collectionRows(db: Db, userId: number): AsyncGenerator<CardExportRow> {
  const rows = keysetPages((after) =>
    db("cards").where("user_id", userId).andWhere("id", ">", after).orderBy("id").limit(PAGE)
      .select("id", "character", "background", "set", "is_holo", "is_glitch", "is_dark_holo", "points", "opened_at"),
  );
  for await (const r of rows) {
    const card = cardOfRow(r);
    // The stored points are the card's own (they never change once pulled).
    const record: PulledCardRecord = { character: r.character, background: r.background, finish: finishOf(card), tier: tierOf(card), points: r.points };
    yield { cardId: r.id, ...cardColumns(r.set, record), openedAt: new Date(r.opened_at).toISOString() };
  }
}

/** One row per card of every pack, oldest first (the order they were opened). */
export async function* pullRows(db: Db, userId: number): AsyncGenerator<PullExportRow> {
  const rows = keysetPages((after) => pullRowsOf(db, userId).andWhere("p.id", ">", after).orderBy("p.id").limit(PAGE));
  for await (const row of rows) {
    const p = presentPull(row);
    for (const [i, c] of p.cards.entries()) {
      const { set, ...card } = cardColumns(p.set, c);
      yield {
        pullId: p.id,
        openedAt: p.openedAt,
        set,
        cardInPack: i + 1,
        ...card,
        serverSeedHash: p.serverSeedHash,
        clientSeed: p.clientSeed,
        nonce: p.nonce,
        pity: p.pity,
        serverSeed: p.serverSeed ?? "",
      };
    }
  }
}

/** Column headings of the CSV files, in order, from the row's keys. */
export const CARD_COLUMNS: Array<[keyof CardExportRow, string]> = [
  ["cardId", "Card ID"], ["set", "Set"], ["card", "Card"], ["character", "Character"], ["finish", "Finish"],
  ["background", "Background"], ["tier", "Tier"], ["points", "Points"], ["openedAt", "Opened At"],
];
export const PULL_COLUMNS: Array<[keyof PullExportRow, string]> = [
  ["pullId", "Pack ID"], ["openedAt", "Opened At"], ["set", "Set"], ["cardInPack", "Card In Pack"], ["card", "Card"],
  ["character", "Character"], ["finish", "Finish"], ["background", "Background"], ["tier", "Tier"], ["points", "Points"],
  ["serverSeedHash", "Server Seed Hash"], ["clientSeed", "Client Seed"], ["nonce", "Nonce"], ["pity", "Pity Applied"],
  // Last, so the columns before it keep their places in older spreadsheets.
  ["serverSeed", "Server Seed (Revealed)"],
];
