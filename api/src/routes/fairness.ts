import Router from "@koa/router";
import type { Context } from "koa";
import { Readable } from "node:stream";
import { PULLS_PAGE_DEFAULT } from "../contract/rules.ts";
import { ClientSeedBody, PullsQuery, REVEALED_PAGE_MAX, RevealedQuery, type PullsPage } from "../contract/fairness.ts";
import { fairnessOf, revealedSeedsOf, rotateServerSeed, setClientSeed } from "../commands/fairnessSettings.ts";
import type { Db } from "../db/knex.ts";
import { requireAuth } from "../http/auth.ts";
import { HEAVY_READ_RULES, type HeavyRead } from "../http/fairShare.ts";
import { hitRateLimit, type RateRule } from "../http/rateLimit.ts";
import { parseBody, parseQuery } from "../http/validate.ts";
import { csvLine } from "../lib/csv.ts";
import { CARD_COLUMNS, collectionRows, PULL_COLUMNS, pullRows } from "../queries/exports.ts";
import { pullsOf, pullSummaries } from "../queries/pulls.ts";

/** Seed changes per player: far above a person's pace, far below a script filling the reveal list. */
const SEED_CHANGE_RULE: RateRule = { name: "fairness:player", limit: 30, windowMs: 60_000 };

export function fairnessRoutes(db: Db, heavyRead: HeavyRead) {
  const router = new Router();
  const auth = requireAuth(db);
  const pullSummaryOf = pullSummaries(db);

  router.get("/fairness", auth, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await fairnessOf(db, ctx.state.userId);
  });

  // Every revealed seed, a page at a time (GET /fairness carries the newest REVEALED_SHOWN).
  router.get("/fairness/revealed", auth, async (ctx) => {
    const { before, limit = REVEALED_PAGE_MAX } = parseQuery(ctx, RevealedQuery);
    ctx.set("Cache-Control", "no-store");
    ctx.body = await revealedSeedsOf(db, ctx.state.userId, before, limit);
  });

  router.put("/fairness/client-seed", auth, async (ctx) => {
    const { clientSeed } = parseBody(ctx, ClientSeedBody);
    await hitRateLimit(db, SEED_CHANGE_RULE, String(ctx.state.userId));
    ctx.body = await setClientSeed(db, ctx.state.userId, clientSeed);
  });

  router.post("/fairness/rotate", auth, async (ctx) => {
    await hitRateLimit(db, SEED_CHANGE_RULE, String(ctx.state.userId));
    ctx.body = await rotateServerSeed(db, ctx.state.userId);
  });

  router.get("/pulls", heavyRead(HEAVY_READ_RULES.pulls), async (ctx) => {
    const { before, limit = PULLS_PAGE_DEFAULT, ...filter } = parseQuery(ctx, PullsQuery);
    // One more than asked says whether an older page exists.
    const pulls = await pullsOf(db, ctx.state.userId, { before, ...filter }, limit + 1);
    const page = pulls.slice(0, limit);
    const body: PullsPage = { pulls: page, nextBefore: pulls.length > limit ? page[page.length - 1]!.id : null };
    ctx.set("Cache-Control", "no-store");
    ctx.body = body;
  });

  router.get("/pulls/summary", heavyRead(HEAVY_READ_RULES.pullSummary), async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await pullSummaryOf(ctx.state.userId);
  });

  router.get("/export/:file", heavyRead(HEAVY_READ_RULES.export), async (ctx) => {
    const match = /^(collection|pulls)\.(csv|json)$/.exec(ctx.params.file ?? "");
    if (!match) return; // the router's 404
    const [, what, format] = match as unknown as [string, "collection" | "pulls", "csv" | "json"];
    const userId = ctx.state.userId;
    const file =
      format === "json"
        ? asJson(what === "collection" ? collectionRows(db, userId) : pullRows(db, userId))
        : what === "collection"
          ? asCsv(collectionRows(db, userId), CARD_COLUMNS)
          : asCsv(pullRows(db, userId), PULL_COLUMNS);
    sendDownload(ctx, `foilbound-${what}.${format}`, file);
  });

  return router;
}

async function* asCsv<R>(rows: AsyncIterable<R>, columns: Array<[keyof R, string]>): AsyncGenerator<string> {
  yield csvLine(columns.map(([, heading]) => heading));
  for await (const row of rows) yield csvLine(columns.map(([key]) => row[key] as string | number | boolean));
}

async function* asJson(rows: AsyncIterable<object>): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const row of rows) {
    yield `${first ? "\n" : ",\n"}${JSON.stringify(row)}`;
    first = false;
  }
  yield "\n]\n";
}

/** Streams the file as it is read: the first page goes out while the next is being fetched. */
function sendDownload(ctx: Context, filename: string, chunks: AsyncIterable<string>) {
  ctx.set("Cache-Control", "no-store");
  ctx.set("Content-Disposition", `attachment; filename="${filename}"`);
  ctx.type = filename.endsWith(".csv") ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";
  ctx.body = Readable.from(chunks);
}
