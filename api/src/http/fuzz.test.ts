import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRouter } from "../app.ts";
import { createLogger } from "../logger.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// Property-based attack on the whole router table (issue 14): generated malformed paths, query
// strings and bodies, sent by a signed-in player. Whatever arrives: never a 5xx, every 4xx is a
// JSON `{ error }` a player can read, and a 4xx leaves every table of the game as it was.

let server: TestServer;
let player: ApiClient;
let routes: Array<{ path: string; methods: string[] }>;
/** A well-formed body per route: the fuzz breaks one or two of its fields at a time. */
let templates: Record<string, Record<string, unknown>>;

/** Everything a request could change that a player would notice (not sessions or rate counters). */
async function gameState(): Promise<string> {
  const tables = ["users", "cards", "trades", "chat_messages", "battles", "purchases", "reward_claims", "test_payment_intents"];
  // One statement for all tables: it runs twice per generated request, and a round trip per table
  // was most of this file's time.
  const { rows } = (await server.db.raw(
    `SELECT ${tables.map((t) => `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${t} t) AS ${t}`).join(", ")}`,
  )) as { rows: Array<Record<string, string>> };
  return tables.map((t) => `${t}:${rows[0]![t]}`).join(" ");
}

beforeAll(async () => {
  server = await startTestServer();
  player = await signedUpClient(server, "fuzzer");
  const other = await signedUpClient(server, "target");
  for (const c of [player, other]) expect((await c.post("/api/open-pack", { set: 1 })).status).toBe(200);
  const mine = (await player.get("/api/collection")).body[0];
  const theirs = (await other.get("/api/collection")).body[0];
  const otherId = (await other.get("/api/user")).body.id;
  templates = {
    "/api/auth/login": { username: "fuzzer", password: "not-the-password" },
    "/api/auth/register": { username: "newbie", password: "violet-harbour-42", displayName: "newbie", ageConfirmed: true, termsAccepted: true },
    "/api/auth/new-account-check": { username: "newbie", password: "violet-harbour-42" },
    "/api/check-username": { username: "someone" },
    "/api/set-username": { displayName: "Fuzzy" },
    "/api/check-email": { email: "fuzz@example.com" },
    "/api/user/email": { email: "fuzz@example.com", password: "not-the-password" },
    "/api/user/password": { currentPassword: "not-the-password", newPassword: "violet-harbour-42" },
    "/api/user/password/remove": { currentPassword: "not-the-password" },
    "/api/open-pack": { set: 1 },
    "/api/user/coins": { rewardId: "daily-login", rewardType: "daily", amount: 50 },
    "/api/create-payment-intent": { packageId: "coins-small" },
    "/api/confirm-purchase": { paymentIntentId: "pi_fuzz", packageId: "coins-small" },
    "/api/test-payments/confirm": { clientSecret: "pi_fuzz_secret", cardNumber: "4000000000000002", expiry: "12/40", cvc: "123" },
    "/api/chat/messages": { message: "hello" },
    "/api/trade/offer": { toUserId: otherId, offeredCardIds: [mine.id], requestedCardId: theirs.id },
    // Passkeys (issue 46): answers shaped like a browser's, so the fuzz reaches past the schema.
    "/api/user/passkeys": { name: "Phone", response: { id: "AAAA", rawId: "AAAA", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON: "e30", attestationObject: "oA" } } },
    "/api/auth/passkey": { response: { id: "AAAA", rawId: "AAAA", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } } },
  };
  // A first read of the user applies regeneration and the daily visit: later reads change nothing.
  await player.get("/api/user");
  await player.get("/api/user/rewards/status");
  routes = apiRouter({ db: server.db, config: server.config, log: createLogger({ silent: true }) })
    .stack.filter((l) => l.methods.length > 0)
    // Signing out would leave the rest of the run unauthenticated; its own tests cover it.
    .filter((l) => !String(l.path).endsWith("/auth/logout"))
    // The live event stream never ends by itself: events.test.ts sends it malformed resume ids.
    .filter((l) => !String(l.path).endsWith("/events"))
    .map((l) => ({ path: String(l.path), methods: l.methods.filter((m) => m !== "HEAD") }));
}, 60_000);

afterAll(() => server?.close());

const nasty = fc.constantFrom(
  "\u0000", "a\u0000b", "\ud800", "x\udfffy", "\u202eevil", "\u200b", "\u001b[31mred", "\u0007", "\u0085",
  "2147483648", "9223372036854775808", "99999999999999999999999", "-1", "0", "1e309", "NaN", "1.5", "0x10",
  "0000-01-01", "-000001-01-01T00:00:00Z", "+200000-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
  "__proto__", "constructor", "../../etc/passwd", "%00", "", " ", "null", "true", "_empty_", "a".repeat(600),
);
const weirdString = fc.oneof(
  { arbitrary: nasty, weight: 5 },
  { arbitrary: fc.string(), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }), weight: 1 },
);
const weirdNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31) - 1, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const leaf = fc.oneof(weirdString, weirdNumber, fc.boolean(), fc.constant(null));
const weirdValue = fc.oneof(
  { arbitrary: weirdString, weight: 6 },
  { arbitrary: leaf, weight: 2 },
  { arbitrary: fc.array(leaf, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(weirdString, leaf, { maxKeys: 3 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);
const FIELDS = [
  "username", "password", "displayName", "email", "currentPassword", "newPassword", "ageConfirmed", "termsAccepted",
  "set", "count", "rewardId", "rewardType", "packageId", "paymentIntentId", "clientSecret", "cardNumber", "expiry", "cvc",
  "message", "toUserId", "offeredCardIds", "requestedCardId", "clientSeed", "monthlyLimitCents",
  "name", "response", "passkey",
];
const QUERY_KEYS = ["limit", "offset", "lastSentView", "lastHistoryView", "rewardIds", "before", "set", "tier"];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), weirdValue, { maxKeys: 5 }),
  weirdValue,
  fc.constantFrom('{"set":', "[[[[[[[[[[", '{"__proto__":{"admin":true}}', "\u0000", '"\\ud800"'),
);
const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS, "x"), weirdString, { maxKeys: 3 });

/** Percent-encodes any string, lone surrogates included (they travel as the bytes of U+FFFD). */
function encodePart(s: string, raw: boolean): string {
  if (raw) return s.replace(/[/?#]/g, (c) => encodeURIComponent(c));
  return [...Buffer.from(s, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
}

function fill(path: string, params: string[], raw: boolean): string {
  let i = 0;
  return path.replace(/:[A-Za-z]+/g, () => encodePart(params[i++] ?? "", raw) || "x");
}

async function expectRefusalChangesNothing(method: string, url: string, payload: unknown) {
  const before = await gameState();
  const res = await player.request(method, url, payload);
  expect(res.status, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 200)} -> ${JSON.stringify(res.body)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers.get("content-type") ?? "").toContain("application/json");
    expect(typeof res.body?.error, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe("string");
    expect(res.body.error.length).toBeGreaterThan(0);
    expect(await gameState(), `${method} ${url} ${JSON.stringify(payload)?.slice(0, 200)} changed the game`).toBe(before);
  }
}

describe("every route against malformed input", () => {
  // Each route gets its own runs, so none is left to chance; FUZZ_RUNS raises them locally.
  const runsPerRoute = Number(process.env.FUZZ_RUNS) || 20;
  it("no 5xx, a readable { error } on every 4xx, and a refused request changes nothing", async () => {
    for (const route of routes) {
      for (const method of route.methods) {
        await fc.assert(
          fc.asyncProperty(
            fc.array(weirdString, { minLength: 6, maxLength: 6 }),
            fc.boolean(),
            query,
            body,
            fc.constantFrom("template", "template", "random", "none"),
            fc.array(fc.tuple(fc.nat(), weirdValue), { minLength: 1, maxLength: 2 }),
            async (params, rawPath, q, randomBody, bodyKind, breaks) => {
              const qs = new URLSearchParams(q).toString();
              const url = fill(route.path, params, rawPath) + (qs ? `?${qs}` : "");
              let payload: unknown = bodyKind === "random" ? randomBody : undefined;
              if (bodyKind === "template") {
                const broken: Record<string, unknown> = { ...(templates[route.path] ?? {}) };
                const keys = Object.keys(broken).length ? Object.keys(broken) : FIELDS;
                for (const [k, v] of breaks) broken[keys[k % keys.length]!] = v;
                payload = broken;
              }
              await expectRefusalChangesNothing(method, url, method === "GET" ? undefined : payload);
            },
          ),
          { numRuns: runsPerRoute, seed: Number(process.env.FUZZ_SEED) || undefined },
        );
      }
    }
  }, 600_000);

  it("every route, every wrong method: 405 or 404 with { error }", async () => {
    for (const route of routes) {
      for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"].filter((m) => !route.methods.includes(m))) {
        await expectRefusalChangesNothing(method, fill(route.path, ["1", "1", "1", "true", "false", "false"], false), method === "GET" ? undefined : {});
      }
    }
  }, 120_000);

  it("a body that cannot be read (not the gzip or deflate it says, cut short, not UTF-8) is a 400 that changes nothing", async () => {
    const json = Buffer.from(JSON.stringify({ message: "hello" }));
    const { gzipSync } = await import("node:zlib");
    const unreadable: Array<[string, Uint8Array, Record<string, string>]> = [
      ["plain JSON labelled gzip", json, { "Content-Encoding": "gzip" }],
      ["plain JSON labelled deflate", json, { "Content-Encoding": "deflate" }],
      ["a gzip body cut short", gzipSync(json).subarray(0, 12), { "Content-Encoding": "gzip" }],
      // 0xFF 0xFE are no UTF-8: the parser decodes them as U+FFFD (chat stored '��').
      ["bytes that are not UTF-8", Buffer.concat([Buffer.from('{"message":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]), {}],
    ];
    for (const path of ["/api/chat/messages", "/api/auth/login", "/api/open-pack"]) {
      for (const [what, bytes, headers] of unreadable) {
        const before = await gameState();
        const res = await player.request("POST", path, bytes, headers);
        expect(res.status, `${what} to ${path}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(typeof res.body?.error).toBe("string");
        expect(await gameState(), `${what} to ${path} changed the game`).toBe(before);
      }
    }
    // A readable gzip body is taken: the refusals above are about the bytes. (Not chat here: the
    // fuzz runs before may have used up its rate.)
    const readable = Buffer.from(JSON.stringify({ username: "someone" }));
    expect((await player.request("POST", "/api/check-username", gzipSync(readable), { "Content-Encoding": "gzip" })).status).toBe(200);
  });

  it("every text field: NUL and lone surrogates are refused with 400 everywhere", async () => {
    for (const route of routes.filter((r) => !r.path.includes("webhook"))) {
      for (const method of route.methods) {
        // A URL cannot carry a lone surrogate (it arrives as U+FFFD), so GETs are tried with NUL only.
        for (const bad of method === "GET" ? ["a\u0000b"] : ["a\u0000b", "\ud800"]) {
          const payload = Object.fromEntries(FIELDS.map((f) => [f, bad]));
          const res = await player.request(method, route.path.replace(/:[A-Za-z]+/g, "1") + (method === "GET" ? "?limit=" + encodeURIComponent(bad) : ""), method === "GET" ? undefined : payload);
          expect([400, 401, 403, 404], `${method} ${route.path}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        }
      }
    }
  }, 120_000);
});
