import { lazy, useEffect, useState } from "react";
import { nextIdle } from "../idle";
import { LazyPart } from "../ui/LazyPart";

// The service worker (and workbox-window) is registered once the first screen has settled: after
// the load event, a short wait and an idle moment. Its install downloads and stores the whole app
// (about 1.7 MB), and once it controls the page the art warm-up starts (useAssetWarmUp.ts); on a
// first visit, both used to share the phone's cores and network with the first screen's own
// start-up, which ran at twice the main-thread time in Lighthouse (issue 11, first load).
const UpdatePrompt = lazy(() => import("./UpdatePrompt").then((m) => ({ default: m.UpdatePrompt })));

/** After the load event: how long the first screen has the page to itself. */
const SETTLE_MS = 2000;
/** The idle moment after that comes at the latest after this long. */
const IDLE_WAIT_MS = 2000;

export function DeferredUpdatePrompt() {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onLoad = () => {
      timer = setTimeout(() => void nextIdle(IDLE_WAIT_MS).then(() => !cancelled && setSettled(true)), SETTLE_MS);
    };
    if (document.readyState === "complete") onLoad();
    else window.addEventListener("load", onLoad, { once: true });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener("load", onLoad);
    };
  }, []);
  if (!settled) return null;
  // Its chunk cannot load while the connection is down (on a first visit nothing is stored yet):
  // the game then goes on without it. The browser keeps a failed module import for the page's
  // life, so the update check (and the service worker) come with the next page load.
  return (
    <LazyPart>
      <UpdatePrompt />
    </LazyPart>
  );
}
