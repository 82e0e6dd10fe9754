import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import { messageOf } from "../../../lib/http";
import { EmailAddress } from "../../../lib/ui/EmailAddress";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { confirmEmail } from "../api";
import { AccountLinkPage } from "./AccountLinkPage";

/** /confirm-email?token=...: opening the link sent to a new address confirms it (once). */
export function ConfirmEmailPage({ token }: { token: string }) {
  const [state, setState] = useState<{ ok: boolean; text: string; email?: string } | null>(token ? null : { ok: false, text: MSG.emailConfirmInvalid });
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true; // a link is single-use: React's second effect run in development must not spend it twice
    confirmEmail(token).then(
      (r) => setState({ ok: true, text: r.message, email: r.email }),
      (err: unknown) => setState({ ok: false, text: messageOf(err, FALLBACK.confirmEmail) }),
    );
  }, [token]);

  return (
    <AccountLinkPage title="Confirm your email address">
      {state === null ? (
        <p role="status">Confirming...</p>
      ) : state.ok ? (
        <NoticeBanner icon="check">
          {state.text} <EmailAddress address={state.email ?? ""} />
        </NoticeBanner>
      ) : (
        <ErrorBanner>{state.text}</ErrorBanner>
      )}
      <Link to="/" className="btn btn--primary btn--lg btn--block">
        Back to the game
      </Link>
    </AccountLinkPage>
  );
}
