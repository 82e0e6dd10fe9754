// Where the player points: the pointer over a container, or the device's tilt when the
// orientation sensor is available (and, on iOS, permitted). Events only record the latest
// values and ask for a frame; the scenes read them once per animation frame (coalescing).

export interface TiltReading {
  /** -1..1, left to right. */
  x: number;
  /** -1..1, top edge away to top edge towards the player. */
  y: number;
}

type PermissionRequester = { requestPermission?: () => Promise<"granted" | "denied"> };

/**
 * iOS asks before giving orientation events; the request must come from a tap. Resolves true
 * when events may flow (always true where no permission is needed).
 */
export async function requestTiltPermission(): Promise<boolean> {
  if (typeof DeviceOrientationEvent === "undefined") return false;
  const request = (DeviceOrientationEvent as unknown as PermissionRequester).requestPermission;
  if (!request) return true;
  try {
    return (await request()) === "granted";
  } catch {
    return false;
  }
}

const TILT_RANGE_DEG = 22;
const POINTER_WINS_MS = 1500;

export class PointerInput {
  /** Pointer position in CSS px of the container, or null when it is away. */
  pointer: { x: number; y: number } | null = null;
  tilt: TiltReading | null = null;
  private lastPointerAt = 0;
  private baseline: { beta: number; gamma: number } | null = null;
  private downAt: { x: number; y: number; time: number } | null = null;
  private askedTilt = false;
  private readonly controller = new AbortController();

  constructor(
    private readonly element: HTMLElement,
    private readonly onChange: () => void,
    private readonly onTap?: () => void,
  ) {
    const signal = this.controller.signal;
    const opts = { passive: true, signal } as const;
    element.addEventListener("pointermove", this.onMove, opts);
    element.addEventListener("pointerdown", this.onDown, opts);
    element.addEventListener("pointerup", this.onUp, opts);
    element.addEventListener("pointerleave", this.onLeave, opts);
    element.addEventListener("pointercancel", this.onLeave, opts);
    if (typeof window !== "undefined") window.addEventListener("deviceorientation", this.onOrientation, opts);
  }

  /** The pointer if it moved recently, else the tilt, else nothing. */
  source(now: number): "pointer" | "tilt" | "none" {
    if (this.pointer && (now - this.lastPointerAt < POINTER_WINS_MS || !this.tilt)) return "pointer";
    if (this.tilt) return "tilt";
    return "none";
  }

  private local(event: PointerEvent): { x: number; y: number } {
    const rect = this.element.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  private readonly onMove = (event: PointerEvent) => {
    // Touch: only while the finger is down (a hover does not exist).
    if (event.pointerType === "touch" && !this.downAt) return;
    this.pointer = this.local(event);
    this.lastPointerAt = performance.now();
    this.onChange();
  };

  private readonly onDown = (event: PointerEvent) => {
    const at = this.local(event);
    this.downAt = { ...at, time: performance.now() };
    this.pointer = at;
    this.lastPointerAt = performance.now();
    if (!this.askedTilt) {
      this.askedTilt = true;
      void requestTiltPermission();
    }
    this.onChange();
  };

  private readonly onUp = (event: PointerEvent) => {
    const start = this.downAt;
    this.downAt = null;
    if (event.pointerType === "touch") this.pointer = null;
    this.onChange();
    if (!start || !this.onTap) return;
    const at = this.local(event);
    const moved = Math.hypot(at.x - start.x, at.y - start.y);
    if (moved < 12 && performance.now() - start.time < 500) this.onTap();
  };

  private readonly onLeave = () => {
    this.pointer = null;
    this.downAt = null;
    this.onChange();
  };

  private readonly onOrientation = (event: DeviceOrientationEvent) => {
    if (event.beta === null || event.gamma === null) return;
    let beta = event.beta;
    let gamma = event.gamma;
    // Landscape: the sensor axes turn with the screen.
    const angle = typeof screen !== "undefined" && screen.orientation ? screen.orientation.angle : 0;
    if (angle === 90) [beta, gamma] = [-gamma, beta];
    else if (angle === 270 || angle === -90) [beta, gamma] = [gamma, -beta];
    // The rest position follows the hand slowly, so any holding angle reads as "flat".
    if (!this.baseline) this.baseline = { beta, gamma };
    this.baseline.beta += (beta - this.baseline.beta) * 0.01;
    this.baseline.gamma += (gamma - this.baseline.gamma) * 0.01;
    const clamp = (v: number) => Math.max(-1, Math.min(1, v));
    this.tilt = {
      x: clamp((gamma - this.baseline.gamma) / TILT_RANGE_DEG),
      y: clamp((beta - this.baseline.beta) / TILT_RANGE_DEG),
    };
    this.onChange();
  };

  destroy(): void {
    this.controller.abort();
  }
}
