import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { TRADE_UNLOCK, type TradeUnlock } from "./game/trading.ts";

/** Everything the server reads from its environment, in one place (see .env.example). */
export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections to a PostgreSQL server per API process. */
  dbPoolMax: number;
  /** API processes on this machine (cluster workers sharing the port); only with DATABASE_URL. */
  webConcurrency: number;
  sessionSecret: string;
  appName: string;
  supportEmail: string;
  allowedOrigins: string[];
  /**
   * Proxies in front of the server that append to X-Forwarded-For (0: none, the socket's address
   * is the client). The client is the address the outermost trusted proxy saw, never a value the
   * client wrote itself at the front of the header.
   */
  trustProxy: number;
  production: boolean;
  /** Where the built PWA lives; the server serves it with the API. */
  pwaDir: string;
  /** Operator files first (legal texts, replacement art), then generated assets. */
  assetDirs: string[];
  logRequests: boolean;
  /** Sign-in and sign-up attempts per 5 minutes, per IP and per username. */
  authAttemptsPerIp: number;
  authAttemptsPerUsername: number;
  /** When a new account may trade (RULES.md: 24 hours and 10 packs). */
  tradeUnlock: TradeUnlock;
  /** Card payments through Stripe when the secret key is set. */
  stripe: { secretKey: string | undefined; publishableKey: string | undefined; webhookSecret: string | undefined; apiBase: string | undefined };
  /**
   * The built-in test payment provider (RULES.md, Store): on outside production when Stripe has
   * no keys; in production only when the operator sets PAYMENTS_TEST_MODE=1 explicitly.
   */
  paymentsTestMode: boolean;
  /**
   * Outgoing mail (issue 46): password reset and e-mail confirmation links. Off (null) unless
   * SMTP_URL is set; MAIL_FROM is the sender (default: the support address).
   */
  mail: { smtpUrl: string; from: string } | null;
  /** The address players open the game at, for links in e-mails and from the admin CLI. */
  publicUrl: string;
  /**
   * Passkeys (issue 46) belong to this origin's host name: PUBLIC_URL's when the operator set it,
   * else (undefined) the origin each request came to (localhost in development and tests).
   */
  passkeyOrigin: string | undefined;
}

export const ROOT_DIR = path.resolve(import.meta.dirname, "../..");

/** The secret is generated once and kept beside the data, so restarts keep players signed in. */
function loadOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

function proxyHops(value: string | undefined): number {
  if (value === "true") return 1;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 10) : 0;
}

/** PUBLIC_URL, else the first ALLOWED_ORIGINS entry, else this machine's port; no trailing slash. */
export function publicUrlOf(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL || (env.ALLOWED_ORIGINS || "").split(",")[0]?.trim() || `http://localhost:${Number(env.PORT || 3000)}`).replace(/\/+$/, "");
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(ROOT_DIR, env.DATA_DIR || "./data");
  return {
    port: Number(env.PORT || 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    dbPoolMax: Number(env.DB_POOL_MAX || 10),
    webConcurrency: Math.max(1, Math.floor(Number(env.WEB_CONCURRENCY || 1)) || 1),
    sessionSecret: env.SESSION_SECRET || loadOrCreateSessionSecret(dataDir),
    appName: env.APP_NAME || "Foilbound",
    supportEmail: env.SUPPORT_EMAIL || "support@foilbound.example",
    allowedOrigins: (env.ALLOWED_ORIGINS || "").split(",").map((s) => s.trim()).filter(Boolean),
    trustProxy: proxyHops(env.TRUST_PROXY),
    production: env.NODE_ENV === "production",
    pwaDir: path.join(ROOT_DIR, "dist/pwa"),
    assetDirs: [path.join(ROOT_DIR, "assets/public"), path.join(ROOT_DIR, "assets/generated")],
    logRequests: env.LOG_REQUESTS !== "0",
    authAttemptsPerIp: Number(env.AUTH_ATTEMPTS_PER_IP || 30),
    authAttemptsPerUsername: Number(env.AUTH_ATTEMPTS_PER_USERNAME || 10),
    tradeUnlock: {
      minAccountAgeMs: env.TRADE_UNLOCK_HOURS ? Math.max(0, Number(env.TRADE_UNLOCK_HOURS) || 0) * 3_600_000 : TRADE_UNLOCK.minAccountAgeMs,
      minPacksOpened: env.TRADE_UNLOCK_PACKS ? Math.max(0, Math.floor(Number(env.TRADE_UNLOCK_PACKS) || 0)) : TRADE_UNLOCK.minPacksOpened,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      // Only for tests and local stand-ins: http://127.0.0.1:port instead of api.stripe.com.
      apiBase: env.STRIPE_API_BASE || undefined,
    },
    mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM || env.SUPPORT_EMAIL || "support@foilbound.example" } : null,
    publicUrl: publicUrlOf(env),
    passkeyOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
    paymentsTestMode: env.PAYMENTS_TEST_MODE === "1" || (env.PAYMENTS_TEST_MODE !== "0" && env.NODE_ENV !== "production"),
  };
}
