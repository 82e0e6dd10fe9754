import { describe, expect, it } from "vitest";
import { idleSway, targetPose } from "./poseDriver";
import { isCompactCard, GEM_MIN_RADIUS_PX, packGrid, PACK_COLUMNS, PILL_MIN_FONT_PX, revealLayout } from "./revealLayout";
import { BULK_TURNS_MS, holdCard, releaseCard, revealSchedule } from "./revealSchedule";
import { bestCardIndex, heldCardIndex, tellColor } from "./revealOrder";
import { tierColor } from "./tiers";
import type { Finish, Tier } from "../../../api/src/game/sets";
import { REST_POSE } from "./tiltSpring";

const NORMAL = { reducedMotion: false, lowEffects: false };
const LOW = { reducedMotion: false, lowEffects: true };
const CALM = { reducedMotion: true, lowEffects: false };

describe("reveal timing (SPEC.md section 4's growing rhythm, within issue 11's 2.5 s)", () => {
  it("turns the three cards of a pack one after another on a growing timer, faces showing mid-flip", () => {
    const s = revealSchedule(3, NORMAL);
    expect(s.startAt).toEqual([120, 320, 620]);
    expect(s.startAt[2]! - s.startAt[1]!).toBeGreaterThan(s.startAt[1]! - s.startAt[0]!);
    expect(s.revealAt).toEqual(s.startAt.map((t) => t + s.animationMs / 2));
    expect(s.doneAt).toBe(620 + s.animationMs);
  });

  it("never makes a card wait for the previous one to settle: the turns overlap", () => {
    for (const settings of [NORMAL, LOW]) {
      const s = revealSchedule(3, settings);
      for (let i = 1; i < 3; i++) expect(s.startAt[i]!).toBeLessThan(s.startAt[i - 1]! + s.animationMs);
    }
  });

  it("leaves room in 2.5 s for the tap, the answer and the art, and low effects end sooner", () => {
    expect(revealSchedule(3, NORMAL).doneAt).toBeLessThanOrEqual(1200);
    expect(revealSchedule(3, LOW).doneAt).toBeLessThan(revealSchedule(3, NORMAL).doneAt);
  });

  it("keeps the order under reduced motion, where a card counts as shown when it starts fading in", () => {
    const s = revealSchedule(3, CALM);
    expect(s.revealAt).toEqual(s.startAt);
    expect(s.animationMs).toBeLessThan(revealSchedule(3, NORMAL).animationMs);
  });

  it("keeps SPEC.md's timer as written for the battle (0.2 s, +0.4 s, +0.8 s)", () => {
    const s = revealSchedule(3, { ...NORMAL, pace: "classic" });
    expect(s.startAt).toEqual([200, 600, 1400]);
    expect(s.doneAt).toBe(1400 + 640);
  });

  it("lets further cards of several packs follow quickly, and has nothing to wait for with none", () => {
    const s = revealSchedule(6, NORMAL);
    expect(s.startAt.slice(3).every((t, i) => t > s.startAt[i + 2]! && t - s.startAt[i + 2]! < 400)).toBe(true);
    expect(revealSchedule(0, NORMAL).doneAt).toBe(0);
  });

  it("turns a bulk open's thirty cards from the last to the first (the best, dealt first, turns last) within the bulk budget", () => {
    const s = revealSchedule(30, { ...NORMAL, turnOrder: "rarestLast" });
    for (let i = 1; i < 30; i++) expect(s.startAt[i - 1]!).toBeGreaterThan(s.startAt[i]!);
    expect(Math.max(...s.startAt)).toBe(s.startAt[0]);
    expect(s.startAt[0]).toBeLessThanOrEqual(BULK_TURNS_MS);
    expect(s.doneAt).toBe(s.startAt[0]! + s.animationMs);
  });

  it("turns one pack's best card (dealt first) last, on the same rhythm: an all-common pack is as quick as before", () => {
    const s = revealSchedule(3, { ...NORMAL, turnOrder: "rarestLast" });
    expect(s.startAt).toEqual([620, 320, 120]);
    expect(s.doneAt).toBe(revealSchedule(3, NORMAL).doneAt);
  });

  it("holds the best card until the player's tap, never turning it before the others, and ends after it", () => {
    const base = revealSchedule(3, { ...NORMAL, turnOrder: "rarestLast" });
    const held = holdCard(base, 0);
    expect(held.startAt[0]).toBe(Infinity);
    expect(held.doneAt).toBe(Infinity);
    expect(held.startAt.slice(1)).toEqual(base.startAt.slice(1));
    // Tapped long after the others: it turns from the tap.
    const late = releaseCard(held, 0, 3000, false);
    expect(late.startAt[0]).toBe(3000);
    expect(late.revealAt[0]).toBe(3000 + late.animationMs / 2);
    expect(late.doneAt).toBe(3000 + late.animationMs);
    // Tapped at once: still after the others have started.
    const early = releaseCard(held, 0, 10, false);
    expect(early.startAt[0]).toBeGreaterThan(Math.max(...base.startAt.slice(1)));
    // Reduced motion: shown as it starts fading in.
    expect(releaseCard(held, 0, 2000, true).revealAt[0]).toBe(2000);
  });
});

describe("which card waits for the tap (RULES.md, The reveal order)", () => {
  const card = (points: number, tier: Tier, finish: Finish = "regular") => ({ points, tier, finish });
  it("picks the most valuable card by points, finish included, the first on a tie", () => {
    expect(bestCardIndex([card(10, "Common"), card(357, "Uncommon", "darkHolo"), card(200, "Rare")])).toBe(1);
    expect(bestCardIndex([card(5, "Common"), card(5, "Common")])).toBe(0);
    expect(bestCardIndex([])).toBe(-1);
  });
  it("holds an Epic or better, or a glitch or dark holo of any tier; not a Rare, a holo or an all-common pack", () => {
    expect(heldCardIndex([card(900, "Epic"), card(10, "Common"), card(10, "Common")])).toBe(0);
    expect(heldCardIndex([card(10, "Common"), card(357, "Uncommon", "darkHolo")])).toBe(1);
    expect(heldCardIndex([card(80, "Uncommon", "glitch")])).toBe(0);
    expect(heldCardIndex([card(300, "Rare"), card(10, "Common")])).toBeNull();
    expect(heldCardIndex([card(60, "Uncommon", "holo")])).toBeNull();
    expect(heldCardIndex([card(1, "Common"), card(2, "Common"), card(3, "Common")])).toBeNull();
  });
  it("tints a held back in its tier's colour from Epic up, else in its finish's", () => {
    expect(tellColor(card(5000, "Mythic", "darkHolo"))).toBe(tierColor("Mythic"));
    expect(tellColor(card(357, "Uncommon", "darkHolo"))).not.toBe(tierColor("Uncommon"));
    expect(tellColor(card(80, "Uncommon", "glitch"))).not.toBe(tellColor(card(357, "Uncommon", "darkHolo")));
  });
});

describe("reveal layout", () => {
  it("keeps SPEC.md's 3-column grid on a phone when asked for it", () => {
    const l = revealLayout(3, 390, 560, { columns: PACK_COLUMNS });
    expect([l.columns, l.rows]).toEqual([3, 1]);
    expect(new Set(l.slots.map((s) => s.cy)).size).toBe(1);
    expect(l.slots[0]!.cx).toBeLessThan(l.slots[1]!.cx);
    for (const s of l.slots) {
      expect(s.cx - s.width / 2).toBeGreaterThanOrEqual(0);
      expect(s.cx + s.width / 2).toBeLessThanOrEqual(390);
    }
  });

  it("without a column count, gives a phone the best card on its own row above the other two", () => {
    const l = revealLayout(3, 390, 560);
    expect([l.columns, l.rows]).toEqual([2, 2]);
  });

  it("gives a phone's pack of three the whole width (issue 44: 106 px cards left the sides empty)", () => {
    const l = revealLayout(3, 390, 560, packGrid(3));
    expect(l.cardWidth * 3).toBeGreaterThanOrEqual(390 * 0.9);
    expect(isCompactCard(l.cardWidth)).toBe(false);
  });

  for (const [label, width, height, highlights] of [["a phone", 390, 520, 3], ["a desktop", 1440, 600, 5]] as const) {
    it(`shows an Open 10's best ${highlights} cards large in a row on ${label}, the rest compact below, nothing overlapping`, () => {
      const l = revealLayout(30, width, height, packGrid(30));
      expect(l.slots).toHaveLength(30);
      const top = l.slots.slice(0, highlights);
      const rest = l.slots.slice(highlights);
      expect(new Set(top.map((s) => s.cy)).size).toBe(1);
      expect(new Set(top.map((s) => s.width)).size).toBe(1);
      expect(top[0]!.width).toBeGreaterThanOrEqual(2.5 * rest[0]!.width);
      expect(isCompactCard(rest[0]!.width)).toBe(true);
      // Every card with its badge room: inside the stage, and no two boxes overlap.
      const box = (s: (typeof l.slots)[number]) => {
        const compact = isCompactCard(s.width);
        const above = compact ? 4 : Math.max(s.height * 0.05, GEM_MIN_RADIUS_PX * 1.18);
        const below = compact ? 18 : Math.max(s.height * 0.09, PILL_MIN_FONT_PX * 1.85);
        return { x0: s.cx - s.width / 2, x1: s.cx + s.width / 2, y0: s.cy - s.height / 2 - above, y1: s.cy + s.height / 2 + below };
      };
      const boxes = l.slots.map(box);
      for (const b of boxes) {
        expect(b.x0).toBeGreaterThanOrEqual(0);
        expect(b.x1).toBeLessThanOrEqual(width);
        expect(b.y0).toBeGreaterThanOrEqual(0);
        expect(b.y1).toBeLessThanOrEqual(height);
      }
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          const overlap = a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5;
          expect(overlap, `cards ${i} and ${j}`).toBe(false);
        }
    });
  }

  it("puts three cards side by side on a desktop, capped in size, and inside the box", () => {
    const l = revealLayout(3, 1440, 640);
    expect(l.rows).toBe(1);
    expect(l.cardWidth).toBeLessThanOrEqual(300);
    for (const s of l.slots) {
      expect(s.cx - s.width / 2).toBeGreaterThanOrEqual(0);
      expect(s.cx + s.width / 2).toBeLessThanOrEqual(1440);
      expect(s.cy - s.height / 2).toBeGreaterThanOrEqual(0);
      expect(s.cy + s.height / 2).toBeLessThanOrEqual(640);
    }
    expect(l.cardHeight / l.cardWidth).toBeCloseTo(7 / 5, 1);
  });
});

describe("card pose", () => {
  const rect = { left: 100, top: 100, width: 200, height: 280 };
  const ctx = { now: 1000, time: 1, idle: false };
  const input = (x: number, y: number) =>
    ({ pointer: { x, y }, tilt: null, source: () => "pointer" }) as unknown as Parameters<typeof targetPose>[0];

  it("tilts the card under the pointer towards it and leaves the others at rest", () => {
    const right = targetPose(input(290, 240), rect, 0, ctx);
    expect(right.rotateY).toBeGreaterThan(5);
    expect(right.pointerX).toBeCloseTo(0.95, 2);
    expect(right.glare).toBe(1);
    expect(targetPose(input(600, 240), rect, 0, ctx)).toEqual(REST_POSE);
  });

  it("sways on its own only when idle motion is allowed", () => {
    expect(targetPose(null, rect, 0, ctx)).toEqual(REST_POSE);
    expect(targetPose(null, rect, 0, { ...ctx, idle: true })).toEqual(idleSway(1, 0));
    expect(idleSway(1, 0)).not.toEqual(idleSway(2, 0));
  });
});
