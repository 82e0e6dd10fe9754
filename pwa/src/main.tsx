import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AudioProvider } from "./audio/AudioProvider";
import { createQueryClient } from "./lib/queryClient";
import { onSessionCleared } from "./lib/session";
import { ToastProvider } from "./lib/ui/Toasts";
import { installOfflineMirror } from "./offline/installOfflineMirror";
import { createAppRouter } from "./router";
import "./styles/tokens.css";
import "./styles/base.css";

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Signing out forgets every player's cached data; public texts and the app config stay.
onSessionCleared(() => {
  queryClient.removeQueries({ predicate: (query) => query.meta?.keepOnSignOut !== true });
});

// The signed-in player's data is kept on the device for offline visits (and dropped on sign-out).
installOfflineMirror();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AudioProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AudioProvider>
    </QueryClientProvider>
  </StrictMode>,
);
