import { lazy, useCallback, useDeferredValue, useId, useMemo, useState } from "react";
import { Link } from "@tanstack/react-router";
import { FALLBACK, MSG } from "@contract/messages";
import { SETS, type SetId } from "../../../../../api/src/game/sets";
import { formatCompact, formatNumber } from "../../../lib/format";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { LazyPart } from "../../../lib/ui/LazyPart";
import { PartNotLoadedDialog } from "../../../lib/ui/PartNotLoadedDialog";
import { SMALL_SCREEN_QUERY, useMediaQuery } from "../../../lib/useMediaQuery";
import { buildCollection, filterItems, GRID_SIZES, progressLabel, type CollectionItem, type SetFilter, type StatusFilter } from "../collectionModel";
import { useCollectionData, useGridSize, useRank } from "../hooks";
import { CollectionGrid } from "./CollectionGrid";
import "./collection.css";

// The inspector brings the effects stage (PixiJS) with it: fetched on the first card opened, not
// with the screen, so the binder itself loads light (issue 11, first load).
const CardInspector = lazy(() => import("./CardInspector").then((m) => ({ default: m.CardInspector })));

const STATUS_OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "collected", label: "Collected" },
  { value: "missing", label: "Missing" },
];

/** SPEC.md section 2, Collection screen. */
export function CollectionScreen() {
  const user = useSignedInUser();
  const data = useCollectionData(user.id);
  const rank = useRank(user.id);
  const [gridSize, setGridSize] = useGridSize();
  const [setFilter, setSetFilter] = useState<SetFilter>("all");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [inspected, setInspected] = useState<CollectionItem | null>(null);
  const small = useMediaQuery(SMALL_SCREEN_QUERY);

  // The cards arrive through a query store, whose updates React renders at once, in one task: for
  // 10,000 cards the whole screen was ~55 ms at 4x CPU. Deferred, that render is React's
  // interruptible kind, split into short tasks; the loading state shows until it is ready.
  const cards = useDeferredValue(data.cards);
  const arriving = !cards && !!data.cards;
  const model = useMemo(() => buildCollection(cards ?? []), [cards]);
  // A set filter for a set the player no longer owns falls back to all sets.
  const activeSet: SetFilter = setFilter !== "all" && !model.ownedSets.includes(setFilter) ? "all" : setFilter;
  const shown = useMemo(() => filterItems(model.items, activeSet, status), [model.items, activeSet, status]);
  // Mounted from the first inspection on, so the dialog keeps its closing behaviour afterwards.
  const [inspectorUsed, setInspectorUsed] = useState(false);
  const open = useCallback((item: CollectionItem) => {
    setInspectorUsed(true);
    setInspected(item);
  }, []);
  const points = small ? formatCompact(model.totalPoints) : formatNumber(model.totalPoints);
  // A player with no card at all sees "No cards yet" and the way to the packs, not 128 grey tiles
  // under "No cards found"; the Missing filter still browses the catalogue.
  const noCards = model.cardCount === 0 && status !== "missing";
  const visible = noCards ? [] : shown;
  // Phones fold the per-set progress behind one summary line, so the first cards are on screen.
  const [progressOpen, setProgressOpen] = useState(false);
  const progressId = useId();
  const collected = model.progress.reduce((n, p) => n + p.collected, 0);
  const entries = model.progress.reduce((n, p) => n + p.total, 0);

  return (
    // While the cards load, the screen reserves a full viewport (the binder is always taller), so
    // the footer does not jump down when they arrive (issue 11: no layout shift).
    <section className="collection" aria-labelledby="collection-title" aria-busy={!cards}>
      <header className="collection__head">
        <div className="collection__title">
          <h1 id="collection-title">Your Collection</h1>
          <p className="collection__sub">
            <span>{cards ? `${formatNumber(model.cardCount)} ${model.cardCount === 1 ? "card" : "cards"}` : "\u00a0"}</span>
            {/* Issue 15: every pack opened, the luck chart and the downloads. */}
            <Link to="/history" className="collection__history text-link">
              Pull history
            </Link>
          </p>
        </div>
        <dl className="collection__stats">
          <div className="stat stat--points">
            <dt>Total points</dt>
            <dd data-testid="collection-points">{cards ? points : "--"}</dd>
          </div>
          <div className="stat stat--rank">
            <dt>Global rank</dt>
            <dd data-testid="collection-rank">{rank?.rank ? `#${formatNumber(rank.rank)}` : "--"}</dd>
          </div>
        </dl>
      </header>

      {data.offline && cards && <NoticeBanner icon="offline">{MSG.collectionOffline(data.syncedAt ? new Date(data.syncedAt).toLocaleString() : null)}</NoticeBanner>}

      {!cards && data.loading && !navigator.onLine && <NoticeBanner icon="offline">{MSG.collectionNotSynced}</NoticeBanner>}
      {!cards && (data.loading || arriving) && navigator.onLine && (
        <p className="collection__loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading your collection...
        </p>
      )}
      {!cards && data.failed && (
        <ErrorBanner>
          {FALLBACK.collection}.{" "}
          <Button size="sm" variant="ghost" onClick={data.retry} icon={<Icon name="refresh" size={16} />}>
            Try again
          </Button>
        </ErrorBanner>
      )}

      {cards && (
        <>
          <button type="button" className="set-progress__toggle" aria-expanded={progressOpen} aria-controls={progressId} onClick={() => setProgressOpen((o) => !o)}>
            <span>Set progress</span>
            <span className="set-progress__total">
              {formatNumber(collected)}/{formatNumber(entries)} collected
            </span>
            <Icon name="arrowLeft" size={16} className="set-progress__chevron" />
          </button>
          <ul id={progressId} className={`set-progress${progressOpen ? " is-open" : ""}`} aria-label="Set progress">
            {model.progress.map((p) => (
              <li key={p.set} className={`set-progress__item${p.collected === p.total ? " is-complete" : ""}`}>
                <span className="set-progress__label">{progressLabel(p)}</span>
                <span className="set-progress__bar" aria-hidden="true">
                  <span style={{ width: `${p.percent}%` }} />
                </span>
              </li>
            ))}
          </ul>

          <div className="collection__toolbar">
            <label className="toolbar-field">
              <span className="visually-hidden">Set</span>
              <select value={activeSet} onChange={(e) => setSetFilter(e.target.value === "all" ? "all" : (Number(e.target.value) as SetId))}>
                <option value="all">All Sets</option>
                {SETS.filter((s) => model.ownedSets.includes(s.id)).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.id} {s.name}
                  </option>
                ))}
              </select>
            </label>
            <div className="segmented" role="group" aria-label="Show">
              {STATUS_OPTIONS.map((o) => (
                <button key={o.value} type="button" aria-pressed={status === o.value} onClick={() => setStatus(o.value)}>
                  {o.label}
                </button>
              ))}
            </div>
            <div className="segmented segmented--sizes" role="group" aria-label="Grid size">
              {GRID_SIZES.map((size) => (
                <button key={size} type="button" aria-pressed={gridSize === size} onClick={() => setGridSize(size)} aria-label={`Grid size ${size}`}>
                  {size}
                </button>
              ))}
            </div>
            <span className="collection__count" role="status">
              Showing {formatNumber(visible.length)} of {formatNumber(model.items.length)} cards
            </span>
          </div>

          {noCards ? (
            <div className="collection__empty">
              <Icon name="packs" size={40} />
              <h2>{MSG.collectionNoCardsTitle}</h2>
              <p>{MSG.collectionNoCardsHint}</p>
              <Link to="/" className="btn btn--primary btn--md">
                <span className="btn__label">{MSG.collectionNoCardsAction}</span>
              </Link>
            </div>
          ) : (
            visible.length === 0 && (
              <div className="collection__empty">
                <Icon name="collection" size={40} />
                <h2>{MSG.collectionEmptyTitle}</h2>
                <p>{MSG.collectionEmptyHint}</p>
              </div>
            )
          )}
          {visible.length > 0 && <CollectionGrid items={visible} size={gridSize} compactPoints={small} onOpen={open} />}
        </>
      )}

      {inspectorUsed && (
        <LazyPart fallback={<PartNotLoadedDialog open={!!inspected} onClose={() => setInspected(null)} />}>
          <CardInspector item={inspected} onClose={() => setInspected(null)} />
        </LazyPart>
      )}
    </section>
  );
}
