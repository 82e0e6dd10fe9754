import { lazy, useRef, useState, type FormEvent } from "react";
import { LIMITS } from "@contract/rules";
import { FALLBACK, MSG } from "@contract/messages";
import { ApiError, messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { PasskeyButton } from "../../../lib/ui/PasskeyButton";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { TextField } from "../../../lib/ui/TextField";
import { passkeyMessageOf, passkeysSupported } from "../../../lib/passkeys";
import { useLogin, usePasskeyLogin, useRegister } from "../hooks";
import { checkNewAccount, type Credentials } from "../api";
import { isUnknownUsername, loginErrorText, newAccountCheckText, newAccountProblem, registrationErrorText, validateLogin } from "../loginMessages";
import { LazyPart } from "../../../lib/ui/LazyPart";
import { PartNotLoadedDialog } from "../../../lib/ui/PartNotLoadedDialog";

// Both dialogs load when needed, not with the first screen: the terms' code is asked for as the
// form is sent (it shows only if the username is new, after the server's answer), the reset's on
// its link.
const loadTermsDialog = () => import("./TermsDialog");
const TermsDialog = lazy(() => loadTermsDialog().then((m) => ({ default: m.TermsDialog })));
const ForgotPasswordDialog = lazy(() => import("./ForgotPasswordDialog").then((m) => ({ default: m.ForgotPasswordDialog })));

/**
 * Username and password. An unknown username opens the terms dialog holding the typed
 * credentials; accepting it creates the account (SPEC.md section 4, login page).
 */
export function LoginForm() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingAccount, setPendingAccount] = useState<Credentials | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const passkeyMutation = usePasskeyLogin();
  const [withPasskey] = useState(passkeysSupported);

  function handlePasskey() {
    setNotice(null);
    setError(null);
    passkeyMutation.mutate(undefined, { onError: (err) => setError(passkeyMessageOf(err, FALLBACK.passkeySignIn)) });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const credentials = { username: username.trim(), password };
    setNotice(null);
    const problem = validateLogin(credentials.username, credentials.password);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    void loadTermsDialog().catch(() => undefined);
    loginMutation.mutate(credentials, {
      onError: (err) => {
        const message = messageOf(err, FALLBACK.login);
        if (!isUnknownUsername(message)) setError(loginErrorText(message));
        else {
          const problem = newAccountProblem(credentials.username, credentials.password);
          if (problem) setError(problem);
          else void offerAccount(credentials);
        }
      },
    });
  }

  /** The API's password policy (common passwords too) before the terms dialog, not after it (issue 44). */
  async function offerAccount(credentials: Credentials) {
    setChecking(true);
    try {
      await checkNewAccount(credentials);
      setPendingAccount(credentials);
    } catch (err) {
      const text = err instanceof ApiError ? newAccountCheckText(err.status, err.message) : messageOf(err, FALLBACK.register);
      if (text) setError(text);
      else setPendingAccount(credentials);
    } finally {
      setChecking(false);
    }
  }

  async function createAccount(credentials: Credentials) {
    try {
      await registerMutation.mutateAsync(credentials);
    } catch (err) {
      setPendingAccount(null);
      setError(registrationErrorText(messageOf(err, FALLBACK.register)));
    }
  }

  function cancelAccount() {
    setPendingAccount(null);
    setUsername("");
    setPassword("");
    setError(null);
    setNotice(MSG.accountCreationCancelled);
    usernameRef.current?.focus();
  }

  return (
    <section className="auth-panel panel" aria-labelledby="login-title">
      <h1 id="login-title" className="auth-panel__title">
        Enter the vault
      </h1>
      <p className="auth-panel__lead">Sign in, or pick a new username to start collecting.</p>

      <form className="login-form" onSubmit={handleSubmit} noValidate>
        <TextField
          ref={usernameRef}
          label="Username"
          icon="user"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LIMITS.usernameMax}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          data-autofocus
        />
        <TextField
          label="Password"
          icon="lock"
          name="password"
          type="password"
          autoComplete="current-password"
          minLength={LIMITS.loginPasswordMin}
          maxLength={LIMITS.loginPasswordMax}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="login-form__row">
          <button type="button" className="text-link" onClick={() => setForgotOpen(true)}>
            Forgot password?
          </button>
        </div>
        <ErrorBanner>{error}</ErrorBanner>
        <NoticeBanner>{notice}</NoticeBanner>
        <Button type="submit" variant="primary" size="lg" block busy={loginMutation.isPending || checking} busyLabel="Entering...">
          Begin Adventure
        </Button>
        {withPasskey && (
          <PasskeyButton variant="secondary" size="lg" block iconSize={18} onClick={handlePasskey} busy={passkeyMutation.isPending}>
            Sign in with a passkey
          </PasskeyButton>
        )}
      </form>

      <ul className="login-hints" aria-label="How signing in works">
        <li>
          <Icon name="sparkles" size={20} />
          <span>
            <strong>New collector?</strong> Choose a username and a password of at least {LIMITS.newPasswordMin} characters. We will offer to create your account.
          </span>
        </li>
        <li>
          <Icon name="collection" size={20} />
          <span>
            <strong>Returning collector?</strong> Sign in with your username and password{withPasskey ? ", or a passkey you added in Account Settings," : ""} to pick up your collection.
          </span>
        </li>
      </ul>

      {pendingAccount !== null && (
        <LazyPart fallback={<PartNotLoadedDialog open onClose={cancelAccount} />}>
          <TermsDialog open username={pendingAccount.username} onCancel={cancelAccount} onCreate={() => createAccount(pendingAccount)} />
        </LazyPart>
      )}
      {forgotOpen && (
        <LazyPart fallback={<PartNotLoadedDialog open onClose={() => setForgotOpen(false)} />}>
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />
        </LazyPart>
      )}
    </section>
  );
}
