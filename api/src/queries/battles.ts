import type { Db, Trx } from "../db/knex.ts";
import { Battle } from "../models/Battle.ts";
import { playerCount } from "./rank.ts";
import type { BattleCard, BattleState, RoundResult } from "../game/battle.ts";

/** A battle as stored; decks and rounds are JSON snapshots. */
export interface BattleRow {
  id: number;
  userId: number;
  opponentUserId: number | null;
  player1Name: string;
  player2Name: string;
  player1Rank: number | null;
  player2Rank: number | null;
  player1Life: number;
  player2Life: number;
  currentRound: number;
  player1Deck: BattleCard[];
  player2Deck: BattleCard[];
  rounds: RoundResult[];
  status: "active" | "complete";
  winnerUserId: number | null;
  coinsPaid: number;
  lastRoundAt: Date | null;
}

/** The player's own battle, or undefined: another player's battle is as good as missing. */
export async function findOwnBattle(db: Db | Trx, userId: number, battleId: number, opts: { lock?: boolean } = {}): Promise<BattleRow | undefined> {
  // Where clauses name columns (snake_case); the mapper converts rows, not conditions.
  const q = Battle.query(db).findById(battleId).where("user_id", userId);
  if (opts.lock) q.forUpdate();
  return q;
}

export const battleState = (b: BattleRow): BattleState => ({
  player1Life: b.player1Life,
  player2Life: b.player2Life,
  currentRound: b.currentRound,
  player1Deck: b.player1Deck,
  player2Deck: b.player2Deck,
});

/** Battle coins already earned on the given UTC day. */
export function battleCoinsToday(user: { battleCoinsDay: string | null; battleCoinsToday: number }, day: string): number {
  return user.battleCoinsDay === day ? user.battleCoinsToday : 0;
}

/** A random player, other than the given one, with at least one card; undefined when there is none. */
export async function randomOpponent(db: Db, excludeUserId: number, pick: (count: number) => number): Promise<{ id: number; displayName: string | null } | undefined> {
  // The player looking for an opponent holds cards, so everyone else on the leaderboard qualifies.
  const count = (await playerCount(db)) - 1;
  if (count <= 0) return undefined;
  // Walks the partial leaderboard index, so the offset stays cheap with many players.
  const picked = db("player_scores")
    .where("card_count", ">", 0)
    .whereNot("user_id", excludeUserId)
    .orderBy([{ column: "total_score", order: "desc" }, { column: "user_id", order: "asc" }])
    .offset(pick(count))
    .limit(1)
    .select("user_id")
    .as("p");
  const row = await db.from(picked).join("users as u", "u.id", "p.user_id").first("u.id", "u.display_name");
  return row ? { id: row.id, displayName: row.display_name } : undefined;
}
