import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../contract/messages.ts";
import { startTestServer, type TestServer } from "../testing/testServer.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const body = { username: "Crossy", password: "violet-harbour-42", displayName: "Crossy", ageConfirmed: true, termsAccepted: true };

describe("cross-site requests", () => {
  it("refuses a state-changing request from another origin and changes nothing", async () => {
    const res = await server.client().post("/api/auth/register", body, { Origin: "https://evil.example" });
    expect(res).toMatchObject({ status: 403, body: { error: MSG.forbiddenOrigin } });
    expect(await server.db("users").where({ username: "Crossy" })).toHaveLength(0);
  });

  it("refuses one whose Referer is another site", async () => {
    const res = await server.client().post("/api/auth/register", body, { Origin: "", Referer: "https://evil.example/page" });
    expect(res.status).toBe(403);
  });

  it("accepts the site's own origin", async () => {
    expect((await server.client().post("/api/auth/register", body)).status).toBe(201);
  });

  it("accepts an origin the operator allows", async () => {
    const proxied = await startTestServer({ allowedOrigins: ["https://play.foilbound.example"] });
    try {
      const res = await proxied.client().post("/api/auth/login", { username: "x1", password: "violet-harbour-42" }, { Origin: "https://play.foilbound.example" });
      expect(res.status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe("headers and errors", () => {
  it("sends CSP, nosniff and frame denial on every response, errors included", async () => {
    for (const path of ["/api/health", "/api/nope", "/api/auth"]) {
      const res = await server.client().get(path);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("content-security-policy")).toContain("https://js.stripe.com");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("answers unknown API paths with a JSON 404", async () => {
    expect(await server.client().get("/api/no-such-call")).toMatchObject({ status: 404, body: { error: MSG.notFound } });
  });

  it("answers a body that is not an object with a readable 400", async () => {
    const res = await server.client().post("/api/auth/login", "[1,2,3]");
    expect(res).toMatchObject({ status: 400, body: { error: MSG.badRequest } });
  });

  it("refuses an oversized body", async () => {
    const res = await server.client().post("/api/auth/login", { username: "a", password: "x".repeat(100_000) });
    expect(res.status).toBe(413);
    expect(res.body.error).toBeTruthy();
  });
});

describe("GET /api/health and /api/config", () => {
  it("reports the database as reachable", async () => {
    const res = await server.client().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: "ok" });
  });

  it("reports 503 when the database is gone", async () => {
    const broken = await startTestServer();
    await broken.db.destroy();
    const res = await broken.client().get("/api/health");
    expect(res).toMatchObject({ status: 503, body: { status: "error" } });
    broken.destroy = async () => {};
    await broken.close().catch(() => {});
  });

  it("serves the product name, support address and how the store takes cards", async () => {
    const res = await server.client().get("/api/config");
    expect(res.body).toMatchObject({ appName: "Foilbound", supportEmail: "support@foilbound.example" });
    // Outside production without Stripe keys: the built-in test provider.
    expect(res.body.payments).toEqual({ provider: "test", publishableKey: null });
  });
});
