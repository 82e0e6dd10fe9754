/**
 * At most `running` tasks per key at once, at most `waiting` more queued behind them in arrival
 * order, and past that a refusal at once. Keys do not wait on each other. Nothing is kept for a
 * key once it has no task running or waiting.
 */
export interface GateTicket {
  /** True when the task may run; false when it left the queue before its turn. */
  admitted: Promise<boolean>;
  /** Gives the place up: the next in the queue runs. Idempotent; call it when the task ends or is abandoned. */
  leave(): void;
  /** Leaves the queue if still waiting there (the task is no longer wanted); nothing once running. */
  cancel(): void;
}

export function keyedGate<K>(limits: { running: number; waiting: number }) {
  const keys = new Map<K, { running: number; queue: Array<() => void> }>();

  /** A ticket, or null when the key already has `running` tasks and `waiting` queued. */
  function enter(key: K): GateTicket | null {
    let slot = keys.get(key);
    if (!slot) keys.set(key, (slot = { running: 0, queue: [] }));
    const s = slot;
    let state: "running" | "waiting" | "gone";
    let admit!: (admitted: boolean) => void;
    const admitted = new Promise<boolean>((resolve) => (admit = resolve));
    const wake = () => {
      state = "running";
      admit(true);
    };
    if (s.running < limits.running) {
      s.running++;
      state = "running";
      admit(true);
    } else if (s.queue.length < limits.waiting) {
      state = "waiting";
      s.queue.push(wake);
    } else {
      if (!s.running && !s.queue.length) keys.delete(key);
      return null;
    }
    const leave = () => {
      if (state === "waiting") {
        s.queue.splice(s.queue.indexOf(wake), 1);
        admit(false);
      } else if (state === "running") {
        // The place passes to the next in line without going free in between.
        const next = s.queue.shift();
        if (next) next();
        else s.running--;
      }
      state = "gone";
      if (!s.running && !s.queue.length && keys.get(key) === s) keys.delete(key);
    };
    // Plain functions, not methods: callers pass them around as callbacks.
    const cancel = () => {
      if (state === "waiting") leave();
    };
    return { admitted, leave, cancel };
  }
  /** Keys with a task running or waiting. */
  const busyKeys = () => keys.size;
  return { enter, busyKeys };
}
