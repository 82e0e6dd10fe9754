import type { RewardDto } from "@contract/rewards";
import type { UserDto } from "@contract/user";
import { mirrorWrite, patchSnapshot, type PlayerSnapshot, type RankSnapshot } from "./db";

/** Keeps the last user answer on the device (coins, counters) for offline screens. */
export function savePlayerSnapshot(user: UserDto): Promise<void> {
  return mirrorWrite("saving the player", (db) => patchSnapshot(db, user.id, { user }));
}

/** Keeps the last rank answer, so the header and the collection still show '#N' offline. */
export function saveRankSnapshot(userId: number, rank: RankSnapshot): Promise<void> {
  return mirrorWrite("saving the rank", (db) => patchSnapshot(db, userId, { rank }));
}

/** Keeps the server's last reward list (claimed flags included) for the offline rewards screen. */
export function saveRewardsSnapshot(userId: number, rewards: RewardDto[]): Promise<void> {
  return mirrorWrite("saving the rewards", (db) => patchSnapshot(db, userId, { rewards, rewardsSyncedAt: new Date().toISOString() }));
}

/** Saves a whole summary at once (one transaction: the offline screens never mix two syncs). */
export function saveSummarySnapshot(userId: number, summary: Partial<Omit<PlayerSnapshot, "userId">>): Promise<void> {
  return mirrorWrite("saving the summary", (db) => db.transaction("rw", db.snapshots, () => patchSnapshot(db, userId, summary)));
}
