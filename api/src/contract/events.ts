import type { ChatMessageDto } from "./chat.ts";

/**
 * Issue 47: what `GET /api/events` (Server-Sent Events) sends. Each event's `data` is JSON; events
 * kept for replay carry an SSE id (Last-Event-ID resumes after it). Payloads carry what a screen
 * needs and follow the public names rule (RULES.md, Accounts): display names, never login names.
 */
export interface LiveEvents {
  /** First on every stream: the game version this server serves (a change means a deploy). */
  hello: { version: string };
  /** A chat message, to everyone (the PWA hides players the viewer blocked). */
  chat: { message: ChatMessageDto };
  /** A trade offer changed, to its two players. `by` is the other player's public name. */
  trade: { kind: TradeEventKind; tradeId: number; by: string | null };
  /** A battle round was fought or the battle ended, to the players in it. */
  battle: { kind: "round" | "result"; battleId: number };
  /** Coins regenerated (one more) or reached the cap, on this player's own clock. */
  coins: { coins: number; full: boolean };
  /** A reward became claimable (its period started). */
  reward: { rewardId: string };
  /**
   * Scores between `low` and `high` moved: a player whose score is in that range may have a new
   * rank. `movers`: the players whose scores moved (null when there were many); a player who was
   * the only one has refreshed their rank already.
   */
  rank: { low: number; high: number; movers: number[] | null };
  /** A new version of the game was deployed (a process with another version started). */
  deploy: { version: string };
  /** Events were missed (a gap older than the replay window, or the database link dropped): refetch what is shown. */
  resync: { reason: "gap" | "reconnected" };
}

export type LiveEventType = keyof LiveEvents;
export type TradeEventKind = "received" | "accepted" | "declined" | "cancelled" | "expired";

/** How long events stay replayable after a reconnect. */
export const REPLAY_WINDOW_MS = 10 * 60 * 1000;
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** The one PostgreSQL channel every API process listens on. */
export const EVENTS_CHANNEL = "foilbound_events";
