import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "../app.ts";
import { loadConfig, type Config } from "../config.ts";
import { createDb } from "../db/knex.ts";
import { SESSION_COOKIE } from "../http/session.ts";
import { createLogger } from "../logger.ts";
import { createTestDb, type TestDb } from "./testDb.ts";

export interface TestServer extends TestDb {
  /** The server's HTTP address (the database's URL, PostgreSQL only, is `dbUrl`). */
  url: string;
  dbUrl?: string;
  config: Config;
  close(): Promise<void>;
  client(): ApiClient;
}

/**
 * An HTTP server keeping idle connections as main.ts does. With Node's default 5 s, a test's
 * kept-alive connection, idle for about that long on a busy machine, was closed by the server as
 * the next request went out on it: "fetch failed: read ECONNRESET" in a test that did nothing wrong.
 */
function listenLikeProduction(handler: Parameters<typeof createServer>[1]): Server {
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  return server;
}

/** The real app on an ephemeral port over a fresh database; tests talk to it over HTTP. */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const testDb = await createTestDb();
  const config: Config = {
    ...loadConfig({ SESSION_SECRET: "test-secret", DATA_DIR: "/tmp/foilbound-test" }),
    logRequests: false,
    pwaDir: "/nonexistent",
    // Every test client comes from 127.0.0.1; the per-IP limit has a test of its own.
    authAttemptsPerIp: 10_000,
    ...overrides,
  };
  const app = createApp({ db: testDb.db, config, log: createLogger({ silent: true }) });
  const server = listenLikeProduction(app.callback());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...testDb,
    dbUrl: testDb.url,
    url,
    config,
    client: () => new ApiClient(url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await testDb.destroy();
    },
  };
}

/**
 * A second API process on the same PostgreSQL database (its own app and connection pool, as another
 * machine behind the load balancer would have), for features that cross requests. The embedded
 * database belongs to one process: there the first server itself is answered.
 */
export async function startSecondProcess(first: TestServer): Promise<{ url: string; close(): Promise<void> }> {
  if (first.kind !== "postgres") return { url: first.url, close: async () => {} };
  const db = createDb({ databaseUrl: first.dbUrl!, poolMax: 20 });
  const app = createApp({ db, config: first.config, log: createLogger({ silent: true }) });
  const server = listenLikeProduction(app.callback());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps its cookies and sends this site's Origin on every request. */
export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get<T = any>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>("GET", path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>("POST", path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>("PUT", path, body, headers);
  }

  /** The same signed-in browser talking to another server address (a restarted process). */
  at(baseUrl: string): ApiClient {
    const moved = new ApiClient(baseUrl);
    moved.cookies = new Map(this.cookies);
    return moved;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie header that replays this client's session elsewhere: the session cookie and its signature. */
  sessionCookies(): string {
    return [SESSION_COOKIE, `${SESSION_COOKIE}.sig`].map((name) => `${name}=${this.cookies.get(name) ?? ""}`).join("; ");
  }

  /** A request whose body is read by the caller as it arrives (an event stream), with this client's cookies. */
  open(path: string, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
    return fetch(this.baseUrl + path, {
      headers: { Origin: this.baseUrl, ...(this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}), ...headers },
      signal,
    });
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        Origin: this.baseUrl,
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : body instanceof Uint8Array ? new Uint8Array(body) : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
}

/** Registers (through the API, as the PWA does) and returns a signed-in client. */
export async function signedUpClient(server: TestServer, username: string, password = "violet-harbour-42"): Promise<ApiClient> {
  const client = server.client();
  const res = await client.post("/api/auth/register", { username, password, displayName: username, ageConfirmed: true, termsAccepted: true });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}
