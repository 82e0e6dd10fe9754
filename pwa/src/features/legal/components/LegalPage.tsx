import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { AnchorHTMLAttributes } from "react";
import Markdown from "react-markdown";
import { MSG } from "@contract/messages";
import { Icon } from "../../../lib/ui/Icon";
import { Logo } from "../../../lib/ui/Logo";
import { usePageTitle } from "../../../lib/usePageTitle";
import { LegalTextError, legalTextQueryOptions, type LegalDocumentPath } from "../api";
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
            <Markdown components={{ a: MarkdownLink }}>{text.data}</Markdown>
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

/** Links inside the texts: our own pages stay in the app, anything else opens in a new tab. */
function MarkdownLink({ href = "", children, node: _node, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown }) {
  if (href === "/terms" || href === "/privacy" || href === "/") {
    return <Link to={href}>{children}</Link>;
  }
  const external = /^https?:\/\//.test(href);
  return (
    <a href={href} {...rest} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
    </a>
  );
}
