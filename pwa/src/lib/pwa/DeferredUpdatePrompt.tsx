import { lazy, Suspense, useEffect, useState } from "react";

// The service worker (and workbox-window) is registered once the page has loaded, so it never
// competes with the first paint for the network or the main thread (issue 11, first load).
const UpdatePrompt = lazy(() => import("./UpdatePrompt").then((m) => ({ default: m.UpdatePrompt })));

export function DeferredUpdatePrompt() {
  const [loaded, setLoaded] = useState(() => document.readyState === "complete");
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, [loaded]);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
