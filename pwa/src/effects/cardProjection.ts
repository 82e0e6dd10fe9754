// A flat card turned in 3D and projected back to 2D: the four corners a PixiJS PerspectiveMesh
// needs. Pure maths, in the card's own coordinates (origin at its centre, y down).

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** x0,y0 (top-left), x1,y1 (top-right), x2,y2 (bottom-right), x3,y3 (bottom-left). */
export type Corners = [number, number, number, number, number, number, number, number];

/**
 * Rotates the card by rotateX then rotateY (degrees; positive rotateY sends the right edge away,
 * positive rotateX the bottom edge) and projects with the eye `perspective` px in front.
 * `mirrored` maps the texture for the back side, so it reads correctly at 180 degrees.
 */
export function projectCorners(rect: Rect, rotateXDeg: number, rotateYDeg: number, perspective: number, mirrored = false): Corners {
  const ax = (rotateXDeg * Math.PI) / 180;
  const ay = (rotateYDeg * Math.PI) / 180;
  const cx = Math.cos(ax);
  const sx = Math.sin(ax);
  const cy = Math.cos(ay);
  const sy = Math.sin(ay);
  const project = (x: number, y: number): [number, number] => {
    // Rx then Ry applied to (x, y, 0); z grows away from the viewer.
    const px = x * cy - y * sx * sy;
    const py = y * cx;
    const pz = x * sy + y * sx * cy;
    const s = perspective / Math.max(perspective * 0.2, perspective + pz);
    return [px * s, py * s];
  };
  const { left, top, right, bottom } = rect;
  const [l, r] = mirrored ? [right, left] : [left, right];
  return [...project(l, top), ...project(r, top), ...project(r, bottom), ...project(l, bottom)] as Corners;
}

/** Whether the face (not the back) points at the viewer. */
export function faceVisible(rotateXDeg: number, rotateYDeg: number): boolean {
  return Math.cos((rotateXDeg * Math.PI) / 180) * Math.cos((rotateYDeg * Math.PI) / 180) > 0;
}

/** Ease-out with a small overshoot: the card swings slightly past flat and settles. */
export function easeOutBack(t: number, overshoot = 1.2): number {
  const c3 = overshoot + 1;
  const u = t - 1;
  return 1 + c3 * u * u * u + overshoot * u * u;
}

export function easeOutCubic(t: number): number {
  return 1 - Math.pow(1 - t, 3);
}

export function easeInOutSine(t: number): number {
  return -(Math.cos(Math.PI * t) - 1) / 2;
}
