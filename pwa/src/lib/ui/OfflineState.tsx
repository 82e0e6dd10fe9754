import { MSG } from "@contract/messages";
import type { QueryOfflineView } from "../queryOffline";
import "./OfflineState.css";

/**
 * The line under a section fed by a server query while offline: its data marked as last seen, or
 * that it was never loaded and comes back with the network. Nothing while online.
 */
export function OfflineState({ view }: { view: QueryOfflineView }) {
  if (view.lastKnown)
    return (
      <p className="offline-state" data-testid="offline-last-seen">
        {MSG.offlineLastSeen}
      </p>
    );
  if (view.missing)
    return (
      <p className="offline-state is-missing" data-testid="offline-not-loaded">
        {MSG.offlineNotLoaded}
      </p>
    );
  return null;
}
