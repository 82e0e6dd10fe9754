import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { ARENA_BOT_NAME, BATTLE_CHAMPIONS, arenaBotDeck, toBattleCard, type BattleCard } from "../game/battle.ts";
import type { RandomSource } from "../game/pull.ts";
import { badRequest, unauthorized } from "../http/errors.ts";
import { bestCardsOf } from "../queries/leaderboard.ts";
import { randomOpponent } from "../queries/battles.ts";
import { rankOf } from "../queries/rank.ts";

const nameOf = (u: { username: string; displayName?: string | null; display_name?: string | null }) => u.displayName ?? u.display_name ?? u.username;

async function championsOf(db: Db, userId: number): Promise<BattleCard[]> {
  return (await bestCardsOf(db, userId, BATTLE_CHAMPIONS)).map(toBattleCard);
}

/**
 * POST /battle/find-opponent: a random other player with cards, or Arena Bot when nobody else
 * qualifies. Both decks are snapshotted now, so the battle is decided by the cards it began with.
 */
export async function startBattle(db: Db, userId: number, rng: RandomSource): Promise<number> {
  const me = await db("users").where({ id: userId }).first("id", "username", "display_name", "card_count");
  if (!me) throw unauthorized();
  if (me.card_count === 0) throw badRequest(MSG.battleNeedsCards);
  const opponent = await randomOpponent(db, userId, (n) => rng.int(n));
  const [myDeck, myRank, theirDeck, theirRank] = await Promise.all([
    championsOf(db, userId),
    rankOf(db, userId),
    opponent ? championsOf(db, opponent.id) : Promise.resolve(arenaBotDeck(rng)),
    opponent ? rankOf(db, opponent.id) : Promise.resolve({ rank: null }),
  ]);
  // The player's cards may have been traded away since the count was read.
  if (myDeck.length === 0) throw badRequest(MSG.battleNeedsCards);
  const [row] = await db("battles")
    .insert({
      user_id: userId,
      opponent_user_id: opponent?.id ?? null,
      player1_name: nameOf(me),
      player2_name: opponent ? nameOf(opponent) : ARENA_BOT_NAME,
      player1_rank: myRank.rank,
      player2_rank: theirRank.rank,
      player1_deck: JSON.stringify(myDeck),
      player2_deck: JSON.stringify(theirDeck.length ? theirDeck : arenaBotDeck(rng)),
    })
    .returning("id");
  return row.id;
}
