import { REVEALED_SHOWN, type FairnessDto, type RevealedPage, type RotateResponse } from "../contract/fairness.ts";
import type { Db } from "../db/knex.ts";
import { unauthorized } from "../http/errors.ts";
import { newServerSeed } from "../lib/fairSeeds.ts";
import { lockUser } from "../queries/users.ts";

// RULES.md, provably fair pulls: the player's commitment, client seed and rotation. Every change
// is an update of the player's row, so it moves the row version and a pack drawn with the old
// values loses its compare-and-swap and draws again with the new ones.

export async function fairnessOf(db: Db, userId: number): Promise<FairnessDto> {
  const [user, revealed] = await Promise.all([
    db("users").where("id", userId).first("server_seed_hash", "client_seed", "fair_nonce"),
    revealedSeedsOf(db, userId, undefined, REVEALED_SHOWN),
  ]);
  if (!user) throw unauthorized();
  return {
    serverSeedHash: user.server_seed_hash,
    clientSeed: user.client_seed,
    nonce: user.fair_nonce,
    revealed: revealed.revealed,
    revealedNextBefore: revealed.nextBefore,
  };
}

/** The player's revealed seeds, newest first, older than the reveal `before` names: every one is reachable. */
export async function revealedSeedsOf(db: Db, userId: number, before: number | undefined, limit: number): Promise<RevealedPage> {
  const q = db("fairness_reveals").where("user_id", userId).orderBy("id", "desc").limit(limit + 1)
    .select("id", "server_seed", "server_seed_hash", "packs", "revealed_at");
  if (before) q.where("id", "<", before);
  // One more than asked says whether an older page exists.
  const rows: Array<{ id: number; server_seed: string; server_seed_hash: string; packs: number; revealed_at: Date | string }> = await q;
  const page = rows.slice(0, limit);
  return {
    revealed: page.map((r) => ({
      serverSeed: r.server_seed,
      serverSeedHash: r.server_seed_hash,
      packs: r.packs,
      revealedAt: new Date(r.revealed_at).toISOString(),
    })),
    nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

export async function setClientSeed(db: Db, userId: number, clientSeed: string, now = new Date()): Promise<FairnessDto> {
  const updated = await db("users").where("id", userId).update({ client_seed: clientSeed, updated_at: now });
  if (!updated) throw unauthorized();
  return fairnessOf(db, userId);
}

/** Reveals the current server seed (with how many packs it drew) and commits a new one; nonce 0. */
export async function rotateServerSeed(db: Db, userId: number, now = new Date()): Promise<RotateResponse> {
  return db.transaction(async (trx) => {
    const user = await lockUser(trx, userId);
    const next = newServerSeed();
    await trx("fairness_reveals").insert({
      user_id: userId,
      server_seed: user.serverSeed,
      server_seed_hash: user.serverSeedHash,
      packs: user.fairNonce,
      revealed_at: now,
    });
    await trx("users").where("id", userId).update({ server_seed: next.serverSeed, server_seed_hash: next.serverSeedHash, fair_nonce: 0, updated_at: now });
    return { revealedServerSeed: user.serverSeed, revealedServerSeedHash: user.serverSeedHash, serverSeedHash: next.serverSeedHash };
  });
}
