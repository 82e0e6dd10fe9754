import { MSG } from "../contract/messages.ts";
import { publicNameOf } from "../contract/publicName.ts";
import type { Db } from "../db/knex.ts";
import { ARENA_BOT_NAME, BATTLE_CHAMPIONS, arenaBotDeck, toBattleCard, type BattleCard } from "../game/battle.ts";
import type { RandomSource } from "../game/pull.ts";
import { badRequest, unauthorized } from "../http/errors.ts";
import { bestCardsOf } from "../queries/leaderboard.ts";
import { randomOpponent } from "../queries/battles.ts";
import { rankOf } from "../queries/rank.ts";

// The player sees their own name; the opponent is shown by public name (RULES.md, Accounts).
const ownNameOf = (u: { username: string; display_name: string | null }) => u.display_name ?? u.username;

async function championsOf(db: Db, userId: number): Promise<BattleCard[]> {
  return (await bestCardsOf(db, userId, BATTLE_CHAMPIONS)).map(toBattleCard);
}

const activeBattleOf = async (db: Db, userId: number): Promise<number | null> =>
  (await db("battles").where({ user_id: userId, status: "active" }).first("id"))?.id ?? null;

/**
 * POST /battle/find-opponent: a random other player with cards, or Arena Bot when nobody else
 * qualifies. Both decks are snapshotted now, so the battle is decided by the cards it began with.
 * A player has one active battle at most (a unique index): while one is unfinished, this resumes
 * it, so a losing battle cannot be dropped for a fresh draw, and 1,500 calls make one battle.
 */
export async function startBattle(db: Db, userId: number, rng: RandomSource): Promise<number> {
  const me = await db("users").where({ id: userId }).first("id", "username", "display_name", "card_count");
  if (!me) throw unauthorized();
  const active = await activeBattleOf(db, userId);
  if (active !== null) return active;
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
  const rows: Array<{ id: number }> = await db("battles")
    .insert({
      user_id: userId,
      opponent_user_id: opponent?.id ?? null,
      player1_name: ownNameOf(me),
      player2_name: opponent ? publicNameOf(opponent) : ARENA_BOT_NAME,
      player1_rank: myRank.rank,
      player2_rank: theirRank.rank,
      player1_deck: JSON.stringify(myDeck),
      player2_deck: JSON.stringify(theirDeck.length ? theirDeck : arenaBotDeck(rng)),
    })
    .onConflict(db.raw("(user_id) WHERE status = 'active'"))
    .ignore()
    .returning("id");
  // Another request of this player started one a moment ago: that one is the battle.
  const id = rows[0]?.id ?? (await activeBattleOf(db, userId));
  if (id === null) throw new Error("no battle after a conflicting insert");
  return id;
}
