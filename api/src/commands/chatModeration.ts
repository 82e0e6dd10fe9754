import type { Db, Trx } from "../db/knex.ts";
import { utcMinute } from "../queries/chatSafety.ts";

/**
 * Operator actions on chat (issue 46), called by the admin CLI (cli/admin.ts) and by tests. Each
 * runs in one transaction with its `admin_audit` row: an action is recorded exactly when it
 * happened. Texts here are for operators, not players (those live in contract/messages.ts).
 */

/** A refusal an operator reads (unknown player, bad number): the CLI prints it and exits 1. */
export class AdminError extends Error {}

export const MAX_MUTE_MINUTES = 365 * 24 * 60;

export async function audit(trx: Trx, operator: string, action: string, details: Record<string, unknown>, now: Date): Promise<void> {
  await trx("admin_audit").insert({ operator, action, details: JSON.stringify(details), created_at: now });
}

export async function playerByUsername(trx: Trx, username: string): Promise<{ id: number; username: string; display_name: string | null }> {
  // Login usernames are stored as typed; operators may type any case.
  const user = await trx("users").whereRaw("lower(username) = lower(?)", [username]).first("id", "username", "display_name");
  if (!user) throw new AdminError(`No player with the username "${username}"`);
  return user;
}

export function checkOperator(operator: string): string {
  const name = operator.trim();
  if (!name || name.length > 100) throw new AdminError("The operator's name is 1-100 characters (--operator)");
  return name;
}

export interface MuteResult {
  muteId: number;
  userId: number;
  username: string;
  until: Date;
  untilText: string;
}

/** Mutes a player for `minutes` from now: they cannot post in the chat until then. */
export async function mutePlayer(db: Db, operator: string, username: string, minutes: number, reason: string | null, now = new Date()): Promise<MuteResult> {
  const by = checkOperator(operator);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_MUTE_MINUTES) throw new AdminError(`Minutes must be a whole number from 1 to ${MAX_MUTE_MINUTES}`);
  const why = reason?.trim() || null;
  if (why && why.length > 200) throw new AdminError("The reason is at most 200 characters");
  return db.transaction(async (trx) => {
    const user = await playerByUsername(trx, username);
    const until = new Date(now.getTime() + minutes * 60_000);
    const [row] = await trx("chat_mutes").insert({ user_id: user.id, until, reason: why, muted_by: by, created_at: now }).returning("id");
    await audit(trx, by, "mute", { muteId: row.id, userId: user.id, username: user.username, minutes, until: until.toISOString(), reason: why }, now);
    return { muteId: row.id, userId: user.id, username: user.username, until, untilText: utcMinute(until) };
  });
}

/** Lifts every running mute of a player at once. Unmuting a player who is not muted is recorded too. */
export async function unmutePlayer(db: Db, operator: string, username: string, now = new Date()): Promise<{ userId: number; lifted: number }> {
  const by = checkOperator(operator);
  return db.transaction(async (trx) => {
    const user = await playerByUsername(trx, username);
    const lifted = await trx("chat_mutes").where("user_id", user.id).whereNull("lifted_at").andWhere("until", ">", now).update({ lifted_at: now, lifted_by: by });
    await audit(trx, by, "unmute", { userId: user.id, username: user.username, lifted }, now);
    return { userId: user.id, lifted };
  });
}

export interface OpenReport {
  id: number;
  createdAt: Date;
  reason: string;
  messageId: number | null;
  messageText: string;
  /** Null once the reporter deleted their account (the report stays, without them). */
  reporter: string | null;
  reported: string | null;
  reportedUserId: number | null;
  /** Open reports about the same player, this one included: who is reported often. */
  reportsOnPlayer: number;
}

/** The open reports, oldest first. Operators see login usernames (they act on accounts by them). */
export async function openReports(db: Db, operator: string, now = new Date()): Promise<OpenReport[]> {
  const by = checkOperator(operator);
  return db.transaction(async (trx) => {
    const rows = await trx("chat_reports as r")
      .leftJoin("users as rep", "rep.id", "r.reporter_id")
      .leftJoin("users as u", "u.id", "r.reported_user_id")
      .whereNull("r.resolved_at")
      .orderBy("r.id")
      .select(
        "r.id",
        "r.created_at",
        "r.reason",
        "r.message_id",
        "r.message_text",
        "rep.username as reporter",
        "u.username as reported",
        "r.reported_user_id",
        trx.raw("count(*) over (partition by r.reported_user_id) as reports_on_player"),
      );
    await audit(trx, by, "list-reports", { open: rows.length }, now);
    return rows.map((r: Record<string, any>) => ({
      id: r.id,
      createdAt: new Date(r.created_at),
      reason: r.reason,
      messageId: r.message_id,
      messageText: r.message_text,
      reporter: r.reporter,
      reported: r.reported,
      reportedUserId: r.reported_user_id,
      reportsOnPlayer: Number(r.reports_on_player),
    }));
  });
}

/** Marks a report resolved. A report already resolved keeps its first resolution. */
export async function resolveReport(db: Db, operator: string, reportId: number, now = new Date()): Promise<{ id: number; alreadyResolved: boolean }> {
  const by = checkOperator(operator);
  if (!Number.isInteger(reportId) || reportId < 1 || reportId > 2_147_483_647) throw new AdminError("A report id is a positive whole number");
  return db.transaction(async (trx) => {
    const report = await trx("chat_reports").where({ id: reportId }).forUpdate().first("id", "resolved_at");
    if (!report) throw new AdminError(`No report with id ${reportId}`);
    const alreadyResolved = report.resolved_at !== null;
    if (!alreadyResolved) await trx("chat_reports").where({ id: reportId }).update({ resolved_at: now, resolved_by: by });
    await audit(trx, by, "resolve-report", { reportId, alreadyResolved }, now);
    return { id: reportId, alreadyResolved };
  });
}
