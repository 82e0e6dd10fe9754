import { Outlet } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { AudioProvider } from "../../audio/AudioProvider";
import { useLogout } from "../../features/auth/hooks";
import { ChatButton } from "../../features/chat/components/ChatButton";
import { AppShell } from "../../features/header/components/AppShell";
import { HeaderRank } from "../../features/leaderboard/components/HeaderRank";
import { useRewards } from "../../features/rewards/hooks";
import { canShowAppBadge, useAppBadge } from "../../install/appBadge";
import { useOffersWaiting } from "../../features/trading/offersWaiting";
import { SupportButton } from "../../features/support/components/SupportButton";
import { signedInThisPage, useSignedInUser } from "../../lib/session";
import { LazyPart } from "../../lib/ui/LazyPart";
import { LoadingScreen } from "../../lib/ui/LoadingScreen";
import { PartNotLoadedDialog } from "../../lib/ui/PartNotLoadedDialog";
import { useUserDataSync } from "../../lib/userData";
import { useLiveStream } from "../../live/useLiveStream";
import { installOfflineMirror } from "../../offline/installOfflineMirror";
import { loadSignInSave, usePlayerSync } from "../../offline/playerSync";
import { useAssetWarmUp } from "../../offline/useAssetWarmUp";

export { startFirstReads } from "./firstReads";

// Everything a signed-in player needs around the game views, in its own chunk: a visitor on the
// age gate or the login form never waits for it (issue 11, first load). The '-' prefix keeps the
// router plugin from reading this folder as routes.

// The signed-in player's data is kept on the device for offline visits (and dropped on sign-out).
// Installed with this chunk: nobody can sign out, or be mirrored, before it has loaded.
installOfflineMirror();

// Account settings are opened rarely: fetched on first open, not with every game view.
const AccountSettingsDialog = lazy(() =>
  import("../../features/account/components/AccountSettingsDialog").then((m) => ({ default: m.AccountSettingsDialog })),
);
// Once per account, right after it is created: not part of every signed-in visit's first load.
const ChooseUsernameScreen = lazy(() =>
  import("../../features/account/components/ChooseUsernameScreen").then((m) => ({ default: m.ChooseUsernameScreen })),
);
// Only after a sign-in on this page, with the save it tells of (issue 45).
const SavingForOfflineNote = lazy(() => loadSignInSave().then((m) => ({ default: m.SavingForOfflineNote })));

/** SPEC.md section 2, after the login: choose a username if none yet, then the game. */
export default function SignedInApp() {
  const user = useSignedInUser();
  const logout = useLogout();
  return (
    <AudioProvider>
      {user.displayName ? (
        <SignedInShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} />
      ) : (
        // A failed fetch of its code reaches the route's error page, with its 'Reload game'.
        <Suspense fallback={<LoadingScreen />}>
          <ChooseUsernameScreen onSignOut={() => logout.mutate()} />
        </Suspense>
      )}
    </AudioProvider>
  );
}

function SignedInShell({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  useUserDataSync();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from the first opening on, so the dialog keeps its closing behaviour afterwards.
  const [settingsUsed, setSettingsUsed] = useState(false);
  const user = useSignedInUser();
  // The whole collection and summary saved on the device for offline screens (issue 12); right
  // after a sign-in, at once and with a note (issue 45).
  usePlayerSync(user.id);
  // Issue 47: chat, offers, battles, coins, rewards and rank arrive as they happen.
  useLiveStream(user.id);
  // Issue 12: art and sounds kept for offline visits, fetched in quiet moments.
  useAssetWarmUp(user.id);
  // SPEC.md section 4: the rewards badge counts claimable rewards, refreshed every 30 s and on events.
  const rewards = useRewards(user.id);
  // The installed app's icon carries that count and the offers waiting for an answer (issues 12, 47).
  const offersWaiting = useOffersWaiting(canShowAppBadge());
  useAppBadge(rewards.claimable + offersWaiting);
  return (
    <AppShell
      onOpenSettings={() => {
        setSettingsUsed(true);
        setSettingsOpen(true);
      }}
      onLogout={onLogout}
      loggingOut={loggingOut}
      navBadges={{ rewards: rewards.claimable }}
      rankSlot={<HeaderRank />}
      chatSlot={<ChatButton />}
      supportSlot={<SupportButton />}
    >
      <Outlet />
      {settingsUsed && (
        <LazyPart fallback={<PartNotLoadedDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />}>
          <AccountSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </LazyPart>
      )}
      {signedInThisPage(user.id) && (
        <LazyPart>
          <SavingForOfflineNote />
        </LazyPart>
      )}
    </AppShell>
  );
}
