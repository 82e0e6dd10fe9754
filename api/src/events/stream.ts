import type { ServerResponse } from "node:http";
import type { LiveEventType, LiveEvents } from "../contract/events.ts";

/** A stream this far behind (a stalled client) is closed; it reconnects and replays what it missed. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * One open `GET /api/events` (issue 47): Server-Sent Events framing, written straight to the
 * response (no stream in between: a process holds thousands of these, each costs memory).
 */
export class LiveStream {
  private closed = false;
  /** The stream's own timer (clock.ts), owned by the hub. */
  clockTimer: NodeJS.Timeout | undefined;
  clockVersion = 0;

  constructor(
    readonly userId: number,
    readonly res: ServerResponse,
  ) {
    res.once("close", () => (this.closed = true));
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  send<T extends LiveEventType>(type: T, data: LiveEvents[T], id?: number | null): void {
    this.write(`${id != null ? `id: ${id}\n` : ""}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment line: the heartbeat, and the padding some proxies want before they pass a stream on. */
  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.res.end();
  }

  private write(chunk: string): void {
    if (this.closed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.end();
      return;
    }
    this.res.write(chunk);
  }
}
