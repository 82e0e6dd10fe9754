import type { Db } from "../db/knex.ts";
import type { PullDto } from "../contract/fairness.ts";
import { tierOf } from "../game/rarity.ts";
import { backgroundById, FINISH_LABELS, finishOf, setById } from "../game/sets.ts";
import { presentPull } from "./pulls.ts";

// The player's data as downloads (issue 15): read in keyset pages, so an export of 100,000 cards
// holds one page in memory at a time, whatever the size.
const PAGE = 1000;

export interface CardExportRow {
  cardId: number;
  set: string;
  card: string;
  character: string;
  finish: string;
  background: string;
  tier: string;
  points: number;
  openedAt: string;
}

const cardLabel = (setId: number, character: string) => {
  const set = setById(setId);
  return `${set.name} #${set.characters.indexOf(character) + 1}`;
};
const backgroundLabel = (id: string) => (id ? (backgroundById(id)?.name ?? id) : "");

export async function* collectionRows(db: Db, userId: number): AsyncGenerator<CardExportRow> {
  let after = 0;
  for (;;) {
    const rows = await db("cards").where("user_id", userId).andWhere("id", ">", after).orderBy("id").limit(PAGE)
      .select("id", "character", "background", "set", "is_holo", "is_glitch", "is_dark_holo", "points", "opened_at");
    for (const r of rows) {
      const card = { character: r.character, background: r.background, set: r.set, isHolo: r.is_holo, isGlitch: r.is_glitch, isDarkHolo: r.is_dark_holo };
      yield {
        cardId: r.id,
        set: setById(r.set).name,
        card: cardLabel(r.set, r.character),
        character: r.character,
        finish: FINISH_LABELS[finishOf(card)],
        background: backgroundLabel(r.background),
        tier: tierOf(card),
        points: r.points,
        openedAt: new Date(r.opened_at).toISOString(),
      };
    }
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].id;
  }
}

export interface PullExportRow {
  pullId: number;
  openedAt: string;
  set: string;
  cardInPack: number;
  card: string;
  character: string;
  finish: string;
  background: string;
  tier: string;
  points: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  pity: boolean;
}

/** One row per card of every pack, oldest first (the order they were opened). */
export async function* pullRows(db: Db, userId: number): AsyncGenerator<PullExportRow> {
  let after = 0;
  for (;;) {
    const pulls: PullDto[] = (
      await db("pulls").where("user_id", userId).andWhere("id", ">", after).orderBy("id").limit(PAGE)
        .select("id", "set", "opened_at", "server_seed_hash", "client_seed", "nonce", "pity", "cards")
    ).map(presentPull);
    for (const p of pulls) {
      for (const [i, c] of p.cards.entries()) {
        yield {
          pullId: p.id,
          openedAt: p.openedAt,
          set: setById(p.set).name,
          cardInPack: i + 1,
          card: cardLabel(p.set, c.character),
          character: c.character,
          finish: FINISH_LABELS[c.finish],
          background: backgroundLabel(c.background),
          tier: c.tier,
          points: c.points,
          serverSeedHash: p.serverSeedHash,
          clientSeed: p.clientSeed,
          nonce: p.nonce,
          pity: p.pity,
        };
      }
    }
    if (pulls.length < PAGE) return;
    after = pulls[pulls.length - 1]!.id;
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
];
