import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { CardDto } from "@contract/cards";
import { readStored, writeStored } from "../../lib/storage";
import { useOnlineStatus } from "../../lib/useOnlineStatus";
import { collectionQueryOptions } from "../../offline/collectionQuery";
import { useMirroredCollection, usePlayerSnapshot } from "../../offline/collectionMirror";
import { clampGridSize, type GridSize } from "./collectionModel";

export interface CollectionData {
  cards: CardDto[] | undefined;
  /** Nothing to show yet (first load, nothing saved on this device). */
  loading: boolean;
  /** The server could not be reached and nothing was saved on this device either. */
  failed: boolean;
  /** Showing the device's copy because the network is gone (or the server is unreachable). */
  offline: boolean;
  /** When the device's copy was last synced with the server. */
  syncedAt: string | null;
  retry: () => void;
}

/** How long the server may take before the device's copy is shown in the meantime. */
const SLOW_ANSWER_MS = 1000;

/** True once `ms` have passed with `waiting` true; false again when it turns false. */
function useAfter(ms: number, waiting: boolean): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    setPassed(false);
    if (!waiting) return;
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms, waiting]);
  return passed;
}

/**
 * The player's cards: the server's answer when there is one, else the copy mirrored on this
 * device (ARCHITECTURE.md: offline browsing), which the query keeps up to date on every answer.
 */
export function useCollectionData(userId: number): CollectionData {
  const online = useOnlineStatus();
  const query = useQuery({ ...collectionQueryOptions(userId), retry: online ? 2 : false });
  // The device's copy is read only while the server's answer is missing and cannot be counted on:
  // offline, failed, or late. Online with a quick answer, Dexie is never loaded for reading.
  const late = useAfter(SLOW_ANSWER_MS, query.data === undefined);
  const readDevice = query.data === undefined && (!online || query.isError || late);
  const mirror = useMirroredCollection(userId, readDevice);
  const snapshot = usePlayerSnapshot(userId, readDevice || !online);
  // An empty copy that was never synced is "not saved on this device", not "no cards".
  const saved = mirror && (mirror.length > 0 || snapshot?.collectionSyncedAt) ? mirror : undefined;
  const cards = query.data ?? saved;
  return {
    cards,
    loading: !cards && query.isPending,
    failed: !cards && query.isError,
    offline: !online || (query.isError && !query.data && !!saved),
    syncedAt: snapshot?.collectionSyncedAt ?? null,
    retry: () => void query.refetch(),
  };
}

/** The player's rank, the header's source too (offline/lastKnown.ts). */
export { usePlayerRank as useRank } from "../../offline/lastKnown";

const GRID_KEY = "foilbound-collection-grid-v1";

/** The grid size buttons (1-5), remembered on this device. */
export function useGridSize(): [GridSize, (size: GridSize) => void] {
  const [size, setSize] = useState<GridSize>(() => clampGridSize(readStored<number>(GRID_KEY) ?? 3));
  const choose = useCallback((next: GridSize) => {
    const clamped = clampGridSize(next);
    setSize(clamped);
    writeStored(GRID_KEY, clamped);
  }, []);
  return [size, choose];
}
