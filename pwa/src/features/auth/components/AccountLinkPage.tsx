import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Logo } from "../../../lib/ui/Logo";
import { usePageTitle } from "../../../lib/usePageTitle";
import { LoginBackdrop } from "./LoginScreen";
import "./LoginScreen.css";

/**
 * The frame of the pages an e-mailed link opens (issue 46: /reset-password, /confirm-email):
 * the login screen's backdrop and logo around one panel, shown signed in or not.
 */
export function AccountLinkPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="login-screen">
      <LoginBackdrop />
      <main className="login-screen__main">
        <header className="login-screen__brand">
          <Link to="/" aria-label="Back to the game">
            <Logo size="lg" />
          </Link>
        </header>
        <section className="auth-panel panel" aria-labelledby="link-page-title">
          <h1 id="link-page-title" className="auth-panel__title">
            {title}
          </h1>
          {children}
        </section>
      </main>
    </div>
  );
}
