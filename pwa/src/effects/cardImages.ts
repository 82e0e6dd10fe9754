// Where a card's pictures come from, with SPEC.md section 8's fallback chain: a failed holo
// portrait falls back to the regular one, then to an emoji for the set; a failed background
// or pack picture falls back to a CSS gradient.

import { backgroundArtPath, cardArtPath, cardArtPath2x, packArtPath } from "../../../assets/scripts/artManifest.ts";
import type { RevealCard } from "./revealCard.ts";
import { isShiny } from "./tiers.ts";

export interface CardImageChain {
  /** Portrait URLs in the order to try them. */
  portraits: string[];
  /** The 2x file of each portrait, same order (for big cards on dense screens). */
  portraits2x: string[];
  /** Shown when every portrait failed. */
  emoji: string;
  /** Background picture URL, or null when the card has no background. */
  background: string | null;
  /** CSS gradient for the frame when the background picture fails (or as a placeholder). */
  backgroundGradient: string;
}

const SET_EMOJI: Readonly<Record<number, string>> = {
  1: "🎭", // Velvet Night: masquerade
  2: "♨️", // Bathhouse
  3: "❄️", // Winterlust
  4: "🤠", // Cowgirl
  5: "🛏️", // Bedroom Fun
  6: "🧜‍♀️", // Pool Maiden
  7: "🦈", // Sharkbite
};

/** The emoji of a card's set (any other set number counts as set 7, as in SPEC.md section 9). */
export function setEmoji(set: number): string {
  return SET_EMOJI[set] ?? "🦈";
}

/** A linear gradient both CSS and a canvas can draw: angle in CSS degrees, evenly spaced stops. */
export interface GradientSpec {
  angle: number;
  stops: readonly string[];
}

const BACKGROUND_GRADIENTS: Readonly<Record<string, GradientSpec>> = {
  cyber: { angle: 160, stops: ["#0b1d3a", "#0e7490", "#22d3ee"] },
  grey: { angle: 160, stops: ["#2a2d36", "#5b6170", "#9aa0ad"] },
  green: { angle: 160, stops: ["#052e1c", "#047857", "#34d399"] },
  blue: { angle: 160, stops: ["#0b1a45", "#1d4ed8", "#60a5fa"] },
  red: { angle: 160, stops: ["#3b0712", "#b91c1c", "#f87171"] },
  chromatic: { angle: 135, stops: ["#f472b6", "#a78bfa", "#22d3ee", "#34d399", "#facc15"] },
  neonblocks: { angle: 135, stops: ["#1e0b3a", "#db2777", "#7c3aed", "#22d3ee"] },
  space: { angle: 170, stops: ["#05030f", "#1e1b4b", "#4c1d95", "#05030f"] },
  rainbowgalaxy: { angle: 150, stops: ["#020617", "#1e3a8a", "#8b5cf6", "#f0abfc", "#020617"] },
  darkvoid: { angle: 180, stops: ["#020008", "#3b0764", "#000000", "#3b0764", "#020008"] },
};
const DEFAULT_GRADIENT: GradientSpec = { angle: 160, stops: ["#1b1535", "#3b2a7a", "#8b5cf6"] };

const PACK_GRADIENTS: Readonly<Record<number, GradientSpec>> = {
  1: { angle: 165, stops: ["#2a0f3d", "#7e2a6b", "#f5c451"] },
  2: { angle: 165, stops: ["#0f2f3d", "#1d7c8c", "#f9d9c4"] },
  3: { angle: 165, stops: ["#0c1f3f", "#3b82f6", "#e0f2fe"] },
  4: { angle: 165, stops: ["#3a1d0b", "#b45309", "#fde68a"] },
  5: { angle: 165, stops: ["#3b0a2a", "#be185d", "#fbcfe8"] },
  6: { angle: 165, stops: ["#062c3a", "#0891b2", "#a5f3fc"] },
  7: { angle: 165, stops: ["#071a2f", "#1e3a8a", "#ef4444"] },
};

export function gradientCss(spec: GradientSpec): string {
  return `linear-gradient(${spec.angle}deg, ${spec.stops.join(", ")})`;
}

export function backgroundGradientSpec(background: string): GradientSpec {
  return BACKGROUND_GRADIENTS[background] ?? DEFAULT_GRADIENT;
}

/** CSS gradient standing in for a background picture that failed (or is still loading). */
export function backgroundGradient(background: string): string {
  return gradientCss(backgroundGradientSpec(background));
}

/** Pack artwork URL and the gradient that replaces it if it fails. */
export function packImage(set: number): { url: string; gradient: string } {
  return { url: packArtPath(set), gradient: gradientCss(PACK_GRADIENTS[set] ?? PACK_GRADIENTS[7]!) };
}

/** The fallback chain of one card: holo art first for any shiny finish, then the regular art. */
export function cardImageUrls(card: Pick<RevealCard, "character" | "set" | "background" | "finish">): CardImageChain {
  const regular = cardArtPath(card.character, false);
  const shiny = isShiny(card.finish);
  return {
    portraits: shiny ? [cardArtPath(card.character, true), regular] : [regular],
    portraits2x: shiny ? [cardArtPath2x(card.character, true), cardArtPath2x(card.character, false)] : [cardArtPath2x(card.character, false)],
    emoji: setEmoji(card.set),
    background: card.background ? backgroundArtPath(card.background) : null,
    backgroundGradient: backgroundGradient(card.background),
  };
}

/**
 * The portraits for a card drawn large (the effects stage): each 2x file before its 1x file, so a
 * missing 2x (offline: only 1x files are kept) costs one failed load, not the picture.
 */
export function largePortraits(chain: CardImageChain): string[] {
  return chain.portraits.flatMap((url, i) => [chain.portraits2x[i]!, url]);
}
