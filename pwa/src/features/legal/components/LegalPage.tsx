import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { MSG } from "@contract/messages";
import { Icon } from "../../../lib/ui/Icon";
import { Logo } from "../../../lib/ui/Logo";
import { usePageTitle } from "../../../lib/usePageTitle";
import { LegalTextError, legalTextQueryOptions, type LegalDocumentPath } from "../api";
import { LegalMarkdown } from "../legalMarkdown";
import "../../../lib/ui/Button.css";
import "./LegalPage.css";

/** /terms and /privacy: a Markdown file rendered in the game's frame, with 'Back to Game'. */
export function LegalPage({ title, source }: { title: string; source: LegalDocumentPath }) {
  usePageTitle(title);
  const text = useQuery(legalTextQueryOptions(source));
  return (
    <div className="legal">
      <header className="legal__bar">
        <Link to="/" className="legal__logo" aria-label="Back to the game">
          <Logo size="sm" />
        </Link>
        <BackToGame />
      </header>
      <main className="legal__main">
        <article className="legal__doc panel" aria-busy={text.isPending}>
          {text.isPending ? (
            <p role="status" className="legal__status">
              Loading {title}...
            </p>
          ) : text.isError ? (
            <>
              <h1>{title}</h1>
              <p role="alert" className="legal__status">
                {text.error instanceof LegalTextError && text.error.kind === "missing" ? MSG.contentNotAvailable : MSG.errorLoadingContent}
              </p>
            </>
          ) : (
            <LegalMarkdown text={text.data} renderLink={renderLink} />
          )}
        </article>
        <div className="legal__footer">
          <BackToGame />
        </div>
      </main>
    </div>
  );
}

function BackToGame() {
  return (
    <Link to="/" className="btn btn--secondary btn--md">
      <Icon name="arrowLeft" size={18} />
      <span className="btn__label">Back to Game</span>
    </Link>
  );
}

/** Links inside the texts: our own pages stay in the app, web links open in a new tab, mail links
 * open the mail app; anything else (javascript:, data:...) is shown as plain text. */
function renderLink(href: string, children: ReactNode, key: number): ReactNode {
  if (href === "/terms" || href === "/privacy" || href === "/") {
    return (
      <Link key={key} to={href}>
        {children}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(href)) {
    return (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  if (/^mailto:/i.test(href) || /^[/#]/.test(href)) {
    return (
      <a key={key} href={href}>
        {children}
      </a>
    );
  }
  return <span key={key}>{children}</span>;
}
