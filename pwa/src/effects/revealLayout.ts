// Where the cards of a reveal sit: the grid (columns x rows) that gives the biggest cards in
// the space (or a fixed number of columns), with a short row first and centred. A pack's reveal
// uses SPEC.md's 3 columns everywhere. Pure, shared by the PixiJS scene and the DOM fallback.

/** Card portraits and frames are 5:7 (assets CARD_ART_SIZE 400 x 560). */
export const CARD_ASPECT = 5 / 7;
/** Room above and below each card for the tier gem and the points pill, as a share of its height. */
export const CARD_BADGE_TOP = 0.05;
/** Issue 44: the points pill sits below the card, off the art (it hid the collector number). */
export const CARD_BADGE_BOTTOM = 0.09;
/**
 * The badges' least sizes in CSS px: cardCanvas.ts draws them no smaller on small cards, so they
 * stay legible (the tier gem's radius, the points pill's font).
 */
export const GEM_MIN_RADIUS_PX = 12.5;
export const PILL_MIN_FONT_PX = 10.5;
/**
 * The least room above and below a card for them: the gem (the Mythic star reaches 1.18 radii)
 * and the pill (1.85 fonts high) below the card with its gap and shadow. Without it, a bulk open's
 * small cards on a phone had each row's gems over the pills of the row above.
 */
const GEM_ROOM_PX = Math.ceil(GEM_MIN_RADIUS_PX * 1.18);
const PILL_ROOM_PX = Math.ceil(PILL_MIN_FONT_PX * 1.85 + 4);
/**
 * Cards narrower than this (CSS px) wear their badges off the art (issue 44: a phone's "Open 10"
 * had each 37 px card covered by its gem, NEW! and pill): a tier letter and the points under the
 * card, a dot for NEW! (cardCanvas.ts drawCompactOverlay).
 */
export const COMPACT_CARD_PX = 64;
export const isCompactCard = (cssWidth: number) => cssWidth < COMPACT_CARD_PX;
/** A compact card's room: the NEW! dot above, the tier bar and its line of text below. */
const COMPACT_ROOM_ABOVE_PX = 4;
const COMPACT_ROOM_BELOW_PX = 18;
const roomAbove = (cardHeight: number) => Math.max(cardHeight * CARD_BADGE_TOP, GEM_ROOM_PX);
const roomBelow = (cardHeight: number) => Math.max(cardHeight * CARD_BADGE_BOTTOM, PILL_ROOM_PX);

/** The tallest card whose badges' room fits in `cellHeight` (each room is a share or a minimum). */
function tallestCard(cellHeight: number): number {
  return Math.min(
    cellHeight / (1 + CARD_BADGE_TOP + CARD_BADGE_BOTTOM),
    (cellHeight - PILL_ROOM_PX) / (1 + CARD_BADGE_TOP),
    (cellHeight - GEM_ROOM_PX) / (1 + CARD_BADGE_BOTTOM),
    cellHeight - GEM_ROOM_PX - PILL_ROOM_PX,
  );
}

export interface CardSlot {
  /** Centre of the card, in CSS px of the container. */
  cx: number;
  cy: number;
  width: number;
  height: number;
}

export interface RevealLayout {
  columns: number;
  rows: number;
  cardWidth: number;
  cardHeight: number;
  slots: CardSlot[];
}

export interface LayoutOptions {
  /** Largest card width in CSS px (a desktop reveal would otherwise fill the screen). */
  maxCardWidth?: number;
  padding?: number;
  /** Between cards (by default a share of the width). */
  gap?: number;
  /** A fixed number of columns (a pack's reveal: SPEC.md's 3-column grid on every size). */
  columns?: number;
  /** Without a fixed count, the most columns to try (6 by default). */
  maxColumns?: number;
  /**
   * Issue 44, Open 10: the first (best) cards in a row of their own, large, above the others in a
   * compact grid: up to this many (3 on a phone's width, 5 on a wider screen).
   */
  highlights?: number;
}

/** A pack's cards sit in SPEC.md's 3-column grid on every screen (issue 13). */
export const PACK_COLUMNS = 3;

/**
 * The grid of a pack reveal: one pack in SPEC.md's 3 columns; a bulk open's thirty cards in
 * whatever grid (up to 10 across) gives them the biggest size on this screen.
 */
export const packGrid = (count: number): LayoutOptions =>
  count <= PACK_COLUMNS ? { maxCardWidth: 300, columns: PACK_COLUMNS } : { maxCardWidth: 300, maxColumns: 10, highlights: 5 };

/** Highlights on a screen this wide or wider: 5; narrower (a phone): 3. */
const WIDE_HIGHLIGHTS_PX = 600;

export function revealLayout(count: number, width: number, height: number, options: LayoutOptions = {}): RevealLayout {
  const highlights = Math.min(options.highlights ?? 0, width < WIDE_HIGHLIGHTS_PX ? 3 : 5);
  if (highlights > 0 && count > highlights + 1) return highlightLayout(count, width, height, highlights, options);
  return gridLayout(count, width, height, options);
}

/** The best cards large in a row, the rest in the grid below that gives them the biggest size. */
function highlightLayout(count: number, width: number, height: number, k: number, options: LayoutOptions): RevealLayout {
  const padding = options.padding ?? Math.round(Math.min(24, Math.max(8, width * 0.02)));
  const gap = Math.round(Math.min(14, Math.max(6, width * 0.01)));
  const innerH = Math.max(0, height - 2 * padding);
  // Each part is a grid of its own, padded at the sides only (its height is given padding back).
  const part = (n: number, h: number, more: LayoutOptions & { compact?: boolean }) =>
    gridLayout(n, width, h + 2 * padding, { ...options, padding, gap, highlights: 0, ...more });
  // Try splits of the height from a tall highlights row down; keep the one whose small cards are
  // the largest while the highlights stay at least 2.5 times as wide (or as wide as the row allows).
  let best: { top: RevealLayout; rest: RevealLayout } | null = null;
  for (let share = 0.62; share >= 0.2; share -= 0.02) {
    const topH = Math.round(innerH * share);
    const top = part(k, topH, { columns: k });
    const rest = part(count - k, innerH - topH - gap, { compact: true });
    const topWide = top.cardWidth >= Math.min(2.5 * rest.cardWidth, (width - 2 * padding - (k - 1) * gap) / k - 1);
    if (!topWide) continue;
    if (!best || rest.cardWidth > best.rest.cardWidth) best = { top, rest };
  }
  if (!best) {
    const topH = Math.round(innerH * 0.45);
    best = { top: part(k, topH, { columns: k }), rest: part(count - k, innerH - topH - gap, { compact: true }) };
  }
  const { top, rest } = best;
  // Both parts as one block, centred in the height.
  const usedTop = blockHeight(top);
  const usedRest = blockHeight(rest);
  const offset = Math.round((height - (usedTop + gap + usedRest)) / 2);
  const topShift = offset - blockTop(top);
  const restShift = offset + usedTop + gap - blockTop(rest);
  const slots = [
    ...top.slots.map((s) => ({ ...s, cy: s.cy + topShift })),
    ...rest.slots.map((s) => ({ ...s, cy: s.cy + restShift })),
  ];
  return { columns: rest.columns, rows: rest.rows + 1, cardWidth: rest.cardWidth, cardHeight: rest.cardHeight, slots };
}

/** Top of a grid's first cell (its badge room included), in its own coordinates. */
function blockTop(l: RevealLayout): number {
  const s = l.slots[0]!;
  return s.cy - s.height / 2 - (isCompactCard(s.width) ? COMPACT_ROOM_ABOVE_PX : roomAbove(s.height));
}
/** Height of a grid's cells, first row's top to last row's bottom (badge rooms included). */
function blockHeight(l: RevealLayout): number {
  const last = l.slots[l.slots.length - 1]!;
  const bottom = last.cy + last.height / 2 + (isCompactCard(last.width) ? COMPACT_ROOM_BELOW_PX : roomBelow(last.height));
  return bottom - blockTop(l);
}

function gridLayout(count: number, width: number, height: number, options: LayoutOptions & { compact?: boolean }): RevealLayout {
  const maxCardWidth = options.maxCardWidth ?? 300;
  // Issue 44: on a phone the cards take the width (a 390 px screen's three are 119 px wide, not 106).
  const padding = options.padding ?? Math.round(Math.min(24, Math.max(8, width * 0.02)));
  const gap = options.gap ?? Math.round(Math.min(32, Math.max(8, width * 0.02)));
  const innerW = Math.max(0, width - 2 * padding);
  const innerH = Math.max(0, height - 2 * padding);

  let best = { columns: 1, rows: Math.max(1, count), cardWidth: 0 };
  const fixed = options.columns ? Math.max(1, Math.min(count, options.columns)) : 0;
  for (let columns = fixed || 1; columns <= (fixed || Math.max(1, Math.min(count, options.maxColumns ?? 6))); columns++) {
    const rows = Math.ceil(count / columns);
    const byWidth = (innerW - (columns - 1) * gap) / columns;
    const cellH = (innerH - (rows - 1) * gap) / rows;
    const compactH = cellH - COMPACT_ROOM_ABOVE_PX - COMPACT_ROOM_BELOW_PX;
    // Small cards wear their badges off the art, in less room (isCompactCard).
    const compactW = Math.min(compactH * CARD_ASPECT, COMPACT_CARD_PX - 1);
    const byHeight = Math.max(tallestCard(cellH) * CARD_ASPECT, options.compact ? compactW : 0);
    const cardWidth = Math.min(byWidth, byHeight);
    if (cardWidth > best.cardWidth + 0.5) best = { columns, rows, cardWidth };
  }
  const cardWidth = Math.max(0, Math.floor(Math.min(best.cardWidth, maxCardWidth)));
  const cardHeight = Math.round(cardWidth / CARD_ASPECT);
  const { columns, rows } = best;
  const compact = isCompactCard(cardWidth);
  const above = compact ? COMPACT_ROOM_ABOVE_PX : roomAbove(cardHeight);
  const below = compact ? COMPACT_ROOM_BELOW_PX : roomBelow(cardHeight);
  const cellH = cardHeight + above + below;
  const gridH = rows * cellH + (rows - 1) * gap;
  const top = (height - gridH) / 2;

  // The short row (if any) goes first: the highest card leads, alone or with few others.
  const firstRow = count - (rows - 1) * columns;
  const slots: CardSlot[] = [];
  for (let i = 0; i < count; i++) {
    const row = i < firstRow ? 0 : 1 + Math.floor((i - firstRow) / columns);
    const inRow = row === 0 ? firstRow : columns;
    const col = row === 0 ? i : (i - firstRow) % columns;
    const rowW = inRow * cardWidth + (inRow - 1) * gap;
    const cx = (width - rowW) / 2 + col * (cardWidth + gap) + cardWidth / 2;
    const cy = top + row * (cellH + gap) + above + cardHeight / 2;
    slots.push({ cx: Math.round(cx), cy: Math.round(cy), width: cardWidth, height: cardHeight });
  }
  return { columns, rows, cardWidth, cardHeight, slots };
}
