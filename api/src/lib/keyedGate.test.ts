import { describe, expect, it } from "vitest";
import { keyedGate, type GateTicket } from "./keyedGate.ts";

/** Which of the tickets have been admitted so far (after pending callbacks ran). */
async function admittedOf(tickets: GateTicket[]): Promise<boolean[]> {
  const seen = tickets.map(() => false);
  tickets.forEach((t, i) => void t.admitted.then((ok) => (seen[i] = ok)));
  await new Promise((r) => setTimeout(r, 0));
  return seen;
}

describe("keyedGate", () => {
  it("runs `running` tasks of a key, queues `waiting` more, and refuses the next at once", async () => {
    const gate = keyedGate<number>({ running: 2, waiting: 3 });
    const tickets = Array.from({ length: 5 }, () => gate.enter(7)!);
    expect(tickets.every(Boolean)).toBe(true);
    expect(gate.enter(7)).toBeNull();
    expect(await admittedOf(tickets)).toEqual([true, true, false, false, false]);
  });

  it("hands a finished task's place to the next in line, in arrival order", async () => {
    const gate = keyedGate<number>({ running: 1, waiting: 2 });
    const [a, b, c] = [gate.enter(1)!, gate.enter(1)!, gate.enter(1)!];
    expect(await admittedOf([a, b, c])).toEqual([true, false, false]);
    a.leave();
    a.leave(); // twice changes nothing
    expect(await admittedOf([b, c])).toEqual([true, false]);
    // The queue has room again: one more may wait.
    const d = gate.enter(1)!;
    expect(gate.enter(1)).toBeNull();
    b.leave();
    expect(await admittedOf([c, d])).toEqual([true, false]);
  });

  it("lets a waiting task leave the queue (a player who went away): it is told false and takes no place", async () => {
    const gate = keyedGate<number>({ running: 1, waiting: 2 });
    const [a, b, c] = [gate.enter(1)!, gate.enter(1)!, gate.enter(1)!];
    b.cancel();
    expect(await b.admitted).toBe(false);
    a.leave();
    expect(await admittedOf([c])).toEqual([true]);
  });

  it("does not let cancel free a place that is running: only leave does", async () => {
    const gate = keyedGate<number>({ running: 1, waiting: 1 });
    const a = gate.enter(1)!;
    const b = gate.enter(1)!;
    a.cancel();
    expect(await admittedOf([b])).toEqual([false]);
    a.leave();
    expect(await admittedOf([b])).toEqual([true]);
  });

  it("keeps keys apart: one key's full queue does not stop another", async () => {
    const gate = keyedGate<string>({ running: 1, waiting: 0 });
    const mine = gate.enter("flooder")!;
    expect(gate.enter("flooder")).toBeNull();
    const theirs = gate.enter("other")!;
    expect(await admittedOf([mine, theirs])).toEqual([true, true]);
  });

  it("forgets a key once nothing of it runs or waits", () => {
    const gate = keyedGate<number>({ running: 1, waiting: 1 });
    const a = gate.enter(1)!;
    const b = gate.enter(1)!;
    expect(gate.enter(1)).toBeNull();
    expect(gate.busyKeys()).toBe(1);
    b.leave();
    a.leave();
    expect(gate.busyKeys()).toBe(0);
  });
});
