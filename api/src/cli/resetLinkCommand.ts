import { publicUrlOf } from "../config.ts";
import type { Db } from "../db/knex.ts";
import { operatorResetLink } from "../commands/operatorResetLink.ts";

export const RESET_LINK_USAGE = "  reset-link <username>                   prints a single-use password reset link (30 minutes)";

/** `reset-link <username>`: answers the exit code like runAdmin (2: bad usage, for its usage text). */
export async function resetLinkCommand(db: Db, operator: string, rest: string[], out: (line: string) => void, now: Date, publicUrl = publicUrlOf()): Promise<number> {
  const [username] = rest;
  if (!username || rest.length > 1) return 2;
  const r = await operatorResetLink(db, operator, username, publicUrl, now);
  out(`Reset link for ${r.username} (id ${r.userId}), single use, valid until ${r.expiresAt.toISOString()}:`);
  out(r.link);
  return 0;
}
