import type { Db } from "../db/knex.ts";
import { AdminError } from "./chatModeration.ts";
import { RESET_LINK_MS, issueToken, resetLinkUrl } from "./accountLinks.ts";

/**
 * The support path without mail (issue 46): an operator makes a single-use reset link for a
 * player (30 minutes, like the e-mailed one) and gives it to them after checking who they are.
 * Recorded in admin_audit in the same transaction; the link itself is not recorded.
 */
export async function operatorResetLink(db: Db, operator: string, username: string, publicUrl: string, now = new Date()): Promise<{ userId: number; username: string; link: string; expiresAt: Date }> {
  const by = operator.trim();
  if (!by || by.length > 100) throw new AdminError("The operator's name is 1-100 characters (--operator)");
  return db.transaction(async (trx) => {
    const user = await trx("users").whereRaw("lower(username) = lower(?)", [username]).first("id", "username");
    if (!user) throw new AdminError(`No player with the username "${username}"`);
    const link = resetLinkUrl(publicUrl, await issueToken(trx, user.id, "password_reset", now));
    const expiresAt = new Date(now.getTime() + RESET_LINK_MS);
    await trx("admin_audit").insert({ operator: by, action: "reset-link", details: JSON.stringify({ userId: user.id, username: user.username, expiresAt: expiresAt.toISOString() }), created_at: now });
    return { userId: user.id, username: user.username, link, expiresAt };
  });
}
