import http from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveCards, plainCard } from "../testing/cards.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";
import { compressJsonBody, LARGE_BODY_BYTES } from "./compressJson.ts";

// Large API answers (a collection, a leaderboard page) go compressed to a browser that accepts it;
// small ones and clients that do not ask go as they are. Read raw off the socket: fetch would
// decompress behind the test's back.

let server: TestServer;
let player: ApiClient;

function rawGet(path: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(server.url + path, {
      headers: { Cookie: player.sessionCookies(), ...(acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {}) },
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
  beforeAll(async () => {
    server = await startTestServer();
    player = await signedUpClient(server, "squeezer");
    const me = await player.get("/api/user");
    await giveCards(server.db, me.body.id, Array.from({ length: 60 }, (_, i) => plainCard((i % 4) + 1, i)));
  });
  afterAll(() => server?.close());

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

describe("brotli's quality", () => {
  const atQuality = (body: Buffer, quality: number) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const json = (bytes: number) => {
    const item = JSON.stringify({ id: 1, character: "velvetnight1", background: "Space", set: 3, isHolo: false, points: 120, openedAt: "2026-11-28T06:48:45.877Z" });
    return Buffer.from(`[${Array.from({ length: Math.ceil(bytes / item.length) }, (_, i) => item.replace('"id":1', `"id":${i}`)).join(",")}]`);
  };

  it("is 4 for an answer up to 1 MB and 3 past it (quality 4 turns several times dearer past a few MB)", async () => {
    const small = json(LARGE_BODY_BYTES / 4);
    const large = json(LARGE_BODY_BYTES * 2);
    // Buffer.equals: toEqual walks megabytes byte by byte.
    expect((await compressJsonBody(small, "br")).equals(atQuality(small, 4))).toBe(true);
    const packed = await compressJsonBody(large, "br");
    expect(packed.equals(atQuality(large, 3))).toBe(true);
    expect(brotliDecompressSync(packed).equals(large)).toBe(true);
  });
});
