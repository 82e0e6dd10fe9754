import type { Db } from "../db/knex.ts";
import { currentProgress, progressOf, recordVisit } from "../game/progress.ts";
import { User } from "../models/User.ts";
import { lockUser } from "../queries/users.ts";

/**
 * Marks today's signed-in visit (the daily-login reward). Writes at most once a day per player:
 * a visit already counted today costs nothing.
 */
export async function recordDailyVisit(db: Db, user: User, now = new Date()): Promise<User> {
  if (currentProgress(progressOf(user), now).dailyLogins > 0 && user.dailyPeriod !== null) return user;
  return db.transaction(async (trx) => {
    const locked = await lockUser(trx, user.id);
    const progress = recordVisit(progressOf(locked), now);
    return User.query(trx).patchAndFetchById(user.id, { ...progress, updatedAt: now });
  });
}
