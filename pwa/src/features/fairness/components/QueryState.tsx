import type { QueryOfflineView } from "../../../lib/queryOffline";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { OfflineState } from "../../../lib/ui/OfflineState";

/** Loading, offline, or the error with Try again: the states of one query on these screens. */
export function QueryState({ view, fallback, onRetry }: { view: QueryOfflineView; fallback: string; onRetry: () => void }) {
  return (
    <>
      {view.loading && (
        <p className="fairness__status" role="status">
          Loading...
        </p>
      )}
      <OfflineState view={view} />
      {view.error && (
        <div className="fairness__error">
          <ErrorBanner>{messageOf(view.error, fallback)}</ErrorBanner>
          <Button onClick={onRetry}>Try again</Button>
        </div>
      )}
    </>
  );
}
