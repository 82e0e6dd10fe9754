import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newFairnessColumns } from "../lib/fairSeeds.ts";
import { giveCards, plainCard, scoreLedger } from "../testing/cards.ts";
import { createTestDb, type TestDb } from "../testing/testDb.ts";
import { runAdmin } from "./adminCommands.ts";

// Issue 46 item 3: the admin CLI's find and delete-account, each written to admin_audit, on either database.
let t: TestDb;
let n = 0;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.destroy());

async function account(email: string | null = null): Promise<{ id: number; username: string; display: string }> {
  const username = `Acct_${++n}`;
  const display = `Face${n}`;
  const [row] = await t.db("users").insert({ username, display_name: display, email, password_hash: "x", age_confirmed_at: new Date(), terms_accepted_at: new Date(), coins: 10, last_coin_generation: new Date(), created_at: new Date("2026-11-20T08:30:00Z"), updated_at: new Date("2026-11-28T21:05:00Z"), ...newFairnessColumns() }).returning(["id", "username"]);
  return { ...row, display };
}

async function admin(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runAdmin(t.db, argv, (l) => lines.push(l));
  return { code, out: lines.join("\n") };
}

const lastAudit = async (action: string) => (await t.db("admin_audit").where({ action }).orderBy("id", "desc").first())!;

describe("admin CLI: accounts", () => {
  it("finds an account by username, e-mail or display name, any case, and records the search by id", async () => {
    const p = await account(`found${n + 1}@example.com`);
    const line = `id ${p.id}  username: ${p.username}  display name: ${p.display}  e-mail: found${n}@example.com  created: 2026-11-20 08:30 UTC  last seen: 2026-11-28 21:05 UTC`;
    for (const query of [p.username.toLowerCase(), `FOUND${n}@example.com`, p.display.toUpperCase()]) {
      expect(await admin("--operator", "olga", "find", query)).toEqual({ code: 0, out: line });
    }
    const audit = await lastAudit("find");
    expect(audit).toMatchObject({ operator: "olga", details: { found: [p.id] } });
    expect(JSON.stringify(audit.details)).not.toContain("example.com");
    expect(await admin("find", "nobody_at_all")).toEqual({ code: 0, out: "No account matches." });
    expect((await lastAudit("find")).details).toEqual({ found: [] });
  });

  it("deletes an account by username like the player's own deletion, audited without the name", async () => {
    const [p, other] = [await account("gone@example.com"), await account()];
    await giveCards(t.db, p.id, [plainCard(1, 0), plainCard(1, 1)]);
    const otherCards = await giveCards(t.db, other.id, [plainCard(2, 0)]);
    const [pkg] = await t.db("packages").select("id").limit(1);
    const [bought] = await t.db("purchases").insert({ user_id: p.id, package_id: pkg.id, provider: "test", payment_intent_id: `pi_cli_${n}`, status: "completed", amount_cents: 499 }).returning("id");
    const [msg] = await t.db("chat_messages").insert({ user_id: other.id, message: "reported words" }).returning("id");
    const [rep] = await t.db("chat_reports").insert({ reporter_id: p.id, message_id: msg.id, reported_user_id: other.id, message_text: "reported words", reason: "spam" }).returning("id");
    await t.db("sessions").insert({ id: `cli-session-${n}`, data: JSON.stringify({}), user_id: p.id, expires_at: new Date(Date.now() + 3_600_000) });

    const res = await admin("--operator", "olga", "delete-account", p.username.toUpperCase());
    expect(res.code).toBe(0);
    expect(res.out).toBe(`Deleted account id ${p.id} (2 cards, 0 trades removed, 0 battles of others anonymised, 1 purchases kept without owner), by olga.`);
    expect(await t.db("users").where({ id: p.id }).first()).toBeUndefined();
    expect(await t.db("cards").where({ user_id: p.id })).toEqual([]);
    expect(await t.db("sessions").where({ user_id: p.id })).toEqual([]);
    expect((await t.db("purchases").where({ id: bought.id }).first()).user_id).toBeNull();
    expect((await t.db("cards").whereIn("id", otherCards).first()).user_id).toBe(other.id);
    expect((await scoreLedger(t.db)).mismatches).toBe(0);
    const audit = await lastAudit("delete-account");
    expect(audit).toMatchObject({ operator: "olga", details: { userId: p.id, cards: 2, purchasesKept: 1 } });
    expect(JSON.stringify(audit.details)).not.toContain(p.username);
    expect(await admin("find", p.username)).toEqual({ code: 0, out: "No account matches." });
    // The report the player made stays open for operators, without its reporter.
    expect((await admin("reports")).out).toMatch(new RegExp(`#${rep.id} .*by: \\(deleted\\)`));
  });

  it("refuses an unknown player (exit 1) and bad usage (exit 2), recording nothing", async () => {
    const before = (await t.db("admin_audit").count("* as n").first())!.n;
    expect(await admin("delete-account", "nobody_here")).toEqual({ code: 1, out: 'No player with the username "nobody_here"' });
    for (const argv of [["find"], ["delete-account"], ["delete-account", "a", "b"]]) {
      const res = await admin(...argv);
      expect(res.code).toBe(2);
      expect(res.out).toContain("delete-account <username>");
    }
    expect((await t.db("admin_audit").count("* as n").first())!.n).toBe(before);
  });
});
