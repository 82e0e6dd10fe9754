// The reveal and the inspector without WebGL: the same card faces (composed by cardCanvas.ts, in
// a worker where the browser allows: cardPartPaint.ts), turned by CSS 3D transforms on the same
// timer as the PixiJS scene, with a CSS foil sheen for shiny finishes and a tier glow. No pixi.js
// here: this path costs nothing extra.

import { afterNextFrame } from "../lib/afterNextFrame.ts";
import { backgroundGradient, setEmoji } from "./cardImages.ts";
import { drawCardBack, drawFaceArt, drawOverlay, EDGE_MARGIN, overlayGeometry, type FaceArt } from "./pixi/cardCanvas.ts";
import { loadCardArt, within } from "./pixi/images.ts";
import { paintCardPart, paintsBitmaps, showBitmap, warmUpCardParts, type CardPartRequest } from "./cardPartPaint.ts";
import type { RevealCard } from "./revealCard.ts";
import { CARDS_PER_PACK } from "../../../api/src/game/sets.ts";
import { packGrid, revealLayout } from "./revealLayout.ts";
import { HERO_MS, heroZoom } from "./heroMoment.ts";
import { bestCardIndex, heldCardIndex, tellColor, worthHolding } from "./revealOrder.ts";
import { ART_WAIT_MS, holdCard, releaseCard, revealSchedule } from "./revealSchedule.ts";
import { clamp01 } from "./tiltSpring.ts";
import { isShiny, tierColor, tierRank } from "./tiers.ts";
import { suspenseIndex } from "./tierEffects.ts";
import type { InspectHandle, InspectOptions, RevealHandle, RevealOptions } from "./types.ts";
import "./domReveal.css";

function loadArt(card: RevealCard, options: { large?: boolean } = {}): Promise<FaceArt> {
  return loadCardArt(card, options);
}

interface DomCard {
  card: RevealCard;
  el: HTMLDivElement;
  face: HTMLCanvasElement;
  overlay: HTMLCanvasElement;
  art: FaceArt;
  /** The art has loaded or failed (while it loads, the face is not painted: the gradient shows). */
  artSettled: boolean;
  /** Painted this many times sharper than its size needs: the hero, drawn for its zoom. */
  zoom: number;
  /** Texture px widths the overlay and the face were last painted at, and the face's art. */
  overlayWidth: number;
  faceWidth: number;
  faceArt: FaceArt | null;
  /** Resolves when the face is first shown (bitmaps: the worker fetches the art itself). */
  faceShown: Promise<void>;
  markFaceShown: () => void;
  /** The inspector's large card: its 2x art. */
  large: boolean;
}

/**
 * Cards' canvases are painted off the main thread and shown as bitmaps where the browser can
 * (cardPartPaint.ts); else drawn here on 2D canvases, one part per task.
 */
const BITMAPS = paintsBitmaps();

/** A card is painted in two parts: the badges (points, tier, NEW!) first, then the face. */
type PaintPart = "overlay" | "face";

function pixelRatio(lowEffects: boolean): number {
  return lowEffects ? 1 : Math.min(2, window.devicePixelRatio || 1);
}

/** A face-down card: what the deal shows while the server has not answered yet. */
interface Shell {
  el: HTMLDivElement;
  front: HTMLDivElement;
}

function buildShell(): Shell {
  const el = document.createElement("div");
  el.className = "fx-card";
  const turn = document.createElement("div");
  turn.className = "fx-card__turn";
  const back = document.createElement("div");
  back.className = "fx-card__back";
  const front = document.createElement("div");
  front.className = "fx-card__front";
  turn.append(back, front);
  el.append(turn);
  return { el, front };
}

/** Gives a face-down card its face: tier, finish, the face and overlay canvases. */
function dress(shell: Shell, card: RevealCard): DomCard {
  const { el, front } = shell;
  el.classList.add(`tier-${card.tier.toLowerCase()}`, `finish-${card.finish}`);
  el.style.setProperty("--tier", tierColor(card.tier));
  el.dataset.tierRank = String(tierRank(card.tier));
  // Shown until the face is painted (a moment, on a slow phone or after Skip).
  front.style.background = backgroundGradient(card.background);
  const face = document.createElement("canvas");
  face.className = "fx-card__face";
  front.appendChild(face);
  if (isShiny(card.finish)) {
    const foil = document.createElement("span");
    foil.className = "fx-card__foil";
    front.appendChild(foil);
  }
  const overlay = document.createElement("canvas");
  overlay.className = "fx-card__overlay";
  front.appendChild(overlay);
  let markFaceShown = () => {};
  const faceShown = new Promise<void>((resolve) => (markFaceShown = resolve));
  return { card, el, face, overlay, art: { portrait: null, background: null }, artSettled: false, zoom: 1, overlayWidth: 0, faceWidth: 0, faceArt: null, faceShown, markFaceShown, large: false };
}

function buildCard(card: RevealCard): DomCard {
  return dress(buildShell(), card);
}

/** Draws (or redraws, when the size changed noticeably) one part of a card: badges or face. */
function paint(c: DomCard, part: PaintPart, width: number, height: number, ratio: number): void {
  const px = Math.round(width * ratio);
  const ph = Math.round(height * ratio);
  // Canvas px -> CSS px; the transparent margins sit outside the card box.
  const m = EDGE_MARGIN / ratio;
  if (part === "overlay") {
    if (Math.abs(px - c.overlayWidth) < 8) return;
    c.overlayWidth = px;
    const geo = overlayGeometry(px, ph, ratio);
    const place = () =>
      Object.assign(c.overlay.style, {
        left: `${-m}px`,
        top: `${-geo.cardTop / ratio}px`,
        width: `${geo.width / ratio}px`,
        height: `${geo.height / ratio}px`,
      });
    if (BITMAPS) paintBitmap(c.overlay, { part, card: c.card, width: px, height: ph, ratio }, () => c.overlayWidth === px, place);
    else {
      drawOverlay(c.card, px, ph, ratio, c.overlay);
      place();
    }
    return;
  }
  const place = () => Object.assign(c.face.style, { left: `${-m}px`, top: `${-m}px`, width: `${width + 2 * m}px`, height: `${height + 2 * m}px` });
  if (BITMAPS) {
    if (Math.abs(px - c.faceWidth) < 8) return;
    c.faceWidth = px;
    paintBitmap(c.face, { part, card: c.card, width: px, height: ph, ratio, large: c.large }, () => c.faceWidth === px, () => {
      place();
      c.markFaceShown();
    }, c.markFaceShown);
    return;
  }
  if (!c.artSettled || (c.faceArt === c.art && Math.abs(px - c.faceWidth) < 8)) return;
  c.faceWidth = px;
  c.faceArt = c.art;
  drawFaceArt(c.card, c.art, setEmoji(c.card.set), px, ph, c.face);
  place();
}

/**
 * Asks for a part as a bitmap and shows it when it comes, unless a newer size was asked for
 * meanwhile (`current`). A part that cannot be painted leaves the card's gradient showing.
 */
function paintBitmap(canvas: HTMLCanvasElement, req: CardPartRequest, current: () => boolean, shown: () => void, failed?: () => void): void {
  paintCardPart(req).then(
    (bitmap) => {
      if (!current()) return bitmap.close();
      showBitmap(canvas, bitmap);
      shown();
    },
    (error: unknown) => {
      console.warn("A card could not be painted:", error);
      failed?.();
    },
  );
}

/**
 * Card backs, drawn at the size the reveal's cards have on this screen and encoded off the main
 * thread (toBlob): a data URL per size cost a synchronous PNG encode and a long CSS value set on
 * every card at every layout. Until one is ready the back's CSS gradient shows. Drawn at the
 * largest card size (300 CSS px at 2x, 604x844) for every screen, a phone's first deal decoded it
 * and scaled it down on the raster thread before its first frame (17-28 ms in traces at 4x CPU).
 */
interface CardBack {
  url: Promise<string | null>;
  /** The URL once it is ready. */
  ready: string | null;
}
const backs = new Map<number, CardBack>();
const CARD_RATIO = 7 / 5;

/**
 * A back for cards `width` device px wide: one drawn before if it suits (never scaled up, nor
 * down by more than a third, so a window being resized does not draw one per step), else a new one.
 */
function cardBack(width: number): CardBack {
  for (const [drawn, back] of backs) if (drawn >= width && drawn <= width * 1.5) return back;
  const back: CardBack = {
    ready: null,
    url: new Promise<string | null>((resolve) => {
      drawCardBack(width, Math.round(width * CARD_RATIO)).toBlob((blob) => resolve(blob ? URL.createObjectURL(blob) : null), "image/png");
    }),
  };
  void back.url.then((url) => (back.ready = url));
  backs.set(width, back);
  return back;
}

/** Roughly what the reveal's header and buttons take from the screen's height, in CSS px. */
const REVEAL_CHROME_PX = 220;
/** The height this screen's reveal stage will have, near enough for the warm-up. */
const stageHeightGuess = () => Math.max(200, window.innerHeight - REVEAL_CHROME_PX);

/** Idle-time preparation of the DOM reveal (the packs screen's warm-up when PixiJS is not used). */
export function warmUpDomReveal(lowEffects: boolean, reducedMotion: boolean): Promise<unknown> {
  warmBadgeFonts(lowEffects);
  // The back this screen's pack will use is drawn first: the rehearsal then paints it, so the
  // raster has it decoded before the first tap.
  const slot = expectedSlot();
  return (slot ? cardBack(Math.round(slot.width * pixelRatio(lowEffects))).url : Promise.resolve()).then(() => rehearseDeal(lowEffects, reducedMotion));
}

/**
 * Deals one pack's backs out of sight at the reveal's size and takes them away two frames later.
 * The first tap used to compile the deal's code and style its cards for the first time inside the
 * tap's task (~20 ms of V8 compiling alone at 4x CPU); after a rehearsal, both are ready.
 */
function rehearseDeal(lowEffects: boolean, reducedMotion: boolean): Promise<void> {
  const host = document.createElement("div");
  host.className = "fx-rehearsal";
  host.setAttribute("aria-hidden", "true");
  host.style.height = `${stageHeightGuess()}px`;
  document.body.appendChild(host);
  const handle = domReveal(host, CARDS_PER_PACK, { lowEffects, reducedMotion, tapToSkip: false, onDone: () => {} });
  return new Promise((resolve) => {
    afterNextFrame(() =>
      afterNextFrame(() => {
        handle.destroy();
        host.remove();
        resolve();
      }),
    );
  });
}

const SAMPLE_CARD: RevealCard = { key: "warm-up", character: "sample", set: 1, background: "", finish: "holo", tier: "Rare", points: 1234, isNew: true };

/**
 * Draws one pack card's badges off-screen at the size this screen's reveal will use: the font
 * sizes they need then exist (each new size cost ~15 ms at 4x CPU inside the reveal, where a
 * card's badges took ~70 ms), and every card of the reveal finds them ready.
 */
function warmBadgeFonts(lowEffects: boolean): void {
  const ratio = pixelRatio(lowEffects);
  const slot = expectedSlot();
  if (!slot) return;
  const width = Math.round(slot.width * ratio);
  const height = Math.round(slot.height * ratio);
  // Bitmaps: the worker starts, loads its code and makes the font sizes, all off the main thread.
  if (BITMAPS) warmUpCardParts({ part: "overlay", card: SAMPLE_CARD, width, height, ratio });
  else drawOverlay(SAMPLE_CARD, width, height, ratio);
}

/** A pack card's place on this screen's reveal, from the window's size (read in idle time only: it can force a layout). */
function expectedSlot() {
  return revealLayout(CARDS_PER_PACK, window.innerWidth, stageHeightGuess(), packGrid(CARDS_PER_PACK)).slots[0];
}

/** Tracks the pointer over the cards: foil position and a gentle tilt (not under reduced motion). */
function trackPointer(root: HTMLElement, cards: () => DomCard[], reducedMotion: boolean, onTap?: () => void): () => void {
  const controller = new AbortController();
  let frame = 0;
  let last: PointerEvent | null = null;
  let down: { x: number; y: number; t: number } | null = null;
  const apply = () => {
    frame = 0;
    for (const c of cards()) {
      const rect = c.el.getBoundingClientRect();
      const x = last ? (last.clientX - rect.left) / rect.width : 0.5;
      const y = last ? (last.clientY - rect.top) / rect.height : 0.5;
      const inside = last !== null && x >= 0 && x <= 1 && y >= 0 && y <= 1;
      c.el.style.setProperty("--mx", `${clamp01(inside ? x : 0.5) * 100}%`);
      c.el.style.setProperty("--my", `${clamp01(inside ? y : 0.5) * 100}%`);
      c.el.style.setProperty("--glare", inside ? "1" : "0");
      const ry = inside && !reducedMotion ? (x - 0.5) * 16 : 0;
      const rx = inside && !reducedMotion ? -(y - 0.5) * 12 : 0;
      c.el.style.setProperty("--rx", `${rx}deg`);
      c.el.style.setProperty("--ry", `${ry}deg`);
    }
  };
  const schedule = (event: PointerEvent | null) => {
    last = event;
    if (!frame) frame = requestAnimationFrame(apply);
  };
  const opts = { passive: true, signal: controller.signal } as const;
  root.addEventListener("pointermove", (e) => schedule(e), opts);
  root.addEventListener("pointerleave", () => schedule(null), opts);
  root.addEventListener("pointerdown", (e) => (down = { x: e.clientX, y: e.clientY, t: performance.now() }), opts);
  root.addEventListener(
    "pointerup",
    (e) => {
      if (e.pointerType === "touch") schedule(null);
      if (down && onTap && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 12 && performance.now() - down.t < 500) onTap();
      down = null;
    },
    opts,
  );
  return () => {
    controller.abort();
    if (frame) cancelAnimationFrame(frame);
  };
}

/**
 * The reveal on DOM: `count` backs are dealt at once; deliver() gives them their faces and starts
 * the turns. Cheap to start (no WebGL), so it is also what a tap shows while PixiJS is not ready.
 */
export function domReveal(container: HTMLElement, count: number, options: RevealOptions): RevealHandle {
  const { reducedMotion, lowEffects } = options;
  const root = document.createElement("div");
  root.className = `fx-dom${reducedMotion ? " fx-dom--calm" : ""}`;
  root.setAttribute("aria-hidden", "true");
  container.appendChild(root);
  const shells = Array.from({ length: count }, buildShell);
  for (const s of shells) root.appendChild(s.el);
  let schedule = revealSchedule(count, options);
  root.style.setProperty("--flip-ms", `${schedule.animationMs}ms`);
  /** The card waiting for the player's tap (RULES.md, The reveal order), until release(). */
  let held: number | null = null;
  /** When the turns started (the cards known and their art in), or null before. */
  let turnsFrom: number | null = null;
  /** The hero moment's card (heroMoment.ts), and whether it is in the middle now. */
  let hero: number | null = null;
  let heroUp = false;
  let heroTimer: ReturnType<typeof setTimeout> | undefined;
  let stageSize = { width: 0, height: 0 };
  /** Places the hero's way to the middle (CSS variables the is-hero transform reads). */
  const aimHero = () => {
    const c = hero === null ? undefined : domCards[hero];
    const s = hero === null ? undefined : grid.slots[hero];
    if (!c || !s) return;
    const zoom = heroZoom(s, stageSize);
    c.el.style.setProperty("--hx", `${stageSize.width / 2 - s.cx}px`);
    c.el.style.setProperty("--hy", `${stageSize.height / 2 - s.cy}px`);
    c.el.style.setProperty("--hs", String(zoom));
    if (Math.abs(zoom - c.zoom) > 0.1) {
      c.zoom = zoom;
      if (painted.has(c)) wantPaint([c]);
    }
  };
  const heroDown = () => {
    clearTimeout(heroTimer);
    if (!heroUp || hero === null) return false;
    heroUp = false;
    domCards[hero]?.el.classList.replace("is-hero", "was-hero");
    return true;
  };
  const heroStart = (i: number) => {
    if (i !== hero || destroyed) return;
    heroUp = true;
    domCards[i]!.el.classList.add("is-hero");
    heroTimer = setTimeout(heroDown, HERO_MS);
  };
  let domCards: DomCard[] = [];

  let grid = revealLayout(count, 1, 1);
  // The back drawn for this size, set with the layout when it is ready (the warm-up drew it).
  let back: CardBack | null = null;
  const showBack = (width: number) => {
    // A stage with no room yet (hidden, or not laid out) has nothing to draw a back for.
    if (width < 1) return;
    const next = cardBack(width);
    if (next === back) return;
    back = next;
    if (next.ready) root.style.setProperty("--back", `url(${next.ready})`);
    else
      void next.url.then((url) => {
        if (url && back === next && !destroyed) root.style.setProperty("--back", `url(${url})`);
      });
  };
  let laidOut = false;
  // Sized by the ResizeObserver, whose first report comes in the first frame, after that frame's
  // own layout: reading the container's size here, in the tap's task, forced a style and layout
  // pass of the whole new overlay on top of the frame's (~10 ms at 4x CPU).
  const layout = (width: number, height: number) => {
    laidOut = true;
    stageSize = { width, height };
    grid = revealLayout(count, width, height, packGrid(count));
    showBack(Math.round(grid.cardWidth * pixelRatio(lowEffects)));
    shells.forEach((shell, i) => {
      const s = grid.slots[i]!;
      Object.assign(shell.el.style, { left: `${s.cx - s.width / 2}px`, top: `${s.cy - s.height / 2}px`, width: `${s.width}px`, height: `${s.height}px` });
      const c = domCards[i];
      if (c && painted.has(c)) wantPaint([c]);
    });
    aimHero();
  };

  // Cards are painted one part per task (badges, then the face once its art is in), so no frame
  // waits for all of them: at 4x CPU one card's canvases took ~200 ms. Until its face is
  // painted a card shows its background's gradient (and before it turns, its back).
  const painted = new Set<DomCard>();
  const paintQueue: Array<[DomCard, PaintPart]> = [];
  let paintTimer: ReturnType<typeof setTimeout> | undefined;
  const paintNext = () => {
    paintTimer = undefined;
    // Not sized yet (cards delivered at once, as in a battle): the first layout queues them again.
    if (!laidOut) return;
    const next = paintQueue.shift();
    if (!next || destroyed) return;
    const [c, part] = next;
    const s = grid.slots[domCards.indexOf(c)];
    if (s) paint(c, part, s.width, s.height, pixelRatio(lowEffects) * c.zoom);
    if (paintQueue.length) paintTimer = setTimeout(paintNext, 0);
  };
  // After Skip the frame with the final layout and its buttons comes first: a card's canvases
  // (tens of ms at 4x CPU) painted before it would hold it back. They resume after that frame.
  let paintHeld = false;
  const holdPaintForFrame = () => {
    clearTimeout(paintTimer);
    paintTimer = undefined;
    paintHeld = true;
    afterNextFrame(() => {
      paintHeld = false;
      if (paintQueue.length) paintTimer ??= setTimeout(paintNext, 0);
    });
  };
  /** Queues the badges of `cs`, then their faces. */
  const wantPaint = (cs: readonly DomCard[]) => {
    for (const part of ["overlay", "face"] as const) {
      for (const c of cs) {
        painted.add(c);
        if (!paintQueue.some(([q, p]) => q === c && p === part)) paintQueue.push([c, part]);
      }
    }
    if (!paintHeld) paintTimer ??= setTimeout(paintNext, 0);
  };
  // Layout is up to date when an observer reports: reading the size here costs nothing.
  const observer = new ResizeObserver(() => layout(container.clientWidth, container.clientHeight));
  observer.observe(container);

  const timers: ReturnType<typeof setTimeout>[] = [];
  const revealed = new Set<number>();
  let delivered = false;
  let skipWanted = false;
  let done = false;
  let destroyed = false;
  const reveal = (i: number, animate: boolean) => {
    if (revealed.has(i)) return;
    revealed.add(i);
    const el = domCards[i]!.el;
    el.classList.remove("is-suspense", "is-held");
    el.classList.add("is-turning", "is-face");
    if (animate) el.classList.add("is-bursting");
    options.onCardRevealed?.(i);
  };
  const finish = () => {
    if (done || destroyed) return;
    done = true;
    options.onDone();
  };
  /** Sets the timers of cards `which` (and of the end) on the schedule, from turnsFrom. */
  const arm = (which: readonly number[]) => {
    if (turnsFrom === null) return;
    const elapsed = performance.now() - turnsFrom;
    for (const i of which) {
      const c = domCards[i]!;
      if (!Number.isFinite(schedule.startAt[i]!)) continue;
      timers.push(
        setTimeout(() => {
          c.el.classList.add("is-turning");
          heroStart(i);
        }, Math.max(0, schedule.startAt[i]! - elapsed)),
      );
      timers.push(setTimeout(() => reveal(i, true), Math.max(0, schedule.revealAt[i]! - elapsed)));
    }
    if (Number.isFinite(schedule.doneAt)) timers.push(setTimeout(finish, Math.max(0, schedule.doneAt - elapsed)));
    else if (held !== null) {
      // Tell the overlay once the others have started turning: the tap's hint then shows.
      const others = schedule.startAt.filter((_, i) => i !== held);
      const heldNow = held;
      timers.push(setTimeout(() => held === heldNow && options.onHeld?.(heldNow), Math.max(0, Math.max(0, ...others) - elapsed)));
    }
  };
  const release = () => {
    if (held === null || done || destroyed) return false;
    const i = held;
    held = null;
    const at = turnsFrom === null ? 0 : performance.now() - turnsFrom;
    schedule = releaseCard(schedule, i, at, reducedMotion);
    domCards[i]?.el.classList.remove("is-held");
    arm([i]);
    return true;
  };
  const skip = () => {
    if (done || destroyed) return;
    skipWanted = true;
    // Before the answer there is nothing to show yet: deliver() ends the reveal at once.
    if (!delivered) return;
    for (const t of timers) clearTimeout(t);
    held = null;
    heroDown();
    hero = null;
    root.classList.add("is-skipped");
    // The final layout and the buttons at once; faces not painted yet follow, one per task.
    domCards.forEach((_, i) => reveal(i, false));
    finish();
    wantPaint(domCards);
    holdPaintForFrame();
  };

  const deliver = (cards: readonly RevealCard[]) => {
    if (delivered || destroyed) return;
    delivered = true;
    domCards = cards.slice(0, count).map((card, i) => dress(shells[i]!, card));
    if (skipWanted) {
      skipWanted = false;
      skip();
    } else {
      const rarest = suspenseIndex(cards, { reducedMotion, lowEffects });
      held = options.holdBest ? heldCardIndex(domCards.map((c) => c.card)) : null;
      const best = bestCardIndex(domCards.map((c) => c.card));
      if (options.holdBest && !reducedMotion && best >= 0 && worthHolding(domCards[best]!.card)) {
        hero = best;
        aimHero();
      }
      if (held !== null) {
        schedule = holdCard(schedule, held);
        const el = domCards[held]!.el;
        el.style.setProperty("--tell", tellColor(domCards[held]!.card));
        el.classList.add("is-held");
      } else if (rarest !== null) domCards[rarest]?.el.classList.add("is-suspense");
    }
    // Turn on the shared schedule once the art is in (or has waited enough).
    void Promise.all(
      domCards.map(async (c) => {
        if (BITMAPS) {
          // The worker fetches the art and paints the face; the turns wait for it as for the art.
          wantPaint([c]);
          await within(c.faceShown, ART_WAIT_MS, undefined);
          return;
        }
        const art = await within(loadArt(c.card), ART_WAIT_MS, null);
        if (destroyed) return;
        if (art) {
          c.art = art;
          c.artSettled = true;
        } else {
          // Art that arrives after the wait still lands on the card.
          void loadArt(c.card).then((late) => {
            if (destroyed) return;
            c.art = late;
            c.artSettled = true;
            wantPaint([c]);
          });
        }
        wantPaint([c]);
      }),
    ).then(() => {
      if (destroyed || done) return;
      turnsFrom = performance.now();
      arm(domCards.map((_, i) => i));
    });
  };

  // The deal: the backs rise into place on the next frame.
  requestAnimationFrame(() => root.classList.add("is-dealt"));

  // A quick tap turns the card that waits for it, or else skips to the end.
  const onTap = () => {
    if (!release() && !heroDown()) skip();
  };
  const stopPointer = trackPointer(root, () => domCards, reducedMotion, options.tapToSkip === false ? undefined : onTap);
  return {
    deliver,
    skip,
    release: () => void release(),
    destroy: () => {
      destroyed = true;
      for (const t of timers) clearTimeout(t);
      clearTimeout(heroTimer);
      clearTimeout(paintTimer);
      stopPointer();
      observer.disconnect();
      root.remove();
    },
  };
}

export function domInspect(container: HTMLElement, card: RevealCard, options: InspectOptions): InspectHandle {
  const root = document.createElement("div");
  root.className = `fx-dom is-dealt${options.reducedMotion ? " fx-dom--calm" : ""}`;
  root.setAttribute("aria-hidden", "true");
  container.appendChild(root);
  const c = buildCard(card);
  c.large = true;
  c.el.classList.add("is-turning", "is-face");
  root.appendChild(c.el);
  const layout = () => {
    const s = revealLayout(1, container.clientWidth, container.clientHeight, { maxCardWidth: 1200 }).slots[0]!;
    Object.assign(c.el.style, { left: `${s.cx - s.width / 2}px`, top: `${s.cy - s.height / 2}px`, width: `${s.width}px`, height: `${s.height}px` });
    for (const part of ["overlay", "face"] as const) paint(c, part, s.width, s.height, pixelRatio(options.lowEffects));
  };
  layout();
  const observer = new ResizeObserver(() => layout());
  observer.observe(container);
  let destroyed = false;
  // Bitmaps: the first layout asked for the face, and the worker loads the large art itself.
  if (!BITMAPS)
    void loadArt(card, { large: true }).then((art) => {
      if (destroyed) return;
      c.art = art;
      c.artSettled = true;
      layout();
    });
  const stopPointer = trackPointer(root, () => [c], options.reducedMotion);
  return {
    destroy: () => {
      destroyed = true;
      stopPointer();
      observer.disconnect();
      root.remove();
    },
  };
}
