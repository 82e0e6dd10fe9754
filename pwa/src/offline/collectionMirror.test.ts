import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CardDto } from "@contract/cards";

// What replacing the device's copy does, step by step: the database (db.ts), idle moments and
// tasks are stand-ins that write down what happened, in order.
const log = vi.hoisted(() => [] as string[]);

vi.mock("../lib/quietIdle", () => ({
  // An idle moment that never comes (a busy page): whatever waits for it stays waiting.
  quietIdle: () => {
    log.push("idle");
    return new Promise<void>(() => {});
  },
}));
vi.mock("../lib/loadInStages", () => ({
  nextTask: async () => {
    log.push("task");
  },
}));
vi.mock("./db", () => {
  const db = {
    cards: {
      bulkPut: async (rows: unknown[]) => void log.push(`put ${rows.length}`),
      bulkDelete: async (keys: unknown[]) => void log.push(`delete ${keys.length}`),
      where: () => ({ equals: () => ({ delete: async () => void log.push("delete all"), primaryKeys: async () => [] }) }),
    },
    snapshots: { get: async () => undefined },
    transaction: (...args: unknown[]) => (args.at(-1) as () => Promise<unknown>)(),
  };
  return {
    mirrorWrite: async (_label: string, write: (d: typeof db) => Promise<unknown>) => void (await write(db)),
    mirrorRead: async (_label: string, read: (d: typeof db) => Promise<unknown>) => read(db),
    patchSnapshot: async (_db: unknown, _userId: number, patch: { collectionEtag?: string | null }) => void log.push(`stamp ${patch.collectionEtag}`),
    useDeviceRead: () => undefined,
  };
});

const { replaceMirroredCollection } = await import("./collectionMirror");

function cards(n: number): CardDto[] {
  return Array.from({ length: n }, (_, i) => ({ id: i + 1, userId: 7, character: "c", background: "", set: 1, isHolo: false, isGlitch: false, isDarkHolo: false, openedAt: "" }) as CardDto);
}

/** Lets every promise that can settle, settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("replacing the device's copy of a collection", () => {
  beforeEach(() => void log.splice(0));

  it("soon after a sign-in: 50 cards a step, each step in a task of its own, no idle moment awaited", async () => {
    await replaceMirroredCollection(7, cards(120), { soon: true, etag: '"v1"' });
    expect(log).toEqual(["task", "put 50", "task", "put 50", "task", "put 20", "task", 'stamp "v1"']);
  });

  it("a small collection soon after a sign-in: one transaction at once", async () => {
    await replaceMirroredCollection(7, cards(30), { soon: true, etag: '"v1"' });
    expect(log).toEqual(["delete all", "put 30", 'stamp "v1"']);
  });

  it("otherwise a large copy waits for idle moments (none comes here: nothing is written)", async () => {
    void replaceMirroredCollection(7, cards(120), { etag: '"v1"' });
    await settle();
    expect(log).toEqual(["idle"]);
  });

  it("stops between steps once the player is no longer signed in, and stamps nothing", async () => {
    // Signed out while the first step was written.
    await replaceMirroredCollection(7, cards(120), { soon: true, etag: '"v1"', stillCurrent: () => !log.includes("put 50") });
    expect(log).toEqual(["task", "put 50", "task"]);
  });
});
