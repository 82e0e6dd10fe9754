// Which pose a card should aim for this frame: the pointer when it is over the card, the
// device tilt when the sensor speaks, otherwise a slow idle sway so the foil keeps catching the
// light (none under reduced motion or low effects). Pure: shared by both PixiJS scenes.

import type { PointerInput } from "./pointerInput.ts";
import { poseFromPointer, REST_POSE, type CardPose } from "./tiltSpring.ts";

export interface CardRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How far the card tilts under the pointer, in degrees. */
export const POINTER_TILT_DEG = 14;
const TILT_DEG = 10;
const IDLE_DEG = 5;

/** A slow figure-of-eight of the light over the card; `phase` keeps cards out of step. */
export function idleSway(time: number, phase: number): CardPose {
  const x = 0.5 + 0.32 * Math.sin(time * 0.55 + phase);
  const y = 0.5 + 0.22 * Math.sin(time * 0.9 + phase * 1.7);
  return { ...poseFromPointer(x, y, IDLE_DEG, 0.45) };
}

export interface PoseContext {
  now: number;
  /** Shader seconds (frozen under reduced motion). */
  time: number;
  /** Idle sway allowed (not reduced motion, not low effects). */
  idle: boolean;
  /** Whether the pointer may grab any card (false: only the card under it). */
  anywhere?: boolean;
}

export function targetPose(input: PointerInput | null, rect: CardRect, phase: number, ctx: PoseContext): CardPose {
  const source = input ? input.source(ctx.now) : "none";
  if (source === "pointer" && input?.pointer) {
    const px = (input.pointer.x - rect.left) / rect.width;
    const py = (input.pointer.y - rect.top) / rect.height;
    const inside = px >= -0.08 && px <= 1.08 && py >= -0.08 && py <= 1.08;
    if (inside || ctx.anywhere) return poseFromPointer(px, py, POINTER_TILT_DEG);
  } else if (source === "tilt" && input?.tilt) {
    return poseFromPointer(0.5 + input.tilt.x / 2, 0.5 + input.tilt.y / 2, TILT_DEG, 0.7);
  }
  return ctx.idle ? idleSway(ctx.time, phase) : REST_POSE;
}
