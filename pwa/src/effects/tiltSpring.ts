// Pointer -> card tilt, glare and foil position (after simeydotme/pokemon-cards-css), smoothed
// by a spring. Pure maths: the PixiJS scenes and the DOM fallback step it once per frame.

export interface CardPose {
  /** Degrees around the vertical axis (positive: the right edge recedes). */
  rotateY: number;
  /** Degrees around the horizontal axis (positive: the bottom edge recedes). */
  rotateX: number;
  /** Glare centre and foil offset, 0..1 across the card. */
  pointerX: number;
  pointerY: number;
  /** 0..1: how present the glare is (0 when the pointer is away). */
  glare: number;
}

export const REST_POSE: CardPose = { rotateY: 0, rotateX: 0, pointerX: 0.5, pointerY: 0.5, glare: 0 };

/**
 * The pose for a pointer at (px, py) in card space (0..1 inside the card; outside is allowed and
 * clamped). The side under the pointer dips away, like pressing on the card.
 */
export function poseFromPointer(px: number, py: number, maxDegrees: number, glare = 1): CardPose {
  const x = clamp01(px);
  const y = clamp01(py);
  return {
    rotateY: (x - 0.5) * 2 * maxDegrees,
    rotateX: -(y - 0.5) * 2 * maxDegrees * 0.8,
    pointerX: x,
    pointerY: y,
    glare,
  };
}

export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

const KEYS = ["rotateY", "rotateX", "pointerX", "pointerY", "glare"] as const;

/**
 * A damped spring per pose field, tuned per 60 Hz frame like the svelte spring pokemon-cards-css
 * uses (stiffness 0.066, damping 0.25); longer frames take several steps so phones at 30 fps
 * move at the same speed.
 */
export class PoseSpring {
  readonly value: CardPose;
  private readonly velocity: CardPose = { rotateY: 0, rotateX: 0, pointerX: 0, pointerY: 0, glare: 0 };
  target: CardPose;

  constructor(
    start: CardPose = REST_POSE,
    private readonly stiffness = 0.066,
    private readonly damping = 0.25,
  ) {
    this.value = { ...start };
    this.target = { ...start };
  }

  /** Advances by dtMs; returns true while still moving. */
  step(dtMs: number): boolean {
    const steps = Math.min(4, Math.max(1, Math.round(dtMs / (1000 / 60))));
    for (let s = 0; s < steps; s++) {
      for (const key of KEYS) {
        const v = (this.velocity[key] + (this.target[key] - this.value[key]) * this.stiffness) * (1 - this.damping);
        this.velocity[key] = v;
        this.value[key] += v;
      }
    }
    return !this.settled();
  }

  settled(): boolean {
    return KEYS.every((key) => {
      const scale = key === "rotateX" || key === "rotateY" ? 0.05 : 0.001;
      return Math.abs(this.target[key] - this.value[key]) < scale && Math.abs(this.velocity[key]) < scale;
    });
  }

  /** Jump to the target (skip, reduced motion). */
  snap(): void {
    Object.assign(this.value, this.target);
    for (const key of KEYS) this.velocity[key] = 0;
  }
}
