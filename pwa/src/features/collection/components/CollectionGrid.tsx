import { useEffect, useRef, useState, type CSSProperties } from "react";
import { columnsFor, nextRowRange, type CollectionItem, type GridSize, type RowRange } from "../collectionModel";
import { CollectionTile } from "./CollectionTile";

/** Caption under each card (set, number and background, tier and points), in px; part of a row's height. */
const CAPTION = 60;
/**
 * Rows drawn above and below the screen, so a fast flick never shows blank space. The binder
 * builds up to them a row a frame (nextRowRange), on first showing as while scrolling: its first
 * frame with every row at once was one task of ~100 ms of style, layout and paint at 4x CPU
 * (24 tiles, ~540 layout objects; issue 11: no task over 50 ms while a 10,000-card collection
 * loads on a phone).
 */
const OVERSCAN = 3;
/** Rows in the first frame, before the binder knows where it sits on screen. */
const FIRST_ROWS = 2;

/**
 * The binder's width when it was last on screen: coming back to the collection, the first render
 * already has the right height, so the router's scroll restoration is not cut short by a binder
 * that has not measured itself yet.
 */
let lastWidth = 0;

/**
 * The binder grid, virtualised: only the rows on screen (plus a few) exist in the DOM, so a
 * collection of 10,000 cards scrolls like one of 10. The page itself scrolls; the grid measures
 * where it sits in the window and renders that slice.
 */
export function CollectionGrid({ items, size, compactPoints, onOpen }: { items: CollectionItem[]; size: GridSize; compactPoints: boolean; onOpen: (item: CollectionItem) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(lastWidth);
  /** The rows in the DOM; null until measured (then the first FIRST_ROWS). */
  const [range, setRange] = useState<RowRange | null>(null);
  /** The slice asked for last (the state's value may not have rendered yet). */
  const drawn = useRef<RowRange | null>(null);

  // The width and the first slice are read after the browser's own layout (a ResizeObserver's
  // first call, a frame callback), not during React's commit: reading them there forced a layout
  // of the whole new screen inside the commit's task (a trace of a 10,000-card binder loading at
  // 4x CPU: ~130 ms of forced layout on top of React's ~160 ms, one task).
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth((lastWidth = entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const gap = width < 520 ? 8 : 14;
  const columns = width ? columnsFor(width, size, gap) : 1;
  const tileWidth = width ? (width - gap * (columns - 1)) / columns : 0;
  const rowHeight = Math.max(1, Math.round(tileWidth * 1.4 + CAPTION + gap));
  const rows = Math.ceil(items.length / columns);
  // The tile's real width, so a dense screen takes the 2x art only for big tiles.
  const artSizes = `${Math.max(1, Math.round(tileWidth))}px`;

  useEffect(() => {
    // Before the width is known, rows have no height yet: a slice measured then is far too long.
    if (!width) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = ref.current;
      if (!el) return;
      const top = -el.getBoundingClientRect().top;
      const onScreen = { first: Math.max(0, Math.floor(top / rowHeight)), last: Math.min(rows - 1, Math.ceil((top + window.innerHeight) / rowHeight)) };
      const wanted = { first: Math.max(0, onScreen.first - OVERSCAN), last: Math.min(rows - 1, onScreen.last + OVERSCAN) };
      const next = nextRowRange(drawn.current, onScreen, wanted);
      drawn.current = next;
      setRange((r) => (r?.first === next.first && r.last === next.last ? r : next));
      // The rows still missing around the screen follow, one more each frame.
      if (next.first !== wanted.first || next.last !== wanted.last) schedule();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [width, rowHeight, rows]);

  const shown = range ?? { first: 0, last: FIRST_ROWS - 1 };
  const visible = [];
  for (let row = shown.first; row <= Math.min(shown.last, rows - 1); row++) {
    visible.push(
      <div key={row} className="binder__row" style={{ transform: `translateY(${row * rowHeight}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap }}>
        {items.slice(row * columns, row * columns + columns).map((item) => (
          <CollectionTile key={item.key} item={item} compactPoints={compactPoints} onOpen={onOpen} artSizes={artSizes} />
        ))}
      </div>,
    );
  }

  return (
    <div ref={ref} className={`binder binder--size-${size}`} aria-label={`Your cards, ${items.length} shown`} style={{ height: rows * rowHeight, "--card-w": `${tileWidth}px` } as CSSProperties}>
      {width > 0 && visible}
    </div>
  );
}
