import { MSG } from "@contract/messages";
import { describeRouteError, isChunkLoadError } from "../routeError";
import { Icon } from "./Icon";
import { Logo } from "./Logo";
import "./Button.css";
import "./RouteErrorPage.css";

/**
 * SPEC.md section 2: the generic page for routing failures, 'Unexpected Application Error!'.
 * A path the game does not have is not a failure: it gets NotFoundPage below.
 */
/**
 * The router's error component (every route's): 'Try again' re-runs the route, except for a
 * screen whose code could not be fetched, which only a page load brings back ('Reload game').
 */
export function RouteError({ error, reset }: { error: unknown; reset?: () => void }) {
  const reload = isChunkLoadError(error);
  return <RouteErrorPage detail={describeRouteError(error)} onRetry={reload ? () => window.location.reload() : reset} retryLabel={reload ? MSG.partReload : undefined} />;
}

export function RouteErrorPage({ detail, onRetry, retryLabel = "Try again" }: { detail: string; onRetry?: () => void; retryLabel?: string }) {
  return (
    <main className="route-error">
      <Logo size="md" />
      <section className="route-error__panel panel" aria-labelledby="route-error-title">
        <Icon name="alert" size={40} className="route-error__icon" />
        <h1 id="route-error-title" className="route-error__title">
          {MSG.unexpectedError}
        </h1>
        <p className="route-error__detail">{detail}</p>
        <div className="route-error__actions">
          {/* A full page load, so a broken client state cannot follow the player home. */}
          <a className="btn btn--primary btn--md" href="/">
            <span className="btn__label">Back to Game</span>
          </a>
          {onRetry && (
            <button type="button" className="btn btn--secondary btn--md" onClick={onRetry}>
              <Icon name="refresh" size={18} />
              <span className="btn__label">{retryLabel}</span>
            </button>
          )}
        </div>
      </section>
    </main>
  );
}

/** A path the game does not have (SPEC.md: other routes are not shown): reads as a 404, calmly. */
export function NotFoundPage() {
  return (
    <main className="route-error route-error--404">
      <Logo size="md" />
      <section className="route-error__panel panel" aria-labelledby="not-found-title">
        <p className="route-error__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="route-error__title">
          {MSG.pageNotFoundTitle}
        </h1>
        <p className="route-error__lede">{MSG.pageNotFoundBody}</p>
        <p className="route-error__detail">{MSG.pageNotFound}</p>
        <div className="route-error__actions">
          <a className="btn btn--primary btn--md" href="/">
            <span className="btn__label">Back to Game</span>
          </a>
        </div>
      </section>
    </main>
  );
}
