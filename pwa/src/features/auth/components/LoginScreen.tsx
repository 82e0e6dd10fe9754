import { Link } from "@tanstack/react-router";
import { Logo } from "../../../lib/ui/Logo";
import { usePageTitle } from "../../../lib/usePageTitle";
import { useAgeGate } from "../hooks";
import { AGE_GATE, LOGIN_FOOTER, LOGIN_TAGLINE } from "../loginScreenText";
import { AgeGate } from "./AgeGate";
import { LoginForm } from "./LoginForm";
import "./LoginScreen.css";

/** What a signed-out visitor sees on /: the age gate first, then the login form. */
export function LoginScreen() {
  const ageGate = useAgeGate();
  usePageTitle(ageGate.accepted ? "Sign in" : AGE_GATE.pageTitle);
  return (
    <div className="login-screen">
      <LoginBackdrop />
      <main className="login-screen__main">
        <header className="login-screen__brand">
          <Logo size="lg" />
          <p className="login-screen__tagline">{LOGIN_TAGLINE}</p>
        </header>
        {ageGate.accepted ? <LoginForm /> : <AgeGate onAccept={ageGate.accept} />}
      </main>
      <footer className="login-screen__footer">
        <Link to="/terms">{LOGIN_FOOTER.terms}</Link>
        <span aria-hidden="true">•</span>
        <Link to="/privacy">{LOGIN_FOOTER.privacy}</Link>
        <span aria-hidden="true">•</span>
        <span>{LOGIN_FOOTER.adultsOnly}</span>
      </footer>
    </div>
  );
}

/** The sign-in screens' backdrop: three floating cards (the login screen and the account-link pages). */
export function LoginBackdrop() {
  return (
    <div className="login-screen__backdrop" aria-hidden="true">
      <span className="login-card login-card--1" />
      <span className="login-card login-card--2" />
      <span className="login-card login-card--3" />
    </div>
  );
}
