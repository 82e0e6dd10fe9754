import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createQueryClient } from "./lib/queryClient";
import { getSession, onSessionCleared } from "./lib/session";
import { ToastProvider } from "./lib/ui/Toasts";
import { createAppRouter } from "./router";
import { loadSignedInApp } from "./routes/-signedIn/loadSignedInApp";
import "./styles/tokens.css";
import "./styles/base.css";

// A player remembered on this device will most likely be let in: fetch the game's chunk alongside
// the session check instead of after it. A new visitor does not download it before signing in.
if (getSession().isAuthenticated) void loadSignedInApp();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Signing out forgets every player's cached data; public texts and the app config stay.
onSessionCleared(() => {
  queryClient.removeQueries({ predicate: (query) => query.meta?.keepOnSignOut !== true });
});

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// Sound (AudioProvider) and the offline mirror live in the signed-in chunk (routes/-signedIn).
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
