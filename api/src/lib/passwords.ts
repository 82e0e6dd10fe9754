import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes). The library's Algorithm is
// a const enum, which isolated modules cannot read: 2 is its Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
