import { Outlet, createRootRouteWithContext, useMatches } from "@tanstack/react-router";
import { Suspense, useDeferredValue, useEffect } from "react";
import { ensureSessionChecked } from "../features/auth/api";
import { LoginScreen } from "../features/auth/components/LoginScreen";
import { DeferredUpdatePrompt } from "../lib/pwa/DeferredUpdatePrompt";
import { useSession } from "../lib/session";
import { LoadingScreen } from "../lib/ui/LoadingScreen";
import { OfflineNotice } from "../lib/ui/OfflineNotice";
import { NotFoundPage, RouteError } from "../lib/ui/RouteErrorPage";
import type { RouterContext } from "../router";
import { SignedInApp, loadSignedInApp } from "./-signedIn/loadSignedInApp";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: () => <NotFoundPage />,
});

function RootLayout() {
  // Public pages and error pages stand alone; every game view sits behind the session gate.
  const standalone = useMatches({
    select: (matches) =>
      matches.length <= 1 || matches.some((m) => m.staticData.public === true || m.status === "error" || m.status === "notFound"),
  });
  return (
    <>
      <OfflineNotice />
      {standalone ? <Outlet /> : <SessionGate />}
      <DeferredUpdatePrompt />
    </>
  );
}

/** SPEC.md section 2, main app: loading, then login, then (in the signed-in chunk) choose-username and the game. */
function SessionGate() {
  const session = useStartUpSession();
  useEffect(() => {
    void ensureSessionChecked();
  }, []);

  if (!session.checked) return <LoadingScreen />;
  if (!session.isAuthenticated || !session.user) {
    // The login paints without the game's code; the first touch of the form starts fetching it,
    // so it is usually there by the time the player has typed a password.
    return (
      <div className="gate-prefetch" onPointerDownCapture={prefetchGame} onFocusCapture={prefetchGame} onKeyDownCapture={prefetchGame}>
        <LoginScreen />
      </div>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInApp />
    </Suspense>
  );
}

/**
 * The session, with the end of the start-up check rendered in the background: React draws the
 * login screen, or the whole signed-in shell and its first view, in slices instead of one long
 * task while the loading screen stays up (issue 11, first load). A session not checked yet only
 * ever shows the loading screen, so the deferred value cannot show a view without its player.
 * Every later change (login, sign-out) is rendered at once.
 */
function useStartUpSession() {
  const live = useSession();
  const deferred = useDeferredValue(live);
  return deferred.checked ? live : deferred;
}

function prefetchGame() {
  void loadSignedInApp();
}
