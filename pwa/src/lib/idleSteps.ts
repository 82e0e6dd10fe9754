import { onIdle } from "./idle";

/**
 * Work done one step per idle moment, so no single task holds all of it, or all at once when the
 * player asks for something that needs it done (flush).
 */
export class IdleSteps {
  private readonly left: Array<() => void>;

  constructor(
    steps: ReadonlyArray<() => void>,
    /** The longest each step waits for its idle moment. */
    private readonly maxWaitMs: number,
  ) {
    this.left = [...steps];
  }

  /** Whether `step` has not run yet. */
  has(step: () => void): boolean {
    return this.left.includes(step);
  }

  /** Runs the steps from the next idle moment on, one per moment. */
  start(): void {
    onIdle(this.next, this.maxWaitMs);
  }

  /** Runs every step left, now. */
  flush(): void {
    for (let step = this.left.shift(); step; step = this.left.shift()) step();
  }

  private readonly next = (): void => {
    this.left.shift()?.();
    if (this.left.length) onIdle(this.next, this.maxWaitMs);
  };
}
