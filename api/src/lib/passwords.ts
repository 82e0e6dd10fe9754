import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes). The library's Algorithm is
// a const enum, which isolated modules cannot read: 2 is its Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashing is the one deliberately slow thing the server does: 64 wrong guesses at once
 * slowed everybody's sign-in from 22 ms to 584 ms. At most RUNNING hashes run at a time (the
 * others keep libuv's threads for files and compression), at most WAITING wait, and past that a
 * request is refused at once (the route answers 429) instead of queueing without bound.
 */
const RUNNING = 2;
const WAITING = 16;

export class PasswordQueueFullError extends Error {
  constructor() {
    super("password queue full");
  }
}

let running = 0;
const waiting: Array<() => void> = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RUNNING) {
    if (waiting.length >= WAITING) throw new PasswordQueueFullError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` never dips while others wait.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * Does `password` match? An account without a password (passkeys only, issue 46) matches nothing,
 * but only after the same argon2 work against a hash of random bytes, so the answer takes as long
 * as for a wrong password and the timing does not tell who has one.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const against = passwordHash ?? (await (dummyHash ??= hashPassword(randomBytes(24).toString("base64url"))));
  const matches = await bounded(async () => {
    try {
      return await verify(against, password);
    } catch {
      return false;
    }
  });
  return passwordHash !== null && matches;
}

/** For tests and the health of the queue: how many hashes run and wait now. */
export function passwordQueueDepth(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
