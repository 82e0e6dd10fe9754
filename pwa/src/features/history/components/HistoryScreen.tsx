import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { PULLS_PAGE_DEFAULT } from "@contract/rules";
import { MSG } from "@contract/messages";
import { SETS } from "../../../../../api/src/game/sets";
import { setName } from "../../../lib/cardName";
import { formatNumber } from "../../../lib/format";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { useQueryOffline } from "../../../lib/queryOffline";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { Icon } from "../../../lib/ui/Icon";
import { fetchPulls, fetchPullSummary, pullsKey, type PullFilters } from "../../fairness/api";
import { PulledCards } from "../../fairness/components/PulledCardChip";
import { QueryState } from "../../fairness/components/QueryState";
import { SelectField, SET_OPTIONS, TIER_OPTIONS } from "../../fairness/components/SelectField";
import "../../fairness/components/fairness.css";
import { LuckChart } from "./LuckChart";


/** Issue 15: every pack the player opened, the luck chart, the pity counters and the downloads. */
export function HistoryScreen() {
  const [filters, setFilters] = useState<PullFilters>({});
  const summary = useQuery({ queryKey: [...pullsKey, "summary"], queryFn: ({ signal }) => fetchPullSummary(signal) });
  const pulls = useInfiniteQuery({
    queryKey: [...pullsKey, "list", filters],
    queryFn: ({ pageParam, signal }) => fetchPulls(filters, pageParam, PULLS_PAGE_DEFAULT, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
  const rows = pulls.data?.pages.flatMap((p) => p.pulls) ?? [];
  const view = useQueryOffline(pulls);
  const summaryView = useQueryOffline(summary);
  const filtered = Boolean(filters.set || filters.tier);

  return (
    <section className="history" aria-labelledby="history-title">
      <header className="fairness__head">
        <h1 id="history-title" className="screen-title">
          {MSG.historyTitle}
        </h1>
        <p className="screen-lede">Every pack you opened, newest first, with what it was drawn from.</p>
        <p className="fairness__links">
          <Link to="/fairness" className="text-link">
            Check your packs on the Fair Play page
          </Link>
        </p>
      </header>

      <div className="history__top">
        <div className="fairness__panel panel">
          {summaryView.loading && <p role="status">Loading...</p>}
          <OfflineState view={summaryView} />
          {summaryView.error && <ErrorBanner>{messageOf(summaryView.error, MSG.historyError)}</ErrorBanner>}
          {summary.data && <LuckChart summary={summary.data} />}
        </div>
        <div className="fairness__panel panel">
          <h2 className="fairness__h2">Legendary guarantee</h2>
          <p className="fairness__note">Packs since your last Legendary or Mythic of each set, and how soon one is guaranteed.</p>
          <ul className="history__pity">
            {SETS.map((s) => {
              const pity = summary.data?.pity.find((p) => p.set === s.id);
              return (
                <li key={s.id}>
                  <span>{s.name}</span>
                  <span className="history__pity-value">
                    {pity ? `${formatNumber(pity.packsSinceLegendary)} since last · ${pity.guaranteedWithin === 1 ? "next pack" : `within ${pity.guaranteedWithin} packs`}` : "..."}
                  </span>
                </li>
              );
            })}
          </ul>
          <h2 className="fairness__h2">Download your data</h2>
          <p className="history__downloads">
            {(["collection.csv", "collection.json", "pulls.csv", "pulls.json"] as const).map((file) => (
              <a key={file} className="btn btn--secondary btn--sm" href={`/api/export/${file}`} download>
                <Icon name="download" size={16} /> {file.startsWith("collection") ? "Collection" : "Pull history"} ({file.endsWith("csv") ? "CSV" : "JSON"})
              </a>
            ))}
          </p>
        </div>
      </div>

      <div className="history__filters" role="group" aria-label="Filter packs">
        <SelectField label="Set" value={String(filters.set ?? "")} options={SET_OPTIONS} anyLabel="All sets" onChange={(v) => setFilters((f) => ({ ...f, set: v ? Number(v) : undefined }))} />
        <SelectField label="Holding a card of tier" value={filters.tier ?? ""} options={TIER_OPTIONS} anyLabel="Any tier" onChange={(v) => setFilters((f) => ({ ...f, tier: v || undefined }))} />
      </div>

      <QueryState view={view} fallback={MSG.historyError} onRetry={() => void pulls.refetch()} />
      {pulls.isSuccess && rows.length === 0 && (
        <p className="fairness__empty">
          {filtered ? MSG.historyFilteredEmpty : MSG.historyEmpty}{" "}
          {!filtered && (
            <Link to="/" className="text-link">
              Go to the packs
            </Link>
          )}
        </p>
      )}
      <ol className="history__list">
        {rows.map((pull) => (
          <li key={pull.id} className="history__pull panel" data-testid="pull">
            <div className="history__pull-head">
              <strong>{setName(pull.set)}</strong>
              <time dateTime={pull.openedAt}>{new Date(pull.openedAt).toLocaleString()}</time>
              {pull.pity && <span className="history__pity-badge">Guaranteed</span>}
            </div>
            <PulledCards set={pull.set} cards={pull.cards} />
            <p className="history__proof">
              <span>Nonce {formatNumber(pull.nonce)}</span>
              <span>Client seed {pull.clientSeed}</span>
              <span className="fairness__hash" title={pull.serverSeedHash}>
                Commitment {pull.serverSeedHash.slice(0, 16)}...
              </span>
            </p>
          </li>
        ))}
      </ol>
      {pulls.hasNextPage && (
        <Button onClick={() => void pulls.fetchNextPage()} busy={pulls.isFetchingNextPage} busyLabel="Loading...">
          Load older packs
        </Button>
      )}
    </section>
  );
}
