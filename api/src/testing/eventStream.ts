import type { ApiClient } from "./testServer.ts";

export interface ReceivedEvent {
  id: string | null;
  type: string;
  data: any;
}

/**
 * `GET /api/events` read as a browser's EventSource reads it (issue 47), for tests: every event
 * received so far, and a wait for the next one that matches.
 */
export class EventStreamReader {
  readonly events: ReceivedEvent[] = [];
  private readonly abort = new AbortController();
  private waiters: Array<() => void> = [];
  status = 0;
  contentType: string | null = null;
  private ended = false;

  static async open(client: ApiClient, headers: Record<string, string> = {}, path = "/api/events"): Promise<EventStreamReader> {
    const reader = new EventStreamReader();
    const res = await client.open(path, headers, reader.abort.signal);
    reader.status = res.status;
    reader.contentType = res.headers.get("content-type");
    if (res.ok && res.body) void reader.pump(res.body);
    else reader.ended = true;
    // Attached once the hello has come (the stream is in its process's hub from then on).
    if (res.ok) await reader.next((e) => e.type === "hello");
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let type = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("id: ")) id = line.slice(4);
            else if (line.startsWith("event: ")) type = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length) {
            this.events.push({ id, type, data: JSON.parse(data.join("\n")) });
            for (const wake of this.waiters.splice(0)) wake();
          }
        }
      }
    } catch {
      /* aborted */
    } finally {
      this.ended = true;
      for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** The first event received (or to come) that matches; fails after `timeoutMs`. */
  async next(match: (e: ReceivedEvent) => boolean, timeoutMs = 10_000): Promise<ReceivedEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.ended) throw new Error(`the stream ended without the event (got ${JSON.stringify(this.events.map((e) => e.type))})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event within ${timeoutMs} ms (got ${JSON.stringify(this.events.map((e) => e.type))})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits a moment and says whether any event matched (for what must not arrive). */
  async noneWithin(match: (e: ReceivedEvent) => boolean, ms: number): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return !this.events.some(match);
  }

  close(): void {
    this.abort.abort();
  }
}
