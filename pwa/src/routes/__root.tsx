import { Outlet, createRootRouteWithContext, useMatches } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { MSG } from "@contract/messages";
import { AccountSettingsDialog } from "../features/account/components/AccountSettingsDialog";
import { ChooseUsernameScreen } from "../features/account/components/ChooseUsernameScreen";
import { ensureSessionChecked } from "../features/auth/api";
import { LoginScreen } from "../features/auth/components/LoginScreen";
import { useLogout } from "../features/auth/hooks";
import { ChatButton } from "../features/chat/components/ChatButton";
import { AppShell } from "../features/header/components/AppShell";
import { HeaderRank } from "../features/leaderboard/components/HeaderRank";
import { useRewards } from "../features/rewards/hooks";
import { SupportButton } from "../features/support/components/SupportButton";
import { UpdatePrompt } from "../lib/pwa/UpdatePrompt";
import { useSession } from "../lib/session";
import { useUserDataSync } from "../lib/userData";
import { LoadingScreen } from "../lib/ui/LoadingScreen";
import { OfflineNotice } from "../lib/ui/OfflineNotice";
import { RouteErrorPage, describeRouteError } from "../lib/ui/RouteErrorPage";
import type { RouterContext } from "../router";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ({ error, reset }) => <RouteErrorPage detail={describeRouteError(error)} onRetry={reset} />,
  notFoundComponent: () => <RouteErrorPage detail={MSG.pageNotFound} />,
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
      <UpdatePrompt />
    </>
  );
}

/** SPEC.md section 2, main app: loading, then login, then choose-username, then the game. */
function SessionGate() {
  const session = useSession();
  const logout = useLogout();
  useEffect(() => {
    void ensureSessionChecked();
  }, []);

  if (!session.checked) return <LoadingScreen />;
  if (!session.isAuthenticated || !session.user) return <LoginScreen />;
  if (!session.user.displayName) return <ChooseUsernameScreen onSignOut={() => logout.mutate()} />;
  return <SignedInShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} />;
}

function SignedInShell({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  useUserDataSync();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const user = useSession().user!;
  // SPEC.md section 4: the rewards badge counts claimable rewards, refreshed every 30 s and on events.
  const rewards = useRewards(user.id);
  return (
    <AppShell
      onOpenSettings={() => setSettingsOpen(true)}
      onLogout={onLogout}
      loggingOut={loggingOut}
      navBadges={{ rewards: rewards.claimable }}
      rankSlot={<HeaderRank />}
      chatSlot={<ChatButton />}
      supportSlot={<SupportButton />}
    >
      <Outlet />
      <AccountSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </AppShell>
  );
}
