import type { SpareDto, WishDto } from "@contract/tradeFinder";
import { finishOf } from "../../../api/src/game/sets";
import { mirrorWrite, useDeviceRead } from "./db";
import type { MirroredSpare, MirroredWish } from "./types";

// Issue 48: the device's copy of the player's wishlist and spares, so both stay readable offline
// like the collection. The trade finder's queries write every answer here; the screens read it
// only when the server's answer is missing (offline, failed).

/** One key per card identity: set, character, background, finish. */
export function mirrorKey(card: { set: number; character: string; background: string; isHolo: boolean; isGlitch: boolean; isDarkHolo: boolean }): string {
  return `${card.set}|${card.character}|${card.background}|${finishOf(card)}`;
}

/** Replaces the player's saved wishlist with a fresh server answer. */
export function replaceMirroredWishes(userId: number, entries: readonly WishDto[]): Promise<void> {
  return mirrorWrite("saving the wishlist", (db) =>
    db.transaction("rw", db.wishes, async () => {
      await db.wishes.where("userId").equals(userId).delete();
      await db.wishes.bulkPut(entries.map((e) => ({ ...e, userId, key: mirrorKey(e.card) })));
    }),
  );
}

/** Replaces the player's saved spares with a fresh server answer. */
export function replaceMirroredSpares(userId: number, spares: readonly SpareDto[]): Promise<void> {
  return mirrorWrite("saving the spares", (db) =>
    db.transaction("rw", db.spares, async () => {
      await db.spares.where("userId").equals(userId).delete();
      await db.spares.bulkPut(spares.map((s) => ({ ...s, userId, key: mirrorKey(s.card) })));
    }),
  );
}

const strip = <T extends { userId: number; key: string }>({ userId: _u, key: _k, ...rest }: T) => rest;

/** The saved wishlist, newest first, while `read`: undefined while reading, null without a copy. */
export function useMirroredWishes(userId: number, read: boolean): WishDto[] | null | undefined {
  return useDeviceRead(
    read,
    async (db) => {
      const rows: MirroredWish[] = await db.wishes.where("userId").equals(userId).toArray();
      return rows.map(strip).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    `wishes:${userId}`,
  );
}

/** The saved spares, while `read`. */
export function useMirroredSpares(userId: number, read: boolean): SpareDto[] | null | undefined {
  return useDeviceRead(
    read,
    async (db) => {
      const rows: MirroredSpare[] = await db.spares.where("userId").equals(userId).toArray();
      return rows.map(strip);
    },
    `spares:${userId}`,
  );
}
