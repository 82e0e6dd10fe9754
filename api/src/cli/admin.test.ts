import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mutePlayer } from "../commands/chatModeration.ts";
import { newFairnessColumns } from "../lib/fairSeeds.ts";
import { activeMute } from "../queries/chatSafety.ts";
import { createTestDb, type TestDb } from "../testing/testDb.ts";
import { runAdmin, splitOperator } from "./adminCommands.ts";

// Issue 46: the admin CLI's commands, each written to admin_audit, on either database.
let t: TestDb;
let n = 0;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.destroy());

async function account(): Promise<{ id: number; username: string }> {
  const username = `Admin_${++n}`;
  const [row] = await t.db("users").insert({ username, display_name: `Shown${n}`, password_hash: "x", age_confirmed_at: new Date(), terms_accepted_at: new Date(), coins: 10, last_coin_generation: new Date(), ...newFairnessColumns() }).returning(["id", "username"]);
  return row;
}

async function admin(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runAdmin(t.db, argv, (l) => lines.push(l));
  return { code, out: lines.join("\n") };
}

const auditRows = (action: string) => t.db("admin_audit").where({ action }).orderBy("id");

describe("admin CLI", () => {
  it("mutes a player by username for N minutes with a reason, recorded under the operator", async () => {
    const p = await account();
    const before = Date.now();
    const res = await admin("--operator", "alice", "mute", p.username.toLowerCase(), "15", "spamming", "links");
    expect(res.code).toBe(0);
    expect(res.out).toMatch(new RegExp(`^Muted ${p.username} \\(id ${p.id}\\) until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`));
    const mute = await activeMute(t.db, p.id, new Date());
    expect(mute?.reason).toBe("spamming links");
    const minutes = (mute!.until.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(14.9);
    expect(minutes).toBeLessThanOrEqual(15.1);
    const row = await t.db("chat_mutes").where({ user_id: p.id }).first();
    expect(row).toMatchObject({ muted_by: "alice", reason: "spamming links" });
    const [audit] = await auditRows("mute").where("operator", "alice");
    expect(audit.created_at).toBeInstanceOf(Date);
    expect(audit.details).toMatchObject({ userId: p.id, username: p.username, minutes: 15, reason: "spamming links", muteId: row.id });
  });

  it("unmutes, lifting the running mutes, recorded", async () => {
    const p = await account();
    await mutePlayer(t.db, "bob", p.username, 60, null);
    const res = await admin("--operator=bob", "unmute", p.username);
    expect(res).toMatchObject({ code: 0, out: `Unmuted ${p.username}: 1 running mute(s) lifted.` });
    expect(await activeMute(t.db, p.id, new Date())).toBeUndefined();
    expect(await t.db("chat_mutes").where({ user_id: p.id }).first()).toMatchObject({ lifted_by: "bob" });
    expect((await auditRows("unmute").where("operator", "bob")).at(-1).details).toEqual({ userId: p.id, username: p.username, lifted: 1 });
    expect(await admin("--operator=bob", "unmute", p.username)).toMatchObject({ code: 0, out: `${p.username} was not muted; recorded anyway.` });
  });

  it("lists open reports and resolves them, once, each recorded", async () => {
    const [author, reporter] = [await account(), await account()];
    const [msg] = await t.db("chat_messages").insert({ user_id: author.id, message: "bad words" }).returning("id");
    const [rep] = await t.db("chat_reports").insert({ reporter_id: reporter.id, message_id: msg.id, reported_user_id: author.id, message_text: "bad words", reason: "harassment" }).returning("id");
    const list = await admin("--operator", "carol", "reports");
    expect(list.code).toBe(0);
    expect(list.out).toContain(`#${rep.id} `);
    expect(list.out).toContain(`reported: ${author.username} (1 open)`);
    expect(list.out).toContain(`by: ${reporter.username}`);
    expect(list.out).toContain('"bad words"');
    expect((await auditRows("list-reports").where("operator", "carol")).at(-1).details).toMatchObject({ open: expect.any(Number) });

    expect(await admin("--operator", "carol", "resolve-report", String(rep.id))).toMatchObject({ code: 0, out: `Report #${rep.id} resolved by carol.` });
    const stored = await t.db("chat_reports").where({ id: rep.id }).first();
    expect(stored).toMatchObject({ resolved_by: "carol" });
    expect(stored.resolved_at).toBeInstanceOf(Date);
    expect(await admin("--operator", "dave", "resolve-report", String(rep.id))).toMatchObject({ code: 0, out: `Report #${rep.id} was already resolved.` });
    expect((await t.db("chat_reports").where({ id: rep.id }).first()).resolved_by).toBe("carol");
    expect((await admin("--operator", "carol", "reports")).out).not.toContain(`#${rep.id} `);
    const resolves = await auditRows("resolve-report").whereIn("operator", ["carol", "dave"]);
    expect(resolves.map((r) => [r.operator, r.details])).toEqual([
      ["carol", { reportId: rep.id, alreadyResolved: false }],
      ["dave", { reportId: rep.id, alreadyResolved: true }],
    ]);
  });

  it("refuses unknown players, reports and bad numbers (exit 1) and bad usage (exit 2), recording nothing", async () => {
    const before = (await t.db("admin_audit").count("* as n").first())!.n;
    const p = await account();
    expect(await admin("mute", "nobody_here", "5")).toMatchObject({ code: 1, out: 'No player with the username "nobody_here"' });
    expect(await admin("mute", p.username, "0")).toMatchObject({ code: 1 });
    expect(await admin("mute", p.username, "ten")).toMatchObject({ code: 1, out: "Minutes must be a whole number" });
    expect(await admin("mute", p.username, "99999999")).toMatchObject({ code: 1 });
    expect(await admin("resolve-report", "999999")).toMatchObject({ code: 1, out: "No report with id 999999" });
    expect(await admin("--operator", "", "reports")).toMatchObject({ code: 1 });
    for (const argv of [[], ["mute"], ["mute", p.username], ["unmute"], ["frobnicate"], ["reports", "extra"], ["resolve-report"]]) {
      const res = await admin(...argv);
      expect(res.code).toBe(2);
      expect(res.out).toContain("Usage: npm run admin --");
    }
    expect((await t.db("admin_audit").count("* as n").first())!.n).toBe(before);
    expect(await t.db("chat_mutes").where({ user_id: p.id })).toEqual([]);
  });

  it("names the OS user as operator unless --operator is given", () => {
    expect(splitOperator(["--operator", "eve", "reports"])).toEqual({ operator: "eve", args: ["reports"] });
    expect(splitOperator(["reports", "--operator=eve"])).toEqual({ operator: "eve", args: ["reports"] });
    expect(splitOperator(["reports"]).operator).toMatch(/\S/);
  });
});
