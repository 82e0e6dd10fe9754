// The page's entry: the styles of index.html's static loading screen (render-blocking, small),
// then the app itself. Evaluating the app's code is the longest task of a first visit; letting
// the browser paint the loading screen (the logo, the largest element) first means a slow phone
// shows the game at once instead of a blank page (issue 11, first load).
import "./styles/tokens.css";
import "./styles/base.css";
import "./lib/ui/Logo.css";
import "./lib/ui/LoadingScreen.css";
import { importWithoutErrorStacks, loadInStages, preloadModules } from "./lib/loadInStages";
import { readEarlyText } from "./lib/earlyText";
import { readPreloadPlan, startPageEarly } from "./lib/preloadPlan";
import { listenForInstallPrompt } from "./install/installPrompt";
import { isAgeGateAnswered } from "./features/auth/ageGateAnswer";
import { sendEarlySessionCheck } from "./lib/earlySessionCheck";
import { readRememberedUser } from "./lib/storedSession";
import { whenVisitorActs } from "./lib/whenVisitorActs";
import { afterNextFrame } from "./lib/afterNextFrame";
// Imported for its listeners: presses are tracked from the first task (main.tsx asks it).
import "./lib/pointerPress";

// The browser may offer installation before React mounts; keep that offer for the Install button.
listenForInstallPrompt();

// The libraries are evaluated one per task, each before the code that needs it: evaluating the
// whole module graph at once was one task of ~35 ms CPU (~140 ms on a 4x slower phone), the
// longest of start-up. All of them download in parallel (modulepreload, after the first paint as
// before, so the stylesheet and the logo have the network first); only evaluation waits.
let appStarted = false;
function startApp(): void {
  if (appStarted) return;
  appStarted = true;
  void loadInStages([
    () => import("react"),
    () => importWithoutErrorStacks(() => import("react-dom/client")),
    () => import("@tanstack/react-query"),
    () => import("@tanstack/react-router"),
    () => import("./main"),
  ]);
}

const plan = readPreloadPlan();
const earlyPage = startPageEarly(plan, location.pathname);
// A legal page draws its text as soon as it arrives, without waiting for the app's code, which is
// fetched and evaluated when the visitor acts (the text and the page's own code have the network
// first), or at once if the text could not be drawn (the app says why).
if (earlyPage) {
  const startAppNow = whenVisitorActs(() => {
    void preloadModules(plan.staged);
    startApp();
  });
  void Promise.all([readEarlyText(earlyPage.text), import("./features/legal/earlyLegalPage")]).then(
    ([text, view]) => {
      const root = document.getElementById("root");
      if (text !== null && root) view.showEarlyLegalPage(root, text);
      else startAppNow();
    },
    startAppNow,
  );
}

// A new visitor on / (no remembered player, the age gate not answered yet): the session check
// starts now, while the loading screen shows (SPEC.md section 2), and if nobody is signed in the
// age gate is drawn without React, whose code is evaluated when the visitor acts. Anyone else
// gets the app at once.
const sessionAnswer = location.pathname === "/" && !readRememberedUser() && !isAgeGateAnswered() ? sendEarlySessionCheck() : null;
// The gate's code and styles come alongside the check (a returning player never loads them).
const earlyGate = sessionAnswer ? import("./features/auth/earlyAgeGate") : null;

// After the first frame is painted: a requestAnimationFrame callback alone runs inside that frame,
// before its paint, and the preloads and the first stage made the frame showing the loading
// screen (the largest paint of start-up) one task of ~70 ms at 4x CPU instead of ~50.
afterNextFrame(() => {
  if (earlyPage) return;
  void preloadModules(plan.staged);
  if (!sessionAnswer) return startApp();
  Promise.all([sessionAnswer, earlyGate]).then(([answer, gate]) => {
    const root = document.getElementById("root");
    // Signed in, or a server in trouble: the app decides what to show.
    if (answer.status !== 401 || !root || !gate || appStarted) return startApp();
    void gate.showEarlyAgeGate(root, startApp);
  }, startApp);
});
