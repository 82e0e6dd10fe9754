import { createHmac, randomBytes } from "node:crypto";
import { commitmentOf, type Hmac } from "../game/fairRandom.ts";

// The server's side of RULES.md's commit-reveal pulls: fresh seeds from the operating system's
// random source, and node:crypto's HMAC for the stream (the engine itself is shared with the PWA).

/** A new server seed (32 random bytes as 64 lowercase hex characters) and its commitment. */
export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = randomBytes(32).toString("hex");
  return { serverSeed, serverSeedHash: commitmentOf(serverSeed) };
}

/** RULES.md: the default client seed is 16 random hex characters. */
export const newClientSeed = (): string => randomBytes(8).toString("hex");

/** Everything a new player's fairness state starts with. */
export const newFairnessState = () => ({ ...newServerSeed(), clientSeed: newClientSeed(), fairNonce: 0 });

export const nodeHmac: Hmac = (key, message) => createHmac("sha256", key).update(message).digest();

/** The same as columns of users, for writes that bypass the model (tests, tools). */
export function newFairnessColumns() {
  const f = newFairnessState();
  return { server_seed: f.serverSeed, server_seed_hash: f.serverSeedHash, client_seed: f.clientSeed };
}
