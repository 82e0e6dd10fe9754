import Router from "@koa/router";
import type { BattleAllowanceDto, FindOpponentResponse, RoundResultDto } from "../contract/battle.ts";
import { MSG } from "../contract/messages.ts";
import type { Db } from "../db/knex.ts";
import { playBattleRound } from "../commands/battleRounder.ts";
import { startBattle } from "../commands/battleStarter.ts";
import { BATTLE_COINS_PER_DAY, BATTLE_WIN_COINS } from "../game/battle.ts";
import { dailyPeriod, nextDailyReset } from "../game/periods.ts";
import { cryptoRandom } from "../game/random.ts";
import { notFound, unauthorized } from "../http/errors.ts";
import { requireAuth } from "../http/auth.ts";
import { hitRateLimit, type RateRule } from "../http/rateLimit.ts";
import { presentBattle, presentBattleCard } from "../presenters/battle.ts";
import { battleCoinsToday, findOwnBattle } from "../queries/battles.ts";

/** Starting (or resuming) a battle, per player: far above a person's pace, far below a script's. */
const BATTLE_START_RULE: RateRule = { name: "battle-start:player", limit: 30, windowMs: 60_000 };

/** Battle ids in paths: a positive integer, anything else is no battle of yours. */
function battleIdOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw notFound(MSG.battleNotFound);
  return Number(raw);
}

export function battleRoutes(db: Db) {
  const router = new Router();
  const auth = requireAuth(db);

  router.post("/battle/find-opponent", auth, async (ctx) => {
    await hitRateLimit(db, BATTLE_START_RULE, String(ctx.state.userId));
    const body: FindOpponentResponse = { battleId: await startBattle(db, ctx.state.userId, cryptoRandom) };
    ctx.body = body;
  });

  /** The reward panel's figures: +1 per win, at most 20 battle coins per UTC day. */
  router.get("/battle/allowance", auth, async (ctx) => {
    const user = await db("users").where({ id: ctx.state.userId }).first("battle_coins_day", "battle_coins_today");
    if (!user) throw unauthorized();
    const now = new Date();
    const earnedToday = battleCoinsToday({ battleCoinsDay: user.battle_coins_day, battleCoinsToday: user.battle_coins_today }, dailyPeriod(now));
    const body: BattleAllowanceDto = {
      coinsPerWin: BATTLE_WIN_COINS,
      dailyCap: BATTLE_COINS_PER_DAY,
      earnedToday,
      leftToday: Math.max(0, BATTLE_COINS_PER_DAY - earnedToday),
      resetTime: nextDailyReset(now).toISOString(),
    };
    ctx.set("Cache-Control", "no-cache");
    ctx.body = body;
  });

  router.get("/battle/:id", auth, async (ctx) => {
    const battle = await findOwnBattle(db, ctx.state.userId, battleIdOf(ctx.params.id));
    if (!battle) throw notFound(MSG.battleNotFound);
    ctx.set("Cache-Control", "no-cache");
    ctx.body = presentBattle(battle);
  });

  router.post("/battle/:id/round", auth, async (ctx) => {
    const round = await playBattleRound(db, ctx.state.userId, battleIdOf(ctx.params.id), cryptoRandom);
    const body: RoundResultDto = { ...round, player1Card: presentBattleCard(round.player1Card), player2Card: presentBattleCard(round.player2Card) };
    ctx.body = body;
  });

  return router;
}
