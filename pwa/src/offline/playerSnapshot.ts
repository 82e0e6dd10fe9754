import type { UserDto } from "@contract/user";
import { mirrorWrite, patchSnapshot, type RankSnapshot } from "./db";

/** Keeps the last user answer on the device (coins, counters) for offline screens. */
export function savePlayerSnapshot(user: UserDto): Promise<void> {
  return mirrorWrite("saving the player", (db) => patchSnapshot(db, user.id, { user }));
}

/** Keeps the last rank answer, so the collection still shows '#N' offline. */
export function saveRankSnapshot(userId: number, rank: RankSnapshot): Promise<void> {
  return mirrorWrite("saving the rank", (db) => patchSnapshot(db, userId, { rank }));
}
