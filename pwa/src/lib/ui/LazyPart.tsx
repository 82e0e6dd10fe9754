import { Component, Suspense, type ReactNode } from "react";

/**
 * A part of the game whose code loads on demand (React.lazy). Before the service worker has stored
 * the game, a dropped connection makes its chunk fail; without a boundary the failure reaches the
 * route and replaces the whole screen with 'Unexpected Application Error!'. Here it shows
 * `fallback` in the part's place instead. The browser keeps a failed module import for the page's
 * life (and React.lazy its rejected promise), so the part comes back with the next page load.
 */
export function LazyPart({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <FallbackOnError fallback={fallback}>
      <Suspense fallback={null}>{children}</Suspense>
    </FallbackOnError>
  );
}

class FallbackOnError extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
