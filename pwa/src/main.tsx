import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { appConfigQueryOptions } from "./lib/appConfig";
import { ensureSessionChecked } from "./features/auth/api";
import { hasEarlySessionCheck } from "./lib/earlySessionCheck";
import { nextTask } from "./lib/loadInStages";
import { untilPointerReleased } from "./lib/pointerPress";
import { createQueryClient } from "./lib/queryClient";
import { getSession, onSessionCleared, subscribeSession } from "./lib/session";
import { ToastProvider } from "./lib/ui/Toasts";
import { createAppRouter } from "./router";
import { loadSignedInApp } from "./routes/-signedIn/loadSignedInApp";

const queryClient = createQueryClient();

// The game's chunk is fetched as soon as a player is known: a remembered one alongside the
// session check, anyone else the moment the check or the login lets them in. A new visitor does
// not download it before signing in. Once it is in, the views' first reads start (one per task),
// while React is still rendering them.
const loadGameWhenSignedIn = () => {
  const { isAuthenticated, user } = getSession();
  if (!isAuthenticated) return;
  void loadSignedInApp().then((game) => {
    if (user?.displayName && getSession().user?.id === user.id) void game.startFirstReads(queryClient, user.id, location.pathname);
  });
};
subscribeSession(loadGameWhenSignedIn);
loadGameWhenSignedIn();

// Signing out forgets every player's cached data; public texts and the app config stay.
onSessionCleared(() => {
  queryClient.removeQueries({ predicate: (query) => query.meta?.keepOnSignOut !== true });
});

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// What the first screen asks for starts before React: the app config (every screen's name) and
// the route (matched, its code and loader data loaded). Done inside React's first commit, each
// changed state the tree had just rendered and React rendered it all again in one long,
// synchronous task; now the first render already sees them (issue 11, first load).
// Each step in its own task: together they were one long task again.
void (async () => {
  await nextTask();
  // The router (its route tree and first run of its code) is a task of its own too: built while
  // this module was evaluated, the two were one task of 55-95 ms at 4x CPU.
  const router = createAppRouter(queryClient);
  await nextTask();
  void queryClient.prefetchQuery(appConfigQueryOptions);
  // The route's load (its code, a few requests) in a task of its own too.
  await nextTask();
  // boot.ts's session check has answered (or is about to): the first render shows its outcome,
  // not the loading screen over the age gate boot.ts drew.
  if (hasEarlySessionCheck()) await ensureSessionChecked();
  await router.load().catch((err: unknown) => console.error(err));
  await nextTask();
  // Not between a press and its release: the commit replaces what boot.ts drew, and the click on it.
  await untilPointerReleased();
  render(router);
})();

// Sound (AudioProvider) and the offline mirror live in the signed-in chunk (routes/-signedIn).
// The first render is a transition: React renders in slices and yields to the browser between
// them instead of one long task, while index.html's static loading screen stays on show.
function render(router: ReturnType<typeof createAppRouter>) {
  const root = createRoot(container!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
