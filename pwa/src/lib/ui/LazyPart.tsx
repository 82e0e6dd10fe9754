import { Component, Suspense, type ReactNode } from "react";
import { isChunkLoadError } from "../routeError";

/**
 * A part of the game whose code loads on demand (React.lazy). Before the service worker has stored
 * the game, a dropped connection makes its chunk fail; without a boundary the failure reaches the
 * route and replaces the whole screen with 'Unexpected Application Error!'. Here it shows
 * `fallback` in the part's place instead; any other error goes on up, as it would without the
 * boundary (the fallback speaks of loading only). `loading` shows while the chunk arrives. The browser keeps a failed module import for
 * the page's life (and React.lazy its rejected promise), so the part comes back with the next
 * page load.
 */
export function LazyPart({ children, fallback = null, loading = null }: { children: ReactNode; fallback?: ReactNode; loading?: ReactNode }) {
  return (
    <FallbackOnError fallback={fallback}>
      <Suspense fallback={loading}>{children}</Suspense>
    </FallbackOnError>
  );
}

class FallbackOnError extends Component<{ children: ReactNode; fallback: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) return this.props.fallback;
    throw error;
  }
}
