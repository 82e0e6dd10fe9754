/** Foilbound's dark premium theme. */
export const THEME = {
  bg: "#0b0a14",
  bg2: "#161327",
  violet: "#8b5cf6",
  magenta: "#ec4899",
  gold: "#f5c542",
  cyan: "#22d3ee",
} as const;

/** Gradient stops of the prismatic foil, as [offset, colour]. */
export const PRISM_STOPS: ReadonlyArray<readonly [number, string]> = [
  [0, THEME.cyan],
  [0.34, THEME.violet],
  [0.66, THEME.magenta],
  [1, THEME.gold],
];

export function stops(list: ReadonlyArray<readonly [number, string]>, opacity = 1): string {
  return list
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"${opacity === 1 ? "" : ` stop-opacity="${opacity}"`}/>`)
    .join("");
}
