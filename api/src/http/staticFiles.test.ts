import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../../assets/scripts/lib/precompress.ts";
import { staticFiles } from "./staticFiles.ts";

// A served tree shaped like production: operator files, generated art and sounds, a built PWA
// (with the build's .br/.gz copies), behind the real middleware on a real socket, read raw so
// the bytes on the wire are what is checked (fetch would decompress behind our back).

let root: string;
let server: http.Server;
let base: string;

const APP_JS = `export const cards = [${Array.from({ length: 400 }, (_, i) => `"card-${i}"`).join(",")}];\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Foilbound</title></head><body><div id="root"></div>${"<!-- shell -->".repeat(60)}</body></html>`;
const TERMS = `# Terms\n\n${"You must be 18 or older to play. ".repeat(80)}\n`;
const SOUND = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "foilbound-static-"));
  const dir = (...p: string[]) => {
    const d = path.join(root, ...p);
    mkdirSync(d, { recursive: true });
    return d;
  };
  const pub = dir("public");
  const gen = dir("generated");
  const pwa = dir("pwa");
  dir("pwa", "assets");
  dir("generated", "sounds");
  dir("generated", "cards");
  dir("generated", ".stamps");
  writeFileSync(path.join(pwa, "index.html"), INDEX_HTML);
  writeFileSync(path.join(pwa, "assets", "index-AbCdEf12.js"), APP_JS);
  writeFileSync(path.join(pwa, "assets", "index-AbCdEf12.css"), `body{color:red}\n`.repeat(40));
  writeFileSync(path.join(pwa, "sw.js"), `self.addEventListener("fetch",()=>{});\n`.repeat(20));
  writeFileSync(path.join(pwa, "manifest.webmanifest"), JSON.stringify({ name: "Foilbound", icons: Array(20).fill({ src: "/icons/icon-192.png" }) }));
  writeFileSync(path.join(gen, "sounds", "coin.opus"), SOUND);
  writeFileSync(path.join(gen, "cards", "a.webp"), Buffer.alloc(300, 1));
  writeFileSync(path.join(gen, ".stamps", "art.json"), "{}");
  writeFileSync(path.join(pub, "terms-of-service.md"), TERMS);
  // The operator's art replaces the generated one of the same name.
  writeFileSync(path.join(pub, "a.webp"), Buffer.alloc(10, 2));
  writeFileSync(path.join(gen, "a.webp"), Buffer.alloc(20, 3));
  writeFileSync(path.join(root, "secret.txt"), "not served");
  await precompressDir(pwa);

  const app = new Koa();
  app.use(staticFiles({ assetDirs: [pub, gen], pwaDir: pwa }));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { error: "Not found" };
  });
  server = app.listen(0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { method, headers: { Accept: "*/*", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(res: Raw): string {
  const enc = res.headers["content-encoding"];
  if (enc === "br") return brotliDecompressSync(res.body).toString();
  if (enc === "gzip") return gunzipSync(res.body).toString();
  return res.body.toString();
}

describe("compressed text by content negotiation", () => {
  const js = "/assets/index-AbCdEf12.js";

  it("sends brotli to a browser that accepts it, with Vary, the JS type and the compressed length", async () => {
    const res = await get(js, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(APP_JS.length / 3);
    expect(decoded(res)).toBe(APP_JS);
  });

  it("sends gzip when brotli is not accepted or ranked lower", async () => {
    for (const accept of ["gzip", "br;q=0.5, gzip", "gzip, br;q=0"]) {
      const res = await get(js, { "Accept-Encoding": accept });
      expect(res.headers["content-encoding"], accept).toBe("gzip");
      expect(decoded(res)).toBe(APP_JS);
    }
  });

  it("sends the file itself without Accept-Encoding, or when every coding is refused, still with Vary", async () => {
    for (const headers of [{} as Record<string, string>, { "Accept-Encoding": "identity" }, { "Accept-Encoding": "br;q=0, gzip;q=0" }, { "Accept-Encoding": "*;q=0, identity" }]) {
      const res = await get(js, headers);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(APP_JS);
      expect(Number(res.headers["content-length"])).toBe(APP_JS.length);
    }
  });

  it("compresses CSS, the manifest and the HTML shell, including the fallback for app pages", async () => {
    for (const p of ["/assets/index-AbCdEf12.css", "/manifest.webmanifest", "/", "/collection", "/index.html"]) {
      const res = await get(p, { "Accept-Encoding": "br", Accept: "text/html,*/*" });
      expect(res.status, p).toBe(200);
      expect(res.headers["content-encoding"], p).toBe("br");
      expect(res.headers.vary, p).toMatch(/Accept-Encoding/i);
    }
    const page = await get("/collection", { "Accept-Encoding": "gzip", Accept: "text/html" });
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(decoded(page)).toBe(INDEX_HTML);
    const manifest = await get("/manifest.webmanifest", { "Accept-Encoding": "gzip" });
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
  });

  it("compresses a text with no precompressed copy (an operator's legal text) on the fly", async () => {
    const res = await get("/terms-of-service.md", { "Accept-Encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(decoded(res)).toBe(TERMS);
    const again = await get("/terms-of-service.md", { "Accept-Encoding": "gzip" });
    expect(decoded(again)).toBe(TERMS);
  });

  it("never compresses audio or images, and sends no Vary for them", async () => {
    const res = await get("/sounds/coin.opus", { "Accept-Encoding": "br, gzip" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary ?? "").not.toMatch(/Accept-Encoding/i);
    expect(res.headers["content-type"]).toMatch(/^audio\/ogg/);
    expect(res.body.equals(SOUND)).toBe(true);
  });

  it("ignores a precompressed copy older than the file it belongs to (the file was replaced)", async () => {
    const file = path.join(root, "pwa", "assets", "late-XyZ98765.js");
    writeFileSync(file + ".br", Buffer.from("stale"));
    const old = new Date(Date.now() - 60_000);
    utimesSync(file + ".br", old, old);
    writeFileSync(file, APP_JS);
    const res = await get("/assets/late-XyZ98765.js", { "Accept-Encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(decoded(res)).toBe(APP_JS);
  });
});

describe("caching per class of file", () => {
  it("keeps hashed bundles for a year, immutable", async () => {
    for (const p of ["/assets/index-AbCdEf12.js", "/assets/index-AbCdEf12.css"]) {
      expect((await get(p)).headers["cache-control"], p).toBe("public, max-age=31536000, immutable");
    }
  });

  it("revalidates the HTML shell, the service worker, the manifest and legal texts", async () => {
    for (const p of ["/", "/index.html", "/sw.js", "/manifest.webmanifest", "/terms-of-service.md"]) {
      const res = await get(p, { Accept: "text/html,*/*" });
      expect(res.headers["cache-control"], p).toBe("no-cache");
      expect(res.headers.etag, p).toBeTruthy();
    }
  });

  it("gives art and sounds a day fresh plus a week stale-while-revalidate, with ETag and Last-Modified", async () => {
    for (const p of ["/sounds/coin.opus", "/cards/a.webp"]) {
      const res = await get(p);
      expect(res.headers["cache-control"], p).toBe("public, max-age=86400, stale-while-revalidate=604800");
      expect(res.headers.etag, p).toMatch(/^"[^"]+"$/);
      expect(res.headers["last-modified"], p).toBeTruthy();
    }
  });

  it("answers 304 with no body to a matching If-None-Match, and 200 to a stale one", async () => {
    const first = await get("/sounds/coin.opus");
    const etag = first.headers.etag!;
    const again = await get("/sounds/coin.opus", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get("/sounds/coin.opus", { "If-None-Match": `W/${etag}, "other"` })).status).toBe(304);
    expect((await get("/sounds/coin.opus", { "If-None-Match": '"other"' })).status).toBe(200);
    const since = await get("/sounds/coin.opus", { "If-Modified-Since": first.headers["last-modified"]! });
    expect(since.status).toBe(304);
  });

  it("gives each encoding its own ETag, so a gzip copy never validates a brotli request", async () => {
    const br = await get("/assets/index-AbCdEf12.js", { "Accept-Encoding": "br" });
    const gz = await get("/assets/index-AbCdEf12.js", { "Accept-Encoding": "gzip" });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    expect((await get("/assets/index-AbCdEf12.js", { "Accept-Encoding": "br", "If-None-Match": gz.headers.etag! })).status).toBe(200);
    const hit = await get("/assets/index-AbCdEf12.js", { "Accept-Encoding": "br", "If-None-Match": br.headers.etag! });
    expect(hit.status).toBe(304);
    expect(hit.headers.vary).toMatch(/Accept-Encoding/i);
  });
});

describe("audio streaming: HEAD and Range", () => {
  it("answers HEAD with the headers of GET and no body", async () => {
    const res = await get("/sounds/coin.opus", {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers["content-length"]).toBe(String(SOUND.length));
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.body.length).toBe(0);
  });

  it("answers a byte range with 206, Content-Range and exactly those bytes", async () => {
    const res = await get("/sounds/coin.opus", { Range: "bytes=100-199" });
    expect(res.status).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 100-199/${SOUND.length}`);
    expect(res.headers["content-length"]).toBe("100");
    expect(res.body.equals(SOUND.subarray(100, 200))).toBe(true);
    const open = await get("/sounds/coin.opus", { Range: "bytes=4990-" });
    expect(open.body.equals(SOUND.subarray(4990))).toBe(true);
    const suffix = await get("/sounds/coin.opus", { Range: "bytes=-10" });
    expect(suffix.headers["content-range"]).toBe(`bytes 4990-4999/${SOUND.length}`);
    expect(suffix.body.equals(SOUND.subarray(4990))).toBe(true);
  });

  it("answers a range past the end with 416 and the real size", async () => {
    const res = await get("/sounds/coin.opus", { Range: "bytes=9000-9100" });
    expect(res.status).toBe(416);
    expect(res.headers["content-range"]).toBe(`bytes */${SOUND.length}`);
  });

  it("sends the whole file when If-Range no longer matches", async () => {
    const res = await get("/sounds/coin.opus", { Range: "bytes=0-9", "If-Range": '"old"' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(SOUND.length);
  });
});

describe("what is served", () => {
  it("prefers the operator's file over the generated one", async () => {
    const res = await get("/a.webp");
    expect(res.body.equals(Buffer.alloc(10, 2))).toBe(true);
    expect(res.headers["content-type"]).toBe("image/webp");
  });

  it("never serves files outside its folders, nor hidden ones", async () => {
    for (const p of ["/../secret.txt", "/%2e%2e/secret.txt", "/sounds/..%2f..%2f..%2fsecret.txt", "/.stamps/art.json", "/%2estamps/art.json", "/sounds%5c..%5c..%5csecret.txt"]) {
      const res = await get(p, { Accept: "application/json" });
      expect(res.body.toString(), p).not.toContain("not served");
      expect(res.body.toString(), p).not.toBe("{}");
      expect(res.status, p).toBe(404);
    }
  });

  it("leaves /api and other methods to the API", async () => {
    expect((await get("/api/health", { Accept: "text/html" })).status).toBe(404);
    expect((await get("/sounds/coin.opus", {}, "POST")).status).toBe(404);
  });
});
