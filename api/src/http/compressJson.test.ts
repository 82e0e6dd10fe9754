import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveCards, plainCard } from "../testing/cards.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";
import { SESSION_COOKIE } from "./session.ts";

// Large API answers (a collection, a leaderboard page) go compressed to a browser that accepts it;
// small ones and clients that do not ask go as they are. Read raw off the socket: fetch would
// decompress behind the test's back.

let server: TestServer;
let player: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  player = await signedUpClient(server, "squeezer");
  const me = await player.get("/api/user");
  await giveCards(server.db, me.body.id, Array.from({ length: 60 }, (_, i) => plainCard((i % 4) + 1, i)));
});
afterAll(() => server?.close());

function rawGet(path: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(server.url + path, {
      headers: { Cookie: `${SESSION_COOKIE}=${player.cookie(SESSION_COOKIE)}`, ...(acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {}) },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
  });
}

describe("compressed API answers", () => {
  it.each([
    ["/api/collection", "br", brotliDecompressSync],
    ["/api/collection", "gzip", gunzipSync],
    ["/api/leaderboard", "br", brotliDecompressSync],
    ["/api/leaderboard", "gzip", gunzipSync],
  ] as const)("%s with Accept-Encoding %s is smaller on the wire and the same JSON", async (path, encoding, decode) => {
    const plain = await rawGet(path);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const packed = await rawGet(path, `${encoding}`);
    expect(packed.status).toBe(200);
    expect(packed.headers["content-encoding"]).toBe(encoding);
    expect(packed.headers["content-type"]).toMatch(/^application\/json/);
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(decode(packed.body).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")));
  });

  it("a small answer goes as it is, whatever the browser accepts", async () => {
    const res = await rawGet("/api/user", "br, gzip");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString("utf8")).username).toBe("squeezer");
  });

  it("an error answer is readable JSON, not compressed", async () => {
    const res = await rawGet("/api/no-such-route", "br");
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString("utf8")).error).toEqual(expect.any(String));
  });
});
