// Issue 48: EXPLAIN ANALYZE of the matches query on a seeded PostgreSQL database.
// DATABASE_URL=postgres://... TF_PLAYERS=3000 TF_CARDS=150000 TF_WISHES=15000 npx tsx api/src/bench/tradeFinderExplain.ts
import { createDb, migrateLatest } from "../db/knex.ts";
import { TRADE_UNLOCK } from "../game/trading.ts";
import { matchesOf, matchesStatement } from "../queries/tradeFinder.ts";
import { seedLeaderboard } from "./leaderboardSeed.ts";
import { seedTradeFinder } from "./tradeFinderSeed.ts";

const db = createDb({ databaseUrl: process.env.DATABASE_URL!, poolMax: 2 });
try {
  await migrateLatest(db);
  // TF_USER=<id>: explain again on a database seeded before.
  let userId = Number(process.env.TF_USER ?? 0);
  if (!userId) {
    await seedLeaderboard(db, { players: Number(process.env.TF_PLAYERS ?? 3000), cards: Number(process.env.TF_CARDS ?? 150_000) });
    userId = (await seedTradeFinder(db, { wishes: Number(process.env.TF_WISHES ?? 15_000) })).userId;
  }
  const now = new Date();
  const { sql, bindings } = matchesStatement(userId, TRADE_UNLOCK, now, { limit: 20, offset: 0 });
  const { rows } = await db.raw(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, bindings);
  console.log(rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n"));
  // The measured players of seedTradeFinder (TF_USERS of them from userId), one after another.
  const times: number[] = [];
  for (let i = 0; i < Number(process.env.TF_USERS ?? 20); i++) {
    const t = performance.now();
    await matchesOf(db, userId + i, TRADE_UNLOCK, now, { limit: 20, offset: 0 });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`matches of ${times.length} players: median ${times[times.length >> 1]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`);
} finally {
  await db.destroy();
}
