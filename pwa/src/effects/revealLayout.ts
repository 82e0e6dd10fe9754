// Where the cards of a reveal sit: the grid (columns x rows) that gives the biggest cards in
// the space (or a fixed number of columns), with a short row first and centred. A pack's reveal
// uses SPEC.md's 3 columns everywhere. Pure, shared by the PixiJS scene and the DOM fallback.

/** Card portraits and frames are 5:7 (assets CARD_ART_SIZE 400 x 560). */
export const CARD_ASPECT = 5 / 7;
/** Room above and below each card for the tier gem and the points pill, as a share of its height. */
export const CARD_BADGE_TOP = 0.05;
export const CARD_BADGE_BOTTOM = 0.06;
/**
 * The badges' least sizes in CSS px: cardCanvas.ts draws them no smaller on small cards, so they
 * stay legible (the tier gem's radius, the points pill's font).
 */
export const GEM_MIN_RADIUS_PX = 12.5;
export const PILL_MIN_FONT_PX = 10.5;
/**
 * The least room above and below a card for them: the gem (the Mythic star reaches 1.18 radii)
 * and the lower half of the pill (1.85 fonts high) with its shadow. Without it, a bulk open's
 * small cards on a phone had each row's gems over the pills of the row above.
 */
const GEM_ROOM_PX = Math.ceil(GEM_MIN_RADIUS_PX * 1.18);
const PILL_ROOM_PX = Math.ceil((PILL_MIN_FONT_PX * 1.85) / 2 + 3);
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
  /** A fixed number of columns (a pack's reveal: SPEC.md's 3-column grid on every size). */
  columns?: number;
  /** Without a fixed count, the most columns to try (6 by default). */
  maxColumns?: number;
}

/** A pack's cards sit in SPEC.md's 3-column grid on every screen (issue 13). */
export const PACK_COLUMNS = 3;

/**
 * The grid of a pack reveal: one pack in SPEC.md's 3 columns; a bulk open's thirty cards in
 * whatever grid (up to 10 across) gives them the biggest size on this screen.
 */
export const packGrid = (count: number): LayoutOptions =>
  count <= PACK_COLUMNS ? { maxCardWidth: 300, columns: PACK_COLUMNS } : { maxCardWidth: 300, maxColumns: 10 };

export function revealLayout(count: number, width: number, height: number, options: LayoutOptions = {}): RevealLayout {
  const maxCardWidth = options.maxCardWidth ?? 300;
  const padding = options.padding ?? Math.round(Math.min(24, Math.max(10, width * 0.03)));
  const gap = Math.round(Math.min(32, Math.max(10, width * 0.025)));
  const innerW = Math.max(0, width - 2 * padding);
  const innerH = Math.max(0, height - 2 * padding);

  let best = { columns: 1, rows: Math.max(1, count), cardWidth: 0 };
  const fixed = options.columns ? Math.max(1, Math.min(count, options.columns)) : 0;
  for (let columns = fixed || 1; columns <= (fixed || Math.max(1, Math.min(count, options.maxColumns ?? 6))); columns++) {
    const rows = Math.ceil(count / columns);
    const byWidth = (innerW - (columns - 1) * gap) / columns;
    const byHeight = tallestCard((innerH - (rows - 1) * gap) / rows) * CARD_ASPECT;
    const cardWidth = Math.min(byWidth, byHeight);
    if (cardWidth > best.cardWidth + 0.5) best = { columns, rows, cardWidth };
  }
  const cardWidth = Math.max(0, Math.floor(Math.min(best.cardWidth, maxCardWidth)));
  const cardHeight = Math.round(cardWidth / CARD_ASPECT);
  const { columns, rows } = best;
  const cellH = cardHeight + roomAbove(cardHeight) + roomBelow(cardHeight);
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
    const cy = top + row * (cellH + gap) + roomAbove(cardHeight) + cardHeight / 2;
    slots.push({ cx: Math.round(cx), cy: Math.round(cy), width: cardWidth, height: cardHeight });
  }
  return { columns, rows, cardWidth, cardHeight, slots };
}
