import { MSG } from "@contract/messages";
import { Icon } from "./Icon";
import { Logo } from "./Logo";
import "./Button.css";
import "./RouteErrorPage.css";

/**
 * SPEC.md section 2: the generic page for routing failures, 'Unexpected Application Error!'.
 * Also shown for paths the game does not have, with '404 Not Found' as the detail.
 */
export function RouteErrorPage({ detail, onRetry }: { detail: string; onRetry?: () => void }) {
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
              <span className="btn__label">Try again</span>
            </button>
          )}
        </div>
      </section>
    </main>
  );
}

/** The detail line for a thrown value: its message, never a stack. */
export function describeRouteError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return "Something went wrong while opening this page.";
}
